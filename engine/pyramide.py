"""Pyramide, club and tournament rules (``../shared/rules/pyramide.md``): clock and score sheet.

Dico makes Syno guess words; the device keeps the brick counters, the timers and the score
sheet. The four phases are played in order:

1. Énigmes: a Dico and a Syno, 5 words, 13 bricks. Dico bids bricks on each word in turn;
   a word found scores 1 point to both. If the 5 words are found, the bricks left are a
   bonus point each to both; then a right solution of the énigme, 1 point each.
2. Ping-Pong: the two teams play the same 5 words with 13 bricks in all, at most 5 a word,
   the teams proposing in turn. A word found is 1 point to the team, which keeps the hand;
   a word not found after 5 bricks sends the hand to the other team; an error "E" (a
   forbidden proposal, the word said) is 1 point to the other team, which takes the hand.
   About 10 seconds for Dico's proposal and as many for Syno's answer: late, the hand passes.
3. Noms propres: 4 names, at most 3 bricks each; the team with the hand bids, the other may
   bid lower and take the name (one bid per team). Found: 1 point, the team keeps the hand;
   not found: the point goes to the other team, which takes the hand.
4. Grandes Pyramides: each team has 1 min 10 s for 6 expressions, in order; each found is a
   point. If Dico says a word to guess, the pyramid stops there. An opponent who thinks Dico
   made a forbidden proposal waits for the pyramid's end and asks for an arbitration
   (:class:`PyramidArbitrated`): upheld, only the expressions found before it count.

Ties are broken by the bonus points, then the solution points.

The engine never hears the words: the events carry the outcome of each brick (``found``,
``missed``, ``late``, ``error``) and the instants, so a saved game replays exactly.

Choices where the rules are silent:

- Two formulas (rules 3.1), two rule sets. ``"pyramide"``, the Doublette: four players
  in two doublettes, the first two seats against the last two; each player is Dico for
  their partner three times in the Énigmes, in the order A→B, C→D, B→A, D→C (12 énigmes).
  ``"pyramide-individuel"``, the Individuel: four players, or three, each the partner of
  each other in turn: every (Dico, Syno) pair in the Énigmes, another split of the table
  for each team phase, and at a table of 3 one player in both teams, the Syno of both
  Dicos. :mod:`engine.pyramide_seats` holds who plays with whom, and why.
  Points are always credited to players: an énigme to its Dico and Syno, a team's point
  to both its players, so the score sheet has one line a player in both formulas, and
  its ties are broken the same way.
- The referee may stop the Énigmes at any moment, when time runs out
  (:class:`EnigmasStopped`, even during an énigme); "seuls les points des 6, 8 ou 10
  premières" count: the first 10, 8 or 6, the most of these the table finished. With fewer
  than 6 finished the Énigmes count nothing, as a team phase left unfinished is cancelled.
- Énigmes: a bid leaves at least one brick for each word still to come; bricks bid but
  not spent (the word found earlier) go back to the stock, so the bonus is 13 minus the
  bricks spent. An error loses the word and every brick bid on it. The 5 minutes are an
  ideal, not a limit: the engine does not time them.
- Ping-Pong: the first team starts; a brick lasts 20 s (10 s to propose, 10 s to answer)
  from the previous brick (or from :class:`ClockStarted`), then the hand passes ("late").
  When the 13 bricks are spent the words left are not played. An error seen late
  (:class:`ErrorNoted`) goes back to its brick and strikes out the bricks after it, as
  long as the next word (or the Noms propres) has not begun.
- Noms propres: the second team has the hand first (the first team began the Ping-Pong).
- Grandes Pyramides: the first team plays first.
- A team phase left unfinished scores nothing (the rules cancel it); the game is over when
  the second team's pyramid ends.
- An arbitration is asked for once the pyramid has ended and before the next one starts (for
  the second pyramid, after the game's end): the referee names the expression during which
  the proposal was made; upheld, the pyramid counts as stopped there, as when Dico says a
  word. Several may be asked for; the earliest upheld one counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from engine.events import Event, GameStarted, RefusedEvent, register_event
from engine.pyramide_seats import Teams, doublette_seating, individuel_seating
from engine.transaction import Transactional, instant

#: The Individuel formula's rule set; ``"pyramide"`` is the Doublette.
INDIVIDUEL = "pyramide-individuel"

ENIGMA_WORDS = 5
ENIGMA_BRICKS = 13
ENIGMAS = 12
ENIGMAS_MAY_STOP_AFTER = (6, 8, 10)
PING_PONG_WORDS = 5
PING_PONG_BRICKS = 13
PING_PONG_PER_WORD = 5
#: Seconds for Dico's proposal and Syno's answer together, in the Ping-Pong.
PING_PONG_BRICK_SECONDS = 20.0
NAMES = 4
NAME_BRICKS = 3
PYRAMID_EXPRESSIONS = 6
PYRAMID_SECONDS = 70.0

#: A brick's outcome: found, missed, late (the hand passes), error ("E": a forbidden
#: proposal, or Dico said the word).
OUTCOMES = ("found", "missed", "late", "error")


class PyramideError(RefusedEvent):
    """An event Pyramide does not allow now; the message is French."""


@dataclass(frozen=True)
class BricksBid(Event):
    """Énigmes: Dico bids bricks on the next word."""

    kind: ClassVar[str] = "pyramide_bid"
    bricks: int


@dataclass(frozen=True)
class NameBid(Event):
    """Noms propres: a team (1 or 2) bids bricks on the name."""

    kind: ClassVar[str] = "pyramide_name_bid"
    team: int
    bricks: int


@dataclass(frozen=True)
class BrickPlayed(Event):
    """One brick: Dico's proposal and Syno's answer, as its outcome."""

    kind: ClassVar[str] = "pyramide_brick"
    outcome: str
    at: float


@dataclass(frozen=True)
class ErrorNoted(Event):
    """Ping-Pong: the referee marks "E" on an earlier brick of a word (both 1-based);
    play resumes at ``at``."""

    kind: ClassVar[str] = "pyramide_error_noted"
    word: int
    brick: int
    at: float


@dataclass(frozen=True)
class SolutionGiven(Event):
    """Énigmes: Syno's solution of the énigme, right or wrong."""

    kind: ClassVar[str] = "pyramide_solution"
    found: bool


