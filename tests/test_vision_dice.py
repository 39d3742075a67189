"""Reading the dice from above: three consonant d20, then the vowel die."""

import math

import cv2
import numpy as np
import pytest
from bench_photos import bench_dice, bench_three_dice

from vision.camera import load_photo
from vision.dice import (
    ALPHABET,
    KIND,
    NO_VOWEL_DIE,
    Face,
    _candidates,
    _read_faces,
    dice_faces,
    read_dice,
)
from vision.glyphs import TRAINING_FONTS, UNSEEN_FONTS, render_text, slanted_stroke, training_glyphs
from vision.models import model_for
from vision.reading import Mark, NothingFound
from vision.samples import SAMPLES
from vision.synthetic import CONSONANT_FACES, TABLES, VOWEL_FACES, dice_photo


def test_a_bundled_sample_reads_the_consonants_left_to_right_then_the_joker() -> None:
    reading = read_dice(load_photo(SAMPLES / "dice" / "03-LMNjoker.jpg"))
    assert reading.values == ("L", "M", "N", "*") and reading.uncertain == ()


def test_dice_in_unseen_fonts_are_read_or_marked_unsure_never_misread() -> None:
    # Issue 4 asks 99% of faces right; a wrong face read as sure is worse than a "?".
    right = total = silent = 0
    for seed in range(12):
        rng = np.random.default_rng(seed)
        faces = "".join(rng.choice(list(CONSONANT_FACES), 3)) + str(rng.choice(list(VOWEL_FACES)))
        photo = dice_photo(faces, rng, UNSEEN_FONTS[seed % 5], TABLES[seed % 5])
        try:
            values = read_dice(photo).values
        except NothingFound:
            values = ()
        total += 4
        right += sum(v == f for v, f in zip(values, faces, strict=False))
        silent += sum(v not in ("?", f) for v, f in zip(values, faces, strict=False))
    assert right / total >= 0.9 and silent == 0


def test_the_game_without_the_vowel_die_reads_its_three_consonants() -> None:
    # The boxed game's basic rules roll three consonant dice only.
    right = total = silent = 0
    for seed in range(8):
        rng = np.random.default_rng(300 + seed)
        faces = "".join(rng.choice(list(CONSONANT_FACES), 3))
        reading = read_dice(dice_photo(faces, rng, UNSEEN_FONTS[seed % 5], TABLES[seed % 5]))
        total += 3
        right += sum(v == f for v, f in zip(reading.values, faces, strict=False))
        silent += sum(v not in ("?", f) for v, f in zip(reading.values, faces, strict=False))
        if len(reading.values) == 3:  # a vowel die lying unseen would read the same
            assert NO_VOWEL_DIE in reading.warnings
    assert right / total >= 0.9 and silent == 0


def test_a_face_turned_by_its_triangle_is_read_in_each_of_its_three_positions() -> None:
    # The letter stands on any of the three edges of the up triangle: an M is never a W,
    # an N never a Z, whichever edge it stands on.
    for seed in (3, 4, 5, 6, 8, 9):
        photo = dice_photo("MNW*", np.random.default_rng(seed), UNSEEN_FONTS[0], "light")
        values = read_dice(photo).values
        assert all(v in ("?", f) for v, f in zip(values, "MNW*", strict=True)), values


def _face_in_glare(glare: float) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """A black die's face, its white H (box x, y, w, h), a lamp's highlight beside it."""
    image = np.full((200, 200, 3), 35.0, np.float32)
    letter = render_text("H", UNSEEN_FONTS[0], 40)
    ys, xs = np.nonzero(letter)
    box = (80, 80, int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))
    ink = letter[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1] > 127
    image[box[1] : box[1] + box[3], box[0] : box[0] + box[2]][ink] = 240.0
    yy, xx = np.mgrid[0:200, 0:200]
    image += (glare * np.exp(-((xx - 95) ** 2 + (yy - 70) ** 2) / (2 * 25.0**2)))[..., None]
    return np.clip(image, 0, 255).astype(np.uint8), box


def test_a_letter_under_a_lamps_highlight_is_still_a_letter_printed_on_its_face() -> None:
    # The highlight shades the face around the letter smoothly: the face is still plain.
    for glare in (0.0, 120.0):
        image, (x, y, w, h) = _face_in_glare(glare)
        gray = np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), np.uint8)
        found = [(m.x, m.y, m.w, m.h) for m in _candidates(gray, image)]
        near = [abs(fx - x) + abs(fy - y) + abs(fw - w) + abs(fh - h) for fx, fy, fw, fh in found]
        assert min(near, default=99) <= 6, (glare, found)


def test_dice_seen_by_a_camera_tilted_further_are_still_read() -> None:
    # Seen at an angle, the up faces are squashed: no longer regular triangles and
    # squares, their letters squashed too. The photo is squashed a little more here.
    right = silent = total = 0
    for seed in range(20, 26):
        rng = np.random.default_rng(seed)
        faces = "".join(rng.choice(list(CONSONANT_FACES), 3)) + str(rng.choice(list(VOWEL_FACES)))
        photo = dice_photo(faces, rng, UNSEEN_FONTS[seed % 5], TABLES[seed % 5])
        tilted = np.asarray(
            cv2.resize(photo, (photo.shape[1], round(photo.shape[0] * 0.88))), np.uint8
        )
        values = read_dice(tilted).values
        total += 4
        right += sum(v == f for v, f in zip(values, faces, strict=False))
        silent += sum(v not in ("?", f) for v, f in zip(values, faces, strict=False))
    assert right / total >= 0.8 and silent == 0


