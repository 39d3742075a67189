"""Read the dice with a learned classifier: find letter-like ink, ask a small CNN which
windows are a die's up letter, keep the dice it is sure of.

The first design (:mod:`vision.dice`) fits triangles and squares around letters with
many thresholds fitted to one generator's dice. This one assumes little: ink is whatever
stands out from its neighbourhood, in either polarity, at three neighbourhood sizes
(:func:`candidates`); each piece of a letter's size gives a window around it, three
times its size, and a second one, six and a half times, that shows the whole die;
the network (:mod:`vision.dice_render` drew its training dice, ``bench/vision_train.py``
trained it) reads the pair as one of the 26 up faces (20 consonants on the d20s, 5
vowels and the joker on the cube) or as *nothing*: a letter of a face that
leans away, a speck of the table, part of a letter. The windows show the face around
the letter and the die around the face, so the network can tell which edge the letter
stands on (an N is no Z turned a quarter) and whether the face is up. Windows on one die
are one die: the likeliest up letter keeps its place (:func:`seen_dice`); a die the die
finder sees whose up letter is no piece of ink of its own is read in windows centred on
it. A d20's letter stands on an edge of its triangular face: a second network finds
the corner its top points to, and a third reads the letter stood upright
(:meth:`DiceNet.upright`), where an M is no W upside down (the reading at any angle is
kept where it is surer: letters printed on no edge). A calibrated confidence alone
decides "?"; the remaining numbers live in :class:`Tuning`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision import network, own
from vision.camera import Image
from vision.dice_centres import DiceNets, FoundDie, dice_nets, working
from vision.dice_render import CLASSES, CONSONANTS, NOTHING, VOWELS
from vision.network import forward, softmax
from vision.reading import NothingFound, Reading

Box = tuple[int, int, int, int]

MODELS = Path(__file__).parent / "data"
DICE_ONNX = MODELS / "dice.onnx"
DICE_META = MODELS / "dice.json"
#: Beside :data:`DICE_ONNX`: the network that says where a d20's up letter's top points
#: (:meth:`DiceNet.tops`), and the classifier that reads that letter stood upright
#: (:meth:`DiceNet.upright`), both trained by ``bench/vision_train_dice_upright.py``.
TOP_ONNX = "dice_top.onnx"
UPRIGHT_ONNX = "dice_upright.onnx"

#: The network's input: two square windows this many pixels a side, centred on a piece of
#: ink: the letter (:attr:`Tuning.window`) and the die around it (:attr:`Tuning.context`).
INPUT = 40


@dataclass(frozen=True)
class Tuning:
    """The finder's and the chooser's few numbers, each with its meaning and range."""

    blocks: tuple[int, ...] = (15, 31, 63)
    """Neighbourhoods (pixels, at the working size) ink stands out of (odd, 9-101):
    small dice need a small one, large letters a large one."""
    offset: int = 10
    """Ink differs from its neighbourhood's mean by at least this many grey levels (5-25)."""
    smallest: int = 7
    """A letter's least size (its box's longer side, pixels at the working size, 5-10)."""
    largest: float = 0.15
    """A letter's greatest size over the photo's longer side (0.1-0.25)."""
    thinnest: float = 8.0
    """A piece's longer side over its shorter side, at most (an I seen small: 6-10)."""
    window: float = 3.0
    """The letter's window's side over the piece's longer side (2.5-4): its face."""
    context: float = 6.5
    """The context window's side over the piece's longer side (5-8): the whole die, so
    that the network sees whether the letter's face is the up one, in the middle of its
    die, or a leaning one, near the die's outline."""
    same_die: float = 2.2
    """Two windows whose centres are closer than this many letter sizes look at one die
    (1.5-3): the likeliest up letter is kept."""
    found: float = 0.5
    """A window shows an up letter when "nothing" has less than this probability
    (0.3-0.7): sure or not, a die is there."""
    most: int = 800
    """Candidates read at most (those that stand out most): a busy table, not a slow
    referee (300-3000)."""
    up_face: float = 0.3
    """Where the die finder (:mod:`vision.dice_centres`) sees a die, only the windows
    centred within this many of its radii of its up face's centre are its up letter or
    rivals to it (0.2-0.5): a d20's up face has an inradius of 0.30 of its radius, so the
    letters of the faces leaning around it are not read as it. On calibration photos
    (150, 541 dice picked) 0.3 made 40.9% of the dice sure, 0.6 34.1%, the windows
    grouped without the finder 27.6%."""
    centred: tuple[float, ...] = (0.3, 0.42, 0.55)
    """Where the die finder sees a die and no piece of ink on its up face reads as an up
    letter (a wide letter touching its face's edges is one piece with them), windows
    centred on the die are read, their letter's size these shares of its radius (a
    d20's up letter is about a third of its radius, the cube's about a half; the
    network takes a letter within 0.6-1.6 times the size it was cut for): the likeliest
    up letter among them is the die's."""
    turns: tuple[float, ...] = (45.0,)
    """A die's letter probability is read in its kept window as cut and cut again at
    each of these turns (degrees), each seen in its four quarter turns
    (:meth:`DiceNet.views`): eight views of one die spun on the table, whose doubts
    average out (0-2 more turns). The vowel cube's, and a d20's where the upright
    networks are missing."""
    thirds: tuple[float, ...] = (0.0,)
    """A d20's letter is read stood upright (:meth:`DiceNet.upright`) at each third of
    a turn (it stands on one of its face's three edges) and, for each, these many
    degrees more (0-2 more, within ±8: the upright classifier was trained within ±7 of
    upright, the top found within 5 on designs never trained)."""


