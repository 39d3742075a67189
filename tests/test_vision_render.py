"""The randomised plate renderer: style families are held out of training by construction."""

import numpy as np
import pytest

from vision.render import (
    DARK_ON_LIGHT,
    DESIGNS,
    DICE_DESIGNS,
    INPUT_H,
    INPUT_W,
    LETTER_DESIGNS,
    LIGHT_ON_DARK,
    NOTHING,
    PLATE_VALUES,
    SPLITS,
    design_fonts,
    draw_plate,
    families,
    plate_sample,
    random_style,
)


def test_no_held_out_family_shares_a_font_design_or_a_colour_scheme_with_training() -> None:
    train = families("train")
    held = families("held-out")
    assert train and held
    trained_designs = {d for d, _ in train}
    trained_schemes = {s for _, s in train}
    assert all(d not in trained_designs and s not in trained_schemes for d, s in held)


def test_the_calibration_split_has_trained_fonts_in_colours_never_trained() -> None:
    trained_designs = {d for d, _ in families("train")}
    trained_schemes = {s for _, s in families("train")}
    calibration = families("calibration")
    assert calibration
    assert all(d in trained_designs and s not in trained_schemes for d, s in calibration)


@pytest.mark.parametrize("split", ["train", "held-out"])
def test_each_split_has_dark_on_light_and_light_on_dark_plates(split: str) -> None:
    schemes = {s for _, s in families(split)}
    assert schemes & set(DARK_ON_LIGHT) and schemes & set(LIGHT_ON_DARK)


def test_clones_of_one_font_design_are_held_out_together() -> None:
    # Liberation Sans is Nimbus Sans is FreeSans: holding out one and training on another
    # would hold out nothing.
    trained = {f.name for d, _ in families("train") for f in design_fonts()[d]}
    held = {f.name for d, _ in families("held-out") for f in design_fonts()[d]}
    helvetica = {"FreeSansBold.otf", "FreeSansBold.ttf", "LiberationSans-Bold.ttf"}
    assert helvetica & held and not helvetica & trained
    assert not trained & held


def test_the_letters_own_designs_are_split_apart_from_training_and_never_drawn_on_plates() -> None:
    trained = {f.name for d, _ in families("train", letters=True) for f in design_fonts(True)[d]}
    held = {f.name for d, _ in families("held-out", letters=True) for f in design_fonts(True)[d]}
    assert not trained & held
    letters_only = set(LETTER_DESIGNS)
    assert not letters_only & set(DESIGNS)
    held_designs = {d for d, _ in families("held-out", letters=True)}
    trained_designs = {d for d, _ in families("train", letters=True)}
    # Both gain designs of their own: the held-out families have designs no choice saw.
    assert held_designs & letters_only and trained_designs & letters_only
    assert not {d for d, _ in families("train") + families("held-out")} & letters_only


def test_the_dice_own_designs_are_never_drawn_on_plates_or_tiles() -> None:
    drawn = {
        d for split in SPLITS for letters in (False, True) for d, _ in families(split, letters)
    }
    assert drawn and not drawn & set(DICE_DESIGNS)
    assert not set(DICE_DESIGNS) & (set(DESIGNS) | set(LETTER_DESIGNS))


def test_a_font_file_whose_name_says_italic_is_not_drawn_even_when_its_style_does_not() -> None:
    # Courier Prime's italic files name their style "Light": the file name tells.
    names = [f.name.lower() for fonts in design_fonts(True, True).values() for f in fonts]
    assert names and not [n for n in names if "italic" in n or "oblique" in n]


def test_proportions_are_drawn_at_random_not_constants() -> None:
    rng = np.random.default_rng(0)
    styles = [random_style(rng, "train") for _ in range(40)]
    for field in ("aspect", "digit_height", "spacing", "radius"):
        values = {round(getattr(s, field), 4) for s in styles}
        assert len(values) > 30, field
    assert {s.underline for s in styles} == {True, False}


def test_a_bar_is_drawn_under_a_six_and_not_under_an_eight_when_the_style_has_one() -> None:
    style = random_style(np.random.default_rng(3), "train")
    barred = type(style)(**{**style.__dict__, "underline": True, "outline": False})
    _, six = draw_plate(6, barred, 100)
    _, eight = draw_plate(8, barred, 100)
    rows_six = np.nonzero(six.any(axis=1))[0]
    rows_eight = np.nonzero(eight.any(axis=1))[0]
    # The 6's ink reaches lower than its digit: a bar below it, apart from it.
    assert rows_six.max() - rows_eight.max() > 5
    assert len(rows_six) < rows_six.max() - rows_six.min() + 1  # a gap between digit and bar


def test_training_windows_hold_every_plate_value_and_some_nothing() -> None:
    rng = np.random.default_rng(1)
    samples = [plate_sample(rng, "train") for _ in range(400)]
    assert all(w.shape == (INPUT_H, INPUT_W) for w, _ in samples)
    classes = {c for _, c in samples}
    assert classes == set(range(len(PLATE_VALUES) + 1))
    assert NOTHING in classes
