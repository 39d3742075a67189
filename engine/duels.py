"""What the device prepares for the TV show's duels and sprint final.

- "Calcul mental": a chain like ((((71 × 21) + 25) − 121) × 4) ÷ 2 whose every result is
  a whole positive number, with its answer, for the referee to read out and check.
- Sprint final: draws guaranteed solvable (the count is exact, a 10-letter word exists),
  and which player chooses first (the lower score).
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


@dataclass(frozen=True, slots=True)
class MentalChain:
    """A "calcul mental" duel: the chain to read out, and its steps and answer."""

    text: str
    steps: tuple[Step, ...]

    @property
    def answer(self) -> int:
        return self.steps[-1].result


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
        steps: list[Step] = []
        current = a
        chain: tuple[tuple[Op, int], ...] = (("*", b), ("+", c), ("-", d), ("*", e), ("/", f))
        for op, operand in chain:
            result = apply(current, op, operand)
            steps.append(Step(current, op, operand, result))
            current = result
        text = f"(((({a} × {b}) + {c}) − {d}) × {e}) ÷ {f}"
        return MentalChain(text, tuple(steps))


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
