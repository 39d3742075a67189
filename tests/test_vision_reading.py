"""The pieces every reader shares, made faster: they must give what they gave before."""

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

from vision.dice import (
    COARSE_RADII,
    SQUASHES,
    _face,
    _fitted_face,
    _gradients,
    _measured_gradients,
    _plain_around,
    _sharpness,
)
from vision.reading import Mark, disc_closing, find_marks


def _photo_with_letters(seed: int) -> NDArray[np.uint8]:
    """A grey table, shaded and noisy, with a few dark letters and light ones."""
    rng = np.random.default_rng(seed)
    ys, xs = np.mgrid[0:180, 0:240]
    gray = 120 + 0.2 * xs + 0.1 * ys + rng.normal(0, 6, (180, 240))
    image = np.asarray(np.clip(gray, 0, 255), np.uint8)
    for k, letter in enumerate("HKRX"):
        shade = 20 if k % 2 == 0 else 235
        cv2.putText(image, letter, (20 + 55 * k, 110), cv2.FONT_HERSHEY_SIMPLEX, 1.6, shade, 4)
    return image


@pytest.mark.parametrize("stroke", [1, 3, 9, 15, 30, 31, 45, 62])
def test_the_closing_by_a_disc_is_opencvs_to_the_last_bit(stroke: int) -> None:
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (stroke, stroke))
    rng = np.random.default_rng(stroke)
    for image in (
        _photo_with_letters(stroke),
        rng.integers(0, 256, (37, 53), dtype=np.uint8),
        ((rng.random((60, 20)) < 0.1) * 255).astype(np.uint8),
        np.full((1, 5), 7, np.uint8),
    ):
        assert np.array_equal(
            disc_closing(image, stroke), cv2.morphologyEx(image, cv2.MORPH_CLOSE, kernel)
        )
        if stroke % 2:  # an odd disc: the photo's border replicated closes it the same
            replicated = cv2.morphologyEx(
                image, cv2.MORPH_CLOSE, kernel, borderType=cv2.BORDER_REPLICATE
            )
            assert np.array_equal(disc_closing(image, stroke), replicated)


def _same(a: list[Mark], b: list[Mark]) -> bool:
    return len(a) == len(b) and all(
        (m.x, m.y, m.w, m.h, m.contrast) == (n.x, n.y, n.w, n.h, n.contrast)
        and np.array_equal(m.mask, n.mask)
        for m, n in zip(a, b, strict=True)
    )


def test_marks_asked_again_are_the_same_and_new_pixels_find_new_marks() -> None:
    image = _photo_with_letters(1)
    first = find_marks(image, min_contrast=0.0, frames=True)
    assert first and _same(find_marks(image.copy(), min_contrast=0.0, frames=True), first)
    # The marks of a lower contrast include those of a higher one, in the same order.
    strong = find_marks(image, min_contrast=30.0, frames=True)
    assert _same(strong, [m for m in first if m.contrast >= 30.0])
    # The same array painted over in place is another photo.
    image[:, :120] = 200
    again = find_marks(image, min_contrast=0.0, frames=True)
    assert not _same(again, first) and all(m.x + m.w > 120 for m in again)
    # The marks kept are shared: nobody may paint on them.
    with pytest.raises(ValueError):
        again[0].mask[0, 0] = 1


def test_a_mark_measured_again_on_other_pixels_is_measured_anew() -> None:
    image = _photo_with_letters(2)
    colour = np.ascontiguousarray(np.repeat(image[..., None], 3, axis=2))
    mark = max(find_marks(image), key=lambda m: m.w * m.h)
    plain, sharp = _plain_around(colour, mark), _sharpness(image, mark)
    assert plain == _plain_around.__wrapped__(colour, mark)  # type: ignore[attr-defined]
    # A checked cloth around the letter, painted in place: busier, as measured afresh.
    around = (slice(mark.y - 3, mark.y + mark.h + 3), slice(mark.x - 3, mark.x + mark.w + 3))
    ys, xs = np.mgrid[around]
    cells = np.where((ys // 3 + xs // 3) % 2 == 0, 90, 250).astype(np.uint8)
    inside = np.zeros(cells.shape, bool)
    inside[3:-3, 3:-3] = mark.mask > 0
    image[around] = np.where(inside, image[around], cells)
    colour[around] = image[around][..., None]
    assert _plain_around(colour, mark) == _plain_around.__wrapped__(colour, mark)  # type: ignore[attr-defined]
    assert _plain_around(colour, mark) > plain
    assert _sharpness(image, mark) == _sharpness.__wrapped__(image, mark)  # type: ignore[attr-defined]
    assert _sharpness(image, mark) != sharp


def test_the_derivatives_of_a_photo_painted_in_place_are_taken_anew() -> None:
    image = np.ascontiguousarray(np.repeat(_photo_with_letters(3)[..., None], 3, axis=2))
    first = _gradients(image)
    again = _gradients(image.copy())
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    with pytest.raises(ValueError):  # shared: nobody may paint on them
        first[0][0, 0] = 1.0
    image[40:60, 40:60] = 255
    painted = _gradients(image)
    assert not np.array_equal(painted[0], first[0])
    assert np.array_equal(painted[0], _measured_gradients(image)[0])


def test_a_face_fitted_again_on_other_letters_is_fitted_anew() -> None:
    # A light triangle (a d20's face) around a dark letter, on a dark table.
    image = np.full((200, 200, 3), 40, np.uint8)
    corners = np.array([[100, 30], [40, 150], [160, 150]], np.int32)
    cv2.fillConvexPoly(image, corners, (220, 220, 220))
    cv2.putText(image, "K", (84, 125), cv2.FONT_HERSHEY_SIMPLEX, 1.4, (20, 20, 20), 4)
    gray = np.ascontiguousarray(image[..., 0])
    mark = max(find_marks(gray, min_contrast=0.0), key=lambda m: m.w * m.h)
    grads = _gradients(image)
    letter = np.zeros(gray.shape, bool)
    letter[mark.y : mark.y + mark.h, mark.x : mark.x + mark.w] = mark.mask > 0
    first = _face(grads, letter, mark)
    assert first == _fitted_face(grads, letter, mark, SQUASHES, COARSE_RADII[1])
    assert first[0].support > first[1].support  # a triangle, not a square
    # The same mask in place, its triangle's base hidden: fitted anew, not as kept.
    letter[140:160, :] = True
    again = _face(grads, letter, mark)
    assert again == _fitted_face(grads, letter, mark, SQUASHES, COARSE_RADII[1])
    assert again != first
