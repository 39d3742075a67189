"""``arbitre validate``: judge a player's word for a game, and against its draw."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from device.commands import (
    UsageError,
    add_output_options,
    print_json,
    reported_as_usage,
    run_batch,
)
from device.commands.letters import add_rules_option

if TYPE_CHECKING:
    from solver.words import WordVerdict


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "validate",
        help="vérifie le mot d'un joueur : dictionnaire du jeu et lettres du tirage",
        description="Le mot est-il admis par les règles du jeu, et se forme-t-il avec le "
        "tirage ? Sinon, dit pourquoi. Sans --letters, seul le dictionnaire est vérifié.",
    )
    parser.add_argument("word", nargs="?", metavar="MOT", help="le mot proposé")
    parser.add_argument("--letters", metavar="LETTRES", help="le tirage")
    add_rules_option(parser)
    parser.add_argument(
        "--accents",
        action="store_true",
        help="règle des clubs : l'accent d'un E doit être juste, même en majuscules "
        "(« fatuité », pas « fatuite » ; avec --rules dcdl)",
    )
    add_output_options(
        parser, "une requête par ligne sur l'entrée standard : le mot, puis le tirage"
    )
    parser.set_defaults(handler=run)


def judge(word: str, letters: str | None, rules: str, accents: bool = False) -> WordVerdict:
    from solver.words import InvalidLetters, validate

    with reported_as_usage(InvalidLetters):
        return validate(word, letters, rules, accents=accents)


def run(args: argparse.Namespace) -> int:
    if args.accents and args.rules != "dcdl":
        raise UsageError("--accents (règle des clubs) ne s'emploie qu'avec --rules dcdl")
    if args.batch:
        if args.word or args.letters:
            raise UsageError("avec --batch, les mots se lisent sur l'entrée standard")

        def line(words: list[str]) -> dict[str, object]:
            if len(words) > 2:
                raise UsageError("une ligne attendue : le mot, puis le tirage")
            letters = words[1] if len(words) == 2 else None
            return judge(words[0], letters, args.rules, args.accents).as_dict()

        return run_batch(line, sys.stdin, sys.stdout)
    if not args.word:
        raise UsageError("il manque le mot à vérifier")
    verdict = judge(args.word, args.letters, args.rules, args.accents)
    if args.json:
        print_json(verdict.as_dict(), sys.stdout)
    elif verdict.valid:
        print(f"{verdict.display or verdict.word} : admis", file=sys.stdout)
    else:
        print(f"{verdict.display or verdict.word} : refusé ({verdict.reason})", file=sys.stdout)
    return 0
