"""``arbitre tapis``: the printable mat whose markers give the camera its geometry."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from device.commands import UsageError


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "tapis",
        help="écrire le tapis à imprimer (PDF) sur lequel poser la réglette et lancer les dés",
        description=(
            "Écrit un PDF à imprimer à 100 % : des repères carrés encadrent la bande où "
            "poser la réglette ou les plaques et le bac où lancer les dés. Une photo qui "
            "montre le tapis est lue dans son repère ; sans tapis, la lecture marche aussi."
        ),
    )
    parser.add_argument("--size", choices=("A4", "A3"), default="A4", help="format du papier")
    parser.add_argument(
        "-o", "--output", type=Path, help="le fichier PDF à écrire (sinon tapis-A4.pdf)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from vision.mat import write_mat_pdf

    path: Path = args.output or Path(f"tapis-{args.size}.pdf")
    if path.suffix.lower() != ".pdf":
        raise UsageError(f"{path} : le tapis s'écrit en PDF (nom en .pdf)")
    try:
        write_mat_pdf(path, args.size)
    except OSError as error:
        raise UsageError(f"{path} : impossible d'écrire le tapis ({error.strerror})") from None
    print(f"tapis {args.size} écrit dans {path} : imprimez-le à 100 %, sans ajuster à la page")
    return 0
