"""Where arbitre keeps its data: ``--data-dir``, else ``ARBITRE_DATA_DIR``, else the user
data directory (``~/.local/share/arbitre`` on Linux)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir(override: str | Path | None = None) -> Path:
    """The data directory, created if missing."""
    chosen = override or os.environ.get("ARBITRE_DATA_DIR") or platformdirs.user_data_dir("arbitre")
    path = Path(chosen).expanduser()
    path.mkdir(parents=True, exist_ok=True)
    return path
