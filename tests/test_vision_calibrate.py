"""Calibration: learning the user's tiles and plates from photos whose contents are given."""

import json
import os
import shutil
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_cli import run

from vision.calibrate import (
    CalibrationError,
    learn_dice,
    learn_letters,
    paired,
    straightened,
    without_points,
)
from vision.dice_learned import own_dice, read_learned
from vision.glyphs import (
    LETTERS,
    OWN_AGREES,
    OWN_CONFIRMS,
    OWN_MARGIN,
    OWN_NEAR,
    SQUASH,
    UNSEEN_FONTS,
    GlyphModel,
    Guess,
    distort,
    features,
    normalize_glyph,
    render_text,
    transformed,
)
from vision.models import base_model, calibration_file, model_for
from vision.own import OwnExamples, own_file
from vision.plates import read_numbers
from vision.rack import read_letters
from vision.reading import UNSURE_BELOW
from vision.synthetic import (
    TileStyle,
    dice_photo,
    letter_rack_photo,
    plates_photo,
    rack_set,
    random_style,
)

#: The user's tiles in these tests: a font the model never learned.
USER_FONT = UNSEEN_FONTS[1]


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
    assert calibrated.own is not None and len(calibrated.own.labels) == answer["rows"]
    assert calibrated.labels == base_model(LETTERS, data_dir).labels


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


def _user_glyph(letter: str) -> np.ndarray:
    return normalize_glyph(render_text(letter, USER_FONT, 60))


def _calibrated(letters: str, labels: str | None = None) -> GlyphModel:
    """The base model with the user's glyphs of ``letters``, labelled ``labels``."""
    glyphs = [_user_glyph(c) for c in letters]
    return base_model(LETTERS).with_own(labels or letters, features(glyphs))


def test_the_users_glyphs_reading_the_same_letter_make_it_sure() -> None:
    (guess,) = _calibrated(LETTERS).read([_user_glyph("G")], LETTERS)
    assert guess.label == "G" and guess.user_agrees and guess.confidence >= 0.95


def test_the_users_glyphs_reading_another_letter_make_it_unsure() -> None:
    swapped = LETTERS.replace("G", "g").replace("C", "G").replace("g", "C")
    (guess,) = _calibrated(LETTERS, swapped).read([_user_glyph("G")], LETTERS)
    assert guess.label == "G" and not guess.user_agrees and guess.confidence < UNSURE_BELOW


