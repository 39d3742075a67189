"""The referee app, headless: SDL's dummy drivers, gpiozero's mock pins, a fake clock."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from device.app import App, AppOptions
from device.intents import BUZZER_EVENT, Action, IntentMapper, Press, Tap
from device.reader import DrawReading, NoCamera
from device.scenes.answers import AnswersScene
from device.scenes.end import EndScene
from device.scenes.home import HomeScene
from device.scenes.result import ResultScene
from device.scenes.round import TIME_UP_SHOWN, RoundScene
from device.theme import UNSURE
from engine.game import Phase
from engine.session import Session
from hardware.config import HardwareConfig
from hardware.panel import open_panel


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class FixedReader:
    """A camera that always sees the same holder (a reading with an unsure tile first)."""

    def __init__(self, letters: str, plates: tuple[str, ...]) -> None:
        self.letters = letters
        self.plates = plates
        self.reads = 0

    def read_letters(self, composition: object = None) -> DrawReading:
        self.reads += 1
        values = tuple(self.letters)
        return DrawReading(("?", *values[1:]) if self.reads == 1 else values)

    def read_numbers(self) -> DrawReading:
        return DrawReading(self.plates)

    def close(self) -> None:
        pass


def make_app(tmp_path: Path, reader: object = None, **options: object) -> tuple[App, FakeClock]:
    clock = FakeClock()
    app = App(
        AppOptions(data_dir=tmp_path, screenshot_dir=tmp_path / "shots", **options),  # type: ignore[arg-type]
        reader or NoCamera(),  # type: ignore[arg-type]
        clock=clock,
    )
    return app, clock


KEYS = {Action.BUZZ: pygame.K_SPACE, Action.CONFIRM: pygame.K_RETURN}


def settle(app: App) -> None:
    """Let the worker thread finish (a photo read, a solve) and the app take its result."""
    app.jobs.settle()
    app.step()


def press(app: App, action: Action = Action.BUZZ) -> None:
    """Press a key as a USB keyboard would (a moment after the last), and let the app take it."""
    if isinstance(app.clock, FakeClock):
        app.clock.now += 0.5
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=KEYS[action], unicode=" ", mod=0))
    app.step()
    settle(app)


def time_up(app: App) -> None:
    """The hourglass has run out (the clock moved on): "Temps écoulé" shows for its moment,
    then the answers."""
    assert isinstance(app.clock, FakeClock)
    app.step()
    app.clock.now += TIME_UP_SHOWN
    app.step()


def tap(app: App, x: int, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))
    app.step()


def type_char(app: App, char: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, unicode=char, mod=0))
    app.step()


def _sample_word(folder: Path, values: tuple[str, ...]) -> str:
    """The word of the sample photo (``01-WORD.jpg``) that a reading with "?" can be."""
    for photo in sorted(folder.iterdir()):
        word = photo.stem.split("-", 1)[1]
        if len(word) != len(values):
            continue
        if all(v in ("?", w) for v, w in zip(values, word, strict=True)):
            return word
    raise AssertionError(f"no sample photo reads {values}")


def test_a_demo_game_plays_to_the_end_through_every_screen(tmp_path: Path) -> None:
    app, clock = make_app(tmp_path, demo=True, exit_after_game=True)
    for _ in range(20_000):
        if not app.running:
            break
        clock.now += 0.5
        app.step()
        app.jobs.settle()  # let the solver thread finish
    assert not app.running, "the demo game did not end"
    assert isinstance(app.scene, EndScene)
    shots = sorted(p.name for p in (tmp_path / "shots").iterdir())
    for needed in ("accueil", "numbers-draw", "numbers-running", "reponse-1", "reponse-2",
                   "resultat", "letters-running", "fin"):  # fmt: skip
        assert any(needed in name for name in shots), needed
    assert app.sounds.played.count("time_up") == 12
    assert app.sounds.played.count("beep") == 12 * 5
    app.close()


def test_home_offers_to_resume_only_the_games_it_has_screens_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("device.games.FAMILIES_WITH_SCREENS", frozenset({"dcdl"}))
    app, clock = make_app(tmp_path)
    dcdl = Session.new(app.store, "boxed", ["Ana", "Bruno"], seed=1, clock=clock)
    clock.now += 1
    Session.new(app.store, "paroles", ["Ana", "Bruno"], seed=1, clock=clock)  # newer
    home = HomeScene(app)
    assert home.resumable is not None and home.resumable.id == dcdl.game_id
    app.close()


def test_a_boxed_round_by_hand_with_an_unsure_tile_corrected(tmp_path: Path) -> None:
    reader = FixedReader("BAMERILANE", ("3", "75", "2", "4", "1", "1"))
    app, clock = make_app(tmp_path, reader)
    press(app)  # home: play
    assert isinstance(app.scene, RoundScene)
    press(app)  # read the plates and draw the target
    assert app.scene.current.phase is Phase.READY
    press(app)  # turn the hourglass
    clock.now += 46
    time_up(app)
    assert isinstance(app.scene, AnswersScene)
    for key in ["num:75", "op:-", "num:1", "num:74", "op:*", "num:3"]:
        app.scene.on_button(key)
    assert app.scene.numbers is not None and app.scene.numbers.value == 222
    app.scene.on_button("ok")
    app.scene.on_button("nothing")
    assert isinstance(app.scene, ResultScene)
    press(app)
    round_two = app.scene
    assert isinstance(round_two, RoundScene)
    press(app)  # the camera is unsure of the first tile
    assert round_two.reading is not None and round_two.reading.uncertain == {0}
    assert round_two.current.phase is Phase.DRAW
    press(app)
    assert "corriger" in (round_two.message or "")
    tap(app, *round_two.tile_boxes[0].center)
    type_char(app, "b")
    press(app)
    assert round_two.current.phase is Phase.READY and round_two.current.letters == "BAMERILANE"
    app.close()


class DoubtingReader(FixedReader):
    """A camera whose reader reads every tile surely but doubts the photo."""

    WARNING = "la table porte des marques qui ressemblent à des lettres : vérifiez le tirage"

    def read_numbers(self) -> DrawReading:
        return DrawReading(self.plates, (self.WARNING,))


def test_a_draw_read_surely_but_doubted_by_the_reader_waits_for_the_players(
    tmp_path: Path,
) -> None:
    """The reader's warning is on the screen, between the tiles and the buzzer's prompt,
    and the draw is the players' to validate (or to correct, or to photograph again)."""
    app, _ = make_app(tmp_path, DoubtingReader("BAMERILANE", ("3", "75", "2", "4", "1", "1")))
    press(app)  # home: play
    scene = app.scene
    assert isinstance(scene, RoundScene)
    press(app)  # the plates are read, every one surely
    assert scene.current.phase is Phase.DRAW
    assert scene.reading is not None and not scene.reading.uncertain
    app.step()
    h = app.surface.get_height()
    band = pygame.surfarray.pixels3d(app.surface)[:, int(h * 0.46) : int(h * 0.54)]
    orange = (
        (band[..., 0] > 230)
        & (abs(band[..., 1].astype(int) - UNSURE[1]) < 30)
        & (band[..., 2] < 110)
    )
    assert orange.sum() > 200  # the warning's letters
    del band
    press(app)  # the buzzer validates the draw
    assert scene.current.phase is Phase.READY
    assert scene.current.plates == (3, 75, 2, 4, 1, 1)
    app.close()


