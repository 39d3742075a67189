"""Talking to systemd when it started us: READY once the first frame is up, then the
watchdog's heartbeat (a frozen render loop stops feeding it and gets restarted).

Outside systemd (no ``NOTIFY_SOCKET``) every call does nothing.
"""

from __future__ import annotations

import os
import socket
import time


def notify(state: str) -> bool:
    """Send one sd_notify message (``READY=1``, ``WATCHDOG=1``...); False if not under systemd."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        try:
            sock.sendto(state.encode(), address)
        except OSError:
            return False
    return True


class Watchdog:
    """Feeds ``WatchdogSec`` at a third of its period, however often :meth:`kick` is called."""

    def __init__(self) -> None:
        usec = os.environ.get("WATCHDOG_USEC", "")
        self.period = int(usec) / 3e6 if usec.isdigit() else None
        self._last = float("-inf")

    def kick(self) -> None:
        if self.period is None:
            return
        now = time.monotonic()
        if now - self._last >= self.period:
            self._last = now
            notify("WATCHDOG=1")
