"""Reading the six number plates; impossible draws are flagged, never accepted silently."""

import random
from collections.abc import Iterable
from dataclasses import replace

import cv2
import numpy as np
import pytest

from solver.plates import draw_numbers
from vision.glyphs import UNSEEN_FONTS
from vision.plates import read_numbers
from vision.reading import NothingFound
from vision.synthetic import HELD_OUT_TABLES, TABLES, plates_photo


def _photo(plates: tuple[int, ...], seed: int, table: str = "light") -> np.ndarray:
    return plates_photo(plates, np.random.default_rng(seed), UNSEEN_FONTS[seed % 5], table)


def test_draws_in_unseen_fonts_are_mostly_read_and_rarely_misread_silently() -> None:
    # A floor under today's figures (bench/vision.py prints them; 97% on these), not
    # issue 4's goal.
    right = silent = total = 0
    for seed in range(15):
        plates = draw_numbers(random.Random(seed)).plates
        try:
            values = read_numbers(_photo(plates, seed, TABLES[seed % 5])).values
        except NothingFound:
            values = ()
        total += 6
        if len(values) == 6:
            right += sum(v == p for v, p in zip(values, plates, strict=True))
            silent += sum(v not in ("?", p) for v, p in zip(values, plates, strict=True))
    assert right / total >= 0.93
    assert silent / total <= 0.02


def test_three_sevens_are_read_and_flagged_as_an_impossible_draw() -> None:
    reading = read_numbers(_photo((7, 7, 7, 1, 2, 3), seed=4))
    assert reading.values == (7, 7, 7, 1, 2, 3)
    assert any("tirage impossible" in w and "7" in w for w in reading.warnings)


def test_a_number_that_is_no_plate_is_a_question_mark_with_a_warning() -> None:
    reading = read_numbers(_photo((3, 100, 8, 11, 10, 6), seed=2))
    assert reading.values[3] == "?" and 3 in reading.uncertain
    # The learned classifier knows only plate values: it cannot say "11", only "not
    # one of them surely".
    assert any("plaque 4" in w and "n'est pas une plaque" in w for w in reading.warnings)


def test_a_seventh_number_read_with_confidence_leaves_every_plate_unsure() -> None:
    # Which six are the plates is then a guess: a wrong one would shift the whole draw.
    reading = read_numbers(_photo((3, 100, 8, 8, 10, 6, 75), seed=0))
    assert reading.values == ("?",) * 6
    assert any("plus de 6 nombres" in w for w in reading.warnings)


def _bench_photo(seed: int, index: int) -> tuple[np.ndarray, tuple[int, ...]]:
    """Photo ``index`` of ``bench/vision.py --seed SEED --only numbers``, and its plates."""
    plates = draw_numbers(random.Random(seed * 1000 + index)).plates
    rng = np.random.default_rng(seed * 1000 + index)
    return plates_photo(plates, rng, UNSEEN_FONTS[index % 5], TABLES[index % 5]), plates


def test_a_75_whose_5_the_first_pass_breaks_in_two_is_read_75_not_7() -> None:
    # FreeSerif's 5 is a flag and a bowl joined by a hairline: this was read 1 7 8 3 3 9.
    photo, plates = _bench_photo(23, 12)
    assert plates == (1, 75, 8, 3, 3, 9)
    assert read_numbers(photo).values == plates


def test_digits_that_touch_are_cut_apart_as_the_plates_values_allow() -> None:
    # The 00 of this 100 touch and its first 0 is broken in two: it was read 11 or 183.
    photo, plates = _bench_photo(11, 32)
    assert plates[4] == 100
    assert read_numbers(photo).values == plates


def test_plates_faded_by_glare_are_looked_for_where_the_grid_of_plates_puts_them() -> None:
    # A glare spot washes out the first two plates: the first pass sees only four.
    photo, plates = _bench_photo(11, 20)
    assert read_numbers(photo).values == plates


def test_marks_of_a_checked_cloth_off_the_grid_of_plates_are_no_plates() -> None:
    # Junctions of the cloth read as sure digits: every plate was "?" for a seventh number.
    photo, plates = _bench_photo(11, 59)
    reading = read_numbers(photo)
    assert not any("plus de 6" in w for w in reading.warnings)
    assert sum(v == p for v, p in zip(reading.values, plates, strict=True)) >= 5
    assert all(v in ("?", p) for v, p in zip(reading.values, plates, strict=True))


def test_two_rows_of_three_are_read_top_row_first() -> None:
    # plates_photo lays out two rows when its first draw is at least 0.5.
    seeds = [s for s in range(40) if np.random.default_rng(s).random() >= 0.5][:4]
    for seed in seeds:
        values = read_numbers(_photo((1, 2, 3, 4, 5, 6), seed, "wood")).values
        assert all(v in ("?", p) for v, p in zip(values, range(1, 7), strict=True))
        assert values.count("?") <= 1


