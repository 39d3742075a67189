"""Adapt the learned readers to the player's own tiles, plates and dice.

The real game's tiles, plates and dice use a font and colours nobody told us. A few
photos of them laid out on purpose (for the letters ``ABCDEFGHIJ``, ``KLMNOPQRST``,
``UVWXYZ``) are read as usual and paired with what the player says they show; each
window the network read is stored with its true value (:mod:`vision.own`), and from then
on confirms the network's doubted readings, never overrules them; a letter the network
was sure was another on them may make its sure readings of that other letter "?".
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from solver.plates import PLATE_COUNTS
from vision import own
from vision.camera import Image
from vision.datadir import data_dir
from vision.learned import LetterNet, plate_net
from vision.letter_render import LETTERS, letter_input
from vision.letters import CLASSES, OWN_AGAINST, OWN_LETTERS, row_in, tiles
from vision.plates import PLATES, plates_in_order
from vision.reading import NothingFound, working_gray
from vision.tile_finder import SeenRow, TileFinder, tile_finder

#: Letters of a photo that may go unlearned (missed by the reader, or a peak too many):
#: more, and the photo is probably not of the letters given.
UNLEARNED_AT_MOST = 2


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
    against: str = ""
    """Letters learned where the network surely read another (dice: read a letter not
    given, sure or not), each with that reading ("Q (lu O)"): the player's font draws
    them so, or the player typed another letter than the tile's (told, the player sees
    which). The network's sure readings of that other letter may then be "?"
    (:func:`vision.own.contradiction`)."""
    lacking: str = ""
    """Dice only: the faces none of the player's stored dice shows yet (this calibration
    and the earlier ones kept), consonants then the vowel die's in the dice's order. A
    die the network doubts is confirmed by the player's dice only when they hold every
    face of it (:func:`vision.dice_learned.every_face`), so the player is told which to
    photograph. A face only learned apart (:attr:`against`) is not lacking: another
    photo of it would be learned apart again."""

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "photos": self.photos,
            "glyphs": self.glyphs,
            "rows": self.total,
            "file": str(self.file),
            "unlearned": self.unlearned,
            "against": self.against,
            "lacking": self.lacking,
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


def paired(read: Sequence[str], sure: Sequence[bool], truth: str) -> list[tuple[int, str]]:
    """(index of a letter read, its true letter) for the letters of a calibration photo
    that can be told apart from a peak too many or a letter missed.

    The network's readings are lined up with the letters given (``difflib``): a letter
    read as given is paired, and so is each letter of a stretch read otherwise as long as
    the stretch holds as many letters as were given and the network is not sure of
    another letter there (a typing slip is not learned); a stretch of another length
    pairs nothing.
    """
    matcher = difflib.SequenceMatcher(None, list(read), list(truth), autojunk=False)
    pairs = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
            pairs += [
                (i1 + k, truth[j1 + k]) for k in range(i2 - i1) if op == "equal" or not sure[i1 + k]
            ]
    return pairs


def paired_against(read: Sequence[str], sure: Sequence[bool], truth: str) -> list[tuple[int, str]]:
    """(index of a letter read, its true letter) for the letters the network surely
    reads as another, where the whole row lines up letter for letter with the letters
    given: as many read as given, every other letter read as given, and at most
    :data:`UNLEARNED_AT_MOST` of them. The player's font may draw a letter the way the
    network reads another (a Q whose tail stays inside its bowl is an O to it). Such a
    tile can only make the network's sure readings of the other letter "?"
    (:func:`vision.own.contradiction`), so a typing slip learned so (an O typed Q) costs
    "?" on the player's O tiles until the calibration is made again, never a wrong
    letter; the calibration says what it learned so (:attr:`Calibration.against`)."""
    if len(read) != len(truth):
        return []
    other = [i for i, (r, t) in enumerate(zip(read, truth, strict=True)) if r != t]
    if len(other) > UNLEARNED_AT_MOST or not all(sure[i] and read[i] != "?" for i in other):
        return []
    return [(i, truth[i]) for i in other]


def learn_letters(
    photos: Sequence[tuple[str, Image, str]],
    folder: Path | None = None,
    reset: bool = False,
    *,
    finder: TileFinder | None = None,
    net: LetterNet | None = None,
) -> Calibration:
    """Add the tiles of ``photos`` (name, photo, letters shown) to the player's tiles
    (:mod:`vision.own`), which confirm the letters network's doubts.

    The row is found as when reading and lined up with the letters given (:func:`paired`);
    each letter's window, and copies cut a little off, is stored with its letter; a letter
    the network surely reads as another, in a row that lines up letter for letter
    (:func:`paired_against`), is stored apart (:data:`vision.letters.OWN_AGAINST`). A photo
    where more than :data:`UNLEARNED_AT_MOST` letters go unpaired, or whose letters found
    are that many more or fewer than given, is refused; every photo is checked before
    anything is stored. ``reset`` forgets the tiles learned before (not the plates nor the
    dice). ``finder``, ``net``: other networks than the committed ones (a bench)."""
    rng = np.random.default_rng(0)
    finder = finder or tile_finder()
    threshold = finder.threshold
    windows: list[NDArray[np.uint8]] = []
    labels: list[str] = []
    against_windows: list[NDArray[np.uint8]] = []
    against_labels: list[str] = []
    against_told: list[str] = []
    unlearned = ""
    for name, photo, text in photos:
        truth = letters_of(text)
        try:
            row = row_in(photo, finder, net)
        except NothingFound as error:
            raise CalibrationError(f"{name} : {error}") from None
        best = row.odds.argmax(axis=1)
        conf = row.odds.max(axis=1)
        kept = tiles(list(best), list(conf), threshold)
        read = [CLASSES[best[i]] or "?" for i in kept]
        sure = [conf[i] >= threshold for i in kept]
        pairs = [(kept[i], letter) for i, letter in paired(read, sure, truth)]
        against = paired_against(read, sure, truth)
        if (
            len(pairs) < len(truth) - UNLEARNED_AT_MOST
            or abs(len(kept) - len(truth)) > UNLEARNED_AT_MOST
        ):
            raise CalibrationError(
                f"{name} : {len(kept)} lettres trouvées dont {len(pairs)} reconnues, "
                f"{len(truth)} attendues ({truth})"
            )
        for i, letter in pairs:
            windows += _letter_windows(row, i, rng)
            labels += [letter] * (own.COPIES + 1)
        for j, letter in against:
            against_windows += _letter_windows(row, kept[j], rng)
            against_labels += [letter] * (own.COPIES + 1)
            against_told.append(f"{letter} (lu {read[j]})")
        learned = {letter for _, letter in pairs + against}
        unlearned += "".join(sorted(set(truth) - learned))
    if not labels:
        raise CalibrationError("aucune lettre apprise sur ces photos")
    file, total = own.store(folder, OWN_LETTERS, labels, np.array(windows, np.uint8), reset)
    apart = np.array(against_windows, np.uint8)
    own.store_apart(folder, OWN_AGAINST, against_labels, apart, reset)
    per = own.COPIES + 1
    glyphs = (len(labels) + len(against_labels)) // per
    return Calibration(
        "letters", len(photos), glyphs, total, file, unlearned, ", ".join(against_told)
    )


def _letter_windows(row: SeenRow, i: int, rng: np.random.Generator) -> list[NDArray[np.uint8]]:
    """The network's window of the row's letter ``i``, and copies cut a little off."""
    x, y = row.centres[i]
    h = row.height
    boxes = [(x - h / 2, y - h / 2, h, h)]
    boxes += [
        own.jittered((round(x - h / 2), round(y - h / 2), round(h), round(h)), rng)
        for _ in range(own.COPIES)
    ]
    return [
        letter_input(row.gray, (bx + bw / 2, by + bh / 2), bh, row.angle)
        for bx, by, bw, bh in boxes
    ]


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
    at eight turns (a die lands any way up), are stored with the letter given, and a
    d20's stood upright too (:data:`vision.dice_learned.DICE_UPRIGHT`). A die the
    network is sure of another of the photo's letters than given is refused (the
    consonants given out of order); one it reads as a letter not given, sure or not, is
    stored apart (:data:`vision.dice_learned.DICE_AGAINST`) and said
    (:attr:`Calibration.against`): a design the network never saw may draw an O it
    surely reads U, and only the player's dice can then doubt its sure U
    (:func:`vision.dice_learned.adapted`); a typing slip learned so costs "?" on the dice
    of the letter read, never a wrong letter. A photo whose four dice are not seen is
    refused; every photo is checked before anything is stored. ``reset`` forgets the
    dice learned before (not the tiles nor the plates)."""
    from vision import dice_learned as learned
    from vision.dice_centres import working

    rng, upright_rng = np.random.default_rng(0), np.random.default_rng(0)
    net = learned.dice_net()
    windows: list[NDArray[np.uint8]] = []
    labels: list[str] = []
    upright: list[NDArray[np.uint8]] = []
    upright_labels: list[str] = []
    against_windows: list[NDArray[np.uint8]] = []
    against_labels: list[str] = []
    against_told: list[str] = []
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
            views = learned.own_windows(gray, die.box, rng)
            if die.letter != letter and (die.sure or die.letter not in truth):
                if die.letter in truth:
                    raise CalibrationError(
                        f"{name} : le dé {k + 1} se lit {die.letter}, et non {letter} (les "
                        "consonnes se donnent de gauche à droite, puis le dé voyelle)"
                    )
                against_windows.extend(views)
                against_labels.extend([letter] * len(views))
                against_told.append(f"{letter} (lu {die.letter})")
                continue
            windows.extend(views)
            labels.extend([letter] * len(views))
            if k < 3:
                stood = learned.own_upright_windows(gray, die.box, upright_rng, net)
                upright.extend(stood)
                upright_labels.extend([letter] * len(stood))
    if not labels:
        raise CalibrationError("aucun dé appris sur ces photos : chacun se lit autrement")
    file, total = own.store(folder, learned.DICE, labels, np.array(windows, np.uint8), reset)
    apart = np.array(against_windows, np.uint8)
    own.store_apart(folder, learned.DICE_AGAINST, against_labels, apart, reset)
    stood_up = np.array(upright, np.uint8)
    own.store_apart(folder, learned.DICE_UPRIGHT, upright_labels, stood_up, reset)
    per = len(learned.OWN_TURNS) + 1
    held = [f for kind in (learned.DICE, learned.DICE_AGAINST) for f in _stored(folder, kind)]
    return Calibration(
        "dice",
        len(photos),
        (len(labels) + len(against_labels)) // per,
        total,
        file,
        against=", ".join(against_told),
        lacking=learned.lacking(held),
    )


def _stored(folder: Path | None, kind: str) -> tuple[str, ...]:
    """The labels of the player's examples of ``kind`` now stored (none: empty)."""
    rows = own.load_rows(own.own_file(data_dir(folder), kind))
    return () if rows is None else rows[0]
