"""``arbitre letters``: the longest words of a draw ("Le mot le plus long")."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, TextIO

from device.commands import (
    UsageError,
    add_output_options,
    print_json,
    reported_as_usage,
    run_batch,
)

if TYPE_CHECKING:
    from solver.words import LongestWords

#: The word lists (``solver.lexicon.RULES``, checked by a test): named here so that
#: building the parser does not import the solver.
RULES = ("dcdl", "dice", "paroles")


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules``: which game's word list judges (shared by the word subcommands)."""
    parser.add_argument(
        "--rules",
        choices=RULES,
        default="dcdl",
        help="liste de mots : dcdl (Des chiffres et des lettres, par défaut), dice (jeu de "
        "dés), paroles (Les paroles s'envolent, jokers ? admis)",
    )


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "letters",
        help="Le mot le plus long : les mots les plus longs d'un tirage",
        description="Les mots les plus longs d'un tirage (chaque lettre servant une fois), "
        "puis ceux de la longueur suivante, les plus courants d'abord.",
    )
    parser.add_argument("letters", nargs="*", metavar="LETTRES", help="le tirage (10 lettres)")
    add_rules_option(parser)
    add_output_options(parser, "un tirage par ligne sur l'entrée standard")
    parser.set_defaults(handler=run)


def solve(letters: str, rules: str) -> LongestWords:
    from solver.words import InvalidLetters, longest

    with reported_as_usage(InvalidLetters):
        return longest(letters, rules)


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.letters:
            raise UsageError("avec --batch, les tirages se lisent sur l'entrée standard")
        return run_batch(
            lambda words: solve("".join(words), args.rules).as_dict(), sys.stdin, sys.stdout
        )
    found = solve("".join(args.letters), args.rules)
    if args.json:
        print_json(found.as_dict(), sys.stdout)
    else:
        print_longest(found, sys.stdout)
    return 0


def print_longest(found: LongestWords, out: TextIO) -> None:
    """The answer in French, as a person reads it."""
    print(f"Tirage : {' '.join(found.letters)}", file=out)
    if not found.words:
        print("Aucun mot possible.", file=out)
        return
    print(f"{found.best_length} lettres : {', '.join(found.display)}", file=out)
    if found.next_length is not None:
        print(f"{found.next_length} lettres : {', '.join(found.next_display)}", file=out)
