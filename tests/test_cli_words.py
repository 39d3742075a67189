"""``arbitre letters``, ``dice`` and ``validate``, held to ../shared/cli-contract.md."""

from __future__ import annotations

import json

import pytest
from test_cli import run


def test_letters_json_has_the_contract_s_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["letters", "BAMERILANE", "--json"], capsys)
    assert code == 0 and err == ""
    answer = json.loads(out)
    assert answer["letters"] == "BAMERILANE" and answer["best_length"] == 10
    assert answer["words"] == ["REANIMABLE", "REMANIABLE"]
    assert answer["display"] == ["réanimable", "remaniable"]
    assert answer["next"]["length"] == 9 and "RANIMABLE" in answer["next"]["words"]


def test_letters_reads_spaced_tiles_and_speaks_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["letters", "A", "N", "E", "D", "O", "S", "U", "N", "E", "I"], capsys)
    assert code == 0
    assert out.splitlines()[1] == "10 lettres : saoudienne"


def test_dice_json_has_the_contract_s_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["dice", "B", "C", "D", "--json"], capsys)
    answer = json.loads(out)
    assert code == 0
    assert answer["consonants"] == ["B", "C", "D"]
    assert answer["shortest_length"] == 6 and "BOCARD" in answer["words"]
    assert answer["impossible"] is False


def test_an_impossible_roll(capsys: pytest.CaptureFixture[str]) -> None:
    answer = json.loads(run(["dice", "X", "W", "K", "--json"], capsys)[1])
    assert answer["impossible"] is True and answer["words"] == []
    assert answer["shortest_length"] is None


def test_dice_with_the_vowel_die(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["dice", "B", "C", "D", "--vowel", "A", "--player", "easy", "--json"]
    answer = json.loads(run(args, capsys)[1])
    assert answer["shortest_length"] == 3 and "BAC" in answer["words"]


def test_validate_json_has_the_contract_s_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["validate", "REANIMABLE", "--letters", "BAMERILANE", "--json"], capsys)
    assert code == 0
    assert json.loads(out) | {"display": None} == {
        "word": "REANIMABLE",
        "valid": True,
        "reason": None,
        "display": None,
    }


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["MANGEAIS"], "forme conjuguée non admise"),
        (["BALEINES", "--letters", "BAMERILANE"], "il manque un S"),
        (["Marseille"], "nom propre"),
        (["XYZZYX"], "mot inconnu"),
        (["Marseille", "--rules", "paroles"], "nom propre"),
    ],
)
def test_validate_says_why_in_french(
    args: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["validate", *args, "--json"], capsys)
    answer = json.loads(out)
    assert code == 0 and answer["valid"] is False and answer["reason"] == reason


@pytest.mark.parametrize(
    "args",
    [
        ["letters", "ABC1EFGHIJ"],
        ["letters", "ABCDEFGHIJK"],
        ["letters"],
        ["letters", "BAMERILANE", "--rules", "scrabble"],
        ["dice", "B", "C"],
        ["dice", "B", "C", "A"],
        ["dice"],
        ["dice", "B", "C", "D", "--vowel", "A"],
        ["validate"],
        ["validate", "CHAT", "--letters", "AB3"],
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_letters_batch_goes_on_after_a_bad_line(capsys: pytest.CaptureFixture[str]) -> None:
    lines = "BAMERILANE\nAB1\n\nANEDOSUNEI\n"
    code, out, _ = run(["letters", "--batch"], capsys, stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [a.get("best_length") for a in answers] == [10, None, 10]
    assert "« 1 »" in answers[1]["error"]


def test_dice_batch_reads_an_optional_vowel(capsys: pytest.CaptureFixture[str]) -> None:
    lines = "B C D\nB C D A\nB C\nX W K\n"
    code, out, _ = run(["dice", "--batch", "--player", "easy"], capsys, stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [a.get("shortest_length") for a in answers] == [6, 3, None, None]
    assert "error" in answers[2] and answers[3]["impossible"] is True


def test_validate_batch_takes_a_word_and_optional_letters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = "REANIMABLE BAMERILANE\nMANGEAIS\nCHAT AB3\n"
    code, out, _ = run(["validate", "--batch"], capsys, stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [a.get("valid") for a in answers] == [True, False, None]
