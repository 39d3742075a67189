"""No junk argument, file or input makes ``arbitre`` print a traceback: one French line on
stderr and exit 2 (the contract's errors), whatever the subcommand."""

from __future__ import annotations

import json
import os
import sqlite3
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from test_cli import ROOT, run

import device.commands.run as run_command
from vision.samples import samples

#: A bundled photo of letters, and the tiles it shows (its name).
SAMPLE, TILES = samples("letters")[1].photo, "".join(samples("letters")[1].values)


class Started(BaseException):  # not caught by the CLI's last net for errors
    """``arbitre run`` accepted its arguments: the app would start."""


@pytest.fixture(autouse=True)
def no_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """``arbitre run`` never opens its window here: accepting the arguments is the end."""

    def started(*args: object, **kwargs: object) -> None:
        raise Started

    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    monkeypatch.setattr("device.app.App", started)
    monkeypatch.setattr(run_command, "_devices", lambda simulate: (None, None, [], []))


def one_error_line(code: int, out: str, err: str, command: str) -> str:
    """The contract's error: exit 2, nothing on stdout, one line on stderr (an argument
    that is not UTF-8 is refused before the command is known: "arbitre: erreur : ...")."""
    assert (code, out) == (2, ""), err
    prefixes = (f"arbitre {command}: erreur : ", "arbitre: erreur : ")
    assert err.count("\n") == 1 and err.startswith(prefixes), err
    assert "Traceback" not in err and len(err) <= 320
    return err


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG file whose header claims ``width`` × ``height`` pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 100))
        + chunk(b"IEND", b"")
    )


@pytest.fixture
def huge_png(tmp_path: Path) -> Path:
    path = tmp_path / "huge.png"
    path.write_bytes(png_claiming(60000, 60000))
    return path