def test_a_fifth_face_as_large_as_the_dice_letters_is_no_sure_reading() -> None:
    # Which four are the dice would be a guess (a streak of wood, a cell of a cloth can
    # sit in a face of its size): the first design reads no face as sure; the learned
    # reader may be sure of a die whose up letter it reads (each die is read on its
    # own), but the reading is not whole and nothing in it is another letter.
    photo = dice_photo("BKW*", np.random.default_rng(3), UNSEEN_FONTS[0], "light")
    first = read_dice(photo)
    assert first.values == ("B", "K", "W", "*")
    # A copy of the first consonant die, put where the photo is empty: a fifth die.
    mark = dice_faces(photo).faces[0].mark
    half = 2 * max(mark.w, mark.h)
    die = photo[
        round(mark.cy) - half : round(mark.cy) + half, round(mark.cx) - half : round(mark.cx) + half
    ]
    marks = [f.mark for f in dice_faces(photo).faces]
    spots = [
        (x, y)
        for x in range(half, photo.shape[1] - half, 20)
        for y in range(half, photo.shape[0] - half, 20)
    ]
    x, y = max(spots, key=lambda s: min(math.hypot(s[0] - m.cx, s[1] - m.cy) for m in marks))
    five = photo.copy()
    five[y - half : y + half, x - half : x + half] = die
    first_design = read_dice(five, learned=False)
    assert set(first_design.values) == {"?"} and first_design.warnings
    reading = read_dice(five)
    assert "?" in reading.values
    assert {v for v in reading.values if v != "?"} <= set("BKW*")


def test_told_there_is_no_vowel_die_nothing_on_the_table_is_read_as_its_letter() -> None:
    # The basic rules roll three d20 only. Not told so, the reader looks for a vowel die
    # missed, and a streak of wood or a washed-out d20's stem may read as an I lying on
    # it; told so (the referee knows the rules in play), it reads the three consonants.
    for seed, i, faces in ((11, 13, "CRP"), (11, 53, "LMC"), (23, 28, "CZS"), (23, 53, "TFJ")):
        photo, drawn = bench_three_dice(seed, i)
        assert drawn == faces
        reading = read_dice(photo, vowel_die=False)
        assert reading.values == tuple(faces) and reading.warnings == (), (seed, i)


def test_not_told_the_rules_a_faint_mark_of_the_table_is_not_the_vowel_die() -> None:
    # Three d20 on a wooden table: a piece of a dark streak, cut off where it fades, sits
    # between two more streaks in a "square" of its size and reads I (or A) surely; a
    # d20's shadow on a checked cloth beside its edge too. The vowel die's letter is
    # printed ink, as the d20's are; these step a fifth as much: the reader, not told
    # the rules, reads the three consonants and says no vowel die was seen.
    for seed, i, faces in ((11, 13, "CRP"), (41, 83, "HJZ"), (61, 94, "GPS")):
        photo, drawn = bench_three_dice(seed, i)
        assert drawn == faces
        reading = read_dice(photo)
        assert reading.values == tuple(faces) and reading.warnings == (NO_VOWEL_DIE,), (seed, i)
    # Beside another face more square than triangular (a d20's T seen at an angle), or
    # beside a letter far smaller than the others (a leaning one, its die's up letter
    # missed), which die is which stays a guess for the first design: set aside, the
    # faint mark left the T read O, the leaning letter Z for a V, surely. The doubted
    # die stays "?"; a die the classifier reads surely is its letter (since its fourth
    # step it reads the L and the Q and W, each on its own die), never another one.
    for seed, i in ((139, 94), (137, 27)):
        photo, faces = bench_three_dice(seed, i)
        values = read_dice(photo).values
        assert "?" in values and all(v in ("?", *faces) for v in values), (seed, i)


def test_a_vowel_die_s_faint_letter_is_still_its_letter() -> None:
    # A light A on a light vowel die steps half as much as the d20's dark letters (the
    # faintest of 600 vowel dice, seeds 11 to 61); a lamp washes out others to under a
    # third (an I, a U, the joker), but their faces are clearly squares: still printed
    # ink on a die, read as the vowel.
    _assert_read_as_drawn(
        (61, 1, "CFTA"), (23, 52, "LCJA"), (103, 19, "PSJI"), (191, 86, "ZRQU"), (13, 3, "TSP*")
    )


def test_not_told_the_rules_a_piece_of_a_washed_out_d20_letter_is_not_the_vowel_die() -> None:
    # A lamp washed out most of a white d20's F (its bar left) and of an M (its stem
    # left): the piece sits off its face's centre, a square fits around it better than a
    # triangle, and it reads I surely. The vowel die's face is plain around its letter;
    # that "square" holds the rest of the letter and the d20's edges: a d20 it is.
    photo, _ = bench_three_dice(23, 53)
    reading = read_dice(photo)
    assert reading.values == ("T", "F", "J") and reading.warnings == (NO_VOWEL_DIE,)
    photo, _ = bench_three_dice(61, 77)
    reading = read_dice(photo)
    assert reading.values == ("Z", "?", "J") and reading.uncertain == (1,)


