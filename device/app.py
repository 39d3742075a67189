"""The referee app: one pygame window, a stack of screens, the buzzer, the camera.

The loop waits for input with a timeout (so an idle referee uses almost no CPU), turns
events into intents, lets the current scene update, and redraws only when something
changed, at most 30 times a second. Slow work runs off the UI thread: reading a photo and
solving are jobs in a worker thread (:mod:`device.jobs`; one ending posts
:data:`device.intents.JOB_EVENT`), the GPIO button lives in gpiozero's thread (posted as
:data:`device.intents.BUZZER_EVENT`). The app is the screens' host
(:class:`device.host.Host`); which screen shows is the navigator's business
(:mod:`device.navigator`).
"""

from __future__ import annotations

import gc
import math
import signal
import time
from collections.abc import Callable
from typing import Any

import pygame

from device.demo import DemoPlayer
from device.intents import BUZZER_EVENT, JOB_EVENT, Action, IntentMapper, Press
from device.jobs import Jobs
from device.names import PlayerNames
from device.navigator import Navigator
from device.notices import Notices
from device.options import AppOptions
from device.reader import DrawReader
from device.scenes.base import Scene
from device.sounds import Sounds
from device.systemd import Watchdog, notify
from device.theme import Theme
from device.voice import Voice
from device.web.address import WebAddress, shown_host
from device.web.bridge import PhoneBridge
from device.web.qr import join_url
from device.web.seats import SavedSeats
from device.web.table import PhoneTable
from engine.session import Session
from engine.store import Store

__all__ = ["App", "AppOptions"]

FPS = 30
SAME_PRESS = 0.25
"""Seconds within which two buzzes (the GPIO button and the space bar, say) are one."""
IDLE_WAIT_MS = 100
"""How long the loop sleeps waiting for input: the button's long press is polled this often."""


