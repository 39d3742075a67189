"""Turning a player's raw answer into a judged one, with a French reason when refused.

A word is judged by the lexicon of the game (:func:`solver.words.validate`): in the
lexicon and formable from the draw.

A numbers answer may be a value alone, steps alone, or both:

- steps are checked with :func:`solver.proposal.verify`; the value they reach is the one
  the player claims if it appears among the steps' results, else (no claim) the result of
  the steps closest to the target, as club rules count an unfinished written count ("75x8
  = 600, 5-2 = 3" for 603 counts 600);
- a value alone counts as claimed and verified (the referee confirmed it), but a value the
  draw cannot reach at all is refused.

Club rule sets accept only the written solution ("seule la solution écrite est acceptée, les
lapsus ne seront donc pas sanctionnés"): there the claimed value is set aside, the steps'
best approach counts, and a value without steps counts as nothing proposed (not an error).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.scoring import NumbersAnswer, WordAnswer
from solver.numbers import solve
from solver.proposal import ProposalSyntaxError, verify
from solver.words import validate


@dataclass(frozen=True, slots=True)
class JudgedNumbers:
    """A numbers answer and, when refused, why."""

    answer: NumbersAnswer
    reason: str | None = None


#: Why a club answer without its written count scores nothing.
NOT_WRITTEN = "seule la solution écrite compte en club"


def judge_numbers(
    plates: Sequence[int],
    target: int,
    value: int | None = None,
    steps: str | None = None,
    written_only: bool = False,
) -> JudgedNumbers:
    """Judge one player's numbers answer (see the module's note).

    >>> judge_numbers([3, 75, 2, 4, 1, 1], 888, steps="75-1=74 3x4=12 74x12=888").answer
    NumbersAnswer(value=888, error=False)
    >>> judge_numbers([3, 75, 2, 4, 1, 1], 888, 888, "75-1=74 3x4=12").reason
    "888 n'est pas obtenu par ces étapes"
    >>> judge_numbers([3, 75, 2, 4, 1, 1], 888, 888, "75-1=74 3x4=12", written_only=True).answer
    NumbersAnswer(value=74, error=False)
    """
    if written_only:
        if steps is None or not steps.strip():
            return JudgedNumbers(NumbersAnswer(), NOT_WRITTEN if value is not None else None)
        value = None  # a slip of the tongue is not sanctioned: the writing decides
    if steps is None or not steps.strip():
        if value is None:
            return JudgedNumbers(NumbersAnswer())
        if value < 1 or not solve(plates, value).exact:
            return JudgedNumbers(
                NumbersAnswer(value, error=True), f"{value} est impossible avec ce tirage"
            )
        return JudgedNumbers(NumbersAnswer(value))
    try:
        verdict = verify(plates, steps)
    except ProposalSyntaxError as unreadable:
        return JudgedNumbers(NumbersAnswer(value, error=True), f"compte illisible : {unreadable}")
    if not verdict.valid:
        return JudgedNumbers(NumbersAnswer(value, error=True), verdict.reason)
    results = [step.result for step in verdict.steps] or [v for v in [verdict.value] if v]
    if value is not None:
        if value not in results:
            return JudgedNumbers(
                NumbersAnswer(value, error=True), f"{value} n'est pas obtenu par ces étapes"
            )
        return JudgedNumbers(NumbersAnswer(value))
    closest = min(results, key=lambda r: (abs(r - target), r))
    return JudgedNumbers(NumbersAnswer(closest))


def judge_word(
    letters: str, word: str, rules: str = "dcdl", *, accents: bool = False
) -> tuple[WordAnswer, str | None]:
    """Judge one player's word on a letter draw: the answer, and why it is refused if so.

    With ``accents`` (the club rule sets), an E's accent must be right.

    >>> judge_word("BAMERILANE", "réanimable")
    (WordAnswer(word='REANIMABLE', valid=True), None)
    >>> judge_word("BAMERILANE", "reanimable", accents=True)[1]
    'accent oublié sur le E : « réanimable »'
    """
    verdict = validate(word, letters, rules, accents=accents)
    return WordAnswer(verdict.word, verdict.valid), verdict.reason
