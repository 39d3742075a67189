"""Read the dice game's dice from an overhead photo: three consonant d20 and the vowel d6.

The face that counts is the one facing up. Seen from above it carries the largest letter
of its die (the faces around it lean away, their letters look small and squashed), and
that letter sits at the centre of a face of its own size: a triangle on a d20, a square
on the vowel die. Letters are looked for in both polarities (light on a dark die, dark
on a light one) and kept when printed on a plain surface; the largest ones around which
a triangle or a square of their size follows edges of the photo are the up faces. Faces
are told by shape, not colour (a black die's faces differ by a few grey levels only),
and the vowel die is the one face more square than triangular. A letter stands on one
edge of its face, so only those orientations are tried (three on a triangle, four on a
square), never the 90° or 180° turns that make a Z of an N or a W of an M; the one that
looks most like a letter is read, and a rival sure of another letter makes it "?".
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.glyphs import (
    JOKER,
    LETTERS,
    NOT_A_GLYPH,
    GlyphModel,
    Mask,
    features,
    nearness_of,
    normalize_glyph,
)
from vision.models import model_for
from vision.reading import UNSURE_BELOW, Mark, NothingFound, Reading, find_marks, working_gray

CONSONANTS = "BCDFGHJKLMNPQRSTVWXZ"
VOWELS = "AEIOU" + JOKER
#: The model reads every letter and the joker's star.
ALPHABET = LETTERS + JOKER
#: The calibration's key for the dice's own glyphs (see :func:`vision.models.model_for`).
KIND = "dice"

#: A face whose square fits this much better than its triangle is the vowel die's.
SQUARE_OVER_TRIANGLE = 1.0

#: Radius of a d20's up triangle (centre to corner) over its letter's size (the larger
#: side of its box), and half the side of the vowel die's square over its letter's size.
TRIANGLE_RADII = (0.9, 1.9)
SQUARE_HALVES = (0.6, 1.3)

#: A letter is an up face's when the weakest edge of its face steps by this much
#: (derivative across the edge, summed over the colour channels).
MIN_SUPPORT = 3.0

#: A letter is printed on a plain face: the colour around it spreads by less than this
#: share of its step to the letter (up letters: 90% under 0.23; the corners of a
#: checked cloth, the holes of letters: mostly over 1).
PLAIN_AROUND = 0.4

#: Marks whose width, height and area match within this share are twins; a mark with
#: this many twins is a cell of a patterned table, not a letter.
TWIN = 0.1
PATTERN_TWINS = 3

#: A mark sharing its centre with a larger one (the letter in its light face, or the hole
#: in its letter) takes its place when a face of its size fits this much better.
BETTER_FACE = 1.3

#: A mark inside a letter is a hole of it when its colour is this close to the colour
#: around the letter (a share of the letter's step to it).
HOLE = 0.3

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

#: Marks tried, the largest first, before giving up on finding four dice.
MAX_CANDIDATES = 16


@dataclass(frozen=True)
class Face:
    """The up face of one die: its letter's mark and the directions its top may point to."""

    mark: Mark
    corners: int
    """3 for a d20's triangle, 4 for the vowel die's square."""
    ups: tuple[float, ...]
    """Candidate angles (degrees) of the letter's top, one per edge of the face."""


def _candidates(gray: NDArray[np.uint8], image: NDArray[np.uint8]) -> list[Mark]:
    """Marks dark on light and light on dark, the largest first.

    Among them are the letters of the up faces, but also the letters of the faces that
    lean away, the holes of letters (an R's, an O's) and, on a light die, its whole up
    face (a light blob on the darker faces around it).
    """
    marks = find_marks(gray) + find_marks(np.asarray(255 - gray, np.uint8))
    printed = [m for m in marks if _plain_around(image, m) < PLAIN_AROUND]
    areas = [int((m.mask > 0).sum()) for m in printed]
    # The cells of a checked cloth are plain all around too, but come by the dozen, all
    # alike; dice letters differ (other letters, other turns).
    sizes = np.array([[m.w, m.h, a] for m, a in zip(printed, areas, strict=True)], float)
    twins = [int((np.abs(sizes - row) <= TWIN * row).all(axis=1).sum()) - 1 for row in sizes]
    kept = [(a, m) for m, a, t in zip(printed, areas, twins, strict=True) if t < PATTERN_TWINS]
    return [m for _, m in sorted(kept, key=lambda pair: -pair[0])]


