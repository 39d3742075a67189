"""Reading the letter rack: synthetic photos in fonts the glyph model never learned."""

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.camera import load_photo
from vision.glyphs import (
    LETTERS,
    TRAINING_FONTS,
    UNSEEN_FONTS,
    render_text,
    training_glyphs,
)
from vision.models import model_for
from vision.rack import (
    _beside_too_wide,
    _face_both_sides,
    _too_tall,
    out_of_step,
    photo_row,
    read_letters,
    whole_row,
)
from vision.reading import (
    Mark,
    NothingFound,
    Row,
    whole_letter,
)
from vision.samples import SAMPLES, samples
from vision.synthetic import TABLES, letter_rack_photo, rack_set, random_style, score, table


def _read(photo: np.ndarray) -> tuple[str | int, ...] | None:
    try:
        return read_letters(photo).values
    except NothingFound:
        return None


def test_racks_in_unseen_fonts_are_mostly_read_and_rarely_misread_silently() -> None:
    # A floor under today's figures (bench/vision.py prints them), not the goal of
    # issue 4: finding the tiles still misses letters, see the README.
    photos = rack_set(20, UNSEEN_FONTS, seed=2)
    result = score([_read(p[0]) for p in photos], [p[1] for p in photos])
    assert result.right / result.tiles >= 0.7
    assert result.silent / result.tiles <= 0.02


def test_a_bundled_sample_reads_its_tiles_surely() -> None:
    sample = samples("letters")[1]  # every sample: tests/test_samples.py
    reading = read_letters(load_photo(sample.photo))
    assert tuple(map(str, reading.values)) == sample.values
    assert reading.uncertain == () and all(c >= 0.6 for c in reading.confidence)


@pytest.mark.parametrize("kind", ["light", "dark", "wood"])
def test_an_empty_table_has_no_rack(kind: str) -> None:
    photo = np.clip(table(np.random.default_rng(3), kind, (640, 480)), 0, 255).astype(np.uint8)
    with pytest.raises(NothingFound):
        read_letters(photo)


def test_the_training_fonts_and_the_unseen_fonts_do_not_overlap() -> None:
    assert not set(TRAINING_FONTS) & set(UNSEEN_FONTS)
    labels, glyphs = training_glyphs("AB", fonts=TRAINING_FONTS[:1], per_font=2)
    assert labels == ["A", "A", "B", "B"] and all(g.shape == (32, 32) for g in glyphs)


def _row(centres: list[int], height: int = 40) -> Row:
    blank = np.zeros((height, 20), np.uint8)
    return Row(tuple(Mark(x - 10, 100, 20, height, blank) for x in centres), angle=0.0)


def test_letters_at_the_tiles_pitch_are_in_step_and_an_empty_slot_changes_nothing() -> None:
    assert out_of_step(_row([100, 160, 220, 340, 400])) == [False] * 5


def test_two_pieces_of_one_broken_letter_are_out_of_step() -> None:
    # A U cut in two by glare: its halves are closer than any two tiles.
    assert out_of_step(_row([100, 160, 210, 230, 280, 340])) == [
        False,
        False,
        True,
        True,
        False,
        False,
    ]


def test_small_marks_far_apart_are_a_pattern_of_the_table_not_tiles() -> None:
    assert out_of_step(_row([100, 400, 700], height=40)) == [True] * 3


def _maison(
    seed: int, blanks: tuple[int, ...] = (), empty: int | None = None
) -> tuple[str, tuple[str, ...], tuple[int, ...]]:
    rng = np.random.default_rng(seed)
    style = random_style(rng, UNSEEN_FONTS)
    kind = TABLES[seed % len(TABLES)]
    photo = letter_rack_photo("MAISON", rng, style, kind, blanks=blanks, empty=empty)
    reading = read_letters(photo)
    return "".join(map(str, reading.values)), reading.warnings, reading.uncertain


