"""The registry of games: every value of ``--rules`` and what people are shown of it.

Kept apart from :mod:`engine.games` (which builds the engines) so that the command line
can list and check the games without importing any engine: ``arbitre letters`` starts
fast (see ``bench/startup.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules import RULE_SETS


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
#: Rule sets ``arbitre score`` and the engine know, not offered on the home screen yet (a
#: sixth DCDL button would shrink the others): the club's ranking match.
_DCDL_UNLISTED = ("club-match-classement",)

#: Every game the referee knows, in the order menus list them: the command line and the
#: home screen take their lists from here.
GAMES: dict[str, GameKind] = {
    **{
        name: GameKind(name, "dcdl", _DCDL_LABELS[name], rules.title, rules.players)
        for name, rules in RULE_SETS.items()
        if name not in _DCDL_UNLISTED
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
