"""On the printed mat the readers look where the mat says: the letters of the holder laid
in its band, the dice thrown in its tray. What lies elsewhere on the mat is not read, and
the same readers read a photo without the mat whole (tests/test_vision_mat.py)."""

import cv2
import numpy as np
from test_vision_mat import DPI, _mm, _photo

from vision.dice import read_dice
from vision.dice_render import draw_die
from vision.dice_render import random_style as dice_style
from vision.letter_render import TileStyle, draw_tile
from vision.letter_render import random_style as tile_style
from vision.letters import read_letters
from vision.mat import BAND, TRAY, mat_page
from vision.synthetic import HELD_OUT_TABLES

#: A tile's side on the mat, in millimetres (a boxed game's tiles are 18 to 20 mm).
TILE_MM = 19.0


def _page() -> np.ndarray:
    page = np.asarray(mat_page("A4", DPI), np.float32)
    return np.repeat(page[..., None], 3, axis=2)


def _lay_tiles(
    plane: np.ndarray,
    letters: str,
    at: tuple[float, float],
    rng: np.random.Generator,
    style: TileStyle,
) -> None:
    """Tiles of ``style`` side by side from ``at`` (mm, top left), on a holder's strip."""
    width = _mm(TILE_MM)
    tiles = [draw_tile(c, style, width, rng)[0] for c in letters]
    x, y = _mm(at[0]), _mm(at[1])
    height = tiles[0].shape[0]
    pad = width // 6
    plane[y - pad : y + height + pad, x - pad : x + len(tiles) * (width + 2) + pad] = style.holder
    for i, tile in enumerate(tiles):
        plane[y : y + height, x + i * (width + 2) : x + i * (width + 2) + width] = tile


def test_the_holder_in_the_band_is_read_and_tiles_left_in_the_tray_are_not() -> None:
    rng = np.random.default_rng(41)
    # The tiles left in the tray make a longer row than the holder's: read whole, without
    # the mat, the photo gives them.
    holder, aside = "SAPIN", "KWBOXZDY"
    read = []
    for seed in range(3):
        style = tile_style(rng, "held-out")
        plane = _page()
        _lay_tiles(plane, holder, (BAND[0] + 30, BAND[1] + 20), rng, style)
        _lay_tiles(plane, aside, (TRAY[0] + 20, TRAY[1] + 18), rng, style)
        photo, _ = _photo(plane, seed=seed)
        read.append("".join(str(v) for v in read_letters(photo).values))
    # Every photo shows the holder's letters and none of the tray's, in each of three
    # held-out styles ("?" allowed where a letter is unsure, never a letter of the tray).
    for text in read:
        assert not set(text) & set(aside), read
        assert len(text) == len(holder), read
        assert sum(a == b for a, b in zip(text, holder, strict=True)) >= len(holder) - 1, read


def test_on_veined_stone_the_mat_keeps_the_table_out_of_the_reading() -> None:
    # Without the mat a veined table's loops are read as letters (docs/vision.md,
    # "textured tables"); on the mat only its band is read, whatever the table.
    rng = np.random.default_rng(47)
    holder = "TABLE"
    for seed in range(3):
        style = tile_style(rng, "held-out")
        plane = _page()
        _lay_tiles(plane, holder, (BAND[0] + 30, BAND[1] + 20), rng, style)
        photo, _ = _photo(plane, seed=seed, kind=HELD_OUT_TABLES[0])
        text = "".join(str(v) for v in read_letters(photo).values)
        assert len(text) == len(holder), text
        assert sum(a == b for a, b in zip(text, holder, strict=True)) >= len(holder) - 1, text
        assert set(text) <= set(holder) | {"?"}, text


def test_the_dice_in_the_tray_are_read_and_a_die_left_in_the_band_is_not() -> None:
    # The Pi camera's 2028 × 1520 (a 1280 × 960 photo of the whole page leaves a 9 mm
    # die's letters 12 blurred pixels tall); the page drawn twice as fine to match.
    rng = np.random.default_rng(43)
    read = []

    def at(mm: float) -> int:
        return 2 * _mm(mm)

    for seed in range(3):
        # A trained style: this test is about where the reader looks, not about styles.
        style = dice_style(rng, "train")
        plane = cv2.resize(_page(), None, fx=2.0, fy=2.0, interpolation=cv2.INTER_LINEAR)
        alpha = np.zeros(plane.shape[:2], np.float32)
        radius = at(9.0)
        spots = [(TRAY[0] + 40 + 55 * i, TRAY[1] + 30) for i in range(3)]
        for face, (x, y) in zip("BTS", spots, strict=True):
            draw_die(plane, alpha, face, (at(x), at(y)), radius, style=style, rng=rng, tilt=0.1)
        draw_die(
            plane,
            alpha,
            "X",
            (at(BAND[0] + 140), at(BAND[1] + 30)),
            radius,
            style=style,
            rng=rng,
            tilt=0.1,
        )
        photo, _ = _photo(plane, seed=seed, size=(2028, 1520))
        read.append([str(v) for v in read_dice(photo, vowel_die=False).values])
    for values in read:
        assert "X" not in values, read
    assert sum(sorted(v) == ["B", "S", "T"] for v in read) >= 2, read
