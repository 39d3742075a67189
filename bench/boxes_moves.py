"""Random games of the boxes' engines, legal and illegal events mixed, checked as they go.

Each engine gets a move generator that reads the game's state and proposes what a table
might do next: mostly a plausible event (the right player, a roll, a word of the
announced length, a brick's outcome, an instant a little later), sometimes one out of
turn, late, early or of the wrong player, and now and then junk built from any event's
fields (NaN and infinite instants, ``True`` for a count, lists for words, huge numbers,
unreadable text), events of another game included. :func:`play` applies them and checks,
at every event, what issue 25 asks of every engine:

- an event is either applied, or refused by the engine's own :class:`RefusedEvent`
  subclass, never another exception;
- a refused event leaves the state exactly equal;
- an accepted event written as JSON (as the store saves it) reads back equal;
- replaying the accepted events read back from JSON gives the same state.

The randomness is one ``random.Random``: ``tests/test_boxes_properties.py`` gives it
Hypothesis' (which shrinks a failing game to a short one), ``bench/fuzz_boxes.py`` plain
seeds, for tens of thousands of games.
"""

from __future__ import annotations

import dataclasses
import math
import pickle
import random
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import dice, paroles, pyramide, sloubi
from engine.events import (
    Event,
    GameStarted,
    RefusedEvent,
    TimerStarted,
    WordAnswered,
    from_json,
    to_json,
)
from engine.games import AnyGame, new_game, replay
from engine.transaction import Transactional

NAMES = ("Ana", "Bruno", "Chloé", "David", "Émile")

#: Values no event field should accept (each engine must refuse them in French).
JUNK: tuple[object, ...] = (
    None,
    True,
    False,
    2.5,
    -1,
    0,
    10**13,
    float("nan"),
    float("inf"),
    float("-inf"),
    "",
    "x",
    "\ud800",
    "A" * 300,
    ("Ana",),
    ["Ana"],
    {"a": 1},
)


class PropertyFailed(AssertionError):
    """A random game broke one of the engines' promises; the message says which."""


class Clock:
    """The instants of a random game: mostly forward, sometimes back."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.now = rng.choice((0.0, 1_000.0, 1.7e9))

    def later(self, most: float = 3.0) -> float:
        self.now += self.rng.uniform(0.0, most)
        return self.now

    def odd(self) -> float:
        """An instant a careless caller might send: in the past, far ahead, or no number."""
        return self.rng.choice(
            (self.now - self.rng.uniform(0.1, 50), self.now + 1e6, math.nan, math.inf, -math.inf)
        )


def _value(hint: Any, rng: random.Random, clock: Clock, names: tuple[str, ...]) -> object:
    """A plausible value of a field's type (the junk is chosen by the caller)."""
    origin = typing.get_origin(hint)
    if origin is not None and type(None) in typing.get_args(hint):
        if rng.random() < 0.3:
            return None
        hint = next(a for a in typing.get_args(hint) if a is not type(None))
        origin = typing.get_origin(hint)
    if origin is tuple:
        return tuple(rng.sample(names, rng.randint(0, len(names))))
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.randint(-2, 12)
    if hint is float:
        return clock.odd() if rng.random() < 0.3 else clock.later()
    return rng.choice((*names, "TRS", "CHAT", "", "found", "?", "BRAS"))


def junk(
    kinds: tuple[type[Event], ...], rng: random.Random, clock: Clock, names: tuple[str, ...]
) -> Event:
    """Any of ``kinds`` (or an event of another game) with random, often wrong, fields."""
    cls = rng.choice((*kinds, TimerStarted, WordAnswered))
    hints = typing.get_type_hints(cls)
    values = {}
    for field in dataclasses.fields(cls):
        wrong = rng.random() < 0.5
        values[field.name] = (
            rng.choice(JUNK) if wrong else _value(hints[field.name], rng, clock, names)
        )
    event: Event = cls(**values)
    return event


# --- Le mot le plus court ---------------------------------------------------------------

DICE_EVENTS: tuple[type[Event], ...] = (
    dice.LevelsChosen,
    dice.DiceRolled,
    dice.LettersAnnounced,
    dice.ImpossibleAnnounced,
    dice.CountdownStopped,
    dice.WordGiven,
    dice.RollPassed,
)


