"""The French lexicons of the games, as the app loads them, and word normalisation.

Players' tiles carry no accents and the rules ignore them, so every word is compared in
one normalised spelling: upper case A-Z (``réanimable`` and ``RÉANIMABLE`` are both
``REANIMABLE``). Each game accepts its own list of words (``solver/lexicon_build.py``
compiles them from Dicollecte's dictionary into ``solver/data/``); each list also keeps
the spelling to show players (``réanimable``, ``porte-monnaie``) and orders the words
from the most familiar to the least, so a solver lists familiar answers first.

A list is read from disk once per process (:func:`lexicon` is cached): a few tenths of a
second on a Raspberry Pi, then every look-up is a dictionary access.
"""

from __future__ import annotations

import gzip
import string
import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

#: Where the compiled lexicons live (rebuilt by ``make lexicon``).
DATA = Path(__file__).resolve().parent / "data"

#: The rule sets that have a word list: "Des chiffres et des lettres" (all three rule
#: sets share one ruling), the dice game "Le mot le plus court", "Les paroles s'envolent".
RULES: Final = ("dcdl", "dice", "paroles")

_LIGATURES = str.maketrans({"Œ": "OE", "œ": "OE", "Æ": "AE", "æ": "AE", "ß": "SS"})
_DROPPED = frozenset("-'’‘ \u00a0.")
ALPHABET: Final = string.ascii_uppercase
_ASCII_LETTERS = frozenset(ALPHABET)


def normalise(word: str) -> str:
    """The spelling the games compare: upper case, no accents, no ligatures, no separators.

    Hyphens, apostrophes, dots and spaces are dropped; Œ and Æ become two letters. Any
    other character (a digit, a ``?``) is kept, upper-cased, so :func:`is_plain` can refuse it.

    >>> normalise("réanimable")
    'REANIMABLE'
    >>> normalise("Cœur-de-bœuf")
    'COEURDEBOEUF'
    >>> normalise("aujourd’hui"), normalise("ex æquo"), normalise("Ça")
    ('AUJOURDHUI', 'EXAEQUO', 'CA')
    """
    decomposed = unicodedata.normalize("NFKD", word.translate(_LIGATURES))
    kept = (c for c in decomposed if not unicodedata.combining(c) and c not in _DROPPED)
    return "".join(kept).upper()


def is_plain(word: str) -> bool:
    """True when ``word`` is a non-empty run of the letters A to Z (a normalised word).

    >>> is_plain("REANIMABLE"), is_plain("R2D2"), is_plain("")
    (True, False, False)
    """
    return bool(word) and _ASCII_LETTERS.issuperset(word)


def check_rules(rules: str) -> str:
    """``rules``, or a ``ValueError`` naming the rule sets that have a word list."""
    if rules not in RULES:
        raise ValueError(f"règles inconnues « {rules} » (au choix : {', '.join(RULES)})")
    return rules


_MAGIC = b"arbitre-lexicon 1"
_NONZERO = bytes([0] + [1] * 255)


@dataclass(frozen=True, slots=True)
class Index:
    """Every word of every game, most familiar first, and bit sets over their ranks.

    Bit ``r`` of a set stands for the word of rank ``r``. The sets are the words of each
    game (``"dcdl"``...), of each length (``"#7"``), and, for each letter and count, the
    words holding that letter at least that many times (``"E2"``: two E or more). With
    them, "which words can these ten tiles make" is a few dozen big-integer operations in
    C instead of a loop over 400,000 words, and the whole index takes a few megabytes.
    """

    #: The spelling shown to players of each word, by rank.
    displays: list[str]
    sets: dict[str, int]

    def words(self, bits: int) -> list[tuple[str, str]]:
        """The words of a bit set, most familiar first: (normalised, spelling shown)."""
        return [
            (normalise(shown), shown) for shown in map(self.displays.__getitem__, self.ranks(bits))
        ]

    def ranks(self, bits: int) -> list[int]:
        """The ranks in a bit set, in increasing order."""
        data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
        marks = data.translate(_NONZERO)  # 1 where a byte holds a bit: memchr can find it
        found: list[int] = []
        at = marks.find(1)
        while at >= 0:
            byte, base = data[at], at * 8
            found.extend(base + bit for bit in range(8) if byte >> bit & 1)
            at = marks.find(1, at + 1)
        return found

    @property
    def longest(self) -> int:
        """The length of the longest word."""
        return max(int(key[1:]) for key in self.sets if key.startswith("#"))

    def of_length(self, length: int) -> int:
        return self.sets.get(f"#{length}", 0)

    def at_most(self, counts: Mapping[str, int]) -> int:
        """The words using no letter more often than ``counts`` says (absent: never)."""
        excess = 0
        for letter in ALPHABET:
            excess |= self.sets.get(f"{letter}{counts.get(letter, 0) + 1}", 0)
        return ~excess

    def at_least(self, counts: Mapping[str, int]) -> int:
        """The words holding each letter of ``counts`` at least that many times."""
        bits = -1
        for letter, count in counts.items():
            if count > 0:
                bits &= self.sets.get(f"{letter}{count}", 0)
        return bits

    def find(self, word: str) -> int | None:
        """The rank of a normalised word, or ``None``."""
        if not is_plain(word):
            return None
        bits = self.at_most(Counter(word)) & self.at_least(Counter(word))
        for rank in self.ranks(bits & self.of_length(len(word)) & self.sets["any"]):
            if normalise(self.displays[rank]) == word:
                return rank
        return None

    @staticmethod
    def pack(displays: list[str], sets: dict[str, list[int]]) -> bytes:
        """The file form: a header line, the spellings, then each bit set in turn."""
        size = (len(displays) + 7) // 8
        keys = sorted(sets, key=lambda key: (key not in RULES, key[0] != "#", len(key), key))
        text = "\n".join(displays).encode("utf-8")
        header = b" ".join([_MAGIC, str(size).encode(), str(len(text)).encode()])
        chunks = [header + b" " + " ".join(keys).encode() + b"\n", text]
        for key in keys:
            bits = bytearray(size)
            for rank in sets[key]:
                bits[rank >> 3] |= 1 << (rank & 7)
            chunks.append(bytes(bits))
        return b"".join(chunks)

    @staticmethod
    def unpack(data: bytes) -> Index:
        header_end = data.index(b"\n")
        magic_name, magic_version, size_text, length_text, *keys = data[:header_end].split(b" ")
        if b" ".join([magic_name, magic_version]) != _MAGIC:
            raise ValueError("not a compiled arbitre lexicon (run `make lexicon`)")
        size, length = int(size_text), int(length_text)
        body = memoryview(data)[header_end + 1 :]  # slices of a view copy nothing
        displays = str(body[:length], "utf-8").split("\n")
        sets = {
            key.decode(): int.from_bytes(body[start : start + size], "little")
            for key, start in zip(keys, range(length, len(body), size), strict=True)
        }
        sets["any"] = (1 << len(displays)) - 1
        return Index(displays, sets)


