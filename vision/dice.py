"""Read the dice game's dice from an overhead photo: three consonant d20 and the vowel d6.

The face that counts is the one facing up. Seen from above it carries the largest letter
of its die (the faces around it lean away, their letters look small and squashed), so
the four largest letters far enough apart are the four dice's up faces. Around each, the
face is the region of the colour that surrounds the letter: a triangle on a d20, a
square on the vowel die. A letter stands on one edge of its face, so only those
orientations are tried (three on a triangle, four on a square), never the 90° or 180°
turns that make a Z of an N or a W of an M; orientations that disagree make it "?".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.glyphs import JOKER, LETTERS, NOT_A_GLYPH, GlyphModel, Mask, normalize_glyph
from vision.models import model_for
from vision.reading import UNSURE_BELOW, Mark, NothingFound, Reading, find_marks, working_gray

CONSONANTS = "BCDFGHJKLMNPQRSTVWXZ"
VOWELS = "AEIOU" + JOKER
#: The model reads every letter and the joker's star.
ALPHABET = LETTERS + JOKER


@dataclass(frozen=True)
class Face:
    """The up face of one die: its letter's mark and the directions its top may point to."""

    mark: Mark
    corners: int
    """3 for a d20's triangle, 4 for the vowel die's square."""
    ups: tuple[float, ...]
    """Candidate angles (degrees) of the letter's top, one per edge of the face."""


def _up_faces(gray: NDArray[np.uint8]) -> list[Mark]:
    """The four largest letters, dark on light or light on dark, apart from each other."""
    both = find_marks(gray) + find_marks(np.asarray(255 - gray, np.uint8))
    # A light face around a dark letter is itself a light mark on the darker faces
    # around it: a mark that holds a smaller one is a face, not a letter.
    marks = [
        m
        for m in both
        if not any(
            o is not m and m.x < o.cx < m.x + m.w and m.y < o.cy < m.y + m.h and o.h < 0.9 * m.h
            for o in both
        )
    ]
    marks.sort(key=lambda m: -int((m.mask > 0).sum()))
    chosen: list[Mark] = []
    for mark in marks:
        reach = max(mark.w, mark.h)
        if all(math.hypot(mark.cx - c.cx, mark.cy - c.cy) > 1.5 * reach for c in chosen):
            chosen.append(mark)
        if len(chosen) == 4:
            break
    return chosen


def _face(image: NDArray[np.uint8], mark: Mark) -> Face:
    """The up face around a letter: the pixels of the colour found around the letter."""
    reach = round(1.6 * max(mark.w, mark.h))
    x0, y0 = max(0, round(mark.cx) - reach), max(0, round(mark.cy) - reach)
    patch = image[y0 : round(mark.cy) + reach, x0 : round(mark.cx) + reach]
    window = cv2.medianBlur(np.ascontiguousarray(patch), 5).astype(np.float32)
    ink = np.zeros(window.shape[:2], np.uint8)
    ink[mark.y - y0 : mark.y - y0 + mark.h, mark.x - x0 : mark.x - x0 + mark.w] = mark.mask
    around = cv2.dilate(ink, np.ones((7, 7), np.uint8)) > 0
    ring = around & ~cv2.dilate(ink, np.ones((3, 3), np.uint8)).astype(bool)
    colour = np.median(window[ring], axis=0)
    # The faces around the up face are the same colour in shade: a fifth darker or so.
    limit = max(6.0, 0.1 * float(np.linalg.norm(colour)))
    close = (np.linalg.norm(window - colour, axis=2) < limit).astype(np.uint8)
    close = cv2.morphologyEx(close | (around.astype(np.uint8)), cv2.MORPH_CLOSE, np.ones((5, 5)))
    _, labels = cv2.connectedComponents(np.asarray(close, np.uint8))
    centre = labels[round(mark.cy) - y0, round(mark.cx) - x0]
    region = np.asarray((labels == centre) * 255, np.uint8)
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    hull = cv2.convexHull(outline)
    area = max(cv2.contourArea(hull), 1.0)
    triangle_area, triangle = cv2.minEnclosingTriangle(hull)
    _, (w, h), angle = cv2.minAreaRect(hull)
    if triangle_area / area <= (w * h) / area:
        points = triangle.reshape(3, 2)
        middle = points.mean(axis=0)
        edges = [(points[k], points[(k + 1) % 3]) for k in range(3)]
        ups = tuple(_angle(middle - (a + b) / 2) for a, b in edges)
        return Face(mark, 3, ups)
    axes = [math.radians(angle + 90 * k) for k in range(4)]
    return Face(mark, 4, tuple(_angle(np.array([math.cos(a), math.sin(a)])) for a in axes))


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


def _read_face(face: Face, model: GlyphModel) -> tuple[str, float]:
    allowed = CONSONANTS if face.corners == 3 else VOWELS
    glyphs = [normalize_glyph(_turned(face.mark, up)) for up in face.ups]
    guesses = [g for g in model.classify(glyphs, allowed=allowed) if g[0] != NOT_A_GLYPH]
    if not guesses:
        return "?", 0.0
    best = max(guesses, key=lambda g: g[1])
    rivals = [c for label, c in guesses if label != best[0] and c >= UNSURE_BELOW]
    return best[0], round(best[1] * (0.5 if rivals else 1.0), 3)


def read_dice(
    image: Image, model: GlyphModel | None = None, data_dir: Path | None = None
) -> Reading:
    """The three consonants (left to right), then the vowel die's face (``*``: joker)."""
    gray, scale = working_gray(image)
    small = (
        image if scale == 1.0 else cv2.resize(image, gray.shape[::-1], interpolation=cv2.INTER_AREA)
    )
    model = model or model_for(ALPHABET, data_dir)
    marks = _up_faces(gray)
    if not marks:
        raise NothingFound("aucun dé trouvé sur la photo")
    faces = sorted((_face(np.asarray(small, np.uint8), m) for m in marks), key=lambda f: f.mark.cx)
    warnings: list[str] = []
    d20 = [f for f in faces if f.corners == 3]
    d6 = [f for f in faces if f.corners == 4]
    # A die taken for the other kind is read in the wrong alphabet (a J face read as the
    # joker) and puts the others out of order: which die is which is a guess, so every
    # face is unsure.
    mistaken = len(d20) != 3 or len(d6) != 1
    if mistaken:
        warnings.append(
            f"{len(d20)} dés à 20 faces et {len(d6)} dé à 6 faces vus (3 et 1 attendus)"
        )
    values: list[str | int] = []
    confidence: list[float] = []
    uncertain: list[int] = []
    for face in d20 + d6:
        letter, conf = _read_face(face, model)
        if mistaken:
            conf = min(conf, UNSURE_BELOW / 2)
        if conf < UNSURE_BELOW:
            uncertain.append(len(values))
            letter = "?"
        values.append(letter)
        confidence.append(conf)
    return Reading("dice", tuple(values), tuple(confidence), tuple(uncertain), tuple(warnings))
