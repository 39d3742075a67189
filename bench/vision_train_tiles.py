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

from bench.vision_train import threshold_for  # noqa: E402
from bench.vision_train_dice_centres import Samples, export, targets, train_finder  # noqa: E402
from vision import dice_centres as dc  # noqa: E402
from vision import tile_finder as tf  # noqa: E402
from vision.glyphs import TRAINING_FONTS  # noqa: E402
from vision.learned import letter_net  # noqa: E402
from vision.letter_render import (  # noqa: E402
    LETTERS,
    NOTHING,
    drawn_rack_scene,
    letter_input,
    random_style,
)
from vision.reading import NothingFound  # noqa: E402
from vision.synthetic import TABLES, drawn_letter_rack_photo, table  # noqa: E402
from vision.synthetic import random_style as first_style  # noqa: E402

#: Training photos' widths (4:3).
WIDTHS = (800, 960, 1024, 1152, 1280)
BARE = 0.1
BLANK = 0.1
#: Share of photos cut closer, and how much closer at most.
CLOSER, MOST_ZOOM = 0.35, 3.5

#: Each letter's centre, half height (in a photo's pixels) and letter.
Centres = list[tuple[float, float, float, str]]


def training_photo(
    rng: np.random.Generator, split: str, first_share: float = 0.0
) -> tuple[NDArray[np.uint8], Centres]:
    """A photo of ``split``'s tiles and each letter's (x, y, half height, letter) on it;
    ``first_share`` of them drawn by the first generator (:mod:`vision.synthetic`) in its
    training fonts."""
    width = int(rng.choice(WIDTHS))
    size = (width, width * 3 // 4)
    if rng.random() < BARE:
        return np.clip(table(rng, str(rng.choice(TABLES)), size), 0, 255).astype(np.uint8), []
    count = int(rng.integers(1, 11))
    letters = ["" if rng.random() < BLANK else str(rng.choice(list(LETTERS))) for _ in range(count)]
    if first_share and rng.random() < first_share:  # the first generator, its trained fonts
        text = "".join(c or "A" for c in letters)
        blanks = [i for i, c in enumerate(letters) if not c]
        style = first_style(rng, TRAINING_FONTS)
        photo, drawn = drawn_letter_rack_photo(text, rng, style, blanks=blanks, size=size)
    else:
        photo, drawn = drawn_rack_scene(letters, rng, random_style(rng, split), size)
    centres = [(d.x, d.y, d.height / 2, d.letter) for d in drawn]
    if drawn and rng.random() < CLOSER:
        photo, centres = closer(photo, centres, rng)
    return photo, centres


def working_photo(photo: NDArray[np.uint8], centres: Centres) -> tuple[NDArray[np.uint8], Centres]:
    """The finder's working photo (grey, at most 1024 pixels wide) and the centres on it."""
    gray = dc.working(photo)
    scale = gray.shape[1] / photo.shape[1]
    return gray, [(x * scale, y * scale, r * scale, c) for x, y, r, c in centres]


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
    moved = [((x - x0) * zoom, (y - y0) * zoom, r * zoom, c) for x, y, r, c in centres]
    inside = [c for c in moved if c[2] <= c[0] < w - c[2] and c[2] <= c[1] < h - c[2]]
    return np.asarray(out, np.uint8), inside


def draw_samples(photos: int, seed: int, split: str = "train", first_share: float = 0.0) -> Samples:
    rng = np.random.default_rng(seed)
    samples = Samples([], [], [], [])
    for _ in range(photos):
        gray, centres = working_photo(*training_photo(rng, split, first_share))
        blob, back = dc.finder_input(gray, tf.TUNING.side)
        heat, sizes, mask = targets(blob.shape[2:], [c[:3] for c in centres], 1.0 / back)
        samples.images.append(blob[0, 0])
        samples.heat.append(heat)
        samples.sizes.append(sizes)
        samples.size_mask.append(mask)
    return samples


def check(
    finder: tf.TileFinder, split: str, photos: int, seed: int, tuning: tf.Tuning = tf.TUNING
) -> tuple[str, float]:
    """On ``photos`` rack photos of ``split`` as the benches draw them (1 to 10 tiles, 1024
    × 768): how many letters the finder finds (a peak within
    half a letter's height of its centre) and how many peaks are on no letter; and the
    threshold of "?" the letters read through it give (the rule of
    :func:`bench.vision_train.threshold_for`: at most 1 sure reading in 1,000 wrong; a
    peak on no letter is right read as nothing)."""
    rng = np.random.default_rng(seed)
    net = letter_net()
    letters = found = extra = 0
    confidence: list[float] = []
    right: list[bool] = []
    for _ in range(photos):
        letters_drawn = [str(c) for c in rng.choice(list(LETTERS), int(rng.integers(1, 11)))]
        photo, drawn = drawn_rack_scene(letters_drawn, rng, random_style(rng, split))
        centres = [(d.x, d.y, d.height / 2, d.letter) for d in drawn]
        try:
            seen = tf.seen_row(photo, finder, net, tuning)
        except NothingFound:
            letters += len(centres)
            continue
        row, odds = seen.found, seen.odds
        back = photo.shape[1] / dc.working(photo).shape[1]
        letters += len(centres)
        found += sum(
            any(np.hypot(c.x * back - x, c.y * back - y) < r for c in row) for x, y, r, _ in centres
        )
        for c, o in zip(row, odds, strict=True):
            truth = [
                LETTERS.index(letter)
                for x, y, r, letter in centres
                if np.hypot(c.x * back - x, c.y * back - y) < r
            ]
            extra += not truth
            confidence.append(float(o.max()))
            right.append(int(o.argmax()) == (truth[0] if truth else NOTHING))
    threshold = threshold_for(np.array(confidence, np.float32), np.array(right, bool))
    sure = np.array(confidence) >= threshold
    wrong = int((~np.array(right) & sure).sum())
    return (
        f"{split}: {letters} letters, {found} found ({found / max(1, letters):.2%}), "
        f"{extra} peaks on none; threshold {threshold:.4f}: {sure.mean():.2%} of the row's "
        f"readings sure, {wrong} of them wrong",
        threshold,
    )


#: The windows' sizes over the row's height when training on found letters: the reader's
#: sizes (:attr:`vision.tile_finder.Tuning.sizes`, 0.8 to 1.2) and a little beyond.
FOUND_SIZES = (0.75, 1.25)
#: Windows cut around each found letter, each at its own size drawn in :data:`FOUND_SIZES`.
PER_PEAK = 2


def found_windows(
    rng: np.random.Generator, split: str, count: int
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """``count`` letter windows cut as the tile finder's reader cuts them, and their
    classes: on :func:`training_photo`'s photos of ``split``, the committed finder's row
    (:func:`vision.tile_finder.row_of`), each peak's window at the peak's centre, the
    row's median height times a size drawn in :data:`FOUND_SIZES`, the row's slope
    (:func:`vision.tile_finder.row_geometry`). A peak takes the letter whose centre is
    nearest, within half that letter's height; a peak on no letter is "nothing". The
    letters' network then learns the windows it is really shown on that route (their
    centres and sizes are the finder's, not the ink's)."""
    cv2.setNumThreads(1)  # the machine is shared, as torch's one thread
    finder = tf.tile_finder()
    xs: list[NDArray[np.uint8]] = []
    ys: list[int] = []
    while len(xs) < count:
        photo, centres = training_photo(rng, split)
        gray = dc.working(photo)
        row = tf.row_of(finder.find(gray))
        if not row:
            continue
        full, at, height, angle = tf.row_geometry(photo, gray, row)
        for x, y in at:
            apart = [(float(np.hypot(x - cx, y - cy)), r, c) for cx, cy, r, c in centres]
            near = [(d, c) for d, r, c in apart if d < r]
            label = LETTERS.index(min(near)[1]) if near else NOTHING
            for _ in range(PER_PEAK):
                size = rng.uniform(*FOUND_SIZES)
                xs.append(letter_input(full, (x, y), height * size, angle))
                ys.append(label)
    return np.array(xs[:count], np.uint8), np.array(ys[:count], np.int64)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--photos", type=int, default=3000, help="training photos")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument(
        "--first-share", type=float, default=0.0, help="share of photos by the first generator"
    )
    parser.add_argument(
        "--calibration", type=int, default=600, help="calibration photos (the threshold)"
    )
    parser.add_argument("--held-out", type=int, default=200, help="held-out photos, logged")
    parser.add_argument(
        "--calibrate-only", action="store_true", help="keep the finder, choose its threshold"
    )
    parser.add_argument("--out", type=Path, default=tf.FINDER_ONNX)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    meta_file = args.out.with_suffix(".json")
    if args.calibrate_only:
        meta = json.loads(meta_file.read_text())
    else:
        import torch

        torch.set_num_threads(1)  # the machine is shared
        samples = draw_samples(args.photos, args.seed, first_share=args.first_share)
        print(f"{args.photos} photos drawn in {time.perf_counter() - start:.0f} s", flush=True)
        finder = train_finder(samples, args.epochs, args.seed)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        export(finder, samples.images[0].shape, args.out, True)
        meta = {
            "seed": args.seed,
            "photos": args.photos,
            "epochs": args.epochs,
            "first_share": args.first_share,
        }
        print(f"finder trained, {time.perf_counter() - start:.0f} s", flush=True)
    meta_file.write_text(json.dumps({**meta, "threshold": 1.0}))
    line, threshold = check(
        tf.TileFinder(args.out, meta_file), "calibration", args.calibration, args.seed + 3
    )
    print(line, flush=True)
    meta = {**meta, "threshold": round(threshold, 6), "calibration_photos": args.calibration}
    meta_file.write_text(json.dumps(meta, indent=1) + "\n")
    if args.held_out:  # only measured: its own threshold is printed, never used
        finder_now = tf.TileFinder(args.out, meta_file)
        print(check(finder_now, "held-out", args.held_out, args.seed + 4)[0], flush=True)
    print(f"{args.out} {args.out.stat().st_size / 1024:.0f} kB")
    print(f"in all {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
