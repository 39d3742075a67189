"""Train the die finder of :mod:`vision.dice_centres` and write
``vision/data/dice_finder.onnx`` (``make models``).

It learns from photos of :mod:`vision.dice_render`, *training* families only (trained font
designs, die colours and tables), 0 to 5 dice each, a tenth of them bare tables, 640 to
1024 pixels wide: each seen at the finder's size (:attr:`vision.dice_centres.Tuning.side`
on its longer side), flipped at random, it learns a heatmap (a Gaussian peak at every
die's up face centre, CenterNet's focal loss) and the log of the die's radius there
(6,000 photos, 10 epochs: on 2,000 and 5 epochs its centre was a quarter of a radius or
more off the up face three times as often, and a leaning face's letter was read). How
well it finds the dice of the calibration and held-out families is logged.

(It trained an up-letter reader too, on crops around the dice's centres, measured and
never wired: removed on 2026-12-07. The random numbers its crops took are still drawn,
:func:`spend_crop_draws`, so that the photos, and the finder, are the committed ones.)
Seeded, one CPU thread. Needs the ``train`` extra (PyTorch, CPU build, and onnx).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (its numbers.py would
# shadow the standard library's): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import time  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from bench.vision_train_dice import add_lean_options, lean_of  # noqa: E402
from vision import dice_centres as dc  # noqa: E402
from vision.dice_render import (  # noqa: E402
    CONSONANTS,
    NO_LEAN,
    VOWELS,
    DrawnDie,
    Lean,
    dice_scene,
    random_faces,
    random_style,
)

#: Training photos' widths (4:3, so that the finder's inputs are all 256 × 192).
WIDTHS = (640, 704, 768, 832, 896, 960, 1024)
#: The d20's radius over the photo's width (the bench's photos: 0.03 to 0.09).
RADII = (0.025, 0.11)
#: Dice per photo (the game: 3 or 4; fewer and more teach the finder to count none).
MOST_DICE = 5
BARE = 0.1
#: The removed up-letter reader's crops, whose random numbers are still drawn
#: (:func:`spend_crop_draws`): per die, five at its centre, jittered (normal, 0.07 of the
#: radius per axis; its side's log, 0.15) and one off it (0.45 to 1.1 radii away); two on
#: the table (four on a bare one).
TURNS = 5
CENTRE_JITTER = 0.07
SIDE_JITTER = 0.15
OFF_CENTRE = (0.45, 1.1)
TABLE_CROPS = 2


@dataclass
class Samples:
    """The finder's inputs and targets."""

    images: list[NDArray[np.float32]]
    heat: list[NDArray[np.float32]]
    sizes: list[NDArray[np.float32]]
    size_mask: list[NDArray[np.float32]]


def training_photo(
    rng: np.random.Generator,
    split: str,
    lean: Lean = NO_LEAN,
    leaning: np.random.Generator | None = None,
) -> tuple[NDArray[np.uint8], list[DrawnDie]]:
    """A grey photo of 0 to :data:`MOST_DICE` dice of ``split`` and the dice drawn;
    ``lean``: the share of photos seen by a camera leaning, drawn from ``leaning``."""
    width = int(rng.choice(WIDTHS))
    size = (width, width * 3 // 4)
    count = 0 if rng.random() < BARE else int(rng.integers(1, MOST_DICE + 1))
    faces = "".join(str(rng.choice(list(CONSONANTS + VOWELS))) for _ in range(count))
    view = lean.view(leaning, size) if leaning is not None else None
    photo, drawn = dice_scene(faces, rng, random_style(rng, split), size, RADII, view=view)
    return dc.working(photo), drawn


def targets(
    shape: tuple[int, int], centres: Sequence[tuple[float, float, float]], scale: float
) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]:
    """The finder's targets on a ``shape`` input (``scale``: input pixels per photo pixel)
    for objects at ``centres`` (x, y, radius in the photo: a die's up face, a tile's
    letter): the heatmap (a Gaussian peak of one at each centre, its spread a quarter of
    the radius), the log radius and where it is learned (near the centres)."""
    h, w = shape[0] // dc.STRIDE, shape[1] // dc.STRIDE
    heat = np.zeros((h, w), np.float32)
    sizes = np.zeros((h, w), np.float32)
    mask = np.zeros((h, w), np.float32)
    gy, gx = np.mgrid[0:h, 0:w].astype(np.float32)
    for x, y, radius in centres:
        cx = x * scale / dc.STRIDE - 0.5
        cy = y * scale / dc.STRIDE - 0.5
        r = radius * scale / dc.STRIDE
        sigma = max(0.7, 0.25 * r)
        peak = np.exp(-((gx - cx) ** 2 + (gy - cy) ** 2) / (2 * sigma**2))
        # The cell nearest the centre is the peak, one exactly (the focal loss pulls it
        # up); its neighbours keep the centre's place within the cell.
        heat = np.maximum(heat, peak / max(float(peak.max()), 1e-6))
        near = peak > 0.3
        sizes[near] = np.log(radius * scale / dc.RADIUS_UNIT)
        mask[near] = 1.0
    return heat, sizes, mask


