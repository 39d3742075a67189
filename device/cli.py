"""The ``arbitre`` command line (the contract is ``../shared/cli-contract.md``).

One console script reaches the app and every solver. Subcommand names are English, what
they print for people is French. A bad argument prints one line on stderr and exits 2,
never a traceback; ``--json`` prints one JSON object per query and ``--batch`` one per
input line, a bad line giving ``{"error": ...}`` while the batch goes on.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from solver.numbers import Solution, solve
from solver.plates import BOXED_TARGETS, InvalidDraw, check_plates, check_target, draw_numbers

EXIT_USAGE = 2


class UsageError(Exception):
    """A bad argument or input line; the message is shown to the user as is."""


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line on stderr (no usage dump) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: erreur : {message}\n")


def _integer(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{what} « {text} » n'est pas un nombre entier") from None


def _numbers_query(plates: Sequence[str], target: str | None) -> Solution:
    values = check_plates(_integer(p, "la plaque") for p in plates)
    if target is None:
        raise UsageError("il manque le nombre à trouver (--target)")
    return solve(values, check_target(_integer(target, "le nombre à trouver")))


def _print_solution(solution: Solution, out: TextIO) -> None:
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


def _run_batch(handle: Callable[[list[str]], dict[str, object]], lines: TextIO) -> int:
    for line in lines:
        words = line.split()
        if not words:
            continue
        try:
            answer = handle(words)
        except (UsageError, InvalidDraw) as error:
            answer = {"error": str(error)}
        print(json.dumps(answer, ensure_ascii=False), flush=True)
    return 0


def _numbers(args: argparse.Namespace) -> int:
    if args.batch:
        if args.plates or args.target is not None:
            raise UsageError("avec --batch, les tirages se lisent sur l'entrée standard")

        def one_line(words: list[str]) -> dict[str, object]:
            if len(words) != 7:
                raise UsageError("une ligne attendue : six plaques puis le nombre à trouver")
            return _numbers_query(words[:6], words[6]).as_dict()

        return _run_batch(one_line, sys.stdin)

    if args.plates:
        solution = _numbers_query(args.plates, args.target)
    else:  # no draw given: draw one, as the buzzer would
        draw = draw_numbers(random.Random(args.seed))
        target = draw.target
        if args.target is not None:
            target = check_target(_integer(args.target, "le nombre à trouver"))
        solution = solve(draw.plates, target)
    if args.json:
        print(json.dumps(solution.as_dict(), ensure_ascii=False))
    else:
        _print_solution(solution, sys.stdout)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="arbitre",
        description="Arbitre électronique : solveurs et application de l'arbitre.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    numbers = commands.add_parser(
        "numbers",
        help="Le compte est bon : compte exact ou plus proche, solution la plus simple",
        description=(
            "Le compte est bon. Sans plaques, tire un tirage au hasard comme le buzzer "
            f"(nombre à trouver entre {BOXED_TARGETS[0]} et {BOXED_TARGETS[1]})."
        ),
    )
    numbers.add_argument("plates", nargs="*", metavar="PLAQUE", help="les six plaques")
    numbers.add_argument("-t", "--target", metavar="N", help="le nombre à trouver")
    numbers.add_argument("--json", action="store_true", help="une réponse JSON")
    numbers.add_argument(
        "--batch", action="store_true", help="une requête par ligne sur l'entrée standard"
    )
    numbers.add_argument("--seed", type=int, help="graine du tirage au hasard")
    numbers.set_defaults(handler=_numbers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except (UsageError, InvalidDraw) as error:
        print(f"arbitre {args.command}: erreur : {error}", file=sys.stderr)
        return EXIT_USAGE
