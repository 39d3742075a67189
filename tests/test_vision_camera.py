"""Camera sources: the folder camera of the simulator and the tests, and photo files."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.camera import CameraError, FolderCamera, load_photo


def _photo(path: Path, value: int) -> None:
    cv2.imwrite(str(path), np.full((40, 60, 3), value, np.uint8))


def test_a_folder_camera_cycles_through_its_photos_in_name_order(tmp_path: Path) -> None:
    _photo(tmp_path / "b.png", 200)
    _photo(tmp_path / "a.png", 100)
    (tmp_path / "notes.txt").write_text("pas une photo")
    camera = FolderCamera(tmp_path)
    shots = [int(camera.capture()[0, 0, 0]) for _ in range(3)]
    camera.close()
    assert shots == [100, 200, 100]


def test_a_folder_without_photos_is_a_french_camera_error(tmp_path: Path) -> None:
    with pytest.raises(CameraError, match="aucune photo"):
        FolderCamera(tmp_path)
    with pytest.raises(CameraError, match="introuvable"):
        FolderCamera(tmp_path / "absent")


def test_a_missing_file_and_a_file_that_is_no_image_are_told_apart(tmp_path: Path) -> None:
    with pytest.raises(CameraError, match="introuvable"):
        load_photo(tmp_path / "absent.jpg")
    text = tmp_path / "texte.jpg"
    text.write_text("bonjour")
    with pytest.raises(CameraError, match="pas une image"):
        load_photo(text)
    empty = tmp_path / "vide.png"
    empty.write_bytes(b"")
    with pytest.raises(CameraError, match="pas une image"):
        load_photo(empty)


def test_the_pi_camera_is_a_clear_error_where_picamera2_is_missing() -> None:
    pytest.importorskip("cv2")
    try:
        import picamera2  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        from vision.camera import PiCamera

        with pytest.raises(CameraError, match="picamera2"):
            PiCamera()
    else:
        pytest.skip("picamera2 is installed: this is a Pi")
