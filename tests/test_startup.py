"""A word query starts fast: ``arbitre letters`` never imports OpenCV, numpy or pygame
(the start-up figure is measured by ``bench/startup.py``, not asserted here)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_cli import ROOT

HEAVY = ("cv2", "numpy", "pygame", "vision.camera", "vision.reading", "engine.game")


def imported_by(code: str) -> set[str]:
    """The heavy modules a fresh interpreter holds after running ``code``."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return set(done.stdout.split())


def test_importing_the_command_line_imports_no_heavy_library() -> None:
    assert imported_by("import device.cli; device.cli.build_parser()") == set()


@pytest.mark.parametrize(
    "argv",
    [
        ["letters", "BAMERILANE"],
        ["dice", "S", "S", "P"],
        ["validate", "mangeais", "--letters", "AMGNEAIS"],
        ["numbers", "3", "75", "2", "4", "1", "1", "--target", "888"],
    ],
)
def test_a_word_or_numbers_query_imports_no_heavy_library(argv: list[str]) -> None:
    code = (
        "import contextlib, io, device.cli\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    device.cli.main({argv!r})"
    )
    assert imported_by(code) == set()


def test_the_choices_named_by_the_command_line_are_the_solvers_and_engine_s_own() -> None:
    from device.commands import dice, letters, numbers, score
    from engine.rules import RULE_SETS
    from solver.lexicon import RULES
    from solver.plates import BOXED_TARGETS
    from solver.words import PLAYERS

    assert letters.RULES == RULES and dice.PLAYERS == PLAYERS
    assert numbers.BOXED_TARGETS == BOXED_TARGETS and tuple(sorted(RULE_SETS)) == score.RULES
