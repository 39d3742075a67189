"""The learned classifiers (plates, letters): small CNNs run by OpenCV's DNN module.

Each network was trained by ``make models`` (``bench/vision_train.py``, PyTorch, not a
dependency of the app) on windows drawn by :mod:`vision.render` (plates) or
:mod:`vision.letter_render` (letter tiles) in the training style families only, and
exported to ONNX: the Pi runs it with ``cv2.dnn``, which is in the OpenCV wheel already.
Its meta file holds the confidence threshold chosen on the calibration split (trained
fonts in held-out colours): below it, a plate or a letter is "?".
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision import letter_render, network, own
from vision.network import forward, softmax
from vision.render import INPUT_H, INPUT_W, NOTHING, PLATE_VALUES, plate_input

#: Where the committed weights live.
MODELS = Path(__file__).parent / "data"
PLATES_ONNX = MODELS / "plates.onnx"
PLATES_META = MODELS / "plates.json"
LETTERS_ONNX = MODELS / "letters.onnx"
LETTERS_META = MODELS / "letters.json"


def standardised(windows: NDArray[np.uint8]) -> NDArray[np.float32]:
    """Windows (n × H × W, grey) as the network takes them: each minus its mean, over
    its spread (a floor of 8 grey levels keeps a bare, flat window flat)."""
    return network.standardised(windows, (1, 2))[:, None]


@dataclass(frozen=True)
class PlateGuess:
    """The network's reading of one window."""

    value: int | None
    """A plate value, or ``None`` when the window holds no plate's number."""
    confidence: float
    """The softmax probability of that reading."""
    sure: bool
    """Whether the confidence reaches the calibrated threshold."""


class OnnxClassifier:
    """An ONNX network and its calibrated threshold (its meta file)."""

    def __init__(self, onnx: Path, meta: Path) -> None:
        self.net = cv2.dnn.readNetFromONNX(str(onnx))
        self.threshold = float(json.loads(meta.read_text())["threshold"])

    def probabilities(self, windows: NDArray[np.uint8]) -> NDArray[np.float32]:
        """Softmax over the classes, one row per window (n × H × W, grey)."""
        if len(windows) == 0:
            return np.zeros((0, 0), np.float32)
        return np.asarray(softmax(forward(self.net, standardised(windows))), np.float32)

    def features(self, windows: NDArray[np.uint8]) -> NDArray[np.float32]:
        """The network's features of each window (:func:`vision.own.features`): a
        player's own plates, tiles or dice are compared to a window in them."""
        if len(windows) == 0:
            return np.zeros((0, 0), np.float32)
        return own.features(self.net, standardised(windows))


class PlateNet(OnnxClassifier):
    """The plate network: :data:`PLATE_VALUES` then "nothing"."""

    def __init__(self, onnx: Path = PLATES_ONNX, meta: Path = PLATES_META) -> None:
        super().__init__(onnx, meta)

    def windows(
        self, gray: NDArray[np.uint8], boxes: Sequence[tuple[float, float, float, float]]
    ) -> NDArray[np.uint8]:
        """The network's window around each ink box (x, y, w, h) of ``gray``."""
        windows = np.array([plate_input(gray, box) for box in boxes], np.uint8)
        return windows.reshape(-1, INPUT_H, INPUT_W)

    def read(
        self, gray: NDArray[np.uint8], boxes: Sequence[tuple[float, float, float, float]]
    ) -> list[PlateGuess]:
        """The plate value around each ink box (x, y, w, h) of ``gray``."""
        windows = self.windows(gray, boxes)
        guesses = []
        for row in self.probabilities(windows):
            best = int(row.argmax())
            value = None if best == NOTHING else PLATE_VALUES[best]
            conf = float(row[best])
            guesses.append(PlateGuess(value, conf, conf >= self.threshold))
        return guesses


@cache
def plate_net() -> PlateNet:
    """The committed network, loaded once."""
    return PlateNet()


@dataclass(frozen=True)
class LetterGuess:
    """The network's reading of one letter window."""

    letter: str | None
    """A capital A to Z, or ``None`` when the window holds no tile's letter."""
    confidence: float
    """The softmax probability of that reading."""
    sure: bool
    """Whether the confidence reaches the calibrated threshold."""
    odds: NDArray[np.float32]
    """The whole softmax (A..Z, then nothing): what a user's calibration adapts."""


class LetterNet(OnnxClassifier):
    """The letter-tile network: A..Z then "nothing", one decision threshold."""

    def __init__(self, onnx: Path = LETTERS_ONNX, meta: Path = LETTERS_META) -> None:
        super().__init__(onnx, meta)

    def windows(
        self,
        gray: NDArray[np.uint8],
        centres: Sequence[tuple[float, float]],
        height: float,
        angle: float = 0.0,
        shears: Sequence[float] = (),
    ) -> NDArray[np.uint8]:
        """The windows around each letter centre of a row (see
        :func:`vision.letter_render.letter_input`)."""
        leans = list(shears) or [0.0] * len(centres)
        cut = [
            letter_render.letter_input(gray, c, height, angle, lean)
            for c, lean in zip(centres, leans, strict=True)
        ]
        side = letter_render.INPUT
        return np.array(cut, np.uint8).reshape(-1, side, side)

    def two_likeliest(self, windows: NDArray[np.uint8]) -> list[tuple[str, str]]:
        """The likeliest letter of each window and its second ("" for no letter): which
        of a player's stored tiles the network takes for another letter, or nearly."""
        if not len(windows):
            return []
        return own.two_likeliest(self.probabilities(windows), letter_render.LETTERS)

    def guesses(self, odds: NDArray[np.float32]) -> list[LetterGuess]:
        """One reading per row of softmax ``odds``."""
        out = []
        for row in odds:
            best = int(row.argmax())
            letter = None if best == letter_render.NOTHING else letter_render.LETTERS[best]
            conf = float(row[best])
            out.append(LetterGuess(letter, conf, conf >= self.threshold, row))
        return out


@cache
def letter_net() -> LetterNet:
    """The committed letter network, loaded once."""
    return LetterNet()
