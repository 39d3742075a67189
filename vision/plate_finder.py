"""Find the plates' numbers by asking the learned classifier where they are.

The first design finds digits as dark ink on a light face; on light digits on dark plates,
on a border drawn around the digits, or on digits outlined in another colour it finds
nothing or the border. This finder makes few assumptions: ink is whatever stands out from
its neighbourhood, in either polarity (adaptive thresholds of the photo and of its
negative); pieces of one height side by side make candidate numbers (each piece alone, and
runs of two and three); the learned classifier reads a window around each candidate, and
the candidates it reads surely as a plate value are kept, a whole number before its part
(a 10 before its 1), then the more confident, none overlapping another. Numbers are then
put in reading order.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.learned import plate_net

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
    offset: int = 12
    """Ink stands out from its window's mean by at least this many grey levels (5-25)."""


TUNING = Tuning()


def _pieces(gray: NDArray[np.uint8], tuning: Tuning) -> list[list[Box]]:
    """Boxes of pieces of ink of a digit's size: those darker than around them, then
    those lighter."""
    longer = max(gray.shape)
    block = int(tuning.block * longer) | 1
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


def _runs(pieces: list[Box], tuning: Tuning) -> list[Box]:
    """Candidate numbers: the runs of pieces linked side by side, whole (the 10 of a
    100 is no candidate: its window would be read 10), of one to three digits."""
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
        if len(group) <= 3:
            x0, y0 = min(p[0] for p in group), min(p[1] for p in group)
            x1 = max(p[0] + p[2] for p in group)
            y1 = max(p[1] + p[3] for p in group)
            runs.append((x0, y0, x1 - x0, y1 - y0))
    return runs


def _overlaps(a: Box, b: Box) -> bool:
    return not (
        a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
    )


@dataclass(frozen=True)
class Found:
    """A number the learned classifier reads as a plate value, and where its ink is."""

    box: Box
    value: int
    confidence: float
    sure: bool


def find_numbers(gray: NDArray[np.uint8], tuning: Tuning = TUNING) -> list[Found]:
    """The numbers the learned classifier reads as plate values, none overlapping, in
    no order. Where six or more are sure, only the sure ones; else the unsure ones too
    (a "?" holds its plate's place), the least confident left out past six."""
    candidates = [run for pieces in _pieces(gray, tuning) for run in _runs(pieces, tuning)]
    if not candidates:
        return []
    guesses = plate_net().read(gray, candidates)
    read = [
        Found(box, guess.value, guess.confidence, guess.sure)
        for box, guess in zip(candidates, guesses, strict=True)
        if guess.value is not None
    ]
    read.sort(key=lambda f: (not f.sure, -f.confidence))
    kept: list[Found] = []
    for found in read:
        if all(not _overlaps(found.box, k.box) for k in kept):
            kept.append(found)
    sure = [f for f in kept if f.sure]
    if len(sure) >= 6:
        return sure
    return kept[:6]
