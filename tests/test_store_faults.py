"""The saved games when the disk misbehaves: full, read-only, deleted under the app, or a
database that is not quite arbitre's. A healthy database is never set aside; the game goes
on in memory, says why in one French sentence, and is saved again when the disk allows."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from disks import small_disk

from engine.events import NumbersDrawn, RoundClosed, TimerStarted, TimerStopped
from engine.session import Session
from engine.store import Store, StoreError


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def started(store: Store) -> Session:
    """A boxed game with its first draw saved."""
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=4, clock=FakeClock())
    session.do(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
    return session


def saved_events(path: Path, game_id: int) -> int:
    """How many events of a game the file itself holds (read afresh, as after a reboot)."""
    store = Store(path)
    try:
        return len(store.events(game_id))
    finally:
        store.close()


def set_aside(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if "-20" in p.name]


def test_a_full_disk_never_sets_a_healthy_database_aside_and_saves_again_when_freed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with small_disk(tmp_path, monkeypatch) as disk:
        db = disk.folder / "games.db"
        store = Store(db)
        session = started(store)
        store.close()
        disk.fill()
        store = Store(db)  # start-up on a full disk
        assert store.warnings == [] and set_aside(disk.folder) == []
        (offered,) = store.unfinished()  # the unfinished game is still offered
        session = Session.resume(store, offered.id, clock=FakeClock())
        session.do(TimerStarted(1_000_000.0))  # the disk refuses it: the game goes on
        assert store.problem is not None and store.problem.startswith(
            "disque plein : libérez de la place"
        )
        session.do(TimerStopped(1_000_045.0))
        assert len(store.events(session.game_id)) == 4
        disk.free()
        store.retry(force=True)
        assert store.problem is None and "de nouveau enregistrées" in store.warnings[-1]
        session.do(RoundClosed())
        store.close()
        assert saved_events(db, session.game_id) == 5
        assert set_aside(disk.folder) == []


def test_a_read_only_folder_keeps_the_games_readable_and_plays_on_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with small_disk(tmp_path, monkeypatch) as disk:
        db = disk.folder / "games.db"
        store = Store(db)
        game_id = started(store).game_id
        store.close()
        disk.read_only()
        store = Store(db)
        assert set_aside(disk.folder) == [] and store.readable
        assert [g.id for g in store.unfinished()] == [game_id]
        session = Session.resume(store, game_id, clock=FakeClock())
        session.do(TimerStarted(1_000_000.0))
        fresh = Session.new(store, "tv", ["Chloé", "Dan"], seed=1, clock=FakeClock())
        assert store.problem is not None and "lecture seule" in store.problem
        disk.writable()
        session.do(TimerStopped(1_000_045.0))  # the next save writes everything back
        assert store.problem is None
        store.close()
        assert saved_events(db, game_id) == 4
        assert saved_events(db, fresh.game_id) == 1


def test_a_corrupt_database_in_a_read_only_folder_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with small_disk(tmp_path, monkeypatch) as disk:
        if not disk.real:
            pytest.skip("needs a read-only mount: renaming is not an SQLite write")
        db = disk.folder / "games.db"
        db.write_bytes(b"not a database" * 100)
        disk.read_only()
        store = Store(db)
        assert store.problem is not None and "déplacez" in store.problem
        assert db.read_bytes() == b"not a database" * 100
        started(store)  # playable in memory
        store.close()


def test_a_database_deleted_while_playing_is_recreated_with_every_game(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = Store(db)
    earlier = started(store)
    session = started(store)
    for side in (db, db.with_name("games.db-wal"), db.with_name("games.db-shm")):
        side.unlink(missing_ok=True)
    session.do(TimerStarted(1_000_000.0))
    assert "effacée : recréée" in store.warnings[-1]
    store.close()
    assert saved_events(db, session.game_id) == 3
    assert saved_events(db, earlier.game_id) == 2


def test_a_data_folder_deleted_while_playing_is_recreated_too(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    store = Store(folder / "games.db")
    session = started(store)
    shutil.rmtree(folder)
    session.do(TimerStarted(1_000_000.0))
    session.do(TimerStopped(1_000_045.0))
    store.close()
    assert saved_events(folder / "games.db", session.game_id) == 4


def test_a_data_folder_that_is_a_file_plays_in_memory_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file")
    store = Store(tmp_path / "data" / "games.db")
    assert store.problem is not None and "n'est pas un dossier" in store.problem.replace(
        "est un fichier, pas un dossier", "n'est pas un dossier"
    )
    session = started(store)
    session.do(TimerStarted(1_000_000.0))
    assert len(store.events(session.game_id)) == 3
    store.close()
    assert (tmp_path / "data").read_text() == "a file"


def test_a_players_row_that_is_not_json_lists_the_game_with_its_players(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = Store(db)
    game_id = started(store).game_id
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET players = 'Ana et Bruno' WHERE id = ?", (game_id,))
    store = Store(db)
    (saved,) = store.games()
    assert saved.players == ("Ana", "Bruno")
    store.close()


def test_a_foreign_database_is_set_aside_never_read_as_ours(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with sqlite3.connect(db) as raw:
        raw.execute("CREATE TABLE games (name TEXT, score INTEGER)")
        raw.execute("INSERT INTO games VALUES ('belote', 162)")
    store = Store(db)
    assert "n'est pas celle d'arbitre" in store.warnings[0]
    assert store.games() == []
    (aside,) = set_aside(tmp_path)
    with sqlite3.connect(tmp_path / aside) as raw:
        assert raw.execute("SELECT * FROM games").fetchall() == [("belote", 162)]
    store.close()


def test_an_event_with_an_unknown_field_refuses_the_resume_in_french(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = Store(db)
    game_id = started(store).game_id
    store.close()
    with sqlite3.connect(db) as raw:
        (text,) = raw.execute("SELECT event FROM events WHERE seq = 1").fetchone()
        event = json.loads(text) | {"colour": "red"}
        raw.execute("UPDATE events SET event = ? WHERE seq = 1", (json.dumps(event),))
    store = Store(db)
    with pytest.raises(StoreError, match="partie n° 1 illisible : son coup n° 1"):
        Session.resume(store, game_id)
    store.close()


def test_a_game_number_beyond_sqlite_s_integers_does_not_exist(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    with pytest.raises(StoreError, match="aucune partie"):
        store.events(99999999999999999999999)
    store.close()
