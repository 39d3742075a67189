"""The players' record over saved games: a shared first place is no win."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.events import RoundClosed, WordAnswered
from engine.history import player_histories
from engine.session import Session
from engine.store import Store
from solver.words import longest


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def play_to_the_end(session: Session, *best_word_for: str) -> None:
    """Every round drawn and timed; each of ``best_word_for`` gives a longest word in the
    letters rounds (the same one)."""
    while not session.game.over:
        session.do(session.random_draw())
        session.start_timer()
        session.clock.now += 60  # type: ignore[attr-defined]
        session.stop_timer()
        current = session.game.current
        assert current is not None
        if current.letters and best_word_for:
            word = longest(current.letters).words[0]
            for player in best_word_for:
                session.do(WordAnswered(player, word))
        session.do(RoundClosed())


def test_a_tied_boxed_game_is_shared_not_won(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=3, clock=FakeClock())
    play_to_the_end(session)
    assert session.game.scores == {"Ana": 0, "Bruno": 0}
    history = player_histories(store)
    assert (history["Ana"].won, history["Ana"].shared) == (0, 1)
    assert (history["Bruno"].won, history["Bruno"].shared) == (0, 1)


def test_a_boxed_game_won_on_points_is_a_win_for_the_winner_alone(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=3, clock=FakeClock())
    play_to_the_end(session, "Bruno")
    assert session.game.scores["Bruno"] > session.game.scores["Ana"] == 0
    history = player_histories(store)
    assert (history["Bruno"].won, history["Bruno"].shared) == (1, 0)
    assert (history["Ana"].won, history["Ana"].shared) == (0, 0)


def test_a_club_duplicate_tie_that_only_the_lot_separates_is_still_one_win(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "club-duplicate", ["Ana", "Bruno"], seed=3, clock=FakeClock())
    play_to_the_end(session)
    history = player_histories(store)
    assert history["Ana"].won + history["Bruno"].won == 1
    assert history["Ana"].shared == history["Bruno"].shared == 0


def test_arbitre_games_counts_a_tie_with_points_as_shared_by_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22, point 11: a boxed game ending level with points (the same longest word in
    every letters round for both, as at 59-59) is no win for either in `arbitre games
    --players`; the ranking's first name used to be counted the winner."""
    from device.cli import main

    store = Store(tmp_path / "games.db")
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=3, clock=FakeClock())
    play_to_the_end(session, "Ana", "Bruno")
    store.close()
    scores = session.game.scores
    assert scores["Ana"] == scores["Bruno"] > 0, scores

    assert main(["games", "--players", "--data-dir", str(tmp_path)]) == 0
    records = {r["name"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    for name in ("Ana", "Bruno"):
        assert (records[name]["won"], records[name]["shared"]) == (0, 1), records[name]
