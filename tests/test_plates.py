"""The 24 plates of the box, and the draws it can produce."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solver.plates import (
    BOXED_TARGETS,
    PLATES,
    SHOW_TARGETS,
    InvalidDraw,
    check_plates,
    check_target,
    draw_numbers,
)


def test_the_box_holds_1_to_10_twice_and_25_50_75_100_once() -> None:
    counts = Counter(PLATES)
    assert len(PLATES) == 24
    assert all(counts[v] == 2 for v in range(1, 11))
    assert all(counts[v] == 1 for v in (25, 50, 75, 100))


@pytest.mark.parametrize(
    ("plates", "reason"),
    [
        ([1, 2, 3, 4, 5], "il faut 6 plaques, pas 5"),
        ([1, 2, 3, 4, 5, 11], "11 n'est pas une plaque"),
        ([7, 7, 7, 1, 2, 3], "trois plaques 7"),
        ([25, 25, 1, 2, 3, 4], "deux plaques 25 : la boîte n'en contient qu'une"),
        ([0, 1, 2, 3, 4, 5], "0 n'est pas une plaque"),
    ],
)
def test_a_draw_the_box_cannot_produce_is_refused_with_a_reason(
    plates: list[int], reason: str
) -> None:
    with pytest.raises(InvalidDraw, match=reason):
        check_plates(plates)


def test_a_target_outside_the_rule_set_range_is_refused() -> None:
    with pytest.raises(InvalidDraw, match="entre 1 et 999"):
        check_target(0)
    with pytest.raises(InvalidDraw, match="entre 100 et 999"):
        check_target(99, SHOW_TARGETS)
    assert check_target(1, BOXED_TARGETS) == 1


def test_a_draw_is_six_plates_without_replacement_and_a_target_in_range() -> None:
    rng = random.Random(42)
    for _ in range(2000):
        draw = draw_numbers(rng, SHOW_TARGETS)
        assert check_plates(draw.plates) == draw.plates
        assert 100 <= draw.target <= 999


def test_the_target_is_uniform_on_its_range() -> None:
    rng = random.Random(1)
    targets = Counter(draw_numbers(rng, (1, 4)).target for _ in range(8000))
    assert set(targets) == {1, 2, 3, 4}
    assert all(1700 < count < 2300 for count in targets.values())


def test_the_same_seed_gives_the_same_draw() -> None:
    assert draw_numbers(random.Random(9)) == draw_numbers(random.Random(9))