def _level(game: dice.DiceGame, player: str) -> str:
    return dice.HARD if game.levels is None else game.levels.get(player, dice.HARD)


def dice_move(game: dice.DiceGame, rng: random.Random, clock: Clock) -> Event:
    current = game.current
    phase = game.phase
    if current is None or rng.random() < 0.08:
        return junk(DICE_EVENTS, rng, clock, game.players)
    who = rng.choice(current.players) if rng.random() < 0.95 else rng.choice(NAMES)
    if phase is dice.Phase.ROLL:
        if len(game.rounds) == 1 and game.levels is None and rng.random() < 0.3:
            return dice.LevelsChosen(tuple(rng.sample(game.players, rng.randint(0, 2))))
        vowel_die = (game.levels is not None) != (rng.random() < 0.03)
        return dice.roll_dice(rng, vowel_die)
    shortest = current.shortest.get(_level(game, who))
    length = shortest.length if shortest is not None and shortest.length else rng.randint(3, 9)
    if phase is dice.Phase.LISTENING:
        draw = rng.random()
        if draw < 0.12:
            return dice.ImpossibleAnnounced(who, clock.later())
        if draw < 0.2:
            return dice.RollPassed()
        return dice.LettersAnnounced(who, length + rng.choice((0, 0, 0, 1, 2, -1)), clock.later())
    counting = current.counting
    assert counting is not None
    if phase is dice.Phase.COUNTING:
        draw = rng.random()
        if draw < 0.45:
            clock.now = max(clock.now, counting.stop_at)
            return dice.CountdownStopped(counting.stop_at)
        if draw < 0.55:
            return dice.CountdownStopped(counting.at + rng.uniform(0, counting.counts_from))
        letters = min(length, (counting.letters or 11) - 1) + rng.choice((0, 0, 1, -1))
        at = counting.at + rng.uniform(0, counting.counts_from * dice.COUNT * 1.1)
        clock.now = max(clock.now, at)
        return dice.LettersAnnounced(who, letters, at)
    # the word at STOP: a shortest word of the player's level, or a wrong one
    player = counting.player if rng.random() < 0.95 else who
    found = current.shortest.get(_level(game, player))
    words = found.words if found is not None else ()
    if words and rng.random() < 0.7:
        return dice.WordGiven(player, rng.choice(words).lower())
    return dice.WordGiven(player, rng.choice(("", "XYZ", "TRES", "bras", "ÉTÉ", "123")))


# --- Les paroles s'envolent ------------------------------------------------------------

PAROLES_EVENTS: tuple[type[Event], ...] = (
    paroles.FirstCardsDrawn,
    paroles.WordAnnounced,
    paroles.AnnouncementAccepted,
    paroles.LiarCalled,
    paroles.HandRevealed,
)

#: Words to announce, by length (real ones, so a hand may spell them; and a non-word).
WORDS = {
    1: ("A", "Y"),
    2: ("LE", "UN", "OS"),
    3: ("AMI", "RAT", "SEL"),
    4: ("CHAT", "LOUP", "RIEN"),
    5: ("CHATS", "TABLE", "AMPLE"),
    6: ("CHANTE", "RIDEAU", "PLANTE"),
    7: ("CHANTER", "RACINES", "ETRANGE"),
    8: ("CHANTONS", "ELEPHANT", "TRIANGLE"),
}
#: The cards, as often as in the French Scrabble set the bluff game is played with.
CARDS = "".join(letter * count for letter, count in paroles.FRENCH_TILES.items())


