"""The phones' server in a daemon thread of the app, so the pygame loop never waits on it."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from device.web.address import WebAddress
from device.web.server import create_app
from device.web.table import PhoneTable

MAX_IN_FLIGHT = 256
"""Connections (and requests) served at once; uvicorn answers 503 beyond (a bounded queue,
not a pile-up). A club duplicate seats up to 99 players, and a phone's browser may keep two
connections open."""


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
            # No proxy stands between the phones and the Pi: a header never says who sent
            # a request (the local-network check reads the socket's own address).
            proxy_headers=False,
            lifespan="off",
        )
        self.address = address
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._serve, name="phones", daemon=True)
        self._socket: socket.socket | None = None

    def _serve(self) -> None:
        assert self._socket is not None
        self.server.run(sockets=[self._socket])

    def start(self, timeout: float = 5.0) -> None:
        """Start serving; raises :class:`OSError` (French) if the port could not be opened.
        The socket is opened here, in the caller's thread, so that a port already taken is
        one clear error rather than a traceback in the server's thread."""
        family = socket.AF_INET6 if ":" in self.address.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.address.host, self.address.port))
            sock.listen(128)
        except OSError as error:
            sock.close()
            raise OSError(
                f"impossible d'écouter sur le port {self.address.port} ({error.strerror})"
            ) from None
        self._socket = sock
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise OSError("le serveur des téléphones n'a pas démarré (port déjà pris ?)")
            time.sleep(0.01)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
        if self._socket is not None:
            self._socket.close()
