"""What a reader returns, and the pieces the readers share: marks and rows of marks.

A *mark* is a dark blob on a locally lighter surface: the ink of a letter on a tile, of a
number on a plate, of a letter on a die. Readers find marks first and the objects around
them second, because ink on a tile looks the same on every table, while the tiles
themselves may be the colour of the table or of the holder.
"""

from __future__ import annotations

import functools
import itertools
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.glyphs import Mask

#: Below this confidence a value is reported as "?" and its index listed in ``uncertain``.
#: High on purpose: a "?" costs a glance, a wrong letter read silently costs a game
#: (on unseen fonts, 0.6 let 1.2% of tiles through wrong, 0.9 none of 331).
UNSURE_BELOW = 0.9

#: Ink on a tile is far darker than the face around it (over 100 grey levels in the
#: synthetic photos, light or dim); wood grain and shadows stay under about 40.
MIN_CONTRAST = 45.0

#: A printed glyph ends inside its box: of a frame of pixels 2 px around the box, letters
#: left at most 0.24 as dark as their ink (a points digit or the holder's edge close by);
#: the corners where a checked cloth's dark squares meet, 0.5 (200 racks, seeds 11, 23).
RUNS_OUT_ABOVE = 0.35

#: Photos are read at this size (longest side, pixels): enough for tiles, fast on a Pi.
WORKING_SIZE = 1024

#: A glyph's box is at most this share of the photo's height and width: a capital is at
#: most about two thirds of its tile (0.42-0.66 in the tile renderer), and a tile seen
#: whole fits in the photo, so a rack photographed close, its tiles filling the frame,
#: still shows glyphs. Larger blobs are the table's or the holder's. (0.3 dropped every
#: letter of a close photo: real tiles framed five to a photo read 42%.)
LARGEST_GLYPH = 0.66


class NothingFound(ValueError):
    """The photo shows no rack, plates or dice; the message is French."""


@dataclass(frozen=True)
class Reading:
    """What was read on one photo: the JSON of ``arbitre read``."""

    kind: str
    """``letters``, ``numbers`` or ``dice``."""
    values: tuple[str | int, ...]
    """Left to right; ``"?"`` where unsure."""
    confidence: tuple[float, ...]
    """One in [0, 1] per value."""
    uncertain: tuple[int, ...] = ()
    """Indexes of the values that are ``"?"``."""
    warnings: tuple[str, ...] = ()
    """French sentences: a blank tile, an impossible draw, Tesseract disagreeing..."""

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "values": list(self.values),
            "confidence": list(self.confidence),
            "uncertain": list(self.uncertain),
            "warnings": list(self.warnings),
        }


def working_gray(image: Image) -> tuple[NDArray[np.uint8], float]:
    """The photo in grey at :data:`WORKING_SIZE`, and the factor it was scaled by."""
    if image.ndim != 3 or image.shape[2] != 3 or min(image.shape[:2]) < 32:
        raise NothingFound("image vide ou trop petite")
    scale = min(1.0, WORKING_SIZE / max(image.shape[:2]))
    if scale < 1.0:
        image = np.asarray(
            cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), np.uint8
        )
    return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), np.uint8), scale


@dataclass(frozen=True)
class Mark:
    """One dark blob: its bounding box, centre and pixels (a mask the size of the box)."""

    x: int
    y: int
    w: int
    h: int
    mask: Mask
    contrast: float = 0.0
    """How much darker the ink is than its surround (grey levels, 0 if unknown)."""
    blank: bool = False
    """A tile's face with no ink: a blank tile (the box is where its letter would be)."""
    unfound: bool = False
    """Thresholded again on its tile, no letter was found there (every piece ran out of
    the window): the mark is what the first pass saw, maybe a part of its letter."""

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


def joined(marks: Sequence[Mark]) -> Mark:
    """One mark covering ``marks``: their boxes' union, their pixels together (the
    pieces of a letter or a digit broken apart by glare or a hairline)."""
    if len(marks) == 1:
        return marks[0]
    x0, y0 = min(m.x for m in marks), min(m.y for m in marks)
    x1, y1 = max(m.x + m.w for m in marks), max(m.y + m.h for m in marks)
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for m in marks:
        region = mask[m.y - y0 : m.y - y0 + m.h, m.x - x0 : m.x - x0 + m.w]
        np.maximum(region, m.mask, out=region)
    return Mark(x0, y0, x1 - x0, y1 - y0, mask, min(m.contrast for m in marks))


