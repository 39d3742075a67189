"""``arbitre calibrate``: learn the user's own tiles from photos of known racks."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from device.commands import UsageError, folder, print_json, quoted


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "calibrate",
        help="apprendre l'aspect de vos propres tuiles à partir de photos connues",
        description=(
            "Apprend l'aspect de vos tuiles : donnez des photos de réglettes dont vous "
            "connaissez les lettres, par exemple photo1.jpg=ABCDEFGHIJ photo2.jpg=KLMNOPQRST "
            "photo3.jpg=UVWXYZ ; avec --kind numbers, des photos de plaques, ligne du haut "
            "d'abord, de gauche à droite, par exemple plaques.jpg=3,100,8,8,10,6 ; avec "
            "--kind dice, des photos des quatre dés, les trois consonnes de gauche à droite "
            "puis le dé voyelle, par exemple des.jpg=BKWA (* ou JOKER pour le joker). Le "
            "résultat est gardé dans le dossier des données."
        ),
    )
    parser.add_argument("photos", nargs="+", metavar="PHOTO=CONTENU", help="photo et son contenu")
    parser.add_argument(
        "--kind",
        choices=("letters", "numbers", "dice"),
        default="letters",
        help=(
            "le matériel : tuiles (PHOTO=ABCDEFGHIJ), plaques (PHOTO=3,100,8,8,10,6) "
            "ou dés (PHOTO=BKWA, * ou JOKER : joker)"
        ),
    )
    parser.add_argument(
        "--reset", action="store_true", help="oublier l'étalonnage précédent de ce matériel"
    )
    parser.add_argument("--json", action="store_true", help="une réponse JSON")
    parser.add_argument(
        "--data-dir", type=Path, help="dossier des données apprises (sinon ARBITRE_DATA_DIR)"
    )
    parser.set_defaults(handler=run)


def _check_writable(where: Path) -> None:
    try:
        with tempfile.TemporaryFile(dir=where):
            pass
    except OSError as error:
        raise UsageError(
            f"--data-dir {quoted(str(where))} : impossible d'y écrire ({error.strerror or error})"
        ) from None


def run(args: argparse.Namespace) -> int:
    from vision.calibrate import CalibrationError, learn_dice, learn_letters, learn_numbers
    from vision.camera import CameraError, load_photo

    if args.data_dir is not None:
        args.data_dir = folder(args.data_dir, "--data-dir")
        _check_writable(args.data_dir)  # before the seconds of learning, not after
    photos = []
    for item in args.photos:
        path, sep, text = item.rpartition("=")
        if not sep or not path or not text:
            example = {"numbers": "3,100,8,8,10,6", "dice": "BKWA"}.get(args.kind, "ABCDEFGHIJ")
            raise UsageError(
                f"« {quoted(item)} » : attendu PHOTO=CONTENU, par exemple photo.jpg={example}"
            )
        try:
            photos.append((path, load_photo(path), text))
        except CameraError as error:
            raise UsageError(str(error)) from None
    try:
        learn = {"numbers": learn_numbers, "dice": learn_dice}.get(args.kind, learn_letters)
        done = learn(photos, args.data_dir, reset=args.reset)
    except CalibrationError as error:
        raise UsageError(str(error)) from None
    except OSError as error:  # a read-only or full disk, a folder one cannot write in
        where = quoted(str(error.filename or args.data_dir or "le dossier des données"))
        raise UsageError(
            f"étalonnage impossible à enregistrer dans {where} ({error.strerror or error})"
        ) from None
    if args.json:
        print_json(done.as_dict(), sys.stdout)
    else:
        learned = {"numbers": "chiffres appris", "dice": "faces de dés apprises"}
        kept = "enregistrés" if args.kind == "numbers" else "enregistrées"
        print(
            f"{done.glyphs} {learned.get(args.kind, 'lettres apprises')} sur {done.photos} "
            f"photo(s), {kept} dans {done.file}"
        )
        if done.unlearned:
            print(f"Non apprises (reprenez une photo qui les montre) : {done.unlearned}")
        if done.lacking:
            print(lacking_faces(done.lacking))
        if done.against:
            yours = "vos dés" if args.kind == "dice" else "vos tuiles"
            print(
                f"Apprises alors que la photo se lisait autrement : {done.against}. "
                f"Les lettres entre parenthèses s'afficheront « ? » là où {yours} ne les "
                "distinguent pas nettement : touchez « ? » pour corriger. Si c'est une faute "
                "de frappe, refaites l'étalonnage avec --reset."
            )
    return 0


def lacking_faces(faces: str) -> str:
    """What a dice calibration tells of the faces it still lacks (``faces``: consonants,
    then the vowel die's, ``*`` the joker), in French: a die the network hesitates over
    is confirmed by the player's own dice only once they hold every face of that die.

    >>> print(lacking_faces("CQ*"))
    Faces pas encore apprises : consonnes C, Q ; dé voyelle : joker. Tant qu'il en \
manque une, une lecture hésitante de ces dés reste « ? » : photographiez ces faces (même \
commande, sans --reset).
    """
    from vision.dice_render import VOWELS
    from vision.glyphs import JOKER

    consonants = [f for f in faces if f not in VOWELS]
    vowels = ["joker" if f == JOKER else f for f in faces if f in VOWELS]
    parts = []
    if consonants:
        parts.append(
            ("consonne " if len(consonants) == 1 else "consonnes ") + ", ".join(consonants)
        )
    if vowels:
        parts.append("dé voyelle : " + ", ".join(vowels))
    dice = (
        "de ces dés"
        if consonants and vowels
        else "des consonnes"
        if consonants
        else "du dé voyelle"
    )
    return (
        f"Faces pas encore apprises : {' ; '.join(parts)}. Tant qu'il en manque une, une "
        f"lecture hésitante {dice} reste « ? » : photographiez ces faces (même commande, "
        "sans --reset)."
    )