def _around(
    image: NDArray[np.uint8], mark: Mark
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """The colours of a mark's pixels and of a thin ring around it (rows of BGR)."""
    pad = max(3, round(0.15 * max(mark.w, mark.h)))
    y0, x0 = max(0, mark.y - pad), max(0, mark.x - pad)
    window = image[y0 : mark.y + mark.h + pad, x0 : mark.x + mark.w + pad].astype(np.float32)
    ink = np.zeros(window.shape[:2], np.uint8)
    ink[mark.y - y0 : mark.y - y0 + mark.h, mark.x - x0 : mark.x - x0 + mark.w] = mark.mask
    near = cv2.dilate(ink, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * pad + 1,) * 2))
    ring = (near > 0) & (cv2.dilate(ink, np.ones((5, 5), np.uint8)) == 0)
    return window[ink > 0], window[ring]


def _plain_around(image: NDArray[np.uint8], mark: Mark) -> float:
    """How plain the surface right around a mark is: the spread of its colour over the
    step from it to the mark (0: a letter printed on a plain face)."""
    ink, ring = _around(image, mark)
    if len(ring) < 10:
        return 1.0
    low, middle, high = np.percentile(ring, (10, 50, 90), axis=0)
    step = float(np.abs(np.median(ink, axis=0) - middle).max())
    return float((high - low).max()) / max(step, 1.0)


def _hole_of(image: NDArray[np.uint8], inner: Mark, outer: Mark) -> bool:
    """Whether ``inner`` is a hole of the letter ``outer`` (the face seen through an O),
    rather than a letter on the face ``outer``: a hole is the colour around its letter."""
    inside = np.median(_around(image, inner)[0], axis=0)
    ink, ring = _around(image, outer)
    if len(ring) == 0:
        return False
    around = np.median(ring, axis=0)
    return bool(
        np.abs(inside - around).max() < HOLE * np.abs(np.median(ink, axis=0) - around).max()
    )


@dataclass(frozen=True)
class Fit:
    """The best polygon of ``corners`` corners centred on a letter, and how well its
    edges lie on edges of the photo."""

    corners: int
    angle: float
    """Direction (radians, image axes) of the first corner seen from the centre."""
    radius: float
    """Distance from the centre to a corner (pixels)."""
    support: float
    """Mean step of colour across its weakest edge."""


