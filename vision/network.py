"""The readers' networks run by OpenCV's DNN module, a few windows at a time.

``cv2.dnn`` runs a batch layer by layer: with hundreds of windows in one batch, each
layer's outputs outgrow the CPU's caches and the next layer reads them back from memory.
In batches of :data:`BATCH` the outputs are the same to the bit and come sooner
(docs/vision.md, "windows read in batches"); a Pi's caches are smaller than this
machine's.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

#: Windows a network reads at a time (16-512). One core of this machine read 640 dice
#: windows in 217 ms in batches of 64, 226 in batches of 128 and 295 in one of 512.
BATCH = 64


def forward(
    net: cv2.dnn.Net, inputs: NDArray[np.float32], layer: str | None = None
) -> NDArray[np.float64]:
    """``net``'s outputs (``layer``'s: a named layer's, else the last) on ``inputs``, one
    row per input, :data:`BATCH` inputs at a time."""
    rows = []
    for first in range(0, len(inputs), BATCH):
        net.setInput(np.ascontiguousarray(inputs[first : first + BATCH]))
        out = net.forward(layer) if layer is not None else net.forward()
        rows.append(np.asarray(out, np.float64))
    return np.concatenate(rows)


def standardised(x: NDArray[np.generic], axes: tuple[int, ...]) -> NDArray[np.float32]:
    """``x`` as the networks take it: minus its mean over ``axes``, over its spread (at
    least 8 grey levels, so that a bare table or window stays flat)."""
    f = x.astype(np.float32)
    mean = f.mean(axis=axes, keepdims=True)
    spread = np.maximum(f.std(axis=axes, keepdims=True), 8.0)
    return np.asarray((f - mean) / spread, np.float32)


def softmax(logits: NDArray[np.float64]) -> NDArray[np.float64]:
    """Each row of a classifier's outputs as probabilities (its largest first taken
    away, so that no exponential overflows)."""
    odds = np.exp(logits - logits.max(axis=1, keepdims=True))
    return np.asarray(odds / odds.sum(axis=1, keepdims=True), np.float64)
