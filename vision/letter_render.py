"""A randomised renderer of letter tiles, with whole style families held out by construction.

The letters' counterpart of :mod:`vision.render` (the plates'), and split by the same rule
(:func:`vision.render.split_of`): a tile style is a font design and weight and a colour
scheme (dark on light and light on dark); every third design and every third scheme of
each polarity is held out. Its designs are the plates' and 32 more
(:data:`vision.render.LETTER_DESIGNS`, split the same way among themselves). Within a
style everything else is drawn at random, never a constant: the tile's proportions, the
letter's height and place, a small score digit in a corner or none, an outline around
the letter, a border, rounded corners, a bevel; then the camera: a small turn, a squash
(seen at an angle), a lean (keystone), a scale, uneven light, glare, blur, noise, JPEG,
and the reader's window a little off its letter.

*train*: trained designs in trained colours (the classifier learns them); *calibration*:
trained designs in held-out colours (its "?" threshold is chosen there); *held-out*:
held-out designs in held-out colours, only ever measured (bench and tests).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image as PILImage
from PIL import ImageDraw

from vision.camera import Image
from vision.render import BGR, SCHEMES, _camera, _font, _jitter, _jpeg, _rgb, design_fonts, families
from vision.synthetic import (
    RACK_SHOT,
    TABLES,
    DrawnLetter,
    _photograph,
    _view,
    seen_letters,
    table,
)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: The class of a window that holds no tile's letter (a gap between tiles, a blank tile,
#: a score digit alone, the holder.
NOTHING = len(LETTERS)

#: The classifier's input: a square window this many pixels wide around a letter.
INPUT = 32

#: The window's side over the letters' height (the row's usual capital height, as seen):
#: room for a W, a little of the tile around it.
WINDOW = 1.5


@dataclass(frozen=True)
class TileStyle:
    """How one set of tiles looks; every proportion is drawn, none is fixed."""

    font: Path
    face: BGR
    ink: BGR
    aspect: float
    """Tile's height over its width."""
    letter_height: float
    """Capital's height over the tile's width."""
    points: bool
    """A small score digit in the bottom right corner."""
    points_height: float
    """The score digit's height over the capital's."""
    outline: bool
    """A contrasting line around the letter."""
    border: float
    """A darker rim around the face, over the tile's width (0: none)."""
    radius: float
    """Corners' radius over the tile's width."""
    holder: BGR
    """What the tiles stand in."""


def random_style(rng: np.random.Generator, split: str) -> TileStyle:
    """A tile style of a family of ``split``, its colours and proportions drawn."""
    options = families(split, letters=True)
    design, scheme = options[rng.integers(len(options))]
    fonts = design_fonts(letters=True)[design]
    face, ink = SCHEMES[scheme]
    holder = tuple(int(v) for v in rng.integers(0, 256, 3))
    return TileStyle(
        font=fonts[rng.integers(len(fonts))],
        face=_jitter(face, rng, 18),
        ink=_jitter(ink, rng, 18),
        aspect=float(rng.uniform(0.95, 1.2)),
        letter_height=float(rng.uniform(0.42, 0.66)),
        points=bool(rng.random() < 0.75),
        points_height=float(rng.uniform(0.22, 0.4)),
        outline=bool(rng.random() < 0.12),
        border=float(rng.uniform(0.02, 0.07)) if rng.random() < 0.4 else 0.0,
        radius=float(rng.uniform(0.0, 0.18)),
        holder=(holder[0], holder[1], holder[2]),
    )


def draw_tile(
    letter: str, style: TileStyle, width: int, rng: np.random.Generator, score: int | None = None
) -> tuple[Image, Image]:
    """One tile ``width`` pixels wide: its BGR picture and its letter's ink mask (255; the
    score digit is not in it). ``letter`` "" is a blank tile."""
    height = round(width * style.aspect)
    picture = PILImage.new("RGB", (width, height), _rgb(style.holder))
    mask = PILImage.new("L", (width, height), 0)
    draw, ink_draw = ImageDraw.Draw(picture), ImageDraw.Draw(mask)
    radius = round(style.radius * width)
    r, g, b = _rgb(style.face)
    rim = (int(0.75 * r), int(0.75 * g), int(0.75 * b))
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=rim)
    inset = max(1, round(style.border * width)) if style.border else 0
    bevel = max(1, round(rng.uniform(0.0, 0.05) * width))
    draw.rounded_rectangle(
        (inset, inset, width - 1 - inset, height - 1 - inset - bevel),
        radius=max(0, radius - inset),
        fill=_rgb(style.face),
    )
    if not letter:  # a blank tile has no points either
        return _arrays(picture, mask)
    probe = _font(style.font, 100)
    cap = probe.getbbox("H")
    size = max(6, round(100 * style.letter_height * width / max(1, cap[3] - cap[1])))
    font = _font(style.font, size)
    cx, cy = width / 2, height / 2
    if style.points:  # real tiles leave the corner to the points
        cx -= rng.uniform(0.0, 0.06) * width
        cy -= rng.uniform(0.0, 0.06) * width
    stroke = max(1, round(0.04 * size)) if style.outline else 0
    if letter:
        box = font.getbbox(letter)
        room = (0.7 if style.points else 0.82) * width
        if box[2] - box[0] > room:  # a W too wide for its tile is printed narrower
            font = _font(style.font, max(6, int(size * room / (box[2] - box[0]))))
            box = font.getbbox(letter)
        at = (cx - (box[0] + box[2]) / 2, cy - (box[1] + box[3]) / 2)
        contrast = _rgb(style.holder) if stroke else None
        kwargs = {"stroke_width": stroke, "stroke_fill": contrast} if stroke else {}
        draw.text(at, letter, font=font, fill=_rgb(style.ink), **kwargs)  # type: ignore[arg-type]
        ink_draw.text(at, letter, font=font, fill=255)
    if style.points:
        value = score if score is not None else int(rng.choice([1, 1, 1, 2, 3, 4, 8, 10]))
        small = _font(style.font, max(5, round(size * style.points_height)))
        text = str(value)
        box = small.getbbox(text)
        x = width * rng.uniform(0.8, 0.9) - box[2]
        y = height * rng.uniform(0.82, 0.92) - box[3]
        draw.text((x, y), text, font=small, fill=_rgb(style.ink))
    return _arrays(picture, mask)


