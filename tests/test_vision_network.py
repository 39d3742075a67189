"""The networks read windows in batches (:mod:`vision.network`): a window is read the
same among hundreds as alone, and every window gets its own row, in order."""

from __future__ import annotations

import numpy as np

from vision import dice_learned, network
from vision.learned import PlateNet, standardised
from vision.own import features
from vision.render import INPUT_H, INPUT_W


def _dice_windows(count: int) -> np.ndarray:
    rng = np.random.default_rng(5)
    windows = rng.integers(0, 256, (count, 2, dice_learned.INPUT, dice_learned.INPUT))
    return dice_learned.standardised(windows.astype(np.uint8))


def test_windows_read_in_batches_are_read_as_each_alone() -> None:
    """150 windows (two batches and a part) give the rows each gives alone."""
    net = dice_learned.dice_net().net
    inputs = _dice_windows(2 * network.BATCH + 22)
    together = network.forward(net, inputs)
    alone = []
    for window in inputs:
        net.setInput(window[None])
        alone.append(np.asarray(net.forward(), np.float64)[0])
    assert together.shape == (len(inputs), dice_learned.NOTHING + 1)
    np.testing.assert_allclose(together, np.array(alone), rtol=0, atol=1e-5)


def test_a_named_layer_is_read_in_batches_too() -> None:
    """A player's plates compared by the network's features (:func:`vision.own.features`)
    give one unit-length row each, the same however many are compared at once."""
    plates = PlateNet()
    rng = np.random.default_rng(6)
    windows = rng.integers(0, 256, (network.BATCH + 9, INPUT_H, INPUT_W)).astype(np.uint8)
    inputs = standardised(windows)
    many = features(plates.net, inputs)
    few = features(plates.net, inputs[-5:])
    assert many.shape[0] == len(windows)
    np.testing.assert_allclose(np.linalg.norm(many, axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(many[-5:], few, rtol=0, atol=1e-5)
