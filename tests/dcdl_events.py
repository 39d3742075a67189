"""Random events for a game of "Des chiffres et des lettres", legal or not, for the
property tests (``tests/test_game_properties.py``, driven by Hypothesis) and the long
sweep (``bench/fuzz_dcdl.py``, driven by a seeded ``random.Random``).

:func:`random_event` looks at the game and mostly proposes what could come next (the
draw, the hourglass, answers with their instants, some after the time, undo, verdicts,
absences, the round's close), sometimes nonsense that fits the phase (a draw with one
vowel, an unknown player, a word of 11 letters, steps that use a plate twice), and
sometimes an event whose fields are of the wrong type (NaN and infinite times included).
Every choice goes through ``rng``, so Hypothesis can shrink a failing sequence.
"""

from __future__ import annotations

import random
from typing import Any

from engine.events import (
    AnswerUndone,
    DuelChosen,
    DuelDecided,
    Event,
    LettersDrawn,
    NumbersAnswered,
    NumbersDrawn,
    PlayerAbsent,
    RoundClosed,
    TimerStarted,
    TimerStopped,
    ValueConfirmed,
    WordAnswered,
)
from engine.game import Game, Phase
from engine.letters import draw_letters
from engine.rules import RoundKind
from solver.plates import draw_numbers

#: The DCDL rule sets the sweeps play, and how many players each may seat.
RULES = ("boxed", "tv", "club-duplicate", "club-match")
NAMES = ("Ana", "Bruno", "Chloé", "David")
WORDS = ("MALINE", "ANIMAL", "REANIMABLE", "XYZ", "MANGEAIS", "LAME", "réanimable", "été")
JUNK: tuple[Any, ...] = (
    None,
    True,
    0,
    -3,
    10**30,
    10**400,
    1.5,
    float("nan"),
    float("inf"),
    float("-inf"),
    "",
    "888",
    "Zoé",
    (3, 75),
    [3, 75, 2, 4, 1, 1],
    ("A", 1),
)


def players_for(rules: str, rng: random.Random) -> tuple[str, ...]:
    """A legal table for ``rules``: two players, or one to four where allowed."""
    if rules == "club-duplicate":
        return NAMES[: rng.randint(1, 4)]
    if rules == "boxed":
        return NAMES[: rng.randint(2, 4)]
    return NAMES[:2]


def random_event(game: Game, rng: random.Random, now: float) -> Event:
    """An event for ``game`` at about the instant ``now``: see the module's note."""
    roll = rng.random()
    if roll < 0.06:
        return _junk(rng)
    if roll < 0.16:
        return _noise(game, rng, now)
    return _plausible(game, rng, now)


def _junk(rng: random.Random) -> Event:
    """An event with one or more fields of the wrong type (or a wrong value)."""
    j = rng.choice
    choices: list[Event] = [
        TimerStarted(j(JUNK)),
        TimerStopped(j(JUNK)),
        NumbersDrawn(j(JUNK), j(JUNK)),
        LettersDrawn(j(JUNK)),
        NumbersAnswered(j(JUNK), j(JUNK), j(JUNK), j(JUNK)),
        WordAnswered(j(JUNK), j(JUNK), j(JUNK)),
        ValueConfirmed(j(JUNK), j(JUNK)),
        PlayerAbsent(j(JUNK), j(JUNK)),
        DuelDecided(j(JUNK), j(JUNK), j(JUNK)),
        DuelChosen(j(JUNK), j(JUNK), j(JUNK), j(JUNK), j(JUNK)),
        AnswerUndone(j(JUNK)),
        NumbersAnswered(rng.choice(NAMES), steps="1+1=2", at=j(JUNK)),
        WordAnswered(rng.choice(NAMES), "MALINE", at=j(JUNK)),
    ]
    return rng.choice(choices)


