"""The dice game "Le mot le plus court": the roll, the announcements and countdown, the
word, the roll's result.

The buzzer reads the dice (the reader is told whether the vowel die is in play); a die
the camera could not read shows "?" in orange: tap it and type its letter (on the
screen's keys or a USB keyboard). A die read wrong without a "?" is tapped and typed the
same way until someone announces. A camera that fails, or "Lancer virtuel", makes the
device roll. Then the players announce: tap the
player, then the number of letters (or IMPOSSIBLE); a lower number interrupts the count.
The screen shows who counts and the count ("7… 6… … STOP"), beeping and saying each count
and each announcement (:mod:`device.voice`, where it is on); at STOP
the last announcer's word is typed (USB keyboard or the on-screen one) and judged.
"""

from __future__ import annotations

import random

import pygame

from device.host import Host
from device.intents import Action, Press
from device.jobs import Job
from device.keyboard import DONE, ERASE, LETTERS, keyboard, keyboard_key
from device.phones_view import draw_join
from device.reader import DrawReading, NoDraw
from device.scenes.base import GameScene, next_on_buzzer, open_menu_on, score_grid
from device.theme import (
    ACCENT,
    BAD,
    GOOD,
    MUTED,
    PANEL,
    TEXT,
    UNSURE,
    Button,
    TapZone,
    draw_tiles,
    row_of_boxes,
)
from engine.dice import (
    IMPOSSIBLE_POINTS,
    SHORTEST,
    TARGET,
    DiceCorrected,
    DiceGame,
    DiceRolled,
    DiceRound,
    ImpossibleAnnounced,
    LettersAnnounced,
    LevelsChosen,
    Phase,
    RollPassed,
    WordGiven,
    roll_dice,
)
from engine.events import Event
from solver.words import CONSONANTS

COUNTS = tuple(range(SHORTEST, 11))
"""The announcements offered as buttons (3 to 10 letters)."""
OVER_TEN = tuple(range(11, 19))
"""The longer announcements offered while an IMPOSSIBLE is counted down: the rules let a
number "même supérieur à 10" interrupt it."""

VOWEL_DIE_KEYS = ("AEIOU*",)
"""The vowel die's faces, its joker a star: the keys of that die being corrected."""
D20_KEYS = (CONSONANTS[:10], CONSONANTS[10:])
"""A d20's faces, the twenty consonants, in the alphabet's order (a die is read, not
typed): the keys of a d20 being corrected, none the die cannot show."""


class DiceScene(GameScene[DiceGame]):
    """A screen of a dice game being played."""

    game_type = DiceGame

    @property
    def current(self) -> DiceRound:
        current = self.game.current
        assert current is not None
        return current

    def header(self, surface: pygame.Surface, played: DiceRound) -> None:
        """The roll's number, the target and who rolls at the left; every score beside
        them at one readable size (:func:`score_grid`: two rows for four to six players,
        a long name cut, never the line shrunk off the screen)."""
        theme = self.host.theme
        w, _h = theme.size
        scale = 0.045
        line = theme.font(scale).get_linesize()
        left = int(w * 0.30)
        roller = played.roller + (" · départage" if played.roll_off else "")
        for row, said in enumerate((f"Lancer {played.number} · en {TARGET}", roller)):
            shown = theme.clipped(said, scale, left - 20)
            theme.text(surface, shown, scale, MUTED, topleft=(12, 8 + row * line))
        score_grid(theme, surface, list(self.game.scores.items()), left, scale)

    def faces(self, played: DiceRound) -> list[str]:
        return [*played.consonants, *([played.vowel] if played.vowel else [])]

    def die_keys(self, top: int, vowel_die: bool) -> None:
        """The on-screen keyboard (:func:`device.keyboard.keyboard`) of a die being
        corrected, from ``top``: its faces only, the vowel die's six or a d20's twenty
        consonants (a vowel typed on a USB keyboard for a d20 is refused by the game, with
        its reason)."""
        w, h = self.host.theme.size
        rows = VOWEL_DIE_KEYS if vowel_die else D20_KEYS
        area = pygame.Rect(int(w * 0.02), top, int(w * 0.96), int(h * 0.12) * (len(rows) + 1))
        self.buttons += keyboard(area, rows)


