"""The user's own plates (``arbitre calibrate --kind numbers``): what adapts the plate
network to a game's plates it was never trained on.

A calibration photo's plates are found as when reading (:func:`vision.plate_finder.
find_numbers`); each plate's window, as the network sees it, is stored with its value,
beside a few copies cut a little off (the finder's box is never twice the same). When
reading, a plate the network is unsure of is compared with them in the network's own
features (:meth:`vision.learned.PlateNet.features`): where the user's plate nearest to
it holds the very value the network finds likeliest, clearly nearer than any of the
user's plates of another value, its confidence is lifted to the network's threshold.
Never another value than the network's likeliest, as for the letters
(:func:`vision.rack._adapted`): the user's plates confirm a doubt, they do not overrule.

"Clearly nearer" is the ratio test of SIFT matching (Lowe, 2004): the nearest distance
under :data:`RATIO` times the nearest of another value. And the user's plates must hold
the network's second likeliest value too: a plate nearest to the only value it could be
compared with was never tested against its rival.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from vision.datadir import data_dir
from vision.learned import PlateNet, plate_net
from vision.models import load_rows, save_rows

#: The nearest of the user's plates holding the network's value must be nearer than this
#: share of the nearest holding another value (Lowe's ratio test, its published 0.8).
RATIO = 0.8

#: Copies of each calibration plate, its box moved and resized by up to :data:`JITTER`
#: of its size.
COPIES = 4
JITTER = 0.06


def plates_file(folder: Path) -> Path:
    """The user's plates, beside the letters' glyphs of the calibration."""
    return folder / "calibration" / "plates.npz"


@dataclass(frozen=True)
class OwnPlates:
    """The user's plates as the network sees them."""

    values: NDArray[np.int64]
    """The value of each stored window."""
    features: NDArray[np.float32]
    """The network's features of each stored window, of unit length."""

    def agrees(self, feature: NDArray[np.float32], value: int, rival: int | None) -> bool:
        """Whether the user's plates read ``value`` on a window of features ``feature``,
        the network's likeliest, ``rival`` its second (``None``: no plate at all)."""
        if rival is not None and rival not in self.values:
            return False
        distance = 1.0 - self.features @ feature
        same = distance[self.values == value]
        other = distance[self.values != value]
        if not len(same) or not len(other):
            return False
        return bool(same.min() < RATIO * other.min())


def own_plates(folder: Path | None = None, net: PlateNet | None = None) -> OwnPlates | None:
    """The user's plates stored in the data directory, or ``None`` (no calibration)."""
    file = plates_file(data_dir(folder))
    try:
        stamp = file.stat().st_mtime_ns
    except OSError:
        return None
    return _loaded(file, stamp, net or plate_net())


@cache
def _loaded(file: Path, stamp: int, net: PlateNet) -> OwnPlates | None:
    """The plates of ``file`` as it was at ``stamp`` (a new calibration: read again)."""
    rows = load_rows(file)
    if rows is None or not len(rows[0]):
        return None
    labels, windows = rows
    values = np.array([int(label) for label in labels], np.int64)
    return OwnPlates(values, net.features(np.asarray(windows, np.uint8)))


def jittered(
    box: tuple[int, int, int, int], rng: np.random.Generator
) -> tuple[float, float, float, float]:
    """``box`` moved and resized by up to :data:`JITTER` of its size, as the finder's
    box of the same plate varies from photo to photo."""
    x, y, w, h = box
    dx, dy, dw, dh = rng.uniform(-JITTER, JITTER, 4)
    return (x + dx * w, y + dy * h, w * (1 + dw), h * (1 + dh))


def store_plates(
    folder: Path | None, windows: NDArray[np.uint8], values: list[int], reset: bool
) -> tuple[Path, int]:
    """Add labelled windows to the user's plates (atomically; ``reset``: instead of those
    learned before); returns the file and the windows it now holds."""
    file = plates_file(data_dir(folder))
    labels = [str(v) for v in values]
    old = None if reset else load_rows(file)
    if old is not None and old[1].shape[1:] == windows.shape[1:]:
        labels = [*old[0], *labels]
        windows = np.concatenate([np.asarray(old[1], np.uint8), windows])
    save_rows(file, labels, windows)
    return file, len(labels)
