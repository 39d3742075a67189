"""A small disk for the tests of disk faults: a real file system that fills up and turns
read-only, or, where the machine cannot mount one, the same faults raised by SQLite itself.

The tests run as root, so ``chmod`` would not stop a write: a read-only *mount* does. A
tmpfs of a few hundred KB is mounted in the test's folder (``mount -t tmpfs -o size=...``);
``fill()`` writes a filler file until the kernel answers ENOSPC, ``free()`` removes it,
``read_only()`` and ``writable()`` remount it. Where mounting is refused (no root, a
container without CAP_SYS_ADMIN), :class:`SqliteFaults` makes the SQLite connections
refuse writes as a full disk (SQLITE_FULL) or a read-only file (``query_only``,
SQLITE_READONLY) would: the store still writes a real file, only the fault is injected
(``ARBITRE_TEST_NO_MOUNT=1`` forces this way).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest


class Disk(Protocol):
    folder: Path
    real: bool

    def fill(self) -> None: ...
    def free(self) -> None: ...
    def read_only(self) -> None: ...
    def writable(self) -> None: ...


class Tmpfs:
    """A real tmpfs mounted at ``folder``."""

    real = True

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._filler = folder / "filler"

    def fill(self) -> None:
        with open(self._filler, "ab", buffering=0) as out:
            try:
                while True:
                    out.write(b"\0" * 4096)
            except OSError as error:
                assert error.errno == errno.ENOSPC

    def free(self) -> None:
        self._filler.unlink(missing_ok=True)

    def read_only(self) -> None:
        _mount("-o", "remount,ro", str(self.folder))

    def writable(self) -> None:
        _mount("-o", "remount,rw", str(self.folder))


_WRITES = ("INSERT", "UPDATE", "DELETE", "CREATE", "COMMIT")


class SqliteFaults:
    """The same faults, at the SQLite layer, on the connections opened since it was made:
    read-only is SQLite's own ``query_only`` (SQLITE_READONLY); a full disk is SQLite's
    SQLITE_FULL error raised by the connection at the first write statement, as SQLite
    raises it when the file cannot grow (``max_page_count`` would only fire once a page is
    full, so it cannot be relied on for a small write)."""

    real = False

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder
        self.fault: str | None = None
        self._connections: list[sqlite3.Connection] = []
        connect = sqlite3.connect
        faults = self

        class Faulty(sqlite3.Connection):
            def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
                faults.check(sql)
                return super().execute(sql, *args)

            def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
                faults.check(sql)
                return super().executemany(sql, *args)

            def executescript(self, sql: str) -> sqlite3.Cursor:
                faults.check(sql)
                return super().executescript(sql)

        def faulty(*args: Any, **kwargs: Any) -> sqlite3.Connection:
            if str(args[0]) == ":memory:":  # memory is not the disk
                memory: sqlite3.Connection = connect(*args, **kwargs)
                return memory
            db: sqlite3.Connection = connect(*args, factory=Faulty, **kwargs)
            self._connections.append(db)
            self._apply(db)
            return db

        monkeypatch.setattr(sqlite3, "connect", faulty)

    def check(self, sql: str) -> None:
        if self.fault == "full" and sql.lstrip().upper().startswith(_WRITES):
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode = 13
            error.sqlite_errorname = "SQLITE_FULL"
            raise error

    def _apply(self, db: sqlite3.Connection) -> None:
        with contextlib.suppress(sqlite3.ProgrammingError):  # a closed connection
            db.execute(f"PRAGMA query_only={'ON' if self.fault == 'read-only' else 'OFF'}")

    def _set(self, fault: str | None) -> None:
        self.fault = fault
        for db in self._connections:
            self._apply(db)

    def fill(self) -> None:
        self._set("full")

    def free(self) -> None:
        self._set(None)

    def read_only(self) -> None:
        self._set("read-only")

    def writable(self) -> None:
        self._set(None)


def _mount(*args: str) -> None:
    subprocess.run(["mount", *args], check=True, capture_output=True, timeout=10)


@contextlib.contextmanager
def small_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    """A 512 KB disk: a real tmpfs where the machine lets us mount one, else SQLite faults."""
    folder = tmp_path / "disk"
    folder.mkdir()
    try:
        if os.environ.get("ARBITRE_TEST_NO_MOUNT"):  # to run the fallback where mounts work
            raise OSError("mounting disabled")
        _mount("-t", "tmpfs", "-o", "size=512k", "tmpfs", str(folder))
    except (OSError, subprocess.SubprocessError):
        yield SqliteFaults(folder, monkeypatch)
        return
    try:
        yield Tmpfs(folder)
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False, capture_output=True)
