"""The learned dice reader: behaviours on dice styles it never trained on (issue 23)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from vision import dice_learned
from vision.dice import read_dice
from vision.dice_centres import working
from vision.dice_learned import NO_DICE, candidates, read_learned, seen_dice
from vision.dice_render import (
    CLASSES,
    CONSONANTS,
    D20_SCHEMES,
    SPLITS,
    TABLE_KINDS,
    VOWELS,
    DrawnDie,
    _glyph,
    dice_scene,
    families,
    random_faces,
    random_style,
    split_of,
    table,
)
from vision.glyphs import TRAINING_FONTS
from vision.reading import NothingFound
from vision.render import DICE_DESIGNS, LETTER_DESIGNS, design_held_out
from vision.synthetic import TABLES, dice_photo, first_dice_scene


def _right(values: tuple[str | int, ...], faces: str) -> int:
    """Dice read right: the consonants as a set, the vowel in its place."""
    wanted = Counter(faces[:3])
    right = 0
    for letter in values[:3]:
        if wanted[str(letter)] > 0:
            wanted[str(letter)] -= 1
            right += 1
    return right + (len(faces) == 4 and len(values) == 4 and values[3] == faces[3])


def test_no_family_is_in_training_and_in_the_figures() -> None:
    train, held = set(families("train")), set(families("held-out"))
    assert train and held
    assert not {d for d, _ in train} & {d for d, _ in held}, "a font design in both"
    assert not {s for _, s in train} & {s for _, s in held}, "a die colour in both"
    assert all(split_of(d, s) == "held-out" for d, s in held)
    assert all(design_held_out(d) for d, _ in held)
    rng = np.random.default_rng(0)
    tables = {random_style(rng, "train").table for _ in range(300)}
    assert tables < set(TABLE_KINDS), "training sees some tables only"
    assert set(D20_SCHEMES) > {s for _, s in train}


def test_the_dice_network_trains_on_the_letters_trained_designs_and_not_the_figures() -> None:
    """The dice classifier's training and threshold add the letters' trained designs
    (more designs, fewer misreads on designs never seen, docs/vision.md): in trained
    colours for training, in held-out colours for the threshold. The figures' designs stay
    out of both, and the die finder trains on the dice's own designs only."""
    train, calibration = set(families("train", True)), set(families("calibration", True))
    assert set(families("train")) < train and set(families("calibration")) < calibration
    added = {d for d, _ in train - set(families("train"))}
    assert added and added <= set(LETTER_DESIGNS)
    assert not any(design_held_out(d) for d in added)
    assert {s for d, s in calibration if d in added} == {s for _, s in families("held-out")}
    assert not {s for d, s in train if d in added} & {s for _, s in families("held-out")}
    figures = {d for split in ("held-out", "fresh") for d, _ in families(split)}
    assert not figures & {d for d, _ in train | calibration}


def test_the_unseen_designs_are_neither_trained_on_nor_the_figures_own() -> None:
    """The split where choices about designs the dice network never saw are made (the
    letters' held-out designs): none of its designs is trained on by any dice network or
    measured by the dice's figures, its colours are held out."""
    unseen = set(families("unseen"))
    designs = {d for d, _ in unseen}
    assert len(designs) >= 5 and designs <= set(LETTER_DESIGNS)
    trained = families("train", True) + families("calibration", True)
    assert not designs & {d for d, _ in trained}
    assert not designs & {d for split in ("held-out", "fresh") for d, _ in families(split)}
    assert all(design_held_out(d) for d in designs)
    assert {s for _, s in unseen} == {s for _, s in families("held-out")}
    rng = np.random.default_rng(1)
    fonts = {random_style(rng, "unseen").font.stem for _ in range(40)}
    assert len(fonts) > 5, "the unseen designs' own fonts are drawn"


def test_the_fresh_designs_are_in_no_other_split() -> None:
    """The dice's own designs: no network trained on them and no choice was made on them,
    in held-out colours."""
    fresh = {d for d, _ in families("fresh")}
    assert len(fresh) >= 10 and fresh <= set(DICE_DESIGNS)
    others = {d for split in SPLITS if split != "fresh" for d, _ in families(split)}
    assert not fresh & others
    assert {s for _, s in families("fresh")} == {s for _, s in families("held-out")}
    rng = np.random.default_rng(3)
    fonts = {random_style(rng, "fresh").font.stem for _ in range(40)}
    assert len(fonts) > 5, "the fresh designs' own fonts are drawn"


