"""The benchmark's dice photos (bench/vision.py draws them so), for tests that name one."""

import numpy as np

from vision.glyphs import UNSEEN_FONTS
from vision.synthetic import CONSONANT_FACES, TABLES, dice_photo


def bench_three_dice(seed: int, i: int) -> tuple[np.ndarray, str]:
    """Photo ``i`` of the benchmark's game without the vowel die (three d20), for
    ``seed``, drawn as bench/vision.py does."""
    rng = np.random.default_rng(seed * 1000 + 500 + i)
    faces = "".join(rng.choice(list(CONSONANT_FACES), 3))
    font, table = UNSEEN_FONTS[i % len(UNSEEN_FONTS)], TABLES[i % len(TABLES)]
    return dice_photo(faces, rng, font, table), faces
