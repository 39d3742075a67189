"""Phones in every game that has answers (issue 24): a count written step by step with the
touchscreen's live checks and French reasons, the dice game's announcements and word, the
bluff game's word and "Menteur !". The phones are one more input of the engine: their moves
are judged by the same rules as the touchscreen's, on a real SQLite store, and a table may
mix both. The phones' requests run in threads, as under uvicorn, while the test's thread
plays the UI thread's part."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from fakeclock import FakeClock
from phone_calls import pumped
from starlette.testclient import TestClient

from device.web.bridge import PhoneBridge
from device.web.server import create_app
from device.web.table import PhoneTable
from engine.dice import CountdownStopped, DiceGame, DiceRolled, LettersAnnounced
from engine.events import NumbersDrawn, RoundClosed
from engine.paroles import FirstCardsDrawn, HandRevealed, ParolesGame
from engine.session import Session
from engine.store import Store

PLAYERS = ["Ana", "Bob", "Chloé"]


class Table:
    """A game of ``rules`` with phones: store, session, table, bridge, an HTTP client."""

    def __init__(self, folder: Path, rules: str, clock: FakeClock | None = None) -> None:
        self.clock = clock or FakeClock()
        self.store = Store(folder / "games.db")
        self.session = Session.new(self.store, rules, PLAYERS, seed=1, clock=self.clock)
        self.phones = PhoneTable(PLAYERS, clock=self.clock)
        self.bridge = PhoneBridge(self.phones, lambda: self.session)
        self.client = TestClient(create_app(self.phones, trust_any_client=True))
        self.bridge.sync()
        self.tokens = {name: self.join(name) for name in PLAYERS}

    def join(self, name: str) -> dict[str, str]:
        reply = self.client.post("/api/join", json={"code": self.phones.code, "name": name})
        return {"X-Jeton": reply.json()["jeton"]}

    def at_once(self, *calls: Callable[[], Any]) -> list[Any]:
        """The phones' requests together, each in its thread, pumped like the UI thread."""
        return pumped(self.bridge, *calls)

    def move(self, name: str, **move: Any) -> Callable[[], Any]:
        def send() -> Any:
            turn = self.state(name)["jeu"]["tour"]
            return self.client.post(
                "/api/coup", headers=self.tokens[name], json={"tour": turn, **move}
            )

        return send

    def state(self, name: str) -> dict[str, Any]:
        reply: dict[str, Any] = self.client.get("/api/state", headers=self.tokens[name]).json()
        return reply

    def check(self, name: str, number: int, steps: list[list[Any]]) -> Any:
        return self.client.post(
            "/api/verifier", headers=self.tokens[name], json={"round": number, "etapes": steps}
        )


# --- a count written step by step ---------------------------------------------------------


def test_a_count_is_checked_step_by_step_with_the_touchscreen_s_french_reasons(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path, "boxed")
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    table.bridge.sync()
    good = table.check("Ana", 1, [[100, "*", 6], [8, "*", 10]]).json()
    assert [line["texte"] for line in good["etapes"]] == ["100 x 6 = 600", "8 x 10 = 80"]
    assert good["raison"] is None and good["valeur"] == 80
    # The plates keep their places; the used ones are no longer free, the results are.
    assert good["plaques"] == [[3, True], [100, False], [8, True], [8, False], [10, False],
                               [6, False]]  # fmt: skip
    assert good["resultats"] == [[600, True], [80, True]]
    inexact = table.check("Ana", 1, [[100, "*", 6], [3, "/", 8]]).json()
    assert inexact["raison"] == "étape 2 : division non exacte (3 ÷ 8)"
    used = table.check("Ana", 1, [[100, "*", 6], [100, "+", 3]]).json()
    assert used["raison"] == "étape 2 : le 100 est déjà utilisé"
    negative = table.check("Ana", 1, [[3, "-", 8]]).json()
    assert negative["raison"] == "résultat négatif (3 − 8)"
    # The count's text, sent as the answer, is the engine's to score.
    text = table.check("Ana", 1, [[100, "*", 6], [8, "*", 10], [600, "+", 80], [680, "+", 3]])
    assert text.json()["valeur"] == 683
    (reply,) = table.at_once(
        lambda: table.client.post(
            "/api/answer",
            headers=table.tokens["Ana"],
            json={"round": 1, "answer": text.json()["texte"]},
        )
    )
    assert reply.status_code == 200
    table.clock.advance(60)
    table.session.tick()
    table.session.do(RoundClosed())
    assert table.session.dcdl.records[0].points["Ana"] == 10


