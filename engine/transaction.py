"""Events applied as transactions, and events checked field by field, for the boxes' engines.

A refused event must leave a game exactly as it was: a saved game is the list of its
accepted events, and the live state must always be what replaying that list gives (issue
25: a handler that changed the state before refusing made saved games unresumable).
Rather than trusting each handler to check everything before it assigns anything,
:class:`Transactional` pickles the game's state before every event and, when the event is
refused (or a bug raises) and the state's bytes changed, puts that copy back: the state is
then exactly what it was, whatever the handler did first. Pickling (C code) is 5 to 20
times as fast as ``copy.deepcopy`` on these states; the game's objects are all plain
dataclasses of the engine and the solver, nothing foreign, and the bytes never leave memory.

Events come from the screens, from saved games (JSON) and from the command line, so their
fields may hold anything. :func:`malformed` checks each field against the event's own type
hints before any handler sees it: a count must be an integer (not ``True``, not ``2.5``),
an instant a finite number (not NaN, not infinity), a text a string. The engine then
refuses the event with its own French message, never another exception.

The snapshot of a whole game costs tens of microseconds (Sloubi, Pyramide) to a few tenths
of a millisecond (a dice game's shortest words, a bluff game's revealed hands); see
``bench/fuzz_boxes.py``.
"""

from __future__ import annotations

import dataclasses
import math
import pickle
import types
import typing
from typing import Any, ClassVar, Union

from engine.events import Event, RefusedEvent

#: The largest number an event's field may hold, in magnitude: about 31,700 years of
#: seconds. Beyond it arithmetic on instants loses the units (1e300 + 10 == 1e300) and a
#: huge integer would not even serialise (Python caps ``str(int)`` at 4,300 digits).
LARGEST = 1e12
#: The longest text an event's field may hold (a word, a hand, a player's name).
LONGEST_TEXT = 200

_HINTS: dict[type[Event], dict[str, Any]] = {}


def _hints(cls: type[Event]) -> dict[str, Any]:
    if cls not in _HINTS:
        hints = typing.get_type_hints(cls)
        _HINTS[cls] = {f.name: hints[f.name] for f in dataclasses.fields(cls)}
    return _HINTS[cls]


def _problem(value: object, hint: Any) -> str | None:
    """Why ``value`` is not of type ``hint`` (French), or None."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        problems = [_problem(value, option) for option in options if option is not type(None)]
        return None if None in problems else problems[0]
    if origin is tuple:
        (item, _) = typing.get_args(hint)
        if not isinstance(value, tuple):
            return "une liste est attendue"
        return next((p for p in (_problem(v, item) for v in value) if p is not None), None)
    if hint is bool:
        return None if isinstance(value, bool) else "oui ou non est attendu"
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            return "un nombre entier est attendu"
        return None if abs(value) <= LARGEST else "nombre démesuré"
    if hint is float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            return "un nombre est attendu"
        if isinstance(value, int):
            return None if abs(value) <= LARGEST else "nombre démesuré"
        return None if math.isfinite(value) and abs(value) <= LARGEST else "nombre non fini"
    if hint is str:
        if not isinstance(value, str):
            return "un texte est attendu"
        if len(value) > LONGEST_TEXT:
            return f"texte de plus de {LONGEST_TEXT} caractères"
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "texte illisible"
        return None
    raise TypeError(f"no check for a field of type {hint!r}")  # a new event's field: add one


def malformed(event: Event) -> str | None:
    """Why ``event`` cannot be an event of its kind (French), or None when every field is
    of its declared type, every number finite and of sane size.

    >>> from engine.events import TimerStarted
    >>> malformed(TimerStarted(12.5)) is None, malformed(TimerStarted(float("nan")))
    (True, 'timer_started, champ « at » : nombre non fini')
    """
    for name, hint in _hints(type(event)).items():
        problem = _problem(getattr(event, name), hint)
        if problem is not None:
            return f"{event.kind}, champ « {name} » : {problem}"
    return None


def instant(now: object, refusal: type[RefusedEvent]) -> float:
    """A clock reading given to a query (``count_shown``, ``due``...), or ``refusal``."""
    if isinstance(now, bool) or not isinstance(now, int | float):
        raise refusal(f"instant invalide : {str(now)[:40]}")
    if (isinstance(now, int) or math.isfinite(now)) and abs(now) <= LARGEST:
        return float(now)
    raise refusal(f"instant invalide : {str(now)[:40]}")


class Transactional:
    """Base of the boxes' engines: :meth:`apply` is all or nothing.

    A subclass names its refusal (its :class:`RefusedEvent` subclass) and implements
    :meth:`_apply`, which may assign and refuse in any order: a refusal puts the state back.
    """

    refusal: ClassVar[type[RefusedEvent]] = RefusedEvent

    def apply(self, event: Event) -> None:
        """Check ``event`` against the rules and apply it, or raise :attr:`refusal` and
        leave the game exactly as it was."""
        if not isinstance(event, Event):
            raise self.refusal(f"ce n'est pas un événement : {type(event).__name__}")
        problem = malformed(event)
        if problem is not None:
            raise self.refusal(f"événement mal formé ({problem})")
        before = self.snapshot()
        try:
            self._apply(event)
        except BaseException:
            # Put the state back; when nothing changed (handlers mostly check first) keep
            # the live objects, which screens and tests may hold.
            if self.snapshot() != before:
                self.__dict__ = pickle.loads(before)
            raise

    def _apply(self, event: Event) -> None:
        raise NotImplementedError

    def snapshot(self) -> bytes:
        """The whole state as bytes: equal bytes, equal states (the converse nearly always)."""
        return pickle.dumps(self.__dict__, protocol=pickle.HIGHEST_PROTOCOL)

    def state(self) -> dict[str, Any]:
        """The whole state as a value, to compare two games (a copy: changing it is harmless)."""
        state: dict[str, Any] = pickle.loads(self.snapshot())
        return state

    @classmethod
    def check_start(cls, start: object) -> None:
        """A malformed ``GameStarted`` (players not a list of names...) is refused too."""
        if not isinstance(start, Event):
            raise cls.refusal("une partie commence par GameStarted")
        problem = malformed(start)
        if problem is not None:
            raise cls.refusal(f"début de partie mal formé ({problem})")
