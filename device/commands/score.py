"""``arbitre score``: replay a game's JSON lines and print scores and ranking."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, TextIO

from device.commands import UsageError, print_json

if TYPE_CHECKING:
    from engine.replay import GameScore

#: The rule sets ``score`` knows (``engine.rules.RULE_SETS``, checked by a test).
RULES = ("boxed", "club-duplicate", "club-match", "club-match-classement", "club-match-final", "tv")


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "score",
        help="compte les points d'une partie décrite en lignes JSON (entrée standard)",
        description=(
            'Rejoue une partie : ligne 1 {"players": [...]}, puis une ligne par manche. '
            "Voir cli-contract.md."
        ),
    )
    parser.add_argument("--rules", default="boxed", choices=RULES, help="les règles")
    parser.add_argument("--json", action="store_true", help="une réponse JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from engine.replay import GameFileError, score_game
    from engine.rules import rule_set

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
