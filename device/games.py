"""Which games of the engine's registry (:data:`engine.games.GAMES`) have their screens here.

The command line and the home screen offer the registry's games; a game whose family has
no screens yet is refused with one French sentence rather than shown half-made. This
module imports no pygame, so that ``arbitre run --rules X`` can be checked before the
window opens.
"""

from __future__ import annotations

from engine.games import GAMES, GameKind

FAMILIES_WITH_SCREENS = frozenset({"dcdl", "dice", "paroles", "pyramide", "sloubi"})
"""The boxes the navigator (:mod:`device.navigator`) can show from start to end."""


def playable(kind: GameKind) -> bool:
    """True when the device can referee ``kind`` from start to end."""
    return kind.family in FAMILIES_WITH_SCREENS


def offered() -> list[GameKind]:
    """The games the home screen offers, in the registry's order."""
    return [kind for kind in GAMES.values() if playable(kind)]
