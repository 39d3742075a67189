"""Rebuild the sample photos bundled in vision/samples/ (``arbitre run --simulate``).

Racks, plates and dice drawn by vision.synthetic in fonts the glyph model never learns from,
with fixed seeds: run ``.venv/bin/python scripts/make_samples.py`` and the same files come back.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.camera import Image  # noqa: E402
from vision.glyphs import UNSEEN_FONTS  # noqa: E402
from vision.samples import SAMPLES  # noqa: E402
from vision.synthetic import (  # noqa: E402
    TABLES,
    dice_photo,
    letter_rack_photo,
    plates_photo,
    random_style,
)

RACKS = ("BAMERILANE", "CHOUX", "PYRAMIDE", "WAGONS", "KIOSQUE")
DRAWS = ((3, 100, 8, 8, 10, 6), (1, 3, 7, 10, 25, 50), (75, 2, 4, 9, 5, 1))
DICE = ("BCDA", "RSTE", "LMN*")


def main() -> None:
    folder = SAMPLES / "letters"
    folder.mkdir(parents=True, exist_ok=True)
    for i, letters in enumerate(RACKS):
        rng = np.random.default_rng(100 + i)
        style = random_style(rng, UNSEEN_FONTS)
        photo = letter_rack_photo(letters, rng, style, TABLES[i % len(TABLES)])
        _save(photo, folder / f"{i + 1:02d}-{letters}.jpg")
    folder = SAMPLES / "numbers"
    folder.mkdir(parents=True, exist_ok=True)
    for i, plates in enumerate(DRAWS):
        rng = np.random.default_rng(200 + i)
        photo = plates_photo(plates, rng, UNSEEN_FONTS[i], TABLES[(i + 1) % len(TABLES)])
        _save(photo, folder / f"{i + 1:02d}-{'-'.join(map(str, plates))}.jpg")
    folder = SAMPLES / "dice"
    folder.mkdir(parents=True, exist_ok=True)
    for i, faces in enumerate(DICE):
        photo = dice_photo(faces, np.random.default_rng(300 + i), UNSEEN_FONTS[i], TABLES[i])
        _save(photo, folder / f"{i + 1:02d}-{faces.replace('*', 'joker')}.jpg")


def _save(photo: Image, path: Path) -> None:
    cv2.imwrite(str(path), photo, [cv2.IMWRITE_JPEG_QUALITY, 85])


if __name__ == "__main__":
    main()
