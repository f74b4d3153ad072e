"""The engine and the card data are typed throughout: `mypy --strict` finds nothing in
them. The games are on their way there (issue 27): their count of errors may only fall."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The errors `mypy --strict` still finds in illusio_table/games (and nowhere else): lower
# it as they are fixed; it never goes up.
GAMES_ERRORS_AT_MOST = 57


def _mypy(*paths: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mypy", reason="mypy comes with the test extras")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_engine_and_the_card_data_are_strictly_typed():
    done = _mypy("illusio_table/engine", "illusio_table/data")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_games_type_errors_only_ever_fall():
    done = _mypy("illusio_table/engine", "illusio_table/games", "illusio_table/data")
    errors = [line for line in done.stdout.splitlines() if re.search(r": error: ", line)]
    outside = [line for line in errors if not line.startswith("illusio_table/games/")]
    assert outside == [], "\n".join(outside)
    assert len(errors) <= GAMES_ERRORS_AT_MOST, (
        f"{len(errors)} errors in the games, more than the {GAMES_ERRORS_AT_MOST} allowed:\n"
        + "\n".join(errors)
    )