@dataclass(frozen=True)
class EnigmasStopped(Event):
    """The referee ends the Énigmes before the 12th (time is up): only the first 6, 8 or 10
    count."""

    kind: ClassVar[str] = "pyramide_enigmas_stopped"


@dataclass(frozen=True)
class ClockStarted(Event):
    """The Ping-Pong's first brick, or a Grande Pyramide, starts at ``at``."""

    kind: ClassVar[str] = "pyramide_clock"
    at: float


@dataclass(frozen=True)
class ExpressionFound(Event):
    """Grandes Pyramides: Syno found the current expression."""

    kind: ClassVar[str] = "pyramide_expression"
    at: float


@dataclass(frozen=True)
class PyramidEnded(Event):
    """Grandes Pyramides: time is up, or Dico said a word to guess (``word_said``)."""

    kind: ClassVar[str] = "pyramide_ended"
    at: float
    word_said: bool = False


@dataclass(frozen=True)
class PyramidArbitrated(Event):
    """Grandes Pyramides, after a pyramid: the referee's verdict on a proposal of Dico an
    opponent contested, made during the ``expression``-th expression (1-based)."""

    kind: ClassVar[str] = "pyramide_arbitrated"
    expression: int
    forbidden: bool


for _event in (
    BricksBid,
    NameBid,
    BrickPlayed,
    ErrorNoted,
    SolutionGiven,
    EnigmasStopped,
    ClockStarted,
    ExpressionFound,
    PyramidEnded,
    PyramidArbitrated,
):
    register_event(_event)


class Phase(StrEnum):
    ENIGMES = "enigmes"
    PING_PONG = "ping_pong"
    NOMS_PROPRES = "noms_propres"
    GRANDES_PYRAMIDES = "grandes_pyramides"
    OVER = "over"