def test_a_leaning_letter_half_the_size_of_the_others_is_not_taken_for_a_die_s() -> None:
    # A lamp's highlight beside a serif Z left it lit on three sides only, and a leaning
    # face's M, half its size, was taken for its die's letter (then read V, surely);
    # the dice's letters are all of a size, so the lamp's pass finds the Z.
    # Leaning letters so taken for dice may be too many for the rules (three and more
    # d20 of a white L's green die, its L missed, read "???").
    for seed, i, faces in ((103, 47, "ZBD"), (41, 55, "WHS"), (103, 13, "SGL"), (101, 50, "JPL")):
        photo, drawn = bench_three_dice(seed, i)
        assert drawn == faces
        assert read_dice(photo, vowel_die=False).values == tuple(faces), (seed, i)


def test_a_die_s_letter_half_the_size_of_the_others_is_read_in_doubt() -> None:
    # A lamp washed out a pale serif G's thin strokes: its thick arc, half the size of
    # the other dice's letters and found alone, read C surely. The dice's letters are all
    # of a size: the players are asked, and told why.
    photo, drawn = bench_three_dice(157, 93)
    assert drawn == "GHK"
    reading = read_dice(photo, vowel_die=False)
    assert reading.values == ("?", "H", "K") and reading.uncertain == (0,)
    assert reading.warnings == (
        "lettre d'un dé bien plus petite que les autres : lecture incertaine",
    )


def test_told_the_vowel_die_is_in_play_three_d20_alone_mean_it_was_not_found() -> None:
    # The variant rolls four dice: a photo showing three d20 only is no draw of it, and
    # the vowel is asked for instead of the game being taken for the basic rules.
    for i in (0, 1, 2):
        photo, faces = bench_three_dice(11, i)
        assert read_dice(photo).values == tuple(faces)
        reading = read_dice(photo, vowel_die=True)
        assert reading.values == (*faces, "?") and reading.uncertain == (3,)
        assert reading.warnings == ("3 dé(s) trouvé(s) sur 4 : lecture incertaine",)


def test_without_the_vowel_die_a_die_lost_is_a_question_mark_among_the_consonants() -> None:
    # Two d20 found of three: the third is "?" and the players are told how many were seen.
    photo, faces = bench_three_dice(23, 49)
    assert faces == "CVW"
    reading = read_dice(photo, vowel_die=False)
    assert len(reading.values) == 3 and {"C", "V"} <= set(reading.values)
    # The classifier (its fourth step) reads the W the first design loses; else "?".
    assert reading.values.count("?") == 1 or sorted(reading.values) == ["C", "V", "W"]
    if "?" in reading.values:
        assert "2 dé(s) trouvé(s) sur 3 : lecture incertaine" in reading.warnings


def _assert_read_as_drawn(*cases: tuple[int, int, str]) -> None:
    """Each bench photo ``(seed, index, faces)`` shows the faces drawn, and is read so."""
    for seed, i, faces in cases:
        photo, drawn = bench_dice(seed, i)
        assert drawn == faces
        assert read_dice(photo).values == tuple(faces), (seed, i)


def test_a_consonant_reduced_to_one_stroke_is_unsure_not_another_letter() -> None:
    # A serif N whose thin stems the camera lost is a bare diagonal, read surely as an N
    # or a Z by the model: no consonant is one stroke, so the face is "?".
    diagonal = np.zeros((40, 16), np.uint8)
    cv2.line(diagonal, (2, 37), (13, 2), 255, 4)
    face = Face(Mark(100, 100, 16, 40, diagonal, 100.0), 3, (0.0, 120.0, -120.0))
    assert _read_faces([face], model_for(ALPHABET, kind=KIND))[0][0] == "?"


def test_a_serif_letter_washed_out_to_its_diagonal_and_a_stub_is_not_read_n() -> None:
    # A lamp left a serif Z its thick diagonal and a stub of its top bar, and a serif W
    # one thick stroke and stubs: the model had learned bare diagonals as N's (a serif N
    # drawn small and thin loses its hairlines), and read both N surely. The Z, turned
    # right, is read; the W is left unread.
    photo, faces = bench_dice(179, 42)
    assert faces == "ZTBU"
    assert read_dice(photo).values == tuple(faces)
    photo, faces = bench_dice(191, 82)
    assert faces == "WHXO"
    assert "N" not in read_dice(photo).values


def test_no_slanted_stroke_is_learned_as_a_letter_but_upright_ones_are() -> None:
    # A bare diagonal is no letter; an I, a J or a 1 drawn small stays one stroke.
    labels, glyphs = training_glyphs("NZI", fonts=TRAINING_FONTS, per_font=20)
    assert not any(slanted_stroke(g) for g in glyphs)
    assert labels.count("N") < labels.count("I") == 20 * len(TRAINING_FONTS)
    diagonal = np.zeros((40, 40), np.uint8)
    cv2.line(diagonal, (8, 32), (32, 8), 255, 5)
    upright = np.zeros((40, 40), np.uint8)
    cv2.line(upright, (20, 4), (21, 36), 255, 5)
    assert slanted_stroke(diagonal) and not slanted_stroke(upright)