def _gradients(image: NDArray[np.uint8]) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Derivatives along x and y of the slightly blurred photo, summed over its colours."""
    smooth = cv2.GaussianBlur(image.astype(np.float32), (0, 0), 1.5).sum(axis=2)
    return (
        np.asarray(cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3) / 8, np.float32),
        np.asarray(cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3) / 8, np.float32),
    )


def _fit(
    grads: tuple[NDArray[np.float32], NDArray[np.float32]],
    letter: NDArray[np.bool_],
    centre: tuple[float, float],
    corners: int,
    radii: NDArray[np.float64],
) -> Fit:
    """The regular polygon around ``centre`` whose edges the photo's edges follow best."""
    gx, gy = grads
    height, width = letter.shape
    step = 2 * math.pi / corners
    angles = np.radians(np.arange(0.0, math.degrees(step), 2.0))
    t = np.linspace(0.15, 0.85, 15)
    # a: angle, r: radius, e: edge, s: sample along it.
    first = angles[:, None, None] + step * np.arange(corners)[None, None, :]
    start = np.stack([np.cos(first), np.sin(first)], -1) * radii[None, :, None, None]
    end = np.stack([np.cos(first + step), np.sin(first + step)], -1) * radii[None, :, None, None]
    points = start[..., None, :] + (end - start)[..., None, :] * t[:, None]
    xs = np.clip(np.rint(centre[0] + points[..., 0]).astype(int), 0, width - 1)
    ys = np.clip(np.rint(centre[1] + points[..., 1]).astype(int), 0, height - 1)
    normal = first + step / 2
    across = gx[ys, xs] * np.cos(normal)[..., None] + gy[ys, xs] * np.sin(normal)[..., None]
    valid = ~letter[ys, xs]
    outside = (
        (centre[0] + points[..., 0] < 0)
        | (centre[0] + points[..., 0] >= width)
        | (centre[1] + points[..., 1] < 0)
        | (centre[1] + points[..., 1] >= height)
    )
    valid &= ~outside
    # An edge of a face is one step of shade all along (the median ignores the strokes
    # of letters that cross it), and a face is lighter, or darker, than all around it.
    count = valid.sum(axis=-1)
    ordered = np.sort(np.where(valid, across, np.inf), axis=-1)
    middle = np.maximum(count - 1, 0)[..., None] // 2
    steps = np.take_along_axis(ordered, middle, axis=-1)[..., 0]
    steps[count < 0.4 * len(t)] = 0.0
    weakest = np.maximum(steps.min(axis=-1), (-steps).min(axis=-1))
    a, r = np.unravel_index(int(np.argmax(weakest)), weakest.shape)
    return Fit(corners, float(angles[a]), float(radii[r]), float(weakest[a, r]))


def _face(
    grads: tuple[NDArray[np.float32], NDArray[np.float32]],
    letter: NDArray[np.bool_],
    mark: Mark,
) -> tuple[Fit, Fit]:
    """The best triangle and the best square centred on the letter ``mark``.

    Their sizes are bound to the letter's: a d20's up letter is about two thirds of its
    triangle's height, the vowel die's half its square's side (a mark much larger than
    its face's letter, or much smaller, finds no face of its size around it).
    """
    size = max(mark.w, mark.h)
    centre = (mark.cx, mark.cy)
    triangle = _fit(grads, letter, centre, 3, size * np.linspace(*TRIANGLE_RADII, 25))
    square = _fit(grads, letter, centre, 4, size * math.sqrt(2) * np.linspace(*SQUARE_HALVES, 17))
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


def _turned(mark: Mark, up: float) -> Mask:
    """The letter turned so that the direction ``up`` points up."""
    side = int(max(mark.w, mark.h) * 1.5) + 2
    canvas = np.zeros((side, side), np.uint8)
    y, x = (side - mark.h) // 2, (side - mark.w) // 2
    canvas[y : y + mark.h, x : x + mark.w] = mark.mask
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


def _read_faces(faces: list[Face], model: GlyphModel) -> list[tuple[str, float]]:
    """The letter of each up face, tried in each orientation its face allows.

    The orientation kept is the one that looks most like a letter (nearest to a learned
    glyph), read among all letters: a C turned a third looks like an O, a U turned a
    quarter like a C, but less than they look like a C and a U. If that letter is not
    one the die carries, the face is unsure. Its confidence is its share among the
    letters the die carries (a bar on the vowel die is an I, whatever J or L it looks
    like too). Another orientation that reads, sure of itself, another letter of the
    die makes it unsure.
    """
    glyphs = [normalize_glyph(_turned(f.mark, up)) for f in faces for up in f.ups]
    votes = _votes(model, glyphs)
    answers = []
    start = 0
    for face in faces:
        end = start + len(face.ups)
        allowed = CONSONANTS if face.corners == 3 else VOWELS
        best = min(votes[start:end], key=lambda v: v.closest)
        letter = best.winner
        rivals = [
            v
            for v in votes[start:end]
            if v.winner in allowed
            and v.winner != letter
            and v.share(v.winner) >= UNSURE_BELOW
            and v.closest < best.closest + RIVAL_SLACK
        ]
        if letter not in allowed or best.closest > FAR_FROM_LETTERS:
            answers.append(("?", 0.0))
        else:
            answers.append((letter, best.share(letter, allowed) * (0.5 if rivals else 1.0)))
        start = end
    return answers


