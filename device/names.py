"""The players' names of the last game, proposed again on the home screen for the next one,
after a restart of the referee too.

They are kept in a small file of the data directory (:data:`FILE`, JSON), written when a
game starts from the home screen, atomically: a temporary file beside it, flushed to the
disk, then renamed over the old one, so a power cut leaves the old names or the new ones,
never half a file. A file that cannot be read (damaged, not arbitre's, unreadable) gives
the default names and one French notice on the home screen, and is written over at the
next game; a missing file (the first start) gives the default names silently. Names
given on the command line (``--players``) are proposed first.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from device.durable import write_durably

FILE = "joueurs.json"
DEFAULT = ("Joueur 1", "Joueur 2")
LONGEST = 20
"""The longest name the file may hold (``arbitre run --players`` takes 20 characters)."""
MOST = 99
"""The most names the file may hold (the engine's "no real limit")."""


def _valid(names: object) -> bool:
    """A list of distinct names, each of 1 to :data:`LONGEST` characters, not blank."""
    if not isinstance(names, list) or not 1 <= len(names) <= MOST:
        return False
    if not all(isinstance(n, str) and n.strip() and len(n) <= LONGEST for n in names):
        return False
    return len({n.strip() for n in names}) == len(names)


class PlayerNames:
    """The names proposed on the home screen: :attr:`proposed`, then :meth:`remember`."""

    def __init__(self, folder: Path, given: Sequence[str] | None = None) -> None:
        self.path = folder / FILE
        self.notice: str | None = None
        """Why the saved names were not read (French), or None."""
        saved = self._read()
        self.proposed: list[str] = list(given or saved or DEFAULT)
        """The names of the last game (or given on the command line), in seat order."""

    def _read(self) -> list[str]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return []  # none yet, or no data folder at all (the store says that one)
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "pas du texte"
            return self._unreadable(reason)
        try:
            data = json.loads(text)
        except ValueError:
            return self._unreadable("fichier abîmé")
        names = data.get("joueurs") if isinstance(data, dict) else None
        if not _valid(names):
            return self._unreadable("contenu inattendu")
        assert isinstance(names, list)
        return [str(n).strip() for n in names]

    def _unreadable(self, reason: str) -> list[str]:
        self.notice = (
            f"noms des joueurs de la dernière partie illisibles ({self.path.name} : {reason}) :"
            " noms par défaut"
        )
        return []

    def remember(self, players: Sequence[str]) -> str | None:
        """Propose ``players`` from now on and write them down; the French reason when the
        disk refused them (they are still proposed until the referee stops)."""
        self.proposed = list(players)
        data = json.dumps({"version": 1, "joueurs": self.proposed}, ensure_ascii=False)
        try:
            write_durably(self.path, data + "\n")
        except OSError as error:
            return f"noms des joueurs non enregistrés ({error.strerror or error})"
        self.notice = None
        return None
