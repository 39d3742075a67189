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

from vision.camera import Image
from vision.glyphs import LETTERS, SQUASH, distort, normalize_glyph
from vision.models import calibration_file, data_dir, forget_models, load_rows, model_for, save_rows
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


def dice_faces_of(text: str) -> str:
    """The faces a dice calibration photo shows: three consonants, then the vowel die's
    face (``*`` or ``JOKER`` for the joker's star).

    >>> dice_faces_of("b k w joker")
    'BKW*'
    """
    from vision.dice import CONSONANTS, VOWELS
    from vision.glyphs import JOKER

    plain = unicodedata.normalize("NFD", text).encode("ascii", "ignore").decode().upper()
    faces = "".join(plain.replace("JOKER", JOKER).split())
    if len(faces) != 4 or any(c not in CONSONANTS for c in faces[:3]) or faces[3] not in VOWELS:
        raise CalibrationError(
            f"« {text} » : trois consonnes puis la face du dé voyelle attendues "
            "(A, E, I, O, U, ou * pour le joker), par exemple BKWA"
        )
    return faces


def learn_dice(
    photos: Sequence[tuple[str, Image, str]], folder: Path | None = None, reset: bool = False
) -> Calibration:
    """Add the up faces of ``photos`` (name, photo, faces shown) to the calibration.

    Like :func:`learn_letters`, with the dice's own font: each face's letter is turned
    the way its die allows that makes it most like its true letter, and stored with
    distorted copies under the key ``dice:LETTER``, which only the dice reader's model
    takes (the tiles' font and the dice's are not the same). A photo whose dice are not
    four, three d20 and one vowel die, stores nothing. ``reset`` forgets the dice's faces
    learned before (not the tiles').
    """
    from vision.dice import ALPHABET, KIND, dice_faces, upright_glyph

    where = data_dir(folder)
    model = model_for(ALPHABET, where, kind=KIND)
    rng = np.random.default_rng(0)
    labels: list[str] = []
    glyphs = []
    for name, photo, text in photos:
        truth = dice_faces_of(text)
        try:
            layout = dice_faces(photo)
        except NothingFound as error:
            raise CalibrationError(f"{name} : {error}") from None
        if layout.warnings:
            raise CalibrationError(f"{name} : {layout.warnings[0]}")
        for face, letter in zip(layout.faces, truth, strict=True):
            mask = upright_glyph(face, letter, model)
            glyphs.append(normalize_glyph(mask))
            glyphs.extend(normalize_glyph(distort(mask, rng, SQUASH)) for _ in range(COPIES))
            labels.extend([f"{KIND}:{letter}"] * (COPIES + 1))
    file = calibration_file(where)
    rows = np.stack(glyphs)
    old = load_rows(file)
    if old is not None:
        keep = [i for i, label in enumerate(old[0]) if not (reset and label.startswith(f"{KIND}:"))]
        labels = [*(old[0][i] for i in keep), *labels]
        rows = np.concatenate([old[1][keep], rows])
    save_rows(file, labels, rows)
    forget_models()
    return Calibration("dice", len(photos), len(glyphs) // (COPIES + 1), len(labels), file)
