"""docs/ARCHITECTURE.md names only what exists: every path it gives (`illusio_table/...`,
`tests/...`, `table/session.py`, `games/<game>/`) is in the repository, and every code
name it writes in backticks that looks like one (`Match`, `Game.apply`,
`thinking.on_known`, `HIDDEN_SHOWN`) is defined in the project's Python. A file moved
or a function renamed fails here with the doc's line, so the map is mended with the code.

Read with `ast`, nothing imported. A dotted name is looked up in its module or class; a
single word must be defined somewhere in the project or be one of its strings (a bot's
name such as `expert`, a command such as `selfplay`)."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = [ROOT / "docs" / "ARCHITECTURE.md"]
SOURCES = ("illusio_table", "tests", "benchmarks", "installer")
# Folders a path in the doc may be written from: the repository, or inside the package
# (`table/session.py` is `illusio_table/table/session.py`).
BASES = (ROOT, ROOT / "illusio_table")
TOP = ("illusio_table", "tests", "benchmarks", "installer", "cards", "docs", "assets")
SUFFIXES = (".py", ".js", ".html", ".css", ".yaml", ".md", ".toml", ".spec", ".iss", ".sh")

RUNTIME_FILES = (".json", ".log")  # the program's files in its data folder, not the repo's
BACKTICKED = re.compile(r"`([^`\n]+)`")
BARE_PATH = re.compile(r"(?<![\w/`.])((?:" + "|".join(TOP) + r")/[\w./<>*-]*)")
NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


class Defined:
    """What the project's Python defines, per module and per class."""

    def __init__(self) -> None:
        self.modules: dict[str, set[str]] = defaultdict(set)  # stem and dotted path → names
        self.classes: dict[str, set[str]] = defaultdict(set)  # class name → its members
        self.bases: dict[str, set[str]] = defaultdict(set)
        self.anywhere: set[str] = set()
        self.strings: set[str] = set()
        for top in SOURCES:
            for path in sorted((ROOT / top).rglob("*.py")):
                self._read(path)

    def _read(self, path: Path) -> None:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        keys = {".".join(parts[i:]) for i in range(len(parts))}  # `engine.match`, `match`
        top: set[str] = set()
        for node in tree.body:
            top |= _bound(node)
        for key in keys:
            self.modules[key] |= top
        self.anywhere |= top | {parts[-1]} | set(parts)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                members: set[str] = set()
                for item in node.body:
                    members |= _bound(item)
                for inner in ast.walk(node):  # self.x = … in its methods
                    if isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store):
                        members.add(inner.attr)
                self.classes[node.name] |= members
                self.bases[node.name] |= {b.id for b in node.bases if isinstance(b, ast.Name)}
                self.anywhere |= members | {node.name}
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                self.anywhere.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                self.anywhere.add(node.attr)
                if isinstance(node.value, ast.Name):  # `Illusio.phases = …` after the class
                    self.classes[node.value.id].add(node.attr)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                self.strings.add(node.value)

    def member(self, owner: str, name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name in self.modules.get(owner, ()) or name in self.classes.get(owner, ()):
            return True
        if owner in self.modules and f"{owner}.{name}" in self.modules:
            return True  # a submodule: `engine.match`
        return any(
            self.member(base, name, seen | {owner})
            for base in self.bases.get(owner, ())
            if base not in seen
        )

    def exists(self, dotted: str) -> bool:
        if dotted in self.modules:
            return True
        if "." not in dotted:
            return dotted in self.anywhere or dotted in self.strings
        owner, name = dotted.rsplit(".", 1)
        if owner in self.modules or owner in self.classes:
            return self.member(owner, name)
        head = owner.rsplit(".", 1)[-1]  # `engine.protocol.Game` → `Game`
        return self.exists(owner) and self.member(head, name)


def _bound(node: ast.stmt) -> set[str]:
    """The names a statement binds at its own level."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {node.name}
    if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    if isinstance(node, ast.Import | ast.ImportFrom):
        return {(a.asname or a.name).split(".")[0] for a in node.names}
    if isinstance(node, ast.If | ast.Try):
        found: set[str] = set()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                found |= _bound(child)
        for handler in getattr(node, "handlers", []):
            for child in handler.body:
                found |= _bound(child)
        return found
    return set()


def _prose(text: str) -> list[tuple[int, str]]:
    """The doc's lines outside fenced blocks (a diagram is a picture, not names)."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append((number, line))
    return lines


def _is_path(word: str) -> bool:
    return "/" in word or word.endswith(SUFFIXES)


def _path_exists(word: str) -> bool:
    word = word.rstrip(".,;:")
    games = [p.name for p in (ROOT / "illusio_table" / "games").iterdir() if p.is_dir()]
    options = [word.replace("<game>", game) for game in games] if "<game>" in word else [word]
    for option in options:
        for base in BASES:
            if "*" in option:
                if any(base.glob(option)):
                    return True
            elif (base / option).exists():
                return True
        if "/" not in option and any((ROOT / top).rglob(option) for top in SOURCES):
            return True  # a file named alone: `session.py`
    return False


def _looks_like_a_name(word: str) -> bool:
    word = word.removesuffix("()")
    return bool(NAME.fullmatch(word)) and not word.endswith(RUNTIME_FILES)


def _wrong(doc: Path, defined: Defined) -> list[str]:
    wrong = []
    for number, line in _prose(doc.read_text(encoding="utf-8")):
        words = BACKTICKED.findall(line)
        spans = [w.strip() for w in words]
        paths = [w for w in spans if _is_path(w) and " " not in w]
        paths += [p for p in BARE_PATH.findall(BACKTICKED.sub("", line))]
        for path in paths:
            if not _path_exists(path):
                wrong.append(f"{doc.name}:{number}: no such path: {path}")
        for word in spans:
            if _is_path(word) or not _looks_like_a_name(word):
                continue
            if not defined.exists(word.removesuffix("()")):
                wrong.append(f"{doc.name}:{number}: no such name: {word}")
    return wrong


@pytest.fixture(scope="module")
def defined() -> Defined:
    return Defined()


@pytest.mark.parametrize("doc", CHECKED, ids=lambda p: p.name)
def test_every_path_and_name_in_the_doc_exists(doc: Path, defined: Defined) -> None:
    assert _wrong(doc, defined) == []


def test_the_check_finds_a_missing_path_and_a_missing_name(
    tmp_path: Path, defined: Defined
) -> None:
    doc = tmp_path / "DOC.md"
    doc.write_text(
        "The session is `table/session.py`, its master `Session.apply_move_nowhere`;\n"
        "a bot `expert`, a `froggle`.\n"
        "saves in illusio_table/engine/nowhere.py, matches by `Match` and `Game.apply`.\n"
        "```\nengine ─► `Diagram.ignored`\n```\n",
        encoding="utf-8",
    )
    assert sorted(_wrong(doc, defined)) == [
        "DOC.md:1: no such name: Session.apply_move_nowhere",
        "DOC.md:2: no such name: froggle",
        "DOC.md:3: no such path: illusio_table/engine/nowhere.py",
    ]


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_the_readme_is_a_page_for_newcomers_not_a_log() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250
    assert any("docs/PERFORMANCE.md" in line for line in lines)


@pytest.mark.parametrize(
    "doc", [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))], ids=lambda p: p.name
)
def test_every_link_between_the_docs_leads_to_a_file(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(text) if "://" not in t]
    assert [t for t in targets if not (doc.parent / t).exists()] == []