def test_a_3_that_the_training_fonts_read_as_an_8_is_read_3() -> None:
    # C059 on wood: this plate was read 8 by the model, "?" after Tesseract read 3.
    photo, plates = _bench_photo(11, 13)
    assert plates[5] == 3
    assert read_numbers(photo).values == plates


def test_a_narrow_7_that_the_model_reads_as_a_1_is_read_7() -> None:
    # Nimbus Sans Narrow's 7, a stem and a bar: it was "?" (1 for the model, 0.41).
    photo, plates = _bench_photo(23, 39)
    assert plates[5] == 7
    assert read_numbers(photo).values == plates


def test_a_plate_read_unsure_is_looked_at_again_where_the_grid_puts_it() -> None:
    # Glare fades this 9 but for its right stroke, read 1 with 0.31: on the whole plate
    # around its node the 9 is all there.
    photo, plates = _bench_photo(23, 52)
    assert plates[4] == 9
    assert read_numbers(photo).values == plates


def test_digits_that_make_no_plate_value_still_tell_which_end_of_the_row_holds_a_plate() -> None:
    # The slanted 10 at the left end read 70 to the first design: five plates were sure
    # and the sixth could as well have been past the right end, so every plate was "?".
    # The learned classifier reads it 10.
    photo, plates = _bench_photo(13, 59)
    assert plates[0] == 10
    values = read_numbers(photo).values
    assert values[0] in ("?", 10) and values[1:] == plates[1:]


def test_a_number_read_too_unsure_to_place_the_grid_is_still_heard_on_its_plate() -> None:
    # This slanted 100 is read 10 with 0.03 by the first design: it now holds the left
    # end of the row. The learned classifier reads it 100.
    photo, plates = _bench_photo(5, 40)
    assert plates[0] == 100
    values = read_numbers(photo).values
    assert values[0] in ("?", 100) and values[1:] == plates[1:]


def _held_out_photo(seed: int, split: str = "held-out") -> tuple[tuple[int, ...], np.ndarray]:
    """Six plates of a style family the learned classifier never trained on."""
    from vision.render import plates_scene, random_style

    rng = np.random.default_rng(seed)
    plates = tuple(draw_numbers(random.Random(seed)).plates)
    return plates, plates_scene(plates, rng, random_style(rng, split), (1024, 768))


def _tally(photos: Iterable[tuple[tuple[int, ...], np.ndarray]]) -> tuple[int, int, int]:
    """Plates read right, plates misread silently (a wrong value not marked "?"), plates
    shown: a photo read as another number of plates counts none right."""
    right = silent = total = 0
    for plates, photo in photos:
        try:
            values = read_numbers(photo).values
        except NothingFound:
            values = ()
        total += len(plates)
        if len(values) == len(plates):
            right += sum(v == p for v, p in zip(values, plates, strict=True))
            silent += sum(v not in ("?", p) for v, p in zip(values, plates, strict=True))
    return right, silent, total


def test_six_plates_of_held_out_style_families_are_read_with_no_silent_misread() -> None:
    # Issue 23's goal is 99% on held-out families (docs/vision.md, bench/vision_plates.py);
    # 30 photos here: the first finder missed plates that its whole-photo threshold lost
    # (glare, a digit touching a frame, digits linked to the edges of dark plates beside
    # them), 94.4% of these; the plates' grid looked at again node by node reads 97.8%.
    right, silent, total = _tally(_held_out_photo(seed) for seed in range(300, 330))
    assert right / total >= 0.97
    assert silent == 0


def test_plates_in_a_frame_drawn_around_them_are_read() -> None:
    # A frame drawn around each plate (held-out families, every other proportion drawn):
    # a digit touching it was one piece of ink with it, lost (the 10 of a 100 read 10).
    # 90.0% of these with the first finder, one silent misread; 97.2% looked at again.
    from vision.render import plates_scene, random_style

    photos = []
    for seed in range(600, 630):
        rng = np.random.default_rng(seed)
        style = replace(random_style(rng, "held-out"), border=0.06)
        plates = tuple(draw_numbers(random.Random(seed)).plates)
        photos.append((plates, plates_scene(plates, rng, style, (1024, 768))))
    right, silent, total = _tally(photos)
    assert right / total >= 0.95
    assert silent == 0


def test_plates_small_in_the_frame_are_read() -> None:
    # Held-out plates photographed from further away (the whole scene at 55%): the
    # adaptive threshold's window, sized to the photo, held several plates and lost the
    # digits in the light plates' faces; a second, smaller window finds them.
    from vision.synthetic import table

    photos = []
    for seed in range(500, 506):
        plates, photo = _held_out_photo(seed)
        small = cv2.resize(photo, None, fx=0.55, fy=0.55, interpolation=cv2.INTER_AREA)
        canvas = np.clip(table(np.random.default_rng(seed), "wood", (1024, 768)), 0, 255)
        canvas = canvas.astype(np.uint8)
        canvas[150 : 150 + small.shape[0], 200 : 200 + small.shape[1]] = small
        photos.append((plates, canvas))
    right, silent, total = _tally(photos)
    assert right / total >= 0.95
    assert silent == 0


