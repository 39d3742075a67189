"""Read the dice game's dice from an overhead photo: three consonant d20 and the vowel d6.

The face that counts is the one facing up. Seen from above it carries the largest letter
of its die (the faces around it lean away, their letters look small and squashed), and
that letter sits at the centre of a face of its own size: a triangle on a d20, a square
on the vowel die. Letters are looked for in both polarities (light on a dark die, dark
on a light one) and kept when printed on a plain surface; the largest ones around which
a triangle or a square of their size follows edges of the photo are the up faces. Faces
are told by shape, not colour (a black die's faces differ by a few grey levels only),
and the vowel die is the one face more square than triangular. A camera above a table is
rarely exactly overhead: faces are fitted foreshortened along the photo's height, by one
squash for all (one camera), and each letter is stretched back by it before it is read.
A letter stands on one edge of its face, so only those orientations are tried (three on
a triangle, four on a square), never the 90° or 180° turns that make a Z of an N or a
W of an M; the one that looks most like a letter is read, and a rival sure of another
letter makes it "?".
"""

from __future__ import annotations

import functools
import itertools
import math
import statistics
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Generic, TypeVar

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.dice_learned import read_learned
from vision.glyphs import (
    JOKER,
    LETTERS,
    NOT_A_GLYPH,
    GlyphModel,
    Mask,
    doubled_dots,
    features,
    nearness_of,
    normalize_glyph,
)
from vision.mat import TRAY, read_on_mat
from vision.models import model_for
from vision.reading import (
    UNSURE_BELOW,
    Mark,
    NothingFound,
    Reading,
    column_medians,
    disc_closing,
    find_marks,
    ink_on_surface,
    median_of,
    sides_around,
    stroke_box,
    working_gray,
)

CONSONANTS = "BCDFGHJKLMNPQRSTVWXZ"
VOWELS = "AEIOU" + JOKER
#: The model reads every letter and the joker's star.
ALPHABET = LETTERS + JOKER
#: The calibration's key for the dice's own glyphs (see :func:`vision.models.model_for`).
KIND = "dice"

#: A face whose square fits this much better than its triangle is the vowel die's.
SQUARE_OVER_TRIANGLE = 1.0

#: The warning of three dice read as the game without the vowel die.
NO_VOWEL_DIE = "trois dés lus, sans dé des voyelles : s'il a été lancé, il n'a pas été vu"

#: When two faces are more square than triangular, the most square one is the vowel
#: die only if it is this many times more square than the other (seed 11: the vowel
#: die 11.7, a d20 seen at an angle 2.9).
CLEARLY_SQUARE = 2.0

#: ... or if its square is this many times more supported than the other's, whose
#: triangle is not found (the faint faces of black dice, seeds 11, 23, 31, 41: the
#: vowel die's square 22 to 72, the other's 1.6 to 8).
FAINT_SQUARE = 4.0

#: Radius of a d20's up triangle (centre to corner) over its letter's size (the larger
#: side of its box), and half the side of the vowel die's square over its letter's size.
TRIANGLE_RADII = (0.9, 1.9)
SQUARE_HALVES = (0.6, 1.3)

#: A letter is an up face's when the weakest edge of its face steps by this much
#: (derivative across the edge, summed over the colour channels). A black die's faces
#: differ by a few grey levels: 3 lost some, their leaning letters taken for dice
#: instead; 2 read 35 faces more of 1,600 (seeds 11, 23, 31, 41), 1.2 one more wrong.
MIN_SUPPORT = 2.0

#: A letter is printed on a plain face: the colour around it, less its smooth shading,
#: spreads by less than this share of its step to the letter (the corners of a checked
#: cloth, the holes of letters: mostly over 1; up letters under a lamp's highlight: 0.1,
#: a gingham's cell seen at an angle: 0.4, seed 11).
PLAIN_AROUND = 0.3

#: A letter is printed: the grey steps to its ink within a pixel or two, where a streak of
#: wood or a shadow fades over many. Its outline's median slope over its step, per pixel:
#: up letters 0.2 to 0.4, streaks of wood as dark as ink 0.06 to 0.09 (seeds 11, 23).
SHARP = 0.15

#: How much lighter than a mark its surround must be, on its darkest side, for it to be
#: ink (grey levels): under a lamp's highlight a white letter on a green die is only 34
#: lighter (seed 11); streaks of wood this faint are told by their fading outline. (It
#: was 30, but the faint strokes' FAINT_INK below took its name: since 94d11d9 marks
#: were kept from 0.4, that is from the 15 levels :func:`vision.reading.find_marks`
#: asks of every mark, and every figure since was measured so.)
FAINT_MARK = 15.0

#: Marks whose width, height and area match within this share are twins; a mark with
#: this many twins is a cell of a patterned table, not a letter.
TWIN = 0.1
PATTERN_TWINS = 3

#: A mark sharing its centre with a larger one (the letter in its light face, or the hole
#: in its letter) takes its place when a face of its size fits this much better.
BETTER_FACE = 1.3

#: A mark holding another is a die's face seen whole (a dark vowel die on a light table,
#: its light letter as light as the table: a "hole"), not a letter holding its hole, when
#: its ink fills this share of its convex hull: a letter holding a hole that fitted a face
#: better than it, 0.58 to 0.76 (22, seeds 11 to 61, 13, 17, 19, 29); the unseen fonts'
#: letters with holes 0.52 to 0.74; a black vowel die's face around its U, 0.89 (seed 19).
FACE_SOLID = 0.82

#: A mark around which a face of its size fits under this (a light die's face seen whole
#: on wood, a streak of the grain giving it 2.2 and 3.2, seeds 107 and 113) may be no
#: letter but the face of the letter sharing its centre: that letter is fitted without
#: it too. A letter holding a hole fits its die's face far better (a joker's star 8.9):
#: fitted without the letter, its hole would find the letter's outline as its face.
BARE_FACE = 2 * MIN_SUPPORT

#: A mark inside a letter is a hole of it when its colour is this close to the colour
#: around the letter (a share of the letter's step to it): nearer to it than to the
#: letter's ink. A small hole is blurred halfway to its ink (an A's on a black die:
#: 0.32, seed 23), a letter on a face is the face's far colour.
HOLE = 0.5

#: Another orientation rivals the one read only if its glyph is this close to a learned
#: letter beyond the read one's distance (HOG distance; a real glyph is under about 1.8).
RIVAL_SLACK = 0.6

#: Two consonant dice whose letters are less than this share of a letter apart from
#: left to right are one above the other: their order is a guess (0.5 made 4% of the
#: faces "?" for 2 swaps in 500 photos; 0.05, about two pixels, catches those two).
SAME_COLUMN = 0.05

#: A face whose best orientation is farther than this from every learned letter (HOG
#: distance) is unsure: read upside down by a wrong turn, an M is a distant W (1.77).
#: Faces read right: 99% under 1.46 (1,978 faces, seeds 11, 23, 31, 41, 53).
FAR_FROM_LETTERS = 1.7

#: A die's letter found far smaller than the largest (under this share of its size, the
#: longer side of the box) may be a letter of a face leaning away, its die's up letter
#: missed: washed out on one side by a lamp, it is lit on three sides only, and the
#: lamp's pass is tried (see :func:`dice_faces`). Seeds 11 to 61 and 101, 103 (1,600
#: photos): the dice read right were 0.57 to 1 of the largest; a leaning letter taken
#: for the up one (seed 103, three dice, photo 47) 0.53, and the five other photos
#: under 0.55 had a die read "?" or lost. More dice found than the rules roll are looked
#: for so too (a green die's leaning letters taken for dice, its white L missed: seeds
#: 101 and 103, three dice).
SMALL_UP = 0.55

#: A d20's letter read surely under this share of the median size of the d20 letters so
#: read is in doubt (see :func:`_small_letters`): a serif G whose thin strokes a lamp
#: washed out left its thick arc, read C surely, 0.56 of the median (seed 157, three
#: dice, photo 93). Seeds 11 to 61, three dice and four (3,484 faces read surely): the
#: letters read right were 0.64 to 1 of it, none wrong. Against the largest letter,
#: one grown with its shadow (seed 109, four dice, photo 76) made a right T 0.54 of it.
SMALL_D20 = 0.6

#: Said when a die's letter, read surely, is so small that it is read in doubt (see
#: :func:`_small_letters`).
SMALL_LETTER = "lettre d'un dé bien plus petite que les autres : lecture incertaine"

#: A fifth face found makes the dice a guess when its letter is at least this share of
#: the size of the smallest of the four (the dice's letters are all of a size).
RIVAL_SIZE = 0.8

#: Among more than four faces, one is a mark of the table (a cloth's cell, a die's outline
#: against it) when its contrast is under this share of the faintest of the four most
#: contrasted and its surround is over :data:`TABLE_BUSIER` times as busy as the busiest
#: of theirs (:func:`_plain_around`). Seeds 11 to 61, 13, 17, 19, 29: the ten fifth
#: faces found, contrast 17 to 50 (one 84), plain 0.08 to 0.30; the dice's letters
#: beside them, contrast 93 to 217, plain 0.03 to 0.17: 8 of the 10 are told, no die's.
TABLE_FAINTER = 0.5
TABLE_BUSIER = 2.0

#: Among more than four faces as large as the dice's letters, the dice are the four
#: (or three, one the vowel die's) printed this many times more clearly than every other
#: mark, each of which lies on a busier surface than any of theirs (see :func:`_clearest`).
#: 47 photos with more than four faces found (seeds 11 to 61, 13, 17, 19, 29, 59, 73, 101
#: to 131, 167, 179, 181): the faintest die's letter 2.2 to 47 times clearer than the
#: clearest other mark of its photo (2.2 and 2.6 the least, seeds 31/14 and 181/24);
#: dice's letters 368 to 4,340 clear, the other marks 57 to 458.
CLEARER = 2.0
#: The least busy surface a mark's clearness is taken as lying on (dice's letters lie
#: on surfaces 0.02 to 0.23 busy, the other marks on 0.15 to 0.30, see
#: :func:`_plain_around`): a letter on a plain face is as clear as its contrast allows.
CLEAR_PLAIN = 0.05

#: A mark filling this share of its box and :data:`BLOB_SOLID` of its convex hull, and
#: less than :data:`BLOB_BAR` times as long as wide, is a filled blob, no letter: the d20
#: up letters fill at most 0.78 of their box (2,218 faces, seeds 11 to 61, 13, 17, 19,
#: 29), the unseen fonts' letters at most 0.74 of their hull; the vowel die's I fills up
#: to 0.99 of its box but is a bar; a checked cloth's cells fill 0.85 to 0.9 and 0.92.
BLOB_FILL = 0.8
BLOB_SOLID = 0.9
BLOB_BAR = 2.0

#: A consonant die's letter is unsure below this share of the vote of every letter,
#: vowels included (a C read Q with 0.56, seed 41; one right face of 1,396 below 0.6).
CONSONANT_SHARE = 0.6

#: The letters of the faces leaning away from the up face lie within this many times
#: the up letter's size from it (about 1.5: a d20's leaning faces' centres are 0.54 of
#: its radius away, its up letter about 0.36 of it); dice lie over 4 apart.
LEANING = 2.0

#: Marks tried, the largest first, before giving up on finding four dice.
MAX_CANDIDATES = 16

#: A face's letter is read surely whatever the vote of its k nearest glyphs when its
#: nearest learned letter is nearer, by this much (HOG distance), than any glyph of
#: another letter: a narrow M's nearest glyphs are the M of one training font, then
#: stray N, H or W among its other Ms (share 0.62 to 0.87, gaps 0.35 to 0.49). Faces
#: read wrong, the letter allowed and near: gaps 0 to 0.16 (2,400 faces, seeds 11, 23,
#: 31, 41, 53, 61); those with larger gaps are letters the die does not carry, single
#: strokes or letters another turn reads as well (an N and a Z), unsure all the same.
CLEARLY_NEAREST = 0.3


@dataclass(frozen=True)
class Face:
    """The up face of one die: its letter's mark and the directions its top may point to."""

    mark: Mark
    corners: int
    """3 for a d20's triangle, 4 for the vowel die's square."""
    ups: tuple[float, ...]
    """Candidate angles (degrees) of the letter's top, one per edge of the face."""
    squash: float = 1.0
    """The photo's foreshortening along its height, undone before the letter is read."""


def _candidates(
    gray: NDArray[np.uint8], image: NDArray[np.uint8], *, glare: bool = False
) -> list[Mark]:
    """Marks dark on light and light on dark, the largest first (the longer side of
    their box); with ``glare``, also those lit on three sides only (see
    :func:`_lit_beside`).

    Among them are the letters of the up faces, but also the letters of the faces that
    lean away, the holes of letters (an R's, an O's) and, on a light die, its whole up
    face (a light blob on the darker faces around it).
    """
    # A letter around another mark is kept: a serif's spur broken off lies in its box.
    marks = [
        m
        for shade in (gray, np.asarray(255 - gray, np.uint8))
        for m in find_marks(shade, min_contrast=0.0 if glare else FAINT_MARK, frames=True)
        if m.contrast >= FAINT_MARK or _lit_beside(shade, m) >= FAINT_MARK
    ]
    # The cells of a checked cloth are plain all around too, but come by the dozen, all
    # alike; dice letters differ (other letters, other turns). Streaks of wood and
    # shadows fade in and out; a printed letter steps (its cells are twins all the same:
    # blurred or not, a cloth's cells are counted together).
    sizes = np.array([[m.w, m.h, int((m.mask > 0).sum())] for m in marks], float)
    plain: dict[int, bool] = {}

    def is_plain(i: int) -> bool:
        # Asked only as needed: on a checked cloth some 800 marks, and a cell is known
        # for one by three plain twins (a third of a photo's time was spent asking all).
        if i not in plain:
            plain[i] = _plain_around(image, marks[i]) < PLAIN_AROUND
        return plain[i]

    kept = []
    for i, mark in enumerate(marks):
        alike = np.flatnonzero((np.abs(sizes - sizes[i]) <= TWIN * sizes[i]).all(axis=1))
        twins = itertools.islice((j for j in alike if j != i and is_plain(int(j))), PATTERN_TWINS)
        if sum(1 for _ in twins) < PATTERN_TWINS and is_plain(i) and _sharpness(gray, mark) > SHARP:
            kept.append(mark)
    # Largest by size, not by ink: a filled blob (a cell of a cloth) has more ink than
    # a letter of its size or larger.
    return sorted(kept, key=lambda m: -max(m.w, m.h))


def _lit_beside(gray: NDArray[np.uint8], mark: Mark) -> float:
    """How much lighter than a mark its surround is on three of its four sides (the
    fourth may be a lamp's highlight beside a light letter: as light as the letter, it
    hid a white I on a blue die, seed 53). A streak of wood or a groove, dark on two
    opposite sides, is still none; the mark must then be plain around and sharp."""
    around = sides_around(gray, (mark.x, mark.y, mark.w, mark.h), mark.mask)
    if around is None:
        return 0.0
    ink, levels = around[0], sorted(around[1])
    if levels[1] > ink + max(15.0, 0.4 * (levels[-1] - ink)):
        return levels[1] - ink
    return 0.0


def _ring_reach(mark: Mark) -> int:
    """How far beyond its box the ring around a mark reaches (see :func:`_around`)."""
    return max(3, round(0.15 * max(mark.w, mark.h)))


_Value = TypeVar("_Value")


