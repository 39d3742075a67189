"""How long a word query takes from a fresh process, beside a bare ``python -c pass``.

Each command runs in a new interpreter (the way a shell or another tool calls ``arbitre``),
``RUNS`` times in turn with the others, so that the machine's load falls on all alike; the
median and the best wall-clock times are printed, and the median CPU time (user + system),
which another program's load inflates far less. A word query needs the lexicon (about
0.16 s to load) but never OpenCV, numpy, pygame or the vision code: ``device.cli`` imports
each subcommand's dependencies only when that subcommand runs.

    .venv/bin/python bench/startup.py
"""

from __future__ import annotations

import os
import resource
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


def wall(command: list[str]) -> tuple[float, float]:
    """Seconds from start to exit of one fresh process, and the CPU seconds it used (user
    and system: what a loaded machine does not inflate much)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return elapsed, cpu


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
    cpu: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for command in COMMANDS.values():
        wall(command)  # warm the page cache: every run then starts alike
    for _ in range(RUNS):
        for name, command in COMMANDS.items():
            elapsed, used = wall(command)
            times[name].append(elapsed)
            cpu[name].append(used)
    load = os.getloadavg()[0]
    print(f"{RUNS} fresh processes each, interleaved (seconds; load average {load:.1f})")
    print(f"| {'command':<38} | wall median | wall best | CPU median |")
    print(f"|{'-' * 40}|-------------|-----------|------------|")
    for name, runs in times.items():
        print(
            f"| {name:<38} | {median(runs):11.3f} | {min(runs):9.3f} | {median(cpu[name]):10.3f} |"
        )
    heavy = heavy_modules()
    print("heavy modules imported by `import device.cli`:", ", ".join(heavy) or "none")


if __name__ == "__main__":
    main()
