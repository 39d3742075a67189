"""Read the letters of a tile holder from a photo, left to right.

Finding the tiles is where readers usually fail: a light tile on a light or beige table,
or on a holder of its own colour, has no edge worth the name. So the tiles are found
through their letters: ink marks of one height along one line (:mod:`vision.reading`).
The spacing of the letters gives the tile pitch, and a letter missed at either end is
looked for one pitch further (blank tiles are not told from empty slots yet). Each letter is turned
upright, isolated (the small points in a corner never join it) and classified by the
glyph model; Tesseract reads the same glyphs as one line and its disagreement lowers the
confidence. An unsure tile is "?".
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.glyphs import LETTERS, NOT_A_GLYPH, GlyphModel, Mask, normalize_glyph
from vision.models import model_for
from vision.reading import (
    MIN_CONTRAST,
    UNSURE_BELOW,
    Mark,
    NothingFound,
    Reading,
    Row,
    find_marks,
    find_rows,
    tesseract_line,
    upright,
    whole_glyph,
    working_gray,
)

#: Most tiles a holder takes.
MAX_TILES = 10

#: Tesseract disagreeing multiplies the classifier's confidence by this.
DISAGREEMENT = 0.7


def rack_row(gray: NDArray[np.uint8], model: GlyphModel) -> Row:
    """The row of letters of the holder, or :class:`NothingFound`.

    Rows of marks are proposed by geometry alone; a gingham cloth proposes rows of its
    own, so the first few are read and the row whose marks look most like letters (the
    sum of the model's confidences) wins. With a single tile every mark is a candidate.
    """
    rows = find_rows(find_marks(gray))
    if not rows:
        raise NothingFound("aucune réglette de lettres trouvée sur la photo")
    candidates = [whole_row(gray, row) for row in rows[:20]]

    def score(row: Row) -> float:
        guesses = model.classify(isolate(row), allowed=LETTERS)
        return sum(conf for label, conf in guesses if label != NOT_A_GLYPH)

    return extend(gray, max(candidates, key=score), model)


def extend(gray: NDArray[np.uint8], row: Row, model: GlyphModel) -> Row:
    """The row, plus letters one pitch beyond either end that the first pass missed.

    Glare can wash a letter out of the first, global threshold; thresholded on its own
    tile it comes back, and is kept if the model reads it with confidence.
    """
    marks = list(row.marks)
    if len(marks) < 2:
        return row
    for side in (1, -1):
        while len(marks) < MAX_TILES:
            end, before = (marks[-1], marks[-2]) if side == 1 else (marks[0], marks[1])
            dx, dy = end.cx - before.cx, end.cy - before.cy
            if math.hypot(dx, dy) > 2.2 * end.h:  # a gap: the step is no pitch
                break
            cx, cy = end.cx + dx, end.cy + dy
            half = 0.35 * end.h
            box = (round(cx - half), round(cy - end.h / 2), round(2 * half), end.h)
            if box[0] < 0 or box[1] < 0 or box[0] + box[2] >= gray.shape[1]:
                break
            guess = Mark(*box, np.zeros((box[3], box[2]), np.uint8))
            found = whole_glyph(gray, guess, 0.9 * math.hypot(dx, dy))
            if found is guess or found.h < 0.6 * end.h or found.contrast < MIN_CONTRAST:
                break
            ((_, conf),) = model.classify(isolate(Row((found,), row.angle)), allowed=LETTERS)
            if conf < UNSURE_BELOW:
                break
            if side == 1:
                marks.append(found)
            else:
                marks.insert(0, found)
    return Row(tuple(marks), row.angle)


def isolate_all(rows: list[Row]) -> list[Mask]:
    return [glyph for row in rows for glyph in isolate(row)]


def whole_row(gray: NDArray[np.uint8], row: Row) -> Row:
    """The row with each letter re-thresholded on its own tile (see ``whole_glyph``)."""
    marks = row.marks
    centres = [m.cx for m in marks]
    widths = []
    for i, mark in enumerate(marks):
        near = [abs(centres[j] - mark.cx) for j in (i - 1, i + 1) if 0 <= j < len(marks)]
        widths.append(min([*near, 1.6 * mark.h]) * 0.95)
    return Row(
        tuple(whole_glyph(gray, m, w) for m, w in zip(marks, widths, strict=True)), row.angle
    )


def isolate(row: Row) -> list[Mask]:
    """Each letter of the row, upright, normalised for the glyph model."""
    return [normalize_glyph(upright(m, row.angle)) for m in row.marks]


def read_letters(
    image: Image, model: GlyphModel | None = None, data_dir: Path | None = None
) -> Reading:
    """The letters on the holder, left to right, with a confidence each.

    ``model`` defaults to the letter model of ``data_dir`` (the calibration included).
    Raises :class:`NothingFound` when the photo shows no letters.
    """
    gray, _ = working_gray(image)
    model = model or model_for(LETTERS, data_dir)
    row = rack_row(gray, model)
    guesses = model.classify(isolate(row), allowed=LETTERS)
    letters = [i for i, (label, conf) in enumerate(guesses) if label != NOT_A_GLYPH]
    if not letters or max(guesses[i][1] for i in letters) < 0.3:
        raise NothingFound("aucune lettre lisible sur la photo")
    # Marks at either end that are no letter (a knot of the wood) are not tiles.
    first, last = letters[0], letters[-1] + 1
    row = Row(row.marks[first:last], row.angle)
    guesses = [
        (label, 0.0) if label == NOT_A_GLYPH else (label, conf)
        for label, conf in guesses[first:last]
    ]
    second = tesseract_line([upright(m, row.angle) for m in row.marks], LETTERS)
    agrees = second is not None and len(second) == len(guesses)
    warnings: list[str] = []
    if len(row.marks) > MAX_TILES:
        warnings.append(f"{len(row.marks)} lettres vues : une réglette n'en tient que {MAX_TILES}")
    values: list[str | int] = []
    confidence: list[float] = []
    uncertain: list[int] = []
    for i, (letter, own) in enumerate(guesses):
        conf = own
        if agrees and second is not None and second[i] != letter:
            conf = round(own * DISAGREEMENT, 3)
        unsure = conf < UNSURE_BELOW
        if unsure:
            uncertain.append(i)
        values.append("?" if unsure else letter)
        confidence.append(conf)
    return Reading("letters", tuple(values), tuple(confidence), tuple(uncertain), tuple(warnings))
