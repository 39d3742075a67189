"""The fonts the renderers draw tiles, plates and dice with, and glyphs drawn in them.

The training fonts are the ones the learned readers' renderers may use; the unseen fonts
are never drawn for training: the first generator's tests and benches read tiles drawn in
them. ``make`` installs them all (Debian's font packages).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

Mask = NDArray[np.uint8]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The joker face of the vowel die, drawn as a star.
JOKER = "*"

#: Fonts the classifier learns from: sans and serif, bold and regular, condensed, mono.
TRAINING_FONTS = (
    "DejaVuSans-Bold.ttf",
    "DejaVuSans.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "LiberationSans-Bold.ttf",
    "LiberationSans-Regular.ttf",
    "FreeSansBold.ttf",
    "FreeSans.ttf",
    "OpenSans-Bold.ttf",
    "OpenSans-ExtraBold.ttf",
    "OpenSans-CondBold.ttf",
    "NimbusSans-Bold.otf",
    "LiberationSerif-Bold.ttf",
    "DejaVuSerif-Bold.ttf",
    "NimbusRoman-Bold.otf",
    "P052-Bold.otf",
    "LiberationMono-Bold.ttf",
    "NimbusMonoPS-Bold.otf",
    "DejaVuSansMono-Bold.ttf",
)

#: Fonts it never sees: the tests and the benchmark read tiles drawn in these.
UNSEEN_FONTS = (
    "Lato-Bold.ttf",
    "Carlito-Bold.ttf",
    "FreeSerifBold.ttf",
    "C059-Bold.otf",
    "NimbusSansNarrow-Bold.otf",
)

#: Where Debian and Raspberry Pi OS put fonts.
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))


class FontMissing(RuntimeError):
    """A font the synthetic glyphs need is not installed (``make`` installs them)."""


@cache
def _installed_fonts() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in FONT_DIRS:
        if root.is_dir():
            for path in root.rglob("*"):
                if path.suffix.lower() in {".ttf", ".otf"}:
                    found.setdefault(path.name, path)
    return found


def font_path(name: str) -> Path:
    """The installed file of font ``name`` (a file name such as ``Lato-Bold.ttf``)."""
    path = _installed_fonts().get(name)
    if path is None:
        raise FontMissing(f"police {name} absente : lancez « make » pour l'installer")
    return path


def render_text(text: str, font: str, height: int) -> Mask:
    """``text`` drawn white on black so that its capital letters are about ``height`` high."""
    face = ImageFont.truetype(str(font_path(font)), size=max(4, round(height * 1.4)))
    left, top, right, bottom = face.getbbox(text)
    pad = height // 2 + 2
    size = (int(right - left) + 2 * pad, int(bottom - top) + 2 * pad)
    canvas = PILImage.new("L", size, 0)
    ImageDraw.Draw(canvas).text((pad - left, pad - top), text, fill=255, font=face)
    return np.asarray(canvas, dtype=np.uint8)


def render_joker(height: int) -> Mask:
    """The joker face's star, white on black, about ``height`` high."""
    size = height + 8
    mask = np.zeros((size, size), np.uint8)
    centre, outer, inner = size / 2, height / 2, height / 5
    angles = -np.pi / 2 + np.arange(10) * np.pi / 5
    radii = np.where(np.arange(10) % 2 == 0, outer, inner)
    points = np.stack([centre + radii * np.cos(angles), centre + radii * np.sin(angles)], 1)
    cv2.fillPoly(mask, [np.round(points).astype(np.int32)], 255)
    return mask
