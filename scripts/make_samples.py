"""Rebuild the sample photos bundled in vision/samples/ (``arbitre run --simulate``).

Racks drawn by vision.synthetic in fonts the glyph model never learns from, with fixed
seeds: run ``.venv/bin/python scripts/make_samples.py`` and the same files come back.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.glyphs import UNSEEN_FONTS  # noqa: E402
from vision.samples import SAMPLES  # noqa: E402
from vision.synthetic import TABLES, letter_rack_photo, random_style  # noqa: E402

RACKS = ("BAMERILANE", "CHOUX", "PYRAMIDE", "WAGONS", "KIOSQUE")


def main() -> None:
    folder = SAMPLES / "letters"
    folder.mkdir(parents=True, exist_ok=True)
    for i, letters in enumerate(RACKS):
        rng = np.random.default_rng(100 + i)
        style = random_style(rng, UNSEEN_FONTS)
        photo = letter_rack_photo(letters, rng, style, TABLES[i % len(TABLES)])
        cv2.imwrite(
            str(folder / f"{i + 1:02d}-{letters}.jpg"), photo, [cv2.IMWRITE_JPEG_QUALITY, 85]
        )


if __name__ == "__main__":
    main()