def test_a_hairline_on_the_vowel_die_is_not_turned_into_an_i() -> None:
    # A d20's edge taken for the vowel die's letter is a thin stroke slanted 30° from
    # the square's turns: "?", though turned a quarter step more it would stand upright
    # as an I. An I's stem, as thick as a letter's, is turned (its square fitted off).
    slanted = np.zeros((40, 30), np.uint8)
    cv2.line(slanted, (5, 36), (24, 3), 255, 2)
    upright = np.zeros((40, 12), np.uint8)
    cv2.line(upright, (6, 3), (6, 36), 255, 5)
    ups = (0.0, 90.0, 180.0, -90.0)
    model = model_for(ALPHABET, kind=KIND)
    read = _read_faces(
        [
            Face(Mark(100, 100, 30, 40, slanted, 100.0), 4, ups),
            Face(Mark(200, 100, 12, 40, upright, 100.0), 4, ups),
        ],
        model,
    )
    assert [letter for letter, _ in read] == ["?", "I"]


def test_a_consonant_reduced_to_its_stem_is_unsure_not_another_letter() -> None:
    # A lamp washed out a serif B's bowls: the marks kept its stem alone, wider than a
    # serif N's bare diagonal but as straight and full, which the model reads as an N.
    photo, drawn = bench_dice(67, 92)
    assert drawn == "XBRE"
    assert read_dice(photo).values in (("X", "B", "R", "E"), ("X", "?", "R", "E"))


def test_a_serif_n_whose_stems_the_marks_lost_gets_them_back_on_its_own_face() -> None:
    # Its thin stems fainter than the marks' threshold, the N was a bare diagonal ("?").
    # Thresholded on its own face, its faint stems grow back out of the diagonal; turned
    # by the letters leaning around it, it is an N.
    photo, faces = bench_dice(41, 42)
    assert faces == "QNKA"
    assert read_dice(photo).values == tuple(faces)


def test_a_round_letter_on_a_faint_face_is_turned_by_its_face_not_its_own_edge() -> None:
    # On a black die the up face hardly differs from the faces around it; a small
    # triangle hugging the blurred edge of a D would turn it upside down (no letter).
    photo, faces = bench_dice(11, 36)
    assert faces == "DVCE"
    assert read_dice(photo).values == tuple(faces)


def test_a_black_die_is_found_and_told_from_the_vowel_die() -> None:
    # A black d20's faces differ by a few grey levels: it is still a die (its leaning
    # letters are not taken for dice), and no square fits it as well as the vowel die's.
    for seed, i in ((41, 21), (41, 10), (41, 56)):
        photo, faces = bench_dice(seed, i)
        assert read_dice(photo).values == tuple(faces), (seed, i, faces)


def test_a_letter_seen_alone_and_not_read_is_a_lost_die_whose_place_is_not_known() -> None:
    # Two d20 and the vowel die found, and the lost die's letter seen alone (a lamp
    # washed out its face and its other letters) but not read: it may be no die at all,
    # so where the lost consonant lies is unknown. The two consonants read are given, a
    # "?" last stands for the lost one, and the players are told (they were all "?",
    # without a word why: seeds 53, 149; 149/20's F is now read from its letter's core).
    for seed, i, faces, read in (
        (53, 21, "TVSE", ("T", "V", "?", "E")),
        (149, 7, "DVBI", ("D", "B", "?", "I")),
    ):
        photo, drawn = bench_dice(seed, i)
        assert drawn == faces
        reading = read_dice(photo)
        if not reading.uncertain:  # the classifier read the lost die on its own: right
            assert sorted(reading.values[:3]) == sorted(faces[:3]), (seed, i)
            assert reading.values[3] == faces[3], (seed, i)
            continue
        assert reading.values == read and reading.uncertain == (2,), (seed, i)
        assert "3 dé(s) trouvé(s) sur 4 : lecture incertaine" in reading.warnings


def test_a_letter_seen_alone_without_its_face_is_the_lost_die_when_it_reads_surely() -> None:
    # A white die under a lamp: its up face and the letters of its leaning faces washed
    # out, its up letter alone is seen. Read surely, it is the lost die, in its place.
    _assert_read_as_drawn((11, 0, "VQM*"), (61, 35, "CZZO"))


def test_a_light_letter_beside_a_lamps_highlight_is_found() -> None:
    # The highlight beside a white letter is as light as it: the letter is lit on three
    # sides only. The green die's N is found (its die in its place, the others read),
    # and the black vowel die's I.
    photo, faces = bench_dice(31, 57)
    assert faces == "KNNA"
    values = read_dice(photo).values
    assert len(values) == 4 and values[:2] == ("K", "N") and values[3] == "A"
    photo, faces = bench_dice(41, 81)
    assert faces == "ZJTI"
    assert read_dice(photo).values == tuple(faces)


