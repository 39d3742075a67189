"""Fifty phones on loopback answer round after round (issue 24): nothing lost, and how long
an answer waits for its acknowledgement.

A real uvicorn server (the app's own :class:`device.web.thread.WebServer`) serves a
:class:`device.web.table.PhoneTable` whose answers are written to SQLite with
``synchronous=FULL`` (one commit per answer, as the game's store does) before the phone is
acknowledged. ``--phones`` simulated phones (one httpx client each, all concurrent) join,
then for ``--rounds`` rounds each answers the round at once and reads the table's state
every fourth round; a round lasts at least 0.15 s so that no phone passes the rate cap
(10 messages a second). Prints the answers sent, acknowledged and found in the database,
and the percentiles of an answer's acknowledgement. Loopback only, bounded by ``--limit``
seconds; exits 1 if an answer is lost or refused.

    .venv/bin/python -m bench.phones_load [--phones 50] [--rounds 200] [--limit 300]
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

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


async def play(base: str, table: PhoneTable, rounds: int, limit: float) -> tuple[list[float], int]:
    names = list(table.players)
    clients = [httpx.AsyncClient(base_url=base, timeout=10) for _ in names]
    try:
        tokens = []
        for client, name in zip(clients, names, strict=True):
            reply = await client.post("/api/join", json={"code": table.code, "name": name})
            tokens.append({"X-Jeton": reply.json()["jeton"]})
            await asyncio.sleep(0.1)  # every phone here has one address: the join's rate cap
        waits: list[float] = []
        refused = 0
        deadline = time.monotonic() + limit

        async def answer(i: int, number: int) -> None:
            nonlocal refused
            body = {"round": number, "answer": WORDS[(i + number) % len(WORDS)]}
            started = time.perf_counter()
            reply = await clients[i].post("/api/answer", headers=tokens[i], json=body)
            waits.append(time.perf_counter() - started)
            if reply.status_code != 200:
                refused += 1
                print(f"refusé : {reply.status_code} {reply.text}")
            if number % 4 == 0:
                await clients[i].get("/api/state", headers=tokens[i])

        for number in range(1, rounds + 1):
            if time.monotonic() > deadline:
                print(f"arrêt : limite de {limit:.0f} s atteinte à la manche {number}")
                break
            started = time.monotonic()
            table.publish(PhoneRound(number, "letters", tuple("RATEAUXSEN"), time.monotonic() + 30))
            await asyncio.gather(*(answer(i, number) for i in range(len(names))))
            await asyncio.sleep(max(0.0, 0.15 - (time.monotonic() - started)))
        return waits, refused
    finally:
        for client in clients:
            await client.aclose()


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
        try:
            base = f"http://127.0.0.1:{server.address.port}"
            waits, refused = asyncio.run(play(base, table, args.rounds, args.limit))
        finally:
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
