"""The score sheet of "Des chiffres et des lettres", as the players keep it on paper.

One line per round played: its number, its kind (C for a numbers round, L for letters,
Duel, Sprint), then for each player the round's points and the running total. The lines
come from the engine's records (:attr:`engine.game.Round.record`, a
:class:`engine.ranking.RoundRecord`) and the running totals from the engine's own
:func:`engine.ranking.totals`: the sheet never scores a round itself.

The sheet is read from a metre away: no text under :data:`MIN_PX` pixels, even with six
players on the 800x480 panel. When the players' columns do not fit the width at that size
(a portrait screen), each round takes two lines, the players split in two bands. The rounds
that do not fit the height go on further pages; the sheet opens on the page of the last
round played (where the totals are). It shows over the screen it was opened from (the
menu's "Feuille de score" during a game, the end screen's button after it) and goes back to
it as it was: the buzzer turns the pages, then goes back; Escape and a long press go back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.host import Host
from device.intents import Action, Press
from device.scenes.base import Scene
from device.theme import ACCENT, MUTED, PANEL, TEXT, Button, Theme
from engine.game import Game
from engine.ranking import totals
from engine.rules import RoundKind

MIN_PX = 20
"""The smallest text on the sheet, in pixels (read at a metre)."""
SCALE = 0.05
"""The sheet's text height as a fraction of the screen's smaller side, when the width
allows it (a portrait screen does not get larger type than a landscape one)."""
KINDS = {
    RoundKind.NUMBERS: "C",
    RoundKind.LETTERS: "L",
    RoundKind.DUEL: "Duel",
    RoundKind.SPRINT: "Sprint",
}
"""How the sheet marks a round's kind (C and L as on the paper sheets)."""
MARGIN = 12
GAP = 10
"""Pixels between two columns."""


@dataclass(frozen=True, slots=True)
class Line:
    """One round on the sheet: what it shows, as read from the engine's records."""

    number: int
    kind: RoundKind
    points: dict[str, int | None]
    """Each player's points in the round (None: the record has none for them)."""
    totals: dict[str, int]
    """Each player's total after the round."""


def sheet_lines(game: Game) -> list[Line]:
    """The lines of the rounds played, in order."""
    played = [r for r in game.rounds if r.record is not None]
    lines = []
    for index, played_round in enumerate(played):
        record = played_round.record
        assert record is not None
        so_far = [r.record for r in played[: index + 1] if r.record is not None]
        lines.append(
            Line(
                played_round.number,
                record.kind,
                {p: record.points.get(p) for p in game.players},
                totals(game.players, so_far),
            )
        )
    return lines


def points_label(points: int | None) -> str:
    """A round's points on the sheet: "+7", "0", or "—" when the player has none."""
    if points is None:
        return "—"
    return f"+{points}" if points > 0 else str(points)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the sheet's parts go on a screen of a given size."""

    scale: float
    """The text size of the whole sheet, as :meth:`Theme.font` takes it."""
    bands: int
    """Lines per round: the players are split in this many bands."""
    per_band: int
    number_w: int
    kind_w: int
    cell: int
    """Width of one player's column."""
    points_w: int
    """Width of the points part of a player's column (the total is right-aligned after)."""
    rows: int
    """Rounds per page."""
    top: int
    """Where the first round's line starts."""
    header_lines: int
    """Lines of the players' names (two, staggered, when a name does not fit its column)."""


