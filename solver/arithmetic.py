"""The four operations of "Le compte est bon", on natural numbers.

Every rule set says the same: a subtraction must give a positive result and a division
must be exact. The solver, the proposal verifier and the engine all apply that rule
through :func:`apply`, so that it is written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Op = Literal["+", "-", "*", "/"]

OPS: tuple[Op, ...] = ("+", "-", "*", "/")

#: How the show writes each operation on screen.
OP_SYMBOLS: dict[Op, str] = {"+": "+", "-": "−", "*": "×", "/": "÷"}


class IllegalStep(ValueError):
    """A step that the rules forbid; the message is a French sentence for players."""


def apply(a: int, op: Op, b: int) -> int:
    """Return ``a op b``, or raise :class:`IllegalStep` when the rules forbid it.

    >>> apply(75, "-", 1)
    74
    >>> apply(7, "/", 2)
    Traceback (most recent call last):
    ...
    solver.arithmetic.IllegalStep: division non exacte (7 ÷ 2)
    """
    if op == "+":
        return a + b
    if op == "*":
        return a * b
    if op == "-":
        if a <= b:
            what = "nul" if a == b else "négatif"
            raise IllegalStep(f"résultat {what} ({a} − {b})")
        return a - b
    if op == "/":
        if b == 0 or a % b:
            raise IllegalStep(f"division non exacte ({a} ÷ {b})")
        return a // b
    raise IllegalStep(f"opération inconnue : {op}")


@dataclass(frozen=True, slots=True)
class Step:
    """One written line of a count: ``a op b = result``."""

    a: int
    op: Op
    b: int
    result: int

    @property
    def text(self) -> str:
        """The step as the show writes it: ``100 × 6 = 600``."""
        return f"{self.a} {OP_SYMBOLS[self.op]} {self.b} = {self.result}"

    def as_dict(self) -> dict[str, int | str]:
        """The step in the CLI's JSON shape (``op`` is one of ``+ - * /``)."""
        return {"a": self.a, "op": self.op, "b": self.b, "result": self.result}
