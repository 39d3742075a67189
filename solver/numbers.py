"""Le compte est bon: the exact count, or the closest, and its simplest solution.

How it works. Call ``E(S)`` the values of the counts that use *exactly* the plates of a
sub-multiset ``S`` of the draw, each once. A count is an expression tree whose last
operation joins two subtrees built on disjoint plates, so

    E({p}) = {p}        E(S) = union over the splits S = A + B of { a op b : a in E(A), b in E(B) }

with ``op`` any legal operation (positive subtraction, exact division). This is the whole
search: no symmetry pruning beyond taking each unordered split once, which is where
published solvers go wrong. Sub-multisets are keyed by their sorted values, so a draw
with two 8s computes ``E({8, 10})`` once. A value reachable with ``k`` plates and no
fewer belongs to some ``E(S)`` with ``|S| = k``, which gives "fewest plates" for free.

For speed, the full draw's set (the largest, about 2,000 values from some 10,000 pairs)
is not built when the target is in it: membership is tested by inverting the last
operation (``t = a + b`` means looking ``t - a`` up, and so on), iterating over the
smaller side of each split.

The simplest solution is chosen, among the counts reaching the best value, by: fewest
plates, then the smallest largest intermediate result, then fewest steps (a count on
``k`` plates always has ``k - 1`` steps). Fewest plates also rules out every useless step
(x 1, / 1, a result left unused): removing it would reach the same value with fewer plates.
Python integers carry no cap: ``3 3 25 50 75 100 -> 996`` goes through 99,600.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Union

from solver.arithmetic import Op, Step

Key = tuple[int, ...]
"""A sub-multiset of plates, as its sorted values."""


@cache
def _splits(key: Key) -> tuple[tuple[Key, Key], ...]:
    """The distinct unordered ways to cut ``key`` into two non-empty sub-multisets."""
    n = len(key)
    seen: set[tuple[Key, Key]] = set()
    for mask in range(1, 1 << n, 2):  # masks holding index 0: each unordered cut once
        if mask == (1 << n) - 1:
            continue
        left = tuple(key[i] for i in range(n) if mask >> i & 1)
        right = tuple(key[i] for i in range(n) if not mask >> i & 1)
        seen.add((left, right) if left <= right else (right, left))
    return tuple(sorted(seen))


@cache
def _sub_keys(key: Key) -> tuple[tuple[Key, ...], ...]:
    """The distinct non-empty sub-multisets of ``key``; item ``k`` holds those of size k."""
    n = len(key)
    by_size: list[set[Key]] = [set() for _ in range(n + 1)]
    for mask in range(1, 1 << n):
        sub = tuple(key[i] for i in range(n) if mask >> i & 1)
        by_size[len(sub)].add(sub)
    return tuple(tuple(sorted(keys)) for keys in by_size)


def _combine(left: set[int], right: set[int]) -> set[int]:
    """Every legal ``a op b`` with ``a`` from one set and ``b`` from the other."""
    small, large = (left, right) if len(left) <= len(right) else (right, left)
    out: set[int] = set()
    add = out.update
    for a in small:
        add(map(a.__add__, large))
        add(map(a.__mul__, large))
        add(map(abs, map(a.__sub__, large)))  # a - b and b - a; a zero is dropped below
        add([b // a for b in large if not b % a])
        add([a // b for b in large if b < a and not a % b])
    out.discard(0)
    return out


def _partners(a: int, v: int) -> Iterator[tuple[int, Op, bool]]:
    """The ``b`` that make ``v`` out of ``a`` and ``b``, with the operation.

    The flag says whether ``a`` is written first: ``a - b``, ``a / b`` (True) or
    ``b - a``, ``b / a`` (False); for + and x the larger operand is written first.
    """
    if v > a:
        yield v - a, "+", True
    if not v % a:
        yield v // a, "*", True
    if a > v:
        yield a - v, "-", True
    yield v + a, "-", False
    if not a % v:
        yield a // v, "/", True
    yield v * a, "/", False


@dataclass(frozen=True, slots=True)
class _Node:
    """A count as a tree: ``first op second``; plates are plain ints."""

    value: int
    op: Op
    first: _Tree
    second: _Tree


_Tree = Union[int, _Node]  # noqa: UP007 (a runtime alias; `|` fails on a forward reference)
_Cost = tuple[int, int]
"""Largest intermediate result, then the sum of all intermediate results."""


def _value(tree: _Tree) -> int:
    return tree if isinstance(tree, int) else tree.value


def _steps(tree: _Tree) -> list[Step]:
    """The steps of a tree in the order a person writes them (operands first)."""
    if isinstance(tree, int):
        return []
    return [
        *_steps(tree.first),
        *_steps(tree.second),
        Step(_value(tree.first), tree.op, _value(tree.second), tree.value),
    ]


class Expressions:
    """The values of counts over sub-multisets of plates, computed once and kept.

    One instance may serve many draws (the statistics sweep shares it); ``keep_up_to``
    bounds the size of the sub-multisets it keeps, to cap memory on such sweeps.
    """

    def __init__(self, keep_up_to: int | None = None) -> None:
        self._values: dict[Key, set[int]] = {}
        self._cheapest: dict[tuple[Key, int], tuple[_Cost, _Tree]] = {}
        self._keep_up_to = keep_up_to

    def values(self, key: Key) -> set[int]:
        """``E(key)``: the values of the counts using exactly these plates."""
        found = self._values.get(key)
        if found is not None:
            return found
        if len(key) == 1:
            values = {key[0]}
        else:
            values = set()
            for left, right in _splits(key):
                values |= _combine(self.values(left), self.values(right))
        if self._keep_up_to is None or len(key) <= self._keep_up_to:
            self._values[key] = values
        return values

    def contains(self, key: Key, v: int) -> bool:
        """Whether ``v`` is in ``E(key)``, without building ``E(key)`` if it is not known."""
        known = self._values.get(key)
        if known is not None or len(key) == 1:
            return v in (known if known is not None else key)
        for left, right in _splits(key):
            small, large = self.values(left), self.values(right)
            if len(small) > len(large):
                small, large = large, small
            for a in small:
                for b, _op, _a_first in _partners(a, v):
                    if b in large:
                        return True
        return False

    def cheapest(self, key: Key, v: int) -> tuple[_Cost, _Tree]:
        """The count of ``v`` on exactly ``key`` with the smallest largest intermediate.

        Returns the cost (largest intermediate, sum of intermediates; zeros for a lone
        plate) and the tree. ``v`` must be in ``E(key)``. The largest intermediate is the
        true minimum; among counts that share it, the sum is a greedy preference (each part
        keeps its own best) that favours counts with small, easy numbers.
        """
        memo = self._cheapest.get((key, v))
        if memo is not None:
            return memo
        if len(key) == 1:
            if key[0] != v:
                raise ValueError(f"{v} is not the plate {key[0]}")
            return (0, 0), v
        best: tuple[_Cost, _Tree] | None = None
        for left, right in _splits(key):
            lv, rv = self.values(left), self.values(right)
            if len(lv) <= len(rv):
                xs_key, xs, ys_key, ys = left, lv, right, rv
            else:
                xs_key, xs, ys_key, ys = right, rv, left, lv
            x_is_leaf, y_is_leaf = len(xs_key) == 1, len(ys_key) == 1
            for x in sorted(xs):
                for y, op, x_first in _partners(x, v):
                    if y not in ys:
                        continue
                    bound = max(v, 0 if x_is_leaf else x, 0 if y_is_leaf else y)
                    if best is not None and bound > best[0][0]:
                        continue
                    x_cost, x_tree = self.cheapest(xs_key, x)
                    y_cost, y_tree = self.cheapest(ys_key, y)
                    cost = (max(v, x_cost[0], y_cost[0]), v + x_cost[1] + y_cost[1])
                    if best is None or cost < best[0]:
                        x_leads = x >= y if op in "+*" else x_first
                        first, second = (x_tree, y_tree) if x_leads else (y_tree, x_tree)
                        best = cost, _Node(v, op, first, second)
        if best is None:
            raise ValueError(f"{v} cannot be made from exactly {key}")
        self._cheapest[(key, v)] = best
        return best


@dataclass(frozen=True, slots=True)
class Count:
    """One way to reach a value: how many plates it takes and the steps to write."""

    value: int
    plates_used: int
    steps: tuple[Step, ...]
    largest_intermediate: int = 0

    @property
    def text(self) -> list[str]:
        """The steps as the show writes them: ``["100 × 6 = 600", ...]``."""
        return [step.text for step in self.steps]


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer for a draw and a target.

    ``best`` is the exact count when there is one, otherwise the closest value reached.
    When a value below and one above the target are equally close, ``best`` is the
    simpler of the two counts and ``equally_close`` holds the other.
    """

    plates: tuple[int, ...]
    target: int
    best: Count
    equally_close: Count | None = field(default=None)

    @property
    def distance(self) -> int:
        return abs(self.best.value - self.target)

    @property
    def exact(self) -> bool:
        return self.best.value == self.target

    def as_dict(self) -> dict[str, object]:
        """The CLI's JSON shape (``../shared/cli-contract.md``), plus ``equally_close``."""
        best = _count_dict(self.best)
        return {
            "plates": list(self.plates),
            "target": self.target,
            "best": best.pop("best"),
            "distance": self.distance,
            "exact": self.exact,
            **best,
            "equally_close": _count_dict(self.equally_close) if self.equally_close else None,
        }


