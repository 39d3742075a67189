"""A randomised renderer of number plates, with whole style families held out by construction.

The first generator (:mod:`vision.synthetic`) draws plates in a handful of looks with fixed
proportions, and the readers were tuned to it: on plates of other looks they fell to 8.9%.
This one draws every plate from a *style*: a font design and weight, a colour scheme (dark
on light and light on dark), a bar under 6 and 9 or not, an outline around the digits or a
border around the plate, and proportions (plate's width, digits' height, spacing) drawn at
random, never constants. Then the camera: turn, squash, shear, blur, glare, noise, JPEG.

Which styles a classifier may learn from is decided here, by a fixed rule, before anything
is trained (:func:`split_of`): font *designs* (a design groups its clones: Helvetica is
FreeSans, Liberation Sans and Nimbus Sans) are sorted by name and every third is held out;
colour schemes are listed per polarity and every third of each is held out. Training sees
only trained designs in trained colours; the confidence threshold is chosen on trained
designs in held-out colours; the figures are measured on held-out designs in held-out
colours, which nothing was ever fitted to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

from vision.camera import Image
from vision.glyphs import FONT_DIRS
from vision.synthetic import PLATES_SHOT, TABLES, _photograph, table

BGR = tuple[int, int, int]

#: The plate values of "Le compte est bon".
PLATE_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 50, 75, 100)

#: Font designs by name, each with the families (as the fonts name themselves) that draw
#: it: clones of one design are one design, so a held-out design has no twin in training.
DESIGNS: dict[str, tuple[str, ...]] = {
    "Avant Garde": ("URW Gothic",),
    "Bookman": ("URW Bookman",),
    "Calibri": ("Carlito",),
    "Century": ("C059",),
    "Courier": ("FreeMono", "Liberation Mono", "Nimbus Mono PS"),
    "DejaVu Mono": ("DejaVu Sans Mono",),
    "DejaVu Sans": ("DejaVu Sans",),
    "DejaVu Serif": ("DejaVu Serif",),
    "Helvetica": ("FreeSans", "Liberation Sans", "Nimbus Sans"),
    "Helvetica Narrow": ("Liberation Sans Narrow", "Nimbus Sans Narrow"),
    "Lato": ("Lato",),
    "Open Sans": ("Open Sans", "Open Sans Condensed"),
    "Palatino": ("P052",),
    "Times": ("FreeSerif", "Liberation Serif", "Nimbus Roman"),
}

#: Font designs only letters (tiles, dice) are drawn in (their Debian packages are in the
#: Makefile's system packages). The letters' readers, trained on ten designs, missed letters
#: of designs they had never seen; more designs in training is the general cure. They are
#: split by the same rule among themselves (every third, in name order, held out), so
#: :data:`DESIGNS`' split is unchanged and the held-out families gain designs no choice
#: was ever made on. None is a clone of a held-out design of :data:`DESIGNS` (no Arimo or
#: TeX Gyre Heros beside Helvetica, no Noto Sans beside Open Sans, no Hack beside DejaVu
#: Mono).
LETTER_DESIGNS: dict[str, tuple[str, ...]] = {
    "Andika": ("Andika",),
    "B612": ("B612",),
    "B612 Mono": ("B612 Mono",),
    "Baskervald": ("Baskervald ADF Std",),
    "Bebas Neue": ("Bebas Neue",),
    "Beteckna": ("Beteckna", "BetecknaGS", "BetecknaGSCondensed"),
    "Biolinum": ("Linux Biolinum O",),
    "Cabin": ("Cabin",),
    "Caladea": ("Caladea",),
    "Cantarell": ("Cantarell",),
    "Charis": ("Charis SIL",),
    "Clear Sans": ("Clear Sans", "Clear Sans Light", "Clear Sans Medium"),
    "Comic Neue": ("Comic Neue",),
    "Courier Prime": ("Courier Prime", "Courier Prime Code", "Courier Prime Sans"),
    "Dosis": ("Dosis",),
    "EB Garamond": ("EB Garamond",),
    "Fira Code": ("Fira Code",),
    "Gillius": ("Gillius ADF", "Gillius ADF No2"),
    "Go": ("Go", "Go Medium"),
    "Go Mono": ("Go Mono",),
    "Inconsolata": ("Inconsolata",),
    "Jura": ("Jura",),
    "League Spartan": ("League Spartan",),
    "Libertine": ("Linux Libertine O", "Linux Libertine Display O"),
    "Oxygen": ("Oxygen-Sans",),
    "PT Mono": ("PT Mono",),
    "PT Sans": ("PT Sans", "PT Sans Caption", "PT Sans Narrow"),
    "PT Serif": ("PT Serif", "PT Serif Caption"),
    "Quicksand": ("Quicksand", "Quicksand Light", "Quicksand Medium"),
    "Romande": ("Romande ADF Std", "Romande ADF No2 Std"),
    "Vollkorn": ("Vollkorn",),
    "Yanone Kaffeesatz": ("Yanone Kaffeesatz",),
}

#: Font designs only the dice are drawn in, none trained on (their Debian packages are in
#: the Makefile's system packages): the dice's ``fresh`` split, designs neither the dice
#: network nor any choice ever saw, where the ``unseen`` split (:data:`LETTER_DESIGNS`'
#: held-out ones) is where choices about unseen designs are made. None is a clone of a
#: design of the two lists above (no Century Catalogue beside C059's Century). Training on
#: two-thirds of them was tried (docs/vision.md) and not kept.
DICE_DESIGNS: dict[str, tuple[str, ...]] = {
    "Accanthis": ("Accanthis ADF Std", "Accanthis ADF Std No2", "Accanthis ADF Std No3"),
    "Allerta": ("Allerta",),
    "Anonymous Pro": ("Anonymous Pro", "Anonymous Pro Minus"),
    "Arapey": ("Arapey",),
    "Comfortaa": ("Comfortaa",),
    "DIN": ("OSP-DIN",),
    "Fanwood": ("Fanwood", "Fanwood Text"),
    "Inter": ("Inter", "Inter Display"),
    "JetBrains Mono": ("JetBrains Mono",),
    "Junction": ("Junction",),
    "Karla": ("Karla",),
    "Manrope": ("Manrope",),
    "National Park": ("National Park",),
    "Old Standard": ("Old Standard TT",),
    "Play": ("Play",),
    "Quattrocento": ("Quattrocento",),
    "Roboto Slab": ("Roboto Slab",),
    "Routed Gothic": ("Routed Gothic", "Routed Gothic Narrow", "Routed Gothic Wide"),
    "Sora": ("Sora",),
    "Tiresias": (
        "Tiresias Infofont",
        "Tiresias LPfont",
        "Tiresias PCfont",
        "Tiresias Signfont",
    ),
    "Tuffy": ("Tuffy",),
    "Universalis": ("Universalis ADF Std",),
}

#: Colour schemes (face, ink) in BGR, dark ink on light plates, then light on dark.
DARK_ON_LIGHT: dict[str, tuple[BGR, BGR]] = {
    "ivory/black": ((225, 240, 248), (25, 25, 25)),
    "white/navy": ((245, 245, 245), (90, 30, 20)),
    "yellow/black": ((60, 215, 245), (20, 20, 20)),
    "wood/brown": ((150, 190, 220), (30, 50, 80)),
    "grey/black": ((200, 200, 200), (30, 30, 30)),
    "white/red": ((240, 240, 245), (30, 30, 180)),
    "green/black": ((200, 230, 200), (20, 40, 20)),
    "orange/black": ((40, 140, 240), (20, 20, 20)),
    "blue/navy": ((240, 215, 190), (100, 40, 10)),
}
LIGHT_ON_DARK: dict[str, tuple[BGR, BGR]] = {
    "navy/white": ((100, 40, 20), (245, 245, 245)),
    "black/white": ((30, 30, 30), (240, 240, 240)),
    "red/white": ((40, 40, 170), (240, 240, 240)),
    "green/yellow": ((40, 90, 30), (70, 220, 240)),
    "black/yellow": ((25, 25, 25), (40, 210, 240)),
    "brown/cream": ((30, 60, 100), (200, 235, 245)),
}
SCHEMES = {**DARK_ON_LIGHT, **LIGHT_ON_DARK}

#: Font styles never drawn: too thin to be printed on a plate, slanted, or outlines and
#: stencils (some of :data:`DICE_DESIGNS`' fonts), which no game's pieces are printed in.
_SKIPPED_STYLES = (
    "Hairline",
    "Thin",
    "ExtraLight",
    "Extra Light",
    "Italic",
    "Oblique",
    "Outline",
    "Stencil",
)

#: Splits: ``train`` (the classifier learns it), ``calibration`` (trained designs in
#: held-out colours: the confidence threshold is chosen there), ``held-out`` (held-out
#: designs in held-out colours: the figures).
SPLITS = ("train", "calibration", "held-out")


def design_held_out(design: str) -> bool:
    """Every third design, in name order, is held out of training (:data:`DESIGNS` and
    :data:`LETTER_DESIGNS` each in its own order)."""
    listed = DESIGNS if design in DESIGNS else LETTER_DESIGNS
    return sorted(listed).index(design) % 3 == 2


def scheme_held_out(scheme: str) -> bool:
    """Every third scheme of each polarity, in the order listed, is held out."""
    group = list(DARK_ON_LIGHT if scheme in DARK_ON_LIGHT else LIGHT_ON_DARK)
    return group.index(scheme) % 3 == 2


def split_of(design: str, scheme: str) -> str | None:
    """Which split a (design, scheme) family belongs to; ``None``: used by none (a held-
    out design in a trained colour, kept out so that no figure mixes the two)."""
    held_design, held_scheme = design_held_out(design), scheme_held_out(scheme)
    if not held_design and not held_scheme:
        return "train"
    if not held_design:
        return "calibration"
    return "held-out" if held_scheme else None


@cache
def design_fonts(letters: bool = False, dice: bool = False) -> dict[str, tuple[Path, ...]]:
    """The installed upright font files of each design (designs with none are left out);
    with ``letters``, :data:`LETTER_DESIGNS` too (designs only letters are drawn in), with
    ``dice``, :data:`DICE_DESIGNS` too."""
    found: dict[str, list[Path]] = {}
    designs = {**DESIGNS, **(LETTER_DESIGNS if letters else {}), **(DICE_DESIGNS if dice else {})}
    family_design = {f: d for d, families in designs.items() for f in families}
    for root in FONT_DIRS:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix.lower() not in {".ttf", ".otf"}:
                continue
            family, style = ImageFont.truetype(str(path), 20).getname()
            design = family_design.get(family or "")
            named = f"{style or ''} {path.stem}"
            if design and not any(s in named for s in _SKIPPED_STYLES):
                found.setdefault(design, []).append(path)
    return {d: tuple(paths) for d, paths in sorted(found.items())}


@cache
def families(split: str, letters: bool = False) -> tuple[tuple[str, str], ...]:
    """The (design, scheme) families of ``split`` whose fonts are installed (with
    ``letters``, :data:`LETTER_DESIGNS` too). Cached: every style drawn asks for them."""
    return tuple((d, s) for d in design_fonts(letters) for s in SCHEMES if split_of(d, s) == split)


@dataclass(frozen=True)
class PlateStyle:
    """How one set of plates looks; every proportion is drawn, none is fixed."""

    font: Path
    face: BGR
    ink: BGR
    aspect: float
    """Plate's width over its height."""
    digit_height: float
    """Digits' height over the plate's."""
    spacing: float
    """Extra space between two digits, over the digits' height."""
    underline: bool
    """A bar under 6 and 9."""
    outline: bool
    """A contrasting line around the digits."""
    border: float
    """A line in the ink's colour around the plate, over its height (0: none)."""
    radius: float
    """Corners' radius over the plate's height."""
    holder: BGR
    """What the plates lie on or stand in."""