def test_the_network_tells_the_up_letter_of_a_die_style_never_trained_on_at_any_angle() -> None:
    """One die of a held-out family, spun at random and seen a little off overhead:
    the network's most confident die is its up letter (sure or not), not a leaning
    face's letter, nearly every time."""
    rng = np.random.default_rng(2300)
    right = 0
    for _ in range(12):
        face = str(rng.choice(list(CONSONANTS + VOWELS)))
        style = random_style(rng, "held-out")
        photo, _ = dice_scene(face, rng, style, (400, 300), (0.1, 0.14))
        seen = seen_dice(working(photo))
        right += bool(seen) and seen[0].letter == face
    assert right >= 10, right


def _held_out_photos() -> list[tuple[np.ndarray, str]]:
    rng = np.random.default_rng(2301)
    shots = []
    for _ in range(6):
        faces = random_faces(rng, True)
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        shots.append((photo, faces))
    return shots


def test_dice_of_styles_never_trained_on_are_mostly_read() -> None:
    """Photos of dice in held-out font designs and colours (three d20 and the vowel
    cube, small or large in the frame): a floor under today's share read right (about
    84% on the bench; issue 23 asks 95%, docs/vision.md)."""
    right = sum(
        _right(read_dice(photo, vowel_die=True).values, faces)
        for photo, faces in _held_out_photos()
    )
    assert right >= 12, right


def test_dice_of_styles_never_trained_on_are_never_misread() -> None:
    """The same photos: a die the classifier does not read is "?", never another
    letter."""
    silent = 0
    for photo, faces in _held_out_photos():
        values = read_learned(photo, vowel_die=True).values
        assert len(values) == 4
        silent += 4 - _right(values, faces) - list(values).count("?")
    assert silent == 0, "the classifier's sure readings are right"


def test_the_game_without_the_vowel_die_gives_three_consonants() -> None:
    rng = np.random.default_rng(2302)
    for _ in range(3):
        faces = random_faces(rng, False)
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        values = read_learned(photo, vowel_die=False).values
        assert len(values) == 3
        assert all(v == "?" or v in CONSONANTS for v in values)
        assert _right(values, faces) == 3 - values.count("?"), "no silent misread"


@pytest.mark.parametrize("kind", TABLE_KINDS)
def test_a_photo_without_dice_says_so(kind: str) -> None:
    rng = np.random.default_rng(len(kind))
    photo = np.clip(table(rng, kind, (800, 600)), 0, 255).astype(np.uint8)
    with pytest.raises(NothingFound, match=NO_DICE):
        read_dice(photo)


def test_a_vowel_die_is_never_read_as_a_consonant_die() -> None:
    """Classes of the two kinds of dice are apart: a vowel die read is the fourth value."""
    rng = np.random.default_rng(2303)
    faces = "".join(rng.choice(list(CONSONANTS), 3)) + str(rng.choice(list(VOWELS)))
    photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
    values = read_learned(photo, vowel_die=True).values
    assert len(values) == 4
    assert all(v == "?" or v in CONSONANTS for v in values[:3])
    assert values[3] == "?" or values[3] in VOWELS


def test_where_the_finder_sees_a_die_its_leaning_faces_are_not_read_as_its_up_letter() -> None:
    """Held-out families, 40 photos (three d20 and, one in two, the vowel cube): with the
    die finder's centres only the windows on each die's up face are read as it, and over
    85% of the dice are read surely and right (130 of 138 with the network trained on
    120,000 windows; about 55% when the finder was first wired), none wrong. (Grouping
    the windows without the finder, a leaning face's letter looked as up as the up one,
    the two letters rivals, and under a third of the dice were read: 27-30%.)"""
    rng = np.random.default_rng(2310)
    dice = right = silent = 0
    for _ in range(40):
        faces = random_faces(rng, bool(rng.random() < 0.5))
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        values = read_learned(photo, vowel_die=len(faces) == 4).values
        dice += len(faces)
        right += _right(values, faces)
        silent += len(values) - _right(values, faces) - list(values).count("?")
    assert silent == 0
    assert right >= 0.85 * dice, (right, dice)


