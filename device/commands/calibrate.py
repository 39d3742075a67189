"""``arbitre calibrate``: learn the user's own tiles from photos of known racks."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from device.commands import UsageError, print_json
from vision.camera import CameraError, load_photo


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "calibrate",
        help="apprendre l'aspect de vos propres tuiles à partir de photos connues",
        description=(
            "Apprend l'aspect de vos tuiles : donnez des photos de réglettes dont vous "
            "connaissez les lettres, par exemple photo1.jpg=ABCDEFGHIJ photo2.jpg=KLMNOPQRST "
            "photo3.jpg=UVWXYZ. Le résultat est gardé dans le dossier des données."
        ),
    )
    parser.add_argument("photos", nargs="+", metavar="PHOTO=LETTRES", help="photo et son contenu")
    parser.add_argument(
        "--kind",
        choices=("letters", "dice"),
        default="letters",
        help="le matériel : tuiles (PHOTO=ABCDEFGHIJ) ou dés (PHOTO=BKWA, * ou JOKER : joker)",
    )
    parser.add_argument("--reset", action="store_true", help="oublier l'étalonnage précédent")
    parser.add_argument("--json", action="store_true", help="une réponse JSON")
    parser.add_argument(
        "--data-dir", type=Path, help="dossier des données apprises (sinon ARBITRE_DATA_DIR)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from vision.calibrate import CalibrationError, learn_dice, learn_letters

    photos = []
    for item in args.photos:
        path, sep, text = item.rpartition("=")
        if not sep or not path or not text:
            raise UsageError(
                f"« {item} » : attendu PHOTO=LETTRES, par exemple photo.jpg=ABCDEFGHIJ"
            )
        try:
            photos.append((path, load_photo(path), text))
        except CameraError as error:
            raise UsageError(str(error)) from None
    try:
        learn = learn_dice if args.kind == "dice" else learn_letters
        done = learn(photos, args.data_dir, reset=args.reset)
    except CalibrationError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print_json(done.as_dict(), sys.stdout)
    else:
        what = "faces de dés" if args.kind == "dice" else "lettres"
        print(
            f"{done.glyphs} {what} apprises sur {done.photos} photo(s), "
            f"enregistrées dans {done.file}"
        )
    return 0
