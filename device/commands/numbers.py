"""``arbitre numbers``: Le compte est bon from the command line."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from device.commands import (
    UsageError,
    add_output_options,
    arg_type,
    integer,
    print_json,
    run_batch,
)

if TYPE_CHECKING:
    from solver.numbers import Solution

#: The boxed game's targets (``solver.plates.BOXED_TARGETS``, checked by a test).
BOXED_TARGETS = (1, 999)


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "numbers",
        help="Le compte est bon : compte exact ou plus proche, solution la plus simple",
        description=(
            "Le compte est bon. Sans plaques, tire un tirage au hasard comme le buzzer "
            f"(nombre à trouver entre {BOXED_TARGETS[0]} et {BOXED_TARGETS[1]})."
        ),
    )
    parser.add_argument("plates", nargs="*", metavar="PLAQUE", help="les six plaques")
    parser.add_argument("-t", "--target", metavar="N", help="le nombre à trouver")
    add_output_options(
        parser, "une requête par ligne sur l'entrée standard : six plaques puis le nombre"
    )
    parser.add_argument(
        "--seed", type=arg_type(integer, "la graine"), help="graine du tirage au hasard"
    )
    parser.set_defaults(handler=run)


def _target(text: str) -> int:
    from solver.plates import InvalidDraw, check_target

    try:
        return check_target(integer(text, "le nombre à trouver"))
    except InvalidDraw as error:
        raise UsageError(str(error)) from None


def _query(plates: Sequence[str], target: str | None) -> Solution:
    from solver.numbers import solve
    from solver.plates import InvalidDraw, check_plates

    try:
        values = check_plates(integer(p, "la plaque") for p in plates)
    except InvalidDraw as error:
        raise UsageError(str(error)) from None
    if target is None:
        raise UsageError("il manque le nombre à trouver (--target)")
    return solve(values, _target(target))


def _batch_line(words: list[str]) -> dict[str, object]:
    if len(words) != 7:
        raise UsageError("une ligne attendue : six plaques puis le nombre à trouver")
    return _query(words[:6], words[6]).as_dict()


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.plates or args.target is not None:
            raise UsageError("avec --batch, les tirages se lisent sur l'entrée standard")
        return run_batch(_batch_line, sys.stdin, sys.stdout)
    from solver.numbers import solve
    from solver.plates import draw_numbers

    if args.plates:
        solution = _query(args.plates, args.target)
    else:  # no draw given: draw one, as the buzzer would
        draw = draw_numbers(random.Random(args.seed))
        target = draw.target if args.target is None else _target(args.target)
        solution = solve(draw.plates, target)
    if args.json:
        print_json(solution.as_dict(), sys.stdout)
    else:
        print_solution(solution, sys.stdout)
    return 0


def print_solution(solution: Solution, out: TextIO) -> None:
    """The answer in French, as a person reads it."""
    plates = " ".join(map(str, solution.plates))
    print(f"Tirage : {plates}   Nombre à trouver : {solution.target}", file=out)
    best = solution.best
    used = f"{best.plates_used} plaque{'s' if best.plates_used > 1 else ''}"
    if solution.exact:
        print(f"Le compte est bon ! ({used})", file=out)
    else:
        print(f"Pas de compte exact : {best.value} à {solution.distance} près ({used})", file=out)
    for line in best.text or [f"{best.value} est une plaque"]:
        print(f"  {line}", file=out)
    other = solution.equally_close
    if other is not None:
        print(f"Aussi à {solution.distance} près : {other.value}", file=out)
        for line in other.text:
            print(f"  {line}", file=out)
