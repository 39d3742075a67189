"""Les paroles s'envolent on the screen, played through the app's inputs: the buzzer and
Enter, taps on the buttons shown, letters typed on a USB keyboard."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
from test_app import make_app, press, settle, tap, type_char
from test_dcdl_text import _record_sized

from device.app import App
from device.intents import Action
from device.reader import DrawReading
from device.scenes.paroles import ParolesEndScene, ParolesVerdictScene
from engine.events import to_json
from engine.paroles import (
    AnnouncementAccepted,
    FirstCardsDrawn,
    HandRevealed,
    LiarCalled,
    ParolesGame,
    Phase,
    WordAnnounced,
)

Step = Callable[[App], None]


class RackReader:
    """A camera over a hand laid on a Scrabble rack, unsure of one card (a blank tile)."""

    def __init__(self, values: tuple[str, ...]) -> None:
        self.values = values
        self.reads = 0

    def read_letters(self, composition: object = None) -> DrawReading:
        self.reads += 1
        return DrawReading(self.values)

    def read_numbers(self) -> DrawReading:
        raise AssertionError("no plates in this game")

    def read_dice(self, vowel_die: bool) -> DrawReading:
        raise AssertionError("no dice in this game")

    def close(self) -> None:
        pass


def _game(app: App) -> ParolesGame:
    assert app.session is not None and isinstance(app.session.game, ParolesGame)
    return app.session.game


def _tap_button(app: App, key: str) -> None:
    app.step()  # drawn: the buttons are laid out
    button = next(b for b in app.scene.buttons if b.key == key)
    tap(app, *button.rect.center)


def _type(app: App, text: str) -> None:
    for char in text:
        type_char(app, char)


def _backspace(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, unicode="\b"))
    app.step()


def _saved(app: App) -> list[str]:
    assert app.session is not None
    return [to_json(e) for e in app.store.events(app.session.game_id)]


def _start(tmp_path: Path, reader: object = None, players: str = "Ana,Bruno,Chloé") -> App:
    app, _clock = make_app(tmp_path, reader, rules="paroles", players=players.split(","))
    press(app)  # home: play
    assert app.scene.name == "paroles-premier"
    return app


def test_the_lowest_card_plays_first_and_tied_players_draw_again_a_joker_after_z(
    tmp_path: Path,
) -> None:
    app = _start(tmp_path)
    _type(app, "eem")
    press(app, Action.CONFIRM)
    assert app.scene.name == "paroles-premier" and app.scene.state == "premier-tirage2"
    seats = [b.label for b in app.scene.buttons if b.key.startswith("seat:")]
    assert seats == ["Ana : _", "Bruno : _"], "only the players tied on E draw again"
    _tap_button(app, "key:?")  # Ana draws a joker: it ranks after Z
    _tap_button(app, "key:Z")
    _tap_button(app, "ok")
    assert app.scene.name == "paroles-annonce"
    assert _game(app).hand is not None and _game(app).hand.holder == "Bruno"  # type: ignore[union-attr]
    assert _game(app).listener == "Chloé"
    app.close()


def test_a_first_word_of_five_letters_is_refused_in_french_and_nothing_is_saved(
    tmp_path: Path,
) -> None:
    app = _start(tmp_path)
    _type(app, "mbt")
    press(app)  # Bruno drew the B
    saved = _saved(app)
    _type(app, "chats")
    press(app)
    assert app.scene.name == "paroles-annonce"
    assert app.scene.message == "sur une main neuve, on annonce 4 lettres au plus"
    assert _saved(app) == saved
    _backspace(app)
    press(app, Action.CONFIRM)
    assert app.scene.name == "paroles-reponse"
    assert _game(app).hand is not None and _game(app).hand.words == ["CHAT"]  # type: ignore[union-attr]
    app.close()


def test_menteur_by_the_next_player_a_lie_gives_the_accuser_the_word_s_length(
    tmp_path: Path,
) -> None:
    app = _start(tmp_path)
    _type(app, "mbt")
    press(app)
    _type(app, "chat")
    press(app, Action.CONFIRM)
    answer = app.scene
    labels = {b.key: b.label for b in answer.buttons}
    assert labels["accept"] == "Chloé accepte", "Chloé, next to Bruno, answers"
    _tap_button(app, "accept")
    hand = _game(app).hand
    assert hand is not None and (hand.holder, hand.cards) == ("Chloé", 6)
    for key in "CHANTE":  # on the screen's keyboard
        _tap_button(app, f"key:{key}")
    _tap_button(app, "ok")
    press(app)  # Ana's buzzer: "Menteur !"
    assert app.scene.name == "paroles-main"
    assert "paroles_liar" in _saved(app)[-1] and '"Ana"' in _saved(app)[-1]
    _type(app, "chat")
    press(app, Action.CONFIRM)
    assert app.scene.message == "la main compte 6 cartes, pas 4"
    assert _game(app).phase is Phase.REVEAL, "nothing lost: the hand is still to be shown"
    _type(app, "ez")
    press(app, Action.CONFIRM)
    verdict = app.scene
    assert isinstance(verdict, ParolesVerdictScene)
    assert verdict.lines()[1:3] == ["il manque un N", "Chloé a menti : Ana +6"]
    assert _game(app).scores == {"Ana": 6, "Bruno": 0, "Chloé": 0}
    press(app)
    assert app.scene.name == "paroles-annonce"
    hand = _game(app).hand
    assert hand is not None and (hand.holder, hand.cards, hand.words) == ("Ana", 5, [])
    app.close()


def test_a_hand_on_a_rack_is_photographed_and_its_blank_tile_told_a_joker(
    tmp_path: Path,
) -> None:
    reader = RackReader(("C", "H", "?", "T", "E"))
    app = _start(tmp_path, reader)
    _type(app, "mbt")
    press(app)
    _type(app, "chat")
    press(app)
    press(app)  # Chloé: "Menteur !"
    press(app)  # the photo of Bruno's rack
    assert reader.reads == 1
    assert app.scene.state == "main01-revelee-photo-correction"
    press(app)
    assert "orange" in (app.scene.message or ""), "an unsure card is not taken for a joker"
    _tap_button(app, "tile:2")
    type_char(app, "?")
    press(app)
    verdict = app.scene
    assert isinstance(verdict, ParolesVerdictScene)
    assert verdict.call.check.cards == "CH?TE"
    assert verdict.lines()[1:3] == ["la main écrit « chat »", "Bruno disait vrai : +4"]
    assert _game(app).scores["Bruno"] == 4
    app.close()


# --- a whole game, and the same game cut off at any point ------------------------------

FIRST = "BM"
"""Ana draws the B, Bruno the M: Ana plays first."""

HANDS = [  # (announcements, each accepted but the last; the hand revealed): Ana wins 26-17
    (["CHAT", "CHANTE"], "CHANTE"),  # Ana calls Bruno: true, Bruno +6
    (["LOUP"], "LOUPE"),  # Bruno calls Ana: true, Ana +4
    (["ROSE"], "RASEZ"),  # Ana calls Bruno: no O, Ana +4
    (["MAIS", "MAISON", "MAISONS"], "MAISONS"),  # true, Ana +7
    (["ELAN", "PLANTE"], "PLANTS"),  # Bruno calls Ana: no E, Bruno +6
    (["ARC"], "ARCEZ"),  # true, Bruno +3
    (["NUIT", "TRUITE", "TRUITES"], "TRUITES"),  # true, Ana +7
    (["OS"], "OSXYZ"),  # true, Bruno +2
    (["CIEL"], "CIELS"),  # true, Ana +4: 26
]


def _whole_game() -> list[Step]:
    """The inputs of a whole game, each step ending on a new screen, mixing the USB keyboard,
    the on-screen one, the buzzer and taps."""

    def typed(text: str) -> Step:
        return lambda app: _type(app, text)

    def tapped(*keys: str) -> Step:
        def step(app: App) -> None:
            for key in keys:
                _tap_button(app, key)

        return step

    def pressed(action: Action) -> Step:
        return lambda app: press(app, action)

    def then(*steps: Step) -> Step:
        def step(app: App) -> None:
            for part in steps:
                part(app)

        return step

    steps: list[Step] = [then(typed(FIRST.lower()), pressed(Action.CONFIRM))]
    for n, (words, cards) in enumerate(HANDS):
        for i, word in enumerate(words):
            if (n + i) % 2:
                steps.append(tapped(*(f"key:{c}" for c in word), "ok"))
            else:
                steps.append(then(typed(word.lower()), pressed(Action.CONFIRM)))
            last = i == len(words) - 1
            if last:
                steps.append(tapped("liar") if n % 2 else pressed(Action.BUZZ))
            else:
                steps.append(tapped("accept") if i % 2 else pressed(Action.CONFIRM))
        steps.append(then(typed(cards), pressed(Action.CONFIRM)))
        steps.append(pressed(Action.BUZZ))  # the verdict seen
    return steps


def _play(app: App, steps: list[Step]) -> list[str]:
    """Play ``steps``; the screen's state after each."""
    states = []
    for step in steps:
        step(app)
        states.append(app.scene.state)
    return states


