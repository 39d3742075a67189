"""The table as the phones see it: seats, the round, the answers, every check.

Pure and thread-safe: the web server's thread and the pygame loop both call it, under one
lock. Nothing here knows Starlette; every refusal is a :class:`Refused` with its HTTP status
and one French sentence. The answers go to the game through ``submit``, saved *before* the
phone is told they are taken: an acknowledged answer is already on the card (issue 24).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
import unicodedata
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Literal

MAX_MESSAGE = 4096
"""Bytes of one message from a phone (an answer is a few dozen)."""
MAX_NUMBERS_ANSWER = 400
"""Characters of a numbers answer: five steps of a few characters each, with room to spare."""
RATE = 10.0
"""Messages a second a phone may send, on average (the page polls twice a second)."""
BURST = 20.0
"""Messages a phone may send at once after a quiet spell."""
MAX_CLIENTS = 256
"""Clients whose rate is remembered (the oldest forgotten first): a bounded table."""
CODE_DIGITS = 4
WAIT = 3.0
"""Seconds a phone's answer waits for the game to take it before it is told to try again."""

Kind = Literal["letters", "numbers"]
NUMBERS_CHARACTERS = frozenset("0123456789+-*/×÷xX=() \n")


class Refused(Exception):
    """A message from a phone that the table will not take: ``status`` (HTTP) and a French
    ``message`` for the phone's screen."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class PhoneRound:
    """A round as the Pi publishes it to the phones."""

    number: int
    kind: Kind
    draw: tuple[str, ...] | tuple[int, ...]
    ends_at: float
    """When the hourglass ends, on the table's clock."""
    target: int | None = None
    writing: float = 0.0
    """The hourglass's last seconds that are writing time (club play), 0 where none."""


@dataclass(frozen=True)
class Answer:
    """One player's answer to one round, with the table's time it arrived."""

    player: str
    round: int
    text: str
    at: float


@dataclass
class _Bucket:
    tokens: float
    last: float


