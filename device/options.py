"""What ``arbitre run`` was asked for: read by the app, its screens and the demo."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from device.web.address import WebAddress


@dataclass
class AppOptions:
    """What ``arbitre run`` was asked for."""

    rules: str = "boxed"
    players: list[str] | None = None
    """The names given (``--players``); None: the last game's (:mod:`device.names`)."""
    size: tuple[int, int] = (800, 480)
    fullscreen: bool = False
    rotation: int = 0
    demo: bool = False
    exit_after_game: bool = False
    screenshot_dir: Path | None = None
    data_dir: Path = Path(".")
    speed: float = 1.0
    """Time runs this many times faster (demo and tests: 45 s hourglasses in seconds)."""
    web: WebAddress | None = None
    """Where the players' phone page listens (``--web``); None: no phone page."""
    voice: bool = True
    """Speak the target and the countdowns in French (where espeak-ng is installed)."""
