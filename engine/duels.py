"""What the device prepares for the TV show's duels and sprint final.

- "Calcul mental": a chain like ((((71 × 21) + 25) − 121) × 4) ÷ 2 whose every result is
  a whole positive number, with its answer, for the referee to read out and check.
- Sprint final: draws guaranteed solvable (the count is exact, a 10-letter word exists),
  and which player chooses first (the lower score).

What the referee chose, and what was drawn for it, is a :class:`engine.events.DuelChosen`
of the game; these names are the ones saved games keep.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from engine.letters import draw_letters
from engine.rules import Composition
from solver.arithmetic import Op, Step, apply
from solver.numbers import solve
from solver.plates import SHOW_TARGETS, NumbersDraw, draw_numbers
from solver.words import longest

DUELS = ("calcul", "un-dans-autre", "autre")
"""The duels the referee may choose: "Calcul mental", "L'un dans l'autre", another one
only timed (the traditional duel, "La Bonne Orthographe")."""
SPRINT_DRAWS = ("sprint-numbers", "sprint-letters")
"""The sprint final's two prepared draws: the numbers one and the letters one."""
CHAIN_OPS: tuple[Op, ...] = ("*", "+", "-", "*", "/")
"""The operations of a mental chain, between its six numbers."""


@dataclass(frozen=True, slots=True)
class MentalChain:
    """A "calcul mental" duel: the chain to read out, and its steps and answer."""

    text: str
    steps: tuple[Step, ...]

    @property
    def answer(self) -> int:
        return self.steps[-1].result

    @property
    def numbers(self) -> tuple[int, ...]:
        """The six numbers read out (what a saved game keeps: :func:`chain_of`)."""
        return (self.steps[0].a, *(step.b for step in self.steps))


def mental_chain(rng: random.Random) -> MentalChain:
    """A chain ``((((a × b) + c) − d) × e) ÷ f`` with whole results at every step.

    >>> chain = mental_chain(random.Random(1))
    >>> chain.text.count("("), chain.answer == chain.steps[-1].result
    (4, True)
    """
    while True:
        a, b = rng.randint(11, 99), rng.randint(3, 29)
        value = a * b
        c = rng.randint(5, 150)
        d = rng.randint(5, min(200, value + c - 1))
        e = rng.randint(2, 9)
        product = (value + c - d) * e
        divisors = [f for f in range(2, 13) if product % f == 0 and f != e]
        if not divisors:
            continue
        f = rng.choice(divisors)
        return chain_of((a, b, c, d, e, f))


def chain_of(numbers: tuple[int, ...]) -> MentalChain:
    """The chain of six numbers ``((((a × b) + c) − d) × e) ÷ f``; IllegalStep (French)
    when a step is not whole and positive, ValueError when there are not six numbers.

    >>> chain_of((71, 21, 25, 121, 4, 2)).answer
    2790
    """
    if len(numbers) != len(CHAIN_OPS) + 1:
        raise ValueError(f"un calcul mental a {len(CHAIN_OPS) + 1} nombres")
    if any(n <= 0 for n in numbers):
        raise ValueError("un calcul mental ne prend que des nombres positifs")
    steps: list[Step] = []
    current = numbers[0]
    for op, operand in zip(CHAIN_OPS, numbers[1:], strict=True):
        result = apply(current, op, operand)
        steps.append(Step(current, op, operand, result))
        current = result
    a, b, c, d, e, f = numbers
    return MentalChain(f"(((({a} × {b}) + {c}) − {d}) × {e}) ÷ {f}", tuple(steps))


def exact_numbers_draw(rng: random.Random, targets: tuple[int, int] = SHOW_TARGETS) -> NumbersDraw:
    """A numbers draw whose count is exact (sprint final)."""
    while True:
        draw = draw_numbers(rng, targets)
        if solve(draw.plates, draw.target).exact:
            return draw


def ten_letter_draw(rng: random.Random, tries: int = 10_000) -> str:
    """A 5 consonant / 5 vowel letter draw that holds a 10-letter word (sprint final)."""
    for _ in range(tries):
        letters = draw_letters(rng, Composition(5, 5))
        if longest(letters).best_length == 10:
            return letters
    raise RuntimeError("aucun tirage de 10 lettres trouvé")


def chooses_first(scores: Mapping[str, int]) -> str:
    """The player who picks the sprint draw first: the lower score (the first seated on a tie).

    >>> chooses_first({"Ana": 52, "Bruno": 47})
    'Bruno'
    """
    return min(scores, key=lambda player: scores[player])
