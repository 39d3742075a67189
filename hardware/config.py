"""Where the buttons, the piezo and the LED are wired, read from a TOML file.

The file is ``/etc/arbitre/config.toml`` (the Pi's system-wide setup) or ``config.toml`` in
the user config directory; the first one found wins. Missing keys keep their defaults; a
file that cannot be read or holds bad values gives French warnings (the file's path, the
key, what is expected) and that key's default, never a crash; the app shows them on
screen. The wiring table is in ``hardware/README.md``.

.. code-block:: toml

    [hardware]
    buzzer_pin = 17      # BCM numbers
    led_pin = 27
    piezo_pin = 18
    hold_time = 1.0      # seconds held for a long press (the menu), 0.3 to 10
    bounce_time = 0.05   # presses closer than this are one press, 0 to 0.5
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
#: Each timing's accepted range in seconds: a long press shorter than 0.3 s would open the
#: menu on every press; bounces last milliseconds, never half a second.
_TIMES = {"hold_time": (0.3, 10.0), "bounce_time": (0.0, 0.5)}
_TABLE = "hardware"


def load_config(paths: Iterable[Path] | None = None) -> tuple[HardwareConfig, list[str]]:
    """The hardware configuration and French warnings about anything ignored."""
    candidates = list(paths) if paths is not None else [SYSTEM_CONFIG, user_config()]
    for path in candidates:
        if path.is_file():
            return _read(path)
    return HardwareConfig(), []


def _expected(key: str) -> str:
    if key in _PINS:
        return "un numéro de broche BCM, un entier de 0 à 27"
    low, high = _TIMES[key]
    return f"une durée en secondes, de {low:g} à {high:g}"


def _shown(value: object) -> str:
    """A TOML value as the file spells it (booleans in lower case, long text cut)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "une table"
    if isinstance(value, list):
        return "un tableau"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:30] + "…"


def _valid(key: str, value: object) -> bool:
    if isinstance(value, bool):  # TOML's true is no pin 1 and no second
        return False
    if key in _PINS:
        return isinstance(value, int) and 0 <= value <= 27
    low, high = _TIMES[key]
    return isinstance(value, int | float) and low <= value <= high


def _read(path: Path) -> tuple[HardwareConfig, list[str]]:
    warnings: list[str] = []
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return HardwareConfig(), [f"{path} illisible ({error}) : réglages par défaut"]
    for key in document:
        if key != _TABLE:
            warnings.append(
                f"{path} : « {key} » inconnu, ignoré (seule la table [hardware] compte)"
            )
    table = document.get(_TABLE, {})
    if not isinstance(table, dict):
        return HardwareConfig(), [
            *warnings,
            f"{path} : « hardware = {_shown(table)} » : attendu une table [hardware] "
            "(buzzer_pin = 17...) ; réglages par défaut",
        ]
    defaults = HardwareConfig()
    values: dict[str, int | float] = {}
    for key, value in table.items():
        if key not in _PINS and key not in _TIMES:
            known = ", ".join((*_PINS, *_TIMES))
            warnings.append(f"{path} : réglage « {key} » inconnu ({known}), ignoré")
        elif _valid(key, value):
            values[key] = value if key in _PINS else float(value)
        else:
            warnings.append(
                f"{path} : « {key} = {_shown(value)} » : attendu {_expected(key)} ; "
                f"{getattr(defaults, key)} par défaut"
            )
    config = dataclasses.replace(defaults, **values)  # type: ignore[arg-type]
    pins = [config.buzzer_pin, config.led_pin, config.piezo_pin]
    if len(set(pins)) != len(pins):
        warnings.append(f"{path} : deux éléments sur la même broche, réglages par défaut")
        config = HardwareConfig()
    elif config.bounce_time >= config.hold_time:
        warnings.append(
            f"{path} : bounce_time ({config.bounce_time:g} s) doit être plus court que "
            f"hold_time ({config.hold_time:g} s) ; réglages par défaut"
        )
        config = HardwareConfig()
    return config, warnings