def test_the_letters_keyboard_only_types_letters_of_the_draw(tmp_path: Path) -> None:
    reader = FixedReader("BAMERILANE", ("3", "75", "2", "4", "1", "1"))
    app, _clock = make_app(tmp_path, reader)
    session_scene = app.scene
    assert isinstance(session_scene, HomeScene)
    session_scene.start()
    assert app.session is not None
    app.session.do(app.session.random_draw())
    app.session.start_timer()
    app.session.stop_timer()
    from engine.events import RoundClosed

    app.session.do(RoundClosed())
    app.session.do(app.session.random_draw().__class__("BAMERILANE"))  # type: ignore[call-arg]
    app.session.start_timer()
    app.session.stop_timer()
    scene = AnswersScene(app)
    for char in "MALINEZ":
        scene.on_typed(char)
    assert scene.word is not None and scene.word.word == "MALINE"
    assert scene.message == "pas de Z libre dans le tirage"
    app.close()


def test_touch_is_handled_once_and_rotated_with_the_screen() -> None:
    mapper = IntentMapper((800, 480))
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.25, finger_id=0, touch_id=0)
    copy = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 120), button=1, touch=True)
    assert mapper.map(finger) == Tap(400, 120)
    assert mapper.map(copy) is None
    turned = IntentMapper((480, 800), rotation=90)
    assert turned.map(finger) == Tap(360, 400)


