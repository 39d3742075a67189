"""Raw input (touch, mouse, keyboard, the GPIO buzzer) turned into intents, in one place.

Scenes never read SDL events: they receive :class:`Intent` values. This is where the
Pi gadget traps are handled once:

- SDL reports a touch twice, as FINGERDOWN and as a synthetic MOUSEBUTTONDOWN (marked
  ``touch=True``); the copy is dropped, so a tap is handled once.
- Touch coordinates are normalised 0..1 on the panel; they are rotated with the screen.
- The GPIO button lives in another thread: it posts :data:`BUZZER_EVENT` with
  ``pygame.event.post`` (thread-safe), mapped here like the space bar.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame

#: Posted by the GPIO thread: ``action`` is "press" or "held".
BUZZER_EVENT = pygame.event.custom_type()
#: Posted by the worker thread when a job (a photo read, a solve) has ended.
JOB_EVENT = pygame.event.custom_type()


class Action(StrEnum):
    BUZZ = "buzz"
    """The big button: next action."""
    MENU = "menu"
    """A long press of the big button."""
    CONFIRM = "confirm"
    BACK = "back"
    DELETE = "delete"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Press:
    """A button-like action."""

    action: Action


@dataclass(frozen=True, slots=True)
class Tap:
    """A tap or click at a point of the (rotated) screen, in pixels."""

    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Typed:
    """A character typed on a USB keyboard (letters upper-cased)."""

    char: str


Intent = Press | Tap | Typed

_KEYS = {
    pygame.K_SPACE: Action.BUZZ,
    pygame.K_F1: Action.MENU,
    pygame.K_RETURN: Action.CONFIRM,
    pygame.K_KP_ENTER: Action.CONFIRM,
    pygame.K_ESCAPE: Action.BACK,
    pygame.K_BACKSPACE: Action.DELETE,
}


def rotate_point(x: float, y: float, rotation: int) -> tuple[float, float]:
    """Map a normalised panel point to the rotated screen (rotation in degrees clockwise).

    >>> rotate_point(0.0, 0.0, 90)
    (1.0, 0.0)
    """
    if rotation == 90:
        return 1.0 - y, x
    if rotation == 180:
        return 1.0 - x, 1.0 - y
    if rotation == 270:
        return y, 1.0 - x
    return x, y


class IntentMapper:
    """Turns pygame events into intents for a screen drawn at ``size`` (after rotation)
    and shown on a panel turned by ``rotation`` degrees clockwise."""

    def __init__(self, size: tuple[int, int], rotation: int = 0) -> None:
        self.size = size
        self.rotation = rotation

    def map(self, event: pygame.event.Event) -> Intent | None:
        if event.type == pygame.QUIT:
            return Press(Action.QUIT)
        if event.type == BUZZER_EVENT:
            return Press(Action.MENU if getattr(event, "action", "") == "held" else Action.BUZZ)
        if event.type == pygame.FINGERDOWN:
            x, y = rotate_point(event.x, event.y, self.rotation)
            return Tap(round(x * self.size[0]), round(y * self.size[1]))
        if event.type == pygame.MOUSEBUTTONDOWN:
            if getattr(event, "touch", False) or event.button != 1:
                return None  # the copy SDL makes of a touch, or not the main button
            width, height = self.size if self.rotation in (0, 180) else self.size[::-1]
            x, y = rotate_point(event.pos[0] / width, event.pos[1] / height, self.rotation)
            return Tap(round(x * self.size[0]), round(y * self.size[1]))
        if event.type == pygame.KEYDOWN:
            if event.key in _KEYS:
                return Press(_KEYS[event.key])
            char = event.unicode
            if char and char.isprintable() and not char.isspace():
                return Typed(char.upper())
        return None
