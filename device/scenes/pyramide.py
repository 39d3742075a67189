"""Pyramide on the screen: the four phases in order, the score sheet, the word-root helper.

The engine (:mod:`engine.pyramide`) never hears the words: the referee's screen records
what happens to each brick, as the players would mark it on their paper sheet. One screen
a phase, each reading the game's state, so a game resumed after a power cut opens at its
true point (a Ping-Pong brick's or a pyramid's clock running on):

- Énigmes: Dico's bid on each of the 5 words (tap the number, or type it), then each brick
  "Trouvé", "Raté" or "Erreur", then Syno's solution. The 5 minutes of an énigme are the
  rules' ideal, not a limit: a chrono shows them and sounds at 5:00 (it starts again with
  the screen: the engine keeps no instant for an énigme). From the 6th énigme the referee
  may stop the Énigmes, even during an énigme (which then does not count).
- Ping-Pong: the buzzer starts the clock; each brick is 20 s, beeping its last 3 s and
  passing the hand with a call when time is up; the two teams' rows of bricks, as on the
  sheet (x, 1, E); an error seen late is marked by tapping its brick.
- Noms propres: the team with the hand bids 1 to 3 bricks, the other may bid lower until
  the first brick; then each brick.
- Grandes Pyramides: the buzzer starts each team's 1 min 10, then marks each expression
  found; "Mot dit" stops the pyramid; the last 5 s beep, time up calls. Once a pyramid
  has ended (the second: on the end screen), "Arbitrage" records the referee's verdict on
  a proposal the other team contested: during which expression, forbidden or not.

On every play screen "Feuille" shows the score sheet over it (:mod:`device.pyramide_sheet`:
the players' table and the team phases, then each énigme), "Racine" the word-root helper
(:mod:`device.root_helper`): type the word to guess and Dico's proposal, it says what it
sees of a shared root. Both are views: closing them shows the phase's screen as it was.
"""

from __future__ import annotations

import math

import pygame

from device.host import Host
from device.intents import Action, Press
from device.pyramide_sheet import (
    DARK,
    OUTCOME_MARKS,
    SHEET_PAGES,
    draw_pyramid,
    draw_sheet,
    draw_team_bricks,
    winner_line,
)
from device.root_helper import RootHelper
from device.scenes.base import GameOverScene, GameScene, Scene, open_menu_on
from device.theme import ACCENT, BAD, GOOD, MUTED, PANEL, TEXT, Button, TapZone
from engine.events import Event, RefusedEvent
from engine.pyramide import (
    ENIGMA_WORDS,
    ENIGMAS,
    ENIGMAS_MAY_STOP_AFTER,
    NAME_BRICKS,
    NAMES,
    PING_PONG_BRICK_SECONDS,
    PING_PONG_BRICKS,
    PING_PONG_WORDS,
    PYRAMID_SECONDS,
    BrickPlayed,
    BricksBid,
    ClockStarted,
    Enigma,
    EnigmasStopped,
    ErrorNoted,
    ExpressionFound,
    NameBid,
    Phase,
    Pyramid,
    PyramidArbitrated,
    PyramideGame,
    PyramidEnded,
    SolutionGiven,
    TeamWord,
)
from engine.store import StoreError

ENIGMA_IDEAL = 300.0
"""Seconds: "le timing idéal pour résoudre une énigme est de 5 minutes" (rules 4.1.3)."""
PING_PONG_BEEPS = 3
PYRAMID_BEEPS = 5
"""The last seconds of a Ping-Pong brick and of a pyramid that beep."""


def teams_line(teams: dict[int, tuple[str, ...]], team: int) -> str:
    return f"Équipe {team} : " + " et ".join(teams[team])


