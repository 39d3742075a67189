"""Fifty phones on loopback answer round after round of a club duplicate (issue 24): nothing
lost, and how long an answer waits for its acknowledgement.

The referee here is the real app: :class:`device.app.App` headless (SDL's dummy drivers)
with its phone server (``--web``), a club-duplicate game of ``--phones`` players (a club's
duplicate seats up to 99) in its real SQLite store, and this process's main thread turning
the app's own loop (:meth:`device.app.App.frame`) as ``arbitre run`` does. An answer thus
takes the path a real one takes: uvicorn, the table's checks, the bridge to the UI thread,
the engine, the store's durable commit, then the acknowledgement.

The simulated phones run in a process of their own (real phones do not share the Pi's
cores), a kept-alive connection each. For each of ``--rounds`` rounds the bench draws and
starts the hourglass as the buzzer would; every phone answers at once (a word of the draw,
or one step of a count) and reads the table's state every fourth round; once all have
answered, the bench moves the app's clock past the hourglass and closes the round (a new
game follows a finished one). A round lasts at least 0.15 s so that no phone passes the
rate cap. It runs twice, side by side: one phone alone (the floor: an answer that waits
for no other) then ``--phones``; for each it prints the answers sent, acknowledged and
found in the games' database, and the percentiles of an answer's wait, with the machine's
load. Goal (issue 24): the 99th percentile under 50 ms with 50 phones. Exits 1 if an
answer is lost or refused. Loopback only, each run bounded by ``--limit`` seconds.

    .venv/bin/python -m bench.phones_load [--phones 50] [--rounds 200] [--limit 300]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app import App
from device.options import AppOptions
from device.reader import NoCamera
from device.web.address import WebAddress
from engine.events import RoundClosed
from engine.game import Phase
from engine.rules import RoundKind
from engine.session import Session


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def request(
    stream: tuple[asyncio.StreamReader, asyncio.StreamWriter],
    method: str,
    path: str,
    headers: dict[str, str],
    body: object = None,
) -> tuple[int, bytes]:
    """One HTTP/1.1 request on a kept-alive connection, written and read by hand: a phone's
    own work (building a request, parsing a reply) is not the Pi's, and an HTTP client
    library in Python spends about a millisecond of CPU on each, which fifty simulated
    phones sharing two cores would add to every acknowledgement measured."""
    reader, writer = stream
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
    head += "Content-Type: application/json\r\n"
    head += "".join(f"{key}: {value}\r\n" for key, value in headers.items()) + "\r\n"
    writer.write(head.encode() + data)
    status = int((await reader.readline()).split()[1])
    length = 0
    while (line := await reader.readline()) != b"\r\n":
        key, _, value = line.decode("latin-1").partition(":")
        if key.lower() == "content-length":
            length = int(value)
    return status, await reader.readexactly(length)


def answer_for(i: int, kind: str, draw: list[Any]) -> str:
    """Phone ``i``'s answer: a word made of the draw's letters, or one step of a count."""
    if kind == "letters":
        return "".join(draw[i % 4 : i % 4 + 3 + i % 5])
    a, b = draw[i % 6], draw[(i + 1) % 6]
    return f"{a} + {b} = {a + b}"


def phones(port: int, code: str, names: list[str], pipe: Any, *, rounds: int, limit: float) -> None:
    """The simulated phones, in a process of their own: they join, then answer each round
    the Pi opens (told through ``pipe``) at once, tell the Pi when all have answered, and
    send back the seconds each answer waited for its acknowledgement."""

    async def run() -> tuple[list[float], int]:
        tokens = []
        for name in names:
            joining = await asyncio.open_connection("127.0.0.1", port)
            _, reply = await request(joining, "POST", "/api/join", {}, {"code": code, "name": name})
            tokens.append({"X-Jeton": json.loads(reply)["jeton"]})
            joining[1].close()
            await joining[1].wait_closed()
            await asyncio.sleep(0.1)  # every phone here has one address: the join's rate cap
        streams = [await asyncio.open_connection("127.0.0.1", port) for _ in names]
        waits: list[float] = []
        refused = 0
        deadline = time.monotonic() + limit

        async def answer(i: int, number: int, kind: str, draw: list[Any]) -> None:
            nonlocal refused
            body = {"round": number, "answer": answer_for(i, kind, draw)}
            started = time.perf_counter()
            status, reply = await request(streams[i], "POST", "/api/answer", tokens[i], body)
            waits.append(time.perf_counter() - started)
            if status != 200:
                refused += 1
                print(f"refusé : {status} {reply.decode()}")
            if number % 4 == 0:
                await request(streams[i], "GET", "/api/state", tokens[i])

        for round_ in range(rounds):
            if time.monotonic() > deadline:
                print(f"arrêt : limite de {limit:.0f} s atteinte à la manche {round_ + 1}")
                break
            started = time.monotonic()
            pipe.send("prêts")  # the Pi may open a round
            number, kind, draw = pipe.recv()
            await asyncio.gather(*(answer(i, number, kind, draw) for i in range(len(names))))
            await asyncio.sleep(max(0.0, 0.15 - (time.monotonic() - started)))
        for _, writer in streams:
            writer.close()
        return waits, refused

    pipe.send(asyncio.run(run()))


class Shifted:
    """The app's clock: the wall clock, moved forward past each hourglass by the bench."""

    def __init__(self) -> None:
        self.shift = 0.0

    def __call__(self) -> float:
        return time.time() + self.shift