def test_a_png_claiming_60000_by_60000_pixels_is_refused_in_french(
    huge_png: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = one_error_line(*run(["read", str(huge_png)], capsys), "read")
    assert "image trop grande (60000×60000 pixels" in err and "OpenCV" not in err


def test_calibrating_on_a_png_claiming_60000_by_60000_pixels_is_refused(
    huge_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["calibrate", f"{huge_png}=ABCDEFGHIJ", "--data-dir", str(tmp_path / "d")]
    assert "image trop grande" in one_error_line(*run(argv, capsys), "calibrate")


def test_the_camera_s_folder_of_photos_says_a_huge_photo_in_french(huge_png: Path) -> None:
    from vision.camera import CameraError, FolderCamera

    with pytest.raises(CameraError, match="image trop grande"):
        FolderCamera(huge_png.parent).capture()


def test_a_photo_path_too_long_for_the_file_system_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = "/tmp/" + "a" * 5000 + ".png"
    err = one_error_line(*run(["read", path], capsys), "read")
    assert "photo illisible" in err and "aaaa…aaa" in err


def test_a_photo_path_too_long_does_not_stop_a_batch(capsys: pytest.CaptureFixture[str]) -> None:
    long = "/tmp/" + "a" * 5000 + ".png"
    code, out, _ = run(["read", "--batch"], capsys, stdin=f"{long}\n{SAMPLE}\n")
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0 and "photo illisible" in first["error"] and len(first["error"]) < 300
    assert second["values"] == list(TILES)


def test_deeply_nested_json_in_a_game_file_is_a_line_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    nested = "[" * 100_000 + "]" * 100_000
    err = one_error_line(*run(["score"], capsys, stdin=nested + "\n"), "score")
    assert "ligne 1 : JSON trop imbriqué" in err


def test_exporting_a_game_number_beyond_any_integer_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["games", "--export", "99999999999999999999999", "--data-dir", str(tmp_path)]
    assert "trop grand" in one_error_line(*run(argv, capsys), "games")
    argv = ["games", "--export", "999999999", "--data-dir", str(tmp_path)]
    assert "aucune partie n° 999999999" in one_error_line(*run(argv, capsys), "games")


@pytest.mark.parametrize(
    "argv",
    [
        ["games", "--data-dir", "{file}"],
        ["read", str(SAMPLE), "--data-dir", "{file}"],
        ["calibrate", f"{SAMPLE}={TILES}", "--data-dir", "{file}"],
        ["run", "--data-dir", "{file}"],
        ["run", "--screenshot-dir", "{file}"],
    ],
)
def test_a_folder_option_naming_a_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    file = tmp_path / "a-file"
    file.write_text("not a folder")
    argv = [arg.replace("{file}", str(file)) for arg in argv]
    err = one_error_line(*run(argv, capsys), argv[0])
    assert "c'est un fichier, pas un dossier" in err
    assert file.read_text() == "not a folder"


def test_a_data_dir_where_nothing_can_be_written_is_one_line_for_calibrate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["calibrate", f"{SAMPLE}={TILES}", "--data-dir", "/proc/1"]
    assert "/proc/1" in one_error_line(*run(argv, capsys), "calibrate")


def test_games_in_a_data_dir_where_nothing_can_be_written_lists_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["games", "--data-dir", "/proc/1"], capsys) == (0, "", "")


@pytest.mark.parametrize("speed", ["inf", "nan", "1e999", "1e6"])
def test_a_speed_that_is_no_finite_positive_number_is_refused(
    speed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    one_error_line(*run(["run", "--speed", speed], capsys), "run")


def test_a_saved_game_whose_date_is_infinite_is_listed_as_of_unknown_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.events import GameStarted
    from engine.store import Store

    store = Store(tmp_path / "games.db")
    store.new_game(GameStarted("boxed", ("Ana", "Bruno"), 1), time.time())
    store.close()
    with sqlite3.connect(tmp_path / "games.db") as raw:
        raw.execute("UPDATE games SET created = 9e999")
    code, out, err = run(["games", "--data-dir", str(tmp_path)], capsys)
    assert code == 0 and "date inconnue" in out and "Ana, Bruno" in out and err == ""


def test_an_argument_that_is_not_utf8_is_one_line() -> None:
    """In a UTF-8 locale (``strict`` output, as on the Pi), not the C locale of a test box."""
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"}
    for argv in (["validate", b"ab\xff"], ["letters", b"\xff\xfe", "--json"]):
        done = subprocess.run(
            [sys.executable, "-m", "device", *argv],
            check=False,
            capture_output=True,
            env=env,
            cwd=ROOT,
        )
        err = done.stderr.decode()
        assert done.returncode == 2 and done.stdout == b"" and err.count("\n") == 1, err
        assert "n'est pas du texte UTF-8" in err and "Traceback" not in err


def test_a_batch_line_that_is_not_utf8_is_an_error_line_and_the_batch_goes_on() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "device", "letters", "--batch"],
        input=b"AB\xffC\nBAMERILANE\n",
        check=False,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        cwd=ROOT,
    )
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert done.returncode == 0 and "UTF-8" in first["error"] and second["best_length"] == 10


