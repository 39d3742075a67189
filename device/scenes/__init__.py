"""The app's screens, one module each; :func:`scene_for` picks the one a game needs now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.scenes.base import Scene
from engine.game import Game, Phase
from engine.rules import RoundKind

if TYPE_CHECKING:
    from device.app import App


def scene_for(app: App) -> Scene:
    """The screen that shows the session's game where it stands."""
    from device.scenes.answers import AnswersScene
    from device.scenes.duel import DuelScene
    from device.scenes.end import EndScene
    from device.scenes.home import HomeScene
    from device.scenes.round import RoundScene

    session = app.session
    if session is None:
        return HomeScene(app)
    game = session.game
    if game.over:
        return EndScene(app)
    if not isinstance(game, Game):
        home = HomeScene(app)
        home.message = "cet écran de jeu arrive bientôt"
        return home
    current = game.current
    assert current is not None
    if current.kind in (RoundKind.DUEL, RoundKind.SPRINT):
        return DuelScene(app)
    if current.phase is Phase.ANSWERS:
        return AnswersScene(app)
    return RoundScene(app)
