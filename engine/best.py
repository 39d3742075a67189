"""The best answers of a round, computed once and shared by the screen and the scoring.

The referee's screen shows a round's best answers (the solver's count, the longest words)
and the scoring needs them too (a numbers round's top, a letters round's longest length).
Both ask here: the first caller computes, a second one waiting meanwhile (the screen's
job runs in a worker thread while the round may close in the UI thread), and every later
caller gets the same object. The last few draws are kept: a game's draws are all
different, and a replayed game asks for its rounds in order.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

from solver.numbers import Solution, solve
from solver.words import LongestWords, longest

T = TypeVar("T")

KEEP = 64
"""Draws remembered (a club duplicate has 30 rounds)."""


class _Once:
    """Results by key, each computed by one caller only; the others wait for it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._slots: OrderedDict[Hashable, tuple[threading.Lock, list[object]]] = OrderedDict()
        self.computed = 0
        """How many times a result was really computed (for the tests and the bench)."""

    def get(self, key: Hashable, work: Callable[[], T]) -> T:
        with self._lock:
            slot = self._slots.get(key)
            if slot is None:
                slot = (threading.Lock(), [])
                self._slots[key] = slot
                while len(self._slots) > KEEP:
                    self._slots.popitem(last=False)
            else:
                self._slots.move_to_end(key)
        lock, box = slot
        with lock:
            if not box:
                box.append(work())
                self.computed += 1
            return box[0]  # type: ignore[return-value]


_ONCE = _Once()


def best_numbers(plates: tuple[int, ...], target: int) -> Solution:
    """The solver's answer for a numbers draw: the exact count or the closest."""
    plates = tuple(plates)
    return _ONCE.get(("numbers", plates, target), lambda: solve(plates, target))


def best_words(letters: str) -> LongestWords:
    """The longest words of a letters draw."""
    return _ONCE.get(("letters", letters), lambda: longest(letters))


def computed() -> int:
    """How many best answers were computed since start (each draw once)."""
    return _ONCE.computed
