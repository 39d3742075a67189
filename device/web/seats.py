"""The phones' seats kept across a restart of the Pi (issue 24): the game's pairing code and
each seated player's token, in a small file of the data folder (:data:`FILE`, JSON).

A phone that joined before a power cut or a restart keeps its token in its own storage; the
Pi, started again, reads the same code and tokens back, so the phone is still seated and
finds the round where it is, without joining again. The file is written durably
(:func:`device.durable.write_durably`) *before* a phone is given its token, as an answer is
saved before it is acknowledged. A file that cannot be read is left aside: the table then
starts with a new code and the phones join again (the one notice is the table's own).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from device.durable import write_durably
from device.web.table import CODE_DIGITS

FILE = "telephones.json"
MOST = 99
"""Seats the file may hold (the engine's players, with room to spare)."""


class SavedSeats:
    """The code and the tokens of the table, in ``folder`` / :data:`FILE`.

    >>> import tempfile; folder = Path(tempfile.mkdtemp())
    >>> SavedSeats(folder).write("1234", {"Ana": "jeton-d-ana"})
    >>> SavedSeats(folder).read()
    ('1234', {'Ana': 'jeton-d-ana'})
    """

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE

    def read(self) -> tuple[str, dict[str, str]] | None:
        """The code and the tokens last written, or None (no file, or not one of ours)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        code, seats = data.get("code"), data.get("places")
        if not (isinstance(code, str) and len(code) == CODE_DIGITS and code.isdigit()):
            return None
        if not isinstance(seats, dict) or len(seats) > MOST:
            return None
        if not all(
            isinstance(name, str) and isinstance(token, str) and 0 < len(token) <= 64
            for name, token in seats.items()
        ):
            return None
        return code, dict(seats)

    def write(self, code: str, tokens: Mapping[str, str]) -> None:
        """Keep ``code`` and ``tokens`` for good; :class:`OSError` if the disk refused."""
        data = {"version": 1, "code": code, "places": dict(tokens)}
        write_durably(self.path, json.dumps(data, ensure_ascii=False) + "\n")
