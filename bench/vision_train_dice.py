"""Train the dice classifier and write ``vision/data/dice.onnx`` with its meta file
(``make models`` runs it after :mod:`bench.vision_train`).

The dice windows are cut as the reader cuts them (:func:`vision.dice_learned.candidates`
on photos of one or two dice drawn by :mod:`vision.dice_render`, in the *training* style
families only, the letters' trained designs among them (:func:`vision.dice_render.families`
with ``letters``); ``--first-share``: a share of the photos drawn by the first generator,
:func:`vision.synthetic.first_dice_scene`, in the training fonts only, its unseen fonts
left to the bench and the tests; ``--bare-tables``: a share of bare tables;
``--textured``: a share of the photos and bare tables on granite or printed cloth
(:data:`vision.synthetic.TEXTURED_TABLES`; veined stone is the benches' alone; 0, the
committed network's training, by default);
``--letter-shapes``: a share of the renderer's dice whose letters are drawn narrower or
wider, bolder or lighter than their design (:func:`reshaped`: designs never trained on,
condensed ones first, were the ones misread);
``--swapped-shapes``: a share of the dice renderer's dice drawn on the other die's solid,
a consonant on the cube or a vowel on a d20, so that a die's shape tells nothing of its
letter, as on a Boggle cube; the calibration and held-out photos keep the game's): a window
centred on a die's up letter, of its size, is that letter; every other window (a leaning
face's letter, part of a letter, the table) is "nothing" (``--face-negatives``: parts of
the up letter and the windows on the up face that are not its letter too, where the
reader looks for it). The threshold under which a die is "?" is chosen on whole photos
of the *calibration* families (``--first-photos``: and of the first generator in the
training fonts, other seeds, so that it carries across both renderers; ``--unseen-photos``
and ``--unseen-draws``: and of the ``unseen`` split, designs no dice network trains on,
where the network is less sure than on trained designs and a threshold chosen without
them let five times more sure misreads through on designs never seen, docs/vision.md),
as the reader decides (the rule of :func:`bench.vision_train.threshold_for`, on all those
photos pooled and, ``--unseen-alone``, on the ``unseen`` photos alone too;
``--unseen-each``, on each draw of them alone: tried, too strict, docs/vision.md;
``--sure-bound LEVEL``: the rule of :func:`bench.vision_train.bounded_threshold_for`
instead, the goal met with that confidence, not only on the photos seen); the
held-out families are only measured, for the log. Seeded, one CPU thread.

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
from collections.abc import Sequence  # noqa: E402
from dataclasses import replace  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from bench.vision_train import (  # noqa: E402
    bounded_threshold_for,
    cached_windows,
    threshold_for,
)
from vision import dice_centres, dice_learned  # noqa: E402
from vision.camera import Image  # noqa: E402
from vision.dice_render import CLASSES as DICE_CLASSES  # noqa: E402
from vision.dice_render import (  # noqa: E402
    CONSONANTS,
    FRAME,
    NO_LEAN,
    VOWELS,
    DiceStyle,
    DrawnDie,
    Lean,
    dice_scene,
    random_faces,
    table,
)
from vision.dice_render import random_style as dice_style  # noqa: E402
from vision.glyphs import TRAINING_FONTS  # noqa: E402
from vision.synthetic import TABLES as FIRST_TABLES  # noqa: E402
from vision.synthetic import TEXTURED_TABLES, first_dice_scene  # noqa: E402

#: The dice windows: photos of this size, one or two dice each, the d20's radius in
#: pixels drawn in this range (the reader's working photos: 20 to 90).
DICE_PATCH = 384
DICE_RADII = (18.0, 95.0)
#: "Nothing" windows kept per photo at most: near a die (its leaning faces' letters,
#: parts of letters), then anywhere.
DICE_NEGATIVES = (3, 1)
#: Windows cut around each up letter, each turned at random.
DICE_TURNS = 3
#: With ``--bare-tables`` (a share of the photos; 0.15, the committed network's training,
#: by default): photos of a bare table (no die at all), and the "nothing" windows kept on
#: each: half among those that stand out most from the table, half anywhere. A busy table
#: alone must read as no die; the far windows of a photo with dice are few. The tables are
#: the split's (training sees the trained tables only), each drawn anew (colour, grain,
#: pattern), of a drawn size, through the camera or not.
DICE_BARE_NEGATIVES = (3, 3)
DICE_BARE_SIZES = (384, 800)
#: With ``--face-negatives``: "nothing" windows kept per die on its up face (parts of its
#: letter, the letter merged with its face: where the reader looks for the up letter,
#: any window read as another letter there is a rival that lowers the die's confidence).
DICE_FACE_NEGATIVES = 2
#: A window centred on the up letter is a part of it below the first of these times the
#: letter's size, the letter merged with its face above the second; "nothing" (with
#: ``--face-negatives``); between them and not the letter's own size, left out.
DICE_PIECE = (0.45, 2.2)
#: With ``--first-share``: the first generator's photos, this many pixels wide (its dice
#: are 7% to 10% of the width: 28 to 100 px), and the "nothing" windows kept on each: per
#: die on its up face, per die near it (three leaning faces' letters each), on the table.
DICE_FIRST_WIDTHS = (400, 1025)
DICE_FIRST_NEGATIVES = (1, 2, 2)
#: With ``--grey-mix``: the gamma of :func:`mixed_grey`, drawn log-uniformly in this range.
GREY_GAMMA = (0.6, 1.6)


def bare_windows(
    split: str, rng: np.random.Generator, textured: str | None = None
) -> list[NDArray[np.uint8]]:
    """The "nothing" windows cut by the reader's candidate finder on a photo of a bare table
    of ``split`` (``textured``: that textured top instead of the style's table), as
    :func:`dice_windows` keeps them (:data:`DICE_BARE_NEGATIVES`)."""
    style = dice_style(rng, split, letters=True)
    if textured:
        style = replace(style, table=textured)
    width = int(rng.integers(*DICE_BARE_SIZES))
    size = (width, int(width * rng.uniform(0.6, 1.0)))
    if rng.random() < 0.5:
        photo, _ = dice_scene("", rng, style, size)
    else:
        photo = np.clip(table(rng, style.table, size), 0, 255).astype(np.uint8)
    gray = dice_centres.working(photo)
    boxes = dice_learned.candidates(gray)
    top, anywhere = DICE_BARE_NEGATIVES
    first = rng.permutation(min(len(boxes), 20))[:top].tolist()
    rest = [i for i in rng.permutation(len(boxes)).tolist() if i not in first][:anywhere]
    return [dice_learned.window(gray, boxes[i], turn=rng.uniform(0, 360)) for i in first + rest]


def dice_windows(
    split: str,
    count: int,
    seed: int,
    *,
    bare: float = 0.0,
    first: float = 0.0,
    face_negatives: bool = False,
    grey_mix: float = 0.0,
    swapped_shapes: float = 0.0,
    letter_shapes: float = 0.0,
    stretches: tuple[float, float] | None = None,
    tops: list[tuple[NDArray[np.uint8], float]] | None = None,
    lean: Lean = NO_LEAN,
    textured: float = 0.0,
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """About ``count`` dice windows of ``split`` and their classes
    (:data:`vision.dice_render.CLASSES`, then "nothing"); ``bare``: the share of photos
    of a bare table (:func:`bare_windows`); ``first``: the share of photos drawn by the
    first generator (:func:`first_photo`); ``face_negatives``: windows on an up face that
    are not its letter (parts of it, it merged with its face) are "nothing" too
    (:func:`labelled_windows`); ``grey_mix``: the share of the dice photos made grey by
    :func:`mixed_grey` rather than as the reader does (its own random numbers: the
    photos drawn are the same); ``swapped_shapes``: the share of the dice renderer's dice
    drawn in the other die's solid, a d20 showing a vowel or a cube a consonant (its own
    random numbers; 0.5: a die's shape says nothing of its letter, which the network
    must then read; the game's dice, and so the calibration and held-out photos, always
    have the game's shapes); ``letter_shapes``: the share of the dice renderer's photos
    whose letters are drawn narrower or wider and bolder or lighter than their design
    (:func:`reshaped`, widths drawn in ``stretches``; its own random numbers);
    ``tops``: the d20's letters are cut upright, and a window of each at any angle with
    its top's angle is added to ``tops`` (:func:`labelled_windows`); ``lean``: the share
    of the dice renderer's photos seen by a camera leaning away from overhead, and how
    far (:class:`Lean`; its own random numbers); ``textured``: the share of the dice
    renderer's photos and of the bare tables drawn on a textured top the networks may be
    taught (:data:`vision.synthetic.TEXTURED_TABLES`, granite and printed cloth; veined
    stone stays the benches'; its own random numbers)."""
    rng = np.random.default_rng(seed)
    tops_drawn = np.random.default_rng(seed + 5000)
    leaning = np.random.default_rng(seed + 4000)
    reshape = np.random.default_rng(seed + 3000)
    looks = np.random.default_rng(seed + 1000)
    shapes = np.random.default_rng(seed + 2000)
    xs: list[NDArray[np.uint8]] = []
    ys: list[int] = []
    nothing = len(DICE_CLASSES)
    while len(xs) < count:
        top = None
        if textured and tops_drawn.random() < textured:
            top = str(tops_drawn.choice(TEXTURED_TABLES))
        if bare and rng.random() < bare:
            table_only = bare_windows(split, rng, top)
            xs += table_only
            ys += [nothing] * len(table_only)
            continue
        if first and rng.random() < first:
            photo, drawn = first_photo(split, rng)
            per_die = DICE_FIRST_NEGATIVES
            keep = (per_die[0] * len(drawn), per_die[1] * len(drawn), per_die[2])
        else:
            style = dice_style(rng, split, letters=True)
            if letter_shapes and reshape.random() < letter_shapes:
                style = reshaped(style, reshape, stretches or STRETCHES)
            if top:
                style = replace(style, table=top)
            radius = rng.uniform(*DICE_RADII)
            dice = 1 if radius > 60 or rng.random() < 0.4 else 2
            faces = random_faces(rng, True)
            faces = "".join(rng.choice(list(faces), dice, replace=False))
            size = (DICE_PATCH, DICE_PATCH)
            band = (radius / DICE_PATCH, radius / DICE_PATCH)
            cubes = None
            if swapped_shapes:
                cubes = [(f in VOWELS) != (shapes.random() < swapped_shapes) for f in faces]
            view = lean.view(leaning, size, FRAME)
            photo, drawn = dice_scene(faces, rng, style, size, band, cubes=cubes, view=view)
            keep = (DICE_FACE_NEGATIVES * len(drawn), *DICE_NEGATIVES)
        gray = mixed_grey(photo, looks) if looks.random() < grey_mix else None
        windows, labels = labelled_windows(
            dice_centres.working(photo) if gray is None else gray,
            drawn,
            rng,
            keep,
            face_negatives,
            tops=tops,
        )
        xs += windows
        ys += labels
    return np.array(xs[:count], np.uint8), np.array(ys[:count], np.int64)


#: The letters' widths over their design's drawn by :func:`reshaped` by default (a
#: log-uniform range): from a condensed design's to an extended one's. Most designs
#: draw an O about as wide as tall, condensed display cuts about half as wide: at 0.65
#: (the first range) their O was still read U (docs/vision.md).
STRETCHES = (0.45, 1.4)
#: Their strokes grown on each side by this share of their height (a uniform range):
#: from a light design's to a heavy one's.
WEIGHTS = (-0.025, 0.05)


def reshaped(
    style: DiceStyle, rng: np.random.Generator, stretches: tuple[float, float] = STRETCHES
) -> DiceStyle:
    """``style`` with its letters drawn narrower or wider (``stretches``) and
    bolder or lighter (:data:`WEIGHTS`) than their design, on a coarse grid (the
    glyphs drawn are cached): the designs a player's dice use are not all among those
    trained on, and the ones misread most were condensed (docs/vision.md)."""
    stretch = float(np.exp(rng.uniform(*np.log(stretches))))
    weight = float(rng.uniform(*WEIGHTS))
    return replace(style, stretch=round(stretch * 20) / 20, weight=round(weight * 200) / 200)


def mixed_grey(photo: Image, rng: np.random.Generator) -> NDArray[np.uint8]:
    """``photo`` at the reader's working size, made grey by a random mix of its three
    colour channels (weights drawn uniformly on the simplex) and a random gamma
    (:data:`GREY_GAMMA`): the grey contrast between a die's ink, its body and the table
    is what the network sees, and colours it was never trained on (the held-out schemes)
    give contrasts the standard grey of the trained ones does not."""
    if photo.ndim == 2:
        return dice_centres.working(photo)
    photo = dice_centres.scaled(photo)
    weights = rng.dirichlet(np.ones(3)).astype(np.float32)
    grey = photo.astype(np.float32) @ weights / 255.0
    grey = grey ** float(np.exp(rng.uniform(*np.log(GREY_GAMMA))))
    return np.asarray(np.clip(grey * 255.0 + 0.5, 0, 255), np.uint8)


def first_photo(split: str, rng: np.random.Generator) -> tuple[Image, list[DrawnDie]]:
    """A photo of the first generator (:func:`vision.synthetic.first_dice_scene`: its
    perspective view, squashed leaning letters, lamp highlights) and its dice as drawn:
    three d20 and the vowel cube on three in four, in a training font (its unseen fonts
    are the bench's and the tests'; *calibration* draws the training fonts too, from
    other seeds: this renderer has no colour families to hold out), on any of its
    tables, :data:`DICE_FIRST_WIDTHS` wide (the dice 7% to 10% of the width)."""
    faces = random_faces(rng, rng.random() < 0.75)
    font = str(rng.choice(TRAINING_FONTS))
    width = int(rng.integers(*DICE_FIRST_WIDTHS))
    kind = str(rng.choice(FIRST_TABLES))
    return first_dice_scene(faces, rng, font, kind, (width, width * 3 // 4))


#: The upright classifier's windows are cut within this many degrees of upright (the
#: top finder's errors on designs never trained: 99% within 5).
UPRIGHT_JITTER = 7.0


def upright_turn(die: DrawnDie, rng: np.random.Generator) -> float:
    """A turn (degrees, :func:`vision.dice_learned.window`'s) that stands a d20's up
    letter upright, or a third of a turn off (it could stand on any edge of its face),
    within :data:`UPRIGHT_JITTER`."""
    third = int(rng.integers(3))
    return 90.0 - die.top_angle + 120.0 * third + rng.uniform(-UPRIGHT_JITTER, UPRIGHT_JITTER)


def labelled_windows(
    gray: NDArray[np.uint8],
    drawn: Sequence[DrawnDie],
    rng: np.random.Generator,
    keep: tuple[int, int, int],
    face_negatives: bool = False,
    *,
    tops: list[tuple[NDArray[np.uint8], float]] | None = None,
) -> tuple[list[NDArray[np.uint8]], list[int]]:
    """The windows the reader's candidate finder cuts on ``gray`` and their classes: a
    window centred on a die's up letter, of its size, is that letter (cut
    :data:`DICE_TURNS` times, turned at random); any other is "nothing", of which at
    most ``keep`` are kept: on an up face (only with ``face_negatives``: within
    :attr:`vision.dice_learned.Tuning.up_face` of the die's radius of its up face's
    centre, where the reader looks for the letter, or a part of the letter
    (:data:`DICE_PIECE`) or the letter merged with its face), near a die (its leaning
    faces' letters), anywhere. Without ``face_negatives`` a window near the up letter's
    centre that is not it is left out (neither), as the networks before were trained.
    With ``tops`` (the upright classifier's and the top finder's windows), a d20's up
    letter is cut :data:`DICE_TURNS` times stood upright (:func:`upright_turn`), and
    once at any angle, added to ``tops`` with where its top then points (degrees,
    :meth:`vision.dice_learned.DiceNet.tops`)."""
    nothing = len(DICE_CLASSES)
    up_face = dice_learned.TUNING.up_face
    xs: list[NDArray[np.uint8]] = []
    ys: list[int] = []
    face: list[int] = []
    near: list[int] = []
    far: list[int] = []
    for x, y, w, h in dice_learned.candidates(gray):
        centre = np.array([x + w / 2, y + h / 2])
        label, close, on_face = nothing, False, False
        shown: DrawnDie | None = None
        for die in drawn:
            off = float(np.hypot(*(centre - die.centre)))
            ratio = max(w, h) / die.size
            if off < 0.3 * die.size and 0.6 <= ratio <= 1.6:
                label, shown = DICE_CLASSES.index(die.face), die
            elif off < 0.5 * die.size:
                piece = ratio < DICE_PIECE[0] or ratio > DICE_PIECE[1]
                label = nothing if face_negatives and piece else -1
                on_face = True
            if face_negatives and np.hypot(*(centre - die.up)) < up_face * die.radius:
                on_face = True
            close = close or off < 2.5 * die.size
        if label == -1:
            continue
        box = (x, y, w, h)
        if label == nothing:
            (face if on_face else near if close else far).append(len(xs))
            xs.append(dice_learned.window(gray, box, turn=rng.uniform(0, 360)))
            ys.append(label)
            continue
        # An up letter is seen again turned: the die spun on the table.
        if tops is None:
            rng.uniform(0, 360)  # the networks before drew a turn they did not use
            turns = rng.uniform(0, 360, DICE_TURNS).tolist()
        elif shown is not None and shown.face in CONSONANTS:
            turns = [upright_turn(shown, rng) for _ in range(DICE_TURNS)]
            turn = rng.uniform(0, 360)
            tops.append((dice_learned.window(gray, box, turn=turn), shown.top_angle + turn))
        else:
            turns = rng.uniform(0, 360, DICE_TURNS).tolist()
        for turn in turns:
            xs.append(dice_learned.window(gray, box, turn=turn))
            ys.append(label)
    # Keep a few of the "nothing" windows: the hard ones (on an up face, near a die) first.
    drop: set[int] = set()
    pools = ((face, near, far), keep) if face_negatives else ((near, far), keep[1:])
    for pool, most in zip(*pools, strict=True):
        kept = set(rng.permutation(len(pool))[:most].tolist())
        drop |= {pool[k] for k in range(len(pool)) if k not in kept}
    return [x for i, x in enumerate(xs) if i not in drop], [
        y for i, y in enumerate(ys) if i not in drop
    ]


def _fit(
    model: object,
    inputs: object,
    labels: object,
    *,
    epochs: int,
    seed: int,
    lr: float = 3e-3,
    smoothing: float = 0.05,
) -> None:
    """Train ``model`` (a torch module) on standardised ``inputs`` with ``labels``."""
    import torch
    from torch import nn

    assert isinstance(model, nn.Module)
    assert isinstance(inputs, torch.Tensor) and isinstance(labels, torch.Tensor)
    optimiser = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    steps = epochs * (-(-len(inputs) // 128))
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=lr, total_steps=steps)
    loss_of = nn.CrossEntropyLoss(label_smoothing=smoothing)
    shuffler = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(inputs), generator=shuffler)
        total = 0.0
        for first in range(0, len(order), 128):
            batch = order[first : first + 128]
            optimiser.zero_grad()
            loss = loss_of(model(inputs[batch]), labels[batch])
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(batch)
        print(f"epoch {epoch + 1}: loss {total / len(inputs):.4f}", flush=True)
    model.eval()


def _export(model: object, shape: tuple[int, int], out: Path, channels: int = 1) -> None:
    import torch

    assert isinstance(model, torch.nn.Module)
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        model,
        (torch.zeros(1, channels, *shape),),
        str(out),
        input_names=["window"],
        output_names=["logits"],
        dynamic_axes={"window": {0: "n"}, "logits": {0: "n"}},
        opset_version=13,
        dynamo=False,
    )


def _cnn(
    shape: tuple[int, int],
    classes: int,
    pools: int,
    widths: Sequence[int] = (16, 32, 64, 64),
    channels: int = 1,
) -> object:
    """Conv blocks (3×3, batch norm, ReLU), ``pools`` of them halving the window, one
    more, then a linear layer over ``classes``."""
    from torch import nn

    layers: list[nn.Module] = []
    previous = channels
    for i, width in enumerate(widths):
        layers += [nn.Conv2d(previous, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU()]
        if i < pools:
            layers.append(nn.MaxPool2d(2))
        previous = width
    cells = (shape[0] >> pools) * (shape[1] >> pools)
    return nn.Sequential(
        *layers, nn.Flatten(), nn.Dropout(0.2), nn.Linear(previous * cells, classes)
    )


def dice_decisions(
    net: dice_learned.DiceNet,
    split: str,
    photos: int,
    seed: int,
    first: bool = False,
    *,
    lean: Lean = NO_LEAN,
    finder: dice_centres.DiceNets | None = None,
) -> tuple[NDArray[np.bool_], NDArray[np.float32]]:
    """The reader's decisions on ``photos`` whole photos of ``split`` (three d20, and the
    vowel die on three in four; ``first``: drawn by the first generator,
    :func:`first_photo`): for each die it picks (:func:`dice_learned.picked`), whether
    its letter is right (a die picked where there is none is wrong) and its confidence.
    The threshold is chosen on these, as the reader decides. ``lean``: as
    :func:`dice_windows`' (whole photos); ``finder``: other die finder networks than the
    committed ones."""
    rng = np.random.default_rng(seed)
    leaning = np.random.default_rng(seed + 4000)
    right: list[bool] = []
    conf: list[float] = []
    for _ in range(photos):
        if first:
            photo, drawn = first_photo(split, rng)
            faces = "".join(d.face for d in drawn)
        else:
            faces = random_faces(rng, rng.random() < 0.75)
            style = dice_style(rng, split, letters=True)
            view = lean.view(leaning, (1024, 768))
            photo, drawn = dice_scene(faces, rng, style, view=view)
        seen = dice_learned.seen_dice(dice_centres.working(photo), net, finder=finder)
        # The reader is told whether the vowel die is in play, as the referee is.
        for die in dice_learned.picked(seen, vowel_die=len(faces) == 4):
            x, y, w, h = die.box
            centre = np.array([x + w / 2, y + h / 2])
            truth = [d.face for d in drawn if np.hypot(*(centre - d.centre)) < d.size]
            right.append(bool(truth) and truth[0] == die.letter)
            conf.append(die.confidence)
    return np.array(right, bool), np.array(conf, np.float32)


def train_dice(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    out = args.dice_out
    meta = out.with_suffix(".json")
    shape = (dice_learned.INPUT, dice_learned.INPUT)
    if not args.calibrate_only:
        _train_dice_net(args, shape, out)
    meta.write_text(json.dumps({"threshold": 1.0}))
    net = dice_learned.DiceNet(out, meta)
    finder = dice_centres.DiceNets.in_folder(args.finder) if args.finder else None

    def decide(
        split: str, photos: int, seed: int, first: bool = False
    ) -> tuple[NDArray[np.bool_], NDArray[np.float32]]:
        """:func:`dice_decisions`, the photos leaning as the training's do (the reader
        meets such photos; the first generator's never lean)."""
        return dice_decisions(net, split, photos, seed, first, lean=lean_of(args), finder=finder)

    report = {"calibration photos": decide("calibration", args.dice_photos, args.seed + 3)}
    if args.held_out_photos:
        report["held-out photos"] = decide("held-out", args.held_out_photos, args.seed + 4)
    calibration = [report["calibration photos"]]
    if args.first_photos:
        first = decide("calibration", args.first_photos, args.seed + 5, first=True)
        report["first generator calibration photos"] = first
        calibration.append(first)
    # Designs no dice network trains on (the letters' held-out designs): a player's dice
    # are of a design never trained on, where the network is less sure than on the
    # calibration families (docs/vision.md). Two draws, seeds seed + 3 and seed + 13.
    never_trained = []
    for k in range(args.unseen_draws):
        unseen = decide("unseen", args.unseen_photos, args.seed + 3 + 10 * k)
        report[f"unseen designs' photos, draw {k + 1}"] = unseen
        never_trained.append(unseen)
    calibration += never_trained

    def rule_on(decisions: list[tuple[NDArray[np.bool_], NDArray[np.float32]]]) -> float:
        """:func:`bench.vision_train.threshold_for` on ``decisions`` pooled (``--sure-bound``:
        :func:`bench.vision_train.bounded_threshold_for` at that level)."""
        right = np.concatenate([r for r, _ in decisions])
        confidence = np.concatenate([c for _, c in decisions])
        if args.sure_bound:
            return bounded_threshold_for(confidence, right, args.sure_bound)
        return threshold_for(confidence, right)

    threshold = rule_on(calibration)
    if never_trained and args.unseen_alone:
        # A player's dice are of a design never trained on: the rule holds on those
        # photos alone too, not only diluted among the trained designs' (docs/vision.md).
        threshold = max(threshold, rule_on(never_trained))
    if args.unseen_each:
        # A player's dice are one design, not the average of many: the rule holds on
        # each draw of unseen designs alone too, so that a draw whose designs the network
        # is sure and wrong on is not hidden among the others (docs/vision.md).
        threshold = max([threshold, *(rule_on([draw]) for draw in never_trained)])
    meta.write_text(
        json.dumps(
            {
                "threshold": round(threshold, 6),
                "seed": args.seed,
                "train_windows": args.dice_train,
                "epochs": args.dice_epochs,
                "bare_tables": args.bare_tables,
                "first_generator_share": args.first_share,
                "face_negatives": args.face_negatives,
                "grey_mix": args.grey_mix,
                "swapped_shapes": args.swapped_shapes,
                "letter_shapes": args.letter_shapes,
                "textured": args.textured,
                "narrowest": args.narrowest,
                "label_smoothing": args.label_smoothing,
                "widths": list(args.widths),
                "calibration_photos": args.dice_photos,
                "first_generator_calibration_photos": args.first_photos,
                "unseen_calibration_photos": [args.unseen_photos] * args.unseen_draws,
                "unseen_alone": args.unseen_alone,
                **({"unseen_each": True} if args.unseen_each else {}),
                **({"sure_bound": args.sure_bound} if args.sure_bound else {}),
                **lean_meta(args),
                "d20_read_upright": net.stood is not None,
                "classes": DICE_CLASSES + " then nothing",
                "input": list(shape),
            },
            indent=1,
        )
        + "\n"
    )
    _print_report(report, threshold, out, start)


def add_lean_options(parser: argparse.ArgumentParser) -> None:
    """The training scripts' ``--lean`` and ``--lean-share`` (:class:`Lean`)."""
    parser.add_argument(
        "--lean",
        type=float,
        default=0.0,
        help="photos seen by a camera leaning up to this many degrees from overhead "
        "(0: all from above, as the committed networks were trained)",
    )
    parser.add_argument(
        "--lean-share", type=float, default=0.5, help="the share of photos that lean (--lean)"
    )


def lean_of(args: argparse.Namespace) -> Lean:
    """The :class:`Lean` of :func:`add_lean_options`' options."""
    return Lean(args.lean_share, float(np.radians(args.lean))) if args.lean else NO_LEAN


def lean_meta(args: argparse.Namespace) -> dict[str, float]:
    """The lean a network was trained with, for its .json (nothing where none)."""
    return {"lean_degrees": args.lean, "lean_share": args.lean_share} if args.lean else {}


def _train_dice_net(args: argparse.Namespace, shape: tuple[int, int], out: Path) -> None:
    import torch

    start = time.perf_counter()

    def draw() -> dict[str, NDArray[Any]]:
        x, y = dice_windows(
            "train",
            args.dice_train,
            args.seed,
            bare=args.bare_tables,
            first=args.first_share,
            face_negatives=args.face_negatives,
            grey_mix=args.grey_mix,
            swapped_shapes=args.swapped_shapes,
            letter_shapes=args.letter_shapes,
            stretches=(args.narrowest, STRETCHES[1]),
            lean=lean_of(args),
            textured=args.textured,
        )
        return {"x": x, "y": y}

    drawn = cached_windows(args.windows_cache, draw)
    x_train, y_train = drawn["x"], drawn["y"]
    nothing = len(DICE_CLASSES)
    print(
        f"dice windows drawn in {time.perf_counter() - start:.0f} s "
        f"({(y_train != nothing).mean():.0%} up letters)",
        flush=True,
    )
    torch.manual_seed(args.seed)
    model = _cnn(shape, nothing + 1, 3, tuple(args.widths), channels=2)
    inputs = torch.from_numpy(dice_learned.standardised(x_train))
    _fit(
        model,
        inputs,
        torch.from_numpy(y_train),
        epochs=args.dice_epochs,
        seed=args.seed,
        smoothing=args.label_smoothing,
    )
    _export(model, shape, out, channels=2)


def _print_report(
    report: dict[str, tuple[NDArray[np.bool_], NDArray[np.float32]]],
    threshold: float,
    out: Path,
    start: float,
) -> None:
    for name, (right, conf) in report.items():
        sure = conf >= threshold
        print(
            f"{name}: top-1 {right.mean():.2%}, sure {sure.mean():.2%}, "
            f"right when sure {right[sure].mean():.2%}, silent {(~right & sure).sum()} "
            f"in {len(right)}"
        )
    size = out.stat().st_size
    print(f"threshold {threshold:.4f}; {out} {size / 1024:.0f} kB")
    print(f"in all {time.perf_counter() - start:.0f} s", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--dice-train", type=int, default=300000, help="dice training windows")
    parser.add_argument("--dice-epochs", type=int, default=20)
    parser.add_argument(
        "--bare-tables", type=float, default=0.15, help="share of photos of a bare table"
    )
    parser.add_argument(
        "--first-share", type=float, default=0.2, help="share of photos by the first generator"
    )
    parser.add_argument(
        "--face-negatives",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="parts of up letters are nothing",
    )
    parser.add_argument(
        "--grey-mix", type=float, default=0.0, help="share of photos grey by a random mix"
    )
    parser.add_argument(
        "--swapped-shapes",
        type=float,
        default=0.0,
        help="share of the training dice in the other solid (a d20 vowel, a cube consonant)",
    )
    parser.add_argument(
        "--letter-shapes",
        type=float,
        default=0.5,
        help="share of the training dice whose letters are drawn narrower or wider, "
        "bolder or lighter than their design",
    )
    parser.add_argument(
        "--narrowest",
        type=float,
        default=STRETCHES[0],
        help="the narrowest reshaped letters' width over their design's",
    )
    parser.add_argument(
        "--textured",
        type=float,
        default=0.0,
        help="share of the training photos and bare tables on granite or printed cloth",
    )
    parser.add_argument("--label-smoothing", type=float, default=0.05)
    parser.add_argument(
        "--widths", type=int, nargs=4, default=[16, 32, 64, 128], help="conv blocks' channels"
    )
    parser.add_argument(
        "--held-out-photos", type=int, default=800, help="held-out photos (the log only; 0: none)"
    )
    parser.add_argument("--dice-photos", type=int, default=800, help="dice calibration photos")
    parser.add_argument(
        "--first-photos", type=int, default=400, help="first generator's calibration photos"
    )
    parser.add_argument(
        "--unseen-photos", type=int, default=800, help="photos of designs never trained, per draw"
    )
    parser.add_argument(
        "--unseen-draws", type=int, default=2, help="(0: the threshold without them)"
    )
    parser.add_argument(
        "--calibrate-only", action="store_true", help="keep the network, choose its threshold"
    )
    parser.add_argument(
        "--windows-cache",
        type=Path,
        help="an .npz of the drawn windows: read if it exists, else written (trying "
        "trainings on the same windows; its drawing options are not checked)",
    )
    parser.add_argument(
        "--unseen-alone",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the threshold's rule holds on the unseen designs' photos alone too",
    )
    parser.add_argument(
        "--unseen-each",
        action="store_true",
        help="the threshold's rule holds on each draw of unseen designs alone too",
    )
    parser.add_argument(
        "--sure-bound",
        type=float,
        default=0.0,
        help="the threshold's rule asks the goal to hold with this confidence (e.g. 0.9: "
        "a binomial upper bound; 0: the goal met on the photos seen)",
    )
    parser.add_argument("--dice-out", type=Path, default=dice_learned.DICE_ONNX)
    add_lean_options(parser)
    parser.add_argument(
        "--finder",
        type=Path,
        help="a folder of die finder networks the threshold's photos are read with "
        "(default: the committed ones)",
    )
    args = parser.parse_args(argv)

    import torch

    torch.set_num_threads(1)  # the machine is shared
    train_dice(args)


if __name__ == "__main__":
    main()