def test_two_dice_one_above_the_other_are_read_though_their_order_is_a_guess() -> None:
    # Two W in one column: which is left of the other is a guess, but it changes nothing.
    photo, faces = bench_dice(41, 8)
    assert faces == "CWWU"
    assert read_dice(photo).values == tuple(faces)
    # An L above a K: which comes first is a guess (the players are told), but a word
    # must hold both in any order, so both are read.
    photo, faces = bench_dice(11, 23)
    assert faces == "LKXO"
    reading = read_dice(photo)
    assert sorted(reading.values[:3]) == sorted("LKX") and reading.values[3] == "O"
    assert not reading.uncertain
    assert any("au-dessus" in warning for warning in reading.warnings)


def test_a_thin_stroke_the_marks_lost_is_read_with_its_letter() -> None:
    # A serif L's foot, blurred by the camera, is fainter than its stem: the stem alone
    # is an I, which no consonant die carries ("?"). Grown back from the faint ink around
    # the stem, the foot makes it an L again; so the thin ends of a serif S.
    _assert_read_as_drawn((11, 57, "LQT*"), (11, 53, "ZLBE"), (11, 87, "XSTE"))


def test_a_letter_grown_from_faint_ink_is_sure_only_if_fainter_ink_grows_the_same() -> None:
    # A serif T stands upside down in its face's fitted turns (the fit half a step off),
    # a lamp washing out its bar's left half: the marks saw its stem alone. Grown from
    # the faint ink around the stem, its bar's right half made it an L; with ink a
    # little fainter too, a bowl. A letter that depends on the threshold that drew it
    # is not sure: a "?", never an L.
    photo, drawn = bench_dice(29, 8)
    assert drawn == "FMTA"
    assert read_dice(photo).values in (("F", "M", "T", "A"), ("F", "M", "?", "A"))


@pytest.mark.xfail(
    strict=True,
    reason="issue 23: the classifier's fourth step reads this blurred serif S as B surely (0.49)",
)
def test_a_blurred_serif_s_that_looks_like_a_b_is_read_s() -> None:
    # The first design thresholds it again on its own face and reads S (below); the
    # classifier, sure of it, reads B and read_dice keeps the classifier's reading.
    _assert_read_as_drawn((11, 48, "XSPO"))


def test_a_letter_whose_gaps_the_marks_filled_is_thresholded_again_on_its_own_face() -> None:
    # The marks' threshold, one for the whole photo, thickens a blurred letter and fills
    # its gaps: a serif S looks like a B, an R's bowl closes (read R or B), a P beside a
    # lamp's highlight is a blob. Thresholded against its own face, each is read.
    # Read so an M beside a highlight and a J are still far from every learned letter,
    # but sure, and no other turn reads another letter nearer: they are read too.
    _assert_read_as_drawn(
        (23, 22, "XDP*"),
        (41, 98, "MRQO"),
        (31, 9, "HNMI"),
        (61, 38, "XTJI"),
    )


def test_a_letter_far_nearer_to_its_own_glyphs_than_to_any_other_is_sure() -> None:
    # A narrow M looks like the M of one training font; after it, among the 7 nearest
    # glyphs, come a stray N or H. The M is still far nearer than any N or H: it is read.
    _assert_read_as_drawn((11, 94, "MJMI"), (23, 34, "XMQE"))


def test_a_face_whose_turn_was_fitted_off_is_read_in_the_turns_between() -> None:
    # Where a face's edges are faint, its fitted turn may be off by a quarter or half a
    # step: a serif H, a narrow B and a serif Q read nothing near in the fit's turns,
    # and read themselves turned 30° more.
    _assert_read_as_drawn((11, 22, "VHVO"), (11, 64, "WCBI"), (23, 78, "SQNO"))


def test_a_face_fitted_half_a_step_off_is_turned_by_the_letters_leaning_around_it() -> None:
    # Where a face's edges are faint its fit may be turned half a step: an M is then a W
    # upside down, a Z an N turned, as near (both "?"). The letters of the three faces
    # leaning around the up face lie beyond its edges' middles: they turn it as the die is.
    # A serif K and X read so are still far from every learned letter, but sure, and no
    # other turn reads another letter nearer: they are read too.
    _assert_read_as_drawn(
        (53, 65, "MNPI"),
        (31, 95, "SDZE"),
        (53, 43, "CNRO"),
        (31, 63, "ZKKI"),
        (53, 87, "RXKA"),
    )


def test_a_narrow_q_whose_tail_is_small_is_a_q_since_no_d20_carries_an_o() -> None:
    # A narrow Q's tail is small: its nearest glyphs are O's and Q's alone, nearly as
    # many O's. A consonant die has a Q and no O: it is read Q.
    _assert_read_as_drawn((11, 14, "GFQO"), (11, 49, "NJQA"))


def test_an_m_whose_face_was_fitted_half_a_step_off_is_never_a_w() -> None:
    # Its face's fit turned half a step, an M is read upside down: a W, far from every
    # W learned but not beyond what a face may be. Turned between its fit's turns, it
    # reads an M nearer too (which one depends on the fit); the letters leaning around
    # it turn it as the die is: an M.
    photo, faces = bench_dice(83, 22)
    assert faces == "FMX*"
    assert read_dice(photo).values == ("F", "M", "X", "*")


