"""Which engine plays which rule set: every game is built from its ``GameStarted``.

The DCDL rule sets share :class:`engine.game.Game`; the other boxes have their own state
machines with the same door (``apply``, ``over``, ``players``, ``scores``, ``ranking``), so
that saving, resuming and the app's screens treat them alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.dice import DiceGame
from engine.events import Event, GameStarted, RefusedEvent
from engine.game import Game
from engine.paroles import ParolesGame
from engine.pyramide import PyramideGame
from engine.registry import GAMES, GameKind, game_kind
from engine.sloubi import SloubiGame

__all__ = ["ENGINES", "GAMES", "AnyGame", "GameKind", "game_kind", "new_game", "replay"]

AnyGame = Game | SloubiGame | DiceGame | ParolesGame | PyramideGame

#: The rule sets that are not "Des chiffres et des lettres", and their engines.
ENGINES: dict[str, Callable[[GameStarted], AnyGame]] = {
    "sloubi": SloubiGame,
    "sloubi-enfants": SloubiGame,
    "dice": DiceGame,
    "paroles": ParolesGame,
    "pyramide": PyramideGame,
    "pyramide-individuel": PyramideGame,
}


def new_game(start: GameStarted) -> AnyGame:
    """The game that ``start`` begins (RefusedEvent for unknown rules or bad players)."""
    engine = ENGINES.get(start.rules, Game)
    return engine(start)


def replay(events: Iterable[Event]) -> AnyGame:
    """The game these events, in order, describe."""
    stream = iter(events)
    first = next(stream, None)
    if not isinstance(first, GameStarted):
        raise RefusedEvent("une partie commence par GameStarted")
    game = new_game(first)
    for event in stream:
        game.apply(event)
    return game
