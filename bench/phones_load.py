"""Fifty phones on loopback answer round after round (issue 24): nothing lost, and how long
an answer waits for its acknowledgement.

A real uvicorn server (the app's own :class:`device.web.thread.WebServer`) serves a
:class:`device.web.table.PhoneTable` whose answers are written to SQLite with
``synchronous=FULL`` (one commit per answer, as the game's store does) before the phone is
acknowledged. ``--phones`` simulated phones (a kept-alive connection each, all concurrent,
in a process of their own: real phones do not share the Pi's cores) join, then for
``--rounds`` rounds each answers the round at once and reads the table's state
every fourth round; a round lasts at least 0.15 s so that no phone passes the rate cap
(10 messages a second). Prints the answers sent, acknowledged and found in the database,
and the percentiles of an answer's acknowledgement. Loopback only, bounded by ``--limit``
seconds; exits 1 if an answer is lost or refused.

    .venv/bin/python -m bench.phones_load [--phones 50] [--rounds 200] [--limit 300]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import socket
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from device.web.address import WebAddress
from device.web.table import Answer, PhoneRound, PhoneTable
from device.web.thread import WebServer

WORDS = ("RATE", "SATURE", "EAUX", "RUSE", "TAUX")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Saved:
    """Answers written to SQLite, one durable commit each."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE answers (player TEXT, round INTEGER, text TEXT, at REAL)")
        self.lock = threading.Lock()

    def __call__(self, answer: Answer) -> None:
        with self.lock:
            self.db.execute(
                "INSERT INTO answers VALUES (?, ?, ?, ?)",
                (answer.player, answer.round, answer.text, answer.at),
            )

    def count(self) -> int:
        with self.lock:
            row = self.db.execute("SELECT COUNT(DISTINCT player || '/' || round) FROM answers")
            return int(row.fetchone()[0])


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


def phones(port: int, code: str, names: list[str], pipe: Any, *, rounds: int, limit: float) -> None:
    """The simulated phones, in a process of their own (real phones do not share the Pi's
    cores): they join, then answer each round the Pi opens (told through ``pipe``) at once,
    and send back the seconds each answer waited for its acknowledgement."""

    async def run() -> tuple[list[float], int]:
        tokens = []
        for name in names:
            joining = await asyncio.open_connection("127.0.0.1", port)
            _, reply = await request(joining, "POST", "/api/join", {}, {"code": code, "name": name})
            tokens.append({"X-Jeton": json.loads(reply)["jeton"]})
            joining[1].close()
            await asyncio.sleep(0.1)  # every phone here has one address: the join's rate cap
        streams = [await asyncio.open_connection("127.0.0.1", port) for _ in names]
        waits: list[float] = []
        refused = 0
        deadline = time.monotonic() + limit

        async def answer(i: int, number: int) -> None:
            nonlocal refused
            body = {"round": number, "answer": WORDS[(i + number) % len(WORDS)]}
            started = time.perf_counter()
            status, reply = await request(streams[i], "POST", "/api/answer", tokens[i], body)
            waits.append(time.perf_counter() - started)
            if status != 200:
                refused += 1
                print(f"refusé : {status} {reply.decode()}")
            if number % 4 == 0:
                await request(streams[i], "GET", "/api/state", tokens[i])

        for number in range(1, rounds + 1):
            if time.monotonic() > deadline:
                print(f"arrêt : limite de {limit:.0f} s atteinte à la manche {number}")
                break
            started = time.monotonic()
            pipe.send(number)  # the Pi opens the round
            pipe.recv()
            await asyncio.gather(*(answer(i, number) for i in range(len(names))))
            await asyncio.sleep(max(0.0, 0.15 - (time.monotonic() - started)))
        for _, writer in streams:
            writer.close()
        return waits, refused

    pipe.send(asyncio.run(run()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds at most")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saved = Saved(Path(folder) / "answers.db")
        players = [f"Joueur {i + 1}" for i in range(args.phones)]
        table = PhoneTable(players, save=saved)
        server = WebServer(table, WebAddress("127.0.0.1", free_port()))
        server.start()
        began = time.monotonic()
        mine, theirs = multiprocessing.Pipe()
        child = multiprocessing.get_context("spawn").Process(
            target=phones,
            args=(server.address.port, table.code, players, theirs),
            kwargs={"rounds": args.rounds, "limit": args.limit},
        )
        try:
            child.start()
            while not isinstance(told := mine.recv(), tuple):
                table.publish(
                    PhoneRound(told, "letters", tuple("RATEAUXSEN"), time.monotonic() + 30)
                )
                mine.send(True)
            waits, refused = told
            child.join(10)
        finally:
            if child.is_alive():
                child.terminate()
            server.stop()
        took = time.monotonic() - began
        stored = saved.count()
    cuts = statistics.quantiles(waits, n=100) if len(waits) > 1 else waits * 99
    print(f"{args.phones} téléphones, {len(waits) // max(1, args.phones)} manches, {took:.1f} s")
    print(f"réponses envoyées : {len(waits)}, refusées : {refused}, enregistrées : {stored}")
    print(
        f"accusé de réception : médiane {statistics.median(waits) * 1000:.1f} ms, "
        f"95e centile {cuts[94] * 1000:.1f} ms, 99e centile {cuts[98] * 1000:.1f} ms, "
        f"max {max(waits) * 1000:.1f} ms"
    )
    lost = len(waits) - refused - stored
    if lost or refused:
        print(f"ÉCHEC : {lost} réponse(s) perdue(s), {refused} refusée(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
