"""``arbitre dice``: the shortest words holding three rolled consonants (the dice game)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from device.commands import (
    UsageError,
    add_output_options,
    print_json,
    reported_as_usage,
    run_batch,
)

if TYPE_CHECKING:
    from solver.words import ShortestWords

#: The vowel die's two levels (``solver.words.PLAYERS``, checked by a test).
PLAYERS = ("easy", "hard")


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "dice",
        help="Le mot le plus court : les mots les plus courts contenant trois consonnes",
        description="Les mots les plus courts contenant les trois consonnes des dés (une "
        "consonne sortie deux fois doit y figurer deux fois). Avec le dé voyelle, un joueur "
        "easy cherche la voyelle et deux des consonnes (ou les trois consonnes), un joueur "
        "hard les trois consonnes.",
    )
    parser.add_argument("consonants", nargs="*", metavar="CONSONNE", help="les trois consonnes")
    parser.add_argument("--vowel", metavar="V", help="la face du dé voyelle (A E I O U ou *)")
    parser.add_argument("--player", choices=PLAYERS, help="avec le dé voyelle : easy ou hard")
    add_output_options(
        parser, "un lancer par ligne sur l'entrée standard : trois consonnes, puis la voyelle"
    )
    parser.set_defaults(handler=run)


def _faces(words: Sequence[str]) -> list[str]:
    """``B C D`` or ``BCD``: the faces one by one."""
    return list(words[0]) if len(words) == 1 else list(words)


def solve(consonants: Sequence[str], vowel: str | None, player: str | None) -> ShortestWords:
    from solver.words import InvalidLetters, shortest_with

    with reported_as_usage(InvalidLetters):
        return shortest_with(consonants, vowel, player)


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.consonants or args.vowel:
            raise UsageError("avec --batch, les lancers se lisent sur l'entrée standard")

        def line(words: list[str]) -> dict[str, object]:
            faces = _faces(words)
            if len(faces) == 4:
                return solve(faces[:3], faces[3], args.player).as_dict()
            return solve(faces, None, None).as_dict()

        return run_batch(line, sys.stdin, sys.stdout)
    if not args.consonants:
        raise UsageError("il manque les trois consonnes des dés")
    found = solve(_faces(args.consonants), args.vowel, args.player)
    if args.json:
        print_json(found.as_dict(), sys.stdout)
    else:
        print_shortest(found, sys.stdout)
    return 0


def print_shortest(found: ShortestWords, out: TextIO) -> None:
    """The answer in French, as a person reads it."""
    roll = " ".join(found.consonants)
    if found.vowel is not None:
        roll += f"  voyelle : {found.vowel}  (joueur {found.player})"
    print(f"Dés : {roll}", file=out)
    if found.length is None:
        print("IMPOSSIBLE : aucun mot ne convient.", file=out)
    else:
        print(f"{found.length} lettres : {', '.join(found.display)}", file=out)
