"""The answers screen of a numbers round, driven by keys and taps as a referee would."""

from __future__ import annotations

from pathlib import Path

from test_app import FixedReader, make_app, press, settle, tap, time_up, type_char

from device.app import App
from device.intents import Action
from tests.test_dcdl_text import _record

PLATES = ("3", "75", "2", "4", "1", "1")


def _answers(tmp_path: Path) -> App:
    """A boxed game on its first round's answers (the plates 3 75 2 4 1 1)."""
    reader = FixedReader("BAMERILANE", PLATES)
    app, clock = make_app(tmp_path, reader)
    press(app)  # play
    press(app)  # the plates, the target
    press(app)  # the hourglass
    clock.now += 46
    time_up(app)
    assert app.scene.state == "manche01-reponse-1"
    return app


def _type(app: App, text: str) -> None:
    for char in text:
        type_char(app, char)


def _tap(app: App, key: str) -> None:
    app.step()
    button = next(b for b in app.scene.buttons if b.key == key)
    tap(app, *button.rect.center)


def _keypad(app: App) -> list[tuple[str, tuple[int, int, int, int]]]:
    app.step()
    return [(b.label, tuple(b.rect)) for b in app.scene.buttons if b.key.startswith("num:")]


def test_a_step_typed_with_its_result_is_taken_whole(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    _type(app, "75-1=74")
    press(app, Action.CONFIRM)
    assert app.scene.state == "manche01-reponse-2", "Valider is not blocked by '74 …'"
    assert app.session is not None
    assert app.session.dcdl.rounds[0].numbers_answers["Joueur 1"].steps == "75-1=74"
    app.close()


def test_a_claimed_result_goes_on_into_the_next_step(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    _type(app, "75-1=74x4=296")
    press(app, Action.CONFIRM)
    assert app.session is not None
    assert app.session.dcdl.rounds[0].numbers_answers["Joueur 1"].steps == "75-1=74 74x4=296"
    app.close()


def test_a_false_result_written_is_an_error_with_its_true_reason(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    _type(app, "75-1=70")
    press(app, Action.CONFIRM)
    assert app.scene.state == "manche01-reponse-2"
    _tap(app, "nothing")
    settle(app)
    assert app.scene.name == "resultat"
    assert app.session is not None
    played = app.session.dcdl.rounds[0]
    assert played.reasons["Joueur 1"] == "calcul faux : 75 − 1 = 74, pas 70"
    assert played.judged_numbers["Joueur 1"].error
    drawn = _record(app)
    app.refresh()
    app.step()
    lines = [line for line, _ in drawn]
    assert "calcul faux : 75 − 1 = 74, pas 70" in lines, "the reason is on the result screen"
    assert "+0" in lines
    app.close()


def test_the_false_result_is_said_at_once_and_not_taken_for_a_number(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    _type(app, "75-1=70x")
    scene = app.scene
    assert scene.numbers.problem == "calcul faux : 75 − 1 = 74, pas 70"  # type: ignore[attr-defined]
    assert scene.numbers.pending() == ""  # type: ignore[attr-defined]
    app.close()


def test_the_keypad_s_numbers_stay_in_their_places_after_each_pick(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    before = _keypad(app)
    assert [label for label, _ in before] == list(PLATES)
    _tap(app, "num:75")
    _tap(app, "op:-")
    _tap(app, "num:1")
    after = _keypad(app)
    assert after[:6] == before, "the plates did not move"
    assert after[6][0] == "74"
    app.close()


def test_steps_written_whole_are_separated_by_the_space_bar(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    _type(app, "75-1=74")
    press(app)  # the space bar
    _type(app, "3x4=12,74x12=888")
    press(app, Action.CONFIRM)
    assert app.session is not None
    steps = app.session.dcdl.rounds[0].numbers_answers["Joueur 1"].steps
    assert steps == "75-1=74 3x4=12 74x12=888"
    app.close()


def test_a_count_announced_that_its_steps_do_not_give_is_an_error(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    _type(app, "75-1=74")
    _tap(app, "announce")  # the player had said 75
    _tap(app, "digit:7")
    _tap(app, "digit:5")
    press(app, Action.CONFIRM)
    _tap(app, "nothing")
    settle(app)
    assert app.scene.name == "resultat"
    assert app.session is not None
    played = app.session.dcdl.rounds[0]
    assert played.numbers_answers["Joueur 1"].value == 75
    assert played.reasons["Joueur 1"] == "75 n'est pas obtenu par ces étapes"
    app.close()


def test_a_count_announced_is_typed_after_an_a_on_the_keyboard(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    _type(app, "75-1=74A74")
    press(app, Action.CONFIRM)
    assert app.session is not None
    answer = app.session.dcdl.rounds[0].numbers_answers["Joueur 1"]
    assert (answer.value, answer.steps) == (74, "75-1=74")
    app.close()


def test_a_number_tapped_after_a_step_typed_whole_starts_the_next_step(tmp_path: Path) -> None:
    app = _answers(tmp_path)
    _type(app, "75-1=74")
    _tap(app, "num:74")
    _tap(app, "op:*")
    _tap(app, "num:4")
    assert app.scene.numbers.steps == ["75-1=74", "74x4=296"]  # type: ignore[attr-defined]
    assert app.scene.numbers.pending() == ""  # type: ignore[attr-defined]
    app.close()