@dataclass
class WordPlay:
    """One word of an énigme: Dico's bid, its bricks' outcomes, found or lost."""

    bid: int | None = None
    outcomes: list[str] = field(default_factory=list)
    found: bool = False
    lost: bool = False
    """Over without being found (bricks spent, or an error)."""

    @property
    def done(self) -> bool:
        return self.found or self.lost

    @property
    def spent(self) -> int:
        """Bricks used: those proposed, or every brick bid when an error lost the word."""
        return (self.bid or 0) if "error" in self.outcomes else len(self.outcomes)

    @property
    def reserved(self) -> int:
        """Bricks taken from the stock: the whole bid while the word is played."""
        return self.spent if self.done else self.bid or 0


@dataclass
class Enigma:
    """One énigme: its Dico and Syno, its 5 words, the stock of bricks."""

    dico: str
    syno: str
    words: list[WordPlay] = field(default_factory=list)
    solution: bool | None = None
    """Whether Syno found the solution; None until said."""

    @property
    def stock(self) -> int:
        """Bricks neither bid on the word in play nor spent (a word found early gives back
        the rest of its bid)."""
        return ENIGMA_BRICKS - sum(word.reserved for word in self.words)

    @property
    def found(self) -> int:
        return sum(w.found for w in self.words)

    @property
    def bonus(self) -> int:
        all_found = len(self.words) == ENIGMA_WORDS and self.found == ENIGMA_WORDS
        return self.stock if all_found else 0

    @property
    def done(self) -> bool:
        return self.solution is not None

    @property
    def points(self) -> int:
        """What Dico and Syno each score."""
        return self.found + self.bonus + (1 if self.solution else 0)


@dataclass
class TeamWord:
    """A word of the Ping-Pong or a name of the Noms propres."""

    hand: int
    """The team that had the hand."""
    bricks: list[tuple[int, str]] = field(default_factory=list)
    """(team, outcome) for each brick played."""
    point_to: int | None = None
    """The team that scored it, if any."""
    done: bool = False
    bids: dict[int, int] = field(default_factory=dict)
    """Noms propres: each team's bid."""

    @property
    def turn(self) -> int:
        """Ping-Pong: the team proposing next (the teams alternate, the hand first)."""
        return self.hand if len(self.bricks) % 2 == 0 else 3 - self.hand

    @property
    def player(self) -> int:
        """Noms propres: the team that plays the name (the lowest bid)."""
        return min(self.bids, key=lambda team: (self.bids[team], team != self.hand))


@dataclass
class Pyramid:
    """One team's Grande Pyramide."""

    team: int
    started: float | None = None
    found: int = 0
    ended: float | None = None
    word_said: bool = False
    arbitrations: list[tuple[int, bool]] = field(default_factory=list)
    """(expression, forbidden) of each arbitration asked for after the pyramid."""

    @property
    def played(self) -> int:
        """Expressions Dico played: those found, and the one the pyramid stopped in."""
        return min(PYRAMID_EXPRESSIONS, self.found + 1)

    @property
    def points(self) -> int:
        """The expressions found before the first forbidden proposal, if one was upheld."""
        faults = [expression for expression, forbidden in self.arbitrations if forbidden]
        return min([self.found, *(expression - 1 for expression in faults)])


@dataclass(frozen=True, slots=True)
class SheetLine:
    """A player's line of the score sheet."""

    enigmes: int
    ping_pong: int
    noms_propres: int
    grandes_pyramides: int
    bonus: int
    solutions: int

    @property
    def total(self) -> int:
        """Bonus and solutions are inside the Énigmes column; they also break ties."""
        return self.enigmes + self.ping_pong + self.noms_propres + self.grandes_pyramides


