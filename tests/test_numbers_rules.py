"""Le compte est bon, as the rulebooks state it (../shared/rules/dcdl-*.md)."""

from __future__ import annotations

import pytest

from solver.arithmetic import IllegalStep, apply
from solver.numbers import Solution, reachable, solve
from solver.proposal import verify


def replay(solution: Solution) -> None:
    """Check a solution's steps independently: legal, each plate once, no useless step."""
    free = list(solution.plates)
    results: list[int] = []
    for step in solution.best.steps:
        for operand in (step.a, step.b):
            assert operand in free, f"{operand} is not free in {free}"
            free.remove(operand)
            if operand in results:
                results.remove(operand)
        assert step.result == apply(step.a, step.op, step.b)
        assert not (step.op in "*/" and step.b == 1), f"useless step {step.text}"
        assert not (step.op == "*" and step.a == 1), f"useless step {step.text}"
        free.append(step.result)
        results.append(step.result)
    # every result but the last is used by a later step
    assert results == ([solution.best.value] if solution.best.steps else [])
    used = len(solution.plates) - len(free) + 1
    assert used == solution.best.plates_used


def test_the_show_first_example_683_takes_five_plates() -> None:
    solution = solve([3, 100, 8, 8, 10, 6], 683)
    assert solution.exact and solution.best.value == 683 and solution.distance == 0
    assert solution.best.plates_used == 5
    assert len(solution.best.steps) == 4
    replay(solution)


def test_the_show_second_example_888_takes_four_plates_as_the_show_writes_it() -> None:
    solution = solve([3, 75, 2, 4, 1, 1], 888)
    assert solution.exact and solution.best.plates_used == 4
    assert solution.best.text == ["75 − 1 = 74", "4 × 3 = 12", "74 × 12 = 888"]
    replay(solution)


def test_a_single_plate_equal_to_the_target_is_a_solution_with_no_steps() -> None:
    solution = solve([3, 75, 2, 4, 1, 1], 75)
    assert solution.exact and solution.best.plates_used == 1
    assert solution.best.steps == ()


def test_fewest_plates_come_first_even_with_bigger_numbers() -> None:
    # 100 - 1 = 99 uses two plates; 9 x 10 + 9 would need three.
    solution = solve([100, 1, 9, 10, 9, 2], 99)
    assert solution.best.plates_used == 2
    assert solution.best.text == ["100 − 1 = 99"]


def test_1_3_7_10_25_50_cannot_make_831_and_both_sides_are_reported() -> None:
    solution = solve([1, 3, 7, 10, 25, 50], 831)
    assert not solution.exact and solution.distance == 1
    assert solution.equally_close is not None
    assert {solution.best.value, solution.equally_close.value} == {830, 832}
    replay(solution)


def test_3_3_25_50_75_100_makes_996_through_99600() -> None:
    solution = solve([3, 3, 25, 50, 75, 100], 996)
    assert solution.exact and solution.best.plates_used == 6
    assert max(step.result for step in solution.best.steps) == 99_600
    replay(solution)


def test_1_2_2_8_9_9_makes_403_exactly() -> None:
    solution = solve([1, 2, 2, 8, 9, 9], 403)
    assert solution.exact and solution.best.plates_used == 6
    replay(solution)


def test_1_1_2_2_3_3_reaches_nothing_above_81() -> None:
    values = reachable([1, 1, 2, 2, 3, 3])
    assert max(values) == 81
    solution = solve([1, 1, 2, 2, 3, 3], 999)
    assert solution.best.value == 81 and solution.distance == 918


def test_a_subtraction_must_give_a_positive_result() -> None:
    with pytest.raises(IllegalStep, match="négatif"):
        apply(3, "-", 5)
    with pytest.raises(IllegalStep, match="nul"):
        apply(5, "-", 5)


def test_a_division_must_be_exact() -> None:
    with pytest.raises(IllegalStep, match="division non exacte"):
        apply(7, "/", 2)
    assert apply(8, "/", 2) == 4


def test_the_solver_s_steps_are_accepted_by_the_proposal_verifier() -> None:
    solution = solve([3, 100, 8, 8, 10, 6], 683)
    verdict = verify(solution.plates, solution.best.text)
    assert verdict.valid and verdict.value == 683


def test_a_fractional_intermediate_is_never_allowed() -> None:
    # 6 ÷ (1 − 5 ÷ 7) = 21 goes through 5/7 and 2/7: on natural numbers, no 21.
    assert 21 not in reachable([1, 5, 6, 7])
    assert 22 in reachable([1, 5, 6, 7])
