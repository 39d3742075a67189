"""Le jeu du Sloubi on the screen, played through the app's inputs (keys, taps, buzzer)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pygame
import pytest
from test_app import make_app, press, settle, tap, type_char
from test_dcdl_text import _record, _record_sized

from device.app import App
from device.cli import main
from device.intents import Action
from engine.sloubi import BEAT, SloubiGame, count_at


def _tap_button(app: App, key: str) -> None:
    app.step()  # drawn: the buttons are laid out
    button = next(b for b in app.scene.buttons if b.key == key)
    tap(app, *button.rect.center)


def _game(app: App) -> SloubiGame:
    assert app.session is not None and isinstance(app.session.game, SloubiGame)
    return app.session.game


def _type(app: App, text: str) -> None:
    for char in text:
        type_char(app, char)


def _start(tmp_path: Path, rules: str = "sloubi", players: int = 2) -> App:
    names = ["Ana", "Bruno", "Chloé", "Dédé"][:players]
    app, _clock = make_app(tmp_path, rules=rules, players=names, voice=False)
    press(app)  # home: play
    assert app.scene.name == "sloubi-seau"
    return app


def test_typed_buckets_and_a_song_stopped_right_on_the_winner_s_score_is_a_sloubi(
    tmp_path: Path,
) -> None:
    app = _start(tmp_path)
    _type(app, "352")  # Ana's bucket, on a USB keyboard
    press(app, Action.CONFIRM)
    for digit in "340":  # Bruno's, on the on-screen keypad
        _tap_button(app, f"digit:{digit}")
    _tap_button(app, "ok")
    assert _game(app).rounds[0].totals == {"Ana": 352, "Bruno": 340}
    assert app.scene.name == "sloubi-chant" and app.scene.state == "manche01-chant"
    press(app)  # Ana is ready: "Sloubi 1"
    started = _game(app).rounds[0].started
    assert started is not None and app.scene.state.endswith("-chant-en-cours")
    app.clock.now = started + 351 * BEAT + 0.1  # type: ignore[attr-defined]
    app.step()
    assert "say:Sloubi 352" in app.sounds.played, "the counter is said at its pace"
    _tap_button(app, "sing")  # "Sloubi !" on 352
    assert app.scene.name == "sloubi-resultat"
    assert _game(app).rounds[0].stopped_at == 352 and _game(app).scores == {"Ana": 1, "Bruno": 0}
    press(app)
    assert app.scene.state == "manche02-seau-0"
    app.close()


def test_a_song_stopped_one_beat_late_misses_the_coche(tmp_path: Path) -> None:
    app = _start(tmp_path)
    _type(app, "20")
    press(app, Action.CONFIRM)
    _type(app, "30")
    press(app, Action.CONFIRM)
    press(app)  # Bruno sings
    started = _game(app).rounds[0].started
    assert started is not None
    app.clock.now = started + 30 * BEAT + 0.05  # type: ignore[attr-defined]
    _tap_button(app, "sing")
    assert _game(app).rounds[0].stopped_at == 31 and _game(app).scores["Bruno"] == 0
    assert app.scene.name == "sloubi-resultat"
    app.close()


def test_ruling_the_song_waits_for_the_winner_to_be_ready(tmp_path: Path) -> None:
    app = _start(tmp_path)
    _type(app, "200")
    press(app, Action.CONFIRM)
    _type(app, "100")
    press(app, Action.CONFIRM)
    app.clock.now += 60  # type: ignore[attr-defined]
    app.step()
    assert app.scene.state == "manche01-chant" and _game(app).rounds[0].started is None
    assert not any(s.startswith("say:Sloubi") for s in app.sounds.played)
    press(app)
    assert _game(app).rounds[0].started == app.clock.now  # type: ignore[attr-defined]
    app.close()


def test_ruling_the_song_is_stopped_by_saying_sloubi_never_stop(tmp_path: Path) -> None:
    app = _start(tmp_path)
    _type(app, "20")
    press(app, Action.CONFIRM)
    _tap_button(app, "virtual")
    press(app)  # the song
    app.clock.now += 5  # type: ignore[attr-defined]
    app.step()
    (button,) = [b for b in app.scene.buttons if b.key == "sing"]
    assert button.label.startswith("Sloubi !")
    said = " ".join(app.sounds.played)
    assert "stop" not in said.lower() and "stop" not in button.label.lower()
    app.close()


def test_the_children_s_version_refuses_a_total_over_116_and_loses_nothing(
    tmp_path: Path,
) -> None:
    app = _start(tmp_path, rules="sloubi-enfants")
    _type(app, "117")
    press(app, Action.CONFIRM)
    assert app.scene.message == "la version enfants fait de 16 à 116"
    assert _game(app).rounds[0].totals == {}, "nothing saved"
    assert app.scene.name == "sloubi-seau" and "117" in app.scene.typed  # type: ignore[attr-defined]
    for _ in range(3):
        _tap_button(app, "erase")
    _type(app, "15")
    press(app, Action.CONFIRM)
    assert app.scene.message == "la version enfants fait de 16 à 116"
    _tap_button(app, "erase")
    _type(app, "6")
    press(app, Action.CONFIRM)
    assert _game(app).rounds[0].totals == {"Ana": 16}
    app.close()


def test_tied_players_roll_again_among_themselves_only(tmp_path: Path) -> None:
    app = _start(tmp_path, players=3)
    for total in ("300", "300", "200"):
        _type(app, total)
        press(app, Action.CONFIRM)
    assert app.scene.name == "sloubi-seau" and "departage" in app.scene.state
    assert _game(app).rounds[0].rolling == ["Ana", "Bruno"]
    _tap_button(app, "virtual")  # the device rolls Ana's bucket
    _type(app, "600")
    press(app, Action.CONFIRM)
    assert _game(app).rounds[0].winner == "Bruno"
    assert app.scene.name == "sloubi-chant"
    app.close()


def _play_until(app: App, rng: random.Random, actions: int) -> None:
    """Play ``actions`` inputs of a game as a table would (buckets typed or rolled, the
    song started and stopped near the score, results acknowledged)."""
    for _ in range(actions):
        scene = app.scene
        app.clock.now += rng.uniform(0.2, 3.0)  # type: ignore[attr-defined]
        if scene.name == "sloubi-seau":
            if rng.random() < 0.3:
                _tap_button(app, "virtual")
            else:
                _type(app, str(rng.randint(16, 116)))
                press(app, Action.CONFIRM)
        elif scene.name == "sloubi-chant" and scene.state.endswith("-en-cours"):
            current = _game(app).current
            assert current is not None and current.started is not None
            assert current.winner is not None
            near = current.totals[current.winner] + rng.choice([-1, 0, 0, 1])
            app.clock.now = current.started + (near - 0.5) * BEAT  # type: ignore[attr-defined]
            _tap_button(app, "sing")
        elif scene.name in ("sloubi-chant", "sloubi-resultat"):
            press(app)
        else:
            return


@pytest.mark.parametrize("seed", [3, 6, 7])  # a song running, a bucket, a fresh round
def test_a_game_cut_at_a_random_point_resumes_identically_with_the_song_running_on(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    app = _start(tmp_path, rules="sloubi-enfants", players=3)
    _play_until(app, rng, rng.randint(1, 14))
    state = app.scene.state
    rounds_before = [dataclasses.asdict(r) for r in _game(app).rounds]
    fresh_round = state.endswith("-seau-0") and not state.startswith("manche01")
    cut = app.clock.now  # type: ignore[attr-defined]
    app.close()  # the power goes

    resumed, clock = make_app(tmp_path, voice=False)
    clock.now = cut + 10  # ten seconds later: a song has run 40 beats on
    _tap_button(resumed, "resume")
    settle(resumed)
    assert [dataclasses.asdict(r) for r in _game(resumed).rounds] == rounds_before
    if fresh_round:  # the last result was on screen a moment ago: it is shown again
        assert resumed.scene.name == "sloubi-resultat"
        press(resumed)
        clock.now -= 0.5
    assert resumed.scene.state == state
    current = _game(resumed).current
    if current is not None and current.started is not None:
        assert count_at(current.started, clock.now) == count_at(current.started, cut) + 40
        resumed.step()
        assert f"say:Sloubi {count_at(current.started, clock.now)}" in resumed.sounds.played
    resumed.close()


def test_a_whole_sloubi_demo_game_plays_to_the_end(tmp_path: Path) -> None:
    app, clock = make_app(tmp_path, rules="sloubi-enfants", demo=True, exit_after_game=True)
    for _ in range(5_000):
        if not app.running:
            break
        clock.now += 0.2
        app.step()
    assert not app.running, "the demo game did not end"
    assert _game(app).over
    shots = [p.name for p in (tmp_path / "shots").iterdir()]
    for needed in ("accueil-sloubi-enfants", "seau", "chant", "chant-en-cours", "resultat"):
        assert any(needed in name for name in shots), needed
    assert any(name.endswith("-fin.png") for name in shots)
    app.close()


def test_arbitre_run_takes_both_sloubi_rule_sets(tmp_path: Path) -> None:
    """The command line takes both rule sets, and its demo plays a whole game and exits 0."""
    for rules in ("sloubi-enfants", "sloubi"):
        args = ["run", "--rules", rules, "--simulate", "--demo", "--exit-after-game"]
        args += ["--speed", "400", "--no-voice", "--data-dir", str(tmp_path / rules)]
        assert main(args) == 0


# --- six long names: every screen readable --------------------------------------------

SIX = ["Marie-Hélène", "Jean-Baptiste", "Maximilienne", "Christophe", "Gwendoline", "Bartholomé"]
SMALLEST = 19
"""The smallest type allowed, in pixels at 800x480 ("about 20 px")."""


def test_a_tie_between_two_long_names_is_said_in_readable_type_above_the_virtual_bucket(
    tmp_path: Path,
) -> None:
    """ "Départage : Marie-Hélène et Jean-Baptiste" shrank to 16 px on one line: it takes
    two lines at a readable size, clear of the "Seau virtuel" button."""
    app, _ = make_app(tmp_path, rules="sloubi", players=[n[:12] for n in SIX], voice=False)
    press(app)
    for total in ("300", "300", "200", "200", "200", "200"):
        _type(app, total)
        press(app, Action.CONFIRM)
    assert "departage" in app.scene.state
    drawn = _record(app)
    app.refresh()
    app.step()
    first = next(i for i, (line, _) in enumerate(drawn) if line.startswith("Départage"))
    said = drawn[first : first + 2]  # its lines, drawn one after the other
    assert " ".join(line for line, _ in said) == f"Départage : {SIX[0][:12]} et {SIX[1][:12]}"
    virtual = next(b for b in app.scene.buttons if b.key == "virtual")
    for line, rect in said:
        assert rect.height >= SMALLEST, (line, rect)
        assert not rect.colliderect(virtual.rect), (line, rect, virtual.rect)
    app.close()


@pytest.mark.parametrize("rules", ["sloubi", "sloubi-enfants"])
def test_with_six_long_names_every_screen_keeps_its_type_big_and_inside(
    tmp_path: Path, rules: str
) -> None:
    app, clock = make_app(tmp_path, rules=rules, players=[n[:12] for n in SIX], voice=False)
    drawn = _record_sized(app)
    screens: dict[str, list[tuple[str, int, pygame.Rect]]] = {}

    def look() -> None:  # every look kept, not a state's last one only
        drawn.clear()
        app.refresh()
        app.step()
        screens.setdefault(app.scene.state.split("-", 1)[-1], []).extend(drawn)

    press(app)
    for song in range(3):
        for i in range(6):
            if song == 0 and i == 0 and rules == "sloubi-enfants":
                _type(app, "117")
                press(app, Action.CONFIRM)
                look()  # a total too big for the children, refused
                for _ in range(3):
                    _tap_button(app, "erase")
            _type(app, str(100 + i))
            look()  # a bucket typed
            press(app, Action.CONFIRM)
        look()  # the winner, ready to sing
        press(app)
        clock.now += 30
        look()  # the song
        _tap_button(app, "sing")
        look()  # the result
        press(app)
    look()  # the end
    assert app.scene.name == "fin"
    whole = app.surface.get_rect()
    for name, lines in screens.items():
        for line, size, rect in lines:
            assert size >= SMALLEST, f"{name}: « {line} » in {size} px"
            assert whole.contains(rect), f"{name}: « {line} » clipped"
    app.close()
