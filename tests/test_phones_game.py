"""The phones as one more input of the game (issue 24): their answers become the engine's
events, saved in the real SQLite store before the phone hears they are taken; the round the
phones see is read from the engine. The phones' requests run in threads, as under uvicorn,
while the test's thread plays the UI thread's part (``pump`` and ``sync`` every frame)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fakeclock import FakeClock
from phone_calls import pumped, started, waiting
from starlette.testclient import TestClient

from device.web.bridge import PhoneBridge
from device.web.seats import SavedSeats
from device.web.server import create_app
from device.web.table import Answer, PhoneTable
from engine.events import LettersDrawn, NumbersDrawn, PlayerAbsent, RoundClosed
from engine.game import Phase
from engine.session import Session
from engine.store import Store, StoreError

PLAYERS = ["Ana", "Bob", "Chloé"]


class Table:
    """A game with phones: the store, the session, the table, the bridge, a client."""

    def __init__(self, folder: Path, clock: FakeClock, session: Session | None = None) -> None:
        self.store = Store(folder / "games.db")
        self.session = session or Session.new(self.store, "boxed", PLAYERS, seed=1, clock=clock)
        seats = SavedSeats(folder)  # the code and tokens, kept across a restart of the Pi
        self.phones = PhoneTable(PLAYERS, clock=clock, keep=seats.write)
        kept = seats.read()
        if kept is not None:
            self.phones.restore(*kept)
        self.bridge = PhoneBridge(self.phones, lambda: self.session)
        self.client = TestClient(create_app(self.phones, trust_any_client=True))

    def join(self, name: str) -> dict[str, str]:
        reply = self.client.post("/api/join", json={"code": self.phones.code, "name": name})
        return {"X-Jeton": reply.json()["jeton"]}

    def at_once(self, *calls: Callable[[], Any]) -> list[Any]:
        """Run the phones' requests together, each in its thread, pumping like the UI."""
        return pumped(self.bridge, *calls)

    def answer(self, headers: dict[str, str], number: int, text: str) -> Callable[[], Any]:
        return lambda: self.client.post(
            "/api/answer", headers=headers, json={"round": number, "answer": text}
        )


def test_answers_from_three_phones_at_once_are_scored_by_the_engine(tmp_path: Path) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    phones = {name: table.join(name) for name in PLAYERS}
    game = table.session.dcdl
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    table.bridge.sync()
    state = table.client.get("/api/state", headers=phones["Bob"]).json()
    assert state["round"]["draw"] == [3, 100, 8, 8, 10, 6] and state["round"]["target"] == 683
    assert state["round"]["ends_at"] == clock.now + game.rules.timers[game.current.kind].total  # type: ignore[union-attr]
    clock.advance(20)
    replies = table.at_once(
        table.answer(phones["Ana"], 1, "100 × 6 = 600\n8 × 10 = 80\n600 + 80 = 680\n680 + 3 = 683"),
        table.answer(phones["Bob"], 1, "100 × 6 = 600\n8 × 10 = 80\n600 + 80 = 680"),
        table.answer(phones["Chloé"], 1, "100 × 8 = 800"),
    )
    assert [reply.status_code for reply in replies] == [200, 200, 200]
    assert table.phones.answered() == PLAYERS
    assert "680" not in str(table.client.get("/api/state", headers=phones["Chloé"]).json())
    clock.advance(30)
    table.session.tick()
    assert game.phase is Phase.ANSWERS
    table.session.do(RoundClosed())
    table.bridge.sync()
    results = table.client.get("/api/state", headers=phones["Chloé"]).json()["results"]
    assert {line["joueur"]: line["points"] for line in results["lignes"]} == game.records[0].points
    assert game.records[0].points["Ana"] == 10  # the exact count, as the rulebook says
    assert results["meilleures"]


def test_a_late_phone_answer_is_refused_and_never_reaches_the_game(tmp_path: Path) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    ana = table.join("Ana")
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    table.bridge.sync()
    clock.advance(120)
    (reply,) = table.at_once(table.answer(ana, 1, "100 × 6 = 600"))
    assert (
        reply.status_code == 409 and reply.json()["erreur"] == "Trop tard : le sablier est écoulé"
    )
    assert table.session.dcdl.rounds[0].numbers_answers == {}


