"""The ``arbitre`` command line, held to ../shared/cli-contract.md."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import pytest
from bench_photos import bench_three_dice

from device.cli import main
from vision.samples import samples

ROOT = Path(__file__).resolve().parent.parent


def run(
    args: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        try:
            code = main(args)
        except SystemExit as exit_:  # argparse's own exits
            code = int(exit_.code or 0)
    finally:
        sys.stdin = old_stdin
    out, err = capsys.readouterr()
    return code, out, err


def test_numbers_json_has_the_contract_s_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["numbers", "3", "100", "8", "8", "10", "6", "--target", "683", "--json"], capsys
    )
    assert code == 0 and err == ""
    answer = json.loads(out)
    assert answer["plates"] == [3, 100, 8, 8, 10, 6]
    assert answer["target"] == 683 and answer["best"] == 683
    assert answer["distance"] == 0 and answer["exact"] is True
    assert answer["plates_used"] == 5
    assert len(answer["steps"]) == 4 == len(answer["text"])
    for step, text in zip(answer["steps"], answer["text"], strict=True):
        assert set(step) == {"a", "op", "b", "result"}
        assert step["op"] in "+-*/"
        assert text.endswith(f"= {step['result']}")
    assert answer["steps"][-1]["result"] == 683


def test_a_single_plate_gives_empty_steps(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["numbers", "3", "100", "8", "8", "10", "6", "-t", "100", "--json"], capsys)
    answer = json.loads(out)
    assert code == 0 and answer["steps"] == [] and answer["plates_used"] == 1


def test_no_exact_count_reports_both_equally_close_sides(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(["numbers", "1", "3", "7", "10", "25", "50", "-t", "831", "--json"], capsys)
    answer = json.loads(out)
    assert answer["exact"] is False and answer["distance"] == 1
    assert {answer["best"], answer["equally_close"]["best"]} == {830, 832}


@pytest.mark.parametrize(
    "args",
    [
        ["1", "2", "3", "4", "5", "-t", "100"],
        ["1", "2", "3", "4", "5", "11", "-t", "100"],
        ["7", "7", "7", "1", "2", "3", "-t", "100"],
        ["1", "2", "3", "4", "5", "6", "-t", "0"],
        ["a", "b", "c", "d", "e", "f", "-t", "100"],
        ["1", "2", "3", "4", "5", "6", "-t", "cent"],
        ["1", "2", "3", "4", "5", "6"],
        ["--no-such-option"],
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["numbers", *args], capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_batch_answers_each_line_in_order_and_goes_on_after_a_bad_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = "3 100 8 8 10 6 683\n7 7 7 1 2 3 100\n\n3 75 2 4 1 1 888\n1 2 3\n"
    code, out, _ = run(["numbers", "--batch"], capsys, stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [a.get("best") for a in answers] == [683, None, 888, None]
    assert "trois plaques 7" in answers[1]["error"]
    assert "error" in answers[3]


def test_without_a_draw_it_draws_one_like_the_buzzer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["numbers", "--seed", "4", "--json"], capsys)
    answer = json.loads(out)
    assert code == 0 and len(answer["plates"]) == 6 and 1 <= answer["target"] <= 999
    assert run(["numbers", "--seed", "4", "--json"], capsys)[1] == out


def test_the_console_script_and_python_m_device_both_work() -> None:
    script = shutil.which("arbitre", path=str(Path(sys.executable).parent))
    assert script is not None, "the arbitre console script is not installed in this venv"
    for command in ([script], [sys.executable, "-m", "device"]):
        done = subprocess.run(
            [*command, "numbers", "3", "75", "2", "4", "1", "1", "-t", "888", "--json"],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["plates_used"] == 4


def test_the_readme_examples_print_what_the_readme_shows() -> None:
    """Every ``$ arbitre ...`` block of the README and docs/vision.md, run, prints what
    follows it."""
    readme = "".join(
        (ROOT / page).read_text(encoding="utf-8") for page in ("README.md", "docs/vision.md")
    )
    blocks = re.findall(r"```console\n\$ (arbitre [^\n]*)\n(.*?)```", readme, re.S)
    assert blocks, "the README shows no example"
    for command, shown in blocks:
        done = subprocess.run(
            [sys.executable, "-m", "device", *command.split()[1:]],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
        )
        assert done.stdout == shown, command


def test_read_letters_json_has_the_contract_s_shape(capsys: pytest.CaptureFixture[str]) -> None:
    sample = samples("letters")[3]
    code, out, err = run(["read", str(sample.photo), "--kind", "letters", "--json"], capsys)
    assert code == 0 and err == ""
    answer = json.loads(out)
    assert answer["kind"] == "letters" and answer["values"] == list(sample.values)
    assert len(answer["confidence"]) == len(sample.values) and answer["uncertain"] == []
    assert answer["warnings"] == []


@pytest.mark.parametrize("content", [None, b"pas une image", b""])
def test_read_rejects_a_missing_file_or_a_non_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None
) -> None:
    photo = tmp_path / "photo.jpg"
    if content is not None:
        photo.write_bytes(content)
    code, out, err = run(["read", str(photo), "--json"], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("arbitre read: erreur :")


def test_read_a_photo_without_rack_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import cv2
    import numpy as np

    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), np.full((480, 640, 3), 200, np.uint8))
    code, _, err = run(["read", str(photo)], capsys)
    assert code == 2 and "aucune" in err and err.count("\n") == 1


def test_read_batch_answers_each_line_and_goes_on_after_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = samples("letters")[1]
    stdin = f"{good.photo}\n{tmp_path / 'x.jpg'}\n{good.photo}\n"
    code, out, _ = run(["read", "--batch"], capsys, stdin=stdin)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 3
    assert lines[0]["values"] == list(good.values) == lines[2]["values"]
    assert "introuvable" in lines[1]["error"]


def test_read_numbers_gives_integers(capsys: pytest.CaptureFixture[str]) -> None:
    photo = ROOT / "vision" / "samples" / "numbers" / "01-3-100-8-8-10-6.jpg"
    code, out, err = run(["read", str(photo), "--kind", "numbers", "--json"], capsys)
    assert code == 0 and err == ""
    answer = json.loads(out)
    assert answer["kind"] == "numbers" and answer["values"] == [3, 100, 8, 8, 10, 6]
    assert answer["uncertain"] == [] and answer["warnings"] == []


def test_read_dice_told_the_game_has_no_vowel_die_gives_three_consonants(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    photo, faces = bench_three_dice(11, 13)
    path = tmp_path / "dice.png"
    cv2.imwrite(str(path), photo)
    code, out, err = run(["read", str(path), "--kind", "dice", "--no-vowel-die", "--json"], capsys)
    assert code == 0 and err == ""
    values = json.loads(out)["values"]
    # Three consonants, none the vowel die's; read or "?", never another letter.
    assert len(values) == 3 and values.count("?") < 3
    assert all(v in (*faces, "?") for v in values)


def test_read_the_vowel_die_option_is_for_dice_only(capsys: pytest.CaptureFixture[str]) -> None:
    photo = ROOT / "vision" / "samples" / "numbers" / "01-3-100-8-8-10-6.jpg"
    code, _, err = run(["read", str(photo), "--kind", "numbers", "--vowel-die"], capsys)
    assert code == 2 and "--kind dice" in err and err.count("\n") == 1
