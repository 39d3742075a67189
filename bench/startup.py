"""How long a word query takes from a fresh process, beside a bare ``python -c pass``.

Each command runs in a new interpreter (the way a shell or another tool calls ``arbitre``),
``RUNS`` times in turn with the others, so that the machine's load falls on all alike; the
median and the best wall-clock times are printed. A word query needs the lexicon (about
0.16 s to load) but never OpenCV, numpy, pygame or the vision code: ``device.cli`` imports
each subcommand's dependencies only when that subcommand runs.

    .venv/bin/python bench/startup.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The console script beside this interpreter (the command users type), else ``-m device``.
_SCRIPT = Path(sys.executable).with_name("arbitre")
ARBITRE = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "device"]
RUNS = 15

COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import device.cli'": [sys.executable, "-c", "import device.cli"],
    "arbitre letters BAMERILANE": [*ARBITRE, "letters", "BAMERILANE"],
    "arbitre dice S S P": [*ARBITRE, "dice", "S", "S", "P"],
    "arbitre validate mangeais": [*ARBITRE, "validate", "mangeais", "--letters", "AMGNEAIS"],
    "arbitre numbers 3 75 2 4 1 1 -t 888": [
        *ARBITRE,
        "numbers",
        "3",
        "75",
        "2",
        "4",
        "1",
        "1",
        "-t",
        "888",
    ],
}


def median(values: list[float]) -> float:
    """(``statistics`` cannot be imported here: ``bench/numbers.py`` shadows ``numbers``.)"""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def wall(command: list[str]) -> float:
    """Seconds from start to exit of one fresh process."""
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def heavy_modules() -> list[str]:
    """The heavy modules ``import device.cli`` loads (none is the goal)."""
    probe = (
        "import sys, device.cli; "
        "print(' '.join(m for m in ('cv2', 'numpy', 'pygame', 'vision.camera', "
        "'engine.game') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return done.stdout.split()


def main() -> None:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for command in COMMANDS.values():
        wall(command)  # warm the page cache: every run then starts alike
    for _ in range(RUNS):
        for name, command in COMMANDS.items():
            times[name].append(wall(command))
    print(f"{RUNS} fresh processes each, interleaved (seconds, wall clock)")
    print(f"| {'command':<38} | median | best |")
    print(f"|{'-' * 40}|--------|------|")
    for name, runs in times.items():
        print(f"| {name:<38} | {median(runs):6.3f} | {min(runs):4.2f} |")
    heavy = heavy_modules()
    print("heavy modules imported by `import device.cli`:", ", ".join(heavy) or "none")


if __name__ == "__main__":
    main()
