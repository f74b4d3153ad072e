"""Installs Odds and evens as a game is installed: a distribution's metadata on the
path, `odds_game-0.dist-info/entry_points.txt`, whose entry point of the group the
program reads names this folder's kit. The program then finds it as it finds the games
it ships (games/__init__.py); nothing else of it is told.

`installed(folder)` does it for a while, and undoes all of it: the path, and the caches
of what was found (the games' rules and registry, the kits). `odds_installed` is the
same as a pytest fixture, for the tests that play it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from illusio_table import games
from illusio_table.table import kits

from .kit import KIT

PACKAGE = __name__.rpartition(".")[0]
DISTRIBUTION = "odds_game-0.dist-info"


def forget() -> None:
    """What the program found is found again when next asked."""
    games.rules.cache_clear()
    games.builtin_registry.cache_clear()
    kits._FOUND.clear()


@contextmanager
def installed(folder: Path) -> Iterator[str]:
    """The game's id, its metadata in `folder` on sys.path while the block runs."""
    listed = folder / DISTRIBUTION / "entry_points.txt"
    listed.parent.mkdir(parents=True)
    listed.write_text(f"[{games.GROUP}]\n{KIT.game_id} = {PACKAGE}.kit:KIT\n", encoding="utf-8")
    sys.path.insert(0, str(folder))
    forget()
    try:
        yield KIT.game_id
    finally:
        sys.path.remove(str(folder))
        forget()


@pytest.fixture
def odds_installed(tmp_path: Path) -> Iterator[str]:
    with installed(tmp_path / "site") as game_id:
        yield game_id
