"""Which screen the referee shows: one place maps the game's state to its screen.

Screens say they are done (:meth:`Navigator.done`) and never build each other. The
navigator looks at the game (:attr:`Host.session`) and shows what its true point needs:
the home screen without a game; the result of a round just closed (a duel's verdict)
until it is acknowledged; the end once the game is over; else the current round's screen (its draw
and hourglass, the answers once time is up, or a TV duel). So a game resumed after a
power cut opens where it stood, and a new game, a finished round or a verdict all go
through the same door.

The long-press menu is the one screen that is not a game state: it sits over the screen
it was opened from, which comes back as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from device.host import Host
from device.scenes.answers import AnswersScene
from device.scenes.base import Scene
from device.scenes.dice import DiceCountScene, DiceResultScene, DiceRollScene, DiceWordScene
from device.scenes.duel import DuelScene
from device.scenes.end import EndScene
from device.scenes.home import HomeScene
from device.scenes.menu import MenuScene
from device.scenes.paroles import (
    ParolesAnnounceScene,
    ParolesAnswerScene,
    ParolesEndScene,
    ParolesFirstScene,
    ParolesRevealScene,
    ParolesVerdictScene,
)
from device.scenes.pyramide import (
    EnigmaScene,
    NamesScene,
    PingPongScene,
    PyramidEndScene,
    PyramidScene,
)
from device.scenes.result import ResultScene
from device.scenes.round import RoundScene
from device.scenes.sheet import SheetScene
from device.scenes.sloubi import (
    SloubiEndScene,
    SloubiResultScene,
    SloubiRollScene,
    SloubiSingScene,
)
from engine.dice import DiceGame, DiceRound
from engine.dice import Phase as DicePhase
from engine.game import Game, Phase, Round
from engine.games import AnyGame
from engine.paroles import Hand, ParolesGame
from engine.paroles import Phase as ParolesPhase
from engine.pyramide import Phase as PyramidePhase
from engine.pyramide import PyramideGame
from engine.rules import RoundKind
from engine.sloubi import Phase as SloubiPhase
from engine.sloubi import SloubiGame, SloubiRound

WITH_RESULT = (RoundKind.NUMBERS, RoundKind.LETTERS)
"""The rounds whose result has a screen of its own (a duel's verdict shows on the duel's)."""
DUEL_KINDS = (RoundKind.DUEL, RoundKind.SPRINT)


class Navigator:
    """Holds the screen shown; :meth:`done` and the other moves replace it."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.scene: Scene = HomeScene(host)
        self._under_menu: Scene | None = None
        self._acknowledged = 0
        """The number of the last round whose result was seen."""

    # --- the moves ------------------------------------------------------------------

    def play(self) -> None:
        """The host's session is new or resumed: show its true point. A resumed game whose
        next round has not begun shows the last round's result first (it was on screen)."""
        session = self.host.session
        self._acknowledged = 0
        if session is not None:
            closed = _last_closed(session.game)
            if closed is not None:
                fresh = _untouched(session.game)
                self._acknowledged = closed - 1 if fresh else closed
        self._show(self.screen())

    def done(self) -> None:
        """The screen shown is finished: show the one the game needs now."""
        if isinstance(self.scene, ResultScene | DiceResultScene | ParolesVerdictScene):
            self._acknowledged = max(self._acknowledged, self.scene.number)
        if isinstance(self.scene, SloubiResultScene):
            self._acknowledged = max(self._acknowledged, self.scene.number_shown)
        if isinstance(self.scene, DuelScene) and self.scene.decided:
            self._acknowledged = max(self._acknowledged, self.scene.played.number)
        self._show(self.screen())

    def follow(self) -> None:
        """The game moved without the screen (a phone's move): show the screen it needs now
        if that is another one (a screen of the same kind redraws itself from the game)."""
        fresh = self.screen()
        if type(fresh) is type(self._under_menu or self.scene):
            return
        if self._under_menu is not None:
            self._under_menu = fresh  # the menu stays open over the new screen
        else:
            self.scene = fresh

    def open_menu(self) -> None:
        if self._under_menu is None:
            self._under_menu = self.scene
            self.scene = MenuScene(self.host)

    def open_sheet(self) -> None:
        """The score sheet, over the game's screen (the one under the menu, if open): it
        goes back there as the menu does."""
        if self._under_menu is None:
            self._under_menu = self.scene
        self.scene = SheetScene(self.host)

    def close_menu(self) -> None:
        under, self._under_menu = self._under_menu, None
        if under is not None:
            self.scene = under

    def leave_game(self) -> None:
        self.host.session = None
        self._show(self.screen())

    def _show(self, scene: Scene) -> None:
        self._under_menu = None
        self.scene = scene

    # --- the map ----------------------------------------------------------------------

    def screen(self) -> Scene:
        """The screen of the game's true point."""
        host = self.host
        session = host.session
        if session is None:
            return HomeScene(host)
        game = session.game
        if isinstance(game, DiceGame):
            return self._dice_screen(game)
        if isinstance(game, ParolesGame):
            return self._paroles_screen(game)
        if isinstance(game, PyramideGame):
            return _pyramide_screen(host, game)
        if isinstance(game, SloubiGame):
            return self._sloubi_screen(game)
        if not isinstance(game, Game):
            home = HomeScene(host)
            home.message = "cet écran de jeu arrive bientôt"
            return home
        current = game.current
        if current is not None and current.number <= self._acknowledged:
            self._acknowledged = current.number - 1  # reopened: its new result comes
        closed = _last_closed(game)
        if closed is not None and closed > self._acknowledged:
            if game.rounds[closed - 1].kind in DUEL_KINDS:
                return DuelScene(host, closed)  # its verdict, until the buzzer
            return ResultScene(host, closed)
        if current is None:
            return EndScene(host)
        if current.kind in DUEL_KINDS:
            return DuelScene(host)
        if current.phase is Phase.ANSWERS:
            return AnswersScene(host)
        return RoundScene(host)

    def _phase_screen(
        self,
        game: DiceGame | ParolesGame | SloubiGame,
        result: Callable[[Host, int], Scene],
        screens: Mapping[Any, Callable[[Host], Scene]],
        otherwise: Callable[[Host], Scene],
    ) -> Scene:
        """A box's screen: the last closed roll, call or round shows its ``result`` until
        seen; else the screen of the game's phase (``otherwise`` for the phases left)."""
        closed = _last_closed(game)
        if closed is not None and closed > self._acknowledged:
            return result(self.host, closed)
        return screens.get(game.phase, otherwise)(self.host)

    def _dice_screen(self, game: DiceGame) -> Scene:
        screens = {
            DicePhase.OVER: EndScene,
            DicePhase.ROLL: DiceRollScene,
            DicePhase.WORD: DiceWordScene,
        }
        return self._phase_screen(game, DiceResultScene, screens, DiceCountScene)

    def _paroles_screen(self, game: ParolesGame) -> Scene:
        """A "Menteur !" judged shows its verdict until seen; else the phase's screen."""
        screens = {
            ParolesPhase.OVER: ParolesEndScene,
            ParolesPhase.FIRST_PLAYER: ParolesFirstScene,
            ParolesPhase.ANNOUNCE: ParolesAnnounceScene,
            ParolesPhase.ANSWER: ParolesAnswerScene,
        }
        return self._phase_screen(game, ParolesVerdictScene, screens, ParolesRevealScene)

    def _sloubi_screen(self, game: SloubiGame) -> Scene:
        screens = {SloubiPhase.OVER: SloubiEndScene, SloubiPhase.ROLLING: SloubiRollScene}
        return self._phase_screen(game, SloubiResultScene, screens, SloubiSingScene)


