"""The real set's staging script (``bench/stage_real.py``): its draws, its committed
quarter turns and its cut, without the public repositories it reads."""

from __future__ import annotations

import cv2
import numpy as np

from bench.stage_real import (
    PLATE_DRAW,
    PLATE_HEIGHT,
    PLATE_POOL_SIZE,
    PLATE_ROW,
    PLATE_TURNS,
    POOL_SIZE,
    TILE,
    close,
    cut,
    draws,
    framed,
    framed_plates,
    plate_draw,
    plate_strip,
    read_turns,
    upright,
    upright_plate,
)


def test_the_two_draws_are_disjoint_and_of_the_documented_sizes() -> None:
    first, second = draws(POOL_SIZE)
    assert (len(set(first)), len(set(second))) == (45, 100)
    assert not set(first) & set(second)
    assert draws(POOL_SIZE) == (first, second)


def test_every_drawn_tile_has_one_quarter_turn_recorded() -> None:
    turns = read_turns()
    assert len(turns) == 145
    assert all(
        letter.isascii() and letter.isupper() and len(letter) == 1 for letter, _ in turns.values()
    )
    assert all(0 <= quarter <= 3 for _, quarter in turns.values())


def test_a_tile_is_cut_along_its_outline_and_turned_clockwise() -> None:
    """A dark tile with a white mark in its top left corner, drawn turned 20 degrees on a
    grey photo: cut along its outline it comes back unturned, mark top left; a quarter
    turn clockwise puts the mark top right."""
    tile = np.zeros((60, 80, 3), np.uint8)
    tile[:15, :15] = 255
    photo = np.full((200, 200, 3), 128, np.uint8)
    matrix = cv2.getRotationMatrix2D((40, 30), -20, 1.0)
    matrix[:, 2] += (60, 70)
    cv2.warpAffine(tile, matrix, (200, 200), photo, borderMode=cv2.BORDER_TRANSPARENT)
    corners = np.array([(0, 0), (80, 0), (80, 60), (0, 60)], np.float32)
    outline = cv2.transform(corners[None], matrix)[0]
    piece = cut(photo, outline)
    assert abs(piece.shape[1] - 80) <= 1 and abs(piece.shape[0] - 60) <= 1
    assert piece[5:10, 5:10].mean() > 200 and piece[45:55, 65:75].mean() < 60
    turned = upright(piece, 1)
    assert turned.shape == (TILE, TILE, 3)
    assert turned[5:15, -15:-5].mean() > 200 and turned[5:15, 5:15].mean() < 60


def test_the_framings_hold_the_row_whole() -> None:
    strip = np.zeros((TILE, 5 * TILE + 4 * 8, 3), np.uint8)
    holder = framed(strip)
    assert holder.shape[1] * 3 == holder.shape[0] * 4 and holder.shape[1] == 10 * TILE + 11 * 8
    assert (holder == 0).all(axis=2).sum() == strip.shape[0] * strip.shape[1]
    near = close(strip)
    assert near.shape[:2] == (TILE + TILE // 2, strip.shape[1] + TILE // 2)


def test_the_two_number_tile_draws_are_disjoint_and_each_tile_has_its_quarter_turn() -> None:
    drawn = plate_draw(PLATE_POOL_SIZE)
    second = plate_draw(PLATE_POOL_SIZE, second=True)
    assert len(set(drawn)) == len(drawn) == len(set(second)) == PLATE_DRAW
    assert not set(drawn) & set(second)
    assert PLATE_DRAW % PLATE_ROW == 0
    assert plate_draw(PLATE_POOL_SIZE) == drawn
    turns = read_turns(PLATE_TURNS, "value")
    assert len(turns) == 2 * PLATE_DRAW
    assert {value for value, _ in turns.values()} == {str(v) for v in range(1, 11)}
    assert all(0 <= quarter <= 3 for _, quarter in turns.values())


def test_a_number_tile_keeps_its_proportions_and_the_row_its_place() -> None:
    """A tile cut lying on its side (wider than high), a quarter turn clockwise, stands
    ``PLATE_HEIGHT`` high and as much narrower as it was; six such in a row sit whole
    in the middle of a 4:3 photo."""
    lying = np.zeros((30, 42, 3), np.uint8)
    lying[:, :6] = 255  # the tile's left edge: on top once turned clockwise
    plate = upright_plate(lying, 1)
    assert plate.shape[0] == PLATE_HEIGHT
    assert abs(plate.shape[1] - PLATE_HEIGHT * 30 / 42) <= 1
    assert plate[:10].mean() > 200 and plate[-20:].mean() < 30
    strip = plate_strip([plate] * PLATE_ROW)
    photo = framed_plates(strip)
    assert photo.shape[1] * 3 == photo.shape[0] * 4
    assert (photo == 255).all(axis=2).sum() == (strip == 255).all(axis=2).sum()
