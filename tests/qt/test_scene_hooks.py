"""A game's table stands on the toolkit's public hooks alone (issue 57).

What counts as the toolkit, for a game's scene module: every class, function and module
it takes from `illusio_table.qt` that is not defined in that module itself (the tables'
base, the felt, the words, the looks; a helper of the game's own lives with its scene and
is its own business). A scene module breaks the rule when it

- reads, writes, calls or replaces an underscored (private, not dunder) name of a toolkit
  class it builds on, through `self`, `cls` or `super()` (its own underscored names are
  its own business, unless they are the toolkit's too: then they replace the toolkit's);
- reaches an underscored name of the toolkit on any other object (a name the toolkit's
  classes or modules keep private, and the scene module does not define);
- imports an underscored name from the toolkit;
- defines a Qt event handler (a method named `…Event`: mousePressEvent, keyPressEvent,
  hoverEnterEvent…) in a class built on a toolkit class, whose input the toolkit owns; or
  assigns one to any object (`item.mousePressEvent = …`, `setattr(item, "…Event", …)`).

The scenes checked: each kit's table, the test game's, and every module of a game's
folder that builds on Qt.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
import textwrap
from pathlib import Path
from tempfile import TemporaryDirectory
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
TOOLKIT = "illusio_table.qt"
HANDLER = re.compile(r"^[a-z][A-Za-z]*Event$")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _scene_modules() -> list[ModuleType]:
    """Every game's table (its kit's), the test game's, and each module of a game's folder
    that imports Qt or the toolkit."""
    from illusio_table.table.kits import kits
    from tests.odds.install import installed

    with TemporaryDirectory() as folder, installed(Path(folder)):  # the fourth game too
        names = {kit.scene_class().__module__ for kit in kits()}
    assert len(names) == 4, names
    for path in sorted((ROOT / "illusio_table" / "games").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "PySide6" in text or TOOLKIT in text:
            names.add(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return [importlib.import_module(name) for name in sorted(names)]


def _in_toolkit(module_name: str, scene: ModuleType) -> bool:
    return (
        module_name == TOOLKIT or module_name.startswith(TOOLKIT + ".")
    ) and module_name != scene.__name__


def _privates_of_class(cls: type) -> set[str]:
    """The underscored names a toolkit class defines: its private methods, class
    attributes, and the attributes its methods set on `self` or `cls`."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _private(node.name):
            found.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                if _private(node.attr):
                    found.add(node.attr)
    (class_node,) = tree.body
    assert isinstance(class_node, ast.ClassDef)
    for node in class_node.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        found |= {t.id for t in targets if isinstance(t, ast.Name) and _private(t.id)}
    return found


def _toolkit_bases(cls: type, scene: ModuleType) -> list[type]:
    return [base for base in cls.__mro__[1:] if _in_toolkit(base.__module__, scene)]


def _toolkit_privates(scene: ModuleType) -> set[str]:
    """Every underscored name of the toolkit the scene module takes from: of the classes it
    imports or builds on, and of the modules it imports from."""
    found: set[str] = set()
    classes: set[type] = set()
    for value in vars(scene).values():
        if inspect.isclass(value):
            if _in_toolkit(value.__module__, scene):
                classes.add(value)
            if value.__module__ == scene.__name__:
                classes.update(_toolkit_bases(value, scene))
        if inspect.ismodule(value) and _in_toolkit(value.__name__, scene):
            found |= {name for name in vars(value) if _private(name)}
    modules = {sys.modules[cls.__module__] for cls in classes}
    for module in modules:
        found |= {name for name in vars(module) if _private(name)}
    for cls in classes:
        for base in (cls, *_toolkit_bases(cls, scene)):
            found |= _privates_of_class(base)
    return found


