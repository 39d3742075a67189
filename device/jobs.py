"""Slow work off the UI thread, as typed jobs: reading the holder, finding the best answers.

A screen starts a job and keeps its :class:`Job`; each turn of the loop it looks whether
the job is done (the worker wakes the loop when it is). A job's result has the type of its
work (a :class:`~device.reader.DrawReading`, a :class:`~solver.numbers.Solution`...) or
the error it raised; nothing is shared through a dictionary of untyped results.

A round's best answers are one job per draw, kept: the round screen starts it as soon as
the draw is known, the answers and result screens show it, and a resumed game simply asks
again. The work itself is :mod:`engine.best`, which the scoring shares, so the solver runs
once per draw.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

from device.reader import DrawReader, DrawReading
from engine.best import best_numbers, best_words
from engine.game import Round
from engine.rules import Composition, RoundKind
from solver.numbers import Solution
from solver.words import LongestWords

T = TypeVar("T")

Best = Solution | LongestWords
"""A round's best answers: the count of a numbers round, the longest words of a letters one."""


class Job(Generic[T]):
    """Work running in the worker thread; ``result`` or ``error`` once ``done``."""

    def __init__(self, future: Future[T]) -> None:
        self._future = future

    @property
    def done(self) -> bool:
        return self._future.done()

    @property
    def result(self) -> T | None:
        """The work's result; None while it runs or if it failed."""
        if not self._future.done() or self._future.cancelled():
            return None
        return None if self._future.exception() is not None else self._future.result()

    @property
    def error(self) -> BaseException | None:
        """What the work raised (a camera unplugged, the lexicon missing), once done."""
        if not self._future.done() or self._future.cancelled():
            return None
        return self._future.exception()


class Jobs:
    """The worker thread and the jobs it runs; ``wake`` is called (in the worker) when one
    ends, so that the UI loop redraws."""

    def __init__(self, reader: DrawReader, wake: Callable[[], None]) -> None:
        self.reader = reader
        self._wake = wake
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="travail")
        self._best: dict[Hashable, Job[Best]] = {}

    def start(self, work: Callable[[], T]) -> Job[T]:
        """Run ``work`` in the worker thread."""
        future = self._worker.submit(work)
        future.add_done_callback(lambda _: self._wake())
        return Job(future)

    def read_draw(
        self, kind: RoundKind, composition: Composition | None = None
    ) -> Job[DrawReading]:
        """Photograph and read the holder: the plates of a numbers round, else the letters
        (of ``composition`` in club play: the simulated camera shows a draw that has it)."""
        if kind is RoundKind.NUMBERS:
            return self.start(self.reader.read_numbers)
        return self.start(lambda: self.reader.read_letters(composition))

    def read_dice(self, vowel_die: bool) -> Job[DrawReading]:
        """Photograph and read the dice, the reader told whether the vowel die is in play."""
        return self.start(lambda: self.reader.read_dice(vowel_die))

    def best(self, played: Round) -> Job[Best] | None:
        """The best answers of a round whose draw is known (None before the draw); started
        on the first call, the same job afterwards."""
        if played.kind is RoundKind.NUMBERS and played.plates and played.target is not None:
            plates, target = played.plates, played.target
            key: Hashable = ("numbers", plates, target)
            work: Callable[[], Best] = lambda: best_numbers(plates, target)  # noqa: E731
        elif played.kind is RoundKind.LETTERS and played.letters:
            letters = played.letters
            key = ("letters", letters)
            work = lambda: best_words(letters)  # noqa: E731
        else:
            return None
        job = self._best.get(key)
        if job is None:
            job = self._best[key] = self.start(work)
        return job

    def settle(self) -> None:
        """Wait until every job started so far is done (tests, the bench)."""
        self._worker.submit(lambda: None).result()

    def shutdown(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)