class DiceRollScene(DiceScene):
    """Waiting for the dice: read them, correct a "?", or let the device roll."""

    name = "des-lancer"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.reading: DrawReading | None = None
        self.reading_job: Job[DrawReading] | None = None
        self.fixing: int | None = None
        self.rng = random.Random()
        self.easy: set[str] | None = None
        """The easy players being chosen for the variant (None: not choosing)."""

    @property
    def first_roll(self) -> bool:
        """Before the first roll, the variant may still be chosen."""
        game = self.game
        return len(game.rounds) == 1 and not game.rounds[0].consonants and game.levels is None

    @property
    def vowel_die(self) -> bool:
        """Whether the rules in play roll the vowel die (the variant)."""
        return self.game.levels is not None

    @property
    def state(self) -> str:
        fixing = "-correction" if self.reading and self.reading.uncertain else ""
        variant = "-variante" if self.easy is not None else ""
        return f"lancer{self.current.number:02d}-des{variant}{fixing}"

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if self.easy is not None:
            return  # the levels are being chosen: "Jouer la variante" or "Sans variante"
        if press.action in (Action.BUZZ, Action.CONFIRM):
            self.read()
        elif press.action is Action.DELETE:
            self.reading, self.fixing = None, None

    def on_button(self, key: str) -> None:
        if key == "variant" and self.first_roll:
            self.easy = set() if self.easy is None else None
        elif key.startswith("easy:") and self.easy is not None:
            self.easy ^= {key[5:]}
        elif key == "levels" and self.easy is not None:
            if self.do(LevelsChosen(tuple(p for p in self.game.players if p in self.easy))):
                self.easy = None
                self.message = "variante : le dé voyelle est en jeu"
        elif key.startswith("tile:") and self.reading is not None and self.reading_job is None:
            self.fixing = int(key[5:])
            self.message = "touchez la lettre du dé (ou tapez-la au clavier)"
        elif keyboard_key(key) in (ERASE, DONE):  # the correction dropped
            self.fixing, self.message = None, None
        elif keyboard_key(key) is not None:
            self.on_typed(str(keyboard_key(key)))
        elif key == "retake" and self.reading_job is None:
            self.reading, self.fixing = None, None
            self.read()
        elif key == "virtual" and self.reading_job is None:
            self._roll(roll_dice(self.rng, self.vowel_die), "lancer virtuel")

    def on_typed(self, char: str) -> None:
        if self.reading is None or self.fixing is None or not (char.isalpha() or char == "*"):
            return
        values = list(self.reading.values)
        if self.fixing < len(values):
            values[self.fixing] = char
            self.reading = DrawReading(tuple(values), self.reading.warnings)
        self.fixing = None
        self.message = None

    def read(self) -> None:
        """Read the dice off the UI thread, or give the corrected reading to the game."""
        if self.reading is not None and self.reading.uncertain:
            self.message = "touchez les dés « ? » pour les corriger"
            return
        if self.reading is not None:
            values = self.reading.values
            vowel = values[3] if self.vowel_die and len(values) > 3 else None
            self._roll(DiceRolled("".join(values[:3]), vowel), None)
            return
        if self.reading_job is None:
            self.reading_job = self.host.jobs.read_dice(self.vowel_die)
            self.message = "lecture des dés…"

    def _roll(self, event: DiceRolled, note: str | None) -> None:
        if not self.do(event):
            self.message = f"{self.message} — buzzer pour relire"
            self.reading, self.fixing = None, None
            return
        self.message = note
        self.host.done()  # the announcements

    def update(self, now: float) -> bool:
        job = self.reading_job
        if job is None or not job.done:
            return False
        self.reading_job = None
        result = job.result
        if result is None:
            error = job.error
            why = str(error) if isinstance(error, NoDraw) else f"lecture impossible ({error})"
            self._roll(roll_dice(self.rng, self.vowel_die), f"{why} : lancer fait par l'arbitre")
            return True
        self.reading = result
        if result.uncertain:
            self.message = "dés illisibles en orange : touchez-les pour corriger"
        else:
            self.message = None
            if not result.warnings:  # else the reader doubts the photo: the players look
                self.read()
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        current = self.current
        self.header(surface, current)
        if self.easy is not None:
            self._draw_levels(surface)
            return
        if current.roll_off:
            line = "Départage : " + " et ".join(current.players)
            at = (w // 2, int(h * 0.165))
            theme.text(surface, line, 0.05, ACCENT, center=at, max_width=w - 24)
        if self.reading is not None:
            values = list(self.reading.values)
            area = pygame.Rect(int(w * 0.15), int(h * 0.22), int(w * 0.7), int(h * 0.25))
            unsure = self.reading.uncertain | (
                frozenset([self.fixing]) if self.fixing is not None else frozenset()
            )
            boxes = draw_tiles(surface, theme, area, values, unsure=unsure)
            for index, (box, value) in enumerate(zip(boxes, values, strict=True)):
                self.buttons.append(TapZone(box, value, f"tile:{index}"))
            if self.fixing is not None:  # a touchscreen-only table types on the screen
                self.die_keys(int(h * 0.5), self.fixing == 3)
                return
            if self.reading.warnings:  # what the reader doubts
                at = (w // 2, int(h * 0.505))
                warning = self.reading.warnings[0]
                theme.text(surface, warning, 0.045, UNSURE, center=at, max_width=w - 20)
            theme.text(
                surface, "Buzzer : valider les dés", 0.07, ACCENT, center=(w // 2, int(h * 0.58))
            )
        else:
            dice = "les trois dés" + (" et le dé voyelle" if self.vowel_die else "")
            theme.text(
                surface, f"{current.roller} lance {dice}", 0.07, TEXT, center=(w // 2, int(h * 0.3))
            )
            theme.text(
                surface, "Buzzer : lire les dés", 0.07, ACCENT, center=(w // 2, int(h * 0.45))
            )
            phones, url = self.host.phones, self.host.phones_url
            if phones is not None and url is not None:  # the players' phones join here
                draw_join(surface, theme, phones, url)
        row = pygame.Rect(0, int(h * 0.7), w, int(h * 0.13))
        actions = [("Reprendre la photo", "retake"), ("Lancer virtuel", "virtual")]
        if self.first_roll and self.reading is None:
            actions.append(("Variante : dé voyelle", "variant"))
        for box, (label, key) in zip(_wide_row(row, len(actions)), actions, strict=True):
            self.buttons.append(Button(box, label, key))

    def _draw_levels(self, surface: pygame.Surface) -> None:
        """The intergenerational variant: who plays "easy" (the vowel and two consonants)."""
        theme = self.host.theme
        w, h = theme.size
        assert self.easy is not None
        theme.text(
            surface,
            "Variante : touchez les joueurs « faciles »",
            0.06,
            ACCENT,
            center=(w // 2, int(h * 0.16)),
            max_width=w - 20,
        )
        theme.text(
            surface,
            "facile : la voyelle et deux consonnes ; difficile : les trois consonnes",
            0.045,
            MUTED,
            center=(w // 2, int(h * 0.24)),
            max_width=w - 20,
        )
        players = self.game.players
        per_row = 3
        for i, player in enumerate(players):
            row = pygame.Rect(0, int(h * (0.3 + 0.15 * (i // per_row))), w, int(h * 0.12))
            box = _wide_row(row, per_row)[i % per_row]
            easy = player in self.easy
            label = f"{player} : {'facile' if easy else 'difficile'}"
            colour = GOOD if easy else PANEL
            self.buttons.append(
                Button(box, label, f"easy:{player}", colour, (10, 30, 10) if easy else TEXT)
            )
        bottom = pygame.Rect(0, int(h * 0.78), w, int(h * 0.13))
        labels = [("Sans variante", "variant", PANEL), ("Jouer la variante", "levels", GOOD)]
        for box, (label, key, colour) in zip(_wide_row(bottom, 2), labels, strict=True):
            self.buttons.append(
                Button(box, label, key, colour, (10, 30, 10) if key == "levels" else TEXT)
            )


class DiceCountScene(DiceScene):
    """The dice are known: announcements, interruptions and the countdown to STOP."""

    name = "des-annonces"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.announcer: str | None = None
        """The player tapped, whose number comes next."""
        self.fixing: int | None = None
        """The die being corrected (read wrong, seen by the players before announcing)."""
        self._shown: int | None = None
        self._heard = len(self.current.announcements)
        """The announcements said aloud: a phone's is said when the game has it."""

    @property
    def state(self) -> str:
        current = self.current
        fixing = "-correction" if self.fixing is not None else ""
        return f"lancer{current.number:02d}-annonces-{len(current.announcements)}{fixing}"

    @property
    def correctable(self) -> bool:
        """The dice may be corrected until someone announces (:class:`DiceCorrected`)."""
        return self.game.phase is Phase.LISTENING

    def on_typed(self, char: str) -> None:
        """A die's face typed (screen keys or USB keyboard): the game takes the corrected
        roll, or says why not and keeps it as it was."""
        if self.fixing is None or not self.correctable or not (char.isalpha() or char == "*"):
            return
        faces = self.faces(self.current)
        faces[self.fixing] = char.upper()
        index, self.fixing = self.fixing, None
        vowel = faces[3] if len(faces) > 3 else None
        if self.do(DiceCorrected("".join(faces[:3]), vowel)):
            self.message = f"dé corrigé : {faces[index]}"

    def on_button(self, key: str) -> None:
        if key.startswith("tile:") and self.correctable:
            self.fixing = int(key[5:])
            self.message = "touchez la lettre du dé (ou tapez-la au clavier)"
            return
        typed = keyboard_key(key)
        if typed in (ERASE, DONE):  # the correction dropped, the roll as it was
            self.fixing, self.message = None, None
            return
        if typed is not None:
            self.on_typed(typed)
            return
        if self.fixing is not None:
            return  # a die being corrected: its keys only
        if key.startswith("player:"):
            self.announcer = key[7:]
            self.message = None
            return
        if key == "nobody":
            if self.do(RollPassed()):
                self.host.done()
            return
        if self.announcer is None:
            self.message = "touchez d'abord le joueur qui annonce"
            return
        now = self.host.clock()
        event: Event
        if key == "impossible":
            event = ImpossibleAnnounced(self.announcer, now)
        elif key.startswith("count:"):
            event = LettersAnnounced(self.announcer, int(key[6:]), now)
        else:
            return
        if self.do(event):
            self.announcer = None
            self.say_announcements()

    def say_announcements(self) -> bool:
        """Say aloud the announcements not said yet (tapped here, or sent from a phone)."""
        heard = self.current.announcements[self._heard :]
        for announcement in heard:
            letters = announcement.letters
            said = "impossible" if letters is None else f"{letters} lettres"
            self.host.sounds.say(f"{announcement.player} : {said}", "compte")
            self._shown = None
        self._heard += len(heard)
        return bool(heard)

    def update(self, now: float) -> bool:
        if self.fixing is not None and not self.correctable:  # a phone announced meanwhile
            self.fixing, self.message = None, "trop tard pour corriger : une annonce est faite"
            return True
        if self.say_announcements():
            return True
        stop = self.session.clock_due()
        if stop is not None:
            self.host.sounds.time_up()
            self.host.sounds.say("STOP", "compte")
            self.host.done()  # the word, or the result of an IMPOSSIBLE
            return True
        shown = self.game.count_shown(now)
        if shown != self._shown:
            if shown is not None and self._shown is not None:
                self.host.sounds.beep()
                self.host.sounds.say("STOP" if shown == 0 else str(shown), "compte")
            self._shown = shown
            return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        current = self.current
        self.header(surface, current)
        area = pygame.Rect(int(w * 0.02), int(h * 0.12), int(w * 0.5), int(h * 0.2))
        faces = self.faces(current)
        fixing = frozenset() if self.fixing is None else frozenset([self.fixing])
        boxes = draw_tiles(surface, theme, area, faces, unsure=fixing)
        if self.correctable:  # a die read wrong: tapped before anyone announces
            for index, (box, face) in enumerate(zip(boxes, faces, strict=True)):
                self.buttons.append(TapZone(box, face, f"tile:{index}"))
        if self.fixing is not None:
            self.die_keys(int(h * 0.4), self.fixing == 3)
            return
        if self.correctable:
            line = "Un dé mal lu ? Touchez-le"
            at = (area.centerx, int(h * 0.355))
            theme.text(surface, line, 0.04, MUTED, center=at, max_width=area.width)
        counting = current.counting
        count = self.game.count_shown(self.host.clock())
        if counting is None:
            theme.text(surface, "À vous !", 0.1, ACCENT, center=(int(w * 0.76), int(h * 0.22)))
        else:
            said = "IMPOSSIBLE" if counting.letters is None else f"{counting.letters} lettres"
            shown = "STOP" if count == 0 else str(count)
            theme.text(surface, shown, 0.16, ACCENT, center=(int(w * 0.76), int(h * 0.21)))
            theme.wrapped(
                surface,
                f"{counting.player} compte ({said})",
                0.04,
                TEXT,
                center=(int(w * 0.76), int(h * 0.335)),
                max_width=int(w * 0.46),
            )
        players = current.players
        for box, player in zip(_player_boxes(w, h, len(players)), players, strict=True):
            chosen = player == self.announcer
            colour = ACCENT if chosen else PANEL
            self.buttons.append(
                Button(box, player, f"player:{player}", colour, (20, 20, 20) if chosen else TEXT)
            )
        counts = pygame.Rect(int(w * 0.02), int(h * 0.57), int(w * 0.96), int(h * 0.13))
        for box, n in zip(row_of_boxes(counts, len(COUNTS)), COUNTS, strict=True):
            self.buttons.append(Button(box, str(n), f"count:{n}", (250, 236, 200), (20, 20, 20)))
        if counting is None:
            bottom = pygame.Rect(0, int(h * 0.75), w, int(h * 0.13))
            labels = [("IMPOSSIBLE", "impossible"), ("Personne ne trouve", "nobody")]
            for box, (label, key) in zip(_wide_row(bottom, 2), labels, strict=True):
                self.buttons.append(Button(box, label, key))
        elif counting.letters is None:
            # "s'il n'interrompt son décompte en donnant un nombre, même supérieur à 10"
            more = pygame.Rect(int(w * 0.02), int(h * 0.75), int(w * 0.96), int(h * 0.13))
            for box, n in zip(row_of_boxes(more, len(OVER_TEN)), OVER_TEN, strict=True):
                self.buttons.append(
                    Button(box, str(n), f"count:{n}", (250, 236, 200), (20, 20, 20))
                )


class DiceWordScene(DiceScene):
    """STOP: the last announcer gives the word, typed and judged."""

    name = "des-mot"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.word = ""

    @property
    def player(self) -> str:
        counting = self.current.counting
        assert counting is not None
        return counting.player

    @property
    def state(self) -> str:
        return f"lancer{self.current.number:02d}-mot"

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action is Action.CONFIRM:
            self.give()
        elif press.action is Action.DELETE:
            self.word = self.word[:-1]

    def on_typed(self, char: str) -> None:
        if char.isalpha() and len(self.word) < 30:
            self.word += char

    def on_button(self, key: str) -> None:
        if key.startswith("key:"):
            self.on_typed(key[4:])
        elif key == "erase":
            self.word = self.word[:-1]
        elif key == "ok":
            self.give()
        elif key == "none":
            self.word = ""
            self.give()

    def give(self) -> None:
        if self.do(WordGiven(self.player, self.word)):
            self.host.done()  # the result

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        current = self.current
        self.header(surface, current)
        counting = current.counting
        assert counting is not None
        area = pygame.Rect(int(w * 0.02), int(h * 0.13), int(w * 0.4), int(h * 0.15))
        draw_tiles(surface, theme, area, self.faces(current))
        level = {"easy": ", facile", "hard": ", difficile"}.get(
            self.game.level(self.player) or "", ""
        )
        line = f"STOP ! Le mot de {self.player} ({counting.letters} lettres{level})"
        theme.wrapped(
            surface, line, 0.05, ACCENT, center=(int(w * 0.71), int(h * 0.2)), max_width=w // 2
        )
        theme.text(surface, self.word or "…", 0.1, TEXT, center=(w // 2, int(h * 0.33)))
        top = int(h * 0.43)
        key_h = int(h * 0.1)
        for r, keys in enumerate(LETTERS):  # AZERTY, as French tables know it
            row = pygame.Rect(int(w * 0.02), top + r * (key_h + 4), int(w * 0.96), key_h)
            width = row.width // 10
            left = row.x + (10 - len(keys)) * width // 2
            for i, key in enumerate(keys):
                box = pygame.Rect(left + i * width + 2, row.y, width - 4, key_h)
                self.buttons.append(Button(box, key, f"key:{key}"))
        bottom = pygame.Rect(0, int(h * 0.8), w, int(h * 0.13))
        labels = [
            ("Effacer", "erase", PANEL),
            ("Pas de mot", "none", PANEL),
            ("Valider", "ok", GOOD),
        ]
        for box, (label, key, colour) in zip(_wide_row(bottom, 3), labels, strict=True):
            self.buttons.append(
                Button(box, label, key, colour, (10, 10, 10) if key == "ok" else TEXT)
            )


class DiceResultScene(DiceScene):
    """A roll settled: who scored and why, the shortest words, the scores out of 36."""

    name = "des-resultat"

    def __init__(self, host: Host, number: int) -> None:
        super().__init__(host)
        self.number = number

    @property
    def played(self) -> DiceRound:
        return self.game.rounds[self.number - 1]

    @property
    def state(self) -> str:
        return f"lancer{self.number:02d}-resultat"

    def on_press(self, press: Press) -> None:
        next_on_buzzer(press, self.host)  # the next roll, or the end

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        played = self.played
        self.header(surface, played)
        area = pygame.Rect(int(w * 0.02), int(h * 0.13), int(w * 0.4), int(h * 0.15))
        draw_tiles(surface, theme, area, self.faces(played))
        # Beside the dice, under the scores: on two lines each where long names need it.
        width = int(w * 0.54)
        middle = int(w * 0.45) + width // 2
        theme.wrapped(
            surface, self.outcome(played), 0.045, TEXT,
            center=(middle, int(h * 0.185)), max_width=width,
        )  # fmt: skip
        verdict = played.verdict
        if verdict is not None and verdict.reason:
            theme.wrapped(
                surface, verdict.reason, 0.042, BAD,
                center=(middle, int(h * 0.28)), max_width=width,
            )  # fmt: skip
        y = int(h * 0.33)
        for player in self.game.players:
            points = (played.points or {}).get(player, 0)
            colour = GOOD if points else TEXT
            total = self.game.scores[player]
            theme.text(surface, f"{player} : +{points}", 0.065, colour, topleft=(20, y))
            theme.text(surface, f"{total} / {TARGET}", 0.065, MUTED, topleft=(int(w * 0.6), y))
            y += int(h * 0.075)
        lines = []
        for level, who in (("hard", ""), ("easy", " (faciles)")):
            found = played.shortest.get(level)
            if found is None:
                continue
            lines.append(
                f"aucun mot{who} : c'était impossible"
                if found.impossible
                else f"les plus courts{who} ({found.length} lettres) : "
                + ", ".join(found.display[:4])
            )
        top = max(y, int(h * (0.82 - 0.065 * len(lines))))
        for i, line in enumerate(lines):
            theme.text(
                surface,
                line,
                0.05,
                ACCENT,
                topleft=(20, top + i * int(h * 0.065)),
                max_width=w - 40,
            )
        theme.text(surface, "Buzzer : suite", 0.05, MUTED, center=(w // 2, int(h * 0.94)))

    def outcome(self, played: DiceRound) -> str:
        counting = played.counting
        if counting is None:
            return "Lancer passé : personne n'a trouvé"
        if counting.letters is None:
            return f"{counting.player} : IMPOSSIBLE, +{IMPOSSIBLE_POINTS}"
        verdict = played.verdict
        word = verdict.display if verdict is not None and verdict.word else "pas de mot"
        valid = verdict is not None and verdict.valid
        return f"{counting.player} : {word} ({counting.letters}) — {'juste' if valid else 'faux'}"


def _player_boxes(w: int, h: int, count: int) -> list[pygame.Rect]:
    """The announcers' buttons: one row up to three players, two rows from four (six
    names in one row shrank each to 10 px)."""
    if count <= 3:
        return _wide_row(pygame.Rect(0, int(h * 0.4), w, int(h * 0.13)), count)
    first = (count + 1) // 2
    rows = (
        pygame.Rect(0, int(h * 0.375), w, int(h * 0.085)),
        pygame.Rect(0, int(h * 0.47), w, int(h * 0.085)),
    )
    return _wide_row(rows[0], first) + _wide_row(rows[1], count - first)


def _wide_row(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    width = area.width // max(count, 1)
    return [
        pygame.Rect(area.x + i * width + 8, area.y, width - 16, area.height) for i in range(count)
    ]
