"""Find the plates' numbers by asking the learned classifier where they are.

The first design finds digits as dark ink on a light face; on light digits on dark plates,
on a border drawn around the digits, or on digits outlined in another colour it finds
nothing or the border. This finder makes few assumptions: ink is whatever stands out from
its neighbourhood, in either polarity (adaptive thresholds of the photo and of its
negative); pieces of one height side by side make candidate numbers (runs of one to three,
whole); the learned classifier reads a window around each candidate, and the candidates it
reads surely as a plate value are kept, the more confident first, none overlapping another.
Then the plates' grid (:mod:`vision.plate_grid`): three sure numbers or more fit a row of
six or two rows of three, and each of its nodes is looked at again in its plate's own
window (:func:`look_at`), where a threshold sized to the row's digits finds what the
photo's missed (glare, faint ink, digits touching a frame drawn around the plate, digits
linked to the edges of the plates beside them). Where no grid is fitted (a few plates), a
sure number that may be a part of a longer one (the 1 of a 10 set wide) is read again with
the ink beside it, and is "?" if that is read as the whole (:func:`_no_parts`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from solver.plates import DRAW_SIZE
from vision.learned import plate_net
from vision.plate_grid import Layout, Placed, fit_layout, placements
from vision.render import PLATE_VALUES

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Tuning:
    """The finder's few numbers, each with its meaning and the range it may take."""

    smallest: float = 0.012
    """A digit's least height, over the photo's longer side (0.01-0.03): smaller ink is
    noise (a 1024-pixel photo: 12 pixels)."""
    largest: float = 0.2
    """A digit's greatest height, over the photo's longer side (0.15-0.3)."""
    widest: float = 3.0
    """A piece's greatest width over its height (2-3.5): a digit is at most 0.9 (a 0
    seen squashed), but digits grown together are one piece (the 00 of a 100), and a
    piece dropped would leave its neighbour alone (the 1 of that 100, read 1)."""
    same_height: float = 1.35
    """Two digits of one number differ in height by less than this factor (1.2-1.5)."""
    gap: float = 0.7
    """Two digits of one number are less than this many digit heights apart (0.4-1)."""
    block: float = 0.08
    """The adaptive threshold's window, over the photo's longer side (0.05-0.15)."""
    small_block: float = 0.025
    """Where the first window gives fewer than three sure numbers, a second, smaller one
    (0.015-0.04): on plates so small that the first window holds several, a light plate
    stands out from a dark holder and its digits are lost in it."""
    offset: int = 12
    """Ink stands out from its window's mean by at least this many grey levels (5-25)."""
    frame: float = 0.12
    """A frame's line, with the margin inside it, is at most this share of the smaller
    side of a piece bigger than a digit (0.08-0.2): what is further in may be digits."""
    nearest_plate: float = 1.2
    """Two plates' numbers are centred at least this many digit heights apart (1-2): a
    plate as narrow as a 100 (two digit heights) and the next one."""
    smaller: float = 0.45
    """There, a number's digits may be this many times smaller than the row's (0.4-0.8):
    a 100 too wide for its plate is printed smaller."""
    broken: float = 0.8
    """There, pieces one above the other both shorter than this many digit heights are
    one digit broken apart (0.6-0.9)."""
    band: float = 0.75
    """There, the plate's number lies within this many digit heights above and below the
    node (0.6-0.9; a bar under a 6 or a 9 reaches 0.7)."""
    speck: float = 0.01
    """On a plate looked at again, ink of less than this many square digit heights is
    a speck (0.005-0.03), not a broken digit's piece."""
    anchors: int = 12
    """The surest numbers the plates' grid is fitted to, at most (8-24): twice the
    plates; each pair of them proposes a grid, and a checked cloth gives many."""
    framed: float = 1.1
    """A piece taller than this many digit heights may be a frame with digits touching
    it (1.05-1.3): it is also looked into without its outline."""
    look_high: float = 1.2
    """A plate looked at again on its node: this many digit heights above and below its
    centre (0.9-1.5)."""
    local_block: float = 2.0
    """There, the adaptive threshold's window in digit heights (1.5-4)."""
    node_slack: float = 0.45
    """A number read there is the plate's if its centre is within this many digit
    heights of the node (0.3-0.6; a keystone moves the grid's end nodes 0.2)."""
    beside: float = 1.0
    """Where no plates' grid is fitted, a sure number that is a part of a plate value (a
    1, a 2, a 5, a 7, a 10) is read again with each piece of ink in line beside it
    nearer than this many digit heights (0.7-1.5; wider than :attr:`gap`: the 1 of a 10
    set wide, a 5 whose outline another threshold joined to it)."""


