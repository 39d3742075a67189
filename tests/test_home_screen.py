"""The home screen says what each game is (its rounds, their length, its players, from the
engine's rules) and proposes the last game's players again, even after a restart."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest
from test_app import make_app, press, type_char
from test_navigator import _tap_button
from test_result_screen import _drawn_lines

from device.app import App
from device.intents import Action
from device.names import FILE
from engine import dice, paroles, pyramide, sloubi
from engine.rules import BOXED, RULE_SETS, RoundKind, Timer

DCDL = ("boxed", "tv", "club-duplicate", "club-match")
WORDS = {RoundKind.NUMBERS: "chiffres", RoundKind.LETTERS: "lettres"}


def _home_lines(app: App, key: str) -> str:
    """Everything the home screen writes once ``key`` (a game's button) is tapped."""
    _tap_button(app, key)
    lines = _drawn_lines(app)
    app.refresh()
    app.step()
    return "\n".join(lines)


@pytest.mark.parametrize("rules", DCDL)
def test_the_home_screen_says_how_many_rounds_and_how_long_each_lasts(
    tmp_path: Path, rules: str
) -> None:
    app, _ = make_app(tmp_path)
    app.step()
    shown = _home_lines(app, f"rules:{rules}")
    rule_set = RULE_SETS[rules]
    assert f"{len(rule_set.order)} manches" in shown
    for kind, word in WORDS.items():
        timer = rule_set.timers[kind]
        assert f"{timer.search:.0f} s {word}" in shown, (kind, shown)
        if timer.writing:
            assert f"+ {timer.writing:.0f} s" in shown, (kind, shown)
    low, high = rule_set.players
    assert (f"{low} à {min(high, 6)} joueurs" if low < high else f"{low} joueurs") in shown
    if rule_set.tie_rounds:
        assert "prolongation si égalité" in shown
    if RoundKind.DUEL in rule_set.order:
        assert "2 duels et 2 sprints" in shown
    app.close()


def test_the_home_screen_reads_the_rounds_and_their_length_from_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shorter = dataclasses.replace(
        BOXED,
        order=BOXED.order[:6],
        timers={RoundKind.NUMBERS: Timer(50), RoundKind.LETTERS: Timer(35)},
    )
    monkeypatch.setitem(RULE_SETS, "boxed", shorter)
    app, _ = make_app(tmp_path)
    app.step()
    shown = _home_lines(app, "rules:boxed")
    assert "6 manches · 50 s chiffres / 35 s lettres · 2 à 6 joueurs" in shown
    app.close()


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("family:dice", f"premier à {dice.TARGET} points"),
        ("family:paroles", f"premier à {paroles.TARGET} points"),
        ("family:pyramide", f"{pyramide.ENIGMAS} énigmes"),
        ("family:sloubi", f"{sloubi.ROUNDS} manches"),
    ],
)
def test_the_four_boxes_have_their_short_line_too(tmp_path: Path, key: str, said: str) -> None:
    app, _ = make_app(tmp_path)
    app.step()
    assert said in _home_lines(app, key)
    app.close()


def _names(app: App) -> list[str]:
    """The players' names on the home screen's buttons."""
    app.refresh()
    app.step()
    return [b.label for b in app.scene.buttons if b.key.startswith("name:")]


def _type_name(app: App, seat: int, name: str) -> None:
    _tap_button(app, f"name:{seat}")
    for char in name:
        type_char(app, char)
    press(app, Action.CONFIRM)


