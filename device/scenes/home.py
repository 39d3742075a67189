"""The home screen: pick the rule set and the players, resume an interrupted game.

The names proposed are the last game's (:mod:`device.names`, kept across restarts); a
rule set with more seats fills them from that game's names first, then "Joueur N".

Under the chosen game's name, one or two short lines say what it is (how many rounds, how
long each lasts, how many players), from the engine (:func:`engine.summaries.summary`)."""

from __future__ import annotations

import pygame

from device.games import offered, playable
from device.host import Host
from device.intents import Action, Press
from device.keyboard import DONE, ERASE, keyboard, keyboard_key
from device.scenes.base import Scene
from device.theme import ACCENT, GOOD, MUTED, PANEL, TEXT, Button
from engine.events import RefusedEvent
from engine.games import GAMES, GameKind, replay
from engine.session import Session
from engine.store import SavedGame, StoreError
from engine.summaries import progress, summary

MAX_NAME = 12
SEATS = 6
"""The most players the home screen seats (a club duplicate allows more on paper)."""
SUMMARY = 0.042
"""The size of the game's summary lines (20 px on the 480-pixel-high panel)."""
FAMILY_LABELS = {"dice": "Dés"}
"""A box's button when its registry label is too long for a fifth of the screen (the
title under "arbitre" names the game in full: "Le mot le plus court")."""


