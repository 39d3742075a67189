"""Scoring a whole game from its JSON lines (``arbitre score``), without a screen.

Line 1 names the players; then one line per round, in order, as in
``../shared/cli-contract.md``. Each round's kind comes from its line (the rule set's usual
order is not enforced), and a partial game is scored as far as it goes. A bad line raises
:class:`GameFileError` with its line number.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.judge import judge_numbers, judge_word
from engine.letters import check_letters
from engine.ranking import RoundRecord, ranking, totals
from engine.records import letters_record, numbers_record
from engine.rules import RoundKind, RuleSet
from engine.scoring import (
    NumbersAnswer,
    WordAnswer,
    duel,
)
from solver.plates import InvalidDraw, check_plates, check_target


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


def _answers(line: Mapping[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
    answers = line.get("answers", {})
    if not isinstance(answers, dict):
        raise ValueError('"answers" doit être un objet {joueur: réponse}')
    for name in answers:
        if name not in players:
            raise ValueError(f"{name} ne joue pas dans cette partie")
    return answers


def _int_field(line: Mapping[str, Any], name: str) -> int:
    value = line.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f'"{name}" doit être un nombre entier')
    return value


def _numbers_round(
    line: Mapping[str, Any], players: tuple[str, ...], rules: RuleSet
) -> RoundRecord:
    plates_field = line.get("plates")
    if not isinstance(plates_field, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in plates_field
    ):
        raise ValueError('"plates" doit être une liste de six nombres')
    plates = check_plates(plates_field)
    target = check_target(_int_field(line, "target"), rules.targets)
    answers: dict[str, NumbersAnswer] = {}
    for player in players:
        raw = _answers(line, players).get(player)
        if raw is None:
            answers[player] = NumbersAnswer()
            continue
        if isinstance(raw, int) and not isinstance(raw, bool):
            raw = {"value": raw}
        if not isinstance(raw, dict):
            raise ValueError(f"réponse de {player} : un nombre ou {{'value', 'steps'}}")
        value, steps = raw.get("value"), raw.get("steps")
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f'réponse de {player} : "value" doit être un nombre entier')
        if steps is not None and not isinstance(steps, str):
            raise ValueError(f'réponse de {player} : "steps" doit être un texte')
        answers[player] = judge_numbers(plates, target, value, steps).answer
    return numbers_record(rules, plates, target, answers)


def _letters_round(
    line: Mapping[str, Any], players: tuple[str, ...], rules: RuleSet
) -> RoundRecord:
    letters_field = line.get("letters")
    if not isinstance(letters_field, str):
        raise ValueError('"letters" doit être le tirage, ex. "BAMERILANE"')
    letters = check_letters(letters_field)
    answers: dict[str, WordAnswer] = {}
    for player in players:
        raw = _answers(line, players).get(player)
        if raw is None or raw == "":
            answers[player] = WordAnswer()
            continue
        if not isinstance(raw, str):
            raise ValueError(f"réponse de {player} : un mot")
        answers[player] = judge_word(letters, raw, accents=rules.accents)[0]
    return letters_record(rules, letters, answers)


def _duel_round(line: Mapping[str, Any], players: tuple[str, ...], rules: RuleSet) -> RoundRecord:
    kind = RoundKind(line["round"])
    if kind not in rules.order:
        raise ValueError(f"pas de {kind.value} dans les règles {rules.name}")
    winner, wrong = line.get("winner"), line.get("wrong")
    for name in (winner, wrong):
        if name is not None and name not in players:
            raise ValueError(f"{name} ne joue pas dans cette partie")
    return RoundRecord(kind, duel(list(players), winner, wrong))


def score_game(lines: Iterable[str], rules: RuleSet) -> GameScore:
    """Replay a game's lines through the rule set's scoring and ranking."""
    players: tuple[str, ...] | None = None
    records: list[RoundRecord] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
            if players is None:
                players = _players(line)
                if not rules.players[0] <= len(players) <= rules.players[1]:
                    low, high = rules.players
                    raise ValueError(
                        f"{len(players)} joueurs : ces règles en veulent {low} à {high}"
                    )
                continue
            if not isinstance(line, dict) or "round" not in line:
                raise ValueError('chaque manche est un objet avec "round"')
            kind = line["round"]
            if kind == RoundKind.NUMBERS:
                records.append(_numbers_round(line, players, rules))
            elif kind == RoundKind.LETTERS:
                records.append(_letters_round(line, players, rules))
            elif kind in (RoundKind.DUEL, RoundKind.SPRINT):
                records.append(_duel_round(line, players, rules))
            else:
                raise ValueError(f"manche inconnue « {kind} »")
        except json.JSONDecodeError as error:
            raise GameFileError(f"ligne {number} : JSON illisible ({error.msg})") from None
        except RecursionError:  # "[[[[...]]]]" thousands deep: no game line looks like that
            raise GameFileError(f"ligne {number} : JSON trop imbriqué") from None
        except (ValueError, InvalidDraw) as error:
            raise GameFileError(f"ligne {number} : {error}") from None
    if players is None:
        raise GameFileError('partie vide : la première ligne doit être {"players": [...]}')
    seed = hashlib.sha256(json.dumps([players, [r.points for r in records]]).encode()).digest()
    order = ranking(players, records, rules.ranking_keys, random.Random(seed))
    return GameScore(players, tuple(records), totals(players, records), tuple(order))
