"""After a round: who scored what, why a word or a count was refused, the best answers."""

from __future__ import annotations

import pygame

from device.host import Host
from device.intents import Press
from device.jobs import Best, Job
from device.scenes.base import DcdlScene, header, next_on_buzzer
from device.theme import ACCENT, BAD, GOOD, MUTED, PANEL, TEXT
from engine.game import Round
from engine.rules import RoundKind
from solver.numbers import Solution
from solver.words import LongestWords

PROGRESS_TOP = 0.86
"""Where the game's progress bar starts (a share of the height): the text stays above."""


class ResultScene(DcdlScene):
    name = "resultat"

    def __init__(self, host: Host, number: int) -> None:
        super().__init__(host)
        self.number = number
        self.best: Job[Best] | None = host.jobs.best(self.played)
        """The round's best answers (the same job the round screen started, or a new one
        after a resume)."""

    @property
    def played(self) -> Round:
        return self.game.rounds[self.number - 1]

    @property
    def state(self) -> str:
        ready = "-solution" if self.best is None or self.best.done else ""
        return f"manche{self.number:02d}-resultat{ready}"

    def on_press(self, press: Press) -> None:
        next_on_buzzer(press, self.host)  # the next round, or the end; the menu to correct it

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        played = self.played
        header(self, surface, self.game, played)
        record = played.record
        assert record is not None
        y = int(h * 0.16)
        few = len(self.game.players) <= 4
        line_h = int(h * (0.085 if few else 0.075))  # five or six: room left for the best
        big = 0.07 if few else 0.06
        for player in self.game.players:
            answer = self._answer(played, player)
            points = record.points.get(player, 0)
            colour = GOOD if points else TEXT
            theme.text(
                surface,
                f"{player} : {answer}",
                0.06,
                colour,
                topleft=(12, y),
                max_width=int(w * 0.7),
            )
            theme.text(surface, f"+{points}", big, colour, topleft=(int(w * 0.82), y))
            y += line_h
            # why the answer was refused, and where points the answer did not earn came from
            for why, tone in ((played.reasons.get(player), BAD), (record.notes.get(player), GOOD)):
                if why:
                    theme.text(
                        surface, why, 0.045, tone, topleft=(40, y - line_h // 6), max_width=w - 60
                    )
                    y += int(line_h * 0.6)
        self._draw_best(surface, y + 6)
        self._draw_progress(surface)
        last = self.game.over and self.number == len(self.game.rounds)
        theme.text(
            surface,
            "Buzzer : fin de la partie" if last else "Buzzer : manche suivante",
            0.055,
            MUTED,
            center=(w // 2, int(h * 0.95)),
        )

    def _draw_progress(self, surface: pygame.Surface) -> None:
        """The game's progress: one box per round, filled once played."""
        theme = self.host.theme
        w, h = theme.size
        total = max(len(self.game.rules.order), len(self.game.rounds))
        played = sum(1 for r in self.game.rounds if r.record is not None)
        width = (w - 24) // total
        for i in range(total):
            box = pygame.Rect(12 + i * width, int(h * PROGRESS_TOP), width - 3, int(h * 0.025))
            pygame.draw.rect(surface, ACCENT if i < played else PANEL, box)

    def _answer(self, played: Round, player: str) -> str:
        if player in self.game.absent:
            return "absent"
        if played.kind is RoundKind.NUMBERS:
            given = played.numbers_answers.get(player)
            judged = played.judged_numbers.get(player)
            if given is None or judged is None:
                return "rien"
            if judged.value is None:
                return "?"
            distance = judged.distance(played.target) if played.target is not None else None
            # how far a count fell short is why it earned its points, or none ("le plus près")
            return f"{judged.value} (à {distance})" if distance else f"{judged.value}"
        word = played.judged_words.get(player)
        if word is None or word.word is None:
            return "rien"
        return f"{word.word} ({word.length})"

    def _draw_best(self, surface: pygame.Surface, top: int) -> None:
        theme = self.host.theme
        w, h = theme.size
        job = self.best
        if job is None or not job.done:
            theme.text(surface, "Le solveur cherche…", 0.055, MUTED, topleft=(12, top))
            return
        best: object = job.result if job.result is not None else job.error
        if isinstance(best, Solution):
            # the solver's answer, found by a player or not: no "Le compte est bon" over it
            title = (
                "Compte exact possible :" if best.exact else f"Au plus près ({best.best.value}) :"
            )
            lines = best.best.text or [f"{best.best.value} est une plaque"]
        elif isinstance(best, LongestWords):
            title = f"Meilleurs mots ({best.best_length} lettres) :"
            lines = [", ".join(best.display[:4])]
        else:
            title, lines = "Solveur indisponible :", [str(best)]
        theme.text(surface, title, 0.055, ACCENT, topleft=(12, top))
        row = max(int(h * 0.062), theme.font(0.055).get_linesize())
        rows = max(1, (int(h * PROGRESS_TOP) - top - row) // row)  # above the progress bar
        for i, line in enumerate(self._packed(lines, rows, w - 40)):
            theme.text(
                surface, line, 0.055, TEXT, topleft=(30, top + row * (i + 1)), max_width=w - 40
            )

    def _packed(self, lines: list[str], rows: int, width: int) -> list[str]:
        """``lines`` in at most ``rows`` rows: one a row when they fit, else side by side
        (a count's steps with six players on screen), the last row ending "…" if need be."""
        if len(lines) <= rows:
            return lines
        font = self.host.theme.font(0.055)
        packed: list[str] = []
        for line in lines:
            joined = f"{packed[-1]}  ·  {line}" if packed else line
            if packed and font.size(joined)[0] <= width:
                packed[-1] = joined
            else:
                packed.append(line)
        if len(packed) > rows:
            packed = [*packed[: rows - 1], f"{packed[rows - 1]}  …"]
        return packed
