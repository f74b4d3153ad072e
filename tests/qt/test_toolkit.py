"""Guards against a Qt binding that would crash the program."""

import sys

from PySide6.QtCore import QObject, QRectF
from PySide6.QtWidgets import QGraphicsScene


def test_calling_qt_methods_leaves_none_alone():
    """PySide6 6.12.0 drops a reference to None on every call of a method that returns
    nothing; on Python 3.11 the program then aborts. pyproject.toml excludes it."""
    scene = QGraphicsScene()
    item = scene.addRect(QRectF(0, 0, 10, 10))
    holder = QObject()
    before = sys.getrefcount(None)
    for _ in range(200):
        item.setPos(1, 2)
        item.setToolTip("tip")
        holder.setObjectName("name")
    assert sys.getrefcount(None) - before > -50


def _tables():
    """Every game's table, the plain one, the card tables' shared part and the test game's."""
    from illusio_table.qt.scenes.felt import Felt
    from illusio_table.qt.scenes.generic import GenericTableScene
    from illusio_table.table.kits import kits
    from tests.odds.scene import OddsScene

    return [kit.scene_class() for kit in kits()] + [GenericTableScene, Felt, OddsScene]


def test_no_table_overrides_a_private_method_of_the_toolkit():
    """A game's table changes the toolkit's behaviour through its declared hooks (ring_look,
    place_badges, hover_words, menu_for_one and the public methods), never by replacing
    one of the toolkit's own private methods, which may change under it."""
    from illusio_table.qt.scenes.base import TableScene

    own = {name for name in vars(TableScene) if name.startswith("_") and not name.endswith("__")}
    replaced = [
        f"{table.__name__}.{name}" for table in _tables() for name in vars(table) if name in own
    ]
    assert replaced == []


def test_no_table_spells_a_move_by_hand():
    """A move a table makes or tries comes from the gesture maps or table/attempts.py (the
    games' action classes), never from a dict written in a scene, where a renamed field
    would only show when a person's drop was refused for the wrong reason."""
    import ast
    from pathlib import Path

    scenes = Path(__file__).resolve().parents[2] / "illusio_table" / "qt" / "scenes"
    spelled = []
    for path in sorted(scenes.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "kind"
                        and isinstance(value, ast.Constant)
                    ):
                        spelled.append(f"{path.name}:{node.lineno}: {value.value!r}")
    assert spelled == []