def _jitter(colour: BGR, rng: np.random.Generator, amount: float) -> BGR:
    c = np.clip(np.array(colour) + rng.uniform(-amount, amount, 3), 0, 255).astype(int)
    return (int(c[0]), int(c[1]), int(c[2]))


def random_style(rng: np.random.Generator, split: str) -> PlateStyle:
    """A plate style of a family of ``split``, its colours and proportions drawn."""
    options = families(split)
    design, scheme = options[rng.integers(len(options))]
    fonts = design_fonts()[design]
    face, ink = SCHEMES[scheme]
    holder = tuple(int(v) for v in rng.integers(0, 256, 3))
    return PlateStyle(
        font=fonts[rng.integers(len(fonts))],
        face=_jitter(face, rng, 18),
        ink=_jitter(ink, rng, 18),
        aspect=float(rng.uniform(1.05, 1.9)),
        digit_height=float(rng.uniform(0.36, 0.7)),
        spacing=float(rng.uniform(-0.04, 0.25)),
        underline=bool(rng.random() < 0.4),
        outline=bool(rng.random() < 0.15),
        border=float(rng.uniform(0.02, 0.06)) if rng.random() < 0.3 else 0.0,
        radius=float(rng.uniform(0.0, 0.2)),
        holder=(holder[0], holder[1], holder[2]),
    )


