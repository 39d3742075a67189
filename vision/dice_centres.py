"""Read the dice by finding them first, then reading the letter at each die's centre.

The two-window classifier (:mod:`vision.dice_learned`) starts from pieces of ink and must
tell a die's up letter from the letters of the faces leaning around it, which look as
large: it picks the right letter for most dice but cannot tell its right picks from its
wrong ones. Seen from above, a d20 lying on a face shows its up face as the triangle in
the middle of its outline, and the vowel cube its up face as the middle square: where a
die is says where its up letter is. So:

1. **A die finder** (``dice_finder.onnx``): a small fully-convolutional network on the
   photo in grey, its longer side :attr:`Tuning.side` pixels, gives at every fourth pixel
   the likelihood that an up face's centre is there (a heatmap of peaks, as CenterNet
   does) and the die's radius. Peaks over :attr:`Tuning.peak` are dice.
2. **An up-letter reader** (``dice_up.onnx``): a square crop around each die's centre,
   :attr:`Tuning.crop` times its radius a side, read in eight turns (a die spun on the
   table shows the same letter) as one of the 26 up faces or "nothing".
3. **One decision**: a die is "?" under the confidence threshold chosen on photos of the
   calibration families (``bench/vision_train_dice_centres.py``, the rule of
   :func:`bench.vision_train.threshold_for`).

Both networks were trained on :mod:`vision.dice_render` photos of the training families
only. The remaining numbers live in :class:`Tuning`. ``read_dice`` uses the finder
(:func:`vision.dice_learned.seen_dice` reads only the windows on each found die's up
face), not the up-letter reader: side by side with the two-window classifier it is even,
not better (docs/vision.md, ``bench/vision_dice.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image
from vision.dice_render import CLASSES, CONSONANTS, NOTHING, VOWELS
from vision.network import forward, softmax
from vision.reading import NothingFound, Reading

MODELS = Path(__file__).parent / "data"
FINDER_ONNX = MODELS / "dice_finder.onnx"
READER_ONNX = MODELS / "dice_up.onnx"
READER_META = MODELS / "dice_up.json"

#: The finder's output is one cell per this many pixels of its input.
STRIDE = 4
#: The reader's input: a square crop this many pixels a side.
CROP = 48
#: The finder's radius output is the log of the radius over this many input pixels.
RADIUS_UNIT = 8.0
#: The photo a crop is cut from: its longer side at most this many pixels.
WORKING_SIZE = 1024


@dataclass(frozen=True)
class Tuning:
    """The finder's and the reader's few numbers, each with its meaning and range."""

    side: int = 256
    """The finder's input: the photo's longer side in pixels (192-384; the networks
    were trained at 256, where the smallest die drawn is about 6 pixels in radius)."""
    peak: float = 0.3
    """A heatmap peak is a die when its likelihood is at least this (0.1-0.6)."""
    crop: float = 1.5
    """The crop's side over the die's radius (1.3-2; trained at 1.5): the up face
    whole, a little of the faces around it."""
    apart: float = 0.7
    """Two peaks closer than this many radii are one die (0.5-1)."""
    most: int = 12
    """Dice read at most, the likeliest first (8-30)."""
    turns: tuple[float, ...] = (0.0, 45.0)
    """The crop is cut turned by each of these (degrees), and each read in its four
    quarter turns, the probabilities averaged: a die spun on the table shows the same
    letter (0 and 45: eight views; on calibration photos, with the finder's centres
    replaced by the drawn ones, 91.9% of the dice read right against 90.6% with four)."""


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


def standardised(x: NDArray[np.generic], axes: tuple[int, ...]) -> NDArray[np.float32]:
    """``x`` minus its mean over ``axes``, over its spread (at least 8 grey levels, so that
    a bare table stays flat)."""
    f = x.astype(np.float32)
    mean = f.mean(axis=axes, keepdims=True)
    spread = np.maximum(f.std(axis=axes, keepdims=True), 8.0)
    return np.asarray((f - mean) / spread, np.float32)


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


def crop(
    gray: NDArray[np.uint8], x: float, y: float, side: float, turn: float = 0.0
) -> NDArray[np.uint8]:
    """The :data:`CROP`-pixel square of ``gray`` centred on (x, y), ``side`` pixels a side,
    turned by ``turn`` degrees (training turns crops: a die spun on the table)."""
    s = CROP / side
    affine = cv2.getRotationMatrix2D((x, y), turn, s)
    affine[:, 2] += np.array([CROP / 2 - x, CROP / 2 - y])
    flags = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    return np.asarray(
        cv2.warpAffine(gray, affine, (CROP, CROP), flags=flags, borderMode=cv2.BORDER_REPLICATE),
        np.uint8,
    )


class DiceNets:
    """The two ONNX networks and the reader's calibrated threshold."""

    def __init__(
        self, finder: Path = FINDER_ONNX, reader: Path = READER_ONNX, meta: Path = READER_META
    ) -> None:
        self.finder = cv2.dnn.readNetFromONNX(str(finder))
        self.reader = cv2.dnn.readNetFromONNX(str(reader))
        self.threshold = float(json.loads(meta.read_text())["threshold"])

    @classmethod
    def in_folder(cls, folder: Path) -> DiceNets:
        """The networks of ``folder``, named as the committed ones (a training's output)."""
        return cls(folder / FINDER_ONNX.name, folder / READER_ONNX.name, folder / READER_META.name)

    def find(self, gray: NDArray[np.uint8], tuning: Tuning = TUNING) -> list[FoundDie]:
        """The dice the finder sees on the working photo, likeliest first."""
        found = finder_peaks(self.finder, gray, tuning.side, tuning.peak, tuning.apart)
        return [FoundDie(*centre) for centre in found[: tuning.most]]

    def probabilities(self, crops: NDArray[np.uint8]) -> NDArray[np.float32]:
        """Softmax over :data:`CLASSES` then "nothing" for crops (views × dice × CROP ×
        CROP), the mean of each die's views and their four quarter turns (a crop turned is
        the die spun: its letter is the same)."""
        count = crops.shape[1]
        if count == 0:
            return np.zeros((0, NOTHING + 1), np.float32)
        flat = crops.reshape(-1, CROP, CROP)
        views = np.concatenate([np.rot90(flat, k, axes=(1, 2)) for k in range(4)])
        logits = forward(self.reader, standardised(np.ascontiguousarray(views), (1, 2))[:, None])
        probs = softmax(logits)
        return np.asarray(probs.reshape(-1, count, NOTHING + 1).mean(axis=0), np.float32)