def test_an_m_read_surely_as_a_far_w_is_the_m_a_half_turn_reads_clearly_nearer() -> None:
    # Its face fitted half a step off and no letters leaning around it seen, a serif M
    # reads surely as a W upside down, but far from every W learned; turned a half step
    # it is an M, twice as near and clearly nearer to the Ms than to any other glyph.
    _assert_read_as_drawn((17, 57, "XPM*"), (67, 37, "MGMO"))


def test_a_streak_of_wood_as_dark_as_ink_is_not_a_die() -> None:
    # Streaks of a wooden table, as large as a letter and plain around, fade in and out
    # over many pixels; printed letters step: the four dice are found, none a guess.
    for seed, i in ((11, 83), (23, 83)):
        photo, faces = bench_dice(seed, i)
        assert read_dice(photo).values == tuple(faces), (seed, i, faces)


def test_a_light_vowel_die_on_a_dark_table_is_found_by_its_letter() -> None:
    # The ivory face is a light mark itself, its dark E a "hole" of it as dark as the
    # table: the face finds no face of its size, so it is no letter, and its outline is
    # the square of the E's face.
    photo, faces = bench_dice(11, 47)
    assert faces == "HTPE"
    assert read_dice(photo).values == tuple(faces)


def test_the_small_hole_of_a_letter_is_not_taken_for_the_letter() -> None:
    # An A's hole on a black die is blurred halfway to the A's white: it is still a
    # hole, and the A (not its hole in a triangle of the A's strokes) is the up face.
    photo, faces = bench_dice(23, 66)
    assert faces == "KVQA"
    assert read_dice(photo).values == tuple(faces)


def test_a_white_letter_washed_out_by_a_lamp_on_a_green_die_is_still_found() -> None:
    # Under the highlight the green face is nearly as light as its white Z: the Z is
    # only 34 grey levels darker than around it, fainter than the tiles' ink must be.
    photo, faces = bench_dice(11, 58)
    assert faces == "HZRA"
    assert read_dice(photo).values == tuple(faces)


def test_an_i_lying_on_its_side_on_the_vowel_die_is_read() -> None:
    # A bar more than four times wider than tall is no mark of a tile; with three d20
    # found and no vowel die, one lying in a square of its size is the vowel die's I.
    photo, faces = bench_dice(23, 6)
    assert faces == "BXMI"
    assert read_dice(photo).values == tuple(faces)


def test_an_i_lying_on_the_vowel_die_is_read_when_a_d20_is_lost_too() -> None:
    # Two d20 found: a white one's face washed out by a lamp, and the vowel die's I lying
    # on its side. The I is looked for all the same, and then the lost die's J, seen
    # alone, is read where it lies (all four faces were "?").
    photo, faces = bench_dice(59, 41)
    assert faces == "SDJI"
    assert read_dice(photo).values == tuple(faces)


def test_a_die_whose_face_a_lamp_washed_out_is_read_by_its_letter_where_it_lies() -> None:
    # The white die's Q is seen but not its face (the highlight); the letters of its
    # leaning faces are not dice, but say that the Q is its die's up letter: it is read
    # in the turns of the faint triangle around it, the others too.
    # The lamp may wash out part of the up letter too: a leaning letter two thirds of
    # its size (a J's Z, a V's W) is still no die.
    _assert_read_as_drawn(
        (11, 72, "QMFE"),
        (41, 73, "HBZO"),
        (53, 42, "JWNI"),
        (41, 61, "LHJE"),
        (41, 46, "QVME"),
    )
    # A white die's X washed out altogether: a letter of its leaning faces, far smaller
    # than the dice's, still tells where it lies.
    photo, faces = bench_dice(23, 17)
    assert faces == "HXF*"
    assert read_dice(photo).values == ("H", "?", "F", "*")


def test_the_letter_of_a_leaning_face_is_not_a_die_of_the_game_without_the_vowel_die() -> None:
    # The letters of the faces leaning away lie about one and a half up letters from
    # it: a Z beside a P is a leaning face's, not a fourth die.
    rng = np.random.default_rng(5001)
    faces = "".join(rng.choice(list(CONSONANT_FACES), 3))
    assert faces == "DGP"
    reading = read_dice(dice_photo(faces, rng, UNSEEN_FONTS[1], TABLES[1]))
    assert reading.values == tuple(faces) and NO_VOWEL_DIE in reading.warnings


def test_a_mark_of_the_table_among_five_faces_is_not_a_die() -> None:
    # A gingham's cell cut by a die's edge, a sliver of an ivory die's outline against
    # the cloth, the cloth's darkest cells: each sits in a "face" of its size, but far
    # fainter than the dice's letters and on a far busier surface; a checkerboard's cell,
    # as contrasted as a letter, fills its box as no letter does. The four dice are the
    # others, none a guess.
    _assert_read_as_drawn(
        (13, 19, "VRGU"),
        (13, 54, "KRJE"),
        (29, 94, "BKXO"),
        (71, 14, "WZFA"),
    )