def test_an_acknowledged_answer_survives_a_power_cut_and_the_phone_finds_its_round(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    code = table.phones.code
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    clock.advance(45)
    table.session.tick()
    table.session.do(RoundClosed())
    table.session.do(LettersDrawn("RATEAUXSEN"))
    table.session.start_timer()
    table.bridge.sync()
    bob, ana = table.join("Bob"), table.join("Ana")
    (reply,) = table.at_once(table.answer(bob, 2, "saturé"))
    assert reply.status_code == 200 and reply.json()["pris"] == "SATURE"
    game_id = table.session.game_id
    # The Pi loses power: nothing but the data folder's files is left.
    del table
    clock.advance(5)
    store = Store(tmp_path / "games.db")
    again = Table(tmp_path, clock, Session.resume(store, game_id, clock))
    assert again.session.dcdl.rounds[1].words == {"Bob": "SATURE"}
    again.bridge.sync()
    # The phones keep their seats with the tokens they hold: no joining again, same code.
    assert again.phones.code == code and again.phones.seated() == ["Ana", "Bob"]
    state = again.client.get("/api/state", headers=bob).json()
    assert state["me"] == "Bob" and state["round"]["number"] == 2 and state["mine"] == "SATURE"
    assert state["answered"] == ["Bob"]
    assert again.client.get("/api/state", headers=ana).json()["mine"] is None
    (reply,) = again.at_once(again.answer(ana, 2, "eaux"))
    assert reply.status_code == 200
    assert again.session.dcdl.rounds[1].words == {"Bob": "SATURE", "Ana": "EAUX"}
    # A second phone still cannot take a seat kept from before the cut.
    refused = again.client.post("/api/join", json={"code": code, "name": "Bob"})
    assert refused.status_code == 409


def test_the_engine_s_refusal_reaches_the_phone_in_french(tmp_path: Path) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    ana = table.join("Ana")
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    table.bridge.sync()
    table.session.do(PlayerAbsent("Ana"))
    (reply,) = table.at_once(table.answer(ana, 1, "100 × 6 = 600"))
    assert reply.status_code == 409 and reply.json()["erreur"] == "Ana est absent"


def test_a_phone_answer_may_be_changed_until_the_hourglass_ends_and_the_last_one_counts(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    ana = table.join("Ana")
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    clock.advance(45)
    table.session.tick()
    table.session.do(RoundClosed())
    table.session.do(LettersDrawn("RATEAUXSEN"))
    table.session.start_timer()
    table.bridge.sync()
    for word in ("RATE", "SATURE"):
        clock.advance(5)
        (reply,) = table.at_once(table.answer(ana, 2, word))
        assert reply.status_code == 200
    clock.advance(40)
    (late,) = table.at_once(table.answer(ana, 2, "RUSE"))
    assert late.status_code == 409
    table.session.tick()
    table.session.do(RoundClosed())
    assert table.session.dcdl.rounds[1].words["Ana"] == "SATURE"
    assert table.session.dcdl.records[1].points["Ana"] == 6


def test_the_seats_are_the_game_s_players_not_the_command_line_s(tmp_path: Path) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    table.phones.seat(["Joueur 1", "Joueur 2"])  # what --players said before names were typed
    table.join("Joueur 1")
    table.bridge.sync()
    assert table.phones.players == PLAYERS and table.phones.seated() == []
    reply = table.client.post("/api/join", json={"code": table.phones.code, "name": "Chloé"})
    assert reply.status_code == 200


def answers_waiting(
    table: Table, *calls: Callable[[], Any]
) -> tuple[list[threading.Thread], list[Any]]:
    """Start the phones' requests and wait until every answer waits for the UI thread."""
    threads, replies = started(*calls)
    waiting(table.bridge, len(calls))
    return threads, replies


def test_answers_that_arrive_together_are_saved_in_one_commit_before_any_is_acknowledged(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    phones = {name: table.join(name) for name in PLAYERS}
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    table.bridge.sync()
    commits: list[int] = []
    real = table.store.append_all

    def counted(game_id: int, events: Any, finished: bool = False) -> None:
        commits.append(len(events))
        real(game_id, events, finished)

    table.store.append_all = counted  # type: ignore[method-assign]
    threads, replies = answers_waiting(
        table,
        *(
            table.answer(phones[name], 1, word)
            for name, word in zip(
                PLAYERS, ("100 × 6 = 600", "8 × 10 = 80", "100 × 8 = 800"), strict=True
            )
        ),
    )
    assert all(reply is None for reply in replies)  # no phone heard anything yet
    table.bridge.pump()
    for thread in threads:
        thread.join(5)
    assert [reply.status_code for reply in replies] == [200, 200, 200]
    assert commits == [3]
    answers = table.session.dcdl.rounds[0].numbers_answers
    assert {name: given.steps for name, given in answers.items()} == {
        "Ana": "100 × 6 = 600",
        "Bob": "8 × 10 = 80",
        "Chloé": "100 × 8 = 800",
    }


def test_when_the_one_commit_fails_every_phone_of_it_is_told_to_try_again(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    ana, bob = table.join("Ana"), table.join("Bob")
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    table.bridge.sync()

    def refuse(*args: object, **kwargs: object) -> None:
        raise StoreError("impossible d'enregistrer, même en mémoire")

    table.store.append_all = refuse  # type: ignore[method-assign]
    threads, replies = answers_waiting(
        table, table.answer(ana, 1, "100 × 6 = 600"), table.answer(bob, 1, "100 × 8 = 800")
    )
    table.bridge.pump()
    for thread in threads:
        thread.join(5)
    for reply in replies:  # neither was saved: both phones may send theirs again
        assert reply.status_code == 503 and "réessayez" in reply.json()["erreur"]
    assert table.session.dcdl.rounds[0].numbers_answers == {}
    assert table.phones.answered() == []


def test_an_answer_whose_phone_gave_up_waiting_never_reaches_the_game(tmp_path: Path) -> None:
    clock = FakeClock()
    table = Table(tmp_path, clock)
    table.join("Ana")
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    table.bridge.sync()
    answer = Answer("Ana", 1, "100 × 6 = 600", clock.now)
    handed = table.bridge.submit(answer)
    assert handed.cancel()  # the phone's wait ran out before the UI thread came round
    assert table.bridge.pump() is False
    assert table.session.dcdl.rounds[0].numbers_answers == {}