def paroles_move(game: paroles.ParolesGame, rng: random.Random, clock: Clock) -> Event:
    hand = game.hand
    phase = game.phase
    if phase is paroles.Phase.OVER or rng.random() < 0.08:
        return junk(PAROLES_EVENTS, rng, clock, game.players)
    if phase is paroles.Phase.FIRST_PLAYER or hand is None:
        count = len(game.drawing) + (rng.random() < 0.05)
        return paroles.FirstCardsDrawn("".join(rng.choice("ABCDEZ?") for _ in range(count)))
    listener = game.next_player(hand.holder)
    if phase is paroles.Phase.ANNOUNCE:
        holder = hand.holder if rng.random() < 0.95 else listener
        shortest = len(hand.words[-1]) + 1 if hand.words else 1
        longest = hand.cards if hand.words else paroles.FIRST_WORD_AT_MOST
        length = rng.randint(shortest, max(shortest, longest)) + (rng.random() < 0.05)
        word = rng.choice(WORDS.get(length, ("",))) if rng.random() < 0.8 else ""
        word = word or "".join(rng.choice(CARDS[:-2]) for _ in range(length))
        return paroles.WordAnnounced(holder, word)
    if phase is paroles.Phase.ANSWER:
        answerer = listener if rng.random() < 0.95 else hand.holder
        if rng.random() < 0.55:
            return paroles.AnnouncementAccepted(answerer)
        return paroles.LiarCalled(answerer)
    # the hand revealed: it spells the word, or it does not; rarely a wrong count
    word = hand.words[-1]
    cards = hand.cards + (rng.random() < 0.05)
    spelled = list(word)[:cards] if rng.random() < 0.5 else []
    spelled += [rng.choice(CARDS) for _ in range(cards - len(spelled))]
    rng.shuffle(spelled)
    return paroles.HandRevealed("".join(spelled))


# --- Pyramide -------------------------------------------------------------------------

PYRAMIDE_EVENTS: tuple[type[Event], ...] = (
    pyramide.BricksBid,
    pyramide.NameBid,
    pyramide.BrickPlayed,
    pyramide.ErrorNoted,
    pyramide.SolutionGiven,
    pyramide.EnigmasStopped,
    pyramide.ClockStarted,
    pyramide.ExpressionFound,
    pyramide.PyramidEnded,
    pyramide.PyramidArbitrated,
)


def _outcome(rng: random.Random) -> str:
    return rng.choices(pyramide.OUTCOMES, weights=(40, 40, 5, 15))[0]


def pyramide_move(game: pyramide.PyramideGame, rng: random.Random, clock: Clock) -> Event:
    phase = game.phase
    if rng.random() < 0.06:
        return junk(PYRAMIDE_EVENTS, rng, clock, game.players)
    if phase is pyramide.Phase.ENIGMES:
        enigma = game.enigmas[-1]
        word = enigma.words[-1] if enigma.words else None
        if rng.random() < 0.02:
            return pyramide.EnigmasStopped()
        if word is not None and not word.done:
            return pyramide.BrickPlayed(_outcome(rng), clock.later())
        if len(enigma.words) == pyramide.ENIGMA_WORDS:
            return pyramide.SolutionGiven(rng.random() < 0.6)
        most = enigma.stock - (pyramide.ENIGMA_WORDS - len(enigma.words) - 1)
        return pyramide.BricksBid(rng.randint(1, max(1, most)) + (rng.random() < 0.05))
    if phase is pyramide.Phase.PING_PONG:
        if not game.ping_pong:
            return pyramide.ClockStarted(clock.later())
        if rng.random() < 0.06:
            number = len(game.ping_pong) - rng.randint(0, 1)
            return pyramide.ErrorNoted(number, rng.randint(1, 5), clock.later())
        due = game.due(clock.later(25.0))
        return due if due is not None else pyramide.BrickPlayed(_outcome(rng), clock.now)
    if phase is pyramide.Phase.NOMS_PROPRES:
        name = game.names[-1]
        if rng.random() < 0.04:
            return pyramide.ErrorNoted(len(game.ping_pong), rng.randint(1, 5), clock.later())
        if not name.bids:
            return pyramide.NameBid(name.hand, rng.randint(1, pyramide.NAME_BRICKS))
        if len(name.bids) == 1 and not name.bricks and rng.random() < 0.4:
            return pyramide.NameBid(3 - name.hand, rng.randint(1, name.bids[name.hand]))
        return pyramide.BrickPlayed(_outcome(rng), clock.later())
    pyramid = game.pyramids[-1] if game.pyramids else None
    if pyramid is not None and pyramid.ended is not None and rng.random() < 0.3:
        expression = rng.randint(1, pyramid.played + (rng.random() < 0.1))
        return pyramide.PyramidArbitrated(expression, rng.random() < 0.5)
    if phase is pyramide.Phase.OVER:
        return junk(PYRAMIDE_EVENTS, rng, clock, game.players)
    if pyramid is None or pyramid.ended is not None:
        return pyramide.ClockStarted(clock.later())
    draw = rng.random()
    if draw < 0.1:
        return pyramide.PyramidEnded(clock.later(), word_said=True)
    due = game.due(clock.later(15.0))
    return due if due is not None else pyramide.ExpressionFound(clock.now)