def _without_right_half(letter: str) -> np.ndarray:
    """The user's glyph of ``letter`` as a calibration photo that lost its right strokes
    shows it (FreeSerif's V, its thin right stroke gone: a bare diagonal)."""
    mask = render_text(letter, USER_FONT, 60).copy()
    x, _, w, _ = cv2.boundingRect(cv2.findNonZero(mask))
    mask[:, x + w // 2 :] = 0
    return normalize_glyph(mask)


def test_a_users_glyph_that_lost_a_stroke_does_not_doubt_a_certain_reading() -> None:
    """Their glyphs do not know the whole V (their V is a diagonal): that is no opinion
    that it is another letter."""
    glyphs = [_without_right_half(c) if c == "V" else _user_glyph(c) for c in LETTERS]
    calibrated = base_model(LETTERS).with_own(LETTERS, features(glyphs))
    tile = _user_glyph("V")
    assert calibrated.own is not None
    theirs = calibrated.own._per_label(calibrated.own._distances(features([tile]), None), LETTERS)
    assert theirs[0][LETTERS.index("V")] - theirs[0].min() > OWN_MARGIN  # nearest: another
    (guess,) = calibrated.read([tile], LETTERS)
    assert guess.label == "V" and guess.confidence >= UNSURE_BELOW and not guess.user_agrees


def _fairly_near_f(seed: int) -> tuple[Guess, Guess]:
    """An F of the user's font as a camera shows it, 1.8 to 2.3 from the user's F: the
    model's reading of it and the calibrated one."""
    calibrated = _calibrated(LETTERS)
    tile = normalize_glyph(
        distort(render_text("F", USER_FONT, 60), np.random.default_rng(seed), SQUASH)
    )
    assert calibrated.own is not None
    (theirs,) = calibrated.own._per_label(
        calibrated.own._distances(features([tile]), None), LETTERS
    )
    assert LETTERS[theirs.argmin()] == "F" and OWN_NEAR < theirs.min() < OWN_CONFIRMS
    (model,) = base_model(LETTERS).read([tile], LETTERS)
    (guess,) = calibrated.read([tile], LETTERS)
    assert model.label == guess.label == "F"
    return model, guess


def test_the_users_glyphs_fairly_near_confirm_what_the_model_was_sure_of() -> None:
    model, guess = _fairly_near_f(seed=15)
    assert model.confidence >= UNSURE_BELOW
    # Not merely fairly near: the confidence is lifted.
    assert guess.user_agrees and guess.confidence >= OWN_AGREES


def test_a_calibration_missing_letters_never_makes_a_reading_sure() -> None:
    """Its nearest glyph to a letter it lacks is another letter by necessity: agreeing
    with the model then proves nothing."""
    partial = _calibrated(LETTERS.translate(str.maketrans("", "", "KXZ")))
    base = base_model(LETTERS).read([_user_glyph("R")], LETTERS)
    (guess,) = partial.read([_user_glyph("R")], LETTERS)
    assert not guess.user_agrees and guess.confidence == base[0].confidence


def test_a_calibration_lacking_one_letter_borrows_the_models_glyphs_of_it() -> None:
    (guess,) = _calibrated(LETTERS.replace("K", "")).read([_user_glyph("G")], LETTERS)
    assert guess.label == "G" and guess.user_agrees


def test_a_letter_sheared_by_the_keystone_is_learned_upright() -> None:
    letters = "EFHKL"
    upright = [render_text(c, USER_FONT, 60) for c in letters]
    shears = [0.3, 0.15, 0.0, -0.15, -0.3]  # the keystone: a steady change along the row
    photographed = [transformed(m, s, 0.7) for m, s in zip(upright, shears, strict=True)]
    learned = straightened(photographed, letters, base_model(LETTERS))

    def distance(a: np.ndarray, b: np.ndarray) -> float:
        return float(
            np.linalg.norm(features([normalize_glyph(a)]) - features([normalize_glyph(b)]))
        )

    for truth, before, (after, _) in zip(upright, photographed, learned, strict=True):
        assert distance(after, truth) < distance(before, truth)
    assert distance(learned[0][0], upright[0]) < 0.5 * distance(photographed[0], upright[0])


def test_a_letter_missed_on_a_calibration_photo_costs_that_letter_only() -> None:
    found = [render_text(c, USER_FONT, 60) for c in "ABCE"]
    assert paired(found, "ABCDE", base_model(LETTERS)) == [(0, "A"), (1, "B"), (2, "C"), (3, "E")]


def test_a_letter_that_lost_a_stroke_and_surely_reads_another_is_not_learned() -> None:
    # An L whose bar glare washed out is an I: learned as L it would make "?" of the
    # user's Ls and Is. It costs that letter only.
    found = [render_text(c, USER_FONT, 60) for c in "AIMN"]
    model = base_model(LETTERS)
    assert model.classify([normalize_glyph(found[1])], LETTERS)[0] == ("I", 1.0)
    assert paired(found, "ALMN", model) == [(0, "A"), (2, "M"), (3, "N")]


def test_the_points_beside_a_letter_are_not_learned_with_it() -> None:
    letter = np.asarray((render_text("K", USER_FONT, 60) > 127) * 255, np.uint8)
    points = np.asarray((render_text("10", USER_FONT, 18) > 127) * 255, np.uint8)
    glyph = np.zeros((letter.shape[0], letter.shape[1] + points.shape[1]), np.uint8)
    glyph[:, : letter.shape[1]] = letter
    glyph[-points.shape[0] :, letter.shape[1] :] = points
    assert np.array_equal(normalize_glyph(without_points(glyph)), normalize_glyph(letter))


def test_after_calibration_the_users_tiles_are_read_surely(data_dir: Path) -> None:
    style = TileStyle(USER_FONT, (222, 240, 248), (20, 20, 20))
    shots = [
        (name, letter_rack_photo(name, np.random.default_rng(seed), style, "light"), name)
        for name, seed in (("ABCDEFGHIJ", 21), ("KLMNOPQRST", 32), ("UVWXYZ", 23))
    ]
    learn_letters(shots, data_dir)
    rack = "BOXING"
    before = after = 0
    for seed in range(3):
        photo = letter_rack_photo(rack, np.random.default_rng(100 + seed), style, "wood")
        base = read_letters(photo, base_model(LETTERS, data_dir)).values
        calibrated = read_letters(photo, data_dir=data_dir).values
        assert all(v in ("?", t) for v, t in zip(calibrated, rack, strict=True))
        before += sum(v == t for v, t in zip(base, rack, strict=True))
        after += sum(v == t for v, t in zip(calibrated, rack, strict=True))
    # The classifier may read them all before already: its calibration must lose none.
    assert before <= after == 3 * len(rack)


def _bench_calibrated(seed: int, font: int, data_dir: Path) -> list[tuple[np.ndarray, str]]:
    """Calibrate ``data_dir`` as ``bench/vision.py --seed SEED`` does for
    ``UNSEEN_FONTS[font]`` (its three photos of the alphabet on the font's table), and
    return the bench's letter photos of that font with their letters."""
    rng = np.random.default_rng(seed)
    style = [random_style(rng, (name,)) for name in UNSEEN_FONTS][font]
    fonts = (UNSEEN_FONTS[font],)
    alphabet = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ")
    shots = rack_set(3, fonts, seed=seed * 100 + 50 + font, style=style, words=alphabet)
    learn_letters(
        [(name, shot[0], shot[1]) for name, shot in zip(alphabet, shots, strict=True)], data_dir
    )
    return [(p[0], p[1]) for p in rack_set(20, fonts, seed=seed * 100 + font, style=style)]


def test_after_calibration_a_holders_end_taller_than_the_letters_is_no_i(data_dir: Path) -> None:
    # Nimbus Sans Narrow tiles IEXFI (seed 13, the 14th photo): the holder's slanted left
    # end is a dark edge as tall as a tile, 1.3 times the letters. After a calibration it
    # read I surely, the user's I glyphs and Tesseract agreeing. A tile's I is as tall as
    # its neighbours.
    photo, letters = _bench_calibrated(13, 4, data_dir)[13]
    assert letters == "IEXFI"
    # The first design found a sixth mark there and made it "?"; the learned reader's row
    # holds the five tiles only.
    assert read_letters(photo, data_dir=data_dir).values == tuple(letters)


def test_after_calibration_a_ts_stem_whose_bar_glare_broke_off_is_no_i(data_dir: Path) -> None:
    # FreeSerif tiles FWQTT (seed 59, the 3rd photo): a lamp's glare left of the last T
    # its stem and pale pieces of its bar, parted from it. The stem alone read I, certain,
    # the user's glyphs agreeing. Thresholded as wide as a tile, it is a T: "?".
    photo, letters = _bench_calibrated(59, 2, data_dir)[2]
    assert letters == "FWQTT"
    # The first design made it "?"; the learned reader, in a window of the whole tile,
    # reads the T.
    assert read_letters(photo, data_dir=data_dir).values[:4] == ("F", "W", "Q", "T")
    assert read_letters(photo, data_dir=data_dir).values[4] in ("T", "?")


@pytest.mark.xfail(
    strict=True,
    reason="issue 23: after calibration the learned reader reads this photo's 5th tile, "
    "an L, as I surely (a silent misread; the first design read the row right but the "
    "last G, '?')",
)
def test_after_calibration_a_serif_gs_arc_cut_off_at_the_rows_end_is_no_c(
    data_dir: Path,
) -> None:
    # FreeSerif tiles QIAGLNWG (seed 37, the 12th photo): glare parted the last G's thin
    # top, and the window at the row's end kept its left arc, read C surely. Thresholded
    # as wide as a tile, it is a G: "?".
    photo, letters = _bench_calibrated(37, 2, data_dir)[11]
    assert letters == "QIAGLNWG"
    assert read_letters(photo, data_dir=data_dir).values == (*letters[:-1], "?")


def test_a_letter_past_a_keystoned_rows_end_is_read_leaning_as_its_tile(
    data_dir: Path,
) -> None:
    # C059 tiles KQIX (seed 67, the 13th photo), the holder seen at an angle: the K at
    # the left end leans most, and its 10 touches it. Found past the row's end, it read
    # K at 0.44 upright and was lost; read leaning as its tile leans, it is a K.
    photo, letters = _bench_calibrated(67, 3, data_dir)[12]
    assert letters == "KQIX"
    assert read_letters(photo, data_dir=data_dir).values == tuple(letters)


def _plates(folder: Path, plates: tuple[int, ...], seed: int, font: str) -> Path:
    photo = plates_photo(plates, np.random.default_rng(seed), font, "wood")
    path = folder / f"{'-'.join(map(str, plates))}-{seed}.png"
    cv2.imwrite(str(path), photo)
    return path


def _unit(*rows: list[float]) -> np.ndarray:
    vectors = np.array(rows, np.float32)
    return np.asarray(vectors / np.linalg.norm(vectors, axis=1, keepdims=True), np.float32)


def test_the_players_plates_confirm_a_doubted_value_only_when_clearly_nearest() -> None:
    own = OwnExamples(np.array(["3", "8", "8"]), _unit([1, 0, 0], [0, 1, 0], [0, 0.9, 0.1]))
    near_3 = _unit([1, 0.1, 0])[0]
    between = _unit([1, 0.95, 0])[0]
    assert own.agrees(near_3, "3", rival="8")
    assert not own.agrees(near_3, "8", rival="3")  # their nearest plate says 3: no lift to 8
    assert not own.agrees(between, "3", rival="8")  # a 3 hardly nearer than an 8: a doubt kept
    assert not own.agrees(near_3, "3", rival="9")  # no 9 among them: the rival was never heard
    assert own.agrees(near_3, "3", rival=None)  # "no plate at all" is no value to compare


def test_a_calibration_of_only_one_value_confirms_nothing() -> None:
    own = OwnExamples(np.array(["5", "5"]), _unit([1, 0], [0.9, 0.1]))
    assert not own.agrees(_unit([1, 0])[0], "5", rival=None)


def test_calibrating_plates_stores_each_plate_and_confirms_the_networks_doubts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Players of plate families the network never trained on: after their calibration
    # (three photos, every value), their plates are read at least as well, none wrong.
    from vision.render import plates_scene
    from vision.render import random_style as plate_style

    rng = np.random.default_rng(5)
    draws = ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 25, 50), (75, 100, 1, 2, 3, 4))
    before = after = 0
    for player in range(3):
        style = plate_style(rng, "held-out")
        folder = tmp_path / f"player{player}"
        args = ["calibrate", "--kind", "numbers", "--json", "--data-dir", str(folder)]
        for k, draw in enumerate(draws):
            path = tmp_path / f"p{player}-{k}.png"
            cv2.imwrite(str(path), plates_scene(draw, rng, style, (1024, 768)))
            args.append(f"{path}={','.join(map(str, draw))}")
        folder.mkdir()
        code, out, err = run(args, capsys)
        assert code == 0, err
        assert json.loads(out)["glyphs"] == 18  # plates stored, copies not counted
        for seed in range(4):
            plates = (seed + 1, 10, 25, 75, 100, 9 - seed)
            photo = plates_scene(plates, rng, style, (1024, 768))
            plain = read_numbers(photo, data_dir=tmp_path / "nobody").values
            mine = read_numbers(photo, data_dir=folder).values
            assert all(v in ("?", p) for v, p in zip(mine, plates, strict=True)), (plates, mine)
            before += sum(v == p for v, p in zip(plain, plates, strict=True))
            after += sum(v == p for v, p in zip(mine, plates, strict=True))
    assert after >= before