@dataclass
class PhoneTable:
    """The seats of one game and what the phones may do with them.

    >>> table = PhoneTable(["Ana", "Bob"], code="1234")
    >>> token = table.join("1234", "Ana")
    >>> table.join("1234", "Ana")
    Traceback (most recent call last):
    ...
    device.web.table.Refused: Ana joue déjà sur un autre téléphone : l'arbitre peut libérer \
cette place
    """

    players: Sequence[str]
    clock: Callable[[], float] = time.monotonic
    code: str = ""
    speed: float = 1.0
    """The table's clock runs this many times faster than real time (``--speed``)."""
    rate_clock: Callable[[], float] = time.monotonic
    """Real seconds, for the rate cap (never accelerated)."""
    _tokens: dict[str, str] = field(default_factory=dict)
    _round: PhoneRound | None = None
    _answers: dict[str, Answer] = field(default_factory=dict)
    _results: Mapping[str, Any] | None = None
    _buckets: OrderedDict[str, _Bucket] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _live: Mapping[str, Any] | None = None
    keep: Callable[[str, Mapping[str, str]], None] | None = None
    """Writes the code and the seats' tokens where a restart of the Pi finds them
    (:class:`device.web.seats.SavedSeats`), before a phone is given its token; it raises
    :class:`OSError` if it could not, and the phone is then told to try again."""

    submit: Callable[[Answer], Future[None]] | None = None
    """Hands an answer to the game's owner (:class:`device.web.bridge.PhoneBridge`) without
    waiting: the future is done once the answer is saved where a power cut cannot take it,
    or fails with the game's :class:`Refused` or an :class:`OSError` (not saved: the phone
    is told to try again). None: answers are only held by the table."""
    submit_move: Callable[[str, Mapping[str, Any], float], Future[None]] | None = None
    """As ``submit``, for a move in a game played move by move (the dice, the bluff game):
    the player, the move, when it reached the Pi. None: no move is taken."""

    def __post_init__(self) -> None:
        if not self.code:
            self.code = "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))

    # -- seats -----------------------------------------------------------------------------

    def join(self, code: str, name: str) -> str:
        """A phone takes ``name``'s seat with the game's pairing code; its token back."""
        with self._lock:
            if not secrets.compare_digest(code.strip().encode(), self.code.encode()):
                raise Refused(403, "Code de la partie incorrect : il est affiché sur l'arbitre")
            if name not in self.players:
                raise Refused(404, f"« {name[:40]} » ne joue pas à cette table")
            if name in self._tokens:
                raise Refused(
                    409,
                    f"{name} joue déjà sur un autre téléphone : l'arbitre peut libérer cette place",
                )
            token = secrets.token_urlsafe(18)
            tokens = {**self._tokens, name: token}
            if self.keep is not None:
                try:
                    self.keep(self.code, tokens)
                except OSError:
                    raise Refused(
                        503, "L'arbitre n'a pas pu enregistrer votre place : réessayez"
                    ) from None
            self._tokens = tokens
            return token

    def restore(self, code: str, tokens: Mapping[str, str]) -> None:
        """The code and the seats kept before a restart of the Pi: the phones that had
        joined are seated again with their own tokens (until :meth:`seat` gives the table
        the game's players, when the seats of players who left are dropped)."""
        with self._lock:
            self.code = code
            self._tokens = dict(tokens)

    def seat(self, players: Sequence[str]) -> None:
        """The game's players (typed on the home screen, or a resumed game's): the seats
        become theirs; a phone whose name is no longer at the table loses its seat."""
        with self._lock:
            self.players = list(players)
            kept = {n: t for n, t in self._tokens.items() if n in self.players}
            if kept != self._tokens:
                self._tokens = kept
                self._keep()

    def free(self, name: str) -> None:
        """The referee frees a seat: its phone's token no longer works (its answers stay)."""
        with self._lock:
            if self._tokens.pop(name, None) is not None:
                self._keep()

    def _keep(self) -> None:
        """A seat given up, written down for a restart; if the disk refuses, the seat is
        still free until the Pi restarts (then its phone would be seated again)."""
        if self.keep is not None:
            with contextlib.suppress(OSError):
                self.keep(self.code, dict(self._tokens))

    def seated(self) -> list[str]:
        """The players who have a phone, in seat order."""
        with self._lock:
            return [name for name in self.players if name in self._tokens]

    def player(self, token: str) -> str:
        """Whose seat ``token`` is (refused if it is no seat's, e.g. freed by the referee)."""
        with self._lock:
            return self._player(token)

    def _player(self, token: str) -> str:
        for name, mine in self._tokens.items():
            if secrets.compare_digest(mine.encode(), token.encode()):
                return name
        raise Refused(401, "Ce téléphone n'a pas (ou plus) de place : rejoignez la partie")

    # -- the round, from the Pi ------------------------------------------------------------

    def publish(self, round_: PhoneRound, answers: Mapping[str, str] | None = None) -> None:
        """A round opens to the phones, with the ``answers`` the game already holds for it
        (after a restart of the Pi); the previous round's answers and results are cleared."""
        with self._lock:
            self._round = round_
            self._answers = {
                name: Answer(name, round_.number, text, float("nan"))
                for name, text in (answers or {}).items()
            }
            self._results = None

    def close(self, results: Mapping[str, Any]) -> None:
        """The round is judged: every phone may now see ``results`` (JSON-ready)."""
        with self._lock:
            self._results = dict(results)

    def answers(self) -> dict[str, Answer]:
        """The answers of the current round (the Pi reads them when the hourglass ends)."""
        with self._lock:
            return dict(self._answers)

    def answered(self) -> list[str]:
        """Who has answered, in seat order (the Pi's screen shows this, never what)."""
        with self._lock:
            return [name for name in self.players if name in self._answers]

    # -- messages from the phones ----------------------------------------------------------

    def allow(self, client: str) -> None:
        """The rate cap: a phone sending faster than :data:`RATE` is refused (429), alone."""
        now = self.rate_clock()
        with self._lock:
            bucket = self._buckets.pop(client, None) or _Bucket(BURST, now)
            bucket.tokens = min(BURST, bucket.tokens + (now - bucket.last) * RATE)
            bucket.last = now
            self._buckets[client] = bucket
            while len(self._buckets) > MAX_CLIENTS:
                self._buckets.popitem(last=False)
            if bucket.tokens < 1:
                raise Refused(429, "Trop de messages : patientez un instant")
            bucket.tokens -= 1

    def answer(self, token: str, message: object) -> Answer:
        """Take a phone's answer ``{"round": N, "answer": "..."}``: checked, saved, then
        acknowledged (the returned :class:`Answer`). Until the hourglass ends a player may
        change their answer: the last one saved counts. Blocks while it is saved."""
        answer, current = self._checked(token, message)
        # Saved outside the lock: the save waits for the UI thread and the disk, and the
        # other phones must not wait behind it.
        if self.submit is not None:
            _settle(self.submit(answer), "la réponse")
        self._taken(answer, current)
        return answer

    async def take(self, token: str, message: object) -> Answer:
        """:meth:`answer`, awaited in the server's event loop: the answer is handed to the
        game (``submit``) and the loop serves the other phones while it is saved; no thread
        waits on it."""
        answer, current = self._checked(token, message)
        if self.submit is not None:
            await _settled(self.submit(answer), "la réponse")
        self._taken(answer, current)
        return answer

    def _taken(self, answer: Answer, current: PhoneRound) -> None:
        with self._lock:
            if self._round is current:
                self._answers[answer.player] = answer

    def _checked(self, token: str, message: object) -> tuple[Answer, PhoneRound]:
        if not isinstance(message, dict):
            raise Refused(400, "Message illisible : attendu un objet JSON")
        number, text = message.get("round"), message.get("answer")
        if not isinstance(number, int) or isinstance(number, bool):
            raise Refused(400, "Message illisible : « round » doit être un numéro de manche")
        if not isinstance(text, str):
            raise Refused(400, "Message illisible : « answer » doit être un texte")
        with self._lock:
            now = self.clock()
            name = self._player(token)
            current = self._round
            if current is None or number != current.number or self._results is not None:
                raise Refused(409, "Cette manche n'est plus en cours")
            if now > current.ends_at:
                raise Refused(409, "Trop tard : le sablier est écoulé")
            clean = _check(current, text)
        return Answer(name, number, clean, now), current

    def state(self, token: str | None = None) -> dict[str, Any]:
        """What a phone shows now (JSON-ready): the round, who has answered, its own answer
        (never another's before the results), the results once the round is judged."""
        with self._lock:
            me = None if token is None else self._player(token)
            now = self.clock()
            current = self._round
            state: dict[str, Any] = {
                "now": now,
                "speed": self.speed,
                "players": list(self.players),
                "seated": [name for name in self.players if name in self._tokens],
                "me": me,
                "round": None,
                "answered": [name for name in self.players if name in self._answers],
                "mine": None,
                "results": self._results,
                "jeu": self._live,
            }
            if current is not None:
                state["round"] = {
                    "number": current.number,
                    "kind": current.kind,
                    "draw": list(current.draw),
                    "target": current.target,
                    "ends_at": current.ends_at,
                    "writing": current.writing,
                }
            if me is not None and me in self._answers:
                state["mine"] = self._answers[me].text
            return state

    # -- the games played move by move, and a count written step by step -------------------

    def show(self, live: Mapping[str, Any] | None) -> None:
        """The dice or bluff game as every phone sees it now (None: a game of rounds)."""
        with self._lock:
            self._live = live

    def move(self, token: str, move: Mapping[str, Any]) -> float:
        """A phone's move (its shape already checked, :func:`device.web.moves.check_move`),
        played by the game before the phone hears it is taken; the instant it arrived back.
        Blocks while it is played and saved."""
        player, now, submit = self._move_checked(token, move)
        _settle(submit(player, move, now), "ce coup")
        return now

    async def take_move(self, token: str, move: Mapping[str, Any]) -> float:
        """:meth:`move`, awaited in the server's event loop as :meth:`take` is."""
        player, now, submit = self._move_checked(token, move)
        await _settled(submit(player, move, now), "ce coup")
        return now

    def _move_checked(
        self, token: str, move: Mapping[str, Any]
    ) -> tuple[str, float, Callable[[str, Mapping[str, Any], float], Future[None]]]:
        with self._lock:
            now = self.clock()
            player = self._player(token)
            submit = self.submit_move
            if self._live is None or submit is None:
                raise Refused(409, "Aucun jeu ne se joue coup par coup en ce moment")
            if move.get("tour") != self._live.get("tour"):  # said before the game moved on
                raise Refused(409, "Le jeu a avancé : regardez de nouveau votre écran")
        return player, now, submit

    def plates(self, token: str, number: object) -> tuple[int, ...]:
        """The plates of round ``number``, if it is the numbers round in play (for the live
        check of a count written on ``token``'s phone)."""
        if not isinstance(number, int) or isinstance(number, bool):
            raise Refused(400, "Message illisible : « round » doit être un numéro de manche")
        with self._lock:
            self._player(token)
            current = self._round
            if current is None or current.number != number or current.kind != "numbers":
                raise Refused(409, "Cette manche n'est plus en cours")
            return tuple(int(n) for n in current.draw)


