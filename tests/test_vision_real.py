"""The real-photo bench (``bench/vision_real.py``, issue 23): how it counts, on sets made
here from the project's own photos, and what the readers do on the real set when the
steering repository's ``shared/`` holds it (it is kept there, not in the repository)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from bench.vision_real import (
    DEFAULT_SET,
    Tally,
    calibrated_plates,
    load,
    read_dice_photos,
    read_plate_photos,
    read_plates,
    read_racks,
)
from vision.calibrate import CalibrationError
from vision.dice_render import dice_scene, random_style
from vision.plates import plates_in_order
from vision.reading import working_gray
from vision.samples import samples

HEADER = ["file", "kind", "truth", "x", "y", "w", "h"]


def _write(folder: Path, rows: list[list[object]]) -> None:
    with (folder / "labels.csv").open("w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([HEADER, *rows])


def test_a_label_naming_no_photo_or_no_known_kind_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, [["absent.jpg", "rack", "ABC", "", "", "", ""]])
    with pytest.raises(ValueError, match="no such photo"):
        load(tmp_path)
    cv2.imwrite(str(tmp_path / "here.jpg"), np.zeros((8, 8), np.uint8))
    _write(tmp_path, [["here.jpg", "plaque", "3", "", "", "", ""]])
    with pytest.raises(ValueError, match="not rack, plates, die nor plate"):
        load(tmp_path)


def test_racks_count_each_tile_against_the_labels(tmp_path: Path) -> None:
    """The bundled rack photos read right (tests/test_samples.py): labelled with their
    letters every tile is right; labelled with a letter none of them is, every tile read
    surely is a silent misread, and a label one tile longer costs a tile missed."""
    first, second = samples("letters")[:2]
    for sample in (first, second):
        shutil.copy(sample.photo, tmp_path / sample.photo.name)
    truth = ["".join(s.values) for s in (first, second)]
    _write(
        tmp_path,
        [
            [s.photo.name, "rack", t, "", "", "", ""]
            for s, t in zip((first, second), truth, strict=True)
        ],
    )
    right = read_racks(tmp_path, load(tmp_path))
    assert (right.photos, right.items) == (2, sum(map(len, truth)))
    assert right.right == right.items
    absent = next(c for c in "XZWKJQ" if c not in truth[0])
    shifted = [absent * len(truth[0])]
    _write(
        tmp_path,
        [
            [first.photo.name, "rack", shifted[0], "", "", "", ""],
            [second.photo.name, "rack", truth[1] + "E", "", "", "", ""],
        ],
    )
    wrong = read_racks(tmp_path, load(tmp_path))
    assert wrong.silent == len(truth[0])
    assert (wrong.right, wrong.missed) == (len(truth[1]), 1)


def test_plates_count_each_number_as_one_tile(tmp_path: Path) -> None:
    """The bundled plates photos read right (tests/test_samples.py): labelled with their
    numbers, a 10 or a 100 is one tile, every one right; labelled with numbers they do
    not hold, every plate read surely is a silent misread, and a seventh number labelled
    costs a plate missed."""
    first, second = samples("numbers")[:2]
    for sample in (first, second):
        shutil.copy(sample.photo, tmp_path / sample.photo.name)
    truth = [" ".join(str(v) for v in s.values) for s in (first, second)]
    _write(
        tmp_path,
        [
            [s.photo.name, "plates", t, "", "", "", ""]
            for s, t in zip((first, second), truth, strict=True)
        ],
    )
    right = read_plates(tmp_path, load(tmp_path))
    assert (right.photos, right.items) == (2, 12)
    assert right.right == 12
    absent = next(v for v in ("75", "50", "25", "3") if v not in truth[0].split())
    _write(
        tmp_path,
        [
            [first.photo.name, "plates", " ".join([absent] * 6), "", "", "", ""],
            [second.photo.name, "plates", truth[1] + " 7", "", "", "", ""],
        ],
    )
    wrong = read_plates(tmp_path, load(tmp_path))
    assert wrong.silent == 6
    assert (wrong.right, wrong.missed) == (6, 1)


def test_the_plates_after_a_calibration_are_read_before_and_after_it(tmp_path: Path) -> None:
    """The bench's calibration (``--calibrate-plates N``): the photos after the first N,
    read without a calibration, then with one on those N, which is refused where a
    photo's plates are given wrong."""
    shots = samples("numbers")
    for sample in shots:
        shutil.copy(sample.photo, tmp_path / sample.photo.name)
    rows = [[s.photo.name, "plates", " ".join(s.values), "", "", "", ""] for s in shots]
    _write(tmp_path, rows)
    before, after = calibrated_plates(tmp_path, load(tmp_path), 1)
    assert (before.photos, before.items) == (after.photos, after.items) == (2, 12)
    assert before.right == after.right == 12
    rows[0][2] = "75 75 75 75 75 75"
    _write(tmp_path, rows)
    with pytest.raises(CalibrationError):
        calibrated_plates(tmp_path, load(tmp_path), 1)


