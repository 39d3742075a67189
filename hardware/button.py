"""The big buzzer button: a press, or a long press, with bounces filtered in code.

gpiozero's ``bounce_time`` is not applied by its mock pins (and not by every back-end),
so the filtering is done here, on an injectable clock, where tests can reach it:

- an edge closer than ``bounce_time`` to the last accepted one is a bounce, ignored;
- releasing before ``hold_time`` is a press (:attr:`BuzzerButton.when_pressed`);
- staying down ``hold_time`` is a long press (:attr:`BuzzerButton.when_held`), fired once,
  by :meth:`poll` (the app calls it every frame) or at the latest on release.

A short press fires on release, so that a long press never fires a press first.

>>> from gpiozero.pins.mock import MockFactory
>>> now = [0.0]
>>> button = BuzzerButton(17, pin_factory=MockFactory(), clock=lambda: now[0])
>>> button.when_pressed = lambda: print("buzz!")
>>> button.pin.drive_low(); now[0] = 0.2; button.pin.drive_high()
buzz!
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from gpiozero import Button

Callback = Callable[[], None]


class BuzzerButton:
    """A push button wired between a GPIO pin and ground (internal pull-up)."""

    def __init__(
        self,
        pin: int,
        *,
        hold_time: float = 1.0,
        bounce_time: float = 0.05,
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._button = Button(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
        self.hold_time = hold_time
        self.bounce_time = bounce_time
        self.clock = clock
        self.when_pressed: Callback | None = None
        self.when_held: Callback | None = None
        self._lock = threading.Lock()
        self._down_at: float | None = None
        self._last_edge = float("-inf")
        self._held_fired = False
        self._button.when_pressed = self._on_down
        self._button.when_released = self._on_up

    @property
    def pin(self) -> Any:
        """The gpiozero pin (tests drive a mock pin through it)."""
        return self._button.pin

    @property
    def is_down(self) -> bool:
        return self._down_at is not None

    def _accept_edge(self) -> bool:
        now = self.clock()
        if now - self._last_edge < self.bounce_time:
            return False
        self._last_edge = now
        return True

    def _on_down(self) -> None:
        with self._lock:
            if self._down_at is not None or not self._accept_edge():
                return
            self._down_at = self.clock()
            self._held_fired = False

    def _on_up(self) -> None:
        with self._lock:
            if self._down_at is None or not self._accept_edge():
                return
            duration = self.clock() - self._down_at
            self._down_at = None
            if self._held_fired:
                return
            callback = self.when_held if duration >= self.hold_time else self.when_pressed
        if callback is not None:
            callback()

    def poll(self) -> None:
        """Fire :attr:`when_held` once the button has been down ``hold_time``.

        It also settles the state on the pin's once the bounce window has passed: an edge
        taken for a bounce may have been a real (very short) press or release.
        """
        settled = self.clock() - self._last_edge >= self.bounce_time
        if settled and self.is_down != bool(self._button.is_pressed):
            self._last_edge = float("-inf")
            (self._on_down if self._button.is_pressed else self._on_up)()
        with self._lock:
            if self._down_at is None or self._held_fired:
                return
            if self.clock() - self._down_at < self.hold_time:
                return
            self._held_fired = True
            callback = self.when_held
        if callback is not None:
            callback()

    def close(self) -> None:
        self._button.close()