def test_the_last_game_s_names_are_proposed_again_after_a_restart(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    assert _names(app) == ["Joueur 1", "Joueur 2"]  # the first start: no names yet, no notice
    assert not app.notices.lines("accueil")
    _type_name(app, 0, "Zoé")
    _type_name(app, 1, "Hugo")
    typed = _names(app)
    press(app)  # the game starts
    assert app.scene.name != "accueil"
    app.close()
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".joueurs-")]
    assert not leftovers, "the atomic write left its temporary file behind"

    again, _ = make_app(tmp_path)  # the referee restarted
    assert _names(again) == typed
    assert not again.notices.lines("accueil")
    _tap_button(again, "name:1")  # Hugo's name cleared: the seat's default name
    press(again, Action.CONFIRM)
    assert _names(again) == [typed[0], "Joueur 2"]
    _tap_button(again, "more")
    _type_name(again, 2, "Lou")
    kept = _names(again)
    press(again)
    again.close()

    third, _ = make_app(tmp_path)
    assert _names(third) == kept
    third.close()


def test_a_rule_set_with_more_seats_takes_back_the_last_game_s_players(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text(json.dumps({"joueurs": ["Ana", "Bruno", "Chloé", "David"]}))
    app, _ = make_app(tmp_path)
    _tap_button(app, "rules:tv")
    assert _names(app) == ["Ana", "Bruno"]
    _tap_button(app, "family:pyramide")
    assert _names(app) == ["Ana", "Bruno", "Chloé", "David"]
    app.close()
    given, _ = make_app(tmp_path, players=["Léa", "Marc"])  # arbitre run --players Léa,Marc
    assert _names(given) == ["Léa", "Marc"]
    given.close()


@pytest.mark.parametrize(
    "content",
    [
        b'{"joueurs": ["Ana", "Bru',  # cut by a power cut of an older writer
        b"\xff\xfe\x00garbage",
        b'{"joueurs": [1, 2]}',
        b'{"joueurs": ["Ana", "Ana"]}',
        b'["Ana", "Bruno"]',
        b'{"joueurs": ["Ana", "' + b"x" * 40 + b'"]}',
    ],
)
def test_a_damaged_names_file_gives_the_default_names_and_a_french_notice(
    tmp_path: Path, content: bytes
) -> None:
    (tmp_path / FILE).write_bytes(content)
    app, _ = make_app(tmp_path)
    assert _names(app) == ["Joueur 1", "Joueur 2"]
    notices = app.notices.lines("accueil")
    assert any("noms des joueurs" in line.lower() and "défaut" in line for line in notices)
    press(app)  # a game starts: the file is written again, whole
    app.close()
    assert json.loads((tmp_path / FILE).read_text())["joueurs"] == ["Joueur 1", "Joueur 2"]
    again, _ = make_app(tmp_path)
    assert not again.notices.lines("accueil")
    again.close()


def test_a_names_file_that_is_a_folder_is_said_and_the_game_still_starts(tmp_path: Path) -> None:
    (tmp_path / FILE).mkdir()
    app, _ = make_app(tmp_path)
    assert _names(app) == ["Joueur 1", "Joueur 2"]
    assert any("noms des joueurs" in line.lower() for line in app.notices.lines("accueil"))
    press(app)
    assert app.session is not None, "the game starts all the same"
    app.close()


def test_the_resume_button_says_the_saved_game_s_rule_set_and_round_and_selects_it(
    tmp_path: Path,
) -> None:
    from engine.events import RoundClosed, TimerStarted
    from engine.session import Session

    app, clock = make_app(tmp_path, rules="tv")  # the last choice was another rule set
    session = Session.new(app.store, "club-match", ["Ana", "Bruno"], seed=5, clock=clock)
    for _ in range(4):  # four rounds played; the fifth's draw is on the holder
        session.do(session.random_draw())
        session.do(TimerStarted(clock.now))
        clock.now += 60
        session.tick()
        session.do(RoundClosed())
    app.close()
    again, _ = make_app(tmp_path, rules="tv")
    again.step()
    home = again.scene
    assert home.rules == "club-match", "the game to resume is the one shown chosen"  # type: ignore[attr-defined]
    resume = next(b for b in home.buttons if b.key == "resume")
    assert "Match" in resume.label
    lines = _drawn_lines(again)
    again.refresh()
    again.step()
    total = len(RULE_SETS["club-match"].order)
    assert any(f"manche 5 sur {total}" in line for line in lines), lines
    again.close()
