"""Scoring a whole game from its JSON lines (``arbitre score``), without a screen.

Line 1 names the players; then one line per round, in order, as in
``../shared/cli-contract.md``. Each round's kind comes from its line (the rule set's usual
order is not enforced), and a partial game is scored as far as it goes. A bad line raises
:class:`GameFileError` with its line number.

Each line is turned into the events the device would have saved (the draw, the hourglass,
the answers, the referee's confirmation of a bare value, the round's close) and played
through the live engine, :class:`engine.game.Game`, with the file's order of rounds: one
validation for both paths, so that a draw, a word or an answer the device refuses is
refused here too (issue 20, point 7).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.events import (
    DuelDecided,
    Event,
    GameStarted,
    LettersDrawn,
    NumbersAnswered,
    NumbersDrawn,
    RefusedEvent,
    RoundClosed,
    TimerStarted,
    TimerStopped,
    ValueConfirmed,
    WordAnswered,
)
from engine.game import Game
from engine.letters import vowel_count
from engine.ranking import RoundRecord, ranking, totals
from engine.rules import Composition, RoundKind, RuleSet
from solver.lexicon import normalise


class GameFileError(ValueError):
    """A line of a game file that cannot be scored; the message names the line."""


@dataclass(frozen=True, slots=True)
class GameScore:
    """The result of a replayed game."""

    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    scores: dict[str, int]
    ranking: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        """The contract's JSON shape; each round also says its kind."""
        return {
            "scores": self.scores,
            "rounds": [{"round": r.kind.value, "points": r.points} for r in self.rounds],
            "ranking": list(self.ranking),
        }


def _players(line: Any) -> tuple[str, ...]:
    if not isinstance(line, dict) or not isinstance(line.get("players"), list):
        raise ValueError('la première ligne doit être {"players": [...]}')
    players = tuple(line["players"])
    if not all(isinstance(p, str) and p.strip() for p in players):
        raise ValueError("les joueurs sont des noms non vides")
    if len(set(players)) != len(players):
        raise ValueError("deux joueurs portent le même nom")
    return players


def _answers(line: Mapping[str, Any]) -> dict[str, Any]:
    answers = line.get("answers", {})
    if not isinstance(answers, dict):
        raise ValueError('"answers" doit être un objet {joueur: réponse}')
    return answers


def _kind(line: Any, rules: RuleSet) -> RoundKind:
    """The round a line describes (its shape only: the engine checks the rest)."""
    if not isinstance(line, dict) or "round" not in line:
        raise ValueError('chaque manche est un objet avec "round"')
    kind = line["round"]
    if kind not in [k.value for k in RoundKind]:
        raise ValueError(f"manche inconnue « {kind} »")
    kind = RoundKind(kind)
    if kind in (RoundKind.DUEL, RoundKind.SPRINT) and kind not in rules.order:
        raise ValueError(f"pas de {kind.value} dans les règles {rules.name}")
    return kind


def _composition(line: Mapping[str, Any], rules: RuleSet) -> Composition | None:
    """The composition a club letters line was drawn to: one of the rule set's, since the
    file does not say which round of the seeded deal it was (None: free draws, or a draw
    the engine will refuse for another reason)."""
    letters = line.get("letters")
    if not rules.letter_compositions or not isinstance(letters, str):
        return None
    draw = normalise(letters)
    vowels = vowel_count(draw)
    composition = Composition(len(draw) - vowels, vowels)
    if len(draw) != 10 or not draw.isascii() or not draw.isalpha():
        return None
    if composition not in rules.letter_compositions:
        known = ", ".join(sorted({str(c) for c in rules.letter_compositions}))
        raise ValueError(f"un tirage {composition} n'est pas joué dans ces règles ({known})")
    return composition


