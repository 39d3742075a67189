"""The pieces every reader shares, made faster: they must give what they gave before."""

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

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
