"""Read the six number plates of "Le compte est bon" from a photo.

Digits are found as ink marks (:mod:`vision.reading`), like letters on tiles. Marks of
one height side by side, less than a digit's height apart, make one number; numbers are
read in rows, top row first, each left to right. The glyph model of digits reads each
digit, Tesseract reads all the numbers once as a cross-check (it reads digits well), and a
value that is not a plate, or a draw the 24 plates cannot give (three 7s, two 25s), is
flagged in the warnings, never silently accepted.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from solver.plates import DRAW_SIZE, PLATE_COUNTS, InvalidDraw, check_plates
from vision.camera import Image
from vision.glyphs import DIGITS, NOT_A_GLYPH, GlyphModel, normalize_glyph
from vision.models import model_for
from vision.reading import (
    UNSURE_BELOW,
    Mark,
    NothingFound,
    Reading,
    find_marks,
    find_rows,
    tesseract_words,
    whole_glyph,
    working_gray,
)

#: Tesseract disagreeing multiplies the model's confidence by this.
DISAGREEMENT = 0.7


def split_wide(mark: Mark) -> list[Mark]:
    """A mark wider than a digit is two or three digits that touch ("00" of 100):
    cut it where the columns hold the least ink."""
    parts = round(mark.w / (0.62 * mark.h))
    if mark.w <= 1.05 * mark.h or parts < 2:
        return [mark]
    ink = (mark.mask > 0).sum(axis=0)
    cuts = [0]
    for k in range(1, parts):
        centre = round(k * mark.w / parts)
        lo, hi = (
            max(1, centre - mark.w // (3 * parts)),
            min(mark.w - 1, centre + mark.w // (3 * parts)),
        )
        cuts.append(lo + int(np.argmin(ink[lo:hi])) if hi > lo else centre)
    cuts.append(mark.w)
    pieces = []
    for a, b in itertools.pairwise(cuts):
        pieces.append(Mark(mark.x + a, mark.y, b - a, mark.h, mark.mask[:, a:b], mark.contrast))
    return pieces


def _group(marks: list[Mark]) -> list[list[Mark]]:
    """Digits side by side on one line, close together: the numbers, in no order."""
    groups: list[list[Mark]] = []
    for mark in sorted(marks, key=lambda m: m.cx):
        for group in groups:
            last = group[-1]
            same_line = abs(last.cy - mark.cy) < 0.35 * last.h and 0.7 < mark.h / last.h < 1.4
            if same_line and mark.x - (last.x + last.w) < 0.6 * last.h:
                group.append(mark)
                break
        else:
            groups.append([mark])
    return groups


def _box(group: list[Mark]) -> Mark:
    """A group as one mark (its bounding box), for the row finder."""
    x0, y0 = min(m.x for m in group), min(m.y for m in group)
    x1, y1 = max(m.x + m.w for m in group), max(m.y + m.h for m in group)
    return Mark(x0, y0, x1 - x0, y1 - y0, np.zeros((1, 1), np.uint8))


def _in_rows(groups: list[list[Mark]]) -> list[list[Mark]]:
    """Numbers in reading order: rows found as straight lines, top row first."""
    left = list(groups)
    rows: list[list[list[Mark]]] = []
    while left:
        boxes = [_box(g) for g in left]
        found = find_rows(boxes, max_gap=12.0, slack=0.4)
        members = {id(m) for m in found[0].marks} if found and len(found[0].marks) > 1 else set()
        row = [g for g, b in zip(left, boxes, strict=True) if id(b) in members] or [left[0]]
        rows.append(sorted(row, key=lambda g: g[0].cx))
        left = [g for g in left if all(g is not r for r in row)]
    rows.sort(key=lambda row: float(np.mean([g[0].cy for g in row])))
    return [g for row in rows for g in row]


def _numbers(
    gray: NDArray[np.uint8], model: GlyphModel
) -> tuple[list[tuple[list[Mark], str, float]], bool]:
    """Each number seen: its digits, its text, the model's confidence in it; and whether
    more than six numbers were read with confidence (then which six are the plates is a
    guess: a mark of the wood read as a sure 7 once pushed a plate out and shifted the
    whole draw by one)."""
    marks = [
        piece for m in find_marks(gray) for piece in split_wide(whole_glyph(gray, m, 1.3 * m.h))
    ]
    if not marks:
        raise NothingFound("aucune plaque trouvée sur la photo")
    guesses = model.classify([normalize_glyph(m.mask) for m in marks], allowed=DIGITS)
    digits = {
        id(m): guess
        for m, guess in zip(marks, guesses, strict=True)
        if guess[0] != NOT_A_GLYPH and guess[1] >= 0.3
    }
    groups = _group([m for m in marks if id(m) in digits])
    if not groups:
        raise NothingFound("aucun chiffre lisible sur la photo")
    # The plates' digits share one height, the tallest that six numbers share: the
    # junctions of a checked cloth can look like small digits, never like big ones.
    heights = [float(np.median([m.h for m in g])) for g in groups]

    def alike(height: float) -> list[int]:
        return [i for i, h in enumerate(heights) if 0.75 * height < h < 1.33 * height]

    tallest_first = sorted(heights, reverse=True)
    height = next(
        (h for h in tallest_first if len(alike(h)) >= DRAW_SIZE),
        max(tallest_first, key=lambda h: len(alike(h))),
    )
    groups = [groups[i] for i in alike(height)]
    too_many = False
    if len(groups) > DRAW_SIZE:  # the six read with most confidence
        groups.sort(key=lambda g: -min(digits[id(m)][1] for m in g))
        too_many = min(digits[id(m)][1] for m in groups[DRAW_SIZE]) >= UNSURE_BELOW
        groups = groups[:DRAW_SIZE]
    numbers = []
    for group in _in_rows(groups):
        text = "".join(digits[id(m)][0] for m in group)
        numbers.append((group, text, min(digits[id(m)][1] for m in group)))
    return numbers, too_many


def read_numbers(
    image: Image, model: GlyphModel | None = None, data_dir: Path | None = None
) -> Reading:
    """The six plates, top row first and left to right, with a confidence each."""
    gray, _ = working_gray(image)
    numbers, too_many = _numbers(gray, model or model_for(DIGITS, data_dir))
    second = tesseract_words([[m.mask for m in group] for group, _, _ in numbers], DIGITS, gap=3)
    agrees = second is not None and len(second) == len(numbers)
    values: list[str | int] = []
    confidence: list[float] = []
    uncertain: list[int] = []
    warnings: list[str] = []
    if too_many:
        warnings.append(f"plus de {DRAW_SIZE} nombres vus : lequel n'est pas une plaque ?")
    for i, (_, text, own) in enumerate(numbers):
        conf = min(own, UNSURE_BELOW / 2) if too_many else own
        if agrees and second is not None and second[i] != text:
            conf = round(own * DISAGREEMENT, 3)
            warnings.append(f"plaque {i + 1} : Tesseract lit {second[i]}, le modèle {text}")
        value = int(text)
        if value not in PLATE_COUNTS:
            warnings.append(f"plaque {i + 1} : {value} n'est pas une plaque")
            conf = min(conf, UNSURE_BELOW / 2)
        unsure = conf < UNSURE_BELOW
        if unsure:
            uncertain.append(i)
        values.append("?" if unsure else value)
        confidence.append(conf)
    if len(values) != DRAW_SIZE:
        warnings.append(f"{len(values)} plaques lues au lieu de {DRAW_SIZE}")
    known = [v for v in values if isinstance(v, int)]
    if len(known) == DRAW_SIZE:
        try:
            check_plates(known)
        except InvalidDraw as error:
            warnings.append(f"tirage impossible : {error}")
    return Reading("numbers", tuple(values), tuple(confidence), tuple(uncertain), tuple(warnings))