# --- Sloubi ---------------------------------------------------------------------------

SLOUBI_EVENTS: tuple[type[Event], ...] = (
    sloubi.DiceRolled,
    sloubi.SloubiStarted,
    sloubi.SloubiStopped,
)


def sloubi_move(game: sloubi.SloubiGame, rng: random.Random, clock: Clock) -> Event:
    current = game.current
    if current is None or rng.random() < 0.08:
        return junk(SLOUBI_EVENTS, rng, clock, game.players)
    if current.winner is None:
        who = rng.choice(current.rolling) if rng.random() < 0.95 else rng.choice(game.players)
        if rng.random() < 0.3 and current.totals:  # a tie now and then
            return sloubi.DiceRolled(who, max(current.totals.values()))
        if rng.random() < 0.05:
            return sloubi.DiceRolled(who, 400)
        return game.roll(random.Random(rng.getrandbits(32)), who)  # one draw, not a bucketful
    if current.started is None:
        return sloubi.SloubiStarted(clock.later())
    target = current.totals[current.winner]
    aim = target - 1 + rng.choice((0, 0, 0, -1, 1)) + rng.random()
    at = current.started + aim * sloubi.BEAT if rng.random() < 0.9 else clock.odd()
    return sloubi.SloubiStopped(at)


# --- one random game, checked ---------------------------------------------------------

Move = Callable[[Any, random.Random, Clock], Event]

#: Each engine's rule sets, player counts and move generator.
ENGINES: dict[str, tuple[tuple[str, ...], tuple[int, ...], Move]] = {
    "dice": (("dice",), (2, 3, 4, 5), dice_move),
    "paroles": (("paroles",), (2, 3, 4, 5), paroles_move),
    "pyramide": (("pyramide", "pyramide-individuel"), (4, 3), pyramide_move),
    "sloubi": (("sloubi", "sloubi-enfants"), (2, 3, 4), sloubi_move),
}


@dataclass
class GameRun:
    """What one random game did."""

    events: int = 0
    accepted: int = 0
    refused: int = 0
    over: bool = False


def start_of(engine: str, rng: random.Random) -> GameStarted:
    rules, sizes, _ = ENGINES[engine]
    chosen = rng.choice(rules)
    size = 4 if chosen == "pyramide" else rng.choice(sizes)
    return GameStarted(chosen, NAMES[:size], rng.randrange(2**31))


def play(engine: str, rng: random.Random, max_events: int = 300) -> GameRun:
    """One random game of ``engine``, every promise checked at every event
    (:class:`PropertyFailed` when one is broken; any other exception is a bug too)."""
    _, _, move = ENGINES[engine]
    start = start_of(engine, rng)
    game = new_game(start)
    assert isinstance(game, Transactional)
    clock = Clock(rng)
    accepted: list[Event] = []
    run = GameRun()
    for _ in range(max_events):
        if game.over and rng.random() < 0.5:
            break
        event = move(game, rng, clock)
        run.events += 1
        before = game.snapshot()
        try:
            game.apply(event)
        except RefusedEvent as refusal:
            if type(refusal) is not game.refusal:
                wrong = type(refusal).__name__
                raise PropertyFailed(f"{event!r:.200}: refused by {wrong}") from refusal
            if game.snapshot() != before and game.state() != pickle.loads(before):
                raise PropertyFailed(f"{event!r:.200} refused, changed the game") from refusal
            run.refused += 1
            continue
        read_back = from_json(to_json(event))
        if read_back != event or type(read_back) is not type(event):
            raise PropertyFailed(f"{event!r:.200} reads back as {read_back!r:.200}")
        accepted.append(read_back)
        run.accepted += 1
    replayed = replay([from_json(to_json(start)), *accepted])
    if _state(replayed) != game.state():
        raise PropertyFailed(f"replaying the {len(accepted)} accepted events gives another game")
    run.over = game.over
    return run


def _state(game: AnyGame) -> dict[str, Any]:
    assert isinstance(game, Transactional)
    return game.state()