def test_the_gpio_buzzer_drives_the_app_like_the_space_bar(tmp_path: Path) -> None:
    factory = MockFactory(pin_class=MockPWMPin)
    panel = open_panel(HardwareConfig(), pin_factory=factory)
    clock = FakeClock()
    panel.button.clock = clock
    app = App(AppOptions(data_dir=tmp_path), NoCamera(), panel, clock=clock)
    pin = factory.pin(17)
    pin.drive_low()
    clock.now += 0.2
    pin.drive_high()
    app.step()
    assert isinstance(app.scene, RoundScene), "a short press starts the game"
    clock.now += 0.5
    pin.drive_low()
    clock.now += 1.5
    app.step()  # the loop polls the button: a long press...
    app.step()  # ...reaches the UI thread as an event: the menu opens
    assert app.scene.name == "menu"
    pin.drive_high()
    app.close()


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_every_screen_size_draws(tmp_path: Path, size: tuple[int, int]) -> None:
    app, _ = make_app(tmp_path, size=size)
    app.step()
    assert app.surface.get_size() == size
    app.close()


def test_a_buzzer_event_posted_from_another_thread_is_a_buzz() -> None:
    mapper = IntentMapper((800, 480))
    assert mapper.map(pygame.event.Event(BUZZER_EVENT, action="press")) == Press(Action.BUZZ)
    assert mapper.map(pygame.event.Event(BUZZER_EVENT, action="held")) == Press(Action.MENU)


def test_two_buttons_pressed_together_are_one_action(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0)
    pygame.event.post(space)
    pygame.event.post(pygame.event.Event(BUZZER_EVENT, action="press"))
    app.step()
    assert isinstance(app.scene, RoundScene)
    assert app.scene.current.phase is Phase.DRAW, "the second press did not read the draw"
    app.close()


def test_a_camera_that_fails_falls_back_to_a_draw_made_by_the_device(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path, NoCamera("caméra débranchée"))
    press(app)
    press(app)
    assert isinstance(app.scene, RoundScene)
    assert app.scene.current.phase is Phase.READY
    assert "caméra débranchée" in (app.scene.message or "")
    app.close()


def test_a_word_that_is_not_french_is_refused_with_its_reason(tmp_path: Path) -> None:
    reader = FixedReader("BAMERILANE", ("3", "75", "2", "4", "1", "1"))
    reader.reads = 1  # a camera sure of every tile
    app, clock = make_app(tmp_path, reader)
    press(app)
    for _ in range(2):
        press(app)
    clock.now += 46
    time_up(app)
    app.scene.on_button("nothing")
    app.scene.on_button("nothing")
    press(app)  # round 2, letters
    for _ in range(2):
        press(app)
    clock.now += 31
    time_up(app)
    scene = app.scene
    assert isinstance(scene, AnswersScene)
    for char in "BALMERINAE":
        scene.on_typed(char)
    scene.submit()
    scene.on_button("nothing")
    assert isinstance(app.scene, ResultScene)
    assert app.scene.played.reasons["Joueur 1"]
    app.step()
    app.close()


def test_the_simulated_camera_reads_the_bundled_sample_photos(tmp_path: Path) -> None:
    from device.reader import SampleReader
    from vision.samples import samples

    app, _ = make_app(tmp_path, SampleReader())
    press(app)  # play
    press(app)  # the first numbers photo
    scene = app.scene
    assert isinstance(scene, RoundScene)
    assert scene.current.plates == tuple(int(v) for v in samples("numbers")[0].values)
    assert scene.current.phase is Phase.READY
    app.close()


