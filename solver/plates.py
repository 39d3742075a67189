"""The 24 number plates of "Le compte est bon", draw checks and the draw generator.

The box and the show use the same set: 1 to 10 twice, and 25, 50, 75, 100 once each.
Six plates are drawn without replacement. The target range depends on the rule set:
the boxed game's buzzer gives 1..999, the TV show and the clubs use 100..999.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

#: The 24 plates of the box, in the order a person would list them.
PLATES: tuple[int, ...] = (*range(1, 11), *range(1, 11), 25, 50, 75, 100)

#: How many copies of each value the box holds.
PLATE_COUNTS: dict[int, int] = dict(Counter(PLATES))

#: Plates in a draw.
DRAW_SIZE = 6

#: Target ranges of the rule sets (inclusive).
BOXED_TARGETS = (1, 999)
SHOW_TARGETS = (100, 999)


class InvalidDraw(ValueError):
    """A set of plates or a target the box cannot produce; the message is in French."""


def check_plates(plates: Iterable[int]) -> tuple[int, ...]:
    """Return the plates as a tuple, or raise :class:`InvalidDraw` with a French reason.

    A draw is 6 plates that the box can actually produce: values in 1..10, 25, 50, 75,
    100, at most two of each small value and one of each large one.

    >>> check_plates([3, 100, 8, 8, 10, 6])
    (3, 100, 8, 8, 10, 6)
    >>> check_plates([7, 7, 7, 1, 2, 3])
    Traceback (most recent call last):
    ...
    solver.plates.InvalidDraw: trois plaques 7 : la boîte n'en contient que deux
    """
    values = tuple(plates)
    if len(values) != DRAW_SIZE:
        raise InvalidDraw(f"il faut {DRAW_SIZE} plaques, pas {len(values)}")
    for value in values:
        if value not in PLATE_COUNTS:
            raise InvalidDraw(f"{value} n'est pas une plaque (plaques : 1 à 10, 25, 50, 75 et 100)")
    for value, count in sorted(Counter(values).items()):
        allowed = PLATE_COUNTS[value]
        if count > allowed:
            words = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six"}
            has = "que deux" if allowed == 2 else "qu'une"
            raise InvalidDraw(f"{words[count]} plaques {value} : la boîte n'en contient {has}")
    return values


def check_target(target: int, targets: tuple[int, int] = BOXED_TARGETS) -> int:
    """Return ``target``, or raise :class:`InvalidDraw` when it is outside ``targets``."""
    low, high = targets
    if not low <= target <= high:
        raise InvalidDraw(f"le nombre à trouver doit être entre {low} et {high}, pas {target}")
    return target


@dataclass(frozen=True, slots=True)
class NumbersDraw:
    """Six plates and the number to find."""

    plates: tuple[int, ...]
    target: int


def draw_numbers(
    rng: random.Random | None = None, targets: tuple[int, int] = BOXED_TARGETS
) -> NumbersDraw:
    """Draw 6 plates without replacement from the 24, and a target uniform on ``targets``.

    Pass a seeded :class:`random.Random` for a repeatable draw (tests, replays).

    >>> draw = draw_numbers(random.Random(1), SHOW_TARGETS)
    >>> len(draw.plates), 100 <= draw.target <= 999
    (6, True)
    """
    rng = rng or random.Random()
    plates = tuple(rng.sample(PLATES, DRAW_SIZE))
    low, high = targets
    return NumbersDraw(plates=plates, target=rng.randint(low, high))
