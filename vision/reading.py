"""What a reader returns, and rows of boxes: what the plates' reader orders its plates by."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.camera import Image

#: Below this confidence a value is reported as "?" and its index listed in ``uncertain``.
#: High on purpose: a "?" costs a glance, a wrong letter read silently costs a game
#: (on unseen fonts, 0.6 let 1.2% of tiles through wrong, 0.9 none of 331).
UNSURE_BELOW = 0.9

#: Photos are read at this size (longest side, pixels): enough for tiles, fast on a Pi.
WORKING_SIZE = 1024


class NothingFound(ValueError):
    """The photo shows no rack, plates or dice; the message is French."""


@dataclass(frozen=True)
class Reading:
    """What was read on one photo: the JSON of ``arbitre read``."""

    kind: str
    """``letters``, ``numbers`` or ``dice``."""
    values: tuple[str | int, ...]
    """Left to right; ``"?"`` where unsure."""
    confidence: tuple[float, ...]
    """One in [0, 1] per value."""
    uncertain: tuple[int, ...] = ()
    """Indexes of the values that are ``"?"``."""
    warnings: tuple[str, ...] = ()
    """French sentences: a blank tile, an impossible draw, Tesseract disagreeing..."""

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "values": list(self.values),
            "confidence": list(self.confidence),
            "uncertain": list(self.uncertain),
            "warnings": list(self.warnings),
        }


def working_gray(image: Image) -> tuple[NDArray[np.uint8], float]:
    """The photo in grey at :data:`WORKING_SIZE`, and the factor it was scaled by."""
    if image.ndim != 3 or image.shape[2] != 3 or min(image.shape[:2]) < 32:
        raise NothingFound("image vide ou trop petite")
    scale = min(1.0, WORKING_SIZE / max(image.shape[:2]))
    if scale < 1.0:
        image = np.asarray(
            cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), np.uint8
        )
    return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), np.uint8), scale


@dataclass(frozen=True)
class Mark:
    """A box found on the photo (a plate's number): its corner, size and centre."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


@dataclass(frozen=True)
class Row:
    """Marks of similar height along one straight line, left to right."""

    marks: tuple[Mark, ...]
    angle: float
    """Slope of the line, radians (image y grows downwards)."""


def find_rows(marks: Sequence[Mark], max_gap: float = 6.5, slack: float = 0.25) -> list[Row]:
    """Rows of marks, best first: the more marks and the taller, the better.

    Every pair of neighbouring marks of similar height proposes a line; the marks close to
    it and of the same height join (a RANSAC over pairs). A row breaks where two marks are
    more than ``max_gap`` glyph heights apart. Points printed small in tile corners are a
    third of a letter's height, so they never join the letters' row.
    """
    if not marks:
        return []
    centres = np.array([[m.cx, m.cy] for m in marks])
    heights = np.array([m.h for m in marks], float)
    rows: list[Row] = []
    seen: set[tuple[int, ...]] = set()
    for i, mark in enumerate(marks):
        dx = centres[:, 0] - mark.cx
        dy = centres[:, 1] - mark.cy
        near = np.argsort(np.hypot(dx, dy))[1:6]
        for j in near:
            if not 0.6 < heights[j] / heights[i] < 1.6 or abs(dx[j]) < 0.3 * heights[i]:
                continue
            if abs(dy[j]) > 0.5 * abs(dx[j]) or abs(dx[j]) > max_gap * heights[i]:
                continue
            angle = math.atan2(dy[j], dx[j]) if dx[j] > 0 else math.atan2(-dy[j], -dx[j])
            size = (heights[i] + heights[j]) / 2
            normal = np.array([-math.sin(angle), math.cos(angle)])
            off = (centres - centres[i]) @ normal
            members = np.flatnonzero(
                (np.abs(off) < slack * size) & (heights > 0.55 * size) & (heights < 1.5 * size)
            )
            along = (centres[members] - centres[i]) @ np.array([math.cos(angle), math.sin(angle)])
            order = members[np.argsort(along)]
            # Keep the run that holds i, cut where the gap is too wide.
            runs: list[list[int]] = [[int(order[0])]]
            for a, b in itertools.pairwise(order):
                if np.hypot(*(centres[b] - centres[a])) > max_gap * size:
                    runs.append([])
                runs[-1].append(int(b))
            run = next(r for r in runs if i in r)
            key = tuple(sorted(run))
            if key in seen:
                continue
            seen.add(key)
            rows.append(Row(tuple(marks[k] for k in run), angle))
    rows.sort(
        key=lambda r: len(r.marks) * math.sqrt(np.median([m.h for m in r.marks])), reverse=True
    )
    if not rows:  # a single tile: every mark is a candidate, the tallest first
        rows = [Row((m,), 0.0) for m in sorted(marks, key=lambda m: -m.h)]
    return rows