class PyramideScene(GameScene[PyramideGame]):
    """A screen of a game of Pyramide being played: one per phase. It stays while its
    phase lasts and says done when the game moves on to another."""

    game_type = PyramideGame

    phase: Phase = Phase.ENIGMES

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.sheet_page: int | None = None
        """The score sheet shown over the screen (its page), or None."""
        self.racine: RootHelper | None = None
        """The word-root helper shown over the screen, or None."""
        self._beeped: set[tuple[int, int]] = set()

    # --- the game --------------------------------------------------------------------

    def do(self, event: Event) -> bool:
        """Record ``event`` (:meth:`GameScene.do`); when the game has moved on to another
        phase, the screen is done."""
        if not super().do(event):
            return False
        if self.game.phase is not self.phase:
            self.host.done()
        return True

    # --- what the screen looks like: its play state, and the overlays over it ----------

    @property
    def play_state(self) -> str:
        """The state of the game this screen shows (what a resumed game shows again)."""
        return self.name

    @property
    def state(self) -> str:
        overlay = ""
        if self.racine is not None:
            overlay = "-racine" + self.racine.stage
        elif self.sheet_page is not None:
            overlay = f"-feuille{self.sheet_page + 1}"
        return self.play_state + overlay

    def handle_overlay_button(self, key: str) -> bool:
        """The buttons of the header and of the overlays; True when ``key`` was one."""
        if key == "racine":
            self.racine = RootHelper(self.host) if self.racine is None else None
            self.sheet_page = None
            return True
        if key == "sheet":
            self.sheet_page = 0 if self.sheet_page is None else None
            self.racine = None
            return True
        if key == "sheet-next" and self.sheet_page is not None:
            self.sheet_page = (self.sheet_page + 1) % SHEET_PAGES
            return True
        if self.racine is not None:
            if not self.racine.on_button(key):
                self.racine = None
            return True
        return self.sheet_page is not None  # the sheet covers the play buttons

    def on_button(self, key: str) -> None:
        if not self.handle_overlay_button(key):
            self.on_play_button(key)

    def on_play_button(self, key: str) -> None:
        """A button of the phase's screen was tapped."""

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if self.racine is not None:
            if press.action is Action.BACK:
                self.racine = None
            else:
                self.racine.on_press(press)
            return
        if self.sheet_page is not None:
            if press.action in (Action.BACK, Action.BUZZ, Action.CONFIRM):
                self.sheet_page = None
            return
        self.on_play_press(press)

    def on_play_press(self, press: Press) -> None:
        """The buzzer or a key, on the phase's screen."""

    def on_typed(self, char: str) -> None:
        if self.racine is not None:
            self.racine.type(char)
        elif self.sheet_page is None:
            self.on_play_typed(char)

    def on_play_typed(self, char: str) -> None:
        """A character typed on the phase's screen."""

    # --- time -------------------------------------------------------------------------

    def tick_clock(self, beeps: int) -> bool:
        """Record what the clock owes (a late brick, a pyramid's end) with a call; beep the
        last ``beeps`` seconds. True when the screen must be redrawn."""
        due = self.session.clock_due()
        if due is not None:
            self.host.sounds.time_up()
            if self.game.phase is not self.phase:
                self.host.done()
            return True
        left = self.game.remaining(self.host.clock())
        if left is None:
            return False
        second = math.ceil(left)
        key = (self._clock_number(), second)
        if second <= beeps and key not in self._beeped:
            self._beeped.add(key)
            self.host.sounds.beep()
        return True

    def _clock_number(self) -> int:
        """Which running clock it is (a brick, a pyramid), so each second beeps once."""
        game = self.game
        return sum(len(w.bricks) for w in game.ping_pong) + 100 * len(game.pyramids)

    def update(self, now: float) -> bool:
        racine = self.racine
        return racine is not None and racine.update()

    # --- drawing ----------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        if self.racine is not None:
            self.racine.draw(surface, self.buttons)
            return
        theme.text(surface, self.title, 0.055, MUTED, topleft=(12, 10), max_width=int(w * 0.62))
        small = pygame.Rect(0, 0, int(w * 0.16), int(h * 0.09))
        small.topright = (w - 8, 6)
        self.buttons.append(Button(small.copy(), "Racine", "racine"))
        small.right -= small.width + 8
        sheet_label = "Fermer" if self.sheet_page is not None else "Feuille"
        self.buttons.append(Button(small.copy(), sheet_label, "sheet"))
        if self.sheet_page is not None:
            area = pygame.Rect(8, int(h * 0.12), w - 16, int(h * 0.76))
            draw_sheet(surface, theme, self.game, self.sheet_page, area)
            bottom = pygame.Rect(int(w * 0.6), int(h * 0.88), int(w * 0.38), int(h * 0.1))
            self.buttons.append(Button(bottom, "Page suivante", "sheet-next"))
            return
        self.draw_play(surface)

    @property
    def title(self) -> str:
        return "Pyramide"

    def draw_play(self, surface: pygame.Surface) -> None:
        """The phase's own screen, under the header."""

    def action_row(
        self, top: float, actions: list[tuple[str, str, tuple[int, int, int]]], height: float = 0.13
    ) -> None:
        """A row of wide buttons across the screen at ``top`` (a fraction of the height)."""
        w, h = self.host.theme.size
        row = pygame.Rect(0, int(h * top), w, int(h * height))
        for box, (label, key, colour) in zip(wide_row(row, len(actions)), actions, strict=True):
            text = DARK if colour in (GOOD, ACCENT, BAD) else TEXT
            self.buttons.append(Button(box, label, key, colour, text))

    def draw_ring(
        self, surface: pygame.Surface, centre: tuple[int, int], radius: int, total: float
    ) -> None:
        """The running clock: its seconds in a ring that empties, red for the last ones."""
        theme = self.host.theme
        left = self.game.remaining(self.host.clock())
        shown = total if left is None else left
        width = max(5, radius // 7)
        pygame.draw.circle(surface, PANEL, centre, radius, width=width)
        colour = BAD if left is not None and left <= PYRAMID_BEEPS else ACCENT
        if shown > 0:
            arc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            arc.center = centre
            start = math.pi / 2
            pygame.draw.arc(surface, colour, arc, start, start + 2 * math.pi * shown / total, width)
        theme.text(
            surface, str(math.ceil(shown)), 0.9 * radius / theme.height, colour, center=centre
        )


def outcome_buttons() -> list[tuple[str, str, tuple[int, int, int]]]:
    return [("Trouvé", "found", GOOD), ("Raté", "missed", PANEL), ("Erreur", "error", BAD)]


TYPED_OUTCOMES = {"T": "found", "R": "missed", "E": "error"}
"""Keys of a USB keyboard for a brick: Trouvé, Raté, Erreur."""


# --- Énigmes -------------------------------------------------------------------------------


class EnigmaScene(PyramideScene):
    """An énigme: Dico's bids, each brick, Syno's solution."""

    name = "pyramide-enigme"
    phase = Phase.ENIGMES

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.started = host.clock()
        """When this énigme came on screen: its indicative 5-minute chrono."""
        self._number = len(self.game.enigmas)
        self._called = False
        self._shown: int | None = None

    @property
    def enigma(self) -> Enigma:
        return self.game.enigmas[-1]

    @property
    def step(self) -> str:
        """What the énigme waits for: a bid, a brick, the solution."""
        enigma = self.enigma
        word = enigma.words[-1] if enigma.words else None
        if word is not None and not word.done:
            return "brique"
        if len(enigma.words) == ENIGMA_WORDS:
            return "solution"
        return "mise"

    @property
    def most(self) -> int:
        """The largest bid on the next word: a brick left for each word after it."""
        enigma = self.enigma
        return enigma.stock - (ENIGMA_WORDS - len(enigma.words) - 1)

    @property
    def play_state(self) -> str:
        enigma = self.enigma
        word = enigma.words[-1] if enigma.words else None
        detail = self.step
        if detail == "brique" and word is not None:
            detail += str(len(word.outcomes) + 1)
        return f"enigme{len(self.game.enigmas):02d}-mot{len(enigma.words)}-{detail}"

    @property
    def title(self) -> str:
        return f"Énigme {len(self.game.enigmas)}/{ENIGMAS}"

    @property
    def may_stop(self) -> bool:
        """From the 6th énigme finished, at any moment, even during an énigme: "si les 12
        énigmes ne sont pas terminées, seuls les points des 6, 8, ou 10 premières seront
        comptabilisés" (rules 6.2), so the one in play never counts."""
        done = sum(e.done for e in self.game.enigmas)
        return done >= ENIGMAS_MAY_STOP_AFTER[0]

    def on_play_button(self, key: str) -> None:
        if key.startswith("bid:"):
            self.do(BricksBid(int(key[4:])))
        elif key in ("found", "missed", "error"):
            self.do(BrickPlayed(key, self.host.clock()))
        elif key in ("solution:yes", "solution:no"):
            self.do(SolutionGiven(key == "solution:yes"))
        elif key == "stop":
            self.do(EnigmasStopped())

    def on_play_typed(self, char: str) -> None:
        step = self.step
        if step == "mise" and char.isdigit() and char != "0":
            self.do(BricksBid(int(char)))
        elif step == "brique" and char in TYPED_OUTCOMES:
            self.do(BrickPlayed(TYPED_OUTCOMES[char], self.host.clock()))
        elif step == "solution" and char in "ON":
            self.do(SolutionGiven(char == "O"))

    def update(self, now: float) -> bool:
        redraw = super().update(now)
        if len(self.game.enigmas) != self._number:  # the next énigme: its chrono anew
            self._number, self.started, self._called = len(self.game.enigmas), now, False
        if not self._called and now - self.started >= ENIGMA_IDEAL:
            self._called = True
            self.host.sounds.time_up()
        shown = int(now - self.started)
        if shown != self._shown:
            self._shown = shown
            return True
        return redraw

    def draw_play(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        enigma = self.enigma
        pair = f"Dico {enigma.dico} → Syno {enigma.syno}"
        theme.text(surface, pair, 0.065, TEXT, topleft=(16, int(h * 0.11)), max_width=w - 32)
        elapsed = max(0, int(self.host.clock() - self.started))
        over = elapsed >= ENIGMA_IDEAL
        chrono = f"{elapsed // 60}:{elapsed % 60:02d} / 5:00"
        chrono_width = theme.font(0.06).size(chrono)[0]
        theme.text(
            surface,
            chrono,
            0.06,
            BAD if over else MUTED,
            topleft=(w - 16 - chrono_width, int(h * 0.2)),
        )
        theme.text(
            surface,
            f"Briques en stock : {enigma.stock} / 13",
            0.06,
            ACCENT,
            topleft=(16, int(h * 0.2)),
        )
        area = pygame.Rect(8, int(h * 0.28), w - 16, int(h * 0.21))
        cell = area.width // ENIGMA_WORDS
        for i in range(ENIGMA_WORDS):
            box = pygame.Rect(area.x + i * cell + 4, area.y, cell - 8, area.height)
            word = enigma.words[i] if i < len(enigma.words) else None
            playing = word is not None and not word.done
            colour = ACCENT if playing else PANEL
            pygame.draw.rect(surface, colour, box, border_radius=10)
            ink = DARK if playing else TEXT
            theme.text(
                surface, f"Mot {i + 1}", 0.05, ink, center=(box.centerx, box.y + box.height // 5)
            )
            if word is None:
                continue
            theme.text(surface, f"mise {word.bid}", 0.05, ink, center=(box.centerx, box.centery))
            marks = " ".join(OUTCOME_MARKS[o] for o in word.outcomes) or "…"
            mark_colour = GOOD if word.found else BAD if word.lost else ink
            if word.lost and not word.outcomes:
                marks = "—"
            theme.text(
                surface,
                marks,
                0.055,
                mark_colour,
                center=(box.centerx, box.bottom - box.height // 5),
                max_width=box.width - 8,
            )
        step = self.step
        prompt_y = int(h * 0.55)
        if step == "mise":
            most = self.most
            theme.text(
                surface,
                f"Mise de Dico sur le mot {len(enigma.words) + 1} (1 à {most})",
                0.06,
                ACCENT,
                center=(w // 2, prompt_y),
                max_width=w - 20,
            )
            row = pygame.Rect(int(w * 0.02), int(h * 0.61), int(w * 0.96), int(h * 0.14))
            count = max(most, 1)
            width = row.width // max(count, 5)
            left = row.centerx - width * count // 2
            for n in range(1, most + 1):
                box = pygame.Rect(left + (n - 1) * width + 4, row.y, width - 8, row.height)
                self.buttons.append(Button(box, str(n), f"bid:{n}", (250, 236, 200), DARK))
        elif step == "brique":
            word = enigma.words[-1]
            theme.text(
                surface,
                f"Mot {len(enigma.words)} : brique {len(word.outcomes) + 1} sur {word.bid}",
                0.06,
                ACCENT,
                center=(w // 2, prompt_y),
                max_width=w - 20,
            )
            self.action_row(0.61, outcome_buttons())
        else:
            found = enigma.found
            bonus = enigma.stock if found == ENIGMA_WORDS else 0
            line = f"{found} mot(s) trouvé(s), bonus {bonus} : et la solution ?"
            theme.text(surface, line, 0.055, ACCENT, center=(w // 2, prompt_y), max_width=w - 20)
            self.action_row(
                0.61,
                [("Solution trouvée", "solution:yes", GOOD), ("Pas trouvée", "solution:no", PANEL)],
            )
        if self.may_stop:
            label = "Arrêter les énigmes (temps écoulé)"
            if self.enigma.words:
                label = "Arrêter les énigmes (celle-ci ne compte pas)"
            self.action_row(0.78, [(label, "stop", PANEL)], 0.1)


# --- Ping-Pong -----------------------------------------------------------------------------


class PingPongScene(PyramideScene):
    """The Ping-Pong: the two teams' bricks, 20 s each, the hand passing."""

    name = "pyramide-pingpong"
    phase = Phase.PING_PONG

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.noting_error = False
        """The referee is tapping the brick where an error was made."""

    @property
    def started(self) -> bool:
        return bool(self.game.ping_pong)

    @property
    def play_state(self) -> str:
        game = self.game
        if not game.ping_pong:
            return "pingpong-depart"
        spent = sum(len(w.bricks) for w in game.ping_pong)
        return f"pingpong-mot{len(game.ping_pong)}-brique{spent + 1}"

    @property
    def state(self) -> str:
        return super().state + ("-erreur" if self.noting_error else "")

    @property
    def title(self) -> str:
        game = self.game
        word = len(game.ping_pong) or 1
        return f"Ping-Pong · mot {word}/{PING_PONG_WORDS}"

    def on_play_press(self, press: Press) -> None:
        if press.action in (Action.BUZZ, Action.CONFIRM) and not self.started:
            self.do(ClockStarted(self.host.clock()))
        elif press.action is Action.BACK:
            self.noting_error = False

    def on_play_typed(self, char: str) -> None:
        if self.started and char in TYPED_OUTCOMES:
            self.on_play_button(TYPED_OUTCOMES[char])

    def on_play_button(self, key: str) -> None:
        if key == "start" and not self.started:
            self.do(ClockStarted(self.host.clock()))
        elif key in ("found", "missed", "error") and self.started:
            self.noting_error = False
            self.do(BrickPlayed(key, self.host.clock()))
        elif key == "note-error":
            self.noting_error = not self.noting_error
            self.message = "touchez la brique de l'erreur" if self.noting_error else None
        elif key.startswith("cell:") and self.noting_error:
            _, word, brick = key.split(":")
            self.noting_error = False
            self.do(ErrorNoted(int(word), int(brick), self.host.clock()))

    def update(self, now: float) -> bool:
        redraw = super().update(now)
        return self.tick_clock(PING_PONG_BEEPS) or redraw

    def draw_play(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        game = self.game
        teams = game.teams(Phase.PING_PONG)
        turn = game.ping_pong_team()
        for team in (1, 2):
            colour = ACCENT if team == turn else TEXT
            line = teams_line(teams, team) + (" ← à vous" if team == turn else "")
            theme.text(
                surface,
                line,
                0.06,
                colour,
                topleft=(16, int(h * (0.12 + 0.08 * (team - 1)))),
                max_width=int(w * 0.78),  # up to the brick's ring
            )
        self.draw_ring(
            surface, (int(w * 0.87), int(h * 0.24)), int(h * 0.11), PING_PONG_BRICK_SECONDS
        )
        area = pygame.Rect(8, int(h * 0.32), w - 16, int(h * 0.26))
        cells = draw_team_bricks(
            surface, theme, game.ping_pong, PING_PONG_BRICKS, area, teams=teams
        )
        if self.noting_error:
            open_words = _open_word(game)
            for (word, brick), box in cells.items():
                if word == open_words:
                    pygame.draw.rect(surface, ACCENT, box, width=3, border_radius=6)
                    self.buttons.append(TapZone(box, "", f"cell:{word}:{brick}"))
        if not self.started:
            theme.text(
                surface,
                "Buzzer : lancer le Ping-Pong (20 s par brique)",
                0.06,
                ACCENT,
                center=(w // 2, int(h * 0.65)),
                max_width=w - 20,
            )
            self.action_row(0.72, [("Lancer le Ping-Pong", "start", GOOD)])
            return
        self.action_row(0.62, outcome_buttons())
        label = "Annuler" if self.noting_error else "Erreur constatée sur une brique…"
        self.action_row(0.78, [(label, "note-error", PANEL)], 0.1)


def _open_word(game: PyramideGame) -> int | None:
    """The Ping-Pong word (1-based) whose error may still be noted: the word in play if a
    brick of it was played, else the one before (the next one not begun)."""
    words = game.ping_pong
    if not words:
        return None
    if game.phase is Phase.NOMS_PROPRES:
        return len(words)
    return len(words) if words[-1].bricks else len(words) - 1


# --- Noms propres --------------------------------------------------------------------------


class NamesScene(PyramideScene):
    """The Noms propres: the bids, then the bricks of the team that plays the name."""

    name = "pyramide-noms"
    phase = Phase.NOMS_PROPRES

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.noting_error = False
        """The referee is tapping the Ping-Pong brick where an error was made."""

    @property
    def current(self) -> TeamWord:
        return self.game.names[-1]

    @property
    def may_note_error(self) -> bool:
        """An error of the Ping-Pong's last word may still be noted: the Noms propres have
        not begun (rules 4.2.4: "uniquement si le mot suivant n'a pas été commencé")."""
        names = self.game.names
        return len(names) == 1 and not names[0].bids and bool(self.game.ping_pong)

    @property
    def state(self) -> str:
        return super().state + ("-erreur" if self.noting_error else "")

    @property
    def play_state(self) -> str:
        name = self.current
        if not name.bids:
            detail = "enchere"
        else:
            detail = f"{len(name.bids)}paris-brique{len(name.bricks) + 1}"
        return f"noms-nom{len(self.game.names)}-{detail}"

    @property
    def title(self) -> str:
        return f"Noms propres · nom {len(self.game.names)}/{NAMES}"

    def on_play_button(self, key: str) -> None:
        if key.startswith("bid:"):
            self.noting_error = False
            _, team, bricks = key.split(":")
            self.do(NameBid(int(team), int(bricks)))
        elif key in ("found", "missed", "error"):
            self.do(BrickPlayed(key, self.host.clock()))
        elif key == "note-error" and self.may_note_error:
            self.noting_error = not self.noting_error
            self.message = "touchez la brique de l'erreur" if self.noting_error else None
        elif key.startswith("cell:") and self.noting_error:
            _, word, brick = key.split(":")
            self.noting_error = False
            self.do(ErrorNoted(int(word), int(brick), self.host.clock()))

    def on_play_press(self, press: Press) -> None:
        if press.action is Action.BACK:
            self.noting_error = False

    def on_play_typed(self, char: str) -> None:
        name = self.current
        if not name.bids and char in "123":
            self.do(NameBid(name.hand, int(char)))
        elif name.bids and char in TYPED_OUTCOMES:
            self.do(BrickPlayed(TYPED_OUTCOMES[char], self.host.clock()))

    def draw_play(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        game = self.game
        teams = game.teams(Phase.NOMS_PROPRES)
        name = self.current
        for team in (1, 2):
            hand = " ← la main" if team == name.hand else ""
            theme.text(
                surface,
                teams_line(teams, team) + hand,
                0.055,
                ACCENT if team == name.hand else TEXT,
                topleft=(16, int(h * (0.11 + 0.065 * (team - 1)))),
                max_width=w - 32,
            )
        won = {t: sum(1 for n in game.names if n.point_to == t) for t in (1, 2)}
        theme.text(
            surface,
            f"Noms gagnés : équipe 1 : {won[1]} · équipe 2 : {won[2]}",
            0.045,
            MUTED,
            topleft=(16, int(h * 0.245)),
        )
        other = 3 - name.hand
        if not name.bids:
            theme.text(
                surface,
                f"Équipe {name.hand} : combien de briques pour ce nom ?",
                0.06,
                ACCENT,
                center=(w // 2, int(h * 0.36)),
                max_width=w - 20,
            )
            bids = [(f"{n} brique{'s' if n > 1 else ''}", f"bid:{name.hand}:{n}", PANEL)
                    for n in range(1, NAME_BRICKS + 1)]  # fmt: skip
            self.action_row(0.43, bids)
            if self.may_note_error:
                self._draw_ping_pong_error(surface)
            return
        player = name.player
        bid = name.bids[player]
        bids_said = " · ".join(f"équipe {t} : {b}" for t, b in sorted(name.bids.items()))
        theme.text(surface, f"Paris : {bids_said}", 0.05, MUTED, center=(w // 2, int(h * 0.33)))
        theme.text(
            surface,
            f"L'équipe {player} joue : brique {len(name.bricks) + 1} sur {bid}",
            0.06,
            ACCENT,
            center=(w // 2, int(h * 0.41)),
            max_width=w - 20,
        )
        self.action_row(0.48, outcome_buttons())
        if not name.bricks and other not in name.bids and name.bids[name.hand] > 1:
            theme.text(
                surface,
                f"Équipe {other} : parier moins et prendre la main ?",
                0.05,
                TEXT,
                center=(w // 2, int(h * 0.69)),
                max_width=w - 20,
            )
            lower = [(f"{n} brique{'s' if n > 1 else ''}", f"bid:{other}:{n}", PANEL)
                     for n in range(1, name.bids[name.hand])]  # fmt: skip
            self.action_row(0.74, lower, 0.12)

    def _draw_ping_pong_error(self, surface: pygame.Surface) -> None:
        """The Ping-Pong's rows of bricks, whose last word's bricks can be tapped while the
        referee notes an error seen late."""
        theme = self.host.theme
        w, h = theme.size
        game = self.game
        if self.noting_error:
            area = pygame.Rect(8, int(h * 0.58), w - 16, int(h * 0.24))
            cells = draw_team_bricks(
                surface, theme, game.ping_pong, PING_PONG_BRICKS, area,
                teams=game.teams(Phase.PING_PONG),
            )  # fmt: skip
            last = _open_word(game)
            for (word, brick), box in cells.items():
                if word == last:
                    pygame.draw.rect(surface, ACCENT, box, width=3, border_radius=6)
                    self.buttons.append(TapZone(box, "", f"cell:{word}:{brick}"))
        label = "Annuler" if self.noting_error else "Erreur constatée au Ping-Pong…"
        self.action_row(0.83, [(label, "note-error", PANEL)], 0.09)


# --- Grandes Pyramides ---------------------------------------------------------------------


class ArbitrationPanel:
    """The referee's verdict on a contested proposal, asked for once a pyramid has ended
    (rules 4.4.3: "il attend la fin de la Pyramide et demande un arbitrage"): first
    during which expression it was made, then forbidden or not. Drawn over the screen."""

    def __init__(self) -> None:
        self.expression: int | None = None
        """The expression chosen, or None while it is being chosen."""

    @property
    def stage(self) -> str:
        return "-arbitrage" + ("" if self.expression is None else f"{self.expression}")

    def on_button(self, key: str) -> PyramidArbitrated | bool:
        """A tapped key: the verdict to record, True when the panel stays, False to close."""
        if key.startswith("arbitrate-expression:"):
            self.expression = int(key.split(":")[1])
            return True
        if key in ("arbitrate:forbidden", "arbitrate:allowed") and self.expression is not None:
            return PyramidArbitrated(self.expression, forbidden=key == "arbitrate:forbidden")
        return key != "arbitrate-close"

    def draw(self, scene: Scene, surface: pygame.Surface, pyramid: Pyramid) -> None:
        theme = scene.host.theme
        w, h = theme.size
        panel = pygame.Rect(int(w * 0.04), int(h * 0.14), int(w * 0.92), int(h * 0.72))
        pygame.draw.rect(surface, ACCENT, panel, width=3, border_radius=14)
        title = f"Arbitrage · pyramide de l'équipe {pyramid.team}"
        theme.text(surface, title, 0.06, ACCENT, center=(w // 2, int(h * 0.2)), max_width=w - 60)
        if self.expression is None:
            question = "Pendant quelle expression la proposition a-t-elle été faite ?"
            keys = [
                (str(n), f"arbitrate-expression:{n}", (250, 236, 200))
                for n in range(1, pyramid.played + 1)
            ]
        else:
            question = f"Expression {self.expression} : la proposition était-elle interdite ?"
            keys = [
                ("Interdite : arrêt là", "arbitrate:forbidden", BAD),
                ("Permise", "arbitrate:allowed", GOOD),
            ]
        theme.text(surface, question, 0.05, TEXT, center=(w // 2, int(h * 0.33)), max_width=w - 60)
        row = pygame.Rect(panel.x, int(h * 0.42), panel.width, int(h * 0.16))
        for box, (label, key, colour) in zip(wide_row(row, len(keys)), keys, strict=True):
            scene.buttons.append(Button(box, label, key, colour, DARK))
        close = pygame.Rect(0, 0, int(w * 0.3), int(h * 0.11))
        close.midbottom = (w // 2, panel.bottom - 12)
        scene.buttons.append(Button(close, "Annuler", "arbitrate-close"))


def arbitrable(game: PyramideGame) -> Pyramid | None:
    """The pyramid an arbitration may be asked for now: the last one, ended, the next one
    not started."""
    pyramids = game.pyramids
    if pyramids and pyramids[-1].ended is not None:
        return pyramids[-1]
    return None


class PyramidScene(PyramideScene):
    """A Grande Pyramide: 6 expressions in 1 min 10, the buzzer marking each found."""

    name = "pyramide-grande"
    phase = Phase.GRANDES_PYRAMIDES

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.arbitration: ArbitrationPanel | None = None

    @property
    def state(self) -> str:
        if self.arbitration is not None:
            return self.play_state + self.arbitration.stage
        return super().state

    @property
    def running(self) -> bool:
        pyramids = self.game.pyramids
        return bool(pyramids) and pyramids[-1].ended is None

    @property
    def team(self) -> int:
        """The team whose pyramid is played or comes next."""
        pyramids = self.game.pyramids
        return pyramids[-1].team if self.running else len(pyramids) + 1

    @property
    def play_state(self) -> str:
        if not self.running:
            return f"grande{self.team}-depart"
        return f"grande{self.team}-expression{self.game.pyramids[-1].found + 1}"

    @property
    def title(self) -> str:
        return f"Grandes Pyramides · équipe {self.team}"

    def start(self) -> None:
        if not self.running:
            self.do(ClockStarted(self.host.clock()))

    def on_play_press(self, press: Press) -> None:
        if self.arbitration is not None:
            if press.action is Action.BACK:
                self.arbitration = None
            return
        if press.action not in (Action.BUZZ, Action.CONFIRM):
            return
        if self.running:
            self.do(ExpressionFound(self.host.clock()))
        else:
            self.start()

    def on_play_typed(self, char: str) -> None:
        if char == "T" and self.running:
            self.do(ExpressionFound(self.host.clock()))

    def on_play_button(self, key: str) -> None:
        if self.arbitration is not None:
            verdict = self.arbitration.on_button(key)
            if isinstance(verdict, PyramidArbitrated):
                if self.do(verdict):
                    self.arbitration = None
            elif not verdict:
                self.arbitration = None
            return
        if key == "arbitrate" and arbitrable(self.game) is not None:
            self.arbitration = ArbitrationPanel()
        elif key == "start":
            self.start()
        elif key == "found" and self.running:
            self.do(ExpressionFound(self.host.clock()))
        elif key == "word-said" and self.running:
            self.do(PyramidEnded(self.host.clock(), word_said=True))

    def update(self, now: float) -> bool:
        redraw = super().update(now)
        return self.tick_clock(PYRAMID_BEEPS) or redraw

    def draw_play(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        game = self.game
        contested = arbitrable(game)
        if self.arbitration is not None and contested is not None:
            self.arbitration.draw(self, surface, contested)
            return
        teams = game.teams(Phase.GRANDES_PYRAMIDES)
        team = self.team
        theme.text(
            surface,
            teams_line(teams, team),
            0.06,
            ACCENT,
            topleft=(16, int(h * 0.12)),
            max_width=w - 32,
        )
        for pyramid in game.pyramids:
            if pyramid.ended is not None:
                said = " (mot dit : arrêt)" if pyramid.word_said else ""
                line = f"Équipe {pyramid.team} : {pyramid.found} expression(s){said}"
                theme.text(
                    surface,
                    line,
                    0.05,
                    MUTED,
                    topleft=(16, int(h * (0.2 + 0.06 * (pyramid.team - 1)))),
                    max_width=int(w * 0.55),
                )
        current = game.pyramids[-1] if self.running else None
        found = current.found if current is not None else 0
        area = pygame.Rect(int(w * 0.04), int(h * 0.33), int(w * 0.55), int(h * 0.4))
        draw_pyramid(surface, theme, area, found, playing=current is not None)
        self.draw_ring(surface, (int(w * 0.8), int(h * 0.47)), int(h * 0.15), PYRAMID_SECONDS)
        if current is None:
            if contested is not None:
                box = pygame.Rect(int(w * 0.62), int(h * 0.635), int(w * 0.36), int(h * 0.085))
                self.buttons.append(
                    Button(box, f"Arbitrage (équipe {contested.team})", "arbitrate")
                )
            theme.text(
                surface,
                "L'équipe choisit qui devine ; 1 min 10 pour 6 expressions",
                0.05,
                TEXT,
                center=(w // 2, int(h * 0.75)),
                max_width=w - 20,
            )
            self.action_row(
                0.8, [(f"Lancer la pyramide de l'équipe {team} (buzzer)", "start", GOOD)]
            )
        else:
            self.action_row(
                0.78, [("Trouvé (buzzer)", "found", GOOD), ("Mot dit : arrêt", "word-said", BAD)]
            )


# --- the end ---------------------------------------------------------------------------------


class PyramidEndScene(GameOverScene):
    """The end: the winner (ties broken by the bonus, then the solutions) and the sheet."""

    name = "fin"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.page = 0
        self.arbitration: ArbitrationPanel | None = None
        """The second pyramid's arbitration, asked for after the game's end."""

    @property
    def game(self) -> PyramideGame:
        assert self.host.session is not None
        game = self.host.session.game
        assert isinstance(game, PyramideGame)
        return game

    @property
    def state(self) -> str:
        stage = "" if self.arbitration is None else self.arbitration.stage
        return f"fin-feuille{self.page + 1}{stage}"

    def on_press(self, press: Press) -> None:
        if self.arbitration is None:
            super().on_press(press)
        elif press.action is Action.BACK:
            self.arbitration = None

    def on_button(self, key: str) -> None:
        if self.arbitration is not None:
            verdict = self.arbitration.on_button(key)
            if isinstance(verdict, PyramidArbitrated):
                assert self.host.session is not None
                try:
                    self.host.session.do(verdict)
                except (RefusedEvent, StoreError) as error:
                    self.message = str(error)
                    return
                self.message = None
                self.arbitration = None
            elif not verdict:
                self.arbitration = None
        elif key == "arbitrate":
            self.arbitration = ArbitrationPanel()
        elif key == "sheet-next":
            self.page = (self.page + 1) % SHEET_PAGES

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        assert self.host.session is not None
        game = self.host.session.game
        assert isinstance(game, PyramideGame)
        contested = arbitrable(game)
        if self.arbitration is not None and contested is not None:
            self.arbitration.draw(self, surface, contested)
            return
        theme.text(surface, "Partie terminée", 0.055, MUTED, topleft=(12, 8))
        theme.text(
            surface,
            winner_line(game),
            0.09,
            ACCENT,
            center=(w // 2, int(h * 0.13)),
            max_width=w - 20,
        )
        area = pygame.Rect(8, int(h * 0.21), w - 16, int(h * 0.66))
        draw_sheet(surface, theme, game, self.page, area)
        bottom = pygame.Rect(int(w * 0.6), int(h * 0.88), int(w * 0.38), int(h * 0.1))
        self.buttons.append(Button(bottom, "Page suivante", "sheet-next"))
        if contested is not None:  # the second pyramid's, asked for after the game's end
            corner = pygame.Rect(int(w * 0.7), 4, int(w * 0.28), int(h * 0.075))
            self.buttons.append(Button(corner, "Arbitrage", "arbitrate"))
        theme.text(
            surface, "Buzzer : nouvelle partie", 0.05, MUTED, center=(int(w * 0.3), int(h * 0.93))
        )


def wide_row(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    width = area.width // max(count, 1)
    return [
        pygame.Rect(area.x + i * width + 8, area.y, width - 16, area.height) for i in range(count)
    ]