def stroke_box(mark: Mark) -> tuple[float, float]:
    """The width and length of the thinnest rectangle around a mark's ink (at least 1
    each; ``(0, 0)`` for no ink): one straight stroke is far longer than wide."""
    points = cv2.findNonZero(mark.mask)
    if points is None:
        return 0.0, 0.0
    _, (width, height), _ = cv2.minAreaRect(points)
    thin, long = sorted((max(width, 1.0), max(height, 1.0)))
    return thin, long


def find_marks(
    gray: NDArray[np.uint8],
    stroke: int = 31,
    min_contrast: float = MIN_CONTRAST,
    frames: bool = False,
) -> list[Mark]:
    """Dark blobs narrower than ``stroke`` on a lighter surround, the size of glyphs
    (``min_contrast``: how much lighter, on its darkest side), but no frame around
    others unless ``frames``.

    A morphological closing erases dark strokes thinner than the kernel and keeps the
    surface they are printed on; what the closing brightened most is ink (the "black-hat").
    Dividing by the local surface makes the test work in shade and in glare alike.
    """
    marks = [m for m in _blobs(gray, stroke) if m.contrast >= min_contrast]
    if frames or len(marks) < 2:
        return marks
    # A frame around other marks (a tile's dark border) is not a glyph: a mark around the
    # centre of a mark under 0.8 of its height (every pair at once: a pattern of the table
    # makes hundreds of marks).
    x, y, w, h = (np.array([getattr(m, side) for m in marks]) for side in "xywh")
    cx, cy = x + w / 2, y + h / 2
    around = (
        (x[:, None] < cx)
        & (cx < (x + w)[:, None])
        & (y[:, None] < cy)
        & (cy < (y + h)[:, None])
        & (h < 0.8 * h[:, None])
    )
    np.fill_diagonal(around, False)
    return [m for m, frame in zip(marks, around.any(axis=1), strict=True) if not frame]


#: The blobs of the last few images asked (see :func:`_blobs`), by their pixels: the
#: dice reader asks them of one photo up to four times (both shades, again when a die
#: was lost), 30 ms each on a 1024 px photo; a rack, one image per shade.
_BLOBS_KEPT = 8
_LAST_BLOBS: dict[tuple[int, str, tuple[int, ...], bytes], list[Mark]] = {}
_BLOBS_LOCK = threading.Lock()


def _blobs(gray: NDArray[np.uint8], stroke: int) -> list[Mark]:
    """Every blob of :func:`find_marks`, whatever its contrast (it is measured), kept for
    the last :data:`_BLOBS_KEPT` images: the same pixels are the same blobs (their masks
    are read-only, shared by every caller)."""
    key = (stroke, str(gray.dtype), gray.shape, gray.tobytes())
    with _BLOBS_LOCK:
        kept = _LAST_BLOBS.pop(key, None)
        if kept is not None:
            _LAST_BLOBS[key] = kept  # the last asked, the last dropped
            return kept
    found = _measured_blobs(gray, stroke)
    with _BLOBS_LOCK:
        _LAST_BLOBS[key] = found
        while len(_LAST_BLOBS) > _BLOBS_KEPT:
            del _LAST_BLOBS[next(iter(_LAST_BLOBS))]
    return found


def _measured_blobs(gray: NDArray[np.uint8], stroke: int) -> list[Mark]:
    """The blobs of the black-hat of ``gray`` the size of glyphs, each with its contrast
    (see :func:`find_marks`)."""
    height, width = gray.shape
    surface = disc_closing(gray, stroke)
    ink = surface.astype(np.int16) - gray.astype(np.int16)
    binary = (ink > 0.25 * surface.astype(np.int16) + 8).astype(np.uint8)
    binary = np.asarray(
        cv2.morphologyEx(binary, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)), np.uint8
    )
    _, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    # Told for all blobs at once (a pattern of the table makes thousands).
    xs, ys, ws, hs, areas = (stats[:, i].astype(np.int64) for i in range(5))
    fill = areas / np.maximum(ws * hs, 1)
    tall = hs / np.maximum(ws, 1)
    largest = LARGEST_GLYPH * np.array([height, width])
    sized = (hs >= 10) & (hs <= largest[0]) & (ws >= 2) & (ws <= largest[1]) & (areas >= 20)
    # (A blob cut by the edge of the photo is unreadable, and often a pattern.)
    inside = (xs != 0) & (ys != 0) & (xs + ws != width) & (ys + hs != height)
    shaped = (fill >= 0.1) & ~((fill > 0.9) & (tall < 2.5)) & (tall >= 0.25) & (tall <= 12)
    sized[0] = False  # the background
    marks: list[Mark] = []
    for label in np.flatnonzero(sized & inside & shaped):
        x, y, w, h = (int(v) for v in stats[label, :4])
        mask = (labels[y : y + h, x : x + w] == label).astype(np.uint8) * 255
        mask.flags.writeable = False
        marks.append(Mark(x, y, w, h, mask, _surrounded(gray, (x, y, w, h), mask)))
    return marks


