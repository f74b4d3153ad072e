"""The program's layers, read from its source with `ast`: no module imports itself round
a circle, the engine knows no game, window or network, the games know no window, and the
scenes that draw a table know no rules (what they show comes in the view).

An import inside `if TYPE_CHECKING:` is for the type checker only and is not counted;
an import inside a function is (it is a dependency all the same, only a late one).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "illusio_table"
PACKAGE = "illusio_table"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules that `name` imports (a `from P import m` of a submodule m
    counts as importing P.m, not P: that is what Python runs for it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child):
                for part in child.orelse:
                    visit(part)
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.startswith(PACKAGE))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    source = ".".join(base + ([child.module] if child.module else []))
                else:
                    source = child.module or ""
                if not source.startswith(PACKAGE):
                    continue
                for alias in child.names:
                    sub = f"{source}.{alias.name}"
                    found.add(sub if sub in known else source)
            visit(child)

    visit(tree)
    found.discard(name)
    return {m for m in found if m in known}


def import_graph() -> dict[str, set[str]]:
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_no_module_imports_itself_round_a_circle():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize(
    ("layer", "forbidden"),
    [
        ("illusio_table.engine", ("games", "qt", "table", "remote", "data")),
        ("illusio_table.data", ("games", "qt", "table", "remote", "engine")),
        ("illusio_table.qt.scenes", ("games",)),
    ],
)
def test_a_layer_imports_nothing_above_it(layer, forbidden):
    graph = import_graph()
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in graph.items()
        if _under(module, layer)
        for target in targets
        for above in forbidden
        if _under(target, f"{PACKAGE}.{above}")
    )
    assert wrong == []


def game_part(module: str) -> tuple[str, str] | None:
    """(game, part) of a module in a game's folder: its "rules" (the package itself), its
    "table" parts (`kit`, `table/`: Qt-free) or its "qt" parts (`qt/`: its scene and the
    like); None for a module outside every game's folder."""
    parts = module.split(".")
    if parts[:2] != [PACKAGE, "games"] or len(parts) < 3:
        return None
    if len(parts) > 3 and parts[3] in ("kit", "table"):
        return parts[2], "table"
    if len(parts) > 3 and parts[3] == "qt":
        return parts[2], "qt"
    return parts[2], "rules"


def test_a_game_part_is_told_by_its_place_in_the_game_folder():
    assert game_part(f"{PACKAGE}.games.g.rules") == ("g", "rules")
    assert game_part(f"{PACKAGE}.games.g") == ("g", "rules")
    assert game_part(f"{PACKAGE}.games.g.kit") == ("g", "table")
    assert game_part(f"{PACKAGE}.games.g.table.guide") == ("g", "table")
    assert game_part(f"{PACKAGE}.games.g.qt.scene") == ("g", "qt")
    assert game_part(f"{PACKAGE}.games") is None
    assert game_part(f"{PACKAGE}.table.kits") is None


def _layer_of(module: str) -> str:
    """The toolkit layer a module is, or a game's part ("rules", "table", "qt")."""
    found = game_part(module)
    if found is not None:
        return found[1]
    return module.split(".")[1] if "." in module else module


# What each part of a game's folder may not import: the rules know no table, no window,
# no network (and so none of any game's kit, table parts or scene); the table parts know
# no Qt (toolkit or game's); no part of a game reaches the phones' server.
GAME_PARTS_FORBID = {
    "rules": ("table", "qt", "remote"),
    "table": ("qt", "remote"),
    "qt": ("remote",),
}


def test_each_part_of_a_game_imports_nothing_above_it():
    graph = import_graph()
    wrong = sorted(
        f"{module} ({game_part(module)[1]}) imports {target}"
        for module, targets in graph.items()
        if game_part(module) is not None
        for target in targets
        if _layer_of(target) in GAME_PARTS_FORBID[game_part(module)[1]]
    )
    assert wrong == []


def test_a_games_table_parts_import_no_pyside():
    wrong = sorted(
        name
        for name, path in _modules().items()
        if (game_part(name) or ("", ""))[1] == "table" and "PySide6" in third_party_imports(path)
    )
    assert wrong == []


