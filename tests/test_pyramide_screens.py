"""Pyramide on the screen, played through the app's inputs (taps, keys, the buzzer)."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pygame
from test_app import FakeClock, make_app, press, settle, tap, type_char

from device.app import App, AppOptions
from device.intents import Action
from device.reader import NoCamera
from device.scenes.pyramide import PyramideScene
from engine.events import Event
from engine.pyramide import (
    BrickPlayed,
    BricksBid,
    ClockStarted,
    ExpressionFound,
    NameBid,
    Phase,
    PyramideGame,
    PyramidEnded,
    SolutionGiven,
)
from engine.session import Session

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]


def _tap_button(app: App, key: str) -> None:
    app.step()  # drawn: the buttons are laid out
    button = next((b for b in app.scene.buttons if b.key == key), None)
    assert button is not None, f"no button {key} on {app.scene.state}"
    tap(app, *button.rect.center)


def _type(app: App, text: str) -> None:
    for char in text:
        type_char(app, char)


def _game(app: App) -> PyramideGame:
    assert app.session is not None and isinstance(app.session.game, PyramideGame)
    return app.session.game


def _clock(app: App) -> FakeClock:
    assert isinstance(app.clock, FakeClock)
    return app.clock


def _enigma_found_in_one_brick_each() -> list[Event]:
    events: list[Event] = []
    for _ in range(5):
        events += [BricksBid(1), BrickPlayed("found", 0.0)]
    return [*events, SolutionGiven(True)]


def _at(app: App, rules: str, events: list[Event], players: list[str] = PLAYERS) -> App:
    """The game played up to a point by its events (as a resumed game would be), shown."""
    session = Session.new(app.store, rules, players, clock=app.clock)
    for event in events:
        session.do(event)
    app.play(session)
    app.step()
    return app


def _to_ping_pong() -> list[Event]:
    from engine.pyramide import EnigmasStopped

    return _enigma_found_in_one_brick_each() * 6 + [EnigmasStopped()]


def test_an_enigme_played_by_touch_and_keys_scores_its_words_bonus_and_solution(
    tmp_path: Path,
) -> None:
    app, _ = make_app(tmp_path, rules="pyramide", players=PLAYERS)
    press(app)  # home: play
    assert app.scene.state == "enigme01-mot0-mise"
    _tap_button(app, "bid:3")
    _tap_button(app, "missed")
    _tap_button(app, "found")  # the first word in 2 bricks of 3: one goes back to the stock
    for _ in range(4):
        type_char(app, "1")  # a bid typed on a USB keyboard
        type_char(app, "T")  # found
    assert app.scene.state == "enigme01-mot5-solution"
    enigma = _game(app).enigmas[0]
    assert enigma.stock == 13 - 2 - 4 and enigma.bonus == 7
    _tap_button(app, "solution:yes")
    assert app.scene.state == "enigme02-mot0-mise"
    sheet = _game(app).sheet()
    assert sheet["Ana"].enigmes == sheet["Bruno"].enigmes == 5 + 7 + 1
    assert sheet["Ana"].bonus == 7 and sheet["Ana"].solutions == 1
    assert sheet["Chloé"].total == 0
    app.close()


def test_an_enigme_s_5_minutes_are_an_ideal_a_call_at_5_00_and_play_goes_on(
    tmp_path: Path,
) -> None:
    """Rules 4.1.3: "Le timing idéal pour résoudre une énigme est de 5 minutes." """
    app, clock = make_app(tmp_path, rules="pyramide", players=PLAYERS)
    press(app)
    type_char(app, "2")
    clock.now += 299
    app.step()
    assert "time_up" not in app.sounds.played
    clock.now += 2
    app.step()
    clock.now += 60
    app.step()
    assert app.sounds.played.count("time_up") == 1, "one call, at 5:00"
    _tap_button(app, "found")
    assert _game(app).enigmas[0].words[0].found, "an ideal, not a limit: the énigme goes on"
    app.close()


def test_a_bid_that_leaves_no_brick_for_the_words_to_come_is_refused_in_french(
    tmp_path: Path,
) -> None:
    app, _ = make_app(tmp_path, rules="pyramide", players=PLAYERS)
    press(app)
    type_char(app, "9")
    assert _game(app).enigmas[0].words[0].bid == 9, "9 leaves one brick for each word after"
    for _ in range(9):
        _tap_button(app, "missed")
    type_char(app, "2")  # 4 bricks left for 4 words
    assert app.scene.message == "la mise va de 1 à 1 briques pour ce mot"
    assert len(_game(app).enigmas[0].words) == 1
    app.close()


def test_a_ping_pong_brick_left_20_seconds_passes_the_hand_with_a_call(tmp_path: Path) -> None:
    app, clock = make_app(tmp_path)
    _at(app, "pyramide", _to_ping_pong())
    assert app.scene.state == "pingpong-depart"
    press(app)  # the buzzer starts the clock
    assert _game(app).ping_pong_team() == 1
    clock.now += 17.6
    app.step()
    clock.now += 1
    app.step()
    assert app.sounds.played[-2:] == ["beep", "beep"], "the brick's last seconds beep"
    clock.now += 2
    app.step()
    assert app.sounds.played[-1] == "time_up"
    assert _game(app).ping_pong[0].bricks == [(1, "late")]
    assert _game(app).ping_pong_team() == 2 and app.scene.state == "pingpong-mot1-brique2"
    app.close()


def test_an_error_seen_a_brick_late_is_marked_on_its_brick_and_scores_for_the_others(
    tmp_path: Path,
) -> None:
    app, _ = make_app(tmp_path)
    _at(app, "pyramide", _to_ping_pong())
    press(app)
    _tap_button(app, "missed")  # team 1's brick: the error was there
    _tap_button(app, "missed")
    _tap_button(app, "note-error")
    assert app.scene.state.endswith("-erreur")
    _tap_button(app, "cell:1:1")
    word = _game(app).ping_pong[0]
    assert word.bricks == [(1, "error")] and word.point_to == 2
    assert app.scene.state == "pingpong-mot2-brique2", "team 2 has the hand, brick 2 next"
    app.close()


def _to_names() -> list[Event]:
    ping_pong: list[Event] = [ClockStarted(0.0)] + [BrickPlayed("found", 1.0)] * 5
    return _to_ping_pong() + ping_pong


def test_in_the_noms_propres_a_lower_bid_takes_the_name(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    _at(app, "pyramide", _to_names())
    assert app.scene.state == "noms-nom1-enchere"
    type_char(app, "3")  # team 2 has the hand and bids 3
    _tap_button(app, "bid:1:2")  # team 1 bids lower and takes the name
    assert app.scene.state == "noms-nom1-2paris-brique1"
    _tap_button(app, "missed")
    _tap_button(app, "missed")  # team 1's 2 bricks spent: the point goes to team 2
    name = _game(app).names[0]
    assert name.point_to == 2 and _game(app).names[1].hand == 2
    app.close()


def test_an_error_of_the_last_ping_pong_word_is_noted_until_the_first_name_bid(
    tmp_path: Path,
) -> None:
    """Rules 4.2.4: the error is put right "uniquement si le mot suivant n'a pas été
    commencé"; after the Ping-Pong's last word, the next is the first proper name."""
    app, _ = make_app(tmp_path)
    _at(app, "pyramide", _to_names())  # team 1 found its 5 words, the last in one brick
    assert app.scene.state == "noms-nom1-enchere"
    _tap_button(app, "note-error")
    assert app.scene.state.endswith("-erreur")
    _tap_button(app, "cell:5:1")  # team 1 had said the word: the point goes to team 2
    game = _game(app)
    assert game.ping_pong[4].point_to == 2 and game.ping_pong[4].bricks == [(1, "error")]
    assert app.scene.state == "noms-nom1-enchere", "the Noms propres begin again"
    type_char(app, "2")
    app.step()
    assert not any(b.key == "note-error" for b in app.scene.buttons), "too late once bid"
    app.close()


