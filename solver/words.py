"""The word solvers: longest word, shortest word with three consonants, players' answers.

- "Le mot le plus long" (dcdl): every accepted word of the best length a draw of up to ten
  tiles allows (each tile used once), and those of the next length down.
- "Le mot le plus court" (the dice game): every word of the shortest length holding the
  three rolled consonants; with the vowel die, an "easy" player's word may instead hold the
  vowel and two of the three consonants.
- "Les paroles s'envolent": whether a hand of cards (jokers ``?`` or ``*`` included) spells
  a word, and the longest word it allows.
- A player's answer: in the game's word list and made from the draw, else a French reason.

Every answer lists the most familiar words first. The look-ups are bit-set operations on
the shared index of :mod:`solver.lexicon`, loaded once per process.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from itertools import combinations, combinations_with_replacement
from operator import attrgetter
from typing import Any, Self

from solver.accents import accent_fault, accented_display
from solver.lexicon import ALPHABET, Lexicon, check_rules, is_plain, lexicon, normalise, refusal

#: The consonants on the three twenty-sided dice of the dice game (Y counts as a vowel).
CONSONANTS = "BCDFGHJKLMNPQRSTVWXZ"

#: The faces of the vowel die, besides the joker ``*``, and what the joker may stand for.
VOWEL_FACES = "AEIOU"
JOKER_VOWELS = "AEIOUY"

#: A joker card or tile in a hand ("Les paroles s'envolent").
JOKERS = "?*"

#: How many tiles a draw may have, by rule set (a bluff hand grows by one card a turn).
MAX_LETTERS = {"dcdl": 10, "dice": 10, "paroles": 20}

#: How many jokers a hand may hold (a Scrabble set has two blanks).
MAX_JOKERS = 2

#: The boxed game's ruling takes words of two letters or more.
MIN_LENGTH = {"dcdl": 2, "dice": 1, "paroles": 1}

_NUMBERS = {1: "un", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq"}


class Answer:
    """Base of the solvers' answers, immutable all the way down (frozen, tuples and strings).

    The engines snapshot their state, answers included, with :mod:`pickle` before each
    event (:mod:`engine.transaction`): an answer pickles as its class and its fields, twice
    as fast as through the generic ``__getstate__`` of a frozen dataclass with slots."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[Self], tuple[Any, ...]]:
        cls = type(self)
        getter = _FIELDS.get(cls)
        if getter is None:  # all the fields at once, in C (an answer has three or more)
            first, *rest = (field.name for field in fields(cls))  # type: ignore[arg-type]
            getter = _FIELDS[cls] = attrgetter(first, *rest)
        return cls, getter(self)


_FIELDS: dict[type[Answer], attrgetter[tuple[Any, ...]]] = {}


class InvalidLetters(ValueError):
    """A draw, a hand or a roll that cannot be; the message says why, in French."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Tiles in normalised spelling: the letters, and how many jokers."""

    letters: str
    jokers: int = 0

    @property
    def counts(self) -> Counter[str]:
        return Counter(self.letters)


def check_draw(letters: str, rules: str = "dcdl") -> Draw:
    """The tiles of a draw or a hand, or :class:`InvalidLetters` with a French reason.

    Accents, spaces and hyphens are ignored; jokers are allowed in a bluff hand only.

    >>> check_draw("b a m e r i l a n e")
    Draw(letters='BAMERILANE', jokers=0)
    >>> check_draw("abc?", "paroles")
    Draw(letters='ABC', jokers=1)
    >>> check_draw("ABCDEFGHIJK")
    Traceback (most recent call last):
    ...
    solver.words.InvalidLetters: 11 lettres : un tirage en compte au plus 10
    """
    check_rules(rules)
    text = normalise(letters)
    jokers = sum(text.count(joker) for joker in JOKERS) if rules == "paroles" else 0
    plain = "".join(c for c in text if c not in JOKERS) if jokers else text
    if not text:
        raise InvalidLetters("aucune lettre : le tirage est vide")
    for character in plain:
        if character not in ALPHABET:
            raise InvalidLetters(f"« {character} » n'est pas une lettre (A à Z)")
    if len(text) > MAX_LETTERS[rules]:
        raise InvalidLetters(
            f"{len(text)} lettres : un tirage en compte au plus {MAX_LETTERS[rules]}"
        )
    if jokers > MAX_JOKERS:
        raise InvalidLetters(f"{jokers} jokers : une main en compte au plus {MAX_JOKERS}")
    return Draw(plain, jokers)


@dataclass(frozen=True, slots=True)
class WordVerdict(Answer):
    """Whether a player's word stands, and if not, why (in French)."""

    #: The word in normalised spelling (A-Z).
    word: str
    valid: bool
    #: A French sentence when ``valid`` is false ("il manque un E", "nom propre"...).
    reason: str | None
    #: The spelling to show players ("réanimable"), when the word is in the dictionary;
    #: the player's own, when the club rule refuses how its E's are written.
    display: str | None

    def as_dict(self) -> dict[str, object]:
        return {
            "word": self.word,
            "valid": self.valid,
            "reason": self.reason,
            "display": self.display,
        }


