"""The home screen: pick the rule set and the players, resume an interrupted game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.intents import Action, Press
from device.scenes.base import Scene
from device.theme import ACCENT, GOOD, MUTED, PANEL, Button
from engine.events import RefusedEvent
from engine.rules import RULE_SETS
from engine.session import Session
from engine.store import SavedGame, StoreError

#: The rule sets offered on the home screen, with their short French names.
CHOICES = {
    "boxed": "Jeu de société",
    "tv": "Émission",
    "club-duplicate": "Duplicate",
    "club-match": "Match",
}
MAX_NAME = 12

if TYPE_CHECKING:
    from device.app import App


class HomeScene(Scene):
    name = "accueil"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        options = self.app.options
        self.rules = options.rules if options.rules in CHOICES else "boxed"
        self.players = list(options.players)
        self.editing: int | None = None
        # only the games this app has screens for (not yet the dice, bluff, Pyramide...)
        self.resumable: SavedGame | None = next(
            (saved for saved in self.app.store.unfinished() if saved.rules in RULE_SETS), None
        )
        self._fit_players()

    @property
    def state(self) -> str:
        return f"accueil-{self.rules}-{len(self.players)}"

    def _fit_players(self) -> None:
        low, high = RULE_SETS[self.rules].players
        high = min(high, 6)
        while len(self.players) < max(low, 2 if low > 1 else 1):
            self.players.append(f"Joueur {len(self.players) + 1}")
        del self.players[high:]

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        w, h = theme.size
        theme.text(surface, "arbitre", 0.13, ACCENT, center=(w // 2, int(h * 0.09)))
        theme.text(
            surface,
            RULE_SETS[self.rules].title,
            0.05,
            MUTED,
            center=(w // 2, int(h * 0.2)),
            max_width=w - 20,
        )
        cell = w // len(CHOICES)
        for i, (key, label) in enumerate(CHOICES.items()):
            rect = pygame.Rect(i * cell + 6, int(h * 0.27), cell - 12, int(h * 0.12))
            colour = ACCENT if key == self.rules else PANEL
            text = (20, 20, 20) if key == self.rules else (245, 245, 245)
            self.buttons.append(Button(rect, label, f"rules:{key}", colour, text))
        top = int(h * 0.43)
        row = int(h * 0.1)
        self.buttons.append(Button(pygame.Rect(10, top, int(w * 0.08), row), "−", "fewer"))
        self.buttons.append(Button(pygame.Rect(int(w * 0.1), top, int(w * 0.08), row), "+", "more"))
        cols = 3
        name_w = int(w * 0.8) // cols
        for i, player in enumerate(self.players):
            x = int(w * 0.2) + (i % cols) * name_w
            y = top + (i // cols) * (row + 6)
            label = player + ("_" if i == self.editing else "")
            colour = ACCENT if i == self.editing else PANEL
            text = (20, 20, 20) if i == self.editing else (245, 245, 245)
            rect = pygame.Rect(x, y, name_w - 8, row)
            self.buttons.append(Button(rect, label, f"name:{i}", colour, text))
        bottom = int(h * 0.72)
        play = pygame.Rect(int(w * 0.55), bottom, int(w * 0.42), int(h * 0.17))
        self.buttons.append(Button(play, "Jouer (buzzer)", "play", GOOD, (10, 30, 10)))
        if self.resumable is not None:
            resume = pygame.Rect(int(w * 0.03), bottom, int(w * 0.48), int(h * 0.17))
            label = f"Reprendre ({', '.join(self.resumable.players)})"
            self.buttons.append(Button(resume, label, "resume"))

    def on_button(self, key: str) -> None:
        if key.startswith("rules:"):
            self.rules = key.split(":", 1)[1]
            self._fit_players()
        elif key == "fewer":
            low = RULE_SETS[self.rules].players[0]
            if len(self.players) > low:
                self.players.pop()
        elif key == "more":
            if len(self.players) < min(RULE_SETS[self.rules].players[1], 6):
                self.players.append(f"Joueur {len(self.players) + 1}")
        elif key.startswith("name:"):
            index = int(key.split(":", 1)[1])
            self.editing = None if self.editing == index else index
            if self.editing is not None:
                self.players[index] = ""
        elif key == "play":
            self.start()
        elif key == "resume":
            self.resume()

    def on_typed(self, char: str) -> None:
        if self.editing is not None and len(self.players[self.editing]) < MAX_NAME:
            name = self.players[self.editing]
            self.players[self.editing] = name + (char if name else char.upper())

    def on_press(self, press: Press) -> None:
        if self.editing is not None and press.action is Action.DELETE:
            self.players[self.editing] = self.players[self.editing][:-1]
        elif self.editing is not None and press.action in (Action.CONFIRM, Action.BUZZ):
            self._stop_editing()
        elif press.action in (Action.BUZZ, Action.CONFIRM):
            self.start()

    def _stop_editing(self) -> None:
        if self.editing is not None and not self.players[self.editing].strip():
            self.players[self.editing] = f"Joueur {self.editing + 1}"
        self.editing = None

    def start(self) -> None:
        self._stop_editing()
        try:
            session = Session.new(
                self.app.store, self.rules, [p.strip() for p in self.players], clock=self.app.clock
            )
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return
        self.app.start_session(session)

    def resume(self) -> None:
        if self.resumable is None:
            return
        try:
            session = Session.resume(self.app.store, self.resumable.id, clock=self.app.clock)
        except (RefusedEvent, StoreError, ValueError) as error:
            self.message = f"reprise impossible : {error}"
            return
        self.app.start_session(session)