def _to_pyramids() -> list[Event]:
    names: list[Event] = []
    for _ in range(4):
        names += [NameBid(2, 1), BrickPlayed("found", 2.0)]
    return _to_names() + names


def test_a_grande_pyramide_runs_1_min_10_and_the_second_ends_the_game_on_the_sheet(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path)
    _at(app, "pyramide", _to_pyramids())
    assert app.scene.state == "grande1-depart"
    press(app)  # the buzzer starts the pyramid
    press(app)
    press(app)  # two expressions found
    assert app.scene.state == "grande1-expression3"
    clock.now += 71
    app.step()
    assert app.sounds.played[-1] == "time_up"
    assert app.scene.state == "grande2-depart"
    _tap_button(app, "start")
    press(app)
    _tap_button(app, "word-said")  # Dico said a word: the pyramid stops there
    assert app.scene.name == "fin"
    game = _game(app)
    assert game.over and [p.found for p in game.pyramids] == [2, 1]
    assert game.sheet()["Ana"].grandes_pyramides == 2
    winner = game.ranking()[0]
    app.step()
    assert app.scene.state == "fin-feuille1"
    _tap_button(app, "sheet-next")
    assert app.scene.state == "fin-feuille2", "the verso: each énigme"
    assert winner in ("Ana", "Bruno", "Chloé", "David")
    app.close()