def test_plates_of_a_style_family_never_trained_on_are_read() -> None:
    # Fonts and colour schemes held out of training by vision.render's rule (light digits
    # on dark plates among them). The first design read 8.9% of such plates.
    right = silent = total = 0
    for seed in range(100, 112):
        plates, photo = _held_out_photo(seed)
        try:
            values = read_numbers(photo).values
        except NothingFound:
            values = ()
        total += 6
        if len(values) == 6:
            right += sum(v == p for v, p in zip(values, plates, strict=True))
            silent += sum(v not in ("?", p) for v, p in zip(values, plates, strict=True))
    assert right / total >= 0.85
    assert silent <= 1


def test_light_digits_on_dark_plates_are_found_and_read() -> None:
    from vision.render import plates_scene, random_style

    for seed in range(200, 260):
        rng = np.random.default_rng(seed)
        style = random_style(rng, "held-out")
        if style.face[0] + style.face[1] + style.face[2] < sum(style.ink):
            break
    else:
        pytest.fail("no light-on-dark style drawn")
    plates = (75, 2, 4, 9, 5, 1)
    reading = read_numbers(plates_scene(plates, rng, style, (1024, 768)))
    assert sum(v == p for v, p in zip(reading.values, plates, strict=True)) >= 5
    assert all(v in ("?", p) for v, p in zip(reading.values, plates, strict=True))


def test_the_learned_classifier_is_small_and_runs_on_opencv_alone() -> None:
    import cv2

    from vision.learned import PLATES_ONNX, plate_net

    assert PLATES_ONNX.stat().st_size < 1_000_000
    assert isinstance(plate_net().net, cv2.dnn.Net)
    assert 0 < plate_net().threshold < 1


@pytest.mark.parametrize(
    ("tables", "at_most"),
    [
        (TABLES, 1),
        pytest.param(
            HELD_OUT_TABLES,
            2,
            marks=pytest.mark.xfail(
                strict=True,
                reason="veined stone, a texture no network trained on: 7 numbers invented "
                "in 40 photos (a network taught granite and printed cloth invents 1, but "
                "reads fewer real number tiles; docs/vision.md, 'textured tables')",
            ),
        ),
    ],
    ids=["on the renderer's tables", "on veined stone, a texture never trained on"],
)
def test_no_plate_is_invented_beside_a_few_plates_laid_out(
    tables: tuple[str, ...], at_most: int
) -> None:
    # A photo taken while the plates are laid out: one to three held-out plates on a
    # table, where the plates' grid cannot be fitted. A plate's edge was read as a sure
    # 1, a table's grain as a 7: the network never saw the finder's windows off the
    # plates as "nothing" (bench/vision_train.py, plate_negatives). On veined stone it
    # still reads a vein as a number (docs/vision.md, "textured tables"). Counted as the
    # bench counts a few plates: a sure value beyond the plates shown is invented.
    from bench.vision_plates import Tally
    from vision.render import plates_scene, random_style

    tally = Tally()
    for seed in range(700, 740):
        rng = np.random.default_rng(seed)
        plates = tuple(draw_numbers(random.Random(seed)).plates[: 1 + seed % 3])
        style = random_style(rng, "held-out")
        photo = plates_scene(plates, rng, style, (1024, 768), tables)
        try:
            values = read_numbers(photo).values
        except NothingFound:
            values = ()
        tally.add_unordered(values, plates)
    assert tally.silent <= at_most


def test_a_10_set_wide_beside_a_few_plates_is_not_read_1() -> None:
    # Digits set wider apart than the finder links them (a 1's ink is narrow, its
    # neighbour a whole digit's advance away): the 1 alone was read a sure 1 (on
    # these photos 8 times in 60 plates), where no plates' grid says where a number
    # ends. Read again with the ink beside it, it is a 10: "?" (docs/vision.md, "a part
    # of a number read again with its neighbour"). The renderer sets digits at most a
    # quarter of their height apart; these, 0.3 to 0.5.
    from bench.vision_plates import Tally
    from vision.render import plates_scene, random_style

    tally = Tally()
    for seed in range(800, 840):
        rng = np.random.default_rng(seed)
        style = replace(random_style(rng, "held-out"), spacing=float(rng.uniform(0.3, 0.5)))
        plates = (10,) if seed % 2 else (10, 100)
        try:
            values = read_numbers(plates_scene(plates, rng, style, (1024, 768))).values
        except NothingFound:
            values = ()
        tally.add_unordered(values, plates)
    assert tally.silent <= 3
    assert tally.right >= 40