def layout(theme: Theme, game: Game, lines: list[Line]) -> Layout:
    """The largest text up to :data:`SCALE` that fits the width, not under :data:`MIN_PX`;
    more bands of players when even :data:`MIN_PX` does not fit."""
    w, h = theme.size
    players = len(game.players)
    kinds = {line.kind for line in lines} or {RoundKind.NUMBERS}
    widest_kind = max((KINDS[k] for k in kinds), key=len)
    numbers = [str(line.number) for line in lines] or ["1"]
    points = [points_label(p) for line in lines for p in line.points.values()] or ["+10"]
    sums = [str(t) for line in lines for t in line.totals.values()] or ["0"]
    floor = MIN_PX / h
    for bands in range(1, players + 1):
        per_band = math.ceil(players / bands)
        scale = max(SCALE * min(w, h) / h, floor)
        while True:
            font = theme.font(scale)
            number_w = max(font.size(n)[0] for n in [*numbers, "N°"])
            kind_w = max(font.size(widest_kind)[0], font.size("C")[0])
            points_w = max(font.size(p)[0] for p in points)
            need = points_w + GAP + max(font.size(s)[0] for s in sums) + GAP
            cell = (w - 2 * MARGIN - number_w - kind_w - 2 * GAP) // per_band
            if need <= cell or round(h * scale) <= MIN_PX:
                break
            scale = (round(h * scale) - 1) / h
        if need <= cell:
            break
    font = theme.font(scale)
    line_h = font.get_linesize()
    names_fit = all(font.size(p)[0] <= cell - GAP for p in game.players)
    # names too long for their column: on two staggered lines (one band only: with two
    # bands, four lines of names would no longer say which band is whose)
    header_lines = bands * (1 if names_fit or per_band == 1 or bands > 1 else 2)
    title_h = theme.font(1.4 * scale).get_linesize()
    top = 6 + title_h + header_lines * line_h + 6
    footer = int(h * 0.14)
    row_h = bands * line_h + 4
    rows = max(1, (h - footer - top) // row_h)
    return Layout(scale, bands, per_band, number_w, kind_w, cell, points_w, rows, top,
                  header_lines)  # fmt: skip


class SheetScene(Scene):
    """The DCDL score sheet, over the screen it was opened from."""

    name = "feuille"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.lines = sheet_lines(self.game)
        self.layout = layout(host.theme, self.game, self.lines)
        self.page = self.pages - 1
        """The page shown (0-based); the last one first, where the totals are."""

    @property
    def game(self) -> Game:
        assert self.host.session is not None
        return self.host.session.dcdl

    @property
    def pages(self) -> int:
        return max(1, math.ceil(len(self.lines) / self.layout.rows))

    @property
    def state(self) -> str:
        return f"feuille-page{self.page + 1}"

    def shown(self) -> list[Line]:
        """The lines of the page shown."""
        rows = self.layout.rows
        return self.lines[self.page * rows : (self.page + 1) * rows]

    def on_press(self, press: Press) -> None:
        if press.action in (Action.BUZZ, Action.CONFIRM):
            if self.page < self.pages - 1:
                self.page += 1
            else:
                self.host.close_menu()
        elif press.action in (Action.BACK, Action.MENU):
            self.host.close_menu()

    def on_button(self, key: str) -> None:
        if key == "back":
            self.host.close_menu()
        elif key == "previous":
            self.page = max(0, self.page - 1)
        elif key == "next":
            self.page = min(self.pages - 1, self.page + 1)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        box = self.layout
        width = 0
        if self.pages > 1:
            page = f"page {self.page + 1}/{self.pages}"
            width = theme.font(box.scale).size(page)[0]
            theme.text(surface, page, box.scale, MUTED, topleft=(w - MARGIN - width, 10))
        title = w - 3 * MARGIN - width
        theme.text(surface, "Feuille de score", 1.4 * box.scale, ACCENT, topleft=(MARGIN, 6),
                   max_width=title)  # fmt: skip
        self._draw_names(surface)
        if not self.lines:
            theme.text(surface, "Aucune manche jouée", 0.07, MUTED, center=(w // 2, h // 2))
        line_h = theme.font(box.scale).get_linesize()
        y = box.top
        for index, line in enumerate(self.shown()):
            if index % 2:
                shade = pygame.Rect(MARGIN // 2, y - 2, w - MARGIN, box.bands * line_h + 4)
                pygame.draw.rect(surface, PANEL, shade, border_radius=6)
            self._draw_line(surface, line, y)
            y += box.bands * line_h + 4
        self._draw_footer(surface)

    def _columns(self) -> list[tuple[str, int, int]]:
        """Each player with their band and the left edge of their column."""
        box = self.layout
        left = MARGIN + box.number_w + GAP + box.kind_w + GAP
        return [
            (player, i // box.per_band, left + (i % box.per_band) * box.cell)
            for i, player in enumerate(self.game.players)
        ]

    def _draw_names(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        box = self.layout
        line_h = theme.font(box.scale).get_linesize()
        top = box.top - box.header_lines * line_h - 6
        staggered = box.header_lines > box.bands
        theme.text(surface, "N°", box.scale, MUTED, topleft=(MARGIN, top))
        font = theme.font(box.scale)
        for i, (player, band, x) in enumerate(self._columns()):
            row = band * (2 if staggered else 1) + (i % 2 if staggered else 0)
            # centred over its column; staggered, a name may spread over half of each
            # neighbour's column (theirs are on the other line), not off the screen
            centre = x + (box.cell - GAP) // 2
            half = box.cell if staggered else (box.cell - GAP) // 2
            low = max(MARGIN + box.number_w + GAP, centre - half)
            high = min(theme.width - MARGIN, centre + half)
            name = theme.clipped(player, box.scale, high - low)
            left = min(max(low, centre - font.size(name)[0] // 2), high - font.size(name)[0])
            theme.text(surface, name, box.scale, MUTED, topleft=(left, top + row * line_h))

    def _draw_line(self, surface: pygame.Surface, line: Line, y: int) -> None:
        theme = self.host.theme
        box = self.layout
        font = theme.font(box.scale)
        line_h = font.get_linesize()
        number = str(line.number)
        theme.text(surface, number, box.scale, MUTED,
                   topleft=(MARGIN + box.number_w - font.size(number)[0], y))  # fmt: skip
        theme.text(surface, KINDS[line.kind], box.scale, TEXT,
                   topleft=(MARGIN + box.number_w + GAP, y))  # fmt: skip
        for player, band, x in self._columns():
            row = y + band * line_h
            points = points_label(line.points[player])
            colour = TEXT if line.points[player] else MUTED
            right = x + box.points_w
            theme.text(surface, points, box.scale, colour,
                       topleft=(right - font.size(points)[0], row))  # fmt: skip
            total = str(line.totals[player])
            end = x + box.cell - GAP
            theme.text(surface, total, box.scale, ACCENT, topleft=(end - font.size(total)[0], row))

    def _draw_footer(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        height = int(h * 0.11)
        y = h - height - 6
        if self.pages > 1:
            third = (w - 4 * MARGIN) // 3
            words = theme.font(MIN_PX / h).size("Page précédente")[0] <= third - 8
            before, after = ("Page précédente", "Page suivante") if words else ("◀ Page", "Page ▶")
            self.buttons.append(Button(pygame.Rect(MARGIN, y, third, height), before, "previous"))
            self.buttons.append(
                Button(pygame.Rect(2 * MARGIN + third, y, third, height), after, "next")
            )
            back = pygame.Rect(3 * MARGIN + 2 * third, y, third, height)
        else:
            back = pygame.Rect(w // 3, y, w // 3, height)
        self.buttons.append(Button(back, "Retour", "back", ACCENT, (20, 20, 20)))
