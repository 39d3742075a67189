"""The referee's sounds: a beep for each of the last seconds, a signal when the writing
time begins (club play), a call when time is up.

On the Pi they come from the piezo (:mod:`hardware.sound`); elsewhere from the speakers,
as tones synthesised for pygame's mixer. No audio device at all means silence, never a
crash. The French voice (:mod:`device.voice`) speaks through here too.
"""

from __future__ import annotations

import array
import math
from typing import Any

import pygame

from device.voice import Voice
from hardware.sound import BEEP, TIME_UP, WRITING, Note

RATE = 22050


def _tone(tune: tuple[Note, ...]) -> pygame.mixer.Sound:
    """``tune`` as a sound in the mixer's own format. pygame.init() may have opened the
    mixer already (44.1 kHz stereo): samples written for another rate or channel count
    would play faster and higher than the tune (the time-up call once lasted 0.37 s, not
    1.5 s)."""
    init = pygame.mixer.get_init()
    if init is None or init[1] != -16:
        pygame.mixer.quit()
        pygame.mixer.init(RATE, -16, 1)
        init = pygame.mixer.get_init()
    assert init is not None
    rate, _size, channels = init
    samples = array.array("h")
    for frequency, duration in tune:
        for i in range(int(rate * duration)):
            level = 0.0 if frequency is None else math.sin(2 * math.pi * frequency * i / rate)
            samples.extend([int(9000 * level)] * channels)
    return pygame.mixer.Sound(buffer=samples.tobytes())


class Sounds:
    """Plays the sounds on the piezo if there is one, else on the speakers."""

    def __init__(self, piezo: Any = None, voice: Voice | None = None) -> None:
        self.piezo = piezo
        self.voice = voice or Voice(enabled=False)
        """The French voice (silent unless the app turns it on)."""
        self.played: list[str] = []
        """What was played, in order (the tests and the demo read it)."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        if piezo is None:
            try:
                pygame.mixer.init(RATE, -16, 1)
                self._sounds = {
                    "beep": _tone(BEEP),
                    "writing": _tone(WRITING),
                    "time_up": _tone(TIME_UP),
                }
            except pygame.error:
                self._sounds = {}

    def _play(self, name: str, tune: tuple[Note, ...]) -> None:
        self.played.append(name)
        if self.piezo is not None:
            self.piezo.play(tune)
        elif name in self._sounds:
            self._sounds[name].play()

    def beep(self) -> None:
        self._play("beep", BEEP)

    def writing(self) -> None:
        """The search is over: the writing time begins (club play)."""
        self._play("writing", WRITING)

    def time_up(self) -> None:
        self._play("time_up", TIME_UP)

    def say(self, text: str, topic: str = "") -> None:
        """Speak ``text`` in French if the voice is on; never waits (see :class:`Voice`)."""
        self.played.append(f"say:{text}")
        self.voice.say(text, topic)
