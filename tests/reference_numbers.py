"""An obviously-correct, slow "Le compte est bon": pick two numbers, replace them by a
legal result, recurse. Written independently of ``solver.numbers`` (no shared code, not
even the operation rules) so that the two can check each other.
"""

from __future__ import annotations


def _results(a: int, b: int) -> list[int]:
    """Every legal result of combining a and b, in either order."""
    out = [a + b, a * b]
    if a > b:
        out.append(a - b)
    if b > a:
        out.append(b - a)
    if a % b == 0:
        out.append(a // b)
    if b % a == 0:
        out.append(b // a)
    return out


def fewest_plates(plates: list[int]) -> dict[int, int]:
    """Every reachable value with the fewest plates it takes.

    A state is the multiset of numbers still on the table, each with the count of plates
    it was built from. Every number on the table is a reachable value.
    """
    start = tuple(sorted((p, 1) for p in plates))
    best: dict[int, int] = {}
    seen = {start}
    todo = [start]
    while todo:
        state = todo.pop()
        for value, used in state:
            if used < best.get(value, 99):
                best[value] = used
        for i in range(len(state)):
            for j in range(i + 1, len(state)):
                (a, ca), (b, cb) = state[i], state[j]
                rest = state[:i] + state[i + 1 : j] + state[j + 1 :]
                for r in _results(a, b):
                    new = tuple(sorted((*rest, (r, ca + cb))))
                    if new not in seen:
                        seen.add(new)
                        todo.append(new)
    return best


def simplest_costs(plates: list[int]) -> dict[int, tuple[int, int]]:
    """Every reachable value with its least (plates used, largest intermediate result).

    Like :func:`fewest_plates`, but each number on the table also remembers the largest
    result written while building it (0 for a plate). Slower: keep to small draws.
    """
    start = tuple(sorted((p, 1, 0) for p in plates))
    best: dict[int, tuple[int, int]] = {}
    seen = {start}
    todo = [start]
    while todo:
        state = todo.pop()
        for value, used, largest in state:
            if (used, largest) < best.get(value, (99, 0)):
                best[value] = (used, largest)
        for i in range(len(state)):
            for j in range(i + 1, len(state)):
                (a, ca, ma), (b, cb, mb) = state[i], state[j]
                rest = state[:i] + state[i + 1 : j] + state[j + 1 :]
                for r in _results(a, b):
                    new = tuple(sorted((*rest, (r, ca + cb, max(r, ma, mb)))))
                    if new not in seen:
                        seen.add(new)
                        todo.append(new)
    return best