def _numbers_events(line: Mapping[str, Any]) -> list[Event]:
    plates = line.get("plates")
    if not isinstance(plates, list):
        raise ValueError('"plates" doit être une liste de six nombres')
    target: Any = line.get("target")  # its type is the engine's to check
    events: list[Event] = [NumbersDrawn(tuple(plates), target), *_hourglass()]
    for player, given in _answers(line).items():
        if given is None:
            continue
        bare = isinstance(given, int) and not isinstance(given, bool)
        raw = {"value": given} if bare else given
        if not isinstance(raw, dict):
            raise ValueError(f"réponse de {player} : un nombre ou {{'value', 'steps'}}")
        value, steps = raw.get("value"), raw.get("steps")
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f'réponse de {player} : "value" doit être un nombre entier')
        if steps is not None and not isinstance(steps, str):
            raise ValueError(f'réponse de {player} : "steps" doit être un texte')
        if value is None and not (steps or "").strip():
            continue  # nothing proposed
        events.append(NumbersAnswered(player, value, steps))
        if not (steps or "").strip():  # the contract: a bare value is claimed and verified
            events.append(ValueConfirmed(player, True))
    return [*events, RoundClosed()]


def _letters_events(line: Mapping[str, Any]) -> list[Event]:
    letters = line.get("letters")
    if not isinstance(letters, str):
        raise ValueError('"letters" doit être le tirage, ex. "BAMERILANE"')
    events: list[Event] = [LettersDrawn(letters), *_hourglass()]
    for player, raw in _answers(line).items():
        if raw is None or raw == "":
            continue
        if not isinstance(raw, str):
            raise ValueError(f"réponse de {player} : un mot")
        events.append(WordAnswered(player, raw))
    return [*events, RoundClosed()]


def _duel_events(line: Mapping[str, Any]) -> list[Event]:
    return [DuelDecided(line.get("winner"), line.get("wrong"))]


def _hourglass() -> list[Event]:
    """The file gives no times: the answers count as written within the hourglass."""
    return [TimerStarted(0.0), TimerStopped(0.0)]


ROUND_EVENTS = {
    RoundKind.NUMBERS: _numbers_events,
    RoundKind.LETTERS: _letters_events,
    RoundKind.DUEL: _duel_events,
    RoundKind.SPRINT: _duel_events,
}


def score_game(lines: Iterable[str], rules: RuleSet) -> GameScore:
    """Replay a game's lines through the live engine, in the file's order of rounds."""
    players: tuple[str, ...] | None = None
    players_line = 1
    rounds: list[tuple[int, RoundKind, Mapping[str, Any]]] = []
    plan: list[Composition | None] = []
    late_error: GameFileError | None = None  # reported once the lines before it are played
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
            if players is None:
                named = _players(line)
                if not rules.players[0] <= len(named) <= rules.players[1]:
                    low, high = rules.players
                    raise ValueError(f"{len(named)} joueurs : ces règles en veulent {low} à {high}")
                players, players_line = named, number
                continue
            kind = _kind(line, rules)
            if kind is RoundKind.LETTERS:
                plan.append(_composition(line, rules))
            rounds.append((number, kind, line))
        except json.JSONDecodeError as error:
            late_error = GameFileError(f"ligne {number} : JSON illisible ({error.msg})")
        except (ValueError, RecursionError) as error:
            late_error = GameFileError(f"ligne {number} : {_said(error)}")
        if late_error is not None:
            if players is None:
                raise late_error
            break
    if players is None:
        raise GameFileError('partie vide : la première ligne doit être {"players": [...]}')
    order = tuple(kind for _, kind, _ in rounds)
    try:
        start = GameStarted(rules.name, players, 0)
        game = Game(start, dataclasses.replace(rules, order=order), plan)
    except RefusedEvent as error:
        raise GameFileError(f"ligne {players_line} : {error}") from None
    for number, kind, line in rounds:
        try:
            for event in ROUND_EVENTS[kind](line):
                game.apply(event)
        except (ValueError, RefusedEvent) as error:
            raise GameFileError(f"ligne {number} : {error}") from None
    if late_error is not None:
        raise late_error
    records = game.records
    seed = hashlib.sha256(json.dumps([players, [r.points for r in records]]).encode()).digest()
    order_ = ranking(players, records, rules.ranking_keys, random.Random(seed))
    return GameScore(players, tuple(records), totals(players, records), tuple(order_))


def _said(error: BaseException) -> str:
    if isinstance(error, RecursionError):
        return "JSON trop imbriqué"
    return str(error)
