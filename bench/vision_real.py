"""Real photos: the app's readers on a labelled set of photographs (issue 23).

    .venv/bin/python bench/vision_real.py [--set DIR] [--verbose]

The set is a folder holding JPEG photos, a ``labels.csv`` and a ``SOURCES.md`` naming
each photo's origin, author and licence. It lives outside the repository: its photos
come from public data sets, and the workplace keeps such data files under the steering
repository's ``shared/`` (the default, ``../shared/vision/real`` beside the project, or the folder
the environment's ``ARBITRE_REAL_SET`` names),
never in a developer's commits. Each line of ``labels.csv`` (``file,kind,truth,x,y,w,h``)
is one of:

- ``rack``: the photo shows a row of tiles; ``truth`` is their letters, left to
  right; no box. Read by :func:`vision.letters.read_letters` as ``arbitre read`` does,
  scored by :func:`vision.synthetic.score` (a tile missed costs one tile);
- ``plates``: the photo shows a row of number tiles; ``truth`` is their numbers, left
  to right, a space between; no box. Read by :func:`vision.plates.read_numbers` as
  ``arbitre read --kind numbers`` does, scored per plate as the racks are;
- ``plate``: one number tile of a photo as taken (tiles standing on a holder, more
  than the game's six); ``truth`` its number (``JOKER`` and numbers the game's plates
  lack counted apart), ``x,y,w,h`` its box. The photo is read once by the plates'
  finder and network as the app reads them before it keeps six
  (:func:`vision.plates.plates_in_order`), each tile taking the first number found
  whose centre lies in its box;
- ``die``: one letter die of the photo; ``truth`` is its up face as the data set labels
  it (``QU``, ``WILD``: faces the game's dice do not have), ``x,y,w,h`` the die's box
  in the photo's pixels. The photo is read once by the learned dice reader's finder and
  network (:func:`vision.dice_learned.seen_dice`, the app's reader before it keeps the
  game's three consonants and its vowel: a set may show more dice than the game's four),
  and each die takes the first die seen whose letter's centre lies in its box.

Per tile or die: right, "?" (read but not sure), silent misreads (a sure wrong letter),
missed (not seen at all); for dice also the sure letters read where no labelled die is,
and the dice whose face the game's dice never show (counted apart: no reader can be
right there, and a sure letter on one is a silent misread). Nothing here was tuned on
the set: it is evaluation data only.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (its numbers.py would
# shadow the standard library's): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import csv  # noqa: E402
import os  # noqa: E402
import tempfile  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

from vision.calibrate import learn_numbers  # noqa: E402
from vision.camera import Image, load_photo  # noqa: E402
from vision.dice_centres import working  # noqa: E402
from vision.dice_learned import seen_dice  # noqa: E402
from vision.dice_render import CLASSES  # noqa: E402
from vision.letters import read_letters  # noqa: E402
from vision.plates import plates_in_order, read_numbers  # noqa: E402
from vision.reading import NothingFound, Reading, working_gray  # noqa: E402
from vision.render import PLATE_VALUES  # noqa: E402
from vision.synthetic import score  # noqa: E402

#: Where the steering repository's shared/ keeps the set, beside the project (or the
#: folder ``ARBITRE_REAL_SET`` names, to read a set not yet there).
DEFAULT_SET = Path(
    os.environ.get(
        "ARBITRE_REAL_SET",
        Path(__file__).resolve().parent.parent.parent / "shared" / "vision" / "real",
    )
)

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Label:
    """One line of ``labels.csv``."""

    file: str
    kind: str
    truth: str
    box: Box | None


@dataclass
class Tally:
    """How a reader did on one kind of the set."""

    items: int = 0
    right: int = 0
    unsure: int = 0
    silent: int = 0
    missed: int = 0
    extra: int = 0
    """Sure letters or numbers read where no labelled die or tile is (whole photos)."""
    foreign: int = 0
    """Dice or tiles whose labelled face the game never shows (not in ``items``)."""
    foreign_sure: int = 0
    """Of those, the ones read as a sure letter: silent misreads too."""
    photos: int = 0
    wrong: list[str] = field(default_factory=list)
    """``file: truth -> read`` for each silent misread."""


def load(folder: Path) -> list[Label]:
    """The set's labels, in file order; a photo named that is not in the folder, a kind
    not known, or a die without its box is an error."""
    labels = []
    with (folder / "labels.csv").open(newline="", encoding="utf-8") as lines:
        for row in csv.DictReader(lines):
            kind, truth = row["kind"].strip(), row["truth"].strip().upper()
            if kind not in ("rack", "plates", "die", "plate"):
                raise ValueError(f"{row['file']}: kind {kind!r} is not rack, plates, die nor plate")
            if not (folder / row["file"]).is_file():
                raise ValueError(f"{row['file']}: no such photo in {folder}")
            box = None
            if kind in ("die", "plate"):
                box = (int(row["x"]), int(row["y"]), int(row["w"]), int(row["h"]))
            labels.append(Label(row["file"], kind, truth, box))
    return labels


def read_racks(
    folder: Path,
    labels: Sequence[Label],
    read: Callable[[Image], Reading] = read_letters,
    kind: str = "rack",
) -> Tally:
    """Each ``rack`` photo read by the app's letter reader (or ``read``; ``kind``:
    the photos of other lines of tiles, ``plates`` read by the plates' reader)."""
    racks = [label for label in labels if label.kind == kind]
    values: list[tuple[str | int, ...] | None] = []
    for label in racks:
        image = load_photo(folder / label.file)
        try:
            values.append(read(image).values)
        except NothingFound:
            values.append(None)
    truths = [_tiles(label) for label in racks]
    result = score(values, truths)
    tally = Tally(result.tiles, result.right, result.unsure, result.silent, result.missed)
    tally.photos = len(racks)
    for label, truth, got in zip(racks, truths, values, strict=True):
        seen = [str(v) for v in got] if got is not None else ["(rien)"]
        if seen != truth:
            joint = " " if label.kind == "plates" else ""
            tally.wrong.append(f"{label.file}: {label.truth} -> {joint.join(seen)}")
    return tally


