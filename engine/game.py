"""A game of "Des chiffres et des lettres" as a state machine driven by events.

``Game.apply(event)`` checks the event against the rules and the round's phase, then
updates the state, or raises :class:`GameRuleError` (a French sentence) and changes
nothing. The state is only ever the result of the events, so a saved game is its event
list and resuming is replaying it (:func:`engine.games.replay`). Time comes in the events
(``TimerStarted.at``): the engine never reads a clock, the caller's clock is injected.

A round goes: ``DRAW`` (waiting for the plates or letters) -> ``READY`` (draw known) ->
``RUNNING`` (timer on; answers may already come in) -> ``ANSWERS`` (time is up) -> closed
and scored, then the next round. Duels and sprint questions have no draw: they start READY.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.duels import DUELS, SPRINT_DRAWS, chain_of, chooses_first
from engine.events import (
    AnswerUndone,
    DuelChosen,
    DuelDecided,
    Event,
    GameStarted,
    LettersDrawn,
    NumbersAnswered,
    NumbersDrawn,
    PlayerAbsent,
    RefusedEvent,
    RoundClosed,
    TimerStarted,
    TimerStopped,
    ValueConfirmed,
    WordAnswered,
)
from engine.judge import judge_numbers, judge_word
from engine.letters import check_letters
from engine.ranking import RoundRecord, ranking, totals
from engine.records import letters_record, numbers_record
from engine.rules import Composition, RoundKind, RuleSet, Timer, rule_set, sudden_death_timer
from engine.scoring import (
    NumbersAnswer,
    WordAnswer,
    duel,
)
from engine.transaction import malformed
from solver.lexicon import normalise
from solver.plates import InvalidDraw, check_plates, check_target

#: Seconds the referee has, after a duel's hourglass ran out, to tap the verdict of an
#: answer given in time (``docs/rulings.md``).
VERDICT_GRACE = 3.0


class GameRuleError(RefusedEvent):
    """An event the rules or the round's phase do not allow; the message is French."""


def _check_fields(event: Event) -> None:
    """Refuse, with this engine's own error, an event whose fields are not of their
    declared types (a NaN or infinite time, a number given as text...): the check the
    boxes' engines make too (:func:`engine.transaction.malformed`)."""
    problem = malformed(event)
    if problem is not None:
        raise GameRuleError(f"événement mal formé ({problem})")


class Phase(StrEnum):
    DRAW = "draw"
    READY = "ready"
    RUNNING = "running"
    ANSWERS = "answers"
    OVER = "over"


@dataclass
class Round:
    """One round being played, or played."""

    number: int
    """1-based position in the game."""
    kind: RoundKind
    composition: Composition | None = None
    phase: Phase = Phase.DRAW
    plates: tuple[int, ...] = ()
    target: int | None = None
    letters: str = ""
    started_at: float | None = None
    stopped_at: float | None = None
    numbers_answers: dict[str, NumbersAnswered] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)
    confirmed: dict[str, bool] = field(default_factory=dict)
    entries: list[str] = field(default_factory=list)
    """Players in the order their answers came in (for undo)."""
    record: RoundRecord | None = None
    reasons: dict[str, str] = field(default_factory=dict)
    """Why each refused answer was refused, once the round is scored."""
    judged_numbers: dict[str, NumbersAnswer] = field(default_factory=dict)
    judged_words: dict[str, WordAnswer] = field(default_factory=dict)
    """The judged answers of the players present, once the round is scored."""
    timer: Timer | None = None
    """This round's own hourglass, when not the rule set's (sudden death's shorter ones)."""
    challenge: str = ""
    """A duel's or sprint's choice (:class:`DuelChosen`), "" until it is made; its draw is
    in :attr:`letters`, or :attr:`plates` and :attr:`target`, or :attr:`chain`."""
    chain: tuple[int, ...] = ()
    """The six numbers of a "calcul mental" duel (:func:`engine.duels.chain_of`)."""
    chooser: str | None = None
    """Who chooses a sprint's draw: the lower score before the sprint, then the other."""
    verdict: DuelDecided | None = None
    """The referee's verdict on a duel or sprint, once given (shown again after a cut)."""

    def copy(self) -> Round:
        """A copy whose containers are its own (what they hold is immutable)."""
        return dataclasses.replace(
            self,
            numbers_answers=dict(self.numbers_answers),
            words=dict(self.words),
            confirmed=dict(self.confirmed),
            entries=list(self.entries),
            reasons=dict(self.reasons),
            judged_numbers=dict(self.judged_numbers),
            judged_words=dict(self.judged_words),
        )


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    """What :meth:`Game.apply` puts back when an event is refused."""

    rounds: int
    current: Round | None
    absent: set[str]
    extra: int
    rng: tuple[object, ...]
    reopen: tuple[Round, int, int, tuple[Any, ...]] | None


