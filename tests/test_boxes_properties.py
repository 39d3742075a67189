"""Property tests of the boxes' engines (issue 25, point 6): random games, legal and
illegal events mixed, instants included (NaN, infinite, in the past), each checked at
every event by :func:`bench.boxes_moves.play`:

- an event is applied, or refused by the engine's own French refusal, never another
  exception;
- a refused event leaves the state exactly equal;
- an accepted event written as the store writes it (JSON) reads back equal;
- replaying the accepted events, read back, gives the same state.

About a hundred short games per engine here; ``bench/fuzz_boxes.py`` plays 10,000 whole
games of each.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.boxes_moves import ENGINES, play

#: Examples and events a game, per engine: a few seconds each here (the whole sweep is
#: ``bench/fuzz_boxes.py``'s; these keep ``make test`` under its ten minutes).
BUDGET = {"dice": (80, 40), "paroles": (80, 30), "pyramide": (60, 150), "sloubi": (100, 60)}


@pytest.mark.parametrize("engine", list(ENGINES))
def test_random_games_keep_every_promise_of_the_engine(engine: str) -> None:
    examples, events = BUDGET[engine]

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(rng=st.randoms(use_true_random=False))
    def random_game(rng: random.Random) -> None:
        play(engine, rng, max_events=events)

    random_game()
