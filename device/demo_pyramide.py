"""The demo's table of Pyramide: what four players at it would do, as inputs.

Like the rest of the demo (:mod:`device.demo`) it only presses, taps and types what a
person can: the bids, each brick's outcome (mostly missed, sometimes found, now and then
an error), the solutions; it lets one Ping-Pong brick run late and the second pyramid's
time run out (so the calls sound), opens the score sheet and the word-root helper once,
marks one error late, and stops the Énigmes after the 6th, as a table short of time does.
"""

from __future__ import annotations

import random
from typing import Protocol

from device.intents import Action
from device.scenes.base import Scene
from engine.pyramide import ENIGMA_WORDS, Phase, PyramideGame

STOP_AFTER = 6
"""Énigmes the demo plays before stopping them (the rules count the first 6, 8 or 10)."""


class Hands(Protocol):
    """The demo's inputs (:class:`device.demo.DemoPlayer`)."""

    def press(self, action: Action) -> None: ...

    def tap(self, key: str) -> bool: ...

    def type(self, text: str) -> None: ...


class PyramideTable:
    def __init__(self, hands: Hands, rng: random.Random) -> None:
        self.hands = hands
        self.rng = rng
        self.looked: set[str] = set()
        """The overlays already shown once (the sheet, the root helper)."""
        self.late: int | None = None
        """The Ping-Pong brick (its number) the players let run late, once."""
        self.noted_error = False

    def act(self, scene: Scene, game: PyramideGame) -> None:
        hands, state = self.hands, scene.state
        if "-racine" in state:
            if "verdict" in state:
                hands.tap("close")
            elif "-racine-saisie" not in state:
                hands.type("COURIR")
                hands.tap("field:1")
                hands.type("PARCOURIR")
                hands.tap("kb:ok")
            return
        if "-feuille" in state:
            if "feuille2" in state:
                hands.tap("sheet")
            else:
                hands.tap("sheet-next")
            return
        phase = game.phase
        if phase is Phase.ENIGMES:
            self._enigme(game)
        elif phase is Phase.PING_PONG:
            self._ping_pong(scene, game)
        elif phase is Phase.NOMS_PROPRES:
            self._names(game)
        elif phase is Phase.GRANDES_PYRAMIDES:
            self._pyramid(game)

    def _look(self, overlay: str) -> bool:
        """Open ``overlay`` the first time; True when it did."""
        if overlay in self.looked:
            return False
        self.looked.add(overlay)
        return self.hands.tap(overlay)

    def _brick(self, found: float, error: float = 0.03) -> None:
        roll = self.rng.random()
        self.hands.tap("found" if roll < found else "error" if roll < found + error else "missed")

    def _enigme(self, game: PyramideGame) -> None:
        enigma = game.enigmas[-1]
        word = enigma.words[-1] if enigma.words else None
        done = sum(e.done for e in game.enigmas)
        if done >= STOP_AFTER and not enigma.words:
            self.hands.tap("stop")
        elif word is not None and not word.done:
            if len(game.enigmas) == 1 and len(enigma.words) == 2 and self._look("racine"):
                return
            self._brick(0.5)
        elif len(enigma.words) == ENIGMA_WORDS:
            if done == 1 and self._look("sheet"):
                return
            self.hands.tap("solution:yes" if self.rng.random() < 0.6 else "solution:no")
        else:
            most = enigma.stock - (ENIGMA_WORDS - len(enigma.words) - 1)
            self.hands.type(str(self.rng.randint(1, min(most, 3))))

    def _ping_pong(self, scene: Scene, game: PyramideGame) -> None:
        if not game.ping_pong:
            self.hands.press(Action.BUZZ)
            return
        word = game.ping_pong[-1]
        spent = sum(len(w.bricks) for w in game.ping_pong)
        if self.late is None and len(word.bricks) == 1:
            self.late = spent  # the players dither: this brick's 20 s run out
        if self.late == spent:
            return
        if "-erreur" in scene.state:
            self.hands.tap(f"cell:{len(game.ping_pong)}:{len(word.bricks)}")
            return
        if not self.noted_error and len(game.ping_pong) >= 2 and word.bricks:
            self.noted_error = True  # an error seen a brick late
            self.hands.tap("note-error")
            return
        self._brick(0.35, 0.04)

    def _names(self, game: PyramideGame) -> None:
        name = game.names[-1]
        if not name.bids:
            self.hands.type(str(self.rng.randint(2, 3)))
            return
        other = 3 - name.hand
        if not name.bricks and other not in name.bids and self.rng.random() < 0.4:
            self.hands.tap(f"bid:{other}:{name.bids[name.hand] - 1}")
            return
        self._brick(0.5, 0.0)

    def _pyramid(self, game: PyramideGame) -> None:
        running = bool(game.pyramids) and game.pyramids[-1].ended is None
        if not running:
            self.hands.press(Action.BUZZ)
            return
        pyramid = game.pyramids[-1]
        if pyramid.team == 2 and pyramid.found >= 4:
            return  # the second team is stuck: its time runs out
        if self.rng.random() < 0.6:
            self.hands.press(Action.BUZZ)
