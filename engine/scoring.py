"""Who scores what in a round of "Des chiffres et des lettres": one pure function per rule.

Every function takes the players' judged answers (already checked by the solver's verifier
or the lexicon) and returns the points of each player for the round. The rulebooks'
worked examples are the tests (``tests/test_scoring.py``).

Choices where the rulebooks are silent (also in the README):

- Boxed game, letters, more than two players: the rulebook gives a refused word's points
  "to the other player", the one who beat it. Here they go to the round's winners: among
  the players whose word was not refused, those with the longest valid word (all of them
  when nobody has a valid word), who score the larger of their own word and the longest
  refused word, never a sum. With two players that is the rulebook's rule exactly
  (``docs/rulings.md``).
- Club duplicate, numbers, impossible count: the best approach scores 8 when it is at 1;
  otherwise it scores 7 and the scale goes down from there, i.e. a result at distance ``d``
  scores as if it were at ``d - best + 2``.
- A numbers answer in error (illegal or wrong steps) scores 0 everywhere, and counts as
  worse than any result, or than no answer, when players are compared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

Points = dict[str, int]


@dataclass(frozen=True, slots=True)
class NumbersAnswer:
    """A player's result in a numbers round, once checked."""

    value: int | None = None
    """The value reached; None when the player proposed nothing."""
    error: bool = False
    """True when the proposal was refused (illegal step, wrong result, not confirmed)."""

    def distance(self, target: int) -> int | None:
        """How far the result is from the target; None for no answer or an error."""
        if self.error or self.value is None:
            return None
        return abs(self.value - target)


@dataclass(frozen=True, slots=True)
class WordAnswer:
    """A player's word in a letters round, once judged."""

    word: str | None = None
    """The normalised word (A-Z); None when the player proposed nothing."""
    valid: bool = False

    @property
    def length(self) -> int:
        return len(self.word) if self.word else 0

    @property
    def refused(self) -> bool:
        return self.word is not None and not self.valid


@dataclass(frozen=True, slots=True)
class NumbersRound:
    """What scoring a numbers round needs."""

    target: int
    best_distance: int
    """The solver's best possible distance (0 when the count is exact)."""
    answers: Mapping[str, NumbersAnswer]


@dataclass(frozen=True, slots=True)
class LettersRound:
    """What scoring a letters round needs."""

    answers: Mapping[str, WordAnswer]


def _zero(answers: Mapping[str, object]) -> Points:
    return dict.fromkeys(answers, 0)


# --- numbers -------------------------------------------------------------------------


def numbers_boxed(round_: NumbersRound) -> Points:
    """Boxed game: the exact count scores 10, else the closest result(s) 7; ties all score.

    >>> numbers_boxed(NumbersRound(447, 0, {"A": NumbersAnswer(444), "B": NumbersAnswer(450)}))
    {'A': 7, 'B': 7}
    """
    points = _zero(round_.answers)
    distances = {p: a.distance(round_.target) for p, a in round_.answers.items()}
    valid = [d for d in distances.values() if d is not None]
    if not valid:
        return points
    closest = min(valid)
    for player, distance in distances.items():
        if distance == closest:
            points[player] = 10 if closest == 0 else 7
    return points


def numbers_tv(round_: NumbersRound) -> Points:
    """TV show: 10 for the exact count, or for the best possible approach when the count is
    impossible; else 7 for a result at least as good as the opponent's; else 0."""
    points = _zero(round_.answers)
    distances = {p: a.distance(round_.target) for p, a in round_.answers.items()}
    for player, distance in distances.items():
        if distance is None:
            continue
        others = [d for p, d in distances.items() if p != player and d is not None]
        if distance == round_.best_distance:
            points[player] = 10
        elif all(distance <= d for d in others):
            points[player] = 7
    return points


#: The club duplicate scale: points for a result at distance 0, 1, ..., 20; 0 beyond.
DUPLICATE_SCALE: tuple[int, ...] = (9, 8, 7, 6, 5, 4, 4, 3, 3, 2, 2, *([1] * 10))


def duplicate_numbers_points(distance: int | None, best_distance: int) -> int:
    """The club duplicate points of one result (None: error or nothing, 0 points).

    >>> duplicate_numbers_points(0, 0), duplicate_numbers_points(5, 0)
    (9, 4)
    >>> [duplicate_numbers_points(d, best) for d, best in [(1, 1), (4, 4), (5, 4)]]
    [8, 7, 6]
    """
    if distance is None:
        return 0
    shifted = distance if best_distance <= 1 else distance - best_distance + 2
    return DUPLICATE_SCALE[shifted] if shifted < len(DUPLICATE_SCALE) else 0


def numbers_duplicate(round_: NumbersRound) -> Points:
    """Club duplicate: each player scores on the scale, independently of the others."""
    return {
        player: duplicate_numbers_points(answer.distance(round_.target), round_.best_distance)
        for player, answer in round_.answers.items()
    }


