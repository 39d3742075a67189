"""The referee's screen with phones (issue 24): the QR code before the hourglass, who has
answered (never what) while it runs; a port already taken leaves the game playable."""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import cv2
import numpy as np
import pygame
import pytesseract
import pytest
from fakeclock import FakeClock

from device.app import App, AppOptions
from device.reader import NoCamera
from device.web.address import WebAddress
from device.web.table import Refused
from engine.events import NumbersDrawn
from engine.session import Session

PLAYERS = ["Ana", "Bob"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def screen(app: App) -> np.ndarray:
    app.refresh()
    app.step()
    rgb = pygame.surfarray.array3d(app.surface).swapaxes(0, 1)
    return np.ascontiguousarray(cv2.cvtColor(np.ascontiguousarray(rgb), cv2.COLOR_RGB2BGR))


def test_the_referee_s_screen_shows_the_qr_code_then_who_answered(tmp_path: Path) -> None:
    clock = FakeClock()
    options = AppOptions(
        data_dir=tmp_path, players=PLAYERS, web=WebAddress("127.0.0.1", free_port())
    )
    app = App(options, NoCamera(), clock=clock)
    try:
        assert app.phones is not None and app.phones_url is not None
        session = Session.new(app.store, "boxed", PLAYERS, seed=1, clock=app.clock)
        app.play(session)
        session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
        text, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(screen(app))
        assert (
            text == app.phones_url == f"http://127.0.0.1:{options.web.port}/?code={app.phones.code}"
        )  # type: ignore[union-attr]
        session.start_timer()
        token = app.phones.join(app.phones.code, "Bob")
        app.step()  # the bridge shows the round to the phones
        taken: list[object] = []
        phone = threading.Thread(
            target=lambda: taken.append(
                app.phones.answer(token, {"round": 1, "answer": "100 × 6 = 600"})  # type: ignore[union-attr]
            )
        )
        phone.start()
        while phone.is_alive():
            app.step(5)  # the UI thread saves the answer, then the phone hears it is taken
        assert taken and session.dcdl.rounds[0].numbers_answers["Bob"].steps == "100 × 6 = 600"
        read = pytesseract.image_to_string(screen(app), lang="eng")
        assert "Ont répondu : Bob" in read.replace("\n", " ") or "Ont repondu : Bob" in read
        assert "600" not in read  # who, never what
    finally:
        app.close()


def test_a_port_already_taken_is_said_on_the_screen_and_the_game_goes_on(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        options = AppOptions(data_dir=tmp_path, web=WebAddress("127.0.0.1", port))
        app = App(options, NoCamera(), clock=FakeClock())
        try:
            assert app.phones is None and app.bridge is None
            assert any("téléphones" in line for line in app.notices.startup)
        finally:
            app.close()


def tap_label(app: App, label: str) -> None:
    """Tap the middle of the button that says ``label``, as the referee's finger would."""
    app.step()
    button = next(b for b in app.scene.buttons if getattr(b, "label", "") == label)
    x, y = button.rect.center
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False)
    pygame.event.post(event)
    app.step()


def test_the_referee_frees_a_phone_s_seat_from_the_menu(tmp_path: Path) -> None:
    options = AppOptions(
        data_dir=tmp_path, players=PLAYERS, web=WebAddress("127.0.0.1", free_port())
    )
    app = App(options, NoCamera(), clock=FakeClock())
    try:
        assert app.phones is not None
        session = Session.new(app.store, "boxed", PLAYERS, seed=1, clock=app.clock)
        app.play(session)
        lost = app.phones.join(app.phones.code, "Bob")
        app.open_menu()
        tap_label(app, "Libérer un téléphone…")
        tap_label(app, "Libérer le téléphone de Bob")
        assert app.phones.seated() == []
        assert app.scene.message == "Place de Bob libérée"
        with pytest.raises(Refused):
            app.phones.state(lost)  # the lost phone is out; a new one may take the seat
        app.phones.join(app.phones.code, "Bob")
    finally:
        app.close()


def test_after_a_restart_of_the_referee_a_joined_phone_keeps_its_seat_and_its_answer(
    tmp_path: Path,
) -> None:
    """The app stopped and started again on the same data folder (the game resumed): the
    phone's token still works, the code and the QR code are the same, its answer is there."""
    clock = FakeClock()
    options = AppOptions(
        data_dir=tmp_path, players=PLAYERS, web=WebAddress("127.0.0.1", free_port())
    )
    app = App(options, NoCamera(), clock=clock)
    try:
        assert app.phones is not None
        session = Session.new(app.store, "boxed", PLAYERS, seed=1, clock=app.clock)
        app.play(session)
        session.do(NumbersDrawn((3, 100, 8, 8, 10, 6), 683))
        session.start_timer()
        token = app.phones.join(app.phones.code, "Bob")
        code, url, game_id = app.phones.code, app.phones_url, session.game_id
        app.step()
        phone = threading.Thread(
            target=lambda: app.phones.answer(token, {"round": 1, "answer": "100 × 6 = 600"})  # type: ignore[union-attr]
        )
        phone.start()
        while phone.is_alive():
            app.step(5)
    finally:
        app.close()
    clock.advance(10)
    again = App(options, NoCamera(), clock=clock)
    try:
        assert again.phones is not None and again.phones.code == code
        assert again.phones_url == url
        again.play(Session.resume(again.store, game_id, again.clock))
        again.step()
        state = again.phones.state(token)
        assert state["me"] == "Bob" and state["round"]["number"] == 1
        assert state["mine"] == "100 × 6 = 600" and state["answered"] == ["Bob"]
    finally:
        again.close()