def add_photo(
    samples: Samples, gray: NDArray[np.uint8], drawn: list[DrawnDie], rng: np.random.Generator
) -> None:
    """The finder's sample of one photo."""
    blob, back = dc.finder_input(gray, dc.TUNING.side)
    centres = [(d.up[0], d.up[1], d.radius) for d in drawn]
    heat, sizes, mask = targets(blob.shape[2:], centres, 1.0 / back)
    samples.images.append(blob[0, 0])
    samples.heat.append(heat)
    samples.sizes.append(sizes)
    samples.size_mask.append(mask)
    spend_crop_draws(rng, drawn, gray.shape[1], gray.shape[0])


def spend_crop_draws(rng: np.random.Generator, drawn: list[DrawnDie], w: int, h: int) -> None:
    """Draw from ``rng`` what the removed up-letter reader's crops of a ``w`` × ``h``
    photo drew, in the same order: the next photos are then the committed finder's, and
    ``make models`` gives it again."""
    if not drawn:
        rng.uniform(*RADII)
    for _ in drawn:
        for _ in range(TURNS):
            rng.normal(0, CENTRE_JITTER, 2)
            rng.normal(0, SIDE_JITTER)
            rng.uniform(0, 360)
        rng.uniform(0, 2 * np.pi)
        rng.uniform(*OFF_CENTRE)
        rng.normal(0, 0.2)
        rng.uniform(0, 360)
    table_crops = TABLE_CROPS * (2 if not drawn else 1)
    for _ in range(100):
        if table_crops == 0:
            break
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        if all(np.hypot(x - d.up[0], y - d.up[1]) > d.radius for d in drawn):
            rng.normal(0, 0.3)
            rng.uniform(0, 360)
            table_crops -= 1


def draw_samples(photos: int, seed: int, lean: Lean = NO_LEAN) -> Samples:
    rng = np.random.default_rng(seed)
    leaning = np.random.default_rng(seed + 4000)
    samples = Samples([], [], [], [])
    for _ in range(photos):
        gray, drawn = training_photo(rng, "train", lean, leaning)
        add_photo(samples, gray, drawn, rng)
    return samples


def finder_net() -> object:
    """Conv blocks (3×3, batch norm, ReLU), two max pools (stride 4), then dilated
    convolutions that see a die whole (dilations 2, 4, 8), then a 1×1 head: heat logit
    and log radius."""
    from torch import nn

    def block(a: int, b: int, dilation: int = 1) -> list[nn.Module]:
        conv = nn.Conv2d(a, b, 3, padding=dilation, dilation=dilation)
        return [conv, nn.BatchNorm2d(b), nn.ReLU()]

    head = nn.Conv2d(24, 2, 1)
    assert head.bias is not None
    nn.init.constant_(head.bias, 0.0)
    head.bias.data[0] = -4.0  # the heat starts low: few cells are dice
    return nn.Sequential(
        *block(1, 8),
        nn.MaxPool2d(2),
        *block(8, 16),
        nn.MaxPool2d(2),
        *block(16, 24),
        *block(24, 24, 2),
        *block(24, 24, 4),
        *block(24, 24, 8),
        head,
    )


