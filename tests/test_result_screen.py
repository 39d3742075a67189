"""The result screen tells where every point came from, and what comes next."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
from test_app import FakeClock, make_app, tap

from device.app import App
from device.scenes.result import ResultScene
from engine.events import Event, RoundClosed, WordAnswered
from engine.session import Session
from engine.store import Store
from solver.words import longest


def _drawn_lines(app: object) -> list[str]:
    """Every line the theme draws from now on (the real drawing still runs)."""
    theme = app.theme  # type: ignore[attr-defined]
    lines: list[str] = []
    real = theme.text

    def text(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> object:
        lines.append(line)
        return real(surface, line, *args, **kwargs)

    theme.text = text
    return lines


def _letters_round_with_a_refused_word(folder: Path) -> str:
    """A boxed game of three played up to its first letters round without a 10-letter word,
    closed: Ana's word is refused (the whole draw backwards, no word), Bruno gives a
    longest word, Chloé nothing. Returns Ana's word."""
    clock = FakeClock()
    session = Session.new(Store(folder / "games.db"), "boxed", ["Ana", "Bruno", "Chloé"], 4, clock)
    while True:
        session.do(session.random_draw())
        session.start_timer()
        clock.now += 60
        session.stop_timer()
        current = session.game.current
        assert current is not None
        best = longest(current.letters).words[0] if current.letters else ""
        if 0 < len(best) < len(current.letters):
            refused = current.letters[::-1]  # ten letters, longer than any word here
            session.do(WordAnswered("Ana", refused))
            session.do(WordAnswered("Bruno", best))
            session.do(RoundClosed())
            session.store.close()
            return refused
        session.do(RoundClosed())


def test_points_earned_by_another_s_refused_word_say_so_on_the_result_screen(
    tmp_path: Path,
) -> None:
    refused = _letters_round_with_a_refused_word(tmp_path)
    app, _ = make_app(tmp_path, players=["Ana", "Bruno", "Chloé"])
    app.step()
    resume = next(b for b in app.scene.buttons if b.key == "resume")
    tap(app, *resume.rect.center)
    assert isinstance(app.scene, ResultScene)
    lines = _drawn_lines(app)
    app.refresh()
    app.step()
    assert app.session is not None
    record = app.session.game.rounds[app.scene.number - 1].record
    assert record is not None and record.notes, f"{refused}: the engine gave no note"
    for note in record.notes.values():
        assert note in lines, f"the note {note!r} is not on the screen"
    assert "Buzzer : manche suivante" in lines
    app.close()


def _resumed_on_answers(folder: Path, rounds_before: int, *last: Event) -> App:
    """A boxed game of two whose first ``rounds_before`` rounds were closed with no answer,
    the next drawn and timed, and ``last`` events saved in it; reopened after a cut and
    resumed by a tap, on its answers or its result."""
    from test_app import make_app as _make
    from test_navigator import _tap_button

    from engine.events import TimerStarted, TimerStopped

    app, clock = _make(folder)
    session = Session.new(app.store, "boxed", ["Ana", "Bruno"], seed=3, clock=clock)
    for number in range(rounds_before + 1):
        session.do(session.random_draw())
        session.do(TimerStarted(clock.now))
        clock.now += 45
        session.do(TimerStopped(clock.now))
        if number < rounds_before:
            session.do(RoundClosed())
    for event in last:
        session.do(event)
    app.close()
    resumed, _ = _make(folder)
    _tap_button(resumed, "resume")
    return resumed


def test_the_last_round_s_result_says_the_buzzer_ends_the_game_then_the_end_screen(
    tmp_path: Path,
) -> None:
    from test_app import press, settle
    from test_navigator import _tap_button

    from engine.rules import BOXED

    app = _resumed_on_answers(tmp_path, len(BOXED.order) - 1)
    _tap_button(app, "nothing")
    _tap_button(app, "nothing")
    settle(app)
    assert app.scene.name == "resultat"
    lines = _drawn_lines(app)
    app.refresh()
    app.step()
    assert "Buzzer : fin de la partie" in lines and "Buzzer : manche suivante" not in lines
    press(app)
    assert app.scene.name == "fin"
    app.close()


def test_a_solution_nobody_found_is_not_headed_le_compte_est_bon(tmp_path: Path) -> None:
    from test_app import settle
    from test_navigator import _tap_button

    app = _resumed_on_answers(tmp_path, 0)  # the first round, numbers: nobody answers
    _tap_button(app, "nothing")
    _tap_button(app, "nothing")
    settle(app)
    assert app.scene.name == "resultat"
    lines = _drawn_lines(app)
    app.refresh()
    app.step()
    headings = [line for line in lines if line.endswith(":")]
    assert not any(line.startswith("Le compte est bon") for line in headings), headings
    assert any(line.startswith(("Compte exact possible", "Au plus près")) for line in headings)
    app.close()


