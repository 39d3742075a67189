"""The printed mat: ArUco markers that give the photo's geometry.

Finding a holder, plates or dice in any photo means guessing where they are from their
ink alone; on a mat printed by ``arbitre tapis`` the camera is told instead. Eight ArUco
markers (OpenCV's ``cv2.aruco``, in the wheel already) frame a *band*, where the tile
holder or the plates sit, and a *tray*, where the dice are thrown. When at least two
markers are seen, the photo is rectified to the mat (one homography from every marker
corner seen, RANSAC) and the band and the tray are cut out at a known scale: the readers
then look only there. A photo without a mat gives ``None`` and the readers look at the
whole photo, as before.

The layout is one frame in millimetres of an A4 page in landscape; A3 is the same page
scaled by √2 (the two share their proportions), so a photo is rectified to the same frame
whatever the paper, and the markers' ids are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

from vision.camera import Image
from vision.glyphs import font_path
from vision.reading import NothingFound

R = TypeVar("R")

#: The mat's frame: an A4 page in landscape, in millimetres.
FRAME_W, FRAME_H = 297.0, 210.0

#: Paper sizes: how many times the A4 frame the page is.
PAPER = {"A4": 1.0, "A3": 2**0.5}

#: Side of a marker, in frame millimetres.
MARKER_SIDE = 20.0

#: The markers' top-left corners in the frame, by id: three along the top, two between
#: the band and the tray, three along the bottom. Any two of them give the homography.
MARKERS: dict[int, tuple[float, float]] = {
    0: (8.0, 8.0),
    1: (138.5, 8.0),
    2: (269.0, 8.0),
    3: (8.0, 97.0),
    4: (269.0, 97.0),
    5: (8.0, 182.0),
    6: (138.5, 182.0),
    7: (269.0, 182.0),
}

#: Where the holder or the plates sit: x, y, w, h in frame millimetres.
BAND = (8.0, 32.0, 281.0, 60.0)
#: Where the dice are thrown.
TRAY = (36.0, 121.0, 225.0, 58.0)

#: The marker dictionary: 4×4 bits, the most robust to blur and distance of OpenCV's.
DICTIONARY = cv2.aruco.DICT_4X4_50

#: The rectified photo's least scale, pixels per frame millimetre (the band then is 1124
#: px wide, about the working size of the readers).
RECTIFIED_SCALE = 4.0

#: ... and its greatest: a photo is rectified at its own scale (its markers' size in
#: pixels), so a sharp photo of the mat keeps its detail (a 9 mm die's letter is 3 mm
#: tall: at 4 px/mm it is 12 blurred pixels, where the Pi camera's 2028 × 1520 gives
#: about 6 px/mm); 10 px/mm keeps the rectified mat under 3,000 px wide.
MOST_SCALE = 10.0

#: Fewer markers seen than this: no homography is trusted (one marker's four corners
#: are too close together to place the far end of the band).
MIN_MARKERS = 2

#: What the mat says, in French, in its free spaces: (text, x, y, height) in frame mm.
TEXTS = (
    ("RÉGLETTE OU PLAQUES : dans la bande", 32.0, 12.0, 5.0),
    ("lettres et chiffres tournés vers l'appareil", 162.0, 12.0, 4.2),
    ("Photographiez le tapis entier, d'au-dessus ou de biais,", 32.0, 100.0, 4.2),
    ("sans cacher plus de la moitié des carrés noirs.", 32.0, 106.0, 4.2),
    ("DÉS : lancez-les dans le bac ci-dessous.", 162.0, 100.0, 4.2),
    ("arbitre · tapis de lecture", 32.0, 188.0, 4.2),
    ("imprimez à 100 %, sans ajuster à la page", 162.0, 188.0, 4.2),
)


def _aruco() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(DICTIONARY)


def marker_corners(marker: int) -> NDArray[np.float32]:
    """The four corners of marker ``marker`` in the frame (mm), in ArUco's order."""
    x, y = MARKERS[marker]
    s = MARKER_SIDE
    return np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], np.float32)


def mat_page(size: str = "A4", dpi: int = 300) -> PILImage.Image:
    """The mat as a greyscale page of paper ``size`` at ``dpi``, ready to print."""
    px_per_mm = PAPER[size] * dpi / 25.4
    width, height = round(FRAME_W * px_per_mm), round(FRAME_H * px_per_mm)
    page = PILImage.new("L", (width, height), 255)
    draw = ImageDraw.Draw(page)

    def px(value: float) -> int:
        return round(value * px_per_mm)

    side = px(MARKER_SIDE)
    for marker, (x, y) in MARKERS.items():
        bits = cv2.aruco.generateImageMarker(_aruco(), marker, side)
        page.paste(PILImage.fromarray(np.asarray(bits, np.uint8)), (px(x), px(y)))
    # The outlines are pale: the readers look for dark ink, and the band is cut out with
    # a margin that takes its outline in.
    for x, y, w, h in (BAND, TRAY):
        draw.rectangle((px(x), px(y), px(x + w), px(y + h)), outline=190, width=max(1, px(0.5)))
    for text, x, y, h in TEXTS:
        font = ImageFont.truetype(str(font_path("DejaVuSans.ttf")), px(h))
        draw.text((px(x), px(y)), text, fill=60, font=font)
    return page


