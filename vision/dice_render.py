"""A randomised renderer of the dice game's dice, with whole style families held out.

The first generator (:func:`vision.synthetic.dice_photo`) draws every d20 with the same
proportions (the up letter at 0.42 of the radius, the leaning ones at 0.22...), and the
first reader was tuned to them: on dice drawn by another renderer it fell to 24.4%. This
one builds each die in 3D: an icosahedron (or the vowel die's cube) lying on one face,
turned at random about the vertical and seen by a camera a little off overhead, every
visible face shaded by a random light and carrying its own letter, each standing on one
edge of its face, as printed dice do. So the neighbouring faces show their letters
foreshortened and at every angle, as on a real die. Proportions (letter's size and place
on its face, the die's size in the frame) are drawn, never constants; then the table
(felt, wood, cloth, paper), shadows, uneven light, glare, blur, noise and JPEG.

Which styles a classifier may learn from is decided here, by a fixed rule
(:func:`split_of`): font designs are those of :mod:`vision.render` (every third held
out), die colour schemes and tables are listed and every third is held out. Training
sees trained designs in trained colours on trained tables; the confidence threshold is
chosen on trained designs in held-out colours (any table); the figures are measured on
held-out designs in held-out colours (any table), which nothing was fitted to. The dice
classifier's training and threshold also draw the letters' trained designs
(:data:`vision.render.LETTER_DESIGNS` not held out; :func:`families` with ``letters``):
32 designs where the dice's own are 10, fewer sure misreads on designs never seen
(docs/vision.md). A fourth split, ``unseen``, is the letters' held-out designs (no dice
network trains on them) in held-out colours: where a choice about designs the dice
network never saw is made (the classifier's threshold is chosen on them too), the
held-out designs left to the figures. A fifth, ``fresh``, is
:data:`vision.render.DICE_DESIGNS` (designs only the dice are drawn in, never trained
on) in held-out colours: designs neither the network nor any choice ever saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

from vision.camera import Image
from vision.glyphs import JOKER, render_joker
from vision.render import DICE_DESIGNS, LETTER_DESIGNS, design_fonts, design_held_out
from vision.synthetic import HELD_OUT_TABLES, TEXTURED_TABLES
from vision.synthetic import table as textured_table

BGR = tuple[int, int, int]
Plane = NDArray[np.float32]

#: The faces of a consonant d20 (all twenty consonants) and of the vowel die.
CONSONANTS = "BCDFGHJKLMNPQRSTVWXZ"
VOWELS = "AEIOU" + JOKER
#: The classes a window is read as: a die's up letter, or :data:`NOTHING`.
CLASSES = CONSONANTS + VOWELS
NOTHING = len(CLASSES)

#: Colour schemes of the d20s (body, ink) in BGR.
D20_SCHEMES: dict[str, tuple[BGR, BGR]] = {
    "white/black": ((240, 240, 240), (25, 25, 25)),
    "ivory/brown": ((210, 232, 245), (30, 50, 90)),
    "black/white": ((35, 35, 35), (235, 235, 235)),
    "red/white": ((40, 40, 190), (240, 240, 240)),
    "blue/white": ((150, 80, 30), (245, 245, 245)),
    "white/blue": ((245, 245, 245), (120, 40, 20)),
    "green/white": ((60, 140, 50), (245, 245, 245)),
    "yellow/black": ((50, 210, 240), (20, 20, 20)),
    "grey/black": ((190, 190, 190), (20, 20, 20)),
    "purple/gold": ((110, 40, 90), (60, 200, 235)),
    "orange/black": ((30, 130, 235), (25, 25, 25)),
    "white/red": ((240, 240, 240), (30, 30, 190)),
}
#: Colour schemes of the vowel cube.
CUBE_SCHEMES: dict[str, tuple[BGR, BGR]] = {
    "red/white": ((35, 35, 200), (240, 240, 240)),
    "white/black": ((240, 240, 240), (25, 25, 25)),
    "black/white": ((30, 30, 30), (240, 240, 240)),
    "blue/white": ((160, 70, 20), (245, 245, 245)),
    "yellow/red": ((50, 210, 240), (30, 30, 180)),
    "green/white": ((50, 130, 40), (245, 245, 245)),
}
#: Tables the dice are thrown on.
TABLE_KINDS = (
    "green felt",
    "light wood",
    "white paper",
    "blue felt",
    "dark wood",
    "grey cloth",
    "red felt",
    "checked cloth",
    "black felt",
    "beige linen",
    "tiles",
    "noisy stone",
)

SPLITS = ("train", "calibration", "held-out", "unseen", "fresh")


def held_out(name: str, listed: Sequence[str]) -> bool:
    """Every third name of a list, in the order listed, is held out of training."""
    return list(listed).index(name) % 3 == 2


def split_of(design: str, scheme: str) -> str | None:
    """Which split a (font design, d20 scheme) family belongs to; ``None``: none."""
    held_design, held_scheme = design_held_out(design), held_out(scheme, list(D20_SCHEMES))
    if not held_design and not held_scheme:
        return "train"
    if not held_design:
        return "calibration"
    return "held-out" if held_scheme else None


def _allowed(names: Sequence[str], split: str) -> list[str]:
    """Cube schemes and tables of ``split``: training sees the trained ones only."""
    return [n for n in names if split != "train" or not held_out(n, names)]


@cache
def families(split: str, letters: bool = False) -> tuple[tuple[str, str], ...]:
    """The (design, d20 scheme) families of ``split`` whose fonts are installed (cached:
    every style drawn asks for them). With ``letters`` (the dice classifier's training and
    threshold), ``train`` and ``calibration`` gain the letters' trained designs
    (:data:`vision.render.LETTER_DESIGNS` not held out), in trained and held-out colours;
    the die finder trains without them."""
    fonts = design_fonts(letters=True, dice=True)
    schemes = list(D20_SCHEMES)
    if split in ("unseen", "fresh"):
        if split == "fresh":
            designs = [d for d in fonts if d in DICE_DESIGNS]
        else:
            designs = [d for d in fonts if d in LETTER_DESIGNS and design_held_out(d)]
        return tuple((d, s) for d in designs for s in schemes if held_out(s, schemes))
    own = tuple((d, s) for d in design_fonts() for s in D20_SCHEMES if split_of(d, s) == split)
    if not letters or split not in ("train", "calibration"):
        return own
    trained = [d for d in fonts if d in LETTER_DESIGNS and not design_held_out(d)]
    coloured = split == "calibration"
    return own + tuple((d, s) for d in trained for s in schemes if held_out(s, schemes) == coloured)


@dataclass(frozen=True)
class DiceStyle:
    """How one set of dice looks; proportions drawn, none fixed."""

    font: Path
    body: BGR
    ink: BGR
    cube_body: BGR
    cube_ink: BGR
    table: str
    letter: float
    """The letter's height over its face's inradius."""
    lift: float
    """The letter's centre moved towards the apex, over the inradius."""
    bevel: float
    """How dark the edges between faces are drawn (0: not at all)."""
    stretch: float = 1.0
    """The letters' width over their design's (1: as designed). :func:`random_style`
    keeps 1; training may draw others (``bench/vision_train_dice.py --letter-shapes``),
    so that a design narrower or wider than those trained on is no stranger."""
    weight: float = 0.0
    """The letters' strokes thickened (positive) or thinned (negative) on each side by
    this share of their height (0: as designed; training only, as :attr:`stretch`)."""


