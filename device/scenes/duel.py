"""The TV show's duels and sprint final: the device prepares, times, and records the verdict.

A duel starts with the referee's choice of duel. For "calcul mental" the screen shows a
chain to read out and, small, its answer for the referee; for "l'un dans l'autre" a
letter draw holding a 10-letter word, and those words for the referee; the other duels
are only timed. The sprint names who chooses first (the lower score) and shows the two
prepared draws, guaranteed solvable. The buzzer turns the 30-second hourglass; the
referee taps who answered right or wrong (or nobody).
"""

from __future__ import annotations

import random

import pygame

from device.host import Host
from device.intents import Action, Press
from device.jobs import Job
from device.scenes.base import DcdlScene, open_menu_on
from device.theme import ACCENT, BAD, GOOD, MUTED, PANEL, TEXT, Button
from engine.duels import (
    MentalChain,
    chooses_first,
    exact_numbers_draw,
    mental_chain,
    ten_letter_draw,
)
from engine.events import DuelDecided, RefusedEvent
from engine.game import Phase
from engine.rules import RoundKind
from engine.store import StoreError
from solver.words import longest

DUELS = {
    "calcul": "Calcul mental",
    "un-dans-autre": "L'un dans l'autre",
    "autre": "Autre duel",
}


def _ten_letter_words(rng: random.Random) -> tuple[str, tuple[str, ...]]:
    letters = ten_letter_draw(rng)
    return letters, longest(letters).display


class DuelScene(DcdlScene):
    name = "duel"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.rng = random.Random()
        self.letters_job: Job[tuple[str, tuple[str, ...]]] | None = None
        self.kind: str | None = None
        self.chain: MentalChain | None = None
        self.numbers_line: str | None = None
        if self.current.kind is RoundKind.SPRINT:
            self.kind = "sprint"
            numbers = exact_numbers_draw(self.rng)
            self.numbers_line = f"{' '.join(map(str, numbers.plates))} → {numbers.target}"
            self._search_letters()

    @property
    def state(self) -> str:
        phase = self.current.phase
        return f"manche{self.current.number:02d}-{self.current.kind}-{self.kind or 'choix'}-{phase}"

    def _search_letters(self) -> None:
        """A draw with a 10-letter word is searched off the UI thread."""
        rng = self.rng
        self.letters_job = self.host.jobs.start(lambda: _ten_letter_words(rng))

    @property
    def letters(self) -> tuple[str, tuple[str, ...]] | None:
        """The draw with a 10-letter word and those words, once found."""
        return self.letters_job.result if self.letters_job is not None else None

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action is Action.BUZZ and self.kind and self.current.phase is Phase.READY:
            assert self.host.session is not None
            self.host.session.start_timer()

    def update(self, now: float) -> bool:
        redraw, _ = self.tick_hourglass()
        return redraw

    def on_button(self, key: str) -> None:
        if key.startswith("kind:"):
            self.kind = key[5:]
            if self.kind == "calcul":
                self.chain = mental_chain(self.rng)
            elif self.kind == "un-dans-autre":
                self._search_letters()
            return
        verdict, _, player = key.partition(":")
        assert self.host.session is not None
        event = DuelDecided(
            winner=player if verdict == "right" else None,
            wrong=player if verdict == "wrong" else None,
            at=self.host.session.clock(),
        )
        try:
            self.host.session.do(event)
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return
        self.host.done()  # the next round, or the end

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        title = (
            "Sprint final" if self.kind == "sprint" else f"Duel : {DUELS.get(self.kind or '', '')}"
        )
        theme.text(surface, title.rstrip(" :"), 0.08, ACCENT, center=(w // 2, int(h * 0.07)))
        if self.kind is None:
            for i, (key, label) in enumerate(DUELS.items()):
                rect = pygame.Rect(
                    int(w * 0.2), int(h * (0.2 + 0.2 * i)), int(w * 0.6), int(h * 0.16)
                )
                self.buttons.append(Button(rect, label, f"kind:{key}"))
            return
        self._draw_material(surface)
        if self.current.phase is Phase.READY:
            theme.text(
                surface, "Buzzer : 30 secondes", 0.055, MUTED, center=(w // 2, int(h * 0.47))
            )
        else:
            self.draw_hourglass(surface, (int(w * 0.9), int(h * 0.1)), int(h * 0.08))
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

    def _draw_material(self, surface: pygame.Surface) -> None:
        """What the referee reads out, and the answers only the referee should look at."""
        theme = self.host.theme
        w, h = theme.size
        letters = self.letters
        if self.chain is not None:
            theme.text(
                surface,
                self.chain.text,
                0.08,
                TEXT,
                center=(w // 2, int(h * 0.24)),
                max_width=w - 20,
            )
            answer = f"réponse (pour l'arbitre) : {self.chain.answer}"
            theme.text(surface, answer, 0.045, MUTED, center=(w // 2, int(h * 0.36)))
        elif self.kind == "un-dans-autre":
            shown = " ".join(letters[0]) if letters else "…"
            theme.text(surface, shown, 0.09, TEXT, center=(w // 2, int(h * 0.24)))
            words = ", ".join(letters[1][:4]) if letters else "…"
            theme.text(
                surface,
                f"mots de 10 lettres : {words}",
                0.045,
                MUTED,
                center=(w // 2, int(h * 0.36)),
                max_width=w - 20,
            )
        elif self.kind == "sprint":
            first = chooses_first(self.game.scores)
            theme.text(
                surface, f"{first} choisit en premier", 0.06, TEXT, center=(w // 2, int(h * 0.17))
            )
            theme.text(
                surface, f"Chiffres : {self.numbers_line}", 0.055, TEXT, topleft=(20, int(h * 0.24))
            )
            shown = " ".join(letters[0]) if letters else "…"
            theme.text(surface, f"Lettres : {shown}", 0.055, TEXT, topleft=(20, int(h * 0.33)))
