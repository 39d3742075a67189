"""The dice game "Le mot le plus court" (``../shared/rules/des-mot-le-plus-court.md``).

Three twenty-sided consonant dice are rolled (plus the vowel die in the intergenerational
variant); the player who finds the shortest word holding the rolled letters announces its
length and counts down aloud from it, one count a second. A lower announcement interrupts
the countdown and starts its own; the player counting cannot announce again until someone
interrupts them. At STOP the last announcer gives the word: valid and of the announced
length, it scores that many points; otherwise every other player scores the announced
number. "IMPOSSIBLE" counts down from 10 and is worth 3 points if nobody interrupts it with
any number, even one above 10. The game ends as soon as someone has 36 points; tied leaders
roll again, among themselves only.

Like the DCDL game this is a state machine fed with events that carry outcomes (the faces
rolled, the instants said aloud), so a saved game replays exactly and the engine never
reads a clock: :meth:`DiceGame.due` tells the caller which STOP the clock owes.

Choices where the rules are silent:

- The players roll in turn, in seat order (the roller is the engine's to know, not an event's).
- A countdown from N reaches STOP N seconds after it was announced ("7, 6, ... 1, STOP").
- An announcement must be strictly lower than the one counting, at least 3 letters (three
  letters are imposed) and arrive before STOP; IMPOSSIBLE only opens a round (once someone
  claims a word exists, nobody can claim there is none).
- The word must have exactly the announced length: a shorter valid word is still a wrong
  announcement, since the rules ask for "bien le nombre de lettres annoncé".
- A roll on which nobody announces anything is passed by the referee (:class:`RollPassed`),
  for no points.
- The variant is set before the first roll by :class:`LevelsChosen`: the players it names
  are "easy" (the vowel and two of the three consonants, or the three consonants), the
  others "hard" (the three consonants); a joker face lets an easy player choose the vowel
  (Y included).
- The tie roll-off is a normal round among the tied players only (the others neither
  announce nor score); it is repeated until one of them leads.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from engine.events import Event, GameStarted, RefusedEvent, register_event
from engine.transaction import Transactional, instant
from solver.lexicon import normalise
from solver.words import (
    CONSONANTS,
    JOKER_VOWELS,
    VOWEL_FACES,
    InvalidLetters,
    ShortestWords,
    WordVerdict,
    check_roll,
    shortest_with,
    validate,
)

#: Seconds between two counts of a countdown.
COUNT = 1.0
#: Where IMPOSSIBLE counts down from, and what it is worth.
IMPOSSIBLE_FROM = 10
IMPOSSIBLE_POINTS = 3
#: The score that ends the game.
TARGET = 36
#: The shortest announcement: three letters are imposed.
SHORTEST = 3
#: The longest announcement the engine takes (no French word is longer).
LONGEST = 30

EASY = "easy"
HARD = "hard"


class DiceError(RefusedEvent):
    """An event the dice game does not allow now; the message is French."""


@dataclass(frozen=True)
class LevelsChosen(Event):
    """The intergenerational variant: the vowel die is in play, ``easy`` players are named."""

    kind: ClassVar[str] = "dice_levels"
    easy: tuple[str, ...]


@dataclass(frozen=True)
class DiceRolled(Event):
    """The faces rolled: three consonants, and the vowel die's face (``*`` the joker)."""

    kind: ClassVar[str] = "dice_rolled"
    consonants: str
    vowel: str | None = None


@dataclass(frozen=True)
class DiceCorrected(Event):
    """The dice as they lie, where the roll was taken wrong (a die the camera misread
    without a "?", or a face mistyped): accepted until someone announces, the words'
    lengths then being about the dice on the table."""

    kind: ClassVar[str] = "dice_corrected"
    consonants: str
    vowel: str | None = None


@dataclass(frozen=True)
class LettersAnnounced(Event):
    """A player announces a word of ``letters`` letters and starts counting down at ``at``."""

    kind: ClassVar[str] = "dice_announced"
    player: str
    letters: int
    at: float


@dataclass(frozen=True)
class ImpossibleAnnounced(Event):
    """A player says "IMPOSSIBLE" and counts down from 10 at ``at``."""

    kind: ClassVar[str] = "dice_impossible"
    player: str
    at: float


