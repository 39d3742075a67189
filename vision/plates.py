"""Read the six number plates of "Le compte est bon" from a photo.

By default (``learned=True``) the plates are found and read by the learned finder and
classifier (:mod:`vision.plate_finder`); what follows is the first design, kept for
``learned=False`` (the bench's comparison) and for a calibration's digits
(:func:`labelled_digits`).

Digits are found as ink marks (:mod:`vision.reading`), like letters on tiles. Marks of
one height side by side, less than a digit's height apart, make one number. Each number
is then looked at again on its own plate: the ink around it is thresholded afresh, so a
digit the first pass broke in two (a thin serif stroke) or lost in glare comes back,
and digits that touch are cut apart. The number is read against the plates' grammar
(1 to 10, 25, 50, 75, 100): the reading of the plate is the valid value its digits
support best, and a plate whose digits support none, or two, is "?". Numbers are read
in rows, top row first, each left to right. Tesseract reads all the numbers once as a
cross-check, and a draw the 24 plates cannot give (three 7s, two 25s) is flagged in the
warnings, never silently accepted.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from solver.plates import DRAW_SIZE, PLATE_COUNTS, InvalidDraw, check_plates
from vision.camera import Image
from vision.glyphs import DIGITS, NOT_A_GLYPH, GlyphModel, Mask, nearness_of, normalize_glyph
from vision.mat import BAND, read_on_mat
from vision.models import model_for
from vision.plate_finder import find_numbers
from vision.plate_grid import NODE_SLACK, Layout, fit_layout, placements
from vision.reading import (
    UNSURE_BELOW,
    Mark,
    NothingFound,
    Reading,
    find_marks,
    find_rows,
    joined,
    tesseract_for,
    tesseract_words,
    working_gray,
)

#: Tesseract reading another plate value multiplies the model's confidence by this (a
#: word that is no plate value is no opinion: it inserts digits, 19 for a 10).
DISAGREEMENT = 0.7

#: Tesseract reading the very value the model reads makes it sure, from this confidence
#: of the model up (seeds 5, 11, 23, 31: 11 plates read so between 0.5 and 0.9, all
#: right; under 0.5, 14 right and a narrow 7 that both read 1).
AGREEMENT_FLOOR = 0.5

#: The values a plate can hold, as the digits printed on it.
PLATE_TEXTS = tuple(str(v) for v in sorted(PLATE_COUNTS))

#: The labels the digit votes are given for: the ten digits, then "not a glyph".
VOTE_LABELS = DIGITS + NOT_A_GLYPH

#: How a piece of a number that is no digit shows in the text of a number read wrong.
NOT_A_GLYPH_TEXT = "?"

#: Around a number, its plate is looked at this many digit heights to each side: the
#: second digit of a 75 the first pass missed is within 0.7 of them; the next plate's
#: digits are always more than 2 away (plates are 2.9 digit heights wide).
PLATE_MARGIN = 1.2

#: Ink is this many grey levels darker than the plate around it (Otsu's two sides'
#: medians): 64 and up for the numbers read on 60 photos (seed 23), at most 43 for
#: patches of bare table but cloth (wood grain), where Otsu splits the grain. 45 cost
#: a few digits faded by glare on seed 11, 30 none; bare light tables stay far below.
MIN_INK_CONTRAST = 30

#: A digit is never wider than this many times its height, even seen from an angle
#: (the widest unseen font's 0 is 0.65, squashed by the camera to 0.9 at most).
WIDEST_DIGIT = 1.0

#: A glyph whose ink starts further in from its left side than this share of its width,
#: both above its waist and below it, is open on the left like a 3: no 0, 6, 8 or 9,
#: which are closed there. Measured on the digits of 300 bench photos (seeds 11, 23, 31):
#: 3s from 0.41 up, 0s, 6s, 8s and 9s at most 0.25 (an 8 whose holes the blur filled
#: as well); the clean glyphs of the 23 installed fonts: 3s from 0.57, the others at
#: most 0.16. C059's 3, whose ball terminals every training font reads as an 8's loops,
#: is open.
OPEN_LEFT = 0.4

#: Closed on the left (under this share): no 3. Between the two, the model alone says.
CLOSED_LEFT = 0.25

#: The digits closed on the left above and below their waist, in every font.
CLOSED_DIGITS = "0689"

#: A glyph whose top sixth spans this many times the width of its bottom sixth is
#: top-heavy like a 7 (its bar over a foot): no 1. Bench photos (seeds 11, 23, 31): 7s
#: from 2.27 up, 1s at most 1.5; clean glyphs of the 23 installed fonts: 7s from 2.0,
#: 1s at most 1.89 (a sans 1, flag and no foot). A narrow 7, a stem and a bar, reads
#: as a 1 to the model.
TOP_HEAVY = 2.5

#: A top at most this many times as wide as its foot: no 7 (a serif 1's foot is wider
#: than its flag). Between the two, the model alone says.
NOT_TOP_HEAVY = 1.2


@dataclass(frozen=True)
class Number:
    """One plate's number: where its ink is, its digits, and how it reads."""

    box: tuple[int, int, int, int]
    """x, y, w, h of the number's ink in the working image."""
    digits: tuple[Mask, ...]
    """Each digit's pixels (the segmentation the reading chose)."""
    text: str
    """The plate value read, or what the digits look like when no value fits."""
    confidence: float
    valid: bool
    """Whether ``text`` is a plate value."""
    ways: tuple[tuple[Mask, ...], ...] = ()
    """Every way its ink can be cut into digits (a calibration picks the true one)."""

    @property
    def cx(self) -> float:
        return self.box[0] + self.box[2] / 2

    @property
    def cy(self) -> float:
        return self.box[1] + self.box[3] / 2

    @property
    def height(self) -> int:
        return self.box[3]


