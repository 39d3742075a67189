"""How fast are the word solvers, and how much memory do the lexicons take? One run.

1. Cold load: a fresh Python process loads the compiled index (all three games' lists
   share it): seconds, and its resident memory beside a bare interpreter's.
2. "Le mot le plus long": N random draws of 5 vowels and 5 consonants taken from a French
   Scrabble bag (seeded), one ``longest()`` each: median, p95 and mean milliseconds, side by
   side with the classic method (a dictionary from sorted letters to anagrams, looked up for
   every sub-draw) built here from the same list, and the distribution of best lengths.
3. The dice game: every one of the 1,540 rolls of three consonant dice, ``shortest_with()``
   each: the same figures, how many are impossible, the shortest lengths.

    .venv/bin/python bench/words.py [--draws 1000] [--seed 2026]
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and it holds numbers.py,
# named like the standard library's `numbers`: put the project root there instead.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

import argparse  # noqa: E402
import random  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from itertools import combinations, combinations_with_replacement  # noqa: E402

from bench.timing import figures, time_each  # noqa: E402
from solver.lexicon import lexicon  # noqa: E402
from solver.words import CONSONANTS, longest, shortest_with  # noqa: E402

#: The French Scrabble bag without its two blanks: letter -> tiles.
SCRABBLE_FR = dict(
    zip(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        (9, 2, 2, 3, 15, 2, 2, 2, 8, 1, 1, 5, 3, 6, 6, 2, 1, 6, 6, 6, 6, 2, 1, 1, 1, 1),
        strict=True,
    )
)
VOWELS = "AEIOUY"

_LOAD = """
import resource, time
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
before = rss()
start = time.perf_counter()
if {load}:
    from solver.lexicon import lexicon
    for rules in ("dcdl", "dice", "paroles"):
        lexicon(rules)
took = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(took, before, rss(), peak)
"""


def cold_load(load: bool) -> tuple[float, float, float, float]:
    """Seconds, RSS before, RSS after, peak RSS (MiB) of a fresh process loading it all."""
    done = subprocess.run(
        [sys.executable, "-c", _LOAD.format(load=load)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    took, before, after, peak = map(float, done.stdout.split())
    return took, before, after, peak


def scrabble_draw(rng: random.Random) -> str:
    bag = [letter for letter, tiles in SCRABBLE_FR.items() for _ in range(tiles)]
    vowels = [t for t in bag if t in VOWELS]
    consonants = [t for t in bag if t not in VOWELS]
    return "".join(rng.sample(vowels, 5) + rng.sample(consonants, 5))


def anagram_table(words: Sequence[str]) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for word in words:
        if len(word) <= 10:
            table.setdefault("".join(sorted(word)), []).append(word)
    return table


def classic_longest(table: dict[str, list[str]], letters: str) -> tuple[int, set[str]]:
    """The baseline: look every distinct sub-draw up, longest first."""
    tiles = sorted(letters)
    for size in range(len(tiles), 1, -1):
        found: set[str] = set()
        for combo in set(combinations(tiles, size)):
            found.update(table.get("".join(combo), ()))
        if found:
            return size, found
    return 0, set()


def row(name: str, times: list[float]) -> str:
    median, p95, mean = figures(times)
    return f"{name:<32}{median:>10.3f}{p95:>10.3f}{mean:>10.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    took, before, after, peak = cold_load(True)
    _, bare, _, _ = cold_load(False)
    print("Cold load of the index of all three lists (fresh process):")
    print(f"  {took:.3f} s; RSS {after:.0f} MiB after (bare interpreter {bare:.0f} MiB,")
    print(f"  so the lexicons hold {after - before:.0f} MiB), peak {peak:.0f} MiB while loading")

    rng = random.Random(args.seed)
    draws = [scrabble_draw(rng) for _ in range(args.draws)]
    dcdl = lexicon("dcdl")
    start = time.perf_counter()
    table = anagram_table([word for word, _ in dcdl.words(dcdl.accepted)])
    built = time.perf_counter() - start
    for draw in draws[:50]:  # both methods agree
        ours = longest(draw)
        assert (ours.best_length, set(ours.words)) == classic_longest(table, draw), draw
    ours_times = time_each(draws, longest)
    classic_times = time_each(draws, lambda d: classic_longest(table, d))
    print(f"\nLe mot le plus long: {args.draws} draws (5 vowels + 5 consonants), seed {args.seed}")
    print(f"{'method':<32}{'median ms':>10}{'p95 ms':>10}{'mean ms':>10}")
    print(row("arbitre solver.words.longest", ours_times))
    print(row("classic anagram table", classic_times))
    print(f"  (the classic table takes {built:.2f} s to build from the list, at every start)")
    lengths = Counter(longest(d).best_length for d in draws)
    print("  best lengths: " + ", ".join(f"{n}: {lengths[n]}" for n in sorted(lengths)))

    rolls = ["".join(r) for r in combinations_with_replacement(CONSONANTS, 3)]
    dice_times = time_each(rolls, shortest_with)
    answers = [shortest_with(r) for r in rolls]
    impossible = sum(a.impossible for a in answers)
    print(f"\nLe mot le plus court: all {len(rolls)} rolls of three consonant dice")
    print(f"{'method':<32}{'median ms':>10}{'p95 ms':>10}{'mean ms':>10}")
    print(row("arbitre solver.words.shortest", dice_times))
    shortest = Counter(a.length for a in answers if a.length is not None)
    print(f"  impossible: {impossible}; shortest lengths: ", end="")
    print(", ".join(f"{n}: {shortest[n]}" for n in sorted(shortest)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
