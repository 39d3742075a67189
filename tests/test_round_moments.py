"""The moments of a DCDL round as the players live them (issue 22, points 7 and 9): the
number to find stays the largest thing on the screen while the hourglass runs; in club play
the search and the writing are two countdowns with a signal between; when the hourglass
runs out, "Temps écoulé" shows with its call before the answers are taken.

Each round is driven as at the table, by the buzzer (Space) and taps on the screen; the
clock is the tests' fake clock, every line the screen draws is measured, and the sounds are
read back from pygame's mixer (SDL's dummy audio device), as played."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from device.app import App
from device.scenes.answers import AnswersScene
from device.scenes.result import ResultScene
from device.scenes.round import RoundScene
from engine.game import Phase
from engine.rules import CLUB_DUPLICATE, CLUB_MATCH, RoundKind, Timer
from hardware.sound import TIME_UP, WRITING, Note
from tests.test_app import FakeClock, make_app, press, tap
from tests.test_dcdl_text import LONG, _record

READABLE_AT_A_METRE = 0.25
"""The target's line at least a quarter of the screen's height: 120 px on the 7-inch
800x480 panel, digits about 15 mm high, where the usual rule (a 25 mm letter per 3 m)
asks 8 mm at a metre."""


def tap_button(app: App, key: str) -> None:
    button = next(b for b in app.scene.buttons if b.key == key)
    tap(app, *button.rect.center)


def pass_round(app: App) -> None:
    """A round through the buzzer and the screen: the draw read (the device draws), the
    hourglass turned and stopped early, "Rien" for every player, the result seen."""
    assert isinstance(app.scene, RoundScene)
    for _ in range(3):
        press(app)
    while isinstance(app.scene, AnswersScene):
        tap_button(app, "nothing")
    assert isinstance(app.scene, ResultScene)
    press(app)


def start_round(app: App, kind: RoundKind) -> RoundScene:
    """From the home screen, rounds passed until one of ``kind``; its draw read and its
    hourglass turned."""
    press(app)  # home: a new game
    while app.scene.current.kind is not kind:  # type: ignore[attr-defined]
        pass_round(app)
    press(app)  # the draw
    press(app)  # the hourglass
    scene = app.scene
    assert isinstance(scene, RoundScene) and scene.current.phase is Phase.RUNNING
    return scene


def frame(app: App) -> list[tuple[str, pygame.Rect]]:
    """One turn of the app at the clock's time, with every line it drew."""
    drawn = _record(app)
    app.refresh()
    app.step()
    return drawn


def playing(tune: tuple[Note, ...]) -> bool:
    """Whether the speakers are playing a sound as long as ``tune`` (what the mixer got)."""
    length = sum(duration for _, duration in tune)
    for channel in range(pygame.mixer.get_num_channels()):
        sound = pygame.mixer.Channel(channel).get_sound()
        if sound is not None and abs(sound.get_length() - length) < 0.01:
            return True
    return False


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        ("boxed", 2),
        ("boxed", 6),
        ("tv", 2),
        ("club-duplicate", 2),
        ("club-duplicate", 6),
        ("club-match", 2),
    ],
)
def test_the_target_is_the_largest_text_on_screen_for_the_whole_countdown(
    tmp_path: Path, rules: str, players: int
) -> None:
    app, clock = make_app(tmp_path, rules=rules, players=LONG[:players], voice=False)
    scene = start_round(app, RoundKind.NUMBERS)
    target = str(scene.current.target)
    frames = 0
    while True:
        drawn = frame(app)
        if app.scene is not scene or scene.current.phase is not Phase.RUNNING:
            break
        frames += 1
        tallest = max(drawn, key=lambda item: item[1].height)
        at = f"{rules}, {players} players, {clock.now - scene.current.started_at:.1f} s"
        assert tallest[0] == target, f"{at}: {tallest[0]!r} is larger than the target"
        others = [rect.height for line, rect in drawn if (line, rect) != tallest]
        assert max(others) < tallest[1].height, f"{at}: a line as large as the target"
        assert tallest[1].height >= READABLE_AT_A_METRE * 480, f"{at}: {tallest[1]}"
        assert pygame.Rect(0, 0, 800, 480).contains(tallest[1]), at
        clock.now += 0.5
    assert frames >= 2 * scene.hourglass.total - 2, "the whole countdown was looked at"
    app.close()


