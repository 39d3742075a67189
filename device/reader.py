"""Where the app gets a draw from: the camera and the vision readers, or nothing.

The app asks for the letters or the plates on the holder; what comes back may hold "?"
for tiles the reader was unsure of, which the draw screen lets players correct. A
camera that fails or is missing raises :class:`NoDraw`, and the screen falls back to a
draw made by the device (or typed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


class NoDraw(RuntimeError):
    """No draw could be read; the message is French and says why."""


@dataclass(frozen=True, slots=True)
class DrawReading:
    """What the reader saw, left to right: letters, or plate numbers as text; "?" if unsure."""

    values: tuple[str, ...]
    warnings: tuple[str, ...] = field(default=())

    @property
    def uncertain(self) -> frozenset[int]:
        return frozenset(i for i, value in enumerate(self.values) if value == "?")


class DrawReader(Protocol):
    """Reads the holder. Implementations: :class:`NoCamera`, the camera reader."""

    def read_letters(self) -> DrawReading: ...

    def read_numbers(self) -> DrawReading: ...

    def close(self) -> None: ...


class NoCamera:
    """No camera: every read says so, and the device makes the draws itself."""

    def __init__(self, why: str = "pas de caméra") -> None:
        self.why = why

    def read_letters(self) -> DrawReading:
        raise NoDraw(self.why)

    def read_numbers(self) -> DrawReading:
        raise NoDraw(self.why)

    def close(self) -> None:
        pass
