"""Train the d20's top finder and upright classifier and write ``vision/data/dice_top.onnx``
and ``vision/data/dice_upright.onnx`` (``make models`` runs it before
:mod:`bench.vision_train_dice`, whose threshold is chosen with them).

A d20's letter stands on an edge of its triangular face, its top towards the opposite
corner. Read at any angle, an M is a W upside down and an N a Z on its side: the dice
classifier was rightly unsure of them on designs it never saw (docs/vision.md). So:

- the **top finder** reads a die's pair of windows at any angle and gives the cosine
  and sine of three times the angle its letter's top points to (the three corners of the
  triangle are one answer); trained on each d20 up letter's windows at a random turn, and
  their four quarter turns;
- the **upright classifier** reads the windows turned so that the letter stands upright
  or a third of a turn off (within :data:`bench.vision_train_dice.UPRIGHT_JITTER`
  degrees), as the 26 up faces or "nothing", trained as the dice classifier is (the
  same windows of the renderer's *training* families, the vowel cube's at any angle, the
  same "nothing" windows) but without the first generator's photos, whose letters stand
  on no known edge.

The windows are drawn in ``--draws`` seeded draws (``--seeds``), one process each (the
two cores), then each network is trained on one CPU thread, seeded. Then run
``bench/vision_train_dice.py --calibrate-only``: the threshold is the whole reader's.

Needs the ``train`` extra (``pip install -e '.[train]'``).
"""

from __future__ import annotations

import sys
from pathlib import Path

# As in bench/vision_train_dice.py: the project root first on sys.path, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import time  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from concurrent.futures import ProcessPoolExecutor  # noqa: E402

import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from bench.vision_train_dice import (  # noqa: E402
    STRETCHES,
    _cnn,
    _export,
    _fit,
    add_lean_options,
    dice_windows,
    lean_of,
)
from vision import dice_learned  # noqa: E402
from vision.dice_render import CLASSES as DICE_CLASSES  # noqa: E402
from vision.dice_render import NO_LEAN, Lean  # noqa: E402

Drawn = tuple[NDArray[np.uint8], NDArray[np.int64], NDArray[np.uint8], NDArray[np.float32]]


def draw(count: int, seed: int, lean: Lean = NO_LEAN) -> Drawn:
    """One draw of ``count`` upright classifier windows and their classes, and the top
    finder's windows (as many as there were d20 up letters) and their tops' angles
    (``lean``: :func:`bench.vision_train_dice.dice_windows`')."""
    tops: list[tuple[NDArray[np.uint8], float]] = []
    x, y = dice_windows(
        "train",
        count,
        seed,
        bare=0.15,
        face_negatives=True,
        letter_shapes=0.5,
        stretches=STRETCHES,
        tops=tops,
        lean=lean,
    )
    top_x = np.array([w for w, _ in tops], np.uint8)
    return x, y, top_x, np.array([a for _, a in tops], np.float32)


