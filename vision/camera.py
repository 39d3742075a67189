"""Where photos come from: one small interface, three back-ends side by side.

The app asks a :class:`Camera` for one still when the buzzer is pressed and never cares
which back-end answers: :class:`PiCamera` on the Raspberry Pi, :class:`OpenCVCamera` for a
USB webcam on a laptop, :class:`FolderCamera` for a folder of photo files (``arbitre run
--simulate`` and the tests). Any failure is a :class:`CameraError` whose message is
French, so the app can show it and fall back to manual entry; no back-end waits forever.
"""

from __future__ import annotations

import atexit
import contextlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np
from numpy.typing import NDArray

#: A photo as OpenCV holds it: height × width × 3, uint8, channels in B, G, R order.
Image = NDArray[np.uint8]

#: The file endings a folder camera and ``load_photo`` accept.
PHOTO_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"})


class CameraError(RuntimeError):
    """The camera failed, is missing or gave no image; the message is French."""


class Camera(Protocol):
    """Anything that takes a still photo on demand."""

    def capture(self) -> Image:
        """One photo, BGR; raises :class:`CameraError` rather than waiting forever."""
        ...

    def close(self) -> None:
        """Release the device (a camera left open is "busy" for the next process)."""
        ...


def load_photo(path: str | Path) -> Image:
    """Read one photo file as BGR, or raise :class:`CameraError` saying why in French.

    ``cv2.imread`` returns ``None`` for a missing file and for a file that is not an
    image alike; the two are told apart here because the user fixes them differently.
    """
    file = Path(path)
    shown = _shown(file)
    try:
        if not file.exists():
            raise CameraError(f"photo introuvable : {shown}")
        if not file.is_file():
            raise CameraError(f"{shown} n'est pas un fichier")
        if file.stat().st_size > MAX_PHOTO_BYTES:
            raise CameraError(f"{shown} : fichier trop gros pour une photo (100 Mo au plus)")
        data = np.fromfile(file, dtype=np.uint8)
    except OSError as error:  # a name too long, a folder one cannot enter, a disk error...
        raise CameraError(f"photo illisible : {shown} ({error.strerror or error})") from None
    size = _declared_size(bytes(data[:64]))
    if size is not None and size[0] * size[1] > MAX_PHOTO_PIXELS:
        raise CameraError(
            f"{shown} : image trop grande ({size[0]}×{size[1]} pixels ; "
            f"{MAX_PHOTO_PIXELS // 1_000_000} millions de pixels au plus)"
        )
    try:
        image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    except cv2.error:  # OpenCV's own refusal (its message is English and raw)
        image = None
    if image is None:
        raise CameraError(f"{shown} n'est pas une image lisible (JPEG, PNG...)")
    return np.asarray(image, dtype=np.uint8)


#: A photo file larger than this is not a photo of a game (a 12 MP JPEG is a few MB).
MAX_PHOTO_BYTES = 100_000_000
#: An image of more pixels is refused before decoding: a PNG's header may claim 60000×60000
#: in a few bytes, which would ask for gigabytes.
MAX_PHOTO_PIXELS = 100_000_000


def _shown(file: Path) -> str:
    """A path as an error message shows it: cut when long, undecodable bytes as "?"."""
    text = str(file).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return text if len(text) <= 80 else f"{text[:40]}…{text[-30:]}"


def _declared_size(head: bytes) -> tuple[int, int] | None:
    """The width and height a PNG, GIF or BMP header declares (None for other formats:
    OpenCV bounds what it decodes of those, and refuses the rest with ``cv2.error``)."""
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if head[:2] == b"BM" and len(head) >= 26:
        width = int.from_bytes(head[18:22], "little", signed=True)
        height = int.from_bytes(head[22:26], "little", signed=True)
        return abs(width), abs(height)
    return None


