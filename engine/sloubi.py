"""Le jeu du Sloubi (``../shared/rules/sloubi.md``), simplified rules, kept short.

Each round every player empties a bucket of dice (100 six-sided dice by default, or the
children's version: 10 throws of 2 dice minus 4, from 16 to 116); the biggest total wins
the round (tied players roll again, among themselves). The winner then "chante Sloubi":
the screen counts "Sloubi 1, Sloubi 2, ..." one beat at a time, and the buzzer must stop
it on the winner's own score. Stopped right on it, that is a Sloubi, worth a point;
early or late, the coche is missed. After the rounds set at the start, the most Sloubis
win.

Choices (the rules say nothing of them): the beat is 0.25 s, the game has 3 rounds; the
children's version is its own rule set, ``rules="sloubi-enfants"``, so that a saved game
remembers it: its totals must lie between 16 and 116. The buzzer cannot stop the song
before "Sloubi 1" (an instant before the song's start is refused). ``docs/rulings.md``
quotes the rules' words for each choice.
Like the DCDL game, this is a state machine fed with events that carry outcomes (the dice
totals, the instants), so a saved game replays exactly.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from engine.events import Event, GameStarted, RefusedEvent, register_event
from engine.transaction import Transactional, instant

BEAT = 0.25
ROUNDS = 3
BUCKET = 100
CHILDREN = "sloubi-enfants"
CHILDREN_TOTALS = (16, 116)


class SloubiError(RefusedEvent):
    """An event the game does not allow now; the message is French."""


@dataclass(frozen=True)
class DiceRolled(Event):
    """A player's bucket of dice, as its total."""

    kind: ClassVar[str] = "sloubi_rolled"
    player: str
    total: int


@dataclass(frozen=True)
class SloubiStarted(Event):
    """The round's winner starts singing: "Sloubi 1" is at ``at``."""

    kind: ClassVar[str] = "sloubi_started"
    at: float


@dataclass(frozen=True)
class SloubiStopped(Event):
    """The buzzer: "Sloubi !"."""

    kind: ClassVar[str] = "sloubi_stopped"
    at: float


for _event in (DiceRolled, SloubiStarted, SloubiStopped):
    register_event(_event)


def roll_bucket(rng: random.Random, children: bool = False, bucket: int = BUCKET) -> int:
    """The total of a bucket of dice, or the children's 10 throws of 2 dice minus 4.

    >>> all(16 <= roll_bucket(random.Random(s), children=True) <= 116 for s in range(50))
    True
    """
    if children:
        return sum(rng.randint(1, 6) for _ in range(20)) - 4
    return sum(rng.randint(1, 6) for _ in range(bucket))


def count_at(started: float, now: float, beat: float = BEAT) -> int:
    """The "Sloubi n" being sung at ``now`` (1 at the start, one more each beat).

    >>> count_at(10.0, 10.0), count_at(10.0, 10.26)
    (1, 2)
    >>> count_at(10.0, float("nan"))
    Traceback (most recent call last):
    ...
    engine.sloubi.SloubiError: instant invalide : nan
    """
    started, now = instant(started, SloubiError), instant(now, SloubiError)
    return 1 + math.floor((now - started) / beat)


class Phase(StrEnum):
    ROLLING = "rolling"
    SINGING = "singing"
    OVER = "over"


@dataclass
class SloubiRound:
    """One round: the dice totals, the roll-offs, the song."""

    totals: dict[str, int] = field(default_factory=dict)
    """Each player's latest total."""
    contenders: list[str] = field(default_factory=list)
    """Who can still win the round (everyone, then the tied players of a roll-off)."""
    rolling: list[str] = field(default_factory=list)
    """Who still has to roll."""
    winner: str | None = None
    started: float | None = None
    stopped_at: int | None = None
    """The count the buzzer stopped on."""

    @property
    def sloubi(self) -> bool:
        """Stopped right on the winner's score."""
        return self.winner is not None and self.stopped_at == self.totals[self.winner]


class SloubiGame(Transactional):
    """A game of Sloubi: build it from its :class:`GameStarted` (``rules="sloubi"``).

    :meth:`apply` is a transaction (:class:`engine.transaction.Transactional`): a refused
    event leaves the game exactly as it was."""

    refusal = SloubiError

    def __init__(self, start: GameStarted) -> None:
        self.check_start(start)
        players = tuple(start.players)
        if len(players) < 2 or len(set(players)) != len(players) or not all(players):
            raise SloubiError("il faut au moins deux joueurs aux noms différents")
        self.start = start
        self.players = players
        self.children = start.rules == CHILDREN
        self.rounds: list[SloubiRound] = [self._new_round()]

    def _new_round(self) -> SloubiRound:
        return SloubiRound(contenders=list(self.players), rolling=list(self.players))

    @property
    def current(self) -> SloubiRound | None:
        return None if self.over else self.rounds[-1]

    @property
    def phase(self) -> Phase:
        current = self.current
        if current is None:
            return Phase.OVER
        return Phase.ROLLING if current.winner is None else Phase.SINGING

    @property
    def over(self) -> bool:
        last = self.rounds[-1]
        return len(self.rounds) == ROUNDS and last.stopped_at is not None

    @property
    def scores(self) -> dict[str, int]:
        """Sloubis sung right, per player."""
        scores = dict.fromkeys(self.players, 0)
        for played in self.rounds:
            if played.sloubi and played.winner is not None:
                scores[played.winner] += 1
        return scores

    def ranking(self) -> list[str]:
        scores = self.scores
        return sorted(self.players, key=lambda p: -scores[p])

    def _apply(self, event: Event) -> None:
        current = self.current
        if current is None:
            raise SloubiError("la partie est terminée")
        if isinstance(event, DiceRolled):
            self._rolled(current, event)
        elif isinstance(event, SloubiStarted):
            if current.winner is None or current.started is not None:
                raise SloubiError("personne ne chante Sloubi maintenant")
            current.started = event.at
        elif isinstance(event, SloubiStopped):
            if current.started is None or current.stopped_at is not None:
                raise SloubiError("le Sloubi n'a pas commencé")
            if event.at < current.started:
                raise SloubiError("« Sloubi » ne peut se dire avant « Sloubi 1 »")
            current.stopped_at = count_at(current.started, event.at)
            if len(self.rounds) < ROUNDS:
                self.rounds.append(self._new_round())
        else:
            raise SloubiError(f"événement inattendu au Sloubi : {event.kind}")

    def roll(self, rng: random.Random, player: str) -> DiceRolled:
        """A virtual bucket for ``player``, in this game's version."""
        return DiceRolled(player, roll_bucket(rng, children=self.children))

    def _rolled(self, current: SloubiRound, event: DiceRolled) -> None:
        if event.player not in current.rolling:
            raise SloubiError(f"ce n'est pas à {event.player} de lancer")
        if event.total < 1:
            raise SloubiError("un seau de dés fait au moins 1")
        low, high = CHILDREN_TOTALS
        if self.children and not low <= event.total <= high:
            raise SloubiError(f"la version enfants fait de {low} à {high}")
        current.totals[event.player] = event.total
        current.rolling.remove(event.player)
        if current.rolling:
            return
        best = max(current.totals[p] for p in current.contenders)
        tied = [p for p in current.contenders if current.totals[p] == best]
        if len(tied) == 1:
            current.winner = tied[0]
        else:  # roll-off among the tied players only
            current.contenders = tied
            current.rolling = list(tied)