class _KeptByBytes(Generic[_Value]):
    """Values kept by the bytes (pixels) they were computed from, since the same bytes
    give the same value; the first kept are dropped past ``budget`` bytes (their keys',
    and the weight given for each value)."""

    def __init__(self, budget: int) -> None:
        self._budget = budget
        self._kept: dict[tuple[object, ...], tuple[_Value, int]] = {}
        self._size = 0
        self._lock = threading.Lock()

    def get(
        self, key: tuple[object, ...], compute: Callable[[], _Value], weight: int = 0
    ) -> _Value:
        """The value kept for ``key``, else ``compute()`` kept for it."""
        with self._lock:
            hit = self._kept.get(key)
        if hit is not None:
            return hit[0]
        value = compute()
        size = weight + sum(len(part) for part in key if isinstance(part, bytes))
        with self._lock:
            if key not in self._kept:
                self._kept[key] = (value, size)
                self._size += size
            while self._size > self._budget:
                self._size -= self._kept.pop(next(iter(self._kept)))[1]
        return value


#: The bytes of pixels by which the measures of marks are kept (see
#: :func:`_kept_by_pixels`): a checked cloth asks some 800 marks of a photo, of a few
#: kilobytes each; a photo read again (a die lost) asks them again.
MEASURES_KEPT = 16_000_000

_Measure = Callable[[NDArray[np.uint8], Mark], float]


def _kept_by_pixels(measure: _Measure) -> _Measure:
    """``measure`` (of a mark on an image, reading the pixels of its ring at most: see
    :func:`_ring_reach`) kept by those pixels and the mark's: the reader asks it of the
    same marks again and again (as candidates and among the faces found, and again when
    a die was lost), at a millisecond or two each; the same pixels give the same value."""
    kept: _KeptByBytes[float] = _KeptByBytes(MEASURES_KEPT)

    @functools.wraps(measure)
    def measured(image: NDArray[np.uint8], mark: Mark) -> float:
        pad = _ring_reach(mark)
        y0, x0 = max(0, mark.y - pad), max(0, mark.x - pad)
        window = image[y0 : mark.y + mark.h + pad, x0 : mark.x + mark.w + pad]
        key = (
            mark.x,
            mark.y,
            mark.w,
            mark.h,
            mark.mask.tobytes(),
            str(window.dtype),
            window.shape,
            window.tobytes(),
        )
        return kept.get(key, lambda: measure(image, mark))

    return measured


def _around(
    image: NDArray[np.uint8], mark: Mark
) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]:
    """The colours of a mark's pixels and of a thin ring around it (rows of BGR), and
    where the ring's pixels are (rows of x, y about the mark's centre, in its sizes)."""
    pad = _ring_reach(mark)
    y0, x0 = max(0, mark.y - pad), max(0, mark.x - pad)
    window = image[y0 : mark.y + mark.h + pad, x0 : mark.x + mark.w + pad].astype(np.float32)
    ink = np.zeros(window.shape[:2], np.uint8)
    ink[mark.y - y0 : mark.y - y0 + mark.h, mark.x - x0 : mark.x - x0 + mark.w] = mark.mask
    near = cv2.dilate(ink, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * pad + 1,) * 2))
    ring = (near > 0) & (cv2.dilate(ink, np.ones((5, 5), np.uint8)) == 0)
    ys, xs = np.nonzero(ring)
    size = max(mark.w, mark.h)
    where = np.stack([(xs + x0 - mark.cx) / size, (ys + y0 - mark.cy) / size], axis=1)
    return window[ink > 0], window[ring], where.astype(np.float32)


@_kept_by_pixels
def _plain_around(image: NDArray[np.uint8], mark: Mark) -> float:
    """How plain the surface right around a mark is: the spread of its colour over the
    step from it to the mark (0: a letter printed on a plain face).

    The spread is taken from a smooth surface fitted to the ring (a quadratic in x and
    y): a lamp's highlight, or the light falling off across a die, shades a face
    smoothly and leaves it plain, while the cells of a checked cloth or the strokes
    around a letter's hole step.
    """
    ink, ring, where = _around(image, mark)
    if len(ring) < 10:
        return 1.0
    x, y = where[:, 0], where[:, 1]
    terms = np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=1)
    # The normal equations of the least-squares fit: six terms, solved at once (the SVD of
    # lstsq cost a third of the reader's time spent here).
    gram = terms.T @ terms + 1e-6 * np.eye(6, dtype=np.float32)
    fitted = terms @ np.linalg.solve(gram, terms.T @ ring)
    low, high = _tenth_and_ninetieth(ring - fitted)
    middle = column_medians(ring)
    step = float(np.abs(column_medians(ink) - middle).max())
    return float((high - low).max()) / max(step, 1.0)


def _tenth_and_ninetieth(values: NDArray[np.float32]) -> NDArray[np.float64]:
    """``np.percentile(values, (10, 90), axis=0)`` to the last bit (no NaN), without
    numpy's overhead (a fifth of a millisecond, for every mark asked whether plain):
    its linear interpolation between the two nearest ranks, in doubles, from the far
    rank when nearer it."""
    count = len(values)
    rows = []
    for share in (0.1, 0.9):
        rank = (count - 1) * share
        before = -1 if rank >= count - 1 else math.floor(rank)  # (numpy's: the largest)
        after = -1 if before == -1 else before + 1
        rows.append((before, after, np.float64(rank - before)))
    part = np.partition(values, sorted({i % count for row in rows for i in row[:2]}), axis=0)
    spread = []
    for before, after, t in rows:
        a, b = part[before], part[after]
        step = b - a
        spread.append(b - step * (1 - t) if t >= 0.5 else a + step * t)
    return np.asarray(spread, np.float64)


@_kept_by_pixels
def _sharpness(gray: NDArray[np.uint8], mark: Mark) -> float:
    """How sharply the grey steps at a mark's outline: the median slope across it (per
    pixel) over the step from the mark to the surface around it (printed ink: about a
    third; a streak of wood or a shadow, fading over many pixels: under a tenth)."""
    pad = 2  # (within the ring's reach: see :func:`_kept_by_pixels`)
    y0, x0 = max(0, mark.y - pad), max(0, mark.x - pad)
    window = gray[y0 : mark.y + mark.h + pad, x0 : mark.x + mark.w + pad].astype(np.float32)
    gx = cv2.Sobel(window, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(window, cv2.CV_32F, 0, 1, ksize=3) / 8
    inner = cv2.erode(mark.mask, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero((mark.mask > 0) & (inner == 0))
    ys, xs = ys + mark.y - y0, xs + mark.x - x0
    ink, ring, _ = _around(gray[..., None], mark)
    if len(ring) == 0 or len(ys) == 0:
        # (A mask filling its box has no outline within it: the erosion keeps the
        # box's edges; taken as no step, as the median of nothing was before.)
        return 0.0
    slope = median_of(np.hypot(gx[ys, xs], gy[ys, xs]))
    step = abs(median_of(ink) - median_of(ring))
    return slope / max(step, 1.0)


def _hole_of(image: NDArray[np.uint8], inner: Mark, outer: Mark) -> bool:
    """Whether ``inner`` is a hole of the letter ``outer`` (the face seen through an O),
    rather than a letter on the face ``outer``: a hole is the colour around its letter."""
    inside = column_medians(_around(image, inner)[0])
    ink, ring, _ = _around(image, outer)
    if len(ring) == 0:
        return False
    around = column_medians(ring)
    return bool(np.abs(inside - around).max() < HOLE * np.abs(column_medians(ink) - around).max())


def _solidity(mark: Mark) -> float:
    """The share of its convex hull a mark's ink fills (a letter's strokes leave much of
    it empty, a blob little)."""
    contours, _ = cv2.findContours(mark.mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    hull = np.zeros_like(mark.mask)
    cv2.fillConvexPoly(hull, cv2.convexHull(np.vstack(contours)), 255)
    return float((mark.mask > 0).sum() / max(int((hull > 0).sum()), 1))


@dataclass(frozen=True)
class Fit:
    """The best polygon of ``corners`` corners centred on a letter, and how well its
    edges lie on edges of the photo."""

    corners: int
    angle: float
    """Direction (radians, image axes) of the first corner seen from the centre, before
    the squash."""
    radius: float
    """Distance from the centre to a corner (pixels), before the squash."""
    support: float
    """Mean step of colour across its weakest edge."""
    squash: float = 1.0
    """Its height over its width: a regular polygon seen by a camera tilted forward."""


#: Heights over widths tried for a face: a camera over the table, tilted forward (along
#: the photo's height) by up to about 40 degrees, sees faces foreshortened so.
SQUASHES = (1.0, 0.88, 0.76)


_Gradients = tuple[NDArray[np.float32], NDArray[np.float32]]


#: The bytes by which derivatives are kept (see :func:`_gradients`): a photo's, of its
#: three colours, and around its letters, 40 MB.
GRADIENTS_KEPT = 48_000_000

_KEPT_GRADIENTS: _KeptByBytes[_Gradients] = _KeptByBytes(GRADIENTS_KEPT)


def _gradients(image: NDArray[np.uint8]) -> _Gradients:
    """Derivatives along x and y of the slightly blurred photo, summed over its colours
    (read-only), kept by its pixels: a photo where a die was lost is looked at again
    (see :func:`dice_faces`), its colours too (see :func:`_missed_vowel_die`), a 1024 px
    photo's at 10 ms."""
    key = (str(image.dtype), image.shape, image.tobytes())
    weight = 8 * image.shape[0] * image.shape[1]  # (two planes of floats)
    return _KEPT_GRADIENTS.get(key, lambda: _measured_gradients(image), weight)


def _measured_gradients(image: NDArray[np.uint8]) -> _Gradients:
    """See :func:`_gradients`."""
    blurred = cv2.GaussianBlur(image.astype(np.float32), (0, 0), 1.5)
    colours = blurred.reshape(image.shape)  # (one colour: blurred without its axis)
    # Added colour by colour, as numpy's sum over the colours adds them (the same bits),
    # but at the speed of whole planes: the sum over the short last axis took 12 ms of a
    # 1024 px photo, the additions 2.
    smooth = colours[..., 0]
    for c in range(1, image.shape[2]):
        smooth = smooth + colours[..., c]
    gx = np.asarray(cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3) / 8, np.float32)
    gy = np.asarray(cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3) / 8, np.float32)
    gx.flags.writeable = gy.flags.writeable = False  # (shared by every caller)
    return gx, gy


def _supports(
    grads: _Gradients,
    letter: NDArray[np.bool_],
    centre: tuple[float, float],
    corners: int,
    grid: tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]],
    *,
    samples: int,
) -> NDArray[np.float64]:
    """How well the edges of each polygon of ``grid`` (angles, radii, squashes) lie on
    edges of the photo: the step of colour across its weakest edge, per grid cell."""
    gx, gy = grads
    height, width = letter.shape
    angles, radii, squashes = grid
    step = 2 * math.pi / corners
    t = np.linspace(0.15, 0.85, samples)
    # a: angle, r: radius, q: squash, e: edge, s: sample along it. The xs do not depend
    # on the squash: computed once, and broadcast along it. The photo's pixels are taken
    # by their flat index, and the short axes (edges, samples) reduced plane by plane:
    # numpy's reductions along an axis of 3 to 15 cost more than the arithmetic (a
    # quarter of the time, with the same bits).
    first = angles[:, None, None, None] + step * np.arange(corners)[None, None, None, :]
    scale = radii[None, :, None, None]
    squash = squashes[None, None, :, None]
    x0, y0 = np.cos(first) * scale, np.sin(first) * scale * squash
    x1, y1 = np.cos(first + step) * scale, np.sin(first + step) * scale * squash
    dx, dy = x1 - x0, y1 - y0
    py = centre[1] + (y0[..., None] + dy[..., None] * t)
    px = np.broadcast_to(centre[0] + (x0[..., None] + dx[..., None] * t), py.shape)
    xs = np.clip(np.rint(px).astype(int), 0, width - 1)
    ys = np.clip(np.rint(py).astype(int), 0, height - 1)
    flat = ys * width + xs
    # The outward normal of each edge (its direction turned a quarter clockwise).
    dx = np.broadcast_to(dx, dy.shape)
    length = np.maximum(np.hypot(dx, dy), 1e-9)
    nx, ny = dy / length, -dx / length
    across = gx.ravel().take(flat) * nx[..., None] + gy.ravel().take(flat) * ny[..., None]
    valid = ~letter.ravel().take(flat) & (px >= 0) & (px < width) & (py >= 0) & (py < height)
    # An edge of a face is one step of shade all along (the median ignores the strokes
    # of letters that cross it), and a face is lighter, or darker, than all around it.
    count = np.count_nonzero(valid, axis=-1)
    ordered = np.sort(np.where(valid, across, np.inf), axis=-1).reshape(-1, samples)
    middle = np.maximum(count - 1, 0).ravel() // 2
    steps = ordered[np.arange(len(ordered)), middle].reshape(count.shape)
    steps[count < 0.4 * samples] = 0.0
    lighter, darker = steps[..., 0], -steps[..., 0]
    for e in range(1, corners):
        lighter, darker = np.minimum(lighter, steps[..., e]), np.minimum(darker, -steps[..., e])
    return np.asarray(np.maximum(lighter, darker), np.float64)


#: The search for a face's polygon: a coarse grid (angle step in degrees, samples per
#: edge), then a fine one around its best cell. The letter is read in the directions
#: of the fine angle: the model learned letters tilted by 6 degrees at most.
COARSE = (4.0, 9)
FINE = (1.0, 15)
#: Sizes of triangle and square tried by the coarse grid (the fine one looks between
#: them; 25 and 17 read 4 faces more of 800, seeds 11 and 23, in a third more time).
COARSE_RADII = (13, 9)


def _fit(
    grads: _Gradients,
    letter: NDArray[np.bool_],
    centre: tuple[float, float],
    corners: int,
    radii: NDArray[np.float64],
    *,
    squashes_tried: tuple[float, ...],
) -> Fit:
    """The regular polygon around ``centre``, foreshortened along the photo's height by
    one of ``squashes_tried`` or near it, whose edges the photo's edges follow best."""
    step = 360.0 / corners
    angles = np.radians(np.arange(0.0, step, COARSE[0]))
    squashes = np.array(squashes_tried)
    coarse = _supports(grads, letter, centre, corners, (angles, radii, squashes), samples=COARSE[1])
    a, r, q = (int(i) for i in np.unravel_index(int(np.argmax(coarse)), coarse.shape))
    near = np.radians(np.arange(-COARSE[0], COARSE[0] + 0.1, FINE[0]))
    fine_grid: tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]] = (
        angles[a] + near,
        np.linspace(radii[max(r - 1, 0)], radii[min(r + 1, len(radii) - 1)], 5),
        np.clip(squashes[q] + np.array([-0.06, -0.03, 0.0, 0.03, 0.06]), 0.7, 1.0),
    )
    fine = _supports(grads, letter, centre, corners, fine_grid, samples=FINE[1])
    a, r, q = (int(i) for i in np.unravel_index(int(np.argmax(fine)), fine.shape))
    angle = float(fine_grid[0][a]) % math.radians(step)
    return Fit(corners, angle, float(fine_grid[1][r]), float(fine[a, r, q]), float(fine_grid[2][q]))


#: Every polygon tried around a letter lies within this many of its sizes of its centre
#: (the largest triangle's corners, the largest square's).
FACE_REACH = max(TRIANGLE_RADII[1], SQUARE_HALVES[1] * math.sqrt(2))