class HomeScene(Scene):
    name = "accueil"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        options = self.host.options
        self.choices = offered()
        """The registry's games this device has screens for."""
        known = {kind.name for kind in self.choices}
        self.rules = options.rules if options.rules in known else self.choices[0].name
        self.players = list(self.host.names.proposed)
        self.editing: int | None = None
        self.resumable: SavedGame | None = next(
            (
                saved
                for saved in self.host.store.unfinished()
                if saved.rules in GAMES and playable(GAMES[saved.rules])
            ),
            None,
        )
        self.resume_progress: str | None = None
        """Where the game to resume stands ("manche 5 sur 12"), read from its events."""
        if self.resumable is not None:  # the game to resume is the one shown chosen
            self.rules = self.resumable.rules
            self.resume_progress = self._progress(self.resumable)
        self._fit_players()

    def _progress(self, saved: SavedGame) -> str | None:
        """Where ``saved`` stands, or None when its events cannot say (the resume itself
        then tells why, in French)."""
        try:
            return progress(replay(self.host.store.events(saved.id)))
        except (RefusedEvent, StoreError, ValueError):
            return None

    @property
    def state(self) -> str:
        return f"accueil-{self.rules}-{len(self.players)}"

    @property
    def kind(self) -> GameKind:
        return GAMES[self.rules]

    def _fit_players(self) -> None:
        low, high = self.kind.players
        high = min(high, SEATS)
        while len(self.players) < max(low, 2 if low > 1 else 1):
            self.players.append(self._next_name())
        del self.players[high:]

    def _next_name(self) -> str:
        """The name of a new seat: the last game's player who sat there, if not seated yet."""
        seat = len(self.players)
        last = self.host.names.proposed
        if seat < len(last) and last[seat] not in self.players:
            return last[seat]
        return f"Joueur {seat + 1}"

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        if self.editing is not None:  # a name being typed: the name, big, and the keyboard
            theme.text(
                surface, f"Nom du joueur {self.editing + 1}", 0.06, MUTED, center=(w // 2, h // 14)
            )
            name = self.players[self.editing] + "_"
            theme.text(
                surface, name, 0.12, ACCENT, center=(w // 2, int(h * 0.22)), max_width=w - 20
            )
            top = int(h * 0.34)
            self.buttons += keyboard(pygame.Rect(8, top, w - 16, h - top - 6))
            return
        theme.text(surface, "arbitre", 0.1, ACCENT, center=(w // 2, int(h * 0.06)))
        theme.text(
            surface,
            self.kind.title,
            0.045,
            MUTED,
            center=(w // 2, int(h * 0.14)),
            max_width=w - 20,
        )
        for i, said in enumerate(self.summary_lines(w - 20)):
            theme.text(surface, said, SUMMARY, TEXT, center=(w // 2, int(h * (0.19 + 0.046 * i))),
                       max_width=w - 20)  # fmt: skip
        y = int(h * 0.28)
        dcdl = [c for c in self.choices if c.family == "dcdl"]
        families = self.families()
        lines: tuple[list[GameKind | str], ...] = ([*dcdl], [*families])
        for line in lines:
            if not line:
                continue
            cell = w // len(line)
            for i, item in enumerate(line):
                if isinstance(item, GameKind):
                    key, label, chosen = f"rules:{item.name}", item.label, item.name == self.rules
                else:  # a box of other games: one button, its variants by tapping again
                    kinds = families[item]
                    chosen = self.kind.family == item
                    shown = self.kind if chosen else kinds[0]
                    key, label = f"family:{item}", FAMILY_LABELS.get(item, shown.label)
                    if len(kinds) > 1:
                        label = shown.label
                rect = pygame.Rect(i * cell + 6, y, cell - 12, int(h * 0.1))
                colour = ACCENT if chosen else PANEL
                text = (20, 20, 20) if chosen else (245, 245, 245)
                self.buttons.append(Button(rect, label, key, colour, text))
            y += int(h * 0.115)
        top = y + int(h * 0.02)
        row = int(h * 0.09)
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
        bottom = int(h * 0.76)
        play = pygame.Rect(int(w * 0.55), bottom, int(w * 0.42), int(h * 0.15))
        self.buttons.append(Button(play, "Jouer (buzzer)", "play", GOOD, (10, 30, 10)))
        if self.resumable is not None:
            saved = self.resumable
            resume = pygame.Rect(int(w * 0.03), bottom, int(w * 0.48), int(h * 0.15))
            self.buttons.append(Button(resume, f"Reprendre : {GAMES[saved.rules].label}", "resume"))
            names = ", ".join(saved.players)
            if len(names) > 28:  # long names: the count reads better than a tiny line
                names = f"{len(saved.players)} joueurs"
            where = f"{self.resume_progress} · " if self.resume_progress else ""
            theme.text(
                surface,
                f"En cours ({GAMES[saved.rules].label}) : {where}{names}",
                0.045,
                MUTED,
                center=(w // 2, int(h * 0.955)),
                max_width=w - 20,
            )

    def summary_lines(self, width: int) -> list[str]:
        """The chosen game in one line, or two when one is too wide: the rounds and the
        players first, then how long the rounds last."""
        parts = summary(self.rules, SEATS)
        one = " · ".join(parts)
        if len(parts) < 3 or self.host.theme.font(SUMMARY).size(one)[0] <= width:
            return [one] if one else []
        return [" · ".join([parts[0], *parts[2:]]), parts[1]]

    def families(self) -> dict[str, list[GameKind]]:
        """The other boxes offered, each with its rule sets (the first is the usual one)."""
        families: dict[str, list[GameKind]] = {}
        for kind in self.choices:
            if kind.family != "dcdl":
                families.setdefault(kind.family, []).append(kind)
        return families

    def on_button(self, key: str) -> None:
        typed = keyboard_key(key)
        if typed == ERASE:
            self.on_press(Press(Action.DELETE))
        elif typed == DONE:
            self._stop_editing()
        elif typed is not None and self.editing is not None:
            name = self.players[self.editing]
            # on the screen's capitals, a name is written as names are: Marie-Hélène
            self.on_typed(typed if not name or name[-1] in "-' " else typed.lower())
        elif key.startswith("rules:"):
            self.rules = key.split(":", 1)[1]
            self._fit_players()
        elif key.startswith("family:"):
            kinds = self.families()[key.split(":", 1)[1]]
            names = [kind.name for kind in kinds]
            # a first tap chooses the box; tapping it again goes through its variants
            if self.rules in names:
                self.rules = names[(names.index(self.rules) + 1) % len(names)]
            else:
                self.rules = names[0]
            self._fit_players()
        elif key == "fewer":
            low = self.kind.players[0]
            if len(self.players) > low:
                self.players.pop()
        elif key == "more":
            if len(self.players) < min(self.kind.players[1], SEATS):
                self.players.append(self._next_name())
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
        players = [p.strip() for p in self.players]
        try:
            session = Session.new(self.host.store, self.rules, players, clock=self.host.clock)
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return
        problem = self.host.names.remember(players)  # proposed again at the next game
        if problem is not None:
            print(problem)  # the store says on screen what is wrong with the disk
        self.host.play(session)

    def resume(self) -> None:
        if self.resumable is None:
            return
        try:
            session = Session.resume(self.host.store, self.resumable.id, clock=self.host.clock)
        except (RefusedEvent, StoreError, ValueError) as error:
            self.message = f"reprise impossible : {error}"
            return
        self.host.play(session)
