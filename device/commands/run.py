"""``arbitre run``: the referee app (pygame), with the buzzer and the camera, or simulated."""

from __future__ import annotations

import argparse
import os
import warnings
from pathlib import Path
from typing import Any

from device.commands import UsageError, decimal, folder, integer, quoted
from device.web.address import AddressError, WebAddress, parse_web
from engine.registry import GAMES, game_kind

MAX_NAME = 20
"""Characters of a player's name (the home screen types at most 12)."""
MAX_SPEED = 1000.0
"""Faster than this, a 45 s hourglass ends between two frames."""


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
        "--players",
        help="noms séparés par des virgules (par défaut : ceux de la dernière partie)",
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
    parser.add_argument(
        "--web",
        metavar="[HÔTE:]PORT",
        help="la page des téléphones des joueurs sur cette adresse locale (par défaut : aucune)",
    )
    parser.set_defaults(handler=run)


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    try:
        if len(parts) != 2:
            raise UsageError(text)
        width, height = (integer(part, "la taille") for part in parts)
    except UsageError:
        raise UsageError(
            f"taille « {quoted(text)} » : attendu LARGEURxHAUTEUR, ex. 800x480"
        ) from None
    if width < 320 or height < 200:
        raise UsageError("l'écran doit faire au moins 320x200")
    if width > 7680 or height > 4320:
        raise UsageError("l'écran fait au plus 7680x4320")
    return width, height


def _rotation(text: str) -> int:
    if text.strip() not in ("0", "90", "180", "270"):
        raise UsageError(f"--rotation « {quoted(text)} » : attendu 0, 90, 180 ou 270")
    return int(text)


def _speed(text: str) -> float:
    try:
        speed = decimal(text, "--speed")  # digits 0-9 only: "٢" is no speed
    except UsageError:
        speed = 0.0
    if not 0 < speed <= MAX_SPEED:
        raise UsageError(
            f"--speed « {quoted(text)} » : attendu un nombre positif, au plus {MAX_SPEED:.0f}"
        )
    return speed


def _web(text: str | None) -> WebAddress | None:
    """``--web [HOST:]PORT``: a local address only (the French refusal otherwise, exit 2)."""
    if text is None:
        return None
    try:
        return parse_web(text)
    except AddressError as error:
        raise UsageError(str(error)) from None


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
    given = args.players
    players = None if given is None else [n.strip() for n in given.split(",") if n.strip()]
    if players is not None and not players:
        raise UsageError("il faut au moins un joueur")
    for name in players or ():
        if len(name) > MAX_NAME:
            raise UsageError(f"nom « {quoted(name)} » trop long ({MAX_NAME} caractères au plus)")
    rotation = _rotation(args.rotation)
    speed = _speed(args.speed)
    web = _web(args.web)
    size = _size(args.size)
    screenshots = (
        None if args.screenshot_dir is None else folder(args.screenshot_dir, "--screenshot-dir")
    )
    data = _data_dir(args.data_dir)
    panel, reader, notes, problems = _devices(args.simulate)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm" if panel is not None else "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for our notes
    from device.app import App, AppOptions

    options = AppOptions(
        rules=rules,
        players=players,
        size=size,
        fullscreen=args.fullscreen,
        rotation=rotation,
        demo=args.demo,
        exit_after_game=args.exit_after_game,
        screenshot_dir=screenshots,
        data_dir=data,
        speed=speed,
        web=web,
        voice=not args.no_voice,
    )
    app = App(options, reader, panel)
    app.notices.startup[:0] = problems  # the configuration's mistakes, on the screen too
    if app.sounds.voice.note:
        notes.append(app.sounds.voice.note)
    for note in notes + problems:
        print(note)
    return app.run()


def _data_dir(option: Path | None) -> Path:
    """``--data-dir`` must name a folder (else exit 2). The default one may be unusable (a
    read-only card): the app then starts anyway, keeps the games in memory and says so."""
    from device.paths import data_dir

    if option is not None:
        folder(option, "--data-dir", create=False)
    try:
        return data_dir(option)
    except OSError:
        return data_dir(option, create=False)


def _devices(simulate: bool) -> tuple[Any, Any, list[str], list[str]]:
    """The GPIO panel (or None), the draw reader, French notes on what is simulated and the
    configuration file's mistakes (to be shown on screen)."""
    from device.reader import CameraReader, SampleReader
    from hardware.config import load_config
    from hardware.panel import NoGPIO, open_panel
    from vision.camera import CameraError, OpenCVCamera, PiCamera

    notes: list[str] = []
    problems: list[str] = []
    panel = None
    camera = None
    if not simulate:
        config, problems = load_config()
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
        return panel, CameraReader(camera), notes, problems
    notes.append("caméra simulée : les photos d'exemple")
    return panel, SampleReader(), notes, problems
