"""The word-root helper of Pyramide on the screen: is Dico's proposal of the same root?

The referee types the word to guess and the proposal (on the on-screen keyboard of
:mod:`device.keyboard`, or a USB one); :func:`engine.racine.root_warnings` says what a
program can see (a letter alone, a common prefix of more than 3 letters, a root-valued
suffix, the same family), run as a job since it reads the lexicon. The referee decides.
"""

from __future__ import annotations

import pygame

from device.host import Host
from device.intents import Action, Press
from device.jobs import Job
from device.keyboard import DONE, ERASE, NAME_ROWS, keyboard, keyboard_key
from device.theme import ACCENT, BAD, GOOD, MUTED, PANEL, TEXT, Button
from engine.racine import RootWarning, root_warnings

DARK = (20, 20, 20)


class RootHelper:
    """Type the word to guess and Dico's proposal: what a program can see of a shared root
    (:func:`engine.racine.root_warnings`, a job: it reads the lexicon). The referee decides."""

    FIELDS = ("Mot à deviner", "Proposition")

    def __init__(self, host: Host) -> None:
        self.host = host
        self.words = ["", ""]
        self.field = 0
        self.job: Job[list[RootWarning]] | None = None
        self.verdict: list[RootWarning] | None = None
        self.error: str | None = None

    @property
    def stage(self) -> str:
        """What the helper shows: empty, words typed, or its verdict."""
        if self.verdict is not None:
            return "-verdict"
        return "-saisie" if any(self.words) else ""

    def type(self, char: str) -> None:
        if (char.isalpha() or char in "-'") and len(self.words[self.field]) < 24:
            self.words[self.field] += char
            self.verdict = None

    def on_press(self, press: Press) -> None:
        if press.action is Action.DELETE:
            self.words[self.field] = self.words[self.field][:-1]
            self.verdict = None
        elif press.action in (Action.CONFIRM, Action.BUZZ):
            if self.field == 0 and not self.words[1]:
                self.field = 1
            else:
                self.check()

    def on_button(self, key: str) -> bool:
        """A button of the helper; False when it is closed."""
        if key == "close":
            return False
        typed = keyboard_key(key)
        if key.startswith("field:"):
            self.field = int(key[6:])
        elif typed == ERASE:
            self.on_press(Press(Action.DELETE))
        elif typed == DONE:
            self.check()
        elif typed is not None:
            self.type(typed)
        return True

    def check(self) -> None:
        target, proposal = (w.strip() for w in self.words)
        if not target or not proposal:
            self.error = "tapez le mot à deviner et la proposition"
            return
        self.error = None
        self.job = self.host.jobs.start(lambda: root_warnings(proposal, target))

    def update(self) -> bool:
        job = self.job
        if job is None or not job.done:
            return False
        self.job = None
        if job.result is None:
            self.error = f"vérification impossible ({job.error})"
        else:
            self.verdict = job.result
        return True

    def draw(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        theme = self.host.theme
        w, h = theme.size
        theme.text(
            surface,
            "Racine : une racine commune ?",
            0.06,
            ACCENT,
            topleft=(12, 8),
            max_width=int(w * 0.7),
        )
        close = pygame.Rect(0, 0, int(w * 0.2), int(h * 0.09))
        close.topright = (w - 8, 6)
        buttons.append(Button(close, "Fermer", "close"))
        for i, label in enumerate(self.FIELDS):
            left = 8 + i * (w // 2)
            theme.text(surface, label, 0.045, MUTED, topleft=(left + 4, int(h * 0.11)))
            box = pygame.Rect(left, int(h * 0.16), w // 2 - 16, int(h * 0.11))
            chosen = i == self.field
            text = f"{self.words[i]}{'_' if chosen else ''}"
            buttons.append(Button(box, text, f"field:{i}", ACCENT if chosen else PANEL,
                                  DARK if chosen else TEXT))  # fmt: skip
        y = int(h * 0.29)
        lines: list[tuple[str, tuple[int, int, int]]]
        if self.error:
            lines = [(self.error, BAD)]
        elif self.job is not None:
            lines = [("vérification…", MUTED)]
        elif self.verdict is None:
            lines = [("tapez les deux mots, puis Vérifier", MUTED)]
        elif not self.verdict:
            lines = [("Rien de commun repéré : à l'arbitre de juger le sens", GOOD)]
        else:
            lines = [(f"{v.rule} : {v.reason}", BAD) for v in self.verdict[:2]]
        for text, colour in lines:
            theme.text(surface, text, 0.045, colour, topleft=(16, y), max_width=w - 32)
            y += int(h * 0.055)
        area = pygame.Rect(int(w * 0.02), int(h * 0.41), int(w * 0.96), int(h * 0.58))
        buttons.extend(keyboard(area, NAME_ROWS, done="Vérifier"))
