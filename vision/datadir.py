"""Where arbitre keeps its data, in a module light enough for every command to import:
``--data-dir``, else ``ARBITRE_DATA_DIR``, else the user data directory as platformdirs
names it (``~/.local/share/arbitre`` on Linux). The vision's learned data and the saved
games follow this one rule (the vision modules and ``device.paths`` import it from here)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir(override: Path | None = None) -> Path:
    """``override``, else ``ARBITRE_DATA_DIR``, else the user's data directory."""
    if override is not None:
        return override
    variable = os.environ.get("ARBITRE_DATA_DIR")
    if variable:
        return Path(variable)
    from platformdirs import user_data_dir

    return Path(user_data_dir("arbitre", appauthor=False))
