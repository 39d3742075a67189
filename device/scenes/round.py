"""A DCDL round before the answers: the draw, then the hourglass.

The buzzer drives it: press once to read the holder (and draw the target), once to turn
the hourglass, once more to stop it early. In club play the hourglass runs twice, the search
then the writing, with a signal between. When it runs out, "Temps écoulé" shows (with its
call) for a moment before the answers are taken. A tile the camera could not read shows "?" in
orange: tap it and type the right letter or number. A tile the camera read wrong, surely
(it happens: docs/vision.md), is tapped and typed the same way until the hourglass is
turned: the game takes the draw again, the target kept. A camera that fails, or a draw
the rules refuse (fewer than two vowels), is said on screen and nothing is lost.
"""

from __future__ import annotations

import random

import pygame

from device.host import Host
from device.intents import Action, Press
from device.jobs import Job
from device.keyboard import DIGITS, DONE, ERASE, LETTERS, keyboard, keyboard_key
from device.phones_view import draw_answered, draw_join
from device.reader import DrawReading, NoDraw
from device.scenes.base import DcdlScene, header, open_menu_on
from device.theme import ACCENT, BAD, MUTED, TEXT, UNSURE, Button, TapZone, draw_tiles
from engine.events import Event, LettersDrawn, NumbersDrawn, RefusedEvent
from engine.game import Phase
from engine.rules import RoundKind
from engine.session import Session
from engine.store import StoreError

TARGET_SCALE = 0.34
"""The target's type while the hourglass runs, as a fraction of the screen's height (163 px
on the 7-inch 800x480 panel, digits about 2 cm high: read from across the table)."""
TIME_UP_SHOWN = 3.0
"""Seconds "Temps écoulé" stays on screen from the instant the hourglass ran out, before
the answers (a buzz skips it)."""


