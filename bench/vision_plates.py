"""Plates: the learned reader on sets it never trained on, before and after a user's
calibration (issue 23).

    .venv/bin/python bench/vision_plates.py [--photos 100] [--seed 7] [--users 8] [--verbose]

Three sets of synthetic photos, each plate value known:
- ``held-out``: the randomised renderer (:mod:`vision.render`) in its held-out families,
  fonts and colours that the classifier never trained on and its threshold was never
  chosen on (light digits on dark plates among them, bars under 6 and 9, outlines);
- ``calibration``: trained fonts in held-out colours (the threshold was chosen on
  windows of these families, not on these photos);
- ``held-out, few plates``: the held-out families again, but 1 to 5 plates a photo or
  none (a bare table of the renderer's, one photo in six), counted in no order: a
  number read beyond the plates shown is a plate invented (a silent misread), as a
  photo taken while the plates are laid out, or one hidden, would show;
- ``held-out, veined`` and ``held-out, few plates, veined``: the same two sets on veined
  stone (:data:`vision.synthetic.HELD_OUT_TABLES`), a texture family no network is
  trained on, as a marble table is (docs/vision.md, "textured tables");
- ``first generator``: :func:`vision.synthetic.plates_photo` in its five unseen fonts,
  the set the first design was tuned on (its README figure), to show what changes there;
- ``held-out, per user``: ``--users`` players, each with plates of one held-out family
  (:func:`vision.render.random_style`), ``--photos`` of them each read as they are
  (``learned``) and after the player's calibration (``calibrated``: three photos of their
  plates showing every value, ``arbitre calibrate --kind numbers``, :mod:`vision.own`).
Per plate: right, "?", silent misreads (a wrong value not marked "?", or a value read
where there is no plate), plates missed, and the time a photo takes (the first reading of
each reader loads its models: it is in the p95); ``--verbose``: then each photo read
with a silent misread, its set, seed and number in the set, what it shows and what was
read (the same seed draws it again). The first design's figures (removed) are in
docs/vision.md.
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
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

import numpy as np  # noqa: E402

from solver.plates import draw_numbers  # noqa: E402
from vision.calibrate import learn_numbers  # noqa: E402
from vision.camera import Image  # noqa: E402
from vision.glyphs import UNSEEN_FONTS  # noqa: E402
from vision.plates import read_numbers  # noqa: E402
from vision.reading import NothingFound  # noqa: E402
from vision.render import plates_scene, random_style  # noqa: E402
from vision.synthetic import HELD_OUT_TABLES, TABLES, plates_photo, table  # noqa: E402


@dataclass
class Tally:
    """Plates read on one set by one reader."""

    plates: int = 0
    right: int = 0
    unsure: int = 0
    silent: int = 0
    missed: int = 0
    misread: list[str] = field(default_factory=list)
    """Each photo with a silent misread, "photo 7: truth 4 2 10 read 4 2 1" (``--verbose``
    lists them; the photo's number in the set, when told: the same seed draws it again)."""

    def _said(self, silent: int, truth: Sequence[int], got: list[str], photo: int | None) -> None:
        if silent:
            shown = " ".join(str(t) for t in truth) or "nothing"
            where = "" if photo is None else f"photo {photo}: "
            self.misread.append(f"{where}truth {shown} read {' '.join(got) or 'nothing'}")

    def add(
        self,
        read: Sequence[str | int] | None,
        truth: Sequence[int],
        photo: int | None = None,
    ) -> None:
        """Count one photo's plates; the reading is aligned with the truth (difflib), so a
        plate missed or one too many costs one plate, not the whole draw."""
        self.plates += len(truth)
        silent = self.silent
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
        self._said(self.silent - silent, truth, got, photo)

    def add_unordered(
        self,
        read: Sequence[str | int] | None,
        truth: Sequence[int],
        photo: int | None = None,
    ) -> None:
        """Count one photo's plates in no order (a few plates in two rows have no one
        reading order): each plate value read surely as often as shown is right, every
        other sure value a silent misread (a plate invented, or misread), a "?" a plate
        unsure up to the plates not read right (past them it invents nothing)."""
        self.plates += len(truth)
        got = [str(v) for v in read or ()]
        sure = Counter(v for v in got if v != "?")
        right = sum((sure & Counter(str(t) for t in truth)).values())
        unsure = min(got.count("?"), len(truth) - right)
        self.right += right
        self.silent += sum(sure.values()) - right
        self.unsure += unsure
        self.missed += len(truth) - right - unsure
        self._said(sum(sure.values()) - right, truth, got, photo)

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        self.plates += other.plates
        self.right += other.right
        self.unsure += other.unsure
        self.silent += other.silent
        self.missed += other.missed
        self.misread += other.misread


Shots = list[tuple[Image, tuple[int, ...]]]


def photos(kind: str, count: int, seed: int) -> Shots:
    """``count`` photos of set ``kind`` and the plates they show."""
    rng = np.random.default_rng(seed)
    draws = random.Random(seed)
    tables = HELD_OUT_TABLES if kind.endswith(", veined") else TABLES
    out = []
    for i in range(count):
        plates = draw_numbers(draws).plates
        if kind == "first generator":
            font = UNSEEN_FONTS[i % len(UNSEEN_FONTS)]
            photo = plates_photo(plates, rng, font, TABLES[i % len(TABLES)])
        elif kind.startswith("held-out, few plates"):
            plates = plates[: i % 6]
            if plates:
                style = random_style(rng, "held-out")
                photo = plates_scene(plates, rng, style, (1024, 768), tables)
            else:
                top = table(rng, str(rng.choice(list(tables))), (1024, 768))
                photo = np.asarray(np.clip(top, 0, 255), np.uint8)
        else:
            style = random_style(rng, kind.removesuffix(", veined"))
            photo = plates_scene(plates, rng, style, (1024, 768), tables)
        out.append((photo, tuple(plates)))
    return out


def measure(
    shots: Sequence[tuple[Image, tuple[int, ...]]],
    reader: Callable[[Image], Sequence[str | int]],
    ordered: bool = True,
) -> tuple[Tally, list[float]]:
    tally, times = Tally(), []
    for i, (photo, truth) in enumerate(shots):
        start = time.perf_counter()
        try:
            read: Sequence[str | int] | None = reader(photo)
        except NothingFound:
            read = None
        times.append((time.perf_counter() - start) * 1000)
        (tally.add if ordered else tally.add_unordered)(read, truth, photo=i)
    return tally, times


def line(name: str, reader: str, tally: Tally, times: list[float]) -> str:
    n = max(1, tally.plates)
    return (
        f"| {name} | {reader} | {n} | {tally.right / n:.2%} | {tally.unsure / n:.2%} | "
        f"{tally.silent} ({tally.silent / n:.2%}) | {tally.missed} | "
        f"{statistics.median(times):.0f} | {np.percentile(times, 95):.0f} |"
    )


#: A player's calibration: three photos of their plates showing every value.
CALIBRATION_DRAWS = ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 25, 50), (75, 100, 1, 2, 3, 4))


