"""Find the tiles' letters with a network, then read them with the letters' network.

A small fully-convolutional network (``tile_finder.onnx``, the dice finder's design:
:mod:`vision.dice_centres`) gives at every fourth pixel of the photo, its longer side
:attr:`Tuning.side` pixels, the likelihood that a tile's letter is centred there, and the
letter's size. Its peaks in line are the holder's row (:func:`row_of`); each is read by
:class:`vision.learned.LetterNet` (:func:`seen_row`), trained on windows cut where this
finder finds letters too, and the reader's threshold (``tile_finder.json``, chosen on
calibration racks) is the one decision of "?" (:mod:`vision.letters`). It replaced a
finder of ink marks whose many rules mended what ink misses (docs/vision.md). Trained on
:mod:`vision.letter_render` photos of the training families only
(``bench/vision_train_tiles.py``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.dice_centres import finder_peaks, working
from vision.learned import LetterNet
from vision.letter_render import NOTHING
from vision.reading import NothingFound

FINDER_ONNX = Path(__file__).parent / "data" / "tile_finder.onnx"
#: The threshold of "?" for letters read through the finder, chosen on calibration photos.
FINDER_META = FINDER_ONNX.with_suffix(".json")


@dataclass(frozen=True)
class Tuning:
    """The tile finder's few numbers, each with its meaning and range."""

    side: int = 384
    """The finder's input: the photo's longer side in pixels (320-512; trained at 384,
    where a letter of a holder framed whole is about 12 pixels high)."""
    peak: float = 0.3
    """A heatmap peak is a letter when its likelihood is at least this (0.1-0.6)."""
    apart: float = 0.7
    """Two peaks closer than this many half-heights are one letter (0.5-1)."""
    in_line: float = 0.5
    """A letter is on the row when its centre is at most this many letter heights off the
    row's line (0.3-0.8: the camera's keystone bends a row a little)."""
    sized: tuple[float, float] = (0.6, 1.6)
    """... and its height within these shares of the row's (a J or a Q is taller)."""
    steepest: float = 60.0
    """A row slopes at most this many degrees in the photo (30-75): a holder is
    photographed along its length."""
    gap: float = 1.6
    """Two letters of a row farther apart than this many times the row's pitch (the
    median step between neighbours) have a tile between them whose letter was not found,
    a blank tile or a letter lost: it is shown "?" (1.4-1.8: tiles follow one another at
    one pitch, a gap between them at most a fifth of a tile)."""
    nearest: float = 0.75
    """Two neighbours of a row nearer than this many letter heights are one tile found
    twice (0.6-1): a letter is at most two thirds of its tile, so two tiles' centres are
    at least one and a half letter heights apart; a letter photographed close may give
    two peaks, its halves, less than half a letter height apart (:func:`_one_a_tile`)."""
    most_unseen: int = 2
    """... at most this many tiles (1-3): a wider gap is no run of tiles lost but a peak
    off the holder in line with it, and the row ends there (:func:`on_the_holder`)."""
    beyond: int = 2
    """Past each end of a row of three letters or more, up to this many windows a pitch
    apart are read too (0-2): the finder loses an end tile under glare, the network can
    still say a letter is there. The first window the network surely reads as no letter
    ends the row on that side."""
    marks_off: int = 2
    """When the finder sees at least this many letters off the holder's row (1-4), the
    table under it is patterned (veined stone, a printed cloth), a pattern the finder
    takes for letters: the reading says so, for the players to check it. On the
    renderer's plain tables and the real rack photos it sees at most one (a score digit,
    the edge of a photo taken close); on veined stone two or more on half the photos
    (docs/vision.md, "textured tables")."""
    most_tiles: int = 10
    """... and never past this many letters in the row: a holder's tiles."""
    dent: float = 0.03
    """An O is read surely only where its counter has no dent deeper than this share of
    the letter's size (0.02-0.08; :mod:`vision.counter`): a stroke inside or through
    the bowl is a Q's tail the network may not see. The lowest that makes at most 1 in
    100 of the calibration split's sure Os "?" (drawn windows; a right O's counter is
    dented about 0.01 by the pixels alone, docs/vision.md)."""
    sizes: tuple[float, ...] = (0.8, 0.9, 1.0, 1.1, 1.2)
    """Each letter is read in windows of these sizes (over the row's letter height as the
    finder gives it; 1.0 among them): the letter read at 1.0, as sure as the surest size
    reading that letter. The finder's
    heights are 0.80 to 1.21 of the ink's (5th to 95th percentile, calibration photos),
    the letters' network learnt heights within 12% (0.7-1.3)."""


