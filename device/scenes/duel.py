"""The TV show's duels and sprint final: the device prepares, times, and records the verdict.

For "calcul mental" the screen shows a chain to read out and, small, its answer for the
referee; for the sprint it names who chooses first (the lower score) and shows the two
prepared draws, guaranteed solvable. The referee taps who answered right or wrong.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from device.intents import Action, Press
from device.scenes.base import DcdlScene
from device.theme import ACCENT, BAD, GOOD, MUTED, PANEL, TEXT, Button
from engine.duels import (
    MentalChain,
    chooses_first,
    exact_numbers_draw,
    mental_chain,
    ten_letter_draw,
)
from engine.events import DuelDecided, RefusedEvent
from engine.rules import RoundKind
from engine.store import StoreError

if TYPE_CHECKING:
    from device.app import App


class DuelScene(DcdlScene):
    name = "duel"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        rng = random.Random()
        self.chain: MentalChain | None = None
        self.sprint: tuple[str, str] | None = None
        if self.current.kind is RoundKind.DUEL:
            self.chain = mental_chain(rng)
        else:
            numbers = exact_numbers_draw(rng)
            plates = " ".join(map(str, numbers.plates))
            key = -self.current.number  # the letters draw is searched off the UI thread
            self.app.solve_in_background(key, lambda: ten_letter_draw(rng))
            self.sprint = (f"{plates} → {numbers.target}", f"solver:{key}")

    @property
    def state(self) -> str:
        return f"manche{self.current.number:02d}-{self.current.kind}"

    def on_press(self, press: Press) -> None:
        if press.action is Action.MENU:
            from device.scenes.menu import MenuScene

            self.app.switch(MenuScene(self.app, self))

    def on_button(self, key: str) -> None:
        verdict, _, player = key.partition(":")
        event = DuelDecided(
            winner=player if verdict == "right" else None,
            wrong=player if verdict == "wrong" else None,
        )
        assert self.app.session is not None
        try:
            self.app.session.do(event)
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return
        from device.scenes import scene_for

        self.app.switch(scene_for(self.app))

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        w, h = theme.size
        title = "Duel : calcul mental" if self.chain else "Sprint final"
        theme.text(surface, title, 0.08, ACCENT, center=(w // 2, int(h * 0.08)))
        if self.chain is not None:
            theme.text(
                surface,
                self.chain.text,
                0.08,
                TEXT,
                center=(w // 2, int(h * 0.3)),
                max_width=w - 20,
            )
            answer = f"réponse (pour l'arbitre) : {self.chain.answer}"
            theme.text(surface, answer, 0.045, MUTED, center=(w // 2, int(h * 0.42)))
        elif self.sprint is not None:
            first = chooses_first(self.game.scores)
            theme.text(
                surface, f"{first} choisit en premier", 0.065, TEXT, center=(w // 2, int(h * 0.2))
            )
            theme.text(
                surface, f"Chiffres : {self.sprint[0]}", 0.06, TEXT, topleft=(20, int(h * 0.3))
            )
            letters = self.app.solutions.get(int(self.sprint[1].split(":")[1]))
            shown = " ".join(letters) if isinstance(letters, str) else "…"
            theme.text(surface, f"Lettres : {shown}", 0.06, TEXT, topleft=(20, int(h * 0.4)))
        players = self.game.players
        width = w // len(players)
        for i, player in enumerate(players):
            right = pygame.Rect(i * width + 10, int(h * 0.52), width - 20, int(h * 0.14))
            wrong = pygame.Rect(i * width + 10, int(h * 0.69), width - 20, int(h * 0.12))
            self.buttons.append(
                Button(right, f"{player} : juste", f"right:{player}", GOOD, (10, 30, 10))
            )
            self.buttons.append(
                Button(wrong, f"{player} : faux", f"wrong:{player}", BAD, (30, 10, 10))
            )
        nobody = pygame.Rect(int(w * 0.3), int(h * 0.84), int(w * 0.4), int(h * 0.1))
        self.buttons.append(Button(nobody, "Personne", "nobody:", PANEL))
