"""A scored round as the score sheet keeps it, from judged answers.

The game engine and the replay of ``arbitre score`` both score rounds this way: the rule
set's points, the valid word lengths (for the club ranking) and the round's "top", the
most points it allowed (for "the first round not topped"), from the round's best answers
(:mod:`engine.best`: computed once, the screen shows the same).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.best import best_numbers, best_words
from engine.ranking import RoundRecord
from engine.rules import RoundKind, RuleSet
from engine.scoring import (
    LettersRound,
    NumbersAnswer,
    NumbersRound,
    WordAnswer,
    duplicate_numbers_points,
)


def numbers_record(
    rules: RuleSet, plates: tuple[int, ...], target: int, answers: Mapping[str, NumbersAnswer]
) -> RoundRecord:
    """Score a numbers round; its top is what the best possible count is worth."""
    best = best_numbers(plates, target).distance
    points = rules.numbers_points(NumbersRound(target, best, answers))
    return RoundRecord(RoundKind.NUMBERS, points, top=duplicate_numbers_points(best, best))


def letters_record(rules: RuleSet, letters: str, answers: Mapping[str, WordAnswer]) -> RoundRecord:
    """Score a letters round; its top is the length of the longest word the draw allowed."""
    points = rules.letters_points(LettersRound(answers))
    lengths = {p: a.length for p, a in answers.items() if a.valid}
    return RoundRecord(RoundKind.LETTERS, points, lengths, top=best_words(letters).best_length)