def test_a_whole_boxed_game_through_the_event_loop_with_the_mock_button(tmp_path: Path) -> None:
    """The chain of the issue: the mock GPIO button is pressed, the sample photos are read,
    the timer runs on a fake clock, answers are entered, the scores and the winner appear;
    the screenshots are read back by Tesseract for their key words."""
    import pytesseract
    from PIL import Image

    from device.reader import CameraReader
    from vision.camera import FolderCamera
    from vision.samples import SAMPLES

    factory = MockFactory(pin_class=MockPWMPin)
    panel = open_panel(HardwareConfig(), pin_factory=factory)
    clock = FakeClock()
    panel.button.clock = clock
    reader = CameraReader(FolderCamera(SAMPLES / "letters"), FolderCamera(SAMPLES / "numbers"))
    shots = tmp_path / "shots"
    app = App(AppOptions(data_dir=tmp_path, screenshot_dir=shots), reader, panel, clock=clock)
    pin = factory.pin(17)

    def buzz() -> None:
        clock.now += 0.5
        pin.drive_low()
        clock.now += 0.1
        pin.drive_high()
        app.step()
        settle(app)

    app.step()  # the home screen
    buzz()  # a new game
    for _ in range(200):
        scene = app.scene
        if isinstance(scene, EndScene):
            break
        if isinstance(scene, AnswersScene):
            if scene.index == 1:  # the second player finds nothing
                scene.on_button("nothing")
            elif scene.numbers is not None:
                plates = sorted(scene.current.plates, reverse=True)
                for key in (f"num:{plates[0]}", "op:+", f"num:{plates[1]}"):
                    scene.on_button(key)
            elif scene.word is not None:
                scene.word.tap(0)
                scene.word.tap(1)
            if scene is app.scene and scene.index == 0:
                scene.on_button("ok")
            app.step()
            settle(app)
            continue
        if isinstance(scene, RoundScene) and scene.current.phase is Phase.RUNNING:
            clock.now += 50
            app.step()
            continue
        reading = scene.reading if isinstance(scene, RoundScene) else None
        if reading is not None and reading.uncertain:
            # A tile the camera was unsure of: the players type what the tile says (the
            # sample photo's name).
            word = _sample_word(SAMPLES / "letters", reading.values)
            for index in sorted(reading.uncertain):
                tap(app, *scene.tile_boxes[index].center)
                type_char(app, word[index].lower())
        buzz()
    assert isinstance(app.scene, EndScene)
    app.step()
    assert app.session is not None and app.session.game.over
    assert sum(app.session.game.scores.values()) > 0
    names = sorted(p.name for p in shots.iterdir())
    assert any("reponse" in n for n in names) and names[-1].endswith("fin.png")
    words = {
        "accueil": "Duplicate",
        "numbers-running": "Manche",
        "resultat": "Buzzer",
        "fin": "gagne",
    }
    for part, word in words.items():
        shot = next(shots / n for n in names if part in n)
        text = pytesseract.image_to_string(Image.open(shot))
        assert word in text, (shot.name, text)
    app.close()


def test_an_unreadable_photo_makes_the_device_draw_instead(tmp_path: Path) -> None:
    import cv2
    import numpy as np

    from device.reader import CameraReader
    from vision.camera import FolderCamera

    photos = tmp_path / "photos"
    photos.mkdir()
    cv2.imwrite(str(photos / "table.jpg"), np.full((480, 640, 3), 200, dtype=np.uint8))
    app, _ = make_app(tmp_path, CameraReader(FolderCamera(photos)))
    press(app)
    press(app)
    scene = app.scene
    assert isinstance(scene, RoundScene)
    assert scene.current.phase is Phase.READY and len(scene.current.plates) == 6
    assert "tirage fait par l'arbitre" in (scene.message or "")
    app.close()


def test_a_draw_can_be_typed_and_the_photo_retaken(tmp_path: Path) -> None:
    reader = FixedReader("BAMERILANE", ("3", "75", "2", "4", "1", "1"))
    app, _ = make_app(tmp_path, reader)
    press(app)  # play: round 1 is numbers
    scene = app.scene
    assert isinstance(scene, RoundScene)
    for char in "3,100,8,8,10,6":
        type_char(app, char)
    assert scene.reading is not None and scene.reading.values == ("3", "100", "8", "8", "10", "6")
    app.step()
    scene.on_button("retake")  # the camera after all
    settle(app)
    assert scene.current.phase is Phase.READY and scene.current.plates == (3, 75, 2, 4, 1, 1)
    app.close()


def test_a_tv_demo_plays_duels_and_the_sprint_to_the_end(tmp_path: Path) -> None:
    app, clock = make_app(tmp_path, rules="tv", demo=True, exit_after_game=True)
    for _ in range(20_000):
        if not app.running:
            break
        clock.now += 0.5
        app.step()
        app.jobs.settle()
    assert isinstance(app.scene, EndScene)
    shots = [p.name for p in (tmp_path / "shots").iterdir()]
    assert any("duel-calcul" in name for name in shots)
    assert any("sprint-sprint" in name for name in shots)
    app.close()


def test_an_app_closed_leaves_no_file_open(tmp_path: Path) -> None:
    # Fonts freed after pygame.quit() kept their files: nine an app, piled up by a test run.
    def files() -> list[str]:
        names = []
        for fd in Path("/proc/self/fd").iterdir():
            with contextlib.suppress(OSError):
                names.append(os.readlink(fd))
        return sorted(names)

    app, _ = make_app(tmp_path / "first")
    app.step()
    app.close()
    before = files()
    app, _ = make_app(tmp_path / "second")
    app.step()
    app.close()
    assert [f for f in files() if f.endswith(".ttf")] == [f for f in before if f.endswith(".ttf")]
