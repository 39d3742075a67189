"""What a screen may use of the app: the small host interface every scene depends on.

Scenes never import the app, the navigator or each other. They read the game through
:attr:`Host.session`, draw with :attr:`Host.theme`, start slow work through
:attr:`Host.jobs`, and when they are finished they say so (:meth:`Host.done`): the
navigator (:mod:`device.navigator`) decides what comes next from the game's state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from device.jobs import Jobs
from device.names import PlayerNames
from device.options import AppOptions
from device.sounds import Sounds
from device.theme import Theme
from device.web.table import PhoneTable
from engine.session import Session
from engine.store import Store


class Host(Protocol):
    """The app as its screens see it (:class:`device.app.App` is one)."""

    options: AppOptions
    theme: Theme
    sounds: Sounds
    store: Store
    jobs: Jobs
    session: Session | None
    names: PlayerNames
    """The players' names proposed on the home screen (the last game's)."""
    phones: PhoneTable | None
    """The players' phones (``--web``), or None."""
    phones_url: str | None
    """The address the phones open (shown as a QR code), or None."""

    @property
    def clock(self) -> Callable[[], float]:
        """The app's clock: seconds, possibly accelerated (``--speed``)."""
        ...

    def done(self) -> None:
        """This screen is finished: show the one the game needs now."""

    def play(self, session: Session) -> None:
        """Play ``session`` from where it stands (a new game, or one resumed)."""

    def open_menu(self) -> None:
        """The long-press menu, over the current screen."""

    def open_sheet(self) -> None:
        """The score sheet of a DCDL game, over the current screen (closed as the menu)."""

    def close_menu(self) -> None:
        """Back from the menu (or the score sheet) to the screen under it."""

    def leave_game(self) -> None:
        """Back to the home screen (the game stays saved)."""

    def game_over(self) -> None:
        """The end screen is shown (the app quits here with ``--exit-after-game``)."""