def test_the_winning_doublette_is_named_as_one_and_ties_go_to_the_bonus(tmp_path: Path) -> None:
    from device.pyramide_sheet import winner_line

    app, _ = make_app(tmp_path)
    events = [*_to_pyramids(), ClockStarted(10.0), ExpressionFound(11.0), PyramidEnded(80.0)]
    events += [ClockStarted(90.0), PyramidEnded(160.0)]
    _at(app, "pyramide", events)
    game = _game(app)
    sheet = game.sheet()
    assert sheet["Ana"].total > sheet["Chloé"].total
    assert winner_line(game) == "Ana et Bruno gagnent !"
    app.close()


def test_the_root_helper_flags_a_proposal_of_the_same_family(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path, rules="pyramide", players=PLAYERS)
    press(app)
    _tap_button(app, "racine")
    for letter in "COURIR":
        _tap_button(app, f"kb:{letter}")  # the on-screen keyboard
    _tap_button(app, "field:1")
    _type(app, "parcourir")  # a USB keyboard
    press(app, Action.CONFIRM)
    settle(app)
    assert app.scene.state.endswith("-racine-verdict")
    scene = app.scene
    assert isinstance(scene, PyramideScene) and scene.racine is not None
    assert [w.rule for w in scene.racine.verdict or []] == ["famille"]
    _tap_button(app, "close")
    assert app.scene.state == "enigme01-mot0-mise", "back to the énigme as it was"
    app.close()


