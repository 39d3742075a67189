"""Where the app gets a draw from: the camera and the vision readers, or nothing.

The app asks for the letters or the plates on the holder; what comes back may hold "?"
for tiles the reader was unsure of, which the draw screen lets players correct. A
camera that fails or is missing raises :class:`NoDraw`, and the screen falls back to a
draw made by the device (or typed). Without a camera, :class:`SampleReader` is the
simulated one: the bundled sample photos.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from engine.letters import DRAW_LENGTH, vowel_count
from engine.rules import Composition
from vision.camera import Camera, CameraError, FolderCamera, load_photo
from vision.dice import read_dice
from vision.letters import read_letters
from vision.plates import read_numbers
from vision.reading import NothingFound, Reading
from vision.samples import SAMPLES, Sample, samples


class NoDraw(RuntimeError):
    """No draw could be read; the message is French and says why."""


@dataclass(frozen=True, slots=True)
class DrawReading:
    """What the reader saw, left to right: letters, or plate numbers as text; "?" if unsure."""

    values: tuple[str, ...]
    warnings: tuple[str, ...] = field(default=())

    @property
    def uncertain(self) -> frozenset[int]:
        return frozenset(i for i, value in enumerate(self.values) if value == "?")


class DrawReader(Protocol):
    """Reads the holder. Implementations: :class:`NoCamera`, the camera reader, and the
    simulated camera (:class:`SampleReader`)."""

    def read_letters(self, composition: Composition | None = None) -> DrawReading:
        """The letters on the holder; ``composition`` is the one the round asks for (club
        play), which a real holder shows or not: the game refuses a wrong one."""
        ...

    def read_numbers(self) -> DrawReading: ...

    def read_dice(self, vowel_die: bool) -> DrawReading:
        """The three consonants, then the vowel die's face when ``vowel_die`` (the rules in
        play roll it: the reader is told, so that it never takes wood for a vowel)."""
        ...

    def close(self) -> None: ...


class NoCamera:
    """No camera: every read says so, and the device makes the draws itself."""

    def __init__(self, why: str = "pas de caméra") -> None:
        self.why = why

    def read_letters(self, composition: Composition | None = None) -> DrawReading:
        raise NoDraw(self.why)

    def read_numbers(self) -> DrawReading:
        raise NoDraw(self.why)

    def read_dice(self, vowel_die: bool) -> DrawReading:
        raise NoDraw(self.why)

    def close(self) -> None:
        pass


def _values(reading: Reading) -> DrawReading:
    values = tuple("?" if i in reading.uncertain else str(v) for i, v in enumerate(reading.values))
    return DrawReading(values, tuple(reading.warnings))


class CameraReader:
    """Photographs the holder and reads it with the vision readers.

    A real camera serves every kind of draw; the simulation gives one folder of sample
    photos to each (``numbers_camera``, ``dice_camera``).
    """

    def __init__(
        self,
        camera: Camera,
        numbers_camera: Camera | None = None,
        data_dir: Path | None = None,
        dice_camera: Camera | None = None,
    ) -> None:
        self.letters_camera = camera
        self.numbers_camera = numbers_camera or camera
        self.dice_camera = dice_camera or camera
        self.data_dir = data_dir

    def read_letters(self, composition: Composition | None = None) -> DrawReading:
        try:
            return _values(read_letters(self.letters_camera.capture(), data_dir=self.data_dir))
        except (CameraError, NothingFound) as error:
            raise NoDraw(str(error)) from None

    def read_numbers(self) -> DrawReading:
        try:
            return _values(read_numbers(self.numbers_camera.capture(), data_dir=self.data_dir))
        except (CameraError, NothingFound) as error:
            raise NoDraw(str(error)) from None

    def read_dice(self, vowel_die: bool) -> DrawReading:
        try:
            photo = self.dice_camera.capture()
            return _values(read_dice(photo, data_dir=self.data_dir, vowel_die=vowel_die))
        except (CameraError, NothingFound) as error:
            raise NoDraw(str(error)) from None

    def close(self) -> None:
        closed: list[Camera] = []
        for camera in (self.letters_camera, self.numbers_camera, self.dice_camera):
            if not any(camera is other for other in closed):
                camera.close()
                closed.append(camera)


class SampleReader(CameraReader):
    """The simulated camera (``arbitre run --simulate``, ``--demo``): the bundled sample
    photos, read by the same readers as a real camera's.

    A newcomer's first game must go on without a refused draw, so the holder it
    "photographs" is one the rules in play accept: for a club composition, the next letters
    sample (in name order) that has it; for a free draw, the next 10-letter sample. The
    plates and the dice are taken in turn (every numbers sample is a legal draw).
    """

    def __init__(self, folder: Path = SAMPLES, data_dir: Path | None = None) -> None:
        # The letters camera only says, in French, that a folder holds no photo.
        super().__init__(
            FolderCamera(folder / "letters"),
            FolderCamera(folder / "numbers"),
            data_dir,
            dice_camera=FolderCamera(folder / "dice"),
        )
        self.letters = samples("letters", folder)
        self._next = 0

    def read_letters(self, composition: Composition | None = None) -> DrawReading:
        sample = self._take(composition)
        try:
            return _values(read_letters(load_photo(sample.photo), data_dir=self.data_dir))
        except (CameraError, NothingFound) as error:
            raise NoDraw(str(error)) from None

    def _take(self, composition: Composition | None) -> Sample:
        """The next sample that fits ``composition`` (the next one at all if none does)."""
        count = len(self.letters)
        turn = [self.letters[(self._next + i) % count] for i in range(count)]
        sample = next((s for s in turn if _fits(s, composition)), turn[0])
        self._next = (self.letters.index(sample) + 1) % count
        return sample


def _fits(sample: Sample, composition: Composition | None) -> bool:
    vowels = vowel_count("".join(sample.values))
    if composition is None:
        return len(sample.values) == DRAW_LENGTH
    return (vowels, len(sample.values) - vowels) == (composition.vowels, composition.consonants)
