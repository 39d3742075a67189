"""Totals and rankings with the rule sets' tie-breaks.

The club duplicate ranks by total, then the number of 10-letter words, then the numbers
points, then the 9-, 8- and 7-letter words, then the first round a player did not top
(later is better), then by lot. A club ranking match ranks by total, then by seat (the
players are entered in their duplicate order). The other rule sets rank by total and leave
ties in the players' order (a boxed-game tie is shared; a club match plays extra rounds).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.rules import RoundKind


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What a played round leaves on the score sheet."""

    kind: RoundKind
    points: dict[str, int]
    word_lengths: dict[str, int] = field(default_factory=dict)
    """The length of each player's valid word (letters rounds)."""
    top: int | None = None
    """The most points the round allowed (for "the first round not topped")."""
    notes: dict[str, str] = field(default_factory=dict)
    """Why a player scored points their own answer did not earn, for the result screen:
    ``"+9 : mot de 9 lettres refusé chez ANAIS"``."""


def totals(players: Sequence[str], records: Sequence[RoundRecord]) -> dict[str, int]:
    """Each player's total points."""
    return {p: sum(r.points.get(p, 0) for r in records) for p in players}


def _words_of(length: int) -> Callable[[str, Sequence[RoundRecord]], int]:
    def count(player: str, records: Sequence[RoundRecord]) -> int:
        return sum(1 for r in records if r.word_lengths.get(player) == length)

    return count


def _numbers_points(player: str, records: Sequence[RoundRecord]) -> int:
    return sum(r.points.get(player, 0) for r in records if r.kind is RoundKind.NUMBERS)


def _first_not_topped(player: str, records: Sequence[RoundRecord]) -> int:
    for index, record in enumerate(records):
        if record.top is not None and record.points.get(player, 0) < record.top:
            return index
    return len(records)


def _total(player: str, records: Sequence[RoundRecord]) -> int:
    return sum(r.points.get(player, 0) for r in records)


#: The ranking criteria a rule set may name; bigger is better for each.
CRITERIA: dict[str, Callable[[str, Sequence[RoundRecord]], int]] = {
    "total": _total,
    "tens": _words_of(10),
    "nines": _words_of(9),
    "eights": _words_of(8),
    "sevens": _words_of(7),
    "numbers": _numbers_points,
    "first_not_topped": _first_not_topped,
}


def ranking(
    players: Sequence[str],
    records: Sequence[RoundRecord],
    keys: Sequence[str],
    rng: random.Random | None = None,
) -> list[str]:
    """Players from first to last by ``keys``; a ``"lot"`` key draws lots with ``rng``.

    >>> records = [RoundRecord(RoundKind.LETTERS, {"A": 7, "B": 9})]
    >>> ranking(["A", "B"], records, ["total"])
    ['B', 'A']
    """
    order = list(players)
    criteria = [key for key in keys if key != "lot"]
    if "lot" in keys:
        (rng or random.Random()).shuffle(order)
    return sorted(order, key=lambda p: tuple(-_mark(players, records, p, key) for key in criteria))


def _mark(players: Sequence[str], records: Sequence[RoundRecord], player: str, key: str) -> int:
    """A player's value on one criterion, bigger is better; ``seat``: the first seated
    first (a club ranking match, the players entered in their duplicate order)."""
    if key == "seat":
        return -list(players).index(player)
    return CRITERIA[key](player, records)


def winners(
    players: Sequence[str], records: Sequence[RoundRecord], keys: Sequence[str]
) -> list[str]:
    """The players first on every criterion of ``keys`` but the lot: several share first place.

    Where the rule set ends its keys with a draw by lot, the lot names one winner among
    them (the first of :func:`ranking`); without a lot they share the game.

    >>> records = [RoundRecord(RoundKind.LETTERS, {"A": 59, "B": 59, "C": 12})]
    >>> winners(["A", "B", "C"], records, ["total"])
    ['A', 'B']
    >>> winners(["A", "B", "C"], records, ["total", "seat"])
    ['A']
    """
    criteria = [key for key in keys if key != "lot"]

    def marks(player: str) -> tuple[int, ...]:
        return tuple(_mark(players, records, player, key) for key in criteria)

    best = max(marks(p) for p in players)
    return [p for p in players if marks(p) == best]


def places(
    players: Sequence[str],
    records: Sequence[RoundRecord],
    keys: Sequence[str],
    order: Sequence[str],
) -> dict[str, int]:
    """Each player's place, ``order`` being the :func:`ranking`: players equal on every
    criterion share a place (the next one comes after all of them: 1, 1, 3); where the
    rules end with a lot, the lot has separated them and each has their own.

    >>> records = [RoundRecord(RoundKind.LETTERS, {"A": 59, "B": 59, "C": 12})]
    >>> places(["A", "B", "C"], records, ["total"], ["A", "B", "C"])
    {'A': 1, 'B': 1, 'C': 3}
    >>> places(["A", "B", "C"], records, ["total", "lot"], ["B", "A", "C"])
    {'B': 1, 'A': 2, 'C': 3}
    """
    criteria = [key for key in keys if key != "lot"]
    marks = {p: tuple(_mark(players, records, p, key) for key in criteria) for p in players}
    if "lot" in keys:
        return {player: index for index, player in enumerate(order, start=1)}
    return {p: 1 + sum(1 for q in players if marks[q] > marks[p]) for p in order}


def deciding_key(
    players: Sequence[str],
    records: Sequence[RoundRecord],
    keys: Sequence[str],
    order: Sequence[str],
) -> str | None:
    """The criterion that put the winner ahead of the second at equal totals ("lot" when
    only the lot did), or None when the totals differ or the first place is shared.

    >>> records = [RoundRecord(RoundKind.LETTERS, {"A": 9, "B": 9}, {"A": 9})]
    >>> deciding_key(["A", "B"], records, ["total", "tens", "nines", "lot"], ["A", "B"])
    'nines'
    """
    if len(order) < 2:
        return None
    first, second = order[0], order[1]
    for key in keys:
        if key == "lot":
            return "lot"
        a, b = (_mark(players, records, p, key) for p in (first, second))
        if a != b:
            return None if key == "total" else key
    return None