def _jitter(colour: BGR, rng: np.random.Generator, amount: float) -> BGR:
    c = np.clip(np.array(colour) + rng.uniform(-amount, amount, 3), 0, 255).astype(int)
    return (int(c[0]), int(c[1]), int(c[2]))


def random_style(rng: np.random.Generator, split: str, letters: bool = False) -> DiceStyle:
    """A dice style of a family of ``split`` (``letters``: :func:`families`')."""
    options = families(split, letters)
    design, scheme = options[rng.integers(len(options))]
    fonts = design_fonts(letters=True, dice=True)[design]
    cubes = _allowed(list(CUBE_SCHEMES), split)
    tables = _allowed(list(TABLE_KINDS), split)
    body, ink = D20_SCHEMES[scheme]
    cube_body, cube_ink = CUBE_SCHEMES[cubes[rng.integers(len(cubes))]]
    return DiceStyle(
        font=fonts[rng.integers(len(fonts))],
        body=_jitter(body, rng, 15),
        ink=_jitter(ink, rng, 15),
        cube_body=_jitter(cube_body, rng, 15),
        cube_ink=_jitter(cube_ink, rng, 15),
        table=tables[rng.integers(len(tables))],
        letter=float(rng.uniform(0.85, 1.45)),
        lift=float(rng.uniform(-0.05, 0.25)),
        bevel=float(rng.uniform(0, 0.4)),
    )