def test_plate_tiles_count_each_labelled_tile_by_the_number_found_in_its_box(
    tmp_path: Path,
) -> None:
    """A bundled plates photo, each plate labelled with a box around the number found
    there: labelled with its own numbers every one is right; labelled one higher each, a
    sure one is a silent misread; a box on no number is a tile missed, a joker is set
    apart."""
    sample = samples("numbers")[0]
    shutil.copy(sample.photo, tmp_path / sample.photo.name)
    gray, scale = working_gray(cv2.imread(str(sample.photo)))
    found, _ = plates_in_order(gray)
    boxes = [[round(v / scale) for v in f.box] for f in found]
    name = sample.photo.name

    def rows(values: list[str]) -> list[list[object]]:
        return [[name, "plate", v, *box] for v, box in zip(values, boxes, strict=True)]

    _write(tmp_path, rows(list(sample.values)))
    right = read_plate_photos(tmp_path, load(tmp_path))
    assert (right.photos, right.items, right.right) == (1, 6, 6)
    higher = [str(int(v) + 1) if int(v) < 10 else "9" for v in sample.values]
    _write(
        tmp_path,
        [*rows(higher), [name, "plate", "4", 0, 0, 4, 4], [name, "plate", "JOKER", 0, 0, 4, 4]],
    )
    wrong = read_plate_photos(tmp_path, load(tmp_path))
    assert (wrong.silent, wrong.missed, wrong.items) == (6, 1, 7)
    assert (wrong.foreign, wrong.foreign_sure, wrong.extra) == (1, 0, 0)


def test_dice_count_each_labelled_die_by_the_die_seen_in_its_box(tmp_path: Path) -> None:
    """A synthetic photo of held-out dice, each labelled with a box around its up letter:
    the dice read right become silent misreads when labelled with another letter, a box
    on the bare table is a die missed, and a face the game's dice lack is set apart."""
    rng = np.random.default_rng(23)
    photo, drawn = dice_scene("BKTA", rng, random_style(rng, "held-out"), (640, 480))
    cv2.imwrite(str(tmp_path / "dice.png"), photo)

    def rows(faces: str) -> list[list[object]]:
        out: list[list[object]] = []
        for die, face in zip(drawn, faces, strict=True):
            (x, y), side = die.centre, 1.6 * die.size
            out.append(
                [
                    "dice.png",
                    "die",
                    face,
                    int(x - side / 2),
                    int(y - side / 2),
                    int(side),
                    int(side),
                ]
            )
        return out

    _write(tmp_path, rows("BKTA"))
    labelled = read_dice_photos(tmp_path, load(tmp_path))
    assert labelled.items == 4
    assert labelled.right >= 1
    assert labelled.right + labelled.unsure + labelled.silent + labelled.missed == 4
    _write(
        tmp_path,
        [
            *rows("CLVE"),
            ["dice.png", "die", "QU", 0, 0, 6, 6],
            ["dice.png", "die", "Z", 0, 0, 6, 6],
        ],
    )
    other = read_dice_photos(tmp_path, load(tmp_path))
    assert other.silent == labelled.right + labelled.silent
    assert (other.unsure, other.missed) == (labelled.unsure, labelled.missed + 1)
    assert (other.items, other.foreign, other.extra) == (5, 1, labelled.extra)


