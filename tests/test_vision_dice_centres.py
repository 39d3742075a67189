"""The dice found first, then read at their centres: behaviours on dice styles the networks
never trained on (issue 23)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from test_vision_dice_learned import _right

from vision.dice_centres import (
    NO_DICE,
    NO_VOWEL_DIE,
    VOWEL_DIE_LOST,
    dice_nets,
    read_centres,
    working,
)
from vision.dice_render import (
    CONSONANTS,
    TABLE_KINDS,
    VOWELS,
    dice_scene,
    random_faces,
    random_style,
)
from vision.reading import NothingFound


def _silent(values: tuple[str | int, ...], faces: str) -> int:
    """Values neither right nor "?"."""
    return len(values) - _right(values, faces) - list(values).count("?")


def test_the_finder_points_at_every_die_of_a_style_never_trained_on() -> None:
    """Photos of held-out families (three d20 and the vowel cube, small or large in the
    frame): nearly every die's up face is found, within half its radius, and nearly
    nothing else."""
    rng = np.random.default_rng(2310)
    dice = found = extra = 0
    for _ in range(10):
        photo, drawn = dice_scene(random_faces(rng, True), rng, random_style(rng, "held-out"))
        seen = dice_nets().find(working(photo))
        near = [
            [f for f in seen if np.hypot(f.x - d.up[0], f.y - d.up[1]) < 0.5 * d.radius]
            for d in drawn
        ]
        dice += len(drawn)
        found += sum(bool(n) for n in near)
        extra += sum(
            all(np.hypot(f.x - d.up[0], f.y - d.up[1]) >= 0.5 * d.radius for d in drawn)
            for f in seen
        )
    assert found >= 0.95 * dice, (found, dice)
    assert extra <= 2, extra


def test_dice_of_styles_never_trained_on_are_read_and_never_misread() -> None:
    """Photos of held-out families, with and without the vowel die, the reader told which:
    a die not read surely is "?", never another letter, and a share of the dice is read
    (about a third: the goal of 95% is far, docs/vision.md)."""
    rng = np.random.default_rng(2311)
    right = total = silent = 0
    for i in range(16):
        faces = random_faces(rng, i % 4 != 0)
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        values = read_centres(photo, vowel_die=len(faces) == 4).values
        assert len(values) == len(faces)
        right += _right(values, faces)
        silent += _silent(values, faces)
        total += len(faces)
    assert right >= 0.25 * total, (right, total)
    assert silent == 0


@pytest.mark.parametrize("kind", TABLE_KINDS)
def test_a_table_without_dice_has_no_die(kind: str) -> None:
    rng = np.random.default_rng(100 + len(kind))
    for _ in range(2):
        photo, _ = dice_scene("", rng, replace(random_style(rng, "held-out"), table=kind))
        with pytest.raises(NothingFound, match=NO_DICE):
            read_centres(photo)


def test_told_there_is_no_vowel_die_three_consonants_are_read() -> None:
    rng = np.random.default_rng(2312)
    for _ in range(4):
        faces = random_faces(rng, False)
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        values = read_centres(photo, vowel_die=False).values
        assert len(values) == 3 and all(v == "?" or v in CONSONANTS for v in values)
        assert _silent(values, faces) == 0


def test_told_the_vowel_die_is_in_play_three_d20_alone_mean_it_was_not_found() -> None:
    rng = np.random.default_rng(2313)
    for _ in range(3):
        faces = random_faces(rng, False)
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        reading = read_centres(photo, vowel_die=True)
        assert len(reading.values) == 4 and reading.values[3] == "?"
        assert VOWEL_DIE_LOST in reading.warnings and 3 in reading.uncertain
        assert _silent(reading.values[:3], faces) == 0


def test_not_told_the_rules_the_vowel_die_is_read_when_rolled_and_said_missing_when_not() -> None:
    rng = np.random.default_rng(2314)
    for vowel in (True, False, True, False):
        faces = random_faces(rng, vowel)
        photo, _ = dice_scene(faces, rng, random_style(rng, "held-out"))
        reading = read_centres(photo)
        assert len(reading.values) == len(faces)
        assert reading.values[3:] in ((), ("?",)) or reading.values[3] in VOWELS
        assert (NO_VOWEL_DIE in reading.warnings) == (not vowel)
        assert _silent(reading.values, faces) == 0