def train_top(x: NDArray[np.uint8], angles: NDArray[np.float32], args: argparse.Namespace) -> None:
    """The top finder, its loss the squared distance between (cos 3a, sin 3a) and its
    output; a twentieth of the windows (with their quarter turns) kept aside, on which
    its errors are printed each epoch."""
    import torch

    # np.rot90 over (rows, columns) turns a picture a quarter counter-clockwise as seen.
    turned = np.concatenate([np.rot90(x, k, axes=(2, 3)) for k in range(4)])
    truth = np.concatenate([angles + 90 * k for k in range(4)])
    rad = np.radians(3 * truth)
    target = torch.from_numpy(np.stack([np.cos(rad), np.sin(rad)], 1).astype(np.float32))
    torch.manual_seed(args.seed)
    model = _cnn((dice_learned.INPUT,) * 2, 2, 3, tuple(args.top_widths), channels=2)
    assert isinstance(model, torch.nn.Module)
    inputs = torch.from_numpy(dice_learned.standardised(np.ascontiguousarray(turned)))
    aside = torch.randperm(len(x), generator=torch.Generator().manual_seed(1))[: len(x) // 20]
    aside = torch.cat([aside + k * len(x) for k in range(4)])
    learn = torch.ones(len(inputs), dtype=torch.bool)
    learn[aside] = False
    train = torch.nonzero(learn).squeeze(1)
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = args.top_epochs * (-(-len(train) // 128))
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    shuffler = torch.Generator().manual_seed(args.seed)
    for epoch in range(args.top_epochs):
        model.train()
        order = train[torch.randperm(len(train), generator=shuffler)]
        total = 0.0
        for first in range(0, len(order), 128):
            batch = order[first : first + 128]
            optimiser.zero_grad()
            loss = ((model(inputs[batch]) - target[batch]) ** 2).sum(1).mean()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(batch)
        model.eval()
        with torch.no_grad():
            out = model(inputs[aside]).numpy()
        found = np.degrees(np.arctan2(out[:, 1], out[:, 0])) / 3
        error = np.abs((found - truth[aside.numpy()] + 60) % 120 - 60)
        print(
            f"top epoch {epoch + 1}: loss {total / len(train):.4f}; windows aside: error "
            f"median {np.median(error):.1f}°, 99% within {np.percentile(error, 99):.1f}°",
            flush=True,
        )
    _export(model, (dice_learned.INPUT,) * 2, args.out / dice_learned.TOP_ONNX, channels=2)


def train_upright(x: NDArray[np.uint8], y: NDArray[np.int64], args: argparse.Namespace) -> None:
    import torch

    torch.manual_seed(args.seed)
    shape = (dice_learned.INPUT, dice_learned.INPUT)
    model = _cnn(shape, len(DICE_CLASSES) + 1, 3, tuple(args.widths), channels=2)
    _fit(
        model,
        torch.from_numpy(dice_learned.standardised(x)),
        torch.from_numpy(y),
        epochs=args.epochs,
        seed=args.seed,
    )
    _export(model, shape, args.out / dice_learned.UPRIGHT_ONNX, channels=2)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=24, help="the trainings' seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[5001, 5002], help="draws")
    parser.add_argument("--windows", type=int, default=110000, help="windows per draw")
    parser.add_argument("--epochs", type=int, default=16, help="upright classifier")
    parser.add_argument("--widths", type=int, nargs=4, default=[16, 32, 64, 128])
    parser.add_argument("--top-epochs", type=int, default=12)
    parser.add_argument("--top-widths", type=int, nargs=4, default=[16, 32, 64, 64])
    parser.add_argument("--out", type=Path, default=dice_learned.MODELS)
    add_lean_options(parser)
    args = parser.parse_args(argv)
    import torch

    torch.set_num_threads(1)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=min(2, len(args.seeds))) as pool:
        count, lean = [args.windows] * len(args.seeds), [lean_of(args)] * len(args.seeds)
        draws = list(pool.map(draw, count, args.seeds, lean))
    x, y, top_x, angles = (np.concatenate(part) for part in zip(*draws, strict=True))
    nothing = len(DICE_CLASSES)
    print(
        f"{len(x)} windows ({(y != nothing).mean():.0%} up letters), {len(top_x)} d20 tops, "
        f"drawn in {time.perf_counter() - start:.0f} s",
        flush=True,
    )
    train_top(top_x, angles, args)
    del top_x
    train_upright(x, y, args)
    for name in (dice_learned.TOP_ONNX, dice_learned.UPRIGHT_ONNX):
        print(f"{args.out / name} {(args.out / name).stat().st_size / 1024:.0f} kB")
    print(f"in all {time.perf_counter() - start:.0f} s; now the threshold:", flush=True)
    print("  bench/vision_train_dice.py --calibrate-only (make models runs it whole)")


if __name__ == "__main__":
    main()
