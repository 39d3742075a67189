"""Every event of the boxes' engines is a transaction: refused, it leaves the game exactly
as it was (issue 25, point 1), whatever its handler did before refusing."""

from __future__ import annotations

import pytest

from engine.dice import DiceGame, DiceRolled
from engine.events import Event, GameStarted, RefusedEvent
from engine.paroles import FirstCardsDrawn, ParolesGame
from engine.pyramide import BricksBid, PyramideGame
from engine.sloubi import DiceRolled as BucketRolled
from engine.sloubi import SloubiGame
from engine.transaction import Transactional

FOUR = ("Ana", "Bruno", "Chloé", "David")

#: Each engine, and an event it accepts at the start of a game.
ENGINES: list[tuple[type[Transactional], str, Event]] = [
    (DiceGame, "dice", DiceRolled("TRS")),
    (ParolesGame, "paroles", FirstCardsDrawn("EBAZ")),
    (PyramideGame, "pyramide", BricksBid(3)),
    (SloubiGame, "sloubi", BucketRolled("Ana", 350)),
]


@pytest.mark.parametrize(("engine", "rules", "event"), ENGINES)
def test_a_handler_that_refuses_after_assigning_leaves_the_game_as_it_was(
    engine: type[Transactional], rules: str, event: Event
) -> None:
    """The engine's own handler runs, changes the game, then a later check refuses: the
    refusal must undo it all (the mechanism, not each handler, guarantees it)."""

    class Careless(engine):  # type: ignore[valid-type,misc]
        def _apply(self, event: Event) -> None:
            super()._apply(event)
            raise self.refusal("refusé après coup")

    game = Careless(GameStarted(rules, FOUR, seed=1))
    before = game.state()
    with pytest.raises(RefusedEvent, match="après coup"):
        game.apply(event)
    assert game.state() == before
    plain = engine(GameStarted(rules, FOUR, seed=1))
    held = dict(vars(plain))
    with pytest.raises(RefusedEvent):
        plain.apply(GameStarted(rules, FOUR, seed=2))  # no event of a game in play
    # refused without a change, the game keeps the very objects a screen may hold
    assert all(vars(plain)[name] is value for name, value in held.items())
    plain.apply(event)
    assert plain.state() != before  # the event itself is accepted and changes the game


@pytest.mark.parametrize(("engine", "rules", "event"), ENGINES)
def test_a_game_started_with_names_that_are_not_text_is_refused_in_french(
    engine: type[Transactional], rules: str, event: Event
) -> None:
    with pytest.raises(engine.refusal, match="mal formé"):
        engine(GameStarted(rules, ("Ana", "Bruno", "Chloé", 4), seed=1))  # type: ignore[arg-type]
    with pytest.raises(engine.refusal, match="mal formé"):
        engine(GameStarted(rules, ["Ana", "Bruno", "Chloé", "David"], seed=1))  # type: ignore[arg-type]