def write_mat_pdf(path: Path, size: str = "A4", dpi: int = 300) -> None:
    """Write the mat as a one-page PDF of paper ``size`` (Pillow writes the page at
    ``dpi``, so a viewer prints it at its true size)."""
    mat_page(size, dpi).save(path, "PDF", resolution=float(dpi))


@dataclass(frozen=True)
class MatView:
    """A photo seen in the mat's frame."""

    homography: NDArray[np.float64]
    """From the photo's pixels to the rectified image's."""
    markers: tuple[int, ...]
    """The ids of the markers seen."""
    rectified: Image
    """The whole mat, :attr:`scale` pixels per frame millimetre."""
    scale: float = RECTIFIED_SCALE
    """Pixels per frame millimetre of :attr:`rectified`: the photo's own, at least
    :data:`RECTIFIED_SCALE`, at most :data:`MOST_SCALE`."""

    def region(self, box: tuple[float, float, float, float], margin: float = 4.0) -> Image:
        """The part ``box`` (x, y, w, h in frame mm) of the mat, ``margin`` mm wider."""
        x, y, w, h = box
        s = self.scale
        x0, y0 = max(0, round((x - margin) * s)), max(0, round((y - margin) * s))
        x1, y1 = round((x + w + margin) * s), round((y + h + margin) * s)
        return np.ascontiguousarray(self.rectified[y0:y1, x0:x1])

    @property
    def band(self) -> Image:
        """Where the holder or the plates sit."""
        return self.region(BAND)

    @property
    def tray(self) -> Image:
        """Where the dice lie."""
        return self.region(TRAY)


def find_mat(image: Image) -> MatView | None:
    """The photo rectified to the mat, or ``None`` when too few markers are seen."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    detector = cv2.aruco.ArucoDetector(_aruco(), cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return None
    seen = [
        (int(i), c.reshape(4, 2)) for i, c in zip(ids.ravel(), corners, strict=True) if i in MARKERS
    ]
    # A marker id seen twice (a second mat, a reflection) cannot be placed: drop it.
    counts = [i for i, _ in seen]
    seen = [(i, c) for i, c in seen if counts.count(i) == 1]
    if len(seen) < MIN_MARKERS:
        return None
    photo_points = np.concatenate([c for _, c in seen]).astype(np.float32)
    scale = _photo_scale(seen)
    frame_points = np.concatenate([marker_corners(i) for i, _ in seen]) * scale
    homography, _ = cv2.findHomography(photo_points, frame_points, cv2.RANSAC, 3.0)
    if homography is None:
        return None
    size = (round(FRAME_W * scale), round(FRAME_H * scale))
    rectified = cv2.warpPerspective(image, homography, size, flags=cv2.INTER_LINEAR)
    return MatView(
        np.asarray(homography, np.float64),
        tuple(sorted(i for i, _ in seen)),
        np.asarray(rectified, np.uint8),
        scale,
    )


def _photo_scale(seen: Sequence[tuple[int, NDArray[Any]]]) -> float:
    """The photo's pixels per frame millimetre: the median over the markers seen of their
    sides' length in the photo over their length on the mat, within
    :data:`RECTIFIED_SCALE` and :data:`MOST_SCALE`."""
    ratios = []
    for i, corners in seen:
        frame = marker_corners(i)
        for k in range(4):
            photo_side = float(np.hypot(*(corners[(k + 1) % 4] - corners[k])))
            frame_side = float(np.hypot(*(frame[(k + 1) % 4] - frame[k])))
            ratios.append(photo_side / frame_side)
    return float(np.clip(np.median(ratios), RECTIFIED_SCALE, MOST_SCALE))


def read_on_mat(
    image: Image, where: tuple[float, float, float, float], reader: Callable[[Image], R]
) -> R:
    """``reader`` applied to the part ``where`` of the mat when the photo shows the mat,
    else (or when nothing is found there) to the whole photo."""
    view = find_mat(image)
    if view is not None:
        try:
            return reader(view.region(where))
        except NothingFound:
            pass
    return reader(image)