def _face(
    grads: _Gradients,
    letter: NDArray[np.bool_],
    mark: Mark,
    squashes: tuple[float, ...] = SQUASHES,
    square_sizes: int = COARSE_RADII[1],
) -> tuple[Fit, Fit]:
    """The best triangle and the best square centred on the letter ``mark``, seen
    through one of ``squashes`` (or near it), the square's size looked for first
    among ``square_sizes``.

    Their sizes are bound to the letter's: a d20's up letter is about two thirds of its
    triangle's height, the vowel die's half its square's side (a mark much larger than
    its face's letter, or much smaller, finds no face of its size around it).

    Kept for derivatives kept (read-only, see :func:`_gradients`), by the letters' mask
    as far as the polygons reach: a photo where a die was lost is looked at again, its
    letters fitted again (a few milliseconds each).
    """
    gx, gy = grads
    if gx.flags.writeable or gy.flags.writeable:
        return _fitted_face(grads, letter, mark, squashes, square_sizes)
    reach = math.ceil(max(mark.w, mark.h) * FACE_REACH) + 2
    x0, y0 = max(0, math.floor(mark.cx) - reach), max(0, math.floor(mark.cy) - reach)
    near = letter[y0 : math.floor(mark.cy) + reach + 1, x0 : math.floor(mark.cx) + reach + 1]
    key: tuple[object, ...] = (id(gx), id(gy), letter.shape, x0, y0, near.shape)
    key += (near.tobytes(), mark.x, mark.y, mark.w, mark.h, squashes, square_sizes)
    # (The derivatives are kept with the fits: their ids name no other array meanwhile.)
    fits, _ = _KEPT_FACES.get(
        key, lambda: (_fitted_face(grads, letter, mark, squashes, square_sizes), grads)
    )
    return fits


#: The bytes of letters' masks by which the faces fitted are kept (see :func:`_face`).
FACES_KEPT = 4_000_000

_KEPT_FACES: _KeptByBytes[tuple[tuple[Fit, Fit], _Gradients]] = _KeptByBytes(FACES_KEPT)


def _fitted_face(
    grads: _Gradients,
    letter: NDArray[np.bool_],
    mark: Mark,
    squashes: tuple[float, ...],
    square_sizes: int,
) -> tuple[Fit, Fit]:
    """See :func:`_face`."""
    size = max(mark.w, mark.h)
    centre = (mark.cx, mark.cy)
    triangle = _fit(
        grads,
        letter,
        centre,
        3,
        size * np.linspace(*TRIANGLE_RADII, COARSE_RADII[0]),
        squashes_tried=squashes,
    )
    halves = size * math.sqrt(2) * np.linspace(*SQUARE_HALVES, square_sizes)
    square = _fit(grads, letter, centre, 4, halves, squashes_tried=squashes)
    return triangle, square


def _ups(fit: Fit) -> tuple[float, ...]:
    """The directions a letter's top may point to on this face (degrees, as _angle).

    On a triangle the letter stands on an edge, its top towards the opposite corner;
    on a square its top is towards the middle of an edge.
    """
    if fit.corners == 3:
        directions = [fit.angle + k * 2 * math.pi / 3 for k in range(3)]
    else:
        directions = [fit.angle + math.pi / 4 + k * math.pi / 2 for k in range(4)]
    return tuple(_angle(np.array([math.cos(d), math.sin(d)])) for d in directions)


def _angle(vector: NDArray[np.float64]) -> float:
    """The angle (degrees, counter-clockwise as seen) that turns "up" onto ``vector``."""
    return math.degrees(math.atan2(-float(vector[0]), -float(vector[1])))


def _turned(mark: Mark, up: float, squash: float = 1.0) -> Mask:
    """The letter stretched back to its height (``squash``: the photo's foreshortening)
    and turned so that the direction ``up`` points up."""
    mask = mark.mask
    if squash != 1.0:
        tall = max(1, round(mark.h / squash))
        mask = np.asarray(cv2.resize(mask, (mark.w, tall), interpolation=cv2.INTER_LINEAR))
    h, w = mask.shape
    side = int(max(w, h) * 1.5) + 2
    canvas = np.zeros((side, side), np.uint8)
    y, x = (side - h) // 2, (side - w) // 2
    canvas[y : y + h, x : x + w] = mask
    matrix = cv2.getRotationMatrix2D((side / 2, side / 2), -up, 1.0)
    turned = cv2.warpAffine(canvas, matrix, (side, side))
    return np.asarray((turned > 100) * 255, np.uint8)


@dataclass(frozen=True)
class _Vote:
    """The k nearest learned letters' vote on one glyph."""

    weights: dict[str, float]
    """Summed inverse distances per letter."""
    closest: float
    """Distance to the nearest learned letter."""

    @property
    def nearness(self) -> float:
        """1 up to the usual distance of a real glyph, down to 0 far beyond (as the model)."""
        return nearness_of(self.closest)

    @property
    def winner(self) -> str:
        return max(self.weights, key=self.weights.__getitem__)

    def share(self, label: str, among: str | None = None) -> float:
        """The confidence in ``label``: its share of the vote (of the votes for letters
        in ``among`` only, if given), lowered when even the nearest letter is far."""
        total = sum(w for name, w in self.weights.items() if among is None or name in among)
        return round(self.weights.get(label, 0.0) / max(total, 1e-9) * self.nearness, 3)


def _votes(model: GlyphModel, glyphs: list[Mask]) -> list[_Vote]:
    """The vote of the k nearest learned letters on each glyph (as the model's own, but
    without its "not a glyph" class: an up face is a face, found by its outline)."""
    letters = "".join(sorted(set(model.labels) - {NOT_A_GLYPH}))
    weights, closest = model.votes(glyphs, letters)
    return [
        _Vote(
            {letter: float(w) for letter, w in zip(letters, row, strict=True) if w > 0},
            float(near),
        )
        for row, near in zip(weights, closest, strict=True)
    ]


def _read_faces(
    faces: list[Face], model: GlyphModel, gray: NDArray[np.uint8] | None = None
) -> list[tuple[str, float]]:
    """The letter of each up face, tried in each orientation its face allows.

    The orientation kept is the one that looks most like a letter (nearest to a learned
    glyph), read among all letters: a C turned a third looks like an O, a U turned a
    quarter like a C, but less than they look like a C and a U (see :func:`_judged`).
    A face in doubt (unsure, or only as near as few right faces are) is read again with
    its letter thresholded on its own face (see :func:`_recut_letter`), kept if that
    reading is not in doubt; then with its letter cut whole from ``gray`` (see
    :func:`_whole_letter`), unless fainter ink grows another letter (see
    :func:`_unsteady`); then turned as the letters of the faces leaning around it
    say (see :func:`_leaning_ups`), then, if still in doubt, turned between its face's
    orientations too (see :func:`_turned_off`): its face may have been fitted turned.
    Most faces are read once, as they were found.
    """
    faces = list(faces)
    readings = _readings(faces, model)
    doubtful = [i for i, r in enumerate(readings) if _in_doubt(r)]
    cuts: dict[int, list[Mark]] = {i: [] for i in doubtful}
    if gray is not None and doubtful:
        cuts = _cut_on_faces(gray, faces, readings, doubtful, model)
        doubtful = [i for i in doubtful if _in_doubt(readings[i])]
    if gray is not None and doubtful:
        whole = {i: _whole_letter(gray, faces[i].mark) for i in doubtful}
        grown = [i for i in doubtful if whole[i] is not faces[i].mark]
        tried = {i: replace(faces[i], mark=whole[i]) for i in grown}
        read_grown = dict(zip(grown, _readings(list(tried.values()), model), strict=True))
        for i in _unsteady(gray, faces, tried, read_grown, model):
            del tried[i]
        for i, face in tried.items():
            faces[i], readings[i] = face, read_grown[i]
        doubtful = [i for i in doubtful if _in_doubt(readings[i])]
    if gray is not None and doubtful:
        _turn_by_leaning(gray, faces, readings, cuts, model)
        doubtful = [i for i in doubtful if _in_doubt(readings[i])]
    if doubtful:
        turned = _turned_off([faces[i] for i in doubtful], [readings[i] for i in doubtful], model)
        for i, again in zip(doubtful, turned, strict=True):
            readings[i] = again
    return [(r.letter, r.sure) for r in readings]


def _unsteady(
    gray: NDArray[np.uint8],
    faces: list[Face],
    tried: dict[int, Face],
    again: dict[int, _Read],
    model: GlyphModel,
) -> list[int]:
    """The faces ``tried`` with their letter cut whole (by their index in ``faces``)
    whose reading ``again``, no longer in doubt, holds only at :data:`FAINT_INK`: the
    letter grown with fainter ink too (:data:`FAINTER_INK`) reads another letter or
    none. A letter rebuilt from faint ink is only as sure as the threshold that drew it
    (a serif T upside down on its face, its bar's left half washed out by a lamp, grew
    into an L at 0.4 and into a bowl at 0.3: seed 29)."""
    settled = [i for i in tried if not _in_doubt(again[i])]
    fainter = [
        replace(tried[i], mark=_whole_letter(gray, faces[i].mark, FAINTER_INK)) for i in settled
    ]
    return [
        i
        for i, other in zip(settled, _readings(fainter, model), strict=True)
        if other.letter != again[i].letter
    ]


def _cut_on_faces(
    gray: NDArray[np.uint8],
    faces: list[Face],
    readings: list[_Read],
    doubtful: list[int],
    model: GlyphModel,
) -> dict[int, list[Mark]]:
    """Read the faces in doubt with their letter thresholded on its own face, then with
    its faint strokes too (see :func:`_recut_letter`), keeping the readings no longer in
    doubt, and those sure and nearer than before though still far (a highlight's M read
    1.67 from an M: the next steps keep it only if no other turn reads another letter
    nearer, see :func:`_turned_off`); every face's cuts tried, and last its core cut for
    the leaning letters' turns. Seeds 11 to 61: 2 faces more of 2,400 right so, none
    wrong."""
    cuts: dict[int, list[Mark]] = {i: [] for i in doubtful}
    for faint in (False, True):
        tried = {
            i: replace(faces[i], mark=_recut_letter(gray, faces[i].mark, faint))
            for i in doubtful
            if _in_doubt(readings[i])
        }
        _keep_if_sure(faces, readings, tried, model, nearer=True)
        for i, face in tried.items():
            cuts[i].append(face.mark)
    # The core is read only in the turns the leaning letters tell (see
    # :func:`_turn_by_leaning`): thinner than the letter, in its face's fitted turns it
    # read surely the letter a turn a quarter off makes (a Lato N as Z, seed 53).
    for i in doubtful:
        if _in_doubt(readings[i]):
            cuts[i].append(_recut_letter(gray, faces[i].mark, core=True))
    return cuts


def _turn_by_leaning(
    gray: NDArray[np.uint8],
    faces: list[Face],
    readings: list[_Read],
    cuts: dict[int, list[Mark]],
    model: GlyphModel,
) -> None:
    """Read the d20 faces in doubt turned as the letters leaning around them say (see
    :func:`_leaning_ups`): the letter as it is, then each of its ``cuts`` on its face (a
    serif K's branches thinned, a serif N's faint stems), keeping the first reading no
    longer in doubt, or sure and nearer than before (then still in doubt: see
    :func:`_cut_on_faces`; a serif K and X, seeds 31, 53: 2 faces more of 2,400 right,
    none wrong). ``cuts``: every face's, by its index."""
    leaning = {i: _leaning_ups(gray, faces[i]) for i in cuts if _in_doubt(readings[i])}
    turned = {i: replace(faces[i], ups=ups) for i, ups in leaning.items() if ups is not None}
    for k in range(1 + max((len(c) for c in cuts.values()), default=0)):
        tried = {
            i: face if k == 0 else replace(face, mark=cuts[i][k - 1])
            for i, face in turned.items()
            if _in_doubt(readings[i]) and len(cuts[i]) >= k
        }
        _keep_if_sure(faces, readings, tried, model, nearer=True)


def _keep_if_sure(
    faces: list[Face],
    readings: list[_Read],
    tried: dict[int, Face],
    model: GlyphModel,
    *,
    nearer: bool = False,
) -> None:
    """Read the faces ``tried`` (by their index in ``faces``), and keep, in ``faces`` and
    ``readings``, each one whose reading is not in doubt (or, if ``nearer``, sure and
    nearer to a learned letter than the reading kept, though still far)."""
    keys = list(tried)
    for i, again in zip(keys, _readings([tried[i] for i in keys], model), strict=True):
        closer = again.sure >= UNSURE_BELOW and again.best.closest < readings[i].best.closest
        if not _in_doubt(again) or (nearer and closer):
            faces[i], readings[i] = tried[i], again


@dataclass(frozen=True)
class _Read:
    """One face read: its letter, its confidence, and the glyphs and votes it came from."""

    letter: str
    sure: float
    best: _Vote
    """The vote of the orientation read (the nearest to a learned letter)."""
    glyphs: list[Mask]
    votes: list[_Vote]


def _readings(faces: list[Face], model: GlyphModel) -> list[_Read]:
    """Each face read in the orientations its face allows (one vote for them all)."""
    glyphs = [[normalize_glyph(_turned(f.mark, up, f.squash)) for up in f.ups] for f in faces]
    flat = _votes(model, [g for each in glyphs for g in each])
    ends = itertools.accumulate(len(f.ups) for f in faces)
    votes = [flat[i - len(f.ups) : i] for f, i in zip(faces, ends, strict=True)]
    return [_judged(f, g, v, model) for f, g, v in zip(faces, glyphs, votes, strict=True)]


def _in_doubt(read: _Read) -> bool:
    """Unsure, or read only as near as few faces read right are."""
    return read.sure < UNSURE_BELOW or read.best.closest > NEAR_AS_RIGHT


def _judged(face: Face, glyphs: list[Mask], votes: list[_Vote], model: GlyphModel) -> _Read:
    """The face's letter, its confidence and the vote read, from its glyph in each
    orientation tried.

    If the nearest one's letter is not one the die carries, the face is unsure. Its
    confidence is its share among the letters the die carries (a bar on the vowel die
    is an I, whatever J or L it looks like too), or its nearness when it is clearly
    nearer than every other letter (:func:`_clearly_nearest`); a consonant's share among
    all letters must be :data:`CONSONANT_SHARE`. Another orientation that reads, sure
    of itself, another letter of the die makes it unsure.
    """
    allowed = CONSONANTS if face.corners == 3 else VOWELS
    best_at = min(range(len(votes)), key=lambda k: votes[k].closest)
    best = votes[best_at]
    letter = best.winner
    # A d20 carries a Q, no O: a glyph only O's and Q's are near is a Q whose tail is
    # small (a narrow font's), if enough of them are Q's.
    round_q = face.corners == 3 and _small_tailed_q(best)
    if round_q:
        letter = "Q"
    rivals = [
        v
        for v in votes
        if v.winner in allowed
        and v.winner != letter
        and v.share(v.winner) >= UNSURE_BELOW
        and v.closest < best.closest + RIVAL_SLACK
    ]
    # A consonant that looks nearly as much like a vowel (an O: a Q without its
    # tail, a C, a D) is unsure; on the vowel die a bar is an I, whatever J it is.
    vowel_like = face.corners == 3 and best.share(letter) < CONSONANT_SHARE and not round_q
    # No consonant is one stroke: a bar on a d20 is a letter whose thin strokes the
    # camera lost (a serif N's stems: its diagonal alone looks most like a Z).
    bar = face.corners == 3 and _bar(face.mark)
    if letter not in allowed or best.closest > FAR_FROM_LETTERS or vowel_like or bar:
        return _Read("?", 0.0, best, glyphs, votes)
    share = best.share(letter, allowed)
    if share < UNSURE_BELOW and _clearly_nearest(model, glyphs[best_at], best):
        share = best.nearness
    return _Read(letter, share * (0.5 if rivals else 1.0), best, glyphs, votes)


