"""Sample photos bundled with arbitre: the camera of ``arbitre run --simulate``.

``letters/NN-TILES.jpg`` shows the tiles TILES left to right (a 10-letter draw: one for
each composition of the club's draws), ``numbers/NN-A-B-C-D-E-F.jpg`` the plates A to F
(top row first), ``dice/NN-FACES.jpg`` the dice (three consonants then the vowel die;
``joker`` for its star). Rebuilt by ``scripts/make_samples.py``.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

SAMPLES = Path(__file__).resolve().parent

Kind = Literal["letters", "numbers", "dice"]


@dataclass(frozen=True, slots=True)
class Sample:
    """A bundled photo and what is really on it, as a person at the table sees it."""

    photo: Path
    values: tuple[str, ...]
    """The letters, the plates (as text) or the dice faces ("*" for the joker), in the
    order the reader gives them."""


def samples(kind: Kind, folder: Path = SAMPLES) -> tuple[Sample, ...]:
    """The sample photos of ``kind`` in name order (the order the simulated camera takes),
    each with what its name says it shows.

    >>> [s.values for s in samples("numbers")][0]
    ('3', '100', '8', '8', '10', '6')
    """
    return tuple(
        Sample(photo, _shown(kind, photo.stem.split("-", 1)[1]))
        for photo in sorted((folder / kind).glob("*.jpg"))
    )


def _shown(kind: Kind, name: str) -> tuple[str, ...]:
    if kind == "numbers":
        return tuple(name.split("-"))
    if kind == "dice" and name.endswith("joker"):
        return (*name[: -len("joker")], "*")
    return tuple(name)
