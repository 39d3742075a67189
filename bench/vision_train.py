"""Train the learned readers and write ``vision/data/plates.onnx`` and ``letters.onnx``
(``make models``: both; ``--kind plates`` or ``--kind letters``: one). Half the letters'
training windows are cut where the committed tile finder finds letters
(``bench/vision_train_tiles.found_windows``: the reader's own windows, the finder's
centres and sizes); the letters reader's threshold of "?" is then chosen on rack photos
by ``bench/vision_train_tiles.py --calibrate-only``.

Windows are drawn by :mod:`vision.render` (plates) and :mod:`vision.letter_render`
(letter tiles) in the *training* style families only (for the plates, a tenth of the
training and calibration windows cut where the plates' finder proposes a number off
the plates, on the renderer's tables: :func:`plate_negatives`); the
confidence threshold under which a plate is "?" is chosen on the *calibration* split
(trained fonts in held-out colours): the lowest threshold whose sure readings are wrong
at most once in :data:`SILENT_GOAL`. The held-out families (held-out fonts in held-out
colours) are only measured, at the end, for the log. Seeded: the same seed gives the
same windows; PyTorch on one CPU thread gives the same weights run after run on one
machine (another CPU or PyTorch build may differ in the last bits).

Needs the ``train`` extra (``pip install -e '.[train]'``: PyTorch, CPU build, and onnx).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (its numbers.py would
# shadow the standard library's): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from typing import TYPE_CHECKING, Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from vision import letter_render, render  # noqa: E402
from vision.camera import Image  # noqa: E402
from vision.learned import LETTERS_ONNX, PLATES_ONNX, OnnxClassifier, standardised  # noqa: E402

if TYPE_CHECKING:
    import torch

#: Silent misreads allowed among sure readings (issue 23: at most 1 in 1,000).
SILENT_GOAL = 1 / 1000


@dataclass(frozen=True)
class Kind:
    """What one classifier reads: how its windows are drawn, their shape, its classes."""

    sample: Callable[[np.random.Generator, str], tuple[Image, int]]
    height: int
    width: int
    classes: int
    described: str
    out: Path
    train: int
    """Training windows (the committed network's number)."""
    epochs: int
    augment: bool = False
    """Whether each epoch sees its windows spoilt afresh (:func:`augmented`)."""
    found_share: float = 0.0
    """The share of training windows cut where the tile finder finds letters
    (``bench/vision_train_tiles.found_windows``: the finder's centres and sizes, not the
    ink's); the check windows are ``sample``'s only, as the other kinds'."""
    negatives_share: float = 0.0
    """The share of training and calibration windows cut where the plates' finder
    proposes a number on a photo of a few plates or none, and no number is
    (:func:`plate_negatives`: a plate's or a holder's edge, a table's grain), last."""


KINDS = {
    "plates": Kind(
        render.plate_sample,
        render.INPUT_H,
        render.INPUT_W,
        render.NOTHING + 1,
        "plate values 1..10, 25, 50, 75, 100, then nothing",
        PLATES_ONNX,
        train=48000,
        epochs=10,
        augment=True,
        negatives_share=0.1,
    ),
    "letters": Kind(
        letter_render.letter_sample,
        letter_render.INPUT,
        letter_render.INPUT,
        letter_render.NOTHING + 1,
        "letters A..Z, then nothing; half the windows cut where the tile finder finds letters",
        LETTERS_ONNX,
        train=144000,
        epochs=12,
        found_share=0.5,
    ),
}


def windows(
    kind: Kind, split: str, count: int, seed: int
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """``count`` windows of ``split`` and their classes (for the training split,
    :attr:`Kind.found_share` of them cut where the tile finder finds letters, last)."""
    rng = np.random.default_rng(seed)
    found = round(count * kind.found_share) if split == "train" else 0
    negatives = round(count * kind.negatives_share) if split != "held-out" else 0
    xs = np.empty((count, kind.height, kind.width), np.uint8)
    ys = np.empty(count, np.int64)
    for i in range(count - found - negatives):
        xs[i], ys[i] = kind.sample(rng, split)
    if negatives:
        start = time.perf_counter()
        rest = count - found - negatives
        xs[rest : rest + negatives] = plate_negatives(
            np.random.default_rng(seed + 20), split, negatives
        )
        ys[rest : rest + negatives] = render.NOTHING
        print(
            f"{negatives} windows where the plates' finder sees no number, "
            f"in {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    if found:
        from bench.vision_train_tiles import found_windows

        start = time.perf_counter()
        xs[count - found :], ys[count - found :] = found_windows(
            np.random.default_rng(seed + 10), split, found
        )
        print(
            f"{found} windows found by the tile finder in {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    return xs, ys


def plate_negatives(rng: np.random.Generator, split: str, count: int) -> NDArray[np.uint8]:
    """``count`` windows the plates' finder proposes as numbers where there is none:
    photos of none to three plates of ``split``'s styles on their holder, set on one of
    the renderer's tables, through the renderer's camera (light, glare, blur, noise,
    JPEG), its candidates (:func:`vision.plate_finder._pieces`, both windows, and
    ``_runs``) that overlap no plate's number. With six plates the plates' grid keeps
    such a window away; with fewer, nothing did: a plate's edge read as a sure 1, a
    table's grain as a 7 (docs/vision.md, "plates invented")."""
    from vision.plate_finder import TUNING, _overlaps, _pieces, _runs
    from vision.synthetic import TABLES, table

    def _shows(box: tuple[int, int, int, int], number: tuple[int, int, int, int]) -> bool:
        """Whether the window read around ``box`` holds ``number``'s centre: a window
        showing a number is no window of nothing."""
        cx, cy, w, h = render.window_of((box[0], box[1], box[2], box[3]))
        x, y, nw, nh = number
        return abs(x + nw / 2 - cx) < w / 2 and abs(y + nh / 2 - cy) < h / 2

    out: list[NDArray[np.uint8]] = []
    while len(out) < count:
        style = render.random_style(rng, split)
        width = int(rng.integers(640, 1025))
        height = width * 3 // 4
        picture = table(rng, str(rng.choice(TABLES)), (width, height))
        numbers: list[tuple[int, int, int, int]] = []
        plates = int(rng.integers(0, 4))
        if plates:
            size = int(rng.uniform(0.08, 0.2) * height)
            drawn = [
                render.draw_plate(int(rng.choice(render.PLATE_VALUES)), style, size)
                for _ in range(plates)
            ]
            gap = int(rng.uniform(0.1, 0.45) * size)
            pad = int(rng.uniform(0.15, 0.4) * size)
            plane_w = sum(d[0].shape[1] for d in drawn) + gap * (plates - 1) + 2 * pad
            plane_h = size + 2 * pad
            if plane_w < width and plane_h < height:
                x0 = int(rng.integers(0, width - plane_w))
                y0 = int(rng.integers(0, height - plane_h))
                picture[y0 : y0 + plane_h, x0 : x0 + plane_w] = np.array(style.holder, np.float32)
                x = x0 + pad
                for plate, mask in drawn:
                    picture[y0 + pad : y0 + pad + size, x : x + plate.shape[1]] = plate
                    ix, iy, iw, ih = cv2.boundingRect(mask)  # the number's ink
                    if iw:
                        numbers.append((x + ix, y0 + pad + iy, iw, ih))
                    x += plate.shape[1] + gap
        seen = render._camera(np.asarray(picture, np.float32), rng)
        gray = render._jpeg(np.asarray(cv2.cvtColor(seen, cv2.COLOR_BGR2GRAY), np.float32), rng)
        candidates = [
            box
            for window in (TUNING.block, TUNING.small_block)
            for some in _pieces(gray, TUNING, window)
            for box in _runs(some, TUNING)
            if not any(_overlaps(box, number) or _shows(box, number) for number in numbers)
        ]
        rng.shuffle(candidates)
        for x, y, w, h in candidates[: max(1, count // 500)]:
            out.append(render.plate_input(gray, (float(x), float(y), float(w), float(h))))
    return np.array(out[:count], np.uint8)


def augmented(windows: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """Grey windows (n × 1 × H × W, 0-255) spoilt as a camera and a finder spoil them, drawn
    afresh each epoch so that no window is seen twice alike: moved by up to 2 pixels
    across and 1 down or up (the finder's box a little off), a gamma, the contrast
    lowered and noise added (dim light, a cheap sensor), blurred at times (focus).
    Generic: nothing in it knows a style family."""
    import torch
    from torch.nn import functional

    n, _, h, w = windows.shape

    def uniform(low: float, high: float) -> torch.Tensor:
        return low + (high - low) * torch.rand(n, 1, 1, 1, generator=generator)

    padded = functional.pad(windows, (2, 2, 1, 1), mode="replicate")
    dx = torch.randint(0, 5, (n,), generator=generator)
    dy = torch.randint(0, 3, (n,), generator=generator)
    out = torch.empty_like(windows)
    for ox in range(5):
        for oy in range(3):
            chosen = (dx == ox) & (dy == oy)
            out[chosen] = padded[chosen, :, oy : oy + h, ox : ox + w]
    out = 255 * (out / 255).clamp(0, 1) ** uniform(0.7, 1.4)
    mean = out.mean(dim=(2, 3), keepdim=True)
    out = mean + (out - mean) * uniform(0.5, 1.0)
    out = out + torch.randn(out.shape, generator=generator) * uniform(0, 6)
    sigma = 0.4 + 0.6 * torch.rand(1, generator=generator)
    taps = torch.exp(-(torch.arange(-1, 2, dtype=torch.float32) ** 2) / (2 * sigma**2))
    kernel = (taps[:, None] * taps[None, :]) / taps.sum() ** 2
    blurred = functional.conv2d(
        functional.pad(out, (1, 1, 1, 1), mode="replicate"), kernel[None, None]
    )
    blur = torch.rand(n, 1, 1, 1, generator=generator) < 0.3
    return torch.where(blur, blurred, out).clamp(0, 255)


def standardised_torch(windows: torch.Tensor) -> torch.Tensor:
    """:func:`vision.learned.standardised` on a tensor (n × 1 × H × W)."""
    import torch

    mean = windows.mean(dim=(2, 3), keepdim=True)
    spread = torch.clamp(windows.std(dim=(2, 3), keepdim=True, unbiased=False), min=8.0)
    return (windows - mean) / spread


def cached_windows(
    cache: Path | None, draw: Callable[[], dict[str, NDArray[Any]]]
) -> dict[str, NDArray[Any]]:
    """The arrays ``draw`` gives (drawn windows and their classes), saved to ``cache`` (an
    .npz, kept out of the repository), or read back from it when it exists: trainings
    tried on the same windows without drawing them again (the drawing's options are not
    checked)."""
    if cache is not None and cache.exists():
        with np.load(cache) as saved:
            return {name: saved[name] for name in saved.files}
    arrays = draw()
    if cache is not None:
        named: dict[str, Any] = dict(arrays)  # savez's keywords are the arrays' names
        np.savez(cache, **named)
    return arrays


def threshold_for(confidence: NDArray[np.float32], right: NDArray[np.bool_]) -> float:
    """The lowest confidence threshold whose sure readings are wrong at most
    :data:`SILENT_GOAL` of the time (1.0 if none is)."""
    order = np.argsort(-confidence)
    wrong = np.cumsum(~right[order])
    allowed = wrong <= SILENT_GOAL * np.arange(1, len(order) + 1)
    # The longest prefix of the most confident readings within the goal.
    bad = np.nonzero(~allowed)[0]
    last = (bad[0] if len(bad) else len(order)) - 1
    return 1.0 if last < 0 else float(confidence[order[last]])


def bounded_threshold_for(
    confidence: NDArray[np.float32], right: NDArray[np.bool_], level: float
) -> float:
    """The lowest confidence threshold at which the sure readings meet
    :data:`SILENT_GOAL` with confidence ``level``: their misread rate's one-sided upper
    bound (Clopper-Pearson) is at most the goal, i.e. at most ``k`` wrong in ``n`` sure
    is as unlikely as ``1 - level`` were the rate the goal (1.0 if no threshold does).

    :func:`threshold_for` stops where the readings seen are wrong as often as the goal
    allows, so that other photos of other designs then see more; this one leaves a margin
    that shrinks as the photos grow in number (docs/vision.md)."""
    order = np.argsort(-confidence)
    wrong = np.cumsum(~right[order])
    n = np.arange(1, len(order) + 1, dtype=np.float64)
    # P(X <= k; n, goal), term by term: log C(n, i) goal^i (1 - goal)^(n - i).
    log_goal, log_rest = np.log(SILENT_GOAL), np.log1p(-SILENT_GOAL)
    term = n * log_rest
    cdf = np.exp(term)
    for i in range(1, int(wrong.max(initial=0)) + 1):
        with np.errstate(divide="ignore", invalid="ignore"):
            term = term + np.log(np.maximum(n - i + 1, 0)) - np.log(i) + log_goal - log_rest
        cdf += np.where(wrong >= i, np.exp(term), 0.0)
    allowed = np.nonzero(cdf <= 1 - level)[0]
    return 1.0 if len(allowed) == 0 else float(confidence[order[allowed[-1]]])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kind", choices=[*KINDS, "all"], default="all")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--train", type=int, help="training windows (default: the kind's)")
    parser.add_argument("--check", type=int, help="calibration/held-out windows")
    parser.add_argument("--epochs", type=int, help="(default: the kind's)")
    parser.add_argument("--out", type=Path, help="the ONNX file (default: vision/data/)")
    parser.add_argument(
        "--windows-cache",
        type=Path,
        help="an .npz the drawn windows are saved to, or read from if it exists (keep it "
        "out of the repository; one kind only)",
    )
    args = parser.parse_args(argv)
    for name in KINDS if args.kind == "all" else [args.kind]:
        kind = KINDS[name]
        print(f"== {name}", flush=True)
        train(
            kind,
            seed=args.seed,
            count=args.train or kind.train,
            # The plates' 3,000 gave its threshold; 4,000 for the letters' 27 classes.
            check=args.check or (3000 if name == "plates" else 4000),
            epochs=args.epochs or kind.epochs,
            out=args.out or kind.out,
            cache=args.windows_cache,
        )


def train(
    kind: Kind,
    *,
    seed: int,
    count: int,
    check: int,
    epochs: int,
    out: Path,
    cache: Path | None = None,
) -> None:
    """Train one classifier, export it to ``out`` and its threshold beside it."""
    import torch
    from torch import nn

    torch.set_num_threads(1)  # the machine is shared
    torch.manual_seed(seed)
    start = time.perf_counter()

    def draw() -> dict[str, NDArray[Any]]:
        xt, yt = windows(kind, "train", count, seed)
        xc, yc = windows(kind, "calibration", check, seed + 1)
        xh, yh = windows(kind, "held-out", check, seed + 2)
        return {"xt": xt, "yt": yt, "xc": xc, "yc": yc, "xh": xh, "yh": yh}

    drawn = cached_windows(cache, draw)
    x_train, y_train, x_cal, y_cal, x_held, y_held = (
        drawn[k] for k in ("xt", "yt", "xc", "yc", "xh", "yh")
    )
    print(f"windows drawn in {time.perf_counter() - start:.0f} s", flush=True)

    def block(a: int, b: int, pool: bool) -> list[nn.Module]:
        layers: list[nn.Module] = [nn.Conv2d(a, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU()]
        return [*layers, nn.MaxPool2d(2)] if pool else layers

    model = nn.Sequential(
        *block(1, 16, True),
        *block(16, 32, True),
        *block(32, 64, True),
        *block(64, 64, False),
        nn.Flatten(),
        nn.Dropout(0.2),
        nn.Linear(64 * (kind.height // 8) * (kind.width // 8), kind.classes),
    )
    if kind.augment:  # kept as grey levels: spoilt, then standardised, batch by batch
        inputs = torch.from_numpy(x_train[:, None].astype(np.float32))
        spoiler = torch.Generator().manual_seed(seed + 3)
    else:
        inputs = torch.from_numpy(standardised(x_train))
    labels = torch.from_numpy(y_train)
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = epochs * (-(-len(inputs) // 128))
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    loss_of = nn.CrossEntropyLoss(label_smoothing=0.05)
    shuffler = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(inputs), generator=shuffler)
        total = 0.0
        for first in range(0, len(order), 128):
            batch = order[first : first + 128]
            optimiser.zero_grad()
            seen = inputs[batch]
            if kind.augment:
                seen = standardised_torch(augmented(seen, spoiler))
            loss = loss_of(model(seen), labels[batch])
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(batch)
        print(f"epoch {epoch + 1}: loss {total / len(inputs):.4f}", flush=True)

    model.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    example = torch.zeros(1, 1, kind.height, kind.width)
    torch.onnx.export(
        model,
        (example,),
        str(out),
        input_names=["window"],
        output_names=["logits"],
        dynamic_axes={"window": {0: "n"}, "logits": {0: "n"}},
        opset_version=13,
        dynamo=False,
    )
    # The threshold and the figures come from the exported network as OpenCV runs it.
    meta = out.with_suffix(".json")
    meta.write_text(json.dumps({"threshold": 1.0}))
    net = OnnxClassifier(out, meta)
    report = {}
    for name, xs, ys in (("calibration", x_cal, y_cal), ("held-out", x_held, y_held)):
        probs = net.probabilities(xs)
        best, conf = probs.argmax(axis=1), probs.max(axis=1)
        report[name] = (best == ys, conf)
    right, conf = report["calibration"]
    threshold = threshold_for(conf, right)
    meta.write_text(
        json.dumps(
            {
                "threshold": round(threshold, 6),
                "seed": seed,
                "train_windows": count,
                "epochs": epochs,
                "classes": kind.described,
                "input": [kind.height, kind.width],
            },
            indent=1,
        )
        + "\n"
    )
    for name, (right, conf) in report.items():
        sure = conf >= threshold
        print(
            f"{name}: top-1 {right.mean():.2%}, sure {sure.mean():.2%}, "
            f"right when sure {right[sure].mean():.2%}, silent {(~right & sure).sum()} "
            f"in {len(right)}"
        )
    size = out.stat().st_size
    print(f"threshold {threshold:.4f}; {out} {size / 1024:.0f} kB")
    print(f"in all {time.perf_counter() - start:.0f} s")
    print(f"(meta in {meta})")


if __name__ == "__main__":
    main()
