"""The rule sets of "Des chiffres et des lettres", as data: one description each.

A rule set says how many players, which rounds in which order, the timers, the target
range, how letter draws are made and which scoring and ranking rules apply. The game
engine reads these; there is no per-rule-set copy of the game logic.

Choices where the rulebooks are silent (also in the README):

- Boxed game order: the rulebook's first round is numbers and its second letters; the 12
  rounds here repeat numbers, letters, letters four times (``BOXED_ORDER``), which a
  :class:`RuleSet` built with :func:`dataclasses.replace` can change.
- Club duplicate order: 12 numbers rounds spread evenly among the 18 letters rounds; the
  letter compositions are dealt to the letters rounds in a random order (seeded per game).
- TV sprint final: two prepared draws, so two sprint questions; the lower score chooses
  first between the letters and the numbers draw (:func:`engine.duels.chooses_first`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from engine import scoring
from engine.scoring import LettersRound, NumbersRound, Points
from solver.plates import BOXED_TARGETS, SHOW_TARGETS


class RoundKind(StrEnum):
    """What a round is; the values are the ``round`` field of a game's JSON lines."""

    NUMBERS = "numbers"
    LETTERS = "letters"
    DUEL = "duel"
    SPRINT = "sprint"


@dataclass(frozen=True, slots=True)
class Timer:
    """How long a round runs: search time, then writing time (club play), in seconds."""

    search: float
    writing: float = 0.0

    @property
    def total(self) -> float:
        return self.search + self.writing

    def phase(self, left: float) -> TimerPhase:
        """Where the hourglass stands with ``left`` seconds of the whole time to go.

        Club play gives "40 secondes pour la recherche plus 15 secondes pour l'écriture":
        the search runs first, then the writing; the instant the search ends is the
        writing's first.

        >>> Timer(40, 15).phase(50)
        TimerPhase(writing=False, left=35.0, length=40.0)
        >>> Timer(40, 15).phase(15)
        TimerPhase(writing=True, left=15.0, length=15.0)
        >>> Timer(45).phase(3)
        TimerPhase(writing=False, left=3.0, length=45.0)
        """
        left = min(max(float(left), 0.0), self.total)
        if self.writing > 0 and left <= self.writing:
            return TimerPhase(True, left, float(self.writing))
        return TimerPhase(False, left - self.writing, float(self.search))


@dataclass(frozen=True, slots=True)
class TimerPhase:
    """One phase of a running hourglass: the search, or the writing that follows it."""

    writing: bool
    """The writing time (club play), else the search."""
    left: float
    """Seconds left in this phase."""
    length: float
    """The phase's whole length in seconds."""


@dataclass(frozen=True, slots=True)
class Composition:
    """A letter draw made of so many consonants and vowels (club play)."""

    consonants: int
    vowels: int

    def __str__(self) -> str:
        return f"{self.consonants}C/{self.vowels}V"


def compositions(*spec: tuple[int, int, int]) -> tuple[Composition, ...]:
    """``(count, consonants, vowels)`` triples to a flat tuple of compositions."""
    return tuple(Composition(c, v) for count, c, v in spec for _ in range(count))


def spread(letters: int, numbers: int) -> tuple[RoundKind, ...]:
    """``letters + numbers`` rounds with the numbers rounds spread evenly.

    >>> "".join(k.value[0] for k in spread(4, 2))
    'llnlln'
    """
    total = letters + numbers
    order = []
    for i in range(total):
        before, after = i * numbers // total, (i + 1) * numbers // total
        order.append(RoundKind.NUMBERS if after > before else RoundKind.LETTERS)
    return tuple(order)


#: Club sudden death, "avec réduction progressive du temps": each draw has this much less
#: search time than the one before, starting from the regular time, down to the floor; the
#: writing time stays (``docs/rulings.md``).
SUDDEN_DEATH_STEP = 10.0
SUDDEN_DEATH_FLOOR = 10.0


def sudden_death_timer(timer: Timer, draw: int) -> Timer:
    """The hourglass of the ``draw``-th sudden-death draw (1-based).

    >>> [sudden_death_timer(Timer(40, 15), n).search for n in (1, 2, 3, 4)]
    [30.0, 20.0, 10.0, 10.0]
    """
    search = max(SUDDEN_DEATH_FLOOR, timer.search - SUDDEN_DEATH_STEP * draw)
    return Timer(search, timer.writing)


L, N, D, S = RoundKind.LETTERS, RoundKind.NUMBERS, RoundKind.DUEL, RoundKind.SPRINT

BOXED_ORDER = (N, L, L) * 4
TV_ORDER = (L, N, L, N, D, L, N, L, N, D, L, N, L, N, S, S)


