"""Tests stage positions only through each game's staging helpers
(`tests/games/<game>/helpers.py`): no test writes into a match's state itself. When the
shape of a game's state changes, the helpers change and the tests do not."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# Methods that change a list, dict or set in place.
MUTATORS = {
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "clear",
    "add",
    "discard",
    "update",
    "setdefault",
    "sort",
}
GAME_NAMES = {"game"}  # what the tests call a match's game


def _rooted_in_state(node: ast.expr) -> bool:
    """`game.<field>…`: an expression that reaches into a game's state (at least one
    attribute below the game, through any attributes and indexes)."""
    attributes = 0
    while isinstance(node, ast.Attribute | ast.Subscript):
        attributes += isinstance(node, ast.Attribute)
        node = node.value
    return isinstance(node, ast.Name) and node.id in GAME_NAMES and attributes > 0


def writes_into_state(source: str) -> list[int]:
    """The lines of a test module that change a game's state directly."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
        ):
            targets = [node.func.value]
        for target in targets:
            parts = target.elts if isinstance(target, ast.Tuple) else [target]
            if any(_rooted_in_state(part) for part in parts):
                found.append(node.lineno)
    return sorted(set(found))


def _test_modules() -> list[Path]:
    modules = sorted((TESTS / "games").rglob("test_*.py")) + sorted((TESTS / "qt").glob("*.py"))
    return [m for m in modules if m.name != "helpers.py"]


def test_no_test_writes_into_a_games_state_but_through_the_staging_helpers():
    wrong = [
        f"{path.relative_to(TESTS.parent)}:{line}"
        for path in _test_modules()
        for line in writes_into_state(path.read_text(encoding="utf-8"))
    ]
    assert wrong == [], "stage it with the game's helpers (tests/games/<game>/helpers.py)"


def test_the_write_finder_finds_every_kind_of_write():
    source = "\n".join(
        [
            "game.phase = 'income'",
            "game.money['x'] += 1",
            "game.deck.append(card)",
            "game.hands[0].remove(card)",
            "game.scores, game.tricks = [1], []",
            "game.apply(0, move)",  # a move: not a write
            "view = game.view(0)",  # a read
            "game = make()",  # the game itself, not its state
        ]
    )
    assert writes_into_state(source) == [1, 2, 3, 4, 5]