def test_the_score_sheet_opens_over_any_screen_and_closes_back(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    _at(app, "pyramide", _enigma_found_in_one_brick_each())
    _tap_button(app, "sheet")
    assert app.scene.state == "enigme02-mot0-mise-feuille1"
    _tap_button(app, "sheet-next")
    assert app.scene.state == "enigme02-mot0-mise-feuille2"
    type_char(app, "3")
    assert not _game(app).enigmas[1].words, "a key under the sheet does nothing"
    press(app)
    assert app.scene.state == "enigme02-mot0-mise"
    app.close()


def test_pyramide_individuel_at_three_is_chosen_on_the_home_screen(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    _tap_button(app, "family:pyramide")  # Pyramide (doublettes)...
    _tap_button(app, "family:pyramide")  # ...then its variant, en individuel (3 or 4)
    _tap_button(app, "fewer")
    assert app.scene.state == "accueil-pyramide-individuel-3"
    _tap_button(app, "play")
    game = _game(app)
    assert game.start.rules == "pyramide-individuel" and len(game.players) == 3
    assert app.scene.state == "enigme01-mot0-mise"
    app.close()


DEMO_STEP = 1.5
"""Seconds of the fake clock a turn of the loop: the demo acts every other turn."""


def _run_demo(app: App, steps: int) -> None:
    clock = _clock(app)
    for _ in range(steps):
        if not app.running:
            return
        clock.now += DEMO_STEP
        app.step()
        app.jobs.settle()


def test_a_whole_pyramide_demo_game_plays_to_the_end_with_no_text_under_20_px(
    tmp_path: Path,
) -> None:
    app, _ = make_app(
        tmp_path, rules="pyramide", players=LONG_NAMES, demo=True, exit_after_game=True
    )
    smallest = _smallest_text(app)
    _run_demo(app, 5_000)
    assert not app.running, "the demo game did not end"
    game = _game(app)
    assert game.over and game.phase is Phase.OVER
    shots = [p.name for p in (tmp_path / "shots").iterdir()]
    for needed in ("accueil-pyramide", "enigme01-mot0-mise", "-solution", "racine-verdict",
                   "feuille2", "pingpong-depart", "-erreur", "noms-nom1-enchere", "2paris",
                   "grande1-depart", "grande2-expression", "fin-feuille1"):  # fmt: skip
        assert any(needed in name for name in shots), needed
    assert app.sounds.played.count("time_up") >= 2, "a late brick and a pyramid's time up"
    assert not _too_small(smallest), _too_small(smallest)
    assert len(smallest) > 40, "every screen was drawn"
    app.close()


def _quiet_app(tmp_path: Path, now: float, **options: object) -> App:
    """The referee on ``tmp_path`` at ``now``, taking no screenshots (faster)."""
    clock = FakeClock()
    clock.now = now
    return App(AppOptions(data_dir=tmp_path, **options), NoCamera(), clock=clock)  # type: ignore[arg-type]


def _point(app: App) -> tuple[str, dict[str, object], float | None]:
    """What must come back after a power cut: the screen's play state, the game, its clock."""
    scene = app.scene
    shown = scene.play_state if isinstance(scene, PyramideScene) else scene.state
    game = _game(app)
    return shown, copy.deepcopy(vars(game)), game.remaining(_clock(app).now)


def test_a_pyramide_game_cut_at_random_points_resumes_identically_its_clock_running_on(
    tmp_path: Path,
) -> None:
    """The demo plays; the power goes at a random point of each phase (the referee is
    reopened and the game resumed by a tap): the game, its screen and its
    running clock (a Ping-Pong brick, a pyramid) are as they were; the game goes on to its
    end."""
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    why = f"seed {seed}"
    options = {"rules": "pyramide-individuel", "players": LONG_NAMES[:3], "demo": True,
               "exit_after_game": True}  # fmt: skip
    app = _quiet_app(tmp_path, 1_000_000.0, **options)
    smallest = _smallest_text(app)
    phases = {Phase.ENIGMES: 180, Phase.PING_PONG: 35, Phase.NOMS_PROPRES: 20}
    phases[Phase.GRANDES_PYRAMIDES] = 60  # steps the demo usually spends in each
    for phase, steps in phases.items():
        while app.running and (app.session is None or _game(app).phase is not phase):
            _run_demo(app, 1)
        for _ in range(rng.randrange(steps)):
            if _game(app).phase is not phase:
                break
            _run_demo(app, 1)
        shown, state, left = _point(app)
        now = _clock(app).now
        app.close()  # the power goes
        app = _quiet_app(tmp_path, now, **options)
        _smallest_text(app, smallest)
        _tap_button(app, "resume")
        assert _point(app)[0] == shown, why
        assert vars(_game(app)) == state, why
        _clock(app).now += 2  # the referee was off 2 s: its clock ran on
        if left is not None:
            assert _game(app).remaining(_clock(app).now) == max(0.0, left - 2), why
    _run_demo(app, 5_000)
    assert not app.running and _game(app).over, why
    assert not _too_small(smallest), _too_small(smallest)
    app.close()


SMALLEST_TEXT = 20
"""Pixels: the smallest type the players a metre away can read on the 800x480 panel."""

LONG_NAMES = ["Jean-Baptist", "Marie-Claude", "Maximilienne", "Bartholomé"]
"""Names as long as the home screen takes (12 letters)."""


def _smallest_text(
    app: App, smallest: dict[str, tuple[int, str]] | None = None
) -> dict[str, tuple[int, str]]:
    """From now on, the smallest text each screen state of ``app`` draws (pixels, the
    text), kept in ``smallest`` (a new dict by default)."""
    theme = app.theme
    sizes: list[int] = []
    font, text = theme.font, theme.text
    smallest = {} if smallest is None else smallest

    def sized_font(scale: float) -> pygame.font.Font:
        sizes.append(max(10, round(theme.height * scale)))
        return font(scale)

    def recorded_text(surface: pygame.Surface, line: str, *args: object, **kw: object) -> object:
        box = text(surface, line, *args, **kw)  # type: ignore[arg-type]
        state = app.scene.state
        if line.strip() and sizes[-1] < smallest.get(state, (999, ""))[0]:
            smallest[state] = (sizes[-1], line)
        return box

    theme.font = sized_font  # type: ignore[method-assign]
    theme.text = recorded_text  # type: ignore[method-assign]
    return smallest


def _too_small(smallest: dict[str, tuple[int, str]]) -> dict[str, tuple[int, str]]:
    """The screens with a text under :data:`SMALLEST_TEXT` (the home screen included)."""
    return {state: found for state, found in smallest.items() if found[0] < SMALLEST_TEXT}


def test_an_upheld_arbitration_after_a_pyramid_counts_only_the_expressions_before_it(
    tmp_path: Path,
) -> None:
    """ "Si l'un des adversaires pense que Dico a fait une proposition interdite, il attend
    la fin de la Pyramide et demande un arbitrage" (4.4.3): asked for on the screen between
    the two pyramids, the verdict stops the first pyramid at the contested expression."""
    app, clock = make_app(tmp_path)
    _at(app, "pyramide", _to_pyramids())
    app.step()
    assert not any(b.key == "arbitrate" for b in app.scene.buttons), "nothing to contest yet"
    press(app)  # the first pyramid starts
    press(app)
    press(app)
    press(app)  # three expressions found
    clock.now += 71
    app.step()
    assert app.scene.state == "grande2-depart"
    _tap_button(app, "arbitrate")
    assert app.scene.state == "grande2-depart-arbitrage"
    _tap_button(app, "arbitrate-expression:2")
    assert app.scene.state == "grande2-depart-arbitrage2"
    _tap_button(app, "arbitrate:forbidden")
    assert app.scene.state == "grande2-depart", "back to the second pyramid's start"
    pyramid = _game(app).pyramids[0]
    assert (pyramid.found, pyramid.points) == (3, 1), "only the expression before the 2nd"
    app.close()


def test_a_rejected_arbitration_keeps_the_pyramid_s_points_and_cancel_changes_nothing(
    tmp_path: Path,
) -> None:
    app, clock = make_app(tmp_path)
    _at(app, "pyramide", [*_to_pyramids(), ClockStarted(0.0), ExpressionFound(5.0)])
    clock.now = 71.0
    app.step()
    _tap_button(app, "arbitrate")
    _tap_button(app, "arbitrate-close")
    assert app.scene.state == "grande2-depart" and not _game(app).pyramids[0].arbitrations
    _tap_button(app, "arbitrate")
    _tap_button(app, "arbitrate-expression:1")
    _tap_button(app, "arbitrate:allowed")
    pyramid = _game(app).pyramids[0]
    assert pyramid.arbitrations == [(1, False)] and pyramid.points == 1
    app.close()


def test_the_second_pyramid_is_arbitrated_from_the_end_screen(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    events = [*_to_pyramids(), ClockStarted(0.0), PyramidEnded(70.0), ClockStarted(80.0)]
    events += [ExpressionFound(81.0), ExpressionFound(82.0), PyramidEnded(150.0)]
    _at(app, "pyramide", events)
    assert app.scene.name == "fin"
    before = _game(app).sheet()["Chloé"].grandes_pyramides
    _tap_button(app, "arbitrate")
    _tap_button(app, "arbitrate-expression:1")
    assert app.scene.state == "fin-feuille1-arbitrage1"
    press(app)  # the buzzer does not leave the game while the verdict is asked
    assert app.scene.name == "fin" and app.session is not None
    _tap_button(app, "arbitrate:forbidden")
    assert app.scene.state == "fin-feuille1"
    assert (before, _game(app).sheet()["Chloé"].grandes_pyramides) == (2, 0)
    app.close()


def test_from_the_6th_enigme_the_referee_may_stop_during_an_enigme_which_does_not_count(
    tmp_path: Path,
) -> None:
    """ "Si les 12 énigmes ne sont pas terminées, seuls les points des 6, 8, ou 10 premières
    seront comptabilisés" (6.2): time may run out in the middle of the 7th."""
    app, _ = make_app(tmp_path)
    _at(app, "pyramide", [*_enigma_found_in_one_brick_each() * 6, BricksBid(2)])
    assert app.scene.state == "enigme07-mot1-brique1"
    _tap_button(app, "stop")
    game = _game(app)
    assert game.phase is Phase.PING_PONG
    assert game.sheet()["Ana"].enigmes == _sheet_of_six()
    app.close()


def _sheet_of_six() -> int:
    """Ana's Énigmes points when the Énigmes stop after 6 played whole."""
    from engine.events import GameStarted
    from engine.games import new_game
    from engine.pyramide import EnigmasStopped

    game = new_game(GameStarted("pyramide", tuple(PLAYERS), 1))
    assert isinstance(game, PyramideGame)
    for event in [*_enigma_found_in_one_brick_each() * 6, EnigmasStopped()]:
        game.apply(event)
    return game.sheet()["Ana"].enigmes