class App:
    """The referee. Build it, then :meth:`run` it (or :meth:`step` it from tests)."""

    def __init__(
        self,
        options: AppOptions,
        reader: DrawReader,
        panel: Any = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.options = options
        self.reader = reader
        self.panel = panel
        start = time.time()
        base = clock or time.time
        self.clock: Callable[[], float] = (
            base if options.speed == 1 else (lambda: start + (base() - start) * options.speed)
        )
        pygame.init()
        pygame.display.set_caption("arbitre")
        flags = pygame.FULLSCREEN if options.fullscreen else 0
        self.display = pygame.display.set_mode(
            (0, 0) if options.fullscreen else options.size, flags
        )
        physical = self.display.get_size()
        logical = physical if options.rotation in (0, 180) else (physical[1], physical[0])
        self.surface = pygame.Surface(logical)
        self.theme = Theme(logical)
        self.mapper = IntentMapper(logical, options.rotation)
        self.sounds = Sounds(
            panel.piezo if panel is not None else None, Voice(enabled=options.voice)
        )
        self.store = Store(options.data_dir / "games.db")
        self.session: Session | None = None
        self.jobs = Jobs(reader, _post_job_done)
        self.running = True
        self.exit_code = 0
        self._dirty = True
        self._drawn_at = float("-inf")
        self._last_state: str | None = None
        self._last_buzz = float("-inf")
        self._shots = 0
        if panel is not None:
            panel.button.when_pressed = lambda: _post_buzzer("press")
            panel.button.when_held = lambda: _post_buzzer("held")
        self.notices = Notices(self.store)  # the store's start-up warnings among them
        self.names = PlayerNames(options.data_dir, options.players)
        if self.names.notice is not None:
            self.notices.startup.append(self.names.notice)
        self.navigator = Navigator(self)
        self.demo = DemoPlayer(self) if options.demo else None
        self.phones: PhoneTable | None = None
        self.phones_url: str | None = None
        self.bridge: PhoneBridge | None = None
        self._web: Any = None  # a device.web.thread.WebServer
        if options.web is not None:
            self._serve_phones(options.web)

    def _serve_phones(self, address: WebAddress) -> None:
        """The players' phone page (issue 24), in a thread; a port already taken is said on
        the screen and the game goes on without phones."""
        from device.web.thread import WebServer  # uvicorn is loaded only with --web

        seats = SavedSeats(self.options.data_dir)
        self.phones = PhoneTable(
            self.names.proposed, clock=self.clock, speed=self.options.speed, keep=seats.write
        )
        kept = seats.read()  # the seats of before a restart: those phones stay seated
        if kept is not None:
            self.phones.restore(*kept)
        server = WebServer(self.phones, address)
        try:
            server.start()
        except OSError as error:
            self.notices.startup.append(f"téléphones : {error}")
            self.phones = None
            return
        self._web = server
        self.phones_url = join_url(shown_host(address), address.port, self.phones.code)
        self.bridge = PhoneBridge(self.phones, lambda: self.session, _post_job_done)
        print(f"téléphones : {self.phones_url}")

    # --- screens: the host of the scenes (device.host.Host) ---------------------------

    @property
    def scene(self) -> Scene:
        """The screen shown."""
        return self.navigator.scene

    def done(self) -> None:
        self.navigator.done()
        self._dirty = True

    def play(self, session: Session) -> None:
        self.session = session
        self.navigator.play()
        self._dirty = True

    def open_menu(self) -> None:
        self.navigator.open_menu()
        self._dirty = True

    def open_sheet(self) -> None:
        self.navigator.open_sheet()
        self._dirty = True

    def close_menu(self) -> None:
        self.navigator.close_menu()
        self._dirty = True

    def leave_game(self) -> None:
        self.navigator.leave_game()
        self._dirty = True

    def refresh(self) -> None:
        self._dirty = True

    def game_over(self) -> None:
        """Called by the end screen: quit when asked to after one game."""
        if self.options.exit_after_game:
            self.running = False

    # --- the loop -----------------------------------------------------------------

    def step(self, wait_ms: int = 0, draw_from: float = 0.0) -> None:
        """One turn of the loop: input, time, drawing (if something changed, and not before
        the ``time.monotonic()`` instant ``draw_from``)."""
        events = pygame.event.get()
        if not events and wait_ms:
            first = pygame.event.wait(wait_ms)
            events = [first] if first.type != pygame.NOEVENT else []
            events += pygame.event.get()
        for event in events:
            if event.type in (JOB_EVENT, pygame.WINDOWEXPOSED):
                self._dirty = True
            intent = self.mapper.map(event)
            if intent is None:
                continue
            if isinstance(intent, Press) and intent.action is Action.QUIT:
                self.running = False
                return
            if isinstance(intent, Press) and intent.action is Action.BUZZ:
                now = self.clock()
                if now - self._last_buzz < SAME_PRESS:
                    continue  # two buttons pressed together: one action
                self._last_buzz = now
            self.scene.handle(intent)
            self._dirty = True
        if self.panel is not None:
            self.panel.button.poll()
        if self.bridge is not None and (self.bridge.pump() | self.bridge.sync()):
            self._dirty = True
            if self.bridge.moved:  # a phone's move in the dice or bluff game
                self.bridge.moved = False
                self.navigator.follow()
        if self.demo is not None:
            self.demo.act(self.clock())
        if self.scene.update(self.clock()):
            self._dirty = True
        if self.notices.tick(self.scene.name):
            self._dirty = True
        if self._dirty and time.monotonic() >= draw_from:
            self._draw()

    def _draw(self) -> None:
        self._dirty = False
        self._drawn_at = time.monotonic()
        self.scene.draw(self.surface)
        self.notices.draw(self.surface, self.theme, self.scene.name)
        if self.options.rotation:
            rotated = pygame.transform.rotate(self.surface, -self.options.rotation)
            self.display.blit(rotated, (0, 0))
        else:
            self.display.blit(self.surface, (0, 0))
        pygame.display.flip()
        state = self.scene.state
        if state != self._last_state:
            self._last_state = state
            self._screenshot(state)

    def _screenshot(self, state: str) -> None:
        folder = self.options.screenshot_dir
        if folder is None:
            return
        self._shots += 1
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in state)
        try:  # a screenshot lost (a full disk...) must not stop the referee
            folder.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.surface, str(folder / f"{self._shots:03d}-{safe}.png"))
        except (OSError, pygame.error) as error:
            print(f"capture d'écran non enregistrée : {error}")

    def run(self) -> int:
        """Run until quit (or the end of a game with ``exit_after_game``)."""
        signal.signal(signal.SIGTERM, lambda *_: self.stop())
        watchdog = Watchdog()
        try:
            self.begin()
            notify("READY=1")
            while self.running:
                self.frame()
                watchdog.kick()
        finally:
            notify("STOPPING=1")
            self.close()
        return self.exit_code

    def begin(self) -> None:
        """The first turn of the loop (the first frame drawn), then what start-up made is
        set apart from the garbage collector: those objects (modules, fonts, the screens)
        live as long as the app, and a full collection walking them all paused the loop,
        and every phone waiting on it, for some 30 ms at a time (bench/phones_load.py)."""
        self.step()
        gc.collect()
        gc.freeze()

    def frame(self) -> None:
        """One turn of :meth:`run`'s loop: input is waited for while idle, or until the next
        frame is due when something changed a moment after the last one was drawn; at most
        :data:`FPS` frames a second are drawn. The loop turns at every input in between,
        so that a phone's answer is saved and acknowledged without waiting for a frame."""
        due = self._drawn_at + 1 / FPS
        wait = IDLE_WAIT_MS
        if self._dirty:
            wait = math.ceil(max(0.0, due - time.monotonic()) * 1000)
        self.step(wait, draw_from=due)

    def stop(self) -> None:
        self.running = False

    def close(self) -> None:
        """Release everything: the worker thread, the pins, the database, the window."""
        self.jobs.shutdown()
        if self._web is not None:
            self._web.stop()
        self.sounds.voice.close()
        if self.panel is not None:
            self.panel.close()
        self.reader.close()
        self.store.close()
        self.theme.close()
        pygame.quit()


def _post_job_done() -> None:
    """Called in the worker thread: wake the UI thread to take a job's result."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(JOB_EVENT))


def _post_buzzer(action: str) -> None:
    """Called in gpiozero's thread: hand the press to the UI thread."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(BUZZER_EVENT, action=action))