@lru_cache(maxsize=512)  # bounded: training draws letters at many sizes
def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


@lru_cache(maxsize=50_000)
def _glyph(
    text: str, font: Path, height: int, stretch: float = 1.0, weight: float = 0.0
) -> NDArray[np.uint8]:
    """``text`` white on black, cut to its ink, its capital ``height`` pixels high, its
    width ``stretch`` times its design's and its strokes grown by ``weight`` of its
    height on each side (:attr:`DiceStyle.stretch`, :attr:`DiceStyle.weight`)."""
    fine = 4 if weight and text != JOKER else 1  # strokes grown at four times the size
    if text == JOKER:
        mask = render_joker(height)
    else:
        face = _font(font, max(4, round(height * fine * 1.45)))
        left, top, right, bottom = face.getbbox(text)
        pad = 2 + round(max(0.0, weight) * height * fine)
        canvas = PILImage.new("L", (int(right - left) + 2 * pad, int(bottom - top) + 2 * pad), 0)
        ImageDraw.Draw(canvas).text((pad - left, pad - top), text, fill=255, font=face)
        mask = np.asarray(canvas, np.uint8)
        grow = round(abs(weight) * height * fine)
        if grow:
            disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1, 2 * grow + 1))
            morph = cv2.dilate if weight > 0 else cv2.erode
            shaped = np.asarray(morph(mask, disc), np.uint8)
            mask = shaped if cv2.countNonZero(shaped) else mask  # a hairline kept, not erased
    points = cv2.findNonZero(mask)
    x, y, w, h = cv2.boundingRect(points)
    cut = mask[y : y + h, x : x + w]
    width = max(1, round(w * height / h * stretch))
    if (width, height) != (w, h):  # capitals differ in height: scale to the one asked
        flags = cv2.INTER_AREA if fine > 1 else cv2.INTER_LINEAR
        return np.asarray(cv2.resize(cut, (width, height), interpolation=flags), np.uint8)
    return np.asarray(cut, np.uint8)


#: The template a face's letter is drawn in: pixels of a side.
TEMPLATE = 96


def _face_template(
    corners: int, text: str, style: DiceStyle, rng: np.random.Generator
) -> tuple[NDArray[np.float32], NDArray[np.float32], tuple[float, float]]:
    """A face's letter drawn in a template polygon (``corners`` 3 or 4, in
    :func:`_template_polygon`), standing on its first edge: its ink share (0..1) in
    the template, the polygon's corners, and the letter's centre."""
    polygon = _template_polygon(corners)
    # The inradius of the polygon and its centre.
    centre = polygon.mean(axis=0)
    edge_mid = (polygon[0] + polygon[1]) / 2
    inradius = float(np.hypot(*(centre - edge_mid)))
    height = max(4, round(style.letter * inradius * (0.85 if corners == 4 else 1.0)))
    glyph = _glyph(text, style.font, height, style.stretch, style.weight).astype(np.float32) / 255
    h, w = glyph.shape
    ink = np.zeros((TEMPLATE, TEMPLATE), np.float32)
    lift = style.lift * inradius if corners == 3 else 0.0
    cx = centre[0] + rng.normal(0, 0.02) * inradius
    cy = centre[1] - lift + rng.normal(0, 0.02) * inradius
    x0, y0 = round(cx - w / 2), round(cy - h / 2)
    xa, ya = max(0, x0), max(0, y0)
    xb, yb = min(TEMPLATE, x0 + w), min(TEMPLATE, y0 + h)
    if xb > xa and yb > ya:
        ink[ya:yb, xa:xb] = glyph[ya - y0 : yb - y0, xa - x0 : xb - x0]
    return ink, polygon, (cx, cy)


@cache
def _template_polygon(corners: int) -> NDArray[np.float32]:
    """The template's face: a triangle standing on its first edge (bottom, apex up) or
    a square, first edge at the bottom; counter-clockwise on screen (y down)."""
    t = TEMPLATE
    if corners == 3:
        side = 0.96 * t
        high = side * np.sqrt(3) / 2
        bottom = t / 2 + high / 3
        points = [(t / 2 + side / 2, bottom), (t / 2 - side / 2, bottom), (t / 2, bottom - high)]
    else:
        a, b = 0.02 * t, 0.98 * t
        points = [(b, b), (a, b), (a, a), (b, a)]
    return np.array(points, np.float32)


