"""Calibration: learning the user's tiles and plates from photos whose contents are given."""

import json
import os
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_cli import run

from vision.glyphs import DIGITS, LETTERS, UNSEEN_FONTS
from vision.models import base_model, calibration_file, model_for
from vision.plates import read_numbers
from vision.synthetic import TileStyle, letter_rack_photo, plates_photo


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A user's data directory, with the base model already trained (saves the time)."""
    shared = Path(os.environ["ARBITRE_DATA_DIR"])
    base_model(LETTERS, shared)
    shutil.copytree(shared / "models", tmp_path / "data" / "models")
    return tmp_path / "data"


def _photo(folder: Path, letters: str, seed: int) -> Path:
    style = TileStyle(UNSEEN_FONTS[1], (222, 240, 248), (20, 20, 20))
    photo = letter_rack_photo(letters, np.random.default_rng(seed), style, "dark")
    path = folder / f"{letters}.png"
    cv2.imwrite(str(path), photo)
    return path


def test_calibration_stores_each_glyph_of_the_photos(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = _photo(tmp_path, "ABCDEFGHIJ", seed=4)
    args = ["calibrate", f"{photo}=abcdefghij", "--json", "--data-dir", str(data_dir)]
    code, out, err = run(args, capsys)
    assert code == 0, err
    answer = json.loads(out)
    assert answer["glyphs"] == 10 and answer["photos"] == 1
    assert calibration_file(data_dir).exists()
    calibrated = model_for(LETTERS, data_dir)
    assert len(calibrated.labels) == len(base_model(LETTERS, data_dir).labels) + answer["rows"]


def test_a_photo_whose_letters_do_not_match_stores_nothing(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = _photo(tmp_path, "ABCDEFGHIJ", seed=4)
    code, out, err = run(["calibrate", f"{photo}=ABC", "--data-dir", str(data_dir)], capsys)
    assert code == 2 and out == "" and "attendues" in err and err.count("\n") == 1
    assert not calibration_file(data_dir).exists()


@pytest.mark.parametrize("item", ["photo.jpg", "=ABC", "photo.jpg=", "{photo}=AB1"])
def test_bad_calibration_arguments_are_one_line_and_exit_2(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], item: str
) -> None:
    item = item.replace("{photo}", str(_photo(tmp_path, "AB", seed=1)))
    code, _, err = run(["calibrate", item, "--data-dir", str(data_dir)], capsys)
    assert code == 2 and err.count("\n") == 1


@pytest.fixture
def digits_dir(tmp_path: Path) -> Path:
    """A user's data directory, with the digits' base model already trained."""
    shared = Path(os.environ["ARBITRE_DATA_DIR"])
    base_model(DIGITS, shared)
    shutil.copytree(shared / "models", tmp_path / "data" / "models")
    return tmp_path / "data"


def _plates(folder: Path, plates: tuple[int, ...], seed: int, font: str) -> Path:
    photo = plates_photo(plates, np.random.default_rng(seed), font, "wood")
    path = folder / f"{'-'.join(map(str, plates))}.png"
    cv2.imwrite(str(path), photo)
    return path


def test_calibrating_plates_teaches_the_digits_of_an_unknown_font(
    tmp_path: Path, digits_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # C059's 3 is far from every training font's: before, its plates were "?".
    font = UNSEEN_FONTS[3]
    draws = [(3, 4, 2, 7, 8, 1), (8, 3, 9, 6, 3, 5), (3, 2, 4, 7, 1, 3)]
    photos = [plates_photo(d, np.random.default_rng(s), font, "wood") for s, d in enumerate(draws)]

    def right() -> int:
        readings = [read_numbers(p, data_dir=digits_dir).values for p in photos]
        return sum(
            v == p for r, d in zip(readings, draws, strict=True) for v, p in zip(r, d, strict=True)
        )

    before = right()
    shots = [_plates(tmp_path, (1, 2, 3, 4, 5, 6), 50, font)]
    shots.append(_plates(tmp_path, (7, 8, 9, 10, 25, 50), 51, font))
    args = ["calibrate", "--kind", "numbers", f"{shots[0]}=1,2,3,4,5,6"]
    args += [f"{shots[1]}=7 8 9 10 25 50", "--json", "--data-dir", str(digits_dir)]
    code, out, err = run(args, capsys)
    assert code == 0, err
    assert json.loads(out)["glyphs"] == 15  # 1 to 9, then 1 0, 2 5 and 5 0
    assert right() == 18 > before


@pytest.mark.parametrize(
    ("content", "error"), [("1,2,3,4,5", "attendues"), ("1,2,3,4,5,11", "plaques 1 à 10")]
)
def test_plates_that_are_not_the_ones_given_store_nothing(
    tmp_path: Path,
    digits_dir: Path,
    capsys: pytest.CaptureFixture[str],
    content: str,
    error: str,
) -> None:
    photo = _plates(tmp_path, (1, 2, 3, 4, 5, 6), 50, UNSEEN_FONTS[0])
    args = ["calibrate", "--kind", "numbers", f"{photo}={content}", "--data-dir", str(digits_dir)]
    code, out, err = run(args, capsys)
    assert code == 2 and out == "" and error in err and err.count("\n") == 1
    assert not calibration_file(digits_dir).exists()
