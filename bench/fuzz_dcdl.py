"""Tens of thousands of random DCDL games: does every refused event leave the game as it was?

Plays N random games (seeded: the same run gives the same games) of the four DCDL rule
sets with the event generator of the property tests (``tests/dcdl_events.py``: legal
events, events the phase or the rules refuse, events with fields of wrong types, NaN and
infinite times), and checks after each event and each game what issue 25 asks:

- every event is applied or refused with the engine's own ``GameRuleError``;
- a refused event leaves ``Game.state()`` equal;
- an accepted event written as JSON and read back is equal;
- the accepted events replayed on a new game give the same state, scores and ranking.

Prints how many games, events, refusals (and their most frequent messages), finished
games and failures of each kind, with the seed of the first failing game, then the time.
Exit 1 when anything failed.

    .venv/bin/python bench/fuzz_dcdl.py [--games 10000] [--seed 2026] [--max-events 250]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402

from engine.events import Event, GameStarted, from_json, to_json  # noqa: E402
from engine.game import Game, GameRuleError  # noqa: E402
from tests.dcdl_events import RULES, players_for, random_event  # noqa: E402


def play(
    seed: int, max_events: int, failures: Counter[str], refusals: Counter[str]
) -> tuple[Game, int]:
    """One random game and its number of accepted events; what goes wrong is counted in
    ``failures``, the refusals' messages (numbers and names blanked) in ``refusals``."""
    rng = random.Random(seed)
    rules = RULES[seed % len(RULES)]
    start = GameStarted(rules, players_for(rules, rng), rng.randrange(2**31))
    game = Game(start)
    accepted: list[Event] = []
    now = 0.0
    for _ in range(rng.randint(1, max_events)):
        if game.over and rng.random() < 0.8:
            break
        now += rng.uniform(0, 20)
        event = random_event(game, rng, now)
        before = game.state()
        try:
            game.apply(event)
        except GameRuleError as refusal:
            refusals[re.sub(r"\d+|« .*? »|\(.*\)", "…", str(refusal))[:60]] += 1
            if game.state() != before:
                failures["refused event changed the game"] += 1
            continue
        except Exception as error:  # counting what must never happen
            failures[f"{type(error).__name__} raised"] += 1
            continue
        accepted.append(event)
        try:
            if from_json(to_json(event)) != event:
                failures["event differs once read back"] += 1
        except Exception as error:
            failures[f"{type(error).__name__} on the JSON round trip"] += 1
    replayed = Game(start)
    try:
        for event in accepted:
            replayed.apply(event)
    except Exception as error:
        failures[f"replay refused: {type(error).__name__}"] += 1
        return game, len(accepted)
    if replayed.state() != game.state() or replayed.scores != game.scores:
        failures["replay differs from the live game"] += 1
    return game, len(accepted)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-events", type=int, default=250)
    args = parser.parse_args(argv)
    failures: Counter[str] = Counter()
    refusals: Counter[str] = Counter()
    accepted = rounds = finished = 0
    first_failure: int | None = None
    began = time.perf_counter()
    for number in range(args.games):
        seed = args.seed * 1_000_003 + number
        failed = sum(failures.values())
        game, applied = play(seed, args.max_events, failures, refusals)
        accepted += applied
        rounds += len(game.records)
        finished += game.over
        if first_failure is None and sum(failures.values()) > failed:
            first_failure = seed
    elapsed = time.perf_counter() - began
    print(f"{args.games} parties aléatoires ({', '.join(RULES)}), graine {args.seed}")
    print(f"  événements acceptés : {accepted}, refusés : {sum(refusals.values())}")
    print(f"  manches jouées : {rounds}, parties terminées : {finished}")
    print("  refus les plus fréquents :")
    for message, count in refusals.most_common(8):
        print(f"    {count:>7}  {message}")
    print(f"  échecs : {sum(failures.values())}")
    for message, count in failures.most_common():
        print(f"    {count:>7}  {message}")
    if first_failure is not None:
        print(f"  première partie en échec : graine {first_failure}")
    print(f"  durée : {elapsed:.1f} s ({1000 * elapsed / max(1, args.games):.1f} ms par partie)")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
