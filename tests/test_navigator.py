"""The navigator: the screen shown is the game's true point, also after a power cut.

The app is closed and reopened on the same data directory (what a power cut does to the
referee: the window and the memory are gone, the saved events stay), then the game is
resumed by a tap on "Reprendre", as a person would.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest
from test_app import FixedReader, make_app, press, settle, tap, time_up, type_char

from device.app import App
from device.cli import main
from device.intents import Action
from device.scenes.home import HomeScene
from engine import best
from engine.events import NumbersAnswered, NumbersDrawn, TimerStarted, TimerStopped
from engine.game import Phase
from engine.games import GAMES
from engine.session import Session
from tests.test_dcdl_text import _record

PLATES = ("3", "75", "2", "4", "1", "1")


def _sure_reader() -> FixedReader:
    reader = FixedReader("BAMERILANE", PLATES)
    reader.reads = 1  # a camera sure of every tile
    return reader


def _tap_button(app: App, key: str) -> None:
    app.step()  # drawn: the buttons are laid out
    button = next(b for b in app.scene.buttons if b.key == key)
    tap(app, *button.rect.center)


def _type(app: App, text: str) -> None:
    for char in text:
        type_char(app, char)


def _resume(tmp_path: Path) -> App:
    """Reopen the referee on the same data directory and tap "Reprendre"."""
    app, _ = make_app(tmp_path, _sure_reader())
    _tap_button(app, "resume")
    settle(app)
    return app


def test_a_game_cut_after_the_first_answer_resumes_asking_the_second_player(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path, _sure_reader())
    press(app)  # play
    press(app)  # the plates, the target
    press(app)  # the hourglass
    clock.now += 46
    time_up(app)
    assert app.scene.name == "reponses" and app.scene.state.endswith("reponse-1")
    _type(app, "75-1=")
    press(app, Action.CONFIRM)
    assert app.scene.state.endswith("reponse-2")
    _type(app, "75+3")  # player 2 is typing when the power goes
    app.close()

    resumed = _resume(tmp_path)
    assert resumed.scene.name == "reponses"
    assert resumed.scene.state.endswith("reponse-2"), "player 1's answer is saved"
    _type(resumed, "75+3")
    press(resumed, Action.CONFIRM)
    assert resumed.scene.name == "resultat"
    settle(resumed)
    drawn = _record(resumed)
    resumed.refresh()
    resumed.step()
    lines = [line for line, _ in drawn]
    assert "Le solveur cherche…" not in lines, "the best answers come after a resume"
    assert any(line.startswith(("Compte exact possible", "Au plus près")) for line in lines)
    resumed.close()


def test_a_game_cut_when_every_answer_is_saved_resumes_on_the_round_s_result(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path)
    session = Session.new(app.store, "boxed", ["Ana", "Bruno"], seed=3, clock=clock)
    for event in (
        NumbersDrawn((3, 75, 2, 4, 1, 1), 888),
        TimerStarted(clock.now),
        TimerStopped(clock.now + 45),
        NumbersAnswered("Ana", steps="75-1=74 4x3=12 74x12=888"),
        NumbersAnswered("Bruno", steps="75x4=300"),
    ):
        session.do(event)
    app.close()  # the power goes before the round is closed

    resumed = _resume(tmp_path)
    assert resumed.scene.name == "resultat", "nobody is asked again"
    assert resumed.session is not None
    played = resumed.session.dcdl.rounds[0]
    assert played.record is not None and played.record.points == {"Ana": 10, "Bruno": 0}
    resumed.step()
    assert resumed.scene.state.endswith("-solution"), "the best answers come after a resume"
    press(resumed)
    assert resumed.scene.name == "manche" and resumed.scene.state.startswith("manche02")
    resumed.close()


def test_a_game_cut_on_a_round_s_result_shows_it_again_then_the_next_round(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path, _sure_reader())
    press(app)
    press(app)
    press(app)
    clock.now += 46
    time_up(app)
    _tap_button(app, "nothing")
    _tap_button(app, "nothing")
    assert app.scene.name == "resultat"
    app.close()

    resumed = _resume(tmp_path)
    assert resumed.scene.state.startswith("manche01-resultat")
    press(resumed)
    assert resumed.scene.state.startswith("manche02-letters-draw")
    resumed.close()


def test_an_answer_taken_back_from_the_menu_is_asked_for_again(tmp_path: Path) -> None:
    app, clock = make_app(tmp_path, _sure_reader())
    press(app)
    press(app)
    press(app)
    clock.now += 46
    time_up(app)
    _type(app, "75-1=")
    press(app, Action.CONFIRM)
    assert app.scene.state.endswith("reponse-2")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0))
    app.step()
    assert app.scene.name == "menu"
    _tap_button(app, "undo")
    assert app.scene.name == "reponses"
    app.step()
    assert app.scene.state.endswith("reponse-1"), "player 1 answers again"
    app.close()


def test_the_best_answers_of_a_round_are_computed_once_for_the_screen_and_the_score(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path, _sure_reader())
    press(app)  # round 1, numbers: nobody finds anything
    press(app)
    press(app)
    clock.now += 46
    time_up(app)
    _tap_button(app, "nothing")
    _tap_button(app, "nothing")
    press(app)  # round 2, letters, typed on the keyboard
    before = best.computed()
    _type(app, "PLANCHETTE")
    press(app)  # the draw
    press(app)  # the hourglass
    clock.now += 31
    time_up(app)
    settle(app)
    _type(app, "PLANCHE")
    press(app, Action.CONFIRM)
    _tap_button(app, "nothing")
    settle(app)
    scene = app.scene
    assert scene.name == "resultat" and scene.state.endswith("-solution")
    assert best.computed() - before == 1, "one solve for the screen and the scoring"
    shown = getattr(scene, "best", None)
    assert shown is not None and shown.result is best.best_words("PLANCHETTE")
    app.close()


def test_the_demo_corrects_a_tile_the_camera_could_not_read_as_a_person_would(
    tmp_path: Path,
) -> None:
    reader = FixedReader("BAMERILANE", PLATES)  # the first letters photo has a "?"
    app, clock = make_app(tmp_path, reader, demo=True)
    for _ in range(400):
        clock.now += 0.5
        app.step()
        app.jobs.settle()
        session = app.session
        rounds = session.dcdl.rounds if session is not None else []
        if len(rounds) >= 2 and rounds[1].phase is not Phase.DRAW:
            break
    assert app.session is not None
    second = app.session.dcdl.rounds[1]
    assert second.letters == "BAMERILANE", "the B typed on the tile the camera missed"
    assert reader.reads == 1, "corrected, not photographed again"
    shots = [p.name for p in (tmp_path / "shots").iterdir()]
    assert any("letters-draw-correction" in name for name in shots)
    app.close()


def test_home_offers_every_rule_set_of_the_registry_it_has_screens_for(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    app.step()
    ready = ("boxed", "tv", "club-duplicate", "club-match", "club-match-final", "dice", "paroles")
    ready += ("pyramide", "pyramide-individuel")
    ready += ("sloubi", "sloubi-enfants")
    reached = set()
    for key in [b.key for b in app.scene.buttons if b.key.startswith(("rules:", "family:"))]:
        for _ in range(3):  # a box's button goes through its variants, tap after tap
            _tap_button(app, key)
            assert isinstance(app.scene, HomeScene)
            reached.add(app.scene.rules)
    assert reached == set(ready)
    _tap_button(app, "rules:club-match-final")
    press(app)
    assert app.session is not None and app.session.game.start.rules == "club-match-final"
    assert app.scene.name == "manche"
    app.close()


def _run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(args)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    return code, capsys.readouterr().err


def test_a_game_without_screens_yet_is_refused_in_one_french_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("device.games.FAMILIES_WITH_SCREENS", frozenset({"dcdl", "dice"}))
    code, err = _run_cli(["run", "--rules", "paroles"], capsys)
    assert code == 2
    assert err.count("\n") == 1 and "invalid choice" not in err
    assert "« Les paroles s'envolent » n'a pas encore ses écrans" in err
    assert "club-match-final" in err  # the playable ones are named, from the registry


def test_an_unknown_game_is_refused_naming_every_game_of_the_registry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, err = _run_cli(["run", "--rules", "belote"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert "jeu inconnu « belote »" in err
    for name in GAMES:
        assert name in err


def test_after_a_corrected_draw_is_refused_a_draw_typed_on_the_keyboard_is_taken(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path, FixedReader("KIOSQUE", PLATES))  # 7 tiles, one "?"
    press(app)
    press(app)
    press(app)
    clock.now += 46
    time_up(app)
    _tap_button(app, "nothing")
    _tap_button(app, "nothing")
    press(app)  # round 2, letters
    press(app)  # the photo: ?IOSQUE
    _tap_button(app, "tile:0")
    type_char(app, "k")
    press(app)  # KIOSQUE is no 10-letter draw: refused
    assert "buzzer pour relire" in (app.scene.message or "")
    _type(app, "bamerilane")
    press(app)
    assert app.session is not None
    assert app.session.dcdl.rounds[1].letters == "BAMERILANE"
    app.close()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--rotation", "45"], "--rotation « 45 » : attendu 0, 90, 180 ou 270"),
        (["--speed", "vite"], "--speed « vite » : attendu un nombre positif"),
        (["--speed", "inf"], "--speed « inf » : attendu un nombre positif"),
    ],
)
def test_a_bad_rotation_or_speed_is_refused_in_french(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = _run_cli(["run", *args], capsys)
    assert code == 2 and err.count("\n") == 1
    assert said in err and "invalid" not in err


def _f1(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0))
    app.step()


def test_a_wrong_entry_seen_on_the_result_is_corrected_from_the_menu(tmp_path: Path) -> None:
    app, clock = make_app(tmp_path, _sure_reader())
    press(app)
    press(app)
    press(app)
    clock.now += 46
    time_up(app)
    _type(app, "75-1=74,3x4=12,74x12=888")
    press(app, Action.CONFIRM)
    _type(app, "1+1=2")  # player 2's count was typed wrong
    press(app, Action.CONFIRM)
    assert app.scene.name == "resultat"
    assert app.session is not None
    judged = app.session.dcdl.rounds[0].judged_numbers
    assert judged["Joueur 2"].value == 2 != judged["Joueur 1"].value
    _f1(app)
    assert app.scene.name == "menu"
    _tap_button(app, "undo")  # two answers: the referee says whose
    _tap_button(app, "undo:Joueur 2")
    assert app.scene.name == "reponses" and app.scene.state == "manche01-reponse-2"
    _type(app, "75-1=74,3x4=12,74x12=888")
    press(app, Action.CONFIRM)
    assert app.scene.state.startswith("manche01-resultat"), "the corrected result is shown"
    judged = app.session.dcdl.rounds[0].judged_numbers
    assert judged["Joueur 2"] == judged["Joueur 1"]
    first = app.session.dcdl.scores["Joueur 1"]
    assert app.session.dcdl.scores == {"Joueur 1": first, "Joueur 2": first}
    press(app)
    assert app.scene.state.startswith("manche02-letters-draw")
    app.close()
    resumed = _resume(tmp_path)
    assert resumed.session is not None
    assert resumed.session.dcdl.scores == {"Joueur 1": first, "Joueur 2": first}
    resumed.close()


def _shown(app: App) -> list[str]:
    """The labels of the buttons on screen, once drawn."""
    app.step()
    return [b.label for b in app.scene.buttons]


def test_the_referee_takes_back_the_first_player_s_answer_not_only_the_last(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path, _sure_reader())
    press(app)
    press(app)
    press(app)
    clock.now += 46
    time_up(app)
    _type(app, "1+1=2")  # player 1's count was typed wrong
    press(app, Action.CONFIRM)
    _type(app, "75-1=74,3x4=12,74x12=888")
    press(app, Action.CONFIRM)
    assert app.scene.name == "resultat"
    _f1(app)
    assert "Annuler une réponse…" in _shown(app)
    _tap_button(app, "undo")
    assert _shown(app) == ["Revenir à la partie", *(f"Annuler la réponse de Joueur {n}"
                                                    for n in (1, 2))]  # fmt: skip
    _tap_button(app, "undo:Joueur 1")
    assert app.scene.name == "reponses" and app.scene.state == "manche01-reponse-1"
    _type(app, "75-1=74,3x4=12,74x12=888")
    press(app, Action.CONFIRM)
    assert app.scene.state.startswith("manche01-resultat"), "Joueur 2's answer was kept"
    assert app.session is not None
    judged = app.session.dcdl.rounds[0].judged_numbers
    assert judged["Joueur 1"] == judged["Joueur 2"] and judged["Joueur 1"].value != 2
    app.close()


def test_an_earlier_player_s_answer_taken_back_mid_round_gives_that_player_the_turn(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path, _sure_reader(), players=["Ana", "Bruno", "Chloé"])
    press(app)
    press(app)
    press(app)
    clock.now += 46
    time_up(app)
    _type(app, "1+1=2")  # Ana's count, typed wrong
    press(app, Action.CONFIRM)
    _type(app, "75-1=74")
    press(app, Action.CONFIRM)
    assert app.scene.state == "manche01-reponse-3", "Chloé's turn"
    _f1(app)
    _tap_button(app, "undo")
    _tap_button(app, "undo:Ana")
    assert app.scene.name == "reponses"
    app.step()
    assert app.scene.state == "manche01-reponse-1", "Ana answers again"
    _type(app, "75-1=74,3x4=12,74x12=888")
    press(app, Action.CONFIRM)
    assert app.scene.state == "manche01-reponse-3", "then Chloé, Bruno's answer kept"
    assert app.session is not None
    current = app.session.dcdl.current
    assert current is not None and current.numbers_answers["Bruno"].steps == "75-1=74"
    app.close()


def test_with_six_long_names_every_menu_entry_stays_a_finger_wide(tmp_path: Path) -> None:
    """Six players' "s'absente" entries, one a row, shrank every entry to 26 px; two a row,
    each entry keeps at least 44 px and its text inside it."""
    names = ["Anne-Sophie", "Bartholomé", "Christophe", "Dominique", "Éléonore", "Françoise"]
    app, _ = make_app(tmp_path, _sure_reader(), players=names)
    press(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0))
    app.step()
    assert app.scene.name == "menu"
    app.step()
    buttons = app.scene.buttons
    keys = [b.key for b in buttons]
    assert {f"away:{name}" for name in names} <= set(keys)
    assert {"back", "sheet", "undo", "quit"} <= set(keys)
    assert min(b.rect.height for b in buttons) >= 44
    screen = app.surface.get_rect()
    assert all(screen.contains(b.rect) for b in buttons)
    for a, b in itertools.combinations(buttons, 2):
        assert not a.rect.colliderect(b.rect), f"{a.key} overlaps {b.key}"
    _tap_button(app, f"away:{names[4]}")
    assert app.session is not None and names[4] in app.session.dcdl.absent
    app.close()