#: A glyph that only O's and Q's vote for is a Q when the Q's hold at least this share
#: of the vote (3 of its 7 nearest glyphs): a narrow Q's small tail left it 0.46 to
#: 0.59 of the vote, the O's the rest (seeds 11, 53); of 2,400 faces (seeds 11, 23, 31,
#: 41, 53, 61) every glyph voted for by O's and Q's alone was a Q, or the mark of a die
#: lost (a layout then a guess).
TAILED = 0.4


def _small_tailed_q(vote: _Vote) -> bool:
    """Whether a d20's glyph is a Q whose tail is small: O's and Q's alone vote for it,
    the Q's for :data:`TAILED` of it."""
    total = sum(vote.weights.values())
    return set(vote.weights) <= {"O", "Q"} and vote.weights.get("Q", 0.0) >= TAILED * total


#: The letters of the three faces leaning around a d20's up face lie this many times its
#: letter's size from it (their faces' centres: about 1.5; 0.8 for a wide M, 2.0 seen at
#: an angle, seeds 31, 53) and are this share of its size (about a half).
LEANING_AT = (0.7, 2.1)
LEANING_SIZES = (0.2, 0.8)

#: ... and each lies this close (degrees) to the middle of an edge of the up face as
#: turned by them all: else they are not its leaning letters (a mark of the table, a
#: piece of the up letter), and tell no turn.
LEANING_SLACK = 20.0

#: How much darker (or lighter) than the face around them the leaning letters are, at
#: least, in grey levels (as :func:`_candidates`'s faint ink).
LEANING_INK = 30.0

#: The leaning letters are looked for in the photo magnified this many times: a face
#: leaning far away shows its letter squashed under the 10 pixels a mark must be tall
#: (a black die's H and V beside its J, 9 pixels, seed 137).
LEANING_ZOOM = 2


def _leaning_ups(
    gray: NDArray[np.uint8], face: Face, slack: float = LEANING_SLACK, zoom: int = LEANING_ZOOM
) -> tuple[float, ...] | None:
    """The directions a d20's up letter may point to, told by the letters of the faces
    leaning around it (at least two), looked for magnified ``zoom`` times, or None.

    Each of the three faces that share an edge with the up face carries its letter at its
    centre, beyond the middle of that edge: opposite a corner of the up face, where the
    up letter's top may point. The fit of the up face's edges can be a half step off
    where they are faint (an N then reads Z, an M W, both as near); the leaning letters
    are printed ink, and turn it as the die is. Seeds 31, 53, 61: a turn told for 561
    d20 faces of 876; read in it, 545 sure and right, none wrong.
    """
    mark = face.mark
    if face.corners != 3:
        return None
    size = max(mark.w, mark.h)
    reach = round(LEANING_AT[1] * size + size)
    x0, y0 = max(0, round(mark.cx) - reach), max(0, round(mark.cy) - reach)
    x1 = min(gray.shape[1], round(mark.cx) + reach)
    y1 = min(gray.shape[0], round(mark.cy) + reach)
    window = np.ascontiguousarray(gray[y0:y1, x0:x1])
    box = gray[mark.y : mark.y + mark.h, mark.x : mark.x + mark.w]
    if (mark.mask == 0).any() and np.median(box[mark.mask > 0]) > np.median(box[mark.mask == 0]):
        window = np.asarray(255 - window, np.uint8)  # light letters on a dark die
    tops = []
    # Magnified: a leaning letter seen edge-on is often under the marks' 10 pixels.
    big = np.asarray(
        cv2.resize(window, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_LINEAR),
        np.uint8,
    )
    for other in find_marks(big, stroke=INK_STROKE * zoom, min_contrast=LEANING_INK):
        dx = other.cx / zoom + x0 - mark.cx
        dy = (other.cy / zoom + y0 - mark.cy) / face.squash
        far = math.hypot(dx, dy) / size
        if LEANING_AT[0] <= far <= LEANING_AT[1] and (
            LEANING_SIZES[0] <= max(other.w, other.h) / zoom / size <= LEANING_SIZES[1]
        ):
            tops.append(_angle(np.array([-dx, -dy])))
    if len(tops) < 2:
        return None
    turns = np.arange(0.0, 120.0, 1.0)
    off = (np.array(tops)[None, :] - turns[:, None]) % 120.0
    worst = np.minimum(off, 120.0 - off).max(axis=1)
    best = int(np.argmin(worst))
    if worst[best] > slack:
        return None
    return tuple((turns[best] + k * 120.0 + 180.0) % 360.0 - 180.0 for k in range(3))


#: A face read in a turn its face's fit did not give is sure only if that turn reads
#: this much nearer than the face's own (HOG distance) and as near as right faces read
#: (:data:`NEAR_AS_RIGHT`). Seeds 11, 23, 31, 41, 53, 61: the 13 faces read right so
#: gained 0.54 to 1.6 nearer, the one read wrong (an R read B) 0.37, at 1.51.
TURN_GAIN = 0.5

#: Faces read right in their face's own turns: 99% nearer than this (1,978 faces, seeds
#: 11, 23, 31, 41, 53; see :data:`FAR_FROM_LETTERS`).
NEAR_AS_RIGHT = 1.46


def _turned_off(faces: list[Face], reads: list[_Read], model: GlyphModel) -> list[_Read]:
    """The faces read again in the turns halfway and a quarter way between those their
    faces allow too (faces read unsure, or only as near as few right faces are).

    The turn of a face is fitted on its edges; where they are faint or a lamp washes
    them out, the fit may be a quarter or half a step off (a serif H read in its fit's
    turns was at best 2.16 from every letter, turned 30° more 1.08 from an H; an M's
    face fitted half a step off read W, 1.69 from it, seed 83). Every turn then rivals:
    an N is a Z turned a quarter, an M a W turned a half, and they stay unsure (see
    :func:`_judged`). A face unsure is read in every turn if that is surely and clearly
    nearer (:data:`TURN_GAIN`, :data:`NEAR_AS_RIGHT`). A face read surely keeps its
    reading only if no other turn reads another letter nearer; if one does, surely,
    clearly nearer and clearly nearest to its letter (:func:`_clearly_nearest`), the
    face is that letter, else it is unsure. Seeds 11 to 61, 13 to 29, 59, 67, 71: four
    faces of 5,200 read surely had another letter nearer; two Ms whose faces were
    fitted half a step off, read W 1.65 and 1.59 from it, were Ms 0.82 and 0.85 from
    one turned a half step (clearly nearest), the others (a J, an N) stayed "?".
    """
    ups = [
        [up + off for off in (step / 4, step / 2, -step / 4) for up in f.ups]
        for f, step in ((f, 360 / f.corners) for f in faces)
    ]
    more = [
        [normalize_glyph(_turned(f.mark, up, f.squash)) for up in turns]
        for f, turns in zip(faces, ups, strict=True)
    ]
    flat = _votes(model, [g for each in more for g in each])
    ends = list(itertools.accumulate(len(turns) for turns in ups))
    answers = []
    for face, read, glyphs, end in zip(faces, reads, more, ends, strict=True):
        if _hairline(face.mark):
            # One stroke reads whatever letter its angle makes (upright an I, slanted
            # a Z), so turned it reads the turn: only a stroke as thick as a letter's
            # stem is turned (an I on a square fitted off, seeds 47, 71, 191). A
            # hairline is a die's edge: taken for the vowel die's letter, it was read
            # I turned a half step (seed 43).
            answers.append(read)
            continue
        votes = flat[end - len(glyphs) : end]
        every = _judged(face, read.glyphs + glyphs, read.votes + votes, model)
        own = read.best.closest
        clear = every.best.closest <= min(NEAR_AS_RIGHT, own - TURN_GAIN)
        if read.sure >= UNSURE_BELOW:  # sure, but far: no other turn reads another letter nearer
            other = every.best.winner != read.letter and every.best.closest < own
            if (
                other
                and every.sure >= UNSURE_BELOW
                and clear
                and _clearly_nearest_turn(model, every)
            ):
                answers.append(every)  # its face fitted a half step off (a W, an M)
            else:
                answers.append(_Read("?", 0.0, every.best, [], []) if other else read)
            continue
        answers.append(every if every.sure >= UNSURE_BELOW and clear else read)
    return answers


def _clearly_nearest_turn(model: GlyphModel, read: _Read) -> bool:
    """Whether the turn ``read`` is nearest in is clearly nearer its letter than any
    other (see :func:`_clearly_nearest`)."""
    at = min(range(len(read.votes)), key=lambda k: read.votes[k].closest)
    return _clearly_nearest(model, read.glyphs[at], read.best)


#: The squared lengths of the last model's rows (one model reads every photo).
_LAST_NORMS: list[tuple[GlyphModel, NDArray[np.float32]]] = []


def _norms(model: GlyphModel) -> NDArray[np.float32]:
    """The squared length of each of the model's rows, kept for the last model."""
    if not _LAST_NORMS or _LAST_NORMS[0][0] is not model:
        _LAST_NORMS[:] = [(model, np.einsum("ij,ij->i", model.vectors, model.vectors))]
    return _LAST_NORMS[0][1]


def _clearly_nearest(model: GlyphModel, glyph: Mask, vote: _Vote) -> bool:
    """Whether the glyph's nearest learned letter is :data:`CLEARLY_NEAREST` nearer than
    every glyph of another letter (the vote of its k nearest then shares it with strays
    of a letter it does not look like: one font drew the letter as the face does, the
    others farther than a few glyphs of other letters).

    Asked only of a face about to be "?", rarely: it weighs the glyph against every row.
    """
    labels = np.array(model.labels)
    others = (labels != vote.winner) & (labels != NOT_A_GLYPH)
    if not others.any():
        return True
    query = features([glyph])
    norms = _norms(model)
    squared = float((query**2).sum()) + norms - doubled_dots(query, model.vectors)[0]
    second = float(np.sqrt(max(float(squared[others].min()), 0.0)))
    return second - vote.closest >= CLEARLY_NEAREST


#: A mark is one stroke when its ink fills this much of the thinnest rectangle around
#: it, which is at most this wide for its length (seeds 11, 23, 31, 41: a serif N's bare
#: diagonal 0.23 wide and 0.71 full; the thinnest J read right 0.27 wide).
BAR_FULL = 0.6
BAR_THIN = 0.25

#: ... or when it fills this much of a rectangle up to this wide: a straight stem alone,
#: its ends blurred round (seeds 11 to 61 and 13 to 29: what the marks kept of two Ts,
#: an L, an M, 0.26 to 0.33 wide, 0.76 to 0.85 full, read I; seed 67: a B's stem, 0.26
#: and 0.84, read N). A J's hook leaves its rectangle emptier (the 163 faces read J
#: there: at most 0.70 full).
STEM_FULL = 0.75
STEM_THIN = 0.35


#: A stroke under this share as thick as it is long is a hairline, no letter's stem: the
#: vowel die's I read right only turned off its square (seeds 47, 71, 191) were 0.23 to
#: 0.27; a d20's edge taken for the vowel die's letter, 0.10 (seed 43).
HAIRLINE = 0.15


def _hairline(mark: Mark) -> bool:
    """Whether a mark is one thin straight stroke: an edge, not a letter's stem."""
    thin, long = stroke_box(mark)
    return _bar(mark) and thin < HAIRLINE * long


def _bar(mark: Mark) -> bool:
    """Whether a mark is a single straight stroke (an I, or a letter reduced to one)."""
    thin, long = stroke_box(mark)
    ink = int((mark.mask > 0).sum())
    if long == 0:
        return False
    thin_bar = thin < BAR_THIN * long and ink > BAR_FULL * thin * long
    return thin_bar or (thin < STEM_THIN * long and ink > STEM_FULL * thin * long)


#: The faint strokes of a letter: ink (what a closing of the face brightens) at least
#: this share of the letter's own, joined to it (seeds 11, 23, 31, 41, 53, 61: 0.4 read
#: 4 faces more of 2,400, 0.3 and 0.5 one to three).
FAINT_INK = 0.4

#: ... and a letter so grown is sure only if grown with ink this faint too it reads the
#: same (seeds 11 to 61, 13 to 29, 59, 67, 71: of 5,200 faces, three were read surely
#: once grown; an L and a W held at 0.3, a T grown into an L read I at 0.3 and 0.35).
FAINTER_INK = 0.3

#: How far around its mark a letter's faint strokes are looked for (a share of the
#: mark's size: an L's foot lost, its stem alone is the mark).
FAINT_PAD = 0.6

#: The kernel of the closing that finds ink, as :func:`vision.reading.find_marks`'s.
INK_STROKE = 31

#: Faint ink counts only farther than this from the letter's ink (nearer, it is the
#: blurred rim of every stroke) and where it holds a stroke at least 3 pixels thick,
#: this share of the letter's ink (a hair of faint ink running to a leaning face's
#: letter, or a few pixels at a stem's end, made a T's stem a J: seed 31).
FAINT_REACH = 2
FAINT_STROKE = 0.1


def _whole_letter(gray: NDArray[np.uint8], mark: Mark, share: float = FAINT_INK) -> Mark:
    """The letter of ``mark`` with the thin strokes the marks' threshold lost (a serif
    L's foot, an S's ends, blurred by the camera or washed out by a lamp): faint ink
    that grows out of the letter, held in a stroke, and stops before the window's side
    (else it is a shadow or a face's edge)."""
    pad = round(FAINT_PAD * max(mark.w, mark.h))
    x0, y0 = max(0, mark.x - pad), max(0, mark.y - pad)
    x1 = min(gray.shape[1], mark.x + mark.w + pad)
    y1 = min(gray.shape[0], mark.y + mark.h + pad)
    reach = INK_STROKE  # the closing sees the face beyond the window
    wx0, wy0 = max(0, x0 - reach), max(0, y0 - reach)
    wide = gray[wy0 : min(gray.shape[0], y1 + reach), wx0 : min(gray.shape[1], x1 + reach)]
    pieces = np.zeros((y1 - y0, x1 - x0), bool)
    pieces[mark.y - y0 : mark.y - y0 + mark.h, mark.x - x0 : mark.x - x0 + mark.w] = mark.mask > 0
    box = gray[mark.y : mark.y + mark.h, mark.x : mark.x + mark.w]
    if (mark.mask == 0).any() and np.median(box[mark.mask > 0]) > np.median(box[mark.mask == 0]):
        wide = np.asarray(255 - wide, np.uint8)  # a light letter on a dark die
    surface = disc_closing(wide, INK_STROKE)
    ink = (surface.astype(np.int16) - wide.astype(np.int16))[
        y0 - wy0 : y1 - wy0, x0 - wx0 : x1 - wx0
    ]
    strong = float(np.median(ink[pieces]))
    if strong <= 0:  # no ink where the mark is: nothing to grow from
        return mark
    grown = _faint_beyond(pieces, ink > share * strong)
    if grown is None:
        return mark
    joined, far = grown
    square = np.ones((3, 3), np.uint8)
    beyond = far.astype(np.uint8)
    thick = cv2.morphologyEx(beyond, cv2.MORPH_OPEN, square) > 0
    if thick.sum() < FAINT_STROKE * pieces.sum():
        return mark
    _, parts = cv2.connectedComponents(beyond, connectivity=8)
    strokes = np.isin(parts, np.unique(parts[thick])) & (beyond > 0)
    bridge = joined & (cv2.dilate(strokes.astype(np.uint8), square, iterations=FAINT_REACH) > 0)
    whole = pieces | strokes | bridge
    x, y, w, h = cv2.boundingRect(whole.astype(np.uint8))
    letter = np.asarray(whole[y : y + h, x : x + w] * 255, np.uint8)
    return Mark(x0 + x, y0 + y, w, h, letter, mark.contrast)