def open_round(app: App, session: Session) -> tuple[int, str, list[Any]]:
    """Draw and start the hourglass, as the buzzer would; the round as the phones see it."""
    session.do(session.random_draw())
    session.start_timer()
    app.refresh()
    current = session.dcdl.current
    assert current is not None and current.phase is Phase.RUNNING
    if current.kind is RoundKind.LETTERS:
        return current.number, "letters", list(current.letters)
    return current.number, "numbers", list(current.plates)


def close_round(app: App, session: Session, clock: Shifted) -> None:
    """The hourglass runs out (the clock moved past it), then the round is judged."""
    game = session.dcdl
    current = game.current
    assert current is not None
    timer = game.timer(current)
    assert timer is not None
    clock.shift += timer.total + 1
    session.tick()
    session.do(RoundClosed())
    app.refresh()


@dataclass
class Measured:
    phones: int
    rounds: int
    games: int
    seconds: float
    load: float
    waits: list[float]
    refused: int
    stored: int

    def line(self) -> str:
        cuts = (
            statistics.quantiles(self.waits, n=100, method="inclusive")
            if len(self.waits) > 1
            else self.waits * 99
        )
        return (
            f"{self.phones:>3} téléphone(s), {self.rounds} manches ({self.games} parties), "
            f"{self.seconds:.0f} s, charge {self.load:.1f} : médiane "
            f"{statistics.median(self.waits) * 1000:.1f} ms, 95e centile {cuts[94] * 1000:.1f} ms,"
            f" 99e centile {cuts[98] * 1000:.1f} ms, max {max(self.waits) * 1000:.1f} ms ; "
            f"{len(self.waits)} envoyées, {self.refused} refusées, {self.stored} enregistrées"
        )


def measure(count: int, rounds: int, limit: float) -> Measured:
    """``count`` phones answer ``rounds`` rounds of the real app's club duplicates."""
    players = [f"Joueur {i + 1}" for i in range(count)]
    with tempfile.TemporaryDirectory() as folder:
        clock = Shifted()
        options = AppOptions(
            rules="club-duplicate",
            players=players,
            data_dir=Path(folder),
            web=WebAddress("127.0.0.1", free_port()),
        )
        app = App(options, NoCamera(), clock=clock)
        assert app.phones is not None and options.web is not None
        session = Session.new(app.store, "club-duplicate", players, seed=1, clock=app.clock)
        app.begin()  # as ``arbitre run`` starts its loop
        app.play(session)
        began = time.monotonic()
        load = os.getloadavg()[0]
        mine, theirs = multiprocessing.Pipe()
        child = multiprocessing.get_context("spawn").Process(
            target=phones,
            args=(options.web.port, app.phones.code, players, theirs),
            kwargs={"rounds": rounds, "limit": limit},
        )
        games = [session.game_id]
        opened = False
        try:
            child.start()
            theirs.close()  # the phones' process holds it: its end is seen if it dies
            while app.running:  # SDL turns a SIGTERM (timeout's) into a quit
                app.frame()
                if not mine.poll():
                    continue
                told = mine.recv()
                if isinstance(told, tuple):
                    break
                if opened:  # every phone has answered the round opened before
                    close_round(app, session, clock)
                    if session.game.over:
                        session = Session.new(app.store, "club-duplicate", players, clock=app.clock)
                        app.play(session)
                        games.append(session.game_id)
                shown = open_round(app, session)
                app.frame()  # the bridge publishes the round: the phones' polls now see it
                mine.send(shown)
                opened = True
            else:
                raise SystemExit("arrêté avant la fin")
            waits, refused = told
            child.join(10)
            load = max(load, os.getloadavg()[0])
        finally:
            if child.is_alive():
                child.terminate()
            app.close()
        took = time.monotonic() - began
        with sqlite3.connect(Path(folder) / "games.db") as db:
            (stored,) = db.execute(
                "SELECT COUNT(*) FROM events WHERE event LIKE '%_answered%'"
            ).fetchone()
    return Measured(
        count, len(waits) // max(1, count), len(games), took, load, waits, refused, stored
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds at most, per run")
    args = parser.parse_args()
    print("accusé de réception d'une réponse :")
    alone = measure(1, args.rounds, args.limit)
    print(alone.line(), "(seul : le plancher)")
    many = measure(args.phones, args.rounds, args.limit)
    print(many.line())
    failed = 0
    for run in (alone, many):
        lost = len(run.waits) - run.refused - run.stored
        if lost or run.refused:
            print(f"ÉCHEC à {run.phones} : {lost} réponse(s) perdue(s), {run.refused} refusée(s)")
            failed = 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
