"""A table with a touchscreen and no keyboard names its players on the screen itself."""

from __future__ import annotations

from pathlib import Path

from test_app import make_app, tap

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
