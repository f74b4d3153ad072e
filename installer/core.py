"""The compiled engine core: `illusio_table` with its engine, games' rules and card data
compiled by mypyc, in a tree of its own.

    python installer/core.py [TREE]      (default build/core)

TREE/illusio_table is a copy of the package in which the modules of `COMPILED` are C
extensions (beside their source, which PyInstaller's hook reads for their imports) and
the rest stays Python; TREE/cards and TREE/assets lead to the source tree's folders. Run
the program from TREE (or put TREE first on sys.path) and it plays with the compiled
engine: `make bench` does so beside the interpreted one, `make installer` freezes it.
The checkout itself is never touched, so a development install stays interpreted and
an edited rule is never shadowed by a stale extension.

Where no C compiler is found the build says so and exits with CORE_SKIPPED: the callers
go on with the interpreted engine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import time
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "illusio_table"
CORE_SKIPPED = 3  # the exit code that says: no compiler here, the engine stays interpreted

# What mypyc compiles: the engine, the games' rules and the card data, but for these
# (paths, or patterns of each game's file), which stay Python, each for its reason.
INTERPRETED = {
    # mypyc hands a dataclass's class variable (an action's `kind`) to the dataclass
    # machinery as a field with a default, and every action with a field is then refused;
    # the actions are data, read by compiled code, and measure no slower interpreted.
    "illusio_table/games/*/actions.py": "actions",
    # The card files' schemas: their fields carry bounds in `dataclasses.field` metadata,
    # which mypyc takes for a default of the wrong type. Read once, when a file loads.
    "illusio_table/games/*/cards.py": "schema",
    # The generator's 64-bit arithmetic in Python's integers leaves mypyc's fast integers
    # (63 bits) for boxed ones at every draw: measured compiled, a shuffle of 100 cards
    # took 113 µs against 71 µs interpreted. It is the interpreted engine's generator;
    # the compiled core draws from `engine/splitmix.py` (compiled: native 64-bit integers).
    "illusio_table/engine/rng.py": "64-bit",
    # Subclasses PyYAML's loader and the dict and list types, which a native class cannot;
    # it runs once a card file.
    "illusio_table/data/loader.py": "YAML",
    # Its module-level __getattr__ (the loader imported late) is asked for the module's
    # dunders while a compiled module is still being made, and crashes it; it is six lines.
    "illusio_table/data/__init__.py": "lazy import",
}


def is_rules(path: Path) -> bool:
    """Whether a file of games/ is a game's rules: not its kit nor its table/ and qt/
    parts, which run beside the window and stay Python like the rest of it."""
    inside = path.relative_to(PACKAGE / "games").parts
    return len(inside) < 2 or not (inside[1] in ("table", "qt") or inside[1:] == ("kit.py",))


def compiled_sources() -> list[str]:
    found = []
    for part in ("engine", "games", "data"):
        for path in sorted((PACKAGE / part).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            interpreted = any(fnmatch(name, pattern) for pattern in INTERPRETED)
            if not interpreted and (part != "games" or is_rules(path)):
                found.append(name)
    return found


def compiler() -> str | None:
    """The C compiler Python's build would call, or None when there is none."""
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if sys.platform == "win32":
        return "msvc" if shutil.which("cl") else None
    return shutil.which(command[0]) if command else None


def build(tree: Path) -> int:
    if compiler() is None:
        print(
            "no C compiler found: the engine core is not compiled, and the program "
            "runs its engine interpreted (install gcc or clang to compile it)",
            file=sys.stderr,
        )
        return CORE_SKIPPED
    started = time.monotonic()
    tree = tree.resolve()
    target = tree / "illusio_table"
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for runtime in tree.glob("*__mypyc*"):  # a former build's shared runtime module
        runtime.unlink()
    for name in ("cards", "assets"):
        link = tree / name
        if link.is_symlink() or link.is_file():
            link.unlink()
        elif link.is_dir():
            shutil.rmtree(link)
        try:
            link.symlink_to(ROOT / name, target_is_directory=True)
        except OSError:  # Windows without the right to make links
            shutil.copytree(ROOT / name, link)
    sources = compiled_sources()
    # mypyc's own setuptools step, run in the tree: the extensions land beside their
    # sources (--inplace), the C and object files in TREE/build (kept: a rebuild after a
    # small change compiles again only what changed).
    script = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        "sources = sys.argv[1:]\n"
        "sys.argv = ['setup.py', 'build_ext', '--inplace', '--build-temp', 'build/temp', '--parallel', '%d']\n"
        "setup(name='illusio-table-core', packages=[], py_modules=[],\n"
        "      ext_modules=mypycify(sources, opt_level='3', debug_level='0', multi_file=True))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script % (os.cpu_count() or 1), *sources],
        cwd=tree,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    if done.returncode != 0:
        print(done.stdout[-6000:], file=sys.stderr)
        print("the engine core failed to compile (see above)", file=sys.stderr)
        return 1
    print(
        f"compiled engine core: {len(sources)} modules in {tree} "
        f"({time.monotonic() - started:.0f} s)",
        file=sys.stderr,
    )
    return 0


def main(argv: list[str]) -> int:
    tree = Path(argv[0]) if argv else ROOT / "build" / "core"
    tree.mkdir(parents=True, exist_ok=True)
    return build(tree)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
