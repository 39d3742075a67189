"""Letter draws: checking what is on the holder, and drawing when tiles are missing.

The device draws letters itself when the box's tiles are not at hand: one bag of vowels,
one of consonants, filled with the French Scrabble tile counts (configurable). As on the
show, Y counts as a vowel.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.rules import Composition
from solver.lexicon import normalise

VOWELS = frozenset("AEIOUY")
DRAW_LENGTH = 10

#: French Scrabble tile counts (blanks left out): the default bag contents.
FRENCH_TILES: dict[str, int] = dict(
    A=9, B=2, C=2, D=3, E=15, F=2, G=2, H=2, I=8, J=1, K=1, L=5, M=3,
    N=6, O=6, P=2, Q=1, R=6, S=6, T=6, U=6, V=2, W=1, X=1, Y=1, Z=1,
)  # fmt: skip


def vowel_count(letters: str) -> int:
    return sum(1 for letter in letters if letter in VOWELS)


def check_letters(letters: str, min_vowels: int = 0, composition: Composition | None = None) -> str:
    """The draw normalised to A-Z, or a ValueError saying in French why it must be redrawn.

    >>> check_letters("b a m é r i l a n e", 2)
    'BAMERILANE'
    >>> check_letters("BCDFGHJKLA", 2)
    Traceback (most recent call last):
    ...
    ValueError: il faut au moins 2 voyelles (ce tirage en a 1) : retirez des lettres
    """
    draw = normalise(letters)
    if not draw or not draw.isascii() or not draw.isalpha():
        raise ValueError(f"« {letters} » n'est pas un tirage de lettres")
    if len(draw) != DRAW_LENGTH:
        raise ValueError(f"un tirage a {DRAW_LENGTH} lettres, pas {len(draw)}")
    vowels = vowel_count(draw)
    if composition is not None and (vowels, len(draw) - vowels) != (
        composition.vowels,
        composition.consonants,
    ):
        raise ValueError(
            f"ce tirage doit avoir {composition.consonants} consonnes et "
            f"{composition.vowels} voyelles ({len(draw) - vowels} et {vowels} ici)"
        )
    if vowels < min_vowels:
        raise ValueError(
            f"il faut au moins {min_vowels} voyelles (ce tirage en a {vowels}) : "
            "retirez des lettres"
        )
    return draw


def draw_letters(
    rng: random.Random,
    composition: Composition | None = None,
    min_vowels: int = 2,
    tiles: Mapping[str, int] = FRENCH_TILES,
) -> str:
    """Draw 10 letters from a vowel bag and a consonant bag, without replacement.

    Without a composition the number of vowels is drawn between ``max(min_vowels, 3)``
    and 6, as players asking for vowels or consonants usually end up.

    >>> vowel_count(draw_letters(random.Random(3), Composition(7, 3)))
    3
    """
    if composition is None:
        vowels = rng.randint(max(min_vowels, 3), 6)
        composition = Composition(DRAW_LENGTH - vowels, vowels)
    vowel_bag = [letter for letter, n in tiles.items() if letter in VOWELS for _ in range(n)]
    consonant_bag = [
        letter for letter, n in tiles.items() if letter not in VOWELS for _ in range(n)
    ]
    letters = rng.sample(vowel_bag, composition.vowels) + rng.sample(
        consonant_bag, composition.consonants
    )
    rng.shuffle(letters)
    return "".join(letters)
