"""Random games of the boxes' engines, by the ten thousand (issue 25, point 6).

Plays ``--games`` random games of each engine (dice, paroles, pyramide, sloubi), legal and
illegal events mixed, instants included, and checks at every event what
:func:`bench.boxes_moves.play` checks: no exception but the engine's own refusal, a
refused event leaves the state equal, an accepted event reads back equal from JSON, and
replaying the accepted events gives the same state. Prints, per engine, the games, the
events tried, accepted and refused, how many games reached their end, the time an event
takes with all these checks, and the cost of the transaction's snapshot alone.

    .venv/bin/python bench/fuzz_boxes.py [--games 10000] [--seed 0] [--workers 2]

Exits 1 at the first broken promise, with the engine, the seed and what broke.
"""

from __future__ import annotations

import sys
from pathlib import Path

# See bench/numbers.py: put the project root first on sys.path before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import contextlib  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from concurrent.futures import ProcessPoolExecutor  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from bench.boxes_moves import ENGINES, Clock, play, start_of  # noqa: E402
from engine.events import RefusedEvent  # noqa: E402
from engine.games import new_game  # noqa: E402
from engine.transaction import Transactional  # noqa: E402


@dataclass
class Tally:
    games: int = 0
    events: int = 0
    accepted: int = 0
    refused: int = 0
    over: int = 0
    seconds: float = 0.0
    failure: str | None = None


def play_many(engine: str, seeds: range) -> Tally:
    """Random games of ``engine``, one a seed; stops at the first broken promise."""
    tally = Tally()
    started = time.process_time()
    for seed in seeds:
        try:
            run = play(engine, random.Random(f"{engine}-{seed}"))
        except Exception as error:  # PropertyFailed, or any other exception: a bug
            tally.failure = f"{engine}, graine {seed} : {type(error).__name__}: {error}"
            break
        tally.games += 1
        tally.events += run.events
        tally.accepted += run.accepted
        tally.refused += run.refused
        tally.over += run.over
    tally.seconds = time.process_time() - started
    return tally


def snapshot_cost(engine: str, events: int = 150, repeats: int = 200) -> float:
    """Milliseconds a snapshot of a game ``events`` random events old takes."""
    _, _, move = ENGINES[engine]
    rng = random.Random(f"{engine}-snapshot")
    game = new_game(start_of(engine, rng))
    assert isinstance(game, Transactional)
    clock = Clock(rng)
    for _ in range(events):
        if game.over:
            break
        with contextlib.suppress(RefusedEvent):
            game.apply(move(game, rng, clock))
    timings = []
    for _ in range(repeats):
        began = time.perf_counter()
        game.snapshot()
        timings.append(time.perf_counter() - began)
    return statistics.median(timings) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per engine")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--engine", choices=list(ENGINES), action="append")
    args = parser.parse_args()
    engines = args.engine or list(ENGINES)
    chunk = max(1, args.games // (args.workers * 4))
    print(
        f"{args.games} parties par jeu, graines {args.seed} à {args.seed + args.games - 1}, "
        f"{args.workers} processus"
    )
    print(
        "jeu        parties  terminées  événements  acceptés  refusés  "
        "ms/événement (vérifs incluses)  instantané ms"
    )
    failed = False
    with ProcessPoolExecutor(args.workers) as pool:
        for engine in engines:
            total = Tally()
            starts = range(args.seed, args.seed + args.games, chunk)
            jobs = [
                pool.submit(play_many, engine, range(s, min(s + chunk, args.seed + args.games)))
                for s in starts
            ]
            for job in jobs:
                tally = job.result()
                for name in ("games", "events", "accepted", "refused", "over", "seconds"):
                    setattr(total, name, getattr(total, name) + getattr(tally, name))
                total.failure = total.failure or tally.failure
            per_event = total.seconds / max(1, total.events) * 1000
            print(
                f"{engine:<10} {total.games:>7}  {total.over:>9}  {total.events:>10}  "
                f"{total.accepted:>8}  {total.refused:>7}  {per_event:>30.3f}  "
                f"{snapshot_cost(engine):>13.3f}"
            )
            if total.failure:
                print(f"PROMESSE ROMPUE : {total.failure}", file=sys.stderr)
                failed = True
    print("aucune promesse rompue" if not failed else "des promesses rompues", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
