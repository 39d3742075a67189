"""The phones as one more input of the game: their answers become engine events, applied and
saved by the UI thread (the one owner of the session), before the phone is acknowledged.

The server hands each answer over through a bounded queue and awaits the UI thread's
verdict on a future (:meth:`PhoneBridge.pump`, called every frame, applies every answer
waiting and saves them in one commit): saved, refused by the rules (with the engine's
French reason), or not saved (the phone is told to try again).
The round the phones see is read from the engine's state (:meth:`PhoneBridge.sync`), so a
resumed game, or a phone that reloads, finds the round where it is.
"""

from __future__ import annotations

import contextlib
import queue
from collections.abc import Callable, Mapping
from concurrent.futures import Future
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

PENDING = 256
"""Answers waiting for the UI thread at most; beyond, a phone is told to try again. A full
club duplicate (99 seats) answering at once stays well within it."""


@dataclass(frozen=True)
class _Move:
    """A phone's move in a game played move by move (the dice, the bluff game)."""

    player: str
    move: Mapping[str, Any]
    at: float


@dataclass
class _Handover:
    item: Answer | _Move
    future: Future[None] = field(default_factory=Future)


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
        self._shown: tuple[int, int, bool] | None = None
        self._live: Mapping[str, Any] | None = None
        self.moved = False
        """A phone's move changed the game (the app then shows the screen it needs now)."""
        table.submit = self.submit
        table.submit_move = lambda player, move, at: self.submit(_Move(player, move, at))

    # -- the server's thread ---------------------------------------------------------------

    def submit(self, item: Answer | _Move) -> Future[None]:
        """Called in the server's thread: hands an answer or a move to the UI thread, and
        returns at once. The future is done once it is saved; it fails with the game's
        :class:`Refused`, or :class:`OSError` when too many wait already. A future
        cancelled before the UI thread reaches it is never applied."""
        handover = _Handover(item)
        try:
            self.pending.put_nowait(handover)
        except queue.Full:
            handover.future.set_exception(OSError("trop de réponses en attente"))
            return handover.future
        self.wake()
        return handover.future

    # -- the UI thread ---------------------------------------------------------------------

    def pump(self) -> bool:
        """Apply the phones' waiting answers and moves to the game, all saved in one commit
        (:meth:`engine.session.Session.together`), then tell each phone its verdict; True
        if any was taken."""
        batch: list[_Handover] = []
        while True:
            try:
                handover = self.pending.get_nowait()
            except queue.Empty:
                break
            if handover.future.set_running_or_notify_cancel():  # else its phone gave up
                batch.append(handover)
        if not batch:
            return False
        verdicts: list[Exception | None] = []
        session = self.session()
        try:
            with contextlib.nullcontext() if session is None else session.together():
                for handover in batch:
                    verdicts.append(self._apply(handover.item))
        except StoreError:  # the one commit failed: none of them was taken
            verdicts = [
                verdict or _not_saved(h.item) for h, verdict in zip(batch, verdicts, strict=True)
            ]
        finally:
            # A fault of the referee's own (a bug) still leaves no phone waiting on it.
            unsettled = len(batch) - len(verdicts)
            verdicts += [OSError("l'arbitre n'a pas pu jouer ce message")] * unsettled
            for handover, verdict in zip(batch, verdicts, strict=True):
                if verdict is None:
                    handover.future.set_result(None)
                else:
                    handover.future.set_exception(verdict)
        return any(verdict is None for verdict in verdicts)

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
            return _not_saved(answer)
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
            return _not_saved(move)
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


def _not_saved(item: Answer | _Move) -> Refused:
    what = "ce coup" if isinstance(item, _Move) else "la réponse"
    return Refused(503, f"L'arbitre n'a pas pu enregistrer {what} : réessayez")


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