TUNING = Tuning()


@dataclass(frozen=True)
class FoundLetter:
    """A letter the finder sees: its centre and height in the working photo."""

    x: float
    y: float
    height: float
    likelihood: float


class TileFinder:
    """The finder's ONNX network, and the threshold of "?" for letters read through it."""

    def __init__(self, onnx: Path = FINDER_ONNX, meta: Path = FINDER_META) -> None:
        self.net = cv2.dnn.readNetFromONNX(str(onnx))
        self.threshold = float(json.loads(meta.read_text()).get("threshold", 1.0))

    def find(self, gray: NDArray[np.uint8], tuning: Tuning = TUNING) -> list[FoundLetter]:
        """The letters the finder sees on the working photo, likeliest first."""
        found = finder_peaks(self.net, gray, tuning.side, tuning.peak, tuning.apart)
        return [FoundLetter(x, y, 2 * r, p) for x, y, r, p in found]


@cache
def tile_finder() -> TileFinder:
    """The committed finder, loaded once."""
    return TileFinder()


def row_of(found: list[FoundLetter], tuning: Tuning = TUNING) -> list[FoundLetter]:
    """The longest row among the letters found, left to right along it: the letters in
    line (:attr:`Tuning.in_line`) and of one size (:attr:`Tuning.sized`) with a line
    through two of them, the likelier row where two are as long."""
    if len(found) <= 1:
        return found
    best: tuple[int, float, list[FoundLetter]] = (0, 0.0, [])
    for i, a in enumerate(found):
        for b in found[i + 1 :]:
            if not _sized(a.height, b.height, tuning):
                continue
            angle = math.atan2(b.y - a.y, b.x - a.x)
            if abs(math.cos(angle)) < math.cos(math.radians(tuning.steepest)):
                continue
            height = (a.height + b.height) / 2
            near = [
                c
                for c in found
                if abs(_off_line(c, a, angle)) <= tuning.in_line * height
                and _sized(c.height, height, tuning)
            ]
            score = (len(near), sum(c.likelihood for c in near), near)
            if score[:2] > best[:2]:
                best = score
    if not best[2]:
        return [found[0]]
    row = best[2]
    angle = _angle(row)
    return sorted(row, key=lambda c: c.x * math.cos(angle) + c.y * math.sin(angle))


def on_the_holder(row: list[FoundLetter], tuning: Tuning = TUNING) -> list[FoundLetter]:
    """``row`` (left to right) without the letters found in line with it past a gap of
    more than :attr:`Tuning.most_unseen` tiles: a holder's tiles follow one another, so
    such a gap parts the holder from a mark on the table in line with it (a vein, a ring
    of a printed cloth read as a C). The run holding most letters is kept (the likelier
    where two are as long); rows below three letters give no pitch to trust, and are
    kept whole."""
    if len(row) < 3:
        return row
    between = _tiles_between([(c.x, c.y) for c in row], _angle(row), tuning)
    runs: list[list[FoundLetter]] = [[row[0]]]
    for letter, tiles in zip(row[1:], between, strict=True):
        if tiles > tuning.most_unseen:
            runs.append([])
        runs[-1].append(letter)
    return max(runs, key=lambda run: (len(run), sum(c.likelihood for c in run)))


def _sized(h: float, other: float, tuning: Tuning) -> bool:
    low, high = tuning.sized
    return low * other <= h <= high * other


def _off_line(c: FoundLetter, a: FoundLetter, angle: float) -> float:
    return -(c.x - a.x) * math.sin(angle) + (c.y - a.y) * math.cos(angle)


def _angle(row: list[FoundLetter]) -> float:
    """The row's slope (radians), by least squares; level for a single letter."""
    if len(row) < 2:
        return 0.0
    xs = np.array([c.x for c in row])
    ys = np.array([c.y for c in row])
    if np.ptp(xs) == 0:
        return math.pi / 2
    slope = float(np.polyfit(xs, ys, 1)[0])
    return math.atan(slope)