def _own_names(tree: ast.Module) -> set[str]:
    """The underscored names the scene module defines itself (methods, attributes set on
    `self`, module-level names)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if _is_self(node.value):
                found.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
    return {name for name in found if _private(name)}


def _is_self(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
    )


def breaches(scene: ModuleType) -> list[str]:
    """Where the scene module touches the toolkit's private parts or its event handlers."""
    path = Path(inspect.getsourcefile(scene) or "")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    toolkit_privates = _toolkit_privates(scene)
    own = _own_names(tree)
    found = []

    def say(node: ast.AST, what: str) -> None:
        found.append(f"{where}:{getattr(node, 'lineno', 0)}: {what}")

    # Imports of a private name from the toolkit.
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = scene.__name__.rsplit(".", node.level)[0] if node.level else ""
            source = ".".join(part for part in (base, node.module or "") if part)
            if _in_toolkit(source, scene):
                for alias in node.names:
                    if _private(alias.name):
                        say(node, f"imports {source}.{alias.name}")

    # Inside each class: what it takes from the toolkit classes it builds on.
    inside_classes: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(scene, node.name, None)
        bases = _toolkit_bases(cls, scene) if inspect.isclass(cls) else []
        inherited = set().union(*(_privates_of_class(base) for base in bases))
        for sub in ast.walk(node):
            if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef):
                if sub.name in inherited:
                    say(sub, f"{node.name} replaces the toolkit's {sub.name}")
                if bases and HANDLER.match(sub.name):
                    say(sub, f"{node.name} replaces the Qt handler {sub.name} the toolkit owns")
            elif isinstance(sub, ast.Attribute) and _is_self(sub.value):
                inside_classes.add(id(sub))
                if sub.attr in inherited:
                    say(sub, f"{node.name} touches the toolkit's {sub.attr}")
            elif isinstance(sub, ast.Assign | ast.AnnAssign) and sub in node.body:
                targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
                for target in targets:
                    if isinstance(target, ast.Name) and target.id in inherited:
                        say(sub, f"{node.name} replaces the toolkit's {target.id}")

    # Anywhere: a private toolkit name reached on another object; event handlers assigned.
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if (
                id(node) not in inside_classes
                and _private(node.attr)
                and node.attr in toolkit_privates
                and node.attr not in own
            ):
                say(node, f"touches the toolkit's {node.attr}")
            if isinstance(node.ctx, ast.Store) and HANDLER.match(node.attr):
                say(node, f"assigns the Qt handler {node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and HANDLER.match(str(node.args[1].value))
        ):
            say(node, f"assigns the Qt handler {node.args[1].value}")
    return sorted(set(found))


def test_every_game_scene_is_found():
    """The check below reads the tables of every game (and the test game's)."""
    names = {module.__name__ for module in _scene_modules()}
    from illusio_table.table.kits import kits

    assert len(names) >= len(kits()) + 1


def test_no_game_scene_touches_a_private_toolkit_name_or_its_event_handlers():
    """Each game's table uses the toolkit's public hooks (ring, light_targets, carry,
    stop_reveal, the felt's text/region/button…), so the toolkit may change inside."""
    found = [breach for module in _scene_modules() for breach in breaches(module)]
    assert found == [], "\n".join(found)


def test_the_check_sees_each_kind_of_breach(tmp_path, monkeypatch):
    """A scene written to break each rule once is caught once per breach."""
    package = tmp_path / "breaking"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "scene.py").write_text(
        textwrap.dedent(
            """
            from illusio_table.qt.scenes.base import TableScene, _area
            from illusio_table.qt.scenes.felt import Felt


            class Breaking(Felt, TableScene):
                def show_view(self, view, legal, names, title):
                    self._show_mark("hover", None)  # a private method of the toolkit
                    self._own = self._grabbed  # a private attribute (and one of its own)
                    self.text("x", 0, 0)  # the felt's public helper: fine

                def _settle_home(self):  # replaces a private method
                    pass

                def mousePressEvent(self, event):  # replaces a handler the toolkit owns
                    pass


            def rig(scene, item):
                scene._press = None  # on another object
                item.hoverEnterEvent = print
                setattr(item, "keyPressEvent", print)
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    found = breaches(importlib.import_module("breaking.scene"))
    said = sorted(line.split(": ", 1)[1] for line in found)
    assert said == sorted(
        [
            "imports illusio_table.qt.scenes.base._area",
            "Breaking touches the toolkit's _show_mark",
            "Breaking touches the toolkit's _grabbed",
            "Breaking replaces the toolkit's _settle_home",
            "Breaking replaces the Qt handler mousePressEvent the toolkit owns",
            "touches the toolkit's _press",
            "assigns the Qt handler hoverEnterEvent",
            "assigns the Qt handler keyPressEvent",
        ]
    )
