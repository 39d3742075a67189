"""Dice: the learned readers on sets they never trained on (issue 23).

    .venv/bin/python bench/vision_dice.py [--photos 100] [--seed 7] [--users 8]

Sets of synthetic photos, each die's up face known:
- ``held-out``: the randomised dice renderer (:mod:`vision.dice_render`) in its held-out
  families, font designs and die colours that the classifier never trained on and its
  threshold was never chosen on, on any table (held-out tables among them): three d20
  and the vowel cube, small or large in a 1024 × 768 frame;
- ``held-out, 3 dice``: the same families without the vowel die, read told so;
- ``held-out, veined`` and ``held-out, 3 dice, veined``: the same on veined stone
  (:data:`vision.synthetic.HELD_OUT_TABLES`), a texture no network is trained on;
- ``calibration``: the dice's trained fonts in held-out colours (the threshold was
  chosen on windows of these families and others, not on these photos); ``calibration,
  3 dice``: the same without the vowel die, where the reader's misses without it may be
  studied;
- ``first generator``: :func:`vision.synthetic.dice_photo` in its five unseen fonts, the
  set the first design was tuned on;
- ``unseen`` and ``unseen, 3 dice``: dice of the ``unseen`` split (below), where a
  change for designs the dice network never trained on is chosen, the held-out
  families left to the figures;
- ``fresh`` and ``fresh, 3 dice``: dice of the ``fresh`` split (designs only the dice
  are drawn in, :data:`vision.render.DICE_DESIGNS`): neither trained on nor chosen on;
- ``held-out, per user``: players of held-out families, before and after their
  calibration (:func:`per_user`); ``unseen, per user``: the same with dice of the
  ``unseen`` split (the letters' held-out designs, which no dice network trains on, in
  held-out colours; the threshold was chosen on photos of them), where a choice about
  the calibration may be made;
  ``fresh, per user``: players of the ``fresh`` split.
The reader (``--readers "classifier alone"``, the only one since the die finder's own
up-letter reader was removed): the two-window classifier on the die finder's dice
(:func:`vision.dice_learned.read_learned`: what ``read_dice`` reads with, off the mat).
``--models`` reads with other networks, each folder given in turn on the same photos (a
folder holding ``dice_finder.onnx``, ``dice.onnx``, ``dice.json``;
``vision/data`` is the committed ones): two trainings side by side in one run, on one
draw (``held-out, per user`` excepted: the committed networks only). The first design's
figures (it was removed) are in docs/vision.md.
``--tilt K`` reads each set's photos as drawn, then as a camera leaning away from
overhead would take them, without the mat (:func:`tilted`: the far side K of the width
narrower at each end, the picture foreshortened by half that), alternately towards the
top and the bottom: what a camera not quite above the table costs.
The three consonants are scored as the game uses them, as a set (a word must hold them
all, in any order); the vowel die in its place. Per die: right, "?", silent misreads (a
wrong letter not marked "?"), dice missed (not in the reading at all); then the share of
photos whose dice are all right, and the time a photo takes. ``--verbose``: after each
line, every photo with a silent misread, its number in the set and its dice's design and
table (one design's letter misread photo after photo shows there); the players' lines
say each player's silent misreads and their dice's design (``--photos`` is shared among
the players: ``--users 12 --photos 2880`` gives each 240).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (its numbers.py would
# shadow the standard library's): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass, field, replace  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.calibrate import CalibrationError, learn_dice  # noqa: E402
from vision.camera import Image  # noqa: E402
from vision.dice_centres import DiceNets  # noqa: E402
from vision.dice_learned import DICE_META, DICE_ONNX, DiceNet, read_learned  # noqa: E402
from vision.dice_render import as_told, dice_scene, random_faces, random_style  # noqa: E402
from vision.glyphs import UNSEEN_FONTS  # noqa: E402
from vision.reading import NothingFound  # noqa: E402
from vision.synthetic import HELD_OUT_TABLES, TABLES, dice_photo  # noqa: E402


@dataclass
class Tally:
    """Dice read on one set by one reader."""

    dice: int = 0
    right: int = 0
    unsure: int = 0
    silent: int = 0
    missed: int = 0
    photos: int = 0
    photos_right: int = 0
    misread: list[str] = field(default_factory=list)
    """Each photo with a silent misread, "truth read A B C D" (``--verbose`` lists them)."""

    def add(self, read: Sequence[str | int] | None, truth: str, where: str = "") -> None:
        """Count one photo: consonants as a set, the vowel (the fourth) in its place.
        ``where``: what the misread list says of the photo (its number, its design)."""
        got = [str(v) for v in read or ()]
        silent = self.silent
        self.photos += 1
        self.dice += len(truth)
        before = self.right
        wanted = Counter(truth[:3])
        seen = got[:3]
        for letter in seen:
            if letter == "?":
                self.unsure += 1
            elif wanted[letter] > 0:
                wanted[letter] -= 1
                self.right += 1
            else:
                self.silent += 1
        self.missed += max(0, 3 - len(seen))
        if len(truth) == 4:
            if len(got) < 4:
                self.missed += 1
            elif got[3] == "?":
                self.unsure += 1
            elif got[3] == truth[3]:
                self.right += 1
            else:
                self.silent += 1
        elif len(got) > 3:
            self.silent += got[3] != "?"
            self.unsure += got[3] == "?"
        self.photos_right += self.right - before == len(truth) and len(got) == len(truth)
        if self.silent > silent:
            said = f"{truth} read {' '.join(got)}"
            self.misread.append(f"{where}: {said}" if where else said)

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        for name in ("dice", "right", "unsure", "silent", "missed", "photos", "photos_right"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.misread += other.misread


def photos(kind: str, count: int, seed: int) -> list[tuple[Image, str, str]]:
    """``count`` photos of set ``kind``, the faces they show and how the photo is drawn
    (its dice's font and its table, for ``--verbose``)."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        faces = random_faces(rng, ", 3 dice" not in kind)
        if kind == "first generator":
            font, table = UNSEEN_FONTS[i % len(UNSEEN_FONTS)], TABLES[i % 5]
            photo = dice_photo(faces, rng, font, table)
            drawn = f"{Path(font).stem} on {table}"
        else:
            splits = ("calibration", "unseen", "fresh")
            split = next((s for s in splits if kind.startswith(s)), "held-out")
            style = random_style(rng, split)
            if kind.endswith("veined"):  # a texture no network is trained on
                style = replace(style, table=HELD_OUT_TABLES[0])
            photo, _ = dice_scene(faces, rng, style)
            drawn = f"{style.font.stem} on {style.table}"
        out.append((photo, faces, drawn))
    return out


def tilted(photo: Image, share: float, towards_top: bool = True) -> Image:
    """``photo`` as a camera tilted away from overhead would take it: the far side seen
    ``share`` of the width narrower at each end, and the picture foreshortened by half
    of ``share`` (a trapezoid warp; the dice are drawn flat, so their tops lean with the
    table). The photo keeps its size; what leaves it is the table's edge repeated."""
    h, w = photo.shape[:2]
    near = [[w, h], [0, h]] if towards_top else [[0, 0], [w, 0]]
    y = 0.5 * share * h if towards_top else h - 0.5 * share * h
    far = [[share * w, y], [w - share * w, y]]
    corners = [[0, 0], [w, 0], [w, h], [0, h]]
    target = far + near if towards_top else near + far[::-1]
    homography = cv2.getPerspectiveTransform(
        np.array(corners, np.float32), np.array(target, np.float32)
    )
    warped = cv2.warpPerspective(photo, homography, (w, h), borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(warped, np.uint8)


Reader = Callable[[Image, bool], Sequence[str | int]]


@dataclass(frozen=True)
class Models:
    """The networks read with: the die finder and the classifier (``None``: the
    committed ones), and how the table's reader column names them."""

    label: str = ""
    nets: DiceNets | None = None
    net: DiceNet | None = None


def models_in(folder: Path) -> Models:
    """The die finder and the dice classifier in ``folder``, and the d20's top finder
    and upright classifier there if it holds them."""
    return Models(
        f" ({folder})",
        DiceNets.in_folder(folder),
        DiceNet(folder / DICE_ONNX.name, folder / DICE_META.name),
    )


def measure(
    shots: Sequence[tuple[Image, str]], reader: Reader, where: Sequence[str] = ()
) -> tuple[Tally, list[float]]:
    """``shots`` read by ``reader``, counted; ``where``: each photo's words in the
    misread list (:meth:`Tally.add`)."""
    tally, times = Tally(), []
    for i, (photo, truth) in enumerate(shots):
        start = time.perf_counter()
        try:
            read: Sequence[str | int] | None = reader(photo, len(truth) == 4)
        except NothingFound:
            read = None
        times.append((time.perf_counter() - start) * 1000)
        tally.add(read, truth, where[i] if i < len(where) else "")
    return tally, times


def line(name: str, reader: str, tally: Tally, times: list[float]) -> str:
    n = tally.dice
    return (
        f"| {name} | {reader} | {n} | {tally.right / n:.2%} | {tally.unsure / n:.2%} | "
        f"{tally.silent} ({tally.silent / n:.2%}) | {tally.missed} | "
        f"{tally.photos_right}/{tally.photos} | "
        f"{statistics.median(times):.0f} | {np.percentile(times, 95):.0f} |"
    )


#: A player's calibration: seven photos of their dice showing every face (the three
#: consonants left to right, then the vowel die's), as ``arbitre calibrate --kind dice``.
CALIBRATION_FACES = ("BCDA", "FGHE", "JKLI", "MNPO", "QRSU", "TVW*", "XZBA")


def per_user(
    players: int,
    count: int,
    seed: int,
    split: str = "held-out",
    share: float = 0.0,
    *,
    verbose: bool = False,
) -> None:
    """The ``held-out, per user`` lines (``split``: ``unseen``, the ``unseen, per user``
    ones): ``players`` players, each with dice of one family of ``split``, their
    ``count`` photos read by the classifier alone before and after their calibration
    (:data:`CALIBRATION_FACES`), in a data directory of their own. The committed
    networks only, whatever ``--models`` says: the calibration
    (:func:`vision.calibrate.learn_dice`) finds the player's dice with them. ``share``:
    each player's camera off overhead (:func:`tilted`, towards the top for one player,
    the bottom for the next), their calibration photos taken by it too. ``verbose``: a
    line per player with a silent misread, their design and each such photo, before and
    after their calibration (a player meets their design's misread photo after photo)."""
    rng = np.random.default_rng(seed)
    before, after = Tally(), Tally()
    times: tuple[list[float], list[float]] = ([], [])
    refused = 0
    for player in range(players):
        style = random_style(rng, split)

        def camera(photo: Image, towards_top: bool = player % 2 == 0) -> Image:
            return tilted(photo, share, towards_top) if share else photo

        shots = [
            (camera(p), drawn)
            for p, drawn in (dice_scene(f, rng, style) for f in CALIBRATION_FACES)
        ]
        read = []
        for _ in range(count):
            faces = random_faces(rng, True)
            read.append((camera(dice_scene(faces, rng, style)[0]), faces))
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)

            def reader(photo: Image, vowel: bool, folder: Path = folder) -> Sequence[str | int]:
                return read_learned(photo, vowel, data_dir=folder).values

            tally, spent = measure(read, reader)
            before.merge(tally)
            times[0].extend(spent)
            first = tally.misread
            usable = []
            for photo, drawn in shots:  # a photo the calibration refuses is left out
                told = as_told(drawn)
                try:
                    learn_dice([(told, photo, told)], folder / "probe", reset=True)
                    usable.append((told, photo, told))
                except CalibrationError:
                    refused += 1
            if usable:
                learn_dice(usable, folder, reset=True)
            tally, spent = measure(read, reader)
            after.merge(tally)
            times[1].extend(spent)
            if verbose and (first or tally.misread):
                said = ["; ".join(listed) or "none" for listed in (first, tally.misread)]
                print(
                    f"player {player + 1}, {style.font.stem} on {style.table}: "
                    f"before {said[0]}; after {said[1]}",
                    flush=True,
                )
    kind = f"{split}, per user" + (f", tilted {share:g}" if share else "")
    print(line(kind, "classifier alone", before, times[0]), flush=True)
    name = f"classifier alone, calibrated ({refused} of {players * 7} photos refused)"
    print(line(kind, name, after, times[1]), flush=True)


def reader(name: str, models: Models) -> Reader:
    """Reader ``name`` (of :data:`READERS`) with ``models``' networks."""
    return lambda p, v: read_learned(p, v, models.net, finder=models.nets).values


SETS = (
    "held-out",
    "held-out, 3 dice",
    "held-out, veined",
    "held-out, 3 dice, veined",
    "calibration",
    "calibration, 3 dice",
    "first generator",
    "unseen",
    "unseen, 3 dice",
    "fresh",
    "fresh, 3 dice",
    "held-out, per user",
    "unseen, per user",
    "fresh, per user",
)
READERS = ("classifier alone",)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--photos", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sets", nargs="+", default=list(SETS), choices=SETS)
    parser.add_argument("--users", type=int, default=8, help="players of held-out dice")
    parser.add_argument("--readers", nargs="+", default=list(READERS), choices=READERS)
    parser.add_argument(
        "--tilt",
        type=float,
        nargs="+",
        default=[],
        help="also read each set's photos tilted by these shares (tilted()), e.g. 0.1 0.2",
    )
    parser.add_argument(
        "--models",
        type=Path,
        nargs="+",
        default=[],
        help="folders of other networks (dice_finder, dice), each read with in turn",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="each photo with a silent misread, its number and design; players' lines: "
        "each player's silent misreads and their dice's design",
    )
    args = parser.parse_args(argv)
    every = [models_in(folder) for folder in args.models] or [Models()]
    print(
        "| set | reader | dice | right | « ? » | silent | missed | photos right "
        "| ms median | ms p95 |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for kind in args.sets:
        if kind.endswith(", per user"):
            split = kind.removesuffix(", per user")
            for share in [0.0, *args.tilt]:
                count = max(1, args.photos // args.users)
                per_user(args.users, count, args.seed, split, share, verbose=args.verbose)
            continue
        drawn = photos(kind, args.photos, args.seed)
        where = [f"photo {i}, {design}" for i, (_, _, design) in enumerate(drawn)]
        for share in [0.0, *args.tilt]:
            shots = [
                (tilted(p, share, i % 2 == 0) if share else p, f)
                for i, (p, f, _) in enumerate(drawn)
            ]
            named = f"{kind}, tilted {share:g}" if share else kind
            for name in args.readers:
                for models in every:
                    tally, times = measure(shots, reader(name, models), where)
                    print(line(named, name + models.label, tally, times), flush=True)
                    if args.verbose:
                        for said in tally.misread:
                            print(f"  {said}", flush=True)


if __name__ == "__main__":
    main()
