"""The end of a game: the ranking, the winner, a few figures, and (DCDL) the score sheet."""

from __future__ import annotations

import pygame

from device.intents import Press
from device.scenes.base import GameOverScene, open_menu_on, points
from device.theme import ACCENT, MUTED, TEXT, Button
from engine.game import Game
from engine.games import AnyGame
from engine.history import game_figures
from engine.ranking import deciding_key, places

TIE_BREAKS = {
    "tens": "les mots de 10 lettres",
    "numbers": "les points en chiffres",
    "nines": "les mots de 9 lettres",
    "eights": "les mots de 8 lettres",
    "sevens": "les mots de 7 lettres",
    "first_not_topped": "le premier coup non topé",
    "lot": "tirage au sort",
    "seat": "le classement au duplicate",
}
"""What broke a tie on points, as the club rules name it (:mod:`engine.ranking`'s keys)."""


def _places(game: AnyGame, ranking: list[str]) -> tuple[dict[str, int], str | None]:
    """Each player's place and what broke a tie on points, if the rules did. Equal players
    share a place, so the title's "Égalité" and the ranking agree; a DCDL rule set's
    tie-breaks (the club duplicate's criteria, then the lot) are its ranking's."""
    if isinstance(game, Game):
        keys = game.rules.ranking_keys
        args = (game.players, game.records, keys, ranking)
        return places(*args), deciding_key(*args)
    scores = game.scores
    return {p: 1 + sum(1 for o in ranking if scores[o] > scores[p]) for p in ranking}, None


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
        place, why = _places(game, ranking)
        winners = [p for p in ranking if place[p] == 1]
        title = (
            f"{winners[0]} gagne !" if len(winners) == 1 else "Égalité : " + " et ".join(winners)
        )
        if why is None:
            theme.text(surface, "Partie terminée", 0.07, MUTED, center=(w // 2, int(h * 0.08)))
        else:  # equal points, the rules' tie-break decided: say which
            line = f"Égalité de points, départagés par {TIE_BREAKS.get(why, why)}"
            theme.text(
                surface, line, 0.055, MUTED, center=(w // 2, int(h * 0.08)), max_width=w - 20
            )
        theme.text(surface, title, 0.13, ACCENT, center=(w // 2, int(h * 0.22)), max_width=w - 20)
        figures = game_figures(game) if isinstance(game, Game) else {}
        rows = max(len(ranking), 1)
        step = min(0.09, 0.56 / rows)
        scale = 0.065 if rows <= 3 else 0.05
        for player in ranking:
            y = int(h * 0.33) + int(h * step) * ranking.index(player)
            score = points(scores[player])
            right = int(w * 0.50) - theme.font(scale).size(score)[0]  # right-aligned figures
            label = theme.clipped(f"{place[player]}. {player}", scale, right - int(w * 0.03) - 12)
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
