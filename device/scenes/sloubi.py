"""Le jeu du Sloubi: each player's bucket of dice, the song "Sloubi 1, Sloubi 2…", the
round's result, the end with its score sheet.

Each player in turn empties the bucket and counts it: the total is typed (the on-screen
keypad, or a USB keyboard's digits and Enter), or "Seau virtuel" lets the device roll it.
The children's rule set takes totals from 16 to 116 only: another total is refused with
the engine's French reason and stays on screen to be corrected. The round's winner
starts the song with the buzzer (its instant is saved, so a resumed game counts on where
it stood); the screen counts one "Sloubi n" per beat, and the buzzer (or the big button)
stops it: right on the winner's score, that is a Sloubi.
"""

from __future__ import annotations

import random

import pygame

from device.host import Host
from device.intents import Action, Press
from device.scenes.base import GameOverScene, GameScene, next_on_buzzer, open_menu_on
from device.theme import ACCENT, BAD, GOOD, MUTED, PANEL, TEXT, Button
from engine.sloubi import (
    BUCKET,
    CHILDREN_TOTALS,
    ROUNDS,
    DiceRolled,
    SloubiGame,
    SloubiRound,
    SloubiStarted,
    SloubiStopped,
    count_at,
)

MAX_DIGITS = 4
"""A bucket's total is typed with at most this many digits (200 dice make 1,200 at most)."""

DARK = (15, 15, 15)


def sloubis(count: int) -> str:
    """ "1 Sloubi", "2 Sloubis" (French plural; 0 is singular)."""
    return f"{count} Sloubi" + ("s" if count > 1 else "")


class SloubiScene(GameScene[SloubiGame]):
    """A screen of a game of Sloubi being played."""

    game_type = SloubiGame

    @property
    def current(self) -> SloubiRound:
        current = self.game.current
        assert current is not None
        return current

    def number(self, played: SloubiRound) -> int:
        return self.game.rounds.index(played) + 1

    def header(self, surface: pygame.Surface, played: SloubiRound) -> None:
        """The round's number and the version played."""
        theme = self.host.theme
        w, _h = theme.size
        title = f"Manche {self.number(played)}/{ROUNDS} · Sloubi"
        theme.text(surface, title, 0.06, MUTED, topleft=(12, 8), max_width=int(w * 0.48))
        low, high = CHILDREN_TOTALS
        version = (
            f"enfants : de {low} à {high}" if self.game.children else f"un seau de {BUCKET} dés"
        )
        theme.text(
            surface, version, 0.05, MUTED, topleft=(int(w * 0.5), 12), max_width=int(w * 0.48)
        )