_NOT_SAVED = "L'arbitre n'a pas pu enregistrer {} : réessayez"


def _settle(future: Future[None], what: str) -> None:
    """Wait (in a thread) for a handed-over answer or move: its verdict, or 503."""
    try:
        try:
            future.result(WAIT)
        except TimeoutError:
            if future.cancel():  # never applied: the phone may send it again
                raise OSError("l'arbitre n'a pas répondu à temps") from None
            future.result()  # being applied now: its verdict is a moment away
    except OSError:
        raise Refused(503, _NOT_SAVED.format(what)) from None


async def _settled(future: Future[None], what: str) -> None:
    """:func:`_settle` in the event loop: awaited, no thread held."""
    waited = asyncio.wrap_future(future)
    try:
        try:
            await asyncio.wait_for(asyncio.shield(waited), WAIT)
        except TimeoutError:
            if future.cancel():
                raise OSError("l'arbitre n'a pas répondu à temps") from None
            await waited
    except OSError:
        raise Refused(503, _NOT_SAVED.format(what)) from None


def _check(current: PhoneRound, text: str) -> str:
    """The answer's text as the game takes it, or the French reason it cannot be one."""
    if current.kind == "letters":
        word = "".join(
            c
            for c in unicodedata.normalize("NFD", text.strip().upper())
            if not unicodedata.combining(c)
        )
        if not word:
            raise Refused(422, "Le mot est vide")
        if not (word.isascii() and word.isalpha()):
            raise Refused(422, "Un mot ne s'écrit qu'avec des lettres")
        if len(word) > len(current.draw):
            raise Refused(422, f"Au plus {len(current.draw)} lettres")
        missing = Counter(word) - Counter(str(letter).upper() for letter in current.draw)
        if missing:
            letter = sorted(missing)[0]
            raise Refused(422, f"La lettre {letter} n'est pas (assez) dans le tirage")
        return word
    text = text.strip()
    if len(text) > MAX_NUMBERS_ANSWER:
        raise Refused(422, f"Calcul trop long ({MAX_NUMBERS_ANSWER} caractères au plus)")
    odd = sorted(set(text) - NUMBERS_CHARACTERS)
    if odd:
        raise Refused(422, f"Caractère « {odd[0]} » inattendu dans un calcul")
    return text
