"""The phone page in a real browser (issue 24): Debian's headless Chromium driven by Selenium
through the system's chromium-driver (nothing downloaded). Six phones join one game on
loopback through the address read back from the QR code, and play it whole: a DCDL game of
the boxed rules (letters typed, counts written step by step with the Pi's live checks), a
dice game to 36 (announcements at once, an interruption, IMPOSSIBLE, the word), and a hand
of Les paroles s'envolent (the word, « Menteur ! »). Every phone
shows the engine's scores; a page that reloads mid-round keeps its answer, and through a
restart of the Pi mid-round (the game resumed from SQLite, the seats from their file) every
page keeps its seat, its token and its answer without joining again. The test's clock
is a fake one, moved by hand: no hourglass is waited for. Skipped, with the reason, without
Chromium. ``ARBITRE_SCREENSHOTS=1`` also saves the pages at 360x740 and 412x915 in
docs/screenshots/."""

from __future__ import annotations

import contextlib
import math
import os
import queue
import re
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from fakeclock import FakeClock
from phone_calls import waiting

from device.web.address import WebAddress
from device.web.bridge import PhoneBridge
from device.web.qr import join_url, qr_modules
from device.web.seats import SavedSeats
from device.web.table import PhoneTable
from device.web.thread import WebServer
from engine.dice import DiceGame, DiceRolled
from engine.events import LettersDrawn, NumbersDrawn, RoundClosed, TimerStarted
from engine.paroles import FirstCardsDrawn, HandRevealed, ParolesGame
from engine.session import Session
from engine.store import Store

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium n'est pas installé")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium et chromium-driver (apt) sont nécessaires pour le test dans un navigateur",
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

PLAYERS = ["Ana", "Bob", "Chloé", "Denis", "Émile", "Fanny"]
SIZES = [(360, 740), (412, 915)] * 3
SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
SHOOT = bool(os.environ.get("ARBITRE_SCREENSHOTS"))


class UI:
    """The referee's UI thread, which owns the game (SQLite's connection stays in the thread
    that made it): it pumps the phones' answers and moves into the game every few ms, runs
    what the Pi's screen would (a dice countdown's STOP when it is due), and the test's own
    moves (:meth:`do`) between two pumps."""

    def __init__(
        self, folder: Path, clock: FakeClock, rules: str, resume: int | None = None
    ) -> None:
        seats = SavedSeats(folder)  # the code and tokens, kept across a restart of the Pi
        self.table = PhoneTable(PLAYERS, clock=clock, keep=seats.write)
        if (kept := seats.read()) is not None:
            self.table.restore(*kept)
        self.resume = resume
        self.clock = clock
        self.folder = folder
        self.rules = rules
        self.moves: queue.Queue[tuple[Callable[[Session], Any], threading.Event]] = queue.Queue()
        self.running = True
        self.holding = threading.Event()
        """Set: the UI thread leaves the phones' answers waiting (taps "together")."""
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()
        self.ready.wait(5)

    def _loop(self) -> None:
        store = Store(self.folder / "games.db")
        if self.resume is None:
            self.session = Session.new(store, self.rules, PLAYERS, seed=1, clock=self.clock)
        else:
            self.session = Session.resume(store, self.resume, self.clock)
        self.bridge = bridge = PhoneBridge(self.table, lambda: self.session)
        self.ready.set()
        while self.running:
            if not self.holding.is_set():
                bridge.pump()
            self.session.clock_due()  # the dice screen's STOP (device/scenes/dice.py)
            bridge.sync()
            try:
                move, done = self.moves.get(timeout=0.005)
            except queue.Empty:
                continue
            move(self.session)
            bridge.sync()
            done.set()
        store.close()

    @contextlib.contextmanager
    def together(self, count: int) -> Iterator[None]:
        """Moves tapped in the block are played together: the UI thread takes none of them
        until all ``count`` wait for it, as fingers tapping in the same instant (else the
        first one taken could disable the other's key before its tap was made)."""
        self.holding.set()
        try:
            yield
            waiting(self.bridge, count)
        finally:
            self.holding.clear()

    def do(self, move: Callable[[Session], Any]) -> None:
        done = threading.Event()
        self.moves.put((move, done))
        assert done.wait(10), "the UI thread did not run the move"

    def stop(self) -> None:
        self.running = False
        self.thread.join(2)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def browser(width: int, height: int) -> Any:
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--disable-extensions"):  # fmt: skip
        options.add_argument(flag)
    metrics = {"width": width, "height": height, "pixelRatio": 1, "touch": True}
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    return webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)


