"""The subcommands of ``arbitre``, one module each, and what they share.

Each module has ``register(commands)``, which adds its subparser and sets ``handler``
(a function of the parsed arguments returning the exit code). A handler raises
:class:`UsageError` for any bad argument or input; ``device.cli`` turns it into one
line on stderr and exit 2, and :func:`run_batch` into an ``{"error": ...}`` line.
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


class UsageError(Exception):
    """A bad argument or input; the message is shown to the user as is (in French)."""


#: The longest run of non-blank characters an error line repeats whole.
LONGEST_QUOTE = 60
#: The longest error line printed.
LONGEST_LINE = 300

_LONG_RUN = re.compile(rf"\S{{{LONGEST_QUOTE + 1},}}")


def shorten(message: str) -> str:
    """``message`` on one line, a long argument it repeats cut in the middle.

    A 100 KB argument echoed in an error would drown the one line that says what is wrong;
    its start and end are enough to recognise it.
    """
    line = " ".join(message.split())
    line = _LONG_RUN.sub(lambda m: f"{m[0][:40]}…{m[0][-12:]}", line)
    return line if len(line) <= LONGEST_LINE else line[: LONGEST_LINE - 1] + "…"


def quoted(text: str) -> str:
    """``text`` as an error message shows it: cut when long, unreadable bytes as ``?``."""
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return text if len(text) <= LONGEST_QUOTE else f"{text[:40]}…{text[-12:]}"


_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)")
#: Integers are at most this many digits (SQLite's and the solvers' ranges are far below).
MAX_DIGITS = 18


def integer(text: str, what: str) -> int:
    """``text`` as an integer written with the digits 0-9, or a :class:`UsageError` naming
    ``what`` was expected. ``int()`` alone would read "٣" (an Arabic-Indic digit) as 3,
    which no player of the boxed game writes."""
    stripped = text.strip()
    if not _INTEGER.fullmatch(stripped):
        raise UsageError(f"{what} « {quoted(text)} » n'est pas un nombre entier (chiffres 0 à 9)")
    if len(stripped.lstrip("+-")) > MAX_DIGITS:
        raise UsageError(f"{what} « {quoted(text)} » est trop grand")
    return int(stripped)


def decimal(text: str, what: str) -> float:
    """``text`` as a finite number written with the digits 0-9 (a comma or a point)."""
    stripped = text.strip()
    if not _DECIMAL.fullmatch(stripped) or len(stripped) > 2 * MAX_DIGITS:
        raise UsageError(f"{what} « {quoted(text)} » n'est pas un nombre (chiffres 0 à 9)")
    value = float(stripped.replace(",", "."))
    assert math.isfinite(value)
    return value


def arg_type(convert: Callable[[str, str], object], what: str) -> Callable[[str], object]:
    """An argparse ``type=`` from :func:`integer` or :func:`decimal`: a bad value is
    argparse's one-line error, in French."""

    def parse(text: str) -> object:
        try:
            return convert(text, what)
        except UsageError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = what  # argparse names the type in its messages
    return parse


def folder(text: str | Path, option: str, create: bool = True) -> Path:
    """A directory named on the command line, created when missing; a :class:`UsageError`
    when it names a file, or cannot be created, so that nothing fails later."""
    path = Path(text).expanduser()
    try:
        if path.exists() and not path.is_dir():
            raise UsageError(f"{option} {quoted(str(path))} : c'est un fichier, pas un dossier")
        if create:
            path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or str(error)
        raise UsageError(
            f"{option} {quoted(str(path))} : dossier impossible à créer ({reason})"
        ) from None
    return path


@contextmanager
def reported_as_usage(*errors: type[Exception]) -> Iterator[None]:
    """Turn a solver's own bad-input errors (their messages are French) into UsageError."""
    try:
        yield
    except errors as error:
        raise UsageError(str(error)) from None


def add_output_options(parser: argparse.ArgumentParser, batch_help: str) -> None:
    """``--json`` and ``--batch``, which every solver subcommand has."""
    parser.add_argument("--json", action="store_true", help="une réponse JSON")
    parser.add_argument("--batch", action="store_true", help=batch_help)


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
            if any("\udc80" <= c <= "\udcff" for c in line):
                raise UsageError("ligne illisible : ce n'est pas du texte UTF-8")
            answer = handle(words)
        except UsageError as error:
            answer = {"error": shorten(str(error))}
        print_json(answer, out)
    return 0
