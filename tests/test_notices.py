"""What is wrong around the referee is said on its screen, in French: a full or read-only
disk (the game goes on in memory), a configuration file's mistakes."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from disks import small_disk
from test_app import make_app, press

import device.app
import hardware.config
from device.cli import main
from device.notices import BAND
from device.scenes.home import HomeScene
from engine.store import Store


def band_shown(app: device.app.App) -> bool:
    """Whether the red band of notices is drawn at the top of the screen."""
    return tuple(app.surface.get_at((2, 2)))[:3] == BAND


def test_a_full_disk_at_start_is_said_on_screen_and_the_game_is_saved_once_freed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with small_disk(tmp_path, monkeypatch) as disk:
        Store(disk.folder / "games.db").close()
        disk.fill()
        app, _ = make_app(disk.folder)
        try:
            app.step()
            press(app)  # a new game starts all the same, in memory
            assert app.session is not None
            (line,) = app.notices.lines(app.scene.name)  # said at start, or at this save
            assert line.startswith("Disque plein : libérez de la place") and band_shown(app)
            disk.free()
            press(app)  # the next move is saved, with all that came before
            assert app.store.problem is None
            assert any("de nouveau enregistrées" in n for n in app.notices.lines(app.scene.name))
            saved = len(app.store.events(app.session.game_id))
        finally:
            app.close()
        again = Store(disk.folder / "games.db")
        assert len(again.events(app.session.game_id)) == saved
        again.close()


def test_a_data_folder_that_is_a_file_still_starts_the_app_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    app, _ = make_app(tmp_path / "data")
    try:
        app.step()
        assert isinstance(app.scene, HomeScene)
        assert "pas un dossier" in app.notices.lines(app.scene.name)[0] and band_shown(app)
    finally:
        app.close()


BAD_CONFIGS = {
    "hardware = 3": "attendu une table [hardware]",
    "hardware = 'GPIO17'": "attendu une table [hardware]",
    "hardware = [17, 27]": "attendu une table [hardware]",
    "[hardware]\nbuzzer_pin = true": "« buzzer_pin = true » : attendu un numéro de broche BCM",
    "[hardware]\nhold_time = 0": "« hold_time = 0 » : attendu une durée en secondes, de 0.3",
    "[hardware]\nbounce_time = 0.4\nhold_time = 0.3": "doit être plus court que hold_time",
}


@pytest.mark.parametrize("text", BAD_CONFIGS)
def test_a_bad_configuration_names_the_file_the_key_and_what_is_expected(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    config, warnings = hardware.config.load_config([path])
    assert config == hardware.config.HardwareConfig()
    assert warnings[-1].startswith(f"{path} : ") and BAD_CONFIGS[text] in warnings[-1]


def test_a_pin_given_as_true_is_no_pin_1_and_the_others_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[hardware]\nbuzzer_pin = true\nled_pin = 5\nhold_time = 0\n")
    config, warnings = hardware.config.load_config([path])
    assert (config.buzzer_pin, config.led_pin, config.hold_time) == (17, 5, 1.0)
    assert "17 par défaut" in warnings[0] and "1.0 par défaut" in warnings[1]


def test_the_configuration_s_mistakes_are_shown_on_the_screen_not_only_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("hardware = 3\n")
    monkeypatch.setattr(hardware.config, "SYSTEM_CONFIG", tmp_path / "none.toml")
    monkeypatch.setattr(hardware.config, "user_config", lambda: config)
    seen: list[tuple[device.app.App, bool]] = []

    def one_frame(app: device.app.App) -> int:
        app.step()
        seen.append((app, band_shown(app)))
        app.close()
        return 0

    monkeypatch.setattr(device.app.App, "run", one_frame)
    assert main(["run", "--data-dir", str(tmp_path / "data")]) == 0
    ((app, shown),) = seen
    assert any(str(config) in line and "hardware = 3" in line for line in app.notices.startup)
    assert shown  # on the home screen's first frame
    assert str(config) in capsys.readouterr().out


def test_resuming_a_game_with_an_event_arbitre_does_not_know_says_why_on_screen(
    tmp_path: Path,
) -> None:
    import json
    import sqlite3

    from engine.events import GameStarted

    store = Store(tmp_path / "games.db")
    game_id = store.new_game(GameStarted("boxed", ("Ana", "Bruno"), 1), 1_000_000.0)
    store.close()
    with sqlite3.connect(tmp_path / "games.db") as raw:
        raw.execute(
            "INSERT INTO events VALUES (?, 1, ?)",
            (game_id, json.dumps({"kind": "letters_drawn", "letters": "ABC", "colour": "red"})),
        )
    app, _ = make_app(tmp_path)
    try:
        assert isinstance(app.scene, HomeScene) and app.scene.resumable is not None
        app.scene.on_button("resume")  # "Reprendre"
        assert isinstance(app.scene, HomeScene) and app.session is None
        assert app.scene.message is not None
        assert app.scene.message.startswith("reprise impossible : partie n° 1 illisible")
    finally:
        app.close()


def test_a_foreign_database_at_start_is_set_aside_and_said_on_the_home_screen(
    tmp_path: Path,
) -> None:
    import sqlite3

    with sqlite3.connect(tmp_path / "games.db") as raw:
        raw.execute("CREATE TABLE games (name TEXT)")
    app, _ = make_app(tmp_path)
    try:
        app.step()
        (line,) = app.notices.lines(app.scene.name)
        assert "n'est pas celle d'arbitre" in line and band_shown(app)
    finally:
        app.close()
