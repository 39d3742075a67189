"""Find the dice: where each die's up face is, and how large the die is.

Seen from above, a d20 lying on a face shows its up face as the triangle in the middle of
its outline, and the vowel cube its up face as the middle square: where a die is says
where its up letter is. **The die finder** (``dice_finder.onnx``) is a small
fully-convolutional network on the photo in grey, its longer side :attr:`Tuning.side`
pixels: at every fourth pixel, the likelihood that an up face's centre is there (a
heatmap of peaks, as CenterNet does) and the die's radius. Peaks over
:attr:`Tuning.peak` are dice. Trained on :mod:`vision.dice_render` photos of the training
families only (``bench/vision_train_dice_centres.py``). ``read_dice`` reads each found
die's up face with :mod:`vision.dice_learned`; the tile finder
(:mod:`vision.tile_finder`) finds letters on a holder the same way.

(An up-letter reader of its own, a crop around each centre read as one of the faces, was
measured beside the two-window classifier and never wired: removed on 2026-12-07 with
its network, docs/vision.md.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.network import standardised

MODELS = Path(__file__).parent / "data"
FINDER_ONNX = MODELS / "dice_finder.onnx"

#: The finder's output is one cell per this many pixels of its input.
STRIDE = 4
#: The finder's radius output is the log of the radius over this many input pixels.
RADIUS_UNIT = 8.0
#: The photo a crop is cut from: its longer side at most this many pixels.
WORKING_SIZE = 1024


@dataclass(frozen=True)
class Tuning:
    """The finder's few numbers, each with its meaning and range."""

    side: int = 256
    """The finder's input: the photo's longer side in pixels (192-384; the network
    was trained at 256, where the smallest die drawn is about 6 pixels in radius)."""
    peak: float = 0.3
    """A heatmap peak is a die when its likelihood is at least this (0.1-0.6)."""
    apart: float = 0.7
    """Two peaks closer than this many radii are one die (0.5-1)."""
    most: int = 12
    """Dice read at most, the likeliest first (8-30)."""


TUNING = Tuning()


def scaled(image: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The photo, its longer side at most :data:`WORKING_SIZE` (its colours kept)."""
    scale = min(1.0, WORKING_SIZE / max(image.shape[:2]))
    if scale < 1.0:
        image = np.asarray(
            cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), np.uint8
        )
    return image


def working(image: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The photo in grey, its longer side at most :data:`WORKING_SIZE`."""
    image = scaled(image)
    if image.ndim == 3:
        return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), np.uint8)
    return image


def finder_input(gray: NDArray[np.uint8], side: int) -> tuple[NDArray[np.float32], float]:
    """The finder's input (1 × 1 × H × W, both multiples of :data:`STRIDE`, the photo
    scaled to ``side`` pixels on its longer side and its edge repeated to fill) and the
    factor from the input's pixels to the photo's."""
    scale = side / max(gray.shape[:2])
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    h, w = small.shape[:2]
    padded = cv2.copyMakeBorder(small, 0, -h % STRIDE, 0, -w % STRIDE, cv2.BORDER_REPLICATE)
    return standardised(padded, (0, 1))[None, None], 1.0 / scale


@dataclass(frozen=True)
class FoundDie:
    """A die the finder sees: its up face's centre and its radius in the working photo."""

    x: float
    y: float
    radius: float
    likelihood: float
    """The finder's heatmap at its peak (0-1)."""


def peaks(
    heat: NDArray[np.float32], sizes: NDArray[np.float32], peak: float, apart: float
) -> list[tuple[float, float, float, float]]:
    """The heatmap's peaks of at least ``peak``, likeliest first, as (x, y, radius,
    likelihood) in the finder's input pixels: a cell higher than its eight neighbours,
    its place refined by the heat around it, its radius the network's; a peak within
    ``apart`` radii of a likelier one is the same object (:attr:`Tuning.peak`,
    :attr:`Tuning.apart` for the dice; the tile finder's own for letters)."""
    top = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero((heat >= top) & (heat >= peak))
    order = np.argsort(-heat[ys, xs])
    found: list[tuple[float, float, float, float]] = []
    h, w = heat.shape
    for i in order.tolist():
        y, x = int(ys[i]), int(xs[i])
        y0, y1, x0, x1 = max(0, y - 1), min(h, y + 2), max(0, x - 1), min(w, x + 2)
        patch = heat[y0:y1, x0:x1].astype(np.float64)
        gy, gx = np.mgrid[y0:y1, x0:x1]
        cy = float((patch * gy).sum() / patch.sum())
        cx = float((patch * gx).sum() / patch.sum())
        px, py = (cx + 0.5) * STRIDE, (cy + 0.5) * STRIDE
        radius = float(RADIUS_UNIT * np.exp(sizes[y, x]))
        if any(np.hypot(px - fx, py - fy) < apart * max(radius, fr) for fx, fy, fr, _ in found):
            continue
        found.append((px, py, radius, float(heat[y, x])))
    return found


def finder_peaks(
    finder: cv2.dnn.Net, gray: NDArray[np.uint8], side: int, peak: float, apart: float
) -> list[tuple[float, float, float, float]]:
    """What a finder network (the dice', the tiles') sees on the working photo ``gray``,
    seen at ``side`` pixels: its heatmap's :func:`peaks`, likeliest first, as (x, y,
    radius, likelihood) in the working photo's pixels."""
    blob, back = finder_input(gray, side)
    finder.setInput(blob)
    out = np.asarray(finder.forward(), np.float32)[0]
    heat = np.asarray(1.0 / (1.0 + np.exp(-out[0])), np.float32)
    return [(x * back, y * back, r * back, p) for x, y, r, p in peaks(heat, out[1], peak, apart)]


class DiceNets:
    """The die finder's ONNX network."""

    def __init__(self, finder: Path = FINDER_ONNX) -> None:
        self.finder = cv2.dnn.readNetFromONNX(str(finder))

    @classmethod
    def in_folder(cls, folder: Path) -> DiceNets:
        """The finder of ``folder``, named as the committed one (a training's output)."""
        return cls(folder / FINDER_ONNX.name)

    def find(self, gray: NDArray[np.uint8], tuning: Tuning = TUNING) -> list[FoundDie]:
        """The dice the finder sees on the working photo, likeliest first."""
        found = finder_peaks(self.finder, gray, tuning.side, tuning.peak, tuning.apart)
        return [FoundDie(*centre) for centre in found[: tuning.most]]


@cache
def dice_nets() -> DiceNets:
    """The committed finder, loaded once."""
    return DiceNets()
