"""How the dice bench (bench/vision_dice.py) counts a photo's dice: the three consonants
as a set, as the game uses them, the vowel die in its place; a silent misread is a
wrong letter not marked "?", and ``--verbose`` lists the photos that hold one."""

from __future__ import annotations

from bench.vision_dice import Tally


def test_consonants_in_another_order_are_all_right() -> None:
    tally = Tally()
    tally.add(["D", "B", "C", "A"], "BCDA")
    assert (tally.right, tally.silent, tally.photos_right) == (4, 0, 1)
    assert tally.misread == []


def test_a_doubted_die_is_not_a_silent_misread() -> None:
    tally = Tally()
    tally.add(["B", "?", "D", "?"], "BCDA")
    assert (tally.right, tally.unsure, tally.silent) == (2, 2, 0)
    assert tally.misread == []


def test_a_wrong_letter_is_counted_and_its_photo_listed() -> None:
    tally = Tally()
    tally.add(["H", "N", "K", "*"], "NMK*")
    tally.add(["B", "C", "D", "E"], "BCDA")
    assert (tally.right, tally.silent) == (6, 2)
    assert tally.misread == ["NMK* read H N K *", "BCDA read B C D E"]


def test_merged_tallies_keep_every_listed_photo() -> None:
    first, second = Tally(), Tally()
    first.add(["H", "N", "K", "*"], "NMK*")
    second.add(["Q", "N", "Z", "A"], "NDZA")
    first.merge(second)
    assert first.silent == 2
    assert first.misread == ["NMK* read H N K *", "NDZA read Q N Z A"]


def test_a_listed_photo_says_where_it_was_drawn() -> None:
    """``--verbose`` names each misread photo's number and design: one design's letter
    read wrong photo after photo is what the list is read for."""
    tally = Tally()
    tally.add(["H", "N", "K", "*"], "NMK*", "photo 12, JetBrainsMono-Bold on tiles")
    tally.add(["N", "M", "K", "*"], "NMK*", "photo 13, JetBrainsMono-Bold on tiles")
    assert tally.misread == ["photo 12, JetBrainsMono-Bold on tiles: NMK* read H N K *"]
