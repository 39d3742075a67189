"""``arbitre score``: replaying a game's JSON lines (../shared/cli-contract.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def score(lines: list[object], rules: str = "tv") -> subprocess.CompletedProcess[str]:
    text = "\n".join(json.dumps(line) for line in lines) + "\n"
    return subprocess.run(
        [sys.executable, "-m", "device", "score", "--rules", rules, "--json"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


PLAYERS = {"players": ["Ana", "Bruno"]}
SHOW_683 = {"round": "numbers", "plates": [3, 100, 8, 8, 10, 6], "target": 683}


def test_a_verified_exact_count_scores_10_and_the_worse_result_nothing_on_tv() -> None:
    steps = "100x6=600 8x10=80 600+80=680 680+3=683"
    answers = {"Ana": {"value": 683, "steps": steps}, "Bruno": {"value": 680}}
    done = score([PLAYERS, {**SHOW_683, "answers": answers}])
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["scores"] == {"Ana": 10, "Bruno": 0}
    assert result["rounds"][0]["points"] == {"Ana": 10, "Bruno": 0}
    assert result["ranking"] == ["Ana", "Bruno"]


def test_illegal_steps_are_an_error_scoring_nothing() -> None:
    answers = {"Ana": {"value": 683, "steps": "100x6=600 600x8=4800"}, "Bruno": {"value": 680}}
    result = json.loads(score([PLAYERS, {**SHOW_683, "answers": answers}]).stdout)
    assert result["scores"] == {"Ana": 0, "Bruno": 7}  # 680: not the best possible, but better


def test_a_claimed_value_the_draw_cannot_reach_is_an_error() -> None:
    draw = {"round": "numbers", "plates": [1, 3, 7, 10, 25, 50], "target": 831}
    answers = {"Ana": {"value": 831}, "Bruno": {"value": 830}}
    result = json.loads(score([PLAYERS, {**draw, "answers": answers}]).stdout)
    assert result["scores"] == {"Ana": 0, "Bruno": 10}


def test_a_duel_and_a_partial_game_are_scored_as_far_as_they_go() -> None:
    lines = [PLAYERS, {"round": "duel", "kind": "calcul", "winner": "Ana"}]
    result = json.loads(score(lines).stdout)
    assert result["scores"] == {"Ana": 5, "Bruno": 0}
    assert result["rounds"] == [{"round": "duel", "points": {"Ana": 5, "Bruno": 0}}]


def test_the_club_duplicate_counts_an_unfinished_count_at_its_best_approach() -> None:
    # the club rulebook: for 603, "75x8=600, 5-2=3" counts 600, 3 away: 6 points
    draw = {"round": "numbers", "plates": [75, 8, 5, 2, 1, 1], "target": 603}
    answers = {"Ana": {"steps": "75x8=600 5-2=3"}}
    result = json.loads(score([PLAYERS, {**draw, "answers": answers}], "club-duplicate").stdout)
    assert result["scores"]["Ana"] == 6


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([{"joueurs": []}], "ligne 1"),
        ([PLAYERS, {"round": "numbers", "plates": [1, 2, 3], "target": 100}], "ligne 2"),
        ([PLAYERS, {**SHOW_683, "answers": {"Zoé": 683}}], "Zoé ne joue pas"),
        ([PLAYERS, {"round": "cartes"}], "manche inconnue"),
        ([{"players": ["A", "B", "C"]}], "3 joueurs"),
    ],
)
def test_a_bad_line_is_an_error_with_its_line_number_and_exit_2(
    lines: list[object], message: str
) -> None:
    done = score(lines)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_unreadable_json_names_its_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "device", "score", "--json"],
        input='{"players": ["A", "B"]}\n{oops\n',
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 2 and "ligne 2 : JSON illisible" in done.stderr


def test_the_contract_example_game_scores_letters_numbers_and_a_duel() -> None:
    lines = [
        PLAYERS,
        {
            **SHOW_683,
            "answers": {
                "Ana": {"value": 683, "steps": "100x6=600 8x10=80 600+80=680 680+3=683"},
                "Bruno": {"value": 680},
            },
        },
        {
            "round": "letters",
            "letters": "BAMERILANE",
            "answers": {"Ana": "REANIMABLE", "Bruno": "MALINE"},
        },
        {"round": "duel", "kind": "calcul", "winner": "Ana"},
    ]
    result = json.loads(score(lines).stdout)
    assert [r["points"] for r in result["rounds"]] == [
        {"Ana": 10, "Bruno": 0},
        {"Ana": 10, "Bruno": 0},
        {"Ana": 5, "Bruno": 0},
    ]
    assert result["scores"] == {"Ana": 25, "Bruno": 0} and result["ranking"] == ["Ana", "Bruno"]


def test_a_wrong_longer_word_gives_the_opponent_its_length_on_tv() -> None:
    line = {
        "round": "letters",
        "letters": "BAMERILANE",
        "answers": {"Ana": "ANIMALE", "Bruno": "REMANIABLX"},
    }
    result = json.loads(score([PLAYERS, line]).stdout)
    assert result["scores"] == {"Ana": 10, "Bruno": 0}


def test_a_conjugated_verb_is_refused_in_the_boxed_game() -> None:
    line = {
        "round": "letters",
        "letters": "MANGEAISTR",
        "answers": {"Ana": "MANGEAIS", "Bruno": "MAIS"},
    }
    result = json.loads(score([PLAYERS, line], "boxed").stdout)
    assert result["scores"] == {"Ana": 0, "Bruno": 8}


def test_club_duplicate_ranking_uses_the_ten_letter_words() -> None:
    lines = [
        {"players": ["Ana", "Bruno"]},
        {
            "round": "letters",
            "letters": "BAMERILANE",
            "answers": {"Ana": "RÉANIMABLE", "Bruno": "BALNÉAIRE"},  # club: E accents
        },
        {
            "round": "numbers",
            "plates": [3, 75, 2, 4, 1, 1],
            "target": 888,
            "answers": {"Bruno": {"steps": "75-1=74 74x3=222"}},
        },
    ]
    result = json.loads(score(lines, "club-duplicate").stdout)
    # Ana: a 10-letter word; Bruno: a 9-letter word, and 222 is 666 away from 888: 0
    assert result["scores"] == {"Ana": 10, "Bruno": 9} and result["ranking"][0] == "Ana"