@dataclass(frozen=True)
class Layout:
    """The dice's up faces in reading order, and what about them is a guess."""

    faces: list[Face]
    """The consonant dice left to right, then the vowel die."""
    warnings: tuple[str, ...]
    """French sentences, one per doubt."""
    unordered: frozenset[int] = frozenset()
    """Faces whose place in the order is a guess."""
    mixed: bool = False
    """Which die is the vowel die is a guess (or dice are missing): no face is sure."""


def _inside(mark: Mark, other: Mark) -> bool:
    """Whether ``mark``'s centre lies in ``other``'s box and ``mark`` is the smaller."""
    return (
        other.x < mark.cx < other.x + other.w
        and other.y < mark.cy < other.y + other.h
        and (mark.w * mark.h < other.w * other.h)
    )


def _find_dice(
    gray: NDArray[np.uint8], image: NDArray[np.uint8]
) -> tuple[list[Mark], list[tuple[Fit, Fit]]]:
    """Up to four up-face letters, the largest first, each with its best triangle and
    square: the largest marks that sit at the centre of a face of their size."""
    grads = _gradients(image)
    candidates = _candidates(gray, image)
    if not candidates:
        raise NothingFound("aucun dé trouvé sur la photo")
    # Edges are not looked for on letters; a mark around another one (a light face
    # around its letter, a letter around its hole) is not masked: it may be the face.
    ink = np.zeros(gray.shape, np.uint8)
    for mark in candidates:
        holding = [o for o in candidates if o is not mark and _inside(o, mark)]
        if all(_hole_of(image, o, mark) for o in holding):
            ink[mark.y : mark.y + mark.h, mark.x : mark.x + mark.w] |= mark.mask
    letter = cv2.dilate(ink, np.ones((5, 5), np.uint8)) > 0
    marks: list[Mark] = []
    fits: list[tuple[Fit, Fit]] = []
    for mark in candidates[:MAX_CANDIDATES]:
        fit = _face(grads, letter, mark)
        support = max(fit[0].support, fit[1].support)
        if support < MIN_SUPPORT:
            continue
        reach = max(mark.w, mark.h)
        near = [
            i
            for i, c in enumerate(marks)
            if math.hypot(mark.cx - c.cx, mark.cy - c.cy) < 1.5 * max(reach, c.w, c.h)
        ]
        if not near:
            marks.append(mark)
            fits.append(fit)
            continue
        # A letter and its hole, or a light face and its letter, share a centre: the one
        # a face of its own size fits better around is the letter.
        i = near[0]
        shared = math.hypot(mark.cx - marks[i].cx, mark.cy - marks[i].cy) < 0.25 * max(
            reach, marks[i].w, marks[i].h
        )
        better = support > BETTER_FACE * max(f.support for f in fits[i])
        if len(near) == 1 and shared and better and not _hole_of(image, mark, marks[i]):
            marks[i], fits[i] = mark, fit
    marks, fits = marks[:4], fits[:4]
    if not marks:
        raise NothingFound("aucun dé trouvé sur la photo")
    return marks, fits


