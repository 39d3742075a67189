"""Sample photos bundled with arbitre: the camera of ``arbitre run --simulate``.

``letters/NN-WORD.jpg`` shows the tiles of WORD, ``numbers/NN-A-B-C-D-E-F.jpg`` the
plates A to F (top row first), ``dice/NN-FACES.jpg`` the dice (three consonants then the
vowel die; ``joker`` for its star). Rebuilt by ``scripts/make_samples.py``.
"""

from pathlib import Path

SAMPLES = Path(__file__).resolve().parent