#: The window a face's letter is thresholded again in: this share of its mark's size on
#: each side of its centre (the letter and a little of its face, not the leaning faces'
#: letters, about 1.5 sizes away), and the closing that finds the face's surface there,
#: this share of the mark's size (wider than a stroke). Seeds 11 to 61: every face cut
#: so read 8 more of 2,336 right than as found, none wrong.
RECUT_HALF = 0.8
RECUT_SURFACE = 0.6

#: A letter's thin strokes, blurred pale, are only this share of the way from Otsu's
#: threshold to its face (a serif N's stems beside its thick diagonal; as the tiles'
#: :data:`vision.reading.FAINT`).
RECUT_FAINT = 0.4


#: A blurred letter's outline lies halfway from its ink to its face; the marks' threshold
#: and Otsu's, pulled by a lamp's glow around a light letter, cut it far out on its
#: blurred rim: bloated, its holes and notches filled (a serif S an 8, an R a blob, a
#: Lato W's strokes one). Its core is cut this share of the way from its ink to its
#: face, on its face's surface found over this share of its size (narrower than the
#: glow), its ink being this percentile of its mark's grey there. Of 24 faces "?" on
#: seeds 101 to 139, read in their fitted turns: 0.3 and 0.3 read 6 more right, 0.3 and
#: 0.6 five, 0.5 and 0.3 four, 0.5 and 0.6 three; Otsu's on a 0.3 surface, two.
CORE_LEVEL = 0.3
CORE_SURFACE = 0.3
CORE_INK = 5


