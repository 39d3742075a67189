"""Is the working tree's camera reader faster than a git revision's, on the same photos?

On a machine shared with other jobs the milliseconds depend on the load more than on the
code, so both versions are measured in one run: each reads in its own process (the
baseline exported with ``git archive``), the two take turns photo by photo and feel the
same load. Prints, side by side, the median and 95th percentile of the milliseconds per
photo (wall clock) and of the CPU spent (the reader's process and its Tesseract).

    .venv/bin/python bench/vision_speed.py [--baseline HEAD] [--kind letters] [--photos 40]
        [--seed 11]
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (and would shadow the
# project's `vision` package): put the project root there instead, before any import.
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

import argparse  # noqa: E402
import contextlib  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

KINDS = ("letters", "numbers", "dice")


def _photos(kind: str, count: int, seed: int, folder: Path) -> None:
    """``count`` synthetic photos of ``kind`` saved losslessly in ``folder``, made by this
    tree's generator so that both versions read the very same pixels."""
    from solver.plates import draw_numbers
    from vision.glyphs import UNSEEN_FONTS
    from vision.synthetic import (
        CONSONANT_FACES,
        TABLES,
        VOWEL_FACES,
        dice_photo,
        plates_photo,
        rack_set,
    )

    for i in range(count):
        font, table = UNSEEN_FONTS[i % len(UNSEEN_FONTS)], TABLES[i % len(TABLES)]
        rng = np.random.default_rng(seed * 1000 + i)
        if kind == "letters":
            photo = rack_set(1, (font,), seed=seed * 1000 + i)[0][0]
        elif kind == "numbers":
            plates = draw_numbers(random.Random(seed * 1000 + i)).plates
            photo = plates_photo(plates, rng, font, table)
        else:
            consonants = "".join(rng.choice(list(CONSONANT_FACES), 3))
            faces = consonants + str(rng.choice(list(VOWEL_FACES)))
            photo = dice_photo(faces, rng, font, table)
        cv2.imwrite(str(folder / f"{i:03d}.png"), photo)


def _worker(root: Path, kind: str, folder: Path) -> None:
    """Read the photo named on each line of stdin with the reader of the tree at
    ``root``; answer each with its wall and CPU milliseconds."""
    sys.path[0] = str(root)
    from vision import reading
    from vision.camera import Image, load_photo
    from vision.dice import read_dice
    from vision.letters import read_letters
    from vision.plates import read_numbers

    if not Path(reading.__file__).is_relative_to(root):
        raise SystemExit(f"vision importé de {reading.__file__}, pas de {root}")
    readers: dict[str, Callable[[Image], object]] = {
        "letters": read_letters,
        "numbers": read_numbers,
        "dice": read_dice,
    }
    reader = readers[kind]
    photos = [load_photo(path) for path in sorted(folder.glob("*.png"))]

    def read(photo: Image) -> None:
        with contextlib.suppress(reading.NothingFound):
            reader(photo)

    # The model is trained or loaded before the clock runs, on another photo than those
    # timed (the reader keeps what it measured on a photo's pixels: read again, a photo
    # would be read faster).
    read(np.ascontiguousarray(photos[0][::-1]))
    print("ready", flush=True)
    for line in sys.stdin:
        cpu = _cpu()
        start = time.perf_counter()
        read(photos[int(line)])
        wall = time.perf_counter() - start
        print(wall * 1000, (_cpu() - cpu) * 1000, flush=True)


def _cpu() -> float:
    """Seconds of CPU spent by this process and its children, ended or running (a
    Tesseract kept loaded between photos is never reaped; Linux's /proc tells its CPU)."""
    times = os.times()
    spent = times.user + times.system + times.children_user + times.children_system
    tick = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended while we looked
        if int(fields[1]) == os.getpid():  # fields[11:13]: utime and stime, in ticks
            spent += (int(fields[11]) + int(fields[12])) / tick
    return spent


def _export(revision: str, folder: Path) -> None:
    """The tree of ``revision`` written into ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)


def _in_turn(
    roots: Sequence[Path], kind: str, folder: Path, count: int
) -> list[list[tuple[float, float]]]:
    """Each tree's (wall, CPU) milliseconds per photo, the trees taking turns (which one
    reads first alternates, so that neither always finds a warmer cache)."""
    command = [sys.executable, __file__, "--kind", kind]
    workers = [
        subprocess.Popen(
            [*command, "--worker", str(root), "--folder", str(folder)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for root in roots
    ]
    figures: list[list[tuple[float, float]]] = [[] for _ in roots]
    try:
        for worker in workers:
            if worker.stdout is None or worker.stdout.readline().strip() != "ready":
                raise SystemExit("un lecteur n'a pas démarré")
        for i in range(count):
            for k in range(len(workers)) if i % 2 == 0 else reversed(range(len(workers))):
                stdin, stdout = workers[k].stdin, workers[k].stdout
                assert stdin is not None and stdout is not None
                stdin.write(f"{i}\n")
                stdin.flush()
                wall, cpu = (float(v) for v in stdout.readline().split())
                figures[k].append((wall, cpu))
    finally:
        for worker in workers:
            if worker.stdin is not None:
                worker.stdin.close()
            worker.wait(timeout=60)
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="HEAD", help="git revision compared with")
    parser.add_argument("--kind", choices=KINDS, default="letters")
    parser.add_argument("--photos", type=int, default=40)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        _worker(args.worker, args.kind, args.folder)
        return
    with tempfile.TemporaryDirectory(prefix="arbitre-speed-") as temporary:
        folder = Path(temporary) / "photos"
        folder.mkdir()
        _photos(args.kind, args.photos, args.seed, folder)
        baseline = Path(temporary) / "baseline"
        baseline.mkdir()
        _export(args.baseline, baseline)
        roots = (baseline, ROOT)
        figures = _in_turn(roots, args.kind, folder, args.photos)
    print("| version | photos | ms médian | ms p95 | ms CPU médian | ms CPU p95 |")
    print("|---|---|---|---|---|---|")
    for name, times in zip((args.baseline, "arbre de travail"), figures, strict=True):
        wall, cpu = np.array(times).T
        print(
            f"| {name} | {len(times)} | {np.median(wall):.0f} | {np.percentile(wall, 95):.0f} "
            f"| {np.median(cpu):.0f} | {np.percentile(cpu, 95):.0f} |"
        )


if __name__ == "__main__":
    main()