def test_when_the_hourglass_runs_out_temps_ecoule_shows_and_sounds_before_the_answers(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path)  # the voice on, as by default
    scene = start_round(app, RoundKind.NUMBERS)
    for _ in range(44):
        clock.now += 1
        app.step()
    assert scene.current.phase is Phase.RUNNING
    clock.now += 1  # the boxed game's 45 s are over
    drawn = frame(app)
    assert app.scene is scene and scene.state.endswith("-temps-ecoule")
    tallest = max(drawn, key=lambda item: item[1].height)
    assert tallest[0] == "Temps écoulé" and tallest[1].height >= 0.2 * 480
    assert playing(TIME_UP), "the time-up call reached the speakers"
    assert app.sounds.played[-2:] == ["time_up", "say:Temps écoulé"]
    clock.now += 2.5
    app.step()
    assert isinstance(app.scene, RoundScene), "the answers wait for the moment to end"
    clock.now += 0.5
    app.step()
    assert isinstance(app.scene, AnswersScene)
    voice = app.sounds.voice
    if voice.available:  # espeak-ng (a system package) says it too
        assert voice.idle(30) and voice.spoken[-1] == "Temps écoulé", voice.spoken
    app.close()


def test_with_the_voice_off_time_up_still_sounds_and_the_buzzer_goes_to_the_answers(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path, voice=False)  # arbitre run --no-voice
    scene = start_round(app, RoundKind.LETTERS)
    clock.now += 31
    app.step()
    assert scene.state.endswith("-temps-ecoule") and playing(TIME_UP)
    press(app)
    assert isinstance(app.scene, AnswersScene)
    assert app.sounds.voice.idle(1) and app.sounds.voice.spoken == []
    app.close()


@pytest.mark.parametrize(("kind", "writing"), [(RoundKind.NUMBERS, 15), (RoundKind.LETTERS, 10)])
def test_club_rounds_give_40_seconds_of_search_then_the_writing_time_as_its_own_phase(
    tmp_path: Path, kind: RoundKind, writing: int
) -> None:
    """ "40 secondes pour la recherche plus 15 secondes pour l'écriture" (numbers), "plus 10
    secondes" (letters): two countdowns, each titled, the change signalled by a sound."""
    assert CLUB_DUPLICATE.timers[kind] == CLUB_MATCH.timers[kind] == Timer(40, writing)
    app, clock = make_app(tmp_path, rules="club-duplicate", voice=False)
    scene = start_round(app, kind)
    started = scene.current.started_at
    assert started is not None

    def lines_at(seconds: float) -> list[str]:
        clock.now = started + seconds
        return [line for line, _ in frame(app)]

    lines = lines_at(0.5)
    assert "Recherche" in lines and "40" in lines and "Écriture" not in lines
    lines = lines_at(39.5)
    assert "Recherche" in lines and "1" in lines and "writing" not in app.sounds.played
    lines = lines_at(40)
    assert "Écriture" in lines and str(writing) in lines and "Recherche" not in lines
    assert app.sounds.played.count("writing") == 1 and playing(WRITING)
    lines = lines_at(40 + writing - 0.5)
    assert "Écriture" in lines and "1" in lines and scene.current.phase is Phase.RUNNING
    lines_at(40 + writing)
    assert scene.state.endswith("-temps-ecoule") and app.sounds.played.count("writing") == 1
    app.close()


