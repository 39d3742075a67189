"""The phones' server in a daemon thread of the app, so the pygame loop never waits on it."""

from __future__ import annotations

import threading
import time

import uvicorn

from device.web.address import WebAddress
from device.web.server import create_app
from device.web.table import PhoneTable

MAX_IN_FLIGHT = 64
"""Requests served at once; uvicorn answers 503 beyond (a bounded queue, not a pile-up)."""


class WebServer:
    """uvicorn serving :func:`device.web.server.create_app` on ``address``."""

    def __init__(self, table: PhoneTable, address: WebAddress) -> None:
        config = uvicorn.Config(
            create_app(table),
            host=address.host,
            port=address.port,
            log_level="warning",
            access_log=False,
            limit_concurrency=MAX_IN_FLIGHT,
            backlog=128,
            timeout_keep_alive=5,
            ws="none",
            lifespan="off",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="phones", daemon=True)

    def start(self, timeout: float = 5.0) -> None:
        """Start serving; raises :class:`OSError` (French) if the port could not be opened."""
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise OSError("le serveur des téléphones n'a pas démarré (port déjà pris ?)")
            time.sleep(0.01)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