def disc_closing(gray: NDArray[np.uint8], stroke: int) -> NDArray[np.uint8]:
    """The morphological closing of ``gray`` by OpenCV's ellipse ``stroke`` wide (its
    default border and anchor), to the last bit, two to three times faster.

    OpenCV slides the ellipse's every pixel (over 700) over the photo: a closing of a
    1024 px photo cost 20 ms, twice a photo for the marks. The ellipse is a union of
    rectangles around its anchor, one per width of its rows, and a dilation by a union
    is the largest of the dilations by each; a rectangle's is a dilation along the
    columns then along the rows. The rectangles' heights grow as their widths shrink:
    each column pass is the last one's dilated a few rows more, and the row passes are
    nested (a dilation along the rows by a span, then by a narrower one, is one by
    their sum), so every pass is a few pixels long. Erosions likewise.
    """
    steps = _staircase(stroke)
    if steps is None:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (stroke, stroke))
        return np.asarray(cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel), np.uint8)
    return _by_staircase(_by_staircase(gray, steps, erode=False), steps, erode=True)


#: A rectangle around a kernel's anchor: its first and last rows, its first and last
#: columns, counted from the anchor.
_Step = tuple[int, int, int, int]


@functools.cache
def _staircase(stroke: int) -> tuple[_Step, ...] | None:
    """The rectangles around its anchor whose union is OpenCV's ellipse ``stroke`` wide,
    the widest (and lowest) first, each holding the next's columns and held in its rows;
    None if it is no such union."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (stroke, stroke)) > 0
    anchor = stroke // 2  # (OpenCV's, at the kernel's centre)
    spans = sorted(
        {(int(c[0]), int(c[-1])) for c in (np.flatnonzero(row) for row in kernel) if c.size},
        key=lambda span: span[0] - span[1],
    )
    union = np.zeros_like(kernel)
    steps: list[_Step] = []
    for left, right in spans:
        rows = np.flatnonzero(kernel[:, left : right + 1].all(axis=1))
        top, bottom = int(rows[0]), int(rows[-1])
        if len(rows) != bottom - top + 1 or not (
            top <= anchor <= bottom and left <= anchor <= right
        ):
            return None
        steps.append((top - anchor, bottom - anchor, left - anchor, right - anchor))
        union[top : bottom + 1, left : right + 1] = True
    nested = all(
        t1 <= t0 and b1 >= b0 and l1 >= l0 and r1 <= r0
        for (t0, b0, l0, r0), (t1, b1, l1, r1) in itertools.pairwise(steps)
    )
    return tuple(steps) if nested and np.array_equal(union, kernel) else None


def _by_staircase(
    gray: NDArray[np.uint8], steps: tuple[_Step, ...], *, erode: bool
) -> NDArray[np.uint8]:
    """The dilation (or erosion) of ``gray`` by the union of the rectangles ``steps``
    (see :func:`disc_closing`)."""

    def spread(
        image: NDArray[np.uint8], first: int, last: int, vertical: bool
    ) -> NDArray[np.uint8]:
        # Over the pixels ``first`` to ``last`` (first <= 0 <= last) from each one.
        size = last - first + 1
        if size == 1:
            return image
        line = np.ones((size, 1) if vertical else (1, size), np.uint8)
        anchor = (0, -first) if vertical else (-first, 0)
        spread = cv2.erode if erode else cv2.dilate
        return np.asarray(spread(image, line, anchor=anchor), np.uint8)

    def keep(a: NDArray[np.uint8], b: NDArray[np.uint8]) -> NDArray[np.uint8]:
        return np.asarray(cv2.min(a, b) if erode else cv2.max(a, b), np.uint8)

    top, bottom, _, _ = steps[0]
    columns = spread(gray, top, bottom, True)
    nested = columns
    for (t0, b0, l0, r0), (t1, b1, l1, r1) in itertools.pairwise(steps):
        columns = spread(columns, t1 - t0, b1 - b0, True)
        nested = keep(spread(nested, l0 - l1, r0 - r1, False), columns)
    _, _, left, right = steps[-1]
    return spread(nested, left, right, False)


def letter_marks(gray: NDArray[np.uint8]) -> list[Mark]:
    """The marks of :func:`find_marks` that can be printed glyphs: their ink ends inside
    their box.

    Where two dark squares of a checked cloth meet corner to corner, the black-hat keeps
    two triangles that look like a glyph surrounded by light; but the dark runs on past
    their box. Rows of these, longer than the rack's, hid the rack on 9 photos of the 50
    on checked cloths (seeds 11 and 23).
    """
    return [m for m in find_marks(gray) if _runs_out(gray, m) <= RUNS_OUT_ABOVE]


def _runs_out(gray: NDArray[np.uint8], mark: Mark) -> float:
    """The share of a frame 2 px around the mark's box that is as dark as its ink."""
    height, width = gray.shape
    x0, y0 = max(0, mark.x - 3), max(0, mark.y - 3)
    x1, y1 = min(width, mark.x + mark.w + 3), min(height, mark.y + mark.h + 3)
    window = gray[y0:y1, x0:x1]
    frame = np.ones(window.shape, bool)
    frame[
        max(0, mark.y - 1 - y0) : mark.y + mark.h + 1 - y0,
        max(0, mark.x - 1 - x0) : mark.x + mark.w + 1 - x0,
    ] = False
    if not frame.any():
        return 0.0
    box = gray[mark.y : mark.y + mark.h, mark.x : mark.x + mark.w]
    ink = float(np.median(box[mark.mask > 0]))
    return float(np.mean(window[frame] < ink + 0.5 * mark.contrast))