def _tied_club_match(folder: Path) -> None:
    """A club match whose 20 regular draws nobody scored: 0-0, the extension comes."""
    from engine.events import RoundClosed
    from engine.session import Session
    from engine.store import Store

    clock = FakeClock()
    session = Session.new(Store(folder / "games.db"), "club-match", ["Ana", "Bruno"], 3, clock)
    for _ in range(20):
        session.do(session.random_draw())
        session.start_timer()
        clock.now += 60
        session.stop_timer()
        session.do(RoundClosed())
    session.store.close()


def _header(app: App) -> list[str]:
    return [line for line, rect in frame(app) if rect.top < 60]


def test_a_tied_club_match_plays_prolongation_then_sudden_death_with_shorter_searches(
    tmp_path: Path,
) -> None:
    """ "Une prolongation de 2 coups (1C-1L)", then "mort subite (avec réduction progressive
    du temps)": the rounds are titled so, not "Manche 21/20", and each sudden-death draw
    has 10 s less search (30 s, then 20 s) and the same writing time."""
    _tied_club_match(tmp_path)
    app, clock = make_app(tmp_path, rules="club-match", players=["Ana", "Bruno"], voice=False)
    app.step()
    tap_button(app, "resume")
    press(app)  # the 20th draw's result, seen again
    for kind in ("Le compte", "Le mot"):  # 1C-1L (the kind may be cut with "…")
        header = _header(app)
        assert header[0] == "Prolongation" and header[1].startswith(kind), header
        assert not any("21" in line or "22" in line for line in header), header
        pass_round(app)
    for search in (30, 20):
        scene = app.scene
        assert isinstance(scene, RoundScene)
        assert _header(app)[0] == "Mort subite"
        press(app)  # the draw
        writing = CLUB_MATCH.timers[scene.current.kind].writing
        ready = f"Buzzer : retourner le sablier ({search} s + {writing:.0f} s)"
        assert ready in [line for line, _ in frame(app)]
        press(app)  # the hourglass
        started = scene.current.started_at
        assert started is not None
        clock.now = started + 0.5
        lines = [line for line, _ in frame(app)]
        assert "Recherche" in lines and str(search) in lines, lines
        clock.now = started + search
        lines = [line for line, _ in frame(app)]
        assert "Écriture" in lines and str(int(writing)) in lines, lines
        clock.now = started + search + writing
        app.step()
        press(app)  # "Temps écoulé" seen
        while isinstance(app.scene, AnswersScene):
            tap_button(app, "nothing")
        press(app)  # the result seen: still tied, the next draw
    app.close()


def test_on_the_pi_the_piezo_sounds_the_writing_time_and_the_end(tmp_path: Path) -> None:
    """The same moments on the Pi's piezo (gpiozero's mock PWM pin): the note it sounds."""
    import time

    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from device.options import AppOptions
    from device.reader import NoCamera
    from hardware.config import HardwareConfig
    from hardware.panel import open_panel

    panel = open_panel(HardwareConfig(), pin_factory=MockFactory(pin_class=MockPWMPin))
    clock = FakeClock()
    panel.button.clock = clock
    options = AppOptions(rules="club-duplicate", data_dir=tmp_path, voice=False)
    app = App(options, NoCamera(), panel, clock=clock)  # type: ignore[arg-type]

    def sounding(frequency: float) -> bool:
        waited = time.monotonic() + 2
        while time.monotonic() < waited:  # the piezo's tune plays in its own thread
            if panel.piezo.frequency == pytest.approx(frequency, rel=0.01):
                return True
            time.sleep(0.005)
        return False

    scene = start_round(app, RoundKind.LETTERS)
    assert scene.current.started_at is not None
    clock.now = scene.current.started_at + 40
    app.step()
    assert sounding(WRITING[0][0] or 0), "the writing time's call"
    clock.now += 10
    app.step()
    assert scene.state.endswith("-temps-ecoule") and sounding(TIME_UP[0][0] or 0)
    app.close()
