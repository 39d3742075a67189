"""The phones as one more input of the game: their answers become engine events, applied and
saved by the UI thread (the one owner of the session), before the phone is acknowledged.

The server's thread hands each answer over through a bounded queue and waits for the UI
thread's verdict (:meth:`PhoneBridge.pump`, called every frame): saved, refused by the
rules (with the engine's French reason), or not saved (the phone is told to try again).
The round the phones see is read from the engine's state (:meth:`PhoneBridge.sync`), so a
resumed game, or a phone that reloads, finds the round where it is.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from device.web.moves import event_for, view
from device.web.table import Answer, PhoneRound, PhoneTable, Refused
from engine.best import best_numbers, best_words
from engine.dice import DiceGame
from engine.events import NumbersAnswered, RefusedEvent, WordAnswered
from engine.game import Game, GameRuleError, Phase, Round
from engine.paroles import ParolesGame
from engine.rules import RoundKind
from engine.session import Session
from engine.store import StoreError

PENDING = 64
"""Answers waiting for the UI thread at most; beyond, a phone is told to try again."""
WAIT = 3.0
"""Seconds a phone's answer waits for the UI thread before it is told to try again."""


@dataclass(frozen=True)
class _Move:
    """A phone's move in a game played move by move (the dice, the bluff game)."""

    player: str
    move: Mapping[str, Any]
    at: float


@dataclass
class _Handover:
    answer: Answer | _Move
    done: threading.Event = field(default_factory=threading.Event)
    refusal: Refused | None = None
    cancelled: bool = False


class PhoneBridge:
    """Connects a :class:`PhoneTable` to the session the UI thread plays."""

    def __init__(
        self,
        table: PhoneTable,
        session: Callable[[], Session | None],
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        self.table = table
        self.session = session
        self.wake = wake
        self.pending: queue.Queue[_Handover] = queue.Queue(PENDING)
        self._lock = threading.Lock()
        self._shown: tuple[int, int, bool] | None = None
        self._live: Mapping[str, Any] | None = None
        self.moved = False
        """A phone's move changed the game (the app then shows the screen it needs now)."""
        table.save = self.hand_over
        table.act = self.play

    # -- the server's thread ---------------------------------------------------------------

    def play(self, player: str, move: Mapping[str, Any], at: float) -> None:
        """Called by the table in the server's thread: returns once the move is played and
        saved (or raises the game's refusal)."""
        self.hand_over(_Move(player, move, at))

    def hand_over(self, answer: Answer | _Move) -> None:
        """Called by the table in the server's thread: returns once the answer is saved."""
        handover = _Handover(answer)
        try:
            self.pending.put_nowait(handover)
        except queue.Full:
            raise OSError("trop de réponses en attente") from None
        self.wake()
        if not handover.done.wait(WAIT):
            with self._lock:
                if not handover.done.is_set():
                    handover.cancelled = True
                    raise OSError("l'arbitre n'a pas répondu à temps")
        if handover.refusal is not None:
            raise handover.refusal

    # -- the UI thread ---------------------------------------------------------------------

    def pump(self) -> bool:
        """Apply the phones' waiting answers to the game; True if any was taken."""
        taken = False
        while True:
            try:
                handover = self.pending.get_nowait()
            except queue.Empty:
                return taken
            with self._lock:
                if handover.cancelled:
                    continue
                handover.refusal = self._apply(handover.answer)
                taken = taken or handover.refusal is None
                handover.done.set()

    def _apply(self, answer: Answer | _Move) -> Refused | None:
        if isinstance(answer, _Move):
            return self._play(answer)
        session = self.session()
        if session is None or not isinstance(session.game, Game):
            return Refused(409, "Cette manche n'est plus en cours")
        current = session.game.current
        if current is None or current.number != answer.round:
            return Refused(409, "Cette manche n'est plus en cours")
        event: WordAnswered | NumbersAnswered
        if current.kind is RoundKind.LETTERS:
            event = WordAnswered(answer.player, answer.text, at=answer.at)
        else:
            event = NumbersAnswered(answer.player, steps=answer.text, at=answer.at)
        try:
            session.do(event)
        except GameRuleError as error:
            return Refused(409, str(error)[:1].upper() + str(error)[1:])
        except StoreError:
            return Refused(503, "L'arbitre n'a pas pu enregistrer la réponse : réessayez")
        return None

    def _play(self, move: _Move) -> Refused | None:
        """A move played on the UI thread, judged by the engine as the touchscreen's are."""
        session = self.session()
        if session is None:
            return Refused(409, "Aucune partie en cours")
        try:
            session.do(event_for(session.game, move.player, move.move, move.at))
        except Refused as refused:
            return refused
        except RefusedEvent as error:
            return Refused(409, str(error)[:1].upper() + str(error)[1:])
        except StoreError:
            return Refused(503, "L'arbitre n'a pas pu enregistrer ce coup : réessayez")
        self.moved = True
        return None

    def sync(self) -> bool:
        """Show the phones the game's current round (opened while its hourglass runs, judged
        once it is closed), or the dice or bluff game as it stands; True if what they see
        changed."""
        session = self.session()
        live = None if session is None else view(session.game)
        if live != self._live:
            self._live = live
            self.table.show(live)
            game = None if session is None else session.game
            if isinstance(game, DiceGame | ParolesGame) and list(self.table.players) != list(
                game.players
            ):
                self.table.seat(game.players)
            return True
        if session is None or not isinstance(session.game, Game):
            return False
        game = session.game
        if list(self.table.players) != list(game.players):
            self.table.seat(game.players)
        current = game.current
        if current is not None and current.phase is Phase.RUNNING and current.started_at:
            key = (id(session), current.number, False)
            if key == self._shown:
                return False
            timer = game.timer(current)  # a sudden death's shorter hourglass too
            if current.kind not in (RoundKind.LETTERS, RoundKind.NUMBERS) or timer is None:
                return False
            draw: tuple[str, ...] | tuple[int, ...] = (
                tuple(current.letters) if current.kind is RoundKind.LETTERS else current.plates
            )
            self.table.publish(
                PhoneRound(
                    current.number,
                    "letters" if current.kind is RoundKind.LETTERS else "numbers",
                    draw,
                    current.started_at + timer.total,
                    current.target,
                    timer.writing,
                ),
                _answers_of(current),
            )
            self._shown = key
            return True
        played = [r for r in game.rounds if r.record is not None]
        if not played or self._shown is None:
            return False
        last = played[-1]
        key = (id(session), last.number, True)
        if key == self._shown or self._shown[1] != last.number:
            return False
        self.table.close(results(game, last.number))
        self._shown = key
        return True


def _answers_of(played: Round) -> dict[str, str]:
    """The answers the game holds for a round, as the phones show them."""
    answers = dict(played.words)
    for player, given in played.numbers_answers.items():
        answers[player] = given.steps or str(given.value)
    return answers


def results(game: Game, number: int) -> dict[str, Any]:
    """A judged round as the phones show it: each player's answer, points and reason."""
    played = game.rounds[number - 1]
    assert played.record is not None
    lines = []
    for player in game.players:
        answer = _answers_of(played).get(player)
        lines.append(
            {
                "joueur": player,
                "reponse": answer or "—",
                "points": played.record.points.get(player, 0),
                "raison": played.reasons.get(player, ""),
            }
        )
    best: list[str]
    if played.kind is RoundKind.LETTERS:
        best = list(best_words(played.letters).display[:5])
    elif played.target is not None:
        best = [" ; ".join(best_numbers(played.plates, played.target).best.text)]
    else:
        best = []
    return {"manche": number, "lignes": lines, "meilleures": best}
