"""What the saved games tell: each player's record, and a game's export to JSON or CSV."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from engine.game import Game, Round
from engine.games import replay
from engine.ranking import winners
from engine.rules import RoundKind
from engine.store import Store, StoreError


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """One player's record over the saved games."""

    name: str
    games: int
    won: int
    shared: int
    """Games finished level at the top with others (a shared first place is no win)."""
    words: int
    """Valid words played."""
    average_word_length: float
    exact_counts: int
    """Numbers rounds where the player found the exact count."""


def player_histories(store: Store, unreadable: list[int] | None = None) -> dict[str, PlayerHistory]:
    """Every player's record over the saved DCDL games, finished or not. A game that cannot
    be read back is left out (its number added to ``unreadable``), not the whole record."""
    games: dict[str, int] = {}
    won: dict[str, int] = {}
    shared: dict[str, int] = {}
    lengths: dict[str, list[int]] = {}
    exact: dict[str, int] = {}
    for saved in store.games():
        try:
            game = replay(store.events(saved.id))
        except (StoreError, ValueError):  # RefusedEvent is a ValueError
            if unreadable is not None:
                unreadable.append(saved.id)
            continue
        if not isinstance(game, Game):
            continue  # the other boxes keep no words or counts
        for player in game.players:
            games[player] = games.get(player, 0) + 1
        if game.over:
            first = winners(game.players, game.records, game.rules.ranking_keys)
            if len(first) > 1 and "lot" not in game.rules.ranking_keys:
                for player in first:
                    shared[player] = shared.get(player, 0) + 1
            else:
                winner = game.ranking()[0]
                won[winner] = won.get(winner, 0) + 1
        for played in game.rounds:
            for player, word in played.judged_words.items():
                if word.valid:
                    lengths.setdefault(player, []).append(word.length)
            for player, answer in played.judged_numbers.items():
                if not answer.error and answer.value == played.target:
                    exact[player] = exact.get(player, 0) + 1
    return {
        name: PlayerHistory(
            name,
            count,
            won.get(name, 0),
            shared.get(name, 0),
            len(lengths.get(name, [])),
            sum(lengths.get(name, [])) / len(lengths[name]) if lengths.get(name) else 0.0,
            exact.get(name, 0),
        )
        for name, count in sorted(games.items())
    }


@dataclass(frozen=True, slots=True)
class GameFigures:
    """One player's figures in one game, for the end screen."""

    exact_counts: int
    longest_word: str | None
    average_word_length: float


def game_figures(game: Game) -> dict[str, GameFigures]:
    """Each player's exact counts, longest valid word and average valid word length."""
    figures = {}
    for player in game.players:
        words: list[str] = []
        exact = 0
        for played in game.rounds:
            word = played.judged_words.get(player)
            if word is not None and word.valid and word.word:
                words.append(word.word)
            count = played.judged_numbers.get(player)
            if count is not None and not count.error and count.value == played.target:
                exact += 1
        figures[player] = GameFigures(
            exact,
            max(words, key=len) if words else None,
            sum(map(len, words)) / len(words) if words else 0.0,
        )
    return figures


def _draw(played: Round) -> str:
    if played.kind is RoundKind.NUMBERS and played.target is not None:
        return f"{' '.join(map(str, played.plates))} -> {played.target}"
    return played.letters


def _answers(played: Round) -> dict[str, object]:
    out: dict[str, object] = {}
    for player, answer in played.numbers_answers.items():
        out[player] = {"value": answer.value, "steps": answer.steps}
    out.update(played.words)
    return out


def export_json(game: Game) -> dict[str, object]:
    """A game as one JSON-ready object: rules, players, each round, scores, ranking."""
    return {
        "rules": game.rules.name,
        "players": list(game.players),
        "rounds": [
            {
                "number": played.number,
                "round": played.kind.value,
                "draw": _draw(played),
                "answers": _answers(played),
                "refused": dict(played.reasons),
                "points": played.record.points if played.record else None,
            }
            for played in game.rounds
        ],
        "scores": game.scores,
        "ranking": game.ranking() if game.over else None,
    }


def export_csv(game: Game) -> str:
    """A game's score sheet as CSV: a row per round, then the totals."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["manche", "épreuve", "tirage", *game.players])
    for played in game.rounds:
        if played.record is None:
            continue
        points = [played.record.points.get(p, 0) for p in game.players]
        writer.writerow([played.number, played.kind.value, _draw(played), *points])
    writer.writerow(["total", "", "", *(game.scores[p] for p in game.players)])
    return out.getvalue()
