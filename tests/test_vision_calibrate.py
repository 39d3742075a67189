"""Calibration: learning the user's tiles from photos whose letters are given."""

import json
import os
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_cli import run

from vision.dice import ALPHABET as DICE_ALPHABET
from vision.glyphs import LETTERS, UNSEEN_FONTS
from vision.models import base_model, calibration_file, model_for
from vision.synthetic import TileStyle, dice_photo, letter_rack_photo


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
def dice_data_dir(tmp_path: Path) -> Path:
    """A user's data directory with the base models of the tiles and the dice."""
    shared = Path(os.environ["ARBITRE_DATA_DIR"])
    base_model(LETTERS, shared)
    base_model(DICE_ALPHABET, shared)
    shutil.copytree(shared / "models", tmp_path / "data" / "models")
    return tmp_path / "data"


def _dice(folder: Path, faces: str, seed: int) -> Path:
    photo = dice_photo(faces, np.random.default_rng(seed), UNSEEN_FONTS[4], "light")
    path = folder / f"dice-{seed}.png"
    cv2.imwrite(str(path), photo)
    return path


def test_dice_calibration_stores_the_four_faces_for_the_dice_reader_only(
    tmp_path: Path, dice_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = _dice(tmp_path, "BKW*", seed=3)
    args = ["calibrate", "--kind", "dice", f"{photo}=bkw joker", "--json"]
    code, out, err = run([*args, "--data-dir", str(dice_data_dir)], capsys)
    assert code == 0, err
    answer = json.loads(out)
    assert answer["kind"] == "dice" and answer["glyphs"] == 4 and answer["photos"] == 1
    dice_model = model_for(DICE_ALPHABET, dice_data_dir, kind="dice")
    added = dice_model.labels[len(base_model(DICE_ALPHABET, dice_data_dir).labels) :]
    assert len(added) == answer["rows"] and set(added) == {"B", "K", "W", "*"}
    # The dice's font is not the tiles': the letter reader's model is left alone.
    assert model_for(LETTERS, dice_data_dir).labels == base_model(LETTERS, dice_data_dir).labels


def test_a_dice_photo_without_its_vowel_die_stores_nothing(
    tmp_path: Path, dice_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = _dice(tmp_path, "BKW", seed=3)
    args = ["calibrate", "--kind", "dice", f"{photo}=BKWA", "--data-dir", str(dice_data_dir)]
    code, out, err = run(args, capsys)
    assert code == 2 and out == "" and "dé(s) trouvé(s) sur 4" in err and err.count("\n") == 1
    assert not calibration_file(dice_data_dir).exists()


@pytest.mark.parametrize("faces", ["BKW", "AKWE", "BKWB", "BKW1", "BKWAE"])
def test_dice_faces_are_three_consonants_then_a_vowel_or_the_joker(
    tmp_path: Path, dice_data_dir: Path, capsys: pytest.CaptureFixture[str], faces: str
) -> None:
    photo = _dice(tmp_path, "BKWA", seed=3)
    args = ["calibrate", "--kind", "dice", f"{photo}={faces}", "--data-dir", str(dice_data_dir)]
    code, _, err = run(args, capsys)
    assert code == 2 and "trois consonnes" in err and err.count("\n") == 1
    assert not calibration_file(dice_data_dir).exists()
