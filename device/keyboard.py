"""The on-screen keyboard: a table with a touchscreen and no USB keyboard types with it.

AZERTY, as French tables know it, with the accented capitals French names carry (Hélène,
François, Anaïs). Each key is a :class:`~device.theme.Button` whose key is ``kb:`` and
what it types; :func:`keyboard_key` tells a scene what was tapped, and the scene takes it
exactly as a key of a USB keyboard (:meth:`~device.scenes.base.Scene.on_typed`, Backspace,
Enter), so both keyboards go through one path.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from device.theme import GOOD, PANEL, Button

LETTERS = ("AZERTYUIOP", "QSDFGHJKLM", "WXCVBN")
"""A tile's keys."""
NAME_ROWS = (*LETTERS[:2], LETTERS[2] + "-'", "ÉÈÊËÀÇÏÔ")
"""A name's keys: the letters, a hyphen and an apostrophe (Jean-Luc, N'Dour), accents."""
DIGITS = ("1234567890",)

ERASE = "del"
DONE = "ok"


def keyboard(area: pygame.Rect, rows: Sequence[str] = NAME_ROWS, done: str = "OK") -> list[Button]:
    """The keys laid out in ``area``, one row per string, then "Effacer" and ``done``."""
    count = len(rows) + 1
    height = area.height // count
    unit = area.width // max(len(row) for row in rows)
    buttons = []
    for r, row in enumerate(rows):
        y = area.top + r * height
        left = area.left + (area.width - unit * len(row)) // 2
        for i, char in enumerate(row):
            box = pygame.Rect(left + i * unit + 2, y + 2, unit - 4, height - 4)
            buttons.append(Button(box, char, f"kb:{char}"))
    y = area.top + len(rows) * height
    half = area.width // 2
    erase = pygame.Rect(area.left + 2, y + 2, half - 4, height - 4)
    ok = pygame.Rect(area.left + half + 2, y + 2, half - 4, height - 4)
    buttons.append(Button(erase, "Effacer", f"kb:{ERASE}", PANEL))
    buttons.append(Button(ok, done, f"kb:{DONE}", GOOD, (10, 30, 10)))
    return buttons


def keyboard_key(button_key: str) -> str | None:
    """What a tapped button typed: a character, :data:`ERASE` or :data:`DONE`; None for a
    button that is not a key."""
    return button_key[3:] if button_key.startswith("kb:") else None
