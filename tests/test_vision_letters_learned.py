"""The learned letter reader: tile styles never trained on are read; what is no letter is "?".

The renderer (:mod:`vision.letter_render`) holds whole style families out of training by a
rule in code; these tests read photos drawn in those families only.
"""

from dataclasses import replace

import numpy as np
import pytest

from vision.glyphs import LETTERS
from vision.learned import letter_net
from vision.letter_render import (
    INPUT,
    TileStyle,
    letter_sample,
    rack_scene,
    random_style,
)
from vision.letters import read_letters
from vision.reading import NothingFound
from vision.render import SCHEMES, design_fonts, families
from vision.synthetic import Score, score
from vision.tile_finder import TUNING, _ends_read, seen_row, tile_finder


def test_letter_styles_of_the_held_out_split_share_no_font_design_nor_colours_with_training() -> (
    None
):
    rng = np.random.default_rng(1)
    trained = families("train", letters=True)
    trained_fonts = {f for d, _ in trained for f in design_fonts(letters=True)[d]}
    trained_colours = {SCHEMES[s] for _, s in trained}
    for _ in range(60):
        style = random_style(rng, "held-out")
        assert style.font not in trained_fonts
        # Colours are jittered around their scheme: the nearest scheme is a held-out one.
        nearest = min(SCHEMES.values(), key=lambda fi: _distance(fi, style))
        assert nearest not in trained_colours


def _distance(scheme: tuple[tuple[int, int, int], tuple[int, int, int]], style: TileStyle) -> int:
    face, ink = scheme
    return sum(abs(a - b) for a, b in zip((*face, *ink), (*style.face, *style.ink), strict=True))


def test_windows_of_held_out_families_are_read_and_sure_ones_are_right() -> None:
    rng = np.random.default_rng(5)
    samples = [letter_sample(rng, "held-out") for _ in range(400)]
    windows = np.array([w for w, _ in samples], np.uint8).reshape(-1, INPUT, INPUT)
    truth = np.array([c for _, c in samples])
    net = letter_net()
    odds = net.probabilities(windows)
    best, sure = odds.argmax(axis=1), odds.max(axis=1) >= net.threshold
    assert (best == truth).mean() >= 0.93
    assert sure.mean() >= 0.85
    assert (best[sure] != truth[sure]).sum() <= 2  # at most 0.5% of 400


def test_a_letter_style_family_never_trained_on_is_read() -> None:
    rng = np.random.default_rng(11)
    readings, truths = [], []
    for _ in range(6):
        style = random_style(rng, "held-out")
        letters = "".join(rng.choice(list(LETTERS), 7))
        photo = rack_scene(list(letters), rng, style)
        readings.append(read_letters(photo).values)
        truths.append(letters)
    result = score(readings, truths)
    assert result.right >= 0.85 * result.tiles, result
    assert result.silent <= 1, result


def test_light_letters_on_dark_tiles_are_read() -> None:
    result = _light_on_dark_racks(np.random.default_rng(3), racks=3, tiles=6)
    assert result.right >= 0.8 * result.tiles, result
    assert result.silent == 0, result


def _light_on_dark(style: TileStyle) -> bool:
    return sum(style.face) < sum(style.ink)


def _light_on_dark_racks(rng: np.random.Generator, racks: int, tiles: int) -> Score:
    """``racks`` racks of ``tiles`` random letters, each in its own held-out style of
    light letters on dark tiles, read and scored."""
    readings, truths = [], []
    for _ in range(racks):
        style = random_style(rng, "held-out")
        while not _light_on_dark(style):
            style = random_style(rng, "held-out")
        letters = "".join(rng.choice(list(LETTERS), tiles))
        readings.append(read_letters(rack_scene(list(letters), rng, style)).values)
        truths.append(letters)
    return score(readings, truths)


def test_a_tile_showing_no_letter_gives_a_question_mark() -> None:
    # Signs the network never saw ("&", "%", "?"): it was trained on letters and on
    # "nothing" windows. A letter read on one is a silent misread: 20 racks a sign, and
    # the goal's 1 in 1,000 allows at most one in these 60 (a few racks a sign could not
    # tell a network reading a letter on one sign in ten from one that never does).
    rng = np.random.default_rng(17)
    misread: list[str] = []
    for what in ("&", "%", "?"):
        for _ in range(20):
            style = random_style(rng, "held-out")
            while _light_on_dark(style):
                style = random_style(rng, "held-out")
            tiles = ["M", "A", what, "I", "S", "O", "N"]
            values = read_letters(rack_scene(tiles, rng, style)).values
            # Whatever was found of the rack, no letter is read where the symbol stands.
            if len(values) == len(tiles) and values[2] != "?":
                misread.append(f"{what}: {values}")
            if len(values) != len(tiles) and not set(values) <= set("MAISON?"):
                misread.append(f"{what}: {values}")
    assert len(misread) <= 1, misread


def test_the_network_says_nothing_of_a_bare_window() -> None:
    net = letter_net()
    flat = np.full((3, INPUT, INPUT), 128, np.uint8)
    noise = np.random.default_rng(0).integers(100, 160, (3, INPUT, INPUT)).astype(np.uint8)
    for guess in net.guesses(net.probabilities(np.concatenate([flat, noise]))):
        assert guess.letter is None or not guess.sure


