"""The phones' requests sent together, each in a thread of its own, as many phones would."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any


def started(*calls: Callable[[], Any]) -> tuple[list[threading.Thread], list[Any]]:
    """Start every call in its thread; the threads, and the replies they fill in."""
    replies: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        replies[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    return threads, replies


def pumped(bridge: Any, *calls: Callable[[], Any]) -> list[Any]:
    """The calls together, while the test's thread pumps the bridge like the UI thread."""
    threads, replies = started(*calls)
    while any(thread.is_alive() for thread in threads):
        bridge.pump()
        bridge.sync()
        threading.Event().wait(0.002)
    bridge.sync()
    return replies


def waiting(bridge: Any, count: int, seconds: float = 20) -> None:
    """Wait until ``count`` answers or moves wait for the UI thread at the bridge."""
    deadline = time.monotonic() + seconds
    while bridge.pending.qsize() < count:
        assert time.monotonic() < deadline, "the phones' messages never reached the Pi"
        time.sleep(0.002)


def saved_by(save: Callable[[Any], None]) -> Callable[[Any], Future[None]]:
    """A table's ``submit`` that saves at once with ``save`` (tests of the table alone):
    the future is done, or failed with what ``save`` raised."""

    def submit(item: Any) -> Future[None]:
        future: Future[None] = Future()
        try:
            save(item)
        except OSError as error:
            future.set_exception(error)
        else:
            future.set_result(None)
        return future

    return submit
