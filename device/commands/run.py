"""``arbitre run``: the referee app (pygame), with the buzzer and the camera, or simulated."""

from __future__ import annotations

import argparse
import math
import os
import warnings
from pathlib import Path
from typing import Any

from device.commands import UsageError
from device.paths import data_dir
from engine.games import GAMES, game_kind


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "run",
        help="lance l'arbitre (plein écran sur le Pi, une fenêtre ailleurs)",
        description=(
            "L'arbitre. --simulate : la barre d'espace fait le buzzer et les photos "
            "d'exemple font la caméra (par défaut sans GPIO ni caméra)."
        ),
    )
    parser.add_argument(
        "--rules",
        default="boxed",
        metavar="JEU",
        help=f"le jeu et ses règles : {', '.join(GAMES)} (par défaut : boxed)",
    )
    parser.add_argument(
        "--players", default="Joueur 1,Joueur 2", help="noms séparés par des virgules"
    )
    parser.add_argument("--simulate", action="store_true", help="clavier et photos d'exemple")
    parser.add_argument("--demo", action="store_true", help="une partie qui se joue toute seule")
    parser.add_argument("--exit-after-game", action="store_true", help="quitter en fin de partie")
    parser.add_argument("--screenshot-dir", type=Path, help="un PNG par nouvel écran")
    parser.add_argument("--size", default="800x480", help="taille de la fenêtre, ex. 1280x720")
    parser.add_argument("--fullscreen", action="store_true", help="plein écran")
    parser.add_argument(
        "--rotation", default="0", metavar="DEGRÉS", help="0, 90, 180 ou 270 (sens horaire)"
    )
    parser.add_argument("--speed", default="1", help="le temps passe N fois plus vite")
    parser.add_argument(
        "--no-voice",
        action="store_true",
        help="sans la voix (par défaut, espeak-ng annonce le nombre et les comptes)",
    )
    parser.add_argument("--data-dir", type=Path, help="parties et données apprises")
    parser.set_defaults(handler=run)


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"taille « {text} » : attendu LARGEURxHAUTEUR, ex. 800x480") from None
    if width < 320 or height < 200:
        raise UsageError("l'écran doit faire au moins 320x200")
    return width, height


def _rotation(text: str) -> int:
    if text.strip() not in ("0", "90", "180", "270"):
        raise UsageError(f"--rotation « {text[:20]} » : attendu 0, 90, 180 ou 270")
    return int(text)


def _speed(text: str) -> float:
    try:
        speed = float(text)
    except ValueError:
        speed = math.nan
    if not math.isfinite(speed) or speed <= 0:
        raise UsageError(f"--speed « {text[:20]} » : attendu un nombre positif, ex. 20")
    return speed


def _rules(name: str) -> str:
    """The ``--rules`` value, if the registry knows it and the device has its screens."""
    from device.games import playable

    try:
        kind = game_kind(name)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if not playable(kind):
        ready = ", ".join(g.name for g in GAMES.values() if playable(g))
        raise UsageError(
            f"« {kind.title} » n'a pas encore ses écrans sur l'arbitre (jouables : {ready})"
        )
    return kind.name


def run(args: argparse.Namespace) -> int:
    rules = _rules(args.rules)
    players = [name.strip() for name in args.players.split(",") if name.strip()]
    if not players:
        raise UsageError("il faut au moins un joueur")
    rotation = _rotation(args.rotation)
    speed = _speed(args.speed)
    size = _size(args.size)
    panel, reader, notes = _devices(args.simulate)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm" if panel is not None else "dummy")
    from device.app import App, AppOptions

    options = AppOptions(
        rules=rules,
        players=players,
        size=size,
        fullscreen=args.fullscreen,
        rotation=rotation,
        demo=args.demo,
        exit_after_game=args.exit_after_game,
        screenshot_dir=args.screenshot_dir,
        data_dir=data_dir(args.data_dir),
        speed=speed,
        voice=not args.no_voice,
    )
    app = App(options, reader, panel)
    if app.sounds.voice.note:
        notes.append(app.sounds.voice.note)
    for note in notes:
        print(note)
    return app.run()


def _devices(simulate: bool) -> tuple[Any, Any, list[str]]:
    """The GPIO panel (or None) and the draw reader, with French notes on what is simulated."""
    from device.reader import CameraReader
    from hardware.config import load_config
    from hardware.panel import NoGPIO, open_panel
    from vision.camera import CameraError, FolderCamera, OpenCVCamera, PiCamera
    from vision.samples import SAMPLES

    notes: list[str] = []
    panel = None
    camera = None
    if not simulate:
        config, config_notes = load_config()
        notes += config_notes
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # gpiozero's fallback warnings on a laptop
            try:
                panel = open_panel(config)
            except NoGPIO as why:
                notes.append(str(why))
        for make in (PiCamera, OpenCVCamera):
            try:
                camera = make()
                break
            except CameraError as why:
                notes.append(str(why))
    if panel is None:
        notes.append("buzzer simulé : barre d'espace (appui long : F1)")
    if camera is not None:
        return panel, CameraReader(camera), notes
    notes.append("caméra simulée : les photos d'exemple")
    reader = CameraReader(
        FolderCamera(SAMPLES / "letters"),
        FolderCamera(SAMPLES / "numbers"),
        dice_camera=FolderCamera(SAMPLES / "dice"),
    )
    return panel, reader, notes
