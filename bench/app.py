"""How light is the referee app? Start-up to the first frame, idle CPU and memory.

Starts ``arbitre run --simulate`` headless (SDL's dummy drivers) and, side by side in the
same run, a bare pygame window that only waits for events (the floor any pygame app
stands on). For each: seconds from launch to the first frame (the first screenshot
written), the share of one core used while idle on the home screen, and the resident
memory. Goals here: < 2 s, < 5 % of a core, < 250 MB.

With ``--demos``, it then plays one whole demo game of every game the device has screens
for (``arbitre run --demo --rules X --exit-after-game --speed 20``) and prints how long
each took, its exit code and how many screens it saved. Goal: exit 0 within 3 minutes.

    .venv/bin/python bench/app.py [--idle 10] [--demos]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import sys, pygame
pygame.init()
screen = pygame.display.set_mode((800, 480))
screen.fill((12, 18, 40))
pygame.display.flip()
pygame.image.save(screen, sys.argv[1] + "/001-first.png")
while pygame.event.wait(100).type != pygame.QUIT:
    pass
"""


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure(command: list[str], shots: Path, idle: float) -> tuple[float, float, float]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
    try:
        while not any(shots.glob("*.png")):
            if process.poll() is not None:
                raise RuntimeError(f"{command[0]} stopped with code {process.returncode}")
            time.sleep(0.005)
        first_frame = time.perf_counter() - start
        time.sleep(1)  # let start-up work settle
        cpu_before, wall_before = _cpu_seconds(process.pid), time.perf_counter()
        time.sleep(idle)
        cpu = (_cpu_seconds(process.pid) - cpu_before) / (time.perf_counter() - wall_before)
        rss = _rss_mib(process.pid)
    finally:
        process.send_signal(signal.SIGTERM)  # the app quits cleanly on SIGTERM
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            raise
    return first_frame, 100 * cpu, rss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=float, default=10.0, help="seconds measured idle")
    parser.add_argument("--demos", action="store_true", help="also a demo game of each game")
    args = parser.parse_args(argv)
    arbitre = str(Path(sys.executable).with_name("arbitre"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, command in (
            ("bare pygame window", [sys.executable, "-c", BARE]),
            ("arbitre run --simulate", [arbitre, "run", "--simulate"]),
        ):
            shots = Path(tmp) / name.replace(" ", "-")
            shots.mkdir()
            data = Path(tmp) / "data"
            extra = (
                [] if "bare" in name else ["--screenshot-dir", str(shots), "--data-dir", str(data)]
            )
            full = command + extra if extra else [*command, str(shots)]
            rows.append((name, *measure(full, shots, args.idle)))
    print(f"{'program':<24}{'first frame s':>14}{'idle CPU %':>12}{'RSS MiB':>10}")
    for name, first, cpu, rss in rows:
        print(f"{name:<24}{first:>14.2f}{cpu:>12.1f}{rss:>10.0f}")
    if args.demos:
        demos(arbitre)
    return 0


DEMO_LIMIT = 180.0
"""Seconds a demo game at --speed 20 may take (issue 21: within 3 minutes)."""


def demos(arbitre: str) -> None:
    """One demo game of every game with screens, each timed."""
    from device.games import offered

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    print(f"\n{'demo --speed 20':<24}{'seconds':>10}{'exit':>6}{'screens':>9}")
    for kind in offered():
        with tempfile.TemporaryDirectory() as tmp:
            shots = Path(tmp) / "shots"
            command = [arbitre, "run", "--demo", "--rules", kind.name, "--exit-after-game"]
            command += ["--speed", "20", "--data-dir", tmp, "--screenshot-dir", str(shots)]
            start = time.perf_counter()
            try:
                done = subprocess.run(
                    command, check=False, env=env, cwd=ROOT, capture_output=True, timeout=DEMO_LIMIT
                )
                code = str(done.returncode)
            except subprocess.TimeoutExpired:
                code = "trop long"
            seconds = time.perf_counter() - start
            screens = len(list(shots.glob("*.png"))) if shots.exists() else 0
            print(f"{kind.name:<24}{seconds:>10.0f}{code:>6}{screens:>9}")


if __name__ == "__main__":
    raise SystemExit(main())
