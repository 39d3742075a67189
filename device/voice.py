"""The referee's French voice: espeak-ng (Debian's package, offline) says the target, the
countdowns and the Sloubi song, as the TV show's announcer would.

Speaking never blocks the UI loop: :meth:`Voice.say` only puts the phrase in a small
queue that one worker thread empties (synthesise with ``espeak-ng -v fr -w``, then play
through pygame's mixer, or espeak-ng's own audio output where the mixer is absent). A
phrase has a topic ("compte", "sloubi"...): a newer phrase of the same topic replaces one
still waiting, since "Sloubi 12" is stale once the screen shows 13; and when too many wait,
the oldest goes. espeak-ng missing or failing means silence and one French note, never a
crash. The voice can be turned off (``arbitre run --no-voice``, or the menu).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import threading
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import pygame

LANGUAGE = "fr"
WORDS_PER_MINUTE = 190
"""A little faster than espeak-ng's 175: a count must keep up with the screen."""
MAX_WAITING = 3
"""Phrases waiting at most; beyond, the oldest is dropped."""
SYNTH_TIMEOUT = 5.0
"""Seconds espeak-ng gets to write one phrase."""
GIVE_UP_AFTER = 3
"""Failures in a row after which the voice falls silent (with a note)."""


@dataclass(frozen=True, slots=True)
class Phrase:
    text: str
    topic: str


def espeak() -> str | None:
    """The espeak-ng program, or None where it is not installed."""
    return shutil.which("espeak-ng")


class Voice:
    """Says French phrases in a worker thread; ``enabled=False`` keeps it silent.

    ``keep`` is a folder where each phrase's WAV stays (numbered), for the tests and to
    listen again; without it they are temporary.
    """

    def __init__(
        self, enabled: bool = True, program: str | None = None, keep: Path | None = None
    ) -> None:
        self.program = program if program is not None else espeak()
        self.note: str | None = None
        """Why the voice is silent although it was wanted (French), if it is."""
        if enabled and self.program is None:
            self.note = "voix coupée : espeak-ng n'est pas installé (paquet Debian espeak-ng)"
        self.enabled = enabled and self.program is not None
        self.keep = keep
        self.spoken: list[str] = []
        """The phrases synthesised, in order."""
        self.files: list[Path] = []
        """Their WAV files, when ``keep`` is given."""
        self._waiting: deque[Phrase] = deque()
        self._wake = threading.Condition()
        self._closing = False
        self._failures = 0
        self._busy = False
        """A phrase is being synthesised or played."""
        self._thread: threading.Thread | None = None
        self._folder = keep or Path(tempfile.mkdtemp(prefix="arbitre-voix-"))

    @property
    def available(self) -> bool:
        """Whether espeak-ng is there (the voice may be turned on)."""
        return self.program is not None

    def set_enabled(self, enabled: bool) -> None:
        """Turn the voice on (where espeak-ng is found) or off; off drops what waits."""
        self.enabled = enabled and self.available
        if not self.enabled:
            with self._wake:
                self._waiting.clear()

    def say(self, text: str, topic: str = "") -> None:
        """Say ``text`` soon, without waiting; replaces a waiting phrase of ``topic``."""
        if not self.enabled or self._closing:
            return
        with self._wake:
            if topic:
                kept = [p for p in self._waiting if p.topic != topic]
                self._waiting = deque(kept)
            self._waiting.append(Phrase(text, topic))
            while len(self._waiting) > MAX_WAITING:
                self._waiting.popleft()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="voix", daemon=True)
                self._thread.start()
            self._wake.notify()

    def idle(self, timeout: float = 10.0) -> bool:
        """Wait until nothing is waiting nor being said (tests); False on timeout."""
        with self._wake:
            return self._wake.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def close(self) -> None:
        """Stop the worker (what waits is dropped; a phrase being said may end)."""
        with self._wake:
            self._closing = True
            self._waiting.clear()
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=SYNTH_TIMEOUT)
        if self.keep is None:
            shutil.rmtree(self._folder, ignore_errors=True)

    # --- the worker -----------------------------------------------------------------

    def _run(self) -> None:
        number = 0
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._waiting or self._closing)
                if self._closing:
                    return
                phrase = self._waiting.popleft()
                self._busy = True
            number += 1
            try:
                self._say(phrase, number)
            finally:
                with self._wake:
                    self._busy = False
                    self._wake.notify_all()

    def _say(self, phrase: Phrase, number: int) -> None:
        assert self.program is not None
        safe = "".join(c if c.isalnum() else "-" for c in phrase.text)[:40]
        path = self._folder / f"{number:04d}-{safe}.wav"
        command = [self.program, "-v", LANGUAGE, "-s", str(WORDS_PER_MINUTE), "-w", str(path)]
        try:
            subprocess.run(
                [*command, phrase.text],
                check=True,
                capture_output=True,
                timeout=SYNTH_TIMEOUT,
            )
        except (OSError, subprocess.SubprocessError) as error:
            self._failed(error)
            return
        self._failures = 0
        self.spoken.append(phrase.text)
        if self.keep is not None:
            self.files.append(path)
        try:
            self._play(path, phrase.text)
        finally:
            if self.keep is None:
                path.unlink(missing_ok=True)

    def _failed(self, error: BaseException) -> None:
        self._failures += 1
        if self._failures >= GIVE_UP_AFTER:
            self.enabled = False
            self.note = f"voix coupée : espeak-ng échoue ({type(error).__name__})"

    def _play(self, path: Path, text: str) -> None:
        """Play the phrase and wait till it ends (so the next one does not talk over it)."""
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(22050, -16, 1)
            sound = pygame.mixer.Sound(str(path))
            sound.play()
            length = sound.get_length()
        except pygame.error:
            # no mixer (the piezo's Pi without speakers set up): espeak-ng's own output
            try:
                assert self.program is not None
                subprocess.run(
                    [self.program, "-v", LANGUAGE, "-s", str(WORDS_PER_MINUTE), text],
                    check=False,
                    capture_output=True,
                    timeout=SYNTH_TIMEOUT,
                )
            except (OSError, subprocess.SubprocessError):
                pass
            return
        with self._wake:
            self._wake.wait_for(lambda: self._closing, timeout=length)
