"""The TV show's duels and sprint final: the device prepares, times, and records the verdict.

A duel starts with the referee's choice of duel. For "calcul mental" the screen shows a
chain to read out; for "l'un dans l'autre" a letter draw holding a 10-letter word, and
what to find (a proper noun and a common noun, one of them of 10 letters); the other duels
are only timed. The screen is the players' too: the answer stays hidden until the referee
taps "Réponse (arbitre)" (it hides again at a second tap), and is shown with the verdict.
The sprint's two draws, guaranteed solvable and the same for both sprint rounds (drawn
from the game's seed), are offered to the player who chooses first (the lower score
before the sprint); the second round offers only the draw left, for the other player
(the game knows who chose what: :meth:`engine.game.Game.sprint_draws`). The buzzer
turns the 30-second hourglass; the referee taps who answered right or wrong (or nobody);
the verdict and its points show until the buzzer.

When the 30 seconds run out, "Temps écoulé" shows (and is said) over the verdict buttons:
an answer given in time is still recorded, after the hourglass, as on the set.

The choice and its draw are saved in the game (:class:`engine.events.DuelChosen`), and so
is the verdict: a game cut during a duel, or on its verdict, opens again on that screen
with the same chain, draw and verdict (the navigator shows a verdict until the buzzer).
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
    chain_of,
    exact_numbers_draw,
    mental_chain,
    ten_letter_draw,
)
from engine.events import DuelChosen, DuelDecided, Event, RefusedEvent
from engine.game import VERDICT_GRACE, Phase, Round
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


def _words_of(letters: str) -> tuple[str, tuple[str, ...]]:
    return letters, longest(letters).display


DRAW_NAMES = {"sprint-numbers": "chiffres", "sprint-letters": "lettres"}


class DuelScene(DcdlScene):
    name = "duel"

    def __init__(self, host: Host, number: int | None = None) -> None:
        """The duel in play, or (``number``) a duel already decided, shown with its verdict
        (a game resumed on it)."""
        super().__init__(host)
        self.played: Round = self.current if number is None else self.game.rounds[number - 1]
        """The duel on screen (still shown with its verdict once the game went on)."""
        self.rng = random.Random()
        self.letters_job: Job[tuple[str, tuple[str, ...]]] | None = None
        self.pending: str | None = None
        """A duel chosen whose letter draw is still being searched."""
        self.sprint_numbers: tuple[tuple[int, ...], int] | None = None
        """The sprint's prepared numbers draw (plates, target), before the choice."""
        self.revealed = self.decided
        """The referee asked to see the answer (hidden from the players until then)."""
        played = self.played
        if played.letters:  # chosen (a resumed game): its 10-letter words for the referee
            letters = played.letters
            self.letters_job = self.host.jobs.start(lambda: _words_of(letters))
        elif played.kind is RoundKind.SPRINT and not played.challenge and not self.decided:
            self.rng = random.Random(f"{self.game.start.seed}-sprint")  # both rounds alike
            numbers = exact_numbers_draw(self.rng)
            self.sprint_numbers = numbers.plates, numbers.target
            self._search_letters()

    @property
    def decided(self) -> bool:
        """The verdict is given (the round is scored)."""
        return self.played.record is not None

    @property
    def timed_out(self) -> bool:
        """The 30 seconds ran out and no verdict is recorded yet (known from the game, so a
        game resumed here shows it again)."""
        played = self.played
        if self.decided or played.started_at is None or played.stopped_at is None:
            return False
        return self.game.remaining(played.stopped_at) == 0  # not an answer that stopped it

    @property
    def too_late(self) -> bool:
        """The hourglass ran out more than the referee's grace ago: no one can be named
        any more, only "Personne" (the rules: no point after the 30 seconds)."""
        stopped = self.played.stopped_at
        return (
            self.timed_out and stopped is not None and self.host.clock() > stopped + VERDICT_GRACE
        )

    @property
    def kind(self) -> str | None:
        """The duel chosen (or being prepared), None before the choice."""
        return self.played.challenge or self.pending

    @property
    def chain(self) -> MentalChain | None:
        return chain_of(self.played.chain) if self.played.chain else None

    @property
    def numbers_line(self) -> str | None:
        """The sprint's numbers draw as shown: "3 100 8 8 10 6 → 683"."""
        played = self.played
        plates, target = (played.plates, played.target) if played.plates else (None, None)
        if plates is None and self.sprint_numbers is not None:
            plates, target = self.sprint_numbers
        if plates is None:
            return None
        return f"{' '.join(map(str, plates))} → {target}"

    @property
    def state(self) -> str:
        phase = "verdict" if self.decided else self.played.phase
        if self.timed_out:
            phase = "temps-ecoule"
        return f"manche{self.played.number:02d}-{self.played.kind}-{self.kind or 'choix'}-{phase}"

    def _search_letters(self) -> None:
        """A draw with a 10-letter word is searched off the UI thread."""
        rng = self.rng
        self.letters_job = self.host.jobs.start(lambda: _ten_letter_words(rng))

    @property
    def letters(self) -> tuple[str, tuple[str, ...]] | None:
        """The draw with a 10-letter word and those words, once found."""
        return self.letters_job.result if self.letters_job is not None else None

    def _first_sprint(self) -> Round | None:
        """The first sprint round, when the one shown is the second."""
        sprints = [r for r in self.game.rounds if r.kind is RoundKind.SPRINT]
        return sprints[0] if sprints and sprints[0] is not self.played else None

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if self.decided:
            if press.action in (Action.BUZZ, Action.CONFIRM):
                self.host.done()  # the next round, or the end
            return
        ready = self.played.challenge and self.played.phase is Phase.READY
        if press.action is Action.BUZZ and ready:
            assert self.host.session is not None
            self.host.session.start_timer()

    def update(self, now: float) -> bool:
        if self.decided:
            return False
        if self.pending is not None and self.letters_job is not None and self.letters_job.done:
            self._choose_pending()
            return True
        late = self.too_late
        redraw, time_up = self.tick_hourglass()
        if time_up:
            self.host.sounds.say("Temps écoulé", "sablier")
        return redraw or late != self.too_late  # the grace just ended: the buttons go

    def _record(self, event: Event) -> bool:
        """Save ``event`` in the game; False (its French refusal shown) if refused."""
        assert self.host.session is not None
        try:
            self.host.session.do(event)
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return False
        self.message = None
        return True

    def _choose(self, challenge: str) -> None:
        """The referee's duel, or the sprint draw taken, saved with its draw; a letter
        draw still searched is saved once found (:meth:`update`)."""
        if self.played.challenge or self.decided:
            return
        if challenge == "calcul":
            self._record(DuelChosen(challenge, chain=mental_chain(self.rng).numbers))
        elif challenge == "sprint-numbers" and self.sprint_numbers is not None:
            plates, target = self.sprint_numbers
            self._record(DuelChosen(challenge, plates=plates, target=target))
        elif challenge in ("un-dans-autre", "sprint-letters"):
            if self.letters_job is None:
                self._search_letters()
            self.pending = challenge
            self._choose_pending()
        else:
            self._record(DuelChosen(challenge))

    def _choose_pending(self) -> None:
        job = self.letters_job
        if self.pending is None or job is None or not job.done:
            return
        challenge, self.pending = self.pending, None
        if job.result is None:
            self.message = f"tirage introuvable : {job.error}"
            return
        self._record(DuelChosen(challenge, letters=job.result[0]))

    def on_button(self, key: str) -> None:
        if key == "reveal":
            self.revealed = not self.revealed
            return
        if key.startswith("kind:"):
            self._choose(key[5:])
            return
        if self.decided:
            return
        verdict, _, player = key.partition(":")
        if verdict not in ("right", "wrong", "nobody"):
            return
        assert self.host.session is not None
        event = DuelDecided(
            winner=player if verdict == "right" else None,
            wrong=player if verdict == "wrong" else None,
            at=self.host.session.clock(),
        )
        if self._record(event):
            self.revealed = True

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        title = (
            "Sprint final"
            if self.kind is not None and self.kind.startswith("sprint")
            else f"Duel : {DUELS.get(self.kind or '', '')}"
        )
        if self.played.kind is RoundKind.SPRINT and self.kind is None:
            title = "Sprint final"
        theme.text(surface, title.rstrip(" :"), 0.08, ACCENT, center=(w // 2, int(h * 0.07)))
        if self.kind is None:
            if self.played.kind is RoundKind.SPRINT:
                self._draw_sprint_choice(surface)
                return
            for i, (key, label) in enumerate(DUELS.items()):
                rect = pygame.Rect(
                    int(w * 0.2), int(h * (0.2 + 0.2 * i)), int(w * 0.6), int(h * 0.16)
                )
                self.buttons.append(Button(rect, label, f"kind:{key}"))
            return
        self._draw_material(surface)
        if self.decided:
            self._draw_verdict(surface)
            return
        if self.played.phase is Phase.READY:
            theme.text(
                surface, "Buzzer : 30 secondes", 0.055, MUTED, center=(w // 2, int(h * 0.47))
            )
        elif self.timed_out:
            theme.text(surface, "Temps écoulé", 0.08, BAD, center=(w // 2, int(h * 0.455)))
        else:
            self.draw_hourglass(surface, (int(w * 0.9), int(h * 0.1)), int(h * 0.08))
        if self._has_answer():
            # bottom left, beside « Personne »: the referee's corner, its label readable (≥ 20 px)
            reveal = pygame.Rect(int(w * 0.02), int(h * 0.84), int(w * 0.26), int(h * 0.1))
            label = "Cacher" if self.revealed else "Réponse (arbitre)"
            self.buttons.append(Button(reveal, label, "reveal", PANEL, MUTED))
        players = [] if self.too_late else self.game.players
        width = w // max(1, len(players))
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

    def _has_answer(self) -> bool:
        return self.chain is not None or self.kind in ("un-dans-autre", "sprint-letters")

    def answer_text(self) -> str | None:
        """What only the referee may see before the verdict (None: nothing to hide)."""
        letters = self.letters
        if self.chain is not None:
            return f"Réponse : {self.chain.answer}"
        if self.kind in ("un-dans-autre", "sprint-letters"):
            words = ", ".join(letters[1][:4]) if letters else "…"
            return f"Mots de 10 lettres : {words}"
        return None

    def _draw_sprint_choice(self, surface: pygame.Surface) -> None:
        """The two prepared draws, offered to the player who chooses; in the second
        sprint round, only the draw left, for the other player, and what the first took."""
        theme = self.host.theme
        w, h = theme.size
        chooser = self.played.chooser or ""
        first = self._first_sprint()
        if first is not None and first.challenge:
            line = f"{chooser} : le tirage restant"
            taken = f"{first.chooser} a choisi le tirage de {DRAW_NAMES[first.challenge]}"
            theme.text(surface, taken, 0.05, MUTED, center=(w // 2, int(h * 0.27)))
        else:
            line = f"{chooser} choisit son tirage"
        theme.text(surface, line, 0.065, TEXT, center=(w // 2, int(h * 0.2)))
        letters = self.letters
        shown = " ".join(letters[0]) if letters else "…"
        offered = self.game.sprint_draws(self.played)
        choices = [
            (label, key)
            for label, key in (
                (f"Chiffres : {self.numbers_line}", "kind:sprint-numbers"),
                (f"Lettres : {shown}", "kind:sprint-letters"),
            )
            if key[5:] in offered
        ]
        for i, (label, key) in enumerate(choices):
            rect = pygame.Rect(
                int(w * 0.1), int(h * (0.32 + 0.22 * i)), int(w * 0.8), int(h * 0.18)
            )
            if key == "kind:sprint-letters" and letters is None:
                theme.text(surface, label, 0.06, MUTED, center=rect.center)
                continue
            self.buttons.append(Button(rect, label, key))

    def _draw_verdict(self, surface: pygame.Surface) -> None:
        """Who scored, and why, until the buzzer."""
        theme = self.host.theme
        w, h = theme.size
        decided = self.played.verdict or DuelDecided()  # closed without one: nobody
        record = self.played.record
        points = record.points if record is not None else {}
        if decided.winner is not None:
            line = f"{decided.winner} : juste"
        elif decided.wrong is not None:
            line = f"{decided.wrong} : faux, les points vont à l'adversaire"
        else:
            line = "Personne n'a trouvé : aucun point"
        theme.text(surface, line, 0.07, ACCENT, center=(w // 2, int(h * 0.52)), max_width=w - 20)
        y = int(h * 0.62)
        for player in self.game.players:
            gained = points.get(player, 0)
            colour = GOOD if gained else TEXT
            theme.text(
                surface,
                f"{player} : +{gained}",
                0.065,
                colour,
                center=(w // 2, y),
                max_width=w - 20,
            )
            y += int(h * 0.09)
        theme.text(surface, "Buzzer : la suite", 0.055, MUTED, center=(w // 2, int(h * 0.93)))

    def _draw_material(self, surface: pygame.Surface) -> None:
        """What the players see and the referee reads out; the answer only once revealed."""
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
        elif self.kind == "un-dans-autre":
            shown = " ".join(letters[0]) if letters else "…"
            theme.text(surface, shown, 0.09, TEXT, center=(w // 2, int(h * 0.2)))
            task = "Un nom propre et un nom commun ; l'un des deux a 10 lettres"
            theme.text(surface, task, 0.05, TEXT, center=(w // 2, int(h * 0.3)), max_width=w - 20)
        elif self.kind == "sprint-numbers":
            theme.text(surface, f"{self.numbers_line}", 0.09, TEXT, center=(w // 2, int(h * 0.24)))
        elif self.kind == "sprint-letters":
            shown = " ".join(letters[0]) if letters else "…"
            theme.text(surface, shown, 0.09, TEXT, center=(w // 2, int(h * 0.235)))
            task = "Un mot de 10 lettres"
            theme.text(surface, task, 0.05, TEXT, center=(w // 2, int(h * 0.32)))
        if self.played.kind is RoundKind.SPRINT and self.played.chooser:
            first = self._first_sprint()
            who = (
                f"Le tirage restant, pour {self.played.chooser}"
                if first is not None and first.challenge
                else f"Tirage choisi par {self.played.chooser}"
            )
            theme.text(surface, who, 0.045, MUTED, center=(w // 2, int(h * 0.15)))
        answer = self.answer_text()
        if answer is not None and self.revealed:
            theme.text(
                surface, answer, 0.05, MUTED, center=(w // 2, int(h * 0.38)), max_width=w - 20
            )