def missing_letters(word: str, draw: Draw) -> str | None:
    """What the draw lacks to spell ``word``, in French, or ``None``.

    >>> missing_letters("REANIMABLE", check_draw("BAMERILANE")) is None
    True
    >>> missing_letters("ABEILLES", check_draw("BAMERILANE"))
    'il manque un L et un S'
    >>> missing_letters("ZEBRE", check_draw("ZBR?", "paroles"))
    'il manque un E'
    """
    lacking = Counter(word) - draw.counts
    excess = sum(lacking.values()) - draw.jokers
    if excess <= 0:
        return None
    if draw.jokers:  # the jokers stand for some letters: say how many are still missing
        if len(lacking) == 1:
            (letter,) = lacking
            return f"il manque {_count(excess, letter)}"
        if excess == 1:
            return "il manque une lettre"
        return f"il manque {_NUMBERS.get(excess, str(excess))} lettres"
    parts = [_count(count, letter) for letter, count in sorted(lacking.items())]
    return "il manque " + (
        " et ".join([", ".join(parts[:-1]), parts[-1]]) if parts[1:] else parts[0]
    )


def _count(count: int, letter: str) -> str:
    return f"{_NUMBERS.get(count, str(count))} {letter}"


def validate(
    word: str, letters: str | None = None, rules: str = "dcdl", *, accents: bool = False
) -> WordVerdict:
    """Judge a player's word for a game, against its draw when ``letters`` is given.

    For the dice game, ``letters`` is the roll, which the word must hold. Accents, case
    and hyphens are ignored, except with ``accents`` (the club rule sets, ``dcdl`` only):
    then an E's accent must be right (:mod:`solver.accents`).

    >>> validate("réanimable", "BAMERILANE")
    WordVerdict(word='REANIMABLE', valid=True, reason=None, display='réanimable')
    >>> validate("MANGEAIS").reason, validate("MANGEAIS", rules="dice").valid
    ('forme conjuguée non admise', True)
    >>> validate("ABEILLE", "BAMERILANE").reason
    'il manque un L'
    >>> validate("fatuite", accents=True).reason
    'accent oublié sur le E : « fatuité »'
    """
    normalised = normalise(word)
    words = lexicon(check_rules(rules))
    if accents and rules != "dcdl":
        raise ValueError("la règle des accents (clubs) ne s'applique qu'au mot le plus long")
    draw = check_draw(letters, rules) if letters is not None else None
    if not is_plain(normalised):
        return WordVerdict(normalised, False, "ce n'est pas un mot : lettres A à Z seulement", None)
    rank = words.index.find(normalised)  # where the dictionary has it, whatever the game
    display = None if rank is None else words.index.displays[rank]
    reason = None
    if draw is not None and rules == "dice":  # a roll: the word must hold its letters
        reason = missing_letters(draw.letters, Draw(normalised))
    elif draw is not None:
        reason = missing_letters(normalised, draw)
    if reason is None and len(normalised) < MIN_LENGTH[rules]:
        reason = f"un mot compte au moins {MIN_LENGTH[rules]} lettres"
    if reason is None and (rank is None or not words.accepted >> rank & 1):
        reason = refusal(normalised, rules) or "mot inconnu"
    if rules == "dcdl":  # show the spelling written, when the player wrote the E's so
        display = accented_display(word) or display
    if reason is None and accents:
        reason = accent_fault(word)
        display = display if reason is None else word.strip()  # as the player wrote it
    return WordVerdict(normalised, reason is None, reason, display)


@dataclass(frozen=True, slots=True)
class LongestWords(Answer):
    """The longest words a draw allows, and those of the next length down."""

    letters: str
    best_length: int
    #: Every accepted word of ``best_length`` (normalised), most familiar first.
    words: tuple[str, ...]
    display: tuple[str, ...]
    next_length: int | None
    next_words: tuple[str, ...]
    next_display: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        following = None
        if self.next_length is not None:
            following = {
                "length": self.next_length,
                "words": list(self.next_words),
                "display": list(self.next_display),
            }
        return {
            "letters": self.letters,
            "best_length": self.best_length,
            "words": list(self.words),
            "display": list(self.display),
            "next": following,
        }


def _formable(words: Lexicon, draw: Draw) -> int:
    """The bit set of the game's words the draw spells, jokers standing for any letter."""
    index = words.index
    counts = draw.counts
    bits = 0
    for extra in combinations_with_replacement(ALPHABET, draw.jokers):
        bits |= index.at_most(counts + Counter(extra))
    return bits & words.accepted


