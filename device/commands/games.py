"""``arbitre games``: the saved games, a game's export, the players' records."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from device.commands import UsageError, arg_type, folder, integer, print_json


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "games",
        help="les parties enregistrées, l'export d'une partie, le bilan des joueurs",
        description="Sans option : la liste des parties enregistrées, la plus récente d'abord.",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--export",
        type=arg_type(integer, "le numéro de partie"),
        metavar="N",
        help="exporter la partie n° N",
    )
    what.add_argument("--players", action="store_true", help="le bilan de chaque joueur")
    parser.add_argument("--csv", action="store_true", help="export en CSV (JSON par défaut)")
    parser.add_argument("--data-dir", help="où sont les parties")
    parser.set_defaults(handler=run)


def _when(created: float) -> str:
    """A game's date as the list shows it ("date inconnue" when the row holds none)."""
    try:
        return time.strftime("%d/%m/%Y %H:%M", time.localtime(created))
    except (OverflowError, OSError, ValueError):
        return "date inconnue".ljust(16)


def run(args: argparse.Namespace) -> int:
    from device.paths import data_dir
    from engine.events import RefusedEvent
    from engine.game import Game
    from engine.games import replay
    from engine.history import export_csv, export_json, player_histories
    from engine.store import Store, StoreError

    if args.data_dir is not None:
        where = folder(args.data_dir, "--data-dir")
    else:
        try:
            where = data_dir()
        except OSError as error:
            raise UsageError(f"dossier des données impossible à créer ({error})") from None
    store = Store(where / "games.db")
    try:
        for warning in store.warnings:
            print(warning, file=sys.stderr)
        if not store.readable and store.problem is not None:
            raise UsageError(store.problem.split(" ; ")[0])
        if args.export is not None:
            game = replay(store.events(args.export))
            if not isinstance(game, Game):
                raise UsageError(
                    f"la partie n° {args.export} n'est pas une partie de chiffres et lettres"
                )
            if args.csv:
                sys.stdout.write(export_csv(game))
            else:
                print_json(export_json(game), sys.stdout)
        elif args.players:
            unreadable: list[int] = []
            for history in player_histories(store, unreadable).values():
                print_json(
                    {
                        "name": history.name,
                        "games": history.games,
                        "won": history.won,
                        "shared": history.shared,
                        "words": history.words,
                        "average_word_length": round(history.average_word_length, 2),
                        "exact_counts": history.exact_counts,
                    },
                    sys.stdout,
                )
            if unreadable:
                numbers = ", ".join(map(str, unreadable))
                print(f"parties illisibles, non comptées : n° {numbers}", file=sys.stderr)
        else:
            for saved in store.games():
                state = "terminée" if saved.finished else "en cours"
                players = ", ".join(saved.players) or "joueurs illisibles"
                print(
                    f"{saved.id:>4}  {_when(saved.created)}  {saved.rules:<15} {state:<9} {players}"
                )
    except (StoreError, RefusedEvent) as error:
        raise UsageError(str(error)) from None
    finally:
        store.close()
    return 0