@pytest.mark.xfail(
    strict=True,
    reason="issue 23: among the held-out designs added with LETTER_DESIGNS, Dosis "
    "ExtraBold's Q, whose tail hangs below the bowl without entering its counter, is read "
    "O surely; its counter is not dented (vision/counter.py), so before a calibration "
    "nothing tells (after one, the player's Q is learned apart and such sure Os are "
    "shown '?', docs/vision.md)",
)
def test_a_full_holder_of_light_letters_on_dark_tiles_is_read_whole() -> None:
    # On light letters on dark tiles the dark ink the finder looks for may be a letter's
    # counter alone (the inside of a D), a row of one tile read surely: the holder's ten
    # tiles must still be found (on the negative), in every style of the family.
    result = _light_on_dark_racks(np.random.default_rng(29), racks=8, tiles=10)
    assert result.missed <= 2, result
    assert result.silent == 0, result


def _held_out_racks(
    rng: np.random.Generator, racks: int, tiles: tuple[int, int]
) -> tuple[list[tuple[str | int, ...] | None], list[str]]:
    """``racks`` racks of ``tiles[0]`` to ``tiles[1]`` random letters, each in its own
    held-out style (both polarities), read: the readings (``None``: nothing found) and
    the truths."""
    readings: list[tuple[str | int, ...] | None] = []
    truths = []
    for _ in range(racks):
        style = random_style(rng, "held-out")
        letters = "".join(rng.choice(list(LETTERS), int(rng.integers(tiles[0], tiles[1] + 1))))
        try:
            readings.append(read_letters(rack_scene(list(letters), rng, style)).values)
        except NothingFound:
            readings.append(None)
        truths.append(letters)
    return readings, truths


def test_full_holders_of_held_out_styles_are_read_whole_end_tiles_included() -> None:
    # The finder may stop short of a holder's last tile, or drop an end tile read just
    # under the threshold as "no tile": the tile one pitch beyond each end is read at its
    # slot (the slot rule), surely or "?", never left out without a word.
    readings, truths = _held_out_racks(np.random.default_rng(41), racks=24, tiles=(9, 10))
    result = score(readings, truths)
    assert result.missed == 0, result  # 4 of 228 before the slot rule
    assert result.silent == 0, result


def test_short_racks_of_held_out_styles_are_read_whole() -> None:
    # Two to five tiles: the finder may find no row and keep one letter alone; its
    # neighbours are looked for beside it and read at their slots.
    readings, truths = _held_out_racks(np.random.default_rng(43), racks=24, tiles=(2, 5))
    result = score(readings, truths)
    assert result.missed <= 1, result  # 2 of 83 before
    assert result.silent == 0, result


def test_end_tiles_the_finder_lost_are_read_a_pitch_past_the_row() -> None:
    """Glare on a holder's end tile can hide it from the finder: a window a pitch past
    each end of the row is read, and the network, not the finder, says whether a tile is
    there. Rows of held-out styles with both end tiles taken from what the finder found
    get them back, letter for letter; the full rows get nothing more."""
    rng = np.random.default_rng(43)
    net, finder = letter_net(), tile_finder()
    for _ in range(4):
        letters = "".join(rng.choice(list(LETTERS), 8))
        row = seen_row(rack_scene(list(letters), rng, random_style(rng, "held-out")), finder, net)
        assert len(row.centres) == 8, letters
        scale = row.centres[0][0] / row.found[0].x
        assert len(_ends_read(row, net, scale, TUNING).centres) == 8, letters
        cut = replace(row, found=row.found[1:-1], centres=row.centres[1:-1], odds=row.odds[1:-1])
        again = _ends_read(cut, net, scale, TUNING)
        assert list(again.odds.argmax(axis=1)) == list(row.odds.argmax(axis=1)), letters


def test_a_holders_bare_end_is_not_read_as_a_tile() -> None:
    # A holder takes ten tiles; with one to four on it, most of it is bare, and the slot
    # rule looks one pitch past each end: bare holder, its ends and the table beyond are
    # never read as a tile, sure or "?".
    readings, truths = _held_out_racks(np.random.default_rng(47), racks=16, tiles=(1, 4))
    pairs = zip(readings, truths, strict=True)
    extra = sum(max(0, len(values or ()) - len(truth)) for values, truth in pairs)
    assert extra == 0, (readings, truths)
    assert score(readings, truths).silent == 0


@pytest.mark.xfail(
    strict=True,
    reason="issue 23: with the held-out designs added with LETTER_DESIGNS one rack's "
    "Caladea-Bold E is read B surely (the committed networks before their retraining "
    "also misread one tile silently on these racks); silent misreads are 0.4 in 1,000 "
    "over the bench's three held-out draws since an O's counter is looked at (goal: 1)",
)
def test_no_silent_misread_over_held_out_racks() -> None:
    readings, truths = _held_out_racks(np.random.default_rng(53), racks=30, tiles=(1, 10))
    result = score(readings, truths)
    assert result.silent == 0, result
    assert result.right >= 0.9 * result.tiles, result