def _count_dict(count: Count) -> dict[str, object]:
    return {
        "best": count.value,
        "plates_used": count.plates_used,
        "steps": [step.as_dict() for step in count.steps],
        "text": count.text,
    }


def _check_input(plates: Iterable[int]) -> Key:
    values = tuple(plates)
    if not values:
        raise ValueError("at least one plate is needed")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"plates are positive integers, not {value!r}")
    return tuple(sorted(values))


def _simplest(expressions: Expressions, value: int, keys: Sequence[Key]) -> Count:
    """The simplest count of ``value`` among sub-multisets ``keys`` of one size."""
    best: tuple[_Cost, _Tree] | None = None
    for key in keys:
        if expressions.contains(key, value):
            found = expressions.cheapest(key, value)
            if best is None or found[0] < best[0]:
                best = found
    if best is None:
        raise ValueError(f"{value} is not reachable from {keys}")
    (largest, _sum), tree = best
    return Count(value, len(keys[0]), tuple(_steps(tree)), largest)


def solve(plates: Iterable[int], target: int, expressions: Expressions | None = None) -> Solution:
    """Solve "Le compte est bon": the exact count, or the closest, the simplest way.

    Plates may be any positive integers (the game's draw checks live in
    :mod:`solver.plates`). Pass the same ``expressions`` to solve several targets of
    one draw faster.

    >>> solution = solve([3, 75, 2, 4, 1, 1], 888)
    >>> solution.exact, solution.best.plates_used, solution.best.text
    (True, 4, ['75 − 1 = 74', '4 × 3 = 12', '74 × 12 = 888'])
    """
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise ValueError(f"the target is a positive integer, not {target!r}")
    draw = tuple(plates)
    key = _check_input(draw)
    ex = expressions if expressions is not None else Expressions()
    levels = _sub_keys(key)
    n = len(key)

    # Exact: the first size whose sub-multisets reach the target.
    for size in range(1, n + 1):
        if size == n and n >= 5:  # the big one: test by inversion, don't build it
            found = ex.contains(key, target)
        else:
            found = any(target in ex.values(sub) for sub in levels[size])
        if found:
            return Solution(draw, target, _simplest(ex, target, levels[size]))

    # Closest: the nearest values below and above, each with its fewest plates.
    distance = min(abs(v - target) for size in levels for sub in size for v in ex.values(sub))
    counts = []
    for value in (target - distance, target + distance):
        for size in range(1, n + 1):
            if any(value in ex.values(sub) for sub in levels[size]):
                counts.append(_simplest(ex, value, levels[size]))
                break
    counts.sort(key=lambda c: (c.plates_used, c.largest_intermediate, c.value))
    return Solution(draw, target, counts[0], counts[1] if len(counts) > 1 else None)


def reachable(plates: Iterable[int], expressions: Expressions | None = None) -> dict[int, int]:
    """Every value a draw can reach, mapped to the fewest plates that reach it.

    >>> sorted(reachable([1, 2]).items())
    [(1, 1), (2, 1), (3, 2)]
    """
    key = _check_input(plates)
    ex = expressions if expressions is not None else Expressions()
    fewest: dict[int, int] = {}
    for size, subs in enumerate(_sub_keys(key)):
        for sub in subs:
            for value in ex.values(sub):
                fewest.setdefault(value, size)
    return fewest
