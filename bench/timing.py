"""What the benchmark scripts share: time one call per item, and summarise the times."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")


def time_each(items: Sequence[Item], run: Callable[[Item], object]) -> list[float]:
    """Milliseconds of ``run(item)`` for each item, in order."""
    times = []
    for item in items:
        start = time.perf_counter()
        run(item)
        times.append((time.perf_counter() - start) * 1000)
    return times


def figures(times: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and mean of some times."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]
    return statistics.median(ordered), p95, statistics.fmean(ordered)