def row_geometry(
    image: Image, gray: NDArray[np.uint8], row: list[FoundLetter]
) -> tuple[NDArray[np.uint8], list[tuple[float, float]], float, float]:
    """Where the row's letters are read: the photo in grey at its own resolution (small
    letters keep their pixels), each letter's centre on it, the row's median letter height
    there and its slope. The letters' network is trained on windows cut here too
    (``bench/vision_train_tiles.found_windows``)."""
    full = np.asarray(image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    scale = full.shape[1] / gray.shape[1]
    height = float(np.median([c.height for c in row])) * scale
    centres = [(c.x * scale, c.y * scale) for c in row]
    return np.asarray(full, np.uint8), centres, height, _angle(row)


@dataclass(frozen=True)
class SeenRow:
    """The holder's row as the finder sees it, and each letter as the network reads it."""

    found: list[FoundLetter]
    """The letters found, left to right (in the working photo)."""
    odds: NDArray[np.float32]
    """Each letter's softmax (A..Z, nothing), in the window of :attr:`Tuning.sizes`
    where the letter read at the finder's size is surest."""
    gray: NDArray[np.uint8]
    """The photo, grey, at its own resolution: where the windows are cut."""
    centres: list[tuple[float, float]]
    """Each letter's centre in :attr:`gray`."""
    height: float
    """The row's letter height in :attr:`gray` (the median of the finder's)."""
    angle: float
    """The row's slope, radians."""
    off_holder: int = 0
    """How many letters the finder saw off the row: marks of the table it takes for
    letters (:attr:`Tuning.marks_off`)."""

    def windows(self, net: LetterNet, size: float = 1.0) -> NDArray[np.uint8]:
        """Each letter's window, ``size`` times the row's height: what a player's
        calibration stores and compares (at 1.0)."""
        return net.windows(self.gray, self.centres, self.height * size, self.angle)


def seen_row(image: Image, finder: TileFinder, net: LetterNet, tuning: Tuning = TUNING) -> SeenRow:
    """The row the finder sees and each letter's odds (:class:`SeenRow`); raises
    :class:`NothingFound` when the finder sees no letter."""
    gray = working(image)
    found = finder.find(gray, tuning)
    row = on_the_holder(row_of(found, tuning), tuning)
    if not row:
        raise NothingFound("aucune lettre trouvée sur la photo")
    full, centres, height, angle = row_geometry(image, gray, row)
    off = len(found) - len(row)
    seen = SeenRow(row, np.zeros((0, 0), np.float32), full, centres, height, angle, off)
    seen = _one_a_tile(replace(seen, odds=_odds(seen, net, tuning)), net, tuning)
    scale = full.shape[1] / gray.shape[1]
    return _ends_read(seen, net, scale, tuning)


def _odds(seen: SeenRow, net: LetterNet, tuning: Tuning) -> NDArray[np.float32]:
    """Each of ``seen``'s letters' softmax over the sizes of :attr:`Tuning.sizes`."""
    views = np.stack([net.probabilities(seen.windows(net, size)) for size in tuning.sizes])
    # The letter is the one read at the finder's size; its confidence the best of the
    # sizes reading the same letter (a window too small for an L reads an I: never taken).
    letters = views[tuning.sizes.index(1.0)].argmax(axis=1)
    agreeing = views.argmax(axis=2) == letters
    best = np.where(agreeing, views.max(axis=2), -1.0).argmax(axis=0)
    return np.asarray(views[best, np.arange(len(seen.centres))], np.float32)


def _one_a_tile(seen: SeenRow, net: LetterNet, tuning: Tuning) -> SeenRow:
    """``seen`` with each pair of neighbours nearer than :attr:`Tuning.nearest` letter
    heights made one letter: one tile found twice (a letter photographed close gives
    two peaks, its halves). Of the two and their midpoint, the window the network reads
    a letter in surest stays. Heights, not the row's pitch: marks of the table in line
    with a short row make its pitch meaningless."""
    if len(seen.centres) < 2:
        return seen
    pairs: list[int] = []
    for i, step in enumerate(_steps(seen.centres, seen.angle)):
        if step < tuning.nearest * seen.height and (not pairs or pairs[-1] < i - 1):
            pairs.append(i)
    if not pairs:
        return seen
    middles = [
        ((x0 + x1) / 2, (y0 + y1) / 2)
        for (x0, y0), (x1, y1) in ((seen.centres[i], seen.centres[i + 1]) for i in pairs)
    ]
    middle_odds = _odds(replace(seen, centres=middles), net, tuning)
    found, kept, odds = list(seen.found), list(seen.centres), list(seen.odds)
    for k, i in reversed(list(enumerate(pairs))):
        a, b = seen.found[i], seen.found[i + 1]
        middle = FoundLetter(
            (a.x + b.x) / 2,
            (a.y + b.y) / 2,
            (a.height + b.height) / 2,
            max(a.likelihood, b.likelihood),
        )
        options = [
            (a, seen.centres[i], seen.odds[i]),
            (b, seen.centres[i + 1], seen.odds[i + 1]),
            (middle, middles[k], middle_odds[k]),
        ]
        letter, centre, odd = max(options, key=lambda option: float(option[2][:NOTHING].max()))
        found[i : i + 2], kept[i : i + 2], odds[i : i + 2] = [letter], [centre], [odd]
    return replace(seen, found=found, centres=kept, odds=np.array(odds, np.float32))


def _ends_read(seen: SeenRow, net: LetterNet, scale: float, tuning: Tuning) -> SeenRow:
    """``seen`` with the letters read past its ends (:attr:`Tuning.beyond`): a window a
    pitch (the median step between neighbours) past an end is a letter of the row
    unless the network surely reads no letter there (by its own threshold, chosen on
    its calibration windows: the reader's is chosen on rows read so), or it falls off
    the photo. Every window past both ends is read in one pass of the network."""
    if len(seen.centres) < 3 or not tuning.beyond:
        return seen
    pitch = np.median(np.diff(np.array(seen.centres), axis=0), axis=0)
    ends = (np.array(seen.centres[0]), np.array(seen.centres[-1]))
    # Left then right, each from its end outwards.
    past = [
        (float(x), float(y))
        for end, side in zip(ends, (-1, 1), strict=True)
        for x, y in (end + side * k * pitch for k in range(1, tuning.beyond + 1))
    ]
    odds = _odds(replace(seen, centres=past), net, tuning)
    h, w = seen.gray.shape[:2]
    room = tuning.most_tiles - len(seen.centres)
    kept: list[list[int]] = [[], []]
    for side in (0, 1):
        for j in range(side * tuning.beyond, (side + 1) * tuning.beyond):
            x, y = past[j]
            nothing = int(odds[j].argmax()) == NOTHING and float(odds[j].max()) >= net.threshold
            if room <= 0 or not (0 <= x < w and 0 <= y < h) or nothing:
                break
            kept[side].append(j)
            room -= 1
    left, right = kept[0][::-1], kept[1]

    def found(js: list[int]) -> list[FoundLetter]:
        return [
            FoundLetter(past[j][0] / scale, past[j][1] / scale, seen.height / scale, 0.0)
            for j in js
        ]

    return replace(
        seen,
        found=[*found(left), *seen.found, *found(right)],
        centres=[*(past[j] for j in left), *seen.centres, *(past[j] for j in right)],
        odds=np.concatenate([odds[left], seen.odds, odds[right]]),
    )


def unseen_between(
    centres: list[tuple[float, float]], angle: float, tuning: Tuning = TUNING
) -> list[int]:
    """For each pair of neighbours along a row (centres left to right, its slope
    ``angle``), how many tiles stand between them unseen (:attr:`Tuning.gap`); none
    below three letters, which give no pitch to trust."""
    if len(centres) < 3:
        return [0] * max(0, len(centres) - 1)
    unseen = _tiles_between(centres, angle, tuning)
    return [n if n <= tuning.most_unseen else 0 for n in unseen]


def _tiles_between(centres: list[tuple[float, float]], angle: float, tuning: Tuning) -> list[int]:
    """For each pair of neighbours along a row (three centres or more, left to right,
    its slope ``angle``), how many pitches (the median step) stand between them past
    :attr:`Tuning.gap`: tiles unseen, or, past :attr:`Tuning.most_unseen`, the table."""
    steps = _steps(centres, angle)
    pitch = float(np.median(steps))
    if pitch <= 0:
        return [0] * len(steps)
    return [round(float(step) / pitch) - 1 if step > tuning.gap * pitch else 0 for step in steps]


def _steps(centres: list[tuple[float, float]], angle: float) -> NDArray[np.float64]:
    """The distances between neighbours (centres left to right) along a row of slope
    ``angle``."""
    return np.diff([x * math.cos(angle) + y * math.sin(angle) for x, y in centres])
