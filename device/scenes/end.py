"""The end of a game: the ranking, the winner, a few figures, and (DCDL) the score sheet."""

from __future__ import annotations

import pygame

from device.intents import Press
from device.scenes.base import GameOverScene, open_menu_on, points
from device.theme import ACCENT, MUTED, TEXT, Button
from engine.game import Game
from engine.history import game_figures


class EndScene(GameOverScene):
    def on_press(self, press: Press) -> None:
        if not open_menu_on(press, self.host):  # the last round can still be corrected
            super().on_press(press)

    def on_button(self, key: str) -> None:
        if key == "sheet":
            self.host.open_sheet()  # over this screen, which comes back as it was

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        assert self.host.session is not None
        game = self.host.session.game
        ranking = game.ranking()
        scores = game.scores
        winners = [p for p in ranking if scores[p] == scores[ranking[0]]]
        title = (
            f"{winners[0]} gagne !" if len(winners) == 1 else "Égalité : " + " et ".join(winners)
        )
        theme.text(surface, "Partie terminée", 0.07, MUTED, center=(w // 2, int(h * 0.08)))
        theme.text(surface, title, 0.13, ACCENT, center=(w // 2, int(h * 0.22)), max_width=w - 20)
        figures = game_figures(game) if isinstance(game, Game) else {}
        rows = max(len(ranking), 1)
        step = min(0.09, 0.56 / rows)
        scale = 0.065 if rows <= 3 else 0.05
        for player in ranking:
            # equal scores share a place: the title says "Égalité", the ranking agrees
            place = 1 + sum(1 for other in ranking if scores[other] > scores[player])
            y = int(h * 0.33) + int(h * step) * ranking.index(player)
            score = points(scores[player])
            right = int(w * 0.50) - theme.font(scale).size(score)[0]  # right-aligned figures
            label = theme.clipped(f"{place}. {player}", scale, right - int(w * 0.03) - 12)
            theme.text(surface, label, scale, TEXT, topleft=(int(w * 0.03), y))
            theme.text(surface, score, scale, ACCENT, topleft=(right, y))
            mine = figures.get(player)
            if mine is not None:
                word = mine.longest_word or "—"
                n = mine.exact_counts
                exact = f"{n} compte exact" if n < 2 else f"{n} comptes exacts"
                line = theme.clipped(f"{exact} · {word}", 0.045, int(w * 0.46))
                theme.text(surface, line, 0.045, MUTED, topleft=(int(w * 0.53), y + 4))
        hint = (w // 2, int(h * 0.94))
        if isinstance(game, Game):  # the round-by-round sheet, as on paper
            sheet = pygame.Rect(int(w * 0.6), int(h * 0.87), int(w * 0.37), int(h * 0.11))
            self.buttons.append(Button(sheet, "Feuille de score", "sheet"))
            hint = (int(w * 0.3), int(h * 0.925))
        theme.text(surface, "Buzzer : nouvelle partie", 0.055, MUTED, center=hint)