def test_among_five_faces_the_dice_are_the_marks_printed_far_more_clearly() -> None:
    # A streak of wood, a gingham's or a checkerboard's cell sit in "faces" of their size
    # as large as the dice's letters, not always much fainter (a checkerboard's sharp
    # corner cells: two thirds of the faintest letter's contrast) nor on a surface twice
    # as busy as the busiest letter's (a serif M near its face's edges). Fainter and on a
    # busier surface than every letter, and by far less clear, they are no die.
    for seed, i, faces in (
        (167, 33, "ZMJ*"),
        (181, 24, "HXWI"),
        (73, 59, "GFQI"),
    ):
        photo, drawn = bench_dice(seed, i)
        assert drawn == faces
        reading = read_dice(photo)
        assert sorted(reading.values[:3]) == sorted(faces[:3]), (seed, i)
        assert reading.values[3] == faces[3] and not reading.uncertain, (seed, i)


def test_among_five_faces_the_clear_dice_are_read_and_a_washed_out_one_never_misread() -> None:
    # A lamp washed out a white d20's letter (the first design does not find it); two
    # cells of the gingham are found instead, far less clear. The three clear dice are
    # read; the washed-out R is read R or "?" (said in a warning), never another letter
    # nor a gingham cell's.
    photo, faces = bench_dice(179, 94)
    assert faces == "SRPO"
    reading = read_dice(photo)
    assert sorted(reading.values[:3]) in (["?", "P", "S"], ["P", "R", "S"])
    assert reading.values[3] == "O"
    if "?" in reading.values:
        assert "3 dé(s) trouvé(s) sur 4 : lecture incertaine" in reading.warnings


def test_a_dark_vowel_die_seen_whole_on_a_light_table_is_the_face_of_its_letter() -> None:
    # The black vowel die is one dark mark on the light table, its white U a "hole" of
    # it as light as the table; as large as four letters, it hid the dice's letters as
    # leaning ones. Its ink fills its outline as no letter's does: the U is the letter.
    photo, faces = bench_dice(19, 5)
    assert faces == "CQKU"
    assert read_dice(photo).values == tuple(faces)


def test_the_vowel_die_is_told_when_a_black_d20_fits_a_faint_square_better() -> None:
    # On a checked cloth the vowel die's triangle finds support too (its square is four
    # times as supported as its triangle only); the black d20's triangle is found and
    # its square is seven times fainter than the vowel die's: the vowel die is known.
    photo, faces = bench_dice(29, 4)
    assert faces == "NZQA"
    assert read_dice(photo).values == tuple(faces)


def test_a_lost_die_seen_by_two_leaning_letters_on_either_side_of_it_is_in_its_place() -> None:
    # The J under a lamp is not seen, but two letters of its leaning faces are, on either
    # side of it (farther apart than a die's reach from one of them): it lies right of
    # the K, the others are read in their places.
    photo, faces = bench_dice(17, 21)
    assert faces == "GKJA"
    # Or the J read on its own by the classifier (its fourth step), in its place.
    assert read_dice(photo).values in (("G", "K", "?", "A"), tuple(faces))


def test_a_leaning_letter_whose_die_lost_its_up_letter_is_not_a_die() -> None:
    # A lamp washed out the green die's face around its T; the Z of one of its leaning
    # faces is nearly as large as the C and the Q, but the two other leaning letters, of
    # its size, lie around it: the die is lost where they lie, never read Z, the others
    # are read in their places. Its T, seen without its face, bloated by the glow, is
    # read from its core in the turn its leaning letters tell.
    photo, faces = bench_dice(71, 53)
    assert faces == "CTQI"
    assert read_dice(photo).values == ("C", "T", "Q", "I")


def test_the_vowel_die_its_shape_does_not_tell_is_told_by_the_letters() -> None:
    # Four dice found, but no face clearly more square than the others: which one is the
    # vowel die is a guess by the shapes. A d20 carries consonants only and the vowel
    # die vowels only: each face taken in turn for the vowel die, one choice only reads
    # all four faces surely.
    _assert_read_as_drawn((67, 48, "XSVE"), (71, 31, "MKMI"), (71, 32, "NSBO"))


def test_a_face_letters_lean_around_is_a_d20_however_its_letter_reads() -> None:
    # A white d20 under a lamp: its face washed out, the shapes do not tell the vowel
    # die, and what is left of its letter (a T's stem, a W's first stroke) reads as the
    # vowel die's I, or as nothing. Letters lean around it as around a d20's up face,
    # none around the vowel die: the vowel die is told, the other dice read.
    for seed, i, faces in ((139, 22, "FTV*"), (149, 42, "WNKI")):
        photo, drawn = bench_dice(seed, i)
        assert drawn == faces
        values = read_dice(photo).values
        assert values[3] == faces[3], (seed, i, values)
        assert all(v in (f, "?") for v, f in zip(values, faces, strict=True)), (seed, i)
        assert values.count("?") <= 1, (seed, i, values)


def test_the_hole_of_a_letter_whose_face_was_not_found_is_no_die() -> None:
    # A white vowel die on a light table: its A found no face of its size at first. The
    # A's hole, a triangle of the face's colour, sat at the centre of a triangle of its
    # size (the A's own outline), and was taken for a fourth die: every face a guess.
    photo, faces = bench_dice(137, 90)
    assert faces == "BCZA"
    assert read_dice(photo).values == tuple(faces)