class FolderCamera:
    """Photo files of a folder, returned in name order and cycled forever.

    >>> from vision.samples import SAMPLES
    >>> camera = FolderCamera(SAMPLES / "letters")
    >>> camera.capture().ndim
    3
    """

    def __init__(self, path: str | Path) -> None:
        folder = Path(path)
        if not folder.is_dir():
            raise CameraError(f"dossier de photos introuvable : {folder}")
        self.files = sorted(p for p in folder.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES)
        if not self.files:
            raise CameraError(f"aucune photo dans le dossier {folder}")
        self._next = 0

    def capture(self) -> Image:
        file = self.files[self._next % len(self.files)]
        self._next += 1
        return load_photo(file)

    def close(self) -> None:
        """Nothing to release."""


class OpenCVCamera:
    """A webcam through OpenCV's ``VideoCapture`` (a laptop during development).

    OpenCV's own open and read timeouts are honoured by its FFmpeg and GStreamer
    back-ends only; a USB webcam goes through V4L2, whose read waits up to 10 s for a
    frame. So each read runs on a worker thread and is waited for ``timeout_s`` at most:
    a webcam that stops sending frames is a :class:`CameraError`, and the camera is then
    given up (its read may still be stuck; the next capture says so at once).
    """

    def __init__(self, index: int = 0, timeout_s: float = 3.0, warmup_frames: int = 5) -> None:
        millis = int(timeout_s * 1000)
        params = [
            cv2.CAP_PROP_OPEN_TIMEOUT_MSEC,
            millis,
            cv2.CAP_PROP_READ_TIMEOUT_MSEC,
            millis,
        ]
        self.timeout_s = timeout_s
        self._capture = cv2.VideoCapture(index, cv2.CAP_ANY, params)
        if not self._capture.isOpened():
            self._capture.release()
            raise CameraError(f"la caméra n° {index} ne répond pas (branchée ? déjà utilisée ?)")
        self._reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="webcam")
        self._stuck = self._closed = False
        atexit.register(self.close)
        # Auto-exposure settles over the first frames; a still taken at once is too dark.
        try:
            for _ in range(warmup_frames):
                self._read()
        except CameraError:
            self.close()
            raise

    def _read(self) -> tuple[bool, Any]:
        if self._closed:
            raise CameraError("la caméra est fermée")
        if self._stuck:
            raise CameraError("la caméra ne répond plus : rebranchez-la, puis relancez arbitre")
        reading = self._reader.submit(self._capture.read)
        try:
            return reading.result(timeout=self.timeout_s)
        except TimeoutError:
            self._stuck = True
            raise CameraError(
                f"la caméra n'a envoyé aucune image en {self.timeout_s:g} s (débranchée ?)"
            ) from None

    def capture(self) -> Image:
        ok, frame = self._read()
        if not ok or frame is None:
            raise CameraError("la caméra n'a renvoyé aucune image (débranchée ?)")
        return np.asarray(frame, dtype=np.uint8)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        # Released on the reader's thread, after any read still stuck there returns.
        self._reader.submit(self._capture.release)
        self._reader.shutdown(wait=False)