@dataclass(frozen=True)
class CountdownStopped(Event):
    """The countdown reached STOP."""

    kind: ClassVar[str] = "dice_stop"
    at: float


@dataclass(frozen=True)
class WordGiven(Event):
    """The last announcer's word at STOP (empty when they have none)."""

    kind: ClassVar[str] = "dice_word"
    player: str
    word: str


@dataclass(frozen=True)
class RollPassed(Event):
    """Nobody announced anything: the referee passes the roll."""

    kind: ClassVar[str] = "dice_passed"


for _event in (
    LevelsChosen,
    DiceRolled,
    DiceCorrected,
    LettersAnnounced,
    ImpossibleAnnounced,
    CountdownStopped,
    WordGiven,
    RollPassed,
):
    register_event(_event)


def roll_dice(rng: random.Random, vowel_die: bool = False) -> DiceRolled:
    """A virtual roll, for a table without dice (or without camera).

    >>> roll = roll_dice(random.Random(4), vowel_die=True)
    >>> len(roll.consonants), roll.vowel in "AEIOU*"
    (3, True)
    """
    consonants = "".join(rng.choice(CONSONANTS) for _ in range(3))
    return DiceRolled(consonants, rng.choice(VOWEL_FACES + "*") if vowel_die else None)


class Phase(StrEnum):
    ROLL = "roll"
    """Waiting for the dice."""
    LISTENING = "listening"
    """Dice rolled, nobody has announced yet."""
    COUNTING = "counting"
    """A countdown is running."""
    WORD = "word"
    """STOP: waiting for the last announcer's word."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Announcement:
    """One announcement of a round: ``letters`` is None for IMPOSSIBLE."""

    player: str
    letters: int | None
    at: float

    @property
    def counts_from(self) -> int:
        return IMPOSSIBLE_FROM if self.letters is None else self.letters

    @property
    def stop_at(self) -> float:
        """The instant of STOP if nobody interrupts."""
        return self.at + self.counts_from * COUNT


@dataclass
class DiceRound:
    """One roll and what was said about it."""

    number: int
    roller: str
    players: tuple[str, ...]
    """Who plays this roll: everyone, or the tied players of a roll-off."""
    roll_off: bool = False
    consonants: str = ""
    vowel: str | None = None
    shortest: dict[str, ShortestWords] = field(default_factory=dict)
    """The shortest words of the roll, by level ("hard", and "easy" in the variant)."""
    announcements: list[Announcement] = field(default_factory=list)
    stopped: bool = False
    verdict: WordVerdict | None = None
    points: dict[str, int] | None = None
    """Points scored in this roll, once it is settled."""

    @property
    def counting(self) -> Announcement | None:
        return self.announcements[-1] if self.announcements else None

    @property
    def impossible_was_right(self) -> bool:
        """Whether no word at all held the roll (what the device shows after IMPOSSIBLE)."""
        return all(found.impossible for found in self.shortest.values())


class DiceGame(Transactional):
    """A game of "Le mot le plus court": build it from its ``GameStarted(rules="dice")``.

    :meth:`apply` is a transaction (:class:`engine.transaction.Transactional`): a refused
    event leaves the game exactly as it was."""

    refusal = DiceError

    def __init__(self, start: GameStarted) -> None:
        self.check_start(start)
        players = tuple(p.strip() for p in start.players)
        if len(players) < 2 or len(set(players)) != len(players) or not all(players):
            raise DiceError("il faut au moins deux joueurs aux noms différents")
        self.start = start
        self.players = players
        self.levels: dict[str, str] | None = None
        """Each player's level in the variant; None without the vowel die."""
        self.rounds: list[DiceRound] = [DiceRound(1, players[0], players)]
        self._over = False

    # --- reading the state ----------------------------------------------------------

    @property
    def current(self) -> DiceRound | None:
        return None if self._over else self.rounds[-1]

    @property
    def over(self) -> bool:
        return self._over

    @property
    def phase(self) -> Phase:
        current = self.current
        if current is None:
            return Phase.OVER
        if not current.consonants:
            return Phase.ROLL
        if current.counting is None:
            return Phase.LISTENING
        return Phase.WORD if current.stopped else Phase.COUNTING

    @property
    def scores(self) -> dict[str, int]:
        scores = dict.fromkeys(self.players, 0)
        for played in self.rounds:
            for player, points in (played.points or {}).items():
                scores[player] += points
        return scores

    def ranking(self) -> list[str]:
        """Players by score; a roll-off winner comes before those they beat."""
        scores = self.scores
        return sorted(self.players, key=lambda p: -scores[p])

    def count_shown(self, now: float) -> int | None:
        """The number being counted aloud at ``now`` (0 is STOP), None when nobody counts."""
        now = instant(now, DiceError)
        current = self.current
        if current is None or current.counting is None or current.stopped:
            return None
        counting = current.counting
        elapsed = math.floor((now - counting.at) / COUNT)
        return max(0, counting.counts_from - max(0, elapsed))

    def due(self, now: float) -> CountdownStopped | None:
        """The STOP the clock owes at ``now``, at its exact instant, or None."""
        now = instant(now, DiceError)
        current = self.current
        if self.phase is not Phase.COUNTING or current is None or current.counting is None:
            return None
        stop_at = current.counting.stop_at
        return CountdownStopped(stop_at) if now >= stop_at else None

    def level(self, player: str) -> str | None:
        return None if self.levels is None else self.levels[player]

    # --- events -----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        current = self.current
        if current is None:
            raise DiceError("la partie est terminée")
        if isinstance(event, LevelsChosen):
            self._levels_chosen(event)
        elif isinstance(event, DiceRolled):
            if current.consonants:
                raise DiceError("les dés sont déjà lancés pour ce tour")
            self._rolled(current, event)
        elif isinstance(event, DiceCorrected):
            if self.phase is not Phase.LISTENING:
                raise DiceError("les dés se corrigent après le lancer, avant la première annonce")
            self._rolled(current, event)
        elif isinstance(event, LettersAnnounced | ImpossibleAnnounced):
            self._announced(current, event)
        elif isinstance(event, CountdownStopped):
            self._stopped(current, event)
        elif isinstance(event, WordGiven):
            self._word_given(current, event)
        elif isinstance(event, RollPassed):
            if self.phase is not Phase.LISTENING:
                raise DiceError("on ne passe qu'un lancer sur lequel personne n'a rien annoncé")
            self._settle(current, {})
        else:
            raise DiceError(f"événement inattendu au jeu de dés : {event.kind}")

    def _levels_chosen(self, event: LevelsChosen) -> None:
        if len(self.rounds) > 1 or self.rounds[0].consonants:
            raise DiceError("les niveaux se choisissent avant le premier lancer")
        unknown = [p for p in event.easy if p not in self.players]
        if unknown:
            raise DiceError(f"joueur inconnu : {unknown[0]}")
        self.levels = {p: EASY if p in event.easy else HARD for p in self.players}

    def _rolled(self, current: DiceRound, event: DiceRolled | DiceCorrected) -> None:
        """The roll's faces, checked, and the shortest words holding them."""
        if (event.vowel is None) != (self.levels is None):
            raise DiceError("il faut le dé voyelle dans la variante, et seulement dans la variante")
        try:
            faces, vowel, _ = check_roll(
                normalise(event.consonants), event.vowel, None if event.vowel is None else HARD
            )
        except InvalidLetters as error:
            raise DiceError(str(error)) from None
        current.consonants = "".join(faces)
        current.vowel = vowel
        levels = (HARD,) if self.levels is None else (HARD, EASY)
        current.shortest = {
            level: shortest_with(faces, vowel, None if vowel is None else level) for level in levels
        }

    def _announced(self, current: DiceRound, event: LettersAnnounced | ImpossibleAnnounced) -> None:
        if not current.consonants:
            raise DiceError("les dés ne sont pas encore lancés")
        if current.stopped:
            raise DiceError("trop tard : le décompte est arrivé à STOP")
        if event.player not in current.players:
            raise DiceError(f"{event.player} ne joue pas ce lancer")
        counting = current.counting
        letters = event.letters if isinstance(event, LettersAnnounced) else None
        if counting is not None:
            if event.player == counting.player:
                raise DiceError(
                    f"{event.player} compte déjà : il faut être interrompu pour annoncer"
                )
            if event.at < counting.at:
                raise DiceError("une annonce ne peut précéder la précédente")
            if event.at >= counting.stop_at:
                raise DiceError("trop tard : le décompte est arrivé à STOP")
            if letters is None:
                raise DiceError("IMPOSSIBLE ne s'annonce qu'avant toute autre annonce")
            if counting.letters is not None and letters >= counting.letters:
                raise DiceError(
                    f"il faut annoncer moins de {counting.letters} lettres pour interrompre"
                )
        if letters is not None and not SHORTEST <= letters <= LONGEST:
            raise DiceError(f"une annonce va de {SHORTEST} à {LONGEST} lettres")
        current.announcements.append(Announcement(event.player, letters, event.at))

    def _stopped(self, current: DiceRound, event: CountdownStopped) -> None:
        counting = current.counting
        if counting is None or current.stopped:
            raise DiceError("aucun décompte en cours")
        if event.at < counting.stop_at:
            raise DiceError("le décompte n'est pas encore arrivé à STOP")
        current.stopped = True
        if counting.letters is None:  # IMPOSSIBLE, uninterrupted
            self._settle(current, {counting.player: IMPOSSIBLE_POINTS})

    def _word_given(self, current: DiceRound, event: WordGiven) -> None:
        counting = current.counting
        if counting is None or not current.stopped or counting.letters is None:
            raise DiceError("le mot se donne à STOP, par le dernier à avoir annoncé")
        if event.player != counting.player:
            raise DiceError(f"c'est à {counting.player} de donner son mot")
        verdict = self.judge(current, event.player, event.word)
        if verdict.valid and len(verdict.word) != counting.letters:
            verdict = WordVerdict(
                verdict.word,
                False,
                f"{len(verdict.word)} lettres au lieu des {counting.letters} annoncées",
                verdict.display,
            )
        current.verdict = verdict
        if verdict.valid:
            self._settle(current, {event.player: counting.letters})
        else:
            others = [p for p in current.players if p != event.player]
            self._settle(current, dict.fromkeys(others, counting.letters))

    def judge(self, current: DiceRound, player: str, word: str) -> WordVerdict:
        """A word checked by the player's own rule: the three consonants, or for an easy
        player the three consonants or else the vowel and two of them ("pourront": easy
        players may take the easier rule, they are not bound to it)."""
        three = validate(word, current.consonants, "dice")
        if three.valid or self.level(player) != EASY or current.vowel is None:
            return three
        vowels = JOKER_VOWELS if current.vowel == "*" else current.vowel
        c = current.consonants
        pairs = (c[0] + c[1], c[0] + c[2], c[1] + c[2])
        for letters in (v + pair for v in vowels for pair in pairs):
            verdict = validate(word, letters, "dice")
            if verdict.valid:
                return verdict
        verdict = validate(word, None, "dice")
        if not verdict.valid:
            return verdict
        held = "la voyelle" if current.vowel != "*" else "une voyelle"
        reason = f"il faut {held} et deux des trois consonnes, ou les trois consonnes"
        return WordVerdict(verdict.word, False, reason, verdict.display)

    # --- the end of a roll, of the game -----------------------------------------------

    def _settle(self, current: DiceRound, points: dict[str, int]) -> None:
        current.points = points
        scores = self.scores
        best = max(scores.values())
        # the leaders, if the game is at its end (in a roll-off, the tied players still level)
        leaders = current.players if current.roll_off else self.players
        tied = [p for p in leaders if scores[p] == best] if best >= TARGET else []
        if best >= TARGET and len(tied) == 1:
            self._over = True
            return
        number = current.number + 1
        roller = self.players[(number - 1) % len(self.players)]
        if tied:  # a roll-off among the tied players only
            roller = roller if roller in tied else tied[0]
            self.rounds.append(DiceRound(number, roller, tuple(tied), roll_off=True))
        else:
            self.rounds.append(DiceRound(number, roller, self.players))
