"""The fourth game is one folder, and nothing outside it needs it: checked on the files
as they are (a clean clone has no history to compare with).

- The program — every file outside `tests/` and `docs/`: the toolkits, the games, the
  page, `pyproject.toml`, the Makefile, CI, the installer, the bench — names it nowhere:
  not its id as a string, nor its title, its package, its distribution, or a class only
  it defines.
- In `tests/`, outside its folder, only a test that installs it through its fixture
  (`tests.odds.install`) names its package or its classes; the docs may tell where it
  is.
- Copied whole under another package name, the folder is a game still: found by an entry
  point naming the copy, checked, and played to its end.
"""

from __future__ import annotations

import ast
import functools
import re
import shutil
import sys
from pathlib import Path

from illusio_table.engine import Match
from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.games import GROUP, builtin_registry, found
from illusio_table.table.kits import kit_of

from .install import DISTRIBUTION, forget
from .kit import KIT
from .rules import OddsGame

FOLDER = Path(__file__).resolve().parent
ROOT = FOLDER.parents[1]
SKIPPED = {"__pycache__", "node_modules", "build", "dist", "out"}  # (out: made by runs)
TEXT = {".py", ".js", ".html", ".css", ".md", ".toml", ".cfg", ".ini", ".txt", ".json"}
TEXT |= {".yaml", ".yml", ".spec", ".sh", ".iss", ".nsi", ""}


def repository_files() -> list[Path]:
    """Every text file of the repository as it is on disk, not in a hidden folder (the
    history, the venv) nor a build's output, nor in the fourth game's folder."""
    files = []
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if any(p.startswith(".") or p in SKIPPED or p.endswith(".egg-info") for p in parts[:-1]):
            continue
        if path.is_file() and path.suffix in TEXT and FOLDER not in path.parents:
            if path.stat().st_size < 2_000_000:
                files.append(path)
    return files


@functools.cache
def own_classes() -> frozenset[str]:
    """The classes the folder defines that the program does not (a Drills or a
    RehearsalTally is a name other games use too), of two words or more (a `Show` is a
    word of any text)."""

    def classes(paths: list[Path]) -> set[str]:
        return {
            node.name
            for path in paths
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef)
        }

    program = classes(sorted((ROOT / "illusio_table").rglob("*.py")))
    compound = re.compile(r"[A-Z][a-z]+[A-Z]\w*$")
    return frozenset(c for c in classes(sorted(FOLDER.glob("*.py"))) - program if compound.match(c))


def names_of_the_fourth(program: bool) -> re.Pattern[str]:
    """What points at the fourth game: its package and the classes only it defines; in
    the program also its id as a string, its title and its distribution's name (words
    a test may use in a made-up example of its own: tests/test_layers.py,
    tests/table/test_games_found.py)."""
    words = [r"tests[./]odds\b", *(rf"\b{name}\b" for name in sorted(own_classes()))]
    if program:
        words += [rf"""["']{KIT.game_id}["']""", re.escape(OddsGame.title)]
        words.append(re.escape(DISTRIBUTION.split("-")[0]))
    return re.compile("|".join(words))


def test_the_fourth_game_names_classes_of_its_own():
    assert {"OddsGame", "OddsScene"} <= own_classes()


def test_the_program_names_the_fourth_game_nowhere():
    names = names_of_the_fourth(program=True)
    program = [
        p for p in repository_files() if p.relative_to(ROOT).parts[0] not in ("tests", "docs")
    ]
    assert any(p.name == "pyproject.toml" for p in program)
    assert len([p for p in program if p.parts[-2:] == ("table", "kits.py")]) == 1
    named = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in program
        for match in [names.search(path.read_text("utf-8", errors="replace"))]
        if match
    ]
    assert named == []
    assert KIT.game_id not in found()  # not declared by the program's own metadata


def test_only_tests_that_install_the_fourth_game_name_it_outside_its_folder():
    names = names_of_the_fourth(program=False)
    tests = [p for p in repository_files() if p.relative_to(ROOT).parts[0] == "tests"]
    naming = [p for p in tests if names.search(p.read_text("utf-8", errors="replace"))]
    assert naming, "the tests that install it name it"
    not_installing = [
        str(path.relative_to(ROOT))
        for path in naming
        if path.suffix != ".py" or "from tests.odds.install import" not in path.read_text("utf-8")
    ]
    assert not_installing == [], [
        (p, names.findall((ROOT / p).read_text("utf-8"))) for p in not_installing
    ]


def test_the_folder_copied_under_another_name_is_a_game_still(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(FOLDER, site / "fourth_copy", ignore=shutil.ignore_patterns("__pycache__"))
    listed = site / "fourth_copy-1.dist-info" / "entry_points.txt"
    listed.parent.mkdir(parents=True)
    listed.write_text(f"[{GROUP}]\n{KIT.game_id} = fourth_copy.kit:KIT\n", encoding="utf-8")
    sys.path.insert(0, str(site))
    forget()
    try:
        kit = kit_of(KIT.game_id)
        assert kit is not KIT and kit.rules == "fourth_copy.rules:OddsGame"
        kit.check()  # its rules, table, rehearsal parts and drawing, all from the copy
        match = Match.start(
            KIT.game_id,
            [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}],
            7,
            {},
            registry=builtin_registry(),
        )
        assert type(match.game).__module__ == "fourth_copy.rules"
        bots = [RandomBot(s, 7) for s in range(2)]
        while not match.is_over():
            seat = min(match.to_act())
            match.apply(seat, bot_move(match.game, bots[seat], seat))
        assert len(match.view(0)["played"]) == 6
    finally:
        sys.path.remove(str(site))
        for name in [m for m in sys.modules if m == "fourth_copy" or m.startswith("fourth_copy.")]:
            del sys.modules[name]
        forget()