@dataclass(frozen=True)
class RuleSet:
    """One way of playing, as data."""

    name: str
    title: str
    """The French name shown on screen."""
    players: tuple[int, int]
    """Fewest and most players."""
    order: tuple[RoundKind, ...]
    targets: tuple[int, int]
    timers: Mapping[RoundKind, Timer]
    numbers_points: Callable[[NumbersRound], Points]
    letters_points: Callable[[LettersRound], Points]
    min_vowels: int = 0
    """Fewest vowels in a free letter draw (players choose vowel or consonant)."""
    letter_compositions: tuple[Composition, ...] = ()
    """Compositions dealt to the letters rounds (club play); empty for free draws."""
    tie_rounds: tuple[RoundKind, ...] = ()
    """Extra rounds played on a tie, then sudden death alternating (club match)."""
    ranking_keys: tuple[str, ...] = field(default=("total",))
    """The ranking's criteria in order (see :mod:`engine.ranking`)."""
    accents: bool = False
    """An E's accent must be right in a word, even in capitals (the club rule)."""
    written_counts_only: bool = False
    """Club play: "seule la solution écrite est acceptée": a numbers answer is what its
    written steps reach; a value said or claimed without them counts for nothing."""

    def letter_plan(self, rng: random.Random) -> list[Composition | None]:
        """The composition of each letters round in order (None: a free draw)."""
        count = sum(1 for kind in self.order if kind is RoundKind.LETTERS)
        if not self.letter_compositions:
            return [None] * count
        plan: list[Composition | None] = list(self.letter_compositions)
        rng.shuffle(plan)
        return plan


BOXED = RuleSet(
    name="boxed",
    title="Des chiffres et des lettres — le jeu de société",
    players=(2, 6),
    order=BOXED_ORDER,
    targets=BOXED_TARGETS,
    timers={N: Timer(45), L: Timer(30)},
    numbers_points=scoring.numbers_boxed,
    letters_points=scoring.letters_boxed,
    min_vowels=2,
)

TV = RuleSet(
    name="tv",
    title="Des chiffres et des lettres — l'émission",
    players=(2, 2),
    order=TV_ORDER,
    targets=SHOW_TARGETS,
    timers={N: Timer(45), L: Timer(30), D: Timer(30), S: Timer(30)},
    numbers_points=scoring.numbers_tv,
    letters_points=scoring.letters_tv,
    min_vowels=2,
)

CLUB_DUPLICATE = RuleSet(
    name="club-duplicate",
    title="Des chiffres et des lettres — duplicate en club",
    players=(1, 99),
    order=spread(18, 12),
    targets=SHOW_TARGETS,
    timers={N: Timer(40, 15), L: Timer(40, 10)},
    numbers_points=scoring.numbers_duplicate,
    letters_points=scoring.letters_duplicate,
    letter_compositions=compositions((10, 5, 5), (3, 6, 4), (3, 4, 6), (1, 7, 3), (1, 3, 7)),
    written_counts_only=True,
    ranking_keys=(
        "total",
        "tens",
        "numbers",
        "nines",
        "eights",
        "sevens",
        "first_not_topped",
        "lot",
    ),
    accents=True,
)

CLUB_MATCH = RuleSet(
    name="club-match",
    title="Des chiffres et des lettres — match en club",
    players=(2, 2),
    order=spread(12, 8),
    targets=SHOW_TARGETS,
    timers={N: Timer(40, 15), L: Timer(40, 10)},
    numbers_points=scoring.numbers_match,
    letters_points=scoring.letters_match,
    letter_compositions=compositions((6, 5, 5), (2, 6, 4), (2, 4, 6), (1, 7, 3), (1, 3, 7)),
    tie_rounds=(N, L),
    accents=True,
    written_counts_only=True,
)

#: A club ranking match ("match de classement"): a tie after the regular rounds goes to
#: the player better ranked in the morning's duplicate, no extra rounds. The players are
#: entered in their duplicate order, the better ranked first (ranking key ``seat``).
CLUB_MATCH_RANKING = dataclasses.replace(
    CLUB_MATCH,
    name="club-match-classement",
    title="Des chiffres et des lettres — match de classement en club",
    tie_rounds=(),
    ranking_keys=("total", "seat"),
)

#: The final of a club tournament: 24 rounds, 16 of them letters.
CLUB_MATCH_FINAL = dataclasses.replace(
    CLUB_MATCH,
    name="club-match-final",
    title="Des chiffres et des lettres — finale de club",
    order=spread(16, 8),
    letter_compositions=compositions((8, 5, 5), (3, 6, 4), (3, 4, 6), (1, 7, 3), (1, 3, 7)),
)

RULE_SETS: dict[str, RuleSet] = {
    rules.name: rules
    for rules in (BOXED, TV, CLUB_DUPLICATE, CLUB_MATCH, CLUB_MATCH_RANKING, CLUB_MATCH_FINAL)
}


def rule_set(name: str) -> RuleSet:
    """The rule set called ``name``, or a ValueError listing the known ones in French."""
    try:
        return RULE_SETS[name]
    except KeyError:
        known = ", ".join(RULE_SETS)
        raise ValueError(f"règles inconnues « {name} » (connues : {known})") from None
