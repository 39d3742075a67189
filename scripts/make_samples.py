"""Rebuild the sample photos bundled in vision/samples/ (``arbitre run --simulate``).

Racks and plates drawn by vision.synthetic in fonts no reader ever learns from;
dice drawn by vision.dice_render in its held-out families (styles the dice networks never
trained on), the three consonants left to right as the file's name says. The samples
are the simulator's camera, the first draws a newcomer meets: each is a draw the rule
sets accept (see RACKS), and a game played on them should go on without a "?" at every
round, so for each sample the first seed (from a fixed start) whose photo the current
readers read right is kept; where none of 40 (dice: 400) is, the first seed is kept
anyway. They show what the readers can read, not how often: the benches under bench/
measure that. Run ``.venv/bin/python scripts/make_samples.py``: with the same readers
the same files come back.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.camera import Image  # noqa: E402
from vision.dice import read_dice  # noqa: E402
from vision.dice_render import as_told, dice_scene  # noqa: E402
from vision.dice_render import random_style as dice_style  # noqa: E402
from vision.glyphs import UNSEEN_FONTS  # noqa: E402
from vision.letters import read_letters  # noqa: E402
from vision.plates import read_numbers  # noqa: E402
from vision.reading import NothingFound, Reading  # noqa: E402
from vision.samples import SAMPLES  # noqa: E402
from vision.synthetic import (  # noqa: E402
    TABLES,
    letter_rack_photo,
    plates_photo,
    random_style,
)

#: The letters samples: real 10-letter draws (drawable from the bag), one of each club
#: composition, each with a long word, so that the first game of every rule set plays
#: on them (tests/test_samples.py): 5 vowels/5 consonants (réanimable), 6/4 (automobile),
#: 4/6 (rapidement, déprimante), 7/3 (amoureuse, 9 letters), 3/7 (changement).
RACKS = ("BAMERILANE", "OBAILTUEMO", "EIARMPETDN", "SUUAIEOREM", "ECNTGEAHMN")
DRAWS = ((3, 100, 8, 8, 10, 6), (1, 3, 7, 10, 25, 50), (75, 2, 4, 9, 5, 1))
DICE = ("BCDA", "RSTE", "LMN*")
TRIES = 40
QUALITY = [cv2.IMWRITE_JPEG_QUALITY, 85]


def _first_read(
    draw: Callable[[np.random.Generator], Image],
    read: Callable[[Image], Reading],
    truth: Sequence[str | int],
    start: int,
    tries: int = TRIES,
) -> Image:
    """The photo of the first seed from ``start`` that ``read`` reads as ``truth``, as
    it will be read from its file (after JPEG)."""
    first = _as_saved(draw(np.random.default_rng(start)))
    for seed in range(start, start + tries):
        photo = first if seed == start else _as_saved(draw(np.random.default_rng(seed)))
        try:
            if list(read(photo).values) == list(truth):
                return photo
        except NothingFound:
            continue
    return first


def _rack(letters: str, i: int) -> Callable[[np.random.Generator], Image]:
    def draw(rng: np.random.Generator) -> Image:
        style = random_style(rng, UNSEEN_FONTS)
        return letter_rack_photo(letters, rng, style, TABLES[i % len(TABLES)])

    return draw


def main() -> None:
    for name in ("letters", "numbers", "dice"):
        (SAMPLES / name).mkdir(parents=True, exist_ok=True)
    for i, letters in enumerate(RACKS):
        photo = _first_read(_rack(letters, i), read_letters, list(letters), 100 + 100 * i)
        _save(photo, SAMPLES / "letters" / f"{i + 1:02d}-{letters}.jpg")
    for i, plates in enumerate(DRAWS):

        def plates_of(
            rng: np.random.Generator, i: int = i, plates: tuple[int, ...] = plates
        ) -> Image:
            return plates_photo(plates, rng, UNSEEN_FONTS[i], TABLES[(i + 1) % len(TABLES)])

        photo = _first_read(plates_of, read_numbers, plates, 200 + 100 * i)
        _save(photo, SAMPLES / "numbers" / f"{i + 1:02d}-{'-'.join(map(str, plates))}.jpg")
    for i, faces in enumerate(DICE):

        def dice_of(rng: np.random.Generator, faces: str = faces) -> Image:
            photo, drawn = dice_scene(faces, rng, dice_style(rng, "held-out"))
            # The file's name tells the consonants left to right: another order is no sample.
            return photo if as_told(drawn) == faces else np.zeros_like(photo)

        photo = _first_read(dice_of, read_dice, list(faces), 300 + 1000 * i, tries=400)
        _save(photo, SAMPLES / "dice" / f"{i + 1:02d}-{faces.replace('*', 'joker')}.jpg")


def _as_saved(photo: Image) -> Image:
    _, jpeg = cv2.imencode(".jpg", photo, QUALITY)
    return np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.uint8)


def _save(photo: Image, path: Path) -> None:
    cv2.imwrite(str(path), photo, QUALITY)


if __name__ == "__main__":
    main()
