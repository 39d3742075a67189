"""An O's counter: the hole of its ring, convex in every design.

A Q is an O with a tail; where a design's tail starts inside the bowl or crosses it, the
letters' network, which never saw such a Q, may read it O as surely as an O. Whatever the
design, the camera's angle or the tile's colours, an O's counter is an oval, a
rounded rectangle or a circle: convex (an affine view keeps it so). A stroke poking
into it dents it. So a sure O whose counter is dented is shown "?" (:mod:`vision.letters`),
and a player's O and Q tiles whose counters differ so tell their Os from their Qs where
the network cannot (docs/vision.md, "an O's counter").
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.camera import Image

#: The window is enlarged this many times before its ink is outlined: a 32-pixel window's
#: outlines are too coarse to measure a dent of a pixel or two.
UPSCALE = 4


def counter_dent(window: Image) -> float | None:
    """How deeply the counter of the letter at the centre of ``window`` (a grey window
    as the letters' network reads it) is dented: the deepest point of its outline inside
    the counter's convex hull, as a share of the letter's size; ``None`` where no letter
    with a hole is seen there (a blurred thin ring, a filled one): no evidence.

    The ink is the side of Otsu's threshold the window's centre is not on (an O's centre
    is its counter, the tile's face; the window's border may be the holder, the gap
    between tiles or the face); the letter is the largest ink near the centre (a score
    digit or a neighbour's edge is smaller or off centre)."""
    gray = cv2.resize(window, None, fx=UPSCALE, fy=UPSCALE, interpolation=cv2.INTER_CUBIC)
    _, ink = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    h, w = ink.shape
    if np.median(ink[h * 7 // 16 : h * 9 // 16, w * 7 // 16 : w * 9 // 16]) > 127:
        ink = 255 - ink
    count, labels, stats, centres = cv2.connectedComponentsWithStats(ink)
    if count < 2:
        return None
    off = np.hypot(centres[1:, 0] - w / 2, centres[1:, 1] - h / 2) / w
    letter = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA] * (1 - off)))
    x, y, bw, bh = stats[letter, :4]
    if x == 0 and y == 0 and x + bw == w and y + bh == h:
        return None  # the tile's face around a filled letter: no ring at the centre
    mask = np.asarray(labels == letter, np.uint8)
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    holes = [c for c, link in zip(contours, hierarchy[0], strict=True) if link[3] >= 0]
    if not holes:
        return None
    hole = max(holes, key=cv2.contourArea)
    return _deepest_dent(hole) / float(max(bw, bh))


def _deepest_dent(contour: np.ndarray) -> float:
    """The farthest a point of ``contour`` lies inside its convex hull, in pixels."""
    if len(contour) < 5:
        return 0.0
    hull = cv2.convexHull(contour, returnPoints=False)
    try:
        defects = cv2.convexityDefects(contour, hull)
    except cv2.error:  # a hull not monotonous on a self-touching outline
        return 0.0
    return 0.0 if defects is None else float(defects[:, 0, 3].max()) / 256