def _recut_letter(
    gray: NDArray[np.uint8], mark: Mark, faint: bool = False, *, core: bool = False
) -> Mark:
    """The letter of ``mark`` thresholded again on its own face: Otsu's threshold of the
    photo divided by the face's surface around it, the pieces the mark holds kept, and
    if ``faint`` the faint strokes that grow out of them (see :func:`_with_faint`); if
    ``core``, its core only (see :data:`CORE_LEVEL`).

    The marks' threshold is one for the whole photo, against a surface found over 31
    pixels: it thickens a blurred letter and fills its gaps (a serif S looks like a B,
    an R's bowl closes, a narrow M's notch), and beside a lamp's highlight, as far from
    that surface as a light letter on a dark die, its holes (a P as a blob). Divided by
    its face's own surface the highlight is shading, and Otsu's threshold splits the
    letter from its face (as the tiles' letters are cut,
    :func:`vision.reading.whole_letter`).
    """
    size = max(mark.w, mark.h)
    reach = round(RECUT_HALF * size)
    x0, y0 = max(0, round(mark.cx) - reach), max(0, round(mark.cy) - reach)
    x1 = min(gray.shape[1], round(mark.cx) + reach)
    y1 = min(gray.shape[0], round(mark.cy) + reach)
    window = gray[y0:y1, x0:x1]
    box = gray[mark.y : mark.y + mark.h, mark.x : mark.x + mark.w]
    if (mark.mask == 0).any() and np.median(box[mark.mask > 0]) > np.median(box[mark.mask == 0]):
        window = np.asarray(255 - window, np.uint8)  # a light letter on a dark die
    surface = CORE_SURFACE if core else RECUT_SURFACE
    relative, otsu, ink = ink_on_surface(window, max(5, round(surface * size)) | 1)
    own = np.zeros(window.shape, bool)
    own[mark.y - y0 : mark.y - y0 + mark.h, mark.x - x0 : mark.x - x0 + mark.w] = mark.mask > 0
    if core:
        darkest = float(np.percentile(relative[own], CORE_INK))
        ink = np.asarray((relative < darkest + CORE_LEVEL * (255 - darkest)) * 255, np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    held = np.unique(labels[own & (labels > 0)])
    x, y, w, h = (stats[held, i] for i in range(4))
    # A piece running to the window's side is the face's edge or a shadow, not ink.
    inside = (x > 0) & (y > 0) & (x + w < window.shape[1]) & (y + h < window.shape[0])
    if not inside.any():
        return mark
    pieces = np.isin(labels, held[inside])
    if faint:
        pieces = _with_faint(pieces, relative < otsu + RECUT_FAINT * (255 - otsu))
    left, top, width, height = cv2.boundingRect(pieces.astype(np.uint8))
    letter = np.asarray(pieces[top : top + height, left : left + width] * 255, np.uint8)
    return Mark(x0 + left, y0 + top, width, height, letter, mark.contrast)


def _with_faint(pieces: NDArray[np.bool_], faint: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """The letter's ``pieces`` with the ``faint`` ink that grows out of them where it
    reaches :data:`FAINT_REACH` pixels beyond them (nearer, it is the blurred rim of
    every stroke, which would fill an S's gaps again), unless it runs to the window's
    side (a face's edge, a shadow)."""
    grown = _faint_beyond(pieces, faint)
    if grown is None:
        return pieces
    joined, beyond = grown
    square = np.ones((3, 3), np.uint8)
    bridge = joined & (cv2.dilate(beyond.astype(np.uint8), square, iterations=FAINT_REACH) > 0)
    return np.asarray(pieces | beyond | bridge)


def _faint_beyond(
    pieces: NDArray[np.bool_], faint: NDArray[np.bool_]
) -> tuple[NDArray[np.bool_], NDArray[np.bool_]] | None:
    """The ``faint`` ink joined to a letter's ``pieces`` (them included), and the part of
    it over :data:`FAINT_REACH` pixels beyond them (nearer, it is the blurred rim of every
    stroke); ``None`` if it runs to the window's side (a face's edge, a shadow)."""
    _, labels = cv2.connectedComponents((faint | pieces).astype(np.uint8), connectivity=8)
    joined = np.isin(labels, np.unique(labels[pieces]))
    if joined[:, 0].any() or joined[:, -1].any() or joined[0].any() or joined[-1].any():
        return None
    square = np.ones((3, 3), np.uint8)
    near = cv2.dilate(pieces.astype(np.uint8), square, iterations=FAINT_REACH) > 0
    return joined, joined & ~near


@dataclass(frozen=True)
class Layout:
    """The dice's up faces in reading order, and what about them is a guess."""

    faces: list[Face]
    """The consonant dice left to right, then the vowel die."""
    warnings: tuple[str, ...]
    """French sentences, one per doubt."""
    mixed: bool = False
    """Which die is the vowel die is a guess (or dice are missing): no face is sure."""
    missing: int = 0
    """Dice not found: a "?" stands for each. A consonant die's goes among the
    consonants read, at :attr:`gap` if it is known, else last (a guess, as the order of
    dice one above the other: the game asks for a word holding the consonants in any
    order); the vowel die's (three d20 found, the rules having it) after them."""
    gap: int | None = None
    """Where the one missing consonant die lies among the others, when its up letter was
    seen (its face was not): the others are read, in their places."""
    tentative: int | None = None
    """A face read from a letter seen alone, without its face or its die's other letters:
    it is a die only if it reads surely; if not, where the lost die lies is not known: it
    is read as a die not seen (:attr:`missing`, its place unknown)."""
    by_letters: tuple[tuple[Face, Face], ...] = ()
    """Four dice whose shapes do not tell the vowel die: each face as a d20's and as the
    vowel die's, for the letters to tell (see :func:`_told_by_letters`)."""


def _inside(mark: Mark, other: Mark) -> bool:
    """Whether ``mark``'s centre lies in ``other``'s box and ``mark`` is the smaller."""
    return (
        other.x < mark.cx < other.x + other.w
        and other.y < mark.cy < other.y + other.h
        and (mark.w * mark.h < other.w * other.h)
    )


#: A letter is painted over this many pixels beyond its mark (its blurred edge), with
#: the colour of the face around it, blurred this much (pixels): 3 turned 29 faces more
#: of 800 right than 5 (seeds 11, 23).
FILL = 3
FILL_BLUR = 4.0


def _without_letters(image: NDArray[np.uint8], ink: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The photo with its letters painted over in the colour around them.

    A letter's blurred edge reaches a few pixels beyond its mark: a small triangle
    hugging a round letter (a D, a Q) follows it all around, better than the faint edges
    of a black die's face do, and turns the letter the wrong way (a D upside down is no
    letter: "?"). Without the letters only the faces' edges are left to turn them by.
    """
    hidden = cv2.dilate(ink, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * FILL + 1,) * 2))
    keep = (hidden == 0).astype(np.float32)
    colour = cv2.GaussianBlur(image.astype(np.float32) * keep[..., None], (0, 0), FILL_BLUR)
    weight = cv2.GaussianBlur(keep, (0, 0), FILL_BLUR)[..., None]
    filled = np.where(hidden[..., None] > 0, colour / np.maximum(weight, 1e-3), image)
    return np.asarray(np.clip(filled, 0, 255), np.uint8)


def _plain_gradients(
    image: NDArray[np.uint8], inks: list[NDArray[np.uint8]], marks: list[Mark]
) -> _Gradients:
    """The derivatives of the photo without its letters (``inks``: each mark's), around
    the up letters only (painting the letters over is a blur of the whole photo: 38 ms of
    a 1024 px photo, where the faces' polygons only reach twice their letter's size)."""
    height, width = image.shape[:2]
    gx, gy = np.zeros((height, width), np.float32), np.zeros((height, width), np.float32)
    for mark, ink in zip(marks, inks, strict=True):
        reach = 2 * max(mark.w, mark.h) + 20
        x0, y0 = max(0, round(mark.cx) - reach), max(0, round(mark.cy) - reach)
        x1, y1 = min(width, round(mark.cx) + reach), min(height, round(mark.cy) + reach)
        window = _without_letters(image[y0:y1, x0:x1], ink[y0:y1, x0:x1])
        dx, dy = _gradients(window)
        gx[y0:y1, x0:x1], gy[y0:y1, x0:x1] = dx, dy
    return gx, gy


def _ink_of(marks: list[Mark], shape: tuple[int, ...]) -> NDArray[np.uint8]:
    """The ink of ``marks`` painted on an empty photo of ``shape``."""
    ink = np.zeros(shape[:2], np.uint8)
    for mark in marks:
        ink[mark.y : mark.y + mark.h, mark.x : mark.x + mark.w] |= mark.mask
    return ink


def _masked(ink: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """Where edges are not looked for: on the ink and the two pixels around it."""
    return np.asarray(cv2.dilate(ink, np.ones((5, 5), np.uint8)) > 0)


#: A bar lying on its side is this many times wider than tall at least (an upright mark
#: is at most four times wider than tall: :func:`vision.reading.find_marks`).
LYING = 4.0


def _lying_bars(gray: NDArray[np.uint8], image: NDArray[np.uint8]) -> list[Mark]:
    """Bars lying on their side, printed on a plain surface, the largest first.

    :func:`vision.reading.find_marks` keeps no mark more than four times wider than tall
    (a groove, a tile's edge): an I lying on the vowel die is none. Found in the photo
    turned a quarter, it stands up like any I.
    """
    turned = np.ascontiguousarray(gray.T)
    found = find_marks(turned, min_contrast=FAINT_MARK) + find_marks(
        np.asarray(255 - turned, np.uint8), min_contrast=FAINT_MARK
    )
    bars = [
        Mark(m.y, m.x, m.h, m.w, np.ascontiguousarray(m.mask.T), m.contrast)
        for m in found
        if m.h > LYING * m.w
    ]
    printed = [
        b for b in bars if _plain_around(image, b) < PLAIN_AROUND and _sharpness(gray, b) > SHARP
    ]
    return sorted(printed, key=lambda m: -max(m.w, m.h))


def _lying_vowel(
    gray: NDArray[np.uint8],
    image: NDArray[np.uint8],
    grads: _Gradients,
    ink: NDArray[np.uint8],
    dice: list[Mark],
) -> tuple[Mark, tuple[Fit, Fit], NDArray[np.uint8]] | None:
    """The vowel die showing an I on its side, when only d20 were found: a lying bar
    away from the dice, in a square of its size clearly more than in a triangle (its
    face, its fit and the ink with it), or None."""
    for bar in _lying_bars(gray, image):
        if any(
            math.hypot(bar.cx - d.cx, bar.cy - d.cy) < LEANING * max(_size(bar), _size(d))
            for d in dice
        ):
            continue
        own = ink.copy()
        own[bar.y : bar.y + bar.h, bar.x : bar.x + bar.w] |= bar.mask
        fit = _face(grads, _masked(own), bar)
        triangle, square = fit
        if square.support >= MIN_SUPPORT and square.support > CLEARLY_SQUARE * triangle.support:
            return bar, fit, own
    return None


#: Sizes of square tried first when the vowel die is looked for again among the letters
#: that found no face (see :func:`_missed_vowel_die`), instead of :data:`COARSE_RADII`'s.
FINER_SQUARE_SIZES = 25
#: ... among this many of them, the largest first.
MISSED_TRIED = 2


def _missed_vowel_die(
    image: NDArray[np.uint8],
    grads: _Gradients,
    letter: NDArray[np.bool_],
    dice: list[Mark],
    faceless: list[Mark],
    *,
    squash: float,
) -> tuple[Mark, tuple[Fit, Fit], _Gradients | None] | None:
    """The vowel die among the letters that found no face, when three d20 and no square
    were found: its square looked for again among finer sizes, seen through the
    ``squash`` of the dice found, in the photo's shade or in one of its colours, clearly
    more square than triangular (as :func:`_lying_vowel`'s); its face, and the colour's
    derivatives if one told it.

    A face's edge is a step of a pixel or two: a square whose edges lie between two of
    the coarse sizes tried steps over them all (a black vowel die on a dark table, a
    white one on a light table: squares of 5.5 and 4.1 where the coarse sizes found 1.8,
    seeds 13, 137). A blue die on a wooden table is as light as the wood: its edge steps
    in blue and in red, the other way, but hardly in their sum (a square of 8.7 in blue,
    1.5 in the sum: seed 59). Looked for only then: the sizes cost twice the square's
    search, and each colour's derivatives a blur of the photo. One camera sees every die:
    a faint face's square is a narrow peak among the squashes, which the first search's
    steps of 0.12 stepped over (a black vowel die on a dark table, its square 3.5 seen
    through the d20's 0.85, 2.3 through 0.88 and its triangle 1.4: seed 173/47).
    """
    away = _apart(faceless, dice)[:MISSED_TRIED]
    colours: list[_Gradients | None] = [None] * image.shape[2]
    for mark in away:
        found: list[tuple[tuple[Fit, Fit], _Gradients | None]] = []
        for c in range(-1, image.shape[2]):
            if c >= 0 and colours[c] is None:
                colours[c] = _gradients(np.ascontiguousarray(image[..., c : c + 1]))
            source = grads if c < 0 else colours[c]
            assert source is not None
            fit = _face(source, letter, mark, (squash,), FINER_SQUARE_SIZES)
            triangle, square = fit
            if square.support >= MIN_SUPPORT and square.support > CLEARLY_SQUARE * triangle.support:
                found.append((fit, None if c < 0 else source))
        if found:
            fit, source = max(found, key=lambda f: f[0][1].support)
            return mark, fit, source
    return None


#: The dice's up letters are all of a size: the smallest is over half the largest (1,248
#: faces read right, seeds 11 to 61); a letter of a face leaning away is a third to a
#: half of its die's up letter (seed 41: 16 px beside a black die's faceless 40 px Z).
LEANING_SIZE = 0.4
#: ... and one under this share of a letter whose face was not found, beside it, is a
#: letter of that die's faces leaning away (an up face washed out by a lamp, a black
#: die's; the lamp may wash out part of the up letter too: a J's leaning Z 0.70 of it,
#: a V's 0.65, seed 41). 0.75 instead of 0.6: 3 faces more of 2,400 read right, none
#: wrong (seeds 11 to 61).
LEANING_BESIDE = 0.75
#: ... or one with two leaning letters nearly its size (over :data:`LEANING_BESIDE` of
#: it) less than this many times its size away: its die's other leaning letters, its
#: up letter lost (seed 71: 2.6 and 2.9 beside a green die's Z under a lamp; a d20's
#: leaning letters lie about 0.94 of its radius apart, four of their sizes).
LEANING_ALIKE = 3.5


def _up_letters(marks: list[Mark], faceless: list[Mark]) -> tuple[list[int], list[Mark], bool]:
    """Which of the marks found in faces are up letters: not the letters of faces
    leaning away, taken for dice when their die's up letter found no face; and where
    dice were lost (their up letters without a face, or their leaning letters alone),
    and whether the first of those is an up letter.

    Such a letter is far smaller than the dice's (a third to a half of its die's up
    letter), or lies beside a larger letter, of the dice's size, that found no face.
    """
    if not marks:
        return [], [], False
    largest = max(_size(m) for m in marks)

    def beside(mark: Mark, up: Mark) -> bool:
        return (
            _size(mark) < LEANING_BESIDE * _size(up) <= LEANING_BESIDE * largest
            and math.hypot(mark.cx - up.cx, mark.cy - up.cy) < LEANING * _size(up)
            and not _inside(mark, up)
        )

    def leaning_with(mark: Mark) -> bool:
        # The other letters of its die's leaning faces, nearly its size and leaning
        # letters by theirs, lie around it (an up letter's are half its size, and not
        # tried: they lie near it).
        alike = [
            o
            for o in marks
            if LEANING_BESIDE * _size(mark) <= _size(o) < LEANING_SIZE * largest
            and math.hypot(o.cx - mark.cx, o.cy - mark.cy) < LEANING_ALIKE * _size(mark)
        ]
        return len(alike) >= 2

    kept = [
        i
        for i, mark in enumerate(marks)
        if _size(mark) >= LEANING_SIZE * largest
        and not any(beside(mark, f) for f in faceless)
        and not leaning_with(mark)
    ]
    # A leaning letter lies on its die: where an up letter was not seen, or not found.
    lost = [f for f in faceless if any(beside(m, f) for m in marks)] + [
        m for i, m in enumerate(marks) if i not in kept and not any(beside(m, f) for f in faceless)
    ]
    return kept, lost, bool(lost) and any(lost[0] is f for f in faceless)


@dataclass(frozen=True)
class _Unfaced:
    """The up letter of a die whose face was not found, with the triangle that fits
    best around it without the letters (too faint to be a face)."""

    mark: Mark
    turn: Fit
    alone: bool
    """No letter of its leaning faces was seen: it may be a mark of the table."""


def _hole_in(mark: Mark, letter: Mark, holders: list[Mark]) -> bool:
    """Whether ``mark`` is a hole of ``letter`` (``holders``: the marks whose inner marks
    are all holes), a letter and not a light face around its own letter (see
    :data:`FACE_SOLID`). Its letter found no face, a hole is no die either: the edges of a
    letter's outline, its blurred rim beyond the ink masked, fit a face around its hole
    (an A's, seed 137)."""
    return (
        _inside(mark, letter)
        and any(letter is h for h in holders)
        and (_solidity(letter) <= FACE_SOLID)
    )


def _find_dice(
    gray: NDArray[np.uint8],
    image: NDArray[np.uint8],
    *,
    glare: bool = False,
    vowel_die: bool | None = None,
) -> tuple[list[Mark], list[tuple[Fit, Fit]], list[tuple[Fit, Fit]], list[Mark], _Unfaced | None]:
    """Up to four up-face letters, the largest first, each with its best triangle and
    square (to tell the vowel die), and again without the letters (to turn them): the
    largest marks that sit at the centre of a face of their size. Last, where dice were
    lost (see :func:`_up_letters`), and, with one die lost, its up letter if it was seen
    (see :func:`_unfaced`). Without the vowel die (``vowel_die`` False, the rules say
    so), it is not looked for."""
    candidates = _candidates(gray, image, glare=glare)
    if not candidates:
        raise NothingFound("aucun dé trouvé sur la photo")
    # Edges are not looked for on letters; a mark around another one (a light face
    # around its letter, a letter around its hole) is not masked: it may be the face.
    inked: list[Mark] = []
    holders: list[Mark] = []
    for mark in candidates:
        holding = [o for o in candidates if o is not mark and _inside(o, mark)]
        if all(_hole_of(image, o, mark) for o in holding):
            inked.append(mark)
            if holding:
                holders.append(mark)
    ink = _ink_of(inked, gray.shape)
    letter = _masked(ink)
    grads = _gradients(image)
    marks: list[Mark] = []
    fits: list[tuple[Fit, Fit]] = []
    inks: list[NDArray[np.uint8]] = []
    faceless: list[Mark] = []
    for mark in candidates[:MAX_CANDIDATES]:
        reach = max(mark.w, mark.h)
        near = [
            i
            for i, c in enumerate(marks)
            if math.hypot(mark.cx - c.cx, mark.cy - c.cy) < LEANING * max(reach, c.w, c.h)
        ]
        # A letter and its hole, or a light face and its letter, share a centre: the one
        # a face of its own size fits better around is the letter. Another mark near a
        # larger one (a letter of a face leaning away) is no up face: no face is fitted;
        # nor in the hole of a letter that found no face (see :func:`_hole_in`).
        shared = len(near) == 1 and math.hypot(
            mark.cx - marks[near[0]].cx, mark.cy - marks[near[0]].cy
        ) < 0.25 * max(reach, marks[near[0]].w, marks[near[0]].h)
        if (near and not shared) or any(_hole_in(mark, f, holders) for f in faceless):
            continue
        own = ink
        fit = _face(grads, letter, mark)
        support = max(fit[0].support, fit[1].support)
        around = [h for h in holders if h is not mark and _inside(mark, h)]
        bare = shared and max(f.support for f in fits[near[0]]) < BARE_FACE
        if around and ((support < MIN_SUPPORT and not near) or bare):
            # A light face on a dark table is a mark too, its letter a "hole" of it (as
            # dark as the table): the face found no face of its size around it (or
            # barely, a streak of wood, and it shares the letter's centre), so it may be
            # no letter, and its outline is looked at for the face of its letter.
            own = _ink_of([m for m in inked if all(m is not h for h in around)], gray.shape)
            fit = _face(grads, _masked(own), mark)
            support = max(fit[0].support, fit[1].support)
        if support < MIN_SUPPORT:
            if not near:
                faceless.append(mark)
            continue
        if not near:
            marks.append(mark)
            fits.append(fit)
            inks.append(own)
            continue
        i = near[0]
        better = support > BETTER_FACE * max(f.support for f in fits[i])
        if better and (not _hole_of(image, mark, marks[i]) or _solidity(marks[i]) > FACE_SOLID):
            marks[i], fits[i], inks[i] = mark, fit, own
    kept, lost, centred = _up_letters(marks, faceless)
    marks, fits, inks = [marks[i] for i in kept], [fits[i] for i in kept], [inks[i] for i in kept]
    if not marks:
        raise NothingFound("aucun dé trouvé sur la photo")
    if len(marks) in (2, 3) and vowel_die is not False:
        # Three dice: the game without the vowel die, or its I lying on its side (then
        # a faint face of a black d20 may have been taken for its square); two: a die
        # lost besides (a white one under a lamp).
        lying = _lying_vowel(gray, image, grads, ink, marks)
        if lying is not None:
            marks.append(lying[0])
            fits.append(lying[1])
            inks.append(lying[2])
    sizes = [COARSE_RADII[1]] * len(marks)
    colour: dict[int, _Gradients] = {}
    if (
        len(marks) == 3
        and vowel_die is not False
        and all(s.support <= SQUARE_OVER_TRIANGLE * t.support for t, s in fits)
    ):
        squash = float(np.median([max(pair, key=lambda f: f.support).squash for pair in fits]))
        missed = _missed_vowel_die(image, grads, letter, marks, faceless, squash=squash)
        if missed is not None:
            if missed[2] is not None:
                colour[len(marks)] = missed[2]
            marks.append(missed[0])
            fits.append(missed[1])
            inks.append(ink)
            sizes.append(FINER_SQUARE_SIZES)
    # One camera sees every face: each is fitted again through the squash most faces
    # show (a square squashed at will fits a d20's face seen at an angle too well).
    best = [max(pair, key=lambda f: f.support) for pair in fits]
    common = float(np.median([f.squash for f in best]))
    # Which face is a square is told as the dice were found (told without the letters,
    # a black die's faint triangle lost to its square made 6 photos more of 200 a guess,
    # seeds 11 and 23); how each face is turned is told without the letters (9 faces more
    # of 800 read right, none wrong).
    # Three dice, one the vowel die's square (two, without the vowel die): a consonant
    # die is lost.
    squares = sum(s.support > SQUARE_OVER_TRIANGLE * t.support for t, s in fits)
    one_lost = len(marks) == 2 if vowel_die is False else len(marks) == 3 and squares > 0
    up_lost = _unfaced(marks, lost, centred, faceless) if one_lost else []
    plain = _plain_gradients(image, inks + [ink] * len(up_lost), marks + up_lost)
    masks = [letter if own is ink else _masked(own) for own in inks]
    # (A face told in one colour only is fitted again in it, its letter not painted over.)
    shapes = [
        _face(colour.get(k, grads), mask, mark, (common,), n)
        for k, (mark, mask, n) in enumerate(zip(marks, masks, sizes, strict=True))
    ]
    turns = [
        _face(colour.get(k, plain), mask, mark, (common,), n)
        for k, (mark, mask, n) in enumerate(zip(marks, masks, sizes, strict=True))
    ]
    if not up_lost:
        return marks, shapes, turns, lost, None
    faint = _face(plain, letter, up_lost[0], (common,))[0]
    return marks, shapes, turns, lost or up_lost, _Unfaced(up_lost[0], faint, alone=not centred)


def _unfaced(
    marks: list[Mark], lost: list[Mark], centred: bool, faceless: list[Mark]
) -> list[Mark]:
    """The up letter of the die lost among three found, if it was seen: the first lost
    mark if it is one, else the one letter of the dice's size found without a face,
    alone (a white die's letters of its leaning faces washed out by a lamp with its up
    face), not on a die found."""
    if centred:
        return lost[:1]
    alone = _apart(faceless, marks)
    return alone if len(alone) == 1 and not lost else []


def _apart(faceless: list[Mark], dice: list[Mark]) -> list[Mark]:
    """The letters that found no face of the dice's letters' size (not a letter of a
    face leaning away) and not on a die found: a die's up letter, its face not seen."""
    largest = max(_size(m) for m in dice)
    return [
        f
        for f in faceless
        if _size(f) >= LEANING_SIZE * largest
        and all(math.hypot(f.cx - m.cx, f.cy - m.cy) > LEANING * _size(m) for m in dice)
    ]


def dice_faces(image: Image, vowel_die: bool | None = None) -> Layout:
    """The up faces in reading order (the consonant dice left to right, then the vowel
    die), and which of them are in doubt. ``vowel_die``: whether the rules in play have
    it (None: not known, told by the dice's shapes)."""
    expected = _dice_in_play(vowel_die)
    gray, scale = working_gray(image)
    small = np.asarray(
        image
        if scale == 1.0
        else cv2.resize(image, gray.shape[::-1], interpolation=cv2.INTER_AREA),
        np.uint8,
    )
    marks, fits, turns, unfaced, seen = _find_dice(gray, small, vowel_die=vowel_die)
    # The lamp's pass (see below), looked for once at most.
    lamp_pass = functools.cache(lambda: _find_dice(gray, small, glare=True, vowel_die=vowel_die))
    if len(marks) == expected - 1 and seen is None:
        # A die lost and its letter not seen: a light letter beside a lamp's highlight
        # is lit on three sides only (looked for only then: a light die's corners on a
        # dark table are lit so too, and masked its edges).
        again = lamp_pass()
        if len(again[0]) >= expected or again[4] is not None:
            marks, fits, turns, unfaced, seen = again
    elif _smallest(marks[:expected]) < SMALL_UP:
        # A leaning letter taken for a die's, its up letter missed beside the lamp's
        # highlight: found so, the dice's letters are all of a size.
        again = lamp_pass()
        if len(again[0]) >= len(marks[:expected]) and _smallest(again[0][:expected]) >= SMALL_UP:
            marks, fits, turns, unfaced, seen = again
    if len(marks) > expected:
        printed = _printed(small, marks, expected)
        marks, fits, turns = (
            [m for m, p in zip(marks, printed, strict=True) if p],
            [f for f, p in zip(fits, printed, strict=True) if p],
            [t for t, p in zip(turns, printed, strict=True) if p],
        )
    if len(marks) > expected and _rival(marks, expected):
        # A mark of the table (a cell of a cloth, a streak of wood) can sit in a "face"
        # of its size too: if it is as large as a die's letter, which four marks are the
        # dice is a guess, unless they are printed clearly better than the others.
        dice = _clearest(small, marks, fits, vowel_die=vowel_die is not False)
        if dice is not None:
            marks, fits, turns = (
                [marks[i] for i in dice],
                [fits[i] for i in dice],
                [turns[i] for i in dice],
            )
    if len(marks) > expected and _rival(marks, expected):
        # Leaning letters taken for dice, their die's up letter missed beside a lamp's
        # highlight, may be those too many: found so, the dice are all there, and their
        # letters all of a size.
        again = lamp_pass()
        if len(again[0]) == expected and _smallest(again[0]) >= SMALL_UP:
            marks, fits, turns, unfaced, seen = again
    if len(marks) > expected and _rival(marks, expected):
        doubt = (f"plus de {expected} dés trouvés : lecture incertaine",)
        guessed = [
            Face(m, 3, _ups(f[0])) for m, f in zip(marks[:expected], fits[:expected], strict=True)
        ]
        return Layout(guessed, doubt, mixed=True)
    marks, fits, turns = marks[:expected], fits[:expected], turns[:expected]
    if vowel_die is False:
        return _consonant_dice(marks, turns, unfaced, seen)
    # The vowel die is the one whose face is more square than triangular, and only one
    # is. Otherwise which die is which is a guess: a die read in the wrong alphabet (a J
    # read as the joker) also moves the others, so no face is given as sure.
    squareness = [s.support / max(t.support, 1e-6) for t, s in fits]
    table = _square_of_table(gray, marks, squareness)
    if table is not None:
        # Three d20 and a mark of the table: the game without the vowel die, or its
        # die lost (see below).
        del marks[table], fits[table], turns[table], squareness[table]
    order = sorted(range(len(marks)), key=lambda i: -squareness[i])
    if (
        len(marks) == 3
        and squareness[order[0]] > SQUARE_OVER_TRIANGLE > squareness[order[1]]
        and _face_around(gray, marks[order[0]], fits[order[0]][1]) > FACE_PLAIN
    ):
        # Its square is no die's face: a piece of a d20's letter (see
        # :data:`FACE_PLAIN`), read as that d20's.
        squareness[order[0]] = 0.0
        order = order[1:] + order[:1]
    warnings: list[str] = []
    if len(marks) == 3 and squareness[order[0]] < SQUARE_OVER_TRIANGLE:
        # The game without the variant: three d20 and no vowel die. A vowel die whose
        # letter lies flat (an I on its side is no mark) is missed the same way: the
        # players are told, since nothing else would show it; if the rules have it, it
        # is lost.
        shapes = [turns[i][0] for i in range(len(marks))]
        d20 = sorted((_face_of(marks[i], shapes[i], shapes) for i in order), key=_left)
        if vowel_die:
            return replace(_ordered(d20, [_found(3)], mixed=False), missing=1)
        warnings.append(NO_VOWEL_DIE)
        return _ordered(d20, warnings, mixed=False)
    if len(marks) != 4:
        warnings.append(_found(len(marks)))
    elif not (
        squareness[order[0]] > SQUARE_OVER_TRIANGLE > squareness[order[1]]
        or _clearly_square(fits[order[0]], fits[order[1]])
    ):
        warnings.append("dés à 20 faces et dé à 6 faces mal distingués : lecture incertaine")
    # Two d20 and one face clearly the vowel die's: a consonant die is lost (its letter
    # washed out, or on a black die), the vowel die is still known.
    lost = len(marks) == 3 and squareness[order[0]] > SQUARE_OVER_TRIANGLE > squareness[order[1]]
    mixed = bool(warnings) and not lost
    shapes = [turns[i][1 if i == order[0] else 0] for i in range(len(marks))]
    d6 = _face_of(marks[order[0]], shapes[order[0]], shapes)
    d20 = sorted((_face_of(marks[i], shapes[i], shapes) for i in order[1:]), key=_left)
    layout = _ordered([*d20, d6], warnings, mixed)
    if mixed and len(marks) == 4:
        either = tuple(
            (_face_of(mark, pair[0], shapes), _face_of(mark, pair[1], shapes))
            for mark, pair in zip(marks, turns, strict=True)
        )
        return replace(layout, by_letters=either)
    if lost:
        gap = _gap(d20, unfaced, seen is not None)
        if gap is not None and seen is not None:
            unfaced_d20 = _seen_face(seen, d6.squash)
            warnings.remove(_found(len(marks)))
            found = _ordered([*sorted([*d20, unfaced_d20], key=_left), d6], warnings, False)
            # A letter seen alone is a die only if it reads as a letter.
            return replace(found, tentative=gap) if seen.alone else found
        if gap is not None:
            return Layout(layout.faces, layout.warnings, missing=1, gap=gap)
        return Layout(layout.faces, layout.warnings, missing=1)
    return layout


#: The vowel die's letter is printed ink, as the d20's are: a face the shapes take for
#: it whose letter steps under this share of the median of the d20's letters' steps, and
#: whose square is not clearly better than its triangle (:data:`CLEARLY_SQUARE`, as the
#: vowel die looked for again must be), is a mark of the table. Three d20 not told, the
#: face so taken a piece of a streak of wood or a d20's shadow on a cloth (9 photos read
#: I or A surely, seeds 11 to 61): steps 0.10 to 0.30, squares 0.9 to 1.7 times their
#: triangles. Four dice, the vowel die (seeds 11 to 61, 600 photos): steps 0.52 at the
#: least; on the fresh seeds (101 to 197, 13, 59, 73) washed-out vowels step down to
#: 0.29 (seed 191/86), but in squares 2.2 to 13 times their triangles (2.2: 13/3).
FAINTER_THAN_DICE = 0.4


def _ink_step(gray: NDArray[np.uint8], mark: Mark) -> float:
    """How much a letter steps from its surround (grey levels): its contrast as found,
    or, found lit on three sides only (its contrast not measured), how much it is lit
    there, in either polarity."""
    if mark.contrast > 0:
        return mark.contrast
    return max(_lit_beside(gray, mark), _lit_beside(np.asarray(255 - gray, np.uint8), mark))


def _square_of_table(
    gray: NDArray[np.uint8], marks: list[Mark], squareness: list[float]
) -> int | None:
    """Which of four faces found, the one the shapes would take for the vowel die (the
    most square by ``squareness``, its square's support over its triangle's), is a mark
    of the table, or None: its letter is far fainter than the
    d20's and its square not clearly one (see :data:`FAINTER_THAN_DICE`), and the three
    others are triangles, their letters all of a size.

    A piece of a dark streak of wood, cut off where the streak fades, is a bar between
    two more streaks: a "square" of its size fits there barely (2.5 to 5.5), and better
    than a triangle, and the bar reads I surely; a d20's shadow on a checked cloth, its
    edge beside it, fits one too. They are what a d20's letter is told from on its own
    (plain around, sharp: :func:`_candidates`) only just; beside the dice's letters they
    are far fainter. A vowel die's letter washed out by a lamp is faint too, but on a
    face clearly square: the die's edges step across the table."""
    if len(marks) != 4:
        return None
    square = max(range(len(marks)), key=lambda i: squareness[i])
    others = [m for i, m in enumerate(marks) if i != square]
    dice = [_ink_step(gray, m) for m in others]
    faint = _ink_step(gray, marks[square]) < FAINTER_THAN_DICE * float(np.median(dice))
    # Only beside three triangles: with another square face, which die is which stays
    # a guess (a d20 seen at an angle, a T more square than triangular, read O surely
    # once the mark was set aside: seed 139/94).
    # ... and their letters all of a size (see :data:`SMALL_UP`): a leaning letter taken
    # for a die's, its up letter missed beside a lamp's highlight, read V as Z once the
    # mark was set aside (seed 137/27).
    d20 = all(squareness[i] < SQUARE_OVER_TRIANGLE for i in range(len(marks)) if i != square)
    if faint and squareness[square] < CLEARLY_SQUARE and d20 and _smallest(others) >= SMALL_UP:
        return square
    return None


#: The vowel die's face is one flat colour around its letter (a lamp shades it smoothly):
#: inside :data:`FACE_INNER` of its square, beyond its letter, the colour less its smooth
#: shading spreads by under this share of the letter's step. A lamp that washes out part
#: of a d20's up letter leaves a piece of it, a stem or a bar, that reads I surely and
#: around which a square fits better than a triangle (its face is off its centre): that
#: "square" holds the rest of the letter and the d20's edges. Seeds 11 to 61, four dice,
#: the face most square (the vowel die's, 599): at most 0.16; the pieces of a d20's
#: letter so taken for the vowel die, three d20 not told (an F's bar, an M's stem: seeds
#: 23/53, 61/77), 0.29 and 0.79.
FACE_PLAIN = 0.22
FACE_INNER = 0.6


def _face_around(gray: NDArray[np.uint8], mark: Mark, square: Fit) -> float:
    """How far from plain the face is inside ``square`` around the letter ``mark`` (see
    :data:`FACE_PLAIN`): the spread (tenth to ninetieth centile) of its grey, less a
    smooth (quadratic) shading, over the letter's step to it (as :func:`_plain_around`
    asks of a thin ring; here of the face's inside, the letter's ring left out)."""
    turns = square.angle + np.arange(4) * math.pi / 2
    reach = FACE_INNER * square.radius
    corners = np.stack(
        [mark.cx + reach * np.cos(turns), mark.cy + reach * np.sin(turns) * square.squash], axis=1
    )
    # (Looked at in a window around the square and the letter's ring, not the photo.)
    pad = _ring_reach(mark)
    x0 = max(0, min(math.floor(corners[:, 0].min()), mark.x - pad) - 1)
    y0 = max(0, min(math.floor(corners[:, 1].min()), mark.y - pad) - 1)
    x1 = min(gray.shape[1], max(math.ceil(corners[:, 0].max()), mark.x + mark.w + pad) + 2)
    y1 = min(gray.shape[0], max(math.ceil(corners[:, 1].max()), mark.y + mark.h + pad) + 2)
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(inside, [np.round(corners - (x0, y0)).astype(np.int32)], 1)
    ink = np.zeros_like(inside)
    ink[mark.y - y0 : mark.y - y0 + mark.h, mark.x - x0 : mark.x - x0 + mark.w] = mark.mask
    near = cv2.dilate(ink, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * pad + 1,) * 2))
    ys, xs = np.nonzero((inside > 0) & (near == 0))
    if len(ys) < 20:
        return 0.0
    ys, xs = ys + y0, xs + x0
    size = _size(mark)
    x, y = (xs - mark.cx) / size, (ys - mark.cy) / size
    grey = gray[ys, xs].astype(np.float64)
    terms = np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=1)
    shading = terms @ np.linalg.lstsq(terms, grey, rcond=None)[0]
    low, high = np.percentile(grey - shading, (10, 90))
    letter = gray[mark.y : mark.y + mark.h, mark.x : mark.x + mark.w][mark.mask > 0]
    step = abs(float(np.median(letter)) - float(np.median(grey)))
    return float(high - low) / max(step, 1.0)


def _consonant_dice(
    marks: list[Mark], turns: list[tuple[Fit, Fit]], unfaced: list[Mark], seen: _Unfaced | None
) -> Layout:
    """The layout of the game without the vowel die: every face found is a d20's,
    left to right; a die lost is a "?", in its place if its letters were seen (read
    there if its up letter was, as with the vowel die, see :func:`dice_faces`)."""
    shapes = [turn[0] for turn in turns]
    d20 = sorted((_face_of(m, s, shapes) for m, s in zip(marks, shapes, strict=True)), key=_left)
    if len(d20) == 3:
        return _ordered(d20, [], mixed=False)
    gap = _gap(d20, unfaced, seen is not None) if len(d20) == 2 else None
    if gap is not None and seen is not None:
        found = _ordered(sorted([*d20, _seen_face(seen, d20[0].squash)], key=_left), [], False)
        return replace(found, tentative=gap) if seen.alone else found
    return Layout(d20, (_found(len(d20), 3),), missing=3 - len(d20), gap=gap)


def _seen_face(seen: _Unfaced, squash: float) -> Face:
    """The face of a lost die whose up letter was seen, without its face: it is read in
    the turns of the triangle that fits best around it, and their opposites (a faint fit
    may have taken the face's corners for its edges' middles)."""
    ups = _ups(seen.turn)
    return Face(seen.mark, 3, ups + tuple(u + 180.0 for u in ups), squash)


def _dice_in_play(vowel_die: bool | None) -> int:
    """How many dice the rules roll: three d20, and the vowel die unless told not."""
    return 3 if vowel_die is False else 4


def _smallest(marks: list[Mark]) -> float:
    """The smallest letter's size as a share of the largest's (1.0 for one mark)."""
    sizes = [_size(m) for m in marks]
    return min(sizes) / max(sizes) if sizes else 1.0


def _small_letters(faces: list[Face], sure: list[bool]) -> set[int]:
    """The d20 faces read ``sure`` whose letter is under :data:`SMALL_D20` of the median
    size of the d20 letters read surely, once the lamp's pass has had its say: a piece
    of the letter or a leaning face's letter. In doubt: the d20's letters are all of a
    size (the vowel die's, on a larger face, is larger; a face read "?" is no measure,
    a glare's blob in a lost letter's place, seeds 11 and 41, three dice)."""
    d20 = [
        i for i, (f, read) in enumerate(zip(faces, sure, strict=True)) if read and f.corners == 3
    ]
    if len(d20) < 2:
        return set()
    middle = statistics.median(_size(faces[i].mark) for i in d20)
    return {i for i in d20 if _size(faces[i].mark) < SMALL_D20 * middle}


def _rival(marks: list[Mark], expected: int) -> bool:
    """Whether the largest mark beyond the ``expected`` dice is nearly as large as a
    die's letter (a mark of the table in a "face" of its size, or a die too many)."""
    return _size(marks[expected]) >= RIVAL_SIZE * min(_size(m) for m in marks[:expected])


def _found(count: int, expected: int = 4) -> str:
    """The warning of fewer dice found than expected (four, three without the vowel die)."""
    return f"{count} dé(s) trouvé(s) sur {expected} : lecture incertaine"


def _printed(image: NDArray[np.uint8], marks: list[Mark], count: int = 4) -> list[bool]:
    """Which of more than ``count`` faces' letters (the dice in play) may be printed on a
    die: not a filled blob (a cell of a checked cloth, see :func:`_blob`), nor those far
    fainter than the ``count`` most contrasted others and on a far busier surface (a
    cell of a checked cloth cut by a die's edge, a sliver of a die's outline against the
    cloth sit in a "face" of their size as well as the dice's letters do)."""
    letters = [m for m in marks if not _blob(m)]
    dice = sorted(letters, key=lambda m: -m.contrast)[:count]
    if len(dice) < count:
        return [True] * len(marks)
    faintest = min(m.contrast for m in dice)
    busiest = max(_plain_around(image, m) for m in dice)
    return [
        any(m is d for d in dice)
        or (
            any(m is c for c in letters)
            and (
                m.contrast >= TABLE_FAINTER * faintest
                or _plain_around(image, m) <= TABLE_BUSIER * busiest
            )
        )
        for m in marks
    ]


def _clearest(
    image: NDArray[np.uint8],
    marks: list[Mark],
    fits: list[tuple[Fit, Fit]],
    *,
    vowel_die: bool = True,
) -> list[int] | None:
    """Which of more faces' marks than dice are the dice (their indices, in order), if
    they are printed far more clearly than all the others: a mark of the table (a
    streak of wood, a cloth's cell cut by a die's edge) is fainter and on a busier
    surface than every die's letter. Four marks, or three if one of them is the vowel
    die's square (a consonant die lost, a lamp having washed out its letter); three
    d20, without the ``vowel_die``; None when no such choice is clear (a die's letter
    washed out by a lamp is faint too).

    What the model reads does not tell them: a streak of wood read as a J, a cloth's
    corner as an L, surely (seeds 31, 53, 61, 167)."""
    # How clearly each is printed: its contrast over how busy the surface around it is.
    busy = [_plain_around(image, m) for m in marks]
    clear = [m.contrast / max(b, CLEAR_PLAIN) for m, b in zip(marks, busy, strict=True)]
    order = sorted(range(len(marks)), key=lambda i: -clear[i])
    # (count, how many of them are the vowel die's square; None: not asked)
    choices = ((4, None), (3, 1)) if vowel_die else ((3, None),)
    for count, vowel in choices:
        dice, rest = order[:count], order[count:]
        apart = clear[dice[-1]] >= CLEARER * clear[rest[0]]
        busier = min(busy[i] for i in rest) > max(busy[i] for i in dice)
        squares = [fits[i][1].support > SQUARE_OVER_TRIANGLE * fits[i][0].support for i in dice]
        if apart and busier and vowel in (None, sum(squares)):
            return sorted(dice)
    return None


def _blob(mark: Mark) -> bool:
    """Whether a mark is a filled blob, no letter: it fills its box and its hull, and
    is not a bar (an I on the vowel die, upright, fills its box as well)."""
    if (mark.mask > 0).mean() < BLOB_FILL or _solidity(mark) < BLOB_SOLID:
        return False
    points = cv2.findNonZero(mark.mask)
    sides = cv2.minAreaRect(points)[1]
    return max(sides) < BLOB_BAR * max(min(sides), 1.0)


def _told_by_letters(
    either: tuple[tuple[Face, Face], ...], model: GlyphModel, gray: NDArray[np.uint8]
) -> tuple[Layout, list[tuple[str, float]]] | None:
    """The layout of four dice whose shapes did not tell the vowel die (``either``: each
    face as a d20's and as the vowel die's), with its readings, if the letters tell it:
    one face only reads surely as the vowel die's, and the others surely as d20's.

    A d20 carries consonants only and the vowel die vowels only: taken for the wrong
    die, a face's nearest letter is one its die does not carry, and it is unsure. The
    shapes fail to tell the vowel die now and then (a black vowel die on a dark table
    shows hardly a square, a glare spur moves its letter's centre off its square).

    A face around which letters lean as around a d20's up face (see :func:`_leaned_on`)
    is a d20's too, however it reads: a lamp that washed out its face and part of its
    letter leaves a stroke read as the vowel die's I, or no letter at all."""
    reads = _read_faces([f for pair in either for f in pair], model, gray)
    as_d20, as_d6 = reads[0::2], reads[1::2]
    leaned = [_leaned_on(gray, pair[0]) for pair in either]
    consonant = [as_d20[i][1] >= UNSURE_BELOW or leaned[i] for i in range(len(either))]
    vowels = [
        v
        for v in range(len(either))
        if as_d6[v][1] >= UNSURE_BELOW
        and not leaned[v]
        and all(consonant[i] for i in range(len(either)) if i != v)
    ]
    if len(vowels) != 1:
        return None
    (v,) = vowels
    d20 = sorted((i for i in range(len(either)) if i != v), key=lambda i: either[i][0].mark.cx)
    layout = _ordered([*(either[i][0] for i in d20), either[v][1]], [], mixed=False)
    return layout, [*(as_d20[i] for i in d20), as_d6[v]]


#: Letters lean around a face as around a d20's up face when two or more lie where its
#: leaning faces' letters do, each this close (degrees) to the middle of an edge of a
#: triangle turned by them all. Seeds 11, 23, 31, the 300 photos whose dice the shapes
#: told: 564 d20 faces of 897 leaned on so (11 more beyond 10 degrees); 4 vowel dice of
#: 299 (marks of the table around them: 16 more beyond 10 degrees). Measured on the
#: photo as it is, so looked for there: magnified (as a face in doubt is turned), other
#: marks lean, and a washed-out d20 beside the vowel die was not told (seed 149/42).
LEANED_ON = 10.0


def _leaned_on(gray: NDArray[np.uint8], face: Face) -> bool:
    """Whether letters lean around ``face`` (a d20's) as around a d20's up face: the
    vowel die, a cube, shows none around its own."""
    return _leaning_ups(gray, face, LEANED_ON, zoom=1) is not None


def _gap(d20: list[Face], lost: list[Mark], centred: bool) -> int | None:
    """Where the one lost die lies among the d20 found (left to right), or None if that
    is not known: nothing seen of it, or marks of more than one die, or a die found
    nearly in one column with it. ``centred``: the first lost mark is its up letter."""
    if not lost:
        return None
    first = lost[0]
    reach = LEANING * max(_size(face.mark) for face in d20) if d20 else 0.0
    # Marks of one die lie within that reach of its centre: of its up letter if seen,
    # else within a circle of that radius (two leaning letters on either side of their
    # die are farther apart: seed 17, 76 px, reach 68).
    points = np.array([[m.cx, m.cy] for m in lost], np.float32)
    if centred and any(math.hypot(m.cx - first.cx, m.cy - first.cy) > reach for m in lost):
        return None
    if cv2.minEnclosingCircle(points)[1] > reach:
        return None
    # A leaning letter lies up to one and a half letters from its die's centre: a die
    # found nearer than that across is on either side of it.
    # (an up letter without its face is at its die's centre: only a die in one column
    # with it, as :data:`SAME_COLUMN` says, is on either side of it).
    x = float(np.mean([m.cx for m in lost]))
    if centred:
        x, reach = first.cx, SAME_COLUMN * _size(first)
    if any(abs(face.mark.cx - x) < reach for face in d20):
        return None
    return sum(face.mark.cx < x for face in d20)


def _clearly_square(square: tuple[Fit, Fit], next_one: tuple[Fit, Fit]) -> bool:
    """Whether the most square face is the vowel die though the next one is more square
    than triangular too: far more square than it, and either the next one's triangle
    found (seen at an angle, the hexagon around a d20's face lends a square some
    support) or its square far fainter (a black die's faint face fits no polygon well).
    Both together tell it without the first: a checked cloth around the vowel die lends
    its triangle support too (seed 29: its square 31, its triangle 7.9; a black d20's
    triangle 2.2 found, its square 4.4, seven times fainter: 3.9 times as square only)."""
    ratio = [s.support / max(t.support, 1e-6) for t, s in (square, next_one)]
    faint = FAINT_SQUARE * next_one[1].support < square[1].support
    found = next_one[0].support >= MIN_SUPPORT
    return (ratio[0] > CLEARLY_SQUARE * ratio[1] and (found or faint)) or (
        found and faint and ratio[0] > SQUARE_OVER_TRIANGLE
    )


def _size(mark: Mark) -> int:
    return max(mark.w, mark.h)


def _left(face: Face) -> float:
    return face.mark.cx


def _face_of(mark: Mark, fit: Fit, every: list[Fit]) -> Face:
    """The face of ``mark``, its letter read through the photo's foreshortening: the
    median of every face's (one camera sees them all; one face's own is less sure)."""
    squash = float(np.median([f.squash for f in every]))
    return Face(mark, fit.corners, _ups(fit), squash)


def _ordered(faces: list[Face], warnings: list[str], mixed: bool) -> Layout:
    """The layout of ``faces`` (the d20 left to right, then the vowel die if any), with a
    warning if consonant dice lie one above the other: they have no left and right, so
    which consonant goes where is a guess (which the game's rules ignore)."""
    d20 = [f for f in faces if f.corners == 3]
    if any(
        b.mark.cx - a.mark.cx < SAME_COLUMN * max(a.mark.w, a.mark.h, b.mark.w, b.mark.h)
        for a, b in itertools.pairwise(d20)
    ):
        warnings.append("deux dés l'un au-dessus de l'autre : leur ordre est incertain")
    return Layout(faces, tuple(warnings), mixed)


#: Sizes of the vowel die's square tried when its letter is read again (half its side
#: over its letter's size, as :data:`SQUARE_HALVES`, wider): an I turned a third of a
#: right angle has a box a fifth smaller than its height, and its die's edge lay 1.3
#: to 1.4 times its box away (seed 191/56), where :data:`SQUARE_HALVES` stops.
AGAIN_HALVES = (0.6, 1.6)

#: Marks tried as the vowel die's letter when it is read again: the one read first, then
#: this many more, the largest first...
AGAIN_TRIED = 2
#: ... whose centre lies this many times the dice's largest letter from the first one's
#: at most (a light letter beside a lamp's highlight, lit on three sides only, left its
#: place to the highlight, 0.7 of it away, or to its own hole: seeds 73/64, 181/41)...
AGAIN_NEAR = 1.5
#: ... looked for in a window of this many times that letter on each side of it (a mark
#: is at most 0.3 of the window's height: :func:`vision.reading.find_marks`).
AGAIN_WINDOW = 4.0


def _vowel_again(
    image: Image, gray: NDArray[np.uint8], faces: list[Face], model: GlyphModel
) -> tuple[Face, tuple[str, float]] | None:
    """The vowel die's face (the last of ``faces``) and its reading, found again when its
    letter was read "?" as found: its square fitted again around its letter among wider
    sizes, on the photo itself, and failing that around the marks near it, lit on three
    sides included; the first one that is clearly a square's letter and reads surely.

    Its square is fitted as the dice are found among sizes bound to its letter's box, and
    turned without the letters (see :func:`_plain_gradients`): an I turned a third of a
    right angle has a small box for its height, and its square lies beyond those sizes
    (seed 191/56); a light die on a darker table is a mark itself, painted over with its
    letter, and its square is lost to the turn (seed 173/13). A lamp's highlight beside a
    light letter leaves it lit on three sides only, no mark: the highlight, or the
    letter's hole, took its place (seeds 73/64, 181/41). Looked for only then.
    """
    face = faces[-1]
    small = np.asarray(
        image
        if image.shape[:2] == gray.shape
        else cv2.resize(image, gray.shape[::-1], interpolation=cv2.INTER_AREA),
        np.uint8,
    )
    largest = max(_size(f.mark) for f in faces)
    for mark in [face.mark, *_near_marks(small, gray, face.mark, largest)[:AGAIN_TRIED]]:
        square = _square_again(small, mark, face.squash)
        if square is None:
            continue
        again = replace(face, mark=mark, ups=_ups(square))
        ((letter, sure),) = _read_faces([again], model, gray)
        if sure >= UNSURE_BELOW:
            return again, (letter, sure)
    return None


def _near_marks(
    image: NDArray[np.uint8], gray: NDArray[np.uint8], mark: Mark, largest: int
) -> list[Mark]:
    """The printed marks of the dice's letters' size near ``mark`` (see
    :data:`AGAIN_NEAR`), light or dark, lit on three sides included (see
    :func:`_candidates`), the largest first; ``mark`` itself left out."""
    reach = round(AGAIN_WINDOW * max(_size(mark), largest))
    x0, y0 = max(0, round(mark.cx) - reach), max(0, round(mark.cy) - reach)
    x1 = min(gray.shape[1], round(mark.cx) + reach)
    y1 = min(gray.shape[0], round(mark.cy) + reach)
    window = np.ascontiguousarray(gray[y0:y1, x0:x1])
    found = [
        replace(m, x=m.x + x0, y=m.y + y0)
        for shade in (window, np.asarray(255 - window, np.uint8))
        for m in find_marks(shade, min_contrast=0.0, frames=True)
        if m.contrast >= FAINT_MARK or _lit_beside(shade, m) >= FAINT_MARK
    ]
    near = [
        m
        for m in found
        if _size(m) >= LEANING_SIZE * largest
        and math.hypot(m.cx - mark.cx, m.cy - mark.cy) <= AGAIN_NEAR * max(_size(mark), largest)
        and (m.x, m.y, m.w, m.h) != (mark.x, mark.y, mark.w, mark.h)
    ]
    printed = [
        m for m in near if _plain_around(image, m) < PLAIN_AROUND and _sharpness(gray, m) > SHARP
    ]
    return sorted(printed, key=lambda m: -_size(m))


def _square_again(image: NDArray[np.uint8], mark: Mark, squash: float) -> Fit | None:
    """The square around ``mark`` among :data:`AGAIN_HALVES`' sizes, seen through
    ``squash``, fitted on the photo around it with only that mark masked, if it is
    clearly more square than triangular (as :func:`_missed_vowel_die`'s), else None."""
    size = _size(mark)
    reach = round(2 * AGAIN_HALVES[1] * size) + 10
    x0, y0 = max(0, round(mark.cx) - reach), max(0, round(mark.cy) - reach)
    x1 = min(image.shape[1], round(mark.cx) + reach)
    y1 = min(image.shape[0], round(mark.cy) + reach)
    grads = _gradients(np.ascontiguousarray(image[y0:y1, x0:x1]))
    own = np.zeros((y1 - y0, x1 - x0), np.uint8)
    own[mark.y - y0 : mark.y - y0 + mark.h, mark.x - x0 : mark.x - x0 + mark.w] = mark.mask
    letter = _masked(own)
    centre = (mark.cx - x0, mark.cy - y0)
    halves = size * math.sqrt(2) * np.linspace(*AGAIN_HALVES, FINER_SQUARE_SIZES)
    square = _fit(grads, letter, centre, 4, halves, squashes_tried=(squash,))
    radii = size * np.linspace(*TRIANGLE_RADII, COARSE_RADII[0])
    triangle = _fit(grads, letter, centre, 3, radii, squashes_tried=(squash,))
    if square.support >= MIN_SUPPORT and square.support > CLEARLY_SQUARE * triangle.support:
        return square
    return None


def read_dice(
    image: Image,
    model: GlyphModel | None = None,
    data_dir: Path | None = None,
    *,
    vowel_die: bool | None = None,
    learned: bool = True,
) -> Reading:
    """The three consonants (left to right), then the vowel die's face (``*``: joker);
    the three consonants alone on a photo of the game without the vowel die.

    ``learned``: the dice are found and read by the learned classifier
    (:mod:`vision.dice_learned`), whose calibrated confidence alone decides "?", the
    player's own dice in ``data_dir`` (``arbitre calibrate --kind dice``) confirming the
    letters it doubts; where it still leaves a "?", the first design below reads the
    photo too (with the glyph ``model``, if given), and it is kept unless the learned
    reading is sure of more values. Without it, the first design alone (for comparison).

    ``vowel_die`` says whether the rules in play have the vowel die: without it
    (False), nothing on the table is read as the vowel die (a streak of wood could
    read I) and the searches for a vowel die missed are saved; with it (True), three
    d20 found mean the vowel die was lost. None: the variant is not known, and the
    dice's shapes tell whether the vowel die was rolled. On the printed mat
    (:mod:`vision.mat`), only its tray is looked at."""
    if learned:
        return read_on_mat(
            image,
            TRAY,
            lambda part: with_first_design(
                part,
                model,
                data_dir,
                vowel_die,
                lambda image, vowel_die: read_learned(image, vowel_die, data_dir=data_dir),
            ),
        )
    return read_on_mat(image, TRAY, lambda part: _read_dice(part, model, data_dir, vowel_die))


def _sure(reading: Reading) -> int:
    return len(reading.values) - len(reading.uncertain)


#: A learned reader: the photo and whether the vowel die is in play.
LearnedReader = Callable[[Image, bool | None], Reading]


def with_first_design(
    image: Image,
    model: GlyphModel | None,
    data_dir: Path | None,
    vowel_die: bool | None,
    learned_reader: LearnedReader,
) -> Reading:
    """The learned reading; where it is not sure of every die, the first design's unless
    the learned one is sure of more (on a tie the first design's, whose warnings say
    why it doubts)."""
    try:
        learned: Reading | None = learned_reader(image, vowel_die)
    except NothingFound:
        learned = None
    if learned is not None and not learned.uncertain:
        return learned
    try:
        first = _read_dice(image, model, data_dir, vowel_die)
    except NothingFound:
        if learned is None:
            raise
        return learned
    return first if learned is None or _sure(first) >= _sure(learned) else learned


def _read_dice(
    image: Image, model: GlyphModel | None, data_dir: Path | None, vowel_die: bool | None
) -> Reading:
    layout = dice_faces(image, vowel_die)
    model = model or model_for(ALPHABET, data_dir, kind=KIND)
    values: list[str | int] = []
    confidence: list[float] = []
    gray, _ = working_gray(image)
    told = _told_by_letters(layout.by_letters, model, gray) if layout.by_letters else None
    layout, reads = told or (layout, _read_faces(layout.faces, model, gray))
    vowel_last = bool(layout.faces) and layout.faces[-1].corners == 4
    if vowel_last and not layout.mixed and reads[-1][1] < UNSURE_BELOW:
        again = _vowel_again(image, gray, layout.faces, model)
        if again is not None:
            layout = replace(layout, faces=[*layout.faces[:-1], again[0]])
            reads = [*reads[:-1], again[1]]
    # Dice one above the other are read all the same: their order is a guess, but the
    # game asks for a word holding the three consonants in any order.
    small = _small_letters(layout.faces, [sure >= UNSURE_BELOW for _, sure in reads])
    for i, (read, sure) in enumerate(reads):
        conf = min(sure, UNSURE_BELOW / 2) if layout.mixed or i in small else sure
        values.append(read if conf >= UNSURE_BELOW else "?")
        confidence.append(conf)
    warnings = layout.warnings
    if small:  # faces read surely, now in doubt: the players are told why
        warnings = (*warnings, SMALL_LETTER)
    missing, gap = layout.missing, layout.gap
    expected = _dice_in_play(vowel_die)
    if layout.tentative is not None and values[layout.tentative] == "?":
        # Not a letter: perhaps no die, and then where the lost one lies is not known,
        # as for a die not seen (the two consonants read are kept: the game asks for a
        # word holding the three in any order).
        del values[layout.tentative], confidence[layout.tentative]
        warnings, missing, gap = (*warnings, _found(len(layout.faces) - 1, expected)), 1, None
    for _ in range(missing):  # a lost die, where it lies if known (a d20 before the vowel)
        at = len(values) - vowel_last if gap is None else gap
        values.insert(at, "?")
        confidence.insert(at, 0.0)
    uncertain = [i for i, conf in enumerate(confidence) if conf < UNSURE_BELOW]
    return Reading("dice", tuple(values), tuple(confidence), tuple(uncertain), warnings)