def _arrays(picture: PILImage.Image, mask: PILImage.Image) -> tuple[Image, Image]:
    bgr = np.ascontiguousarray(np.asarray(picture, np.uint8)[..., ::-1])
    return bgr, np.asarray(mask, np.uint8)


def letter_input(
    gray: NDArray[np.uint8],
    centre: tuple[float, float],
    height: float,
    angle: float = 0.0,
    shear: float = 0.0,
) -> Image:
    """The :data:`INPUT` × :data:`INPUT` grey window of ``gray`` centred on ``centre``,
    :data:`WINDOW` times ``height`` wide (the letters' height as seen), turned by
    ``angle`` (radians: the row's slope) and its lean ``shear`` (x moving by this times
    y once level) undone."""
    side = WINDOW * max(height, 2.0)
    k = INPUT / side
    cos, sin = math.cos(angle), math.sin(angle)
    # Window (u, v) from the photo's (x, y): turn by -angle, undo the lean, scale.
    turn = np.array([[cos, sin], [-sin, cos]])
    unlean = np.array([[1.0, -shear], [0.0, 1.0]])
    linear = k * (unlean @ turn)
    offset = np.array([INPUT / 2, INPUT / 2]) - linear @ np.array(centre)
    affine = np.hstack([linear, offset[:, None]])
    flags = cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR
    out = cv2.warpAffine(gray, affine, (INPUT, INPUT), flags=flags, borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(out, np.uint8)


def letter_sample(
    rng: np.random.Generator, split: str, letter: str | None = None
) -> tuple[Image, int]:
    """One training or test window and its class (an index of :data:`LETTERS`, or
    :data:`NOTHING`): a tile of a random style of ``split`` between its neighbours on
    the holder, seen by a random camera, cut out around its letter as the reader would
    (a little off in place and size)."""
    style = random_style(rng, split)
    kind = "letter" if letter else str(rng.choice(["letter"] * 22 + ["gap", "blank", "digit"]))
    if letter is None:
        letter = LETTERS[rng.integers(len(LETTERS))]
    seen_cap = rng.uniform(9, 45)  # the capital's height in the photo, pixels
    width = int(np.clip(1.6 * seen_cap / style.letter_height, 24, 180))
    tile, mask = draw_tile("" if kind == "blank" else letter, style, width, rng)
    th, tw = mask.shape
    gap = int(rng.uniform(0.0, 0.2) * width)
    canvas_h, canvas_w = th * 2, tw * 3 + 2 * gap + 2
    holder = np.empty((canvas_h, canvas_w, 3), np.float32)
    holder[:] = np.array(style.holder, np.float32)
    ink = np.zeros((canvas_h, canvas_w), np.uint8)
    x0, y0 = (canvas_w - tw) // 2, (canvas_h - th) // 2
    holder[y0 : y0 + th, x0 : x0 + tw] = tile
    ink[y0 : y0 + th, x0 : x0 + tw] = mask
    for side in (-1, 1):  # neighbours, their ink not in the mask
        if rng.random() < 0.8:
            other = LETTERS[rng.integers(len(LETTERS))]
            picture, _ = draw_tile(other, style, width, rng)
            nx = x0 + side * (tw + gap)
            holder[y0 : y0 + th, nx : nx + tw] = picture
    cap_px = style.letter_height * width  # the capital's height as drawn
    scale = seen_cap / cap_px
    angle = rng.uniform(-4, 4)
    squash, shear = rng.uniform(0.55, 1.05), rng.uniform(-0.2, 0.2)
    affine = cv2.getRotationMatrix2D((canvas_w / 2, canvas_h / 2), angle, scale)
    affine[1] *= squash
    affine[0, 1] += shear * scale
    out = (round(canvas_w * scale) + 4, round(canvas_h * scale) + 4)
    seen = cv2.warpAffine(holder, affine, out, borderMode=cv2.BORDER_REFLECT)
    seen_ink = cv2.warpAffine(ink, affine, out)
    blurred = _camera(np.asarray(seen, np.float32), rng, min(1.4, seen_cap / 12))
    gray = cv2.cvtColor(blurred, cv2.COLOR_BGR2GRAY)
    photo = _jpeg(np.asarray(gray, np.float32), rng)
    # The tile's centre as seen, and the letter's ink box.
    tile_centre = affine @ np.array([x0 + tw / 2, y0 + th / 2, 1.0])
    points = cv2.findNonZero(np.asarray(seen_ink > 96, np.uint8))
    if points is not None and kind == "letter":
        x, y, w, h = cv2.boundingRect(points)
        centre = (x + w / 2, y + h / 2)
    else:
        centre = (float(tile_centre[0]), float(tile_centre[1]))
    height = seen_cap * squash  # what the reader measures: the row's capitals as seen
    if kind == "gap":  # half way to a neighbour, or above or below the letter
        if rng.random() < 0.6:
            step = float(rng.choice([-1, 1])) * rng.uniform(0.4, 0.6) * (tw + gap) * scale
            centre = (centre[0] + step, centre[1] + rng.uniform(-0.2, 0.2) * height)
        else:
            step = float(rng.choice([-1, 1])) * rng.uniform(0.9, 1.4) * height
            centre = (centre[0] + rng.uniform(-0.3, 0.3) * height, centre[1] + step)
    elif kind == "digit":  # the score digit taken for a letter: framed at its own height
        corner = affine @ np.array([x0 + 0.82 * tw, y0 + 0.82 * th, 1.0])
        centre = (float(corner[0]), float(corner[1]))
        height *= style.points_height
    # The reader's window is a little off: its centre, the height it measured.
    centre = (
        centre[0] + rng.uniform(-0.1, 0.1) * height,
        centre[1] + rng.uniform(-0.1, 0.1) * height,
    )
    height *= rng.uniform(0.88, 1.12)
    window = letter_input(photo, centre, height, 0.0, 0.0)
    return window, LETTERS.index(letter) if kind == "letter" else NOTHING


def rack_scene(
    letters: Sequence[str],
    rng: np.random.Generator,
    style: TileStyle,
    size: tuple[int, int] = (1024, 768),
    tables: Sequence[str] = TABLES,
) -> Image:
    """A photo of ``letters`` ("" a blank tile) on a holder of ``style``, on a random
    table of ``tables``, at an angle (the first generator's rack camera)."""
    return drawn_rack_scene(letters, rng, style, size, tables)[0]


def drawn_rack_scene(
    letters: Sequence[str],
    rng: np.random.Generator,
    style: TileStyle,
    size: tuple[int, int] = (1024, 768),
    tables: Sequence[str] = TABLES,
) -> tuple[Image, list[DrawnLetter]]:
    """:func:`rack_scene`'s photo (the same random draws) and where each letter is on it,
    blank tiles left out."""
    width = 90
    drawn_tiles = [draw_tile(c, style, width, rng) for c in letters]
    th = drawn_tiles[0][0].shape[0]
    gap = round(rng.uniform(0.0, 0.15) * width)
    margin = round(width * rng.uniform(0.3, 0.6))
    plane_w = 10 * (width + gap) + 2 * margin
    back, lip = round(th * rng.uniform(0.15, 0.4)), round(th * rng.uniform(0.2, 0.35))
    plane_h = back + th + lip
    plane = np.ones((plane_h, plane_w, 3), np.float32) * np.array(style.holder, np.float32)
    used = len(letters) * (width + gap)
    x = margin + int(rng.uniform(0, max(0, plane_w - 2 * margin - used)))
    inks: list[tuple[str, float, float, float]] = []  # letter, centre x, top, bottom
    for letter, (picture, mask) in zip(letters, drawn_tiles, strict=True):
        plane[back : back + th, x : x + width] = picture
        if letter:
            bx, by, bw, bh = cv2.boundingRect(mask)
            inks.append((letter, x + bx + bw / 2, back + by, back + by + bh))
        x += width + gap
    lip_colour = np.array(style.holder, np.float32) * 0.8
    cv2.rectangle(plane, (0, back + th - 4), (plane_w, plane_h), lip_colour.tolist(), -1)
    alpha = np.ones((plane_h, plane_w), np.float32)
    background = table(rng, str(rng.choice(list(tables))), size)
    # The view _photograph would draw first, drawn here to know where the letters go.
    view = _view(rng, (plane_w, plane_h), size, RACK_SHOT)
    photo = _photograph(rng, plane, alpha, background, RACK_SHOT, view=view)
    return photo, seen_letters(inks, view.homography)