class Game:
    """The state of one game, built from its ``GameStarted`` (replayed by
    :func:`engine.games.replay`)."""

    def __init__(
        self,
        start: GameStarted,
        rules: RuleSet | None = None,
        plan: Sequence[Composition | None] | None = None,
    ) -> None:
        """``rules`` and ``plan`` (the letters rounds' compositions in order) replace the
        rule set ``start`` names and its seeded deal: ``arbitre score`` plays a file's rounds
        in the file's order through this same engine (:mod:`engine.replay`)."""
        if not isinstance(start, GameStarted):
            raise GameRuleError("une partie commence par GameStarted")
        _check_fields(start)
        try:
            self.rules: RuleSet = rules or rule_set(start.rules)
        except ValueError as error:
            raise GameRuleError(str(error)) from None
        players = tuple(p.strip() for p in start.players)
        low, high = self.rules.players
        if not low <= len(players) <= high:
            raise GameRuleError(f"il faut de {low} à {high} joueurs, pas {len(players)}")
        if any(not p for p in players) or len(set(players)) != len(players):
            raise GameRuleError("chaque joueur a un nom, et deux joueurs pas le même")
        self.start = start
        self.players = players
        self.absent: set[str] = set()
        self.rounds: list[Round] = []
        self._rng = random.Random(start.seed)
        self._plan = self.rules.letter_plan(self._rng) if plan is None else list(plan)
        self._extra = 0
        self._reopen: tuple[Round, int, int, tuple[Any, ...]] | None = None
        """The last scored round as it stood before its scoring, with the number of rounds,
        the extra-round counter and the random state then: what taking back one of its
        answers puts back (:meth:`_reopen_last`)."""
        self._open_round(0)

    def _kind_at(self, index: int) -> RoundKind | None:
        order = self.rules.order
        if index < len(order):
            return order[index]
        return None

    def _open_round(
        self, index: int, kind: RoundKind | None = None, timer: Timer | None = None
    ) -> None:
        kind = kind or self._kind_at(index)
        if kind is None:
            return
        composition = None
        if kind is RoundKind.LETTERS:
            letters_before = sum(1 for r in self.rounds if r.kind is RoundKind.LETTERS)
            if letters_before < len(self._plan):
                composition = self._plan[letters_before]
            elif self.rules.letter_compositions:
                composition = Composition(5, 5)  # tie-break rounds: 5C/5V only
        phase = Phase.READY if kind in (RoundKind.DUEL, RoundKind.SPRINT) else Phase.DRAW
        chooser = self._sprint_chooser() if kind is RoundKind.SPRINT else None
        self.rounds.append(Round(index + 1, kind, composition, phase, timer=timer, chooser=chooser))

    def _sprint_chooser(self) -> str:
        """The first sprint's draw is chosen by the lower score (the show: "en commençant
        par celui dont le score est le plus faible"), the next one by the other player."""
        first = next((r.chooser for r in self.rounds if r.kind is RoundKind.SPRINT), None)
        if first is None:
            return chooses_first(self.scores)
        return next(p for p in self.players if p != first)

    # --- reading ------------------------------------------------------------------

    @property
    def current(self) -> Round | None:
        """The round in play, or None when the game is over."""
        if self.rounds and self.rounds[-1].record is None:
            return self.rounds[-1]
        return None

    @property
    def phase(self) -> Phase:
        current = self.current
        return current.phase if current else Phase.OVER

    @property
    def over(self) -> bool:
        return self.current is None

    @property
    def records(self) -> list[RoundRecord]:
        return [r.record for r in self.rounds if r.record is not None]

    @property
    def scores(self) -> dict[str, int]:
        return totals(self.players, self.records)

    def ranking(self) -> list[str]:
        return ranking(
            self.players, self.records, self.rules.ranking_keys, random.Random(self.start.seed)
        )

    def sprint_draws(self, played: Round) -> tuple[str, ...]:
        """The prepared draws a sprint round may take: both in the first sprint, the one
        the first did not take in the second ("deux tirages préparés", one each)."""
        taken = {
            r.challenge
            for r in self.rounds
            if r.kind is RoundKind.SPRINT and r.number < played.number
        }
        return tuple(d for d in SPRINT_DRAWS if d not in taken) or SPRINT_DRAWS

    def undoable(self) -> tuple[str, ...]:
        """The players whose answer the referee may take back now, in seat order: in the
        round in play or, before anything of the next round has happened, in the round
        just scored (see :class:`AnswerUndone`)."""
        current = self.current
        if current is None or _untouched(current):
            entries = self._reopen[0].entries if self._reopen is not None else []
        else:
            entries = current.entries
        return tuple(p for p in self.players if p in entries)

    def remaining(self, now: float) -> float | None:
        """Seconds left on the current round's timer (search + writing), or None."""
        current = self.current
        if current is None or current.started_at is None:
            return None
        timer = self.timer(current)
        if timer is None:
            return None
        end = current.stopped_at if current.stopped_at is not None else now
        return max(0.0, timer.total - (end - current.started_at))

    # --- applying events ----------------------------------------------------------

    def state(self) -> tuple[object, ...]:
        """Everything the events decide, as one comparable value: two games with equal
        states play on alike (the property tests compare a live game with its replay)."""
        return (
            self.start,
            self.players,
            frozenset(self.absent),
            tuple(self.rounds),
            self._extra,
            self._rng.getstate(),
        )

    def apply(self, event: Event) -> None:
        """Apply one event, or raise :class:`GameRuleError` and change nothing.

        Every event is a transaction: the handlers check before they assign, and should
        one of them fail half-way all the same, what it may have touched (the round in
        play, the rounds it opened, the absent players, the extra-round counter and the
        random draws) is put back. A refused event is not saved, so a game that kept its
        effect could no longer be rebuilt from its saved events.
        """
        checkpoint = self._checkpoint()
        try:
            self._apply(event)
        except BaseException:
            self._restore(checkpoint)
            raise

    def _checkpoint(self) -> _Checkpoint:
        current = self.current
        return _Checkpoint(
            len(self.rounds),
            None if current is None else current.copy(),
            set(self.absent),
            self._extra,
            self._rng.getstate(),
            self._reopen,
        )

    def _restore(self, checkpoint: _Checkpoint) -> None:
        del self.rounds[checkpoint.rounds :]
        if checkpoint.current is not None:  # in place: a screen may hold the round
            for name in (f.name for f in dataclasses.fields(Round)):
                setattr(self.rounds[-1], name, getattr(checkpoint.current, name))
        self.absent.clear()
        self.absent.update(checkpoint.absent)
        self._extra = checkpoint.extra
        self._rng.setstate(checkpoint.rng)
        self._reopen = checkpoint.reopen

    def _apply(self, event: Event) -> None:
        if not isinstance(event, Event):
            raise GameRuleError(f"ce n'est pas un événement : {type(event).__name__}")
        _check_fields(event)
        current = self.current
        if isinstance(event, PlayerAbsent):
            self._player(event.player)
            (self.absent.add if event.absent else self.absent.discard)(event.player)
            return
        if isinstance(event, AnswerUndone) and (current is None or _untouched(current)):
            self._reopen_last(event)
            return
        if current is None:
            raise GameRuleError("la partie est terminée")
        handler = {
            NumbersDrawn: self._numbers_drawn,
            LettersDrawn: self._letters_drawn,
            TimerStarted: self._timer_started,
            TimerStopped: self._timer_stopped,
            NumbersAnswered: self._numbers_answered,
            ValueConfirmed: self._value_confirmed,
            WordAnswered: self._word_answered,
            AnswerUndone: self._answer_undone,
            DuelChosen: self._duel_chosen,
            DuelDecided: self._duel_decided,
            RoundClosed: self._round_closed,
        }.get(type(event))
        if handler is None:
            raise GameRuleError(f"événement inattendu : {event.kind}")
        handler(current, event)

    def _player(self, name: str) -> str:
        if name not in self.players:
            raise GameRuleError(f"{name} ne joue pas dans cette partie")
        return name

    def _expect(self, current: Round, kinds: Iterable[RoundKind], phases: Iterable[Phase]) -> None:
        if current.kind not in kinds:
            raise GameRuleError(f"la manche {current.number} est une manche « {current.kind} »")
        if current.phase not in phases:
            raise GameRuleError(f"impossible maintenant (étape : {current.phase})")

    def _numbers_drawn(self, current: Round, event: Event) -> None:
        assert isinstance(event, NumbersDrawn)
        self._expect(current, [RoundKind.NUMBERS], [Phase.DRAW, Phase.READY])
        try:
            plates = check_plates(event.plates)
            target = check_target(event.target, self.rules.targets)
        except InvalidDraw as error:
            raise GameRuleError(str(error)) from None
        current.plates, current.target, current.phase = plates, target, Phase.READY

    def _letters_drawn(self, current: Round, event: Event) -> None:
        assert isinstance(event, LettersDrawn)
        self._expect(current, [RoundKind.LETTERS], [Phase.DRAW, Phase.READY])
        try:
            current.letters = check_letters(
                event.letters, self.rules.min_vowels, current.composition
            )
        except ValueError as error:
            raise GameRuleError(str(error)) from None
        current.phase = Phase.READY

    def _timer_started(self, current: Round, event: Event) -> None:
        assert isinstance(event, TimerStarted)
        self._expect(current, RoundKind, [Phase.READY])
        current.started_at = event.at
        current.phase = Phase.RUNNING

    def _timer_stopped(self, current: Round, event: Event) -> None:
        assert isinstance(event, TimerStopped)
        self._expect(current, RoundKind, [Phase.RUNNING])
        assert current.started_at is not None
        if event.at < current.started_at:
            raise GameRuleError("le sablier ne peut s'arrêter avant d'avoir été retourné")
        current.stopped_at = event.at
        current.phase = Phase.ANSWERS

    def _answering(
        self, current: Round, kind: RoundKind, player: str, at: float | None = None
    ) -> None:
        self._expect(current, [kind], [Phase.RUNNING, Phase.ANSWERS])
        self._player(player)
        if player in self.absent:
            raise GameRuleError(f"{player} est absent")
        end = self._hourglass_end(current)
        if at is not None and end is not None and current.phase is Phase.RUNNING and at > end:
            raise GameRuleError(f"le sablier est écoulé depuis {at - end:.0f} s : réponse refusée")

    def _hourglass_end(self, current: Round) -> float | None:
        """When the round's time runs out, once its hourglass is turned."""
        timer = self.timer(current)
        if current.started_at is None or timer is None:
            return None
        return current.started_at + timer.total

    def timer(self, played: Round) -> Timer | None:
        """The hourglass of a round (None: the round is not timed)."""
        return played.timer or self.rules.timers.get(played.kind)

    def _numbers_answered(self, current: Round, event: Event) -> None:
        assert isinstance(event, NumbersAnswered)
        self._answering(current, RoundKind.NUMBERS, event.player, event.at)
        if event.value is None and not (event.steps or "").strip():
            raise GameRuleError("une réponse donne une valeur ou des étapes")
        current.numbers_answers[event.player] = event
        current.confirmed.pop(event.player, None)
        current.entries.append(event.player)

    def _value_confirmed(self, current: Round, event: Event) -> None:
        assert isinstance(event, ValueConfirmed)
        self._answering(current, RoundKind.NUMBERS, event.player)
        if event.player not in current.numbers_answers:
            raise GameRuleError(f"{event.player} n'a rien proposé")
        current.confirmed[event.player] = event.confirmed

    def _word_answered(self, current: Round, event: Event) -> None:
        assert isinstance(event, WordAnswered)
        self._answering(current, RoundKind.LETTERS, event.player, event.at)
        if not event.word.strip():
            raise GameRuleError("le mot est vide")
        if len(normalise(event.word)) > len(current.letters):
            raise GameRuleError(
                f"un mot a au plus {len(current.letters)} lettres, autant que le tirage"
            )
        current.words[event.player] = event.word
        current.entries.append(event.player)

    def _undone_player(self, played: Round, event: AnswerUndone) -> str:
        """Whose answer ``event`` takes back from ``played``, or GameRuleError."""
        if not played.entries:
            raise GameRuleError("aucune réponse à annuler")
        if event.player is not None:
            player = self._player(event.player)
            if player not in played.entries:
                raise GameRuleError(f"{player} n'a pas de réponse à annuler")
            return player
        player = played.entries[-1]
        if player in played.entries[:-1]:  # an earlier answer of the same player would return
            raise GameRuleError("seule la dernière réponse d'un joueur peut être annulée")
        return player

    def _answer_undone(self, current: Round, event: Event) -> None:
        """The player's answer is gone (all of it: a second answer had replaced the
        first); that player answers again."""
        assert isinstance(event, AnswerUndone)
        player = self._undone_player(current, event)
        current.entries[:] = [p for p in current.entries if p != player]
        current.numbers_answers.pop(player, None)
        current.confirmed.pop(player, None)
        current.words.pop(player, None)

    def _reopen_last(self, event: AnswerUndone) -> None:
        """Take back an answer of the round just scored, before anything of the next round
        happened (or at the end of the game): the referee saw a wrong entry on the result
        screen. That round is back in its answers, as it was before its scoring, less the
        answer taken back; the round opened after it is gone. Checked first, then changed."""
        saved = self._reopen
        if saved is None:
            raise GameRuleError("aucune réponse à annuler")
        played, count, extra, rng = saved
        self._undone_player(played, event)
        played = copy.deepcopy(played)
        del self.rounds[count - 1 :]
        self.rounds.append(played)
        self._extra = extra
        self._rng.setstate(rng)
        self._reopen = None
        self._answer_undone(played, event)

    def _duel_chosen(self, current: Round, event: Event) -> None:
        """The duel the referee chose, or the sprint draw the player whose turn it is took,
        with its draw; once per round, before its hourglass."""
        assert isinstance(event, DuelChosen)
        self._expect(current, [RoundKind.DUEL, RoundKind.SPRINT], [Phase.READY])
        sprint = current.kind is RoundKind.SPRINT
        if current.challenge:
            what = "le tirage" if sprint else "le duel"
            raise GameRuleError(f"{what} est déjà choisi")
        allowed = self.sprint_draws(current) if sprint else DUELS
        if event.challenge not in allowed:
            if sprint and event.challenge in SPRINT_DRAWS:
                left = _DRAW_NAMES[allowed[0]]
                raise GameRuleError(f"ce tirage a déjà été joué : il reste celui de {left}")
            raise GameRuleError(f"« {event.challenge} » n'est pas un choix de cette manche")
        needs = _MATERIAL[event.challenge]
        given = {
            name
            for name, value in (
                ("letters", event.letters),
                ("plates", event.plates or event.target is not None),
                ("chain", event.chain),
            )
            if value
        }
        if given != needs:
            raise GameRuleError(f"« {event.challenge} » ne va pas avec ce tirage")
        letters, target = "", None
        plates: tuple[int, ...] = ()
        try:
            if "letters" in needs:
                letters = check_letters(event.letters, self.rules.min_vowels)
            if "plates" in needs:
                plates = check_plates(event.plates)
                target = check_target(event.target or 0, self.rules.targets)
            if "chain" in needs:
                chain_of(event.chain)
        except ValueError as error:  # IllegalStep and InvalidDraw are ValueErrors
            raise GameRuleError(str(error)) from None
        current.challenge, current.letters, current.chain = event.challenge, letters, event.chain
        current.plates, current.target = plates, target

    def _duel_decided(self, current: Round, event: Event) -> None:
        assert isinstance(event, DuelDecided)
        self._expect(
            current, [RoundKind.DUEL, RoundKind.SPRINT], [Phase.READY, Phase.RUNNING, Phase.ANSWERS]
        )
        for name in (event.winner, event.wrong):
            if name is not None:
                self._player(name)
        end = self._hourglass_end(current)
        named = event.winner is not None or event.wrong is not None
        ran_out = current.stopped_at is None or end is None or current.stopped_at >= end
        late = event.at is not None and end is not None and event.at > end + VERDICT_GRACE
        if named and ran_out and late:
            timer = self.timer(current)
            assert timer is not None
            raise GameRuleError(
                f"personne n'a répondu dans les {timer.total:.0f} secondes : aucun point"
            )
        try:
            points = duel(list(self.players), event.winner, event.wrong)
        except ValueError as error:
            raise GameRuleError(str(error)) from None
        current.verdict = event
        self._close(current, RoundRecord(current.kind, points))

    def _round_closed(self, current: Round, event: Event) -> None:
        if current.kind in (RoundKind.DUEL, RoundKind.SPRINT):
            self._expect(current, [current.kind], [Phase.READY, Phase.RUNNING, Phase.ANSWERS])
            self._close(current, RoundRecord(current.kind, duel(list(self.players))))
            return
        self._expect(current, [current.kind], [Phase.ANSWERS])
        if current.kind is RoundKind.NUMBERS:
            self._close(current, self._score_numbers(current))
        else:
            self._close(current, self._score_letters(current))

    def _present(self) -> list[str]:
        """The players whose answers are scored: those at the table, except in two-player
        rules, where an absent player counts as giving nothing (a duel needs two sides)."""
        if self.rules.players[1] == 2:
            return list(self.players)
        return [p for p in self.players if p not in self.absent]

    def _score_numbers(self, current: Round) -> RoundRecord:
        """The round's record; fills the round's judged answers and reasons only once
        nothing can be refused any more (the caller closes the round next)."""
        assert current.target is not None
        written_only = self.rules.written_counts_only
        pending = [
            p
            for p, a in current.numbers_answers.items()
            if not (a.steps or "").strip() and p not in current.confirmed and not written_only
        ]
        if pending:
            raise GameRuleError(f"valeur à confirmer par l'arbitre : {', '.join(pending)}")
        answers: dict[str, NumbersAnswer] = {}
        reasons: dict[str, str] = {}
        for player in self._present():
            given = current.numbers_answers.get(player)
            if given is None:
                answers[player] = NumbersAnswer()
                continue
            if current.confirmed.get(player) is False and not written_only:
                answers[player] = NumbersAnswer(given.value, error=True)
                reasons[player] = "valeur refusée par l'arbitre"
                continue
            judged = judge_numbers(
                current.plates, current.target, given.value, given.steps, written_only
            )
            answers[player] = judged.answer
            if judged.reason:
                reasons[player] = judged.reason
        record = numbers_record(self.rules, current.plates, current.target, answers)
        current.judged_numbers, current.reasons = answers, reasons
        return self._everyone(record)

    def _score_letters(self, current: Round) -> RoundRecord:
        """As :meth:`_score_numbers`, for a letters round."""
        answers: dict[str, WordAnswer] = {}
        reasons: dict[str, str] = {}
        for player in self._present():
            word = current.words.get(player)
            if word is None:
                answers[player] = WordAnswer()
                continue
            answer, reason = judge_word(current.letters, word, accents=self.rules.accents)
            answers[player] = answer
            if reason:
                reasons[player] = reason
        record = letters_record(self.rules, current.letters, answers)
        current.judged_words, current.reasons = answers, reasons
        return self._everyone(record)

    def _everyone(self, record: RoundRecord) -> RoundRecord:
        """The record with absent players at 0 points."""
        points = {p: record.points.get(p, 0) for p in self.players}
        return dataclasses.replace(record, points=points)

    def _close(self, current: Round, record: RoundRecord) -> None:
        self._reopen = None
        if current.kind in (RoundKind.NUMBERS, RoundKind.LETTERS):
            before = dataclasses.replace(
                copy.deepcopy(current), reasons={}, judged_numbers={}, judged_words={}
            )
            self._reopen = (before, len(self.rounds), self._extra, self._rng.getstate())
        current.record = record
        self._next_round(current.number)

    def _next_round(self, played: int) -> None:
        """Open the round after ``played`` rounds, if any. A club match tied after its
        regular rounds plays the extension (one numbers, one letters round) in full,
        then, still tied, sudden death: one draw at a time, numbers or letters by lot and
        then alternately, each with less search time, until a draw breaks the tie."""
        if played < len(self.rules.order):
            self._open_round(played)
            return
        ties = self.rules.tie_rounds
        if not ties:
            return
        extra = self._extra
        if not 0 < extra < len(ties):  # the extension, once begun, is played in full
            scores = sorted(self.scores.values(), reverse=True)
            if len(scores) < 2 or scores[0] != scores[1]:
                return
        timer = None
        if extra < len(ties):
            kind = ties[extra]
        else:  # sudden death: alternate, starting with the kind drawn by lot
            first = self._rng.choice(ties) if extra == len(ties) else None
            previous = self.rounds[-1].kind
            kind = first or (ties[0] if previous is ties[1] else ties[1])
            timer = sudden_death_timer(self.rules.timers[kind], extra - len(ties) + 1)
        self._extra += 1
        self._open_round(played, kind, timer)


_MATERIAL: dict[str, set[str]] = {
    "calcul": {"chain"},
    "un-dans-autre": {"letters"},
    "autre": set(),
    "sprint-numbers": {"plates"},
    "sprint-letters": {"letters"},
}
"""What each choice of :class:`DuelChosen` carries."""
_DRAW_NAMES = {"sprint-numbers": "chiffres", "sprint-letters": "lettres"}


def _untouched(current: Round) -> bool:
    """Nothing of the round in play has happened yet: no draw, no hourglass, no answer,
    no duel chosen."""
    return (
        current.started_at is None
        and not (current.letters or current.plates or current.entries or current.challenge)
        and current.phase in (Phase.DRAW, Phase.READY)
    )
