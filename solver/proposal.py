"""Checking a player's count, written the way people write it.

Players (and the referee typing for them) write ``75-1=74``, ``3x4=12``, ``74*12=888``,
with or without spaces, with ``x X × *`` for times and ``/ : ÷`` for divide, sometimes
leaving out ``= result``. Each step must use plates or earlier results that are still
free, and obey the rules (positive subtraction, exact division); a written result must
be right. Every problem gets a French reason that can be shown as is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from solver.arithmetic import IllegalStep, Op, Step, apply

_OP_SPELLINGS: dict[str, Op] = {
    "+": "+",
    "-": "-",
    "−": "-",
    "–": "-",
    "x": "*",
    "X": "*",
    "×": "*",
    "*": "*",
    "·": "*",
    "/": "/",
    ":": "/",
    "÷": "/",
}

#: Digits are 0-9 only: ``\d`` would read "٣" (an Arabic-Indic digit) as 3.
_TOKEN = re.compile(r"\s*(?:([0-9]+)|([^0-9\s,;=])|(=)|([,;]))")


class ProposalSyntaxError(ValueError):
    """A proposal that cannot be read; the message is a French sentence."""


@dataclass(frozen=True, slots=True)
class WrittenStep:
    """One step as the player wrote it, before any check."""

    a: int
    op: Op
    b: int
    claimed: int | None
    """The result the player wrote after ``=``, if any."""


@dataclass(frozen=True, slots=True)
class StepCheck:
    """The verdict on one written step."""

    written: WrittenStep
    result: int | None
    """What the step really gives (None when the operation is illegal)."""
    reason: str | None
    """None when the step is legal, else why not, in French."""

    @property
    def ok(self) -> bool:
        return self.reason is None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The verdict on a whole proposal."""

    checks: tuple[StepCheck, ...]
    value: int | None
    """The value reached (the last step's result, or the lone plate kept); None if illegal."""
    available: tuple[int, ...]
    """Plates and results still free at the end (empty when the proposal is illegal)."""
    reason: str | None = None
    """The first problem, in French, or None for a legal proposal."""

    @property
    def valid(self) -> bool:
        return self.reason is None

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps with their true results (all of them when the proposal is legal)."""
        return tuple(
            Step(c.written.a, c.written.op, c.written.b, c.result)
            for c in self.checks
            if c.result is not None
        )


def parse(proposal: str | Iterable[str]) -> tuple[list[WrittenStep], int | None]:
    """Read a proposal into its steps, plus a lone number kept as is (or None).

    >>> parse("75-1=74 3x4 74*12=888")[0][1]
    WrittenStep(a=3, op='*', b=4, claimed=None)
    """
    text = proposal if isinstance(proposal, str) else "\n".join(proposal)
    tokens: list[tuple[str, str]] = []
    position = 0
    text = text.strip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:  # only trailing blanks can fail to match
            break
        number, symbol, equals, _separator = match.groups()
        if number is not None:
            tokens.append(("n", number))
        elif symbol is not None:
            if symbol not in _OP_SPELLINGS:
                raise ProposalSyntaxError(f"signe inconnu « {symbol} »")
            tokens.append(("op", symbol))
        elif equals is not None:
            tokens.append(("=", "="))
        position = match.end()

    steps: list[WrittenStep] = []
    index = 0

    def number_at(i: int, what: str) -> int:
        if i >= len(tokens) or tokens[i][0] != "n":
            raise ProposalSyntaxError(f"il manque {what} après « {_shown(tokens[:i])} »")
        return int(tokens[i][1])

    if len(tokens) == 1 and tokens[0][0] == "n":
        return [], int(tokens[0][1])
    while index < len(tokens):
        a = number_at(index, "un nombre")
        if index + 1 >= len(tokens) or tokens[index + 1][0] != "op":
            raise ProposalSyntaxError(
                f"il manque une opération après « {_shown(tokens[: index + 1])} »"
            )
        op = _OP_SPELLINGS[tokens[index + 1][1]]
        b = number_at(index + 2, "un nombre")
        index += 3
        claimed = None
        if index < len(tokens) and tokens[index][0] == "=":
            claimed = number_at(index + 1, "le résultat")
            index += 2
        steps.append(WrittenStep(a, op, b, claimed))
    if not steps:
        raise ProposalSyntaxError("aucune étape")
    return steps, None


def _shown(tokens: list[tuple[str, str]]) -> str:
    return " ".join(value for _kind, value in tokens[-4:])


def verify(plates: Iterable[int], proposal: str | Iterable[str]) -> Verdict:
    """Check a player's proposal against the draw's plates.

    Raises :class:`ProposalSyntaxError` when the text cannot be read at all.

    >>> verdict = verify([3, 75, 2, 4, 1, 1], "75-1=74, 3x4=12, 74*12=888")
    >>> verdict.valid, verdict.value
    (True, 888)
    >>> verify([8, 3, 2, 1, 5, 6], "8x3=24 24-8=16").reason
    'étape 2 : le 8 est déjà utilisé'
    """
    draw = list(plates)
    written, kept = parse(proposal)
    free = Counter(draw)
    if kept is not None:
        if free[kept]:
            return Verdict((), kept, tuple(sorted(draw)))
        return Verdict((), None, (), f"{kept} n'est pas une plaque du tirage")

    seen = set(draw)  # every number that was ever free, to tell "used" from "unknown"
    checks: list[StepCheck] = []
    for step in written:
        reason = _missing_operand(step, free, seen)
        result: int | None = None
        if reason is None:
            try:
                result = apply(step.a, step.op, step.b)
            except IllegalStep as illegal:
                reason = str(illegal)
        if result is not None:
            if reason is None:
                free[step.a] -= 1
                free[step.b] -= 1
                free[result] += 1
                seen.add(result)
            if step.claimed is not None and step.claimed != result:
                shown = Step(step.a, step.op, step.b, result).text
                reason = f"calcul faux : {shown}, pas {step.claimed}"
        checks.append(StepCheck(step, result, reason))

    for number, check in enumerate(checks, start=1):
        if check.reason:
            where = f"étape {number} : " if len(checks) > 1 else ""
            return Verdict(tuple(checks), None, (), where + check.reason)
    return Verdict(tuple(checks), checks[-1].result, tuple(sorted(free.elements())))


def _missing_operand(step: WrittenStep, free: Counter[int], seen: set[int]) -> str | None:
    """Why an operand of ``step`` is not free, or None when both are."""
    need = Counter([step.a, step.b])
    for number, count in need.items():
        if free[number] >= count:
            continue
        if number in seen:
            if count == 2 and free[number] == 1:
                return f"il n'y a qu'un {number} de libre"
            return f"le {number} est déjà utilisé"
        return f"le {number} n'est ni une plaque ni un résultat précédent"
    return None
