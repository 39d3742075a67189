"""A power cut at any point of a DCDL or dice game loses nothing: the referee reopened on
the same data folder resumes the game where it stood, on the same screen, its hourglass
running on, and the game goes on (the TV show's duels and sprint final included, their
verdicts too). (Les paroles s'envolent, Pyramide and Sloubi have the
same test in their own screen tests.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_app import FakeClock

from device.app import App, AppOptions
from device.reader import NoCamera
from engine.dice import DiceGame
from engine.game import Game

STEP = 1.5
"""Seconds of the fake clock a turn of the loop (the demo acts every other turn)."""


def _app(folder: Path, now: float, rules: str) -> App:
    clock = FakeClock()
    clock.now = now
    options = AppOptions(rules=rules, data_dir=folder, demo=True, exit_after_game=True)
    return App(options, NoCamera(), clock=clock)  # type: ignore[arg-type]


def _run(app: App, turns: int) -> None:
    assert isinstance(app.clock, FakeClock)
    for _ in range(turns):
        if not app.running:
            return
        app.clock.now += STEP
        app.step()
        app.jobs.settle()


def _point(app: App) -> tuple[str, object, float | int | None]:
    """What a power cut must not change: the screen, the game, the time left."""
    assert app.session is not None and isinstance(app.clock, FakeClock)
    game = app.session.game
    assert isinstance(game, Game | DiceGame)
    if isinstance(game, Game):
        return app.scene.state, game.state(), game.remaining(app.clock.now)
    # the dice game's clock is its spoken countdown: the number being counted
    return app.scene.state, repr(vars(game)), game.count_shown(app.clock.now)


def _resume(app: App) -> None:
    app.step()  # drawn: the home screen's buttons are laid out
    button = next(b for b in app.scene.buttons if b.key == "resume")
    pygame_tap(app, button.rect.center)


def pygame_tap(app: App, where: tuple[int, int]) -> None:
    from test_app import tap

    tap(app, *where)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rules", ["boxed", "tv", "club-duplicate", "dice"])
def test_a_game_cut_at_a_random_point_resumes_where_it_stood(
    tmp_path: Path, rules: str, seed: int
) -> None:
    rng = random.Random(seed)
    app = _app(tmp_path, 1_000_000.0, rules)
    while app.session is None:
        _run(app, 1)
    _run(app, rng.randrange(20, 160))  # somewhere in the first rounds
    assert app.session is not None and not app.session.game.over
    screen, state, left = _point(app)
    assert isinstance(app.clock, FakeClock)
    now = app.clock.now
    app.close()  # the power goes

    app = _app(tmp_path, now, rules)
    _resume(app)
    shown, resumed_state, resumed_left = _point(app)
    assert resumed_state == state, f"the game after the cut at {screen}"
    if shown != screen:  # a round's result already seen is shown again, once; the
        # passing "Temps écoulé" gives way to the answers it was announcing
        again = "resultat" in shown or "result" in shown
        assert again or (screen.endswith("-temps-ecoule") and "reponse" in shown), (shown, screen)
    assert resumed_left == left
    assert isinstance(app.clock, FakeClock)
    game = app.session.game if app.session else None
    if isinstance(game, Game) and left is not None:
        app.clock.now += 2  # the referee was off for 2 s: its hourglass ran on
        assert game.remaining(app.clock.now) == pytest.approx(max(0.0, left - 2))
    saved = _events_of(tmp_path)
    _run(app, 200)  # and the game goes on from there, nothing lost
    assert _events_of(tmp_path)[: len(saved)] == saved
    assert len(_events_of(tmp_path)) > len(saved)
    app.close()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_tv_game_cut_during_its_duels_or_sprint_reopens_on_the_same_screen(
    tmp_path: Path, seed: int
) -> None:
    """Cut at every screen of the duels and the sprint final (the choice, the chosen duel
    or draw, its hourglass, its verdict), a seeded moment into it: the same screen comes
    back with the same facts. Only a duel not yet chosen shows first what was on screen
    before it (the last result or verdict), as any round not begun."""
    rng = random.Random(seed)
    app = _app(tmp_path, 1_000_000.0, "tv")
    cut: list[str] = []
    for _ in range(5_000):
        _run(app, 1)
        if not app.running:
            break
        if app.scene.name != "duel" or app.scene.state in cut:
            continue
        cut.append(app.scene.state)
        _run(app, rng.randrange(2))  # at once, or a turn later
        if app.scene.name != "duel" or not app.running or app.session is None:
            continue
        if app.session.game.over:
            continue  # the last verdict: the game is finished, to be seen in `arbitre games`
        screen, state, left = _point(app)
        assert isinstance(app.clock, FakeClock)
        now = app.clock.now
        app.close()  # the power goes

        app = _app(tmp_path, now, "tv")
        _resume(app)
        shown, resumed_state, resumed_left = _point(app)
        assert resumed_state == state and resumed_left == left, screen
        if shown != screen:  # not begun: what was on screen before it, once
            assert screen.endswith("-choix-ready"), (screen, shown)
            assert "resultat" in shown or shown.endswith("-verdict"), (screen, shown)
    assert not app.running, "the demo finished the game"
    verdicts = [s for s in cut if s.endswith("-verdict")]
    assert [s.split("-")[1] for s in verdicts[:3]] == ["duel", "duel", "sprint"]
    assert sum(s.endswith("-running") for s in cut) == 4
    app.close()


def _events_of(folder: Path) -> list[object]:
    from engine.store import Store

    store = Store(folder / "games.db")
    try:
        return list(store.events(store.games()[0].id))
    finally:
        store.close()