def median_of(values: NDArray[Any]) -> float:
    """``float(np.median(values))`` to the last bit (no NaN among them), without its
    overhead: a tenth of a millisecond a call, asked for every blob of a photo."""
    flat = np.asarray(values).ravel()
    half = flat.size // 2
    if flat.size == 0:
        return float(np.median(flat))  # (not a number, as numpy says)
    if flat.size % 2:
        return float(np.partition(flat, half)[half])
    return float(np.partition(flat, (half - 1, half))[half - 1 : half + 1].mean())


def upper_quartile(values: NDArray[np.generic]) -> float:
    """``np.percentile(values, 75)``, to the last bit (its linear interpolation), twenty
    times faster on the few hundred pixels of a mark's side: ``find_marks`` asks it four
    times for every blob of a photo, 0.8 ms a blob, a sixth of the dice reader's time."""
    flat = np.asarray(values).ravel()
    k = 0.75 * (flat.size - 1)
    low = int(k)
    high = min(low + 1, flat.size - 1)
    part = np.partition(flat, (low, high))
    a, b = float(part[low]), float(part[high])
    t = k - low
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t


def _surrounded(gray: NDArray[np.uint8], box: tuple[int, int, int, int], mask: Mask) -> float:
    """How much lighter than the mark its surround is, on its darkest side; 0 unless
    it is lighter on all four sides, as the face around printed ink is.

    The dark gap between two tiles, a groove of the holder or a line of wood grain is
    dark on two opposite sides (it runs on), a glyph never is.
    """
    around = sides_around(gray, box, mask)
    if around is None:
        return 0.0
    ink, levels = around
    if min(levels) > ink + max(15.0, 0.4 * (max(levels) - ink)):
        return min(levels) - ink
    return 0.0


