"""The solver against an independent brute force, on every target 1..999.

Repeated plates are where symmetry pruning goes wrong in published solvers, so the named
draws all repeat values; 100 random game draws follow.
"""

from __future__ import annotations

import random

import pytest
from reference_numbers import fewest_plates, simplest_costs
from test_numbers_rules import replay

from solver.numbers import Expressions, reachable, solve
from solver.plates import draw_numbers

REPEATED_DRAWS = [[1, 2, 2, 8, 9, 9], [9, 9, 8, 8, 7, 7], [1, 1, 2, 2, 3, 3]]
RANDOM_DRAWS = [list(draw_numbers(random.Random(seed)).plates) for seed in range(100)]


def expected(reference: dict[int, int], target: int) -> tuple[int, set[int]]:
    """The reference's distance and the set of equally close values for a target."""
    distance = min(abs(value - target) for value in reference)
    return distance, {v for v in (target - distance, target + distance) if v in reference}


@pytest.mark.parametrize("plates", REPEATED_DRAWS, ids=str)
def test_every_target_1_to_999_matches_the_brute_force(plates: list[int]) -> None:
    reference = fewest_plates(plates)
    costs = simplest_costs(plates)
    expressions = Expressions()
    for target in range(1, 1000):
        solution = solve(plates, target, expressions)
        distance, closest = expected(reference, target)
        assert solution.distance == distance, target
        found = {solution.best.value}
        if solution.equally_close:
            found.add(solution.equally_close.value)
        assert found == closest, target
        best = solution.best
        assert (best.plates_used, best.largest_intermediate) == costs[best.value], target
        replay(solution)


@pytest.mark.parametrize("plates", REPEATED_DRAWS + RANDOM_DRAWS, ids=str)
def test_every_reachable_value_and_its_fewest_plates_match_the_brute_force(
    plates: list[int],
) -> None:
    assert reachable(plates) == fewest_plates(plates)


def test_random_draws_random_targets_give_the_simplest_solution() -> None:
    rng = random.Random(7)
    for plates in RANDOM_DRAWS[:30]:
        costs = simplest_costs(plates)
        reference = {value: cost[0] for value, cost in costs.items()}
        for target in rng.sample(range(1, 1000), 10):
            solution = solve(plates, target)
            distance, closest = expected(reference, target)
            assert solution.distance == distance
            assert solution.best.value in closest
            best = solution.best
            assert (best.plates_used, best.largest_intermediate) == costs[best.value]
            replay(solution)