@pytest.fixture(scope="module")
def pages() -> Iterator[list[Any]]:
    """Six phones, three of each size, shared by the games of this module."""
    opened = [browser(*size) for size in SIZES]
    try:
        yield opened
    finally:
        for page in opened:
            page.quit()


def start(tmp_path: Path, rules: str) -> tuple[UI, WebServer, str]:
    """A game of ``rules`` served on loopback; the join address read back from its QR code,
    drawn from the modules the ``qrcode`` package made, by OpenCV's QR detector (its ArUco
    finder: the classic ``QRCodeDetector`` misses about 1 % of the random game codes' images,
    whatever their size, which made the test flaky)."""
    ui = UI(tmp_path, FakeClock(), rules)
    server = WebServer(ui.table, WebAddress("127.0.0.1", free_port()))
    server.start()
    url = join_url("127.0.0.1", server.server.config.port, ui.table.code)
    modules = np.array(qr_modules(url), dtype=np.uint8)
    image = np.kron(np.where(modules == 1, 0, 255).astype(np.uint8), np.ones((8, 8), np.uint8))
    read, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(image)
    assert read == url
    return ui, server, read


def restart(
    folder: Path, ui: UI, server: WebServer, while_down: Callable[[], None]
) -> tuple[UI, WebServer]:
    """The Pi is cut and starts again on the same port: the game resumed from SQLite, the
    seats from their file; nothing else of the first run is left."""
    port, game_id = server.server.config.port, ui.session.game_id
    ui.stop()
    server.stop()
    while_down()
    again = UI(folder, ui.clock, ui.rules, resume=game_id)
    server = WebServer(again.table, WebAddress("127.0.0.1", port))
    server.start()
    return again, server


def wait(page: Any, check: Callable[[Any], Any], seconds: float = 20) -> Any:
    return WebDriverWait(page, seconds, poll_frequency=0.05).until(check)


def text(page: Any, element: str) -> str:
    return str(page.find_element(By.ID, element).text)


def join(pages: list[Any], url: str) -> None:
    for page, name in zip(pages, PLAYERS, strict=True):
        page.get(url)
        page.execute_script("localStorage.clear(); sessionStorage.clear();")
        page.get(url)
        wait(page, lambda p: len(p.find_elements(By.CSS_SELECTOR, "#name option")) == 6)
        Select(page.find_element(By.ID, "name")).select_by_value(name)
        page.find_element(By.ID, "join-button").click()
    for page in pages:
        wait(page, lambda p: not p.find_element(By.ID, "join").is_displayed())


def small_controls(page: Any) -> int:
    """How many visible controls are under 44 px either way."""
    count: int = page.execute_script(
        "return [...document.querySelectorAll('button, input, select')]"
        ".filter(e => e.offsetParent !== null)"
        ".map(e => e.getBoundingClientRect())"
        ".filter(r => r.width < 44 || r.height < 44).length"
    )
    return count


def shoot(pages: list[Any], name: str) -> None:
    """The page at both sizes, checked for small controls (and saved on demand)."""
    for page, (width, height) in zip(pages[:2], SIZES[:2], strict=True):
        assert small_controls(page) == 0
        if SHOOT:
            page.save_screenshot(str(SCREENSHOTS / f"phone-{name}-{width}x{height}.png"))


# --- a whole DCDL game -----------------------------------------------------------------------