@pytest.mark.parametrize(
    "argv",
    [
        ["numbers", "٣", "75", "2", "4", "1", "1", "--target", "888"],
        ["numbers", "3", "75", "2", "4", "1", "1", "--target", "٨٨٨"],
        ["numbers", "--seed", "٣"],
        ["run", "--rotation", "٩٠"],
        ["run", "--speed", "٢"],
        ["run", "--size", "٨٠٠x480"],
    ],
)
def test_an_arabic_indic_digit_is_not_taken_for_a_digit(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    one_error_line(*run(argv, capsys), argv[0])


def test_a_count_written_in_arabic_indic_digits_is_an_unreadable_proposal_scoring_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = [
        {"players": ["Ana", "Bruno"]},
        {
            "round": "numbers",
            "plates": [3, 75, 2, 4, 1, 1],
            "target": 888,
            "answers": {"Ana": {"value": 888, "steps": "٧٥-١=٧٤ ٣x٤=١٢ ٧٤x١٢=٨٨٨"}},
        },
    ]
    stdin = "".join(json.dumps(line) + "\n" for line in game)
    code, out, _ = run(["score", "--json"], capsys, stdin=stdin)
    assert code == 0 and json.loads(out)["scores"] == {"Ana": 0, "Bruno": 0}


@pytest.mark.parametrize(
    "argv",
    [
        ["numbers", "{big}", "75", "2", "4", "1", "1", "--target", "888"],
        ["letters", "BAMERILANE", "--rules", "{big}"],
        ["read", "{big}"],
        ["run", "--size", "{big}"],
        ["score", "--rules", "{big}"],
    ],
)
def test_an_error_line_cuts_a_100_kb_argument(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    big = "7" * 50_000 + "Z" * 50_000
    one_error_line(*run([a.replace("{big}", big) for a in argv], capsys), argv[0])  # ≤ 320


# --- the sweep ------------------------------------------------------------------------


def junk_files(folder: Path) -> list[str]:
    files = {
        "empty.png": b"",
        "noise.jpg": bytes(range(256)) * 8,
        "huge.png": png_claiming(60000, 60000),
        "liar.bmp": b"BM" + b"\xff" * 60,
        "nested.json": b"[" * 50_000,
        "latin1.txt": "É".encode("latin-1"),
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return [str(folder / name) for name in files] + [str(folder), "/proc/1", "/" + "a" * 5000]


JUNK = ["", "-", "٣", "x" * 100_000, "-1", "nan", "inf", "1e999", "9" * 25, "{", "A=B", "\udcff"]

OPTIONS = {
    "numbers": [["{}"], ["--target", "{}"], ["1", "2", "3", "4", "5", "{}"], ["--seed", "{}"]],
    "letters": [["{}"], ["--rules", "{}"]],
    "dice": [["{}"], ["B", "C", "D", "--vowel", "{}"], ["--player", "{}"]],
    "validate": [["{}", "--letters", "ABCDEFGHIJ"], ["MOT", "--letters", "{}"], ["--rules", "{}"]],
    "read": [["{}"], ["{}", "--kind", "numbers"], ["{}", "--kind", "dice"], ["--kind", "{}"]],
    "calibrate": [["{}"], ["{}=ABCDEFGHIJ"], ["{}=3,100,8,8,10,6", "--kind", "numbers"]],
    "score": [["--rules", "{}"]],
    "games": [["--export", "{}"]],
    "run": [["--size", "{}"], ["--rotation", "{}"], ["--speed", "{}"], ["--rules", "{}"]],
}
STDIN = {"score", "numbers --batch", "letters --batch", "dice --batch", "validate --batch"}


def test_junk_to_every_subcommand_is_one_french_line_never_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every subcommand's arguments, then the batches' and the game file's input lines, fed
    with junk: each answer is a normal one (exit 0) or the contract's error line."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARBITRE_DATA_DIR", str(tmp_path / "data"))
    junk = JUNK + junk_files(tmp_path)
    refused = answered = 0
    began = time.monotonic()
    for command, shapes in OPTIONS.items():
        for shape in shapes:
            for value in junk:
                argv = [command, *(part.replace("{}", value) for part in shape)]
                try:
                    code, out, err = run(argv, capsys)
                except Started:
                    answered += 1
                    continue
                if code == 0:
                    answered += 1
                    continue
                one_error_line(code, out, err, command)
                refused += 1
    for command in STDIN:
        for value in junk:
            code, out, err = run(command.split(), capsys, stdin=value + "\n")
            if command == "score":
                one_error_line(code, out, err, "score")
            else:
                assert code == 0 and err == "", (command, value[:40])
                assert all(isinstance(json.loads(line), dict) for line in out.splitlines())
    assert refused > 4 * answered
    assert time.monotonic() - began < 30


def test_the_app_starts_even_where_the_default_data_folder_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A read-only card is no reason not to referee: the games then stay in memory (the
    store says so on screen); only a --data-dir typed wrong is refused."""
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("ARBITRE_DATA_DIR", str(tmp_path / "file" / "arbitre"))
    with pytest.raises(Started):
        run(["run"], capsys)