def _real(kind: str) -> Tally:
    """The readers on the real set's ``kind`` lines (skipped where the set is not)."""
    if not (DEFAULT_SET / "labels.csv").is_file():
        pytest.skip(f"no real set in {DEFAULT_SET} (kept in the steering repo's shared/)")
    labels = load(DEFAULT_SET)
    if not any(label.kind == kind for label in labels):
        pytest.skip(f"the real set holds no {kind} lines")
    read = {
        "rack": read_racks,
        "plates": read_plates,
        "plate": read_plate_photos,
        "die": read_dice_photos,
    }[kind]
    return read(DEFAULT_SET, labels)


def test_no_real_tile_is_silently_misread() -> None:
    """On racks of real tiles, every tile is read right, "?" or not found: never a sure
    wrong letter, nor a letter where there is no tile."""
    racks = _real("rack")
    assert racks.silent == 0


def test_real_tiles_reach_the_goal() -> None:
    """Issue 23's goal: real tile photos 97% read (met since the tile finder reads the
    letters: 45 of 45 and 99 of 100 framed, 44 of 45 close; docs/vision.md)."""
    racks = _real("rack")
    assert racks.right >= 0.97 * racks.items


def test_no_real_number_tile_is_silently_misread() -> None:
    """On rows of real number tiles (Rummikub's, never trained on), every plate is read
    right or "?": never a sure wrong number."""
    plates = _real("plates")
    assert plates.silent == 0
    assert plates.missed == 0


def test_real_number_tiles_reach_the_real_photos_goal() -> None:
    """Issue 23's goal for real photos, 97% (117 of 120 on 2026-12-07, the first
    reading; docs/vision.md, "Real photos")."""
    plates = _real("plates")
    assert plates.right >= 0.97 * plates.items


def test_no_number_tile_on_a_real_holder_is_silently_misread() -> None:
    """Photos of real tiles standing on a holder, read whole: a tile is read right, "?"
    or not kept (the finder keeps the six likeliest numbers), never a sure wrong number,
    and no 11, 12, 13 or joker is read as a plate."""
    tiles = _real("plate")
    assert tiles.silent == 0
    assert tiles.foreign_sure == 0


@pytest.mark.xfail(
    strict=True,
    reason="a photo of a holder with two tiles on marble: one of the marble's veins "
    'read as a sure 7 (docs/vision.md, "Real photos")',
)
def test_no_sure_number_on_a_real_photo_where_no_tile_is() -> None:
    """Without the mat, a number read surely where no tile is would be a plate invented."""
    assert _real("plate").extra == 0


def test_no_sure_letter_on_real_photos_where_the_game_shows_none() -> None:
    """On real photos of letter dice, no letter is read surely off the labelled dice, nor
    on a face the game's dice do not have (a Boggle "Qu", a blank): a referee may say
    "?", it must not invent a die. (Marked as failing since the dice's eight-view
    confidence; it holds with the readers as they stood when read again on 2026-12-07:
    none sure off the 538 dice, none on their 31 faces the game lacks.)"""
    dice = _real("die")
    assert dice.extra == 0
    assert dice.foreign_sure == 0


@pytest.mark.xfail(strict=True, reason="real Boggle dice: 8.4% right, 6 silent misreads in 538")
def test_real_letter_dice_reach_the_goals() -> None:
    """Issue 23's goals for dice: 95% right, silent misreads at most one in a thousand.
    Not met yet on real photos (docs/vision.md, "Real photos"): strict, so it says so
    the day they are."""
    dice = _real("die")
    assert dice.right >= 0.95 * dice.items
    assert dice.silent <= dice.items / 1000
