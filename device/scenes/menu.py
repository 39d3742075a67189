"""The menu of a long press: go back, take back a player's answer (whose, from a list when
several can be), a player away, free a player's phone seat (with ``--web``), the voice on
or off, quit."""

from __future__ import annotations

import pygame

from device.intents import Action, Press
from device.scenes.base import Scene
from device.theme import ACCENT, Button
from engine.events import AnswerUndone, PlayerAbsent, RefusedEvent
from engine.game import Game
from engine.store import StoreError


class MenuScene(Scene):
    name = "menu"
    freeing = False
    """The list of the phones' seats is shown (to free one)."""
    undoing = False
    """The list of the answers that can be taken back is shown (to choose whose)."""

    def on_press(self, press: Press) -> None:
        if press.action in (Action.BACK, Action.MENU, Action.BUZZ):
            self.host.close_menu()

    def on_button(self, key: str) -> None:
        session = self.host.session
        if key == "back" or session is None:
            self.host.close_menu()
            return
        if key == "sheet":
            self.host.open_sheet()
            return
        phones = self.host.phones
        if key == "phones":
            self.freeing = True
            return
        if key.startswith("free:") and phones is not None:
            phones.free(key[5:])  # that phone is out; the player may join again
            self.freeing = False
            self.message = f"Place de {key[5:]} libérée"
            return
        in_play = session.game.current
        if key == "undo" and isinstance(session.game, Game):
            whose = session.game.undoable()
            if len(whose) > 1:
                self.undoing = True
                return
            key = f"undo:{whose[0]}" if whose else key
        try:
            if key.startswith("undo"):
                session.do(AnswerUndone(key[5:] or None))
                if session.game.current is not in_play:  # the round just scored, reopened
                    self.host.done()
                    return
            elif key.startswith("away:"):
                player = key[5:]
                session.do(PlayerAbsent(player, player not in session.dcdl.absent))
            elif key == "voice":
                voice = self.host.sounds.voice
                voice.set_enabled(not voice.enabled)
            elif key == "quit":
                self.host.leave_game()
                return
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return
        self.host.close_menu()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        theme.text(surface, "Menu", 0.1, ACCENT, center=(w // 2, int(h * 0.08)))
        entries = [("Revenir à la partie", "back")]
        pairs: list[tuple[str, str]] = []
        """Short entries laid out two to a row (a player's absence): six players' would
        otherwise shrink every entry under a finger's width."""
        session = self.host.session
        phones = self.host.phones
        if self.freeing and phones is not None:
            entries += [(f"Libérer le téléphone de {p}", f"free:{p}") for p in phones.seated()]
        elif self.undoing and session is not None and isinstance(session.game, Game):
            whose = session.game.undoable()
            entries += [(f"Annuler la réponse de {p}", f"undo:{p}") for p in whose]
        elif session is not None and isinstance(session.game, Game):
            entries.append(("Feuille de score", "sheet"))
            whose = session.game.undoable()
            label = "Annuler une réponse…" if len(whose) > 1 else "Annuler une réponse"
            if len(whose) == 1:
                label = f"Annuler la réponse de {whose[0]}"
            entries.append((label, "undo"))
            absent = session.game.absent
            for player in session.game.players:
                label = f"{player} revient" if player in absent else f"{player} s'absente"
                pairs.append((label, f"away:{player}"))
            if phones is not None and phones.seated():
                entries.append(("Libérer un téléphone…", "phones"))
        voice = self.host.sounds.voice
        if voice.available and not (self.freeing or self.undoing):
            entries.append((f"Voix : {'oui' if voice.enabled else 'non'}", "voice"))
        if not (self.freeing or self.undoing):
            entries.append(("Quitter (partie sauvée)", "quit"))
        settings = [entry for entry in entries if entry[1] in ("voice", "quit")]
        rows = [[entry] for entry in entries if entry not in settings]
        rows += [pairs[i : i + 2] for i in range(0, len(pairs), 2)]
        if settings:
            rows.append(settings)  # the voice and quitting share the last row
        height = int(h * 0.8 / max(len(rows), 1))
        left, width = int(w * 0.1), int(w * 0.8)
        for i, row in enumerate(rows):
            cell = width // len(row)
            for j, (label, key) in enumerate(row):
                top = int(h * 0.16) + i * height
                rect = pygame.Rect(
                    left + j * cell, top, cell - (8 if len(row) > 1 else 0), height - 8
                )
                self.buttons.append(Button(rect, label, key))
