"""A small file of the data folder written so that a power cut leaves the old text or the
new one, never half a file: a temporary file beside it, flushed to the disk, renamed over
the old one, then the folder's entry synced. The players' names (:mod:`device.names`) and
the phones' seats (:mod:`device.web.seats`) are kept this way."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_durably(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` for good before returning; :class:`OSError` if the disk
    refused (the old file, if any, is then left as it was)."""
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent
        )
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
        temporary = None
        _sync_folder(path.parent)
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _sync_folder(folder: Path) -> None:
    """The rename itself on the disk (a folder's entry survives a power cut once synced)."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
