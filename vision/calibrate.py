"""Learn the look of the user's own tiles from photos whose letters are known.

The real game's tiles use a font nobody told us. A few photos of racks laid out on
purpose (``ABCDEFGHIJ``, ``KLMNOPQRST``, ``UVWXYZ``) show every letter once; the reader
finds the letters as usual and pairs them with the letters given (a letter missed or a
mark too many costs that letter, not the photo). Each glyph is straightened first: the
calibration photo shears the letters near its ends (keystone) and its squash is measured
roughly, and a glyph stored as photographed sat far from the same letter on another
photo (1-nearest accuracy on the user's tiles: 88% as photographed, 99% straightened,
seed 11). Then it is stored with copies that vary as the reader's crops vary
(:func:`vision.glyphs.vary`). From then on they are the model's second opinion
(:meth:`vision.glyphs.GlyphModel.with_own`).
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from solver.plates import PLATE_COUNTS
from vision import own
from vision.camera import Image
from vision.datadir import data_dir
from vision.glyphs import (
    LETTERS,
    GlyphModel,
    Mask,
    features,
    normalize_glyph,
    transformed,
    vary,
)
from vision.learned import plate_net
from vision.models import (
    base_model,
    calibration_file,
    forget_models,
    load_rows,
    save_rows,
)
from vision.plates import PLATES, plates_in_order
from vision.rack import letters_of_row, photo_row
from vision.reading import NothingFound, working_gray

#: Varied copies stored beside each calibration glyph.
COPIES = 30

#: Letters of a photo that may go unlearned (missed by the reader, or a mark too many):
#: more, and the photo is probably not of the letters given.
UNLEARNED_AT_MOST = 2

#: Shears tried when straightening a calibration photo's glyphs: the keystone of the
#: benchmark's photos shears the letters at a rack's ends by up to about ±0.4.
SHEARS = np.linspace(-0.4, 0.4, 17)

#: Squash corrections tried, for the whole photo: the reader's measure of it was found
#: off by 1.6 and more on the benchmark's calibration photos (its measure was at its
#: bound, 1.2).
SQUASHES = np.geomspace(0.6, 2.0, 15)

#: A straightened glyph farther than this (HOG distance) from every training glyph of
#: its letter is no view of that letter (a fragment, two letters joined): not learned.
#: 99% of the straightened calibration glyphs of the unseen fonts were nearer than 2.1,
#: 2 of 456 farther than 2.4 (the benchmark's calibrations, seeds 11 and 23).
TOO_FAR = 2.4


#: A glyph the model reads as another letter than the one given, this surely, is not
#: learned: the model is rarely sure and wrong on a whole letter of an unseen font (1
#: silent misread in 528 tiles, seed 7), but a letter that lost a thin stroke on the
#: photo is another letter (an L without its bar is an I, a U without its thin stem an
#: L), and learned so it made "?" of the user's Ls and Is (FreeSerif, seed 23).
SURE_OTHERWISE = 0.9


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
    unlearned: str = ""
    """Letters shown on the photos but not learned (not found, or not like themselves)."""

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "photos": self.photos,
            "glyphs": self.glyphs,
            "rows": self.total,
            "file": str(self.file),
            "unlearned": self.unlearned,
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


def without_points(mask: Mask) -> Mask:
    """The glyph without the small marks beside it (the tile's points, when the reader
    let them in): pieces less than half as tall as the tallest. A capital letter is one
    piece, and a calibration glyph with the points is another glyph than on the tiles
    whose points stayed out."""
    count, pieces, stats, _ = cv2.connectedComponentsWithStats(mask)
    if count <= 2:
        return mask
    heights = stats[1:, cv2.CC_STAT_HEIGHT]
    keep = 1 + np.flatnonzero(heights >= 0.5 * heights.max())
    return np.asarray(np.isin(pieces, keep) * 255, np.uint8)


def _distances_to(model: GlyphModel, letter: str, glyphs: list[Mask]) -> NDArray[np.float64]:
    """For each glyph, the HOG distance to the nearest training glyph of ``letter``."""
    rows = model.vectors[np.array(model.labels) == letter]
    query = features(glyphs)
    squared = (query**2).sum(1)[:, None] + (rows**2).sum(1)[None, :] - 2.0 * query @ rows.T
    return np.asarray(np.sqrt(np.maximum(squared, 0.0)).min(axis=1), np.float64)


def straightened(
    masks: Sequence[Mask], letters: str, model: GlyphModel
) -> list[tuple[Mask, float]]:
    """The glyphs of one photo (in row order, their letters known) made upright and of
    their true height, each with its distance to the model's glyphs of its letter.

    The model's training glyphs are upright, so the shear and squash that bring a glyph
    nearest to them undo the photo's. The squash is one for the photo (the reader's
    measure of the row), the one that brings its letters nearest together (the median
    choice of the letters, less swayed by one letter, read 2% fewer tiles right on seed
    11). The shear changes steadily along
    the row (the keystone), so it is a line fitted through each letter's best shear
    (Theil-Sen: the medians resist a round letter, which fits any shear).
    """
    grid = [(shear, squash) for shear in SHEARS for squash in SQUASHES]
    table = np.stack(
        [
            _distances_to(model, letter, [normalize_glyph(transformed(m, *g)) for g in grid])
            for m, letter in zip(masks, letters, strict=True)
        ]
    ).reshape(len(masks), len(SHEARS), len(SQUASHES))
    squash = int(np.argmin(table.min(axis=1).sum(axis=0)))
    best = SHEARS[table[:, :, squash].argmin(axis=1)]
    place = np.arange(len(masks))
    shears = best
    if len(masks) >= 3:
        slope = float(
            np.median([(best[j] - best[i]) / (j - i) for i in place for j in place if j > i])
        )
        shears = np.clip(np.median(best - slope * place) + slope * place, SHEARS[0], SHEARS[-1])
    upright = [
        transformed(m, float(shear), float(SQUASHES[squash]))
        for m, shear in zip(masks, shears, strict=True)
    ]
    far = [
        float(_distances_to(model, letter, [normalize_glyph(m)])[0])
        for m, letter in zip(upright, letters, strict=True)
    ]
    return list(zip(upright, far, strict=True))


def paired(masks: Sequence[Mask], truth: str, model: GlyphModel) -> list[tuple[int, str]]:
    """(index of a found glyph, its true letter) for the glyphs of a calibration photo
    that can be told apart from what the reader found too much or missed.

    The model's readings are lined up with the letters given (``difflib``): a glyph read
    as its letter is paired, and so is each glyph of a stretch read wrong as long as the
    stretch holds as many glyphs as letters (the model's mistakes are what the
    calibration is for); a stretch of another length (a letter broken in two, a letter
    missed) pairs nothing.
    """
    guesses = model.classify([normalize_glyph(m) for m in masks], LETTERS)
    read = [label for label, _ in guesses]
    matcher = difflib.SequenceMatcher(None, read, list(truth), autojunk=False)
    pairs = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
            pairs += [
                (i1 + k, truth[j1 + k])
                for k in range(i2 - i1)
                if op == "equal" or guesses[i1 + k][1] < SURE_OTHERWISE
            ]
    return pairs


def _add_copies(
    glyphs: list[Mask], labels: list[str], mask: Mask, label: str, copy: Callable[[Mask], Mask]
) -> None:
    """Add ``mask`` and :data:`COPIES` copies of it made by ``copy``, all labelled ``label``."""
    glyphs.append(normalize_glyph(mask))
    glyphs.extend(normalize_glyph(copy(mask)) for _ in range(COPIES))
    labels.extend([label] * (COPIES + 1))


def _stored(
    where: Path,
    labels: Sequence[str],
    glyphs: Sequence[Mask],
    forgotten: Callable[[str], bool] | None = None,
) -> tuple[Path, int]:
    """Add labelled glyphs to the calibration file of ``where`` (atomically) and drop
    the models kept in memory; returns the file and the rows it now holds.

    Letters, digits and dice faces share the file; ``forgotten`` tells the rows learned
    before that a ``--reset`` drops (those of the kind being learned, never the others').
    """
    file = calibration_file(where)
    rows = np.stack(glyphs)
    old = load_rows(file)
    if old is not None:
        keep = [i for i, label in enumerate(old[0]) if forgotten is None or not forgotten(label)]
        labels = [*(old[0][i] for i in keep), *labels]
        rows = np.concatenate([old[1][keep], rows])
    save_rows(file, labels, rows)
    forget_models()
    return file, len(labels)


def _photo_pairs(
    name: str, photo: Image, truth: str, model: GlyphModel
) -> tuple[list[Mask], list[tuple[int, str]]]:
    """The glyphs of a calibration photo and which letter of ``truth`` each is. Tiles are
    found through dark ink: light letters on dark tiles are found on the photo's negative,
    tried when the photo itself does not show the letters expected."""
    error = ""
    for seen in (photo, np.asarray(255 - photo, np.uint8)):
        try:
            row = photo_row(seen, model)
        except NothingFound as missing:
            error = error or str(missing)
            continue
        masks = [without_points(m) for m in letters_of_row(row)]
        pairs = paired(masks, truth, model)
        if len(pairs) >= len(truth) - UNLEARNED_AT_MOST and (
            abs(len(masks) - len(truth)) <= UNLEARNED_AT_MOST
        ):
            return masks, pairs
        error = error or f"{len(row.marks)} lettres trouvées, {len(truth)} attendues ({truth})"
    raise CalibrationError(f"{name} : {error}")


def learn_letters(
    photos: Sequence[tuple[str, Image, str]], folder: Path | None = None, reset: bool = False
) -> Calibration:
    """Add the glyphs of ``photos`` (name, photo, letters shown) to the calibration.

    Every photo is checked before anything is stored: one bad photo stores nothing.
    ``reset`` forgets the letters learned before (not the digits nor the dice).
    """
    where = data_dir(folder)
    model = base_model(LETTERS, where)
    rng = np.random.default_rng(0)
    labels: list[str] = []
    glyphs: list[Mask] = []
    unlearned = ""
    for name, photo, text in photos:
        truth = letters_of(text)
        masks, pairs = _photo_pairs(name, photo, truth, model)
        learned = ""
        kept = straightened([masks[i] for i, _ in pairs], "".join(c for _, c in pairs), model)
        for (mask, far), (_, letter) in zip(kept, pairs, strict=True):
            if far >= TOO_FAR:
                continue
            learned += letter
            _add_copies(glyphs, labels, mask, letter, lambda m: vary(m, rng))
        unlearned += "".join(sorted(set(truth) - set(learned)))
    if not glyphs:
        raise CalibrationError("aucune lettre apprise sur ces photos")
    file, total = _stored(where, labels, glyphs, LETTERS.__contains__ if reset else None)
    return Calibration("letters", len(photos), len(glyphs) // (COPIES + 1), total, file, unlearned)


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
    """Add the plates of ``photos`` (name, photo, plates shown) to the user's plates
    (:mod:`vision.own`), which confirm the plate network's doubts.

    The plates are found as when reading, in reading order, and paired with the plates
    given; a photo whose plates found are not as many, or where the network is sure of
    another value than the one given (the plates given out of order, a typing slip), is
    refused. Every photo is checked before anything is stored. ``reset`` forgets the
    plates learned before (not the letters nor the dice)."""
    rng = np.random.default_rng(0)
    net = plate_net()
    windows: list[NDArray[np.uint8]] = []
    values: list[str] = []
    for name, photo, text in photos:
        given = plates_of(text)
        gray, _ = working_gray(photo)
        try:
            found, _ = plates_in_order(gray)
        except NothingFound as error:
            raise CalibrationError(f"{name} : {error}") from None
        if len(found) != len(given):
            raise CalibrationError(
                f"{name} : {len(found)} plaques trouvées, {len(given)} attendues"
            )
        for i, (plate, value) in enumerate(zip(found, given, strict=True)):
            if plate.valid and plate.value != value:
                raise CalibrationError(
                    f"{name} : la plaque {i + 1} se lit {plate.value}, et non {value} "
                    "(les plaques se donnent ligne du haut d'abord, de gauche à droite)"
                )
            boxes = [plate.box, *(own.jittered(plate.box, rng) for _ in range(own.COPIES))]
            windows.extend(net.windows(gray, boxes))
            values.extend([str(value)] * len(boxes))
    file, total = own.store(folder, PLATES, values, np.array(windows, np.uint8), reset)
    return Calibration("numbers", len(photos), len(values) // (own.COPIES + 1), total, file)


def dice_faces_of(text: str) -> str:
    """The faces a dice calibration photo shows: three consonants, then the vowel die's
    face (``*`` or ``JOKER`` for the joker's star).

    >>> dice_faces_of("b k w joker")
    'BKW*'
    """
    from vision.dice_render import CONSONANTS, VOWELS
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
    """Add the up faces of ``photos`` (name, photo, faces shown: the three consonants
    left to right, then the vowel die's) to the player's dice (:mod:`vision.own`), which
    confirm the dice network's doubts.

    The dice are seen as when reading (:func:`vision.dice_learned.seen_dice`, the three
    likeliest consonant dice and the likeliest vowel die); each up letter's windows, cut
    at eight turns (a die lands any way up), are stored with the letter given. A photo
    whose four dice are not seen, or where the network is sure of another letter than
    the one given (the consonants given out of order, a slip), is refused; every photo
    is checked before anything is stored. ``reset`` forgets the dice learned before (not
    the tiles nor the plates)."""
    from vision import dice_learned as learned
    from vision.dice_centres import working

    rng = np.random.default_rng(0)
    windows: list[NDArray[np.uint8]] = []
    labels: list[str] = []
    for name, photo, text in photos:
        truth = dice_faces_of(text)
        gray = working(photo)
        chosen = learned.picked(learned.seen_dice(gray), vowel_die=True)
        consonants = sorted(
            (d for d in chosen if learned.is_consonant(d.letter)), key=lambda d: d.box[0]
        )
        vowels = [d for d in chosen if learned.is_vowel(d.letter)]
        if len(consonants) != 3 or len(vowels) != 1:
            raise CalibrationError(
                f"{name} : {len(consonants) + len(vowels)} dé(s) trouvé(s) sur 4"
            )
        for k, (die, letter) in enumerate(zip([*consonants, *vowels], truth, strict=True)):
            if die.sure and die.letter != letter:
                raise CalibrationError(
                    f"{name} : le dé {k + 1} se lit {die.letter}, et non {letter} (les "
                    "consonnes se donnent de gauche à droite, puis le dé voyelle)"
                )
            views = learned.own_windows(gray, die.box, rng)
            windows.extend(views)
            labels.extend([letter] * len(views))
    file, total = own.store(folder, learned.DICE, labels, np.array(windows, np.uint8), reset)
    return Calibration(
        "dice", len(photos), len(labels) // (len(learned.OWN_TURNS) + 1), total, file
    )