@cache
def dice_nets() -> DiceNets:
    """The committed networks, loaded once."""
    return DiceNets()


@dataclass(frozen=True)
class ReadDie:
    """A die found and its up letter as read."""

    letter: str
    """The likeliest letter (``*``: the joker), sure or not."""
    confidence: float
    """The reader's probability of that letter (mean of its views, :attr:`Tuning.turns`)."""
    sure: bool
    """Whether it reaches the calibrated threshold."""
    die: FoundDie


def is_vowel(letter: str) -> bool:
    """Whether ``letter`` is a face of the vowel die."""
    return letter in VOWELS


def is_consonant(letter: str) -> bool:
    """Whether ``letter`` is a face of a d20."""
    return letter in CONSONANTS


def read_found(
    gray: NDArray[np.uint8],
    vowel_die: bool | None = None,
    nets: DiceNets | None = None,
    tuning: Tuning = TUNING,
) -> list[ReadDie]:
    """Every die found whose crop the reader does not call "nothing", likeliest die first.
    Told there is no vowel die (``vowel_die`` False), a die is read among the consonants
    only."""
    nets = nets or dice_nets()
    found = nets.find(gray, tuning)
    if not found:
        return []
    crops = np.array(
        [[crop(gray, d.x, d.y, tuning.crop * d.radius, t) for d in found] for t in tuning.turns],
        np.uint8,
    )
    probs = nets.probabilities(crops)
    letters = probs[:, :NOTHING].copy()
    if vowel_die is False:
        letters[:, len(CONSONANTS) :] = 0.0
    out: list[ReadDie] = []
    for die, row, letter_row in zip(found, probs, letters, strict=True):
        best = int(letter_row.argmax())
        if row[NOTHING] >= letter_row[best]:
            continue
        conf = float(letter_row[best])
        out.append(ReadDie(CLASSES[best], conf, conf >= nets.threshold, die))
    return out


def picked(dice: list[ReadDie], vowel_die: bool | None = None) -> list[ReadDie]:
    """The dice a reading is made of, sure or not: the three likeliest consonant dice
    and, unless the vowel die is not in play, the likeliest vowel die (``dice`` likeliest
    first). The threshold is calibrated on these."""
    consonants = [d for d in dice if is_consonant(d.letter)][:3]
    if vowel_die is False:
        return consonants
    return consonants + [d for d in dice if is_vowel(d.letter)][:1]


#: Where no die is found at all.
NO_DICE = "aucun dé trouvé sur la photo"
#: A fourth d20 found: one of the four is not a die of the game.
TOO_MANY = "plus de trois dés des consonnes vus : les trois plus nets sont lus"
#: Not told the rules, three d20 and no vowel die found.
NO_VOWEL_DIE = "trois dés lus, sans dé des voyelles : s'il a été lancé, il n'a pas été vu"
#: Told the vowel die is in play, it was not found.
VOWEL_DIE_LOST = "dé des voyelles non trouvé"


def _found(count: int) -> str:
    return f"{count} dé(s) des consonnes trouvé(s) sur 3 : lecture incomplète"


def read_centres(
    image: Image, vowel_die: bool | None = None, nets: DiceNets | None = None
) -> Reading:
    """The three consonants (left to right), then the vowel die's face when it is in play
    (``vowel_die`` True), or found at all when the rules are not known (None).

    A die found but not surely read is "?"; a consonant die not found is "?" too, after
    those found (the game asks for a word holding the three in any order); so is the
    vowel die when the rules have it and it is not found."""
    dice = read_found(working(image), vowel_die, nets)
    if not dice:
        raise NothingFound(NO_DICE)
    warnings: list[str] = []
    if sum(is_consonant(d.letter) for d in dice) > 3:
        warnings.append(TOO_MANY)
    chosen = picked(dice, vowel_die)
    consonants = sorted((d for d in chosen if is_consonant(d.letter)), key=lambda d: d.die.x)
    vowels = [d for d in chosen if is_vowel(d.letter)]
    values: list[str | int] = [d.letter if d.sure else "?" for d in consonants]
    confidence = [round(d.confidence, 3) for d in consonants]
    if len(consonants) < 3:
        warnings.append(_found(len(consonants)))
        values += ["?"] * (3 - len(consonants))
        confidence += [0.0] * (3 - len(consonants))
    if vowel_die is not False:
        if vowels:
            values.append(vowels[0].letter if vowels[0].sure else "?")
            confidence.append(round(vowels[0].confidence, 3))
        elif vowel_die:
            values.append("?")
            confidence.append(0.0)
            warnings.append(VOWEL_DIE_LOST)
        elif len(consonants) == 3:
            warnings.append(NO_VOWEL_DIE)
    uncertain = tuple(i for i, v in enumerate(values) if v == "?")
    return Reading("dice", tuple(values), tuple(confidence), uncertain, tuple(warnings))