def sides_around(
    gray: NDArray[np.uint8], box: tuple[int, int, int, int], mask: Mask
) -> tuple[float, list[float]] | None:
    """The grey of a mark's ink (its median) and the light level of each of its four
    sides (the upper quartile of a thin band just off its box, above, below, left,
    right); ``None`` where a side is off the photo."""
    x, y, w, h = box
    ink = median_of(gray[y : y + h, x : x + w][mask > 0])
    gap, band = max(1, h // 16), max(2, h // 10)
    sides = (
        gray[max(0, y - gap - band) : max(0, y - gap), x : x + w],
        gray[y + h + gap : y + h + gap + band, x : x + w],
        gray[y : y + h, max(0, x - gap - band) : max(0, x - gap)],
        gray[y : y + h, x + w + gap : x + w + gap + band],
    )
    if any(side.size == 0 for side in sides):
        return None
    return ink, [upper_quartile(side) for side in sides]


@dataclass(frozen=True)
class Row:
    """Marks of similar height along one straight line, left to right."""

    marks: tuple[Mark, ...]
    angle: float
    """Slope of the line, radians (image y grows downwards)."""
    squash: float = 1.0
    """How much the camera's angle flattens the row: seen height over true height."""
    shears: tuple[float, ...] = ()
    """For each mark (or none), how far its tile's verticals lean once the row is turned
    level: x moves by this times y. Keystone leans the tiles at the ends of the holder."""


def find_rows(marks: Sequence[Mark], max_gap: float = 6.5, slack: float = 0.25) -> list[Row]:
    """Rows of marks, best first: the more marks and the taller, the better.

    Every pair of neighbouring marks of similar height proposes a line; the marks close to
    it and of the same height join (a RANSAC over pairs). A row breaks where two marks are
    more than ``max_gap`` glyph heights apart. Points printed small in tile corners are a
    third of a letter's height, so they never join the letters' row.
    """
    if not marks:
        return []
    centres = np.array([[m.cx, m.cy] for m in marks])
    heights = np.array([m.h for m in marks], float)
    rows: list[Row] = []
    seen: set[tuple[int, ...]] = set()
    for i, mark in enumerate(marks):
        dx = centres[:, 0] - mark.cx
        dy = centres[:, 1] - mark.cy
        near = np.argsort(np.hypot(dx, dy))[1:6]
        for j in near:
            if not 0.6 < heights[j] / heights[i] < 1.6 or abs(dx[j]) < 0.3 * heights[i]:
                continue
            if abs(dy[j]) > 0.5 * abs(dx[j]) or abs(dx[j]) > max_gap * heights[i]:
                continue
            angle = math.atan2(dy[j], dx[j]) if dx[j] > 0 else math.atan2(-dy[j], -dx[j])
            size = (heights[i] + heights[j]) / 2
            normal = np.array([-math.sin(angle), math.cos(angle)])
            off = (centres - centres[i]) @ normal
            members = np.flatnonzero(
                (np.abs(off) < slack * size) & (heights > 0.55 * size) & (heights < 1.5 * size)
            )
            along = (centres[members] - centres[i]) @ np.array([math.cos(angle), math.sin(angle)])
            order = members[np.argsort(along)]
            # Keep the run that holds i, cut where the gap is too wide.
            runs: list[list[int]] = [[int(order[0])]]
            for a, b in itertools.pairwise(order):
                if np.hypot(*(centres[b] - centres[a])) > max_gap * size:
                    runs.append([])
                runs[-1].append(int(b))
            run = next(r for r in runs if i in r)
            key = tuple(sorted(run))
            if key in seen:
                continue
            seen.add(key)
            rows.append(Row(tuple(marks[k] for k in run), angle))
    rows.sort(
        key=lambda r: len(r.marks) * math.sqrt(np.median([m.h for m in r.marks])), reverse=True
    )
    if not rows:  # a single tile: every mark is a candidate, the tallest first
        rows = [Row((m,), 0.0) for m in sorted(marks, key=lambda m: -m.h)]
    return rows


def whole_glyph(gray: NDArray[np.uint8], mark: Mark, width: float) -> Mark:
    """The mark again, thresholded on its own tile (Otsu) so thin strokes come back.

    The tile is cut ``width`` wide around the mark; every dark piece within the letter's
    height band joins it, the points printed lower in the corner do not.
    """
    band = 0.15 * mark.h
    x0 = max(0, round(mark.cx - width / 2))
    x1 = min(gray.shape[1], round(mark.cx + width / 2))
    y0, y1 = max(0, round(mark.y - 2 * band)), min(gray.shape[0], round(mark.y + mark.h + 2 * band))
    window = gray[y0:y1, x0:x1]
    if window.size == 0:
        return mark
    _, ink = cv2.threshold(window, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = np.zeros(count, bool)
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        top, bottom = y0 + y, y0 + y + h
        inside = top >= mark.y - band and bottom <= mark.y + mark.h + band
        overlaps = x0 + x < mark.x + mark.w + band and x0 + x + w > mark.x - band
        keep[label] = inside and overlaps and area >= 4 and x > 0 and x + w < window.shape[1]
    if not keep.any():
        return mark
    pieces = keep[labels]
    return _mark_of(pieces, window, x0, y0)


#: A piece at least this many letter heights tall may start up to a band above the
#: others' tops: a C059 Q stood 5 px (0.2 of a height) above its neighbours' line and
#: was lost, with the tile (seed 23).
TALL_PIECE = 0.8

#: A thin stroke blurred by the camera is only this share of the way from Otsu's
#: threshold to the face (the lower bar of a serif E or L, read F or I without it).
FAINT = 0.4

#: Faint ink is added to a letter only where it reaches farther than this many pixels
#: from the letter's ink (else it is the blurred rim of every stroke, which would thicken
#: every letter).
FAINT_REACH = 2


def _with_faint_strokes(
    pieces: NDArray[np.bool_], ink: NDArray[np.bool_], faint: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """The letter's ``pieces`` with the faint strokes that grow out of them (hysteresis:
    ``faint`` ink joins where it is connected to the letter).

    Only within the letter's rows (a digit below, a tile edge above stay out), never
    through ink that was left out (the points digit) and never when the faint ink runs
    to the window's side (then it is the tile's edge or a shadow, not a stroke).
    """
    rows = np.flatnonzero(pieces.any(axis=1))
    kernel = np.ones((3, 3), np.uint8)
    left_out = cv2.dilate((ink & ~pieces).astype(np.uint8), kernel, iterations=2) > 0
    grow = faint & ~left_out
    grow[: rows[0]] = False
    grow[rows[-1] + 1 :] = False
    _, labels = cv2.connectedComponents((grow | pieces).astype(np.uint8), connectivity=8)
    joined = np.isin(labels, np.unique(labels[pieces]))
    if joined[:, 0].any() or joined[:, -1].any():
        return pieces
    near = cv2.dilate(pieces.astype(np.uint8), kernel, iterations=FAINT_REACH) > 0
    beyond = joined & ~near
    if not beyond.any():
        return pieces
    bridge = joined & (cv2.dilate(beyond.astype(np.uint8), kernel, iterations=FAINT_REACH) > 0)
    return pieces | beyond | bridge


#: A letter's pieces lie within this share of the letter's height above and below it.
LETTER_BAND = 0.2

#: A piece that crosses the letter's foot and reaches this share of its height above it
#: is the letter touching its points digit: it is kept, cut at the foot.
TOUCHING_ABOVE = 0.4


def ink_on_surface(
    window: NDArray[np.uint8], side: int
) -> tuple[NDArray[np.float32], float, NDArray[np.uint8]]:
    """The ink of ``window``, thresholded on its own surface: the photo divided by its
    closing with a disc of ``side`` pixels (the face the strokes are printed on, so a
    glare across it does not wash half the letter out), Otsu's threshold of that, and
    the ink (255) below it."""
    if side % 2:
        # Its border replicated, as :func:`disc_closing`'s: the pixel nearest a point
        # beyond the border lies in an odd disc too.
        surface = disc_closing(window, side)
    else:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
        surface = np.asarray(
            cv2.morphologyEx(window, cv2.MORPH_CLOSE, kernel, borderType=cv2.BORDER_REPLICATE),
            np.uint8,
        )
    relative = np.asarray(
        np.clip(window.astype(np.float32) / np.maximum(surface, 1) * 255, 0, 255), np.float32
    )
    otsu, ink = cv2.threshold(
        relative.astype(np.uint8), 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU
    )
    return relative, float(otsu), np.asarray(ink, np.uint8)


def whole_letter(
    gray: NDArray[np.uint8], centre: tuple[float, float], width: float, height: float
) -> Mark | None:
    """The letter of the tile centred at ``centre``, thresholded on its own tile.

    ``height`` is the row's letter height. Unlike :func:`whole_glyph` it does not trust
    the first mark's box, which may be one piece of a letter broken by glare, or a letter
    and its points digit grown together: every dark piece within the letter's height band
    joins; a piece crossing the letter's foot from well above it (a K whose leg touches
    its 10) is cut at the foot, and columns right of the letter holding ink only near the
    foot (the top of the digit) are dropped; a piece starting at the foot (the points
    alone) is left out. The threshold is Otsu's on the photo divided by its local surface,
    so a glare across the tile does not wash half the letter out. ``None``: no ink.
    """
    band = LETTER_BAND * height
    top_limit, foot = centre[1] - height / 2 - band, centre[1] + height / 2 + band
    x0, x1 = max(0, round(centre[0] - width / 2)), min(gray.shape[1], round(centre[0] + width / 2))
    y0 = max(0, round(top_limit - band))
    y1 = min(gray.shape[0], round(foot + 2 * band))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    window = gray[y0:y1, x0:x1]
    relative, otsu, ink = ink_on_surface(window, max(5, round(0.5 * height)) | 1)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = np.zeros(count, bool)
    cut = np.zeros(count, bool)
    letter_foot = centre[1] + height / 2
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        top, bottom = y0 + y, y0 + y + h
        # A piece starting above the band is a mark above the letter, unless it is
        # letter-tall: a letter standing a little higher than its neighbours.
        high = top < top_limit and not (y > 0 and h >= TALL_PIECE * height)
        if area < 4 or x == 0 or x + w == window.shape[1] or high:
            continue
        if bottom <= foot:
            keep[label] = True
        elif top < letter_foot - TOUCHING_ABOVE * height:
            keep[label] = cut[label] = True
    if not keep.any():
        return None
    boxes = np.asarray(stats, np.int32)
    _drop_digit_beside(
        keep,
        np.asarray(labels, np.int32),
        boxes,
        round(letter_foot - 0.45 * height) - y0,
        slack=0.05 * height,
        hang=max(2.0, DIGIT_HANGS * height),
    )
    _drop_specks(keep, boxes, height)
    pieces = keep[labels]
    for crossing in np.flatnonzero(cut):
        grown = labels == crossing
        digit = _digit_part(grown, round(letter_foot - 0.1 * height) - y0)
        if digit is not None:
            pieces &= ~digit
            continue
        below = round(letter_foot + 0.05 * height) - y0
        pieces[max(0, below) :, :] &= ~grown[max(0, below) :, :]
        pieces = _without_digit_top(pieces, round(letter_foot - 0.15 * height) - y0)
    if not pieces.any():
        return None
    faint = relative < otsu + FAINT * (255 - otsu)
    pieces = _with_faint_strokes(pieces, ink > 0, faint)
    return _mark_of(pieces, window, x0, y0)


#: A piece of less than this share of the letter's largest piece's ink, standing apart
#: from the others by more than :data:`SPECK_APART` letter heights, is a speck of the
#: holder's edge or of the table, not a part of the letter (letters have no dots; a
#: speck of a holder's edge taken into a B at a row's end made it an E).
SPECK_SHARE = 0.08
SPECK_APART = 0.2


def _drop_specks(keep: NDArray[np.bool_], stats: NDArray[np.int32], height: float) -> None:
    """Take out of ``keep`` the specks: small pieces standing apart from the letter."""
    kept = np.flatnonzero(keep)
    if kept.size < 2:
        return
    largest = int(stats[kept, cv2.CC_STAT_AREA].max())
    for label in kept:
        if stats[label, cv2.CC_STAT_AREA] >= SPECK_SHARE * largest:
            continue
        x0 = int(stats[label, cv2.CC_STAT_LEFT])
        x1 = x0 + int(stats[label, cv2.CC_STAT_WIDTH])
        others = [k for k in np.flatnonzero(keep) if k != label]
        gaps = [
            max(
                int(stats[k, cv2.CC_STAT_LEFT]) - x1,
                x0 - int(stats[k, cv2.CC_STAT_LEFT] + stats[k, cv2.CC_STAT_WIDTH]),
            )
            for k in others
        ]
        if min(gaps) > SPECK_APART * height:
            keep[label] = False


def _drop_digit_beside(
    keep: NDArray[np.bool_],
    labels: NDArray[np.int32],
    stats: NDArray[np.int32],
    low: int,
    *,
    slack: float,
    hang: float,
) -> None:
    """Take out of ``keep`` the pieces all below row ``low`` and right of the letter's
    pieces (those reaching above ``low``): the points digit printed beside the
    letter's foot, apart from it, in one piece or broken in several by the camera (a 3
    in two kept a C059 B at 0.63: seed 31). A piece right of the letter in the rows it
    spans only, hanging ``hang`` pixels below it, is dropped too (a 2 under a leaning D's
    top made it read P, seed 31; a serif G's spur does not hang: it stays). A piece of
    the letter broken off by glare mostly lies under the letter, not beside it (the foot
    serif of an L, beside the I it leaves, is the exception)."""
    kept = np.flatnonzero(keep)
    letter = [k for k in kept if stats[k, cv2.CC_STAT_TOP] < low]
    if not letter or len(letter) == kept.size:
        return
    ink = np.isin(labels, letter)
    hangs = int(np.flatnonzero(ink.any(axis=1)).max()) + 1 + hang
    right = max(int(stats[k, cv2.CC_STAT_LEFT] + stats[k, cv2.CC_STAT_WIDTH]) for k in letter)
    dropped = []
    for k in kept:
        if k in letter:
            continue
        top = int(stats[k, cv2.CC_STAT_TOP])
        columns = np.flatnonzero(ink[top : top + int(stats[k, cv2.CC_STAT_HEIGHT])].any(axis=0))
        beside = int(columns.max()) + 1 if columns.size else right
        left = int(stats[k, cv2.CC_STAT_LEFT])
        if left >= right - slack or (
            left >= beside - slack and top + int(stats[k, cv2.CC_STAT_HEIGHT]) >= hangs
        ):
            dropped.append(int(k))
    keep[dropped] = False


def _digit_part(grown: NDArray[np.bool_], low: int) -> NDArray[np.bool_] | None:
    """The pixels of a points digit grown together with its letter, or ``None``.

    The two touch at a blurred point: eroded once or twice they come apart, and the
    piece that lies all below row ``low`` is the digit; the pixels nearer to it than to
    the letter's piece are taken off. A Q keeps its tail, which a cut at the foot loses
    (a Q touching its 8 was read O).
    """
    kernel = np.ones((3, 3), np.uint8)
    for steps in (1, 2):
        eroded = cv2.erode(grown.astype(np.uint8), kernel, iterations=steps)
        count, labels, stats, _ = cv2.connectedComponentsWithStats(eroded, connectivity=8)
        if count < 3:
            continue
        low_pieces = [k for k in range(1, count) if stats[k, cv2.CC_STAT_TOP] >= low]
        if not low_pieces or len(low_pieces) == count - 1:
            continue
        digit = np.isin(labels, low_pieces)
        letter = (labels > 0) & ~digit
        to_digit = cv2.distanceTransform((~digit).astype(np.uint8), cv2.DIST_L2, 3)
        to_letter = cv2.distanceTransform((~letter).astype(np.uint8), cv2.DIST_L2, 3)
        return np.asarray(grown & (to_digit < to_letter), np.bool_)
    return None


#: A piece right of the letter only in the rows it spans is the points digit if it
#: hangs at least this share of the letter's height below it, and two pixels (digits
#: are printed in the tile's corner, a fifth of the letter's height below its foot on
#: seed 31; a serif G's spur ends on the foot, and the foot serif left of a FreeSerif
#: Z by glare one pixel lower than its diagonal: seed 11).
DIGIT_HANGS = 0.1


def _without_digit_top(pieces: NDArray[np.bool_], low: int) -> NDArray[np.bool_]:
    """``pieces`` without the columns at the right whose ink is all below row ``low``:
    the top of a points digit left hanging on the letter after the cut at its foot."""
    columns = np.flatnonzero(pieces.any(axis=0))
    high = np.flatnonzero(pieces[: max(0, low)].any(axis=0))
    if columns.size == 0 or high.size == 0:
        return pieces
    trimmed = pieces.copy()
    trimmed[:, int(high.max()) + 2 :] = False
    return trimmed


def upright(mark: Mark, angle: float) -> Mask:
    """The mark's pixels turned by ``-angle`` so that its row is horizontal."""
    pad = max(mark.w, mark.h) // 2
    canvas = cv2.copyMakeBorder(mark.mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    centre = (canvas.shape[1] / 2, canvas.shape[0] / 2)
    matrix = cv2.getRotationMatrix2D(centre, math.degrees(angle), 1.0)
    turned = cv2.warpAffine(canvas, matrix, canvas.shape[::-1], flags=cv2.INTER_LINEAR)
    return np.asarray((turned > 100).astype(np.uint8) * 255, np.uint8)


def _mark_of(pieces: NDArray[np.bool_], window: NDArray[np.uint8], x0: int, y0: int) -> Mark:
    """The mark made of the ink ``pieces`` of ``window`` (whose corner is at ``x0, y0``
    in the photo): cropped to its ink, with its contrast against the rest."""
    ys, xs = np.nonzero(pieces)
    top, left = int(ys.min()), int(xs.min())
    bottom, right = int(ys.max()) + 1, int(xs.max()) + 1
    mask = (pieces[top:bottom, left:right] * 255).astype(np.uint8)
    contrast = float(np.median(window[~pieces]) - np.median(window[pieces]))
    return Mark(x0 + left, y0 + top, right - left, bottom - top, mask, contrast)
