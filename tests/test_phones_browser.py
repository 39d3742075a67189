"""The phone page in a real browser (issue 24): Debian's headless Chromium driven by Selenium
through the system's chromium-driver (nothing downloaded). Three phones join one game on
loopback, answer the same letters round at once, one reloads mid-round and keeps its answer,
and every phone shows the engine's scores. Skipped, with the reason, without Chromium.
``ARBITRE_SCREENSHOTS=1`` also saves the page at 360x740 and 412x915 in docs/screenshots/."""

from __future__ import annotations

import os
import queue
import shutil
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fakeclock import FakeClock

from device.web.address import WebAddress
from device.web.bridge import PhoneBridge
from device.web.qr import join_url
from device.web.table import PhoneTable
from device.web.thread import WebServer
from engine.events import LettersDrawn, NumbersDrawn, RoundClosed
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

PLAYERS = ["Ana", "Bob", "Chloé"]
SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


class UI:
    """The referee's UI thread, which owns the game (SQLite's connection stays in the thread
    that made it): it pumps the phones' answers into the game every few ms, and runs the
    test's own moves (:meth:`do`) between two pumps."""

    def __init__(self, folder: Path, clock: FakeClock) -> None:
        self.table = PhoneTable(PLAYERS, clock=clock)
        self.clock = clock
        self.folder = folder
        self.moves: queue.Queue[tuple[Callable[[Session], Any], threading.Event]] = queue.Queue()
        self.running = True
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()
        self.ready.wait(5)

    def _loop(self) -> None:
        store = Store(self.folder / "games.db")
        self.session = Session.new(store, "boxed", PLAYERS, seed=1, clock=self.clock)
        bridge = PhoneBridge(self.table, lambda: self.session)
        self.ready.set()
        while self.running:
            bridge.pump()
            bridge.sync()
            try:
                move, done = self.moves.get(timeout=0.005)
            except queue.Empty:
                continue
            move(self.session)
            bridge.sync()
            done.set()
        store.close()

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


@pytest.fixture
def game(tmp_path: Path) -> Iterator[tuple[UI, str]]:
    ui = UI(tmp_path, FakeClock())
    server = WebServer(ui.table, WebAddress("127.0.0.1", free_port()))
    server.start()
    try:
        yield ui, join_url("127.0.0.1", server.server.config.port, ui.table.code)
    finally:
        ui.stop()
        server.stop()


def wait(page: Any, check: Callable[[Any], Any], seconds: float = 10) -> Any:
    return WebDriverWait(page, seconds, poll_frequency=0.05).until(check)


def text(page: Any, element: str) -> str:
    return str(page.find_element(By.ID, element).text)


def test_three_phones_answer_one_round_at_once_and_see_the_engine_s_scores(
    game: tuple[UI, str],
) -> None:
    ui, url = game
    table = ui.table
    sizes = [(360, 740), (412, 915), (360, 740)]
    pages = [browser(*size) for size in sizes]
    try:
        for page, name in zip(pages, PLAYERS, strict=True):
            page.get(url)
            wait(page, lambda p: len(p.find_elements(By.CSS_SELECTOR, "#name option")) == 3)
            Select(page.find_element(By.ID, "name")).select_by_value(name)
            page.find_element(By.ID, "join-button").click()
            wait(page, lambda p: p.find_element(By.ID, "play").is_displayed())
        assert table.seated() == PLAYERS

        def letters_round(session: Session) -> None:  # the boxed game opens with numbers
            session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
            session.start_timer()
            session.stop_timer()
            session.do(RoundClosed())
            session.do(LettersDrawn("RATEAUXSEN"))
            session.start_timer()

        ui.do(letters_round)
        number = 2
        for page in pages:
            wait(page, lambda p: len(p.find_elements(By.CSS_SELECTOR, "#draw button")) == 10)
            # The Pi's clock reads a million seconds, the page's a few: the countdown still
            # shows the 30 s hourglass, from the offset the page measured.
            assert text(page, "countdown") in ("30 s", "29 s", "28 s")
        words = {"Ana": "SATURE", "Bob": "EAUX", "Chloé": "TRAUX"}
        for page, name in zip(pages, PLAYERS, strict=True):  # typed, then sent together
            box = page.find_element(By.ID, "answer")
            box.clear()
            box.send_keys(words[name].lower())
        for page in pages:
            page.find_element(By.ID, "send").click()
        for page, name in zip(pages, PLAYERS, strict=True):
            wait(page, lambda p, n=name: words[n] in p.find_element(By.ID, "mine").text)
        assert table.answered() == PLAYERS
        # Nobody sees another's word before the results.
        assert "EAUX" not in pages[0].find_element(By.TAG_NAME, "body").text
        if os.environ.get("ARBITRE_SCREENSHOTS"):  # refresh docs/screenshots/ on demand
            pages[0].save_screenshot(str(SCREENSHOTS / "phone-360x740.png"))
            pages[1].save_screenshot(str(SCREENSHOTS / "phone-412x915.png"))
        for page in pages[:2]:  # every control at least 44 px, at both sizes
            small = page.execute_script(
                "return [...document.querySelectorAll('button, input, select')]"
                ".filter(e => e.offsetParent !== null)"
                ".map(e => e.getBoundingClientRect())"
                ".filter(r => r.width < 44 || r.height < 44).length"
            )
            assert small == 0
        # Bob's phone reloads mid-round: it keeps its seat and its answer.
        pages[1].refresh()
        wait(pages[1], lambda p: "EAUX" in p.find_element(By.ID, "mine").text)
        assert pages[1].find_element(By.ID, "answer").get_attribute("value") == "EAUX"

        def close_round(session: Session) -> None:
            ui.clock.advance(60)
            session.tick()
            session.do(RoundClosed())

        ui.do(close_round)
        points = ui.session.dcdl.rounds[number - 1].record.points  # type: ignore[union-attr]
        assert points["Ana"] == 6 and points["Chloé"] == 0  # SATURE is a word, TRAUX is not
        for page in pages:
            wait(page, lambda p: "Meilleures réponses" in p.find_element(By.ID, "results").text)
            cells = page.execute_script(
                "return [...document.querySelectorAll('#results tr')]"
                ".map(r => [...r.cells].map(c => c.textContent))"
            )
            shown = {row[0]: int(row[2]) for row in cells}
            assert shown == points
            assert text(page, "countdown") == "Temps écoulé"
    finally:
        for page in pages:
            page.quit()