@pytest.mark.parametrize(
    ("content", "error"),
    [
        ("1,2,3,4,5", "attendues"),
        ("1,2,3,4,5,11", "plaques 1 à 10"),
        ("2,1,3,4,5,6", "se lit 1, et non 2"),
    ],
)
def test_plates_that_are_not_the_ones_given_store_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, error: str
) -> None:
    photo = _plates(tmp_path, (1, 2, 3, 4, 5, 6), 50, UNSEEN_FONTS[0])
    folder = tmp_path / "data"
    folder.mkdir()
    args = ["calibrate", "--kind", "numbers", f"{photo}={content}", "--data-dir", str(folder)]
    code, out, err = run(args, capsys)
    assert code == 2 and out == "" and error in err and err.count("\n") == 1
    assert not own_file(folder, "plates").exists()


#: A player's dice calibration: every face once (bench/vision_dice.py's).
CALIBRATION_FACES = ("BCDA", "FGHE", "JKLI", "MNPO", "QRSU", "TVW*", "XZBA")


def _dice(folder: Path, faces: str, seed: int) -> Path:
    photo = dice_photo(faces, np.random.default_rng(seed), UNSEEN_FONTS[4], "light")
    path = folder / f"dice-{seed}.png"
    cv2.imwrite(str(path), photo)
    return path


