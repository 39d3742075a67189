"""How the plates bench (``bench/vision_plates.py``) counts a photo of a few plates:
in no order, a number read beyond the plates shown being a plate invented."""

from __future__ import annotations

from bench.vision_plates import Tally


def test_a_few_plates_read_in_another_order_are_all_right() -> None:
    tally = Tally()
    tally.add_unordered((4, 8, 2), (8, 2, 4))
    assert (tally.plates, tally.right, tally.silent, tally.unsure, tally.missed) == (3, 3, 0, 0, 0)


def test_a_number_read_where_no_plate_is_is_a_silent_misread() -> None:
    """One plate, a 5, and two sure 1s read beside it (a plate's edges): two plates
    invented; the "?" that fill the row past the plate invent nothing."""
    tally = Tally()
    tally.add_unordered((5, "?", 1, "?", 1, "?"), (5,))
    assert (tally.right, tally.silent, tally.unsure, tally.missed) == (1, 2, 0, 0)


def test_a_plate_read_unsure_or_not_at_all_is_counted_so() -> None:
    tally = Tally()
    tally.add_unordered(("?", 8), (8, 3, 10))
    tally.add_unordered(None, ())
    assert (tally.plates, tally.right, tally.unsure, tally.missed, tally.silent) == (3, 1, 1, 1, 0)


def test_a_photo_with_a_plate_invented_or_misread_is_named_with_what_was_read() -> None:
    """``--verbose`` lists them, so that a misread can be drawn again and looked at."""
    tally = Tally()
    tally.add_unordered((4, 2, 1), (4, 2, 10))
    tally.add_unordered((4, 2, "?"), (4, 2, 10))
    tally.add((8, "?", 5, 1, 7, 3), (8, 9, 5, 1, 7, 3))
    tally.add((8, 6, 5, 1, 7, 3), (8, 9, 5, 1, 7, 3))
    tally.add_unordered((9,), ())
    assert tally.misread == [
        "truth 4 2 10 read 4 2 1",
        "truth 8 9 5 1 7 3 read 8 6 5 1 7 3",
        "truth nothing read 9",
    ]
