"""The glyph classifier: HOG features of an isolated glyph and a k-nearest-neighbour vote.

Why this and not Tesseract first: on isolated tile glyphs a kNN over HOG features,
trained on synthetic glyphs drawn in several fonts, reads nearly every tile in a couple of
milliseconds per rack, where Tesseract misses one tile in ten and takes a second (see
docs/adr/0004-glyph-classifier.md). The model is a table of feature vectors: it is
trained at first use from the fonts installed by the Makefile and cached in the data
directory, and calibration (photos of the user's own tiles) adds rows to it.

Every reader turns a tile into a binary *mask* (glyph white on black) and calls
:func:`normalize_glyph` on it; the training glyphs go through the very same function.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

Mask = NDArray[np.uint8]

#: Side of the square a glyph is normalised to before HOG.
GLYPH_SIZE = 32

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
#: The joker face of the vowel die, drawn as a star.
JOKER = "*"
#: The label of marks that are no glyph at all.
NOT_A_GLYPH = "~"

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

# 4 × 4 cells of 8 pixels, blocks of 2 × 2 cells, 18 bins over the full circle: the
# direction of a stroke's edge (ink to the left or to the right) tells more glyphs apart
# than its orientation alone (measured: 94.4% against 92.9% on the unseen fonts).
#: How much taller or flatter than the truth a glyph may reach the model: the readers
#: measure the camera's squash and undo it, this is what their measure may miss.
SQUASH = (0.85, 1.15)

_HOG = cv2.HOGDescriptor(
    (GLYPH_SIZE, GLYPH_SIZE),
    (16, 16),
    (8, 8),
    (8, 8),
    18,
    1,
    -1.0,
    cv2.HOGDescriptor_L2Hys,
    0.2,
    False,
    cv2.HOGDescriptor_DEFAULT_NLEVELS,
    True,
)


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


def normalize_glyph(mask: Mask) -> Mask:
    """Crop a glyph mask to its ink, pad it to a centred square, resize to GLYPH_SIZE.

    The aspect ratio is kept (an I stays thin), so a glyph squashed by the camera angle
    stays a little squashed: the training glyphs are squashed the same way on purpose.
    """
    points = cv2.findNonZero(mask)
    if points is None:
        return np.zeros((GLYPH_SIZE, GLYPH_SIZE), np.uint8)
    x, y, w, h = cv2.boundingRect(points)
    side = max(w, h)
    margin = max(1, side // 8)
    square = np.zeros((side + 2 * margin, side + 2 * margin), np.uint8)
    ox, oy = margin + (side - w) // 2, margin + (side - h) // 2
    square[oy : oy + h, ox : ox + w] = mask[y : y + h, x : x + w]
    return np.asarray(
        cv2.resize(square, (GLYPH_SIZE, GLYPH_SIZE), interpolation=cv2.INTER_AREA), np.uint8
    )


def features(glyphs: Sequence[Mask]) -> NDArray[np.float32]:
    """HOG vectors of normalised glyphs, one row each.

    The glyph is blurred a little first: a stroke a pixel thicker or a threshold a little
    off then moves the vector less (unseen fonts, glyph level: 85% of glyphs read right
    with confidence >= 0.9 without the blur, 90% with it; 0.6% read wrong with it, 0.4%).
    """
    if not glyphs:
        return np.zeros((0, _HOG.getDescriptorSize()), np.float32)
    return np.stack(
        [
            np.asarray(_HOG.compute(cv2.GaussianBlur(g, (0, 0), 1.0)), np.float32).ravel()
            for g in glyphs
        ]
    )


def distort(mask: Mask, rng: np.random.Generator, squash: tuple[float, float]) -> Mask:
    """A glyph as a camera might see it: tilted, sheared, squashed, thicker or thinner,
    at a low resolution. Used to train and to multiply calibration samples."""
    h, w = mask.shape
    angle = np.deg2rad(rng.uniform(-6, 6))
    shear = rng.uniform(-0.12, 0.12)
    sy = rng.uniform(*squash)
    sx = rng.uniform(0.88, 1.1)
    cos, sin = np.cos(angle), np.sin(angle)
    linear = np.array([[cos, -sin], [sin, cos]]) @ np.array([[sx, shear], [0.0, sy]])
    out = int(max(h, w) * 1.5)
    centre_in = np.array([w / 2, h / 2])
    offset = np.array([out / 2, out / 2]) - linear @ centre_in
    matrix = np.hstack([linear, offset[:, None]]).astype(np.float32)
    warped = cv2.warpAffine(mask, matrix, (out, out), flags=cv2.INTER_LINEAR)
    stroke = rng.integers(-1, 2)
    kernel = np.ones((3, 3), np.uint8)
    if stroke > 0:
        warped = cv2.dilate(warped, kernel)
    elif stroke < 0 and rng.random() < 0.5:
        warped = cv2.erode(warped, kernel)
    # Seen small: down to a cap height of about 14 to 40 pixels, blurred, then thresholded.
    scale = rng.uniform(14, 40) / max(h, 1) * 1.2
    small = cv2.resize(warped, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.0))
    _, binary = cv2.threshold(small, int(rng.integers(90, 170)), 255, cv2.THRESH_BINARY)
    return np.asarray(binary, np.uint8)


@dataclass(frozen=True)
class GlyphModel:
    """Labelled HOG vectors; :meth:`classify` votes among the nearest ones."""

    labels: tuple[str, ...]
    """The class of each row of ``vectors``."""
    vectors: NDArray[np.float32]
    """One HOG vector per training glyph."""
    k: int = 7
    """Neighbours that vote."""
    _codes: NDArray[np.int32] = field(init=False, repr=False, compare=False)
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _norms: NDArray[np.float32] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = tuple(sorted(set(self.labels)))
        index = {name: i for i, name in enumerate(names)}
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_codes", np.array([index[x] for x in self.labels], np.int32))
        object.__setattr__(self, "_norms", (self.vectors**2).sum(axis=1))

    def extended(self, labels: Iterable[str], vectors: NDArray[np.float32]) -> GlyphModel:
        """This model plus more labelled rows (a calibration)."""
        return GlyphModel(
            (*self.labels, *labels), np.vstack([self.vectors, vectors]).astype(np.float32), self.k
        )

    def classify(
        self, glyphs: Sequence[Mask], allowed: str | None = None
    ) -> list[tuple[str, float]]:
        """Best label and a confidence in [0, 1] for each normalised glyph.

        The confidence is the distance-weighted share of the winning label among the k
        nearest training glyphs, lowered when even the nearest one is far (a blot, a
        shadow, a letter of a font unlike any seen). ``allowed`` restricts the labels;
        :data:`NOT_A_GLYPH` always stays allowed.
        """
        if not glyphs:
            return []
        query = features(glyphs)
        distances = (
            (query**2).sum(axis=1)[:, None] + self._norms[None, :] - 2.0 * query @ self.vectors.T
        )
        distances = np.sqrt(np.maximum(distances, 0.0))
        if allowed is not None:
            keep = np.isin(np.array(self._names), [*allowed, NOT_A_GLYPH])[self._codes]
            distances[:, ~keep] = np.inf
        k = min(self.k, distances.shape[1])
        nearest = np.argpartition(distances, k - 1, axis=1)[:, :k]
        answers = []
        for row, columns in enumerate(nearest):
            d = distances[row, columns]
            weights = 1.0 / (d + 1e-3)
            votes: dict[int, float] = {}
            for code, weight in zip(self._codes[columns], weights, strict=True):
                votes[int(code)] = votes.get(int(code), 0.0) + float(weight)
            best = max(votes, key=votes.__getitem__)
            share = votes[best] / sum(votes.values())
            # HOG vectors are block-normalised: distances of real glyphs to their nearest
            # training glyph stay under about 1.8; far beyond it the input is no glyph.
            nearness = float(np.clip((2.6 - d.min()) / 0.6, 0.0, 1.0))
            answers.append((self._names[best], round(share * nearness, 3)))
        return answers


def training_glyphs(
    alphabet: str,
    fonts: Sequence[str] = TRAINING_FONTS,
    per_font: int = 20,
    seed: int = 0,
    squash: tuple[float, float] = SQUASH,
) -> tuple[list[str], list[Mask]]:
    """Synthetic training glyphs: every symbol of ``alphabet`` in every font, distorted."""
    rng = np.random.default_rng(seed)
    labels: list[str] = []
    glyphs: list[Mask] = []
    for symbol in alphabet:
        for font in fonts if symbol != JOKER else ("",):
            clean = render_joker(96) if symbol == JOKER else render_text(symbol, font, 96)
            for _ in range(per_font if symbol != JOKER else per_font * 3):
                glyphs.append(normalize_glyph(distort(clean, rng, squash)))
                labels.append(symbol)
    return labels, glyphs


def train(
    alphabet: str,
    fonts: Sequence[str] = TRAINING_FONTS,
    per_font: int = 20,
    negatives: Sequence[Mask] = (),
) -> GlyphModel:
    """A model of ``alphabet`` learned from synthetic glyphs of ``fonts``.

    ``negatives`` are marks that are no glyph (wood grain, cloth, shadows): they are
    learned as :data:`NOT_A_GLYPH`, so that such a mark loses the vote instead of winning
    it as the letter it most resembles.
    """
    labels, glyphs = training_glyphs(alphabet, fonts, per_font)
    labels += [NOT_A_GLYPH] * len(negatives)
    glyphs += [normalize_glyph(m) for m in negatives]
    return GlyphModel(tuple(labels), features(glyphs))
