"""Saved games: every event goes to SQLite before anything is shown.

One database file in the data directory holds all games as event lists. It runs in WAL
mode with ``synchronous=FULL``, so a committed event survives a power cut, and a game is
rebuilt by replaying its events.

A database is set aside (renamed, never overwritten) only when SQLite itself says it is
corrupt, or when it is not arbitre's (written by a newer version, or a foreign schema);
:attr:`Store.warnings` says so in French. Any other trouble (a full disk, a read-only
folder or file, a folder one cannot enter, the file deleted while the app runs) is no
reason to touch the file: the store keeps the games in memory, :attr:`Store.problem` says
in one French sentence what is wrong and what to do, and the games are written to the disk
again as soon as it accepts them (at the next save, or at :meth:`Store.retry`). A file
deleted under the running app is recreated with every game the app still holds.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar
from urllib.parse import quote

from engine.events import Event, GameStarted, from_json, to_json

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    rules TEXT NOT NULL,
    players TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""

#: The columns arbitre reads; a table lacking one is another program's.
_COLUMNS = {
    "games": {"id", "rules", "players", "created", "finished"},
    "events": {"game_id", "seq", "event"},
}

#: Seconds between two attempts to write the games back to a disk that refused them.
RETRY_EVERY = 2.0

#: SQLite's integers are 64-bit: a game number beyond cannot exist.
_MAX_ID = 2**63 - 1

IN_MEMORY = "la partie continue en mémoire"

T = TypeVar("T")


class StoreError(RuntimeError):
    """The saved games cannot be read or written; the message is French."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in the database, as the resume menu lists it."""

    id: int
    rules: str
    players: tuple[str, ...]
    created: float
    finished: bool
    events: int


class _SetAside(Exception):
    """The existing file is corrupt or not arbitre's: (suffix, French reason)."""

    def __init__(self, why: str, reason: str) -> None:
        super().__init__(reason)
        self.why = why
        self.reason = reason


def is_corrupt(error: sqlite3.Error) -> bool:
    """SQLite's own verdict that a file is damaged or no database at all. Any other error
    (a full disk, no permission, a file that cannot be opened) says nothing of the file."""
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB"


def disk_problem(error: BaseException, folder: Path) -> str:
    """One French sentence: what stops the games being saved in ``folder``, what to do."""
    name = getattr(error, "sqlite_errorname", "") or ""
    code = getattr(error, "errno", None)
    if isinstance(error, sqlite3.Error) and is_corrupt(error):
        return f"la base des parties s'est abîmée : redémarrez arbitre ; {IN_MEMORY}"
    if name.startswith("SQLITE_FULL") or code in (errno.ENOSPC, errno.EDQUOT) or _full(folder):
        return f"disque plein : libérez de la place ; {IN_MEMORY}"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return f"la base des parties est prise par un autre programme : fermez-le ; {IN_MEMORY}"
    if code in (errno.ENOTDIR, errno.EEXIST) or (folder.exists() and not folder.is_dir()):
        return f"{folder} est un fichier, pas un dossier : donnez un autre dossier ; {IN_MEMORY}"
    read_only = name.startswith("SQLITE_READONLY") or code in (errno.EROFS, errno.EACCES)
    if read_only or code == errno.EPERM or not _writable(folder):
        return f"dossier {folder} en lecture seule : rendez-le inscriptible ; {IN_MEMORY}"
    if name.startswith("SQLITE_IOERR") or code == errno.EIO:
        return f"erreur du disque en écrivant les parties : vérifiez le disque ; {IN_MEMORY}"
    return f"parties non enregistrées dans {folder} ({error}) : vérifiez ce dossier ; {IN_MEMORY}"


def _full(folder: Path) -> bool:
    try:
        stats = os.statvfs(folder)
    except OSError:
        return False
    return stats.f_bavail == 0 and stats.f_blocks > 0


