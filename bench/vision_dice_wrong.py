"""The dice reader's most confident wrong readings on the threshold's calibration photos.

    .venv/bin/python bench/vision_dice_wrong.py [--dice-photos 800] [--first-photos 400]

The photos are those ``bench/vision_train_dice.py`` chooses its threshold on (the same
seeds, the same draws): the dice renderer's calibration families, then the first
generator in the training fonts. Each die the reader picks (:func:`vision.dice_learned.
picked`) is right, wrong, or picked where no die's up letter is (none within a letter's
height, as the script scores it: a leaning face's letter kept where the finder's centre
was off, or a mark read as a die). The threshold's rule stops at the first wrong
readings among the most confident, so these say what sets it; the script's rule is also
applied without the dice picked where there is none (a bound: what rejecting them
could give at most). Calibration photos only: never the held-out families.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (its numbers.py would
# shadow the standard library's): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import numpy as np  # noqa: E402

from bench.vision_train import threshold_for  # noqa: E402
from bench.vision_train_dice import first_photo  # noqa: E402
from vision import dice_centres, dice_learned  # noqa: E402
from vision.dice_render import dice_scene, random_faces  # noqa: E402
from vision.dice_render import random_style as dice_style  # noqa: E402

#: The training script's seed and its offsets for the two calibration sets.
SEED = 23
DICE_SEED, FIRST_SEED = SEED + 3, SEED + 5


@dataclass(frozen=True)
class Picked:
    """A die the reader picked, and what was drawn there."""

    set: str
    faces: str
    die: dice_learned.SeenDie
    truth: str | None
    """The drawn up letter within a letter's height of the die's letter (None: none)."""
    nearest: float
    """The distance to the nearest drawn up letter, in its letter heights."""

    @property
    def right(self) -> bool:
        return self.truth == self.die.letter


def picked_dice(name: str, photos: int, seed: int, first: bool) -> list[Picked]:
    """The dice picked on ``photos`` calibration photos, as the training script draws
    and scores them (:func:`bench.vision_train_dice.dice_decisions`)."""
    rng = np.random.default_rng(seed)
    out: list[Picked] = []
    for _ in range(photos):
        if first:
            photo, drawn = first_photo("calibration", rng)
            faces = "".join(d.face for d in drawn)
        else:
            faces = random_faces(rng, rng.random() < 0.75)
            photo, drawn = dice_scene(faces, rng, dice_style(rng, "calibration"))
        seen = dice_learned.seen_dice(dice_centres.working(photo))
        for die in dice_learned.picked(seen, vowel_die=len(faces) == 4):
            x, y, w, h = die.box
            centre = np.array([x + w / 2, y + h / 2])
            off = [float(np.hypot(*(centre - d.centre)) / d.size) for d in drawn]
            truth = [d.face for d, o in zip(drawn, off, strict=True) if o < 1.0]
            out.append(Picked(name, faces, die, truth[0] if truth else None, min(off)))
    return out


def sure_share(dice: Sequence[Picked]) -> tuple[float, float, int]:
    """The script's threshold on ``dice``, the share sure, the wrong ones sure."""
    conf = np.array([p.die.confidence for p in dice], np.float32)
    right = np.array([p.right for p in dice], bool)
    threshold = threshold_for(conf, right)
    sure = conf >= threshold
    return threshold, float(sure.mean()), int((sure & ~right).sum())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dice-photos", type=int, default=800)
    parser.add_argument("--first-photos", type=int, default=400)
    parser.add_argument("--top", type=int, default=12, help="wrong readings listed")
    args = parser.parse_args(argv)
    dice = picked_dice("dice renderer", args.dice_photos, DICE_SEED, first=False)
    dice += picked_dice("first generator", args.first_photos, FIRST_SEED, first=True)
    threshold, sure, wrong = sure_share(dice)
    right = np.mean([p.right for p in dice])
    print(f"{len(dice)} dice picked, {right:.2%} right; threshold {threshold:.4f}: ", end="")
    print(f"{sure:.2%} sure, {wrong} wrong in the sure")
    found = [p for p in dice if p.truth is not None]
    threshold, sure, wrong = sure_share(found)
    print(f"without the {len(dice) - len(found)} picked where there is none: ", end="")
    print(f"threshold {threshold:.4f}, {sure:.2%} sure, {wrong} wrong in the sure")
    print("| confidence | set | read | drawn | letter probability | rival | up | faces |")
    print("|---|---|---|---|---|---|---|---|")
    wrongs = sorted((p for p in dice if not p.right), key=lambda p: -p.die.confidence)
    for p in wrongs[: args.top]:
        drawn = p.truth or f"none ({p.nearest:.2f} letter heights off)"
        d = p.die
        print(
            f"| {d.confidence:.3f} | {p.set} | {d.letter} | {drawn} | "
            f"{d.letter_probability:.2f} | {d.rival:.2f} | {d.up:.2f} | {p.faces} |"
        )


if __name__ == "__main__":
    main()