class PyramideGame(Transactional):
    """A game of Pyramide: build it from ``GameStarted(rules="pyramide")`` with 4 players
    in two doublettes, or ``GameStarted(rules="pyramide-individuel")`` with 4 or 3 players.

    :meth:`apply` is a transaction (:class:`engine.transaction.Transactional`): a refused
    event leaves the game exactly as it was."""

    refusal = PyramideError

    def __init__(self, start: GameStarted) -> None:
        self.check_start(start)
        players = tuple(p.strip() for p in start.players)
        individuel = start.rules == INDIVIDUEL
        sizes = (3, 4) if individuel else (4,)
        if len(players) not in sizes or len(set(players)) != len(players) or not all(players):
            raise PyramideError(
                "Pyramide en individuel se joue à quatre ou à trois, aux noms différents"
                if individuel
                else "Pyramide se joue à quatre, en deux doublettes aux noms différents"
            )
        self.start = start
        self.players = players
        self.seating = individuel_seating(players) if individuel else doublette_seating(players)
        """Who is Dico and Syno of each énigme, and the teams of each team phase."""
        self.enigma_order = list(self.seating.enigmas)
        self.enigmas: list[Enigma] = [Enigma(*self.enigma_order[0])]
        self.enigmas_stopped = False
        """Whether the referee stopped the Énigmes before the 12th."""
        self.ping_pong: list[TeamWord] = []
        self.ping_pong_clock: float | None = None
        """When the current Ping-Pong brick's time started."""
        self.names: list[TeamWord] = []
        self.pyramids: list[Pyramid] = []

    # --- reading the state ----------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if not self._enigmes_done:
            return Phase.ENIGMES
        if not self._ping_pong_done:
            return Phase.PING_PONG
        if not self._names_done:
            return Phase.NOMS_PROPRES
        if len(self.pyramids) < 2 or self.pyramids[1].ended is None:
            return Phase.GRANDES_PYRAMIDES
        return Phase.OVER

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def current(self) -> Enigma | TeamWord | Pyramid | None:
        """What is being played: an énigme, a word or name, a pyramid."""
        phase = self.phase
        if phase is Phase.ENIGMES:
            return self.enigmas[-1]
        if phase is Phase.PING_PONG:
            return self.ping_pong[-1] if self.ping_pong else None
        if phase is Phase.NOMS_PROPRES:
            return self.names[-1] if self.names else None
        if phase is Phase.GRANDES_PYRAMIDES:
            return self.pyramids[-1] if self.pyramids else None
        return None

    @property
    def enigmas_counted(self) -> int:
        """How many énigmes count, from the first: those finished, or once the referee
        stopped the Énigmes, the first 10, 8 or 6 (the most the table finished), else none."""
        finished = sum(enigma.done for enigma in self.enigmas)
        if not self.enigmas_stopped:
            return finished
        return max((n for n in ENIGMAS_MAY_STOP_AFTER if n <= finished), default=0)

    @property
    def _enigmes_done(self) -> bool:
        return self.enigmas_stopped or (len(self.enigmas) == ENIGMAS and self.enigmas[-1].done)

    @property
    def _ping_pong_spent(self) -> int:
        return sum(len(word.bricks) for word in self.ping_pong)

    @property
    def _ping_pong_done(self) -> bool:
        finished = [w for w in self.ping_pong if w.done]
        return len(finished) == PING_PONG_WORDS or (
            self._ping_pong_spent == PING_PONG_BRICKS and all(w.done for w in self.ping_pong)
        )

    @property
    def _names_done(self) -> bool:
        return len(self.names) == NAMES and self.names[-1].done

    def teams(self, phase: Phase | None = None) -> Teams:
        """The two teams of a team phase (by default the phase in play, and the Ping-Pong's
        before it): who scores when the events name team 1 or 2. At a table of 3 one
        player is in both."""
        seating = self.seating
        chosen = phase or self.phase
        if chosen is Phase.NOMS_PROPRES:
            return seating.noms_propres
        if chosen is Phase.GRANDES_PYRAMIDES:
            return seating.grandes_pyramides
        return seating.ping_pong

    def ping_pong_team(self) -> int | None:
        """The team whose turn it is in the Ping-Pong."""
        if self.phase is not Phase.PING_PONG or not self.ping_pong:
            return None
        return self.ping_pong[-1].turn

    def remaining(self, now: float) -> float | None:
        """Seconds left on the running clock (a Ping-Pong brick, a pyramid), else None."""
        now = instant(now, PyramideError)
        phase = self.phase
        if phase is Phase.PING_PONG and self.ping_pong_clock is not None:
            return max(0.0, self.ping_pong_clock + PING_PONG_BRICK_SECONDS - now)
        if phase is Phase.GRANDES_PYRAMIDES and self.pyramids:
            pyramid = self.pyramids[-1]
            if pyramid.started is not None and pyramid.ended is None:
                return max(0.0, pyramid.started + PYRAMID_SECONDS - now)
        return None

    def due(self, now: float) -> Event | None:
        """What the clock owes at ``now``: a late brick, a pyramid's time up; else None."""
        if self.remaining(now) != 0:
            return None
        if self.phase is Phase.PING_PONG and self.ping_pong_clock is not None:
            return BrickPlayed("late", self.ping_pong_clock + PING_PONG_BRICK_SECONDS)
        started = self.pyramids[-1].started
        assert started is not None
        return PyramidEnded(started + PYRAMID_SECONDS)

    # --- the score sheet -------------------------------------------------------------

    def sheet(self) -> dict[str, SheetLine]:
        """Every player's line: points per phase, bonus and solutions (for ties)."""
        columns = {p: [0, 0, 0, 0, 0, 0] for p in self.players}
        for enigma in self.enigmas[: self.enigmas_counted]:
            if not enigma.done:
                continue
            for player in (enigma.dico, enigma.syno):
                columns[player][0] += enigma.points
                columns[player][4] += enigma.bonus
                columns[player][5] += 1 if enigma.solution else 0
        phase = self.phase
        seating = self.seating
        team_phases = [
            (1, self.ping_pong, phase not in (Phase.ENIGMES, Phase.PING_PONG), seating.ping_pong),
            (2, self.names, phase in (Phase.GRANDES_PYRAMIDES, Phase.OVER), seating.noms_propres),
        ]
        for column, words, finished, teams in team_phases:
            for word in words if finished else []:
                if word.point_to is not None:
                    for player in teams[word.point_to]:
                        columns[player][column] += 1
        if phase is Phase.OVER:
            for pyramid in self.pyramids:
                for player in seating.grandes_pyramides[pyramid.team]:
                    columns[player][3] += pyramid.points
        return {p: SheetLine(*c) for p, c in columns.items()}

    @property
    def scores(self) -> dict[str, int]:
        return {p: line.total for p, line in self.sheet().items()}

    def ranking(self) -> list[str]:
        """By total, then bonus points, then solution points."""
        sheet = self.sheet()
        return sorted(
            self.players,
            key=lambda p: (-sheet[p].total, -sheet[p].bonus, -sheet[p].solutions),
        )

    # --- events -----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        phase = self.phase
        if phase is Phase.OVER and isinstance(event, PyramidArbitrated):
            self._arbitrated(event)  # the second pyramid's, after the game's end
            return
        if phase is Phase.OVER:
            raise PyramideError("la partie est terminée")
        if isinstance(event, BrickPlayed) and event.outcome not in OUTCOMES:
            raise PyramideError(f"issue inconnue « {event.outcome} » ({', '.join(OUTCOMES)})")
        if isinstance(event, ErrorNoted):
            self._error_noted(event)
            return
        handlers = {
            Phase.ENIGMES: self._enigmes,
            Phase.PING_PONG: self._ping_pong,
            Phase.NOMS_PROPRES: self._noms_propres,
            Phase.GRANDES_PYRAMIDES: self._grandes_pyramides,
        }
        handlers[phase](event)

    def _enigmes(self, event: Event) -> None:
        enigma = self.enigmas[-1]
        word = enigma.words[-1] if enigma.words else None
        if isinstance(event, EnigmasStopped):
            self.enigmas_stopped = True
            if not enigma.words:
                self.enigmas.pop()  # the next one, not begun (one in play stays on the sheet)
        elif isinstance(event, BricksBid):
            if word is not None and not word.done:
                raise PyramideError("le mot en cours n'est pas fini")
            if len(enigma.words) == ENIGMA_WORDS:
                raise PyramideError("les cinq mots sont joués : reste la solution")
            words_after = ENIGMA_WORDS - len(enigma.words) - 1
            most = enigma.stock - words_after
            if not 1 <= event.bricks <= most:
                raise PyramideError(f"la mise va de 1 à {most} briques pour ce mot")
            enigma.words.append(WordPlay(bid=event.bricks))
        elif isinstance(event, BrickPlayed):
            if word is None or word.done or word.bid is None:
                raise PyramideError("Dico mise d'abord des briques sur le mot")
            word.outcomes.append(event.outcome)
            if event.outcome == "found":
                word.found = True
            elif event.outcome == "error" or len(word.outcomes) == word.bid:
                word.lost = True
        elif isinstance(event, SolutionGiven):
            if len(enigma.words) < ENIGMA_WORDS or not enigma.words[-1].done:
                raise PyramideError("la solution vient après les cinq mots")
            enigma.solution = event.found
            if len(self.enigmas) < ENIGMAS:
                self.enigmas.append(Enigma(*self.enigma_order[len(self.enigmas)]))
        else:
            raise PyramideError(_UNEXPECTED.format(phase="des Énigmes", kind=event.kind))

    def _ping_pong(self, event: Event) -> None:
        if isinstance(event, ClockStarted):
            if self.ping_pong:
                raise PyramideError("le Ping-Pong a déjà commencé")
            self.ping_pong_clock = event.at
            self.ping_pong.append(TeamWord(hand=1))
            return
        if not isinstance(event, BrickPlayed):
            raise PyramideError(_UNEXPECTED.format(phase="du Ping-Pong", kind=event.kind))
        if not self.ping_pong:
            raise PyramideError("le Ping-Pong commence avec l'horloge")
        if self.ping_pong_clock is not None and event.at < self.ping_pong_clock:
            raise PyramideError(_BEFORE)
        word = self.ping_pong[-1]
        team = word.turn
        word.bricks.append((team, event.outcome))
        self.ping_pong_clock = event.at
        next_hand = None
        if event.outcome == "found":
            word.point_to, next_hand = team, team
        elif event.outcome == "error":
            word.point_to = next_hand = 3 - team
        elif len(word.bricks) == PING_PONG_PER_WORD or self._ping_pong_spent == PING_PONG_BRICKS:
            next_hand = 3 - word.hand
        if next_hand is not None:
            self._word_over(word, next_hand)

    def _word_over(self, word: TeamWord, next_hand: int) -> None:
        """A Ping-Pong word is over: the next word, or on to the Noms propres."""
        word.done = True
        played = len(self.ping_pong)
        if played < PING_PONG_WORDS and self._ping_pong_spent < PING_PONG_BRICKS:
            self.ping_pong.append(TeamWord(hand=next_hand))
        else:  # on to the Noms propres: the second team has the hand first
            self.ping_pong_clock = None
            self.names.append(TeamWord(hand=2))

    def _error_noted(self, event: ErrorNoted) -> None:
        """An error seen a few bricks late: back to its brick, as long as the next word
        (or the Noms propres) has not begun; the bricks after it are struck out."""
        words = self.ping_pong
        last = len(words) - 1
        if self.phase is Phase.NOMS_PROPRES:
            open_word = last if len(self.names) == 1 and not self.names[0].bids else None
        elif self.phase is Phase.PING_PONG and words:
            open_word = last if words[-1].bricks else last - 1
        else:
            open_word = None
        if open_word is None or open_word < 0 or event.word - 1 != open_word:
            raise PyramideError("une erreur se rectifie avant que le mot suivant commence")
        clock = self.ping_pong_clock
        if self.phase is Phase.PING_PONG and clock is not None and event.at < clock:
            raise PyramideError(_BEFORE)
        word = words[open_word]
        if not 1 <= event.brick <= len(word.bricks):
            raise PyramideError(f"briques jouées sur ce mot : {len(word.bricks)}")
        if word is not words[-1]:
            words.pop()
        self.names.clear()
        team = word.bricks[event.brick - 1][0]
        del word.bricks[event.brick - 1 :]
        word.bricks.append((team, "error"))
        word.point_to = 3 - team
        self._word_over(word, 3 - team)
        if self.phase is Phase.PING_PONG:
            self.ping_pong_clock = event.at  # play resumes after the referee's ruling

    def _noms_propres(self, event: Event) -> None:
        name = self.names[-1]
        if isinstance(event, NameBid):
            if name.bricks:
                raise PyramideError("les enchères sont closes : le nom se joue")
            if event.team not in (1, 2):
                raise PyramideError("une équipe est la 1 ou la 2")
            if not name.bids and event.team != name.hand:
                raise PyramideError(f"l'équipe {name.hand} a la main : elle parie la première")
            if event.team in name.bids:
                raise PyramideError("une seule enchère par équipe")
            if name.bids and event.bricks >= name.bids[name.hand]:
                raise PyramideError(f"il faut parier moins de {name.bids[name.hand]} briques")
            if not 1 <= event.bricks <= NAME_BRICKS:
                raise PyramideError(f"un nom se joue en 1 à {NAME_BRICKS} briques")
            name.bids[event.team] = event.bricks
        elif isinstance(event, BrickPlayed):
            if not name.bids:
                raise PyramideError("un nom se joue après les enchères")
            team = name.player
            name.bricks.append((team, event.outcome))
            if event.outcome == "found":
                name.point_to = team
            elif event.outcome == "error" or len(name.bricks) == name.bids[team]:
                name.point_to = 3 - team
            if name.point_to is not None:
                name.done = True
                if len(self.names) < NAMES:  # the team that scored has the hand
                    self.names.append(TeamWord(hand=name.point_to))
        else:
            raise PyramideError(_UNEXPECTED.format(phase="des Noms propres", kind=event.kind))

    def _grandes_pyramides(self, event: Event) -> None:
        pyramid = self.pyramids[-1] if self.pyramids else None
        if isinstance(event, ClockStarted):
            if pyramid is not None and pyramid.ended is None:
                raise PyramideError("une Grande Pyramide est déjà en cours")
            if pyramid is not None and pyramid.ended is not None and event.at < pyramid.ended:
                raise PyramideError(_BEFORE)
            self.pyramids.append(Pyramid(team=len(self.pyramids) + 1, started=event.at))
            return
        if isinstance(event, PyramidArbitrated):
            self._arbitrated(event)
            return
        if pyramid is None or pyramid.started is None or pyramid.ended is not None:
            raise PyramideError("la Grande Pyramide commence avec l'horloge")
        if isinstance(event, ExpressionFound | PyramidEnded) and event.at < pyramid.started:
            raise PyramideError(_BEFORE)
        if isinstance(event, ExpressionFound):
            if event.at > pyramid.started + PYRAMID_SECONDS:
                raise PyramideError("trop tard : le temps est écoulé")
            pyramid.found += 1
            if pyramid.found == PYRAMID_EXPRESSIONS:
                pyramid.ended = event.at
        elif isinstance(event, PyramidEnded):
            if not event.word_said and event.at < pyramid.started + PYRAMID_SECONDS:
                raise PyramideError("le temps n'est pas écoulé")
            pyramid.ended = event.at
            pyramid.word_said = event.word_said
        else:
            raise PyramideError(_UNEXPECTED.format(phase="des Grandes Pyramides", kind=event.kind))

    def _arbitrated(self, event: PyramidArbitrated) -> None:
        """An arbitration asked for at the end of a pyramid, before the next one starts."""
        pyramid = self.pyramids[-1] if self.pyramids else None
        if pyramid is None or pyramid.ended is None:
            raise PyramideError("l'arbitrage se demande à la fin de la Grande Pyramide")
        if not 1 <= event.expression <= pyramid.played:
            raise PyramideError(
                f"la Grande Pyramide s'est jouée sur les expressions 1 à {pyramid.played}"
            )
        pyramid.arbitrations.append((event.expression, event.forbidden))


_BEFORE = "un instant ne peut précéder celui où l'horloge est partie"
_UNEXPECTED = "événement inattendu pendant l'épreuve {phase} : {kind}"