TUNING = Tuning()


def candidates(gray: NDArray[np.uint8], tuning: Tuning = TUNING) -> list[Box]:
    """Boxes of pieces of ink of a letter's size, in both polarities and at every
    neighbourhood size, near-duplicates once; on a busy table (speckled stone, checks),
    the :attr:`Tuning.most` that stand out most from their box."""
    largest = tuning.largest * max(gray.shape)
    sums = cv2.integral(gray)
    found: list[tuple[float, Box]] = []
    for picture in (gray, np.asarray(255 - gray, np.uint8)):
        for block in tuning.blocks:
            ink = cv2.adaptiveThreshold(
                picture,
                255,
                cv2.ADAPTIVE_THRESH_MEAN_C,
                cv2.THRESH_BINARY_INV,
                block,
                tuning.offset,
            )
            count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
            on = ink > 0  # the pieces' pixels only: the ground (label 0) is most of them
            inside = np.bincount(labels[on], weights=gray[on], minlength=count)[1:]
            x, y, w, h, area = (stats[1:, k].astype(np.int64) for k in range(5))
            longer, shorter = np.maximum(w, h), np.maximum(1, np.minimum(w, h))
            keep = (
                (longer >= tuning.smallest)
                & (longer <= largest)
                & (longer <= tuning.thinnest * shorter)
            )
            box_sum = sums[y + h, x + w] - sums[y, x + w] - sums[y + h, x] + sums[y, x]
            rest = np.maximum(1, w * h - area)
            step = np.abs(inside / area - (box_sum - inside) / rest)
            for i in np.nonzero(keep)[0]:
                found.append((float(step[i]), (int(x[i]), int(y[i]), int(w[i]), int(h[i]))))
    found.sort(key=lambda f: -f[0])
    return _distinct([box for _, box in found[: 2 * tuning.most]])[: tuning.most]


def _distinct(boxes: list[Box]) -> list[Box]:
    """``boxes`` without near-duplicates (the same piece found at two sizes or in both
    polarities), in their order."""
    kept: list[Box] = []
    seen: set[tuple[int, int, int, int]] = set()
    for x, y, w, h in boxes:
        key = (round((x + w / 2) / 3), round((y + h / 2) / 3), round(w / 3), round(h / 3))
        if key in seen:
            continue
        seen.add(key)
        kept.append((x, y, w, h))
    return kept


