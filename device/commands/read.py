"""``arbitre read``: what the camera would read, from a photo file."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.commands import UsageError, folder, print_json, quoted, run_batch

if TYPE_CHECKING:
    from vision.camera import Image
    from vision.reading import Reading

KINDS = ("letters", "numbers", "dice")


def _readers(vowel_die: bool | None) -> dict[str, Callable[[Image, Path | None], Reading]]:
    from vision.dice import read_dice
    from vision.letters import read_letters
    from vision.plates import read_numbers

    return {
        "letters": lambda image, folder: read_letters(image, data_dir=folder),
        "numbers": lambda image, folder: read_numbers(image, data_dir=folder),
        "dice": lambda image, folder: read_dice(image, data_dir=folder, vowel_die=vowel_die),
    }


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "read",
        help="lire la réglette, les six plaques ou les dés sur une photo",
        description=(
            "Lit une photo : les lettres de la réglette (--kind letters), les six "
            "plaques (--kind numbers) ou les dés vus de dessus (--kind dice : les trois "
            "consonnes puis la voyelle, * pour le joker), de gauche à droite."
        ),
    )
    parser.add_argument("photo", nargs="?", metavar="PHOTO", help="le fichier de la photo")
    parser.add_argument("--kind", choices=KINDS, default="letters", help="ce que montre la photo")
    parser.add_argument("--json", action="store_true", help="une réponse JSON")
    parser.add_argument(
        "--batch", action="store_true", help="un chemin de photo par ligne sur l'entrée standard"
    )
    parser.add_argument(
        "--data-dir", type=Path, help="dossier des données apprises (sinon ARBITRE_DATA_DIR)"
    )
    parser.add_argument(
        "--vowel-die",
        action=argparse.BooleanOptionalAction,
        help=(
            "avec --kind dice : le dé des voyelles est en jeu (--vowel-die) ou non "
            "(--no-vowel-die, trois dés à 20 faces) ; sans l'option, la forme des dés le dit"
        ),
    )
    parser.set_defaults(handler=run)


def read(path: str, kind: str, data_dir: Path | None, vowel_die: bool | None = None) -> Reading:
    """Read one photo file, every failure a :class:`UsageError` in French."""
    from vision.camera import CameraError, load_photo
    from vision.reading import NothingFound

    try:
        image = load_photo(path)
        return _readers(vowel_die)[kind](image, data_dir)
    except CameraError as error:
        raise UsageError(str(error)) from None
    except NothingFound as error:
        raise UsageError(f"{quoted(path)} : {error}") from None


def run(args: argparse.Namespace) -> int:
    if args.vowel_die is not None and args.kind != "dice":
        raise UsageError("--vowel-die et --no-vowel-die ne valent qu'avec --kind dice")
    if args.data_dir is not None:
        args.data_dir = folder(args.data_dir, "--data-dir")
    if args.batch:
        if args.photo:
            raise UsageError("avec --batch, les photos se lisent sur l'entrée standard")
        return run_batch(
            lambda words: read(" ".join(words), args.kind, args.data_dir, args.vowel_die).as_dict(),
            sys.stdin,
            sys.stdout,
        )
    if not args.photo:
        raise UsageError("il manque la photo à lire")
    reading = read(args.photo, args.kind, args.data_dir, args.vowel_die)
    if args.json:
        print_json(reading.as_dict(), sys.stdout)
    else:
        print(" ".join(str(v) for v in reading.values))
        for warning in reading.warnings:
            print(f"attention : {warning}")
    return 0