class RoundScene(DcdlScene):
    name = "manche"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.reading: DrawReading | None = None
        self.reading_job: Job[DrawReading] | None = None
        """The photo being read, if one is."""
        self._plate_done = False
        """A typed plate is complete (a separator came): the next digit starts another."""
        self.fixing: int | None = None
        self.typed_into = False
        """A digit was typed into the plate being corrected (the first one replaces it)."""
        self.target: int | None = None
        self.tile_boxes: list[pygame.Rect] = []
        self.time_up_at: float | None = None
        """When the hourglass ran out: "Temps écoulé" shows, then the answers."""

    @property
    def state(self) -> str:
        current = self.game.current
        if current is None:
            return "fin"
        fixing = "-correction" if self.reading and self.reading.uncertain else ""
        if current.phase is Phase.READY and self.fixing is not None:
            fixing = "-correction"
        if self.time_up_at is not None:
            fixing = "-temps-ecoule"
        return f"manche{current.number:02d}-{current.kind}-{current.phase}{fixing}"

    # --- input --------------------------------------------------------------------

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if self.time_up_at is not None:
            if press.action in (Action.BUZZ, Action.CONFIRM):
                self.host.done()  # "Temps écoulé" seen: the answers
            return
        correcting = self.current.phase is Phase.READY and self.fixing is not None
        if press.action not in (Action.BUZZ, Action.CONFIRM):
            if press.action is Action.DELETE and self.fixing is not None and self.reading:
                self._set_tile(self.fixing, "?")
            elif press.action is Action.DELETE and self.reading is not None and not correcting:
                values = self.reading.values[:-1]
                self.reading = DrawReading(values) if values else None
                self.fixing = None
            return
        phase = self.current.phase
        if correcting:
            self._correct_draw()  # the correction first; the next buzz turns the hourglass
        elif phase is Phase.DRAW:
            self.read_draw()
        elif phase is Phase.READY:
            self.start_timer()
        elif phase is Phase.RUNNING:
            self._do_timer(stop=True)

    def on_button(self, key: str) -> None:
        typed = keyboard_key(key)
        if typed == ERASE:
            self.on_press(Press(Action.DELETE))
        elif typed == DONE and self.current.phase is Phase.READY and self.fixing is not None:
            self._correct_draw()
        elif typed == DONE:
            self.fixing = None
            self.message = None
        elif typed is not None:
            self.on_typed(typed)
        elif key.startswith("tile:"):
            self._fix(int(key[5:]))
        elif key == "retake" and self.current.phase is Phase.DRAW and self.reading_job is None:
            self.reading = None
            self.fixing = None
            self.read_draw()

    def _fix(self, index: int) -> None:
        """A tile tapped: the next key typed is its value. Once the draw is taken, until
        the hourglass is turned, the tiles are the game's: a correction starts from them."""
        current = self.current
        if current.phase is Phase.READY and self.fixing is None:
            drawn = current.plates if current.kind is RoundKind.NUMBERS else current.letters
            self.reading = DrawReading(tuple(str(v) for v in drawn or ()))
        if self.reading is not None and self.reading_job is None:
            self.fixing, self.typed_into = index, False
            self.message = "touchez la bonne valeur (ou tapez-la au clavier)"

    def _correct_draw(self) -> None:
        """The draw as corrected after it was taken, given to the game again (the target
        kept, not announced again); refused, the draw taken stays and the players are told
        why."""
        self.fixing = None
        if self.reading is None:
            return
        if self._commit(self._event_from_reading(), "tirage corrigé", announce=False):
            self.reading = None

    def on_typed(self, char: str) -> None:
        correcting = self.current.phase is Phase.READY and self.fixing is not None
        if (self.current.phase is not Phase.DRAW and not correcting) or self.reading_job:
            return
        if self.fixing is None or self.reading is None:
            self._type_draw(char)
            return
        values = list(self.reading.values)
        if self.current.kind is RoundKind.LETTERS and char.isalpha():
            self._set_tile(self.fixing, char)
        elif self.current.kind is RoundKind.NUMBERS and char.isdigit():
            old = values[self.fixing] if self.typed_into else ""
            grown = (old if old.isdigit() and len(old) < 3 else "") + char
            self._set_tile(self.fixing, grown)
            self.typed_into = True

    def _type_draw(self, char: str) -> None:
        """A draw typed on a USB keyboard: letters, or plates separated by any sign."""
        values = list(self.reading.values) if self.reading is not None else []
        if self.current.kind is RoundKind.LETTERS:
            if char.isalpha() and len(values) < 10:
                values.append(char)
        elif char.isdigit():
            if values and values[-1].isdigit() and not self._plate_done:
                values[-1] = (values[-1] + char)[-3:]
            elif len(values) < 6:
                values.append(char)
            self._plate_done = False
        else:
            self._plate_done = True
        self.reading = DrawReading(tuple(values)) if values else None
        self.message = "tirage tapé : buzzer pour valider, Retour arrière pour effacer"

    def _set_tile(self, index: int, value: str) -> None:
        assert self.reading is not None
        values = list(self.reading.values)
        values[index] = value
        self.reading = DrawReading(tuple(values), self.reading.warnings)

    # --- the draw -----------------------------------------------------------------

    def read_draw(self) -> None:
        """Read the holder off the UI thread (or use the corrected reading), then give the
        draw to the game."""
        if self.reading is not None and self.reading.uncertain:
            self.message = "touchez les tuiles « ? » pour les corriger"
            return
        if self.reading is not None:
            self._commit(self._event_from_reading(), None)
            return
        if self.reading_job is not None:
            return  # a photo is being read
        self.reading_job = self.host.jobs.read_draw(self.current.kind, self.current.composition)
        self.message = "lecture du chevalet…"

    def _read(self, job: Job[DrawReading]) -> None:
        """What the reader gave: a reading, or why there is none (then the device draws)."""
        result = job.result if job.result is not None else job.error
        if isinstance(result, DrawReading):
            self.reading = result
            if result.uncertain:
                self.message = "tuiles illisibles en orange : touchez-les pour corriger"
            else:
                self.message = None
                if not result.warnings:  # else the reader doubts the photo: the players look
                    self._commit(self._event_from_reading(), None)
            return
        why = str(result) if isinstance(result, NoDraw) else f"lecture impossible ({result})"
        self._commit(self._session().random_draw(), f"{why} : tirage fait par l'arbitre")

    def _session(self) -> Session:
        assert self.host.session is not None
        return self.host.session

    def _event_from_reading(self) -> Event:
        assert self.reading is not None
        if self.current.kind is RoundKind.LETTERS:
            return LettersDrawn("".join(self.reading.values))
        low, high = self.game.rules.targets
        self.target = self.target or random.Random().randint(low, high)  # the buzzer's draw
        return NumbersDrawn(tuple(int(v) for v in self.reading.values), self.target)

    def _commit(self, event: Event, note: str | None, announce: bool = True) -> bool:
        """Give the draw to the game; False (and why, on screen) if it refuses it."""
        try:
            self._session().do(event)
        except (RefusedEvent, StoreError) as refused:
            again = "buzzer pour relire" if self.current.phase is Phase.DRAW else "tirage inchangé"
            self.message = f"{refused} — {again}"
            self.reading = None
            self.fixing = None  # the next keys type a new draw, not a tile of the old one
            return False
        self.fixing = None
        self.message = note
        if isinstance(event, NumbersDrawn) and announce:  # as the TV show's announcer does
            self.host.sounds.say(f"Le nombre à trouver : {event.target}", "cible")
        self.host.jobs.best(self.current)  # the solver starts now, ready for the answers
        return True

    # --- the hourglass ------------------------------------------------------------

    def start_timer(self) -> None:
        self._do_timer(stop=False)

    def _do_timer(self, stop: bool) -> None:
        session = self._session()
        try:
            session.stop_timer() if stop else session.start_timer()
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return
        if stop:
            self.host.done()  # the answers

    def update(self, now: float) -> bool:
        job = self.reading_job
        if job is not None and job.done:
            self.reading_job = None
            self._read(job)
            return True
        if self.time_up_at is not None:
            if now - self.time_up_at >= TIME_UP_SHOWN:
                self.host.done()  # the answers
            return False
        redraw, time_up = self.tick_hourglass()
        if time_up:  # a moment for the pens to go down before the answers are taken
            end = self.current.stopped_at or now  # the instant the hourglass ran out
            if now - end >= TIME_UP_SHOWN:  # long past (the referee was busy): no moment
                self.host.done()
                return True
            self.time_up_at = end
            self.host.sounds.say("Temps écoulé", "sablier")
        return redraw

    # --- drawing ------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        current = self.current
        header(self, surface, self.game, current)
        unsure: frozenset[int] = frozenset()
        correcting = current.phase is Phase.READY and self.fixing is not None
        if (current.phase is Phase.DRAW or correcting) and self.reading is not None:
            values = list(self.reading.values)
            unsure = self.reading.uncertain | (
                frozenset([self.fixing]) if self.fixing is not None else frozenset()
            )
        elif current.kind is RoundKind.NUMBERS and current.plates:
            values = [str(p) for p in current.plates]
        elif current.letters:
            values = list(current.letters)
        else:
            values = []
        over = self.time_up_at is not None
        running = current.phase is Phase.RUNNING or over
        area = pygame.Rect(
            10, int(h * (0.13 if running else 0.2)), w - 20, int(h * (0.14 if running else 0.22))
        )
        self.tile_boxes = draw_tiles(surface, theme, area, values, unsure=unsure) if values else []
        if current.phase in (Phase.DRAW, Phase.READY):  # READY: a tile read wrong, corrected
            for index, (box, value) in enumerate(zip(self.tile_boxes, values, strict=True)):
                self.buttons.append(TapZone(box, value, f"tile:{index}"))
        if current.phase is Phase.DRAW and not values:
            what = "les plaques" if current.kind is RoundKind.NUMBERS else "les lettres"
            theme.text(
                surface, f"Posez {what} sur le chevalet", 0.08, TEXT, center=(w // 2, int(h * 0.4))
            )
            composition = current.composition
            if composition is not None:
                line = f"{composition.consonants} consonnes, {composition.vowels} voyelles"
                theme.text(surface, line, 0.06, MUTED, center=(w // 2, int(h * 0.52)))
            theme.text(
                surface, "Buzzer : lire le tirage", 0.07, ACCENT, center=(w // 2, int(h * 0.7))
            )
        if current.target is not None and not running and not correcting:
            theme.text(surface, str(current.target), 0.2, ACCENT, center=(w // 2, int(h * 0.58)))
        if current.phase is Phase.READY and not correcting:
            line = "Une tuile mal lue ? Touchez-la pour la corriger"
            theme.text(surface, line, 0.05, MUTED, center=(w // 2, int(h * 0.72)), max_width=w - 20)
            timer = self.hourglass  # club play: "40 s + 15 s", the search then the writing
            seconds = f"{timer.search:.0f} s" + (
                f" + {timer.writing:.0f} s" if timer.writing else ""
            )
            line = f"Buzzer : retourner le sablier ({seconds})"
            theme.text(surface, line, 0.07, TEXT, center=(w // 2, int(h * 0.82)), max_width=w - 20)
        if (current.phase is Phase.DRAW or correcting) and values and self.fixing is not None:
            # a tile being corrected: the on-screen keyboard (a touchscreen-only table)
            rows = LETTERS if current.kind is RoundKind.LETTERS else DIGITS
            top = area.bottom + int(h * 0.06)
            height = int(h * (0.5 if current.kind is RoundKind.LETTERS else 0.3))
            self.buttons += keyboard(pygame.Rect(8, top, w - 16, height), rows)
        elif current.phase is Phase.DRAW and values:
            warnings = self.reading.warnings if self.reading is not None else ()
            for row, warning in enumerate(warnings[:2]):  # what the reader doubts, to check
                at = (w // 2, int(h * (0.5 + 0.08 * row)))
                theme.text(surface, warning, 0.055, UNSURE, center=at, max_width=w - 20)
            theme.text(
                surface, "Buzzer : valider le tirage", 0.07, ACCENT, center=(w // 2, int(h * 0.7))
            )
            retake = pygame.Rect(int(w * 0.3), int(h * 0.77), int(w * 0.4), int(h * 0.1))
            self.buttons.append(Button(retake, "Reprendre la photo", "retake"))
        if over:
            theme.text(
                surface, "Temps écoulé", 0.2, BAD, center=(w // 2, int(h * 0.55)), max_width=w - 40
            )
            theme.text(
                surface, "Buzzer : les réponses", 0.06, MUTED, center=(w // 2, int(h * 0.82))
            )
        elif running:
            self._draw_countdown(surface)
        phones, url = self.host.phones, self.host.phones_url
        if phones is not None and url is not None:
            if running and not over:
                draw_answered(surface, theme, phones)
            elif current.phase is Phase.READY and not correcting:
                draw_join(surface, theme, phones, url)

    def _draw_countdown(self, surface: pygame.Surface) -> None:
        """The hourglass; in a numbers round the target beside it, in the largest type on
        the screen for the whole countdown (the number to find is what players look up
        at, issue 22.7: it used to shrink to a corner under huge seconds)."""
        theme = self.host.theme
        w, h = theme.size
        target = self.current.target
        if target is None:  # letters: the hourglass alone under the draw
            radius = int(h * 0.26)
            self.draw_hourglass(surface, (w // 2, int(h * 0.66)), radius)
            return
        # the seconds' digits are 1.07 x the ring's radius high: the ring stays well under
        # the target's type (TARGET_SCALE of the height)
        if w >= h * 1.2:  # landscape: the target on the left, the hourglass on the right
            radius = int(min(h * 0.2, w * 0.16))
            ring = (w - radius - int(w * 0.05), int(h * 0.62))
            spot, room = (int((ring[0] - radius) * 0.5), int(h * 0.6)), ring[0] - radius - 20
        else:  # portrait: the target above the hourglass
            radius = int(min(h * 0.13, w * 0.3))
            ring = (w // 2, int(h * 0.8))
            spot, room = (w // 2, int(h * 0.46)), w - 20
        theme.text(surface, str(target), TARGET_SCALE, ACCENT, center=spot, max_width=room)
        self.draw_hourglass(surface, ring, radius)
