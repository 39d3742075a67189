"""A clock the tests move by hand: whole games are played without sleeping."""

from __future__ import annotations


class FakeClock:
    """Seconds, like ``time.time``; ``advance`` moves them on."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now