def test_dice_calibration_stores_the_four_faces_for_the_dice_reader_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = _dice(tmp_path, "BKW*", seed=3)
    folder = tmp_path / "data"
    folder.mkdir()
    args = ["calibrate", "--kind", "dice", f"{photo}=bkw joker", "--json"]
    code, out, err = run([*args, "--data-dir", str(folder)], capsys)
    assert code == 0, err
    answer = json.loads(out)
    assert answer["kind"] == "dice" and answer["glyphs"] == 4 and answer["photos"] == 1
    mine = own_dice(folder)
    assert mine is not None and len(mine.labels) == answer["rows"]
    assert set(mine.labels) == {"B", "K", "W", "*"}
    # The dice's font is not the tiles' nor the plates': their calibrations are left alone.
    assert not calibration_file(folder).exists() and not own_file(folder, "plates").exists()


def _refused_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shown: str, given: str
) -> str:
    """The one line ``arbitre calibrate --kind dice`` says refusing a photo of ``shown``
    given as ``given``; it must have stored nothing."""
    photo = _dice(tmp_path, shown, seed=3)
    folder = tmp_path / "data"
    folder.mkdir()
    args = ["calibrate", "--kind", "dice", f"{photo}={given}", "--data-dir", str(folder)]
    code, out, err = run(args, capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert not own_file(folder, "dice").exists()
    return err


def test_a_dice_photo_without_its_vowel_die_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "dé(s) trouvé(s) sur 4" in _refused_dice(tmp_path, capsys, "BKW", "BKWA")


def test_a_die_surely_read_as_another_letter_than_given_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The K is read surely: given as a C (the consonants out of order), the photo is
    # refused, not learned wrong.
    assert "se lit K, et non C" in _refused_dice(tmp_path, capsys, "BKW*", "BCW*")


def test_after_calibration_a_players_dice_are_read_as_surely_or_more_and_never_wrong(
    tmp_path: Path,
) -> None:
    # Players of dice families the network never trained on: their calibration (seven
    # photos, every face) may confirm letters the network doubted, never loses a sure
    # one, and no die is misread. (With the network of 120,000 windows, 16 epochs, the
    # three dice it still doubts on these photos are not confirmed: their nearest own
    # example is not clearly nearer than one of another letter, or one view reads
    # another letter; the network of 80,000 windows had more doubts, some confirmed.)
    from vision.dice_render import as_told, dice_scene, random_faces
    from vision.dice_render import random_style as dice_style

    rng = np.random.default_rng(9)
    before = after = 0
    for player in range(2):
        style = dice_style(rng, "held-out")
        scenes = [dice_scene(f, rng, style) for f in CALIBRATION_FACES]
        shots = [(as_told(drawn), photo, as_told(drawn)) for photo, drawn in scenes]
        folder = tmp_path / f"player{player}"
        usable = []
        for shot in shots:
            try:
                learn_dice([shot], tmp_path / "probe", reset=True)
                usable.append(shot)
            except CalibrationError:
                pass
        learn_dice(usable, folder)
        for _ in range(5):
            faces = random_faces(rng, True)
            photo = dice_scene(faces, rng, style)[0]
            plain = read_learned(photo, True, data_dir=tmp_path / "nobody").values
            mine = read_learned(photo, True, data_dir=folder).values
            read = Counter(str(v) for v in mine[:3] if v != "?")
            assert not read - Counter(faces[:3]), (faces, mine)  # no consonant not rolled
            assert all(v in ("?", t) for v, t in zip(mine[3:], faces[3:], strict=True))
            before += sum(v != "?" for v in plain)
            after += sum(v != "?" for v in mine)
    assert after >= before


@pytest.mark.parametrize("faces", ["BKW", "AKWE", "BKWB", "BKW1", "BKWAE"])
def test_dice_faces_are_three_consonants_then_a_vowel_or_the_joker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], faces: str
) -> None:
    assert "trois consonnes" in _refused_dice(tmp_path, capsys, "BKWA", faces)
