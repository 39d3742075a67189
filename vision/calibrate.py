"""Learn the look of the user's own tiles from photos whose letters are known.

The real game's tiles use a font nobody told us. A few photos of racks laid out on
purpose (``ABCDEFGHIJ``, ``KLMNOPQRST``, ``UVWXYZ``) show every letter once; the reader
finds the letters as usual, and when it finds exactly as many as the photo holds, each
glyph, plus a few slightly tilted and thickened copies of it, is stored with its true
label in the data directory. From then on the model votes with these glyphs too, and
they are the nearest neighbours of the user's tiles.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from solver.plates import PLATE_COUNTS
from vision.camera import Image
from vision.glyphs import DIGITS, LETTERS, SQUASH, distort, normalize_glyph
from vision.models import calibration_file, data_dir, forget_models, load_rows, model_for, save_rows
from vision.plates import labelled_digits
from vision.rack import letters_of_row, rack_row
from vision.reading import NothingFound, working_gray

#: Distorted copies stored beside each calibration glyph.
COPIES = 30


class CalibrationError(ValueError):
    """A calibration photo that cannot be used; the message is French."""


@dataclass(frozen=True)
class Calibration:
    """What a calibration stored."""

    kind: str
    photos: int
    glyphs: int
    """Glyphs learned from these photos (copies not counted)."""
    total: int
    """Rows in the calibration file now, copies included."""
    file: Path

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "photos": self.photos,
            "glyphs": self.glyphs,
            "rows": self.total,
            "file": str(self.file),
        }


def letters_of(text: str) -> str:
    """The letters a calibration photo holds: capitals, accents and spaces dropped.

    >>> letters_of("abc déf")
    'ABCDEF'
    """
    plain = unicodedata.normalize("NFD", text).encode("ascii", "ignore").decode()
    letters = "".join(plain.split()).upper()
    wrong = sorted(set(letters) - set(LETTERS))
    if wrong or not letters:
        raise CalibrationError(f"« {text} » : seules les lettres A à Z sont permises")
    return letters


def learn_letters(
    photos: Sequence[tuple[str, Image, str]], folder: Path | None = None, reset: bool = False
) -> Calibration:
    """Add the glyphs of ``photos`` (name, photo, letters shown) to the calibration.

    Every photo is checked before anything is stored: one bad photo stores nothing.
    ``reset`` forgets the glyphs learned before.
    """
    where = data_dir(folder)
    model = model_for(LETTERS, where)
    rng = np.random.default_rng(0)
    labels: list[str] = []
    glyphs = []
    for name, photo, text in photos:
        truth = letters_of(text)
        try:
            gray, _ = working_gray(photo)
            row = rack_row(gray, model)
        except NothingFound as error:
            raise CalibrationError(f"{name} : {error}") from None
        if len(row.marks) != len(truth):
            raise CalibrationError(
                f"{name} : {len(row.marks)} lettres trouvées, {len(truth)} attendues ({truth})"
            )
        for mask, letter in zip(letters_of_row(row), truth, strict=True):
            glyphs.append(normalize_glyph(mask))
            glyphs.extend(normalize_glyph(distort(mask, rng, SQUASH)) for _ in range(COPIES))
            labels.extend([letter] * (COPIES + 1))
    file = calibration_file(where)
    rows = np.stack(glyphs)
    old = None if reset else load_rows(file)
    if old is not None:
        labels = [*old[0], *labels]
        rows = np.concatenate([old[1], rows])
    save_rows(file, labels, rows)
    forget_models()
    return Calibration("letters", len(photos), len(glyphs) // (COPIES + 1), len(labels), file)


def plates_of(text: str) -> list[int]:
    """The plates a calibration photo holds, top row first and left to right: numbers
    separated by commas or spaces.

    >>> plates_of("3,100, 8 8")
    [3, 100, 8, 8]
    """
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isdigit() and int(p) in PLATE_COUNTS for p in parts):
        raise CalibrationError(
            f"« {text} » : des plaques 1 à 10, 25, 50, 75 ou 100 séparées par des virgules"
        )
    return [int(p) for p in parts]


def learn_numbers(
    photos: Sequence[tuple[str, Image, str]], folder: Path | None = None, reset: bool = False
) -> Calibration:
    """Add the digits of ``photos`` (name, photo, plates shown) to the calibration.

    The plates are found as when reading; each plate's digits, plus distorted copies,
    are stored with their true digit in the same file as the letters' glyphs (the digit
    model picks up the digit labels). Every photo is checked before anything is stored.
    ``reset`` forgets every glyph learned before, letters too.
    """
    where = data_dir(folder)
    model = model_for(DIGITS, where)
    rng = np.random.default_rng(0)
    labels: list[str] = []
    glyphs = []
    for name, photo, text in photos:
        values = plates_of(text)
        try:
            found = labelled_digits(photo, values, model)
        except NothingFound as error:
            raise CalibrationError(f"{name} : {error}") from None
        for mask, digit in found:
            glyphs.append(normalize_glyph(mask))
            glyphs.extend(normalize_glyph(distort(mask, rng, SQUASH)) for _ in range(COPIES))
            labels.extend([digit] * (COPIES + 1))
    file = calibration_file(where)
    rows = np.stack(glyphs)
    old = None if reset else load_rows(file)
    if old is not None:
        labels = [*old[0], *labels]
        rows = np.concatenate([old[1], rows])
    save_rows(file, labels, rows)
    forget_models()
    return Calibration("numbers", len(photos), len(glyphs) // (COPIES + 1), len(labels), file)