def test_a_games_drawing_knows_no_rules():
    """A module of a game's folder that draws on the table (it imports the tables'
    toolkit) shows what the view says, and imports no rules of any game."""
    graph = import_graph()
    drawings = [
        module
        for module, targets in graph.items()
        if game_part(module) is not None and any(_under(t, f"{PACKAGE}.qt.scenes") for t in targets)
    ]
    assert drawings  # the games' scenes, at least
    wrong = sorted(
        f"{module} imports {target}"
        for module in drawings
        for target in graph[module]
        if (game_part(target) or ("", ""))[1] == "rules"
    )
    assert wrong == []


# The one place above the engine that holds a match's game: the session, which hands it
# to bots thinking in the thinking process and asks it what a screen passed openly shows.
HOLDS_THE_GAME = {f"{PACKAGE}.table.session"}


def reaches_the_game(path: Path) -> list[int]:
    """The lines of a module that reach past a Match (`….game`) to the game inside it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "game"
    )


def test_the_window_tables_and_phones_ask_the_match_never_the_game_inside_it():
    wrong = [
        f"{name}:{line}"
        for name, path in _modules().items()
        if any(_under(name, f"{PACKAGE}.{part}") for part in ("qt", "table", "remote"))
        and name not in HOLDS_THE_GAME
        for line in reaches_the_game(path)
    ]
    assert wrong == []


def test_the_reach_finder_finds_a_reach(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f(model):\n    return model.match.game.view(0)\n", encoding="utf-8")
    assert reaches_the_game(module) == [2]


def third_party_imports(path: Path) -> set[str]:
    """The top-level packages a module imports (any import, also inside a function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("layer", ["table", "remote"])
def test_the_session_and_the_phones_know_no_qt(layer):
    """The session (table/) is the one master of a match, and the phones (remote/) are a
    client of it as the window is: neither imports PySide6, nor anything of the window."""
    wrong = sorted(
        name
        for name, path in _modules().items()
        if _under(name, f"{PACKAGE}.{layer}") and "PySide6" in third_party_imports(path)
    )
    graph = import_graph()
    wrong += sorted(
        f"{module} imports {target}"
        for module, targets in graph.items()
        if _under(module, f"{PACKAGE}.{layer}")
        for target in targets
        if _under(target, f"{PACKAGE}.qt")
    )
    assert wrong == []


def test_the_bench_imports_no_test_and_the_program_neither_nor_the_testbed():
    """The program ships alone (PyInstaller bundles what it imports); the bench runs
    without the tests; what both use lives in testbed/ (the faulty network)."""
    checkout = ROOT.parent
    never = {
        PACKAGE: {"tests", "benchmarks", "testbed"},
        "benchmarks": {"tests"},
        "testbed": {"tests", "benchmarks"},
    }
    wrong = sorted(
        f"{path.relative_to(checkout)} imports {top}"
        for folder, forbidden in never.items()
        for path in sorted((checkout / folder).rglob("*.py"))
        for top in third_party_imports(path) & forbidden
    )
    assert wrong == []


# -- No game's name in the toolkits ------------------------------------------------------------

# The layers that know no game: a game is added, changed or taken away in its own folder.
GENERIC = ("illusio_table/engine", "illusio_table/table", "illusio_table/qt")
GENERIC += ("illusio_table/remote", "installer")
# The program's own marks, which share a word with a game's name and name no game: the
# program (Illusio Table, illusio_table, illusio-table), its saves' suffix and the key a
# phone keeps its seat under.
PROGRAM_MARKS = re.compile(r"illusio[_\- ]?table|\.illusio\.json|illusio-device-", re.IGNORECASE)


def game_words() -> set[str]:
    """Every game found: its id and the words of its title, in lower case."""
    from illusio_table.games import builtin_registry

    registry = builtin_registry()
    found = set(registry.ids())
    for game_id in registry.ids():
        found.update(words_in(registry.get(game_id).title))
    return found


def words_in(text: str) -> list[str]:
    """The words of code, in lower case, split where a name joins them (snake_case, dotted
    paths, CamelCase), the program's own marks left out."""
    text = PROGRAM_MARKS.sub(" ", text)
    return [
        word.lower()
        for piece in re.findall(r"[A-Za-z0-9]+", text)
        for word in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", piece)
    ]


def python_code(source: str) -> list[tuple[int, str]]:
    """(line, text) of each name and string of Python code: not its comments, and not
    its docstrings (the first string of a module, class or function), which may name a
    game as an example."""
    tree = ast.parse(source)
    documented = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                documented.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    kinds = {tokenize.NAME, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    return [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type in kinds
        and not (token.type == tokenize.STRING and token.start[0] in documented)
    ]


def script_code(source: str) -> list[tuple[int, str]]:
    """(line, text) of each line of JavaScript, its comments (/* */, and // after a space
    or at the start of a line, so that a URL's // stays) left out."""
    source = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), source, flags=re.S)
    return [
        (number, re.sub(r"(^|\s)//.*$", "", line))
        for number, line in enumerate(source.splitlines(), 1)
    ]


