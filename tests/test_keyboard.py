"""A table with a touchscreen and no keyboard names its players on the screen itself."""

from __future__ import annotations

from pathlib import Path

from test_app import FixedReader, make_app, press, tap

from device.app import App


def _tap(app: App, key: str) -> None:
    app.step()  # drawn: the buttons are laid out
    button = next((b for b in app.scene.buttons if b.key == key), None)
    assert button is not None, f"no button {key} on {app.scene.state}"
    tap(app, *button.rect.center)


def test_a_name_with_accents_and_a_hyphen_is_typed_by_touch_only(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    _tap(app, "name:0")
    for char in "MARIE-HÉLÈNE":
        _tap(app, f"kb:{char}")
    _tap(app, "kb:del")
    _tap(app, "kb:E")
    _tap(app, "kb:ok")
    _tap(app, "play")
    assert app.session is not None
    assert app.session.game.players == ("Marie-Hélène", "Joueur 2")
    app.close()


def test_every_key_of_the_on_screen_keyboard_is_big_enough_to_touch(tmp_path: Path) -> None:
    app, _ = make_app(tmp_path)
    _tap(app, "name:1")
    app.step()
    keys = [b for b in app.scene.buttons if b.key.startswith("kb:")]
    assert len(keys) >= 26 + 2
    assert all(b.rect.width >= 44 and b.rect.height >= 44 for b in keys)
    app.close()


def test_a_tile_the_camera_could_not_read_is_corrected_by_touch_only(tmp_path: Path) -> None:
    """Club duplicate opens on a letters round; the camera missed the first tile: it is
    tapped, then the B of the on-screen keys, then OK; the buzzer takes the draw."""
    reader = FixedReader("", ("3", "75", "2", "4", "1", "1"))
    app, _ = make_app(tmp_path, reader, rules="club-duplicate")
    _tap(app, "play")
    assert app.session is not None
    composition = app.session.game.rounds[0].composition  # drawn by the game's seed
    assert composition is not None
    letters = "BCDFGHJKLMN"[: composition.consonants] + "AEIOUAEIOU"[: composition.vowels]
    reader.letters = letters
    press(app)  # the photo
    assert app.scene.state.endswith("letters-draw-correction"), app.scene.state
    _tap(app, "tile:0")
    _tap(app, "kb:B")
    _tap(app, "kb:ok")
    press(app)  # the draw, as corrected
    assert app.session is not None
    assert app.session.game.rounds[0].letters == letters
    assert reader.reads == 1, "corrected by touch, not photographed again"
    app.close()
