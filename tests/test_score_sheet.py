"""The score sheet, as the paper one: a line a round, each player's points and running
total, read at a metre with six players, during the game and after it."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from test_app import FakeClock, make_app, press
from test_navigator import _tap_button

from device.app import App
from device.scenes.end import EndScene
from device.scenes.sheet import SheetScene
from engine.events import DuelDecided, NumbersAnswered, RoundClosed, ValueConfirmed, WordAnswered
from engine.game import Game
from engine.rules import RoundKind
from engine.session import Session
from engine.store import Store
from solver.words import longest

SIX = ["Ana", "Bruno", "Chloé", "David", "Émile", "Marie-Hélène"]
KINDS = {"numbers": "C", "letters": "L", "duel": "Duel", "sprint": "Sprint"}
"""How the paper sheets mark a round."""


def _played_up_to(folder: Path, last: int, rules: str = "boxed", players: list[str] = SIX) -> None:
    """A game saved with its rounds before ``last`` scored (a different player finds the
    best answer each round, another a lesser one) and round ``last`` at its answers, nobody
    having answered yet."""
    clock = FakeClock()
    session = Session.new(Store(folder / "games.db"), rules, players, 7, clock)
    game = session.dcdl
    while True:
        current = game.current
        assert current is not None
        finder = players[current.number % len(players)]
        if current.kind in (RoundKind.DUEL, RoundKind.SPRINT):
            if current.number == last:
                session.store.close()
                return
            session.do(DuelDecided(winner=finder))
            continue
        session.do(session.random_draw())
        session.start_timer()
        clock.now += 60
        session.stop_timer()
        if current.number == last:
            session.store.close()
            return
        other = players[(current.number + 2) % len(players)]
        if current.kind is RoundKind.NUMBERS:
            assert current.target is not None
            session.do(NumbersAnswered(finder, current.target))
            session.do(ValueConfirmed(finder, True))
            session.do(NumbersAnswered(other, current.target + 4))
            session.do(ValueConfirmed(other, True))
        else:
            words = longest(current.letters).words
            if words:
                session.do(WordAnswered(finder, words[0]))
                session.do(WordAnswered(other, words[0][:-1] if len(words[0]) > 3 else ""))
        session.do(RoundClosed())


def _resume(folder: Path, **options: object) -> App:
    app, _ = make_app(folder, players=SIX, **options)
    _tap_button(app, "resume")
    return app


def _f1(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0))
    app.step()


def _escape(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0))
    app.step()


class Screen:
    """What the app draws from now on: every line of text with its box, and every font
    size asked for (the real drawing still runs)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.sizes: list[int] = []
        theme = app.theme
        real_text, real_font = theme.text, theme.font

        def text(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> object:
            rect = real_text(surface, line, *args, **kwargs)  # type: ignore[arg-type]
            self.texts.append((line, rect))
            return rect

        def font(scale: float) -> pygame.font.Font:
            self.sizes.append(max(10, round(theme.height * scale)))  # the font's pixels
            return real_font(scale)

        theme.text = text  # type: ignore[method-assign]
        theme.font = font  # type: ignore[method-assign]

    def redraw(self) -> None:
        self.texts.clear()
        self.sizes.clear()
        self.app.refresh()
        self.app.step()

    def rows(self) -> dict[str, list[str]]:
        """The sheet's lines by round number: the texts on the line of a round's number,
        left to right (a line split in bands of players: its bands one after the other)."""
        scene = self.app.scene
        assert isinstance(scene, SheetScene)
        line_h = self.app.theme.font(scene.layout.scale).get_linesize()
        numbers = [(t, r) for t, r in self.texts if t.isdigit() and r.x < 80]
        rows: dict[str, list[str]] = {}
        for number, rect in numbers:
            band = scene.layout.bands * line_h
            cells = [(r.y, r.x, t) for t, r in self.texts if rect.y <= r.y < rect.y + band]
            rows[number] = [t for _, _, t in sorted(cells)]
        return rows


def _every_page(
    app: App, screen: Screen, size: tuple[int, int] = (800, 480)
) -> dict[str, list[str]]:
    """The sheet's lines from its first page to its last, turned by "Page suivante"; every
    page with no text under 20 px and none off the screen."""
    scene = app.scene
    assert isinstance(scene, SheetScene)
    for _ in range(scene.pages):
        _tap_button(app, "previous")
    assert scene.page == 0
    seen: dict[str, list[str]] = {}
    while True:
        screen.redraw()
        assert screen.sizes and min(screen.sizes) >= 20, f"{size}: {min(screen.sizes)} px"
        for line, rect in screen.texts:
            assert rect.right <= size[0] and rect.bottom <= size[1], f"{line!r} off the screen"
        seen.update(screen.rows())
        if scene.page == scene.pages - 1:
            return seen
        _tap_button(app, "next")


def _expected(game: Game) -> dict[str, list[str]]:
    """The paper sheet of ``game``, from its records: number, kind, then for each player
    the round's points and the sum of the records so far."""
    running = dict.fromkeys(game.players, 0)
    sheet: dict[str, list[str]] = {}
    for played in game.rounds:
        record = played.record
        if record is None:
            continue
        cells = [str(played.number), KINDS[record.kind]]
        for player in game.players:
            points = record.points[player]
            running[player] += points
            cells += [f"+{points}" if points else "0", str(running[player])]
        sheet[str(played.number)] = cells
    return sheet


def test_the_end_screen_opens_the_score_sheet_of_the_whole_game_and_comes_back(
    tmp_path: Path,
) -> None:
    _played_up_to(tmp_path, last=12)
    app = _resume(tmp_path)
    for _ in SIX:  # the last round: nobody found anything
        _tap_button(app, "nothing")
    press(app)  # its result seen: the end
    end = app.scene
    assert isinstance(end, EndScene)
    assert app.session is not None
    events = len(app.store.events(app.session.game_id))
    screen = Screen(app)
    _tap_button(app, "sheet")
    assert isinstance(app.scene, SheetScene)
    expected = _expected(app.session.dcdl)
    assert len(expected) == 12
    seen = _every_page(app, screen)
    assert app.scene.pages >= 2, "twelve rounds of six players fit one page?"
    for number, cells in expected.items():
        assert seen.get(number) == cells, f"round {number}"
    final = [cells[3::2] for cells in expected.values()][-1]
    assert final == [str(app.session.dcdl.scores[p]) for p in SIX]
    _tap_button(app, "back")
    assert app.scene is end, "back to the end screen as it was"
    assert len(app.store.events(app.session.game_id)) == events
    app.close()


def test_the_score_sheet_opens_from_the_menu_during_a_game_and_changes_nothing(
    tmp_path: Path,
) -> None:
    _played_up_to(tmp_path, last=5)
    app = _resume(tmp_path)
    _tap_button(app, "nothing")  # Ana has said she found nothing; Bruno's turn
    answers = app.scene
    state = answers.state
    assert app.session is not None
    events = len(app.store.events(app.session.game_id))
    _f1(app)
    assert app.scene.name == "menu"
    _tap_button(app, "sheet")
    assert isinstance(app.scene, SheetScene)
    screen = Screen(app)
    screen.redraw()
    rows = screen.rows()
    assert rows == _expected(app.session.dcdl), "the four rounds played, on one page"
    assert min(screen.sizes) >= 20
    press(app)  # the buzzer, on the last page: back to the game
    assert app.scene is answers and app.scene.state == state
    _f1(app)
    _tap_button(app, "sheet")
    _escape(app)
    assert app.scene is answers and app.scene.state == state
    assert len(app.store.events(app.session.game_id)) == events
    app.close()


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720)])
def test_no_text_of_the_score_sheet_is_under_20_px_with_six_players(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    _played_up_to(tmp_path, last=12)
    app = _resume(tmp_path, size=size)
    _f1(app)
    _tap_button(app, "sheet")
    seen = _every_page(app, Screen(app), size)
    assert app.session is not None
    assert seen == _expected(app.session.dcdl)
    app.close()


def test_a_tv_game_s_sheet_marks_its_duels_and_its_sprint(tmp_path: Path) -> None:
    _played_up_to(tmp_path, last=16, rules="tv", players=["Ana", "Bruno"])
    app = _resume(tmp_path)
    assert app.scene.name == "duel"  # the second sprint question
    _f1(app)
    _tap_button(app, "sheet")
    assert app.session is not None
    expected = _expected(app.session.dcdl)
    assert [cells[1] for cells in expected.values()].count("Duel") == 2
    assert expected["15"][1] == "Sprint"
    assert _every_page(app, Screen(app)) == expected
    app.close()