def window(
    gray: NDArray[np.uint8], box: Box, tuning: Tuning = TUNING, turn: float = 0.0
) -> NDArray[np.uint8]:
    """The two :data:`INPUT`-pixel square windows of ``gray`` around ``box`` (2 × INPUT ×
    INPUT), turned by ``turn`` degrees (training turns windows: a die spun about the
    vertical is still a die, letter and face turned together)."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    out = np.empty((2, INPUT, INPUT), np.uint8)
    for k, factor in enumerate((tuning.window, tuning.context)):
        s = INPUT / (factor * max(w, h))
        affine = cv2.getRotationMatrix2D((cx, cy), turn, s)
        affine[:, 2] += np.array([INPUT / 2 - cx, INPUT / 2 - cy])
        flags = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
        out[k] = cv2.warpAffine(
            gray, affine, (INPUT, INPUT), flags=flags, borderMode=cv2.BORDER_REPLICATE
        )
    return out


def standardised(windows: NDArray[np.uint8]) -> NDArray[np.float32]:
    """Windows (n × 2 × H × W) as the network takes them, each standardised alone
    (:func:`vision.network.standardised`)."""
    return network.standardised(windows, (2, 3))


class DiceNet:
    """The ONNX networks and their calibrated threshold: the classifier of windows at any
    angle, and beside it (same folder) the d20's top finder and upright classifier, if
    there (without them a d20 is read at any angle, as the vowel cube is)."""

    def __init__(self, onnx: Path = DICE_ONNX, meta: Path = DICE_META) -> None:
        self.net = cv2.dnn.readNetFromONNX(str(onnx))
        self.threshold = float(json.loads(meta.read_text())["threshold"])
        top, upright = onnx.parent / TOP_ONNX, onnx.parent / UPRIGHT_ONNX
        self.top: cv2.dnn.Net | None = None
        self.stood: cv2.dnn.Net | None = None
        if top.exists() and upright.exists():
            self.top = cv2.dnn.readNetFromONNX(str(top))
            self.stood = cv2.dnn.readNetFromONNX(str(upright))

    def probabilities(self, windows: NDArray[np.uint8]) -> NDArray[np.float32]:
        """Softmax over :data:`CLASSES` then "nothing", one row per window."""
        if len(windows) == 0:
            return np.zeros((0, NOTHING + 1), np.float32)
        return _probabilities(self.net, windows)

    def tops(self, windows: NDArray[np.uint8]) -> NDArray[np.float64]:
        """Where each window's up letter's top points, if it is a d20's (degrees,
        counter-clockwise from the right as seen, modulo 120): a d20's letter stands on
        an edge of its triangular face, its top towards the opposite corner, and the
        network finds the triangle (its output is the cosine and sine of three times
        the angle, so that the three corners are one answer)."""
        assert self.top is not None
        out = _forward(self.top, windows)
        return np.asarray(np.degrees(np.arctan2(out[:, 1], out[:, 0])) / 3, np.float64)

    def upright(
        self, gray: NDArray[np.uint8], box: Box, tuning: Tuning = TUNING
    ) -> NDArray[np.float32] | None:
        """The probabilities of a d20's window turned so that its letter stands upright
        (:meth:`tops`), at each of the three corners and :attr:`Tuning.thirds`: one row
        per view. A letter turned upright is no longer any letter turned: an M is not a
        W upside down, nor an N a Z on its side. ``None`` without the upright networks."""
        views = self.upright_views(gray, box, tuning)
        if views is None or self.stood is None:
            return None
        return _probabilities(self.stood, views)

    def upright_views(
        self, gray: NDArray[np.uint8], box: Box, tuning: Tuning = TUNING
    ) -> NDArray[np.uint8] | None:
        """The windows of :meth:`upright`: ``box`` turned so that its letter's top
        (:meth:`tops`) points up, at each of its face's three corners and
        :attr:`Tuning.thirds`. ``None`` without the upright networks."""
        if self.top is None or self.stood is None:
            return None
        top = float(self.tops(window(gray, box, tuning)[None])[0])
        turns = [90.0 - top + 120.0 * k + more for k in range(3) for more in tuning.thirds]
        return np.array([window(gray, box, tuning, turn) for turn in turns], np.uint8)

    def read(
        self, windows: NDArray[np.uint8], tuning: Tuning = TUNING
    ) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """:meth:`probabilities`, then, for the windows read as an up letter, the mean of
        their four quarter turns' (a window turned is a die spun on the table: its
        letter is the same, and the network's doubts over one view average out); and,
        beside it, each window's four quarter turns' probabilities (n × 4 × classes; a
        window not read again: its one view's, four times), which :meth:`views` reuses."""
        probs = self.probabilities(windows)
        quarters = np.repeat(probs[:, None], 4, axis=1)
        found = np.nonzero(probs[:, NOTHING] < tuning.found)[0]
        if len(found):
            turned = [np.rot90(windows[found], k, axes=(2, 3)) for k in range(4)]
            views = self.probabilities(np.ascontiguousarray(np.concatenate(turned)))
            views = views.reshape(4, len(found), -1)
            quarters[found] = views.transpose(1, 0, 2)
            probs[found] = views.mean(axis=0)
        return probs, quarters

    def views(
        self,
        gray: NDArray[np.uint8],
        box: Box,
        quarters: NDArray[np.float32],
        tuning: Tuning = TUNING,
    ) -> NDArray[np.float32]:
        """The probabilities of the windows around ``box``: as cut, in its four quarter
        turns (``quarters``, as :meth:`read` gave them), then cut at each of
        :attr:`Tuning.turns`, each in its four quarter turns: one row per view."""
        cut = [window(gray, box, tuning, turn) for turn in tuning.turns]
        turned = [np.rot90(w, k, axes=(1, 2)) for w in cut for k in range(4)]
        more = self.probabilities(np.ascontiguousarray(np.array(turned, np.uint8)))
        return np.concatenate([quarters, more])

    def two_likeliest(self, windows: NDArray[np.uint8]) -> list[tuple[str, str]]:
        """The likeliest letter of each window and its second ("" for none), its four
        quarter turns averaged (:meth:`read`): which of a player's dice the network took
        for another letter (:func:`vision.own.contradiction`)."""
        return own.two_likeliest(self.read(windows)[0], CLASSES)

    def features(self, windows: NDArray[np.uint8]) -> NDArray[np.float32]:
        """The network's features of each pair of windows (:func:`vision.own.features`):
        a player's own dice are compared to a die in them."""
        if len(windows) == 0:
            return np.zeros((0, 0), np.float32)
        return own.features(self.net, standardised(windows))

    def upright_features(self, windows: NDArray[np.uint8]) -> NDArray[np.float32]:
        """The upright classifier's features of windows stood upright
        (:meth:`upright_views`): a player's own d20s, stood upright, are compared to a
        die stood upright in them (:func:`adapted`)."""
        if len(windows) == 0 or self.stood is None:
            return np.zeros((0, 0), np.float32)
        return own.features(self.stood, standardised(windows))


def _forward(net: cv2.dnn.Net, windows: NDArray[np.uint8]) -> NDArray[np.float64]:
    """A network's outputs on ``windows``, :func:`standardised`."""
    return forward(net, standardised(windows))


def _probabilities(net: cv2.dnn.Net, windows: NDArray[np.uint8]) -> NDArray[np.float32]:
    """A classifier's probabilities on ``windows`` (:func:`_forward`), one row each."""
    return np.asarray(softmax(_forward(net, windows)), np.float32)


@cache
def dice_net() -> DiceNet:
    """The committed network, loaded once."""
    return DiceNet()


@dataclass(frozen=True)
class SeenDie:
    """A die's up letter as the network reads it."""

    letter: str
    """The letter (``*``: the joker), whether sure or not."""
    confidence: float
    """The calibrated confidence: the network's probability of that letter, at most one
    less its :attr:`rival`'s (:func:`_confidence`)."""
    sure: bool
    """Whether it reaches the calibrated threshold."""
    box: Box
    """The letter's box in the working photo."""
    up: float = 1.0
    """The network's probability that the window shows an up letter at all (one less
    its "nothing")."""
    letter_probability: float = 1.0
    """The geometric mean of the network's probabilities of :attr:`letter` over the kept
    window's views: a d20's stood upright at its face's three corners
    (:meth:`DiceNet.upright`), or, where that is the surer, as the vowel cube's, cut at
    two turns, each in its four quarter turns (:meth:`DiceNet.views`): the letter must
    be read in most views."""
    rival: float = 0.0
    """The greatest probability of its own letter among the other windows on the same
    die that read another letter (0: none does). A die whose up letter was missed keeps
    a leaning face's letter, and the leaning faces around it then read their letters
    too; a letter half read (an M that could be a W turned) has its other reading near
    by too. A piece of the up letter itself, which the network finds up but reads as
    no letter in particular, is no rival."""
    found: bool = False
    """Whether it is read on a die the die finder (:mod:`vision.dice_centres`) sees."""


def seen_dice(
    gray: NDArray[np.uint8],
    net: DiceNet | None = None,
    tuning: Tuning = TUNING,
    finder: DiceNets | None = None,
) -> list[SeenDie]:
    """Every die the network sees an up letter of, one per die, the likeliest up letter
    first.

    Where the die finder (:mod:`vision.dice_centres`) sees a die, only the windows on its
    up face are read as it (:attr:`Tuning.up_face`): seen from above, a d20's up face is
    the triangle in the middle of its outline. Among
    the windows of a die the finder did not see (its up letter and the letters of the
    faces leaning around it, which can look as large), the one the network finds
    likeliest to be an up face is kept, whichever letter it reads there (on held-out
    families this chose the up letter more often than keeping the most confident
    letter: 95.6% of the dice picked right against 92.6%). A die the finder sees where
    no window on its up face reads as an up letter is read in windows centred on it
    (:attr:`Tuning.centred`). A d20's letter is then read stood upright too
    (:meth:`DiceNet.upright`), which may read another consonant than the windows at any
    angle did (an M where they hesitated over a W); the surer of the two readings is
    kept (letters printed on no edge of their face are surer read at any angle), its
    rivals the windows on the die reading another letter than it. ``finder``: other finder
    networks than the committed ones (a bench compares networks on the same photos)."""
    net = net or dice_net()
    boxes = candidates(gray, tuning)
    windows = _windows(gray, boxes, tuning)
    probs, quarters = net.read(windows, tuning)
    up = probs[:, :NOTHING].sum(axis=1)
    likely = up > 1 - tuning.found
    best = probs[:, :NOTHING].argmax(axis=1)
    centres = np.array([(x + w / 2, y + h / 2) for x, y, w, h in boxes], np.float64)
    centres = centres.reshape(-1, 2)
    sizes = np.array([max(w, h) for _, _, w, h in boxes], np.float64)
    groups: list[tuple[int, list[int]]] = []
    elsewhere = np.ones(len(boxes), bool)
    unread = []
    for die in (finder or dice_nets()).find(gray):
        off = np.hypot(centres[:, 0] - die.x, centres[:, 1] - die.y)
        elsewhere &= off >= die.radius
        on_face = np.nonzero((off < tuning.up_face * die.radius) & likely)[0]
        if len(on_face):
            groups.append((int(on_face[np.argmax(up[on_face])]), [int(j) for j in on_face]))
        else:
            unread.append(die)
    on_found = {i for i, _ in groups}
    if unread:
        # A die found whose up letter no piece of ink gave: windows centred on it.
        first = len(boxes)
        boxes += [_centred(die, share) for die in unread for share in tuning.centred]
        more = _windows(gray, boxes[first:], tuning)
        more_probs, more_quarters = net.read(more, tuning)
        probs = np.concatenate([probs, more_probs])
        quarters = np.concatenate([quarters, more_quarters])
        up = probs[:, :NOTHING].sum(axis=1)
        best = probs[:, :NOTHING].argmax(axis=1)
        elsewhere = np.concatenate([elsewhere, np.zeros(len(more), bool)])
        likely = np.concatenate([likely, np.zeros(len(more), bool)])
        per = len(tuning.centred)
        for k in range(len(unread)):
            ids = np.arange(first + k * per, first + (k + 1) * per)
            kept = int(ids[np.argmax(up[ids])])
            if up[kept] > 1 - tuning.found:
                groups.append((kept, []))
                on_found.add(kept)
    seen = np.nonzero(elsewhere & likely)[0].tolist()
    kept_alone: list[int] = []
    for i in sorted(seen, key=lambda i: -float(up[i])):
        if any(_same_die(centres, sizes, i, k, tuning) for k in kept_alone):
            continue
        kept_alone.append(i)
        groups.append((i, [j for j in seen if _same_die(centres, sizes, i, j, tuning)]))
    dice: list[SeenDie] = []
    for i, near in sorted(groups, key=lambda g: -float(up[g[0]])):

        def rival_of(chosen: int, i: int = i, near: list[int] = near) -> float:
            """The greatest probability of their own letter among the die's other
            windows reading another letter than ``chosen`` (:attr:`SeenDie.rival`)."""
            others = (float(probs[j, best[j]]) for j in near if j != i and best[j] != chosen)
            return max(others, default=0.0)

        chosen = int(best[i])
        letter = _letter_probability(net.views(gray, boxes[i], quarters[i], tuning)[:, chosen])
        rival = rival_of(chosen)
        upright = net.upright(gray, boxes[i], tuning) if is_consonant(CLASSES[chosen]) else None
        if upright is not None:
            # Read upright, unless the reading at any angle is surer (letters printed on
            # no edge of their face: the first generator's).
            stood, stood_letter = _likeliest(upright, _CONSONANT_CLASSES)
            stood_rival = rival_of(stood)
            if _confidence(stood_letter, stood_rival) >= _confidence(letter, rival):
                chosen, letter, rival = stood, stood_letter, stood_rival
        conf = _confidence(letter, rival)
        dice.append(
            SeenDie(
                CLASSES[chosen],
                conf,
                conf >= net.threshold,
                boxes[i],
                float(up[i]),
                letter,
                rival,
                i in on_found,
            )
        )
    return dice


def _windows(gray: NDArray[np.uint8], boxes: list[Box], tuning: Tuning) -> NDArray[np.uint8]:
    """The network's pairs of windows around ``boxes`` (none: an empty array)."""
    cut = [window(gray, b, tuning) for b in boxes]
    return np.array(cut, np.uint8).reshape(-1, 2, INPUT, INPUT)


def _centred(die: FoundDie, share: float) -> Box:
    """A square box centred on a found die's up face, ``share`` of its radius a side."""
    side = max(1, round(share * die.radius))
    return (round(die.x - side / 2), round(die.y - side / 2), side, side)


def _same_die(
    centres: NDArray[np.float64], sizes: NDArray[np.float64], i: int, j: int, tuning: Tuning
) -> bool:
    """Whether windows ``i`` and ``j`` look at one die (:attr:`Tuning.same_die`)."""
    off = float(np.hypot(*(centres[i] - centres[j])))
    return off < tuning.same_die * float(max(sizes[i], sizes[j]))


#: The classes of the d20's faces.
_CONSONANT_CLASSES = np.array([CLASSES.index(c) for c in CONSONANTS])


def _likeliest(views: NDArray[np.float32], classes: NDArray[np.int_]) -> tuple[int, float]:
    """The likeliest of ``classes`` over a die's views, and its letter probability
    (:func:`_letter_probability`): a d20 read upright may be read another letter than
    the windows at any angle chose (an M they took for a W)."""
    likeliest = int(classes[np.argmax(np.log(np.maximum(views[:, classes], 1e-9)).mean(axis=0))])
    return likeliest, _letter_probability(views[:, likeliest])


def _letter_probability(views: NDArray[np.float32]) -> float:
    """A die's letter probability from its views' (:meth:`DiceNet.views`): their
    geometric mean. One view in doubt (an R turned that looks like an H) no longer
    makes the die "?" as the least view did; several do."""
    return float(np.exp(np.log(np.maximum(views, 1e-9)).mean()))


def _confidence(letter: float, rival: float) -> float:
    """A die's confidence: its letter read in its views
    (:attr:`SeenDie.letter_probability`), and no other window on the die reading
    another letter (:attr:`SeenDie.rival`), as if independent.

    Chosen on 300 calibration photos (trained fonts, held-out colours; 1,112 dice
    picked): with the mean letter probability alone, a leaning face's letter kept
    where the up letter was missed reached 0.97, and under the 1-in-1,000 rule 10.7%
    of the dice were sure; with the rival, 19%; with the least view and the rival,
    25%. Chosen again on the 1,200 calibration photos of the threshold (4,424 dice
    picked): the least of four views and the rival's up-ness 86.7% sure; the geometric
    mean of eight views and the rival's letter probability 94.4%. (docs/vision.md has
    the figures.)"""
    return letter * (1.0 - rival)


def is_vowel(letter: str) -> bool:
    """Whether ``letter`` is a face of the vowel die."""
    return letter in VOWELS


def is_consonant(letter: str) -> bool:
    """Whether ``letter`` is a face of a d20."""
    return letter in CONSONANTS


#: Where no die's up letter is seen at all.
NO_DICE = "aucun dé trouvé sur la photo"
#: Not told the rules, three d20 and no vowel die found.
NO_VOWEL_DIE = "trois dés lus, sans dé des voyelles : s'il a été lancé, il n'a pas été vu"
#: Told the vowel die is in play, it was not found.
VOWEL_DIE_LOST = "dé des voyelles non trouvé"


def _found(count: int, expected: int) -> str:
    return f"{count} dé(s) des consonnes trouvé(s) sur {expected} : lecture incomplète"


#: A fourth d20 read surely, or seen beside fewer than three sure: one of the four is not
#: a die's up face (or not the game's), and which one is a guess.
TOO_MANY = "plus de trois dés des consonnes vus : lesquels sont du jeu, on ne sait pas"

#: Three d20 read surely and a fourth die, or what the die finder took for one, read
#: unsurely: the three are kept, and the player told to look (docs/vision.md, "a
#: doubtful fourth die").
DOUBTFUL_FOURTH = "un quatrième dé (ou une marque) mal lu à côté des trois : vérifiez"


def picked(dice: list[SeenDie], vowel_die: bool | None = None) -> list[SeenDie]:
    """The dice a reading is made of, sure or not: the three likeliest consonant
    dice and, unless the vowel die is not in play, the likeliest vowel die (``dice``
    likeliest first, :func:`seen_dice`). The threshold is calibrated on these
    (``bench/vision_train.py``)."""
    consonants = [d for d in dice if is_consonant(d.letter)][:3]
    if vowel_die is False:
        return consonants
    return consonants + [d for d in dice if is_vowel(d.letter)][:1]


#: The player's dice in the calibration (:func:`vision.own.own_file`).
DICE = "dice"

#: The player's dice the network read as a letter they did not give in the calibration
#: (:func:`vision.calibrate.learn_dice`): they may make its sure readings "?".
DICE_AGAINST = "dice-against"

#: The player's d20s of :data:`DICE` stood upright (:meth:`DiceNet.upright_views`), as
#: the upright classifier sees them: they confirm a d20 it doubts (:func:`adapted`).
DICE_UPRIGHT = "dice-upright"

#: A calibration example of a die: its windows cut at these turns (degrees), each with
#: its box a little off (:func:`vision.own.jittered`): a die lands any way up.
OWN_TURNS = tuple(range(0, 360, 45))


def own_windows(
    gray: NDArray[np.uint8], box: Box, rng: np.random.Generator, tuning: Tuning = TUNING
) -> list[NDArray[np.uint8]]:
    """A calibration die's windows: as cut, then turned and a little off."""
    out = [window(gray, box, tuning)]
    for turn in OWN_TURNS:
        x, y, w, h = (round(v) for v in own.jittered(box, rng))
        out.append(window(gray, (x, y, max(1, w), max(1, h)), tuning, turn))
    return out


def own_upright_windows(
    gray: NDArray[np.uint8], box: Box, rng: np.random.Generator, net: DiceNet
) -> list[NDArray[np.uint8]]:
    """A calibration d20's windows stood upright (:meth:`DiceNet.upright_views`), as cut
    and with its box a little off (:data:`vision.own.COPIES`); none without the upright
    networks."""
    boxes = [box, *(own.jittered(box, rng) for _ in range(own.COPIES))]
    out: list[NDArray[np.uint8]] = []
    for x, y, w, h in boxes:
        cut = (round(x), round(y), max(1, round(w)), max(1, round(h)))
        views = net.upright_views(gray, cut)
        if views is None:
            return []
        out.extend(views)
    return out


def own_dice(
    data_dir: Path | None, net: DiceNet | None = None, kind: str = DICE
) -> own.OwnExamples | None:
    """The player's dice (``arbitre calibrate --kind dice``; ``kind``
    :data:`DICE_AGAINST`: those the network read as a letter not given, with its two
    likeliest letters of each; :data:`DICE_UPRIGHT`: their d20s stood upright, as the
    upright classifier sees them), or ``None``."""
    net = net or dice_net()
    if kind == DICE_UPRIGHT:
        if net.stood is None:
            return None
        return own.own_examples(data_dir, kind, net.upright_features)
    reader = net.two_likeliest if kind == DICE_AGAINST else None
    return own.own_examples(data_dir, kind, net.features, reader)


def every_face(mine: own.OwnExamples | None, letter: str | None) -> bool:
    """Whether the player's dice hold every face of the die a reading ``letter`` is
    on (the consonants, or the vowel die's faces): only then can they confirm it. A
    calibration whose photo of a face was refused and never taken again holds no
    example of it, and an O read U, doubted, was confirmed U by the player's own U,
    their O never there to be nearer (docs/vision.md)."""
    if mine is None or not letter:
        return False
    return not lacking(mine.labels, VOWELS if letter in VOWELS else CONSONANTS)


def lacking(labels: Iterable[str], faces: str = CONSONANTS + VOWELS) -> str:
    """The ``faces`` (in their order) no label of the player's dice is: what a dice
    calibration still has to be shown before its die can confirm a doubt
    (:func:`every_face`)."""
    held = {str(v) for v in labels}
    return "".join(f for f in faces if f not in held)


def adapted(
    gray: NDArray[np.uint8],
    dice: list[SeenDie],
    mine: own.OwnExamples | None,
    net: DiceNet,
    *,
    against: own.OwnExamples | None = None,
    stood: own.OwnExamples | None = None,
) -> list[SeenDie]:
    """``dice``, each the network is unsure of made sure where the player's own dice read
    its letter too (:meth:`vision.own.OwnExamples.agrees`: never another letter), if
    they hold every face of that die (:func:`every_face`): seen as the classifier at
    any angle sees them, or, for a d20, stood upright as the upright classifier sees
    them (``stood``, :data:`DICE_UPRIGHT`: a letter stood upright is compared with the
    player's same letter stood upright, not with all its turns); and
    each it is sure of made unsure where the network read one of the player's dice as
    that letter in the calibration (``against``: a letter the player did not give) and
    the player's dice say this one may be that die's letter
    (:func:`vision.own.contradiction`), or none of theirs is of that letter. Only such a
    confusion counts: the network's readings of a die turned hesitate between letters
    that turned look alike (an M and a W), and doubting every letter it hesitated over
    on the player's stored windows made far more right dice "?" than it caught wrong
    ones (docs/vision.md)."""
    out = list(dice)
    doubted = [i for i, d in enumerate(dice) if not d.sure and every_face(mine, d.letter)]
    if mine is not None and doubted:
        windows = np.array([window(gray, dice[i].box) for i in doubted], np.uint8)
        classes = [*CLASSES, None]
        read = [dice[i].letter for i in doubted]
        odds, features = net.probabilities(windows), net.features(windows)
        sure = own.confirmed(mine, odds, features, classes, read)
        for i in (i for i, yes in zip(doubted, sure, strict=True) if yes):
            out[i] = replace(dice[i], confidence=max(dice[i].confidence, net.threshold), sure=True)
    for i, die in enumerate(out):
        if die.sure or not is_consonant(die.letter):
            continue
        if stood is None or not every_face(stood, die.letter):
            continue
        views = net.upright_views(gray, die.box)
        if views is not None and stood.agrees(net.upright_features(views), die.letter, None):
            out[i] = replace(die, confidence=max(die.confidence, net.threshold), sure=True)
    if against is None or against.read is None:
        return out
    taken = {str(r) for r in against.read if r}
    suspect = [i for i, d in enumerate(dice) if d.sure and d.letter in taken]
    if suspect:
        every = [e for e in (mine, against) if e is not None]
        windows = np.array([window(gray, dice[i].box) for i in suspect], np.uint8)
        for i, feature in zip(suspect, net.features(windows), strict=True):
            # With none of the player's dice of that letter, nothing tells it from theirs
            # the network took for it: a "?", as when theirs do not say it clearly.
            letter = dice[i].letter
            said = any(letter in e.labels for e in every)
            if not said or own.contradiction(every, feature, letter) is not None:
                out[i] = replace(dice[i], sure=False)
    return out


def read_learned(
    image: Image,
    vowel_die: bool | None = None,
    net: DiceNet | None = None,
    data_dir: Path | None = None,
    finder: DiceNets | None = None,
) -> Reading:
    """The three consonants (left to right), then the vowel die's face when it is in
    play (``vowel_die`` True), or seen at all when the rules are not known (None).

    A die seen but not surely read is "?", and so are the consonants when more than
    three consonant dice are seen (:data:`TOO_MANY`), unless three are sure and the
    others doubted (:data:`DOUBTFUL_FOURTH`: the three stand); a consonant die not seen at all
    is "?" too, after those seen (the game asks for a word holding the three in any
    order); so is the vowel die when the rules have it and it is not seen; not told the
    rules, three consonant dice and no vowel die seen are said in a warning
    (:data:`NO_VOWEL_DIE`). The player's own dice in ``data_dir`` (a calibration), if
    any, confirm the letters the network doubts, and doubt a sure letter the network
    took one of theirs for (:func:`adapted`). ``net`` and ``finder``: other networks
    than the committed ones (:func:`seen_dice`)."""
    net = net or dice_net()
    gray = working(image)
    dice = seen_dice(gray, net, finder=finder)
    if not dice:
        raise NothingFound(NO_DICE)
    mine, against = own_dice(data_dir, net), own_dice(data_dir, net, DICE_AGAINST)
    stood = own_dice(data_dir, net, DICE_UPRIGHT)
    if mine is not None or against is not None or stood is not None:
        dice = adapted(gray, dice, mine, net, against=against, stood=stood)
    warnings: list[str] = []
    # The game has three d20: with a fourth (another die's copy, a mark read as a letter
    # surely), which three are the game's is a guess, so none is sure. A die counts
    # where the die finder sees one or its letter is sure: a letter the network doubts
    # off every die found is a mark on the table (on 300 calibration photos, 4 such
    # fourths, each beside three dice found and read right).
    counted = [d for d in dice if is_consonant(d.letter) and (d.sure or d.found)]
    sure = sum(d.sure for d in counted)
    # Three sure and a doubtful fourth on a die found: the game has three d20, and the
    # fourth is a mark on the table the die finder took for a die (a stone's veins) or
    # the vowel cube misread; the three stand, and the fourth is said.
    doubtful_fourth = sure == 3 and len(counted) > 3
    too_many = len(counted) > 3 and not doubtful_fourth
    if too_many:
        warnings.append(TOO_MANY)
    if doubtful_fourth:
        warnings.append(DOUBTFUL_FOURTH)
        dice = [d for d in dice if d.sure or not is_consonant(d.letter)]
    chosen = picked(dice, vowel_die)
    consonants = sorted(
        (d for d in chosen if is_consonant(d.letter)), key=lambda d: d.box[0] + d.box[2] / 2
    )
    vowels = [d for d in chosen if is_vowel(d.letter)]
    values: list[str | int] = [d.letter if d.sure and not too_many else "?" for d in consonants]
    confidence = [round(d.confidence, 3) for d in consonants]
    if len(consonants) < 3:
        warnings.append(_found(len(consonants), 3))
        values += ["?"] * (3 - len(consonants))
        confidence += [0.0] * (3 - len(consonants))
    if vowel_die is not False:
        vowel = vowels[0] if vowels else None
        # Not told the rules, a vowel die seen but not surely read is a "?" too: left
        # out, the reading would look whole with a die missing.
        if vowel is not None:
            values.append(vowel.letter if vowel.sure else "?")
            confidence.append(round(vowel.confidence, 3))
        elif vowel_die:
            values.append("?")
            confidence.append(0.0)
            warnings.append(VOWEL_DIE_LOST)
        elif len(consonants) == 3:
            # Not told the rules, three d20 and no vowel die: said, as the other readers
            # say it (a reading sure of its three consonants is kept whole by read_dice).
            warnings.append(NO_VOWEL_DIE)
    uncertain = tuple(i for i, v in enumerate(values) if v == "?")
    return Reading("dice", tuple(values), tuple(confidence), uncertain, tuple(warnings))
