"""What every screen is: it handles intents, may change with time, and draws itself.

Scenes know only their host (:class:`device.host.Host`: the game session, the theme,
the sounds, the jobs) and never each other: a scene that is finished calls
:meth:`~device.host.Host.done` and the navigator picks the next one from the game's state.
They never read SDL events (see :mod:`device.intents`) and never block: slow work (the
solver, the camera) runs as jobs off the UI thread (:mod:`device.jobs`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Generic, TypeVar

import pygame

from device.host import Host
from device.intents import Action, Intent, Press, Tap, Typed
from device.theme import ACCENT, BACKGROUND, BAD, GOOD, MUTED, PANEL, TEXT, Button, Theme
from engine.events import Event, RefusedEvent
from engine.game import Game, Round
from engine.rules import RoundKind, Timer
from engine.session import Session
from engine.store import StoreError


class Scene:
    """A screen. Subclasses set :attr:`name` and override what they need."""

    name = "ecran"
    """Used for screenshot file names."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.buttons: list[Button] = []
        self.message: str | None = None
        """A French line shown at the bottom (an error, a hint)."""

    @property
    def state(self) -> str:
        """What makes this screen look different: a new value means a new screenshot."""
        return self.name

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            for button in self.buttons:
                if button.hit(intent.x, intent.y):
                    self.on_button(button.key)
                    return
            self.on_tap(intent)
        elif isinstance(intent, Press):
            self.on_press(intent)
        elif isinstance(intent, Typed):
            self.on_typed(intent.char)

    def on_button(self, key: str) -> None:
        """A button of :attr:`buttons` was tapped."""

    def on_tap(self, tap: Tap) -> None:
        """A tap outside the buttons."""

    def on_press(self, press: Press) -> None:
        """The buzzer, Enter, Escape, Backspace..."""

    def on_typed(self, char: str) -> None:
        """A character from a USB keyboard."""

    def update(self, now: float) -> bool:
        """Advance with time; True when the screen must be redrawn."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        self.buttons = []
        self.draw_content(surface)
        theme = self.host.theme
        for button in self.buttons:
            button.draw(surface, theme)
        if self.message:
            theme.text(
                surface,
                self.message,
                0.05,
                (255, 150, 120),
                center=(theme.width // 2, int(theme.height * 0.95)),
                max_width=theme.width - 20,
            )

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw the screen and fill :attr:`buttons`."""


def open_menu_on(press: Press, host: Host) -> bool:
    """A long press opens the menu, on every game screen; True when it did."""
    if press.action is Action.MENU:
        host.open_menu()
        return True
    return False


def next_on_buzzer(press: Press, host: Host) -> None:
    """A screen shown until the buzzer (a round's result, a verdict): the buzzer or Enter
    goes on, a long press opens the menu (where a wrong entry seen here is taken back)."""
    if not open_menu_on(press, host) and press.action in (Action.BUZZ, Action.CONFIRM):
        host.done()


TITLES = {RoundKind.NUMBERS: "Le compte est bon", RoundKind.LETTERS: "Le mot le plus long"}
SHORT_TITLES = {RoundKind.NUMBERS: "Chiffres", RoundKind.LETTERS: "Lettres"}
"""A round's kind where the rulebook's name does not fit (the header beside six scores)."""


def points(score: int) -> str:
    """A score in French words: "1 pt", "0 pt", "12 pts"."""
    return f"{score} pt" if abs(score) < 2 else f"{score} pts"


def round_title(game: Game, current: Round) -> str:
    """'Manche 3/20', or what an extra round is: 'Prolongation', 'Mort subite'."""
    total = len(game.rules.order)
    kind = TITLES.get(current.kind, "")
    if current.number <= total:
        return f"Manche {current.number}/{total} · {kind}"
    label = "Mort subite" if current.timer is not None else "Prolongation"
    return f"{label} · {kind}"


def header(scene: Scene, surface: pygame.Surface, game: Game, current: Round) -> None:
    """The round's title and the scores, on every round screen.

    The title keeps the left part; the scores are laid out in up to three columns (two rows
    for four to six players) at a fixed readable size, a long name cut with "…" rather than
    the line shrunk (issue 22: 12 px scores with three players, the last one cut).
    """
    theme = scene.host.theme
    w, _h = theme.size
    scale = 0.045
    font = theme.font(scale)
    line = font.get_linesize()
    first, _, kind = round_title(game, current).partition(" · ")
    scores = list(game.scores.items())
    columns = min(len(scores), 3) or 1
    # the round's kind whole, never "Le mot le plus l…": up to three players the scores keep
    # to the first line and the kind has the whole second; beside two rows of scores, its
    # short name when the rulebook's does not fit ("Lettres")
    left = int(w * 0.30)
    kind_width = w - 24 if len(scores) <= columns else left - 20
    if font.size(kind)[0] > kind_width:
        kind = SHORT_TITLES.get(current.kind, kind)
    theme.text(surface, theme.clipped(first, scale, left - 20), scale, MUTED, topleft=(12, 8))
    theme.text(surface, theme.clipped(kind, scale, kind_width), scale, MUTED,
               topleft=(12, 8 + line))  # fmt: skip
    score_grid(theme, surface, scores, left, scale)


