"""The engine, the games and the card data are typed throughout: `mypy --strict` finds
nothing in them, with no blanket ignore (the targeted ones: PyYAML's untyped
`peek_event`). A compiler for typed Python can take
what passes here (issue 28)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT = ("illusio_table/engine", "illusio_table/games", "illusio_table/data")


def _mypy(*paths: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mypy", reason="mypy comes with the test extras")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_engine_the_games_and_the_card_data_are_strictly_typed():
    done = _mypy(*STRICT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_blanket_ignore_hides_an_error():
    ignores = []
    for folder in STRICT:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "type: ignore" in line and "type: ignore[" not in line:
                    ignores.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
                if line.startswith("# mypy:") or "ignore_errors" in line:
                    ignores.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert ignores == [], "\n".join(ignores)