def game_names_in(path: Path, words: set[str]) -> list[str]:
    source = path.read_text(encoding="utf-8")
    code = script_code(source) if path.suffix == ".js" else python_code(source)
    return [
        f"{path.name}:{line}: {word}"
        for line, text in code
        for word in words_in(text)
        if word in words
    ]


def test_no_game_is_named_in_the_toolkits_nor_the_installer():
    """Neither by its id, its title nor a module path into its folder, in the code of
    engine/, table/, qt/, remote/ (the phone page's script too) and installer/ (the spec
    too)."""
    words = game_words()
    assert {"incantibus", "illusio", "illuminati"} <= words
    top = ROOT.parent
    files = [
        path
        for folder in GENERIC
        for path in sorted((top / folder).rglob("*"))
        if path.suffix in (".py", ".js", ".spec") and "__pycache__" not in path.parts
    ]
    assert len(files) > 50
    wrong = [hit for path in files for hit in game_names_in(path, words)]
    assert wrong == []


def test_the_name_finder_finds_a_game_in_code_not_in_comments(tmp_path):
    words = {"odds", "evens"}
    script = tmp_path / "m.py"
    script.write_text(
        '"""Odds and evens, an example."""\n'
        "# odds in a comment\n"
        "from illusio_table.games.odds import kit\n"
        "class EvensScene: pass\n"
        'if game_id == "odds": pass\n'
        'title = "Illusio Table"; saved = "x.illusio.json"\n',
        encoding="utf-8",
    )
    assert game_names_in(script, words) == ["m.py:3: odds", "m.py:4: evens", "m.py:5: odds"]
    page = tmp_path / "p.js"
    page.write_text(
        "/* odds\n   evens */\nconst a = 1; // odds\nconst u = 'http://x/evens';\ndrawOdds(a);\n",
        encoding="utf-8",
    )
    assert game_names_in(page, words) == ["p.js:4: evens", "p.js:5: odds"]


RULES_LINES = 800  # a rules file a reader can hold in mind; past it, a family of moves
# goes to a module of its own (as Illuminati's attacks, Incantibus's reveal)


def _depth(classes: dict[str, ast.ClassDef], name: str, seen: int = 0) -> int:
    """Steps from a class down from the toolkit's: 1 for a class on a toolkit class (or
    on any class not among `classes`), one more for each class of `classes` above it."""
    node = classes.get(name)
    if node is None or seen > 10:
        return 0
    bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
    return 1 + max((_depth(classes, b, seen + 1) for b in bases), default=0)


def test_no_rules_file_is_longer_than_a_reader_holds_nor_a_class_deep_in_a_chain():
    """A game's rules are read to be trusted: no file of them over RULES_LINES lines, and
    no class of them more than two steps below a class of the toolkit, across the game's
    modules (Illuminati's game was 2,600 lines down a chain of four)."""
    long: list[str] = []
    classes: dict[str, dict[str, ast.ClassDef]] = {}  # each game's rules classes, by name
    for module, path in _modules().items():
        found = game_part(module)
        if found is None or found[1] != "rules":
            continue
        source = path.read_text(encoding="utf-8")
        if source.count("\n") > RULES_LINES:
            long.append(f"{module}: {source.count(chr(10))} lines")
        for node in ast.parse(source).body:
            if isinstance(node, ast.ClassDef):
                classes.setdefault(found[0], {})[node.name] = node
    deep = [
        f"{game}.{name}"
        for game, found in classes.items()
        for name in found
        if _depth(found, name) > 2
    ]
    assert long == [] and deep == [], (long, deep)