def _matches(read: str, truth: str) -> bool:
    """Tile for tile, each read letter is the true one or "?" (a classifier's doubt)."""
    return len(read) == len(truth) and all(r in (t, "?") for r, t in zip(read, truth, strict=True))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_blank_tile_in_the_middle_is_a_question_mark_the_player_must_correct(seed: int) -> None:
    letters, warnings, uncertain = _maison(seed, blanks=(2,))
    assert _matches(letters, "MA?SON")
    assert 2 in uncertain
    assert "tuile blanche en position 3 : corrigez-la" in warnings


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_blank_tile_at_the_end_is_a_question_mark_too(seed: int) -> None:
    letters, warnings, uncertain = _maison(seed, blanks=(5,))
    assert _matches(letters, "MAISO?")
    assert 5 in uncertain
    assert warnings == ("tuile blanche en position 6 : corrigez-la",)


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_an_empty_slot_is_no_tile_at_all(seed: int) -> None:
    letters, warnings, _ = _maison(seed, empty=3)
    assert _matches(letters, "MAISON")
    assert not any("blanche" in w for w in warnings)


def _ink_on_face(pieces: list[tuple[np.ndarray, int, int]], size: tuple[int, int]) -> np.ndarray:
    """A light tile face with white-on-black masks pasted as dark ink at (x, y)."""
    ink = np.zeros(size, np.uint8)
    for mask, x, y in pieces:
        region = ink[y : y + mask.shape[0], x : x + mask.shape[1]]
        np.maximum(region, mask, out=region)
    return (230 - ink.astype(np.float32) * 0.8).astype(np.uint8)


def test_a_letter_grown_into_its_points_digit_is_read_without_the_digit() -> None:
    letter = render_text("K", UNSEEN_FONTS[3], 40)
    digits = render_text("10", UNSEEN_FONTS[3], 14)
    lx, ly, lw, lh = cv2.boundingRect(cv2.findNonZero(letter))
    dx, dy, _, _ = cv2.boundingRect(cv2.findNonZero(digits))
    # The digit's top touches the foot of the K's leg, as on a crowded tile.
    gray = _ink_on_face(
        [(letter, 60 - lx, 40 - ly), (digits, 60 + lw - 6 - dx, 40 + lh - 3 - dy)], (140, 160)
    )
    found = whole_letter(gray, (60 + lw / 2, 40 + lh / 2), 90, lh)
    assert found is not None
    assert abs(found.h - lh) <= 3  # the letter's height, not the letter and the digit's
    assert found.x + found.w <= 60 + lw + 2


def test_pieces_of_one_letter_closer_than_a_letter_height_are_one_tile() -> None:
    # A U cut in two by glare between tiles 60 px apart (letters 30 px high).
    row = _row([100, 160, 210, 228, 280], height=30)
    assert [round(m.cx) for m in whole_row(np.full((400, 400), 230, np.uint8), row).marks] == [
        100,
        160,
        219,
        280,
    ]


def test_pieces_shorten_the_usual_step_but_tiles_are_never_that_narrow() -> None:
    # Most marks are pieces 18 px apart: the usual step is short, yet 18 px is less than
    # 1.2 letter heights (16 px letters) and no two tiles' letters stand that close.
    assert out_of_step(_row([100, 118, 140, 158, 200], height=16)) == [
        True,
        True,
        True,
        True,
        False,
    ]


def test_the_letters_at_the_ends_of_a_slanting_row_are_found_whole() -> None:
    # Ten letters 30 px high whose tops run down 0.1 px per px, while the row's angle was
    # measured on a pair of marks at 0.06: at the ends the band where a letter is looked
    # for must follow the letters, not the angle, or a letter loses its top.
    font, glyphs = UNSEEN_FONTS[0], "KLMNEHTFZK"
    pieces, marks = [], []
    for i, letter in enumerate(glyphs):
        mask = render_text(letter, font, 30)
        x, y, w, h = cv2.boundingRect(cv2.findNonZero(mask))
        left, top = 40 + 55 * i, 40 + round(0.1 * (40 + 55 * i))
        pieces.append((mask, left - x, top - y))
        ink = np.asarray((mask[y : y + h, x : x + w] > 127) * 255, np.uint8)
        marks.append(Mark(left, top, w, h, ink))
    gray = _ink_on_face(pieces, (160, 640))
    found = whole_row(gray, Row(tuple(marks), angle=math.atan(0.06))).marks
    assert [(m.y, m.h) for m in found] == [(m.y, m.h) for m in marks]