def longest(letters: str, rules: str = "dcdl") -> LongestWords:
    """The longest words of a draw (each tile used once), then the next length down.

    >>> found = longest("BAMERILANE")
    >>> found.best_length, found.words, found.display
    (10, ('REANIMABLE', 'REMANIABLE'), ('réanimable', 'remaniable'))
    """
    draw = check_draw(letters, rules)
    words = lexicon(rules)
    formable = _formable(words, draw)
    lengths: list[tuple[int, list[tuple[str, str]]]] = []
    for length in range(len(draw.letters) + draw.jokers, MIN_LENGTH[rules] - 1, -1):
        found = words.words(formable & words.index.of_length(length))
        if found:
            lengths.append((length, found))
            if len(lengths) == 2:
                break
    best_length, best = lengths[0] if lengths else (0, [])
    next_length, following = lengths[1] if len(lengths) > 1 else (None, [])
    return LongestWords(
        letters=draw.letters + "?" * draw.jokers,
        best_length=best_length,
        words=tuple(word for word, _ in best),
        display=tuple(shown for _, shown in best),
        next_length=next_length,
        next_words=tuple(word for word, _ in following),
        next_display=tuple(shown for _, shown in following),
    )


@dataclass(frozen=True, slots=True)
class ShortestWords(Answer):
    """The shortest words a roll of the dice game asks for."""

    consonants: tuple[str, ...]
    vowel: str | None
    player: str | None
    #: ``None`` when no word exists ("impossible").
    length: int | None
    words: tuple[str, ...]
    display: tuple[str, ...]

    @property
    def impossible(self) -> bool:
        return self.length is None

    def as_dict(self) -> dict[str, object]:
        answer: dict[str, object] = {"consonants": list(self.consonants)}
        if self.vowel is not None:
            answer |= {"vowel": self.vowel, "player": self.player}
        return answer | {
            "shortest_length": self.length,
            "words": list(self.words),
            "display": list(self.display),
            "impossible": self.impossible,
        }


PLAYERS = ("easy", "hard")


def check_roll(
    consonants: Sequence[str], vowel: str | None = None, player: str | None = None
) -> tuple[tuple[str, ...], str | None, str | None]:
    """The roll in normalised form, or :class:`InvalidLetters` with a French reason."""
    faces = tuple(normalise(c) for c in consonants)
    if len(faces) != 3:
        raise InvalidLetters(f"il faut trois consonnes (une par dé), pas {len(faces)}")
    for face in faces:
        if len(face) != 1 or face not in CONSONANTS:
            raise InvalidLetters(f"« {face} » n'est pas une consonne des dés")
    if vowel is None:
        if player is not None:
            raise InvalidLetters("--player ne s'emploie qu'avec le dé voyelle")
        return faces, None, None
    face = normalise(vowel)
    if face not in VOWEL_FACES and face != "*":
        raise InvalidLetters(f"« {vowel} » n'est pas une face du dé voyelle (A E I O U *)")
    if player not in PLAYERS:
        raise InvalidLetters("avec le dé voyelle, précisez le joueur : easy ou hard")
    return faces, face, player


def _requirements(
    consonants: tuple[str, ...], vowel: str | None, player: str | None
) -> Iterable[Mapping[str, int]]:
    """The letter counts a word must hold, any one of them sufficing.

    A consonant rolled twice must appear twice: each die asks for its own letter, and the
    rule's "the same consonant may appear several times" is about the word, not the dice.
    An easy player "pourra" (may) use the vowel and two of the three consonants: the three
    consonants, the hard players' rule, are theirs too (``docs/rulings.md``).
    """
    everyone = Counter(consonants)
    if player != "easy":
        return [everyone]
    vowels = JOKER_VOWELS if vowel == "*" else str(vowel)
    pairs = [Counter((v, *pair)) for v in vowels for pair in combinations(consonants, 2)]
    return [everyone, *pairs]


def shortest_with(
    consonants: Sequence[str], vowel: str | None = None, player: str | None = None
) -> ShortestWords:
    """The shortest words holding the rolled consonants ("Le mot le plus court").

    >>> found = shortest_with("BCD")
    >>> found.length, found.impossible
    (6, False)
    >>> shortest_with("XWK").impossible
    True
    """
    faces, face, who = check_roll(consonants, vowel, player)
    words = lexicon("dice")
    index = words.index
    holding = 0
    for counts in _requirements(faces, face, who):
        holding |= index.at_least(counts)
    holding &= words.accepted
    length, found = None, []
    for size in range(1, index.longest + 1):
        hits = holding & index.of_length(size)
        if hits:
            length, found = size, words.words(hits)
            break
    return ShortestWords(
        consonants=faces,
        vowel=face,
        player=who,
        length=length,
        words=tuple(word for word, _ in found),
        display=tuple(shown for _, shown in found),
    )


@dataclass(frozen=True, slots=True)
class HandCheck(Answer):
    """ "Menteur !": whether a hand spells the announced word, and what it could have said."""

    cards: str
    verdict: WordVerdict
    longest: LongestWords

    @property
    def spelled(self) -> bool:
        return self.verdict.valid


def check_hand(cards: str, word: str) -> HandCheck:
    """Judge a "menteur !" call in "Les paroles s'envolent".

    >>> check = check_hand("CHAT?", "CHATS")
    >>> check.spelled, check.longest.best_length
    (True, 5)
    """
    return HandCheck(
        cards=normalise(cards),
        verdict=validate(word, cards, "paroles"),
        longest=longest(cards, "paroles"),
    )