def test_the_first_generators_dice_as_drawn_are_where_its_photo_shows_their_up_letters() -> None:
    """The classifier trains on the first generator's photos too: its dice as drawn
    (up letter's centre and height, through the camera's view) must be where the photo
    shows them, and recording them must not change a seeded photo (the bench and the
    tests read those)."""
    for seed, faces, size in (
        (0, "LMR", (500, 375)),
        (1, "BKW*", (1024, 768)),
        (2, "QZDE", (800, 600)),
    ):
        font, kind = TRAINING_FONTS[seed], TABLES[seed]
        photo, drawn = first_dice_scene(faces, np.random.default_rng(seed), font, kind, size)
        assert np.array_equal(
            photo, dice_photo(faces, np.random.default_rng(seed), font, kind, size)
        )
        assert sorted(d.face for d in drawn) == sorted(faces)
        boxes = candidates(working(photo))
        for die in drawn:
            assert 0 < die.size < die.radius < 0.15 * size[0]
            near = [
                max(w, h) / die.size
                for x, y, w, h in boxes
                if np.hypot(x + w / 2 - die.centre[0], y + h / 2 - die.centre[1]) < 0.3 * die.size
            ]
            assert any(0.6 <= r <= 1.6 for r in near), (seed, die.face, near)


def test_a_training_die_may_show_its_letter_on_the_other_solid() -> None:
    """Training may draw a consonant on the cube and a vowel on a d20, so that the
    network reads the letter and not the die's shape (``bench/vision_train_dice.py
    --swapped-shapes``): such a die is drawn the size of its solid, its up letter where
    the photo shows it; told the game's own shapes, a scene is the game's, pixel for
    pixel (the seeded photos of the bench and the tests never change)."""
    style = random_style(np.random.default_rng(4), "train")
    game, game_dice = dice_scene("BA", np.random.default_rng(5), style)
    told, _ = dice_scene("BA", np.random.default_rng(5), style, cubes=[False, True])
    assert np.array_equal(game, told)
    assert game_dice[0].radius > game_dice[1].radius, "the vowel cube is the smaller die"
    photo, drawn = dice_scene("BA", np.random.default_rng(5), style, cubes=[True, False])
    assert [d.face for d in drawn] == ["B", "A"]
    assert drawn[0].radius < drawn[1].radius, "the B is on the cube, the A on a d20"
    boxes = candidates(working(photo))
    for die in drawn:
        near = [
            max(w, h) / die.size
            for x, y, w, h in boxes
            if np.hypot(x + w / 2 - die.centre[0], y + h / 2 - die.centre[1]) < 0.3 * die.size
        ]
        assert any(0.6 <= r <= 1.6 for r in near), (die.face, near)


def test_a_training_die_may_show_its_letters_narrower_wider_bolder_or_lighter() -> None:
    """Training may draw a design's letters narrower or wider, bolder or lighter than
    designed (``bench/vision_train_dice.py --letter-shapes``), so that a player's dice
    in a design never trained on are less strange to the network; a style drawn as
    designed is the game's, pixel for pixel (the seeded photos of the bench and the
    tests never change)."""
    style = random_style(np.random.default_rng(4), "train")
    game, _ = dice_scene("BO", np.random.default_rng(5), style)
    told, _ = dice_scene("BO", np.random.default_rng(5), replace(style, stretch=1, weight=0))
    assert np.array_equal(game, told)
    wider, _ = dice_scene("BO", np.random.default_rng(5), replace(style, stretch=1.4))
    assert not np.array_equal(game, wider)
    as_designed = _glyph("O", style.font, 60)
    narrow, wide = _glyph("O", style.font, 60, 0.65), _glyph("O", style.font, 60, 1.4)
    assert narrow.shape[0] == wide.shape[0] == as_designed.shape[0] == 60
    assert narrow.shape[1] / as_designed.shape[1] == pytest.approx(0.65, abs=0.05)
    assert wide.shape[1] / as_designed.shape[1] == pytest.approx(1.4, abs=0.05)
    ink = [int(_glyph("O", style.font, 60, 1, w).sum()) for w in (-0.025, 0.0, 0.05)]
    assert ink[0] < ink[1] < ink[2], "lighter, as designed, bolder"


