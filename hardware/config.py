"""Where the buttons, the piezo and the LED are wired, read from a TOML file.

The file is ``/etc/arbitre/config.toml`` (the Pi's system-wide setup) or ``config.toml`` in
the user config directory; the first one found wins. Missing keys keep their defaults; a
file that cannot be read or holds bad values gives French warnings and the defaults,
never a crash. The wiring table is in ``hardware/README.md``.

.. code-block:: toml

    [hardware]
    buzzer_pin = 17      # BCM numbers
    led_pin = 27
    piezo_pin = 18
    hold_time = 1.0      # seconds held for a long press (the menu)
    bounce_time = 0.05   # presses closer than this are one press
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

SYSTEM_CONFIG = Path("/etc/arbitre/config.toml")


def user_config() -> Path:
    return Path(platformdirs.user_config_dir("arbitre")) / "config.toml"


@dataclass(frozen=True, slots=True)
class HardwareConfig:
    """Pins (BCM numbering) and button timings."""

    buzzer_pin: int = 17
    led_pin: int = 27
    piezo_pin: int = 18
    hold_time: float = 1.0
    bounce_time: float = 0.05


_PINS = ("buzzer_pin", "led_pin", "piezo_pin")
_TIMES = ("hold_time", "bounce_time")


def load_config(paths: Iterable[Path] | None = None) -> tuple[HardwareConfig, list[str]]:
    """The hardware configuration and French warnings about anything ignored."""
    candidates = list(paths) if paths is not None else [SYSTEM_CONFIG, user_config()]
    for path in candidates:
        if path.is_file():
            return _read(path)
    return HardwareConfig(), []


def _read(path: Path) -> tuple[HardwareConfig, list[str]]:
    warnings: list[str] = []
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("hardware", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return HardwareConfig(), [f"{path} illisible ({error}) : réglages par défaut"]
    values: dict[str, int | float] = {}
    for key, value in table.items():
        if key in _PINS and isinstance(value, int) and 0 <= value <= 27:
            values[key] = value
        elif key in _TIMES and isinstance(value, int | float) and 0 <= value <= 10:
            values[key] = float(value)
        else:
            warnings.append(f"{path} : réglage « {key} = {value!r} » ignoré")
    config = dataclasses.replace(HardwareConfig(), **values)  # type: ignore[arg-type]
    pins = [config.buzzer_pin, config.led_pin, config.piezo_pin]
    if len(set(pins)) != len(pins):
        warnings.append(f"{path} : deux éléments sur la même broche, réglages par défaut")
        config = HardwareConfig()
    return config, warnings
