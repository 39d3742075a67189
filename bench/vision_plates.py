"""Plates: the first design against the learned classifier, side by side (issue 23).

    .venv/bin/python bench/vision_plates.py [--photos 100] [--seed 7]

Three sets of synthetic photos, each plate value known:
- ``held-out``: the randomised renderer (:mod:`vision.render`) in its held-out families,
  fonts and colours that the classifier never trained on and its threshold was never
  chosen on (light digits on dark plates among them, bars under 6 and 9, outlines);
- ``calibration``: trained fonts in held-out colours (the threshold was chosen on
  windows of these families, not on these photos);
- ``first generator``: :func:`vision.synthetic.plates_photo` in its five unseen fonts,
  the set the first design was tuned on (its README figure), to show what changes there.
Per plate: right, "?", silent misreads (a wrong value not marked "?", or a value read
where there is no plate), plates missed, and the time a photo takes (the first reading of
each reader loads its models: it is in the p95).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (its numbers.py would
# shadow the standard library's): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import difflib  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import numpy as np  # noqa: E402

from solver.plates import draw_numbers  # noqa: E402
from vision.camera import Image  # noqa: E402
from vision.glyphs import UNSEEN_FONTS  # noqa: E402
from vision.plates import read_numbers  # noqa: E402
from vision.reading import NothingFound, close_tesseracts  # noqa: E402
from vision.render import plates_scene, random_style  # noqa: E402
from vision.synthetic import TABLES, plates_photo  # noqa: E402


@dataclass
class Tally:
    """Plates read on one set by one reader."""

    plates: int = 0
    right: int = 0
    unsure: int = 0
    silent: int = 0
    missed: int = 0

    def add(self, read: Sequence[str | int] | None, truth: Sequence[int]) -> None:
        """Count one photo's plates; the reading is aligned with the truth (difflib), so a
        plate missed or one too many costs one plate, not the whole draw."""
        self.plates += len(truth)
        got = [str(v) for v in read or ()]
        matcher = difflib.SequenceMatcher(None, [str(t) for t in truth], got, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                self.right += i2 - i1
                continue
            seen = got[j1:j2]
            self.unsure += seen.count("?")
            self.silent += len(seen) - seen.count("?")
            self.missed += max(0, (i2 - i1) - (j2 - j1))


def photos(kind: str, count: int, seed: int) -> list[tuple[Image, tuple[int, ...]]]:
    """``count`` photos of set ``kind`` and the plates they show."""
    rng = np.random.default_rng(seed)
    draws = random.Random(seed)
    out = []
    for i in range(count):
        plates = draw_numbers(draws).plates
        if kind == "first generator":
            font = UNSEEN_FONTS[i % len(UNSEEN_FONTS)]
            photo = plates_photo(plates, rng, font, TABLES[i % len(TABLES)])
        else:
            photo = plates_scene(plates, rng, random_style(rng, kind), (1024, 768))
        out.append((photo, tuple(plates)))
    return out


def measure(
    shots: Sequence[tuple[Image, tuple[int, ...]]], reader: Callable[[Image], Sequence[str | int]]
) -> tuple[Tally, list[float]]:
    tally, times = Tally(), []
    for photo, truth in shots:
        start = time.perf_counter()
        try:
            read: Sequence[str | int] | None = reader(photo)
        except NothingFound:
            read = None
        times.append((time.perf_counter() - start) * 1000)
        tally.add(read, truth)
    return tally, times


def line(name: str, reader: str, tally: Tally, times: list[float]) -> str:
    n = tally.plates
    return (
        f"| {name} | {reader} | {n} | {tally.right / n:.2%} | {tally.unsure / n:.2%} | "
        f"{tally.silent} ({tally.silent / n:.2%}) | {tally.missed} | "
        f"{statistics.median(times):.0f} | {np.percentile(times, 95):.0f} |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--photos", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sets", nargs="+", default=["held-out", "calibration", "first generator"])
    parser.add_argument("--readers", nargs="+", default=["first design", "learned"])
    args = parser.parse_args(argv)
    print("| set | reader | plates | right | « ? » | silent | missed | ms median | ms p95 |")
    print("|---|---|---|---|---|---|---|---|---|")
    readers: dict[str, Callable[[Image], Sequence[str | int]]] = {
        "first design": lambda p: read_numbers(p, learned=False).values,
        "learned": lambda p: read_numbers(p).values,
    }
    for kind in args.sets:
        shots = photos(kind, args.photos, args.seed)
        for name in args.readers:
            reader = readers[name]
            tally, times = measure(shots, reader)
            print(line(kind, name, tally, times), flush=True)
    close_tesseracts()


if __name__ == "__main__":
    main()
