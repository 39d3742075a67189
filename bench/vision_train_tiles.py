"""Train the tile finder of :mod:`vision.tile_finder` and write ``vision/data/tile_finder.onnx``
(``make models``).

The dice finder's network and loss (:mod:`bench.vision_train_dice_centres`: a heatmap of
centres, CenterNet's focal loss, and the log of the size there), taught where each tile's
letter is on rack photos of :mod:`vision.letter_render`, *training* families only (trained
font designs in trained colours), 1 to 10 tiles, one in ten blank (a blank tile has no
letter: no peak), a tenth of the photos a bare table; a third of them cut closer (the
holder filling up to the whole photo: players photograph a holder from 30 cm as from a
metre). The letters' network reads the windows the finder gives; the finder decides
nothing but where to look. Seeded, one CPU thread. Needs the ``train`` extra.
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
from collections.abc import Sequence  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from bench.vision_train_dice_centres import Samples, export, targets, train_finder  # noqa: E402
from vision import dice_centres as dc  # noqa: E402
from vision import tile_finder as tf  # noqa: E402
from vision.letter_render import LETTERS, drawn_rack_scene, random_style  # noqa: E402
from vision.synthetic import TABLES, table  # noqa: E402

#: Training photos' widths (4:3).
WIDTHS = (800, 960, 1024, 1152, 1280)
BARE = 0.1
BLANK = 0.1
#: Share of photos cut closer, and how much closer at most.
CLOSER, MOST_ZOOM = 0.35, 3.5

Centres = list[tuple[float, float, float]]


def training_photo(rng: np.random.Generator, split: str) -> tuple[NDArray[np.uint8], Centres]:
    """A grey working photo of ``split``'s tiles and each letter's (x, y, half height)."""
    width = int(rng.choice(WIDTHS))
    size = (width, width * 3 // 4)
    if rng.random() < BARE:
        photo = np.clip(table(rng, str(rng.choice(TABLES)), size), 0, 255).astype(np.uint8)
        return dc.working(photo), []
    count = int(rng.integers(1, 11))
    letters = ["" if rng.random() < BLANK else str(rng.choice(list(LETTERS))) for _ in range(count)]
    photo, drawn = drawn_rack_scene(letters, rng, random_style(rng, split), size)
    centres = [(d.x, d.y, d.height / 2) for d in drawn]
    if drawn and rng.random() < CLOSER:
        photo, centres = closer(photo, centres, rng)
    scale = dc.working(photo).shape[1] / photo.shape[1]
    return dc.working(photo), [(x * scale, y * scale, r * scale) for x, y, r in centres]


def closer(
    photo: NDArray[np.uint8], centres: Centres, rng: np.random.Generator
) -> tuple[NDArray[np.uint8], Centres]:
    """The photo cut closer around its letters (as large as it was), and their centres."""
    h, w = photo.shape[:2]
    xs = np.array([c[0] for c in centres])
    ys = np.array([c[1] for c in centres])
    span = float(xs.max() - xs.min()) + 4 * max(c[2] for c in centres)
    zoom = rng.uniform(1.2, min(MOST_ZOOM, max(1.2, w / span)))
    cw, ch = w / zoom, h / zoom
    low, high = sorted((float(xs.max()) - cw * 0.9, float(xs.min()) - cw * 0.1))
    x0 = float(np.clip(rng.uniform(low, high), 0, w - cw))
    y0 = float(np.clip(ys.mean() - ch * rng.uniform(0.3, 0.7), 0, h - ch))
    affine = np.array([[zoom, 0, -x0 * zoom], [0, zoom, -y0 * zoom]], np.float64)
    out = cv2.warpAffine(photo, affine, (w, h), flags=cv2.INTER_LINEAR)
    moved = [((x - x0) * zoom, (y - y0) * zoom, r * zoom) for x, y, r in centres]
    inside = [c for c in moved if c[2] <= c[0] < w - c[2] and c[2] <= c[1] < h - c[2]]
    return np.asarray(out, np.uint8), inside


def draw_samples(photos: int, seed: int, split: str = "train") -> Samples:
    rng = np.random.default_rng(seed)
    samples = Samples([], [], [], [], [], [])
    for _ in range(photos):
        gray, centres = training_photo(rng, split)
        blob, back = dc.finder_input(gray, tf.TUNING.side)
        heat, sizes, mask = targets(blob.shape[2:], centres, 1.0 / back)
        samples.images.append(blob[0, 0])
        samples.heat.append(heat)
        samples.sizes.append(sizes)
        samples.size_mask.append(mask)
    return samples


def found_rate(finder: Path, split: str, photos: int, seed: int) -> str:
    """How many letters of ``photos`` photos of ``split`` the finder finds (a peak within
    half a letter's height of its centre), and how many peaks are on no letter."""
    net = tf.TileFinder(finder)
    rng = np.random.default_rng(seed)
    letters = found = extra = 0
    for _ in range(photos):
        gray, centres = training_photo(rng, split)
        seen = net.find(gray)
        letters += len(centres)
        near = [
            any(np.hypot(s.x - x, s.y - y) < r for s in seen)  # r: half the height
            for x, y, r in centres
        ]
        found += sum(near)
        extra += sum(all(np.hypot(s.x - x, s.y - y) >= r for x, y, r in centres) for s in seen)
    return (
        f"{split}: {letters} letters, {found} found ({found / max(1, letters):.2%}), {extra} extra"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--photos", type=int, default=3000, help="training photos")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--check", type=int, default=200, help="calibration photos, logged")
    parser.add_argument("--out", type=Path, default=tf.FINDER_ONNX)
    args = parser.parse_args(argv)

    import torch

    torch.set_num_threads(1)  # the machine is shared
    start = time.perf_counter()
    samples = draw_samples(args.photos, args.seed)
    print(f"{args.photos} photos drawn in {time.perf_counter() - start:.0f} s", flush=True)
    finder = train_finder(samples, args.epochs, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    export(finder, samples.images[0].shape, args.out, True)
    meta = {"seed": args.seed, "photos": args.photos, "epochs": args.epochs}
    args.out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n")
    print(f"finder trained, {time.perf_counter() - start:.0f} s", flush=True)
    print(found_rate(args.out, "calibration", args.check, args.seed + 3), flush=True)
    print(f"{args.out} {args.out.stat().st_size / 1024:.0f} kB")
    print(f"in all {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
