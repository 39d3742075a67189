"""Pyramide's score sheet as the players keep it on paper, drawn for the screens.

Page 1 is the recto: each player's points by phase, the bonus and solution points that
break ties, each team phase's points; page 2 the verso: each énigme, its Dico and Syno,
the bricks spent on each word (green when found, a dash when lost), the bricks left, the
solution and the points. The Ping-Pong's two rows of bricks and the Grande Pyramide's
six expressions are drawn here too, as the sheet marks them (x, 1, E).
"""

from __future__ import annotations

import pygame

from device.theme import ACCENT, BAD, GOOD, MUTED, PANEL, TEXT, Theme
from engine.pyramide import (
    ENIGMA_WORDS,
    INDIVIDUEL,
    PYRAMID_EXPRESSIONS,
    Phase,
    PyramideGame,
    TeamWord,
)

OUTCOME_MARKS = {"found": "1", "missed": "x", "late": "x", "error": "E"}
"""How the paper sheet marks a brick."""

DARK = (20, 20, 20)
"""Text on a light button."""


def draw_team_bricks(
    surface: pygame.Surface,
    theme: Theme,
    words: list[TeamWord],
    columns: int,
    area: pygame.Rect,
    *,
    teams: dict[int, tuple[str, ...]],
) -> dict[tuple[int, int], pygame.Rect]:
    """The sheet's two rows of bricks: each brick in its team's row, x when missed, 1 when
    found, E for an error (and its 1 in the other row). Returns each played brick's box by
    (word, brick), both 1-based."""
    label_w = int(area.width * 0.18)
    cell = (area.width - label_w) // columns
    row_h = area.height // 3
    boxes: dict[tuple[int, int], pygame.Rect] = {}
    for team in (1, 2):
        y = area.y + row_h * team
        theme.text(surface, f"Équipe {team}", 0.045, MUTED, topleft=(area.x, y + 8))
    for i in range(columns):
        x = area.x + label_w + i * cell
        theme.text(surface, str(i + 1), 0.045, MUTED, center=(x + cell // 2, area.y + row_h // 2))
    column = 0
    for number, word in enumerate(words, start=1):
        shade = (40, 52, 96) if number % 2 else PANEL
        for brick, (team, outcome) in enumerate(word.bricks, start=1):
            x = area.x + label_w + column * cell
            if column >= columns:
                break
            for row_team in (1, 2):
                box = pygame.Rect(x + 2, area.y + row_h * row_team + 2, cell - 4, row_h - 4)
                pygame.draw.rect(surface, shade, box, border_radius=6)
                mark = ""
                if row_team == team:
                    mark = OUTCOME_MARKS[outcome]
                elif outcome == "error":
                    mark = "1"
                if mark:
                    colour = GOOD if mark == "1" else BAD if mark == "E" else TEXT
                    theme.text(surface, mark, 0.06, colour, center=box.center)
            boxes[(number, brick)] = pygame.Rect(x + 2, area.y + row_h + 2, cell - 4, 2 * row_h - 4)
            column += 1
    return boxes


def draw_pyramid(
    surface: pygame.Surface, theme: Theme, area: pygame.Rect, found: int, *, playing: bool
) -> None:
    """Six expressions as a pyramid (1 on top): found ones green, the one played yellow."""
    rows = ((0,), (1, 2), (3, 4, 5))
    row_h = area.height // 3
    cell = area.width // 3
    for r, numbers in enumerate(rows):
        left = area.centerx - len(numbers) * cell // 2
        for i, number in enumerate(numbers):
            box = pygame.Rect(left + i * cell + 4, area.y + r * row_h + 4, cell - 8, row_h - 8)
            if number < found:
                colour, ink = GOOD, DARK
            elif number == found and playing:
                colour, ink = ACCENT, DARK
            else:
                colour, ink = PANEL, TEXT
            pygame.draw.rect(surface, colour, box, border_radius=10)
            theme.text(surface, str(number + 1), 0.07, ink, center=box.center)


def winner_line(game: PyramideGame) -> str:
    sheet = game.sheet()
    ranking = game.ranking()

    def key(player: str) -> tuple[int, int, int]:
        line = sheet[player]
        return (line.total, line.bonus, line.solutions)

    winners = [p for p in ranking if key(p) == key(ranking[0])]
    if len(winners) == 1:
        return f"{winners[0]} gagne !"
    if game.start.rules != INDIVIDUEL and len(winners) == 2:
        return f"{winners[0]} et {winners[1]} gagnent !"  # a doublette scores as one
    return "Égalité : " + " et ".join(winners)


SHEET_PAGES = 2
SHEET_COLUMNS = ("Énig.", "P-P", "N.P.", "G.P.", "Total", "Bonus", "Sol.")


def draw_sheet(
    surface: pygame.Surface, theme: Theme, game: PyramideGame, page: int, area: pygame.Rect
) -> None:
    """The score sheet as the players keep it: page 1 the recto (each player's points by
    phase, the bonus and solutions that break ties, the team phases), page 2 the verso
    (each énigme: its Dico and Syno, the bricks of each word, the solution)."""
    pygame.draw.rect(surface, (18, 26, 56), area, border_radius=8)
    if page == 0:
        caption = f"Feuille de marque, recto (1/{SHEET_PAGES})"
        bottom = area.bottom - int(theme.height * 0.06)
        theme.text(surface, caption, 0.045, MUTED, topleft=(area.x + 8, bottom))
        _draw_recto(surface, theme, game, area)
    else:
        _draw_verso(surface, theme, game, area)


def _draw_recto(
    surface: pygame.Surface, theme: Theme, game: PyramideGame, area: pygame.Rect
) -> None:
    sheet = game.sheet()
    name_w = int(area.width * 0.3)
    col_w = (area.width - name_w) // len(SHEET_COLUMNS)
    row_h = int(theme.height * 0.068)
    y = area.y + 4
    theme.text(surface, "Joueur", 0.045, MUTED, topleft=(area.x + 8, y))
    for i, column in enumerate(SHEET_COLUMNS):
        x = area.x + name_w + i * col_w + col_w // 2
        theme.text(
            surface, column, 0.045, MUTED, center=(x, y + row_h // 2 - 4), max_width=col_w - 4
        )
    for player in game.ranking():
        y += row_h
        line = sheet[player]
        theme.text(surface, player, 0.05, TEXT, topleft=(area.x + 8, y), max_width=name_w - 12)
        values = (line.enigmes, line.ping_pong, line.noms_propres, line.grandes_pyramides,
                  line.total, line.bonus, line.solutions)  # fmt: skip
        for i, value in enumerate(values):
            x = area.x + name_w + i * col_w + col_w // 2
            colour = ACCENT if SHEET_COLUMNS[i] == "Total" else TEXT
            theme.text(surface, str(value), 0.05, colour, center=(x, y + row_h // 2 - 2))
    y += row_h + 6
    for summary in _team_phase_lines(game):
        theme.text(
            surface, summary, 0.045, MUTED, topleft=(area.x + 8, y), max_width=area.width - 16
        )
        y += int(theme.height * 0.055)


def _team_phase_lines(game: PyramideGame) -> list[str]:
    """One line a team phase: each team's points so far, as the recto's grids add up."""
    lines = []
    phases = (("P-P", Phase.PING_PONG, game.ping_pong), ("N.P.", Phase.NOMS_PROPRES, game.names))
    for label, phase, words in phases:
        if not words:
            continue
        teams = game.teams(phase)
        points = {t: sum(1 for w in words if w.point_to == t) for t in (1, 2)}
        parts = [f"{_pair(teams[t])} {points[t]}" for t in (1, 2)]
        lines.append(f"{label} : " + " · ".join(parts))
    if game.pyramids:
        teams = game.teams(Phase.GRANDES_PYRAMIDES)
        parts = [f"{_pair(teams[p.team])} {p.found}/{PYRAMID_EXPRESSIONS}" for p in game.pyramids]
        lines.append("G.P. : " + " · ".join(parts))
    return lines


def _pair(players: tuple[str, ...]) -> str:
    """A team in a few letters: "Ana+Bruno", long names cut ("Jean-Bap.+Marie-Cl.")."""
    return "+".join(p if len(p) <= 9 else p[:8] + "." for p in players)


def _draw_verso(
    surface: pygame.Surface, theme: Theme, game: PyramideGame, area: pygame.Rect
) -> None:
    enigmas = [e for e in game.enigmas if e.words or e.done]
    row_h = min(int(theme.height * 0.05), area.height // (len(enigmas) + 1) if enigmas else 30)
    pair_w = int(area.width * 0.28)
    word_w = int(area.width * 0.085)
    y = area.y + 4
    heads = [f"M{i}" for i in range(1, ENIGMA_WORDS + 1)] + ["Solde", "Sol.", "Pts"]
    theme.text(surface, "Verso : énigme", 0.042, MUTED, topleft=(area.x + 8, y))
    for i, head in enumerate(heads):
        x = area.x + pair_w + i * word_w + word_w // 2
        theme.text(surface, head, 0.042, MUTED, center=(x, y + row_h // 2), max_width=word_w - 2)
    if not enigmas:
        theme.text(surface, "aucune énigme jouée", 0.05, MUTED, topleft=(area.x + 8, y + row_h))
    for number, enigma in enumerate(enigmas, start=1):
        y += row_h
        pair = f"{number}. {enigma.dico[:6]}→{enigma.syno[:6]}"
        theme.text(surface, pair, 0.042, TEXT, topleft=(area.x + 8, y), max_width=pair_w - 8)
        cells: list[tuple[str, tuple[int, int, int]]] = []
        for i in range(ENIGMA_WORDS):
            word = enigma.words[i] if i < len(enigma.words) else None
            if word is None:
                cells.append(("", TEXT))
            elif word.found:
                cells.append((str(word.spent), GOOD))
            elif word.lost:
                cells.append((f"{word.spent}—", BAD))
            else:
                cells.append((f"{len(word.outcomes)}…", ACCENT))
        solution = "—" if enigma.solution is None else "oui" if enigma.solution else "non"
        cells += [
            (str(enigma.stock), TEXT),
            (solution, TEXT),
            (str(enigma.points) if enigma.done else "", ACCENT),
        ]
        for i, (text, colour) in enumerate(cells):
            x = area.x + pair_w + i * word_w + word_w // 2
            theme.text(
                surface, text, 0.042, colour, center=(x, y + row_h // 2), max_width=word_w - 2
            )
