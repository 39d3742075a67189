"""The dice renderer's camera leaning away from overhead (issue 23): the training photos a
player's camera on a stand would take."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice_centres import dice_nets, working
from vision.dice_render import (
    FRAME,
    NO_LEAN,
    Lean,
    dice_scene,
    leaning_view,
    random_faces,
    random_style,
)


def _local_scale(view: np.ndarray, x: float, y: float) -> float:
    """How much ``view`` enlarges a small square at (x, y) (the square root of the ratio
    of areas, measured on the square's corners)."""
    d = 2.0
    square = np.array([[[x - d, y - d], [x + d, y - d], [x + d, y + d], [x - d, y + d]]])
    seen = cv2.perspectiveTransform(square, view)[0]
    return float(np.sqrt(cv2.contourArea(seen.astype(np.float32)) / (2 * d) ** 2))


def test_a_camera_above_the_table_changes_nothing() -> None:
    rng = np.random.default_rng(1)
    view = leaning_view(rng, (1024, 768), 0.0)
    assert np.allclose(view, np.eye(3))


def test_a_leaning_camera_sees_the_far_side_smaller_and_the_whole_table_drawn() -> None:
    """Leaning 25°: the table's corners all stay in the photo, and one side of the table
    is seen clearly smaller than the other (a camera above sees both the same)."""
    for seed in range(5):
        rng = np.random.default_rng(seed)
        view = leaning_view(rng, (1024, 768), np.radians(25))
        corners = np.array([[[0, 0], [1024, 0], [1024, 768], [0, 768]]], np.float64)
        seen = cv2.perspectiveTransform(corners, view)[0]
        assert (seen >= -1e-6).all() and (seen[:, 0] <= 1024 + 1e-6).all()
        assert (seen[:, 1] <= 768 + 1e-6).all()
        scales = [_local_scale(view, x, y) for x, y in corners[0]]
        # Seen from above, every corner is seen the same size (1.0).
        assert max(scales) / min(scales) > 1.05, scales


def test_a_window_cut_from_a_leaning_photo_is_squashed_not_resized() -> None:
    """A training window (a patch of a larger photo): the lean's local squash about its
    centre, its area kept (the reader cuts a window at the size the finder measures)."""
    rng = np.random.default_rng(7)
    squashes = []
    for _ in range(50):
        view = leaning_view(rng, (384, 384), np.radians(25), FRAME)
        assert np.isclose(abs(np.linalg.det(view[:2, :2])), 1.0)
        assert np.allclose(view @ [192, 192, 1], [192, 192, 1])
        singular = np.linalg.svd(view[:2, :2], compute_uv=False)
        squashes.append(singular.min() / singular.max())
    assert min(squashes) < 0.8 < max(squashes), (min(squashes), max(squashes))


def test_no_lean_draws_no_random_number() -> None:
    """Photos drawn without a lean are those the committed networks were trained on:
    the draws after them are the same."""
    rng = np.random.default_rng(3)
    before = rng.bit_generator.state
    assert NO_LEAN.view(rng, (1024, 768)) is None
    assert Lean(0.0, np.radians(25)).view(rng, (1024, 768)) is None
    assert rng.bit_generator.state == before
    assert Lean(1.0, np.radians(25)).view(rng, (1024, 768)) is not None


def test_the_dice_of_a_leaning_photo_are_where_the_renderer_says() -> None:
    """A photo seen by a camera leaning up to 20°: the committed finder (trained on
    photos from above) points at nearly every die where the renderer says its up face
    is, within half its radius, so the renderer's bookkeeping follows the view."""
    rng = np.random.default_rng(2511)
    look = np.random.default_rng(2512)
    dice = found = 0
    for _ in range(10):
        view = leaning_view(look, (1024, 768), np.radians(20))
        faces = random_faces(rng, True)
        photo, drawn = dice_scene(faces, rng, random_style(rng, "held-out"), view=view)
        seen = dice_nets().find(working(photo))
        dice += len(drawn)
        found += sum(
            any(np.hypot(f.x - d.up[0], f.y - d.up[1]) < 0.5 * d.radius for f in seen)
            for d in drawn
        )
    assert found >= 0.9 * dice, (found, dice)