@cache
def index() -> Index:
    """The compiled index of all the games' words, read once per process."""
    with gzip.open(DATA / "lexicon.gz") as data:
        return Index.unpack(data.read())


@dataclass(frozen=True, slots=True)
class Lexicon:
    """The words one game accepts: a view of the shared :class:`Index`."""

    rules: str
    index: Index
    #: The bit set of the words this game accepts.
    accepted: int

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.rank(word) is not None

    def __len__(self) -> int:
        return self.accepted.bit_count()

    def rank(self, word: str) -> int | None:
        """The familiarity rank of a normalised word this game accepts, else ``None``."""
        rank = self.index.find(word)
        return rank if rank is not None and self.accepted >> rank & 1 else None

    def display(self, word: str) -> str:
        """How to show ``word`` (normalised) to players.

        >>> lexicon("dcdl").display("REANIMABLE"), lexicon("dcdl").display("PORTEMONNAIE")
        ('réanimable', 'porte-monnaie')
        """
        rank = self.index.find(word)
        return word.lower() if rank is None else self.index.displays[rank]

    def words(self, bits: int) -> list[tuple[str, str]]:
        """The words of this game in a bit set of the index, most familiar first:
        (normalised, spelling shown)."""
        return self.index.words(bits & self.accepted)


@cache
def lexicon(rules: str = "dcdl") -> Lexicon:
    """The word list of a rule set (the index is read once per process).

    >>> "REANIMABLE" in lexicon("dcdl"), "MANGEAIS" in lexicon("dcdl")
    (True, False)
    >>> "MANGEAIS" in lexicon("dice") and "MANGEAIS" in lexicon("paroles")
    True
    """
    shared = index()
    return Lexicon(rules, shared, shared.sets[check_rules(rules)])


#: Why a word of the dictionary is refused by a game, by the code the data file uses.
REFUSALS: Final = {
    "c": "forme conjuguée non admise",
    "i": "seul l'infinitif de ce verbe est admis",
    "r": "participe présent non admis pour ce verbe",
    "p": "nom propre",
    "s": "sigle, symbole ou abréviation",
    "l": "mot qui n'existe que dans une locution",
    "o": "interjection ou onomatopée",
    "a": "préfixe ou suffixe",
}


@cache
def _refused() -> str:
    with gzip.open(DATA / "refused.gz", "rt", encoding="utf-8") as text:
        return "\n" + text.read()


def refusal(word: str, rules: str) -> str | None:
    """Why ``rules`` refuses a word of the dictionary (in French), ``None`` if it does not.

    >>> refusal("MANGEAIS", "dcdl")
    'forme conjuguée non admise'
    >>> refusal("MANGEAIS", "dice") is None, refusal("XQZW", "dcdl") is None
    (True, True)
    """
    column = RULES.index(check_rules(rules)) + 1
    text = _refused()
    start = text.find(f"\n{word}\t")
    if start < 0 or not is_plain(word):
        return None
    code = text[start + 1 : text.index("\n", start + 1)].split("\t")[column]
    return REFUSALS[code] if code else None
