"""The subcommands of ``arbitre``, one module each, and what they share.

Each module has ``register(commands)``, which adds its subparser and sets ``handler``
(a function of the parsed arguments returning the exit code). A handler raises
:class:`UsageError` for any bad argument or input; ``device.cli`` turns it into one
line on stderr and exit 2, and :func:`run_batch` into an ``{"error": ...}`` line.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TextIO


class UsageError(Exception):
    """A bad argument or input; the message is shown to the user as is (in French)."""


def integer(text: str, what: str) -> int:
    """``int(text)``, or a :class:`UsageError` naming ``what`` was expected."""
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{what} « {text} » n'est pas un nombre entier") from None


def print_json(answer: object, out: TextIO) -> None:
    """One JSON object on one line, accents kept as they are."""
    print(json.dumps(answer, ensure_ascii=False), file=out, flush=True)


def run_batch(
    handle: Callable[[list[str]], dict[str, object]], lines: Iterable[str], out: TextIO
) -> int:
    """Answer one query per non-blank input line, in order; a bad line gives an error line."""
    for line in lines:
        words = line.split()
        if not words:
            continue
        try:
            answer = handle(words)
        except UsageError as error:
            answer = {"error": str(error)}
        print_json(answer, out)
    return 0
