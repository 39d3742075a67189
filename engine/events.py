"""What can happen during a game, as small immutable values.

A game is the list of its events: the state on screen is what applying them in order
gives (:mod:`engine.game`), and saving a game is appending its events (:mod:`engine.store`).
Events carry outcomes, never requests: a random draw is stored as the plates it gave, a
timer as the instant it started, so that replaying the list always rebuilds the same game.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, ClassVar


class RefusedEvent(ValueError):
    """An event a game does not allow now; the message is a French sentence."""


@dataclass(frozen=True)
class Event:
    """Base of all events; ``kind`` names the event in saved games."""

    kind: ClassVar[str] = "event"


@dataclass(frozen=True)
class GameStarted(Event):
    """A new game: its rule set, its players in seat order, and the seed of its draws."""

    kind: ClassVar[str] = "game_started"
    rules: str
    players: tuple[str, ...]
    seed: int


@dataclass(frozen=True)
class NumbersDrawn(Event):
    """The plates on the holder and the target the buzzer gave."""

    kind: ClassVar[str] = "numbers_drawn"
    plates: tuple[int, ...]
    target: int


@dataclass(frozen=True)
class LettersDrawn(Event):
    """The letters on the holder, normalised A-Z."""

    kind: ClassVar[str] = "letters_drawn"
    letters: str


@dataclass(frozen=True)
class TimerStarted(Event):
    kind: ClassVar[str] = "timer_started"
    at: float


@dataclass(frozen=True)
class TimerStopped(Event):
    """Time is up, or the referee stopped the timer early."""

    kind: ClassVar[str] = "timer_stopped"
    at: float


@dataclass(frozen=True)
class NumbersAnswered(Event):
    """A player's numbers answer: a value, steps, or both."""

    kind: ClassVar[str] = "numbers_answered"
    player: str
    value: int | None = None
    steps: str | None = None
    at: float | None = None
    """The engine clock's instant of the answer (None in games saved before it was kept)."""


@dataclass(frozen=True)
class ValueConfirmed(Event):
    """The referee confirms (or refuses) a value given without steps."""

    kind: ClassVar[str] = "value_confirmed"
    player: str
    confirmed: bool


@dataclass(frozen=True)
class WordAnswered(Event):
    kind: ClassVar[str] = "word_answered"
    player: str
    word: str
    at: float | None = None
    """As :attr:`NumbersAnswered.at`."""


@dataclass(frozen=True)
class AnswerUndone(Event):
    """Takes back a player's answer of this round (or of the round just scored, before
    the next one begins): that player answers again. Without a player (games saved before
    the referee could choose whose), the last answer entered."""

    kind: ClassVar[str] = "answer_undone"
    player: str | None = None


@dataclass(frozen=True)
class PlayerAbsent(Event):
    """A player leaves the table (scores nothing while away) or comes back."""

    kind: ClassVar[str] = "player_absent"
    player: str
    absent: bool = True


@dataclass(frozen=True)
class DuelChosen(Event):
    """The duel the referee chose, or the sprint draw a player chose, with what the
    device drew for it (an outcome, so that a resumed game shows the same): the mental
    chain's six numbers, a letter draw, or the sprint's plates and target. The names are
    :data:`engine.duels.DUELS` and :data:`engine.duels.SPRINT_DRAWS`."""

    kind: ClassVar[str] = "duel_chosen"
    challenge: str
    letters: str = ""
    plates: tuple[int, ...] = ()
    target: int | None = None
    chain: tuple[int, ...] = ()


@dataclass(frozen=True)
class DuelDecided(Event):
    """The referee's verdict on a duel or sprint question."""

    kind: ClassVar[str] = "duel_decided"
    winner: str | None = None
    wrong: str | None = None
    at: float | None = None
    """The instant the referee gave the verdict (None in games saved before it was kept)."""


@dataclass(frozen=True)
class RoundClosed(Event):
    """Answers are in: score the round and go on."""

    kind: ClassVar[str] = "round_closed"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        GameStarted,
        NumbersDrawn,
        LettersDrawn,
        TimerStarted,
        TimerStopped,
        NumbersAnswered,
        ValueConfirmed,
        WordAnswered,
        AnswerUndone,
        PlayerAbsent,
        DuelChosen,
        DuelDecided,
        RoundClosed,
    )
}


def register_event(cls: type[Event]) -> type[Event]:
    """Make another game's event known to saved games (see :mod:`engine.sloubi`)."""
    if EVENT_TYPES.setdefault(cls.kind, cls) is not cls:
        raise ValueError(f"two events are called {cls.kind}")
    return cls


def to_json(event: Event) -> str:
    """One event as a JSON object with its ``kind``."""
    return json.dumps({"kind": event.kind, **dataclasses.asdict(event)}, ensure_ascii=False)


def from_json(text: str) -> Event:
    """The event a :func:`to_json` line describes; ValueError when it is not one."""
    data: dict[str, Any] = json.loads(text)
    cls = EVENT_TYPES.get(data.pop("kind", None))
    if cls is None:
        raise ValueError(f"événement inconnu : {text[:60]}")
    for field in dataclasses.fields(cls):
        if isinstance(data.get(field.name), list):
            data[field.name] = tuple(data[field.name])
    return cls(**data)
