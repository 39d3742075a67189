"""Synthetic photos of letter racks, number plates and dice, with the truth they show.

Real photos of every table, light and tile set cannot be collected, so the tests and the
benchmark draw them: tiles in several fonts and colours on a holder, photographed at an
angle on light, beige, dark, wooden or patterned tables, with uneven light, glare, blur,
noise and JPEG. Everything is driven by a seeded ``numpy.random.Generator``: the same
seed gives the same photo. Fonts listed in :data:`vision.glyphs.UNSEEN_FONTS` never reach
the classifier's training, so photos drawn in them measure how it does on tiles it has
never seen.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.glyphs import JOKER, Mask, render_joker, render_text

if TYPE_CHECKING:  # vision.dice_render imports this module (through vision.render)
    from vision.dice_render import DrawnDie

BGR = tuple[int, int, int]
Plane = NDArray[np.float32]

#: Scrabble-like points printed small in a corner of each tile.
LETTER_POINTS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (
    1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 10, 1, 2, 1, 1, 3, 8, 1, 1, 1, 1, 4, 10, 10, 10, 10,
), strict=True))  # fmt: skip

TABLES = ("light", "beige", "dark", "wood", "pattern")

#: Textured tops a reader's network may be taught on: granite's specks and a printed
#: cloth's motifs. Not in :data:`TABLES`, whose draws the benches and tests repeat.
TEXTURED_TABLES = ("speckled", "printed")

#: Veined stone, marble's kind: no network is trained on it; benches read on it how the
#: readers do on a texture family they never saw (docs/vision.md, "textured tables").
HELD_OUT_TABLES = ("veined",)

#: Tile face colours (BGR): ivory, beige wood, white, yellow plastic, pale grey, pale green.
TILE_FACES: tuple[BGR, ...] = (
    (222, 240, 248),
    (160, 198, 226),
    (246, 246, 246),
    (120, 215, 240),
    (205, 205, 200),
    (200, 228, 205),
)
INKS: tuple[BGR, ...] = ((20, 20, 20), (30, 45, 70), (90, 40, 20), (25, 25, 110))


@dataclass(frozen=True)
class TileStyle:
    """How a tile set looks: its font, face and ink colours, points in a corner or not."""

    font: str
    face: BGR
    ink: BGR
    points: bool = True


def random_style(rng: np.random.Generator, fonts: Sequence[str]) -> TileStyle:
    """A tile style in one of ``fonts`` with random colours."""
    return TileStyle(
        font=str(rng.choice(list(fonts))),
        face=TILE_FACES[rng.integers(len(TILE_FACES))],
        ink=INKS[rng.integers(len(INKS))],
        points=bool(rng.random() < 0.8),
    )


def _smooth_noise(rng: np.random.Generator, shape: tuple[int, int], cells: int) -> Plane:
    small = rng.normal(0.0, 1.0, (cells, max(2, cells * shape[1] // shape[0]))).astype(np.float32)
    return np.asarray(cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC))


def table(rng: np.random.Generator, kind: str, size: tuple[int, int]) -> Plane:
    """A table top of ``kind`` (one of :data:`TABLES`, :data:`TEXTURED_TABLES` or
    :data:`HELD_OUT_TABLES`), float BGR, ``size`` = (w, h)."""
    w, h = size
    tint = rng.uniform(-8, 8, 3)
    if kind == "light":
        base = np.array([235, 238, 240]) + tint
    elif kind == "beige":
        base = np.array([165, 200, 222]) + tint * 2
    elif kind == "dark":
        base = np.array([40, 38, 36]) + tint
    elif kind == "wood":
        base = np.array([55, 100, 160]) + tint * 3
    elif kind in TEXTURED_TABLES or kind in HELD_OUT_TABLES:
        return _textured(rng, kind, size)
    else:
        base = np.array([230, 230, 230])
    surface = np.ones((h, w, 3), np.float32) * base.astype(np.float32)
    surface += _smooth_noise(rng, (h, w), 6)[..., None] * 6
    if kind == "wood":
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        angle = rng.uniform(0, np.pi)
        across = xs * np.cos(angle) + ys * np.sin(angle)
        wobble = _smooth_noise(rng, (h, w), 4) * 25
        grain = np.sin((across + wobble) / rng.uniform(6, 14))
        streaks = np.clip(grain, 0.6, 1.0) - 0.6
        surface *= (1.0 - 0.5 * streaks - 0.1 * grain)[..., None]
    elif kind == "pattern":
        ys, xs = np.mgrid[0:h, 0:w]
        cell = int(rng.integers(18, 60))
        colour = np.array([rng.integers(30, 200) for _ in range(3)], np.float32)
        if rng.random() < 0.5:  # gingham cloth
            stripes = ((xs // cell) % 2).astype(np.float32) + ((ys // cell) % 2)
            surface = surface * (1 - 0.35 * stripes[..., None]) + colour * 0.35 * stripes[..., None]
        else:  # a checkerboard of tiles
            checks = ((xs // cell + ys // cell) % 2).astype(np.float32)[..., None]
            surface = surface * (1 - checks) + colour * checks
    return surface


def _textured(rng: np.random.Generator, kind: str, size: tuple[int, int]) -> Plane:
    """A textured table top: ``veined`` stone (light with dark veins or dark with light
    ones, each vein a level set of a turbulent stripe field), ``speckled`` granite (specks
    of two or three greys, a pixel to a few wide) or a ``printed`` cloth (ellipses, arcs
    and wavy strokes scattered in one to three colours)."""
    w, h = size
    light = rng.random() < 0.7
    base = rng.uniform(200, 245) if light else rng.uniform(25, 70)
    tint = rng.uniform(-10, 10, 3)
    surface = np.ones((h, w, 3), np.float32) * (base + tint).astype(np.float32)
    surface += _smooth_noise(rng, (h, w), 5)[..., None] * rng.uniform(3, 10)
    if kind == "veined":
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        for _ in range(int(rng.integers(1, 4))):
            angle = rng.uniform(0, np.pi)
            across = xs * np.cos(angle) + ys * np.sin(angle)
            turbulence = sum(
                _smooth_noise(rng, (h, w), cells) / (i + 1)
                for i, cells in enumerate((2, 5, 11, 23))
            )
            phase = across / rng.uniform(40, 200) + turbulence * rng.uniform(0.4, 1.5)
            near = np.abs(np.sin(phase))  # 0 on a vein's line
            width = rng.uniform(0.01, 0.08)
            vein = np.exp(-near / width) * np.clip(1.2 + _smooth_noise(rng, (h, w), 6), 0, 1)
            contrast = rng.uniform(50, 160) * (-1 if light else 1)
            surface += (vein * contrast)[..., None]
    elif kind == "speckled":
        for _ in range(int(rng.integers(2, 4))):
            specks = np.asarray(rng.random((h, w)) < rng.uniform(0.02, 0.15), np.uint8)
            grain = int(rng.integers(1, 4))
            specks = np.asarray(cv2.dilate(specks, np.ones((grain, grain), np.uint8)), np.uint8)
            grey = (rng.uniform(0, 255) + rng.uniform(-20, 20, 3)).astype(np.float32)
            alpha = cv2.GaussianBlur(specks.astype(np.float32), (3, 3), 0)[..., None]
            surface = surface * (1 - alpha) + grey * alpha
    else:  # printed cloth
        colours = [rng.uniform(0, 255, 3) for _ in range(int(rng.integers(1, 4)))]
        ink = np.zeros((h, w, 3), np.float32)
        mask = np.zeros((h, w), np.float32)
        for _ in range(int(w * h / rng.uniform(3000, 15000))):
            colour = colours[int(rng.integers(len(colours)))]
            layer = np.zeros((h, w), np.uint8)
            cx, cy = int(rng.integers(0, w)), int(rng.integers(0, h))
            r = int(rng.uniform(6, 45))
            thick = int(rng.integers(1, 7))
            shape = rng.integers(3)
            if shape == 0:
                axes = (r, max(2, int(r * rng.uniform(0.3, 1.0))))
                fill = -1 if rng.random() < 0.4 else thick
                cv2.ellipse(layer, (cx, cy), axes, rng.uniform(0, 180), 0, 360, 255, fill)
            elif shape == 1:
                start = rng.uniform(0, 360)
                end = start + rng.uniform(60, 300)
                cv2.ellipse(layer, (cx, cy), (r, r), 0, start, end, 255, thick)
            else:
                t = np.linspace(0, 1, 12)
                heading = rng.uniform(0, 2 * np.pi)
                bend = rng.uniform(-2, 2) * np.sin(t * np.pi * rng.uniform(1, 3))
                px = cx + 2 * r * t * np.cos(heading + bend)
                py = cy + 2 * r * t * np.sin(heading + bend)
                points = np.stack([px, py], axis=1).astype(np.int32)
                cv2.polylines(layer, [points], False, 255, thick)
            on = layer > 0
            ink[on] = colour
            mask[on] = 1.0
        surface = surface * (1 - mask[..., None]) + ink * mask[..., None]
    return surface


def _paint(canvas: Plane, mask: Mask, colour: BGR, x: int, y: int) -> None:
    """Paint ``colour`` through ``mask`` (0..255) with its top-left corner at (x, y)."""
    h, w = mask.shape
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + w, canvas.shape[1]), min(y + h, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    alpha = mask[y0 - y : y1 - y, x0 - x : x1 - x].astype(np.float32)[..., None] / 255.0
    region = canvas[y0:y1, x0:x1]
    canvas[y0:y1, x0:x1] = region * (1 - alpha) + np.array(colour, np.float32) * alpha


def _centred(canvas: Plane, mask: Mask, colour: BGR, cx: float, cy: float) -> int:
    """Paint ``mask``'s ink centred on (cx, cy); its height (0: no ink)."""
    points = cv2.findNonZero(mask)
    if points is None:
        return 0
    x, y, w, h = cv2.boundingRect(points)
    _paint(canvas, mask[y : y + h, x : x + w], colour, round(cx - w / 2), round(cy - h / 2))
    return h


