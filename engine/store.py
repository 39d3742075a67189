"""Saved games: every event goes to SQLite before anything is shown.

One database file in the data directory holds all games as event lists. It runs in WAL
mode with ``synchronous=FULL``, so a committed event survives a power cut, and a game is
rebuilt by replaying its events. A database that is corrupt, or written by a newer
version of arbitre, is never overwritten: it is renamed aside, a fresh one is started,
and :attr:`Store.warnings` says so in French.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

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


class Store:
    """The saved games of one database file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.warnings: list[str] = []
        path.parent.mkdir(parents=True, exist_ok=True)
        problem = self._problem_with_existing()
        if problem is not None:
            aside = self._move_aside(problem[0])
            self.warnings.append(f"{problem[1]} : mise de côté sous {aside.name}, nouvelle base")
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _problem_with_existing(self) -> tuple[str, str] | None:
        """Why the existing file cannot be used: (suffix, French message), or None."""
        if not self.path.exists():
            return None
        try:
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                check = db.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                db.close()
        except sqlite3.DatabaseError:
            return "corrupt", "la base des parties est illisible"
        if check != "ok":
            return "corrupt", "la base des parties est abîmée"
        if version > SCHEMA_VERSION:
            return "newer", "la base des parties vient d'une version plus récente d'arbitre"
        return None

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
        self._db.close()

    # --- writing ------------------------------------------------------------------

    def new_game(self, start: GameStarted, created: float) -> int:
        """Save a new game with its first event; returns its id."""
        try:
            with self._transaction():
                cursor = self._db.execute(
                    "INSERT INTO games (rules, players, created) VALUES (?, ?, ?)",
                    (start.rules, json.dumps(list(start.players)), created),
                )
                game_id = cursor.lastrowid
                assert game_id is not None
                self._db.execute(
                    "INSERT INTO events (game_id, seq, event) VALUES (?, 0, ?)",
                    (game_id, to_json(start)),
                )
        except sqlite3.Error as error:
            raise StoreError(f"impossible d'enregistrer la partie : {error}") from error
        return game_id

    def append(self, game_id: int, event: Event, finished: bool = False) -> None:
        """Append one event to a game (and mark it finished), durably, before it is shown."""
        try:
            with self._transaction():
                (seq,) = self._db.execute(
                    "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE game_id = ?", (game_id,)
                ).fetchone()
                self._db.execute(
                    "INSERT INTO events (game_id, seq, event) VALUES (?, ?, ?)",
                    (game_id, seq, to_json(event)),
                )
                if finished:
                    self._db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))
        except sqlite3.Error as error:
            raise StoreError(f"impossible d'enregistrer le coup : {error}") from error

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    # --- reading ------------------------------------------------------------------

    def events(self, game_id: int) -> list[Event]:
        rows = self._db.execute(
            "SELECT event FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        if not rows:
            raise StoreError(f"aucune partie n° {game_id}")
        return [from_json(row[0]) for row in rows]

    def games(self, unfinished_only: bool = False) -> list[SavedGame]:
        """Saved games, the newest first."""
        query = (
            "SELECT g.id, g.rules, g.players, g.created, g.finished, COUNT(e.seq) "
            "FROM games g LEFT JOIN events e ON e.game_id = g.id "
            + ("WHERE g.finished = 0 " if unfinished_only else "")
            + "GROUP BY g.id ORDER BY g.created DESC, g.id DESC"
        )
        return [
            SavedGame(row[0], row[1], tuple(json.loads(row[2])), row[3], bool(row[4]), row[5])
            for row in self._db.execute(query)
        ]

    def unfinished(self) -> Sequence[SavedGame]:
        """The games a crash or a power cut interrupted, newest first."""
        return self.games(unfinished_only=True)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