_VOTERS: dict[int, tuple[GlyphModel, GlyphModel]] = {}


def _voters(model: GlyphModel) -> GlyphModel:
    """The model whose rows vote on digits: its own and the user's (kept for the next
    photo).

    The user's own digits (a calibration, ``model.own``) vote with the training fonts'
    here, where letters only hear them as a second opinion: a plate's reading is held
    to the plates' values, and voting with them read C059's 3, which every training
    font reads 8, right on every plate of the calibration test, never wrongly.
    """
    if model.own is None:
        return model
    kept = _VOTERS.get(id(model))
    if kept is None or kept[0] is not model:
        if len(_VOTERS) > 4:
            _VOTERS.clear()
        kept = _VOTERS[id(model)] = (model, model.extended(model.own.labels, model.own.vectors))
    return kept[1]


def digit_votes(model: GlyphModel, glyphs: Sequence[Mask]) -> NDArray[np.float64]:
    """For each glyph, the share of the k nearest training glyphs' vote each of
    :data:`VOTE_LABELS` gets, lowered when even the nearest is far.

    The same vote as :meth:`GlyphModel.classify`, but for every label, not only the
    winner's: a plate's reading weighs every value its digits could be.
    """
    votes, closest = _voters(model).votes([normalize_glyph(g) for g in glyphs], VOTE_LABELS)
    opening = np.array([left_opening(g) for g in glyphs])
    closed = np.array([VOTE_LABELS.index(d) for d in CLOSED_DIGITS])
    votes[np.ix_(opening > OPEN_LEFT, closed)] = 0.0  # open on the left: no 0, 6, 8, 9
    votes[opening < CLOSED_LEFT, VOTE_LABELS.index("3")] = 0.0  # closed there: no 3
    heavy = np.array([top_to_foot(g) for g in glyphs])
    votes[heavy > TOP_HEAVY, VOTE_LABELS.index("1")] = 0.0  # a bar over a foot: no 1
    votes[heavy < NOT_TOP_HEAVY, VOTE_LABELS.index("7")] = 0.0  # no wider on top: no 7
    for row, near in enumerate(closest):
        total = votes[row].sum()  # nothing left: the shape denies every label voted for
        votes[row] *= nearness_of(float(near)) / total if total > 0 else 0.0
    return votes


