"""How fast is "Le compte est bon"? Our solver and tryalgo's, side by side, one run.

For N random game draws with random targets (seeded, so every run sees the same draws),
time one full solve each (exact or closest, plus the simplest steps) in this process, and
the same draws with tryalgo's ``arithm_expr_target`` (a correct subset-DP solver in pure
Python, PyPI ``tryalgo``). Prints median, p95 and mean milliseconds and the ratio.

    .venv/bin/python bench/numbers.py [--draws 1000] [--seed 2026] [--targets 100-999]
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and this file is named like
# the standard library's `numbers`: put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402

from bench.timing import figures, time_each  # noqa: E402
from solver.numbers import solve  # noqa: E402
from solver.plates import draw_numbers  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--targets", default="100-999", help="target range, e.g. 1-999")
    parser.add_argument("--no-tryalgo", action="store_true", help="time our solver only")
    args = parser.parse_args(argv)
    low, high = (int(part) for part in args.targets.split("-"))
    rng = random.Random(args.seed)
    draws = [draw_numbers(rng, (low, high)) for _ in range(args.draws)]

    ours = time_each(draws, lambda d: solve(d.plates, d.target))
    exact = sum(solve(d.plates, d.target).exact for d in draws)
    print(f"{args.draws} draws, targets {low}..{high}, seed {args.seed}: {exact} exact")
    print(f"{'solver':<22}{'median ms':>10}{'p95 ms':>10}{'mean ms':>10}")
    med, p95, mean = figures(ours)
    print(f"{'arbitre solver.numbers':<22}{med:>10.2f}{p95:>10.2f}{mean:>10.2f}")
    if not args.no_tryalgo:
        from tryalgo.arithm_expr_target import arithm_expr_target

        theirs = time_each(draws, lambda d: arithm_expr_target(list(d.plates), d.target))
        t_med, t_p95, t_mean = figures(theirs)
        print(f"{'tryalgo':<22}{t_med:>10.2f}{t_p95:>10.2f}{t_mean:>10.2f}")
        print(
            f"{'ratio (tryalgo/ours)':<22}{t_med / med:>10.1f}{t_p95 / p95:>10.1f}"
            f"{t_mean / mean:>10.1f}"
        )
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the process: {peak_mib:.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