def dice_faces(image: Image) -> Layout:
    """The up faces in reading order (the consonant dice left to right, then the vowel
    die), and which of them are in doubt."""
    gray, scale = working_gray(image)
    small = np.asarray(
        image
        if scale == 1.0
        else cv2.resize(image, gray.shape[::-1], interpolation=cv2.INTER_AREA),
        np.uint8,
    )
    marks, fits = _find_dice(gray, small)
    # The vowel die is the one whose face is more square than triangular, and only one
    # is. Otherwise which die is which is a guess: a die read in the wrong alphabet (a J
    # read as the joker) also moves the others, so no face is given as sure.
    squareness = [s.support / max(t.support, 1e-6) for t, s in fits]
    order = sorted(range(len(marks)), key=lambda i: -squareness[i])
    warnings: list[str] = []
    if len(marks) == 3 and squareness[order[0]] < SQUARE_OVER_TRIANGLE:
        # The game without the variant: three d20 and no vowel die.
        d20 = sorted((Face(marks[i], 3, _ups(fits[i][0])) for i in order), key=lambda f: f.mark.cx)
        return _ordered(d20, warnings, mixed=False)
    if len(marks) != 4:
        warnings.append(f"{len(marks)} dé(s) trouvé(s) sur 4 : lecture incertaine")
    elif not squareness[order[0]] > SQUARE_OVER_TRIANGLE > squareness[order[1]]:
        warnings.append("dés à 20 faces et dé à 6 faces mal distingués : lecture incertaine")
    mixed = bool(warnings)
    d6 = Face(marks[order[0]], 4, _ups(fits[order[0]][1]))
    d20 = sorted((Face(marks[i], 3, _ups(fits[i][0])) for i in order[1:]), key=lambda f: f.mark.cx)
    return _ordered([*d20, d6], warnings, mixed)


def _ordered(faces: list[Face], warnings: list[str], mixed: bool) -> Layout:
    """The layout of ``faces`` (the d20 left to right, then the vowel die if any), the
    consonant dice one above the other marked as unordered: they have no left and right,
    so which consonant goes where is a guess."""
    d20 = [f for f in faces if f.corners == 3]
    unordered = {
        k
        for i, j in itertools.pairwise(range(len(d20)))
        if d20[j].mark.cx - d20[i].mark.cx
        < SAME_COLUMN * max(d20[i].mark.w, d20[i].mark.h, d20[j].mark.w, d20[j].mark.h)
        for k in (i, j)
    }
    if unordered:
        warnings.append("deux dés l'un au-dessus de l'autre : leur ordre est incertain")
    return Layout(faces, tuple(warnings), frozenset(unordered), mixed)


def upright_glyph(face: Face, label: str, model: GlyphModel) -> Mask:
    """The face's letter turned the way that makes it most like ``label`` (calibration:
    the letter is known, its orientation is not)."""
    turned = [_turned(face.mark, up) for up in face.ups]
    rows = model.vectors[np.array(model.labels) == label]
    if len(rows) == 0:
        return turned[0]
    query = features([normalize_glyph(t) for t in turned])
    squared = (query**2).sum(1)[:, None] + (rows**2).sum(1)[None, :] - 2.0 * query @ rows.T
    return turned[int(np.argmin(squared.min(axis=1)))]


def read_dice(
    image: Image, model: GlyphModel | None = None, data_dir: Path | None = None
) -> Reading:
    """The three consonants (left to right), then the vowel die's face (``*``: joker);
    the three consonants alone on a photo of the game without the vowel die."""
    layout = dice_faces(image)
    model = model or model_for(ALPHABET, data_dir, kind=KIND)
    values: list[str | int] = []
    confidence: list[float] = []
    uncertain: list[int] = []
    for i, (read, sure) in enumerate(_read_faces(layout.faces, model)):
        guess = layout.mixed or i in layout.unordered
        conf = min(sure, UNSURE_BELOW / 2) if guess else sure
        if conf < UNSURE_BELOW:
            uncertain.append(len(values))
        values.append(read if conf >= UNSURE_BELOW else "?")
        confidence.append(conf)
    return Reading("dice", tuple(values), tuple(confidence), tuple(uncertain), layout.warnings)
