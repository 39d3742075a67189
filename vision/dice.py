"""Read the dice game's dice from an overhead photo: three consonant d20 and the vowel die.

The dice are found by a small fully-convolutional network and their up letters read by
a learned classifier (:mod:`vision.dice_centres`, :mod:`vision.dice_learned`), whose
calibrated confidence alone says "?"; a player's own dice (``arbitre calibrate --kind
dice``) confirm the letters it doubts. On the printed mat (:mod:`vision.mat`) only its
tray is looked at.

The first design (triangles and squares fitted around letters, a HOG glyph model, about
2,400 lines of thresholds fitted to one generator) was removed: on dice it never saw it
misread silently where the classifier said "?" (8 dice of 120 on the held-out 3-dice
set, every silent misread of the reader it backed). docs/vision.md keeps its history.
"""

from __future__ import annotations

from pathlib import Path

from vision.camera import Image
from vision.dice_learned import read_learned
from vision.mat import TRAY, read_on_mat
from vision.reading import Reading


def read_dice(
    image: Image, data_dir: Path | None = None, *, vowel_die: bool | None = None
) -> Reading:
    """The three consonants (left to right), then the vowel die's face (``*``: joker);
    the three consonants alone on a photo of the game without the vowel die.

    ``vowel_die`` says whether the rules in play have the vowel die: without it (False),
    nothing is read as the vowel die; with it (True), a vowel die not seen is a "?". None:
    the variant is not known, and a vowel die seen is read. ``data_dir`` holds the
    player's calibration, if any. Raises :class:`vision.reading.NothingFound` when no
    die is seen."""
    return read_on_mat(image, TRAY, lambda part: read_learned(part, vowel_die, data_dir=data_dir))
