"""The table tops the renderers draw. Veined stone (a marble table) is a texture family
kept out of every training by construction, so that the benches can say how the readers
do on a texture they never saw; granite's specks and a printed cloth are the textures
a network may be taught (docs/vision.md, "textured tables")."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.synthetic import HELD_OUT_TABLES, TABLES, TEXTURED_TABLES, table


def test_veined_stone_is_neither_a_plain_table_nor_a_taught_texture() -> None:
    assert HELD_OUT_TABLES and not set(HELD_OUT_TABLES) & {*TABLES, *TEXTURED_TABLES}


@pytest.mark.parametrize("kind", [*TEXTURED_TABLES, *HELD_OUT_TABLES])
def test_a_textured_top_is_drawn_again_from_its_seed_and_is_not_flat(kind: str) -> None:
    first = table(np.random.default_rng(5), kind, (320, 240))
    again = table(np.random.default_rng(5), kind, (320, 240))
    other = table(np.random.default_rng(6), kind, (320, 240))
    assert first.shape == (240, 320, 3)
    assert np.array_equal(first, again) and not np.array_equal(first, other)
    # Strokes or specks far from the top's smooth shade (a plain table stays within 4).
    shade = cv2.GaussianBlur(first, (0, 0), 15)
    assert np.percentile(np.abs(first - shade), 99) > 20


def test_the_dice_renderer_draws_the_same_textured_tops() -> None:
    from vision import dice_render

    drawn = dice_render.table(np.random.default_rng(5), "veined", (320, 240))
    assert np.array_equal(drawn, table(np.random.default_rng(5), "veined", (320, 240)))
