"""Stages the real-photo set that ``bench/vision_real.py`` reads (issue 23), from two
public repositories' data sets, the same way every time.

    .venv/bin/python bench/stage_real.py BANANAGRAMS ROGGLE OUT
    .venv/bin/python bench/stage_real.py BANANAGRAMS ROGGLE OUT --sheets DIR
    .venv/bin/python bench/stage_real.py BANANAGRAMS ROGGLE OUT --rummikub RUMMIKUB

``BANANAGRAMS`` is a copy of ``Zawaer/bananagrams-assistant`` and ``ROGGLE`` one of
``parkuman/roggle``: either a checked-out folder or a bare git directory (its ``HEAD``
is read). Only the data sets they carry are used, under the data sets' own licences:
"ban-seg" v2 by the Roboflow user zawaer (CC BY 4.0) and "Boggle Boards" v4 by Roboflow
(public domain). The photos are not committed to this repository (docs/vision.md, "Real
photos"): this script and the quarter turns it needs are, so the set can be made again.

The recipe (docs/vision.md):

- the tile pool: the ban-seg test split then its valid split, label files sorted by
  name, label lines in file order, letters A-Z only (its Ä and Ö are left out): 660 tiles;
- set ``framed`` (and ``close``, the same rows): ``default_rng(23).choice(660, 45,
  replace=False)``, in draw order, nine rows of five; set ``framed-b``: 100 tiles drawn
  by ``default_rng(24).choice`` (no replacement) among the 615 the first draw left (in
  pool order), in draw order, twenty rows of five;
- each tile cut along the least rotated rectangle around its labelled outline
  (``cv2.minAreaRect``, its angle brought within 45 degrees), turned upright by the
  quarter turns of ``bench/real_tile_turns.csv`` (judged by eye: the labels give no
  orientation), scaled to 96 × 96, set five in a row 8 px apart on grey 128;
  ``framed``: the row in the middle of a 4:3 photo ten tiles wide (a holder's ten
  slots, five filled); ``close``: the photo cut a quarter of a tile around the row;
  JPEG quality 95;
- the Boggle photos: ``default_rng(23).choice`` of 30 among the export's photos sorted
  by name (no replacement), copied byte for byte, each labelled die a ``die`` line.

- with ``--rummikub`` (a copy of ``jnsbhlr/rummikub``: its data set "rummikub" v9 by
  the Roboflow user jonasbuehler, CC BY 4.0), number tiles as rows of plates: the pool
  its test then valid split's tiles numbered 1 to 10 (label files sorted by name, lines
  in file order; 11 to 13 and the jokers are no plate): 620 tiles;
  ``default_rng(23).choice(620, 120, replace=False)``, in draw order, twenty rows of
  six; each cut as the letter tiles are, turned upright by the quarter turns of
  ``bench/real_plate_turns.csv`` (judged by eye on the contact sheets ``--sheets``
  writes in ``DIR/plates``), scaled to 120 px high, its proportions kept, six in a row
  30 px apart on grey 128, in the middle of a 4:3 photo a quarter wider than the row;
  JPEG quality 95.

Folders written under ``OUT``: ``framed`` (its racks and the Boggle dice: the whole set,
as ``shared/vision/real`` would hold it), ``close`` and ``framed-b`` (racks only),
``dice`` (the Boggle dice only), ``plates`` (the number tiles only, with
``--rummikub``, whose rows ``framed`` holds too) and ``plates-b`` (a second draw of
120 number tiles, seed 24, among the 500 the first left: rows only); each with
``labels.csv``, ``SOURCES.md`` and ``LICENSE``. ``--sheets DIR`` also writes numbered
contact sheets of the drawn tiles as cut, each in its four quarter turns (how the turns
were judged, by eye), in draw order: set a's 45, then ``framed-b``'s 100 (and, with
``--rummikub``, the number tiles' in ``DIR/plates`` and ``DIR/plates-b``).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (its numbers.py would
# shadow the standard library's): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import ast  # noqa: E402
import csv  # noqa: E402
import io  # noqa: E402
import subprocess  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

Image = npt.NDArray[np.uint8]

TURNS = Path(__file__).resolve().parent / "real_tile_turns.csv"
BAN_SEG = "image-segmentation/dataset"
BOGGLE = "letter_classifier/raw_data/BoggleBoards.v4-416x416-auto-orient.tensorflow/export"
POOL_SIZE = 660
TILE = 96
GAP = 8
GROUND = 128
ROW = 5
JPEG_QUALITY = 95

# The number tiles: "rummikub" v9 (CC BY 4.0), as carried by jnsbhlr/rummikub.
PLATE_TURNS = Path(__file__).resolve().parent / "real_plate_turns.csv"
RUMMIKUB = "data"
PLATE_POOL_SIZE = 620
PLATE_DRAW = 120
PLATE_HEIGHT = 120
PLATE_GAP = PLATE_HEIGHT // 4
PLATE_ROW = 6
#: The data set's photos of tiles standing on a holder, judged by eye (split, the
#: photo's name before Roboflow's suffix): read whole, as taken.
HOLDER_PHOTOS = (
    ("test", "rummy3-19"),
    ("test", "rummy3-1"),
    ("test", "rummy3-6"),
    ("test", "rummy4-91"),
    ("valid", "rummy3-10"),
    ("valid", "rummy3-7"),
    ("valid", "rummy4-87"),
    ("valid", "rummy4-92"),
    ("valid", "rummy4-93"),
)


class Source:
    """A repository's files: a checked-out folder, or a git directory's ``HEAD``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.git = not (root / ".git").exists() and (root / "HEAD").is_file()

    def _git(self, *args: str) -> bytes:
        return subprocess.run(
            ["git", "--git-dir", str(self.root), *args], check=True, capture_output=True
        ).stdout

    def names(self, folder: str) -> list[str]:
        """The files right in ``folder`` (a path in the repository), sorted by name."""
        if self.git:
            listed = self._git("ls-tree", "--name-only", f"HEAD:{folder}").decode()
            return sorted(line for line in listed.splitlines() if line)
        return sorted(p.name for p in (self.root / folder).iterdir() if p.is_file())

    def read(self, path: str) -> bytes:
        """One file's bytes."""
        if self.git:
            return self._git("cat-file", "blob", f"HEAD:{path}")
        return (self.root / path).read_bytes()

    def commit(self) -> str:
        """The commit read, as ``SOURCES.md`` names it."""
        if self.git:
            return f"commit `{self._git('rev-parse', 'HEAD').decode().strip()}`"
        if (self.root / ".git").exists():
            head = subprocess.run(
                ["git", "-C", str(self.root), "rev-parse", "HEAD"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.strip()
            return f"commit `{head}` (checked out)"
        return "a copy of unknown commit"


@dataclass(frozen=True)
class Tile:
    """One labelled tile of ban-seg: its photo, line and letter, its outline in pixels."""

    split: str
    image: str
    line: int
    letter: str
    outline: npt.NDArray[np.float32]

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.split, self.image, self.line)


def decode(data: bytes) -> Image:
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError("a photo could not be decoded")
    return np.asarray(image, np.uint8)


def class_names(source: Source, folder: str = BAN_SEG) -> list[str]:
    """A data set's class names, in label order (its ``data.yaml``'s ``names`` line)."""
    for line in source.read(f"{folder}/data.yaml").decode().splitlines():
        if line.startswith("names:"):
            names = ast.literal_eval(line.removeprefix("names:").strip())
            return [str(name) for name in names]
    raise ValueError(f"{folder}/data.yaml names no classes")


def tile_pool(source: Source) -> tuple[list[Tile], dict[str, Image]]:
    """The pool in the recipe's order, and each photo it comes from (by image name)."""
    return labelled_pool(
        source, BAN_SEG, lambda name: name.upper() if len(name) == 1 else None, POOL_SIZE
    )


def labelled_pool(
    source: Source, folder: str, label: Callable[[str], str | None], size: int
) -> tuple[list[Tile], dict[str, Image]]:
    """A data set's tiles in a recipe's order: its test split then its valid split,
    label files sorted by name, lines in file order, each tile whose class name
    ``label`` turns into its letter or number (``None``: left out); and each photo they
    come from (by image name). ``size``: the recipe's count, checked."""
    pool: list[Tile] = []
    photos: dict[str, Image] = {}
    names = class_names(source, folder)
    for split in ("test", "valid"):
        for name in source.names(f"{folder}/{split}/labels"):
            stem = name.removesuffix(".txt")
            text = source.read(f"{folder}/{split}/labels/{name}").decode()
            lines = [line.split() for line in text.splitlines() if line.strip()]
            kept = [(i, line, label(names[int(line[0])])) for i, line in enumerate(lines)]
            if not any(value is not None for _, _, value in kept):
                continue
            photo = decode(source.read(f"{folder}/{split}/images/{stem}.jpg"))
            photos[stem] = photo
            for index, line, value in kept:
                if value is not None:
                    pool.append(Tile(split, stem, index, value, outline(line, photo)))
    if len(pool) != size:
        raise ValueError(f"{len(pool)} tiles in the pool, the recipe has {size}")
    return pool, photos


def outline(line: Sequence[str], photo: Image) -> npt.NDArray[np.float32]:
    """A label line's outline (its class, then x y pairs as shares of the photo's
    width and height) in the photo's pixels."""
    height, width = photo.shape[:2]
    xy = np.array(line[1:], np.float64).reshape(-1, 2) * (width, height)
    return xy.astype(np.float32)


def draws(size: int) -> tuple[list[int], list[int]]:
    """The two tile draws' pool indices: set a (45, seed 23) and set b (100, seed 24)."""
    first = [int(i) for i in np.random.default_rng(23).choice(size, 45, replace=False)]
    left = sorted(set(range(size)) - set(first))
    second = np.random.default_rng(24).choice(len(left), 100, replace=False)
    return first, [left[int(i)] for i in second]


def cut(photo: Image, outline: npt.NDArray[np.float32]) -> Image:
    """The tile as cut along its outline's least rotated rectangle, not turned."""
    (cx, cy), (w, h), angle = cv2.minAreaRect(outline)
    if angle > 45:
        angle -= 90
        w, h = h, w
    elif angle < -45:
        angle += 90
        w, h = h, w
    size = (max(1, round(w)), max(1, round(h)))
    matrix = cv2.getRotationMatrix2D((cx, cy), angle, 1.0)
    matrix[:, 2] += np.array((size[0] / 2 - cx, size[1] / 2 - cy))
    return np.asarray(
        cv2.warpAffine(photo, matrix, size, flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE),
        np.uint8,
    )


def upright(tile: Image, turns: int) -> Image:
    """The cut tile turned ``turns`` quarter turns clockwise, scaled to 96 × 96."""
    turned = np.rot90(tile, -turns % 4)
    return np.asarray(cv2.resize(turned, (TILE, TILE), interpolation=cv2.INTER_AREA), np.uint8)


def read_turns(
    path: Path = TURNS, column: str = "letter"
) -> dict[tuple[str, str, int], tuple[str, int]]:
    """The committed quarter turns: (split, image, line) -> (letter or value, turns)."""
    with path.open(newline="", encoding="utf-8") as lines:
        return {
            (row["split"], row["image"], int(row["line"])): (row[column], int(row["turns"]))
            for row in csv.DictReader(lines)
        }


def row_strip(tiles: Sequence[Image]) -> Image:
    """Tiles side by side, ``GAP`` apart, on the grey ground."""
    width = len(tiles) * TILE + (len(tiles) - 1) * GAP
    strip = np.full((TILE, width, 3), GROUND, np.uint8)
    for i, tile in enumerate(tiles):
        strip[:, i * (TILE + GAP) : i * (TILE + GAP) + TILE] = tile
    return strip


def framed(strip: Image) -> Image:
    """The row in the middle of a 4:3 photo ten tiles wide (a holder's ten slots)."""
    width = 10 * TILE + 11 * GAP
    height = width * 3 // 4
    photo = np.full((height, width, 3), GROUND, np.uint8)
    top, left = (height - strip.shape[0]) // 2, (width - strip.shape[1]) // 2
    photo[top : top + strip.shape[0], left : left + strip.shape[1]] = strip
    return photo


def close(strip: Image) -> Image:
    """The photo cut a quarter of a tile around the row."""
    margin = TILE // 4
    return np.asarray(
        cv2.copyMakeBorder(
            strip, margin, margin, margin, margin, cv2.BORDER_CONSTANT, value=(GROUND,) * 3
        ),
        np.uint8,
    )


def plate_pool(source: Source) -> tuple[list[Tile], dict[str, Image]]:
    """The number tiles' pool: the test split then the valid split, label files sorted
    by name, lines in file order, the tiles numbered 1 to 10 only (the game's small
    plates; 11 to 13 and the jokers are no plate), each with its photo (by image name)."""

    def small(name: str) -> str | None:
        value = name.rpartition("_")[2]
        return value if value.isdigit() and int(value) <= 10 else None

    return labelled_pool(source, RUMMIKUB, small, PLATE_POOL_SIZE)


def plate_draw(size: int, second: bool = False) -> list[int]:
    """The number tiles drawn: ``PLATE_DRAW`` pool indices (seed 23), in draw order;
    ``second``: as many more (seed 24) among those the first draw left, in pool order."""
    first = [int(i) for i in np.random.default_rng(23).choice(size, PLATE_DRAW, replace=False)]
    if not second:
        return first
    left = sorted(set(range(size)) - set(first))
    return [
        left[int(i)] for i in np.random.default_rng(24).choice(len(left), PLATE_DRAW, replace=False)
    ]


def upright_plate(tile: Image, turns: int) -> Image:
    """The cut number tile turned ``turns`` quarter turns clockwise, scaled to
    ``PLATE_HEIGHT`` pixels high, its proportions kept."""
    turned = np.rot90(tile, -turns % 4)
    width = max(1, round(turned.shape[1] * PLATE_HEIGHT / turned.shape[0]))
    return np.asarray(
        cv2.resize(turned, (width, PLATE_HEIGHT), interpolation=cv2.INTER_AREA), np.uint8
    )


def plate_strip(plates: Sequence[Image]) -> Image:
    """Plates side by side, ``PLATE_GAP`` apart, on the grey ground."""
    width = sum(p.shape[1] for p in plates) + (len(plates) - 1) * PLATE_GAP
    strip = np.full((PLATE_HEIGHT, width, 3), GROUND, np.uint8)
    x = 0
    for plate in plates:
        strip[:, x : x + plate.shape[1]] = plate
        x += plate.shape[1] + PLATE_GAP
    return strip


def framed_plates(strip: Image) -> Image:
    """The row of plates in the middle of a 4:3 photo a quarter wider than the row."""
    width = strip.shape[1] * 5 // 4
    height = width * 3 // 4
    photo = np.full((height, width, 3), GROUND, np.uint8)
    top, left = (height - strip.shape[0]) // 2, (width - strip.shape[1]) // 2
    photo[top : top + strip.shape[0], left : left + strip.shape[1]] = strip
    return photo


def contact_sheets(tiles: Sequence[Image], names: Sequence[str], folder: Path) -> None:
    """Numbered sheets of the tiles as cut, each shown in its four quarter turns
    clockwise (0 to 3, as ``bench/real_tile_turns.csv`` counts them), 15 tiles a sheet."""
    folder.mkdir(parents=True, exist_ok=True)
    cell, per, across = 110, 15, 3
    for start in range(0, len(tiles), per):
        sheet = np.full((5 * (cell + 24), across * (4 * cell + 30), 3), 255, np.uint8)
        shown = zip(tiles[start : start + per], names[start : start + per], strict=True)
        for k, (tile, name) in enumerate(shown):
            top, left = (k // across) * (cell + 24) + 24, (k % across) * (4 * cell + 30) + 10
            red, blue = (0, 0, 200), (200, 0, 0)
            cv2.putText(sheet, name, (left, top - 6), cv2.FONT_HERSHEY_SIMPLEX, 0.6, red, 2)
            for quarter in range(4):
                view = cv2.resize(upright(tile, quarter), (cell - 10, cell - 10))
                x = left + quarter * cell
                sheet[top : top + cell - 10, x : x + cell - 10] = view
                place = (x + cell - 22, top + cell - 14)
                cv2.putText(sheet, str(quarter), place, cv2.FONT_HERSHEY_SIMPLEX, 0.4, blue, 1)
        cv2.imwrite(str(folder / f"sheet{start // per + 1:02d}.png"), sheet)


def in_rows(
    drawn: Sequence[int], size: int, pool: Sequence[Tile]
) -> Iterator[tuple[int, list[int], list[Tile]]]:
    """The drawn pool indices ``size`` at a time, in draw order: each row's number
    (from 0), indices and tiles."""
    for r in range(len(drawn) // size):
        indices = list(drawn[r * size : (r + 1) * size])
        yield r, indices, [pool[i] for i in indices]


def listed(
    file: str,
    truth: str,
    row: Sequence[Tile],
    turns: dict[tuple[str, str, int], tuple[str, int]],
) -> str:
    """A made photo's line in ``SOURCES.md``: each tile's photo, label line, letter or
    number and quarter turns."""
    tiles = "; ".join(
        f"{t.split}/{t.image}.jpg line {t.line} ({t.letter}, {turns[t.key][1]})" for t in row
    )
    return f"  - `{file}` ({truth}): {tiles}"


def write_labels(folder: Path, rows: Sequence[Sequence[object]]) -> None:
    with (folder / "labels.csv").open("w", newline="", encoding="utf-8") as out:
        csv.writer(out, lineterminator="\n").writerows(
            [["file", "kind", "truth", "x", "y", "w", "h"], *rows]
        )


def jpeg(path: Path, image: Image) -> None:
    if not cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY]):
        raise OSError(f"could not write {path}")


SOURCES_TILES = """\
## Letter tiles: "ban-seg" v2

- Data set: "ban-seg" v2 (Segmentation), by the Roboflow user **zawaer**,
  <https://universe.roboflow.com/zawaer/ban-seg>, exported by Roboflow on 2026-02-09.
- Licence: **CC BY 4.0** (<https://creativecommons.org/licenses/by/4.0/>), as its
  `README.dataset.txt` says.
- As carried by the GitHub repository `Zawaer/bananagrams-assistant` (the repository
  itself has no licence: only the data set is used, under its own), folder `{folder}`,
  {commit}.
- Changes made (by `bench/stage_real.py` of the project "arbitre"):
  {changes}
- Each photo's tiles, left to right (split / photo / label line (from 0) / letter /
  quarter turns clockwise to upright):

{listing}
"""

SOURCES_DICE = """\
## Letter dice: "Boggle Boards" v4

- Data set: "Boggle Boards" v4 (416x416-auto-orient), by **Roboflow** (BoardBoss),
  <https://public.roboflow.ai/object-detection/boggle-boards>, exported 2020-12-03.
- Licence: **public domain**, as its `README.dataset.txt` says ("We're releasing the
  data as public domain. Feel free to use it for any purpose.").
- As carried by the GitHub repository `parkuman/roggle` (only the data set is used),
  folder `{folder}`,
  {commit}.
- Changes made: none; 30 photos drawn at random (`numpy.random.default_rng(23).choice`
  of 30 among the export's {count} photos sorted by name, no replacement), copied byte
  for byte; each labelled die of `_annotations.csv` is a `die` line (its class in
  capitals, its box as x, y, width, height).
- Photos: {photos}
"""

SOURCES_PLATES = """\
## Number tiles: "rummikub" v9

- Data set: "rummikub" v9, by the Roboflow user **jonasbuehler**,
  <https://universe.roboflow.com/jonasbuehler/rummikub-nvypk/dataset/9>.
- Licence: **CC BY 4.0** (<https://creativecommons.org/licenses/by/4.0/>), as its
  `data.yaml` says.
- As carried by the GitHub repository `jnsbhlr/rummikub` (MIT; only the data set is
  used, under its own licence), folder `{folder}`, {commit}.
- Changes made (by `bench/stage_real.py` of the project "arbitre"): of the {count}
  tiles numbered 1 to 10 of its test then valid splits (labels sorted by name, lines in
  file order), 120 drawn at random {draw}, no
  replacement, in draw order); each cut along the least rotated rectangle around its
  labelled outline, turned upright by quarter turns judged by eye
  (`bench/real_plate_turns.csv`), scaled to 120 px high (its proportions kept), set six
  in a row 30 px apart on grey 128, the row in the middle of a 4:3 photo a quarter wider
  than the row, JPEG quality 95. The rows are made: the tiles are real, the holder is
  not. A Rummikub tile is no plate of the game: cream, its number in one of four
  colours above a printed oval, no bar under its 6 and 9.
- Each photo's tiles, left to right (split / photo / label line (from 0) / number /
  quarter turns clockwise to upright):

{listing}
{holders}"""

HOLDERS_SOURCES = """
- And the data set's photos of tiles standing on a holder (judged by eye), copied
  byte for byte, each labelled tile a `plate` line (its number, `JOKER` for a joker;
  the box around its labelled outline): {holders}.
"""

LICENSE_TEXT = """\
The photos of this folder are not the project's. Their licences:

- Letter tile photos (rows of tiles cut from "ban-seg" v2 by the Roboflow user zawaer):
  Creative Commons Attribution 4.0 International (CC BY 4.0),
  https://creativecommons.org/licenses/by/4.0/legalcode
  Attribution: "ban-seg" v2 by zawaer (https://universe.roboflow.com/zawaer/ban-seg),
  CC BY 4.0; tiles cut out, turned, scaled and set in rows (see SOURCES.md).
- Boggle photos ("Boggle Boards" v4 by Roboflow, BoardBoss): public domain, as the data
  set's README says; no attribution required, given in SOURCES.md anyway.
- Number tile photos, where present (rows of tiles cut from "rummikub" v9 by the
  Roboflow user jonasbuehler): CC BY 4.0,
  https://creativecommons.org/licenses/by/4.0/legalcode
  Attribution: "rummikub" v9 by jonasbuehler
  (https://universe.roboflow.com/jonasbuehler/rummikub-nvypk/dataset/9), CC BY 4.0;
  tiles cut out, turned, scaled and set in rows (see SOURCES.md).
"""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bananagrams", type=Path, help="Zawaer/bananagrams-assistant")
    parser.add_argument("roggle", type=Path, help="parkuman/roggle")
    parser.add_argument("out", type=Path, help="the folder to stage the set in")
    parser.add_argument("--sheets", type=Path, help="also write contact sheets of the cut tiles")
    parser.add_argument(
        "--rummikub", type=Path, help="jnsbhlr/rummikub: its number tiles as rows of plates too"
    )
    args = parser.parse_args(argv)

    tiles_source, dice_source = Source(args.bananagrams), Source(args.roggle)
    pool, photos = tile_pool(tiles_source)
    first, second = draws(len(pool))
    cuts = {i: cut(photos[pool[i].image], pool[i].outline) for i in first + second}
    if args.sheets:
        order = first + second
        contact_sheets(
            [cuts[i] for i in order],
            [f"{n + 1} {pool[i].letter}" for n, i in enumerate(order)],
            args.sheets,
        )
        print(f"planches dans {args.sheets}")
    turns = read_turns()
    lacking = [pool[i].key for i in first + second if pool[i].key not in turns]
    if lacking:
        raise SystemExit(f"{len(lacking)} tuiles sans quart de tour dans {TURNS}: {lacking[:3]}…")
    for i in first + second:
        if turns[pool[i].key][0] != pool[i].letter:
            raise SystemExit(f"{pool[i].key}: lettre {pool[i].letter}, {TURNS} dit autre chose")

    commit_tiles, commit_dice = tiles_source.commit(), dice_source.commit()
    dice_rows, dice_sources = stage_dice(dice_source, commit_dice)
    staged: dict[str, tuple[dict[str, Image | bytes], list[list[object]], str]] = {}
    if args.rummikub:
        rummikub = Source(args.rummikub)
        pool_and_photos = plate_pool(rummikub)
        staged["plates"] = stage_plates(rummikub, pool_and_photos, args.sheets)
        staged["plates-b"] = stage_plates(rummikub, pool_and_photos, args.sheets, second=True)
    plates = staged.get("plates")
    sets = (
        ("framed", first, framed, "framed as a holder (a 4:3 photo ten tiles wide)", True),
        ("close", first, close, "close (a quarter of a tile around the row)", False),
        ("framed-b", second, framed, "framed as a holder (a 4:3 photo ten tiles wide)", False),
    )
    for name, drawn, frame, framing, with_dice in sets:
        folder = args.out / name
        folder.mkdir(parents=True, exist_ok=True)
        rows: list[list[object]] = []
        listing = []
        for r, indices, row in in_rows(drawn, ROW, pool):
            file = f"row{r + 1:02d}.jpg"
            strip = row_strip([upright(cuts[i], turns[pool[i].key][1]) for i in indices])
            jpeg(folder / file, frame(strip))
            truth = "".join(t.letter for t in row)
            rows.append([file, "rack", truth, "", "", "", ""])
            listing.append(listed(file, truth, row, turns))
        seed = "23, 45 tiles" if drawn is first else "24, 100 tiles among those seed 23 left"
        changes = (
            f"tiles drawn at random (seed {seed}; see the script), each cut along the least "
            "rotated rectangle around its labelled outline, turned upright by quarter turns "
            "judged by eye (`bench/real_tile_turns.csv`), scaled to 96 × 96 px, set five in a "
            f"row 8 px apart on grey 128, {framing}, JPEG quality 95. The rows are made: the "
            "tiles are real, the holder is not."
        )
        text = "# Sources\n\n" + SOURCES_TILES.format(
            folder=BAN_SEG, commit=commit_tiles, changes=changes, listing="\n".join(listing)
        )
        if with_dice:
            rows += dice_rows
            text += "\n" + dice_sources
            copy_dice(dice_source, folder, dice_rows)
            if plates is not None:
                write_plates(folder, plates[0])
                rows += plates[1]
                text += "\n" + plates[2]
        write_labels(folder, rows)
        (folder / "SOURCES.md").write_text(text, encoding="utf-8")
        (folder / "LICENSE").write_text(LICENSE_TEXT, encoding="utf-8")
    folder = args.out / "dice"
    folder.mkdir(parents=True, exist_ok=True)
    copy_dice(dice_source, folder, dice_rows)
    write_labels(folder, dice_rows)
    (folder / "SOURCES.md").write_text("# Sources\n\n" + dice_sources, encoding="utf-8")
    (folder / "LICENSE").write_text(LICENSE_TEXT, encoding="utf-8")
    for name, (images, rows, text) in staged.items():
        folder = args.out / name
        folder.mkdir(parents=True, exist_ok=True)
        write_plates(folder, images)
        write_labels(folder, rows)
        (folder / "SOURCES.md").write_text("# Sources\n\n" + text, encoding="utf-8")
        (folder / "LICENSE").write_text(LICENSE_TEXT, encoding="utf-8")
    made = ", ".join(["framed", "close", "framed-b", "dice", *staged])
    print(f"jeu de photos réelles dans {args.out}: {made}")


def stage_plates(
    source: Source,
    pool_and_photos: tuple[list[Tile], dict[str, Image]],
    sheets: Path | None,
    second: bool = False,
) -> tuple[dict[str, Image | bytes], list[list[object]], str]:
    """The real number tiles: each photo by file name (the rows made, the holder photos
    as bytes), the ``plates`` and ``plate`` lines of ``labels.csv`` and their part of
    ``SOURCES.md`` (``sheets``: the contact sheets of the drawn tiles as cut, by which
    their quarter turns were judged, there too); ``second``: the rows of the second
    draw only (:func:`plate_draw`), no holder photo. ``pool_and_photos``: the number
    tiles' pool and its photos (:func:`plate_pool`), read once for both draws."""
    pool, photos = pool_and_photos
    drawn = plate_draw(len(pool), second)
    cuts = {i: cut(photos[pool[i].image], pool[i].outline) for i in drawn}
    if sheets:
        names = [f"{n + 1} {pool[i].letter}" for n, i in enumerate(drawn)]
        contact_sheets(
            [cuts[i] for i in drawn], names, sheets / ("plates-b" if second else "plates")
        )
    turns = read_turns(PLATE_TURNS, "value")
    for i in drawn:
        if turns.get(pool[i].key, ("", 0))[0] != pool[i].letter:
            raise SystemExit(f"{pool[i].key}: {PLATE_TURNS} n'a pas son quart de tour")
    images: dict[str, Image | bytes] = {}
    rows: list[list[object]] = []
    listing = []
    for r, indices, row in in_rows(drawn, PLATE_ROW, pool):
        file = f"plates{r + 1:02d}.jpg"
        strip = plate_strip([upright_plate(cuts[i], turns[pool[i].key][1]) for i in indices])
        images[file] = framed_plates(strip)
        truth = " ".join(t.letter for t in row)
        rows.append([file, "plates", truth, "", "", "", ""])
        listing.append(listed(file, truth, row, turns))
    holders, holder_rows = ({}, []) if second else holder_photos(source)
    text = SOURCES_PLATES.format(
        folder=RUMMIKUB,
        commit=source.commit(),
        count=len(pool),
        draw="(`numpy.random.default_rng(24).choice` among the tiles the first draw, seed 23, "
        "left, in pool order"
        if second
        else "(`numpy.random.default_rng(23).choice`",
        listing="\n".join(listing),
        holders=HOLDERS_SOURCES.format(holders=", ".join(f"`{name}`" for name in holders))
        if holders
        else "",
    )
    return {**images, **holders}, rows + holder_rows, text


def write_plates(folder: Path, images: dict[str, Image | bytes]) -> None:
    for file, image in images.items():
        if isinstance(image, bytes):
            (folder / file).write_bytes(image)
        else:
            jpeg(folder / file, image)


def holder_photos(source: Source) -> tuple[dict[str, bytes], list[list[object]]]:
    """The photos of tiles on a holder, byte for byte, and a ``plate`` line for each
    labelled tile (its number, or ``JOKER``; the box around its outline)."""
    names = class_names(source, RUMMIKUB)
    files: dict[str, bytes] = {}
    rows: list[list[object]] = []
    for split, stem in HOLDER_PHOTOS:
        [name] = [n for n in source.names(f"{RUMMIKUB}/{split}/images") if n.startswith(f"{stem}_")]
        data = source.read(f"{RUMMIKUB}/{split}/images/{name}")
        photo = decode(data)
        files[name] = data
        text = source.read(f"{RUMMIKUB}/{split}/labels/{name.removesuffix('.jpg')}.txt").decode()
        for line in (line.split() for line in text.splitlines() if line.strip()):
            x, y, w, h = cv2.boundingRect(outline(line, photo))
            value = names[int(line[0])].rpartition("_")[2].upper()
            rows.append([name, "plate", value, x, y, w, h])
    return files, rows


def stage_dice(source: Source, commit: str) -> tuple[list[list[object]], str]:
    """The Boggle draw's ``die`` lines and its part of ``SOURCES.md``."""
    names = [n for n in source.names(BOGGLE) if n.endswith(".jpg")]
    drawn = sorted(
        names[int(i)] for i in np.random.default_rng(23).choice(len(names), 30, replace=False)
    )
    text = source.read(f"{BOGGLE}/_annotations.csv").decode()
    rows: list[list[object]] = []
    for file in drawn:
        for row in csv.DictReader(io.StringIO(text)):
            if row["filename"] == file:
                x, y = int(row["xmin"]), int(row["ymin"])
                w, h = int(row["xmax"]) - x, int(row["ymax"]) - y
                rows.append([file, "die", row["class"].upper(), x, y, w, h])
    sources = SOURCES_DICE.format(
        folder=BOGGLE, commit=commit, count=len(names), photos=", ".join(f"`{f}`" for f in drawn)
    )
    return rows, sources


def copy_dice(source: Source, folder: Path, rows: Sequence[Sequence[object]]) -> None:
    """The drawn Boggle photos, byte for byte."""
    for file in sorted({str(row[0]) for row in rows}):
        (folder / file).write_bytes(source.read(f"{BOGGLE}/{file}"))


if __name__ == "__main__":
    main()
