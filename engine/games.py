"""Which engine plays which rule set: every game is built from its ``GameStarted``.

The DCDL rule sets share :class:`engine.game.Game`; the other boxes have their own state
machines with the same door (``apply``, ``over``, ``players``, ``scores``, ``ranking``), so
that saving, resuming and the app's screens treat them alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.dice import DiceGame
from engine.events import Event, GameStarted, RefusedEvent
from engine.game import Game
from engine.paroles import ParolesGame
from engine.pyramide import PyramideGame
from engine.rules import RULE_SETS
from engine.sloubi import SloubiGame

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


@dataclass(frozen=True, slots=True)
class GameKind:
    """One entry of the registry: a value of ``--rules`` and what people are shown of it."""

    name: str
    """The ``--rules`` value and the ``rules`` field of a saved game."""
    family: str
    """The box it belongs to: "dcdl", "dice", "paroles", "pyramide" or "sloubi"."""
    label: str
    """A short French name, for a button."""
    title: str
    """The French name in full."""
    players: tuple[int, int]
    """Fewest and most players the engine accepts (99: no real limit)."""


_DCDL_LABELS = {
    "boxed": "En famille",
    "tv": "Émission",
    "club-duplicate": "Duplicate",
    "club-match": "Match",
    "club-match-final": "Finale",
}

#: Every game the referee knows, in the order menus list them: the command line and the
#: home screen take their lists from here.
GAMES: dict[str, GameKind] = {
    **{
        name: GameKind(name, "dcdl", _DCDL_LABELS[name], rules.title, rules.players)
        for name, rules in RULE_SETS.items()
    },
    "dice": GameKind("dice", "dice", "Mot le plus court", "Le mot le plus court", (2, 99)),
    "paroles": GameKind("paroles", "paroles", "Paroles", "Les paroles s'envolent", (2, 99)),
    "pyramide": GameKind("pyramide", "pyramide", "Pyramide", "Pyramide (doublettes)", (4, 4)),
    "pyramide-individuel": GameKind(
        "pyramide-individuel", "pyramide", "Pyramide indiv.", "Pyramide en individuel", (3, 4)
    ),
    "sloubi": GameKind("sloubi", "sloubi", "Sloubi", "Sloubi", (2, 99)),
    "sloubi-enfants": GameKind(
        "sloubi-enfants", "sloubi", "Sloubi enfants", "Sloubi, règle des enfants", (2, 99)
    ),
}


def game_kind(name: str) -> GameKind:
    """The registry's entry for ``name``, or a ValueError in French listing the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"jeu inconnu « {name} » (connus : {known})") from None


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