def test_a_count_check_is_refused_outside_its_numbers_round_or_malformed(tmp_path: Path) -> None:
    table = Table(tmp_path, "boxed")
    assert table.check("Ana", 1, [[100, "*", 6]]).status_code == 409  # no draw yet
    table.session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
    table.session.start_timer()
    table.bridge.sync()
    bad = table.check("Ana", 1, [[100, "^", 6]])
    assert bad.status_code == 400 and "étape" in bad.json()["erreur"]
    assert table.check("Ana", 1, [[1, "+", 1]] * 6).status_code == 400
    assert table.check("Ana", 2, [[100, "*", 6]]).status_code == 409
    stranger = table.client.post("/api/verifier", json={"round": 1, "etapes": []})
    assert stranger.status_code == 401


# --- the dice game --------------------------------------------------------------------------


def test_dice_announcements_from_phones_at_once_the_lower_interrupts_and_the_word_scores(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path, "dice")
    game = table.session.game
    assert isinstance(game, DiceGame)
    table.session.do(DiceRolled("CHT"))
    table.bridge.sync()
    assert table.state("Bob")["jeu"]["des"] == ["C", "H", "T"]
    # Ana and Bob both say 6 at once: the first the game takes counts, the other is told why.
    first = table.at_once(
        table.move("Ana", coup="annonce", lettres=6), table.move("Bob", coup="annonce", lettres=6)
    )
    assert sorted(r.status_code for r in first) == [200, 409]
    (refused,) = [r for r in first if r.status_code == 409]
    assert refused.json()["erreur"] == "Il faut annoncer moins de 6 lettres pour interrompre"
    counting = game.rounds[0].counting
    assert counting is not None and counting.letters == 6
    table.clock.advance(2)
    (lower,) = table.at_once(table.move("Chloé", coup="annonce", lettres=4))
    assert lower.status_code == 200
    seen = table.state("Ana")["jeu"]
    assert seen["compte"]["joueur"] == "Chloé" and seen["compte"]["lettres"] == 4
    # Only the last announcer gives the word, at STOP.
    table.clock.advance(4)
    assert table.session.clock_due() == CountdownStopped(table.clock.now)
    table.bridge.sync()
    (stolen,) = table.at_once(table.move("Ana", coup="mot", mot="chat"))
    assert (
        stolen.status_code == 409 and stolen.json()["erreur"] == "C'est à Chloé de donner son mot"
    )
    (word,) = table.at_once(table.move("Chloé", coup="mot", mot="chut"))
    assert word.status_code == 200
    assert game.scores == {"Ana": 0, "Bob": 0, "Chloé": 4}
    last = table.state("Bob")["jeu"]["dernier"]
    assert last["points"] == {"Ana": 0, "Bob": 0, "Chloé": 4}
    assert "chut" in last["texte"] and last["plus_courts"]


def test_dice_impossible_from_a_phone_is_worth_three_and_a_stale_move_is_refused(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path, "dice")
    game = table.session.game
    assert isinstance(game, DiceGame)
    table.session.do(DiceRolled("KWX"))
    table.bridge.sync()
    old_turn = table.state("Ana")["jeu"]["tour"]
    (said,) = table.at_once(table.move("Bob", coup="impossible"))
    assert said.status_code == 200
    table.clock.advance(10)
    table.session.clock_due()
    table.bridge.sync()
    assert game.scores["Bob"] == 3 and table.state("Ana")["jeu"]["phase"] == "lancer"
    late = table.client.post(
        "/api/coup", headers=table.tokens["Ana"], json={"tour": old_turn, "coup": "annonce",
                                                         "lettres": 5},
    )  # fmt: skip
    assert late.status_code == 409 and "avancé" in late.json()["erreur"]
    junk = table.client.post(
        "/api/coup", headers=table.tokens["Ana"], json={"tour": "2", "coup": "triche"}
    )
    assert junk.status_code == 400


def test_a_table_mixes_the_touchscreen_and_phones_in_one_dice_roll(tmp_path: Path) -> None:
    table = Table(tmp_path, "dice")
    game = table.session.game
    assert isinstance(game, DiceGame)
    table.session.do(DiceRolled("PRT"))
    table.session.do(LettersAnnounced("Ana", 7, table.clock.now))  # tapped on the Pi
    table.bridge.sync()
    table.clock.advance(1)
    (reply,) = table.at_once(table.move("Bob", coup="annonce", lettres=4))
    assert reply.status_code == 200
    counting = game.rounds[0].counting
    assert counting is not None and counting.player == "Bob"


# --- the bluff game --------------------------------------------------------------------------