def users(count: int, per_user: int, seed: int) -> list[tuple[list[Image], Shots]]:
    """``count`` players' calibration photos and ``per_user`` photos each to read, every
    player's plates of one held-out family."""
    rng = np.random.default_rng(seed)
    draws = random.Random(seed)
    out = []
    for _ in range(count):
        style = random_style(rng, "held-out")
        shots = [plates_scene(d, rng, style, (1024, 768)) for d in CALIBRATION_DRAWS]
        read = []
        for _ in range(per_user):
            plates = draw_numbers(draws).plates
            read.append((plates_scene(plates, rng, style, (1024, 768)), tuple(plates)))
        out.append((shots, read))
    return out


def per_user(players: list[tuple[list[Image], Shots]]) -> None:
    """The ``held-out, per user`` lines: each player's photos before and after their
    calibration, in a data directory of their own."""
    before, after = Tally(), Tally()
    times: tuple[list[float], list[float]] = ([], [])
    refused = 0
    for shots, read in players:
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)

            def reader(photo: Image, folder: Path = folder) -> Sequence[str | int]:
                return read_numbers(photo, data_dir=folder).values

            t, ms = measure(read, reader)
            before.merge(t)
            times[0].extend(ms)
            try:
                learn_numbers(
                    [
                        (f"{i}", s, ",".join(map(str, d)))
                        for i, (s, d) in enumerate(zip(shots, CALIBRATION_DRAWS, strict=True))
                    ],
                    folder,
                )
            except ValueError as error:
                refused += 1
                print(f"(calibration refusée : {error})", file=sys.stderr)
            t, ms = measure(read, reader)
            after.merge(t)
            times[1].extend(ms)
    print(line("held-out, per user", "learned", before, times[0]), flush=True)
    name = "calibrated" + (f" ({refused} refused)" if refused else "")
    print(line("held-out, per user", name, after, times[1]), flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--photos", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--users", type=int, default=8)
    sets = [
        "held-out",
        "calibration",
        "held-out, few plates",
        "first generator",
        "held-out, per user",
    ]
    veined = ["held-out, veined", "held-out, few plates, veined"]
    parser.add_argument("--sets", nargs="+", default=sets, choices=sets + veined)
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="after the table, each photo with a silent misread: its number, truth, reading",
    )
    args = parser.parse_args(argv)
    misread: list[str] = []
    print("| set | reader | plates | right | « ? » | silent | missed | ms median | ms p95 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for kind in args.sets:
        if kind == "held-out, per user":
            per_user(users(args.users, max(1, args.photos // args.users), args.seed))
            continue
        tally, times = measure(
            photos(kind, args.photos, args.seed),
            lambda p: read_numbers(p).values,
            ordered=not kind.startswith("held-out, few plates"),
        )
        print(line(kind, "learned", tally, times), flush=True)
        misread += [f"{kind}, seed {args.seed}, {said}" for said in tally.misread]
    if args.verbose and misread:
        print()
        print("\n".join(misread))


if __name__ == "__main__":
    main()
