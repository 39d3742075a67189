"""The buzzer button, the piezo and the pin configuration, on gpiozero's mock pins."""

from __future__ import annotations

import time
import warnings
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.button import BuzzerButton
from hardware.config import HardwareConfig, load_config
from hardware.panel import NoGPIO, open_panel
from hardware.sound import TIME_UP, Piezo


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def mock_factory() -> MockFactory:
    return MockFactory(pin_class=MockPWMPin)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def button(mock_factory: MockFactory, clock: Clock) -> tuple[BuzzerButton, list[str]]:
    button = BuzzerButton(17, pin_factory=mock_factory, clock=clock)
    seen: list[str] = []
    button.when_pressed = lambda: seen.append("press")
    button.when_held = lambda: seen.append("held")
    return button, seen


def edge(button: BuzzerButton, clock: Clock, after: float, down: bool) -> None:
    clock.now += after
    (button.pin.drive_low if down else button.pin.drive_high)()


def test_a_press_fires_once_on_release(
    button: tuple[BuzzerButton, list[str]], clock: Clock
) -> None:
    device, seen = button
    edge(device, clock, 0, down=True)
    assert seen == []
    edge(device, clock, 0.2, down=False)
    assert seen == ["press"]


def test_bounces_on_press_and_release_are_one_press(
    button: tuple[BuzzerButton, list[str]], clock: Clock
) -> None:
    device, seen = button
    for after, down in [(0, True), (0.003, False), (0.003, True), (0.2, False), (0.004, True)]:
        edge(device, clock, after, down)
    edge(device, clock, 0.004, down=False)
    clock.now += 1
    device.poll()
    assert seen == ["press"]


def test_a_long_press_is_held_not_pressed(
    button: tuple[BuzzerButton, list[str]], clock: Clock
) -> None:
    device, seen = button
    edge(device, clock, 0, down=True)
    clock.now += 0.5
    device.poll()
    assert seen == []
    clock.now += 0.6
    device.poll()
    device.poll()
    assert seen == ["held"]
    edge(device, clock, 2.0, down=False)
    assert seen == ["held"], "releasing after a long press fires nothing more"


def test_a_button_held_down_forever_fires_held_once(
    button: tuple[BuzzerButton, list[str]], clock: Clock
) -> None:
    device, seen = button
    edge(device, clock, 0, down=True)
    for _ in range(100):
        clock.now += 1
        device.poll()
    assert seen == ["held"]


def test_a_tap_shorter_than_the_bounce_time_is_still_a_press_once_settled(
    button: tuple[BuzzerButton, list[str]], clock: Clock
) -> None:
    device, seen = button
    edge(device, clock, 0, down=True)
    edge(device, clock, 0.02, down=False)  # taken for a bounce at first
    clock.now += 0.1
    device.poll()
    assert seen == ["press"]


def test_the_piezo_plays_a_tune_without_blocking_and_goes_silent(
    mock_factory: MockFactory,
) -> None:
    piezo = Piezo(18, pin_factory=mock_factory)
    piezo.play(TIME_UP)
    assert piezo.playing
    time.sleep(0.05)
    assert piezo.frequency == pytest.approx(440, rel=0.01)
    piezo.stop()
    assert not piezo.playing and piezo.frequency is None
    piezo.close()


def test_the_panel_opens_on_mock_pins_and_releases_them(mock_factory: MockFactory) -> None:
    panel = open_panel(HardwareConfig(), pin_factory=mock_factory)
    panel.led.on()
    assert mock_factory.pin(27).state == 1
    panel.close()
    again = open_panel(HardwareConfig(), pin_factory=mock_factory)  # the pins are free
    again.close()


def test_without_gpio_the_panel_says_so_in_french() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(NoGPIO, match="pas de GPIO"):
            open_panel(HardwareConfig())


def test_the_config_file_sets_pins_and_warns_about_bad_values(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[hardware]\nbuzzer_pin = 22\nled_pin = 99\ncolour = 'red'\n")
    config, warnings_ = load_config([path])
    assert config.buzzer_pin == 22 and config.led_pin == 27
    assert len(warnings_) == 2 and "led_pin" in warnings_[0]


def test_an_unreadable_config_gives_the_defaults_and_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[hardware\nbuzzer_pin = ")
    config, warnings_ = load_config([path])
    assert config == HardwareConfig() and "illisible" in warnings_[0]
    assert load_config([tmp_path / "missing.toml"]) == (HardwareConfig(), [])


def test_two_parts_on_one_pin_fall_back_to_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[hardware]\nbuzzer_pin = 18\n")
    config, warnings_ = load_config([path])
    assert config == HardwareConfig() and "même broche" in warnings_[0]
