"""The phones' requests sent together, each in a thread of its own, as many phones would."""

from __future__ import annotations

import threading
from collections.abc import Callable
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