def test_on_the_end_screen_the_last_round_is_still_corrected_from_the_menu(
    tmp_path: Path,
) -> None:
    from test_app import press, settle, type_char
    from test_navigator import _f1, _tap_button

    from device.intents import Action
    from engine.rules import BOXED

    app = _resumed_on_answers(tmp_path, len(BOXED.order) - 1)  # the last round: letters
    assert app.session is not None
    letters = app.session.dcdl.rounds[-1].letters
    word = longest(letters).words[0]
    for char in word[:-1]:  # Ana's word typed one letter short
        type_char(app, char)
    press(app, Action.CONFIRM)
    _tap_button(app, "nothing")  # Bruno
    settle(app)
    press(app)  # "Buzzer : fin de la partie"
    assert app.scene.name == "fin"
    before = app.session.dcdl.scores["Ana"]
    _f1(app)
    assert app.scene.name == "menu"
    _tap_button(app, "undo")  # Ana's is the last answer: taken back at once
    assert app.scene.name == "reponses", "Ana is asked again"
    for char in word:
        type_char(app, char)
    press(app, Action.CONFIRM)
    _tap_button(app, "nothing")
    settle(app)
    assert app.scene.name == "resultat"
    assert app.session.dcdl.scores["Ana"] > before
    press(app)
    assert app.scene.name == "fin"
    app.close()


def test_a_count_short_of_the_target_says_how_far_beside_its_points(tmp_path: Path) -> None:
    """ "Closest result without reaching the target: 7 points": the result screen says how
    far each count fell short, so the 7 points of the nearer one and the 0 of the other are
    read there, as the referee would say them."""
    from test_app import FixedReader, press, settle, time_up, type_char

    from device.intents import Action

    app, clock = make_app(tmp_path, FixedReader("BAMERILANE", ("3", "75", "2", "4", "1", "1")))
    press(app)  # play
    press(app)  # the plates, the target
    press(app)  # the hourglass
    clock.now += 46
    time_up(app)
    target = app.session.dcdl.rounds[0].target  # type: ignore[union-attr]
    assert target is not None
    counts = {"75x4=300": 300, "75x3=225": 225, "75x2=150": 150, "75+3=78": 78, "75+4=79": 79}
    # The target is drawn at random: two counts may fall as far from it (150 and 78 from 114),
    # so the farther one is the first strictly farther than the nearest.
    ranked = sorted((s for s, v in counts.items() if v != target),
                    key=lambda s: abs(counts[s] - target))  # fmt: skip
    near = ranked[0]
    far = next(s for s in ranked if abs(counts[s] - target) > abs(counts[near] - target))
    for steps in (near, far):  # Joueur 1, then Joueur 2
        for char in steps:
            type_char(app, char)
        press(app, Action.CONFIRM)
    settle(app)
    assert isinstance(app.scene, ResultScene)
    lines = _drawn_lines(app)
    app.refresh()
    app.step()
    for player, steps in (("Joueur 1", near), ("Joueur 2", far)):
        value = counts[steps]
        assert f"{player} : {value} (à {abs(value - target)})" in lines, lines
    assert lines.count("+7") == 1 and lines.count("+0") == 1, lines
    app.close()


def test_a_long_press_of_the_buzzer_on_the_result_opens_the_menu_to_take_an_answer_back(
    tmp_path: Path,
) -> None:
    """Issue 22, point 4: the menu was ignored on the result screen. The big button held
    (what the GPIO thread posts) opens it there, and it offers the round's answer back."""
    from test_app import press, settle, type_char
    from test_navigator import _tap_button

    from device.intents import BUZZER_EVENT, Action

    app = _resumed_on_answers(tmp_path, 1)  # the second round: letters
    assert app.session is not None
    word = longest(app.session.dcdl.rounds[-1].letters).words[0]
    for char in word:
        type_char(app, char)
    press(app, Action.CONFIRM)  # Ana's word
    _tap_button(app, "nothing")  # Bruno's
    settle(app)
    assert app.scene.name == "resultat"
    pygame.event.post(pygame.event.Event(BUZZER_EVENT, action="held"))
    app.step()
    assert app.scene.name == "menu"
    _tap_button(app, "undo")  # Ana's is the round's only answer: taken back at once
    assert app.scene.name == "reponses"
    app.step()
    assert app.scene.state == "manche02-reponse-1", "Ana is asked again"
    app.close()
