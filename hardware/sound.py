"""The piezo: short beeps for the last seconds, two calls when the writing time begins
(club play), a longer call when time is up.

A gpiozero ``TonalBuzzer`` on a PWM pin plays each note; a small worker thread plays a
tune without blocking the caller (the render loop), and a new tune replaces the one
playing. The notes are MIDI-like names gpiozero understands ("A5") or frequencies.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from gpiozero import TonalBuzzer
from gpiozero.tones import Tone

Note = tuple[float | None, float]
"""A frequency in Hz (None: a rest) and a duration in seconds."""

#: One short beep: each of the last five seconds.
BEEP: tuple[Note, ...] = ((880.0, 0.12),)
#: The search is over, the writing begins (club play): two short calls, lower than a beep.
WRITING: tuple[Note, ...] = ((660.0, 0.18), (None, 0.08), (660.0, 0.18))
#: Time is up: three long low-high calls.
TIME_UP: tuple[Note, ...] = ((440.0, 0.35), (None, 0.1), (660.0, 0.35), (None, 0.1), (880.0, 0.6))


class Piezo:
    """A passive piezo buzzer on a PWM-capable pin."""

    def __init__(self, pin: int, *, pin_factory: Any = None) -> None:
        self._buzzer = TonalBuzzer(pin, pin_factory=pin_factory, octaves=3)
        self._stop = threading.Event()
        self._worker: threading.Thread | None = None

    @property
    def playing(self) -> bool:
        return self._worker is not None and self._worker.is_alive()

    @property
    def frequency(self) -> float | None:
        """The note sounding now, in Hz (None when silent)."""
        tone = self._buzzer.tone
        return None if tone is None else float(tone.frequency)

    def play(self, tune: Sequence[Note]) -> None:
        """Play a tune in the background, cutting short whatever was playing."""
        self.stop()
        self._stop = threading.Event()
        self._worker = threading.Thread(
            target=self._run, args=(tuple(tune), self._stop), daemon=True
        )
        self._worker.start()

    def _run(self, tune: tuple[Note, ...], stop: threading.Event) -> None:
        for frequency, duration in tune:
            if stop.is_set():
                break
            if frequency is None:
                self._buzzer.stop()
            else:
                self._buzzer.play(Tone.from_frequency(self._clamp(frequency)))
            stop.wait(duration)
        self._buzzer.stop()

    def _clamp(self, frequency: float) -> float:
        low = float(self._buzzer.min_tone.frequency)
        high = float(self._buzzer.max_tone.frequency)
        return min(max(frequency, low), high)

    def stop(self) -> None:
        self._stop.set()
        if self._worker is not None:
            self._worker.join(timeout=1)
        self._worker = None
        self._buzzer.stop()

    def close(self) -> None:
        self.stop()
        self._buzzer.close()