LETTERS = {  # the draw, and each phone's word in seat order ("" sends nothing)
    2: ("RATEAUXSEN", ["SATURE", "EAUX", "TRAUX", "SENATEUR", "", "RATES"]),
    3: ("MAISONTREL", ["MAISON", "MOTEL", "NORMALITES", "SALON", "", "MIRLTON"]),
    5: ("CHEVALIERS", ["CHEVAL", "CHEVALIERS", "LIVRES", "SALE", "CHEVRE", ""]),
    6: ("PLANETOURS", ["ALENTOURS", "PLANTE", "", "ROULANTES", "PORTE", "SALUT"]),
    8: ("GRENOUILTA", ["GRELOT", "REGULATION", "TIGRE", "", "LOUANGE", "AIGLE"]),
    9: ("BATEAUXRIS", ["BATEAUX", "", "RATS", "BRISA", "SUBIT", "TAUXBRIS"]),
    11: ("FORMIDALET", ["FORMALITE", "DORMIT", "FILET", "", "MODELA", "RADIO"]),
    12: ("SUCRENTIAL", ["RUTILANCES", "SUCRE", "CINTRE", "LANCER", "", "SALUT"]),
}
DRAW = (3, 100, 8, 8, 10, 6)
COUNTS: dict[int, list[list[tuple[int, str, int]]]] = {  # each phone's steps, in seat order
    1: [
        [(100, "*", 6), (8, "*", 10), (600, "+", 80), (680, "+", 3)],
        [(100, "*", 6), (8, "*", 10), (600, "+", 80)],
        [(100, "*", 8)],
        [],
        [(100, "-", 8), (92, "*", 6)],
        [(3, "+", 8)],
    ],
}
for _number, _turn in ((4, 5), (7, 2), (10, 4)):  # the same counts, by other players
    COUNTS[_number] = COUNTS[1][_turn:] + COUNTS[1][:_turn]


def open_round(number: int) -> Callable[[Session], None]:
    def move(session: Session) -> None:
        if number in LETTERS:
            session.do(LettersDrawn(LETTERS[number][0]))
        else:
            session.do(NumbersDrawn(DRAW, 683))
        session.start_timer()

    return move


def tap(page: Any, where: str, label: str) -> None:
    """Tap the first enabled button in the boxes ``where`` (ids) that reads ``label``."""
    boxes = " or ".join(f"@id='{box}'" for box in where.split())
    found = page.find_elements(
        By.XPATH, f"//div[{boxes}]/button[normalize-space()='{label}' and not(@disabled)]"
    )
    assert found, f"no free « {label} » in {where}: {page.find_element(By.ID, 'count').text}"
    found[0].click()


OP_KEYS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def write_counts(pages: list[Any], counts: list[list[tuple[int, str, int]]]) -> None:
    """Every phone writes its count on the keypad, step by step, all together: each step is
    checked by the Pi before the next is written."""
    for done in range(1, max(len(steps) for steps in counts) + 1):
        writing = [(p, s[done - 1]) for p, s in zip(pages, counts, strict=True) if len(s) >= done]
        for page, (a, op, b) in writing:
            tap(page, "count-plates count-results", str(a))
            tap(page, "count-ops", OP_KEYS[op])
            tap(page, "count-plates count-results", str(b))
        for page, _ in writing:
            wait(
                page,
                lambda p, n=done: len(p.find_elements(By.CSS_SELECTOR, "#count-steps li")) == n,
            )