def read_plates(folder: Path, labels: Sequence[Label], data_dir: Path | None = None) -> Tally:
    """Each ``plates`` photo read by the app's plates reader (with the player's
    calibration in ``data_dir``, if any; else none at all)."""
    with tempfile.TemporaryDirectory() as empty:
        where = data_dir or Path(empty)
        return read_racks(folder, labels, lambda image: read_numbers(image, where), "plates")


def calibrated_plates(folder: Path, labels: Sequence[Label], first: int) -> tuple[Tally, Tally]:
    """The ``plates`` photos after the first ``first`` read without a calibration, then
    after one on those ``first`` photos (``arbitre calibrate --kind numbers``: the
    player's own plates, of the same design, in other photos)."""
    photos = [label for label in labels if label.kind == "plates"]
    learned, rest = photos[:first], photos[first:]
    with tempfile.TemporaryDirectory() as mine:
        shown = [(label.file, load_photo(folder / label.file), label.truth) for label in learned]
        learn_numbers(shown, Path(mine), reset=True)
        return read_plates(folder, rest), read_plates(folder, rest, Path(mine))


def _tiles(label: Label) -> list[str]:
    """A line's tiles: a rack's letters, or the plates' numbers."""
    return label.truth.split() if label.kind == "plates" else list(label.truth)


def _inside(point: tuple[float, float], box: Box) -> bool:
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


#: What a reader saw on a whole photo: each die or number found, in the reader's order
#: (the dice likeliest first), as its box in the photo's pixels, its value ("" for
#: none) and whether it is sure.
Seen = list[tuple[tuple[float, float, float, float], str, bool]]


def _dice_seen(image: Image) -> Seen:
    gray = working(image)
    scale = gray.shape[1] / image.shape[1]
    return [(_scaled(d.box, scale), d.letter, d.sure) for d in seen_dice(gray)]


def _plates_seen(image: Image) -> Seen:
    gray, scale = working_gray(image)
    try:
        found, _ = plates_in_order(gray)
    except NothingFound:
        return []
    return [
        (_scaled(f.box, scale), "" if f.value is None else str(f.value), f.valid) for f in found
    ]


def _scaled(box: Sequence[float], scale: float) -> tuple[float, float, float, float]:
    """A box on the working photo, in the photo's pixels."""
    x, y, w, h = box
    return (x / scale, y / scale, w / scale, h / scale)


