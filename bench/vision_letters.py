"""Letters: the learned reader before and after a user's calibration, in one run.

    .venv/bin/python bench/vision_letters.py [--racks 40] [--seed 7] [--users 4]

Two sets of synthetic rack photos, each tile's letter known:
- ``held-out``: the randomised tile renderer (:mod:`vision.letter_render`) in its held-out
  families, font designs and colour schemes the classifier never trained on and its
  threshold was never chosen on (light letters on dark tiles among them, outlines, score
  digits or none); one tile set per user, ``--racks`` photos each;
- ``held-out, veined`` (with ``--only``): the same tile sets with every photo, the
  calibration's too, on veined stone (:data:`vision.synthetic.HELD_OUT_TABLES`), a
  texture family no network is trained on, as a marble table is;
- ``calibration`` (asked for with ``--only``): trained designs in held-out colours, the
  set where the reader's failures may be studied (the held-out figure is only measured);
- ``calibration, short Q`` (with ``--only``): the calibration families with a confusion
  made on purpose, every Q drawn as the design's O with a short stroke inside its bowl
  (:func:`short_q`), as some designs draw it: a letter the network may read as another
  surely, where a calibration must learn the player's Q against the network;
- ``first generator``: :func:`vision.synthetic.rack_set` in its unseen fonts, the set the
  first design was tuned on (its README figure), to show what changes there.
Each set is read before a calibration, then after one (three photos of
the user's own tiles showing A to Z, :func:`vision.calibrate.learn_letters`). Per tile:
right, "?", silent misreads (a wrong letter not marked "?", or a letter read where there
is no tile), tiles missed, whole racks right, and the time a photo takes (models loaded
before the clock runs). ``--models`` reads with other networks, each folder given in
turn on the same photos (a folder holding ``letters.onnx``, ``letters.json``,
``tile_finder.onnx``, ``tile_finder.json``: the letters' network and the finder with the
reader's threshold; ``vision/data`` is the committed ones): two trainings side by side
in one run. The first design's figures (its reading was removed) are in docs/vision.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (its numbers.py would
# shadow the standard library's): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import contextlib  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision import letter_render  # noqa: E402
from vision.calibrate import CalibrationError, learn_letters  # noqa: E402
from vision.camera import Image  # noqa: E402
from vision.glyphs import LETTERS, UNSEEN_FONTS  # noqa: E402
from vision.learned import LetterNet  # noqa: E402
from vision.letter_render import TileStyle, rack_scene, random_style  # noqa: E402
from vision.letters import read_letters  # noqa: E402
from vision.reading import NothingFound  # noqa: E402
from vision.synthetic import HELD_OUT_TABLES, TABLES, Score, rack_set, score  # noqa: E402
from vision.synthetic import random_style as first_style  # noqa: E402
from vision.tile_finder import TileFinder  # noqa: E402

CALIBRATION_RACKS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ")

#: One user's tile set: its name, its rack photos and their letters, its calibration photos.
User = tuple[str, list[tuple[Image, str]], list[tuple[str, Image, str]]]


def tile_users(
    count: int, racks: int, seed: int, split: str = "held-out", tables: Sequence[str] = TABLES
) -> list[User]:
    """``count`` tile sets of the ``split`` families (the held-out ones, or the
    calibration ones: trained designs in held-out colours, where the reader may be
    studied without spending the held-out figure), ``racks`` photos each, on
    ``tables``."""
    rng = np.random.default_rng(seed)
    users = []
    for u in range(count):
        style = random_style(rng, split)
        photos = []
        for _ in range(racks):
            letters = "".join(rng.choice(list(LETTERS), int(rng.integers(1, 11))))
            photos.append((rack_scene(list(letters), rng, style, tables=tables), letters))
        shots = [(n, rack_scene(list(n), rng, style, tables=tables), n) for n in CALIBRATION_RACKS]
        users.append((f"{style.font.stem} #{u}", photos, shots))
    return users


Drawer = Callable[..., tuple[Image, Image]]


def short_q(draw: Drawer) -> Drawer:
    """``draw`` (:func:`vision.letter_render.draw_tile`), every Q drawn as the design's O
    with a short stroke inside its bowl, its lower right: a tail that never leaves the
    bowl, which a network trained on long tails may not see."""

    def drawn(
        letter: str,
        style: TileStyle,
        width: int,
        rng: np.random.Generator,
        score: int | None = None,
    ) -> tuple[Image, Image]:
        if letter != "Q":
            return draw(letter, style, width, rng, score)
        picture, mask = draw("O", style, width, rng, score)
        x, y, w, h = cv2.boundingRect(mask)
        start = (x + round(0.58 * w), y + round(0.62 * h))
        end = (x + round(0.74 * w), y + round(0.82 * h))
        thick = max(2, round(0.09 * w))
        picture, mask = picture.copy(), mask.copy()
        cv2.line(picture, start, end, tuple(int(v) for v in style.ink), thick, cv2.LINE_AA)
        cv2.line(mask, start, end, 255, thick)
        return picture, mask

    return drawn


@contextlib.contextmanager
def drawing_short_q() -> Iterator[None]:
    """Tiles drawn within are drawn by :func:`short_q`."""
    draw = letter_render.draw_tile
    letter_render.draw_tile = short_q(draw)
    try:
        yield
    finally:
        letter_render.draw_tile = draw


def first_generator_users(racks: int, seed: int) -> list[User]:
    """The first generator's unseen fonts, one tile set each (bench/vision.py's set)."""
    rng = np.random.default_rng(seed)
    users = []
    for i, font in enumerate(UNSEEN_FONTS):
        style = first_style(rng, (font,))
        photos = [(p[0], p[1]) for p in rack_set(racks, (font,), seed * 100 + i, style)]
        shots = rack_set(3, (font,), seed * 100 + 50 + i, style, words=CALIBRATION_RACKS)
        calibration = [(n, p[0], p[1]) for n, p in zip(CALIBRATION_RACKS, shots, strict=True)]
        users.append((font, photos, calibration))
    return users


@dataclass(frozen=True)
class Models:
    """The networks a reading is made with (the committed ones by default)."""

    label: str = ""
    finder: TileFinder | None = None
    net: LetterNet | None = None


def models_in(folder: Path) -> Models:
    """The networks of ``folder`` (see the module's text)."""
    return Models(
        f" ({folder})",
        TileFinder(folder / "tile_finder.onnx", folder / "tile_finder.json"),
        LetterNet(folder / "letters.onnx", folder / "letters.json"),
    )


def _read(
    photos: Sequence[tuple[Image, str]], folder: Path, models: Models
) -> tuple[Score, list[float]]:
    values: list[tuple[str | int, ...] | None] = []
    times = []
    for photo, _ in photos:
        start = time.perf_counter()
        try:
            reading = read_letters(photo, data_dir=folder, finder=models.finder, net=models.net)
            values.append(reading.values)
        except NothingFound:
            values.append(None)
        times.append((time.perf_counter() - start) * 1000)
    return score(values, [t for _, t in photos]), times


def _line(name: str, result: Score, times: list[float]) -> str:
    return (
        f"| {name} | {result.tiles} | {result.right / result.tiles:.2%} | "
        f"{result.unsure / result.tiles:.2%} | {result.silent} "
        f"({result.silent / result.tiles:.2%}) | {result.missed} "
        f"| {result.racks_right}/{result.racks} | {statistics.median(times):.0f} | "
        f"{np.percentile(times, 95):.0f} |"
    )


def _total(scores: Sequence[Score]) -> Score:
    return Score(*(sum(getattr(s, f) for s in scores) for f in Score.__dataclass_fields__))


def _user_folder(root: Path, name: str) -> Path:
    """A fresh data directory."""
    folder = root / name
    folder.mkdir(parents=True)
    return folder


def measure(
    set_name: str,
    users: Sequence[User],
    root: Path,
    verbose: bool,
    every: Sequence[Models] = (Models(),),
) -> None:
    """The reader on ``users``' photos, before and after each user's calibration, with
    each of ``every``'s networks in turn."""
    tallies: dict[str, list[Score]] = {}
    times: dict[str, list[float]] = {}
    for m, models in enumerate(every):
        for u, (name, photos, calibration) in enumerate(users):
            folder = _user_folder(root, f"{set_name}-{m}-{u}")
            for moment in ("sans étalonnage", "après étalonnage"):
                if moment == "après étalonnage":
                    usable = []
                    for shot in calibration:
                        try:  # each photo alone first: one not all found is left out
                            probe = _user_folder(root, f"probe-{set_name}-{m}-{u}-{shot[0]}")
                            learn_letters([shot], probe, finder=models.finder, net=models.net)
                            usable.append(shot)
                        except CalibrationError:
                            pass
                    if usable:
                        learn_letters(
                            usable, folder, reset=True, finder=models.finder, net=models.net
                        )
                result, spent = _read(photos, folder, models)
                key = moment + models.label
                tallies.setdefault(key, []).append(result)
                times.setdefault(key, []).extend(spent)
                if verbose:
                    print(_line(f"{name}, {key}", result, spent), flush=True)
    print(f"\n{set_name}:\n")
    print(
        "| lecteur | tuiles | justes | « ? » | erreurs muettes | manquées "
        "| réglettes justes | ms médian | ms p95 |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for moment, scores in tallies.items():
        print(_line(f"appris, {moment}", _total(scores), times[moment]))
    print(flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=40, help="photos per tile set")
    parser.add_argument("--users", type=int, default=4, help="held-out tile sets")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--verbose", action="store_true", help="a line per tile set")
    parser.add_argument(
        "--only",
        choices=(
            "held-out",
            "held-out, veined",
            "calibration",
            "calibration, short Q",
            "first generator",
        ),
        action="append",
        help="one set (calibration: only with --only; the reader is studied there)",
    )
    parser.add_argument(
        "--models",
        type=Path,
        nargs="+",
        default=[],
        help="folders of other networks (letters, tile_finder), each read with in turn",
    )
    args = parser.parse_args(argv)
    every = [models_in(folder) for folder in args.models] or [Models()]
    sets = tuple(args.only or ("held-out", "first generator"))
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-") as folder:
        root = Path(folder)
        # Models loaded before any clock runs.
        warm = rack_scene(
            list("MOT"), np.random.default_rng(0), random_style(np.random.default_rng(0), "train")
        )
        for models in every:
            with contextlib.suppress(NothingFound):
                read_letters(warm, data_dir=root, finder=models.finder, net=models.net)
        if "held-out" in sets:
            measure(
                "held-out",
                tile_users(args.users, args.racks, args.seed),
                root,
                args.verbose,
                every,
            )
        if "held-out, veined" in sets:
            users = tile_users(args.users, args.racks, args.seed, tables=HELD_OUT_TABLES)
            measure("held-out, veined", users, root, args.verbose, every)
        if "calibration" in sets:
            measure(
                "calibration",
                tile_users(args.users, args.racks, args.seed, "calibration"),
                root,
                args.verbose,
                every,
            )
        if "calibration, short Q" in sets:
            with drawing_short_q():
                users = tile_users(args.users, args.racks, args.seed, "calibration")
            measure("calibration, short Q", users, root, args.verbose, every)
        if "first generator" in sets:
            measure(
                "first generator",
                first_generator_users(args.racks // 2, args.seed),
                root,
                args.verbose,
                every,
            )


if __name__ == "__main__":
    main()
