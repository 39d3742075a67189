"""The printed mat: its markers are found on a photo taken at an angle, the band where the
plates sit is recovered, and a photo without the mat is read as before."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from device.cli import main
from vision.camera import load_photo
from vision.glyphs import render_text
from vision.mat import (
    BAND,
    FRAME_H,
    FRAME_W,
    MARKERS,
    RECTIFIED_SCALE,
    TRAY,
    find_mat,
    mat_page,
)
from vision.plates import read_numbers
from vision.samples import SAMPLES
from vision.synthetic import PLATES_SHOT, Shot, _photograph, _view, table

#: The mat seen whole, from above or at an angle, turned a little.
MAT_SHOT = Shot(span=(0.75, 0.95), squash=(0.6, 1.0), keystone=(0.8, 1.0), tilt_deg=12)

DPI = 120
PX_PER_MM = DPI / 25.4


def _mm(value: float) -> int:
    return round(value * PX_PER_MM)


def _mat_with_plates(
    values: tuple[int, ...], hide: tuple[int, ...] = (), aside: tuple[int, ...] = ()
) -> np.ndarray:
    """The mat page at :data:`DPI`, six plates laid in its band, plates ``aside`` left in
    the dice's tray, markers ``hide`` covered (a hand, a holder's end)."""
    page = np.asarray(mat_page("A4", DPI), np.float32)
    plane = np.repeat(page[..., None], 3, axis=2)
    x, y, w, h = BAND
    plate_w, plate_h = 38.0, 26.0
    step = (w - 12) / len(values)
    spots = [(x + 6 + i * step + (step - plate_w) / 2, y + (h - plate_h) / 2) for i in range(6)]
    spots += [(TRAY[0] + 20 + 60 * i, TRAY[1] + 15) for i in range(len(aside))]
    for value, (px, py) in zip(values + aside, spots, strict=True):
        cv2.rectangle(
            plane, (_mm(px), _mm(py)), (_mm(px + plate_w), _mm(py + plate_h)), (200, 220, 235), -1
        )
        digits = render_text(str(value), "DejaVuSans-Bold.ttf", _mm(plate_h * 0.5))
        ys, xs = np.nonzero(digits)
        digits = digits[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        dh, dw = digits.shape
        cx, cy = _mm(px + plate_w / 2) - dw // 2, _mm(py + plate_h / 2) - dh // 2
        alpha = digits.astype(np.float32)[..., None] / 255
        region = plane[cy : cy + dh, cx : cx + dw]
        plane[cy : cy + dh, cx : cx + dw] = region * (1 - alpha) + np.array([30, 30, 30]) * alpha
    for marker in hide:
        mx, my = MARKERS[marker]
        cv2.rectangle(
            plane, (_mm(mx - 2), _mm(my - 2)), (_mm(mx + 22), _mm(my + 22)), (60,) * 3, -1
        )
    return plane


def _photo(
    plane: np.ndarray, seed: int, size: tuple[int, int] = (1280, 960), kind: str = "wood"
) -> tuple[np.ndarray, np.ndarray]:
    """``plane`` photographed at an angle on a table of ``kind``, in a photo of
    ``size``; the true homography mat → photo."""
    rng = np.random.default_rng(seed)
    h, w = plane.shape[:2]
    view = _view(rng, (w, h), size, MAT_SHOT)
    background = table(rng, kind, size)
    photo = _photograph(rng, plane, np.ones((h, w), np.float32), background, PLATES_SHOT, view=view)
    return photo, view.homography


@pytest.mark.parametrize("seed", range(4))
def test_the_mat_photographed_at_an_angle_is_rectified_to_its_own_frame(seed: int) -> None:
    photo, truth = _photo(_mat_with_plates((3, 100, 8, 8, 10, 6)), seed)
    view = find_mat(photo)
    assert view is not None and view.markers == tuple(MARKERS)
    # Points of the mat (in mm) land where they are on the mat, within a millimetre.
    mm = np.array([[x, y] for x in (20, 150, 280) for y in (20, 100, 190)], np.float64)
    in_photo = cv2.perspectiveTransform((mm * PX_PER_MM).reshape(-1, 1, 2), truth)
    found = cv2.perspectiveTransform(in_photo, view.homography).reshape(-1, 2) / view.scale
    assert np.abs(found - mm).max() < 1.0
    # A 1280 × 960 photo of the whole page is under 4 px/mm: rectified at the least scale.
    assert view.scale == RECTIFIED_SCALE
    assert view.rectified.shape[:2] == (round(FRAME_H * 4), round(FRAME_W * 4))


def test_a_sharper_photo_of_the_mat_is_rectified_at_its_own_scale() -> None:
    # The Pi camera's 2028 × 1520, the page filling most of it: about 6 px/mm, kept.
    plane = _mat_with_plates((3, 100, 8, 8, 10, 6))
    plane = cv2.resize(plane, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_LINEAR)
    photo, _ = _photo(plane, seed=1, size=(2028, 1520))
    view = find_mat(photo)
    assert view is not None
    assert 5.0 < view.scale < 8.0
    assert read_numbers(photo).values == (3, 100, 8, 8, 10, 6)


def test_only_the_plates_in_the_band_are_read_even_with_markers_hidden() -> None:
    # Two plates put aside in the dice's tray are not in the draw.
    plates = (75, 2, 4, 9, 5, 1)
    photo, _ = _photo(_mat_with_plates(plates, hide=(0, 3, 6), aside=(25, 50)), seed=11)
    view = find_mat(photo)
    assert view is not None and view.markers == (1, 2, 4, 5, 7)
    band = view.band
    assert band.shape[1] > band.shape[0] * 3  # the band, not the whole mat
    assert read_numbers(photo).values == plates


def test_a_photo_without_the_mat_says_so_and_is_read_as_before() -> None:
    photo = load_photo(SAMPLES / "numbers" / "01-3-100-8-8-10-6.jpg")
    assert find_mat(photo) is None
    assert read_numbers(photo).values == (3, 100, 8, 8, 10, 6)


def test_a_single_marker_seen_gives_no_geometry() -> None:
    # One marker's corners are too close together to place the band's far end.
    photo, _ = _photo(_mat_with_plates((1, 2, 3, 4, 5, 6), hide=(1, 2, 3, 4, 5, 6, 7)), seed=3)
    assert find_mat(photo) is None


@pytest.mark.parametrize(("size", "points"), [("A4", (841.9, 595.3)), ("A3", (1190.6, 841.9))])
def test_arbitre_tapis_writes_a_pdf_page_of_the_paper_asked(
    tmp_path: Path, size: str, points: tuple[float, float], capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tapis.pdf"
    assert main(["tapis", "--size", size, "-o", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    box = data.split(b"/MediaBox [")[1].split(b"]")[0].split()
    assert [round(float(v), 1) for v in box[2:]] == pytest.approx(points, abs=0.5)
    assert "imprimez" in capsys.readouterr().out


def test_arbitre_tapis_refuses_a_file_that_is_no_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tapis", "-o", str(tmp_path / "tapis.png")]) == 2
    assert "PDF" in capsys.readouterr().err
