"""The end of a game: the ranking, the winner, a few figures."""

from __future__ import annotations

import pygame

from device.host import Host
from device.intents import Action, Press
from device.scenes.base import Scene, open_menu_on
from device.theme import ACCENT, MUTED, TEXT
from engine.game import Game
from engine.history import game_figures


class EndScene(Scene):
    name = "fin"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.announced = False

    def update(self, now: float) -> bool:
        if not self.announced:
            self.announced = True
            self.host.game_over()
        return False

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):  # the last round can still be corrected
            return
        if press.action in (Action.BUZZ, Action.CONFIRM):
            self.host.leave_game()

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
        step = min(0.09, 0.52 / max(len(ranking), 1))
        for place, player in enumerate(ranking, start=1):
            y = int(h * (0.33 + step * (place - 1)))
            theme.text(surface, f"{place}. {player}", 0.065, TEXT, topleft=(int(w * 0.04), y))
            theme.text(surface, f"{scores[player]} pts", 0.065, ACCENT, topleft=(int(w * 0.36), y))
            mine = figures.get(player)
            if mine is not None:
                word = mine.longest_word or "—"
                line = f"{mine.exact_counts} compte(s) exact(s), mot le plus long : {word}"
                theme.text(
                    surface,
                    line,
                    0.04,
                    MUTED,
                    topleft=(int(w * 0.55), y + 6),
                    max_width=int(w * 0.44),
                )
        theme.text(
            surface, "Buzzer : nouvelle partie", 0.055, MUTED, center=(w // 2, int(h * 0.94))
        )