def test_the_o_of_a_condensed_design_never_trained_on_is_seldom_read_u() -> None:
    """A condensed design no dice network trained on (DIN, of the fresh split: an O about
    half as wide as tall, as narrow as Bebas Neue's): condensed Os, narrow rings, were
    surely read U on two dice in five before the training drew letters that narrow, about
    one in nine since (docs/vision.md); the bound leaves room. Their consonants are seldom
    misread either."""
    from vision.render import design_fonts

    condensed = design_fonts(dice=True)["DIN"]
    rng = np.random.default_rng(2330)
    o_read_u = consonants_misread = 0
    for i in range(24):
        style = replace(random_style(rng, "fresh"), font=condensed[i % len(condensed)])
        faces = "".join(rng.choice(list(CONSONANTS), 3)) + "O"
        values = read_learned(dice_scene(faces, rng, style)[0], vowel_die=True).values
        o_read_u += values[3] == "U"
        consonants_misread += 3 - _right(values[:3], faces[:3]) - list(values[:3]).count("?")
    assert o_read_u <= 6, o_read_u
    assert consonants_misread <= 2, consonants_misread


def test_a_die_found_is_read_even_where_its_up_letter_is_no_piece_of_ink_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A wide letter printed large touches its face's edges and is one piece of ink with
    them: no window is cut around it. Where the die finder sees a die, windows centred on
    it are read: with no piece of ink found at all, dice of held-out families are still
    read, and every die read surely is read right."""
    monkeypatch.setattr(dice_learned, "candidates", lambda gray, tuning=None: [])
    rng = np.random.default_rng(2311)
    dice = right = sure = 0
    for _ in range(6):
        faces = random_faces(rng, True)
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        seen = dice_learned.picked(seen_dice(working(photo)), vowel_die=True)
        assert all(d.found for d in seen)
        wanted = Counter(faces)
        for die in seen:
            if die.sure:
                sure += 1
                assert wanted[die.letter] > 0, (faces, die.letter)
            right += wanted[die.letter] > 0
            wanted[die.letter] -= 1
        dice += len(faces)
    assert right >= 0.75 * dice and sure >= 0.5 * dice, (right, sure, dice)


def _seen(letter: str, sure: bool, found: bool, x: int) -> dice_learned.SeenDie:
    return dice_learned.SeenDie(letter, 0.9 if sure else 0.1, sure, (x, 50, 20, 20), found=found)


@pytest.mark.parametrize(
    ("fourth", "read"),
    [
        (_seen("M", sure=False, found=False, x=400), ("B", "C", "D", "A")),
        (_seen("M", sure=True, found=False, x=400), ("?", "?", "?", "A")),
        (_seen("M", sure=False, found=True, x=400), ("B", "C", "D", "A")),
    ],
    ids=["a doubtful mark on the table", "a sure fourth letter", "a doubtful fourth die found"],
)
def test_a_fourth_consonant_read_surely_makes_the_three_unsure(
    monkeypatch: pytest.MonkeyPatch, fourth: dice_learned.SeenDie, read: tuple[str, ...]
) -> None:
    """The game has three d20. A fourth letter read surely leaves which three are the
    game's a guess: the three are "?". A letter the network doubts, off every die found,
    is a mark on the table: the three dice found are read. On a die found beside three
    sure ones (a vein the die finder took for a die, the vowel cube misread), the three
    stand and the reader says a fourth was seen."""
    three = [_seen(c, True, True, x) for c, x in (("B", 100), ("C", 200), ("D", 300))]
    vowel = _seen("A", sure=True, found=True, x=500)
    monkeypatch.setattr(
        dice_learned, "seen_dice", lambda gray, net, finder=None: [*three, vowel, fourth]
    )
    reading = read_learned(np.zeros((300, 600), np.uint8), vowel_die=True)
    assert reading.values == read
    assert (dice_learned.TOO_MANY in reading.warnings) == (read[0] == "?")
    assert (dice_learned.DOUBTFUL_FOURTH in reading.warnings) == (fourth.found and not fourth.sure)


def test_a_doubtful_fourth_die_beside_a_doubtful_d20_leaves_the_three_a_guess(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two d20 sure, one doubted and a fourth die found doubted: which three are the
    game's is a guess, and a guess is no reading."""
    dice = [
        _seen("B", True, True, 100),
        _seen("C", False, True, 200),
        _seen("D", True, True, 300),
        _seen("A", sure=True, found=True, x=500),
        _seen("M", sure=False, found=True, x=400),
    ]
    monkeypatch.setattr(dice_learned, "seen_dice", lambda gray, net, finder=None: dice)
    reading = read_learned(np.zeros((300, 600), np.uint8), vowel_die=True)
    assert reading.values[:3] == ("?", "?", "?")
    assert dice_learned.TOO_MANY in reading.warnings