def test_six_phones_play_a_whole_dcdl_game_and_see_the_engine_s_scores(
    tmp_path: Path, pages: list[Any]
) -> None:
    ui, server, url = start(tmp_path, "boxed")
    table, clock = ui.table, ui.clock  # the clock goes on through the Pi's restart
    try:
        joined = time.monotonic()  # the pages measure the Pi's clock from here on
        join(pages, url)
        assert table.seated() == PLAYERS
        game = ui.session.dcdl
        shown_totals = dict.fromkeys(PLAYERS, 0)
        number = 0
        while not game.over:
            number += 1
            ui.do(open_round(number))
            kind = "letters" if number in LETTERS else "numbers"
            for page in pages:
                wait(page, lambda p, n=number: text(p, "round-title").startswith(f"Manche {n} "))
            if number == 1:
                # The Pi's clock reads a million seconds, the page's a few: the countdown
                # still shows the 45 s hourglass, from the offset the page measured.
                # (the Pi's fake clock stands still; the page's runs on in real time from the
                # last round trip it measured the offset on: one quick enough, which on a busy
                # machine may be any since the page joined)
                shown = text(pages[0], "countdown")
                late = math.ceil(time.monotonic() - joined)
                assert shown in {f"{45 - s} s" for s in range(late + 2)}, (shown, late)
                # A step the rules forbid is refused on the spot, in French, and undone.
                tap(pages[5], "count-plates", "3")
                tap(pages[5], "count-ops", "÷")
                tap(pages[5], "count-plates", "8")
                wait(pages[5], lambda p: text(p, "count-problem") == "Division non exacte (3 ÷ 8)")
                pages[5].find_element(By.ID, "count-undo").click()
                pages[5].find_element(By.ID, "count-undo").click()
                assert text(pages[5], "count-pending") == ""
            if kind == "letters":
                words = LETTERS[number][1]
                for page, word in zip(pages, words, strict=True):
                    box = page.find_element(By.ID, "answer")
                    box.clear()
                    box.send_keys(word.lower())
                senders = [(p, w) for p, w in zip(pages, words, strict=True) if w]
            else:
                counts = COUNTS[number]
                write_counts(pages, counts)
                if counts[0]:  # the keypad shows the value the solver gives the count
                    assert text(pages[0], "count-value") == f"Résultat : {verify_value(counts[0])}"
                senders = [(p, "") for p, c in zip(pages, counts, strict=True) if c]
            for page, _ in senders:  # sent together, once every phone has written
                page.find_element(By.ID, "send").click()
            for page, word in senders:
                wait(page, lambda p, w=word: ("Réponse enregistrée : " + w) in text(p, "mine"))
            assert len(table.answered()) == len(senders)
            body = pages[0].find_element(By.TAG_NAME, "body").text
            assert not any(w and w in body for w in (LETTERS.get(number, ("", []))[1][1:]))
            if number == 1:
                shoot(pages, "compte")
            if number == 2:
                shoot(pages, "lettres")
            if number == 3:  # the Pi restarts mid-round: every phone keeps its seat and answer
                down = ui
                ui, server = restart(
                    tmp_path,
                    ui,
                    server,
                    lambda: wait(pages[1], lambda q: "Connexion perdue" in text(q, "message")),
                )
                game, table = ui.session.dcdl, ui.table
                assert table.seated() == PLAYERS and ui.table.code == down.table.code
                pages[0].refresh()  # one phone reloads while the Pi is back
                for page, word in senders:
                    wait(page, lambda p, w=word: ("Réponse enregistrée : " + w) in text(p, "mine"))
                    assert text(page, "round-title").startswith("Manche 3 ")
                assert len(table.answered()) == len(senders)
            if number in (2, 4):  # a phone reloads mid-round: its seat and answer are kept
                pages[1].refresh()
                wait(pages[1], lambda p: "Réponse enregistrée" in text(p, "mine"))
                if kind == "letters":
                    assert pages[1].find_element(By.ID, "answer").get_attribute("value") == "EAUX"
                else:
                    steps = len(COUNTS[number][1])
                    wait(
                        pages[1],
                        lambda p, n=steps: (
                            len(p.find_elements(By.CSS_SELECTOR, "#count-steps li")) == n
                        ),
                    )

            def close_round(session: Session) -> None:
                clock.advance(60)
                session.tick()
                session.do(RoundClosed())

            ui.do(close_round)
            points = game.rounds[number - 1].record.points  # type: ignore[union-attr]
            if number == 1:
                assert points["Ana"] == 10 and points["Bob"] == 0  # the exact count scores
            if number == 2:
                assert points["Denis"] == 8 and points["Ana"] == 0  # the longest word scores
            for page in pages:
                wait(page, lambda p: "Meilleures réponses" in text(p, "results"))
                cells = page.execute_script(
                    "return [...document.querySelectorAll('#results tr')]"
                    ".map(r => [...r.cells].map(c => c.textContent))"
                )
                assert {row[0]: int(row[2]) for row in cells} == points
                assert text(page, "countdown") == "Temps écoulé"
            for player, scored in points.items():
                shown_totals[player] += scored
            if number == 1:
                shoot(pages, "resultats")
        assert number == 12 and shown_totals == game.scores
    finally:
        ui.stop()
        server.stop()


