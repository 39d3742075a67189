"""The demo: a whole game played by itself (the idle attract mode, and a smoke test).

Every second of (possibly accelerated) time it does what the table would: presses the
buzzer, waits for the hourglass, and enters answers for simulated players: the first
finds the solver's best, the second the next best, the others something weaker, and now
and then a word the lexicon refuses, so that every screen and rule shows up.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from device.intents import Action, Press
from engine.game import Phase

if TYPE_CHECKING:
    from device.app import App
    from device.scenes.answers import AnswersScene

DELAY = 1.5
"""Seconds (of the app's clock) between two actions."""


class DemoPlayer:
    def __init__(self, app: App, seed: int = 2) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self._seen: object = None
        self._since = 0.0

    def act(self, now: float) -> None:
        """Do the next thing a table would do, once the screen has been shown a while."""
        from device.scenes.answers import AnswersScene
        from device.scenes.duel import DuelScene
        from device.scenes.end import EndScene
        from device.scenes.home import HomeScene
        from device.scenes.menu import MenuScene
        from device.scenes.result import ResultScene
        from device.scenes.round import RoundScene

        scene = self.app.scene
        seen = (id(scene), scene.state)
        if seen != self._seen:
            self._seen, self._since = seen, now
            return
        if now - self._since < DELAY:
            return
        self._since = now
        self.app.refresh()
        buzz = Press(Action.BUZZ)
        if isinstance(scene, HomeScene):
            scene.start()
        elif isinstance(scene, RoundScene):
            if scene.current.phase is not Phase.RUNNING:  # the hourglass runs out by itself
                scene.on_press(buzz)
        elif isinstance(scene, AnswersScene):
            self._answer(scene)
        elif isinstance(scene, ResultScene):
            if scene.number in self.app.solutions:
                scene.on_press(buzz)
        elif isinstance(scene, DuelScene):
            if scene.kind is None:
                scene.on_button("kind:calcul")
            elif scene.current.phase is Phase.READY:
                scene.on_press(buzz)
            else:
                players = scene.game.players
                verdict = self.rng.choice(["right", "wrong"])
                scene.on_button(f"{verdict}:{self.rng.choice(players)}")
        elif isinstance(scene, MenuScene):
            scene.on_button("back")
        elif isinstance(scene, EndScene) and not self.app.options.exit_after_game:
            scene.on_press(buzz)

    def _answer(self, scene: AnswersScene) -> None:
        from solver.numbers import Solution
        from solver.words import LongestWords

        best = self.app.solutions.get(scene.current.number)
        if best is None:
            return  # wait for the solver
        rank = scene.index
        if scene.numbers is not None and isinstance(best, Solution):
            steps = best.best.steps if rank == 0 else best.best.steps[:-rank]
            for step in steps:
                symbol = {"*": "x", "/": ":"}.get(step.op, step.op)
                scene.numbers.steps.append(f"{step.a}{symbol}{step.b}={step.result}")
        elif scene.word is not None and isinstance(best, LongestWords):
            choices = [best.words, best.next_words]
            words = choices[rank] if rank < len(choices) else ()
            word = words[0] if words else ""
            if rank == 1 and self.rng.random() < 0.25:
                word = scene.current.letters  # a made-up word, refused by the lexicon
            for letter in word:
                scene.word.type(letter)
        scene.submit()
