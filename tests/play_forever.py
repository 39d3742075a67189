"""Plays boxed games into a database, one line printed after each saved event, until killed.

Used by tests/test_persistence.py to check that a killed process loses nothing saved.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.events import NumbersAnswered, RoundClosed, WordAnswered
from engine.rules import RoundKind
from engine.session import Session
from engine.store import Store


def main() -> None:
    store = Store(Path(sys.argv[1]))
    rng = random.Random(1)
    while True:
        play_one(store, rng)


def play_one(store: Store, rng: random.Random) -> None:
    session = Session.new(store, "boxed", ["Ana", "Bruno"], seed=rng.randrange(1000))
    while not session.game.over:
        current = session.game.current
        assert current is not None
        session.do(session.random_draw())
        print("saved", flush=True)
        session.start_timer()
        print("saved", flush=True)
        session.stop_timer()
        print("saved", flush=True)
        for player in session.game.players:
            if current.kind is RoundKind.NUMBERS:
                session.do(NumbersAnswered(player, steps=f"{rng.randint(1, 9)}+1"))
            else:
                session.do(WordAnswered(player, rng.choice(["MALINE", "ANIMAL", "XYZ"])))
            print("saved", flush=True)
        session.do(RoundClosed())
        print("saved", flush=True)


if __name__ == "__main__":
    main()
