"""The ``arbitre`` command line (the contract is ``../shared/cli-contract.md``).

One console script reaches the app and every solver. Subcommand names are English, what
they print for people is French. A bad argument prints one line on stderr and exits 2,
never a traceback; ``--json`` prints one JSON object per query and ``--batch`` one per
input line, a bad line giving ``{"error": ...}`` while the batch goes on. Each subcommand
lives in its own module under ``device/commands/``.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from device.commands import UsageError, quoted, shorten

EXIT_USAGE = 2
EXIT_BUG = 70
"""A fault of arbitre itself (``EX_SOFTWARE``): one line asking to report it, no traceback
(``ARBITRE_DEBUG=1`` shows it)."""

#: The subcommand modules of ``device.commands``, in the order ``--help`` lists them. Each
#: imports its heavy dependencies (OpenCV, numpy, pygame, the engine) only when it runs, so
#: that a word query starts fast.
COMMANDS = (
    "run",
    "numbers",
    "letters",
    "dice",
    "validate",
    "read",
    "calibrate",
    "tapis",
    "score",
    "games",
)


#: argparse's own messages in French. argparse reads them through ``gettext``, and no
#: French catalogue of them ships with Python: the parser's words are replaced at their
#: one source, so that every subcommand says "choix invalide", never "invalid choice".
FRENCH_ARGPARSE = {
    "usage: ": "usage : ",
    "options": "options",
    "positional arguments": "arguments",
    "show this help message and exit": "affiche cette aide",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "choix invalide : %(value)r (au choix : %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "valeur invalide pour %(type)s : %(value)r",
    "the following arguments are required: %s": "il manque : %s",
    "unrecognized arguments: %s": "arguments inconnus : %s",
    "expected one argument": "une valeur attendue",
    "expected at least one argument": "au moins une valeur attendue",
    "expected at most one argument": "une valeur au plus",
    "ignored explicit argument %r": "valeur %r inattendue",
    "not allowed with argument %s": "incompatible avec %s",
    "one of the arguments %s is required": "il faut l'un de : %s",
    "ambiguous option: %(option)s could match %(matches)s": (
        "option ambiguë : %(option)s peut être %(matches)s"
    ),
    "unexpected option string: %s": "option inattendue : %s",
}


def _french(message: str) -> str:
    return FRENCH_ARGPARSE.get(message, message)


def _french_plural(singular: str, plural: str, count: int) -> str:
    return (
        (f"{count} valeur attendue" if count == 1 else f"{count} valeurs attendues")
        if singular.startswith("expected %s argument")
        else (singular if count == 1 else plural)
    )


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line on stderr (no usage dump) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: erreur : {shorten(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    argparse._ = _french  # type: ignore[attr-defined]
    argparse.ngettext = _french_plural  # type: ignore[attr-defined]
    parser = _Parser(
        prog="arbitre",
        description="Arbitre électronique : solveurs et application de l'arbitre.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS:
        importlib.import_module(f"device.commands.{name}").register(commands)
    return parser


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """One parser per process (tests call :func:`main` hundreds of times)."""
    return build_parser()


def _not_utf8(argv: Sequence[str]) -> str | None:
    """The first argument that is not UTF-8 text (Python keeps its bytes as surrogates)."""
    for argument in argv:
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:
            return argument
    return None


def _tolerant_streams() -> None:
    """Undecodable input lines reach the commands (which refuse them in French) instead of
    raising in the middle of a batch; output never fails on a character it cannot encode."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="surrogateescape")
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    _tolerant_streams()
    bad = _not_utf8(arguments)
    if bad is not None:
        print(
            f"arbitre: erreur : l'argument « {quoted(bad)} » n'est pas du texte UTF-8",
            file=sys.stderr,
        )
        return EXIT_USAGE
    args = _parser().parse_args(arguments)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except UsageError as error:
        print(f"arbitre {args.command}: erreur : {shorten(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # ``arbitre ... | head``: the reader has gone, nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as error:  # the last net: one line, never a traceback
        if os.environ.get("ARBITRE_DEBUG"):
            raise
        print(
            f"arbitre {args.command}: erreur inattendue ({type(error).__name__} : "
            f"{shorten(str(error))}) ; relancez avec ARBITRE_DEBUG=1 et signalez-la",
            file=sys.stderr,
        )
        return EXIT_BUG