def left_opening(mask: Mask) -> float:
    """How far in from its left side a glyph's ink starts, as a share of its width: the
    most open row above its waist (a fifth to 45% of its height) and below it (55% to
    four fifths), the lesser of the two.

    A 3 and an 8 share their right half; a 3 is open on the left above and below its
    middle arm, an 8 (like a 0, 6 or 9) is closed there by its loops, even when the blur
    filled their holes. The model's HOG cells blur that difference for some fonts.
    """
    ink = _trim(mask) > 0
    height, width = ink.shape
    if height < 5 or width == 0:
        return 0.0
    start = np.where(ink.any(axis=1), ink.argmax(axis=1), width) / width

    def most_open(top: float, bottom: float) -> float:
        first = int(top * height)
        return float(start[first : max(first + 1, int(bottom * height))].max())

    return min(most_open(0.2, 0.45), most_open(0.55, 0.8))


def top_to_foot(mask: Mask) -> float:
    """How many times wider a glyph's top sixth is than its bottom sixth.

    A 7 is a bar over a narrow foot; a 1 is a stem, its flag no wider than twice its
    foot (a serif 1's foot is wider than its top). Turned or sheared, both sixths widen
    alike: the ratio only comes nearer to 1.
    """
    ink = _trim(mask) > 0
    height = ink.shape[0]
    if height < 6:
        return 1.0
    sixth = height // 6

    def span(rows: NDArray[np.bool_]) -> int:
        columns = np.flatnonzero(rows.any(axis=0))
        return int(columns[-1] - columns[0] + 1) if columns.size else 0

    return span(ink[:sixth]) / max(1, span(ink[-sixth:]))


def _cut(mask: Mask, parts: int) -> list[Mask]:
    """A mask of ``parts`` touching digits cut where the columns hold the least ink,
    each cut searched around its even share of the width."""
    width = mask.shape[1]
    ink = (mask > 0).sum(axis=0)
    cuts = [0]
    for k in range(1, parts):
        centre = k * width / parts
        lo = max(cuts[-1] + 2, round(centre - width / (3 * parts)))
        hi = min(width - 2, round(centre + width / (3 * parts)))
        cuts.append(lo + int(np.argmin(ink[lo:hi])) if hi > lo else round(centre))
    cuts.append(width)
    return [mask[:, a:b] for a, b in itertools.pairwise(cuts)]


def _trim(mask: Mask) -> Mask:
    points = cv2.findNonZero(mask)
    if points is None:
        return mask
    x, y, w, h = cv2.boundingRect(points)
    return np.asarray(mask[y : y + h, x : x + w], np.uint8)