def test_a_game_cut_at_a_random_point_resumes_identically(tmp_path: Path) -> None:
    steps = _whole_game()
    whole = _start(tmp_path / "whole", players="Ana,Bruno")
    states = _play(whole, steps)
    end = whole.scene
    assert isinstance(end, ParolesEndScene), "a whole game by hand ends on its end screen"
    assert end.title() == "Ana gagne !"
    assert _game(whole).scores == {"Ana": 26, "Bruno": 17}
    sheet = end.sheet()
    assert sheet[0] == "1. CHANTE (Bruno) : vrai, Bruno +6"
    assert sheet[2] == "3. ROSE (Bruno) : menti, Ana +4"
    assert len(sheet) == len(HANDS)
    events = _saved(whole)
    whole.close()
    for k in random.Random(21).sample(range(1, len(steps)), 2):
        folder = tmp_path / f"cut-{k}"
        app = _start(folder, players="Ana,Bruno")
        _play(app, steps[:k])
        before = app.scene.state
        assert before == states[k - 1]
        app.close()  # the power goes
        resumed, _ = make_app(folder, rules="paroles")
        _tap_button(resumed, "resume")
        shown = resumed.scene.state
        if shown != before:
            # a verdict seen, the next hand not begun: the verdict shows again (as after a
            # round of the other games), and the buzzer goes on to the same screen
            assert shown.endswith("-verdict") and states[k - 2] == shown
            press(resumed)
        assert resumed.scene.state == before
        assert _play(resumed, steps[k:]) == states[k:]
        assert _saved(resumed)[1:] == events[1:]  # (the game's seed is its own)
        resumed.close()


