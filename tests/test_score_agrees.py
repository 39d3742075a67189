"""``arbitre score`` and the live engine are one validation (issue 20, point 7): the same
game, played event by event or scored from its JSON lines, gives the same points, and what
one refuses the other refuses."""

from __future__ import annotations

import json
import random

import pytest

from engine.events import (
    DuelDecided,
    GameStarted,
    LettersDrawn,
    NumbersAnswered,
    NumbersDrawn,
    RoundClosed,
    TimerStarted,
    TimerStopped,
    ValueConfirmed,
    WordAnswered,
)
from engine.game import Game, GameRuleError
from engine.letters import draw_letters
from engine.replay import GameFileError, score_game
from engine.rules import RoundKind, rule_set
from solver.plates import draw_numbers

WORDS = ["MALINE", "ANIMAL", "REANIMABLE", "XYZ", "MANGEAIS", "LAMIE", "ETE"]


def _score(players: tuple[str, ...], rounds: list[dict[str, object]], rules: str) -> object:
    lines = [json.dumps({"players": list(players)}), *(json.dumps(r) for r in rounds)]
    return score_game(lines, rule_set(rules))


def play_both_ways(rules: str, players: tuple[str, ...], seed: int, count: int) -> None:
    """Play ``count`` random rounds live, write them as score lines, compare."""
    rng = random.Random(seed)
    game = Game(GameStarted(rules, players, seed))
    lines: list[dict[str, object]] = []
    for _ in range(count):
        current = game.current
        if current is None:
            break
        if current.kind in (RoundKind.DUEL, RoundKind.SPRINT):
            who = rng.choice([None, *players])
            game.apply(DuelDecided(winner=who))
            lines.append({"round": current.kind.value, "winner": who})
            continue
        game_answers: dict[str, object] = {}
        if current.kind is RoundKind.NUMBERS:
            draw = draw_numbers(rng, game.rules.targets)
            game.apply(NumbersDrawn(draw.plates, draw.target))
            line: dict[str, object] = {
                "round": "numbers",
                "plates": list(draw.plates),
                "target": draw.target,
            }
        else:
            letters = draw_letters(rng, current.composition, game.rules.min_vowels)
            game.apply(LettersDrawn(letters))
            line = {"round": "letters", "letters": letters}
        game.apply(TimerStarted(0.0))
        game.apply(TimerStopped(1.0))
        for player in players:
            if rng.random() < 0.2:
                continue
            if current.kind is RoundKind.LETTERS:
                word = rng.choice([*WORDS, letters[: rng.randint(2, 10)]])
                game.apply(WordAnswered(player, word))
                game_answers[player] = word
                continue
            a, b = rng.sample(current.plates, 2)
            steps = rng.choice([f"{a}+{b}={a + b}", f"{a}x{b}", f"{a}+{b}={a + b + 1}", ""])
            value = rng.choice([None, a + b, current.target])
            if value is None and not steps:
                continue
            game.apply(NumbersAnswered(player, value, steps or None))
            if not steps:
                game.apply(ValueConfirmed(player, True))
            game_answers[player] = {"value": value, "steps": steps or None}
        game.apply(RoundClosed())
        lines.append({**line, "answers": game_answers})
    scored = _score(players, lines, rules)
    assert [r.points for r in scored.rounds] == [r.points for r in game.records]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        ("boxed", ("Ana", "Bruno", "Chloé")),
        ("tv", ("Ana", "Bruno")),
        ("club-duplicate", ("Ana", "Bruno", "Chloé")),
        ("club-match", ("Ana", "Bruno")),
    ],
)
def test_a_game_played_live_and_scored_from_its_lines_gives_the_same_points(
    rules: str, players: tuple[str, ...]
) -> None:
    for seed in range(2):
        play_both_ways(rules, players, seed, 8)


def _refused_both_ways(rules: str, line: dict[str, object], message: str) -> None:
    with pytest.raises(GameFileError, match=message):
        _score(("Ana", "Bruno"), [line], rules)


@pytest.mark.parametrize("rules", ["boxed", "tv"])
def test_a_letter_draw_with_fewer_than_two_vowels_is_refused_by_score_as_by_the_game(
    rules: str,
) -> None:
    line = {"round": "letters", "letters": "BCDFGHJKLA", "answers": {"Ana": "BAL"}}
    _refused_both_ways(rules, line, "ligne 2 : il faut au moins 2 voyelles")


def test_a_word_longer_than_the_draw_is_refused_by_score_as_by_the_game() -> None:
    # it gave the opponent 11 points on 10 tiles
    line = {"round": "letters", "letters": "BAMERILANE", "answers": {"Ana": "REANIMABLES"}}
    _refused_both_ways("boxed", line, "au plus 10 lettres")
    game = Game(GameStarted("boxed", ("Ana", "Bruno"), 1))
    game.apply(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
    game.apply(TimerStarted(0.0))
    game.apply(TimerStopped(45.0))
    game.apply(RoundClosed())
    game.apply(LettersDrawn("BAMERILANE"))
    game.apply(TimerStarted(50.0))
    with pytest.raises(GameRuleError, match="au plus 10 lettres"):
        game.apply(WordAnswered("Ana", "réanimables"))


def test_a_club_draw_of_a_composition_the_club_never_plays_is_refused_by_score() -> None:
    line = {"round": "letters", "letters": "BAMARALANA", "answers": {}}  # 5C/5V: played
    assert _score(("Ana",), [line], "club-duplicate")
    line = {"round": "letters", "letters": "BAMEAIOUAE", "answers": {}}  # 2C/8V: never
    with pytest.raises(GameFileError, match="2C/8V"):
        _score(("Ana",), [line], "club-duplicate")


def test_score_refuses_a_winner_that_is_not_a_name_through_the_engine() -> None:
    line = {"round": "duel", "winner": 3}
    _refused_both_ways("tv", line, "ligne 2 : événement mal formé \\(duel_decided")


def test_deeply_nested_json_is_a_bad_line_not_a_crash() -> None:
    with pytest.raises(GameFileError, match="ligne 2"):
        score_game(['{"players": ["Ana", "Bruno"]}', "[" * 100_000], rule_set("tv"))


def test_ruling_club_only_the_written_count_holds_in_score_too() -> None:
    line = {
        "round": "numbers",
        "plates": [3, 75, 2, 4, 1, 1],
        "target": 888,
        "answers": {"Ana": {"value": 888}, "Bruno": {"steps": "75-1=74 3x4=12 74x12=888"}},
    }
    result = _score(("Ana", "Bruno"), [line], "club-duplicate")
    assert result.scores == {"Ana": 0, "Bruno": 9}  # type: ignore[attr-defined]
    assert _score(("Ana", "Bruno"), [line], "tv").scores == {"Ana": 10, "Bruno": 10}  # type: ignore[attr-defined]


def test_two_names_alike_but_for_spaces_are_a_bad_first_line() -> None:
    with pytest.raises(GameFileError, match="ligne 1 : chaque joueur a un nom"):
        score_game(['{"players": ["Ana", " Ana"]}'], rule_set("tv"))