def _plate_ink(gray: NDArray[np.uint8], box: tuple[int, int, int, int]) -> list[Mark]:
    """The pieces of ink in the number's band on its plate, left to right.

    The threshold is Otsu's on the number's own box (ink and plate face only; at least
    a digit wide), applied
    to a window :data:`PLATE_MARGIN` digit heights wider on each side: pieces that
    overlap across the columns (the flag and the bowl of a serif 5) are one digit.
    """
    x, y, w, h = box
    grow = max(0, round(0.7 * h) - w) // 2  # a 1, or a faint piece: a digit's width at least
    inner = gray[y : y + h, max(0, x - grow) : x + w + grow]
    if inner.size == 0:
        return []
    level, _ = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    dark = inner <= level
    if dark.all() or not dark.any():
        return []
    if np.median(inner[~dark]) - np.median(inner[dark]) < MIN_INK_CONTRAST:
        return []  # Otsu split the grain of a bare surface: no ink there
    margin = round(PLATE_MARGIN * h)
    x0, x1 = max(0, x - margin), min(gray.shape[1], x + w + margin)
    y0, y1 = max(0, y - h // 3), min(gray.shape[0], y + h + h // 3)
    window = gray[y0:y1, x0:x1]
    ink = (window <= level).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    spans: list[list[int]] = []  # [left, right, labels...] of the digits, by column
    band = 0.2 * h
    for label in range(1, count):
        lx, ly, lw, lh, area = (int(v) for v in stats[label])
        top, bottom = y0 + ly, y0 + ly + lh
        if top < y - band or bottom > y + h + band or area < max(4, h * h // 100):
            continue
        if lx == 0 or ly == 0 or lx + lw == window.shape[1] or ly + lh == window.shape[0]:
            continue
        for span in spans:
            overlap = min(span[1], lx + lw) - max(span[0], lx)
            if overlap > 0.4 * min(lw, span[1] - span[0]):
                span[0], span[1] = min(span[0], lx), max(span[1], lx + lw)
                span.append(label)
                break
        else:
            spans.append([lx, lx + lw, label])
    marks = []
    for span in sorted(spans):
        pieces = np.isin(labels, span[2:])
        ys, xs = np.nonzero(pieces)
        top, left, bottom, right = (
            int(ys.min()),
            int(xs.min()),
            int(ys.max()) + 1,
            int(xs.max()) + 1,
        )
        if bottom - top < 0.5 * h:
            continue  # a speck or a stroke of another glyph, not a digit
        mask = (pieces[top:bottom, left:right] * 255).astype(np.uint8)
        marks.append(Mark(x0 + left, y0 + top, right - left, bottom - top, mask))
    return marks


def _joined(marks: list[Mark], box: tuple[int, int, int, int]) -> list[Mark]:
    """The run of digits that holds the number's box: pieces further than a digit's
    height from the run belong to something else."""
    x, _, w, h = box
    run = [m for m in marks if m.x < x + w and m.x + m.w > x]
    if not run:
        return []
    left = [m for m in marks if m.x + m.w <= run[0].x]
    right = [m for m in marks if m.x >= run[-1].x + run[-1].w]
    for mark in reversed(left):
        if run[0].x - (mark.x + mark.w) > 0.6 * h:
            break
        run.insert(0, mark)
    for mark in right:
        if mark.x - (run[-1].x + run[-1].w) > 0.6 * h:
            break
        run.append(mark)
    return run


def _segmentations(marks: list[Mark], height: int) -> list[list[Mask]]:
    """The ways the number's pieces can be its one to three digits: neighbouring pieces
    may be one digit broken apart, and a piece wider than a digit may be two or three
    digits that touch."""
    units: dict[tuple[int, int], list[list[Mask]]] = {}
    for i in range(len(marks)):
        for j in range(i + 1, min(len(marks), i + 3) + 1):
            mask = joined(marks[i:j]).mask  # neighbouring pieces: one digit broken apart
            wide = mask.shape[1] / height
            options = [[mask]] if wide <= WIDEST_DIGIT or j - i == 1 else []
            if j - i == 1:
                options += [[_trim(p) for p in _cut(mask, n)] for n in (2, 3) if wide > 0.55 * n]
            if options:
                units[i, j] = options
    ways: list[list[Mask]] = []

    def extend(start: int, digits: list[Mask]) -> None:
        if start == len(marks):
            ways.append(digits)
            return
        for (i, j), options in units.items():
            if i == start:
                for option in options:
                    if len(digits) + len(option) <= 3:
                        extend(j, digits + option)

    extend(0, [])
    return ways


@dataclass(frozen=True)
class _Ink:
    """A number's ink found on its plate, and the ways to cut it into digits."""

    box: tuple[int, int, int, int]
    pieces: tuple[Mask, ...]
    ways: tuple[tuple[Mask, ...], ...]


def _ink_at(gray: NDArray[np.uint8], box: tuple[int, int, int, int]) -> _Ink | None:
    """The ink of the number around ``box``, or ``None`` if there are no digits."""
    run = _joined(_plate_ink(gray, box), box)
    if not run:
        return None
    found = _bounds(run)
    ways = _segmentations(run, found[3])
    if not ways:
        return None
    return _Ink(found, tuple(m.mask for m in run), tuple(tuple(w) for w in ways))


def _decide(ink: _Ink, vote_of: dict[int, NDArray[np.float64]]) -> Number:
    """The plate value the ink supports best (``vote_of``: the votes of each glyph).

    Every segmentation of the ink is read against every plate value with as many
    digits; a value's support is its weakest digit's vote. The confidence is the best
    support, lowered by the best support of any other value: a 10 whose 0 could as well
    be the 00 of a 100 is "?".
    """
    support: dict[str, tuple[float, tuple[Mask, ...]]] = {}
    plain = ""
    for way in ink.ways:
        v = np.array([vote_of[id(g)] for g in way])
        if not plain:  # what the pieces look like, each read alone
            plain = "".join(VOTE_LABELS[int(i)] for i in v.argmax(axis=1))
        for text in PLATE_TEXTS:
            if len(text) == len(way):
                score = min(float(v[i, DIGITS.index(c)]) for i, c in enumerate(text))
                if score > support.get(text, (-1.0, ()))[0]:
                    support[text] = (score, way)
    ranked = sorted(support, key=lambda t: -support[t][0])
    if not ranked or support[ranked[0]][0] <= 0.0:
        text = plain.replace(NOT_A_GLYPH, NOT_A_GLYPH_TEXT)
        return Number(ink.box, ink.pieces, text, 0.0, False, ink.ways)
    best = ranked[0]
    score, digits = support[best]
    runner_up = support[ranked[1]][0] if len(ranked) > 1 else 0.0
    confidence = round(max(0.0, score - runner_up), 3)
    return Number(ink.box, digits, best, confidence, True, ink.ways)


def _decide_all(inks: Sequence[_Ink], model: GlyphModel) -> list[Number]:
    """Every ink's number, the model asked once for all their glyphs."""
    unique = {id(g): g for ink in inks for way in ink.ways for g in way}
    vote_of = dict(zip(unique, digit_votes(model, list(unique.values())), strict=True))
    return [_decide(ink, vote_of) for ink in inks]


def read_number(
    gray: NDArray[np.uint8], box: tuple[int, int, int, int], model: GlyphModel
) -> Number | None:
    """The plate value the ink around ``box`` supports best, or ``None`` if no digits."""
    ink = _ink_at(gray, box)
    return None if ink is None else _decide_all([ink], model)[0]


def _candidates(gray: NDArray[np.uint8], model: GlyphModel) -> list[list[Mark]]:
    """Marks that may be digits, grouped side by side into numbers (in no order)."""
    marks = find_marks(gray)
    if not marks:
        raise NothingFound("aucune plaque trouvée sur la photo")
    guesses = model.classify([normalize_glyph(m.mask) for m in marks], allowed=DIGITS)
    digits = [
        m
        for m, (label, conf) in zip(marks, guesses, strict=True)
        # Digits that touch read poorly as one glyph, but are no blot either.
        if label != NOT_A_GLYPH and (conf >= 0.3 or m.w > 0.8 * m.h)
    ]
    return _group(digits)


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


def _bounds(group: Sequence[Mark]) -> tuple[int, int, int, int]:
    x0, y0 = min(m.x for m in group), min(m.y for m in group)
    x1, y1 = max(m.x + m.w for m in group), max(m.y + m.h for m in group)
    return x0, y0, x1 - x0, y1 - y0


def _as_mark(number: Number) -> Mark:
    """A number as one mark (its bounding box), for the row finder."""
    return Mark(*number.box, np.zeros((1, 1), np.uint8))


def _in_rows(numbers: list[Number]) -> list[Number]:
    """Numbers in reading order: rows found as straight lines, top row first."""
    left = list(numbers)
    rows: list[list[Number]] = []
    while left:
        boxes = [_as_mark(n) for n in left]
        found = find_rows(boxes, max_gap=12.0, slack=0.4)
        members = {id(m) for m in found[0].marks} if found and len(found[0].marks) > 1 else set()
        row = [n for n, b in zip(left, boxes, strict=True) if id(b) in members] or [left[0]]
        rows.append(sorted(row, key=lambda n: n.cx))
        left = [n for n in left if all(n is not r for r in row)]
    rows.sort(key=lambda row: float(np.mean([n.cy for n in row])))
    return [n for row in rows for n in row]


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _read_all(gray: NDArray[np.uint8], model: GlyphModel) -> list[Number]:
    """Every number the photo shows, plates or not, each read once."""
    inks: list[_Ink] = []
    # Whole digits before the pieces of a digit the first pass broke: tallest first.
    for group in sorted(_candidates(gray, model), key=lambda g: (-max(m.h for m in g), -len(g))):
        box = _bounds(group)
        if any(_overlap(box, ink.box) for ink in inks):
            continue  # a piece of a number already found
        ink = _ink_at(gray, box)
        if ink is not None and not any(_overlap(ink.box, other.box) for other in inks):
            inks.append(ink)
    return _decide_all(inks, model)


def _numbers(
    gray: NDArray[np.uint8], model: GlyphModel
) -> tuple[list[Number | None], bool, Layout | None]:
    """The number on each plate in reading order (``None`` for a plate where none was
    found), whether more than six were read with confidence (then which six are the
    plates is a guess: a mark of the wood read as a sure 7 once pushed a plate out and
    shifted the whole draw by one), and the plates' layout when one was found."""
    read = _read_all(gray, model)
    fitted = fit_layout(read)
    if fitted is None:
        return _by_height(read), False, None
    layout, placed, seventh = fitted
    size = float(np.median([n.height for n in placed.values()]))
    options = []
    for shifted, numbers in placements(layout, placed):
        plates = [numbers.get(divmod(i, shifted.columns)[::-1]) for i in range(DRAW_SIZE)]
        for i, number in enumerate(plates):
            if number is None or number.confidence < UNSURE_BELOW:
                row, column = divmod(i, shifted.columns)
                centre = shifted.centre(column, row)
                plates[i] = _look_again(gray, model, centre, size, number=number, read=read)
        valid = [n for n in plates if n is not None and n.valid]
        seen = (
            sum(n.confidence >= 0.5 for n in valid),
            len(valid),
            # Digits that make no plate value are a plate all the same (an italic 10
            # read 00), where past the end of the row there is nothing.
            sum(n is not None and NOT_A_GLYPH_TEXT not in n.text for n in plates),
            sum(n.confidence for n in valid),
        )
        options.append((seen, plates, shifted))
    options.sort(key=lambda option: option[0], reverse=True)
    best = options[0]
    tied = len(options) > 1 and options[1][0][:3] == best[0][:3]
    if tied and best[0][3] - options[1][0][3] < 0.3:  # which plate is missing is a guess
        return [None] * DRAW_SIZE, seventh > 0, None
    return best[1], seventh > 0, best[2]


def _look_again(
    gray: NDArray[np.uint8],
    model: GlyphModel,
    centre: tuple[float, float],
    size: float,
    *,
    number: Number | None,
    read: Sequence[Number],
) -> Number | None:
    """The surest reading of the plate whose number is centred at ``centre``, a node of
    the grid where no number, or an unsure one, was placed.

    The plate is looked at again there (glare, faint ink, or a piece of the number read
    unsure: the right stroke of a 9 faded by glare, as a 1), and numbers the first pass
    read too unsure to place the grid (a slanted 100 read 10 with 0.03) are heard too.
    """
    cx, cy = centre
    box = (round(cx - 0.3 * size), round(cy - size / 2), round(0.6 * size), round(size))
    near = [n for n in read if np.hypot(n.cx - cx, n.cy - cy) < NODE_SLACK * size]
    candidates = [n for n in (number, read_number(gray, box, model), *near) if n is not None]
    return max(candidates, key=lambda n: (n.valid, n.confidence), default=None)


def _by_height(read: list[Number]) -> list[Number | None]:
    """Without a layout: the numbers of the plates' height, in rows, top row first.

    The plates' digits share one height, the tallest that six numbers read with some
    confidence share: the junctions of a checked cloth can look like small digits,
    never like big ones, and rarely like sure ones.
    """
    heights = [float(n.height) for n in read]
    sure = [n.valid and n.confidence >= 0.5 for n in read]

    def alike(height: float) -> list[int]:
        return [i for i, h in enumerate(heights) if 0.75 * height < h < 1.33 * height]

    def sure_alike(height: float) -> int:
        return sum(sure[i] for i in alike(height))

    tallest_first = sorted(heights, reverse=True)
    height = next(
        (h for h in tallest_first if sure_alike(h) >= DRAW_SIZE),
        max(tallest_first, key=sure_alike, default=0.0),
    )
    numbers = sorted((read[i] for i in alike(height)), key=lambda n: -n.confidence)
    if not numbers:
        raise NothingFound("aucun chiffre lisible sur la photo")
    return list(_in_rows(numbers[:DRAW_SIZE]))


def labelled_digits(
    image: Image, values: Sequence[int], model: GlyphModel
) -> list[tuple[Mask, str]]:
    """Each digit of the plates of a photo whose values are known, with its label: what
    a calibration learns. The plates are found as when reading; each plate's ink is cut
    into as many digits as its true value has (the cut whose digits vote most for them).

    Raises :class:`NothingFound` (French) when the plates found are not the plates given.
    """
    gray, _ = working_gray(image)
    numbers, _, _ = _numbers(gray, model)
    found = [n for n in numbers if n is not None]
    if len(found) != len(values):
        raise NothingFound(f"{len(found)} plaques trouvées, {len(values)} attendues")
    labelled: list[tuple[Mask, str]] = []
    for i, (number, value) in enumerate(zip(found, values, strict=True)):
        text = str(value)
        ways = [way for way in number.ways if len(way) == len(text)]
        if not ways:
            raise NothingFound(f"plaque {i + 1} : les chiffres de {text} n'y sont pas séparés")
        votes = [digit_votes(model, way) for way in ways]
        best = max(
            range(len(ways)),
            key=lambda w: sum(votes[w][k, DIGITS.index(c)] for k, c in enumerate(text)),
        )
        labelled.extend(zip(ways[best], text, strict=True))
    return labelled


def _second_opinions(numbers: Sequence[Number]) -> dict[int, str]:
    """Tesseract's reading of each number (by ``id``), where it has one.

    All numbers are read in one call. Read in a line, Tesseract now and then reads a
    plate the model is sure of as another value (a narrow 7 as 1 or 4, a 5 as 9 or 2:
    6 of 1,200 plates, seeds 11 and 23, every one read right by the model): such a
    number is read again alone, and that reading is the opinion (alone, all six were
    read as the model did, or not read at all). When its words do not line up with the
    numbers, each number the model is unsure of is read alone (a few ms each: Tesseract
    stays loaded).
    """
    words = tesseract_words([list(n.digits) for n in numbers], DIGITS, gap=3)
    second: dict[int, str] = {}
    if words is not None and len(words) == len(numbers):
        second = {id(n): word for n, word in zip(numbers, words, strict=True)}
        doubted = [n for n in numbers if second[id(n)] in PLATE_TEXTS and second[id(n)] != n.text]
    else:
        doubted = [n for n in numbers if AGREEMENT_FLOOR <= n.confidence < UNSURE_BELOW]
    for number in doubted:
        if not number.valid:
            continue
        alone = tesseract_words([list(number.digits)], DIGITS)
        if alone is not None and len(alone) == 1:
            second[id(number)] = alone[0]
        else:
            second.pop(id(number), None)
    return second


def read_numbers(
    image: Image,
    model: GlyphModel | None = None,
    data_dir: Path | None = None,
    *,
    learned: bool = True,
) -> Reading:
    """The six plates, top row first and left to right, with a confidence each (on the
    printed mat, :mod:`vision.mat`, only its band is looked at).

    ``learned``: the plates are found and read by the learned finder and classifier
    (:mod:`vision.plate_finder`, :mod:`vision.learned`), whose calibrated confidence
    alone decides "?"; ``model`` and ``data_dir`` (the first design's digit model and
    a calibration of it) are then not used. Without it, by the first design: ink
    marks read by the digit model and Tesseract, kept for comparison."""
    return read_on_mat(image, BAND, lambda part: _read_numbers(part, model, data_dir, learned))


def _learned_numbers(gray: NDArray[np.uint8]) -> tuple[list[Number | None], bool]:
    """The plates found and read by the learned classifier (:mod:`vision.plate_finder`),
    in reading order, and whether more than six were read (then which six are the
    plates is a guess)."""
    plates = find_numbers(gray)
    if not plates.found:
        raise NothingFound("aucune plaque trouvée sur la photo")
    learned = [
        Number(f.box, (), str(f.value) if f.valid else "?", round(f.confidence, 3), f.valid)
        for f in plates.found
    ]
    ordered = learned if plates.in_order else _in_rows(learned)
    return list[Number | None](ordered), plates.seventh or len(learned) > DRAW_SIZE


def _read_numbers(
    image: Image, model: GlyphModel | None, data_dir: Path | None, learned: bool = True
) -> Reading:
    gray, _ = working_gray(image)
    if learned:
        numbers, too_many = _learned_numbers(gray)
        second: dict[int, str] = {}
    else:
        model = model or model_for(DIGITS, data_dir)
        tesseract_for(DIGITS)  # the first time, it loads its model while the plates are found
        numbers, too_many, _ = _numbers(gray, model)
        second = _second_opinions([n for n in numbers if n is not None])
    values: list[str | int] = []
    confidence: list[float] = []
    uncertain: list[int] = []
    warnings: list[str] = []
    if too_many:
        warnings.append(f"plus de {DRAW_SIZE} nombres vus : lequel n'est pas une plaque ?")
    for i, number in enumerate(numbers):
        if number is None:
            warnings.append(f"plaque {i + 1} : aucun nombre vu")
            values.append("?")
            confidence.append(0.0)
            uncertain.append(i)
            continue
        conf = number.confidence
        if learned:
            unsure = not number.valid or too_many
            if not number.valid:
                warnings.append(
                    f"plaque {i + 1} : nombre mal lu, ou qui n'est pas une plaque (1 à 10, "
                    "25, 50, 75, 100)"
                )
        else:
            other = second.get(id(number))
            if number.valid and other == number.text and conf >= AGREEMENT_FLOOR:
                conf = max(conf, UNSURE_BELOW)
            elif other in PLATE_TEXTS and other != number.text:
                conf = round(conf * DISAGREEMENT, 3)
                warnings.append(f"plaque {i + 1} : Tesseract lit {other}, le modèle {number.text}")
            if too_many:
                conf = min(conf, UNSURE_BELOW / 2)
            if not number.valid:
                warnings.append(f"plaque {i + 1} : {number.text} n'est pas une plaque")
                conf = min(conf, UNSURE_BELOW / 2)
            unsure = conf < UNSURE_BELOW
        if unsure:
            uncertain.append(i)
        values.append("?" if unsure else int(number.text))
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