def test_four_consonant_dice_thrown_leave_which_three_are_the_games_a_guess() -> None:
    """Four d20 and the vowel cube of a held-out family on the table: the consonants
    are all "?" and the reader says why, or, where it doubts one of the four, the three
    it is sure of stand and it says a fourth die was seen; the vowel die is still read."""
    rng = np.random.default_rng(2312)
    for _ in range(4):
        faces = "".join(rng.choice(list(CONSONANTS), 4, replace=False)) + "A"
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        reading = read_learned(photo, vowel_die=True)
        assert reading.values[3] in ("A", "?")
        if dice_learned.DOUBTFUL_FOURTH in reading.warnings:
            assert set(reading.values[:3]) <= set(faces[:4])
        else:
            assert reading.values[:3] == ("?", "?", "?")
            assert dice_learned.TOO_MANY in reading.warnings


def _letter_box(die: DrawnDie, scale: float) -> tuple[int, int, int, int]:
    """A drawn die's up letter's square box in the working photo (``scale`` times the
    drawn one)."""
    side = die.size * scale
    x, y = die.centre[0] * scale - side / 2, die.centre[1] * scale - side / 2
    return (round(x), round(y), round(side), round(side))


def test_a_d20s_top_is_found_on_designs_never_trained_on() -> None:
    """A d20's letter stands on an edge of its triangular face, its top towards the
    opposite corner: the top finder says where that corner is, within a few degrees,
    on designs no network trained on (the fresh split), whichever way the die lies."""
    rng = np.random.default_rng(2340)
    net = dice_learned.dice_net()
    errors = []
    for _ in range(8):
        photo, drawn = dice_scene(random_faces(rng, False), rng, random_style(rng, "fresh"))
        gray = working(photo)
        scale = gray.shape[1] / photo.shape[1]
        for die in drawn:
            box = _letter_box(die, scale)
            found = float(net.tops(dice_learned.window(gray, box)[None])[0])
            errors.append(abs((found - die.top_angle + 60) % 120 - 60))
    assert len(errors) == 24
    assert max(errors) < 10, sorted(errors)[-3:]


def test_an_m_and_a_w_of_designs_never_trained_on_are_surer_read_upright() -> None:
    """An M is a W upside down: read at any angle, the network doubts them on designs it
    never saw (docs/vision.md: M was "?" on a fifth of its dice). Turned so that the
    letter's top points up (the corner of its face the top finder finds), each is its
    own letter: read right every time, and surer than at any angle."""
    net = dice_learned.dice_net()
    rng = np.random.default_rng(2360)
    surer = 0
    for i in range(12):
        face = "MW"[i % 2]
        photo, drawn = dice_scene(face, rng, random_style(rng, "fresh"), (400, 300), (0.1, 0.14))
        gray = working(photo)
        box = _letter_box(drawn[0], gray.shape[1] / photo.shape[1])
        _, quarters = net.read(dice_learned.window(gray, box)[None])
        any_angle = net.views(gray, box, quarters[0])[:, CLASSES.index(face)]
        upright = net.upright(gray, box)
        assert upright is not None, "the upright networks are committed"
        letter, probability = dice_learned._likeliest(upright, dice_learned._CONSONANT_CLASSES)
        assert CLASSES[letter] == face
        surer += probability > dice_learned._letter_probability(any_angle)
    assert surer >= 10, surer


@pytest.mark.parametrize("towards_top", [True, False])
def test_the_benchs_camera_off_overhead_narrows_the_far_side_only(towards_top: bool) -> None:
    """``bench/vision_dice.py --tilt``: the far side of the table is seen the share
    narrower at each end, the near side as it was, the photo keeping its size."""
    from bench.vision_dice import tilted

    photo = np.repeat(np.tile(np.arange(200, dtype=np.uint8), (100, 1))[..., None], 3, axis=2)
    out = tilted(photo, 0.2, towards_top)
    assert out.shape == photo.shape
    near, far = (99, 10) if towards_top else (0, 89)
    assert np.abs(out[near, :, 0].astype(int) - np.arange(200)).max() <= 1
    # The far side spans the middle 60% of the width: its left end is the table's.
    assert out[far, 41, 0] < 5 and out[far, 158, 0] > 194 and abs(int(out[far, 100, 0]) - 100) <= 1
    assert np.array_equal(tilted(photo, 0.0), photo)