def verify_value(steps: list[tuple[int, str, int]]) -> int:
    """The value a count reaches, by the solver (what the keypad shows as its result)."""
    from solver.proposal import verify

    return verify(DRAW, " ; ".join(f"{a}{op}{b}" for a, op, b in steps)).value or 0


# --- a whole dice game -----------------------------------------------------------------------

ROLLS = [  # the dice; the announcements (said together within one group); the word at STOP
    ("CHT", [(("Ana", "Bob"), 6), (("Chloé",), 4)], "chut"),
    ("KWX", [(("Bob",), None)], None),
    ("QZX", [(("Denis",), 9)], "expliquez"),
    ("PRT", [(("Émile",), 5), (("Fanny",), 4)], "prtt"),
    ("CHT", [(("Fanny",), None), (("Ana",), 12)], "chat"),
    ("QZX", [(("Denis",), 9)], "quartzeux"),
    ("MRS", [(("Denis",), 4)], "mars"),
]


def test_six_phones_play_a_whole_dice_game_to_36(tmp_path: Path, pages: list[Any]) -> None:
    ui, server, url = start(tmp_path, "dice")
    page_of = dict(zip(PLAYERS, pages, strict=True))
    try:
        join(pages, url)
        game = ui.session.game
        assert isinstance(game, DiceGame)
        for number, (dice, said, word) in enumerate(ROLLS, start=1):
            ui.do(lambda session, d=dice: session.do(DiceRolled(d)))
            for page in pages:
                wait(page, lambda p, n=number: text(p, "live-title").startswith(f"Lancer {n}"))
                wait(page, lambda p, d=dice: text(p, "live-dice").replace("\n", "") == d)
            keys_at = {page: page.find_element(By.ID, "live-keys").rect["y"] for page in pages}
            for group, letters in said:
                key = "impossible" if letters is None else f"annonce-{letters}"
                for name in group:
                    page_of[name].execute_script(
                        "document.getElementById('message').textContent = ''"
                    )
                buttons = [page_of[name].find_element(By.ID, key) for name in group]
                with ui.together(len(buttons)):
                    for button in buttons:
                        button.click()
                for name in group:
                    wait(page_of[name], lambda p: text(p, "message") != "")
                if len(group) > 1:  # two at once: the game took one, the other heard why
                    counting = game.rounds[-1].counting
                    assert counting is not None and counting.player in group
                    losers = [n for n in group if n != counting.player]
                    for name in losers:
                        wait(page_of[name], lambda p: "moins de 6 lettres" in text(p, "message"))
                for page in pages:
                    who = game.rounds[-1].counting.player  # type: ignore[union-attr]
                    wait(page, lambda p, w=who: text(p, "live-said").startswith(w + " compte"))
                    # the count started above the keys: they stay under the fingers
                    moved = page.find_element(By.ID, "live-keys").rect["y"] - keys_at[page]
                    assert abs(moved) < 1, f"the keys moved {moved:.0f} px"
            if number == 1:
                shoot(pages, "des-annonce")
            counting = game.rounds[-1].counting
            assert counting is not None
            ui.do(lambda session, c=counting.counts_from: ui.clock.advance(c))
            if word is not None:
                speaker = page_of[counting.player]
                wait(speaker, lambda p: p.find_element(By.ID, "live-input").is_displayed())
                if number == 1:
                    shoot([speaker, page_of["Denis"]], "des-mot")
                speaker.find_element(By.ID, "live-input").send_keys(word)
                speaker.find_element(By.ID, "live-send").click()
            for page in pages:
                wait(page, lambda p, n=number: f"Lancer {n} (" in text(p, "live-last"))
                assert text(page, "live-scores").startswith(
                    "Scores : " + " · ".join(f"{p} {s}" for p, s in game.scores.items())
                )
        assert game.over and game.ranking()[0] == "Denis"
        assert game.scores == {"Ana": 4, "Bob": 19, "Chloé": 20, "Denis": 38, "Émile": 16,
                               "Fanny": 12}  # fmt: skip
        for page in pages:
            wait(page, lambda p: text(p, "live-said").startswith("Partie terminée : Denis"))
    finally:
        ui.stop()
        server.stop()


