"""A player's own tiles, plates or dice (``arbitre calibrate``): what adapts a learned
network to a game it was never trained on.

A calibration photo is read as when reading; each letter's, plate's or die's window, as the
network sees it, is stored with its true value, beside a few copies cut a little off
(the finder's box is never twice the same). When reading, a plate or a die the network
is unsure of is compared with them in the network's own features (:func:`features`):
where the player's example nearest to it holds the very value the network finds
likeliest, clearly nearer than any of another value, its confidence is lifted to the
network's threshold. Never another value than the network's likeliest: the player's
examples confirm a doubt, they do not overrule (taking the player's reading where it was
only the network's second made a serif G whose arc the row's end cut a silent C). The one
way they lower a sure reading: where the network took one of the player's letters for
another in the calibration, a sure reading of that other letter is a doubt unless the
player's own tiles clearly say it (:func:`contradiction`).

"Clearly nearer" is the ratio test of SIFT matching (Lowe, 2004): the nearest distance
under :data:`RATIO` times the nearest of another value. And the player's examples must
hold the network's second likeliest value too: an example nearest to the only value it
could be compared with was never tested against its rival.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.datadir import data_dir
from vision.network import forward

#: The nearest of the player's examples holding the network's value must be nearer than
#: this share of the nearest holding another value (Lowe's ratio test, its published 0.8).
RATIO = 0.8

#: Copies of each calibration example, its box moved and resized by up to :data:`JITTER`
#: of its size.
COPIES = 4
JITTER = 0.06

#: A network's features of windows (see :func:`features`).
Featurer = Callable[[NDArray[np.uint8]], NDArray[np.float32]]
#: A network's two likeliest values of each window, likeliest first ("" for none).
Reader = Callable[[NDArray[np.uint8]], Sequence[tuple[str, str]]]


def save_rows(path: Path, labels: Sequence[str], rows: NDArray[np.generic]) -> None:
    """Store labelled rows (a calibration's windows) in one ``.npz`` file, atomically: a
    crash while writing leaves the calibration as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part.npz")
    np.savez_compressed(partial, labels=np.array(labels), rows=rows)
    partial.replace(path)


def load_rows(path: Path) -> tuple[tuple[str, ...], NDArray[np.generic]] | None:
    """Labelled rows stored by :func:`save_rows`, or ``None`` if absent or unreadable."""
    try:
        with np.load(path) as data:
            return tuple(str(x) for x in data["labels"]), np.asarray(data["rows"])
    except (OSError, KeyError, ValueError):
        return None


def own_file(folder: Path, kind: str) -> Path:
    """The player's examples of ``kind`` (``letters``, ``plates``, ``dice``)."""
    return folder / "calibration" / f"{kind}.npz"


def features(net: cv2.dnn.Net, inputs: NDArray[np.float32]) -> NDArray[np.float32]:
    """What ``net``'s last layer weighs, for each input: the output of its convolutions,
    flattened (the exported networks' Flatten layer), of unit length. Two windows the
    network sees alike are near in it."""
    names = [str(name) for name in net.getLayerNames() if str(name).endswith("Flatten")]
    if not names:
        raise ValueError("le réseau n'a pas de couche Flatten")
    flat = forward(net, inputs, names[-1]).reshape(len(inputs), -1)
    flat /= np.maximum(np.linalg.norm(flat, axis=1, keepdims=True), 1e-9)
    return np.asarray(flat, np.float32)


def two_likeliest(odds: NDArray[np.float32], letters: str) -> list[tuple[str, str]]:
    """The likeliest letter of each row of ``odds`` (over ``letters``, then the class of
    nothing) and its second, "" for nothing: a :data:`Reader`'s answer, which of a
    player's stored windows the network takes for another letter, or nearly."""
    order = np.argsort(-odds, axis=1)[:, :2]

    def letter(k: int) -> str:
        return letters[k] if k < len(letters) else ""

    return [(letter(int(a)), letter(int(b))) for a, b in order]


@dataclass(frozen=True)
class OwnExamples:
    """The player's examples as the network sees them."""

    labels: NDArray[np.str_]
    """The value of each stored window (a plate's number, a die's letter), as text."""
    features: NDArray[np.float32]
    """The network's features of each stored window, of unit length."""
    read: NDArray[np.str_] | None = None
    """The network's likeliest value of each stored window ("" no value), where asked
    (:func:`own_examples`' ``reader``): which of the player's letters it takes for
    another."""
    second: NDArray[np.str_] | None = None
    """The network's second likeliest value of each stored window, where asked: the
    other letter it hesitated over on a player's letter it read right (the letters'
    reader asks whether it hesitated over O on a player's Q, :mod:`vision.letters`)."""

    def agrees(self, feature: NDArray[np.float32], value: str, rival: str | None) -> bool:
        """Whether the player's examples read ``value`` on a window of features
        ``feature``, the network's likeliest, ``rival`` its second (``None``: nothing
        at all, no plate or no die; or no second asked, for views).

        ``feature`` may hold one row per view of the same die (a d20 stood upright at
        each corner of its face): a value's distance is then the mean over the views of
        the nearest of its examples, so that every view has its say."""
        if rival is not None and rival not in self.labels:
            return False
        views = np.atleast_2d(feature)
        distance = 1.0 - views @ self.features.T
        others = set(self.labels.tolist()) - {value}
        if value not in self.labels or not others:
            return False

        def nearest(label: str) -> float:
            return float(distance[:, self.labels == label].min(axis=1).mean())

        return nearest(value) < RATIO * min(nearest(label) for label in others)


def confirmed(
    mine: OwnExamples,
    odds: NDArray[np.float32],
    features: NDArray[np.float32],
    classes: Sequence[str | None],
    read: Sequence[str | None],
) -> list[bool]:
    """For each window the network doubts (a row of its ``odds`` over ``classes``, None
    the class of nothing, and its ``features``), whether the player's examples confirm
    the value ``read`` there: the network's likeliest, tested against its second."""
    out = []
    for row, feature, value in zip(odds, features, read, strict=True):
        best, second = (classes[int(k)] for k in np.argsort(-row)[:2])
        out.append(best is not None and best == value and mine.agrees(feature, best, second))
    return out


def misread_as(examples: Sequence[OwnExamples]) -> set[str]:
    """The values the network read on the player's examples of another value (their
    :attr:`OwnExamples.read`, where asked): the only sure readings :func:`contradiction`
    can doubt. Not its second readings: doubting what it only hesitated over turned
    right readings of designs it reads surely "?" (docs/vision.md, "a calibration's
    doubts without the network's hesitations")."""
    out: set[str] = set()
    for e in examples:
        if e.read is not None:
            out |= {str(g) for g, label in zip(e.read, e.labels, strict=True) if g and g != label}
    return out


def contradiction(
    examples: Sequence[OwnExamples], feature: NDArray[np.float32], value: str
) -> str | None:
    """The letter the player's examples say a window the network surely reads as
    ``value`` may be instead, else ``None``: the reading is then shown "?".

    Only a confusion the network made on the player's own tiles counts, two ways:

    - the nearest example of another letter is of a letter of which some example the
      network reads as ``value`` (the player's font draws its Q so that the network sees
      an O), and is clearly nearer (:data:`RATIO`) than every example of ``value``;
    - or the network took some example of a letter Y for ``value`` (its likeliest), and
      the nearest example of ``value`` is *not* clearly nearer than every example of Y:
      where the network cannot tell the player's Y from their ``value``, only the
      player's tiles can, and they must say it clearly (the test of
      :meth:`OwnExamples.agrees`, between those two letters).

    Without the player's own examples of ``value`` there is nothing to tell them apart.
    Never an overruling: an O tile typed Q in the calibration is learned as such a Q,
    and the player's next O tiles are sometimes nearer to it than to their O (their
    windows differ from photo to photo as much): they are "?", never Q."""
    labels = np.concatenate([e.labels for e in examples])
    read = np.concatenate([e.read if e.read is not None else e.labels for e in examples])
    distance = 1.0 - np.concatenate([e.features for e in examples]) @ feature
    same = distance[labels == value]
    if not len(same):
        return None
    other = np.where(labels == value, np.inf, distance)
    k = int(np.argmin(other))
    confused = bool(np.any((labels == labels[k]) & (read == value)))
    if confused and other[k] < RATIO * same.min():
        return str(labels[k])
    taken = np.isin(labels, labels[(read == value) & (labels != value)])
    if taken.any():
        y = int(np.argmin(np.where(taken, distance, np.inf)))
        if not same.min() < RATIO * distance[y]:
            return str(labels[y])
    return None


def own_examples(
    folder: Path | None, kind: str, featurer: Featurer, reader: Reader | None = None
) -> OwnExamples | None:
    """The player's examples of ``kind`` in the data directory, or ``None`` (no
    calibration of that kind); ``reader``: the network's two likeliest readings of each
    are kept too."""
    stamped = own_stamped(folder, kind)
    return None if stamped is None else _loaded(*stamped, featurer, reader)


def own_stamped(folder: Path | None, kind: str) -> tuple[Path, int] | None:
    """The player's file of ``kind`` in the data directory and when it was last
    written (what is read from it may be cached under both: a new calibration is read
    again), or ``None`` where there is none."""
    file = own_file(data_dir(folder), kind)
    try:
        return file, file.stat().st_mtime_ns
    except OSError:
        return None


@cache
def _loaded(
    file: Path, stamp: int, featurer: Featurer, reader: Reader | None
) -> OwnExamples | None:
    """The examples of ``file`` as it was at ``stamp`` (a new calibration: read again)."""
    rows = load_rows(file)
    if rows is None or not len(rows[0]):
        return None
    labels, stored = rows
    windows = np.asarray(stored, np.uint8)
    if reader is None:
        return OwnExamples(np.array(labels, np.str_), featurer(windows))
    pairs = list(reader(windows))
    read = np.array([p[0] for p in pairs], np.str_)
    second = np.array([p[1] for p in pairs], np.str_)
    return OwnExamples(np.array(labels, np.str_), featurer(windows), read, second)


def jittered(
    box: tuple[int, int, int, int], rng: np.random.Generator
) -> tuple[float, float, float, float]:
    """``box`` moved and resized by up to :data:`JITTER` of its size, as the finder's
    box of the same plate or letter varies from photo to photo."""
    x, y, w, h = box
    dx, dy, dw, dh = rng.uniform(-JITTER, JITTER, 4)
    return (x + dx * w, y + dy * h, w * (1 + dw), h * (1 + dh))


def store(
    folder: Path | None, kind: str, labels: list[str], windows: NDArray[np.uint8], reset: bool
) -> tuple[Path, int]:
    """Add labelled windows to the player's examples of ``kind`` (atomically; ``reset``:
    instead of those learned before); returns the file and the windows it now holds."""
    file = own_file(data_dir(folder), kind)
    old = None if reset else load_rows(file)
    if old is not None and old[1].shape[1:] == windows.shape[1:]:
        labels = [*old[0], *labels]
        windows = np.concatenate([np.asarray(old[1], np.uint8), windows])
    save_rows(file, labels, windows)
    return file, len(labels)


def store_apart(
    folder: Path | None, kind: str, labels: list[str], windows: NDArray[np.uint8], reset: bool
) -> None:
    """The player's examples the network read as another letter, kept in a file of their
    own (``kind``): forgotten with the others on ``reset``, added to otherwise."""
    if reset:
        own_file(data_dir(folder), kind).unlink(missing_ok=True)
    if labels:
        store(folder, kind, labels, windows, False)