def _match_point(a: int | None, b: int | None, a_error: bool, b_error: bool) -> tuple[int, int]:
    """Club match: 1 point to the better result; an error alone gives the point away.

    ``a`` and ``b`` are "bigger is better" measures (None: nothing proposed).
    """
    if a_error and b_error:
        return 0, 0
    if a_error:
        return 0, 1
    if b_error:
        return 1, 0
    if a is None or b is None:  # any result beats none (a distance is negative here)
        return (int(b is None and a is not None), int(a is None and b is not None))
    if a == b:
        return 0, 0
    return (1, 0) if a > b else (0, 1)


def _two_players(answers: Mapping[str, object]) -> tuple[str, str]:
    if len(answers) != 2:
        raise ValueError(f"this rule is for two players, not {len(answers)}")
    first, second = answers
    return first, second


def numbers_match(round_: NumbersRound) -> Points:
    """Club match, numbers: the closer result takes the point."""
    a, b = _two_players(round_.answers)
    answer_a, answer_b = round_.answers[a], round_.answers[b]
    da, db = answer_a.distance(round_.target), answer_b.distance(round_.target)
    pa, pb = _match_point(
        None if da is None else -da, None if db is None else -db, answer_a.error, answer_b.error
    )
    return {a: pa, b: pb}


# --- letters -------------------------------------------------------------------------


def letters_boxed(round_: LettersRound) -> Points:
    """Boxed game: the longest valid word(s) score one point a letter; a refused word
    scores nothing and its points go to the round's winners (see the module's note).

    >>> answers = {"A": WordAnswer("MALINE", True), "B": WordAnswer("REMANIABLE")}
    >>> letters_boxed(LettersRound(answers))
    {'A': 10, 'B': 0}
    >>> answers = {"A": WordAnswer("MANGEAIS"), "B": WordAnswer("LAMIE", True),
    ...            "C": WordAnswer("AMI", True)}
    >>> letters_boxed(LettersRound(answers))
    {'A': 0, 'B': 8, 'C': 0}
    """
    answers = round_.answers
    points = _zero(answers)
    longest = max((a.length for a in answers.values() if a.valid), default=0)
    refused = max((a.length for a in answers.values() if a.refused), default=0)
    for player, answer in answers.items():
        if not answer.refused and answer.length == longest:  # a winner of the round
            points[player] = max(longest, refused)
    return points


def letters_tv(round_: LettersRound) -> Points:
    """TV show: a correct word at least as long as the opponent's scores its length; a
    wrong word scores nothing, and if it is longer than the opponent's correct word, the
    opponent scores the length of the longer word.

    >>> letters_tv(LettersRound({"A": WordAnswer("REANIMA", True), "B": WordAnswer("REMANIABLE")}))
    {'A': 10, 'B': 0}
    """
    a, b = _two_players(round_.answers)
    points = _zero(round_.answers)
    for me, other in ((a, b), (b, a)):
        mine, theirs = round_.answers[me], round_.answers[other]
        if not mine.valid:
            continue
        if theirs.valid and theirs.length > mine.length:
            continue
        longer_wrong = theirs.refused and theirs.length > mine.length
        points[me] = theirs.length if longer_wrong else mine.length
    return points


def letters_duplicate(round_: LettersRound) -> Points:
    """Club duplicate: a valid word scores its length, whatever the others played."""
    return {p: a.length if a.valid else 0 for p, a in round_.answers.items()}


def letters_match(round_: LettersRound) -> Points:
    """Club match, letters: the longer valid word takes the point."""
    a, b = _two_players(round_.answers)
    wa, wb = round_.answers[a], round_.answers[b]
    pa, pb = _match_point(wa.length or None, wb.length or None, wa.refused, wb.refused)
    return {a: pa, b: pb}


# --- duels and the sprint final (TV) -----------------------------------------------------


DUEL_POINTS = 5


def duel(players: list[str], winner: str | None = None, wrong: str | None = None) -> Points:
    """A TV duel or sprint question: 5 points to the right answer, or 5 to the opponent of
    a wrong one; nobody answering in time scores nothing.

    >>> duel(["Ana", "Bruno"], wrong="Ana")
    {'Ana': 0, 'Bruno': 5}
    """
    points = dict.fromkeys(players, 0)
    if winner is not None and wrong is not None:
        raise ValueError("a duel has a winner or a wrong answer, not both")
    if winner is not None:
        points[_known(players, winner)] = DUEL_POINTS
    elif wrong is not None:
        _known(players, wrong)
        for player in players:
            if player != wrong:
                points[player] = DUEL_POINTS
    return points


def _known(players: list[str], player: str) -> str:
    if player not in players:
        raise ValueError(f"{player} ne joue pas dans cette partie")
    return player