def score_grid(
    theme: Theme,
    surface: pygame.Surface,
    scores: Sequence[tuple[str, int]],
    left: int,
    scale: float = 0.045,
) -> None:
    """Every player's "name : score" right of ``left`` at the top of the screen, in up to
    three columns (two rows for four to six players), at a fixed readable size: a long
    name is cut with "…", never the line shrunk off the screen (issue 22)."""
    w, _h = theme.size
    line = theme.font(scale).get_linesize()
    columns = min(len(scores), 3) or 1
    cell = (w - left - 8) // columns
    for i, (player, score) in enumerate(scores):
        x = left + (i % columns) * cell
        y = 8 + (i // columns) * line
        value = f" : {score}"
        name = theme.clipped(player, scale, cell - 10 - theme.font(scale).size(value)[0])
        theme.text(surface, name + value, scale, TEXT, topleft=(x, y))


BEEP_FROM = 5
"""The last seconds of an hourglass that beep."""


class GameOverScene(Scene):
    """The end of a game, whatever the box: the app is told once that the game is over (it
    quits there with ``--exit-after-game``), and the buzzer goes back to the home screen."""

    name = "fin"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.announced = False

    def update(self, now: float) -> bool:
        if not self.announced:
            self.announced = True
            self.host.game_over()
        return False

    def on_press(self, press: Press) -> None:
        if press.action in (Action.BUZZ, Action.CONFIRM):
            self.host.leave_game()


G = TypeVar("G")


class GameScene(Scene, Generic[G]):
    """A screen of a game being played: its session, its game (of :attr:`game_type`), and
    :meth:`do`, which records an event or shows the game's French refusal. The long press
    opens the menu."""

    game_type: type[G]

    @property
    def session(self) -> Session:
        assert self.host.session is not None
        return self.host.session

    @property
    def game(self) -> G:
        game = self.session.game
        assert isinstance(game, self.game_type)
        return game

    def do(self, event: Event) -> bool:
        """Record ``event``; False (and the reason shown) when the game refuses it."""
        try:
            self.session.do(event)
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return False
        self.message = None
        return True

    def on_press(self, press: Press) -> None:
        open_menu_on(press, self.host)


class DcdlScene(Scene):
    """A screen of a game of "Des chiffres et des lettres" being played."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self._beeped: set[int] = set()
        """The last seconds already beeped (each once)."""
        self._writing = False
        """The writing time's signal was given (club play)."""

    @property
    def game(self) -> Game:
        assert self.host.session is not None
        return self.host.session.dcdl

    @property
    def current(self) -> Round:
        """The round in play (these screens only show while one is)."""
        current = self.game.current
        assert current is not None
        return current

    @property
    def hourglass(self) -> Timer:
        """The round's hourglass as the engine has it (a sudden death's is shorter)."""
        return self.game.timer(self.current) or self.game.rules.timers[self.current.kind]

    def tick_hourglass(self) -> tuple[bool, bool]:
        """Advance the round's timer: (redraw, time just ran out). Beeps the last seconds
        once each, signals the start of the writing time (club play) and sounds the end."""
        current = self.game.current
        session = self.host.session
        if current is None or current.started_at is None or current.stopped_at is not None:
            return False, False
        assert session is not None
        left = session.tick()
        if left is None:
            return False, False
        if left == 0:
            self.host.sounds.time_up()
            return True, True
        if self.hourglass.writing and 0 < left <= self.hourglass.writing and not self._writing:
            self._writing = True  # club play: the search is over, pens down on the sheet
            self.host.sounds.writing()
            self.host.sounds.say("Écriture", "sablier")
        second = math.ceil(left)
        if second <= BEEP_FROM and second not in self._beeped:
            self._beeped.add(second)
            self.host.sounds.beep()
            self.host.sounds.say(str(second), "sablier")
        return True, False

    def draw_hourglass(self, surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
        """Huge digits in a ring that empties; red for the last seconds. Where the rules
        give a writing time (club play) the search and the writing are two countdowns, each
        titled above the ring ("Recherche", then "Écriture" in green)."""
        theme = self.host.theme
        timer = self.hourglass
        left = self.game.remaining(self.host.clock()) or 0.0
        phase = timer.phase(left)
        width = max(6, radius // 8)
        pygame.draw.circle(surface, PANEL, centre, radius, width=width)
        colour = BAD if left <= BEEP_FROM else (GOOD if phase.writing else ACCENT)
        if phase.left > 0:
            arc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            arc.center = centre
            start = math.pi / 2
            sweep = 2 * math.pi * phase.left / phase.length
            pygame.draw.arc(surface, colour, arc, start, start + sweep, width)
        scale = 1.07 * radius / theme.height
        theme.text(surface, str(math.ceil(phase.left)), scale, colour, center=centre)
        if timer.writing:
            title = "Écriture" if phase.writing else "Recherche"
            size = 0.065
            y = centre[1] - radius - theme.font(size).get_linesize() // 2 - 4
            theme.text(surface, title, size, GOOD if phase.writing else TEXT, center=(centre[0], y))