def _noise(game: Game, rng: random.Random, now: float) -> Event:
    """Well-typed events the rules or the phase will often refuse."""
    who = rng.choice([*game.players, "Zoé"])
    return rng.choice(
        [
            AnswerUndone(),
            AnswerUndone(who),
            DuelChosen(rng.choice(["calcul", "autre", "sprint-letters", "x"]), "BAMERILANE"),
            DuelChosen("calcul", chain=(7, 2, 1, 20, 2, 3)),
            PlayerAbsent(who, rng.random() < 0.4),
            ValueConfirmed(who, rng.random() < 0.5),
            NumbersDrawn((7, 7, 7, 1, 2, 3), 500),
            NumbersDrawn((3, 75, 2, 4, 1, 1), rng.choice([0, 50, 1000, 888])),
            LettersDrawn(rng.choice(["BCDFGHJKLA", "BAMERILANE", "AEIOUYAEIO", "ABC"])),
            RoundClosed(),
            TimerStarted(now),
            TimerStopped(now - rng.uniform(0, 100)),
            DuelDecided(winner=who, wrong=who),
            WordAnswered(who, rng.choice(["REANIMABLES", "", "   ", "٣", "A" * 40])),
            NumbersAnswered(who, rng.choice([None, -5, 0, 1200]), rng.choice([None, "3 & 4"])),
        ]
    )


def _plausible(game: Game, rng: random.Random, now: float) -> Event:
    """What could come next in the round being played."""
    current = game.current
    players = list(game.players)
    if current is None or rng.random() < 0.03:
        return PlayerAbsent(rng.choice(players), rng.random() < 0.4)
    timer = game.timer(current)
    start = current.started_at if current.started_at is not None else now
    total = timer.total if timer is not None else 30.0
    # an instant within the hourglass mostly, after it sometimes
    at = start + rng.uniform(0, total * (1.4 if rng.random() < 0.3 else 1.0))
    if current.kind in (RoundKind.DUEL, RoundKind.SPRINT):
        if current.phase is Phase.READY and not current.challenge and rng.random() < 0.5:
            return rng.choice(
                [
                    DuelChosen("calcul", chain=(71, 21, 25, 121, 4, 2)),
                    DuelChosen("un-dans-autre", letters="BAMERILANE"),
                    DuelChosen("autre"),
                    DuelChosen("sprint-letters", letters="BAMERILANE"),
                    DuelChosen("sprint-numbers", plates=(3, 100, 8, 8, 10, 6), target=683),
                ]
            )
        if current.phase is Phase.READY and rng.random() < 0.6:
            return TimerStarted(now)
        if current.phase is Phase.RUNNING and rng.random() < 0.3:
            return TimerStopped(max(start, at))
        who = rng.choice(players)
        return rng.choice(
            [
                DuelDecided(winner=who, at=at),
                DuelDecided(wrong=who, at=at),
                DuelDecided(at=at),
                DuelDecided(winner=who),
                RoundClosed(),
            ]
        )
    if current.phase is Phase.DRAW or (current.phase is Phase.READY and rng.random() < 0.2):
        if current.kind is RoundKind.NUMBERS:
            draw = draw_numbers(rng, game.rules.targets)
            return NumbersDrawn(draw.plates, draw.target)
        return LettersDrawn(draw_letters(rng, current.composition, game.rules.min_vowels))
    if current.phase is Phase.READY:
        return TimerStarted(now)
    if current.phase is Phase.RUNNING and rng.random() < 0.35:
        return TimerStopped(start + rng.uniform(0, total))
    if rng.random() < 0.2:
        return RoundClosed()
    if rng.random() < 0.08:
        return AnswerUndone(rng.choice([None, *players]))
    player = rng.choice(players)
    if current.kind is RoundKind.LETTERS:
        cut = rng.randint(2, 10)
        word = rng.choice([*WORDS, current.letters[:cut], current.letters[::-1][:cut]])
        return WordAnswered(player, word, at=rng.choice([at, None]))
    if rng.random() < 0.3 and current.numbers_answers:
        return ValueConfirmed(rng.choice(list(current.numbers_answers)), rng.random() < 0.7)
    a, b = rng.sample(current.plates, 2) if current.plates else (1, 2)
    steps = rng.choice(
        [
            f"{a}+{b}={a + b}",
            f"{a}x{b}={a * b} {a * b}+{a}",
            f"{a}-{a}={0}",
            f"{a}+{b}={a + b + 1}",
            f"{a}+{a}+{a}",
            None,
        ]
    )
    value = rng.choice([None, a + b, current.target, 0])
    if value is None and steps is None:
        steps = f"{a}*{b}"
    return NumbersAnswered(player, value, steps, at=rng.choice([at, None]))