def _icosahedron() -> tuple[NDArray[np.float64], list[tuple[int, ...]]]:
    phi = (1 + 5**0.5) / 2
    vertices = []
    for a in (-1, 1):
        for b in (-phi, phi):
            vertices += [(0, a, b), (a, b, 0), (b, 0, a)]
    v = np.array(vertices, np.float64)
    faces: list[tuple[int, ...]] = []
    edge = 2.0
    for i in range(12):
        for j in range(i + 1, 12):
            for k in range(j + 1, 12):
                if all(
                    abs(np.linalg.norm(v[p] - v[q]) - edge) < 1e-6
                    for p, q in ((i, j), (j, k), (i, k))
                ):
                    faces.append((i, j, k))
    return np.asarray(v / np.linalg.norm(v[0]), np.float64), faces


def _cube() -> tuple[NDArray[np.float64], list[tuple[int, ...]]]:
    v = np.array([(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], np.float64)
    faces: list[tuple[int, ...]] = []
    for axis in range(3):
        for sign in (-1, 1):
            ids = [i for i in range(8) if v[i, axis] == sign]
            faces.append(tuple(ids))
    return np.asarray(v / np.sqrt(3), np.float64), faces


_SOLIDS: dict[int, tuple[NDArray[np.float64], list[tuple[int, ...]]]] = {
    3: _icosahedron(),
    4: _cube(),
}


def _rotation_to_z(normal: NDArray[np.float64]) -> NDArray[np.float64]:
    """A rotation taking ``normal`` to +z."""
    z = np.array([0.0, 0.0, 1.0])
    axis = np.cross(normal, z)
    s, c = np.linalg.norm(axis), float(normal @ z)
    if s < 1e-9:
        return np.eye(3) if c > 0 else np.diag([1.0, -1.0, -1.0])
    k = axis / s
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.asarray(np.eye(3) + s * kx + (1 - c) * kx @ kx, np.float64)


def _axis_turn(axis: NDArray[np.float64], angle: float) -> NDArray[np.float64]:
    k = axis / np.linalg.norm(axis)
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.asarray(np.eye(3) + np.sin(angle) * kx + (1 - np.cos(angle)) * kx @ kx, np.float64)


@dataclass(frozen=True)
class DrawnDie:
    """A die drawn on a scene: where its up letter is and which it is."""

    face: str
    centre: tuple[float, float]
    """The up letter's centre in the photo (pixels)."""
    size: float
    """The up letter's height in the photo (pixels)."""
    up: tuple[float, float] = (0.0, 0.0)
    """The up face's centre in the photo (pixels): where a die finder should point."""
    radius: float = 0.0
    """The die's radius in the photo (pixels, centre to farthest corner)."""
    top: tuple[float, float] = (0.0, 0.0)
    """Where the up letter's top points in the photo (pixels): the corner of its face
    opposite the edge it stands on (a d20), the middle of that opposite edge (the cube)."""

    @property
    def top_angle(self) -> float:
        """Which way the up letter's top points from its face's centre (degrees,
        counter-clockwise from the right as seen)."""
        dx, dy = self.top[0] - self.up[0], self.up[1] - self.top[1]
        return float(np.degrees(np.arctan2(dy, dx)))


def draw_die(
    canvas: Plane,
    alpha: Plane,
    face: str,
    centre: tuple[float, float],
    radius: float,
    *,
    style: DiceStyle,
    rng: np.random.Generator,
    tilt: float,
    cube: bool | None = None,
) -> DrawnDie:
    """Draw a die (a d20 for a consonant, the cube for a vowel) showing ``face`` up,
    ``radius`` pixels from centre to farthest corner, seen ``tilt`` radians off
    overhead, on ``canvas`` (float BGR) and its cover on ``alpha``. ``cube``: the die's
    solid whatever its letter (True: the cube, in the cube's colours, its other faces
    vowels; False: a d20, its other faces consonants), so that a training die's shape
    says nothing of its letter; ``None``: the game's, by the letter."""
    corners = 4 if (face in VOWELS if cube is None else cube) else 3
    vertices, faces = _SOLIDS[corners]
    letters = VOWELS if corners == 4 else CONSONANTS
    body = np.array(style.cube_body if corners == 4 else style.body, np.float32)
    ink = np.array(style.cube_ink if corners == 4 else style.ink, np.float32)
    normals = []
    for f in faces:
        n = vertices[list(f)].mean(axis=0)
        normals.append(n / np.linalg.norm(n))
    up = int(rng.integers(len(faces)))
    turn = _axis_turn(np.array([0.0, 0.0, 1.0]), rng.uniform(0, 2 * np.pi))
    lean_axis = np.array([np.cos(a := rng.uniform(0, 2 * np.pi)), np.sin(a), 0.0])
    rotation = _axis_turn(lean_axis, tilt) @ turn @ _rotation_to_z(normals[up])
    placed = vertices @ rotation.T
    light = rng.normal(0, 1, 3)
    light[2] = abs(light[2]) + 1.5
    light /= np.linalg.norm(light)
    others = [c for c in letters if c != face]
    rng.shuffle(others)
    labels = iter(others)
    shown = DrawnDie(face, centre, 0.0, centre, radius)
    cx, cy = centre
    for index, f in enumerate(faces):
        normal = rotation @ normals[index]
        if normal[2] <= 0.08:
            continue
        ids: list[int] = list(f)
        if corners == 4:  # the cube's four corners in order around the face
            mid = vertices[ids].mean(axis=0)
            u = vertices[ids[0]] - mid
            v = np.cross(normals[index], u)
            turns = [np.arctan2((vertices[i] - mid) @ v, (vertices[i] - mid) @ u) for i in ids]
            ids = [ids[i] for i in np.argsort(turns)]
        points = placed[ids][:, :2] * radius + np.array([cx, cy])
        # The face's corners turn the way the template's do (a positive cross product,
        # y down), so that no letter is seen mirrored.
        (ax, ay), (bx, by) = points[1] - points[0], points[2] - points[0]
        area = ax * by - ay * bx
        if area < 0:
            points = points[::-1]
            ids = ids[::-1]
        start = int(rng.integers(corners))  # which edge the letter stands on
        points = np.roll(points, -start, axis=0)
        text = face if index == up else next(labels)
        shade = 0.55 + 0.45 * max(0.0, float(normal @ light))
        if index == up:
            shade = max(shade, 0.8)
        template_ink, polygon, at = _face_template(corners, text, style, rng)
        src = polygon[:3]
        matrix = cv2.getAffineTransform(src, points[:3].astype(np.float32))
        x0, y0 = np.floor(points.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(points.max(axis=0)).astype(int) + 2
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(canvas.shape[1], x1), min(canvas.shape[0], y1)
        if x1 <= x0 or y1 <= y0:
            continue
        matrix[:, 2] -= (x0, y0)
        size = (x1 - x0, y1 - y0)
        face_ink = cv2.warpAffine(template_ink, matrix, size, flags=cv2.INTER_AREA)
        cover = np.zeros((y1 - y0, x1 - x0), np.uint8)
        local = np.round((points - (x0, y0)) * 8).astype(np.int32)
        cv2.fillPoly(cover, [local], 255, lineType=cv2.LINE_AA, shift=3)
        cover_f = cover.astype(np.float32) / 255
        colour = body * shade
        colour_ink = ink * (0.6 + 0.4 * shade)
        face_ink = np.clip(face_ink, 0, 1)[..., None]
        pixels = colour * (1 - face_ink) + colour_ink * face_ink
        if style.bevel:
            edge = cv2.morphologyEx(cover, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
            pixels = pixels * (1 - style.bevel * (edge[..., None] / 255.0))
        region = canvas[y0:y1, x0:x1]
        canvas[y0:y1, x0:x1] = region * (1 - cover_f[..., None]) + pixels * cover_f[..., None]
        alpha[y0:y1, x0:x1] = np.maximum(alpha[y0:y1, x0:x1], cover_f)
        if index == up:
            inradius = float(np.hypot(*(points.mean(axis=0) - (points[0] + points[1]) / 2)))
            letter = style.letter * inradius * (0.85 if corners == 4 else 1.0)
            middle = cv2.transform(np.array([[at]], np.float32), matrix)[0, 0] + (x0, y0)
            mid = points.mean(axis=0)
            up_centre = (float(mid[0]), float(mid[1]))
            top = points[2:].mean(axis=0)
            shown = DrawnDie(
                face,
                (float(middle[0]), float(middle[1])),
                letter,
                up_centre,
                radius,
                (float(top[0]), float(top[1])),
            )
    return shown


def _noise(rng: np.random.Generator, shape: tuple[int, int], cells: int) -> Plane:
    small = rng.normal(0.0, 1.0, (cells, max(2, cells * shape[1] // shape[0]))).astype(np.float32)
    return np.asarray(cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC))


def table(rng: np.random.Generator, kind: str, size: tuple[int, int]) -> Plane:
    """A table of ``kind`` (:data:`TABLE_KINDS`, or one of the tile renderer's textured
    tops: :data:`vision.synthetic.HELD_OUT_TABLES` for the benches), float BGR, ``size`` =
    (w, h)."""
    if kind in HELD_OUT_TABLES or kind in TEXTURED_TABLES:
        return textured_table(rng, kind, size)
    w, h = size
    bases = {
        "green felt": (40, 110, 30),
        "blue felt": (120, 60, 20),
        "red felt": (40, 30, 140),
        "black felt": (30, 30, 30),
        "light wood": (120, 170, 210),
        "dark wood": (40, 70, 110),
        "white paper": (235, 238, 240),
        "grey cloth": (140, 140, 140),
        "checked cloth": (230, 230, 230),
        "beige linen": (170, 200, 220),
        "tiles": (200, 200, 195),
        "noisy stone": (150, 150, 150),
    }
    base = np.array(bases[kind], np.float32) + rng.uniform(-15, 15, 3).astype(np.float32)
    surface = np.ones((h, w, 3), np.float32) * base
    surface += _noise(rng, (h, w), 5)[..., None] * 8
    if "felt" in kind or "linen" in kind or "cloth" in kind:
        grain = rng.normal(0, rng.uniform(3, 9), (h, w)).astype(np.float32)
        surface += cv2.GaussianBlur(grain, (0, 0), 0.8)[..., None]
    if "wood" in kind:
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        angle = rng.uniform(0, np.pi)
        across = xs * np.cos(angle) + ys * np.sin(angle)
        wobble = _noise(rng, (h, w), 4) * 25
        grain_w = np.sin((across + wobble) / rng.uniform(5, 14))
        surface *= (1.0 - 0.25 * np.clip(grain_w, 0.5, 1.0) - 0.08 * grain_w)[..., None]
    if kind in {"checked cloth", "tiles"}:
        ys, xs = np.mgrid[0:h, 0:w]
        cell = int(rng.integers(15, 70))
        colour = rng.integers(30, 220, 3).astype(np.float32)
        if kind == "checked cloth":
            stripes = ((xs // cell) % 2 + (ys // cell) % 2).astype(np.float32)[..., None]
            surface = surface * (1 - 0.3 * stripes) + colour * 0.3 * stripes
        else:
            joints = ((xs % cell) < 2) | ((ys % cell) < 2)
            surface[joints] = surface[joints] * 0.5
    if kind == "noisy stone":
        speckle = rng.normal(0, 25, (h, w)).astype(np.float32)
        surface += cv2.GaussianBlur(speckle, (0, 0), rng.uniform(0.7, 2.0))[..., None]
    return surface


def _camera(picture: Plane, rng: np.random.Generator, blur: float) -> NDArray[np.uint8]:
    """Uneven light, glare, blur, noise and JPEG on a float BGR picture."""
    h, w = picture.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-0.5, 0.5, 2)
    light = 1.0 + gx * (xs / w - 0.5) + gy * (ys / h - 0.5)
    picture = picture * light[..., None] * rng.uniform(0.7, 1.15)
    for _ in range(int(rng.integers(0, 3))):
        sx, sy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.01, 0.06) * max(w, h)
        glare = np.exp(-((xs - sx) ** 2 + (ys - sy) ** 2) / (2 * r**2))
        picture = picture + (rng.uniform(40, 140) * glare)[..., None]
    blurred = np.asarray(cv2.GaussianBlur(picture, (0, 0), rng.uniform(0.3, blur)), np.float32)
    noisy = blurred + rng.normal(0, rng.uniform(1, 6), blurred.shape).astype(np.float32)
    photo = np.clip(noisy, 0, 255).astype(np.uint8)
    quality = int(rng.integers(40, 95))
    _, data = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR), np.uint8)


#: The horizontal fields of view (degrees) a leaning camera's focal length is drawn from:
#: the Raspberry Pi cameras' (v1 54°, v2 62°, module 3 66°, the HQ's 6 mm lens 63°) and
#: a little either side.
FIELDS = (50.0, 70.0)
#: The photo size a window cut by training is taken to be part of, where the camera's
#: lean is seen (the bench's photos').
FRAME = (1024, 768)


def leaning_view(
    rng: np.random.Generator,
    size: tuple[int, int],
    lean: float,
    frame: tuple[int, int] | None = None,
) -> NDArray[np.float64]:
    """The homography from a table seen from straight above to the same table seen by a
    camera leaning away from overhead by up to ``lean`` radians (drawn uniformly, towards
    any side; its field of view in :data:`FIELDS`): the far side smaller, each place
    foreshortened along the way the camera looks. The renderer's photos are all seen
    from above (each die leans on its own, the table never does); a player's camera on a
    stand may not be (docs/vision.md, "a camera not quite overhead").

    ``frame`` None: ``size`` is the whole photo; the view is scaled and moved so that all
    of the table drawn stays in it (the corners it leaves are filled by the warp).
    ``frame`` given: ``size`` is a small patch of a photo of that size, at a random
    place in it; the view is the camera's local squash there, about the patch's centre,
    its area kept (a window is cut at the size the finder measures)."""
    theta = rng.uniform(0.0, lean)
    side = rng.uniform(0.0, 2 * np.pi)
    field = np.radians(rng.uniform(*FIELDS))
    w, h = frame or size
    focal = 0.5 * w / np.tan(0.5 * field)
    k = np.array([[focal, 0.0, 0.5 * w], [0.0, focal, 0.5 * h], [0.0, 0.0, 1.0]])
    turn = _axis_turn(np.array([np.cos(side), np.sin(side), 0.0]), theta)
    view = k @ turn @ np.linalg.inv(k)
    if frame is None:
        corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
        seen = cv2.perspectiveTransform(corners[None], view)[0]
        low, high = seen.min(axis=0), seen.max(axis=0)
        scale = min(w / (high[0] - low[0]), h / (high[1] - low[1]))
        shift = 0.5 * (np.array([w, h]) - scale * (low + high))
        fit = np.array([[scale, 0.0, shift[0]], [0.0, scale, shift[1]], [0.0, 0.0, 1.0]])
        return np.asarray(fit @ view, np.float64)
    x, y = rng.uniform(0, w), rng.uniform(0, h)
    local = _jacobian(view, x, y)
    local /= np.sqrt(abs(np.linalg.det(local)))
    cx, cy = 0.5 * size[0], 0.5 * size[1]
    affine = np.eye(3)
    affine[:2, :2] = local
    affine[:2, 2] = np.array([cx, cy]) - local @ np.array([cx, cy])
    return affine


@dataclass(frozen=True)
class Lean:
    """How a training draw's photos are seen: ``share`` of them by a camera leaning up
    to ``most`` radians away from overhead (:func:`leaning_view`), the others from above."""

    share: float = 0.0
    most: float = 0.0

    def view(
        self, rng: np.random.Generator, size: tuple[int, int], frame: tuple[int, int] | None = None
    ) -> NDArray[np.float64] | None:
        """One photo's view (:func:`leaning_view`'s arguments), or None: from above.
        Draws from ``rng`` only where some photos lean (the draws before it, the same)."""
        if self.share <= 0 or self.most <= 0 or rng.random() >= self.share:
            return None
        return leaning_view(rng, size, self.most, frame)


#: Every photo seen from above, as the committed networks were trained.
NO_LEAN = Lean()


def _jacobian(view: NDArray[np.float64], x: float, y: float) -> NDArray[np.float64]:
    """The 2 × 2 derivative of the homography ``view`` at (x, y)."""
    u, v, s = view @ np.array([x, y, 1.0])
    return np.array(
        [
            [(view[0, 0] * s - u * view[2, 0]) / s**2, (view[0, 1] * s - u * view[2, 1]) / s**2],
            [(view[1, 0] * s - v * view[2, 0]) / s**2, (view[1, 1] * s - v * view[2, 1]) / s**2],
        ]
    )


def seen_by(view: NDArray[np.float64], die: DrawnDie) -> DrawnDie:
    """``die`` as drawn, where the homography ``view`` puts it (its sizes scaled by the
    view's local scale at its face)."""

    def moved(point: tuple[float, float]) -> tuple[float, float]:
        x, y = cv2.perspectiveTransform(np.array([[point]], np.float64), view)[0, 0]
        return (float(x), float(y))

    scale = float(np.sqrt(abs(np.linalg.det(_jacobian(view, *die.up)))))
    return DrawnDie(
        die.face,
        moved(die.centre),
        die.size * scale,
        moved(die.up),
        die.radius * scale,
        moved(die.top),
    )


def dice_scene(
    faces: str,
    rng: np.random.Generator,
    style: DiceStyle,
    size: tuple[int, int] = (1024, 768),
    radius: tuple[float, float] = (0.03, 0.09),
    *,
    cubes: Sequence[bool] | None = None,
    view: NDArray[np.float64] | None = None,
) -> tuple[Image, list[DrawnDie]]:
    """A photo of dice showing ``faces`` (consonants on d20s, vowels on the cube),
    scattered on a table; the dice as drawn, in the order of ``faces``. ``radius``: the
    d20's radius over the photo's width, drawn in that range (the cube is smaller).
    ``cubes``: which of the dice are cubes whatever their letters (:func:`draw_die`'s
    ``cube``; training only: the game's dice are drawn without it). ``view``: a
    homography the table is seen through before the camera's light, blur and noise
    (:func:`leaning_view`; None: from straight above)."""
    w, h = size
    solids: list[bool] = [f in VOWELS for f in faces] if cubes is None else list(cubes)
    scale = rng.uniform(*radius) * w
    canvas = table(rng, style.table, size)
    shadow = np.zeros((h, w), np.float32)
    placed: list[tuple[float, float, float]] = []
    for is_cube in solids:
        r = scale * (0.75 if is_cube else 1.0) * rng.uniform(0.92, 1.08)
        for _ in range(200):
            x = rng.uniform(1.3 * r, w - 1.3 * r)
            y = rng.uniform(1.3 * r, h - 1.3 * r)
            if all(np.hypot(x - px, y - py) > 1.15 * (r + pr) for px, py, pr in placed):
                break
        placed.append((x, y, r))
    offset = rng.uniform(-0.3, 0.3, 2) * scale
    for x, y, r in placed:
        cv2.circle(shadow, (round(x + offset[0]), round(y + offset[1])), round(r), 1.0, -1)
    shadow = np.asarray(cv2.GaussianBlur(shadow, (0, 0), max(1.0, 0.25 * scale)), np.float32)
    canvas *= np.asarray(1 - rng.uniform(0.2, 0.5) * shadow, np.float32)[..., None]
    alpha = np.zeros((h, w), np.float32)
    tilt = rng.uniform(0, 0.25)
    drawn = [
        draw_die(
            canvas,
            alpha,
            face,
            (x, y),
            r,
            style=style,
            rng=rng,
            tilt=tilt * rng.uniform(0.5, 1.0),
            cube=None if cubes is None else is_cube,
        )
        for face, (x, y, r), is_cube in zip(faces, placed, solids, strict=True)
    ]
    blur = float(np.clip(scale / 25, 0.6, 1.8))
    if view is not None:
        canvas = np.asarray(
            cv2.warpPerspective(
                canvas, view, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
            ),
            np.float32,
        )
        drawn = [seen_by(view, die) for die in drawn]
    return _camera(canvas, rng, blur), drawn


def as_told(drawn: list[DrawnDie]) -> str:
    """The faces of a scene as a player tells them to ``arbitre calibrate --kind dice``:
    the consonants left to right, then the vowel die's face."""
    consonants = sorted((d for d in drawn if d.face in CONSONANTS), key=lambda d: d.centre[0])
    return "".join(d.face for d in consonants) + "".join(d.face for d in drawn if d.face in VOWELS)


def random_faces(rng: np.random.Generator, vowel: bool) -> str:
    """Three consonants (one per d20) and, when ``vowel``, the vowel die's face."""
    consonants = "".join(str(rng.choice(list(CONSONANTS))) for _ in range(3))
    return consonants + (str(rng.choice(list(VOWELS))) if vowel else "")
