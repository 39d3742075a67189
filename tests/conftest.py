"""Shared test setup: the tests import the project from the repository root."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
for path in (ROOT, TESTS):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))


# The data directory holds the calibrations (and the app's other per-user files): the tests
# use a fresh one of their own, never the user's (nor the user's calibration).
import os  # noqa: E402
import tempfile  # noqa: E402

import pytest  # noqa: E402

from solver.affixes import HUNSPELL_FR, Form, expand_dictionary  # noqa: E402

os.environ["ARBITRE_DATA_DIR"] = tempfile.mkdtemp(prefix="arbitre-tests-")


@pytest.fixture(scope="session")
def dictionary_forms() -> list[Form]:
    """Every form of the installed Dicollecte dictionary (``make test`` installs it)."""
    if not HUNSPELL_FR.with_suffix(".dic").exists():
        pytest.fail("hunspell-fr-comprehensive is not installed: run `make test`, not pytest")
    return list(expand_dictionary())
