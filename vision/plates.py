"""Read the six number plates of "Le compte est bon" from a photo.

The plates are found and read by the learned finder and classifier
(:mod:`vision.plate_finder`, :mod:`vision.learned`), whose calibrated confidence alone
decides "?"; a user's own plates (``arbitre calibrate --kind numbers``,
:mod:`vision.own`) confirm the readings it doubts. Numbers are read in rows, top
row first, each left to right. A draw the 24 plates cannot give (three 7s, two 25s) is
flagged in the warnings, never silently accepted.

The first design (ink marks cut into digits, read by a HOG digit model and Tesseract)
was removed once the learned reader read more plates of every set, its own included
(docs/vision.md keeps its history and figures).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from solver.plates import DRAW_SIZE, InvalidDraw, check_plates
from vision.camera import Image
from vision.learned import plate_net
from vision.mat import BAND, read_on_mat
from vision.own import OwnExamples, confirmed, own_examples
from vision.plate_finder import Found, find_numbers
from vision.reading import Mark, NothingFound, Reading, find_rows, working_gray
from vision.render import PLATE_VALUES

#: The player's plates in the calibration (:func:`vision.own.own_file`).
PLATES = "plates"

#: Tells a plate's number has no plate value, or one read too unsure to say.
NOT_A_PLATE = "nombre mal lu, ou qui n'est pas une plaque (1 à 10, 25, 50, 75, 100)"


def read_numbers(image: Image, data_dir: Path | None = None) -> Reading:
    """The six plates, top row first and left to right, with a confidence each (on the
    printed mat, :mod:`vision.mat`, only its band is looked at). ``data_dir`` holds the
    user's calibration, if any (default: :func:`vision.datadir.data_dir`)."""
    return read_on_mat(image, BAND, lambda part: _read_numbers(part, data_dir))


def plates_in_order(gray: NDArray[np.uint8]) -> tuple[list[Found], bool]:
    """The plates found on the working photo, in reading order, and whether more than
    six were read (then which six are the plates is a guess)."""
    plates = find_numbers(gray)
    if not plates.found:
        raise NothingFound("aucune plaque trouvée sur la photo")
    ordered = plates.found if plates.in_order else _in_rows(plates.found)
    return ordered, plates.seventh or len(ordered) > DRAW_SIZE


def _in_rows(found: list[Found]) -> list[Found]:
    """Numbers in reading order: rows found as straight lines, top row first."""
    left = list(found)
    rows: list[list[Found]] = []
    while left:
        boxes = [Mark(*f.box) for f in left]
        lines = find_rows(boxes, max_gap=12.0, slack=0.4)
        members = {id(m) for m in lines[0].marks} if lines and len(lines[0].marks) > 1 else set()
        row = [f for f, b in zip(left, boxes, strict=True) if id(b) in members] or [left[0]]
        rows.append(sorted(row, key=lambda f: f.cx))
        left = [f for f in left if all(f is not r for r in row)]
    rows.sort(key=lambda row: float(np.mean([f.cy for f in row])))
    return [f for row in rows for f in row]


def adapted(gray: NDArray[np.uint8], found: Sequence[Found], own: OwnExamples) -> list[Found]:
    """``found``, each plate the network is unsure of made sure where the user's own
    plates read the network's likeliest value too (:meth:`OwnExamples.agrees`)."""
    net = plate_net()
    doubted = [i for i, f in enumerate(found) if not f.sure and f.value is not None]
    if not doubted:
        return list(found)
    windows = net.windows(gray, [found[i].box for i in doubted])
    classes = [*(str(v) for v in PLATE_VALUES), None]
    read = [str(found[i].value) for i in doubted]
    sure = confirmed(own, net.probabilities(windows), net.features(windows), classes, read)
    out = list(found)
    for i in (i for i, yes in zip(doubted, sure, strict=True) if yes):
        out[i] = replace(found[i], confidence=max(found[i].confidence, net.threshold), sure=True)
    return out


def _read_numbers(image: Image, data_dir: Path | None) -> Reading:
    gray, _ = working_gray(image)
    found, too_many = plates_in_order(gray)
    own = own_examples(data_dir, PLATES, plate_net().features)
    if own is not None:
        found = adapted(gray, found, own)
    values: list[str | int] = []
    confidence: list[float] = []
    uncertain: list[int] = []
    warnings: list[str] = []
    if too_many:
        warnings.append(f"plus de {DRAW_SIZE} nombres vus : lequel n'est pas une plaque ?")
    for i, plate in enumerate(found):
        if not plate.valid:
            warnings.append(f"plaque {i + 1} : {NOT_A_PLATE}")
        unsure = not plate.valid or too_many
        if unsure:
            uncertain.append(i)
        values.append("?" if unsure or plate.value is None else plate.value)
        confidence.append(round(plate.confidence, 3))
    if len(values) != DRAW_SIZE:
        warnings.append(f"{len(values)} plaques lues au lieu de {DRAW_SIZE}")
    known = [v for v in values if isinstance(v, int)]
    if len(known) == DRAW_SIZE:
        try:
            check_plates(known)
        except InvalidDraw as error:
            warnings.append(f"tirage impossible : {error}")
    return Reading("numbers", tuple(values), tuple(confidence), tuple(uncertain), tuple(warnings))