def _pyramide_screen(host: Host, game: PyramideGame) -> Scene:
    """Pyramide: one screen a phase, then the end with the score sheet."""
    screens = {
        PyramidePhase.ENIGMES: EnigmaScene,
        PyramidePhase.PING_PONG: PingPongScene,
        PyramidePhase.NOMS_PROPRES: NamesScene,
        PyramidePhase.GRANDES_PYRAMIDES: PyramidScene,
    }
    screen = screens.get(game.phase)
    return PyramidEndScene(host) if screen is None else screen(host)


def _last_closed(game: AnyGame) -> int | None:
    """The number of the last round played, if it has a result screen."""
    if isinstance(game, Game):
        closed = [r for r in game.rounds if r.record is not None]
        if closed and closed[-1].kind in (*WITH_RESULT, *DUEL_KINDS):
            return closed[-1].number
    elif isinstance(game, DiceGame):
        settled = [r for r in game.rounds if r.points is not None]
        if settled:
            return settled[-1].number
    elif isinstance(game, ParolesGame):
        return len(game.calls) or None  # each "Menteur !" has its verdict
    elif isinstance(game, SloubiGame):
        sung = [i for i, r in enumerate(game.rounds, start=1) if r.stopped_at is not None]
        if sung:
            return sung[-1]
    return None


def _untouched(game: AnyGame) -> bool:
    """Nothing of the round in play has happened yet (no draw, no timer, no dice)."""
    current = game.current
    if isinstance(current, Round):
        return (
            current.started_at is None
            and current.phase in (Phase.DRAW, Phase.READY)
            and not (current.letters or current.plates or current.challenge)
        )
    if isinstance(current, DiceRound):
        return not current.consonants
    if isinstance(current, Hand):
        return not current.words  # the hand after a "Menteur !": no word said yet
    if isinstance(current, SloubiRound):
        return not current.totals
    return current is None