TUNING = Tuning()


def _pieces(gray: NDArray[np.uint8], tuning: Tuning, window: float) -> list[list[Box]]:
    """Boxes of pieces of ink of a digit's size: those darker than around them, then
    those lighter (``window``: the adaptive threshold's, over the photo's longer side)."""
    longer = max(gray.shape)
    block = int(window * longer) | 1
    low, high = tuning.smallest * longer, tuning.largest * longer
    out: list[list[Box]] = []
    for picture in (gray, np.asarray(255 - gray, np.uint8)):
        ink = cv2.adaptiveThreshold(
            picture,
            255,
            cv2.ADAPTIVE_THRESH_MEAN_C,
            cv2.THRESH_BINARY_INV,
            block,
            tuning.offset,
        )
        count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
        out.append(
            [
                (int(x), int(y), int(w), int(h))
                for x, y, w, h, _area in stats[1:count]
                if low <= h <= high and w <= tuning.widest * h
            ]
        )
    return out


def _linked(a: Box, b: Box, tuning: Tuning) -> bool:
    """Whether ``b`` (right of ``a``) may be the next digit of ``a``'s number."""
    gap = b[0] - (a[0] + a[2])
    ratio = max(a[3], b[3]) / max(1, min(a[3], b[3]))
    overlap = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return (
        -2 <= gap <= tuning.gap * max(a[3], b[3])
        and ratio <= tuning.same_height
        and overlap >= 0.6 * min(a[3], b[3])
    )


