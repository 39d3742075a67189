"""A scored round as the score sheet keeps it, from judged answers.

The game engine and the replay of ``arbitre score`` both score rounds this way: the rule
set's points, the valid word lengths (for the club ranking) and the round's "top", the
most points it allowed (for "the first round not topped"), from the round's best answers
(:mod:`engine.best`: computed once, the screen shows the same).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

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

    def score(given: Mapping[str, NumbersAnswer]) -> dict[str, int]:
        return rules.numbers_points(NumbersRound(target, best, given))

    points = score(answers)
    notes = _notes(points, answers, score, NumbersAnswer(), lambda a: "compte")
    top = duplicate_numbers_points(best, best)
    return RoundRecord(RoundKind.NUMBERS, points, top=top, notes=notes)


def letters_record(rules: RuleSet, letters: str, answers: Mapping[str, WordAnswer]) -> RoundRecord:
    """Score a letters round; its top is the length of the longest word the draw allowed."""

    def score(given: Mapping[str, WordAnswer]) -> dict[str, int]:
        return rules.letters_points(LettersRound(given))

    points = score(answers)
    notes = _notes(points, answers, score, WordAnswer(), lambda a: f"mot de {a.length} lettres")
    lengths = {p: a.length for p, a in answers.items() if a.valid}
    top = best_words(letters).best_length
    return RoundRecord(RoundKind.LETTERS, points, lengths, top=top, notes=notes)


A = TypeVar("A", NumbersAnswer, WordAnswer)


def _notes(
    points: Mapping[str, int],
    answers: Mapping[str, A],
    score: Callable[[Mapping[str, A]], dict[str, int]],
    nothing: A,
    said: Callable[[A], str],
) -> dict[str, str]:
    """Why players scored more than their own answers earned: the round scored again as
    if the refused answers had not been given; the difference came from them."""
    refused = {p: a for p, a in answers.items() if _refused(a)}
    if not refused:
        return {}
    alone = score({p: nothing if p in refused else a for p, a in answers.items()})
    notes: dict[str, str] = {}
    for player, gained in points.items():
        if gained <= alone.get(player, 0):
            continue
        others = {p: a for p, a in refused.items() if p != player}
        if not others:
            continue
        worst = max(others.values(), key=_size)
        whose = [p for p, a in others.items() if _size(a) == _size(worst)]
        notes[player] = f"+{gained} : {said(worst)} refusé chez {' et '.join(whose)}"
    return notes


def _refused(answer: NumbersAnswer | WordAnswer) -> bool:
    return answer.error if isinstance(answer, NumbersAnswer) else answer.refused


def _size(answer: NumbersAnswer | WordAnswer) -> int:
    return answer.length if isinstance(answer, WordAnswer) else 0