class SloubiRollScene(SloubiScene):
    """Who still empties a bucket: the total typed, or rolled by the device."""

    name = "sloubi-seau"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.typed = ""
        self.rng = random.Random()

    @property
    def player(self) -> str:
        return self.current.rolling[0]

    @property
    def state(self) -> str:
        current = self.current
        off = "-departage" if current.contenders != list(self.game.players) else ""
        refused = "-refuse" if self.message else ""
        return f"manche{self.number(current):02d}-seau{off}-{len(current.totals)}{refused}"

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action in (Action.BUZZ, Action.CONFIRM):
            self.give()
        elif press.action is Action.DELETE:
            self.erase()

    def erase(self) -> None:
        self.typed = self.typed[:-1]
        self.message = None

    def on_typed(self, char: str) -> None:
        if char.isdigit() and len(self.typed) < MAX_DIGITS:
            self.typed = (self.typed + char).lstrip("0")

    def on_button(self, key: str) -> None:
        if key.startswith("digit:"):
            self.on_typed(key[6:])
        elif key == "erase":
            self.erase()
        elif key == "ok":
            self.give()
        elif key == "virtual" and self.do(self.game.roll(self.rng, self.player)):
            self.host.done()

    def give(self) -> None:
        """The typed total, to the game (which checks the children's range)."""
        if not self.typed:
            self.message = "tapez le total du seau, ou « Seau virtuel »"
            return
        if self.do(DiceRolled(self.player, int(self.typed))):
            self.host.done()  # the next bucket, or the song

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        current = self.current
        self.header(surface, current)
        scores = self.game.scores
        rows = len(self.game.players)
        step = min(0.085, 0.52 / max(rows, 1))
        for i, player in enumerate(self.game.players):
            y = int(h * (0.14 + step * i))
            if player == self.player:
                total, colour = "?", ACCENT
            elif player in current.rolling:
                total, colour = "…", TEXT
            elif player in current.totals:
                total, colour = str(current.totals[player]), TEXT
            else:
                total, colour = "—", MUTED
            theme.text(surface, player, 0.055, colour, topleft=(12, y), max_width=int(w * 0.25))
            theme.text(surface, total, 0.055, colour, topleft=(int(w * 0.28), y))
            theme.text(
                surface, sloubis(scores[player]), 0.045, MUTED, topleft=(int(w * 0.36), y + 3)
            )
        if current.contenders != list(self.game.players):
            # Long names on two lines rather than one line shrunk to 16 px.
            line = "Départage : " + " et ".join(current.contenders)
            theme.wrapped(
                surface, line, 0.045, ACCENT, center=(12 + int(w * 0.23), int(h * 0.725)),
                max_width=int(w * 0.46),
            )  # fmt: skip
        virtual = pygame.Rect(12, int(h * 0.79), int(w * 0.44), int(h * 0.11))
        self.buttons.append(Button(virtual, "Seau virtuel", "virtual"))
        left = int(w * 0.5)
        width = w - left - 12
        theme.text(
            surface,
            f"{self.player} : total du seau ?",
            0.06,
            TEXT,
            center=(left + width // 2, int(h * 0.16)),
            max_width=width,
        )
        box = pygame.Rect(left, int(h * 0.22), width, int(h * 0.16))
        pygame.draw.rect(surface, PANEL, box, border_radius=box.height // 5)
        theme.text(surface, self.typed or "…", 0.13, ACCENT, center=box.center)
        keys = [*"123456789", "erase", "0", "ok"]
        labels = {"erase": "Effacer", "ok": "Valider"}
        cell_w, cell_h = width // 3, int(h * 0.125)
        for i, key in enumerate(keys):
            rect = pygame.Rect(
                left + (i % 3) * cell_w + 4,
                int(h * 0.4) + (i // 3) * cell_h + 4,
                cell_w - 8,
                cell_h - 8,
            )
            if key == "ok":
                self.buttons.append(Button(rect, labels[key], key, GOOD, DARK))
            elif key == "erase":
                self.buttons.append(Button(rect, labels[key], key))
            else:
                self.buttons.append(Button(rect, key, f"digit:{key}", (250, 236, 200), DARK))


class SloubiSingScene(SloubiScene):
    """The winner sings: the buzzer starts "Sloubi 1", and stops the count."""

    name = "sloubi-chant"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self._shown: int | None = None

    @property
    def winner(self) -> str:
        winner = self.current.winner
        assert winner is not None
        return winner

    @property
    def state(self) -> str:
        current = self.current
        started = "-en-cours" if current.started is not None else ""
        return f"manche{self.number(current):02d}-chant{started}"

    def count(self, now: float) -> int | None:
        """The "Sloubi n" being sung at ``now``, None before the song."""
        started = self.current.started
        return None if started is None else count_at(started, now)

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action in (Action.BUZZ, Action.CONFIRM):
            self.sing_or_stop()

    def on_button(self, key: str) -> None:
        if key == "sing":
            self.sing_or_stop()

    def sing_or_stop(self) -> None:
        now = self.host.clock()
        if self.current.started is None:
            self.do(SloubiStarted(now))
            self._shown = None
        elif self.do(SloubiStopped(now)):
            self.host.sounds.time_up()
            self.host.done()  # the round's result

    def update(self, now: float) -> bool:
        shown = self.count(now)
        if shown is None or shown == self._shown:
            return False
        self._shown = shown
        self.host.sounds.say(f"Sloubi {shown}", "sloubi")
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        current = self.current
        self.header(surface, current)
        score = current.totals[self.winner]
        theme.text(
            surface,
            f"{self.winner} gagne la manche : {score}",
            0.08,
            TEXT,
            center=(w // 2, int(h * 0.2)),
            max_width=w - 24,
        )
        count = self.count(self.host.clock())
        if count is None:
            theme.text(
                surface,
                f"Quand {self.winner} est prêt(e) : buzzer, et on chante",
                0.06,
                MUTED,
                center=(w // 2, int(h * 0.38)),
                max_width=w - 24,
            )
            theme.text(surface, "Sloubi 1, Sloubi 2…", 0.1, ACCENT, center=(w // 2, int(h * 0.52)))
            label = "Chanter Sloubi (buzzer)"
        else:
            theme.text(
                surface,
                f"Sloubi {count}",
                0.22,
                ACCENT,
                center=(w // 2, int(h * 0.47)),
                max_width=w - 24,
            )
            label = f"Sloubi ! (buzzer sur {score})"
        rect = pygame.Rect(int(w * 0.15), int(h * 0.72), int(w * 0.7), int(h * 0.16))
        self.buttons.append(Button(rect, label, "sing", GOOD, DARK))


def outcome(played: SloubiRound) -> tuple[str, bool]:
    """A closed round in one French line, and whether it was a Sloubi."""
    winner = played.winner or "?"
    score = played.totals.get(winner, 0)
    if played.sloubi:
        return f"Sloubi ! {winner} arrête sur {score}, son score : +1", True
    return f"Coche loupée : arrêt sur {played.stopped_at}, {winner} avait {score}", False


class SloubiResultScene(SloubiScene):
    """A round closed: where the song stopped, everyone's totals, the Sloubis so far."""

    name = "sloubi-resultat"

    def __init__(self, host: Host, number: int) -> None:
        super().__init__(host)
        self.number_shown = number

    @property
    def played(self) -> SloubiRound:
        return self.game.rounds[self.number_shown - 1]

    @property
    def state(self) -> str:
        return f"manche{self.number_shown:02d}-resultat"

    def on_press(self, press: Press) -> None:
        next_on_buzzer(press, self.host)  # the next round, or the end

    def on_button(self, key: str) -> None:
        if key == "next":
            self.host.done()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        played = self.played
        self.header(surface, played)
        line, right = outcome(played)
        theme.text(
            surface,
            line,
            0.07,
            GOOD if right else BAD,
            center=(w // 2, int(h * 0.19)),
            max_width=w - 24,
        )
        scores = self.game.scores
        players = self.game.players
        step = min(0.085, 0.5 / max(len(players), 1))
        for i, player in enumerate(players):
            y = int(h * (0.3 + step * i))
            colour = ACCENT if player == played.winner else TEXT
            total = played.totals.get(player)
            theme.text(
                surface, player, 0.055, colour, topleft=(int(w * 0.06), y), max_width=int(w * 0.3)
            )
            theme.text(
                surface,
                "—" if total is None else str(total),
                0.055,
                colour,
                topleft=(int(w * 0.4), y),
            )
            theme.text(surface, sloubis(scores[player]), 0.055, MUTED, topleft=(int(w * 0.6), y))
        rect = pygame.Rect(int(w * 0.3), int(h * 0.8), int(w * 0.4), int(h * 0.12))
        self.buttons.append(Button(rect, "Suite (buzzer)", "next"))


class SloubiEndScene(GameOverScene, SloubiScene):
    """The game is over: the winner, the ranking in Sloubis, the score sheet round by round."""

    name = "fin"

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        game = self.game
        ranking = game.ranking()
        scores = game.scores
        best = scores[ranking[0]]
        winners = [p for p in ranking if scores[p] == best]
        if len(winners) == 1:
            title = f"{winners[0]} gagne !"
        elif len(winners) == len(ranking):
            title = "Égalité parfaite"
        else:
            title = "Égalité : " + " et ".join(winners)
        theme.text(
            surface, "Partie de Sloubi terminée", 0.06, MUTED, center=(w // 2, int(h * 0.07))
        )
        theme.text(surface, title, 0.11, ACCENT, center=(w // 2, int(h * 0.19)), max_width=w - 20)
        step = min(0.08, 0.5 / max(len(ranking), 1))
        for place, player in enumerate(ranking, start=1):
            y = int(h * (0.3 + step * (place - 1)))
            theme.text(
                surface,
                f"{place}. {player}",
                0.055,
                TEXT,
                topleft=(int(w * 0.03), y),
                max_width=int(w * 0.28),
            )
            theme.text(surface, sloubis(scores[player]), 0.055, ACCENT, topleft=(int(w * 0.33), y))
        left = int(w * 0.5)
        theme.text(surface, "Feuille de score", 0.055, MUTED, topleft=(left, int(h * 0.3)))
        for i, played in enumerate(game.rounds):
            y = int(h * (0.38 + 0.16 * i))
            winner = played.winner or "?"
            line = f"{i + 1}. {winner} : {played.totals.get(winner, 0)}"
            theme.text(surface, line, 0.05, TEXT, topleft=(left, y), max_width=w - left - 10)
            said, right = (
                (f"arrêt sur {played.stopped_at} : Sloubi !", True)
                if played.sloubi
                else (f"arrêt sur {played.stopped_at} : coche loupée", False)
            )
            theme.text(
                surface,
                said,
                0.045,
                GOOD if right else BAD,
                topleft=(left + 20, y + int(h * 0.065)),
                max_width=w - left - 30,
            )
        theme.text(
            surface, "Buzzer : nouvelle partie", 0.055, MUTED, center=(w // 2, int(h * 0.94))
        )