def read_dice_photos(folder: Path, labels: Sequence[Label]) -> Tally:
    """Each photo of ``die`` lines read once by the learned dice reader, each die taking
    the first die seen (likeliest first) whose letter's centre is in its box."""
    return _read_boxed(folder, labels, "die", _dice_seen, set(CLASSES))


def read_plate_photos(folder: Path, labels: Sequence[Label]) -> Tally:
    """Each photo of ``plate`` lines read once by the plates' finder and network as the
    app reads them before it keeps six (:func:`vision.plates.plates_in_order`), each
    tile taking the first number found whose centre is in its box."""
    return _read_boxed(folder, labels, "plate", _plates_seen, {str(v) for v in PLATE_VALUES})


def _read_boxed(
    folder: Path,
    labels: Sequence[Label],
    kind: str,
    reader: Callable[[Image], Seen],
    values: set[str],
) -> Tally:
    """Each photo of ``kind`` lines read once by ``reader``; a labelled value not in
    ``values`` (a face or a number the game never shows) is counted apart."""
    tally = Tally()
    files = sorted({label.file for label in labels if label.kind == kind})
    for file in files:
        seen = reader(load_photo(folder / file))
        centres = [(x + w / 2, y + h / 2) for (x, y, w, h), _, _ in seen]
        used: set[int] = set()
        for label in (label for label in labels if label.kind == kind and label.file == file):
            assert label.box is not None
            on = [i for i, c in enumerate(centres) if _inside(c, label.box)]
            used.update(on)
            _, value, sure = seen[on[0]] if on else (None, "", False)
            if label.truth not in values:
                tally.foreign += 1
                tally.foreign_sure += sure
                if sure:
                    tally.wrong.append(f"{file}: {label.truth} (hors jeu) -> {value}")
                continue
            tally.items += 1
            if not on:
                tally.missed += 1
            elif not sure:
                tally.unsure += 1
            elif value == label.truth:
                tally.right += 1
            else:
                tally.silent += 1
                tally.wrong.append(f"{file}: {label.truth} -> {value}")
        tally.extra += sum(sure for i, (_, _, sure) in enumerate(seen) if i not in used)
        tally.photos += 1
    return tally


def line(name: str, tally: Tally) -> str:
    """One row of the bench's table."""
    n = max(1, tally.items)
    return (
        f"| {name} | {tally.photos} | {tally.items} | {tally.right} ({tally.right / n:.1%}) "
        f"| {tally.unsure} ({tally.unsure / n:.1%}) | {tally.silent} ({tally.silent / n:.1%}) "
        f"| {tally.missed} | {tally.extra} | {tally.foreign} ({tally.foreign_sure} sûrs) |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="the set's folder")
    parser.add_argument(
        "--verbose", action="store_true", help="each rack not read whole, each die misread silently"
    )
    parser.add_argument(
        "--calibrate-plates",
        type=int,
        metavar="N",
        help="also: the plates photos after the first N, before and after a calibration on those N",
    )
    args = parser.parse_args(argv)
    if not (args.set / "labels.csv").is_file():
        print(f"pas de jeu de photos réelles dans {args.set} (labels.csv absent)")
        return
    labels = load(args.set)
    print(
        "| photos réelles | photos | tuiles / dés | justes | « ? » | erreurs muettes "
        "| manqués | sûrs hors des tuiles / dés | hors jeu |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    readers: tuple[tuple[str, str, Callable[[Path, Sequence[Label]], Tally]], ...] = (
        ("réglettes (lecteur appris)", "rack", read_racks),
        ("plaques (lecteur appris)", "plates", read_plates),
        ("dés à lettres (lecteur appris)", "die", read_dice_photos),
        ("plaques photographiées entières", "plate", read_plate_photos),
    )
    for name, kind, reader in readers:
        if any(label.kind == kind for label in labels):
            report(name, reader(args.set, labels), args.verbose)
    if args.calibrate_plates:
        n = args.calibrate_plates
        before, after = calibrated_plates(args.set, labels, n)
        for name, tally in (("avant", before), (f"après étalonnage sur {n} photos", after)):
            report(f"plaques après les {n} premières photos, {name}", tally, args.verbose)


def report(name: str, tally: Tally, verbose: bool) -> None:
    """A row of the bench's table (``verbose``: and each tile or die read wrong)."""
    print(line(name, tally), flush=True)
    if verbose:
        for wrong in tally.wrong:
            print(f"  {wrong}")


if __name__ == "__main__":
    main()
