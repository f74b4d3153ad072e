"""Installed as a game is installed, the fourth game is found; uninstalled, nothing of it
is left: not on the path, not in what the program found."""

from __future__ import annotations

import sys

from illusio_table.games import builtin_registry, found, rules
from illusio_table.table.kits import PLAIN, kit_of, kits

from .install import installed
from .kit import KIT


def test_the_fourth_game_is_found_only_while_installed(tmp_path):
    path = list(sys.path)
    before = list(builtin_registry().ids())
    assert "odds" not in found() and kit_of("odds") is PLAIN
    with installed(tmp_path) as game_id:
        listed = tmp_path / "odds_game-0.dist-info" / "entry_points.txt"
        assert listed.read_text() == "[illusio_table.games]\nodds = tests.odds.kit:KIT\n"
        assert found()[game_id] == "tests.odds.kit:KIT"
        assert rules()[game_id] == "tests.odds.rules:OddsGame"
        assert builtin_registry().ids() == sorted([*before, game_id])
        assert kit_of(game_id) is KIT and kits()[-1] is KIT
    assert sys.path == path
    assert "odds" not in found() and "odds" not in rules()
    assert builtin_registry().ids() == before and kit_of("odds") is PLAIN
