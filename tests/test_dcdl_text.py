"""The DCDL screens' text stays readable (issue 22 point 7, issue 21): six players with long
names at 800x480, every line measured as drawn (no text under 20 px, none past the screen,
none overlapping another), and the words say what happens ("1 pt", "Joueur 1 : 0")."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from device.scenes.end import EndScene
from device.scenes.round import RoundScene
from tests.test_app import make_app

LONG = [
    "Marie-Antoinette",
    "Jean-Christophe",
    "Anne-Charlotte",
    "Pierre-Emmanuel",
    "Marguerite-Alix",
    "Charles-Édouard",
]


def _record(app: object) -> list[tuple[str, pygame.Rect]]:
    """Every line the theme draws from now on, with its box (the real drawing still runs)."""
    theme = app.theme  # type: ignore[attr-defined]
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.text

    def text(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect: pygame.Rect = real(surface, line, *args, **kwargs)
        drawn.append((line, rect))
        return rect

    theme.text = text
    return drawn


def _record_sized(app: object) -> list[tuple[str, int, pygame.Rect]]:
    """:func:`_record`, each line with the font size it was drawn at (pixels, after any
    shrinking to its width: the last font the theme asked for while drawing it)."""
    theme = app.theme  # type: ignore[attr-defined]
    drawn: list[tuple[str, int, pygame.Rect]] = []
    sizes: list[int] = []
    font, real = theme.font, theme.text

    def sized(scale: float) -> pygame.font.Font:
        sizes.append(max(10, round(theme.height * scale)))
        return font(scale)

    def text(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect: pygame.Rect = real(surface, line, *args, **kwargs)
        drawn.append((line, sizes[-1], rect))
        return rect

    theme.font, theme.text = sized, text
    return drawn


def _check_readable(drawn: list[tuple[str, pygame.Rect]], where: str) -> None:
    screen = pygame.Rect(0, 0, 800, 480)
    for line, rect in drawn:
        assert rect.height >= 20, f"{where}: {line!r} is {rect.height} px high"
        assert screen.contains(rect), f"{where}: {line!r} runs off the screen ({rect})"
    for i, (a, ra) in enumerate(drawn):
        for b, rb in drawn[i + 1 :]:
            assert not ra.colliderect(rb), f"{where}: {a!r} overlaps {b!r}"


def _play_to(app: object, clock: object, scene_type: type, limit: int = 20_000) -> None:
    for _ in range(limit):
        if isinstance(app.scene, scene_type):  # type: ignore[attr-defined]
            return
        clock.now += 0.5  # type: ignore[attr-defined]
        app.step()  # type: ignore[attr-defined]
        app.jobs.settle()  # type: ignore[attr-defined]
    raise AssertionError(f"never reached {scene_type.__name__}")


def test_six_long_names_stay_readable_in_the_header_and_on_the_end_screen(
    tmp_path: Path,
) -> None:
    app, clock = make_app(
        tmp_path, rules="club-duplicate", players=list(LONG), demo=True, speed=20.0
    )
    _play_to(app, clock, RoundScene)
    drawn = _record(app)
    app._draw()  # type: ignore[attr-defined]
    header = [(line, rect) for line, rect in drawn if rect.top < 80]
    _check_readable(header, "header")
    for name in LONG:
        assert any(line.startswith(name[:7]) and " : " in line for line, _ in header), name
    _play_to(app, clock, EndScene, limit=200_000)
    drawn.clear()
    app._draw()  # type: ignore[attr-defined]
    _check_readable(drawn, "end screen")
    assert sum(1 for line, _ in drawn if line.endswith((" pt", " pts"))) == 6
    app.close()


def test_one_point_is_written_pt_and_a_score_follows_a_colon(tmp_path: Path) -> None:
    from device.scenes.base import points

    assert points(1) == "1 pt" and points(0) == "0 pt" and points(12) == "12 pts"
    app, clock = make_app(tmp_path, demo=True)
    _play_to(app, clock, RoundScene)
    drawn = _record(app)
    app._draw()  # type: ignore[attr-defined]
    assert any(line == "Joueur 1 : 0" for line, _ in drawn), [line for line, _ in drawn]
    app.close()


def test_six_long_names_stay_readable_on_the_result_screen(tmp_path: Path) -> None:
    from device.scenes.result import ResultScene

    app, clock = make_app(tmp_path, rules="boxed", players=list(LONG), demo=True, speed=20.0)
    for _ in range(2):  # a numbers round, then a letters round (longer answers, reasons)
        _play_to(app, clock, ResultScene)
        app.jobs.settle()
        app.step()
        drawn = _record(app)
        app._draw()  # type: ignore[attr-defined]
        _check_readable(drawn, f"result of round {app.scene.number}")  # type: ignore[attr-defined]
        for name in LONG:
            assert any(line.startswith(name[:7]) for line, _ in drawn), name
        while isinstance(app.scene, ResultScene):
            clock.now += 0.5
            app.step()
    app.close()


@pytest.mark.parametrize(
    "rules", ["boxed", "tv", "club-duplicate", "club-match", "dice", "pyramide", "sloubi"]
)
def test_every_screen_of_a_demo_game_with_long_names_is_readable(
    tmp_path: Path, rules: str
) -> None:
    """Each kind of screen a whole demo game goes through, drawn once: every text at least
    20 px high and on the screen, no two texts' letters on one another (their boxes may
    share a few pixels of line spacing)."""
    players = LONG[:2] if rules in ("tv", "club-match") else list(LONG)
    app, clock = make_app(tmp_path, rules=rules, players=players, demo=True, speed=20.0)
    screen = pygame.Rect(0, 0, 800, 480)
    seen: set[tuple[str, str]] = set()
    for _ in range(200_000):
        clock.now += 0.5
        app.step()
        app.jobs.settle()
        scene = app.scene
        state = str(getattr(scene, "state", scene.name))
        kind = (scene.name, state.split("-", 1)[-1] if state.startswith("manche") else state)
        if kind not in seen:
            seen.add(kind)
            drawn = _record(app)
            app._draw()
            for line, rect in drawn:
                assert rect.height >= 20, f"{kind}: {line!r} is {rect.height} px high"
                assert screen.contains(rect), f"{kind}: {line!r} runs off the screen ({rect})"
            inked = [(line, rect.inflate(0, -8)) for line, rect in drawn]
            for i, (a, ra) in enumerate(inked):
                for b, rb in inked[i + 1 :]:
                    assert not ra.colliderect(rb), f"{kind}: {a!r} overlaps {b!r}"
        if scene.name == "fin":
            break
    assert app.scene.name == "fin" and len(seen) > 10, seen
    app.close()


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_the_header_shows_every_score_whole_beside_the_round_title(
    tmp_path: Path, count: int
) -> None:
    """Issue 22, point 7: with three players the scores were shrunk to about 12 px, the
    last one cut at the screen's edge, and the round's title ran into them. On a round
    screen past the middle of a boxed demo game (scores of two digits), every player's
    "name : score" is there with the game's own score, at 20 px or more, on screen, and
    neither the title nor any score touches another; the round's kind is whole ("Le mot le
    plus long", or "Lettres" beside two rows of scores; it was cut to "Le mot le plus l…")."""
    players = LONG[:count]
    app, clock = make_app(tmp_path, rules="boxed", players=players, demo=True, speed=20.0)
    for _ in range(200_000):
        _play_to(app, clock, RoundScene)
        game = app.session.game  # type: ignore[union-attr]
        if len(game.rounds) >= 7 and max(game.scores.values()) >= 10:
            break
        while isinstance(app.scene, RoundScene):
            clock.now += 0.5
            app.step()
            app.jobs.settle()
    else:
        raise AssertionError("no score of two digits in the demo game")
    drawn = _record(app)
    app._draw()  # type: ignore[attr-defined]
    header = [(line, rect) for line, rect in drawn if rect.top < 80]
    _check_readable(header, f"header with {count} players")
    title = [line for line, _ in header if line.startswith("Manche")]
    assert title, header
    whole = ("Le compte est bon", "Le mot le plus long", "Chiffres", "Lettres")
    assert len([line for line, _ in header if line in whole]) == 1, "the round's kind whole"
    assert not any(line.endswith("…") for line, _ in header if " : " not in line), header
    for name in players:
        score = f" : {game.scores[name]}"
        cut = [line.removesuffix(score) for line, _ in header if line.endswith(score)]
        shown = [n for n in cut if n == name or (len(n) > 5 and name.startswith(n[:-1]))]
        assert shown, f"{name}{score} not in {[line for line, _ in header]}"
    app.close()