def test_a_vowel_die_whose_square_the_coarse_sizes_stepped_over_is_looked_for_again() -> None:
    # A black vowel die on a dark table: its square's edges are a step of a pixel or
    # two, between two of the sizes tried first. Three d20 found and no vowel die, the
    # letter that found no face is looked at again, among finer sizes, and in each colour
    # (a blue die on a wooden table is as light as the wood: seed 59).
    for seed, i, faces in ((13, 72, "WBWA"), (139, 52, "SXNA"), (59, 58, "LWWU")):
        photo, drawn = bench_dice(seed, i)
        assert drawn == faces
        reading = read_dice(photo)
        assert reading.values == tuple(faces) and NO_VOWEL_DIE not in reading.warnings


def test_an_i_turned_on_the_vowel_die_finds_its_square_among_finer_sizes() -> None:
    # A sans-serif I turned 45 degrees: its box's side is 0.7 of its length, and the
    # coarse sizes of square bound to it stepped over its face; among the finer
    # sizes tried when three d20 and no vowel die are found, its square fits (3.2).
    # Binding a bar's square to its length instead made a leaning D, narrow as a bar,
    # the vowel die, read I surely (seed 43).
    photo, faces = bench_dice(103, 96)
    assert faces == "VPTI"
    assert read_dice(photo).values == tuple(faces)


def test_a_lost_die_whose_place_is_not_known_leaves_the_consonants_read() -> None:
    # Three dice found, one of them the vowel die's square: a consonant die is lost (a
    # white Z under a lamp) and where it lies among the others is not known. The two
    # consonants read are given and a "?" stands for the lost one: a word must hold the
    # three consonants in any order, so their places do not matter.
    photo, faces = bench_dice(13, 78)
    assert faces == "ZSSA"
    reading = read_dice(photo)
    if not reading.uncertain:  # the classifier (its fourth step) reads the Z: right
        assert sorted(reading.values[:3]) == sorted("ZSS") and reading.values[3] == "A"
        return
    assert reading.values == ("S", "S", "?", "A")
    assert reading.uncertain == (2,)


def test_a_light_vowel_die_seen_whole_on_wood_is_the_face_of_its_letter() -> None:
    # A white vowel die on a wooden table is a mark as large as a face, its letter a
    # "hole" of it, and a streak of the wood lets a triangle fit around it: the letter
    # it holds, measured without it, fits the square far better and is the die's. Taken
    # for a letter, the face made the other dice's letters look leaning: one die found.
    _assert_read_as_drawn((107, 73, "QQGE"), (113, 68, "DFGE"), (139, 78, "XGBU"))


def test_a_light_letter_bloated_by_a_lamps_glow_is_read_from_its_core() -> None:
    # A white letter on a dark die under a lamp: its blurred rim and the glow around it
    # are as light as the thresholds the marks and Otsu's take, and it is cut bloated (a
    # Lato W's strokes melted into one blob, a serif L into a boot). Cut near its own
    # ink, its core reads it, in the turn its die's leaning letters tell: in its face's
    # fitted turns, a quarter off, a Lato N's core read surely as a Z.
    _assert_read_as_drawn((113, 55, "MTW*"), (109, 83, "BLL*"), (53, 55, "CFNO"))


def test_a_face_is_turned_by_leaning_letters_seen_edge_on() -> None:
    # A lamp washes out a dark die's edges and its face is fitted turned: a Lato M reads
    # W, a narrow Q in no turn. The letters of the faces leaning around it turn it, but
    # seen edge-on they are under the marks' 10 pixels: looked for magnified, they are.
    _assert_read_as_drawn((131, 0, "CMRU"), (137, 69, "MQL*"))


def test_a_vowel_letter_read_unsure_has_its_square_fitted_again_among_wider_sizes() -> None:
    # A Carlito I turned a third of a right angle: its box is small for its height and
    # its black die's edge lay beyond the square sizes tried, so its face was turned
    # wrong ("?"). A light die on wood is a mark itself, painted over with its E, and
    # its square was lost to the turn ("?"). Their squares fitted again, they are read.
    _assert_read_as_drawn((191, 56, "MDDI"), (173, 13, "NQME"))


def test_a_vowel_letter_beside_a_lamps_highlight_takes_back_its_place() -> None:
    # A white letter beside a lamp's highlight is lit on three sides only, no mark: the
    # highlight's round blob (an I's die) or the letter's own hole (a U's) sat at the
    # centre of a square instead and read "?". The marks near it, lit on three sides
    # included, are tried as its letter: the U and the I are read.
    _assert_read_as_drawn((181, 41, "DVWU"), (73, 64, "CQHI"))


def test_a_faint_black_vowel_die_is_looked_for_through_the_squash_of_the_dice_found() -> None:
    # A black vowel die on a dark table: its square is a narrow peak of support, which
    # the squashes first tried stepped over (2.3, not clearly more than its triangle's
    # 1.4: read as the game without the vowel die). Seen through the squash the three
    # d20 show, its square is found, and its joker read.
    photo, faces = bench_dice(173, 47)
    assert faces == "TTN*"
    reading = read_dice(photo)
    assert reading.values == tuple(faces) and NO_VOWEL_DIE not in reading.warnings
