"""What the referee's screen says of the players' phones (issue 24): how to join (the QR
code and the game's code) before the hourglass, who has answered (never what) while it runs."""

from __future__ import annotations

import pygame

from device.theme import ACCENT, MUTED, Theme
from device.web.qr import qr_modules
from device.web.table import PhoneTable

_QR_CACHE: dict[str, pygame.Surface] = {}


def qr_surface(text: str, side: int) -> pygame.Surface:
    """The QR code of ``text``, dark on white, about ``side`` pixels square."""
    key = f"{side}:{text}"
    if key not in _QR_CACHE:
        modules = qr_modules(text)
        cell = max(1, side // len(modules))
        image = pygame.Surface((cell * len(modules), cell * len(modules)))
        image.fill((255, 255, 255))
        for y, row in enumerate(modules):
            for x, dark in enumerate(row):
                if dark:
                    image.fill((0, 0, 0), pygame.Rect(x * cell, y * cell, cell, cell))
        _QR_CACHE[key] = image
    return _QR_CACHE[key]


def draw_join(surface: pygame.Surface, theme: Theme, table: PhoneTable, url: str) -> None:
    """The QR code of the join address ``url`` and the game's code, on the left, between
    the draw and the buzzer's line."""
    _, h = theme.size
    image = qr_surface(url, int(h * 0.25))
    top = int(h * 0.45)
    surface.blit(image, (16, top))
    theme.text(
        surface,
        f"Code {table.code}",
        0.045,
        MUTED,
        topleft=(image.get_width() + 24, top + image.get_height() // 2 - int(h * 0.025)),
    )


def draw_answered(surface: pygame.Surface, theme: Theme, table: PhoneTable) -> None:
    """Who has answered from a phone, at the bottom of the screen (names only)."""
    w, h = theme.size
    names = table.answered()
    line = f"Ont répondu : {', '.join(names)}" if names else "Aucune réponse des téléphones"
    theme.text(surface, line, 0.05, ACCENT, center=(w // 2, int(h * 0.95)), max_width=w - 20)
