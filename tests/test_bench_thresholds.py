"""The rules that choose a reader's threshold of "?" (bench/vision_train.py): the
goal is at most one sure misread in 1,000."""

from __future__ import annotations

from math import comb

import numpy as np

from bench.vision_train import SILENT_GOAL, bounded_threshold_for, threshold_for


def _readings(count: int, wrong_at: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """``count`` readings, surest first, wrong at the ranks ``wrong_at``."""
    confidence = np.linspace(1.0, 0.0, count, dtype=np.float32)
    right = np.ones(count, bool)
    right[wrong_at] = False
    return confidence, right


def test_enough_right_readings_make_every_reading_sure() -> None:
    confidence, right = _readings(3000, [])
    assert threshold_for(confidence, right) == 0.0
    # 3,000 right in a row: a rate of 1 in 1,000 would give none with odds under 10%.
    assert bounded_threshold_for(confidence, right, 0.9) == 0.0


def test_a_hundred_right_readings_cannot_show_the_goal_with_confidence() -> None:
    confidence, right = _readings(100, [])
    assert threshold_for(confidence, right) == 0.0
    assert bounded_threshold_for(confidence, right, 0.9) == 1.0


def test_the_bound_keeps_a_margin_below_the_goal() -> None:
    # Wrong once in every 1,000 readings: the plain rule takes them all, the bound
    # stops where those seen are fewer than the goal allows.
    confidence, right = _readings(12000, list(range(999, 12000, 1000)))
    plain = threshold_for(confidence, right)
    bounded = bounded_threshold_for(confidence, right, 0.9)
    assert plain == 0.0
    assert bounded > plain
    sure = confidence >= bounded
    assert (~right[sure]).sum() < SILENT_GOAL * sure.sum()


def test_the_bound_is_the_binomial_tail() -> None:
    confidence, right = _readings(6000, [10, 5200, 5300])
    bounded = bounded_threshold_for(confidence, right, 0.9)
    sure = confidence >= bounded
    n, k = int(sure.sum()), int((~right[sure]).sum())

    def tail(n: int, k: int) -> float:
        return sum(comb(n, i) * SILENT_GOAL**i * (1 - SILENT_GOAL) ** (n - i) for i in range(k + 1))

    assert tail(n, k) <= 0.1
    # One reading more (the next lower confidence) would break it.
    more = n + 1
    assert tail(more, int((~right[:more]).sum())) > 0.1
