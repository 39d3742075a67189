"""Read the letters of a tile holder from a photo, left to right.

Finding the tiles is where readers usually fail: a light tile on a light or beige table,
or on a holder of its own colour, has no edge worth the name. So the tiles are found
through their letters: ink marks of one height along one line (:mod:`vision.reading`).
The spacing of the letters gives the tile pitch, and a letter missed at either end is
looked for one pitch further; a slot with no letter is a blank tile if it shows a tile's
face and top edge like its neighbours', else an empty slot. Each letter is read by the
learned classifier in a window turned upright, its keystone lean undone; the user's own
glyphs (a calibration) confirm the readings it doubts. An unsure tile, or a blank one, is
"?". (The first design read each isolated glyph with the HOG glyph model and Tesseract;
its reading was removed, its tile finder is what follows; docs/vision.md has both.)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.glyphs import (
    LETTERS,
    NOT_A_GLYPH,
    GlyphModel,
    Guess,
    Mask,
    normalize_glyph,
)
from vision.learned import LetterGuess, letter_net
from vision.mat import BAND, read_on_mat
from vision.models import model_for
from vision.reading import (
    MIN_CONTRAST,
    UNSURE_BELOW,
    Mark,
    NothingFound,
    Reading,
    Row,
    find_rows,
    joined,
    letter_marks,
    stroke_box,
    upper_quartile,
    upright,
    whole_letter,
    working_gray,
)

#: Most tiles a holder takes.
MAX_TILES = 10

#: A letter looked for where the first pass saw none is kept above this confidence.
FOUND_ABOVE = 0.6

#: A letter looked for across an empty slot past an end is kept above this confidence:
#: two pitches away, marks of the table are as likely as a tile.
ACROSS_ABOVE = UNSURE_BELOW

#: A letter in doubt (out of step with the row, too tall, pale, not found by the first
#: pass) has its confidence multiplied by this.
DISAGREEMENT = 0.7

#: A letter whose nearer neighbour is closer than this share of the row's usual step is
#: a piece of a letter (a glyph broken by glare) or a mark between tiles: its reading is
#: unsure. Right letters were this close in 1 case of 1,257 on unseen fonts, wrong
#: letters read with full confidence in 6 of 19.
CROWDED_BELOW = 0.6

#: Marks closer than this many letter heights along the row are pieces of one letter:
#: tiles are square and a letter is at most about 0.6 of its tile, so the letters of two
#: tiles are 1.6 heights apart or more (more still when the camera's angle flattens them).
#: At 1.2 the two halves of a Q broken by glare, 1.21 heights apart, were not merged and
#: one half was read C with full confidence.
MERGE_WITHIN = 1.4

#: A blank tile's face profile (see ``_blank_tile``) correlates with its neighbours' above
#: this, and its top edge is at least this share as marked as theirs.
BLANK_LIKENESS = 0.8
BLANK_EDGE = 0.4
BLANK_APART = 0.35

#: Letters closer than this many letter heights are out of step whatever the row's usual
#: step (which pieces of letters shorten): tiles hold letters of at most about 0.6 of
#: their width, 1.6 heights apart; a little below, for tiles with taller letters.
CROWDED_HEIGHTS = 1.2

#: Letters smaller than this share of the row's usual step are not on tiles side by side
#: (tiles are square, a letter fills most of its tile): the row is a pattern of the table
#: or of the cloth and all its readings are unsure.
SPARSE_BELOW = 0.2


def rack_row(gray: NDArray[np.uint8], model: GlyphModel) -> Row:
    """The row of letters of the holder, or :class:`NothingFound`.

    Rows of marks are proposed by geometry alone; a gingham cloth proposes rows of its
    own, so the first few are read and the row whose marks look most like letters (the
    sum of the model's confidences) wins. With a single tile every mark is a candidate,
    and rows that look equally like letters are told apart by their ink: printed ink is
    darker against its tile than a mark of the table against the table (a single K on a
    wooden table lost to a grain mark also read with full confidence, seed 11). Where no
    row reads like letters, single marks are candidates too.
    """
    marks = letter_marks(gray)
    rows = find_rows(marks)
    if not rows:
        raise NothingFound("aucune réglette de lettres trouvée sur la photo")
    best, likeness = _likeliest(gray, model, rows[:20])
    if likeness / len(best.marks) < ROWS_UNLIKE:
        # No row reads like letters: a checked cloth's rows hid a single tile (seed 23).
        inkiest = sorted(marks, key=lambda m: -m.contrast)[:SINGLES]
        single, likeness = _likeliest(gray, model, [Row((m,), 0.0) for m in inkiest])
        if likeness >= UNSURE_BELOW:
            best = single
    row = leaning(gray, extend(gray, best, model))
    if len(row.marks) == 1 and row.shears and row.shears[0]:
        # A single tile's lean has no neighbours to agree with: on a checked cloth the
        # cloth's edges set it (a Z read 1.0 upright, 0.37 "unleaned"; seed 23).
        upright = Row(row.marks, row.angle, row.squash)
        leaned, unleaned = _letter_likeness(model, [row, upright])
        row = row if leaned >= unleaned else upright
    return row


#: Rows whose marks the model reads this surely on average, or less, are no letters'
#: (the rows of a checked cloth read 0.2 to 0.45 a mark; a rack's letters 0.8 and more).
ROWS_UNLIKE = 0.6

#: ... then the inkiest marks, this many, are read as single tiles (printed ink is the
#: darkest mark of a photo; the Z of seed 23 was the inkiest of 13).
SINGLES = 10


def _likeliest(
    gray: NDArray[np.uint8], model: GlyphModel, rows: Sequence[Row]
) -> tuple[Row, float]:
    """Of ``rows``, the one whose letters, thresholded again on their tiles, look most
    like letters (rows that look equally so are told apart by their ink), and its
    likeness (see :func:`_letter_likeness`)."""
    candidates = [measured(gray, whole_row(gray, row)) for row in rows]
    likeness = _letter_likeness(model, candidates)
    ink = [float(np.median([m.contrast for m in row.marks])) for row in rows]
    best = max(range(len(candidates)), key=lambda i: (likeness[i], ink[i]))
    return candidates[best], likeness[best]


def _letter_likeness(model: GlyphModel, rows: Sequence[Row]) -> list[float]:
    """For each row, how much its marks look like letters: the sum of the model's
    confidences (marks read as no glyph count nothing)."""
    return [
        sum(conf for label, conf in read if label != NOT_A_GLYPH)
        for read in _read_rows(model, rows)
    ]


def _read_rows(model: GlyphModel, rows: Sequence[Row]) -> list[list[tuple[str, float]]]:
    """The model's reading of each row's letters.

    The rows are read in one call: the model's distances cost a pass over its 9,660 rows
    whatever the number of glyphs, and a photo proposes 2.4 rows on average. A row of
    one glyph is read alone: BLAS sums a single glyph's distances in another order (a
    matrix-vector product), which could change a confidence in its last digit.
    """
    together = [i for i, row in enumerate(rows) if len(row.marks) > 1]
    glyphs = [isolate(rows[i]) for i in together]
    guesses = iter(model.classify([g for row in glyphs for g in row], allowed=LETTERS))
    read = {i: [next(guesses) for _ in row] for i, row in zip(together, glyphs, strict=True)}
    return [
        read[i] if i in read else model.classify(isolate(row), allowed=LETTERS)
        for i, row in enumerate(rows)
    ]


#: Beyond the row's end, a letter found on a face darker than this share of its
#: neighbour's must read surely (see :func:`_probe`).
END_FACE = 0.9


def _probe(
    gray: NDArray[np.uint8],
    model: GlyphModel,
    row: Row,
    at: tuple[float, float],
    *,
    pitch: float,
    height: float,
    beside: Mark,
    above: float = FOUND_ABOVE,
    at_end: bool = False,
) -> Mark | None:
    """A letter the first pass missed on the tile centred at ``at``, or ``None``.

    Glare can wash a letter out of the first, global threshold, and a letter grown
    together with its points digit is no mark of the row's height; thresholded on its
    own tile it comes back, and is kept if it is as contrasted as ink and the model
    reads it with confidence. Beyond the row's end (``at_end``) a mark on a face
    darker than its neighbour's (under :data:`END_FACE` of it) must read surely by the
    model alone: the end of a light holder against the table read I at 0.86 there, and
    the user's glyphs of an I made it sure (seed 61).
    """
    if at[0] < 0 or at[1] < 0 or at[0] >= gray.shape[1] or at[1] >= gray.shape[0]:
        return None
    width = 0.9 * pitch
    found = _centred_letter(gray, at[0], at[1], width, height)
    if found is None or not 0.6 * height <= found.h <= 1.5 * height:
        return None
    if found.contrast < MIN_CONTRAST:
        return None
    off = (found.cx - at[0]) * math.cos(row.angle) + (found.cy - at[1]) * math.sin(row.angle)
    if at_end and abs(off) > OFF_SLOT * pitch:
        return None  # not where a tile beyond the end would hold its letter
    face = _face_around(gray, found) / max(1.0, _face_around(gray, beside))
    if face < 0.75:
        return None  # on something darker than its neighbour's face: the holder, the table
    # Read leaning as its tile leans: at a keystoned holder's end the lean is strongest
    # (a C059 K beyond a row's end read K at 0.44 upright, and was lost; seed 67).
    lean = _lean(gray, found, row.angle, 1.2 * pitch)
    glyph = isolate(Row((found,), row.angle, row.squash, (float(_unlearned(lean)),)))
    ((label, conf),) = model.classify(glyph, allowed=LETTERS)
    if at_end and face < END_FACE:
        # By the model alone: the user's glyphs of an I lifted the holder's end to 0.95.
        (alone,) = model.read(glyph, allowed=LETTERS, judged=False)
        if alone.confidence < UNSURE_BELOW:
            return None
    # One thin stroke beyond the end is an I on its tile, or no letter: the holder's
    # slanted end, a faint line, read Z surely (seed 97).
    on_its_tile = label == "I" and _face_both_sides(gray, found, beside)
    if at_end and _one_stroke(found) and not on_its_tile:
        return None
    return found if label != NOT_A_GLYPH and conf >= above else None


#: A letter found beyond the row's end stands at most this many pitches along the row
#: from the slot looked at: tiles follow one another at one pitch (two across an empty
#: slot), the gaps between them a tenth of a tile or less. The window, recentred on the
#: ink it found, had moved to a dark stroke 1.58 pitches past a Lato K (the holder's
#: end, read I surely: seed 227).
OFF_SLOT = 0.3


#: A mark whose thinnest enclosing rectangle is this much narrower than long is one
#: stroke, which only an I is (a Nimbus Sans Narrow I is 0.17 to 0.2; the thinnest
#: other letter, a narrow J, 0.27).
ONE_STROKE = 0.25


def _one_stroke(mark: Mark) -> bool:
    """Whether a mark is one thin straight stroke: an I, or no letter."""
    thin, long = stroke_box(mark)
    return thin < ONE_STROKE * long


def _face_both_sides(gray: NDArray[np.uint8], found: Mark, beside: Mark) -> bool:
    """Whether a stroke found beyond the row's end has its tile's face on both sides
    (the median grey of each side at least 0.75 of its neighbour's face): past the last
    tile, the dark holder seen between the tile's edge and the light table is one thin
    dark stroke with face on one side only, and after a calibration it read I at 0.95
    (seed 83)."""
    side = max(2, round(0.5 * found.h))
    rows = slice(found.y, found.y + found.h)
    left = gray[rows, max(0, found.x - side) : found.x]
    right = gray[rows, found.x + found.w : found.x + found.w + side]
    if not left.size or not right.size:
        return False
    face = max(1.0, _face_around(gray, beside))
    return min(float(np.median(left)), float(np.median(right))) >= 0.75 * face


def _face_around(gray: NDArray[np.uint8], mark: Mark) -> float:
    """The grey of the face around a letter: the lighter quarter of its box widened by a
    quarter of its height on each side (the ink is well under half of it)."""
    margin = round(0.25 * mark.h)
    x0, y0 = max(0, mark.x - margin), max(0, mark.y - margin)
    box = gray[y0 : mark.y + mark.h + margin, x0 : mark.x + mark.w + margin]
    return upper_quartile(box) if box.size else 0.0


def extend(gray: NDArray[np.uint8], row: Row, model: GlyphModel) -> Row:
    """The row, plus letters the first pass missed: one pitch beyond either end (or two,
    across an empty slot), and in gaps of two pitches or more between letters (an empty
    slot, a blank tile, or a letter lost in glare: only the last is added)."""
    marks = list(row.marks)
    if len(marks) == 1:
        return _beside_single(gray, row, model)
    steps = [math.hypot(b.cx - a.cx, b.cy - a.cy) for a, b in itertools.pairwise(marks)]
    pitch = float(np.median([s for s in steps if s < 1.45 * min(steps)]))
    height = _letter_height(marks)
    tiled = pitch > 1.5 * height  # else the pitch was measured on pieces: no blank told
    level, slope = _centre_line(marks, row.angle)

    def on_line(x: float) -> tuple[float, float]:
        return (x, level + slope * x)

    filled = [marks[0]]
    for a, b in itertools.pairwise(marks):
        slots = round(math.hypot(b.cx - a.cx, b.cy - a.cy) / pitch) - 1
        for k in range(1, slots + 1):
            at = on_line(a.cx + k / (slots + 1) * (b.cx - a.cx))
            found = _probe(gray, model, row, at, pitch=pitch, height=height, beside=a)
            sides = (on_line(a.cx), on_line(b.cx))
            if found is None and tiled and _blank_tile(gray, at, sides, height):
                found = _blank_mark(at, height)
            if found is not None:
                filled.append(found)
        filled.append(b)
    marks = filled
    for side in (1, -1):
        while len(marks) < MAX_TILES:
            end, before = (marks[-1], marks[-2]) if side == 1 else (marks[0], marks[1])
            dx, dy = end.cx - before.cx, end.cy - before.cy
            if math.hypot(dx, dy) > 1.3 * pitch:  # a gap: the step is no pitch
                dx, dy = dx * pitch / math.hypot(dx, dy), dy * pitch / math.hypot(dx, dy)
            at = on_line(end.cx + dx)
            found = _probe(
                gray, model, row, at, pitch=pitch, height=height, beside=end, at_end=True
            )
            neighbours = (on_line(end.cx), on_line(before.cx))
            # A tile's face is as wide as it is tall: a blank's far side shows face too,
            # where a holder of the tiles' colour ending within the slot shows the table
            # (wood beyond a light holder's end read as a blank tile, seed 97).
            far = on_line(at[0] + BLANK_FAR * dx)
            if (
                found is None
                and tiled
                and _blank_tile(gray, at, neighbours, height)
                and _blank_tile(gray, far, neighbours, height)
            ):
                # On a holder of the tiles' colour an end looks like blank tiles all
                # along: a blank at an end is one only if what lies beyond it is not
                # the colour of the tiles.
                beyond = _level(gray, on_line(at[0] + dx), height)
                if (
                    beyond is None
                    or abs(beyond / max(1.0, _level(gray, at, height) or 1.0) - 1) < 0.2
                ):
                    break
                found = _blank_mark(at, height)
            if found is None and len(marks) < MAX_TILES - 1:  # across one empty slot
                at = on_line(end.cx + 2 * dx)
                found = _probe(
                    gray,
                    model,
                    row,
                    at,
                    pitch=pitch,
                    height=height,
                    beside=end,
                    above=ACROSS_ABOVE,
                    at_end=True,
                )
            if found is None:
                break
            if side == 1:
                marks.append(found)
            else:
                marks.insert(0, found)
    return Row(tuple(marks), row.angle, row.squash)


def _beside_single(gray: NDArray[np.uint8], row: Row, model: GlyphModel) -> Row:
    """The row of a single letter, with the letters found a tile's width beside it and
    beyond them (see :func:`extend`).

    Tiles grown together with their points digits are no marks of the row's height, and
    the first pass may find one letter of a short rack only: a C059 DKK read D (seed
    19). With one letter the pitch is unknown: tiles touch on the holder, so it is the
    width of the letter's tile's face.
    """
    (mark,) = row.marks
    _, pitch = _face_size(gray, mark, row.angle, round(3 * mark.h))
    if pitch < 1.5 * mark.h:
        return row
    step = (math.cos(row.angle), math.sin(row.angle))
    for sign in (1, -1):
        at = (mark.cx + sign * pitch * step[0], mark.cy + sign * pitch * step[1])
        found = _probe(gray, model, row, at, pitch=pitch, height=mark.h, beside=mark, at_end=True)
        if found is not None:
            pair = (mark, found) if sign == 1 else (found, mark)
            return extend(gray, Row(pair, row.angle, row.squash), model)
    return row


#: How far from a blank's centre, in pitches, its far side's face is looked at.
BLANK_FAR = 0.3


def _blank_mark(at: tuple[float, float], height: float) -> Mark:
    """A blank tile centred at ``at``: a box of a letter's size with no ink."""
    side = max(1, round(height))
    box = (round(at[0] - side / 2), round(at[1] - side / 2), side, side)
    return Mark(*box, np.zeros((side, side), np.uint8), blank=True)


def _face_profile(
    gray: NDArray[np.uint8], at: tuple[float, float], height: float
) -> NDArray[np.float64] | None:
    """The mean grey of each row from above a tile's top edge down to its letter, over
    the tile's middle: the face, its border and the holder behind it."""
    x0, x1 = round(at[0] - 0.2 * height), round(at[0] + 0.2 * height) + 1
    y0 = round(at[1] - 1.05 * height)
    y1 = y0 + round(0.5 * height)
    if x0 < 0 or y0 < 0 or x1 > gray.shape[1] or y1 > gray.shape[0] or y1 - y0 < 4:
        return None
    return np.asarray(gray[y0:y1, x0:x1].mean(axis=1), np.float64)


def _level(gray: NDArray[np.uint8], at: tuple[float, float], height: float) -> float | None:
    """The median grey where a letter centred at ``at`` would be (``None``: off the photo)."""
    x0, y0 = round(at[0] - 0.3 * height), round(at[1] - 0.5 * height)
    x1, y1 = round(at[0] + 0.3 * height), round(at[1] + 0.5 * height)
    if x0 < 0 or y0 < 0 or x1 > gray.shape[1] or y1 > gray.shape[0] or x1 <= x0 or y1 <= y0:
        return None
    return float(np.median(gray[y0:y1, x0:x1]))


def _blank_tile(
    gray: NDArray[np.uint8],
    at: tuple[float, float],
    letters: Sequence[tuple[float, float]],
    height: float,
) -> bool:
    """Whether a tile with no letter sits at ``at``, the centres of ``letters`` being
    those of its neighbours' letters.

    An empty slot shows the holder, a blank tile a face like its neighbours': the same
    grey above where the letter would be, the same top edge (the tile's border against
    the holder behind) at the same height, and no ink where the letter would be. The
    top edge tells a blank tile from an empty slot even on a holder of the tiles' colour.
    """
    slot = _face_profile(gray, at, height)
    references = [p for p in (_face_profile(gray, c, height) for c in letters) if p is not None]
    if slot is None or not references:
        return False
    reference = np.mean(references, axis=0)
    if reference.std() < 3 or slot.std() < BLANK_EDGE * reference.std():
        return False  # no edge: the holder runs on
    if float(np.corrcoef(slot, reference)[0, 1]) < BLANK_LIKENESS:
        return False
    face, slot_face = float(reference[-3:].mean()), float(slot[-3:].mean())
    if not 0.8 < slot_face / max(face, 1.0) < 1.25:
        return False
    apart = np.abs(slot * face / max(slot_face, 1.0) - reference).mean()
    if apart > BLANK_APART * float(np.ptp(reference)):
        return False
    x0, y0 = max(0, round(at[0] - 0.3 * height)), max(0, round(at[1] - 0.5 * height))
    middle = gray[y0 : round(at[1] + 0.5 * height), x0 : round(at[0] + 0.3 * height)]
    return middle.size > 0 and float(np.percentile(middle, 2)) > slot_face - MIN_CONTRAST


def whole_row(gray: NDArray[np.uint8], row: Row) -> Row:
    """The row with the pieces of each tile merged and each letter thresholded again on
    its own tile (see :func:`vision.reading.whole_letter`).

    Marks closer along the row than :data:`MERGE_WITHIN` letter heights are pieces of one
    letter (a U cut by glare, the stems of an M whose thin diagonals were lost).
    """
    tiles = _merged(row)
    height = _letter_height(tiles)
    level, slope = _centre_line(tiles, row.angle)
    # Between two tiles the window may be as wide as the pitch. A first mark narrower
    # than its letter (a round G, C, O of a serif font whose thin top and bottom glare
    # parted) centres the window off the letter, and at 2.2 letter heights it cut the
    # letter's far side off: a G read C (seed 23). Not at the row's ends, where a window
    # that wide reaches past the tile: the holder's edge joined an I and a B (read "?",
    # E; seed 23).
    pitch = _pitch(Row(tuple(tiles), row.angle)) if len(tiles) > 1 else 0.0
    letters: list[Mark] = []
    for i, mark in enumerate(tiles):
        near = [abs(tiles[j].cx - mark.cx) for j in (i - 1, i + 1) if 0 <= j < len(tiles)]
        wide = pitch if len(near) == 2 else 0.0
        width = min([*near, max(2.2 * height, 1.3 * mark.w, wide)]) * 0.95
        # A mark wider than the window is a letter grown into its points digit, which
        # is printed right of it: centred on the mark, the window cut the letter's left
        # side and the letter was lost, its digit kept (a C059 X and its 10, seed 31).
        x = mark.cx if mark.w <= width else mark.x + 0.45 * width
        found = _centred_letter(gray, x, level + slope * x, width, height)
        if found is not None and any(_same_box(found, other) for other in letters):
            # Two marks of a row found one letter: it is one tile, not two a step of
            # nought apart (a row of a patterned table's marks, read in negative).
            continue
        letters.append(found or replace(mark, unfound=True))
    return Row(tuple(letters), row.angle)


def _same_box(a: Mark, b: Mark) -> bool:
    return (a.x, a.y, a.w, a.h) == (b.x, b.y, b.w, b.h)


def _centre_line(marks: Sequence[Mark], angle: float) -> tuple[float, float]:
    """Where the row's letters are centred: (y at x = 0, slope).

    The slope is Theil-Sen's through the letters' centres (the medians resist a letter
    grown into its points digit, whose centre is low); the row's angle, measured on a
    pair of marks, was off by 0.02 rad on a keystoned rack of ten, enough at its end to
    set the letter band a quarter letter too low and lose the top of a leaning K
    (calibration photo, seed 11), which the calibration then learned as its digit.
    """
    slope = math.tan(angle)
    if len(marks) >= 3:
        slope = float(
            np.median(
                [
                    (b.cy - a.cy) / (b.cx - a.cx)
                    for a, b in itertools.combinations(marks, 2)
                    if b.cx != a.cx
                ]
            )
        )
    return float(np.median([m.cy - slope * m.cx for m in marks])), slope


def _letter_height(marks: Sequence[Mark]) -> float:
    """The height of the row's letters: the median of its marks' (pieces merged first)."""
    return float(np.median([m.h for m in marks]))


def _centred_letter(
    gray: NDArray[np.uint8], x: float, y: float, width: float, height: float
) -> Mark | None:
    """The letter of the tile around (x, y): looked for once, then again centred on what
    was found (a first mark may be one side of its letter)."""
    found = whole_letter(gray, (x, y), width, height)
    if found is not None and abs(found.cx - x) > 0.1 * width:
        found = whole_letter(gray, (found.cx, y), width, height) or found
    return found


def _merged(row: Row) -> list[Mark]:
    """The row's marks, those closer along the row than :data:`MERGE_WITHIN` letter
    heights merged."""
    marks = list(row.marks)
    if len(marks) < 2:
        return marks
    reach = MERGE_WITHIN * float(np.median([m.h for m in marks]))
    groups: list[list[Mark]] = [[marks[0]]]
    for a, b in itertools.pairwise(marks):
        if math.hypot(b.cx - a.cx, b.cy - a.cy) < reach:
            groups[-1].append(b)
        else:
            groups.append([b])
    return [joined(group) for group in groups]


def letters_of_row(row: Row) -> list[Mask]:
    """Each letter of the row turned upright, its lean undone, stretched back to its true
    height."""
    glyphs = []
    for i, mark in enumerate(row.marks):
        lean = row.shears[i] if row.shears else 0.0
        turned = upright(mark, row.angle) if not lean else _upright_unsheared(mark, row.angle, lean)
        stretched = cv2.resize(turned, None, fx=1.0, fy=1.0 / row.squash)
        glyphs.append(np.asarray((stretched > 100) * 255, np.uint8))
    return glyphs


def _upright_unsheared(mark: Mark, angle: float, shear: float) -> Mask:
    """The mark turned by ``-angle`` and its lean (x moving by ``shear`` times y) undone,
    in one warp: two warps one after the other blur a small glyph's edges into jaggies
    the model reads less surely."""
    pad = max(mark.w, mark.h) // 2 + round(abs(shear) * mark.h / 2) + 1
    canvas = cv2.copyMakeBorder(mark.mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    cx, cy = canvas.shape[1] / 2, canvas.shape[0] / 2
    turn = np.vstack([cv2.getRotationMatrix2D((cx, cy), math.degrees(angle), 1.0), [0, 0, 1]])
    unlean = np.array([[1.0, -shear, shear * cy], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    matrix = (unlean @ turn)[:2].astype(np.float32)
    turned = cv2.warpAffine(canvas, matrix, canvas.shape[::-1], flags=cv2.INTER_LINEAR)
    return np.asarray((turned > 100).astype(np.uint8) * 255, np.uint8)


#: The leans tried for a tile (x moving by this times y): keystone leans the tiles at the
#: ends of a holder photographed at an angle up to 0.5 in the synthetic photos.
LEANS = np.linspace(-0.6, 0.6, 25)

#: Leans up to this are in the glyph model's training (``vision.glyphs.distort``).
LEARNED_LEAN = 0.12


#: The lean is measured this many letter heights above and below the letter's centre:
#: its stems and the tile's sides, not the holder's edges or a checked cloth's upright
#: squares, which pulled small tiles to no lean (0.6 pitch, about 1.15 heights, before:
#: an H of 20 px at a keystoned holder's end read W surely, seed 97; seeds 11, 23, 31
#: before calibration, 4 tiles more right in 1,616, 0.6 heights 3).
LEAN_TALL = 0.75


def _lean(gray: NDArray[np.uint8], mark: Mark, angle: float, size: float) -> float:
    """How far the verticals around the mark lean once its row is level: the lean that,
    undone, makes the column sums of the horizontal gradient peakiest (the tile's sides
    and the letter's stems stand upright)."""
    half = max(8, round(size / 2))
    tall = max(8, round(LEAN_TALL * mark.h))
    matrix = cv2.getRotationMatrix2D((mark.cx, mark.cy), math.degrees(angle), 1.0)
    matrix[:, 2] += np.array([half - mark.cx, tall - mark.cy])
    window = cv2.warpAffine(gray, matrix, (2 * half, 2 * tall), borderMode=cv2.BORDER_REPLICATE)
    edges = np.abs(cv2.Sobel(window.astype(np.float32), cv2.CV_32F, 1, 0, ksize=3))
    best, lean = -1.0, 0.0
    for shear in LEANS:
        undo = np.array([[1.0, -shear, shear * tall], [0.0, 1.0, 0.0]], np.float32)
        columns = cv2.warpAffine(edges, undo, edges.shape[::-1]).sum(axis=0)
        energy = float((columns**2).sum())
        if energy > best:
            best, lean = energy, float(shear)
    return lean


def _unlearned(leans: NDArray[np.float64] | float) -> NDArray[np.float64]:
    """The part of each lean beyond :data:`LEARNED_LEAN`, the one the model did not learn
    (its sign kept): only that is undone before a letter is read."""
    return np.asarray(np.sign(leans) * np.maximum(np.abs(leans) - LEARNED_LEAN, 0.0))


def leaning(gray: NDArray[np.uint8], row: Row) -> Row:
    """The row with each tile's lean measured: one line through the tiles' leans along
    the row (keystone leans them in proportion to their place), a single tile its own."""
    marks = row.marks
    if not marks:
        return row
    size = 1.2 * _pitch(row)
    leans = np.array([_lean(gray, m, row.angle, size) for m in marks])
    xs = np.array([m.cx for m in marks])
    if len(marks) >= 3:
        fit = np.polyfit(xs, leans, 1)
        close = np.abs(np.polyval(fit, xs) - leans) < 0.15
        if close.sum() >= 2:
            fit = np.polyfit(xs[close], leans[close], 1)
        leans = np.polyval(fit, xs)
    # The model learned leans up to 0.12 (its training glyphs are sheared so): only the
    # lean beyond is undone. Undoing it all left upright bars the model knows less well
    # than leaning ones (the I of a bundled sample went from 1.0 to 0.85).
    leans = _unlearned(leans)
    return Row(marks, row.angle, row.squash, tuple(float(v) for v in leans))


def isolate(row: Row) -> list[Mask]:
    """Each letter of the row, upright, true height, normalised for the glyph model."""
    return [normalize_glyph(glyph) for glyph in letters_of_row(row)]


def _pitch(row: Row) -> float:
    """The usual distance between neighbouring letters (a guess for a single tile)."""
    marks = row.marks
    if len(marks) < 2:
        return 1.9 * marks[0].h
    steps = [math.hypot(b.cx - a.cx, b.cy - a.cy) for a, b in itertools.pairwise(marks)]
    return float(np.median([s for s in steps if s < 1.45 * min(steps)]))


def _run(line: NDArray[np.bool_], centre: int) -> int:
    """Length of the run of True through ``centre``."""
    if not line[centre]:
        return 0
    false = np.flatnonzero(~line)
    before, after = false[false < centre], false[false > centre]
    start = int(before[-1]) + 1 if before.size else 0
    end = int(after[0]) if after.size else len(line)
    return end - start


def measured(gray: NDArray[np.uint8], row: Row) -> Row:
    """The row with its squash measured: tiles are square, so the height of a tile's face
    over its width says how much the camera's angle flattens the letters.

    Each face is the light region around its letter (Otsu on a window turned upright),
    its width capped by the pitch where tiles touch. The median over the row is kept
    between 0.45 and 1: a square seen at an angle only looks flatter, and a face taller
    than wide is its run leaking into a holder of the tiles' colour (measured against
    the synthetic photos' true squash, seed 11: off by more than 0.15 on 22 racks of 100
    with 1.2 as the cap, 7 with 1). The model learns the rest (it is trained on ±15%).
    """
    pitch = _pitch(row)
    half = max(8, round(pitch))
    ratios = []
    for mark in row.marks:
        height, run = _face_size(gray, mark, row.angle, half)
        width = min(run, pitch)
        if width > 0:
            ratios.append(height / width)
    squash = float(np.clip(np.median(ratios), 0.45, 1.0)) if ratios else 1.0
    return Row(row.marks, row.angle, squash)


def _face_size(gray: NDArray[np.uint8], mark: Mark, angle: float, half: int) -> tuple[int, int]:
    """The height and width of the light face around a letter (Otsu on a window of
    ``half`` pixels either side, turned upright; the runs through the letter's centre)."""
    matrix = cv2.getRotationMatrix2D((mark.cx, mark.cy), math.degrees(angle), 1.0)
    matrix[:, 2] += np.array([half - mark.cx, half - mark.cy])
    window = cv2.warpAffine(gray, matrix, (2 * half, 2 * half), borderMode=cv2.BORDER_REPLICATE)
    _, face = cv2.threshold(window, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    face[
        half - mark.h // 2 : half + mark.h // 2 + 1, half - mark.w // 2 : half + mark.w // 2 + 1
    ] = 1
    column = face[:, half - max(1, mark.w // 4) : half + max(1, mark.w // 4) + 1].mean(axis=1)
    line = face[half - max(1, mark.h // 4) : half + max(1, mark.h // 4) + 1, :].mean(axis=0)
    return _run(column > 0.5, half), _run(line > 0.5, half)


def out_of_step(row: Row) -> list[bool]:
    """For each letter of the row, whether its place in the row is not a tile's.

    The classifier judges a glyph alone and is sure of a fragment of a broken letter (a U
    cut by glare reads as two sure Is) or of marks of the table lined up by chance; the
    spacing along the row tells them: tiles follow one another at one pitch (or a
    multiple of it across an empty slot), letters about as tall as the pitch.
    """
    marks = row.marks
    if len(marks) < 2:
        return [False] * len(marks)
    along = [m.cx * math.cos(row.angle) + m.cy * math.sin(row.angle) for m in marks]
    steps = [b - a for a, b in itertools.pairwise(along)]
    usual = float(np.median(steps))
    if usual <= 0:
        return [True] * len(marks)
    height = float(np.median([m.h for m in marks]))
    sparse = height < SPARSE_BELOW * usual
    # Pieces of letters make the usual step short too; letters of two tiles are never
    # closer than CROWDED_HEIGHTS letter heights, whatever the steps.
    near = max(CROWDED_BELOW * usual, CROWDED_HEIGHTS * height)
    crowded = [
        min(steps[j] for j in (i - 1, i) if 0 <= j < len(steps)) < near for i in range(len(marks))
    ]
    return [sparse or c for c in crowded]


#: Letters farther apart than this many pitches are on no one holder: an empty slot
#: parts two tiles by 2 pitches; the squares of a checked cloth in line with the row,
#: beyond the holder's ends, stood 2.8 and 3 pitches from its end letters (seed 23).
APART_PITCHES = 2.6


def _one_stretch(row: Row, letters: list[int], confidence: Sequence[float]) -> list[int]:
    """The ``letters`` (indices into the row) of the stretch of tiles the row is mostly
    made of: a row of marks found by geometry runs on over the table past the holder's
    ends, and a checked cloth puts marks on it that are read unsure, as extra "?" at
    the ends. The pitch is measured between letters read sure (tiles side by side)."""
    sure = [row.marks[i] for i in letters if confidence[i] >= UNSURE_BELOW]
    if len(sure) < 2 or len(letters) < 3:
        return letters
    reach = APART_PITCHES * _pitch(Row(tuple(sure), row.angle))
    stretches = [[letters[0]]]
    for i, j in itertools.pairwise(letters):
        a, b = row.marks[i], row.marks[j]
        if math.hypot(b.cx - a.cx, b.cy - a.cy) > reach:
            stretches.append([])
        stretches[-1].append(j)
    return max(stretches, key=lambda stretch: sum(confidence[i] for i in stretch))


#: An I taller than this many times the median of the row's other letters is no tile's
#: I: the holder's slanted end, a dark edge as tall as a tile, read I surely with the
#: user's glyphs and Tesseract agreeing (Nimbus Sans Narrow, seed 13: 1.31). True I's
#: stood at most 1.19 times their neighbours (seeds 11, 23, 31, 41: 212 I's).
TALL_I = 1.25


def _too_tall(row: Row, labels: Sequence[str]) -> list[bool]:
    """For each letter of the row, whether it reads I and stands :data:`TALL_I` times
    taller than the row's other letters (rows of three letters and more)."""
    heights = [mark.h for mark in row.marks]
    if len(heights) < 3:
        return [False] * len(heights)
    return [
        label == "I" and height > TALL_I * float(np.median(heights[:i] + heights[i + 1 :]))
        for i, (label, height) in enumerate(zip(labels, heights, strict=True))
    ]


#: A mark wider than this many pitches holds more than one tile's ink: a letter, even
#: grown into its points digit, lies within its tile's face, narrower than the pitch.
#: Two FreeSerif Ms side by side, their thin diagonals lost, made a mark of the first M
#: and the left stem of the second (1.4 pitches, read W unsure) and one of its right
#: stem, read I, which the user's glyphs made sure (seed 23).
WIDER_THAN_A_TILE = 1.15


def _beside_too_wide(found: Row, misplaced: list[bool]) -> list[bool]:
    """``misplaced`` (see :func:`out_of_step`), and the nearer neighbour of a mark wider
    than a tile (:data:`WIDER_THAN_A_TILE`, on the row as found): what is left of a
    letter whose other part that mark took, and so stands closer to it (the E on the
    other side of the two Ms' mark was whole, and farther)."""
    marks = found.marks
    if len(marks) < 3:
        return misplaced
    pitch = _pitch(found)
    doubted = list(misplaced)
    for i, mark in enumerate(marks):
        if mark.w <= WIDER_THAN_A_TILE * pitch:
            continue
        beside = [j for j in (i - 1, i + 1) if 0 <= j < len(marks)]
        nearer = min(beside, key=lambda j: math.hypot(marks[j].cx - mark.cx, marks[j].cy - mark.cy))
        doubted[nearer] = True
    return doubted


#: A mark less than this share as contrasted against its face as the row's letters
#: (their median) is not printed in the tiles' ink: a mark of a checked cloth lined up
#: with the row, beyond its end, stood at 0.24 and read H at 0.98 (seed 223). On seeds
#: 31, 107, 211 and 223 (4,400 tiles, before and after a calibration) no letter read
#: right stood under 0.35 of its row, one under 0.4.
PALE_MARK = 0.35


def _pale(found: Row) -> list[bool]:
    """For each mark of the row (as found on the working photo), whether it is far paler
    than the row's letters (:data:`PALE_MARK`); rows of three letters and more."""
    inked = [mark.contrast for mark in found.marks if not mark.blank]
    if len(inked) < 3:
        return [False] * len(found.marks)
    usual = float(np.median(inked))
    return [not mark.blank and mark.contrast < PALE_MARK * usual for mark in found.marks]


#: Letters shorter than this many pixels are read again on a zoomed crop of the row: at
#: 13 to 16 px a serif's thin strokes are a pixel or less, and broke (seed 23, C059 and
#: FreeSerif); at 23 px a slanting I read at full confidence came out unsure enlarged
#: (a bundled sample), so the zoom is kept for letters smaller still.
SMALL_LETTERS = 20

#: ... zoomed so that they stand this tall (at most :data:`MOST_ZOOM` times).
ZOOMED_HEIGHT = 32
MOST_ZOOM = 3.0


def _zoomed(image: Image, scale: float, gray: NDArray[np.uint8], row: Row) -> Row:
    """The row to read the letters on (``gray``: the photo as the row was found on it,
    at ``scale``): where the letters are small (a
    holder far from the camera, or seen at a low angle), a crop around the row taken from
    the photo at its own resolution and enlarged, its letters thresholded again there
    on more pixels (thin serifs and bars of 1 px survive); else as they are. The tiles
    are those found on the whole photo: only their letters are looked at again.
    """
    height = _letter_height(row.marks)
    if height >= SMALL_LETTERS or not row.marks:
        return row
    pitch = _pitch(row)
    x0 = round(max(0, min(m.x for m in row.marks) - pitch))
    x1 = round(min(gray.shape[1], max(m.x + m.w for m in row.marks) + pitch))
    y0 = round(max(0, min(m.y for m in row.marks) - 2 * height))
    y1 = round(min(gray.shape[0], max(m.y + m.h for m in row.marks) + 2 * height))
    zoom = min(MOST_ZOOM, ZOOMED_HEIGHT / height)
    crop = image[round(y0 / scale) : round(y1 / scale), round(x0 / scale) : round(x1 / scale)]
    factor = zoom * scale
    enlarged = cv2.resize(crop, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    zoomed = np.asarray(cv2.cvtColor(enlarged, cv2.COLOR_BGR2GRAY), np.uint8)
    marks = tuple(_moved(mark, x0, y0, zoom) for mark in row.marks)
    again = whole_row(zoomed, Row(marks, row.angle)).marks
    if len(again) != len(marks):
        return row
    # A blank tile stays blank: a speck of its face is no letter.
    again = tuple(m if m.blank else a for m, a in zip(marks, again, strict=True))
    if len(again) == 1:  # a single tile's lean was chosen by what it reads (rack_row)
        return Row(again, row.angle, row.squash, row.shears)
    # Measured again on more pixels: the leans come out better (seed 11: 4 tiles in
    # 870 more read right than with those of the whole photo).
    return leaning(zoomed, measured(zoomed, Row(again, row.angle)))


def _moved(mark: Mark, x0: float, y0: float, zoom: float) -> Mark:
    """``mark`` on the crop whose corner is at (x0, y0), enlarged ``zoom`` times."""
    w, h = max(1, round(mark.w * zoom)), max(1, round(mark.h * zoom))
    mask = cv2.resize(mark.mask, (w, h), interpolation=cv2.INTER_NEAREST)
    x, y = round((mark.x - x0) * zoom), round((mark.y - y0) * zoom)
    return Mark(x, y, w, h, np.asarray(mask, np.uint8), mark.contrast, mark.blank)


def _cut_off(shape: tuple[int, ...], row: Row) -> list[str]:
    """The ends of the row ("gauche", "droite") where the next slot of the holder is
    not wholly on the photo: a tile there, cut by the photo's edge, is no mark, and the
    rack would be read a letter short without a word (seed 41: a K half out of frame).
    A full holder has no next slot; a single tile, no pitch to find it by."""
    if not 1 < len(row.marks) < MAX_TILES:
        return []
    height, width = shape[:2]
    pitch, size = _pitch(row), _letter_height(row.marks)
    step = (math.cos(row.angle), math.sin(row.angle))
    ends = []
    for side, end, sign in (("gauche", row.marks[0], -1), ("droite", row.marks[-1], 1)):
        x, y = end.cx + sign * pitch * step[0], end.cy + sign * pitch * step[1]
        if not (size / 2 <= x <= width - size / 2 and size / 2 <= y <= height - size / 2):
            ends.append(side)
    return ends


def _surest_leans(model: GlyphModel, row: Row) -> Row:
    """The row with each lean undone kept unless the letter, as it stood, reads as
    another letter more surely.

    The lean fitted along the row comes from the tiles' and the stems' verticals; the
    diagonals of an N, a Z, an X pull a tile's measure, and two such at one end tilt the
    fitted line: a FreeSerif N at the left end, its lean "undone" by 0.33 the wrong way,
    read W at 0.92 (1.0 N as it stood; seed 31). Where both read the same letter the
    lean stays: keeping the surer of the two then made a V read N at 0.57 an N read
    surely (seed 11; 5 tiles more right there, but that one silent).
    """
    leaning_ones = [i for i, shear in enumerate(row.shears) if shear]
    if not leaning_ones:
        return row
    as_stood = Row(tuple(row.marks[i] for i in leaning_ones), row.angle, row.squash)
    leaned = Row(as_stood.marks, row.angle, row.squash, tuple(row.shears[i] for i in leaning_ones))
    with_lean = model.read(isolate(leaned), allowed=LETTERS, judged=False)
    without = model.read(isolate(as_stood), allowed=LETTERS, judged=False)
    shears = list(row.shears)
    for i, a, b in zip(leaning_ones, with_lean, without, strict=True):
        if b.label not in (a.label, NOT_A_GLYPH) and b.confidence > a.confidence:
            shears[i] = 0.0
    return Row(row.marks, row.angle, row.squash, tuple(shears))


def photo_row(image: Image, model: GlyphModel) -> Row:
    """The row of letters of the holder in a photo (zoomed in on when its letters are
    small: see :func:`_zoomed`; each lean undone kept where it reads better, see
    :func:`_surest_leans`), or :class:`NothingFound`. The reader and the calibration
    both take their glyphs from it, so the user's glyphs are cut as the letters they
    are compared with."""
    return _rows(image, model)[1]


#: The squashes tried around the one measured are this factor apart, and the one chosen
#: must read this many more letters surely. Seeds 11, 23, 31 before calibration, 1,616
#: tiles: 95.7% right with the squash measured; 97.8% choosing by the sum of
#: confidences, 98.0% by one letter more read surely, 96.4% by two; five squashes 1.25
#: or seven 1.12 apart read one or two wrong. After a calibration (seed 53, FreeSerif
#: and C059, 211 tiles) the first two made 4 and 2 silent misreads, the last none.
SQUASH_STEP = 1.15
SQUASH_SURER = 2


def _rows(image: Image, model: GlyphModel) -> tuple[Row, Row, NDArray[np.uint8]]:
    """The row as found on the working photo, the row its letters are read on (see
    :func:`photo_row`), and the working photo (the found row's frame)."""
    gray, scale = working_gray(image)
    found = rack_row(gray, model)
    return found, _read_on(image, scale, gray, found, model), gray


def _read_on(
    image: Image, scale: float, gray: NDArray[np.uint8], found: Row, model: GlyphModel
) -> Row:
    """The row ``found`` on the working photo ``gray`` (``scale`` of ``image``) as its
    letters are read by the glyph model: zoomed in on where small, each lean kept where
    it reads better, stretched back by the likeliest squash."""
    row = _surest_leans(model, _zoomed(image, scale, gray, found))
    return _likeliest_squash(model, row)


def _likeliest_squash(model: GlyphModel, row: Row) -> Row:
    """The row stretched back by the squash, of the one measured and two steps of
    :data:`SQUASH_STEP` either side (never taller than square), whose letters read
    surely the most, if that is :data:`SQUASH_SURER` letters more than the one measured.

    The squash is measured on the tiles' faces (:func:`measured`), and on a holder of the
    tiles' colour the face's run leaks into the holder both ways: a Nimbus Sans Narrow
    rack measured 0.55 where its tiles show about 0.68, its letters stretched back too
    tall read G as O and R at 0.57 (seed 101). A single letter made sure by another
    squash is no sign: a letter the camera broke may read surely as another one at some
    height (a broken A read I, a damaged E read Z, after a calibration: seed 53).
    """
    if len(row.marks) < 2:
        return row
    squashes = sorted({min(1.0, row.squash * SQUASH_STEP**i) for i in range(-2, 3)})
    rows = [Row(row.marks, row.angle, squash, row.shears) for squash in squashes]
    sure, likeness = [], []
    for read in _read_rows(model, rows):
        sure.append(sum(label != NOT_A_GLYPH and conf >= UNSURE_BELOW for label, conf in read))
        likeness.append(sum(conf for label, conf in read if label != NOT_A_GLYPH))
    best = max(range(len(rows)), key=lambda i: (sure[i], likeness[i]))
    measured_at = squashes.index(row.squash)
    return rows[best] if sure[best] >= sure[measured_at] + SQUASH_SURER else row


def read_letters(
    image: Image, model: GlyphModel | None = None, data_dir: Path | None = None
) -> Reading:
    """The letters on the holder, left to right, with a confidence each.

    The tiles are found through their letters (:func:`photo_row`); each is read by the
    learned classifier (:mod:`vision.learned`, its calibrated threshold the one decision
    of "?"), the user's calibration adapting it (:func:`_adapted`). ``model`` (the glyph
    model the tiles are found with, and the user's glyphs in it) defaults to the letter
    model of ``data_dir``, the calibration included. On the printed mat
    (:mod:`vision.mat`), only its band is looked at. Raises :class:`NothingFound` when
    the photo shows no letters.
    """
    return read_on_mat(image, BAND, lambda part: _read_learned(part, model, data_dir))


def _adapted(
    guesses: list[LetterGuess], own: Sequence[Guess], threshold: float
) -> list[tuple[str | None, float]]:
    """Each tile's letter and confidence: the network's, lifted to its threshold where it
    is unsure of its likeliest letter but the user's own tiles (a calibration:
    :attr:`Guess.user_agrees`) read that letter too. Never another letter than the
    network's likeliest: taking the user's reading where it was only the network's
    second made a serif G whose arc the row's end cut (read K 0.60, C 0.21) a silent C."""
    out: list[tuple[str | None, float]] = []
    for guess, glyph in zip(guesses, own, strict=True):
        letter, conf = guess.letter, guess.confidence
        if not guess.sure and glyph.user_agrees and letter is not None and glyph.label == letter:
            conf = max(conf, threshold)
        out.append((letter, conf))
    return out


def _read_learned(image: Image, model: GlyphModel | None, data_dir: Path | None) -> Reading:
    """The holder read as it is, and, where that reads surely fewer than half the tiles a
    holder takes, read in negative too (the tiles are found through dark ink: light
    letters on dark tiles are found on the negative); the reading with more sure letters
    is kept. Half of the holder, not half of the row read: on light letters on dark tiles
    the dark ink found may be one letter's counter (the inside of a D), a row of one
    tile read surely, and the whole rack was lost."""
    model = model or model_for(LETTERS, data_dir)
    try:
        reading: Reading | None = _read_learned_once(image, model)
    except NothingFound:
        reading = None
    if reading is not None and 2 * _sure(reading) >= MAX_TILES:
        return reading
    try:
        negative = _read_learned_once(np.asarray(255 - image, np.uint8), model)
    except NothingFound:
        if reading is None:
            raise
        return reading
    if reading is None or _sure(negative) > _sure(reading):
        return negative
    return reading


@dataclass(frozen=True)
class SlotTuning:
    """The slot rule's few numbers (the learned reader's; see :func:`_slotted`), each with
    its meaning and range."""

    off_slot: float = 0.3
    """Ink found at a slot (thresholded in a window as wide as the pitch: a letter grown
    into its points digit fits whole) is its tile's letter when it stands at most this
    many pitches along the row from the slot (0.2-0.4): tiles follow one another at one
    pitch, the gaps between them a tenth of a tile or less."""
    gap: float = 1.5
    """Two tiles farther apart than this many pitches have an empty slot between them
    (1.3-1.7): one is looked at for every pitch of the gap."""
    letter_tall: tuple[float, float] = (0.6, 1.5)
    """Ink at a slot is a letter's when its height is within this share of the row's
    letters' (a letter and its points digit grown together, or a broken one)."""
    beside: tuple[float, float] = (1.2, 4.5)
    """Beside a single tile, its neighbour's letter is looked for this many letter heights
    along the row (as seen): a letter is 0.4 to 0.7 of its tile's width, and the camera's
    angle flattens letters to half their height (the nearer, 1-1.4; the farther, 4-5)."""
    pale: float = 0.25
    """Ink at a slot is a letter's when it is at least this share as contrasted as the
    row's letters (0.2-0.5): a lamp's glare washes the letters of one end of the
    holder pale (red on white, a third of the row's contrast), and the network's
    certainty, not the ink's, decides."""
    scan: float = 0.25
    """... in windows this many letter heights apart (0.15-0.35), ..."""
    scan_width: float = 1.8
    """... each this many letter heights wide (1.4-2): a wide letter (a W, an M) fits
    whole in it; a piece of ink running out of a window is not looked at there."""


SLOTS = SlotTuning()


def _slotted(
    gray: NDArray[np.uint8],
    found: Row,
    read: list[tuple[str | None, float]],
    look: Callable[[Mark, float], tuple[str | None, float]],
    *,
    threshold: float,
    tuning: SlotTuning = SLOTS,
) -> tuple[Row, list[tuple[str | None, float]]]:
    """The row and its readings, with the tiles the finder missed that the classifier
    reads surely at their slots: one pitch beyond either end, again and again, and each
    pitch of a gap between two tiles (the slot rule); never past :data:`MAX_TILES`.

    The finder looks for a row of ink marks and may stop short of the holder's last
    tiles (a letter fainter or bolder than the rest, grown into its points digit) or
    miss one in the middle. The row's line and pitch say where such a tile's letter
    stands; ink of a letter's height found there (thresholded on its own tile) is read by
    the network, at that ink. Read surely, it is the tile's letter; read as a letter but
    unsure, the tile is "?" (a tile missed is a word misread without a word said; a "?"
    is asked), and past it only a tile read surely goes on the row. Where the slot holds
    no ink of a letter's height in step with the row (the holder's bare end, the table
    beyond it), or the network reads "nothing", no tile is there. ``look`` reads a mark
    (with its lean)."""
    marks, out = list(found.marks), list(read)
    shears = list(found.shears) or [0.0] * len(marks)
    inked = [m for m in marks if not m.blank]
    if not inked:
        return found, out
    height = _letter_height(inked)
    usual = float(np.median([m.contrast for m in inked]))
    step = (math.cos(found.angle), math.sin(found.angle))
    if len(marks) == 1:
        # No pitch yet: the nearest letter beside the tile, on either side, read surely.
        (mark,) = marks
        near = []
        for side in (1, -1):
            way = (side * step[0], side * step[1])
            ink = _beside(gray, mark, way, height, contrast=tuning.pale * usual, tuning=tuning)
            if ink is not None:
                letter, conf = look(ink, shears[0])
                if letter is not None and conf >= threshold:
                    near.append((math.hypot(ink.cx - mark.cx, ink.cy - mark.cy), side, ink))
        if not near:
            return found, out
        apart, side, ink = min(near, key=lambda n: n[0])
        at = 1 if side == 1 else 0
        marks.insert(at, ink)
        shears.insert(at, shears[0])
        out.insert(at, look(ink, shears[0]))
        pitch = apart
    else:
        pitch = _pitch(Row(tuple(marks), found.angle))

    def at_slot(x: float, y: float) -> tuple[Mark, float, tuple[str | None, float]] | None:
        if not (0 <= x < gray.shape[1] and 0 <= y < gray.shape[0]):
            return None
        ink = _centred_letter(gray, x, y, pitch, height)
        low, high = tuning.letter_tall
        if ink is None or not low * height <= ink.h <= high * height:
            return None
        if ink.contrast < tuning.pale * usual:
            return None
        off = (ink.cx - x) * step[0] + (ink.cy - y) * step[1]
        if abs(off) > tuning.off_slot * pitch:
            return None
        lean = float(_unlearned(_lean(gray, ink, found.angle, 1.2 * pitch)))
        letter, conf = look(ink, lean)
        return None if letter is None else (ink, lean, (letter, conf))

    # Gaps first: a tile between two others is surer to be one than a tile past an end.
    i = 0
    while i + 1 < len(marks) and len(marks) < MAX_TILES:
        a, b = marks[i], marks[i + 1]
        apart = math.hypot(b.cx - a.cx, b.cy - a.cy)
        slots = round(apart / pitch) - 1 if apart > tuning.gap * pitch else 0
        for k in range(1, slots + 1):
            x = a.cx + k / (slots + 1) * (b.cx - a.cx)
            y = a.cy + k / (slots + 1) * (b.cy - a.cy)
            taken = at_slot(x, y)
            if taken is not None and len(marks) < MAX_TILES:  # sure or "?"
                i += 1
                marks.insert(i, taken[0])
                shears.insert(i, taken[1])
                out.insert(i, taken[2])
        i += 1
    for side in (1, -1):
        doubt = False  # the last tile taken at this end read unsure
        while len(marks) < MAX_TILES:
            end = marks[-1] if side == 1 else marks[0]
            dx, dy = side * pitch * step[0], side * pitch * step[1]
            if len(marks) > 1:
                before = marks[-2] if side == 1 else marks[1]
                ex, ey = end.cx - before.cx, end.cy - before.cy
                if math.hypot(ex, ey) < tuning.gap * pitch:  # the local step (keystone)
                    dx, dy = ex, ey
            taken = at_slot(end.cx + dx, end.cy + dy)
            if taken is None or (doubt and taken[2][1] < threshold):
                break
            doubt = taken[2][1] < threshold
            at = len(marks) if side == 1 else 0
            marks.insert(at, taken[0])
            shears.insert(at, taken[1])
            out.insert(at, taken[2])
    return Row(tuple(marks), found.angle, found.squash, tuple(shears)), out


def _beside(
    gray: NDArray[np.uint8],
    mark: Mark,
    way: tuple[float, float],
    height: float,
    *,
    contrast: float,
    tuning: SlotTuning,
) -> Mark | None:
    """The nearest letter's ink beside ``mark`` along the unit vector ``way`` (within
    :attr:`SlotTuning.beside`), thresholded on its own tile, at least ``contrast`` grey
    levels darker than its face, or ``None``."""
    low, high = tuning.letter_tall
    nearest, farthest = tuning.beside
    for along in np.arange(nearest, farthest, tuning.scan) * height:
        x, y = mark.cx + along * way[0], mark.cy + along * way[1]
        if not (0 <= x < gray.shape[1] and 0 <= y < gray.shape[0]):
            return None
        ink = whole_letter(gray, (x, y), tuning.scan_width * height, height)
        if ink is None or not low * height <= ink.h <= high * height:
            continue
        if ink.contrast >= contrast:
            return ink
    return None


def _sure(reading: Reading) -> int:
    return len(reading.values) - len(reading.uncertain)


def _read_learned_once(image: Image, model: GlyphModel) -> Reading:
    gray, working = working_gray(image)
    found = rack_row(gray, model)
    net = letter_net()
    inked = [m for m in found.marks if not m.blank]
    if not inked:
        raise NothingFound("aucune lettre lisible sur la photo")
    # Windows are cut from the photo at its own resolution: small letters keep their pixels.
    scale = gray.shape[1] / image.shape[1]
    full = np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), np.uint8)
    height = _letter_height(inked) / scale
    centres = [(m.cx / scale, m.cy / scale) for m in found.marks]
    guesses = net.guesses(
        net.probabilities(net.windows(full, centres, height, found.angle, found.shears))
    )
    # The user's glyphs are cut as the calibration cut them (:func:`photo_row`), only
    # where they may lift an unsure reading: the glyph model's row costs its time.
    calibrated = model.own is not None and any(not g.sure for g in guesses)
    if calibrated:
        own = model.read(isolate(_read_on(image, working, gray, found, model)), allowed=LETTERS)
    else:
        own = [Guess("~", 0.0)] * len(guesses)
    read = _adapted(guesses, own, net.threshold)
    conf = [
        0.0 if m.blank or letter is None else c
        for (letter, c), m in zip(read, found.marks, strict=True)
    ]
    if max(conf) < net.threshold:
        raise NothingFound("aucune lettre lisible sur la photo")
    # The stretch of tiles the row is mostly made of; marks at either end that are no
    # letter (a knot of the wood) are not tiles.
    kept = [i for i, m in enumerate(found.marks) if conf[i] >= net.threshold or m.blank]
    kept = _one_stretch(found, kept, [c / net.threshold for c in conf])
    first, last = kept[0], kept[-1] + 1
    found = Row(found.marks[first:last], found.angle, found.squash, found.shears[first:last])
    read, conf = read[first:last], conf[first:last]

    def look(mark: Mark, lean: float) -> tuple[str | None, float]:
        window = net.windows(
            full, [(mark.cx / scale, mark.cy / scale)], height, found.angle, [lean]
        )
        (guess,) = net.guesses(net.probabilities(window))
        return guess.letter, guess.confidence

    found, read = _slotted(gray, found, read, look, threshold=net.threshold)
    conf = [
        0.0 if m.blank or letter is None else c
        for (letter, c), m in zip(read, found.marks, strict=True)
    ]
    misplaced = _beside_too_wide(found, out_of_step(found))
    tall = _too_tall(found, [letter or NOT_A_GLYPH for letter, _ in read])
    pale = _pale(found)
    warnings = _warnings(gray, found)
    values: list[str | int] = []
    uncertain: list[int] = []
    for i, ((letter, _), mark) in enumerate(zip(read, found.marks, strict=True)):
        doubted = misplaced[i] or tall[i] or mark.unfound or pale[i]
        if doubted:
            conf[i] = round(conf[i] * DISAGREEMENT, 3)
        unsure = letter is None or conf[i] < net.threshold
        if unsure:
            uncertain.append(i)
        values.append("?" if unsure else letter or "?")
    confidence = tuple(round(c, 3) for c in conf)
    return Reading("letters", tuple(values), confidence, tuple(uncertain), tuple(warnings))


def _warnings(gray: NDArray[np.uint8], found: Row) -> list[str]:
    """What the referee is told besides the letters: too many tiles, a holder cut by the
    photo's edge, blank tiles to correct."""
    warnings: list[str] = []
    if len(found.marks) > MAX_TILES:
        warnings.append(
            f"{len(found.marks)} lettres vues : une réglette n'en tient que {MAX_TILES}"
        )
    warnings += [
        f"la réglette sort de la photo à {side} : une tuile a pu y être coupée, recadrez"
        for side in _cut_off(gray.shape, found)
    ]
    warnings += [
        f"tuile blanche en position {i + 1} : corrigez-la"
        for i, mark in enumerate(found.marks)
        if mark.blank
    ]
    return warnings
