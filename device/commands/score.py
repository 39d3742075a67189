"""``arbitre score``: replay a game's JSON lines and print scores and ranking."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from device.commands import UsageError, print_json
from engine.replay import GameFileError, GameScore, score_game
from engine.rules import RULE_SETS, rule_set


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "score",
        help="compte les points d'une partie décrite en lignes JSON (entrée standard)",
        description=(
            'Rejoue une partie : ligne 1 {"players": [...]}, puis une ligne par manche. '
            "Voir cli-contract.md."
        ),
    )
    parser.add_argument("--rules", default="boxed", choices=sorted(RULE_SETS), help="les règles")
    parser.add_argument("--json", action="store_true", help="une réponse JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        result = score_game(sys.stdin, rule_set(args.rules))
    except GameFileError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print_json(result.as_dict(), sys.stdout)
    else:
        print_scores(result, sys.stdout)
    return 0


def print_scores(result: GameScore, out: TextIO) -> None:
    """The score sheet in French."""
    width = max(len(p) for p in result.players)
    print(f"{len(result.rounds)} manche(s)", file=out)
    for place, player in enumerate(result.ranking, start=1):
        print(f"{place:>2}. {player:<{width}}  {result.scores[player]:>4} points", file=out)
