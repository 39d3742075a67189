"""Games survive a crash or a power cut: every event is saved before it is shown."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.events import (
    AnswerUndone,
    DuelDecided,
    Event,
    GameStarted,
    LettersDrawn,
    NumbersAnswered,
    NumbersDrawn,
    PlayerAbsent,
    RoundClosed,
    TimerStarted,
    TimerStopped,
    ValueConfirmed,
    WordAnswered,
    from_json,
    to_json,
)
from engine.game import Game, GameRuleError, Phase
from engine.history import export_csv, export_json, player_histories
from engine.letters import draw_letters
from engine.rules import RoundKind
from engine.session import Session
from engine.store import Store, StoreError
from solver.plates import draw_numbers

ROOT = Path(__file__).resolve().parent.parent
WORDS = ["MALINE", "REANIMABLE", "ANIMAL", "XYZ", "LAMIE", "MANGEAIS"]


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def random_round_events(session: Session, rng: random.Random) -> list[Event]:
    """The events of one round played with random answers."""
    current = session.game.current
    assert current is not None
    events: list[Event] = [session.random_draw(), TimerStarted(session.clock())]
    session.clock.now += 30  # type: ignore[attr-defined]
    events.append(TimerStopped(session.clock()))
    for player in session.game.players:
        if rng.random() < 0.2:
            continue
        if current.kind is RoundKind.NUMBERS:
            events.append(NumbersAnswered(player, steps=f"{rng.randint(1, 10)}+1"))
        else:
            events.append(WordAnswered(player, rng.choice(WORDS)))
    events.append(RoundClosed())
    return events


def state(game: Game) -> object:
    return (export_json(game), game.phase, game.remaining(2_000_000.0), sorted(game.absent))


def test_events_round_trip_through_json() -> None:
    for event in (NumbersDrawn((3, 100, 8, 8, 10, 6), 683), WordAnswered("Zoé", "été")):
        assert from_json(to_json(event)) == event


def test_resuming_after_a_stop_at_any_event_rebuilds_the_same_state(tmp_path: Path) -> None:
    rng = random.Random(3)
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "boxed", ["Ana", "Bruno", "Chloé"], seed=5, clock=FakeClock())
    played: list[Event] = []
    while not session.game.over:
        for event in random_round_events(session, rng):
            session.do(event)
            played.append(event)
    store.close()
    # the same game, saved event by event in a new database, "killed" after event k
    for k in rng.sample(range(1, len(played) + 1), 8):
        db = tmp_path / f"cut-{k}.db"
        cut = Store(db)
        partial = Session.new(cut, "boxed", ["Ana", "Bruno", "Chloé"], seed=5, clock=FakeClock())
        for event in played[:k]:
            partial.do(event)
        expected = state(partial.game)
        cut.close()  # the power goes off
        reopened = Store(db)
        (saved,) = reopened.unfinished() if k < len(played) else reopened.games()
        resumed = Session.resume(reopened, saved.id)
        assert state(resumed.game) == expected
        for event in played[k:]:  # and the game goes on to the same end
            resumed.do(event)
        assert resumed.game.scores == session.game.scores
        reopened.close()


def test_a_killed_process_loses_no_saved_event(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "play_forever.py"), str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    child.stdout.readline()  # it has started saving
    time.sleep(random.Random().uniform(0.2, 0.8))
    os.kill(child.pid, signal.SIGKILL)  # no clean-up, as in a power cut
    reported = 1 + len(child.stdout.read().splitlines())
    child.wait()
    store = Store(db)
    assert not store.warnings
    games = store.games()
    saved = sum(game.events - 1 for game in games)  # GameStarted is not reported
    assert saved >= reported
    assert len(store.unfinished()) <= 1
    for game in games:  # every saved game replays, the interrupted one included
        Session.resume(store, game.id)
    store.close()


def test_a_rule_error_saves_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=1, clock=FakeClock())
    with pytest.raises(GameRuleError):
        session.do(LettersDrawn("BAMERILANE"))  # the first boxed round is numbers
    assert len(store.events(session.game_id)) == 1


def test_answers_done_together_are_saved_in_one_commit_and_a_refused_one_is_left_out(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    clock = FakeClock()
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=1, clock=clock)
    session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    session.start_timer()
    commits = []
    real = store.append_all
    store.append_all = lambda *args, **kwargs: commits.append(args[1]) or real(*args, **kwargs)  # type: ignore[method-assign]
    with session.together():
        session.do(NumbersAnswered("Ana", steps="100 × 6 = 600"))
        with pytest.raises(GameRuleError):
            session.do(NumbersAnswered("Chloé", steps="100 × 8 = 800"))  # not at this table
        session.do(NumbersAnswered("Bruno", steps="100 × 8 = 800"))
        assert len(store.events(session.game_id)) == 3  # nothing written inside the block
    assert [len(events) for events in commits] == [2]
    again = Session.resume(Store(tmp_path / "games.db"), session.game_id, clock)
    answers = again.dcdl.rounds[0].numbers_answers
    assert {name: given.steps for name, given in answers.items()} == {
        "Ana": "100 × 6 = 600",
        "Bruno": "100 × 8 = 800",
    }


def test_a_commit_of_answers_done_together_that_fails_takes_none_of_them(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=1, clock=FakeClock())
    session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    session.start_timer()

    def refuse(*args: object, **kwargs: object) -> None:
        raise StoreError("impossible d'enregistrer, même en mémoire")

    store.append_all = refuse  # type: ignore[method-assign]
    with pytest.raises(StoreError), session.together():
        session.do(NumbersAnswered("Ana", steps="100 × 6 = 600"))
        session.do(NumbersAnswered("Bruno", steps="100 × 8 = 800"))
    # The game shows what was saved, never an answer the disk did not take.
    assert session.dcdl.rounds[0].numbers_answers == {}
    assert len(store.events(session.game_id)) == 3


def test_a_corrupt_database_is_kept_aside_never_overwritten(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    db.write_bytes(b"this is not a database" * 100)
    store = Store(db)
    assert store.warnings and "illisible" in store.warnings[0]
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == b"this is not a database" * 100
    assert store.games() == []


def test_a_database_from_a_newer_arbitre_is_kept_aside(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    newer = sqlite3.connect(db)
    newer.execute("PRAGMA user_version=99")
    newer.execute("CREATE TABLE future (x)")
    newer.commit()
    newer.close()
    store = Store(db)
    assert "plus récente" in store.warnings[0]
    assert any(".newer-" in p.name for p in tmp_path.iterdir())


def exact_888_by_ana(store: Store) -> Session:
    """A saved boxed game whose first round Ana counted exactly (888)."""
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=2, clock=FakeClock())
    session.do(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
    session.start_timer()
    session.do(NumbersAnswered("Ana", steps="75-1=74 3x4=12 74x12=888"))
    session.stop_timer()
    session.do(RoundClosed())
    return session


def test_histories_and_exports(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    session = exact_888_by_ana(store)
    session.do(LettersDrawn("BAMERILANE"))
    session.start_timer()
    session.stop_timer()
    session.do(WordAnswered("Bruno", "remaniable"))
    session.do(RoundClosed())
    history = player_histories(store)
    assert history["Ana"].exact_counts == 1 and history["Ana"].games == 1
    assert history["Bruno"].average_word_length == 10
    csv_text = export_csv(session.game)
    assert csv_text.splitlines()[0] == "manche,épreuve,tirage,Ana,Bruno"
    assert csv_text.splitlines()[-1] == "total,,,10,10"
    exported = export_json(session.game)
    assert exported["scores"] == {"Ana": 10, "Bruno": 10}


def test_the_timer_stops_itself_at_the_exact_end(tmp_path: Path) -> None:
    clock = FakeClock()
    session = Session.new(Store(tmp_path / "g.db"), "boxed", ["Ana", "Bruno"], 1, clock)
    session.do(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
    session.start_timer()
    clock.now += 44.5
    assert session.tick() == pytest.approx(0.5)
    clock.now += 10
    assert session.tick() == 0
    current = session.game.current
    assert current is not None and current.stopped_at == current.started_at + 45  # type: ignore[operator]


def test_thousands_of_random_event_streams_never_crash_the_engine() -> None:
    """Random events, legal or not: the engine answers GameRuleError or applies them."""
    rng = random.Random(11)
    candidates: list[Event] = [
        NumbersDrawn((3, 75, 2, 4, 1, 1), 888),
        NumbersDrawn((7, 7, 7, 1, 2, 3), 500),
        LettersDrawn("BAMERILANE"),
        LettersDrawn("BCDFGHJKLA"),
        TimerStarted(0.0),
        TimerStopped(30.0),
        NumbersAnswered("Ana", steps="75-1=74 3x4=12 74x12=888"),
        NumbersAnswered("Bruno", 887),
        NumbersAnswered("Bruno", steps="3 & 4"),
        WordAnswered("Ana", "MALINE"),
        WordAnswered("Bruno", "éé-'"),
        WordAnswered("Zoé", "MALINE"),
        RoundClosed(),
        AnswerUndone(),
        DuelDecided(winner="Ana"),
        DuelDecided(winner="Ana", wrong="Bruno"),
        PlayerAbsent("Bruno"),
        PlayerAbsent("Bruno", absent=False),
        ValueConfirmed("Bruno", True),
        ValueConfirmed("Ana", False),
    ]
    for number in range(2000):
        rules = rng.choice(["boxed", "tv", "club-duplicate", "club-match"])
        players = ("Ana",) if rules == "club-duplicate" and number % 2 else ("Ana", "Bruno")
        game = Game(GameStarted(rules, players, number))
        for _ in range(rng.randint(1, 40)):
            with contextlib.suppress(GameRuleError):
                game.apply(rng.choice(candidates))


def _plausible(game: Game, rng: random.Random, now: float) -> Event:
    """An event that often fits the phase, sometimes not, sometimes nonsense."""
    current = game.current
    assert current is not None
    players = [*game.players, "Zoé"]
    if rng.random() < 0.15:  # noise: anything at all
        return rng.choice(
            [
                AnswerUndone(),
                PlayerAbsent(rng.choice(players), rng.random() < 0.7),
                ValueConfirmed(rng.choice(players), rng.random() < 0.5),
                NumbersDrawn((7, 7, 7, 1, 2, 3), 500),
                LettersDrawn("BCDFGHJKLA"),
                RoundClosed(),
                TimerStopped(now),
                DuelDecided(winner="Ana", wrong="Ana"),
            ]
        )
    if current.kind in (RoundKind.DUEL, RoundKind.SPRINT):
        who = rng.choice(players)
        return rng.choice([DuelDecided(winner=who), DuelDecided(wrong=who), RoundClosed()])
    if current.phase in (Phase.DRAW, Phase.READY) and rng.random() < 0.7:
        if current.kind is RoundKind.NUMBERS:
            draw = draw_numbers(rng, game.rules.targets)
            return NumbersDrawn(draw.plates, draw.target)
        return LettersDrawn(draw_letters(rng, current.composition, 2))
    if current.phase is Phase.READY:
        return TimerStarted(now)
    if current.phase is Phase.RUNNING and rng.random() < 0.3:
        return TimerStopped(now)
    if rng.random() < 0.25:
        return RoundClosed()
    player = rng.choice(players)
    if current.kind is RoundKind.NUMBERS:
        return rng.choice(
            [
                NumbersAnswered(player, steps=f"{rng.choice(current.plates or (1,))}+1"),
                NumbersAnswered(player, rng.randint(-5, 1200)),
                NumbersAnswered(player, steps="3 & 4"),
            ]
        )
    return WordAnswered(player, rng.choice([*WORDS, "éé-'", "", current.letters]))


def test_a_hundred_and_fifty_random_games_never_crash_the_engine() -> None:
    """Random games, legal moves mixed with illegal ones: every event is either applied or
    refused with a GameRuleError, and the scores always add up (with the 2,000 noise
    streams above: thousands of random games)."""
    rng = random.Random(11)
    finished = 0
    for number in range(150):
        rules = rng.choice(["boxed", "tv", "club-duplicate", "club-match"])
        players = ("Ana",) if rules == "club-duplicate" and number % 3 == 0 else ("Ana", "Bruno")
        game = Game(GameStarted(rules, players, number))
        for step in range(rng.randint(1, 400)):
            if game.over:
                break
            with contextlib.suppress(GameRuleError):
                game.apply(_plausible(game, rng, float(step)))
        assert sum(game.scores.values()) == sum(sum(r.points.values()) for r in game.records)
        finished += game.over
    assert finished > 5, "random games should sometimes reach the end"


def test_a_game_s_figures_count_exact_counts_and_the_longest_word() -> None:
    from engine.history import game_figures

    game = Game(GameStarted("boxed", ("Ana", "Bruno"), 1))
    for event in (
        NumbersDrawn((3, 75, 2, 4, 1, 1), 888),
        TimerStarted(0.0),
        TimerStopped(45.0),
        NumbersAnswered("Ana", steps="75-1=74 3x4=12 74x12=888"),
        RoundClosed(),
        LettersDrawn("BAMERILANE"),
        TimerStarted(50.0),
        TimerStopped(80.0),
        WordAnswered("Ana", "MALINE"),
        WordAnswered("Bruno", "REMANIABLE"),
        RoundClosed(),
    ):
        game.apply(event)
    figures = game_figures(game)
    assert figures["Ana"].exact_counts == 1 and figures["Ana"].longest_word == "MALINE"
    assert figures["Bruno"].longest_word == "REMANIABLE"
    assert figures["Bruno"].average_word_length == 10


def test_arbitre_games_lists_exports_and_sums_up(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    session = exact_888_by_ana(store)
    store.close()

    def games(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "device", "games", "--data-dir", str(tmp_path), *args],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
        )

    listed = games()
    assert listed.returncode == 0 and "Ana, Bruno" in listed.stdout and "en cours" in listed.stdout
    exported = games("--export", str(session.game_id), "--csv")
    assert exported.stdout.splitlines()[-1] == "total,,,10,0"
    players = games("--players")
    assert '"exact_counts": 1' in players.stdout
    missing = games("--export", "99")
    assert missing.returncode == 2 and "aucune partie n° 99" in missing.stderr


def test_the_tick_stops_a_sudden_death_hourglass_at_its_shorter_time(tmp_path: Path) -> None:
    from tests.test_game import play_blank_round

    clock = FakeClock()
    session = Session.new(Store(tmp_path / "g.db"), "club-match", ["Ana", "Bruno"], 1, clock)
    for _ in range(22):  # tied 0-0 after the 20 regular rounds and the extension
        play_blank_round(session.game)  # type: ignore[arg-type]
    current = session.dcdl.current
    assert current is not None
    if current.kind is RoundKind.NUMBERS:
        session.do(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
        total = 30 + 15
    else:
        session.do(LettersDrawn("AEIOUBCDFG"))
        total = 30 + 10
    session.start_timer()
    clock.now += total - 1
    assert session.tick() == 1
    clock.now += 1
    assert session.tick() == 0 and current.stopped_at == current.started_at + total  # type: ignore[operator]