def _writable(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (``os.access`` tells a read-only mount even
    to root, which ``chmod`` does not stop)."""
    return os.access(folder, os.W_OK | os.X_OK) if folder.is_dir() else False


def _uri(path: Path, **options: str) -> str:
    query = "&".join(f"{key}={value}" for key, value in options.items())
    return f"file:{quote(str(path.absolute()))}?{query}"


class Store:
    """The saved games of one database file (kept in memory while the disk refuses them)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.warnings: list[str] = []
        """What happened to the database, in French (set aside, recreated, saved again)."""
        self.problem: str | None = None
        """Why the games are not being saved right now, one French sentence; None when
        every save reaches the disk."""
        self.readable = True
        """False when saved games exist but could not be read (the list is then empty)."""
        self._unsaved: set[int] = set()
        self._can_sync = True
        self._next_try = 0.0
        self._identity: tuple[int, int] | None = None
        self._db = self._open()

    @property
    def on_disk(self) -> bool:
        """Whether saves reach the disk now."""
        return self._identity is not None

    # --- opening ------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._check_existing()
        except _SetAside as verdict:
            try:
                aside = self._move_aside(verdict.why)
            except OSError as error:
                self.readable = self._can_sync = False
                self.problem = (
                    f"{verdict.reason} et le dossier refuse de la mettre de côté "
                    f"({error.strerror}) : déplacez {self.path} ; {IN_MEMORY}"
                )
                return _memory()
            self.warnings.append(
                f"{verdict.reason} : mise de côté sous {aside.name}, nouvelle base"
            )
        except (sqlite3.Error, OSError) as error:
            # not a verdict on the file: read it as it is, never touch it
            return self._degraded(error, read_existing=True)
        try:
            return self._connect_disk()
        except (sqlite3.Error, OSError) as error:
            return self._degraded(error, read_existing=True)

    def _check_existing(self) -> None:
        """Raise :class:`_SetAside` when the existing file must be set aside (corrupt or
        not arbitre's); any other error is the disk's, raised as it is."""
        if not self.path.exists():
            return
        try:
            db = sqlite3.connect(_uri(self.path, mode="ro"), uri=True)
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                check = db.execute("PRAGMA quick_check").fetchone()[0]
                tables = {
                    table: {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                    for table in _COLUMNS
                }
            finally:
                db.close()
        except sqlite3.DatabaseError as error:
            if is_corrupt(error):
                raise _SetAside("corrupt", "la base des parties est illisible") from None
            raise
        if check != "ok":
            raise _SetAside("corrupt", "la base des parties est abîmée")
        if version > SCHEMA_VERSION:
            raise _SetAside(
                "newer", "la base des parties vient d'une version plus récente d'arbitre"
            )
        for table, columns in tables.items():
            if columns and not _COLUMNS[table] <= columns:
                raise _SetAside("foreign", "la base des parties n'est pas celle d'arbitre")

    def _connect_disk(self) -> sqlite3.Connection:
        """The database file, made ready to write (created when missing)."""
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
            if not {"games", "events"} <= tables:
                db.executescript(_SCHEMA)
            if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            stat = os.stat(self.path)
        except BaseException:
            db.close()
            raise
        self._identity = (stat.st_dev, stat.st_ino)
        return db

    def _degraded(self, error: BaseException, read_existing: bool) -> sqlite3.Connection:
        """A database in memory holding what the file holds, when it can be read."""
        self._identity = None
        self.problem = disk_problem(error, self.path.parent)
        memory = _memory()
        if not read_existing or not _exists(self.path):
            return memory
        for options in ({"mode": "ro"}, {"immutable": "1"}):
            try:
                source = sqlite3.connect(_uri(self.path, **options), uri=True)
                try:
                    source.backup(memory)
                finally:
                    source.close()
            except sqlite3.Error:
                continue
            if "immutable" in options and _has_wal(self.path):
                self._can_sync = False  # the WAL's last saves were not read: never write back
            return memory
        self.readable = self._can_sync = False
        return memory

    def _move_aside(self, why: str) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}.{why}-{stamp}{self.path.suffix}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.stem}.{why}-{stamp}-{n}{self.path.suffix}")
            n += 1
        self.path.rename(aside)
        for extra in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + extra)
            if side.exists():
                side.rename(aside.with_name(aside.name + extra))
        return aside

    def close(self) -> None:
        self.retry(force=True)
        self._db.close()

    # --- the disk going and coming back -------------------------------------------------

    def retry(self, force: bool = False) -> None:
        """Notice a database file deleted under us, and write the games kept in memory back
        to the disk if it takes them now (at each save, else at most every
        :data:`RETRY_EVERY` seconds: the app calls this as time passes)."""
        if self.on_disk:
            self._check_file()
        elif self._can_sync and (force or time.monotonic() >= self._next_try):
            self._sync()

    def _check_file(self) -> None:
        """The file we write to must still be the one at :attr:`path`: on Linux, writes to
        a deleted file succeed and vanish when it is closed."""
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            self._recreate()
            return
        except OSError as error:
            self._to_memory(error)
            return
        if (stat.st_dev, stat.st_ino) != self._identity:
            self._can_sync = False
            self._to_memory(None)
            self.problem = (
                f"{self.path.name} a été remplacée pendant la partie : redémarrez arbitre ; "
                f"{IN_MEMORY}"
            )

    def _recreate(self) -> None:
        old = self._db
        self._unsaved = {row[0] for row in old.execute("SELECT id FROM games")}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fresh = sqlite3.connect(self.path, isolation_level=None)
            try:
                old.backup(fresh)
            finally:
                fresh.close()
            self._db = self._connect_disk()
        except (sqlite3.Error, OSError) as error:
            self._identity = None
            self.problem = (
                "la base des parties a été effacée et ne peut être recréée : "
                + disk_problem(error, self.path.parent)
            )
            self._db = _memory()
            old.backup(self._db)
            old.close()
            self._next_try = time.monotonic() + RETRY_EVERY
            return
        old.close()
        self._unsaved.clear()
        self.warnings.append(
            "la base des parties avait été effacée : recréée avec toutes les parties en cours"
        )

    def _to_memory(self, error: BaseException | None) -> None:
        """Go on in memory with everything the file held (it stays as it is)."""
        memory = _memory()
        self._db.backup(memory)
        self._db.close()
        self._db = memory
        self._identity = None
        if error is not None:
            self.problem = disk_problem(error, self.path.parent)
        self._next_try = time.monotonic() + RETRY_EVERY

    def _sync(self) -> None:
        """Write the games changed in memory to the file, then write to the file again."""
        self._next_try = time.monotonic() + RETRY_EVERY
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._check_existing()
            disk = self._connect_disk()
        except (sqlite3.Error, OSError, _SetAside) as error:
            self._identity = None
            if not isinstance(error, _SetAside):
                self.problem = disk_problem(error, self.path.parent)
            return
        try:
            with _Transaction(disk):
                for game_id in sorted(self._unsaved):
                    row = self._db.execute(
                        "SELECT id, rules, players, created, finished FROM games WHERE id = ?",
                        (game_id,),
                    ).fetchone()
                    disk.execute("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?)", row)
                    disk.execute("UPDATE games SET finished = ? WHERE id = ?", (row[4], game_id))
                    (last,) = disk.execute(
                        "SELECT COALESCE(MAX(seq), -1) FROM events WHERE game_id = ?", (game_id,)
                    ).fetchone()
                    disk.executemany(
                        "INSERT INTO events (game_id, seq, event) VALUES (?, ?, ?)",
                        self._db.execute(
                            "SELECT game_id, seq, event FROM events WHERE game_id = ? AND seq > ?",
                            (game_id, last),
                        ),
                    )
        except sqlite3.Error as error:
            disk.close()
            self._identity = None
            self.problem = disk_problem(error, self.path.parent)
            return
        self._db.close()
        self._db = disk
        self._unsaved.clear()
        self.problem = None
        self.warnings.append("les parties sont de nouveau enregistrées sur le disque")

    # --- writing ------------------------------------------------------------------

    def _write(self, write: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``write`` in one transaction on the disk, else in memory."""
        self.retry(force=True)
        try:
            with _Transaction(self._db):
                return write(self._db)
        except sqlite3.Error as error:
            if not self.on_disk:
                raise StoreError(f"impossible d'enregistrer, même en mémoire : {error}") from error
            self._to_memory(error)
        with _Transaction(self._db):
            return write(self._db)

    def _written(self, game_id: int) -> None:
        """A game changed: to be written to the disk when it takes it again."""
        if not self.on_disk:
            self._unsaved.add(game_id)

    def new_game(self, start: GameStarted, created: float) -> int:
        """Save a new game with its first event; returns its id."""
        if not math.isfinite(created):
            created = time.time()

        def write(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO games (rules, players, created) VALUES (?, ?, ?)",
                (start.rules, json.dumps(list(start.players)), created),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            db.execute(
                "INSERT INTO events (game_id, seq, event) VALUES (?, 0, ?)",
                (game_id, to_json(start)),
            )
            return game_id

        game_id = self._write(write)
        self._written(game_id)
        return game_id

    def append(self, game_id: int, event: Event, finished: bool = False) -> None:
        """Append one event to a game (and mark it finished), durably, before it is shown."""
        self.append_all(game_id, [event], finished)

    def append_all(self, game_id: int, events: Sequence[Event], finished: bool = False) -> None:
        """Append events to a game in one durable commit: all of them are saved, or none
        (the answers of many phones that arrived together cost one write to the card)."""
        if not events:
            return

        def write(db: sqlite3.Connection) -> None:
            (seq,) = db.execute(
                "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()
            db.executemany(
                "INSERT INTO events (game_id, seq, event) VALUES (?, ?, ?)",
                [(game_id, seq + i, to_json(event)) for i, event in enumerate(events)],
            )
            if finished:
                db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))

        self._write(write)
        self._written(game_id)

    # --- reading ------------------------------------------------------------------

    def events(self, game_id: int) -> list[Event]:
        """A game's events in order; StoreError (French) for a game that does not exist or
        one whose saved events cannot be read back."""
        if not -_MAX_ID <= game_id <= _MAX_ID:
            raise StoreError(f"aucune partie n° {game_id}")
        try:
            rows = self._db.execute(
                "SELECT seq, event FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"parties illisibles ({error})") from None
        if not rows:
            raise StoreError(f"aucune partie n° {game_id}")
        events = []
        for seq, text in rows:
            try:
                events.append(from_json(text))
            except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as error:
                raise StoreError(
                    f"partie n° {game_id} illisible : son coup n° {seq} n'est pas un coup "
                    f"d'arbitre ({str(error)[:80]})"
                ) from None
        return events

    def games(self, unfinished_only: bool = False) -> list[SavedGame]:
        """Saved games, the newest first."""
        query = (
            "SELECT g.id, g.rules, g.players, g.created, g.finished, COUNT(e.seq) "
            "FROM games g LEFT JOIN events e ON e.game_id = g.id "
            + ("WHERE g.finished = 0 " if unfinished_only else "")
            + "GROUP BY g.id ORDER BY g.created DESC, g.id DESC"
        )
        try:
            rows = self._db.execute(query).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"parties illisibles ({error})") from None
        return [
            SavedGame(
                row[0],
                str(row[1]),
                self._players(row[0], row[2]),
                _when(row[3]),
                bool(row[4]),
                row[5],
            )
            for row in rows
        ]

    def _players(self, game_id: int, text: object) -> tuple[str, ...]:
        """The players of the games table; when that row is damaged, those of the game's
        first event (the source of truth), else an empty tuple."""
        try:
            players = json.loads(text) if isinstance(text, str | bytes) else None
        except (ValueError, RecursionError):
            players = None
        if isinstance(players, list) and all(isinstance(p, str) for p in players):
            return tuple(players)
        try:
            start = self.events(game_id)[0]
        except StoreError:
            return ()
        return start.players if isinstance(start, GameStarted) else ()

    def unfinished(self) -> Sequence[SavedGame]:
        """The games a crash or a power cut interrupted, newest first."""
        return self.games(unfinished_only=True)


def _when(created: object) -> float:
    """A game's creation time, NaN when the row holds none a clock could give."""
    if isinstance(created, int | float) and math.isfinite(created):
        return float(created)
    return math.nan


def _has_wal(path: Path) -> bool:
    """Whether saves may wait in the WAL file (after a power cut); a clean close empties it."""
    try:
        return path.with_name(path.name + "-wal").stat().st_size > 0
    except OSError:
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def _memory() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.executescript(_SCHEMA)
    return db


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an exception, or when the
    ``COMMIT`` itself fails, as on a full disk)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if kind is None:
            try:
                self._db.execute("COMMIT")
                return
            except sqlite3.Error:
                self._rollback()
                raise
        self._rollback()

    def _rollback(self) -> None:
        if self._db.in_transaction:  # else SQLite rolled back by itself (a full disk...)
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