def _runs(pieces: list[Box], tuning: Tuning, parts: bool = False) -> list[Box]:
    """Candidate numbers: the runs of pieces linked side by side, whole (the 10 of a
    100 is no candidate: its window would be read 10), of one to three digits; with
    ``parts``, every one to five neighbouring pieces of a run (on a plate looked at
    again: its digits linked to the edges of the plates beside it, a 0 broken in two)."""
    pieces = sorted(pieces)
    parent = list(range(len(pieces)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(pieces):
        for j in range(i + 1, len(pieces)):
            b = pieces[j]
            if b[0] > a[0] + a[2] + tuning.gap * max(a[3], b[3]) + 2:
                break
            if _linked(a, b, tuning):
                parent[root(j)] = root(i)
    groups: dict[int, list[Box]] = {}
    for i, piece in enumerate(pieces):
        groups.setdefault(root(i), []).append(piece)
    runs = []
    for group in groups.values():
        spans = [group] if len(group) <= 3 else []
        if parts:
            spans = [group[i:j] for i in range(len(group)) for j in range(i + 1, i + 6)]
        for span in {tuple(span) for span in spans}:
            runs.append(_union(*span))
    return runs


def _overlaps(a: Box, b: Box) -> bool:
    return not (
        a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
    )


@dataclass(frozen=True)
class Found:
    """A number the learned classifier reads as a plate value, and where its ink is."""

    box: Box
    value: int | None
    """The plate value read, or ``None``: no plate value (a "?" on a plate's node)."""
    confidence: float
    sure: bool

    @property
    def cx(self) -> float:
        return self.box[0] + self.box[2] / 2

    @property
    def cy(self) -> float:
        return self.box[1] + self.box[3] / 2

    @property
    def height(self) -> int:
        return self.box[3]

    @property
    def valid(self) -> bool:
        return self.sure and self.value is not None


def _read(gray: NDArray[np.uint8], boxes: list[Box], keep_nothing: bool = False) -> list[Found]:
    """The boxes the classifier reads as a plate value, sure or not (``keep_nothing``:
    and those it reads as no plate value)."""
    guesses = plate_net().read(gray, boxes) if boxes else []
    return [
        Found(box, guess.value, guess.confidence, guess.sure)
        for box, guess in zip(boxes, guesses, strict=True)
        if keep_nothing or guess.value is not None
    ]


def _unframed(mask: NDArray[np.uint8], tuning: Tuning) -> NDArray[np.uint8]:
    """A piece of ink bigger than a digit without the band along its outline: a frame
    drawn around a plate loses its line, and the digits that touched it stand alone."""
    points = cv2.findNonZero(mask)
    if points is None:
        return mask
    hull = np.zeros((mask.shape[0] + 2, mask.shape[1] + 2), np.uint8)  # zeros all round
    cv2.fillConvexPoly(hull, cv2.convexHull(points) + 1, 255)
    inside = cv2.distanceTransform(hull, cv2.DIST_L2, 3)[1:-1, 1:-1]
    band = tuning.frame * min(mask.shape)
    return np.asarray(np.where(inside > band, mask, 0), np.uint8)


def _merged(boxes: list[Box], shorter: float) -> list[Box]:
    """Pieces one above the other made one (the flag and the bowl of a 5 that a thin
    stroke joined): boxes shorter than ``shorter`` overlapping across more than half
    the narrower's width (a whole digit is no piece of another)."""
    out: list[Box] = []
    for box in sorted(boxes):
        for i, kept in enumerate(out):
            overlap = min(kept[0] + kept[2], box[0] + box[2]) - max(kept[0], box[0])
            broken = kept[3] < shorter and box[3] < shorter
            if broken and overlap > 0.5 * min(kept[2], box[2]):
                out[i] = _union(kept, box)
                break
        else:
            out.append(box)
    return out


def _local_pieces(ink: NDArray[np.uint8], height: float, tuning: Tuning) -> list[Box]:
    """Pieces of a digit's size (``height``) in the band across the middle of a plate's
    window, none touching its sides: pieces one above the other are one digit broken
    apart, and a piece bigger than a digit is looked into without its frame."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    rows, cols = ink.shape
    low, high = tuning.smaller * height, tuning.same_height * height
    boxes: list[Box] = []

    top, bottom = rows / 2 - tuning.band * height, rows / 2 + tuning.band * height

    def add(x: int, y: int, w: int, h: int) -> None:
        inside = x > 0 and top <= y and x + w < cols and y + h <= bottom
        if inside and h <= high and w <= tuning.widest * high:
            boxes.append((x, y, w, h))

    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        if area >= tuning.speck * height * height:
            add(x, y, w, h)
        if h <= tuning.framed * height:
            continue
        own = np.asarray((labels[y : y + h, x : x + w] == label) * 255, np.uint8)
        inner = _unframed(own, tuning)
        n, _, parts, _ = cv2.connectedComponentsWithStats(inner, connectivity=8)
        for px, py, pw, ph, part_area in parts[1:n]:
            if part_area >= tuning.speck * height * height:
                add(x + int(px), y + int(py), int(pw), int(ph))
    merged = _merged(boxes, tuning.broken * height)
    return [b for b in merged if low <= b[3] <= high and b[2] <= tuning.widest * b[3]]


def look_at(
    gray: NDArray[np.uint8],
    centre: tuple[float, float],
    height: float,
    pitch: float,
    tuning: Tuning = TUNING,
) -> list[Box]:
    """The plate at ``centre``, a node of the plates' grid, looked at again: the
    plate's window (``pitch`` wide, the step to the next plate) is thresholded on its
    own, in either polarity, with a window sized to the row's digits (``height``):
    glare or faint ink lost to the photo's threshold stands out there. The boxes of
    every run of one to five neighbouring pieces centred near the node, to be read (a
    number's digits linked to the edges of the plates beside it, a 0 broken in two;
    :func:`decided` tells the plate's reading)."""
    cx, cy = centre
    half_w, half_h = 0.5 * pitch, tuning.look_high * height
    x0, y0 = max(0, round(cx - half_w)), max(0, round(cy - half_h))
    x1 = min(gray.shape[1], round(cx + half_w))
    y1 = min(gray.shape[0], round(cy + half_h))
    if x1 - x0 < height or y1 - y0 < height:
        return []
    part = gray[y0:y1, x0:x1]
    block = int(tuning.local_block * height) | 1
    boxes: list[Box] = []
    for picture in (part, np.asarray(255 - part, np.uint8)):
        ink = cv2.adaptiveThreshold(
            picture, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, tuning.offset
        )
        pieces = _local_pieces(np.asarray(ink, np.uint8), height, tuning)
        for x, y, w, h in _runs(pieces, tuning, parts=True):
            box = (x0 + x, y0 + y, w, h)
            if np.hypot(box[0] + w / 2 - cx, box[1] + h / 2 - cy) <= tuning.node_slack * height:
                boxes.append(box)
    return boxes


def decided(
    read: list[Found], centre: tuple[float, float], same_height: float = TUNING.same_height
) -> Found | None:
    """The plate's reading among the runs read around its node: the sure ones that are
    no part of another sure one (a 100, not its 10) nor of a run centred nearer the
    node and read as no plate value or unsurely (an 11, not its 1: digits of one height,
    not a frame around it), the nearest the node first; else the unsure reading nearest
    the node (a "?")."""

    def off(f: Found) -> float:
        return float(np.hypot(f.cx - centre[0], f.cy - centre[1]))

    def vetoed(f: Found) -> bool:
        return any(
            _around(f, g)
            and g.height <= f.height * same_height  # digits beside it, not a frame
            and off(g) < off(f)
            and (not g.sure or g.value is None)
            for g in read
        )

    sure = [f for f in read if f.sure and f.value is not None]
    whole = [f for f in sure if not any(_within(f, g) for g in sure) and not vetoed(f)]
    if whole:
        return min(whole, key=off)
    unsure = [f for f in read if not (f.sure and f.value is not None)]
    return min(unsure, key=off, default=None)


def _around(part: Found, whole: Found) -> bool:
    """Whether ``whole``'s ink is wider than ``part``'s and holds it across."""
    x, w = part.box[0], part.box[2]
    wx, ww = whole.box[0], whole.box[2]
    return ww > w and wx <= x + 2 and wx + ww >= x + w - 2


def _within(part: Found, whole: Found) -> bool:
    """Whether ``part`` is read as a part of the number ``whole`` is read as (the 10
    of a 100, the 7 of a 75), its ink within the wider ink of ``whole``."""
    digits, number = str(part.value), str(whole.value)
    return _around(part, whole) and len(number) > len(digits) and digits in number


@dataclass(frozen=True)
class Plates:
    """The plates found: their numbers, and whether a seventh sure number lies beside
    them (then which six are the plates is a guess)."""

    found: list[Found]
    seventh: bool = False
    in_order: bool = False
    """Whether ``found`` is in reading order (the grid's: top row first, each left to
    right); else in no order."""


def find_numbers(gray: NDArray[np.uint8], tuning: Tuning = TUNING) -> Plates:
    """The numbers the learned classifier reads as plate values, none overlapping.

    Where three sure ones or more make a grid of plates (:mod:`vision.plate_grid`), the
    grid's six plates, each looked at again on its node (:func:`_on_grid`); else, where
    six or more are sure, only the sure ones; else the unsure ones too (a "?" holds its
    plate's place), the least confident left out past six; off the grid, a sure number
    read as a part of a longer one with the ink beside it is "?" (:func:`_no_parts`)."""
    read: list[Found] = []
    cut: dict[float, list[list[Box]]] = {}
    for window in (tuning.block, tuning.small_block):
        pieces = cut[window] = _pieces(gray, tuning, window)
        read += _read(gray, [run for some in pieces for run in _runs(some, tuning)])
        if sum(f.sure for f in read) >= 3:
            break
    read.sort(key=lambda f: (not f.sure, -f.confidence))
    kept: list[Found] = []
    for found in read:
        if all(not _overlaps(found.box, k.box) for k in kept):
            kept.append(found)
    kept = _of_one_height(kept, tuning)
    sure = [f for f in kept if f.sure]
    fitted = fit_layout(sure, tuning.nearest_plate, tuning.anchors)
    if fitted is not None and fitted[2]:
        return Plates(list(fitted[1].values()), seventh=True)
    on_grid = _on_grid(gray, kept, fitted, tuning) if fitted is not None else []
    if on_grid:
        return Plates(on_grid, in_order=True)
    chosen = sure if len(sure) >= DRAW_SIZE else kept[:DRAW_SIZE]
    return Plates(_no_parts(gray, chosen, cut, tuning))


#: The plate values that are a part of another (the 1 of a 10, the 5 of a 75).
PARTS = frozenset(v for v in PLATE_VALUES if any(v != w and str(v) in str(w) for w in PLATE_VALUES))


def _no_parts(
    gray: NDArray[np.uint8],
    found: list[Found],
    cut: dict[float, list[list[Box]]],
    tuning: Tuning,
) -> list[Found]:
    """``found``, each sure number that may be a part of a longer one made unsure: read
    again with each piece of ink in line beside it (the pieces of both windows, ``cut``
    holding those already cut), it is read surely as a plate value that holds it (the 1
    and the 0 of a 10 set wider than the finder links digits). Off the plates' grid no
    node says where a number ends."""
    parts_read = [i for i, f in enumerate(found) if f.valid and f.value in PARTS]
    if not parts_read:
        return found
    pieces = [
        piece
        for window in (tuning.block, tuning.small_block)
        for some in (cut[window] if window in cut else _pieces(gray, tuning, window))
        for piece in some
    ]
    near = replace(tuning, gap=tuning.beside)
    asked: list[tuple[int, Box]] = [
        (i, _union(found[i].box, piece))
        for i in parts_read
        for piece in pieces
        if _linked(found[i].box, piece, near) or _linked(piece, found[i].box, near)
    ]
    again = _read(gray, [box for _, box in asked], keep_nothing=True)
    parts = {
        i
        for (i, _), whole in zip(asked, again, strict=True)
        if whole.valid and _within(found[i], whole)
    }
    return [replace(f, sure=False) if i in parts else f for i, f in enumerate(found)]


def _union(*boxes: Box) -> Box:
    """The box around ``boxes``."""
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return (x0, y0, x1 - x0, y1 - y0)


def _of_one_height(found: list[Found], tuning: Tuning) -> list[Found]:
    """``found``, a sure number far shorter or taller than the sure ones' median made
    unsure: the plates' digits share one height, and a part of a digit read as one (a
    6's loop read 9) is shorter (looked at again on the grid, a 100 printed smaller
    than the other plates' numbers is read again)."""
    heights = [f.height for f in found if f.sure]
    if not heights:
        return found
    middle = float(np.median(heights))
    return [
        f
        if middle / tuning.same_height <= f.height <= middle * tuning.same_height
        else replace(f, sure=False)
        for f in found
    ]


def _whole(number: Found, again: list[Found], centre: tuple[float, float]) -> Found:
    """A sure number, or the sure reading around it on its plate looked at again of
    which it is a part: the whole number (the 10 of a 100 whose last 0 touched a frame
    drawn around the plate, lost with it)."""
    wholes = [g for g in again if g.valid and _within(number, g)]
    return decided(wholes, centre) or number


def _on_grid(
    gray: NDArray[np.uint8],
    kept: list[Found],
    fitted: tuple[Layout, Placed[Found], int],
    tuning: Tuning,
) -> list[Found]:
    """The six plates of the grid fitted to the sure numbers, each node looked at again
    (:func:`look_at`): a sure number there may be a part of its plate's (:func:`_whole`),
    a node without one may show one there; a node where nothing is read holds a "?".
    Where the plate missed may as well be at one end of the row as at the other (as
    many plates read there, surely or not), which is a guess: empty."""
    layout, placed, _ = fitted
    size = float(np.median([f.height for f in placed.values()]))
    pitch = float(np.hypot(*layout.across))
    shifts = placements(layout, placed)
    nodes = {
        shifted.centre(column, row)
        for shifted, _ in shifts
        for row in range(shifted.rows)
        for column in range(shifted.columns)
    }
    boxes = {node: look_at(gray, node, size, pitch, tuning) for node in nodes}
    read = iter(_read(gray, [b for node in nodes for b in boxes[node]], keep_nothing=True))
    looked = {node: [next(read) for _ in boxes[node]] for node in nodes}
    options = []
    for shifted, numbers in shifts:
        plates: list[Found] = []
        for row in range(shifted.rows):
            for column in range(shifted.columns):
                centre = shifted.centre(column, row)
                again = looked[centre]
                number = numbers.get((column, row))
                if number is not None:
                    plates.append(_whole(number, again, centre))
                    continue
                near = [
                    f
                    for f in kept
                    if np.hypot(f.cx - centre[0], f.cy - centre[1]) <= tuning.node_slack * size
                ]
                box = (round(centre[0] - 0.3 * size), round(centre[1] - size / 2))
                nothing = Found((*box, round(0.6 * size), round(size)), None, 0.0, False)
                plates.append(
                    decided(again, centre, tuning.same_height) or (near[0] if near else nothing)
                )
        sure = sum(f.valid for f in plates)
        # A plate value read unsurely is a plate all the same, where past the end of
        # the row the table is read as none.
        seen = sum(f.value is not None for f in plates)
        options.append(((sure, seen, sum(f.confidence for f in plates)), plates))
    options.sort(key=lambda option: option[0], reverse=True)
    if len(options) > 1 and options[1][0][:2] == options[0][0][:2]:
        return []
    return options[0][1]
