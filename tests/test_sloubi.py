"""Le jeu du Sloubi, simplified rules (../shared/rules/sloubi.md)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.events import Event, GameStarted
from engine.session import Session
from engine.sloubi import (
    BEAT,
    DiceRolled,
    Phase,
    SloubiError,
    SloubiGame,
    SloubiStarted,
    SloubiStopped,
    count_at,
    roll_bucket,
)
from engine.store import Store


def new_game() -> SloubiGame:
    return SloubiGame(GameStarted("sloubi", ("Perceval", "Karadoc"), seed=1))


def test_the_biggest_bucket_of_dice_wins_the_round() -> None:
    game = new_game()
    game.apply(DiceRolled("Perceval", 351))
    game.apply(DiceRolled("Karadoc", 349))
    assert game.current is not None and game.current.winner == "Perceval"
    assert game.phase is Phase.SINGING


def test_a_tie_is_rolled_off_among_the_tied_players_only() -> None:
    game = SloubiGame(GameStarted("sloubi", ("Perceval", "Karadoc", "Arthur"), seed=1))
    game.apply(DiceRolled("Perceval", 350))
    game.apply(DiceRolled("Karadoc", 350))
    game.apply(DiceRolled("Arthur", 200))
    with pytest.raises(SloubiError):
        game.apply(DiceRolled("Arthur", 400))
    game.apply(DiceRolled("Karadoc", 340))
    game.apply(DiceRolled("Perceval", 360))
    assert game.current is not None and game.current.winner == "Perceval"


def test_stopping_the_song_right_on_the_score_is_a_sloubi() -> None:
    game = new_game()
    game.apply(DiceRolled("Perceval", 20))
    game.apply(DiceRolled("Karadoc", 10))
    game.apply(SloubiStarted(at=100.0))
    game.apply(SloubiStopped(at=100.0 + 19 * BEAT + BEAT / 2))  # "Sloubi 20"
    assert game.rounds[0].sloubi
    assert game.scores == {"Perceval": 1, "Karadoc": 0}


def test_missing_the_coche_scores_nothing_and_the_next_round_starts() -> None:
    game = new_game()
    game.apply(DiceRolled("Perceval", 20))
    game.apply(DiceRolled("Karadoc", 10))
    game.apply(SloubiStarted(at=0.0))
    game.apply(SloubiStopped(at=21 * BEAT))  # "Sloubi 22": too late
    assert not game.rounds[0].sloubi and game.scores["Perceval"] == 0
    assert game.phase is Phase.ROLLING and len(game.rounds) == 2


def test_three_rounds_then_the_most_sloubis_win() -> None:
    game = new_game()
    for score in (12, 7, 30):
        game.apply(DiceRolled("Perceval", 1))
        game.apply(DiceRolled("Karadoc", score))
        game.apply(SloubiStarted(at=0.0))
        game.apply(SloubiStopped(at=(score - 1) * BEAT))
    assert game.over and game.ranking() == ["Karadoc", "Perceval"]
    with pytest.raises(SloubiError, match="terminée"):
        game.apply(DiceRolled("Perceval", 3))


def test_the_children_s_version_gives_16_to_116() -> None:
    totals = {roll_bucket(random.Random(seed), children=True) for seed in range(2000)}
    assert min(totals) >= 16 and max(totals) <= 116
    assert 100 <= roll_bucket(random.Random(1)) <= 600


def test_the_children_s_version_is_chosen_at_the_start_and_checks_the_totals() -> None:
    game = SloubiGame(GameStarted("sloubi-enfants", ("Perceval", "Karadoc"), seed=1))
    with pytest.raises(SloubiError, match="de 16 à 116"):
        game.apply(DiceRolled("Perceval", 350))
    rolled = game.roll(random.Random(2), "Perceval")
    game.apply(rolled)
    assert 16 <= rolled.total <= 116


def test_a_sloubi_game_is_saved_and_resumed_like_any_other(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "sloubi", ["Perceval", "Karadoc"], seed=3)
    session.do(DiceRolled("Perceval", 300))
    session.do(DiceRolled("Karadoc", 310))
    resumed = Session.resume(store, session.game_id)
    assert isinstance(resumed.game, SloubiGame)
    assert resumed.game.current is not None and resumed.game.current.winner == "Karadoc"


def singing() -> SloubiGame:
    game = new_game()
    game.apply(DiceRolled("Perceval", 20))
    game.apply(DiceRolled("Karadoc", 10))
    game.apply(SloubiStarted(at=100.0))
    return game


@pytest.mark.parametrize("at", [float("nan"), float("inf"), float("-inf")])
def test_a_time_that_is_no_number_is_refused_in_french_and_changes_nothing(at: float) -> None:
    game = singing()
    before = game.state()
    with pytest.raises(SloubiError, match="nombre non fini"):
        game.apply(SloubiStopped(at))
    with pytest.raises(SloubiError, match="instant invalide"):
        count_at(100.0, at)
    assert game.state() == before


@pytest.mark.parametrize(
    "event",
    [
        DiceRolled("Perceval", 350.5),  # type: ignore[arg-type]
        DiceRolled("Perceval", "350"),  # type: ignore[arg-type]
        DiceRolled("Perceval", True),
        DiceRolled(["Perceval"], 350),  # type: ignore[arg-type]
        SloubiStarted("maintenant"),  # type: ignore[arg-type]
    ],
    ids=lambda event: type(event).__name__,
)
def test_an_event_with_a_field_of_the_wrong_type_is_refused_in_french(event: Event) -> None:
    game = new_game()
    if isinstance(event, SloubiStarted):
        game.apply(DiceRolled("Perceval", 20))
        game.apply(DiceRolled("Karadoc", 10))
    before = game.state()
    with pytest.raises(SloubiError, match="mal formé"):
        game.apply(event)
    assert game.state() == before


def test_ruling_the_buzzer_cannot_stop_the_song_before_it_starts() -> None:
    """The rules: "quand vous êtes prêts il commence": a "Sloubi !" before "Sloubi 1" is no stop."""
    game = singing()  # "Sloubi 1" at 100.0
    with pytest.raises(SloubiError, match="avant « Sloubi 1 »"):
        game.apply(SloubiStopped(at=99.0))
    game.apply(SloubiStopped(at=100.0))  # "Sloubi 1": a miss, the score is 20
    assert game.rounds[0].stopped_at == 1 and not game.rounds[0].sloubi