def test_a_thin_stroke_the_camera_blurred_pale_stays_part_of_its_letter() -> None:
    # A serif L whose bar came out pale (blurred thin stroke) is an I without it.
    letter = render_text("L", UNSEEN_FONTS[2], 40)
    x, y, w, h = cv2.boundingRect(cv2.findNonZero(letter))
    letter = letter[y : y + h, x : x + w]
    stem = np.flatnonzero(letter[h // 3] > 127).max() + 2
    face = np.full((140, 160), 230, np.float32)
    ink = face[40 : 40 + h, 60 : 60 + w]
    ink[:, :stem] -= letter[:, :stem] * 0.8  # the stem dark
    ink[:, stem:] -= letter[:, stem:] * 0.25  # the bar pale
    found = whole_letter(face.astype(np.uint8), (60 + w / 2, 40 + h / 2), 90, h)
    assert found is not None and abs(found.w - w) <= 2


def test_a_letter_standing_a_little_higher_than_its_neighbours_is_still_found() -> None:
    # The row's line puts the letter's top a quarter of its height lower than it is
    # (a tall serif Q, a tile set a little high): the letter is found whole all the same.
    letter = render_text("Q", UNSEEN_FONTS[3], 40)
    x, y, w, h = cv2.boundingRect(cv2.findNonZero(letter))
    gray = _ink_on_face([(letter, 60 - x, 50 - y)], (160, 160))
    found = whole_letter(gray, (60 + w / 2, 50 + h / 2 + 0.25 * h), 90, h)
    assert found is not None and (found.y, found.h) == (50, h)


def _bench_rack(seed: int, font: int, number: int) -> tuple[np.ndarray, str, str]:
    """Photo ``number`` (from 0) of ``bench/vision.py --seed SEED`` in ``UNSEEN_FONTS[font]``,
    as the bench draws it: its letters and its table."""
    rng = np.random.default_rng(seed)
    styles = [random_style(rng, (name,)) for name in UNSEEN_FONTS]
    photos = rack_set(number + 1, (UNSEEN_FONTS[font],), seed=seed * 100 + font, style=styles[font])
    photo, letters, _, kind = photos[number]
    return photo, letters, kind


def test_a_single_tile_on_wood_is_read_from_its_letter_not_from_a_grain_mark() -> None:
    # One K on a holder, a wooden table whose grain has a mark the model reads as surely
    # as the K (a benchmark photo: seed 11, C059, the 14th photo).
    photo, letters, kind = _bench_rack(11, 3, 13)
    assert (letters, kind) == ("K", "wood")
    assert read_letters(photo).values == ("K",)


def test_a_points_digit_broken_in_two_beside_its_letter_is_no_part_of_it() -> None:
    # C059 tiles BNCI (a benchmark photo: seed 31, the 12th photo): the B's 3 comes out
    # of the threshold in two pieces; each was kept with the B, read at 0.63: "?".
    photo, letters, _ = _bench_rack(31, 3, 11)
    assert letters == "BNCI"
    assert read_letters(photo).values[:3] == ("B", "N", "C")


def test_a_points_digit_under_a_leaning_letter_is_no_part_of_it() -> None:
    # C059 tiles DTTKTCGTHS (seed 31, the 11th photo): the D at the holder's left end
    # leans over its 2, which hangs below its foot; the D with its 2 read P.
    photo, letters, _ = _bench_rack(31, 3, 10)
    assert letters == "DTTKTCGTHS"
    assert read_letters(photo).values[0] == "D"


def test_a_letter_grown_into_its_points_digit_is_found_whole() -> None:
    # C059 tiles THDEXTC (seed 31, the 10th photo): the X's foot touches its 10, and the
    # window centred on the two cut off the X's left side: the X was lost, its 10 kept.
    photo, letters, _ = _bench_rack(31, 3, 9)
    assert letters == "THDEXTC"
    values = read_letters(photo).values
    assert len(values) == len(letters) and values[4:6] == ("X", "T")


def test_a_rack_running_out_of_the_photo_is_told() -> None:
    # Ten FreeSerif tiles on a checked cloth (seed 41, the 5th photo), the photo then cut
    # through the first tile: nine letters are read, and the players are told why.
    photo, letters, _ = _bench_rack(41, 2, 4)
    assert letters == "KWKHPCDHHE"
    out_of_frame = "la réglette sort de la photo à gauche : une tuile a pu y être coupée, recadrez"
    cut = read_letters(np.ascontiguousarray(photo[:, 140:]))
    assert cut.values[-8:] == tuple("KHPCDHHE") and out_of_frame in cut.warnings
    assert not any("sort de la photo" in w for w in read_letters(photo).warnings)


def test_a_lean_undone_the_wrong_way_is_not_kept_when_the_letter_reads_surer_without() -> None:
    # FreeSerif tiles NZTGLXZ (seed 31, the 12th photo): the N's diagonal and the Z's
    # beside it tilt the lean fitted along the row; the N "straightened" read W.
    photo, letters, _ = _bench_rack(31, 2, 11)
    assert letters == "NZTGLXZ"
    assert read_letters(photo).values[:2] == ("N", "Z")


def test_the_end_of_a_light_holder_is_no_letter_beyond_the_rack() -> None:
    # Lato tiles EADJZS on a checked cloth (seed 61, the 20th photo): one step left of
    # the E, the holder's end against the cloth read I at 0.86 (and, with the user's
    # glyphs of an I, surely: a letter too many, silent).
    photo, letters, _ = _bench_rack(61, 0, 19)
    assert letters == "EADJZS"
    assert read_letters(photo).values == tuple("EADJZS")


@pytest.mark.xfail(
    strict=True,
    reason=(
        "issue 23: the learned reader drops an L at a row's end whose foot glare parted: "
        "the row is read Y (the first design, removed, judged the parted foot or spur)"
    ),
)
def test_an_l_whose_faint_foot_runs_out_of_its_window_is_not_read_i() -> None:
    # FreeSerif tiles LY (seed 83, the 5th photo): the L's long foot, parted from its
    # stem by a faint stretch, runs out of the window of the row's end; the stem alone
    # read I surely. With the rest of its foot, which keeps the stem's foot line (a
    # points digit would hang lower), it reads L.
    photo, letters, _ = _bench_rack(83, 2, 4)
    assert letters == "LY"
    assert read_letters(photo).values == ("L", "Y")


def test_a_letter_the_model_is_certain_of_is_kept_when_tesseract_reads_it_otherwise() -> None:
    # Carlito tiles WWBDSK (seed 31, the 13th photo): Tesseract reads the B as an O.
    photo, letters, _ = _bench_rack(31, 1, 12)
    assert letters == "WWBDSK"
    assert read_letters(photo).values == tuple("WWBDSK")


def test_squares_of_a_checked_cloth_in_line_with_the_holder_are_no_tiles() -> None:
    # Nine tiles; the row of marks runs on past the holder's ends over the cloth, where
    # squares stand in line three pitches from the end letters (a benchmark photo: seed
    # 23, Carlito, the 20th photo). No holder leaves two empty slots at an end.
    photo, letters, kind = _bench_rack(23, 1, 19)
    assert (letters, kind) == ("HHIPZTSFX", "pattern")
    read = read_letters(photo).values
    assert len(read) == 9 and (read[0], read[-1]) == ("H", "X")


def test_a_round_letter_whose_first_mark_is_its_left_side_is_read_whole() -> None:
    # A serif G whose thin top and bottom glare parted: the first pass sees only its left
    # side, so the letter's window is centred off it. Between two Os at the pitch of
    # tiles side by side (a holder seen from low: letters wider than tall) the window
    # must still hold the whole G, or it reads C.
    font, pitch = UNSEEN_FONTS[3], 110
    pieces, marks = [], []
    for i, letter in enumerate("OGO"):
        mask = render_text(letter, font, 40)
        x, y, w, h = cv2.boundingRect(cv2.findNonZero(mask))
        flat = cv2.resize(mask[y : y + h, x : x + w], (w, h // 2), interpolation=cv2.INTER_AREA)
        mask = np.asarray(flat, np.uint8)
        h = mask.shape[0]
        left = 40 + pitch * i
        if letter == "G":
            mask[:, w // 2 : w // 2 + 3] = 0  # the thin top and bottom cut
            whole_width = w
        pieces.append((mask, left, 40))
        ink = np.asarray((mask > 127) * 255, np.uint8)
        kept = w // 2 if letter == "G" else w
        marks.append(Mark(left, 40, kept, h, ink[:, :kept]))
    gray = _ink_on_face(pieces, (140, 40 + 3 * pitch))
    found = whole_row(gray, Row(tuple(marks), 0.0)).marks
    assert len(found) == 3 and abs(found[1].w - whole_width) <= 2


@pytest.mark.parametrize("name", ["01-BAMERILANE", "05-ECNTGEAHMN"])
def test_a_holder_photographed_from_farther_away_is_read_on_an_enlarged_crop(name: str) -> None:
    # The bundled photo at 0.4 of its size: letters of 10 to 14 px, whose thin strokes
    # thresholded at that size break (an R read "?", an I lost).
    photo = load_photo(SAMPLES / "letters" / f"{name}.jpg")
    small = np.asarray(
        cv2.resize(photo, None, fx=0.4, fy=0.4, interpolation=cv2.INTER_AREA), np.uint8
    )
    assert "".join(map(str, read_letters(small).values)) == name[3:]


def test_a_speck_of_the_holder_beside_a_letter_is_no_part_of_it() -> None:
    # At a row's end the letter's window reaches past its tile: a speck of the holder's
    # edge, apart from the B, made it read E.
    letter = render_text("B", UNSEEN_FONTS[0], 40)
    x, y, w, h = cv2.boundingRect(cv2.findNonZero(letter))
    speck = np.full((4, 3), 255, np.uint8)
    gray = _ink_on_face([(letter, 70 - x, 40 - y), (speck, 70 - 14, 40 + h // 2)], (140, 180))
    found = whole_letter(gray, (70 + w / 2, 40 + h / 2), 100, h)
    assert found is not None and (found.x, found.w) == (70, w)


def test_a_single_tile_on_a_checked_cloth_is_found_among_the_cloths_rows() -> None:
    # The cloth's squares make rows of marks that read as nothing sure; the one Z on the
    # holder is in none of them (a benchmark photo: seed 23, C059, the 25th photo).
    photo, letters, kind = _bench_rack(23, 3, 24)
    assert (letters, kind) == ("Z", "pattern")
    assert read_letters(photo).values == ("Z",)


def test_the_holders_slanted_end_beyond_an_empty_slot_is_no_letter() -> None:
    # Lato tiles YHQYWL on a dark holder (a benchmark photo: seed 97, the 16th photo): two
    # pitches left of the Y, the holder's slanted end against the light table is a faint
    # thin line the model read Z surely; one thin stroke is an I or no letter.
    photo, letters, _ = _bench_rack(97, 0, 15)
    assert letters == "YHQYWL"
    assert read_letters(photo).values == tuple(letters)


@pytest.mark.xfail(
    strict=True,
    reason="issue 23: the letters network retrained on 108,000 windows reads this leaning H "
    "as A surely (a silent misread; the network before read it H or '?'); the benches read "
    "as many tiles silently wrong as before or fewer (docs/vision.md)",
)
def test_a_small_letters_lean_is_measured_on_its_tile_not_on_the_cloth_around_it() -> None:
    # FreeSerif tiles UMAOMCRHA on a checked cloth, letters 20 px tall at a keystoned
    # holder's right end (a benchmark photo: seed 97, the 10th photo). Measured on a window
    # that took in the cloth's upright squares, no tile leaned, and the leaning H read W
    # surely; on its tile, the lean grows toward the end and the H is no W.
    photo, letters, _ = _bench_rack(97, 2, 9)
    assert letters == "UMAOMCRHA"
    row = photo_row(photo, model_for(LETTERS))
    assert row.shears[-2] > 0.05
    assert read_letters(photo).values[7] in ("H", "?")


def test_a_light_holders_end_over_wood_is_no_blank_tile() -> None:
    # Nimbus Sans Narrow tiles DDBGJBJJ on a holder of the tiles' colour that ends within
    # the slot left of the first D (a benchmark photo: seed 97, the 4th photo): half face,
    # half wood, it was taken for a blank tile.
    photo, letters, _ = _bench_rack(97, 4, 3)
    assert letters == "DDBGJBJJ"
    reading = read_letters(photo)
    assert reading.values == tuple(letters)
    assert not reading.warnings


def test_letters_are_stretched_back_to_the_height_they_read_best_at() -> None:
    # Nimbus Sans Narrow tiles GRARXYUGCB on a holder of the tiles' colour (a benchmark
    # photo: seed 101, the 12th photo): the faces' runs leak into the holder, the squash
    # measured (0.55) stretched the letters too tall and both R and the C were unsure.
    photo, letters, _ = _bench_rack(101, 4, 11)
    assert letters == "GRARXYUGCB"
    assert read_letters(photo).values[1:] == tuple(letters[1:])


def test_a_stroke_beyond_the_end_is_on_a_tile_only_with_face_on_both_sides() -> None:
    # Past the last tile a dark holder ends against a light table: its edge is one thin
    # dark stroke with face on one side only, and after a calibration it read I surely
    # (seed 83). An I on its tile has its face on both sides.
    gray = np.full((100, 220), 200, np.uint8)
    gray[40:64, 25:35] = 40  # the last letter's ink, on its face
    last = Mark(25, 40, 10, 24, np.full((24, 10), 255, np.uint8))
    stroke = Mark(140, 40, 5, 24, np.full((24, 5), 255, np.uint8))
    on_a_tile = gray.copy()
    on_a_tile[40:64, 140:145] = 40
    assert _face_both_sides(on_a_tile, stroke, last)
    holders_end = gray.copy()
    holders_end[:, 60:145] = 40  # the holder, beyond the last tile, up to the table
    assert not _face_both_sides(holders_end, stroke, last)


def test_a_foot_broken_off_on_the_letters_foot_line_is_read_with_its_letter() -> None:
    # FreeSerif tiles SLR (a benchmark photo: seed 83, the 1st photo): the L's foot parted
    # from its stem and was left out as a points digit; it keeps the stem's foot line,
    # where a digit hangs lower, so the first design read the letter with it. The learned
    # reader, in a window of the whole tile, doubts it: never another letter.
    photo, letters, _ = _bench_rack(83, 2, 0)
    assert letters == "SLR"
    values = read_letters(photo).values
    assert values[::2] == ("S", "R") and values[1] in ("L", "?")


def test_a_points_digit_hanging_below_the_foot_never_makes_another_letter() -> None:
    # Lato tiles PQGJWV (seed 83, the 2nd photo): the J with its 8 beside it reads L
    # surely, but the 8 hangs below the J's foot: a digit, so the J is at worst "?".
    photo, letters, _ = _bench_rack(83, 0, 1)
    assert letters == "PQGJWV"
    assert read_letters(photo).values[3] in ("J", "?")


def test_only_an_i_standing_taller_than_its_row_is_doubted() -> None:
    def row(*heights: int) -> Row:
        return Row(
            tuple(
                Mark(40 * i, 0, 8, h, np.full((h, 8), 255, np.uint8)) for i, h in enumerate(heights)
            ),
            0.0,
        )

    assert _too_tall(row(42, 31, 29, 33), ["I", "E", "X", "F"]) == [True, False, False, False]
    assert _too_tall(row(36, 31, 29, 33), ["I", "E", "X", "F"]) == [False] * 4
    assert _too_tall(row(42, 31, 29, 33), ["Q", "E", "X", "F"]) == [False] * 4
    assert _too_tall(row(42, 31), ["I", "E"]) == [False, False]


def test_a_qs_tail_cut_off_below_its_foot_is_judged_with_it() -> None:
    # FreeSerif tiles QOVYQHX (seed 17, the 12th photo): the first Q's tail dips below
    # its foot and was taken off as its points digit; the rest read O surely. With its
    # tail it reads Q: the tile is at least in doubt.
    photo, letters, _ = _bench_rack(17, 2, 11)
    assert letters == "QOVYQHX"
    assert read_letters(photo).values[:2] in (("Q", "O"), ("?", "O"))


def test_the_tiles_beside_a_single_letter_found_are_looked_for_a_face_away() -> None:
    # C059 tiles DKK (seed 19, the 8th photo): each K is grown together with its 10 and
    # the tile's edge, no mark of a letter's shape, so the first pass found the D alone.
    # With one letter the pitch is unknown; tiles touch, so it is the D's face's width.
    photo, letters, _ = _bench_rack(19, 3, 7)
    assert letters == "DKK"
    assert read_letters(photo).values == ("D", "K", "K")


def test_a_letter_not_found_again_on_its_tile_is_in_doubt() -> None:
    # C059 tiles ESZXAXMOB (seed 37, the 15th photo): the E leans at the keystoned left
    # end, its first mark lacks its lower bar, and its tile's window, centred on that
    # mark, cut the E's right side off: nothing was found there. The mark alone read F.
    photo, letters, _ = _bench_rack(37, 3, 14)
    assert letters == "ESZXAXMOB"
    assert read_letters(photo).values[0] in ("E", "?")


def test_a_mark_far_paler_than_the_rows_letters_is_no_letter_of_the_set() -> None:
    # Nimbus Sans Narrow tiles WSCVNAPUG on a checked cloth (seed 223, the 15th photo):
    # a square of the cloth in line with the row, left of the W, a quarter as dark as
    # the letters' ink, read H at 0.98. The tiles' letters are all printed in one ink.
    photo, letters, _ = _bench_rack(223, 4, 14)
    assert letters == "WSCVNAPUG"
    assert read_letters(photo).values[-9:] == tuple(letters)
    assert read_letters(photo).values[:-9] in ((), ("?",))


def test_a_letter_beyond_the_end_stands_where_a_tile_would_hold_it() -> None:
    # Lato tiles NDWAUFWK (seed 227, the 31st photo): the window looked one pitch past
    # the K found a dark stroke at 1.58 pitches, the holder's end, and read it I.
    photo, letters, _ = _bench_rack(227, 0, 30)
    assert letters == "NDWAUFWK"
    assert read_letters(photo).values == tuple(letters)


@pytest.mark.xfail(
    strict=True,
    reason=(
        "issue 23: the learned reader drops a G at a row's end whose spur glare parted: "
        "the row is read J (the first design, removed, judged the parted foot or spur)"
    ),
)
def test_a_round_letter_at_a_rows_end_is_judged_with_its_spur_standing_apart() -> None:
    # C059 tiles JG (seed 23, the 6th photo): glare parted the G's thin arcs from its
    # spur; the window of the row's end kept the arc, read C surely. In a window as
    # wide as the pitch the spur stands on the foot, left out as a points digit; with
    # it the letter reads G.
    photo, letters, _ = _bench_rack(23, 3, 5)
    assert letters == "JG"
    assert read_letters(photo).values[1] in ("G", "?")


@pytest.mark.xfail(
    strict=True,
    reason=(
        "issue 23: the learned reader reads an L whose foot glare parted as I, surely: a "
        "silent misread (the first design, removed, judged the parted foot or spur)"
    ),
)
def test_a_letter_unreadable_alone_is_not_read_as_another_with_its_broken_foot() -> None:
    # FreeSerif tiles LIYXJWXLNH (seed 103, the 14th photo): at the keystoned left end,
    # washed pale by a lamp, the L's stem read I at 0.43 and, with its foot parted from
    # it, Z at 1.0.
    photo, letters, _ = _bench_rack(103, 2, 13)
    assert letters == "LIYXJWXLNH"
    assert read_letters(photo).values[0] in ("L", "?")


def test_the_letter_nearer_to_a_mark_wider_than_a_tile_is_in_doubt() -> None:
    # Two FreeSerif Ms side by side lost their thin diagonals (seed 23, after a
    # calibration): the first M and the second's left stem made one mark 1.4 pitches
    # wide, the second's right stem another, read I. No letter is wider than its tile.
    def row(*widths: int) -> Row:
        return Row(
            tuple(
                Mark(45 * i + 30 - w // 2, 0, w, 22, np.full((22, w), 255, np.uint8))
                for i, w in enumerate(widths)
            ),
            0.0,
        )

    def closer(row: Row, i: int, by: int) -> Row:
        marks = list(row.marks)
        marks[i] = replace(marks[i], x=marks[i].x + by)
        return Row(tuple(marks), 0.0)

    nothing = [False] * 5
    two_ms = row(25, 22, 59, 8, 20)
    assert _beside_too_wide(closer(two_ms, 3, -8), nothing) == [False, False, False, True, False]
    assert _beside_too_wide(closer(two_ms, 1, 8), nothing) == [False, True, False, False, False]
    assert _beside_too_wide(row(25, 22, 40, 8, 20), nothing) == nothing
    assert _beside_too_wide(row(25, 59), [False, False]) == [False, False]