def test_a_whole_paroles_demo_game_plays_to_the_end(tmp_path: Path) -> None:
    app, clock = make_app(tmp_path, rules="paroles", demo=True, exit_after_game=True)
    for _ in range(20_000):
        if not app.running:
            break
        clock.now += 0.5
        app.step()
        app.jobs.settle()
    assert not app.running, "the demo game did not end"
    game = _game(app)
    assert game.over and max(game.scores.values()) >= 25
    shots = [p.name for p in (tmp_path / "shots").iterdir()]
    for needed in ("accueil-paroles", "premier", "annonce", "reponse", "revelee", "verdict", "fin"):
        assert any(needed in name for name in shots), needed
    settle(app)
    app.close()


# --- six long names: every screen readable --------------------------------------------

SIX = ["Marie-Hélène", "Jean-Baptiste", "Maximilienne", "Christophe", "Gwendoline", "Bartholomé"]
SMALLEST = 19
"""The smallest type allowed, in pixels at 800x480 ("about 20 px")."""


def test_with_six_long_names_every_screen_keeps_its_type_big_and_inside(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path, rules="paroles", players=[n[:12] for n in SIX])
    drawn = _record_sized(app)
    press(app)
    session = app.session
    assert session is not None
    names = session.game.players
    screens: dict[str, list[tuple[str, int, pygame.Rect]]] = {}

    def look() -> None:  # every look kept: a scene's first announcement differs from its next
        drawn.clear()
        app.refresh()
        app.step()
        screens.setdefault(app.scene.name, []).extend(drawn)

    look()  # the first player's draw
    session.do(FirstCardsDrawn("ABCDEF"))
    words = ["LE", "MER", "MERE", "MERES", "MERLES", "MERLANS"]
    for cycle in range(4):  # the hand goes round, the last player is called: true, +7
        for i, word in enumerate(words):
            if cycle == 0:
                app.play(session)
                look()  # an announcement (a hand of many cards, words said)
            session.do(WordAnnounced(names[i], word))
            if cycle == 0:
                app.play(session)
                look()  # the answer
            if i < len(words) - 1:
                session.do(AnnouncementAccepted(names[i + 1]))
        session.do(LiarCalled(names[0]))
        if cycle == 0:
            app.play(session)
            _type(app, "merlan??ab")
            look()  # the hand revealed, typed
            press(app)
            look()  # the verdict
        else:
            session.do(HandRevealed("MERLAN??AB"))
    assert session.game.over and session.game.scores[names[5]] == 28
    app.play(session)
    press(app)
    look()  # the end
    assert set(screens) == {
        "paroles-premier", "paroles-annonce", "paroles-reponse", "paroles-main",
        "paroles-verdict", "fin",
    }  # fmt: skip
    whole = app.surface.get_rect()
    for name, lines in screens.items():
        for line, size, rect in lines:
            assert size >= SMALLEST, f"{name}: « {line} » in {size} px"
            assert whole.contains(rect), f"{name}: « {line} » clipped"
    app.close()


def test_home_offers_the_bluff_game_with_its_player_count(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    _tap_button(app, "family:paroles")
    _tap_button(app, "more")
    assert app.scene.state == "accueil-paroles-3"
    press(app)
    assert app.scene.name == "paroles-premier"
    assert _game(app).players == ("Joueur 1", "Joueur 2", "Joueur 3")
    _tap_button(app, "virtual")  # no cards at hand: the referee draws one for each
    assert "paroles_first_cards" in _saved(app)[-1]
    assert _game(app).first_cards and len(_game(app).first_cards[0]) == 3
    app.close()


def test_a_line_shrunk_to_its_width_never_overflows_it(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    surface = pygame.Surface(app.theme.size)
    line = "1. MAISON (Joueur 2) : menti, Joueur 1 +6"
    for width in range(300, 700, 7):
        rect = app.theme.text(surface, line, 0.05, topleft=(0, 0), max_width=width)
        assert rect.width <= width, width
    app.close()
