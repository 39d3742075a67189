"""Camera sources: the folder camera of the simulator and the tests, and photo files."""

import sys
import threading
import types
from concurrent.futures import Future
from pathlib import Path
from typing import ClassVar

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


class _FakePicamera2:
    """Picamera2 as far as :class:`PiCamera` uses it: jobs are futures the test settles.

    ``settled`` is what the camera's automatic exposure and white balance chose; a
    camera ``wedged`` never finishes a job (a ribbon cable pulled out mid-game)."""

    settled: ClassVar[dict[str, object]] = {
        "ExposureTime": 33_000,
        "AnalogueGain": 4.5,
        "ColourGains": (2.25, 1.5),
    }
    wedged = False
    made: ClassVar[list["_FakePicamera2"]] = []

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []
        self.started = self.closed = False
        _FakePicamera2.made.append(self)

    def create_still_configuration(self, main: dict[str, object]) -> dict[str, object]:
        return {"main": main}

    def configure(self, config: dict[str, object]) -> None:
        self.calls.append(("configure", config))

    def start(self) -> None:
        self.calls.append(("start", None))
        self.started = True

    def set_controls(self, controls: dict[str, object]) -> None:
        self.calls.append(("set_controls", controls))

    def _job(self, result: object) -> Future[object]:
        job: Future[object] = Future()
        if not self.wedged:
            job.set_result(result)
        return job

    def capture_metadata(self, wait: bool) -> Future[object]:
        assert wait is False, "a blocking call could wait forever"
        return self._job(dict(self.settled))

    def capture_array(self, name: str, wait: bool) -> Future[object]:
        assert wait is False, "a blocking call could wait forever"
        # RGB888 is B, G, R in memory: a blue-green frame here stays blue-green in OpenCV.
        return self._job(np.dstack([np.full((6, 8), v, np.uint8) for v in (200, 100, 0)]))

    def wait(self, job: Future[object], timeout: float | None = None) -> object:
        return job.result(timeout=timeout)

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def picamera2(monkeypatch: pytest.MonkeyPatch) -> type[_FakePicamera2]:
    """A stand-in ``picamera2`` module (this is no Pi), its camera class returned."""
    module = types.ModuleType("picamera2")
    module.Picamera2 = _FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    monkeypatch.setattr(_FakePicamera2, "made", [])
    return _FakePicamera2


def test_the_pi_camera_fixes_the_exposure_and_white_balance_its_automatics_settled_on(
    picamera2: type[_FakePicamera2],
) -> None:
    from vision.camera import PiCamera

    camera = PiCamera(settle_s=0)
    fake = picamera2.made[0]
    assert fake.calls[1] == ("start", None)  # metered with the automatics on...
    assert fake.calls[2:] == [  # ...then fixed where they settled, for repeatable stills
        (
            "set_controls",
            {
                "AeEnable": False,
                "ExposureTime": 33_000,
                "AnalogueGain": 4.5,
                "AwbEnable": False,
                "ColourGains": (2.25, 1.5),
            },
        )
    ]
    photo = camera.capture()
    assert photo.shape == (6, 8, 3) and photo.dtype == np.uint8
    assert photo[0, 0].tolist() == [200, 100, 0]  # already B, G, R: no channel swap
    camera.close()
    camera.close()  # twice is harmless (atexit closes it again)
    assert fake.closed and not fake.started


def test_the_pi_camera_uses_the_exposure_it_is_given_without_metering(
    picamera2: type[_FakePicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    from vision.camera import PiCamera

    monkeypatch.setattr(picamera2, "settled", {})  # metering would find nothing to fix
    PiCamera(exposure_us=10_000, gain=1.0, colour_gains=(1.8, 1.6), settle_s=0).close()
    assert picamera2.made[0].calls[-1] == (
        "set_controls",
        {
            "AeEnable": False,
            "ExposureTime": 10_000,
            "AnalogueGain": 1.0,
            "AwbEnable": False,
            "ColourGains": (1.8, 1.6),
        },
    )


def test_a_pi_camera_that_stops_answering_is_an_error_not_a_frozen_referee(
    picamera2: type[_FakePicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    from vision.camera import PiCamera

    camera = PiCamera(settle_s=0, timeout_s=0.05)
    monkeypatch.setattr(picamera2, "wedged", True)
    with pytest.raises(CameraError, match="pas de réponse"):
        camera.capture()
    camera.close()
    with pytest.raises(CameraError, match="fermée"):
        camera.capture()
    # Wedged from the start: the metering fails the same way, and the camera is released.
    with pytest.raises(CameraError, match="ne mesure pas la lumière"):
        PiCamera(settle_s=0, timeout_s=0.05)
    assert picamera2.made[-1].closed


class _FakeVideoCapture:
    """OpenCV's VideoCapture as a V4L2 webcam behaves: ``frames`` frames, then a read
    that blocks until ``unplugged`` is set (V4L2 ignores OpenCV's read timeout)."""

    def __init__(self, frames: int) -> None:
        self.frames = frames
        self.unplugged = threading.Event()
        self.released = threading.Event()

    def isOpened(self) -> bool:  # noqa: N802 (OpenCV's name)
        return True

    def read(self) -> tuple[bool, np.ndarray | None]:
        if self.frames <= 0:
            self.unplugged.wait()
            return False, None
        self.frames -= 1
        return True, np.full((4, 6, 3), 90, np.uint8)

    def release(self) -> None:
        self.released.set()


def test_a_webcam_that_stops_sending_frames_is_an_error_not_a_frozen_referee(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from vision import camera as cameras

    webcam = _FakeVideoCapture(frames=3)
    monkeypatch.setattr(cameras.cv2, "VideoCapture", lambda *args: webcam)
    camera = cameras.OpenCVCamera(timeout_s=0.05, warmup_frames=2)
    assert camera.capture().shape == (4, 6, 3)  # the third frame
    with pytest.raises(CameraError, match=r"aucune image en 0\.05 s"):
        camera.capture()
    with pytest.raises(CameraError, match="ne répond plus"):  # said at once, not waited again
        camera.capture()
    camera.close()
    assert not webcam.released.is_set()  # its read is still stuck...
    webcam.unplugged.set()
    assert webcam.released.wait(timeout=5)  # ...and the webcam is released when it returns
