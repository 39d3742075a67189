"""The sample photos, the first draws a newcomer meets (``arbitre run --simulate``,
``make run``, ``arbitre run --demo``): every one is a draw the rule set it is offered to
accepts, and the readers read it right."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path

import pytest
from test_app import make_app

from device.reader import DrawReading, SampleReader
from engine.letters import DRAW_LENGTH, FRENCH_TILES, check_letters, vowel_count
from engine.rules import RULE_SETS, Composition, RoundKind, RuleSet
from solver.plates import check_plates
from solver.words import longest
from vision.camera import load_photo
from vision.dice import read_dice
from vision.letters import read_letters
from vision.plates import read_numbers
from vision.reading import Reading
from vision.samples import Kind, Sample, samples

LETTERS = samples("letters")
DCDL = list(RULE_SETS.values())
READERS = {"letters": read_letters, "numbers": read_numbers, "dice": read_dice}

#: A "good long word": what a newcomer's first draw should let a player find.
LONG_WORD = 8


def _composition(sample: Sample) -> Composition:
    vowels = vowel_count("".join(sample.values))
    return Composition(len(sample.values) - vowels, vowels)


@pytest.mark.parametrize("sample", LETTERS, ids=lambda s: s.photo.stem)
def test_every_letters_sample_is_a_ten_letter_draw_of_the_bag_with_a_long_word(
    sample: Sample,
) -> None:
    letters = "".join(sample.values)
    assert check_letters(letters, min_vowels=2) == letters
    assert all(n <= FRENCH_TILES[letter] for letter, n in Counter(letters).items())
    assert longest(letters).best_length >= LONG_WORD


@pytest.mark.parametrize("rules", [r for r in DCDL if r.letter_compositions], ids=lambda r: r.name)
def test_the_letters_samples_hold_every_composition_the_club_deals(rules: RuleSet) -> None:
    assert set(rules.letter_compositions) <= {_composition(s) for s in LETTERS}


def test_every_numbers_sample_is_a_legal_draw() -> None:
    for sample in samples("numbers"):
        plates = tuple(int(v) for v in sample.values)
        assert check_plates(plates) == plates


@pytest.mark.parametrize(
    "sample",
    [s for kind in READERS for s in samples(kind)],  # type: ignore[arg-type]
    ids=lambda s: f"{s.photo.parent.name}/{s.photo.stem}",
)
def test_every_sample_photo_is_read_as_what_it_shows_without_a_doubt(sample: Sample) -> None:
    kind: Kind = sample.photo.parent.name  # type: ignore[assignment]
    reading: Reading = READERS[kind](load_photo(sample.photo))
    assert tuple(str(v) for v in reading.values) == sample.values
    assert reading.uncertain == () and reading.warnings == ()


def _asked(rules: RuleSet) -> list[Composition | None]:
    """Every letters draw the rule set asks for: its compositions, or a free draw."""
    return list(dict.fromkeys(rules.letter_compositions)) or [None]


@pytest.mark.parametrize("rules", DCDL, ids=lambda r: r.name)
def test_the_simulated_camera_gives_each_rule_set_letters_it_accepts(rules: RuleSet) -> None:
    reader = SampleReader()
    for composition in _asked(rules) * 2:  # twice round: the turn goes on, still right
        reading = reader.read_letters(composition)
        assert not reading.uncertain
        letters = "".join(reading.values)
        assert check_letters(letters, rules.min_vowels, composition) == letters
    reader.close()


def test_the_simulated_camera_takes_the_samples_in_turn_for_free_draws() -> None:
    reader = SampleReader()
    seen = ["".join(reader.read_letters().values) for _ in LETTERS]
    assert seen == ["".join(s.values) for s in LETTERS]
    reader.close()


class CountingReader(SampleReader):
    """The simulated camera, counting the photos of letters it is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.photos = 0

    def read_letters(self, composition: Composition | None = None) -> DrawReading:
        self.photos += 1
        return super().read_letters(composition)


@pytest.mark.parametrize("rules", ["boxed", "tv", "club-duplicate", "club-match"])
def test_the_demo_on_the_simulated_camera_has_each_letters_draw_at_the_first_photo(
    tmp_path: Path, rules: str
) -> None:
    reader = CountingReader()
    app, clock = make_app(tmp_path, reader, rules=rules, demo=True)
    drawn: list[str] = []
    for _ in range(20_000):
        clock.now += 0.5
        app.step()
        app.jobs.settle()
        game = app.session.game if app.session is not None else None
        if game is None:
            continue
        drawn = [r.letters for r in game.rounds if r.kind is RoundKind.LETTERS and r.letters]
        if len(drawn) >= len(LETTERS) + 1:
            break
    assert len(drawn) >= len(LETTERS) + 1, "the demo did not get its draws"
    assert reader.photos == len(drawn), "a photo was refused and retaken"
    names = {"".join(s.values) for s in LETTERS}
    assert set(drawn) <= names and len(drawn[0]) == DRAW_LENGTH
    app.close()


class HeldReader(SampleReader):
    """The simulated camera on a busy device: its first photo, still showing another
    composition's tiles (the holder not yet refilled), is read until the test lets it end."""

    def __init__(self) -> None:
        super().__init__()
        self.photos = 0
        self.held = threading.Event()

    def read_letters(self, composition: Composition | None = None) -> DrawReading:
        self.photos += 1
        if self.photos > 1:
            return super().read_letters(composition)
        self.held.wait(timeout=60)
        return DrawReading(next(s for s in LETTERS if _composition(s) != composition).values)


def test_the_demo_waits_for_a_slow_reading_then_retakes_a_refused_photo(
    tmp_path: Path,
) -> None:
    # `arbitre run --demo --speed 20` acts every 75 ms of real time, less than a reading
    # takes on a busy machine: the demo counted each turn as a photo taken, so a refused
    # photo was never retaken: the demo typed a draw of its own at once.
    reader = HeldReader()
    app, clock = make_app(tmp_path, reader, rules="club-match", demo=True)
    for _ in range(120):  # a minute of the app's clock: dozens of the demo's turns
        clock.now += 0.5
        app.step()
    assert reader.photos == 1
    reader.held.set()
    for _ in range(40):
        clock.now += 0.5
        app.step()
        app.jobs.settle()
    assert app.session is not None
    first = app.session.game.rounds[0]
    assert first.kind is RoundKind.LETTERS and first.composition is not None
    fitting = {"".join(s.values) for s in LETTERS if _composition(s) == first.composition}
    assert reader.photos == 2 and first.letters in fitting
    app.close()