class PiCamera:
    """The Raspberry Pi camera through Picamera2, its exposure and white balance metered
    once, then fixed.

    Picamera2 comes from apt (``python3-picamera2``), so the Pi's virtualenv is made with
    ``--system-site-packages``; it is imported here, on first use, so that nothing else
    needs it. Its ``"RGB888"`` format delivers arrays in B, G, R order, which is what
    OpenCV wants.

    Two stills of the same rack must look alike (the calibration learns the user's tiles
    from them), so exposure and white balance must not wander from one buzzer press to the
    next; but no fixed numbers suit every room (a lamp at night, daylight by a window).
    So the camera starts with its automatic exposure and white balance, lets them settle
    for ``settle_s``, then fixes what they chose. Values given here are used as they are
    (a room whose light is known). Every wait on the camera is bounded by ``timeout_s``: a
    camera unplugged or wedged is a :class:`CameraError`, never a frozen referee.
    """

    def __init__(
        self,
        size: tuple[int, int] = (2028, 1520),
        *,
        exposure_us: int | None = None,
        gain: float | None = None,
        colour_gains: tuple[float, float] | None = None,
        settle_s: float = 1.0,
        timeout_s: float = 3.0,
    ) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found, unused-ignore]
        except ImportError:
            raise CameraError(
                "picamera2 est absent : installez python3-picamera2 (apt) et créez "
                "l'environnement Python avec --system-site-packages"
            ) from None
        self.timeout_s = timeout_s
        self._camera: Any = None
        try:
            camera: Any = Picamera2()
            self._camera = camera
            config = camera.create_still_configuration(main={"format": "RGB888", "size": size})
            camera.configure(config)
            camera.start()
        except Exception as error:  # the library raises many kinds; all mean "no camera"
            self.close()
            raise CameraError(f"la caméra du Raspberry Pi ne démarre pas : {error}") from None
        try:
            self.controls = self._fix(exposure_us, gain, colour_gains, settle_s)
        except CameraError:
            self.close()
            raise
        atexit.register(self.close)

    def _fix(
        self,
        exposure_us: int | None,
        gain: float | None,
        colour_gains: tuple[float, float] | None,
        settle_s: float,
    ) -> dict[str, object]:
        """Fix exposure and white balance: as given, else as the camera settled them."""
        measured: dict[str, Any] = {}
        if exposure_us is None or gain is None or colour_gains is None:
            time.sleep(settle_s)
            measured = self._wait(
                lambda camera: camera.capture_metadata(wait=False), "ne mesure pas la lumière"
            )
        controls: dict[str, object] = {}
        exposure = exposure_us if exposure_us is not None else measured.get("ExposureTime")
        analogue = gain if gain is not None else measured.get("AnalogueGain")
        if exposure is not None and analogue is not None:
            controls |= {
                "AeEnable": False,
                "ExposureTime": int(exposure),
                "AnalogueGain": float(analogue),
            }
        colours = colour_gains if colour_gains is not None else measured.get("ColourGains")
        if colours is not None:  # a monochrome sensor has no white balance to fix
            controls |= {"AwbEnable": False, "ColourGains": tuple(float(c) for c in colours)}
        if controls:
            try:
                self._camera.set_controls(controls)
            except Exception as error:
                raise CameraError(
                    f"la caméra du Raspberry Pi refuse son réglage : {error}"
                ) from None
        return controls

    def _wait(self, job: Callable[[Any], Any], what: str) -> Any:
        """The result of the camera job ``job`` starts (Picamera2's ``wait=False``), or a
        :class:`CameraError` after ``timeout_s``."""
        camera = self._camera
        if camera is None:
            raise CameraError("la caméra du Raspberry Pi est fermée")
        try:
            return camera.wait(job(camera), timeout=self.timeout_s)
        except TimeoutError:
            raise CameraError(
                f"la caméra du Raspberry Pi {what} : pas de réponse en {self.timeout_s:g} s "
                "(nappe débranchée ?)"
            ) from None
        except Exception as error:
            raise CameraError(f"la caméra du Raspberry Pi {what} : {error}") from None

    def capture(self) -> Image:
        frame = self._wait(
            lambda camera: camera.capture_array("main", wait=False), "n'a pas pris de photo"
        )
        return np.ascontiguousarray(frame[:, :, :3], dtype=np.uint8)

    def close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            # A camera unplugged fails to stop too: closing must not raise on it.
            with contextlib.suppress(Exception):
                camera.stop()
            with contextlib.suppress(Exception):
                camera.close()


#: The back-ends by the name a command-line flag gives them.
BACKENDS: dict[str, Callable[..., Camera]] = {
    "pi": PiCamera,
    "opencv": OpenCVCamera,
    "folder": FolderCamera,
}
