"""The ``arbitre`` command line (the contract is ``../shared/cli-contract.md``).

One console script reaches the app and every solver. Subcommand names are English, what
they print for people is French. A bad argument prints one line on stderr and exits 2,
never a traceback; ``--json`` prints one JSON object per query and ``--batch`` one per
input line, a bad line giving ``{"error": ...}`` while the batch goes on. Each subcommand
lives in its own module under ``device/commands/``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from device.commands import UsageError
from device.commands import calibrate as calibrate_command
from device.commands import dice as dice_command
from device.commands import games as games_command
from device.commands import letters as letters_command
from device.commands import numbers as numbers_command
from device.commands import read as read_command
from device.commands import run as run_command
from device.commands import score as score_command
from device.commands import tapis as tapis_command
from device.commands import validate as validate_command

EXIT_USAGE = 2

#: The subcommand modules, in the order ``--help`` lists them.
COMMANDS = (
    run_command,
    numbers_command,
    letters_command,
    dice_command,
    validate_command,
    read_command,
    calibrate_command,
    tapis_command,
    score_command,
    games_command,
)


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line on stderr (no usage dump) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: erreur : {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="arbitre",
        description="Arbitre électronique : solveurs et application de l'arbitre.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for command in COMMANDS:
        command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except UsageError as error:
        print(f"arbitre {args.command}: erreur : {error}", file=sys.stderr)
        return EXIT_USAGE
