"""The systemd unit and the sd_notify heartbeat."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from device.systemd import Watchdog, notify

ROOT = Path(__file__).resolve().parent.parent


def render_unit(tmp_path: Path) -> Path:
    app = tmp_path / "app"
    (app / ".venv" / "bin").mkdir(parents=True)
    (app / ".venv" / "bin" / "arbitre").symlink_to(sys.executable)
    text = (ROOT / "systemd" / "arbitre.service.in").read_text()
    text = text.replace("@USER@", "root").replace("@APPDIR@", str(app))
    text = text.replace("@PIN_FACTORY@", "lgpio")
    unit = tmp_path / "arbitre.service"
    unit.write_text(text)
    return unit


def test_the_unit_restarts_on_failure_with_a_watchdog_and_a_writable_directory(
    tmp_path: Path,
) -> None:
    text = render_unit(tmp_path).read_text()
    for line in (
        "Type=notify",
        "Restart=on-failure",
        "WatchdogSec=30",
        "WorkingDirectory=/var/lib/arbitre",
        "StartLimitBurst=5",
        "KillSignal=SIGTERM",
    ):
        assert line in text
    assert "@" not in text.replace("@.", "")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    unit = render_unit(tmp_path)
    done = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_notify_talks_to_the_socket_systemd_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notify"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(path))
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    monkeypatch.setenv("WATCHDOG_USEC", "30000000")
    assert notify("READY=1")
    watchdog = Watchdog()
    assert watchdog.period == pytest.approx(10)
    watchdog.kick()
    watchdog.kick()  # too soon: not sent again
    server.settimeout(1)
    assert server.recv(100) == b"READY=1"
    assert server.recv(100) == b"WATCHDOG=1"
    server.setblocking(False)
    with pytest.raises(BlockingIOError):
        server.recv(100)
    server.close()


def test_outside_systemd_nothing_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    assert not notify("READY=1")
    Watchdog().kick()
