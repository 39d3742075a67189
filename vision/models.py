"""Where the glyph models live: trained at first use, cached and calibrated in the data dir.

The base model of an alphabet is learned from synthetic glyphs of the training fonts
plus marks found on photos of empty synthetic tables (its "not a glyph" class), in a few
seconds, then cached as ``models/glyphs-KEY.npz`` in the data directory. What
``arbitre calibrate`` learns from the user's own tiles is stored beside it in
``calibration/glyphs.npz``, as normalised glyphs (not features, so that it outlives a
change of features), and given to the base model of every alphabet it concerns as its
second opinion (:meth:`vision.glyphs.GlyphModel.with_own`).

The data directory is ``--data-dir``, else ``ARBITRE_DATA_DIR``, else the user's data
directory as platformdirs names it (``~/.local/share/arbitre`` on Linux).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from vision.datadir import data_dir
from vision.glyphs import TRAINING_FONTS, GlyphModel, Mask, features, train
from vision.reading import find_marks
from vision.synthetic import TABLES, table

#: Bumped whenever rendering, normalisation, features or negatives change.
MODEL_VERSION = 6

#: Seeds of the empty tables the negatives are mined from (the tests use other seeds).
NEGATIVE_SEEDS = range(1000, 1012)


def negatives() -> list[Mask]:
    """Marks found on empty tables of every kind: what a glyph is not."""
    marks: list[Mask] = []
    for seed in NEGATIVE_SEEDS:
        rng = np.random.default_rng(seed)
        kind = TABLES[seed % len(TABLES)]
        surface = np.clip(table(rng, kind, (1024, 768)), 0, 255).astype(np.uint8)
        gray = surface.mean(axis=2).astype(np.uint8)
        marks.extend(m.mask for m in find_marks(gray))
    return marks


def save_rows(path: Path, labels: Sequence[str], rows: NDArray[np.generic]) -> None:
    """Store labelled rows (a model's vectors, a calibration's glyphs) in one ``.npz``
    file, atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part.npz")
    np.savez_compressed(partial, labels=np.array(labels), rows=rows)
    partial.replace(path)


def load_rows(path: Path) -> tuple[tuple[str, ...], NDArray[np.generic]] | None:
    """Labelled rows stored by :func:`save_rows`, or ``None`` if absent or unreadable."""
    try:
        with np.load(path) as data:
            return tuple(str(x) for x in data["labels"]), np.asarray(data["rows"])
    except (OSError, KeyError, ValueError):
        return None


def calibration_file(folder: Path) -> Path:
    """The glyphs learned from the user's photos (every kind in one file)."""
    return folder / "calibration" / "glyphs.npz"


def _cache_file(alphabet: str, folder: Path) -> Path:
    text = f"{MODEL_VERSION}|{alphabet}|{','.join(TRAINING_FONTS)}"
    return folder / "models" / f"glyphs-{hashlib.sha1(text.encode()).hexdigest()[:12]}.npz"


def base_model(alphabet: str, folder: Path | None = None) -> GlyphModel:
    """The model of ``alphabet`` without calibration, trained once then read from cache."""
    cache_file = _cache_file(alphabet, data_dir(folder))
    rows = load_rows(cache_file)
    if rows is not None:
        return GlyphModel(rows[0], np.asarray(rows[1], np.float32))
    model = train(alphabet, negatives=negatives())
    # A read-only data directory only costs the training time at the next run.
    with contextlib.suppress(OSError):
        save_rows(cache_file, model.labels, model.vectors)
    return model


_MODELS: dict[tuple[str, Path], GlyphModel] = {}


def model_for(alphabet: str, folder: Path | None = None) -> GlyphModel:
    """The base model of ``alphabet`` plus the calibration stored in the data directory:
    the user's glyphs (of the tiles, labelled with their plain letter) as a second opinion
    (:meth:`GlyphModel.with_own`). Rows of another kind (``dice:B``, from the dice's first
    design, removed) are left out. Kept in memory after the first call;
    :func:`forget_models` drops it.
    """
    where = data_dir(folder)
    key = (alphabet, where)
    if key not in _MODELS:
        model = base_model(alphabet, where)
        calibration = load_rows(calibration_file(where))
        if calibration is not None:
            labels, glyphs = calibration
            wanted = [i for i, name in enumerate(labels) if len(name) == 1 and name in alphabet]
            vectors = features([np.asarray(glyphs[i], np.uint8) for i in wanted])
            model = model.with_own([labels[i] for i in wanted], vectors)
        _MODELS[key] = model
    return _MODELS[key]


def forget_models() -> None:
    """Drop the models kept in memory (after a calibration changed them)."""
    _MODELS.clear()
