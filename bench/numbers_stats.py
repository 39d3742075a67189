"""Every distinct draw of "Le compte est bon": how many targets can be reached?

Sweeps the 13,243 distinct 6-plate draws of the 24 plates, enumerates every value each
one reaches (``solver.numbers.reachable``) and prints, unweighted, the share of
(draw, target 101..999) pairs that are solvable, which the published figure puts at
10,858,746 / 11,905,457 = 91.2081 %, then the run time. The draws are spread over worker
processes (``--workers``, one per core by default); each worker shares the values of the
sub-draws (up to 5 plates) between its draws.

    .venv/bin/python bench/numbers_stats.py [--workers 2] [--limit N]
"""

from __future__ import annotations

import sys
from pathlib import Path

# See bench/numbers.py: put the project root first on sys.path before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import itertools  # noqa: E402
import os  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator, Sequence  # noqa: E402
from concurrent.futures import ProcessPoolExecutor  # noqa: E402

from solver.numbers import Expressions, reachable  # noqa: E402
from solver.plates import DRAW_SIZE, PLATE_COUNTS  # noqa: E402

PUBLISHED = (10_858_746, 11_905_457)
TARGETS = range(101, 1000)


def distinct_draws() -> Iterator[tuple[int, ...]]:
    """Every multiset of 6 plates the box can produce, in sorted order."""
    pool = [value for value, count in sorted(PLATE_COUNTS.items()) for _ in range(count)]
    seen = set()
    for combo in itertools.combinations(pool, DRAW_SIZE):
        if combo not in seen:
            seen.add(combo)
            yield combo


def _solvable_counts(draws: Sequence[tuple[int, ...]]) -> tuple[int, int, list[int]]:
    """Solvable pairs, total pairs, and per-draw solvable counts for a chunk of draws."""
    expressions = Expressions(keep_up_to=DRAW_SIZE - 1)
    solvable = 0
    per_draw = []
    for draw in draws:
        values = reachable(draw, expressions)
        count = sum(1 for target in TARGETS if target in values)
        per_draw.append(count)
        solvable += count
    return solvable, len(draws) * len(TARGETS), per_draw


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=int, help="only the first N draws (a quick look)")
    args = parser.parse_args(argv)

    draws = list(distinct_draws())
    if args.limit:
        draws = draws[: args.limit]
    # Contiguous chunks keep draws that share sub-draws in the same worker's cache.
    chunk = -(-len(draws) // (args.workers * 8))
    chunks = [draws[i : i + chunk] for i in range(0, len(draws), chunk)]
    start_wall = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(_solvable_counts, chunks))
    wall = time.perf_counter() - start_wall
    solvable = sum(r[0] for r in results)
    total = sum(r[1] for r in results)
    per_draw = [count for r in results for count in r[2]]

    print(f"distinct draws: {len(draws):,}")
    print(f"solvable (draw, target 101..999) pairs: {solvable:,} / {total:,}")
    print(f"share: {100 * solvable / total:.4f} %")
    pub_solvable, pub_total = PUBLISHED
    if not args.limit:
        same = (solvable, total) == PUBLISHED
        print(
            f"published: {pub_solvable:,} / {pub_total:,} = {100 * pub_solvable / pub_total:.4f} %"
            f" -> {'same' if same else 'DIFFERENT'}"
        )
    full = sum(1 for count in per_draw if count == len(TARGETS))
    print(f"draws that reach every target 101..999: {full:,}")
    print(f"run time: {wall:.1f} s wall with {args.workers} worker(s)")
    return 0 if args.limit or (solvable, total) == PUBLISHED else 1


if __name__ == "__main__":
    raise SystemExit(main())
