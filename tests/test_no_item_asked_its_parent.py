"""No code of the program or its tests asks a Qt item for its parent or its top item.

In PySide6 6.11, `parentItem()` and `topLevelItem()` tie the wrapper they return to the
item asked (the parent becomes the child's ward; `parentItem()` on a top-level item hands
it to Python). The scene then no longer reaches those wrappers: when it goes, they still
think their items alive, and the garbage collection that frees them frees the items a
second time (a test run crashed, SIGSEGV, in a later test file). Walk from the parents'
side instead (`childItems()`), or keep what is needed as the drawing makes it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ASKED = {"parentItem", "topLevelItem"}


def _files() -> list[Path]:
    return sorted([*(ROOT / "illusio_table").rglob("*.py"), *(ROOT / "tests").rglob("*.py")])


def calls_asking_parents(source: str) -> list[int]:
    """The lines of `source` that call `x.parentItem()` or `x.topLevelItem()`."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ASKED
    ]


def test_the_check_finds_such_a_call():
    assert calls_asking_parents("a = 1\nif item.parentItem() is None:\n    pass\n") == [2]
    assert calls_asking_parents("x = [i.topLevelItem() for i in s.items()]") == [1]
    assert calls_asking_parents('"""parentItem() in words"""\n# item.topLevelItem()\n') == []


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_item_is_asked_its_parent(path):
    lines = calls_asking_parents(path.read_text(encoding="utf-8"))
    assert not lines, f"{path.relative_to(ROOT)}:{lines[0]}: walk from the parents instead"