def train_finder(samples: Samples, epochs: int, seed: int) -> object:
    import torch
    from torch import nn

    torch.manual_seed(seed)
    model = finder_net()
    assert isinstance(model, nn.Module)
    x = torch.from_numpy(np.stack(samples.images)[:, None])
    heat = torch.from_numpy(np.stack(samples.heat))
    sizes = torch.from_numpy(np.stack(samples.sizes))
    mask = torch.from_numpy(np.stack(samples.size_mask))
    batch = 16
    steps = epochs * (-(-len(x) // batch))
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    shuffler = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(x), generator=shuffler)
        total = 0.0
        for first in range(0, len(order), batch):
            idx = order[first : first + batch]
            xb, hb, sb, mb = x[idx], heat[idx], sizes[idx], mask[idx]
            flips = [d for d in (3, 2) if torch.rand(1, generator=shuffler) < 0.5]
            if flips:  # a die is a die mirrored: the finder sees the photo flipped
                xb = xb.flip(flips)
                hb, sb, mb = (t.flip([d - 1 for d in flips]) for t in (hb, sb, mb))
            out = model(xb)
            loss = _focal(out[:, 0], hb) + (mb * (out[:, 1] - sb).abs()).sum() / mb.sum().clamp(
                min=1.0
            )
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(idx)
        print(f"finder epoch {epoch + 1}: loss {total / len(x):.4f}", flush=True)
    model.eval()
    return model


def _focal(logits: object, heat: object) -> object:
    """CenterNet's focal loss: peaks (heat 1) pulled up, the rest pushed down the less the
    closer to a peak; over the number of peaks."""
    import torch

    assert isinstance(logits, torch.Tensor) and isinstance(heat, torch.Tensor)
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    peak = heat > 0.99
    pos = -((1 - p) ** 2) * torch.log(p) * peak
    neg = -((1 - heat) ** 4) * p**2 * torch.log(1 - p) * (~peak)
    return (pos.sum() + neg.sum()) / peak.sum().clamp(min=1)


def export(model: object, shape: tuple[int, int], out: Path, dynamic_size: bool) -> None:
    import torch

    assert isinstance(model, torch.nn.Module)
    axes = {0: "n", 2: "h", 3: "w"} if dynamic_size else {0: "n"}
    torch.onnx.export(
        model,
        (torch.zeros(1, 1, *shape),),
        str(out),
        input_names=["image"],
        output_names=["out"],
        dynamic_axes={"image": axes, "out": axes if dynamic_size else {0: "n"}},
        opset_version=13,
        dynamo=False,
    )


@dataclass
class Found:
    """How well the finder found the dice of some photos, for the log."""

    dice: int = 0
    found: int = 0
    extra: int = 0
    centre_error: float = 0.0
    radius_error: float = 0.0


def measure_finder(
    nets: dc.DiceNets, split: str, photos: int, seed: int, lean: Lean = NO_LEAN
) -> Found:
    """On ``photos`` photos of ``split`` as the bench draws them (three d20, the vowel die
    on three in four, 1024 × 768): the dice found within half a radius of their up face's
    centre, the peaks found where no die is, and the finder's centre and radius errors
    (90th percentiles). ``lean``: the share of photos seen by a camera leaning (its own
    random numbers)."""
    rng = np.random.default_rng(seed)
    leaning = np.random.default_rng(seed + 4000)
    out = Found()
    errors: list[float] = []
    radii: list[float] = []
    for _ in range(photos):
        faces = random_faces(rng, rng.random() < 0.75)
        style = random_style(rng, split)
        photo, drawn = dice_scene(faces, rng, style, view=lean.view(leaning, (1024, 768)))
        found = nets.find(dc.working(photo))
        out.dice += len(drawn)
        for die in drawn:
            near = [
                f for f in found if np.hypot(f.x - die.up[0], f.y - die.up[1]) < 0.5 * die.radius
            ]
            if near:
                out.found += 1
                errors.append(
                    float(np.hypot(near[0].x - die.up[0], near[0].y - die.up[1])) / die.radius
                )
                radii.append(near[0].radius / die.radius)
        out.extra += sum(
            all(np.hypot(f.x - d.up[0], f.y - d.up[1]) >= 0.5 * d.radius for d in drawn)
            for f in found
        )
    out.centre_error = float(np.percentile(errors, 90)) if errors else 0.0
    out.radius_error = float(np.percentile(np.abs(np.log(radii)), 90)) if radii else 0.0
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--photos", type=int, default=6000, help="training photos")
    parser.add_argument("--finder-epochs", type=int, default=10)
    parser.add_argument("--calibration", type=int, default=550, help="calibration photos, logged")
    parser.add_argument("--held-out", type=int, default=150, help="held-out photos, logged")
    parser.add_argument("--out", type=Path, default=dc.MODELS)
    add_lean_options(parser)
    args = parser.parse_args(argv)

    import torch

    torch.set_num_threads(1)  # the machine is shared
    start = time.perf_counter()
    finder_out = args.out / dc.FINDER_ONNX.name
    args.out.mkdir(parents=True, exist_ok=True)
    samples = draw_samples(args.photos, args.seed, lean_of(args))
    print(f"{args.photos} photos drawn in {time.perf_counter() - start:.0f} s", flush=True)
    finder = train_finder(samples, args.finder_epochs, args.seed)
    export(finder, samples.images[0].shape, finder_out, True)
    print(f"finder trained, {time.perf_counter() - start:.0f} s", flush=True)
    nets = dc.DiceNets(finder_out)
    for name, split, photos, seed in (
        ("calibration", "calibration", args.calibration, args.seed + 3),
        ("held-out", "held-out", args.held_out, args.seed + 4),
    ):
        d = measure_finder(nets, split, photos, seed, lean_of(args))
        print(
            f"{name}: dice {d.dice}, found {d.found} ({d.found / max(1, d.dice):.2%}), "
            f"{d.extra} found where none is; centre error p90 {d.centre_error:.3f} R, "
            f"radius error p90 {d.radius_error:.3f} (log)"
        )
    print(f"{finder_out} {finder_out.stat().st_size / 1024:.0f} kB")
    print(f"in all {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
