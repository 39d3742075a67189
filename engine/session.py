"""A game being played: the engine, its saved events and the clock, together.

Every action goes through :meth:`Session.do`: the event is checked and applied by the
game, then written to the database, and only then may the device show the new state. When
the disk refuses it (full, read-only), the store keeps it in memory and says so
(:attr:`engine.store.Store.problem`) until the disk takes it; if even that fails, the game
is rebuilt from what was saved, so the screen never shows an unsaved move.
The clock is injected (wall-clock seconds by default, so that a timer resumed after a
power cut knows how much time really passed); tests pass a fake one.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterator

from engine.dice import DiceGame
from engine.events import (
    Event,
    GameStarted,
    LettersDrawn,
    NumbersDrawn,
    TimerStarted,
    TimerStopped,
)
from engine.game import Game, Phase
from engine.games import AnyGame, new_game, replay
from engine.letters import draw_letters
from engine.pyramide import PyramideGame
from engine.rules import RoundKind
from engine.store import Store, StoreError
from solver.plates import draw_numbers

Clock = Callable[[], float]


class Session:
    """One saved game in play. Build it with :meth:`new` or :meth:`resume`."""

    def __init__(self, store: Store, game_id: int, game: AnyGame, clock: Clock) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self.clock = clock
        self.rng = random.Random()
        self._held: list[Event] | None = None

    @classmethod
    def new(
        cls,
        store: Store,
        rules: str,
        players: list[str],
        seed: int | None = None,
        clock: Clock = time.time,
    ) -> Session:
        """Start and save a new game (RefusedEvent for bad players or rules)."""
        start = GameStarted(
            rules, tuple(players), random.randrange(2**31) if seed is None else seed
        )
        game = new_game(start)
        game_id = store.new_game(start, clock())
        return cls(store, game_id, game, clock)

    @classmethod
    def resume(cls, store: Store, game_id: int, clock: Clock = time.time) -> Session:
        """Rebuild a saved game exactly where it stopped."""
        return cls(store, game_id, replay(store.events(game_id)), clock)

    def do(self, event: Event) -> None:
        """Apply an event and save it; RefusedEvent leaves everything unchanged. Inside
        :meth:`together`, the save waits for the end of the block."""
        self.game.apply(event)
        if self._held is not None:
            self._held.append(event)
            return
        try:
            self.store.append(self.game_id, event, finished=self.game.over)
        except StoreError:
            self.game = replay(self.store.events(self.game_id))
            raise

    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """Events done in the block are saved in one commit as it ends: the answers of many
        phones that arrived in one frame cost one durable write, not one each. Each is
        still checked and applied as it is done (a refused one is left out, as ever); if
        the save fails, the game is rebuilt from what was saved and StoreError raised:
        then none of the block's events was taken. Nothing may be shown inside the block,
        since what it applied is not saved yet."""
        if self._held is not None:  # already inside a block: the outer one saves
            yield
            return
        self._held = []
        try:
            yield
        finally:
            held, self._held = self._held, None
            if held:
                try:
                    self.store.append_all(self.game_id, held, finished=self.game.over)
                except StoreError:
                    self.game = replay(self.store.events(self.game_id))
                    raise

    @property
    def dcdl(self) -> Game:
        """The game, when it is one of "Des chiffres et des lettres"."""
        if not isinstance(self.game, Game):
            raise TypeError(f"{self.game.start.rules} n'est pas une partie de chiffres et lettres")
        return self.game

    # --- the buzzer's and the timer's actions -------------------------------------

    def random_draw(self) -> Event:
        """A draw made by the device (no tiles at hand), for the current round."""
        game = self.dcdl
        current = game.current
        if current is None or current.kind not in (RoundKind.NUMBERS, RoundKind.LETTERS):
            raise ValueError("pas de tirage à faire maintenant")
        if current.kind is RoundKind.NUMBERS:
            draw = draw_numbers(self.rng, game.rules.targets)
            return NumbersDrawn(draw.plates, draw.target)
        return LettersDrawn(draw_letters(self.rng, current.composition, game.rules.min_vowels))

    def start_timer(self) -> None:
        self.do(TimerStarted(self.clock()))

    def stop_timer(self) -> None:
        self.do(TimerStopped(self.clock()))

    def tick(self) -> float | None:
        """Seconds left; when the time is up, records it (at the exact end instant)."""
        game = self.dcdl
        left = game.remaining(self.clock())
        current = game.current
        if left == 0 and current is not None and game.phase is Phase.RUNNING:
            assert current.started_at is not None
            timer = game.timer(current)
            assert timer is not None
            self.do(TimerStopped(current.started_at + timer.total))
        return left

    def clock_due(self) -> Event | None:
        """Records what the clock owes a dice or Pyramide game now (a STOP, a late brick, a
        pyramid's time up), at its exact instant; None when nothing is due."""
        game = self.game
        if not isinstance(game, DiceGame | PyramideGame):
            return None
        event = game.due(self.clock())
        if event is not None:
            self.do(event)
        return event
