"""The shape of the Illuminati rules: a game deriving from the engine's `Game` alone, whose
families of moves are modules of functions beside it, none of them too long to read."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from illusio_table.engine import Game
from illusio_table.games.illuminati.rules import IlluminatiGame

FOLDER = Path(inspect.getfile(IlluminatiGame)).with_suffix(".py").parent
LONGEST = 800  # lines: the most a file of rules may hold and still be read whole


def test_the_game_derives_from_the_engines_game_alone():
    assert IlluminatiGame.__bases__ == (Game,)


def test_no_class_in_the_rules_derives_from_another_of_them():
    # The parts are functions or plain classes (the pieces of state): no part of the rules
    # is a base another one builds on, so no chain can grow again.
    for path in sorted(FOLDER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name != "IlluminatiGame":
                bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                assert "Game" not in bases, f"{path.name}: {node.name} derives from Game"


def test_no_file_of_the_rules_is_longer_than_can_be_read_whole():
    lengths = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in FOLDER.glob("*.py")}
    assert len(lengths) > 8
    too_long = {name: n for name, n in lengths.items() if n > LONGEST}
    assert too_long == {}