def test_the_bluff_game_s_word_and_menteur_come_from_the_players_allowed_to_say_them(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path, "paroles")
    game = table.session.game
    assert isinstance(game, ParolesGame)
    table.session.do(FirstCardsDrawn("BAC"))  # Bob holds the first hand, Chloé answers
    table.bridge.sync()
    (wrong,) = table.at_once(table.move("Ana", coup="annonce", mot="CHAT"))
    assert wrong.json()["erreur"] == "C'est à Bob d'annoncer un mot"
    (long,) = table.at_once(table.move("Bob", coup="annonce", mot="CHATS"))
    assert long.json()["erreur"] == "Sur une main neuve, on annonce 4 lettres au plus"
    (said,) = table.at_once(table.move("Bob", coup="annonce", mot="chat"))
    assert said.status_code == 200
    seen = table.state("Ana")["jeu"]
    assert seen["phase"] == "reponse" and seen["mots"] == ["CHAT"]
    (not_yours,) = table.at_once(table.move("Ana", coup="menteur"))
    assert not_yours.json()["erreur"] == "C'est à Chloé d'accepter ou de crier « menteur ! »"
    (liar,) = table.at_once(table.move("Chloé", coup="menteur"))
    assert liar.status_code == 200
    assert table.state("Bob")["jeu"]["phase"] == "revelation"
    table.session.do(HandRevealed("CHAXE"))  # typed on the Pi: no T, Bob lied
    table.bridge.sync()
    last = table.state("Bob")["jeu"]["dernier"]
    assert last["gagnant"] == "Chloé" and last["points"] == 4 and not last["ecrit"]
    assert game.scores == {"Ana": 0, "Bob": 0, "Chloé": 4}
    # Chloé now holds a fresh hand; Ana accepts her word from her phone.
    (fresh,) = table.at_once(table.move("Chloé", coup="annonce", mot="rat"))
    (taken,) = table.at_once(table.move("Ana", coup="accepte"))
    assert fresh.status_code == taken.status_code == 200
    hand = game.hand
    assert hand is not None and hand.holder == "Ana" and hand.cards == 6


# --- the referee's screen follows the phones ---------------------------------------------------


def test_the_referee_s_screen_follows_a_dice_word_and_a_bluff_word_given_on_phones(
    tmp_path: Path,
) -> None:
    import socket

    import cv2
    import pygame

    from device.app import App, AppOptions
    from device.reader import NoCamera
    from device.scenes.dice import DiceResultScene, DiceWordScene
    from device.scenes.paroles import ParolesAnnounceScene, ParolesAnswerScene
    from device.web.address import WebAddress

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    clock = FakeClock()
    options = AppOptions(data_dir=tmp_path, players=PLAYERS, web=WebAddress("127.0.0.1", port))
    app = App(options, NoCamera(), clock=clock)
    phones, bridge = app.phones, app.bridge
    assert phones is not None and bridge is not None

    def from_phone(token: str, **move: Any) -> None:
        app.step()  # the bridge shows the game as it stands
        done: list[float] = []
        turn = phones.state(token)["jeu"]["tour"]
        phone = threading.Thread(
            target=lambda: done.append(phones.move(token, {"tour": turn, **move}))
        )
        phone.start()
        while phone.is_alive():
            app.step(5)  # the UI thread plays the move, then the phone hears it is taken
        assert done
        app.step()

    try:
        session = Session.new(app.store, "dice", PLAYERS, seed=1, clock=app.clock)
        app.play(session)
        # Before the roll, the screen shows the phones where to join.
        app.refresh()
        app.step()
        pygame.image.save(app.surface, str(tmp_path / "roll.png"))
        read, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(
            cv2.imread(str(tmp_path / "roll.png"))
        )
        assert read == app.phones_url
        session.do(DiceRolled("CHT"))
        app.done()
        ana = phones.join(phones.code, "Ana")
        from_phone(ana, coup="annonce", lettres=4)
        assert "say:Ana : 4 lettres" in app.sounds.played  # said aloud for the whole table
        clock.advance(4 / options.speed + 0.1)
        app.step()
        assert isinstance(app.scene, DiceWordScene)
        from_phone(ana, coup="mot", mot="chat")
        assert isinstance(app.scene, DiceResultScene) and session.game.scores["Ana"] == 4

        paroles = Session.new(app.store, "paroles", PLAYERS, seed=1, clock=app.clock)
        app.play(paroles)
        # The bluff game's first screen shows the QR code on a tap, and goes back.
        for label in ("Téléphones (QR code)", "Retour au tirage", "Téléphones (QR code)"):
            app.refresh()
            app.step()
            button = next(b for b in app.scene.buttons if getattr(b, "label", "") == label)
            x, y = button.rect.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
            app.step()
        app.refresh()
        app.step()
        pygame.image.save(app.surface, str(tmp_path / "first.png"))
        read, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(
            cv2.imread(str(tmp_path / "first.png"))
        )
        assert read == app.phones_url
        paroles.do(FirstCardsDrawn("BAC"))
        app.done()
        assert isinstance(app.scene, ParolesAnnounceScene)
        bob = phones.join(phones.code, "Bob")
        from_phone(bob, coup="annonce", mot="chat")
        assert isinstance(app.scene, ParolesAnswerScene)
    finally:
        app.close()
