"""Colours, type and the few drawing helpers every screen uses.

Players sit a metre away: sizes are fractions of the screen height, so the same layout
reads well at 800x480 (the 7" panel), 1280x720 and 1920x1080; colours are light on a
dark blue, with yellow for what matters now.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pygame

Colour = tuple[int, int, int]

BACKGROUND: Colour = (12, 18, 40)
PANEL: Colour = (28, 38, 74)
TEXT: Colour = (245, 245, 245)
MUTED: Colour = (160, 172, 200)
ACCENT: Colour = (255, 200, 40)
GOOD: Colour = (90, 220, 130)
BAD: Colour = (255, 96, 96)
TILE: Colour = (250, 236, 200)
TILE_TEXT: Colour = (25, 25, 25)
UNSURE: Colour = (255, 150, 60)

#: Fonts tried in order; pygame's own font when none is installed.
FONT_FILES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    Path("/usr/share/fonts/truetype/freefont/FreeSansBold.ttf"),
    Path("/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"),
)


def font_path() -> str | None:
    for path in FONT_FILES:
        if path.exists():
            return str(path)
    return None


@dataclass
class Theme:
    """The screen's size and the fonts scaled to it."""

    size: tuple[int, int]
    path: str | None = field(default_factory=font_path)
    _fonts: dict[int, pygame.font.Font] = field(default_factory=dict, repr=False)
    """Fonts by pixel size (kept per theme: pygame.quit() invalidates them)."""

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def font(self, scale: float) -> pygame.font.Font:
        """A font whose size is ``scale`` times the screen height."""
        size = max(10, round(self.height * scale))
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(self.path, size)
        return self._fonts[size]

    def close(self) -> None:
        """Let go of the fonts while pygame's font module still runs: a font freed after
        ``pygame.quit()`` keeps its file open (nine files an app, which a test run of
        hundreds of apps piled up)."""
        self._fonts.clear()

    def clipped(self, text: str, scale: float, max_width: int) -> str:
        """``text`` cut with "…" to fit ``max_width`` at ``scale`` (long names stay readable
        at a set size instead of shrinking past the smallest type that reads at a distance)."""
        font = self.font(scale)
        if font.size(text)[0] <= max_width:
            return text
        while text and font.size(text + "…")[0] > max_width:
            text = text[:-1]
        return text.rstrip() + "…"

    def text(
        self,
        surface: pygame.Surface,
        text: str,
        scale: float,
        colour: Colour = TEXT,
        *,
        center: tuple[int, int] | None = None,
        topleft: tuple[int, int] | None = None,
        max_width: int | None = None,
    ) -> pygame.Rect:
        """Draw one line of text, shrunk to ``max_width`` if given; returns its box."""
        font = self.font(scale)
        image = font.render(text, True, colour)
        if max_width and image.get_width() > max_width:
            # the proportional size first, then one whole pixel less at a time: the largest
            # type that fits (widths do not scale exactly with whole-pixel sizes)
            pixels = round(self.height * scale * max_width / image.get_width()) + 1
            while image.get_width() > max_width and pixels > 10:
                pixels -= 1
                image = self.font(pixels / self.height).render(text, True, colour)
        rect = image.get_rect()
        if center is not None:
            rect.center = center
        elif topleft is not None:
            rect.topleft = topleft
        surface.blit(image, rect)
        return rect

    def wrapped(
        self,
        surface: pygame.Surface,
        text: str,
        scale: float,
        colour: Colour = TEXT,
        *,
        center: tuple[int, int],
        max_width: int,
        max_lines: int = 2,
    ) -> pygame.Rect:
        """``text`` centred on ``center``: on one line where it fits ``max_width``, else its
        words over up to ``max_lines`` lines at the size asked (a sentence read from a
        metre away is not shrunk to 12 px to keep to one line), and only past that
        smaller, as little as fits; returns the box of all its lines."""
        size = max(10, round(self.height * scale))
        lines = wrapped_lines(self.font(size / self.height), text, max_width)
        while len(lines) > max_lines and size > 10:
            size -= 1
            lines = wrapped_lines(self.font(size / self.height), text, max_width)
        if len(lines) > max_lines:
            lines = [text]  # even at the smallest size: one line, shrunk to its width
        step = self.font(size / self.height).get_linesize()
        top = center[1] - step * len(lines) / 2
        boxes = [
            self.text(surface, line, size / self.height, colour,
                      center=(center[0], round(top + step * (k + 0.5))), max_width=max_width)
            for k, line in enumerate(lines)
        ]  # fmt: skip
        return boxes[0].unionall(boxes[1:])


def wrapped_lines(font: pygame.font.Font, text: str, max_width: int) -> list[str]:
    """``text``'s words laid greedily on lines no wider than ``max_width`` in ``font`` (a
    word wider alone keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


@dataclass
class Button:
    """A tappable box with a label; ``key`` says what it does to the scene."""

    rect: pygame.Rect
    label: str
    key: str
    colour: Colour = PANEL
    text_colour: Colour = TEXT

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float = 0.06) -> None:
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=self.rect.height // 5)
        theme.text(
            surface,
            self.label,
            scale,
            self.text_colour,
            center=self.rect.center,
            max_width=self.rect.width - 8,
        )

    def hit(self, x: int, y: int) -> bool:
        return bool(self.rect.collidepoint(x, y))


class TapZone(Button):
    """A tap zone over something already drawn (a tile): its label is what it shows."""

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float = 0.06) -> None:
        return


def row_of_boxes(area: pygame.Rect, count: int, gap_ratio: float = 0.12) -> list[pygame.Rect]:
    """``count`` square-ish boxes centred in a row inside ``area``."""
    if count == 0:
        return []
    size = min(area.height, int(area.width / (count + (count - 1) * gap_ratio)))
    gap = int(size * gap_ratio)
    total = count * size + (count - 1) * gap
    left = area.centerx - total // 2
    top = area.centery - size // 2
    return [pygame.Rect(left + i * (size + gap), top, size, size) for i in range(count)]


def draw_tiles(
    surface: pygame.Surface,
    theme: Theme,
    area: pygame.Rect,
    values: list[str],
    *,
    unsure: frozenset[int] = frozenset(),
    used: frozenset[int] = frozenset(),
) -> list[pygame.Rect]:
    """The draw's tiles in a row; unsure ones in orange, used ones dimmed."""
    boxes = row_of_boxes(area, len(values))
    for index, (box, value) in enumerate(zip(boxes, values, strict=True)):
        colour = UNSURE if index in unsure else (PANEL if index in used else TILE)
        pygame.draw.rect(surface, colour, box, border_radius=box.height // 8)
        text_colour = MUTED if index in used else TILE_TEXT
        scale = 0.6 * box.height / theme.height
        theme.text(surface, value, scale, text_colour, center=box.center, max_width=box.width - 6)
    return boxes