# --- the bluff game ---------------------------------------------------------------------------


def test_six_phones_announce_a_word_and_call_menteur_in_les_paroles_s_envolent(
    tmp_path: Path, pages: list[Any]
) -> None:
    ui, server, url = start(tmp_path, "paroles")
    page_of = dict(zip(PLAYERS, pages, strict=True))
    try:
        join(pages, url)
        game = ui.session.game
        assert isinstance(game, ParolesGame)
        ui.do(lambda session: session.do(FirstCardsDrawn("BACDEF")))  # Bob holds, Chloé answers
        bob, chloe = page_of["Bob"], page_of["Chloé"]
        wait(bob, lambda p: p.find_element(By.ID, "live-input").is_displayed())
        shoot([page_of["Ana"], bob], "paroles-annonce")
        bob.find_element(By.ID, "live-input").send_keys("chat")
        bob.find_element(By.ID, "live-send").click()
        for page in pages:
            wait(page, lambda p: "annonce « CHAT » à Chloé" in text(p, "live-said"))
        assert not pages[0].find_elements(By.ID, "menteur")  # only Chloé may call it
        shoot([chloe, page_of["Denis"]], "paroles-menteur")
        chloe.find_element(By.ID, "menteur").click()
        for page in pages:
            wait(page, lambda p: "montre sa main" in text(p, "live-said"))
        ui.do(lambda session: session.do(HandRevealed("CHAXE")))  # typed on the Pi: no T
        for page in pages:
            wait(page, lambda p: "Chloé +4" in text(p, "live-last"))
            assert text(page, "live-scores").startswith("Scores : Ana 0 · Bob 0 · Chloé 4")
        assert game.scores["Chloé"] == 4
    finally:
        ui.stop()
        server.stop()


def test_in_club_play_the_phones_count_the_search_then_the_writing_time(
    tmp_path: Path, pages: list[Any]
) -> None:
    ui, server, url = start(tmp_path, "club-duplicate")
    try:
        join(pages, url)
        timer = ui.session.dcdl.rules.timers[ui.session.dcdl.rules.order[0]]
        assert timer.writing > 0

        def open_late(session: Session) -> None:
            """The first round, its hourglass turned 4 s before the search ends."""
            session.do(session.random_draw())
            session.do(TimerStarted(ui.clock.now - (timer.search - 4)))

        ui.do(open_late)
        page = pages[0]
        wait(page, lambda p: text(p, "countdown").startswith("Recherche : "))
        # The Pi's clock moves past the search's end. (Left standing, it kept the countdown
        # on « Recherche » whenever the page's round trips were quick enough to set its
        # clock by the Pi's again.) The page shows any second of the writing time: the Pi's
        # 9, or fewer if it counted on by its own clock.
        ui.do(lambda session: ui.clock.advance(5))
        writing = re.compile(r"Écriture : (\d+) s")

        def writing_shown(p: Any) -> bool:
            shown = writing.fullmatch(text(p, "countdown"))
            return shown is not None and 0 < int(shown[1]) < round(timer.writing)

        wait(page, writing_shown)
    finally:
        ui.stop()
        server.stop()