def _tile(
    canvas: Plane,
    alpha: Plane,
    style: TileStyle,
    *,
    text: str,
    x: int,
    y: int,
    size: int,
    rng: np.random.Generator,
) -> tuple[float, float, float] | None:
    """Draw one tile; where its letter's ink is (centre x, top, bottom), None if blank."""
    face = np.clip(np.array(style.face, np.float32) + rng.uniform(-8, 8), 0, 255)
    border = face * 0.78
    radius = max(2, size // 12)
    cv2.rectangle(canvas, (x, y), (x + size - 1, y + size - 1), border.tolist(), -1)
    inner = (x + 2, y + 2, x + size - 3, y + size - 4)
    cv2.rectangle(canvas, inner[:2], inner[2:], face.tolist(), -1)
    cv2.rectangle(alpha, (x + radius // 2, y), (x + size - 1 - radius // 2, y + size - 1), 1.0, -1)
    cv2.rectangle(alpha, (x, y + radius // 2), (x + size - 1, y + size - 1 - radius // 2), 1.0, -1)
    if not text:
        return None  # a blank tile
    cap = size * rng.uniform(0.48, 0.58)
    shift = -0.05 * size if style.points else 0.0
    glyph = render_joker(round(cap)) if text == JOKER else render_text(text, style.font, round(cap))
    ink = cv2.findNonZero(glyph)
    if ink is not None and style.points:  # real tiles leave the corner to the points
        wide = cv2.boundingRect(ink)[2] / (0.62 * size)
        if wide > 1:
            small = cv2.resize(glyph, None, fx=1 / wide, fy=1 / wide, interpolation=cv2.INTER_AREA)
            glyph = np.asarray(small, np.uint8)
    cx, cy = x + size / 2 + shift, y + size / 2 + shift
    h = _centred(canvas, glyph, style.ink, cx, cy)
    if style.points and text in LETTER_POINTS:
        points = render_text(str(LETTER_POINTS[text]), style.font, round(size * 0.18))
        _centred(canvas, points, style.ink, x + size * 0.83, y + size * 0.82)
    return (round(cx), round(cy - h / 2), round(cy - h / 2) + h) if h else None


@dataclass(frozen=True)
class Shot:
    """How the camera sees the objects: ranges the photo's geometry is drawn from."""

    span: tuple[float, float]
    """Width of the objects over the photo's width."""
    squash: tuple[float, float]
    """Seen height over true height (the camera's angle)."""
    keystone: tuple[float, float]
    """Far edge's length over the near edge's."""
    tilt_deg: float
    """Largest turn of the objects in the photo."""
    glare: tuple[float, float] = (0.04, 0.12)
    """Radius of a glare spot over the photo's width."""


#: A rack photographed from the players' side, at an angle; plates more from above.
RACK_SHOT = Shot(span=(0.5, 0.92), squash=(0.55, 1.0), keystone=(0.86, 1.0), tilt_deg=7)
PLATES_SHOT = Shot(span=(0.55, 0.9), squash=(0.7, 1.0), keystone=(0.9, 1.0), tilt_deg=5)
#: Dice photographed from above, but a camera over a table is rarely exactly overhead:
#: a mild foreshortening and keystone (the plates' ranges, milder still: the camera is
#: meant to look down). A lamp's highlight on a shiny die is smaller than a die's face.
DICE_SHOT = Shot(
    span=(0.9, 1.0), squash=(0.8, 1.0), keystone=(0.88, 1.0), tilt_deg=5, glare=(0.015, 0.04)
)


@dataclass(frozen=True)
class _View:
    """Where the camera puts a plane of objects in the photo."""

    homography: NDArray[np.float64]
    """From the plane's pixels to the photo's."""
    quad: NDArray[np.float32]
    """The plane's corners in the photo."""
    centre: NDArray[np.float64]
    """The plane's centre in the photo."""


def _view(
    rng: np.random.Generator, plane: tuple[int, int], photo: tuple[int, int], shot: Shot
) -> _View:
    """A view drawn from ``shot`` of a plane of size ``plane`` in a photo of size
    ``photo`` (both (w, h)): scaled, foreshortened, keystoned, turned and placed."""
    span, squash, keystone, tilt_deg = shot.span, shot.squash, shot.keystone, shot.tilt_deg
    (pw, ph), (w_photo, h_photo) = plane, photo
    scale = rng.uniform(*span) * w_photo / pw
    half_w = pw * scale / 2
    half_h = ph * scale * rng.uniform(*squash) / 2
    top = rng.uniform(*keystone)
    corners = np.array(
        [[-top * half_w, -half_h], [top * half_w, -half_h], [half_w, half_h], [-half_w, half_h]]
    )
    angle = np.deg2rad(rng.uniform(-tilt_deg, tilt_deg))
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = corners @ rotation.T
    room = np.array([w_photo, h_photo]) / 2 - np.abs(corners).max(axis=0) - 8
    centre = np.array([w_photo, h_photo]) / 2 + rng.uniform(-1, 1, 2) * np.maximum(room, 0) * 0.7
    quad = (corners + centre).astype(np.float32)
    source = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    homography = np.asarray(cv2.getPerspectiveTransform(source, quad), np.float64)
    return _View(homography, quad, centre)


def _photograph(
    rng: np.random.Generator,
    plane: Plane,
    alpha: Plane,
    background: Plane,
    shot: Shot,
    *,
    view: _View | None = None,
    hot_spots: NDArray[np.float64] | None = None,
) -> Image:
    """Warp ``plane`` (its opaque part ``alpha``) onto ``background`` as seen at an angle
    (``view``, else one drawn from ``shot``), then spoil the photo as a real camera would.

    A glare spot falls on half the photos: on a random place of the objects, or on one
    of ``hot_spots`` (points of ``plane``: where a lamp's highlight can shine) if given.
    """
    h_photo, w_photo = background.shape[:2]
    ph, pw = alpha.shape
    if view is None:
        view = _view(rng, (pw, ph), (w_photo, h_photo), shot)
    homography, quad, centre = view.homography, view.quad, view.centre
    size = (w_photo, h_photo)
    warped = cv2.warpPerspective(plane, homography, size, flags=cv2.INTER_LINEAR)
    cover = cv2.warpPerspective(alpha, homography, size, flags=cv2.INTER_LINEAR)[..., None]
    # A soft shadow under the objects, then the objects.
    shift = np.array([[1, 0, rng.uniform(-10, 10)], [0, 1, rng.uniform(4, 16)]], np.float32)
    shadow = cv2.GaussianBlur(cv2.warpAffine(cover, shift, size), (0, 0), 9)[..., None]
    photo = background * (1 - 0.45 * shadow)
    photo = photo * (1 - cover) + warped * cover
    # Uneven light: a gradient across the photo, and sometimes a glare spot.
    ys, xs = np.mgrid[0:h_photo, 0:w_photo].astype(np.float32)
    gx, gy = rng.uniform(-0.45, 0.45, 2)
    light = 1.0 + gx * (xs / w_photo - 0.5) + gy * (ys / h_photo - 0.5)
    photo *= light[..., None] * rng.uniform(0.75, 1.1)
    if rng.random() < 0.5:
        if hot_spots is None:
            spot = quad[rng.integers(4)] * 0.5 + centre * 0.5 + rng.normal(0, 30, 2)
        else:
            seen = cv2.perspectiveTransform(hot_spots.reshape(-1, 1, 2), homography)
            spot = seen.reshape(-1, 2)[rng.integers(len(hot_spots))]
        radius = rng.uniform(*shot.glare) * w_photo
        glare = np.exp(-((xs - spot[0]) ** 2 + (ys - spot[1]) ** 2) / (2 * radius**2))
        photo += (rng.uniform(60, 150) * glare)[..., None]
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.3, 1.3))
    photo = photo + rng.normal(0, rng.uniform(1.5, 6), photo.shape)
    photo8 = np.clip(np.asarray(photo), 0, 255).astype(np.uint8)
    quality = int(rng.integers(55, 93))
    _, jpeg = cv2.imencode(".jpg", photo8, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.uint8)


@dataclass(frozen=True)
class DrawnLetter:
    """Where a tile's letter is in a rack photo (the tile finder's training target)."""

    letter: str
    x: float
    y: float
    """Its ink's centre in the photo."""
    height: float
    """Its ink's height in the photo, along the tile's upright."""


def seen_letters(
    inks: Sequence[tuple[str, float, float, float]], homography: NDArray[np.float64]
) -> list[DrawnLetter]:
    """Letters' ink on a plane (letter, centre x, top, bottom) as a view shows them."""
    if not inks:
        return []
    ends = np.array([[(cx, top), (cx, bottom)] for _, cx, top, bottom in inks], np.float64)
    seen = cv2.perspectiveTransform(ends.reshape(-1, 1, 2), homography).reshape(-1, 2, 2)
    return [
        DrawnLetter(
            letter, float(a[0] + b[0]) / 2, float(a[1] + b[1]) / 2, float(np.hypot(*(b - a)))
        )
        for (letter, *_), (a, b) in zip(inks, seen, strict=True)
    ]


def letter_rack_photo(
    letters: str,
    rng: np.random.Generator,
    style: TileStyle,
    table_kind: str | None = None,
    *,
    blanks: Sequence[int] = (),
    empty: int | None = None,
    size: tuple[int, int] = (1024, 768),
) -> Image:
    """A photo of ``letters`` on a holder; positions in ``blanks`` hold blank tiles.

    Tiles touch on about a third of the photos; a slot is left empty now and then (before
    tile ``empty`` if given: the tests' empty slot; the random draws are the same). The
    holder always has room for ten tiles, so one tile looks as small as ten do.
    """
    return drawn_letter_rack_photo(
        letters, rng, style, table_kind, blanks=blanks, empty=empty, size=size
    )[0]


def drawn_letter_rack_photo(
    letters: str,
    rng: np.random.Generator,
    style: TileStyle,
    table_kind: str | None = None,
    *,
    blanks: Sequence[int] = (),
    empty: int | None = None,
    size: tuple[int, int] = (1024, 768),
) -> tuple[Image, list[DrawnLetter]]:
    """:func:`letter_rack_photo`'s photo (the same random draws) and where each letter is
    on it, blank tiles left out."""
    tile = 90
    kind = table_kind or str(rng.choice(TABLES))
    touching = rng.random() < 0.35
    gaps = [0.0 if touching else rng.uniform(0.03, 0.15) * tile for _ in letters]
    room = 2 < len(letters) < 10
    drawn = int(rng.integers(1, len(letters))) if room and rng.random() < 0.15 else -1
    empty = drawn if empty is None else empty
    texts = ["" if i in blanks else c for i, c in enumerate(letters)]
    # The holder is as long as ten tiles whatever the number of tiles on it.
    margin = int(tile * rng.uniform(0.3, 0.6))
    plane_w = round(10 * tile * 1.12) + 2 * margin
    used = sum(gaps) + tile * (len(letters) + (empty >= 0))
    back, lip = int(tile * rng.uniform(0.15, 0.45)), int(tile * rng.uniform(0.2, 0.35))
    plane_h = back + tile + lip
    holders: list[BGR] = [(40, 80, 130), (35, 35, 38), (40, 40, 120)]
    holder = holders[rng.integers(3)] if rng.random() < 0.7 else style.face
    shade = np.array(holder, np.float32) * 0.93
    plane = np.ones((plane_h, plane_w, 3), np.float32) * shade
    alpha = np.ones((plane_h, plane_w), np.float32)
    x = margin + rng.uniform(0, max(0.0, plane_w - 2 * margin - used))
    inks: list[tuple[str, float, float, float]] = []
    for i, text in enumerate(texts):
        if i == empty:
            x += tile
        ink = _tile(plane, alpha, style, text=text, x=round(x), y=back, size=tile, rng=rng)
        if ink is not None:
            inks.append((text, *ink))
        x += tile + gaps[i]
    # The lip of the holder, in front of the foot of the tiles.
    lip_colour = np.array(holder, np.float32) * 0.8
    cv2.rectangle(plane, (0, back + tile - 4), (plane_w, plane_h), lip_colour.tolist(), -1)
    background = table(rng, kind, size)
    # The view _photograph would draw first, drawn here to know where the letters go.
    view = _view(rng, (plane.shape[1], plane.shape[0]), size, RACK_SHOT)
    photo = _photograph(rng, plane, alpha, background, RACK_SHOT, view=view)
    return photo, seen_letters(inks, view.homography)


def plates_photo(
    values: Sequence[int],
    rng: np.random.Generator,
    font: str,
    table_kind: str | None = None,
    size: tuple[int, int] = (1024, 768),
) -> Image:
    """Six number plates in a row, or two rows of three, read left to right."""
    kind = table_kind or str(rng.choice(TABLES))
    plate_w, plate_h = 150, 100
    rows = 1 if rng.random() < 0.5 else 2
    per_row = -(-len(values) // rows)
    gap = int(rng.uniform(0.15, 0.4) * plate_w)
    pad = 30
    plane_w = per_row * (plate_w + gap) - gap + 2 * pad
    plane_h = rows * (plate_h + gap) - gap + 2 * pad
    plane = np.zeros((plane_h, plane_w, 3), np.float32)
    alpha = np.zeros((plane_h, plane_w), np.float32)
    face = TILE_FACES[rng.integers(len(TILE_FACES))]
    ink = INKS[rng.integers(len(INKS))]
    for i, value in enumerate(values):
        row, col = divmod(i, per_row)
        x, y = pad + col * (plate_w + gap), pad + row * (plate_h + gap)
        colour = np.array(face, np.float32) + rng.uniform(-8, 8)
        cv2.rectangle(
            plane, (x, y), (x + plate_w - 1, y + plate_h - 1), (colour * 0.8).tolist(), -1
        )
        cv2.rectangle(
            plane, (x + 3, y + 3), (x + plate_w - 4, y + plate_h - 4), colour.tolist(), -1
        )
        cv2.rectangle(alpha, (x, y), (x + plate_w - 1, y + plate_h - 1), 1.0, -1)
        digits = render_text(str(value), font, round(plate_h * rng.uniform(0.45, 0.58)))
        _centred(plane, digits, ink, x + plate_w / 2, y + plate_h / 2)
    background = table(rng, kind, size)
    return _photograph(rng, plane, alpha, background, PLATES_SHOT)


def rack_set(
    count: int,
    fonts: Sequence[str],
    seed: int,
    style: TileStyle | None = None,
    words: Sequence[str] = (),
) -> list[tuple[Image, str, TileStyle, str]]:
    """``count`` rack photos in ``fonts``: (photo, letters, style, table), tables in turn.

    ``style`` fixes the tile set (one user's game); ``words`` fixes the racks' letters.
    """
    rng = np.random.default_rng(seed)
    photos = []
    for i in range(count):
        random_letters = "".join(rng.choice(list(LETTER_POINTS), int(rng.integers(1, 11))))
        letters = words[i] if i < len(words) else random_letters
        tiles = random_style(rng, fonts)
        if style is not None:
            tiles = style
        kind = TABLES[i % len(TABLES)]
        photos.append((letter_rack_photo(letters, rng, tiles, kind), letters, tiles, kind))
    return photos


@dataclass(frozen=True)
class Score:
    """How a reader did on photos whose letters are known."""

    tiles: int
    right: int
    unsure: int
    """Tiles read "?": the reader said it did not know."""
    silent: int
    """Wrong letters not marked "?", and letters read where there is no tile: the errors
    that matter, since nothing tells the players to check."""
    missed: int
    """Tiles the reader did not see at all."""
    racks: int
    racks_right: int

    def __str__(self) -> str:
        return (
            f"{self.right / self.tiles:.1%} des tuiles lues justes, {self.unsure / self.tiles:.1%}"
            f" de « ? », {self.missed} manquées, {self.silent} erreurs muettes sur {self.tiles}"
            f" tuiles, {self.racks_right}/{self.racks} réglettes entières"
        )


def score(
    readings: Sequence[Sequence[str | int] | None], truths: Sequence[str | Sequence[str]]
) -> Score:
    """Compare readings (``None`` for a photo the reader rejected) with the truth: a
    rack's letters as one string, or its tiles' values one string each (plates' numbers).

    Each reading is aligned with its truth (``difflib``), so a tile missed or a tile
    too many costs one tile, not the whole rack.
    """
    tiles = right = unsure = silent = missed = racks_right = 0
    for values, truth in zip(readings, truths, strict=True):
        got = [str(v) for v in values or ()]
        tiles += len(truth)
        racks_right += got == list(truth)
        matcher = difflib.SequenceMatcher(None, list(truth), got, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                right += i2 - i1
                continue
            read = got[j1:j2]
            unsure += read.count("?")
            silent += len(read) - read.count("?")
            missed += max(0, (i2 - i1) - (j2 - j1))
    return Score(tiles, right, unsure, silent, missed, len(truths), racks_right)


#: The faces of a consonant die (all twenty consonants) and of the vowel die.
CONSONANT_FACES = "BCDFGHJKLMNPQRSTVWXZ"
VOWEL_FACES = "AEIOU" + JOKER

#: Die colours and the ink of their letters (BGR): ivory, white, red, blue, green, black.
DICE_COLOURS: tuple[tuple[BGR, BGR], ...] = (
    ((215, 235, 245), (30, 30, 30)),
    ((245, 245, 245), (120, 40, 20)),
    ((40, 40, 190), (245, 245, 245)),
    ((150, 80, 30), (245, 245, 245)),
    ((60, 140, 50), (250, 250, 250)),
    ((35, 35, 35), (240, 240, 240)),
)


def _rotated_glyph(text: str, font: str, height: int, degrees: float) -> Mask:
    glyph = render_joker(height) if text == JOKER else render_text(text, font, height)
    side = int(max(glyph.shape) * 1.5)
    canvas = np.zeros((side, side), np.uint8)
    y, x = (side - glyph.shape[0]) // 2, (side - glyph.shape[1]) // 2
    canvas[y : y + glyph.shape[0], x : x + glyph.shape[1]] = glyph
    matrix = cv2.getRotationMatrix2D((side / 2, side / 2), degrees, 1.0)
    return np.asarray(cv2.warpAffine(canvas, matrix, (side, side)), np.uint8)


@dataclass(frozen=True)
class _Die:
    """One die to draw: where, how big (circumradius), which face up, which colours."""

    centre: NDArray[np.float64]
    radius: float
    face: str
    colours: tuple[BGR, BGR]


def _bgr(colour: NDArray[np.float32]) -> BGR:
    b, g, r = (int(v) for v in colour)
    return (b, g, r)


def _d20(canvas: Plane, alpha: Plane, die: _Die, rng: np.random.Generator, font: str) -> None:
    """A d20 from above: the up face is the central triangle, three faces lean away
    around it, six more make the hexagonal outline."""
    centre, radius = die.centre, die.radius
    body, ink = (np.array(c, np.float32) for c in die.colours)
    spin = rng.uniform(0, 2 * np.pi)
    corners = [
        centre + radius * np.array([np.cos(spin + k * np.pi / 3), np.sin(spin + k * np.pi / 3)])
        for k in range(6)
    ]
    outline = [np.round(corners).astype(np.int32)]
    cv2.fillPoly(canvas, outline, (body * 0.62).tolist())
    cv2.fillPoly(alpha, outline, 1.0)
    top = [
        centre
        + 0.62
        * radius
        * np.array([np.cos(spin + k * 2 * np.pi / 3), np.sin(spin + k * 2 * np.pi / 3)])
        for k in range(3)
    ]
    for k in range(3):  # the three faces that share an edge with the top one
        outer = corners[(2 * k + 1) % 6]
        side = [top[k], top[(k + 1) % 3], outer]
        cv2.fillPoly(canvas, [np.round(side).astype(np.int32)], (body * 0.8).tolist())
        mid = (top[k] + top[(k + 1) % 3] + outer) / 3
        small = _rotated_glyph(
            str(rng.choice(list(CONSONANT_FACES))), font, round(radius * 0.22), rng.uniform(0, 360)
        )
        squashed = cv2.resize(small, None, fx=1.0, fy=0.6, interpolation=cv2.INTER_AREA)
        _centred(canvas, np.asarray(squashed, np.uint8), _bgr(ink * 0.9), *mid)
    cv2.fillPoly(canvas, [np.round(top).astype(np.int32)], body.tolist())
    # The letter stands on one of the triangle's three edges, its top towards the apex.
    edge = int(rng.integers(3))
    up = top[(edge + 2) % 3] - (top[edge] + top[(edge + 1) % 3]) / 2
    upright = float(np.degrees(np.arctan2(-up[0], -up[1])))
    glyph = _rotated_glyph(die.face, font, round(radius * 0.42), upright)
    middle = (top[0] + top[1] + top[2]) / 3
    _centred(canvas, glyph, _bgr(ink), *middle)


def _d6(canvas: Plane, alpha: Plane, die: _Die, rng: np.random.Generator, font: str) -> None:
    """The vowel die from above: a square face, its letter in any of four orientations."""
    centre, half = die.centre, die.radius
    body, ink = (np.array(c, np.float32) for c in die.colours)
    spin = rng.uniform(0, 90)
    box = cv2.boxPoints(((float(centre[0]), float(centre[1])), (2 * half, 2 * half), spin))
    outline = [np.round(box * 1.06 - centre * 0.06).astype(np.int32)]
    cv2.fillPoly(canvas, outline, (body * 0.7).tolist())
    cv2.fillPoly(alpha, outline, 1.0)
    cv2.fillPoly(canvas, [np.round(box).astype(np.int32)], body.tolist())
    glyph = _rotated_glyph(die.face, font, round(half * 1.0), -spin + 90 * int(rng.integers(4)))
    _centred(canvas, glyph, _bgr(ink), *centre)


def dice_photo(
    faces: str,
    rng: np.random.Generator,
    font: str,
    table_kind: str | None = None,
    size: tuple[int, int] = (1024, 768),
) -> Image:
    """:func:`first_dice_scene`'s photo alone (the bench's and the tests' dice photos)."""
    return first_dice_scene(faces, rng, font, table_kind, size)[0]


def first_dice_scene(
    faces: str,
    rng: np.random.Generator,
    font: str,
    table_kind: str | None = None,
    size: tuple[int, int] = (1024, 768),
) -> tuple[Image, list[DrawnDie]]:
    """A photo from above of three consonant d20 showing ``faces[:3]`` and the vowel die
    showing ``faces[3]`` (none in the game without the variant: three faces), scattered
    on a table.

    The dice are photographed as the racks are (the same camera): a camera over a table
    is rarely exactly overhead, so the whole scene is seen with a mild foreshortening and
    keystone (:data:`DICE_SHOT`: up faces are no longer regular triangles and squares);
    the dice cast a soft shadow, the light is uneven, and on half the photos a lamp's
    highlight shines somewhere on one die (dice are shiny plastic: the highlight washes
    out part of a face and of its letter); then blur, noise and JPEG.

    With it, the dice as drawn (:class:`vision.dice_render.DrawnDie`, left to right as
    drawn), placed in the photo through the camera's view: the up letter's centre and
    height, the up face's centre, the die's radius (the height and radius scaled by the
    view's local scale there). Recording them draws nothing at random, so a seeded photo
    is the same as before they were recorded (the classifier trains on this renderer too).
    """
    kind = table_kind or str(rng.choice(TABLES))
    w, h = size
    plane = np.zeros((h, w, 3), np.float32)
    alpha = np.zeros((h, w), np.float32)
    radius = rng.uniform(0.07, 0.1) * w
    centres: list[NDArray[np.float64]] = []
    while len(centres) < len(faces):
        point = np.array([rng.uniform(0.15, 0.85) * w, rng.uniform(0.2, 0.8) * h])
        if all(np.hypot(*(point - c)) > 2.4 * radius for c in centres):
            centres.append(point)
    # Left to right as the photo shows them: the view may swap two dice nearly in a column.
    view = _view(rng, (w, h), size, DICE_SHOT)
    seen = cv2.perspectiveTransform(np.array(centres).reshape(-1, 1, 2), view.homography)
    centres = [centres[i] for i in np.argsort(seen[:, 0, 0])]
    vowel_at = int(rng.integers(4)) if len(faces) > 3 else -1
    consonants = iter(faces[:3])
    drawn: list[DrawnDie] = []
    for i, centre in enumerate(centres):
        colours = DICE_COLOURS[rng.integers(len(DICE_COLOURS))]
        if i == vowel_at:
            _d6(plane, alpha, _Die(centre, radius * 0.62, faces[3], colours), rng, font)
            # The letter is as high as the square's half side; the outline 1.06 times it.
            drawn.append(_seen(view, centre, faces[3], radius * 0.62, radius * 0.62 * 1.5))
        else:
            face = next(consonants)
            _d20(plane, alpha, _Die(centre, radius, face, colours), rng, font)
            # The up letter is 0.42 of the radius high, centred on the up face's middle.
            drawn.append(_seen(view, centre, face, radius * 0.42, radius))
    # A highlight anywhere on a die, up to half its radius from its centre.
    turns = rng.uniform(0, 2 * np.pi, len(centres))
    reach = rng.uniform(0, 0.5, len(centres)) * radius
    offsets = np.stack([np.cos(turns), np.sin(turns)], axis=1) * reach[:, None]
    hot_spots = np.array(centres) + offsets
    background = table(rng, kind, size)
    photo = _photograph(rng, plane, alpha, background, DICE_SHOT, view=view, hot_spots=hot_spots)
    return photo, drawn


def _seen(
    view: _View, centre: NDArray[np.float64], face: str, letter: float, radius: float
) -> DrawnDie:
    """A die drawn at ``centre`` of the plane (its up letter ``letter`` pixels high, its
    radius ``radius``) as the photo shows it through ``view``: lengths scaled by the
    view's local scale at the centre (the square root of its Jacobian's determinant)."""
    from vision.dice_render import DrawnDie

    points = centre + np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    seen = cv2.perspectiveTransform(points.reshape(-1, 1, 2), view.homography).reshape(-1, 2)
    jacobian = np.stack([seen[1] - seen[0], seen[2] - seen[0]], axis=1)
    scale = float(np.sqrt(abs(np.linalg.det(jacobian))))
    at = (float(seen[0][0]), float(seen[0][1]))
    return DrawnDie(face, at, letter * scale, at, radius * scale)
