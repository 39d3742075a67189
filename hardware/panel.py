"""Everything wired to the Pi's header, opened and closed together.

The app talks to gpiozero only, through these classes; which pin library gpiozero uses
underneath (RPi.GPIO up to the Pi 4, lgpio on a Pi 5) is the install's business. Where no
GPIO exists (a laptop), :func:`open_panel` says so and the app simulates the buzzer with
the keyboard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gpiozero import LED
from gpiozero.exc import BadPinFactory, GPIOZeroError

from hardware.button import BuzzerButton
from hardware.config import HardwareConfig
from hardware.sound import Piezo


class NoGPIO(RuntimeError):
    """No usable GPIO here (not a Pi, or the pins are busy); the message is French."""


@dataclass
class Panel:
    """The buzzer button with its LED, and the piezo."""

    button: BuzzerButton
    led: LED
    piezo: Piezo

    def close(self) -> None:
        """Release the pins (on exit and on SIGTERM, so a restart finds them free)."""
        self.piezo.close()
        self.led.close()
        self.button.close()


def open_panel(config: HardwareConfig, pin_factory: Any = None) -> Panel:
    """Open the pins of ``config``, or raise :class:`NoGPIO`."""
    opened: list[Any] = []
    try:
        button = BuzzerButton(
            config.buzzer_pin,
            hold_time=config.hold_time,
            bounce_time=config.bounce_time,
            pin_factory=pin_factory,
        )
        opened.append(button)
        led = LED(config.led_pin, pin_factory=pin_factory)
        opened.append(led)
        piezo = Piezo(config.piezo_pin, pin_factory=pin_factory)
    except BadPinFactory:
        for device in opened:
            device.close()
        raise NoGPIO("pas de GPIO ici : le buzzer est simulé par la barre d'espace") from None
    except GPIOZeroError as error:
        for device in opened:
            device.close()
        raise NoGPIO(f"GPIO indisponible ({error}) : une autre instance tourne-t-elle ?") from None
    return Panel(button, led, piezo)
