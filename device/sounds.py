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
    mono = array.array("h")
    for frequency, duration in tune:
        count = int(rate * duration)
        if frequency is None:
            mono.extend(array.array("h", bytes(2 * count)))  # a rest
        else:
            step, sin = 2 * math.pi * frequency / rate, math.sin
            mono.extend([int(9000 * sin(step * i)) for i in range(count)])
    samples = array.array("h", bytes(2 * len(mono) * channels))
    for channel in range(channels):  # the same wave on every speaker
        samples[channel::channels] = mono
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
        """The tunes as the speakers' sounds, each written when first played (a quicker
        start: 50 ms of samples at 44.1 kHz stereo)."""
        self._speakers = False
        if piezo is None:
            try:
                pygame.mixer.init(RATE, -16, 1)
                self._speakers = True
            except pygame.error:
                self._speakers = False

    def _play(self, name: str, tune: tuple[Note, ...]) -> None:
        self.played.append(name)
        if self.piezo is not None:
            self.piezo.play(tune)
        elif self._speakers:
            try:
                if name not in self._sounds:
                    self._sounds[name] = _tone(tune)
                self._sounds[name].play()
            except pygame.error:  # the audio device went away: silence, not a crash
                self._speakers = False

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
