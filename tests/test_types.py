"""The engine, the games' rules and the card data are typed throughout: `mypy --strict` finds
nothing in them, with no blanket ignore (the targeted ones: PyYAML's untyped
`peek_event`). A compiler for typed Python can take
what passes here (issue 28)."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT = ("illusio_table/engine", "illusio_table/games", "illusio_table/data")
# A game's kit, table parts and scene run beside the window, which is not held to this.
NOT_RULES = r"illusio_table/games/[^/]+/(kit\.py|table/|qt/)"
# The window's side: what asks the match model and its session (issue 57), the games'
# scenes, table parts and tours included.
WINDOW = (
    "illusio_table/qt",
    "illusio_table/demo.py",
    *sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "illusio_table/games").glob("*/*")
        if p.name in ("qt", "table", "kit.py")
    ),
)
MODELS = "illusio_table/qt/models/"


def _mypy(*paths: str, exclude: str | None = None) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mypy", reason="mypy comes with the test extras")
    skip = ["--exclude", exclude] if exclude else []
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *skip, *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_engine_the_games_and_the_card_data_are_strictly_typed():
    done = _mypy(*STRICT, exclude=NOT_RULES)
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_blanket_ignore_hides_an_error():
    ignores = []
    for folder in STRICT:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if re.search(NOT_RULES, path.relative_to(ROOT).as_posix()):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "type: ignore" in line and "type: ignore[" not in line:
                    ignores.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
                if line.startswith("# mypy:") or "ignore_errors" in line:
                    ignores.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert ignores == [], "\n".join(ignores)


@cache
def _window_errors() -> tuple[str, ...]:
    """mypy --strict's errors over the window's side, run once for the tests below."""
    done = _mypy(*WINDOW)
    assert done.returncode in (0, 1), done.stdout + done.stderr  # 1: errors found; 2: broken
    return tuple(line for line in done.stdout.splitlines() if ": error:" in line)


def test_the_qt_models_are_strictly_typed():
    """The match model and the docks' item models: nothing in their own files (what they
    import, the table layer, is not yet held to it)."""
    assert [line for line in _window_errors() if line.startswith(MODELS)] == []


def test_what_is_asked_of_the_match_model_or_its_session_is_seen_by_mypy():
    """The match model makes no attribute in a loop: what it offers (Qt's signals) and its
    session's attributes are declared, so mypy checks every ask of the window, the devices
    panel, table mode, the guide and the demo, and none names what they lack."""
    lacking = re.compile(r'(error: |Item )"(MatchModel|Session)"( of "[^"]*")? has no attribute')
    assert [line for line in _window_errors() if lacking.search(line)] == []
