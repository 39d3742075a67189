"""What is wrong around the referee, said on screen in French, whatever the screen.

A referee on a shelf has no terminal: a configuration key ignored, a database set aside, a
full or read-only disk must be read on the screen itself. Three kinds of notice, drawn in
a red band at the top over every scene:

- start-up notes (the configuration file's mistakes, a database set aside): shown on the
  home screen, until the first game starts;
- the saved games' trouble (:attr:`engine.store.Store.problem`): shown on every screen
  for as long as it lasts, since every move is then kept in memory only;
- what happened since (the database recreated, the games saved again): shown for
  :data:`SHOWN_FOR` seconds.

The app calls :meth:`Notices.tick` as time passes (it also lets the store retry the disk)
and :meth:`Notices.draw` after the scene has drawn itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from device.theme import Theme
from engine.store import Store

SHOWN_FOR = 15.0
"""Seconds a notice of something that happened stays on screen."""
BAND = (150, 28, 28)
BAND_TEXT = (255, 255, 255)
SCALE = 0.042
"""Text height, as a fraction of the screen height (readable from a metre away)."""
HOME = "accueil"


@dataclass
class Notices:
    """The notices of one app run."""

    store: Store
    startup: list[str] = field(default_factory=list)
    """Start-up notes, shown while the home screen is."""
    clock: Callable[[], float] = time.monotonic
    _taken: int = 0
    _recent: list[tuple[float, str]] = field(default_factory=list)
    _shown: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.startup.extend(self.store.warnings)
        self._taken = len(self.store.warnings)

    def lines(self, scene: str) -> list[str]:
        """The sentences to show now over ``scene`` (a scene's name)."""
        now = self._now()
        self._recent = [(until, text) for until, text in self._recent if until > now]
        shown = [text for _, text in self._recent]
        if self.store.problem is not None:
            shown.insert(0, self.store.problem)
        if scene.startswith(HOME):
            shown = self.startup + shown
        return [_sentence(text) for text in shown]

    def tick(self, scene: str) -> bool:
        """Let the store retry the disk, take its new warnings; True when what is shown
        changed (the screen must be redrawn)."""
        self.store.retry()
        for text in self.store.warnings[self._taken :]:
            self._recent.append((self._now() + SHOWN_FOR, text))
        self._taken = len(self.store.warnings)
        lines = tuple(self.lines(scene))
        changed = lines != self._shown
        self._shown = lines
        return changed

    def draw(self, surface: pygame.Surface, theme: Theme, scene: str) -> None:
        """The red band with every notice, word-wrapped, at the top of the screen."""
        lines = self.lines(scene)
        if not lines:
            return
        font = theme.font(SCALE)
        rows = [row for text in lines for row in _wrap(text, font, theme.width - 24)]
        rows = rows[: max(1, int(theme.height * 0.45) // font.get_linesize())]
        height = len(rows) * font.get_linesize() + 12
        pygame.draw.rect(surface, BAND, pygame.Rect(0, 0, theme.width, height))
        y = 6
        for row in rows:
            surface.blit(font.render(row, True, BAND_TEXT), (12, y))
            y += font.get_linesize()

    def _now(self) -> float:
        return self.clock()


def _sentence(text: str) -> str:
    """A notice as a French sentence: capital first, full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` cut at spaces into rows no wider than ``width`` (a long word stays whole)."""
    rows: list[str] = []
    row = ""
    for word in text.split():
        candidate = f"{row} {word}".strip()
        if row and font.size(candidate)[0] > width:
            rows.append(row)
            row = word
        else:
            row = candidate
    if row:
        rows.append(row)
    return rows