def _rgb(colour: BGR) -> tuple[int, int, int]:
    return (colour[2], colour[1], colour[0])


@cache
def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def draw_plate(value: int, style: PlateStyle, height: int) -> tuple[Image, Image]:
    """One plate ``height`` pixels high: its BGR picture and its ink's mask (the digits
    and their bars, 255)."""
    width = round(height * style.aspect)
    picture = PILImage.new("RGB", (width, height), _rgb(style.face))
    mask = PILImage.new("L", (width, height), 0)
    draw, ink_draw = ImageDraw.Draw(picture), ImageDraw.Draw(mask)
    if style.border:
        line = max(1, round(style.border * height))
        inset = line + 1
        draw.rounded_rectangle(
            (inset, inset, width - 1 - inset, height - 1 - inset),
            radius=round(style.radius * height),
            outline=_rgb(style.ink),
            width=line,
        )
    # Size the font so that a digit is digit_height of the plate.
    probe = _font(style.font, 100)
    box = probe.getbbox("0")
    size = max(6, round(100 * style.digit_height * height / max(1, box[3] - box[1])))
    text = str(value)
    # A number fits on its plate: a 100 too wide for it is printed smaller.
    for _ in range(2):
        font = _font(style.font, size)
        boxes = [font.getbbox(c) for c in text]
        digit_h = boxes[0][3] - boxes[0][1]
        gap = style.spacing * digit_h
        total = sum(b[2] - b[0] for b in boxes) + gap * (len(text) - 1)
        room = 0.86 * width - 2 * style.border * height
        if total <= room:
            break
        size = max(6, int(size * room / total))
    x = (width - total) / 2
    top = (height - digit_h) / 2
    stroke = max(1, round(0.05 * digit_h)) if style.outline else 0
    contrast = _rgb(style.holder) if style.outline else None
    for c, b in zip(text, boxes, strict=True):
        at = (x - b[0], top - b[1])
        kwargs = {"stroke_width": stroke, "stroke_fill": contrast} if stroke else {}
        draw.text(at, c, font=font, fill=_rgb(style.ink), **kwargs)  # type: ignore[arg-type]
        ink_draw.text(at, c, font=font, fill=255, stroke_width=stroke)
        if style.underline and value in (6, 9):
            w = b[2] - b[0]
            bar = (x + 0.15 * w, top + digit_h * 1.1, x + 0.85 * w, top + digit_h * 1.18)
            draw.rectangle(bar, fill=_rgb(style.ink))
            ink_draw.rectangle(bar, fill=255)
        x += b[2] - b[0] + gap
    bgr = np.asarray(picture, np.uint8)[..., ::-1]
    return np.ascontiguousarray(bgr), np.asarray(mask, np.uint8)


