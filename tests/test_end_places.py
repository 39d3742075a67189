"""The end screen's places (issue 22.8): a tie is ranked the same place, as the title says
"Égalité"; where the rules break a tie (the club duplicate's criteria, then the lot) the screen
ranks as they do and says how the tie was broken. Each game is
played to its end through the engine, then resumed on the screen as after a power cut."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.scenes.end import EndScene
from engine.events import NumbersAnswered, RoundClosed
from engine.session import Session
from engine.store import Store
from tests.test_app import FakeClock, make_app, press, tap
from tests.test_dcdl_text import _record
from tests.test_round_moments import pass_round


def _play_to_the_end(folder: Path, rules: str, players: list[str], first: list[str]) -> None:
    """A game played up to its last round, where only the ``first`` players answer, in the
    first numbers round, all with the same plate as their count (so they score alike), and
    nobody else ever."""
    clock = FakeClock()
    session = Session.new(Store(folder / "games.db"), rules, players, 5, clock)
    answered = False
    for _ in range(len(session.dcdl.rules.order) - 1):
        session.do(session.random_draw())
        session.start_timer()
        clock.now += 30
        current = session.dcdl.current
        assert current is not None
        if current.plates and not answered:
            for player in first:
                plate = current.plates[0]
                session.do(NumbersAnswered(player, plate, f"{plate}", at=clock.now))
            answered = True
        clock.now += 30
        session.stop_timer()
        session.do(RoundClosed())
    session.store.close()


def _end_screen(folder: Path, rules: str, players: list[str]) -> list[str]:
    """The game saved in ``folder`` resumed on the screen, its last round played there
    (nobody finds anything): the lines of its end screen."""
    app, _ = make_app(folder, rules=rules, players=players, voice=False)
    app.step()
    resume = next(b for b in app.scene.buttons if b.key == "resume")
    tap(app, *resume.rect.center)
    press(app)  # the last round's result, seen again
    pass_round(app)
    assert isinstance(app.scene, EndScene)
    drawn = _record(app)
    app.refresh()
    app.step()
    app.close()
    return [line for line, _ in drawn]


def test_a_boxed_tie_shares_first_place_and_the_next_player_is_third(tmp_path: Path) -> None:
    players = ["Ana", "Bruno", "Chloé"]
    _play_to_the_end(tmp_path, "boxed", players, first=["Ana", "Bruno"])
    lines = _end_screen(tmp_path, "boxed", players)
    assert "Égalité : Ana et Bruno" in lines
    assert "1. Ana" in lines and "1. Bruno" in lines and "3. Chloé" in lines, lines
    assert "2. Bruno" not in lines


def test_a_boxed_game_nobody_scored_is_a_tie_of_all(tmp_path: Path) -> None:
    players = ["Ana", "Bruno"]
    _play_to_the_end(tmp_path, "boxed", players, first=[])
    lines = _end_screen(tmp_path, "boxed", players)
    assert "Égalité : Ana et Bruno" in lines and "1. Ana" in lines and "1. Bruno" in lines


def test_a_duplicate_tie_on_everything_is_broken_by_lot(tmp_path: Path) -> None:
    """ "En cas d'égalité parfaite les joueurs seront départagés au premier coup non topé,
    puis s'il y a encore égalité par tirage au sort": a duplicate nobody scored in has one
    winner, drawn by lot, and the screen says so."""
    players = ["Ana", "Bruno", "Chloé"]
    _play_to_the_end(tmp_path, "club-duplicate", players, first=[])
    lines = _end_screen(tmp_path, "club-duplicate", players)
    winners = [line for line in lines if line.endswith(" gagne !")]
    assert len(winners) == 1 and not any(line.startswith("Égalité :") for line in lines), lines
    places = sorted(line.split(".")[0] for line in lines if line[:2] in ("1.", "2.", "3."))
    assert places == ["1", "2", "3"], lines
    assert any("tirage au sort" in line for line in lines), lines


def test_a_club_match_won_by_one_point_says_1_pt_on_the_end_screen(tmp_path: Path) -> None:
    """ "Le joueur ayant un meilleur résultat que son adversaire marque 1 point": a match
    won by a single draw ends "1 pt" against "0 pt" (was "1 pts")."""
    players = ["Ana", "Bruno"]
    _play_to_the_end(tmp_path, "club-match", players, first=["Ana"])
    lines = _end_screen(tmp_path, "club-match", players)
    assert "Ana gagne !" in lines, lines
    assert {"1 pt", "0 pt"} <= set(lines) and not any(line.endswith(" pts") for line in lines)
