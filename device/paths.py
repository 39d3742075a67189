"""Where arbitre keeps its data: ``--data-dir``, else ``ARBITRE_DATA_DIR``, else the user
data directory (``~/.local/share/arbitre`` on Linux). One rule for the saved games and the
vision's learned data: :func:`vision.datadir.data_dir` holds it."""

from __future__ import annotations

from pathlib import Path

from vision.datadir import data_dir as chosen_data_dir


def data_dir(override: str | Path | None = None, create: bool = True) -> Path:
    """The data directory, created if missing (``OSError`` when it cannot be)."""
    path = chosen_data_dir(Path(override) if override is not None else None).expanduser()
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