#: The classifier's input: a window around a number's ink, this many pixels high and wide.
INPUT_H, INPUT_W = 32, 64


def window_of(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The window the classifier sees around a number's ink box (x, y, w, h): centred on
    it, 1.6 times its height (or 0.9 times its width, for a wide 100 seen squashed)
    high and twice as wide as high, so that a 1 and a 100 keep their proportions."""
    x, y, w, h = box
    high = max(1.6 * h, 0.9 * w)
    return (x + w / 2, y + h / 2, 2 * high, high)


def plate_input(gray: NDArray[np.uint8], box: tuple[float, float, float, float]) -> Image:
    """The :data:`INPUT_H` × :data:`INPUT_W` grey window of ``gray`` around ``box``."""
    cx, cy, w, h = window_of(box)
    sx, sy = INPUT_W / w, INPUT_H / h
    affine = np.array([[sx, 0, INPUT_W / 2 - cx * sx], [0, sy, INPUT_H / 2 - cy * sy]])
    area = cv2.INTER_AREA if sx < 1 else cv2.INTER_LINEAR
    out = cv2.warpAffine(
        gray, affine, (INPUT_W, INPUT_H), flags=area, borderMode=cv2.BORDER_REPLICATE
    )
    return np.asarray(out, np.uint8)


def _camera(
    picture: NDArray[np.float32], rng: np.random.Generator, blur: float = 1.6
) -> NDArray[np.float32]:
    """Light, glare, blur (up to ``blur`` pixels), noise on a float BGR picture."""
    h, w = picture.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-0.5, 0.5, 2)
    light = 1.0 + gx * (xs / w - 0.5) + gy * (ys / h - 0.5)
    picture = picture * light[..., None] * rng.uniform(0.6, 1.15)
    if rng.random() < 0.35:
        sx, sy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.1, 0.5) * h
        glare = np.exp(-((xs - sx) ** 2 + (ys - sy) ** 2) / (2 * r**2))
        picture = np.asarray(picture + (rng.uniform(40, 160) * glare)[..., None], np.float32)
    blurred = cv2.GaussianBlur(picture, (0, 0), rng.uniform(0.3, blur))
    return np.asarray(blurred + rng.normal(0, rng.uniform(1, 7), blurred.shape), np.float32)


def _jpeg(gray: NDArray[np.float32], rng: np.random.Generator) -> NDArray[np.uint8]:
    g8 = np.clip(gray, 0, 255).astype(np.uint8)
    _, data = cv2.imencode(".jpg", g8, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
    return np.asarray(cv2.imdecode(data, cv2.IMREAD_GRAYSCALE), np.uint8)


#: The class of a window that holds no plate's number (a bare table, a plate's edge).
NOTHING = len(PLATE_VALUES)


def plate_sample(
    rng: np.random.Generator, split: str, value: int | None = None
) -> tuple[Image, int]:
    """One training or test window and its class (an index of :data:`PLATE_VALUES`, or
    :data:`NOTHING`): a plate of a random style of ``split`` with its neighbours, seen
    by a random camera, cut out around its ink as the reader would (a little off)."""
    style = random_style(rng, split)
    nothing = value is None and rng.random() < 0.08
    # Windows that are no plate though they hold digits: a number no plate shows (an 11,
    # a 70: a score sheet, a die), that a reader taking it for a 1 or a 7 misreads
    # silently. (Parts of a number, the 10 of a 100, are the finder's to avoid: a window
    # around them shows the whole number.)
    stranger = value is None and not nothing and rng.random() < 0.05
    if stranger:
        value = int(rng.choice([v for v in range(0, 200) if v not in PLATE_VALUES]))
    elif value is None:
        value = int(PLATE_VALUES[rng.integers(len(PLATE_VALUES))])
    # Drawn at 1.6 times the size the camera sees the digits at (then scaled down: sharp
    # edges, and small pictures are quick to spoil).
    digits_px = rng.uniform(9, 45)
    height = int(np.clip(1.6 * digits_px / style.digit_height, 24, 160))
    plate, mask = draw_plate(value, style, height)
    ph, pw = mask.shape
    gap = int(rng.uniform(0.05, 0.5) * height)
    canvas_h, canvas_w = height * 2, round(pw * 2.2) + 2 * gap
    holder = np.empty((canvas_h, canvas_w, 3), np.float32)
    holder[:] = np.array(style.holder, np.float32)
    ink = np.zeros((canvas_h, canvas_w), np.uint8)
    x0, y0 = (canvas_w - pw) // 2, (canvas_h - ph) // 2
    holder[y0 : y0 + ph, x0 : x0 + pw] = plate
    ink[y0 : y0 + ph, x0 : x0 + pw] = mask
    for side in (-1, 1):  # neighbours, without their ink in the mask
        if rng.random() < 0.6:
            other = int(PLATE_VALUES[rng.integers(len(PLATE_VALUES))])
            picture, _ = draw_plate(other, style, height)
            nx = x0 + side * (pw + gap)
            a, b = max(0, nx), min(canvas_w, nx + pw)
            if b > a:
                holder[y0 : y0 + ph, a:b] = picture[:, a - nx : b - nx]
    # The camera: turned, squashed (seen at an angle), sheared, scaled down.
    ys = np.nonzero(mask)[0]
    scale = digits_px / max(1, ys.max() - ys.min() + 1)
    angle = rng.uniform(-8, 8)
    squash, shear = rng.uniform(0.6, 1.05), rng.uniform(-0.15, 0.15)
    affine = cv2.getRotationMatrix2D((canvas_w / 2, canvas_h / 2), angle, scale)
    affine[1] *= squash
    affine[0, 1] += shear * scale
    out = (round(canvas_w * scale) + 4, round(canvas_h * scale) + 4)
    seen = cv2.warpAffine(holder, affine, out, borderMode=cv2.BORDER_REFLECT)
    seen_ink = cv2.warpAffine(ink, affine, out)
    # Blur grows with the digits' size: a 9-pixel digit blurred by 1.6 pixels is gone.
    blurred = _camera(np.asarray(seen, np.float32), rng, min(1.6, digits_px / 10))
    gray = cv2.cvtColor(blurred, cv2.COLOR_BGR2GRAY)
    photo = _jpeg(np.asarray(gray, np.float32), rng)
    points = cv2.findNonZero(np.asarray(seen_ink > 96, np.uint8))
    x, y, w, h = cv2.boundingRect(points) if points is not None else (0, 0, 1, 1)
    if nothing:  # a window beside the number: plate's edge, neighbour's half, table
        x += int(rng.choice([-1, 1]) * rng.uniform(0.7, 1.5) * max(w, h))
        y += int(rng.uniform(-0.6, 0.6) * h)
    # The reader's box is a little off: a digit's serif or a bar missed, a speck taken.
    jitter = rng.uniform(-0.08, 0.08, 4) * np.array([w, h, w, h])
    box = (x + jitter[0], y + jitter[1], max(2.0, w + jitter[2]), max(2.0, h + jitter[3]))
    no_plate = nothing or stranger
    return plate_input(photo, box), NOTHING if no_plate else PLATE_VALUES.index(value)


def plates_scene(
    values: Sequence[int],
    rng: np.random.Generator,
    style: PlateStyle,
    size: tuple[int, int],
    tables: Sequence[str] = TABLES,
) -> Image:
    """A photo of the six plates of ``style`` in one row or two, on a random table of
    ``tables`` (:data:`vision.synthetic.HELD_OUT_TABLES`: a texture never trained on)."""
    height = int(rng.integers(80, 130))
    rows = 1 if rng.random() < 0.5 else 2
    per_row = -(-len(values) // rows)
    pictures = [draw_plate(v, style, height)[0] for v in values]
    pw = pictures[0].shape[1]
    widths = [p.shape[1] for p in pictures]
    gap = int(rng.uniform(0.1, 0.45) * height)
    pad = int(rng.uniform(0.15, 0.4) * height)
    plane_w = max(widths) * per_row + gap * (per_row - 1) + 2 * pad
    plane_h = rows * height + gap * (rows - 1) + 2 * pad
    plane = np.ones((plane_h, plane_w, 3), np.float32) * np.array(style.holder, np.float32)
    for i, picture in enumerate(pictures):
        row, column = divmod(i, per_row)
        x, y = pad + column * (pw + gap), pad + row * (height + gap)
        plane[y : y + height, x : x + picture.shape[1]] = picture
    alpha = np.ones((plane_h, plane_w), np.float32)
    background = table(rng, str(rng.choice(list(tables))), size)
    return _photograph(rng, plane, alpha, background, PLATES_SHOT)
