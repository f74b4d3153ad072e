"""What goes into the frozen bundle besides the code, shared by the spec and its test.

Whole folders are collected, so a new file in cards/ or assets/ is bundled without
editing the spec.
"""

from __future__ import annotations

from pathlib import Path

DATA_FOLDERS = ("cards", "assets")

# Qt modules the program never imports; leaving them out shrinks the bundle.
UNUSED_QT = [  # (not QtNetwork: Qt Multimedia's binding, for the sounds, imports it)
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuickWidgets",
    "PySide6.QtQuickControls2",
    "PySide6.QtPdf",
    "PySide6.QtPdfWidgets",
    "PySide6.QtSql",
    "PySide6.QtTest",
    "PySide6.QtDBus",
    "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets",
    "PySide6.QtSvg",
    "PySide6.QtSvgWidgets",
    "PySide6.QtXml",
    "PySide6.QtConcurrent",
    "PySide6.QtHelp",
    "PySide6.QtPrintSupport",
    "PySide6.QtUiTools",
    "PySide6.QtDesigner",
    "PySide6.QtNetworkAuth",
    "PySide6.QtStateMachine",
    "PySide6.QtCharts",
    "PySide6.QtDataVisualization",
    "PySide6.QtMultimediaWidgets",  # the sounds use QtMultimedia alone
    "PySide6.QtSpatialAudio",
    "PySide6.QtWebEngineCore",
]
# Plugins PySide6 ships that the table never loads, with the libraries only they need:
# the on-screen virtual keyboard (it brings Qt Quick and QML), the PDF image format (Qt
# Pdf, from PySide6-Addons, installed for Qt Multimedia's sounds) and Qt Multimedia's
# FFmpeg backend for playing media files (QSoundEffect plays a WAV without it: the
# frozen program's self-test makes and plays every sound).
UNUSED_BINARIES = (
    "libqtvirtualkeyboardplugin",
    "libQt6VirtualKeyboard",
    "libQt6Quick",
    "libQt6Qml",
    "libqpdf",
    "libQt6Pdf",
    "libffmpegmediaplugin",
    "libQt6FFmpegStub",
    "libavcodec",
    "libavformat",
    "libavutil",
    "libswresample",
    "libswscale",
)


def unused_binary(name: str) -> bool:
    """A binary of the bundle (its path inside it) the program never loads."""
    return Path(name).name.startswith(UNUSED_BINARIES)


# setuptools came into the bundle with nothing of ours importing it, and brought
# PyInstaller's runtime hook for it, which imports it at every start: 329 modules, 60 ms
# of a 313 ms start (15 starts each, in turn).
UNUSED_PYTHON = [
    "tkinter", "doctest", "pytest", "hypothesis", "PIL.ImageQt",
    "setuptools", "distutils", "_distutils_hack", "pkg_resources",
    # The tests' exact solver and what it brings (the program solves with GLPK).
    "nashpy", "scipy", "networkx", "numpy",
]


def game_modules() -> list[str]:
    """The games found (their kits and rules) and the parts of their kits (tables, card
    files, tours, rehearsals): they are imported by name, so PyInstaller cannot see them."""
    from illusio_table.games import found, rules
    from illusio_table.table.kits import kits

    named = [entry.partition(":")[0] for entry in [*found().values(), *rules().values()]]
    for kit in kits():
        named += [reference.partition(":")[0] for _, reference in kit.references()]
    return list(dict.fromkeys(named))


def data_files(root: Path) -> list[tuple[str, str]]:
    """(source file, folder inside the bundle) for every data file and help page."""
    found = []
    for folder in DATA_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                found.append((str(path), str(path.parent.relative_to(root))))
    # The help pages, and each game's drawing on the phone, in the game's folder.
    for pattern in ("*.md", "games/*/*.js"):
        for path in sorted((root / "illusio_table").rglob(pattern)):
            found.append((str(path), str(path.parent.relative_to(root))))
    # The page the phones of device seats open, read as package resources (with the
    # plain drawing of a game that has none).
    for path in sorted((root / "illusio_table" / "remote" / "page").rglob("*")):
        if path.is_file():
            found.append((str(path), str(path.parent.relative_to(root))))
    return found


# Imported only when a match has a seat on a phone, so PyInstaller cannot see them.
LATE_MODULES = ["illusio_table.remote.hub", "illusio_table.remote.server", "segno"]


def compiled_imports(package: Path) -> list[str]:
    """What the compiled engine core imports, for PyInstaller, which reads the imports of
    Python files but cannot see into an extension module: mypyc's shared runtime module
    (beside the package: `<hash>__mypyc`, which every compiled module loads), and every
    module the source of a compiled module imports (its .py lies beside it). Empty for
    an interpreted package."""
    import ast
    from importlib.machinery import EXTENSION_SUFFIXES

    found: set[str] = set()
    for extension in package.rglob("*"):
        if not extension.name.endswith(tuple(EXTENSION_SUFFIXES)):
            continue
        source = extension.with_name(extension.name.split(".")[0] + ".py")
        if not source.is_file():
            continue
        parts = list(source.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        here = parts if source.name == "__init__.py" else parts[:-1]  # the module's package
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                found.add(module)
                # `from . import loader` names a module; `from .x import y` seldom does.
                found.update(
                    f"{module}.{alias.name}"
                    for alias in node.names
                    if _is_module(package.parent, f"{module}.{alias.name}")
                )
    if not found:
        return []
    runtime = sorted(
        path.name.split(".")[0]
        for path in package.parent.glob("*__mypyc*")
        if path.name.endswith(tuple(EXTENSION_SUFFIXES))
    )
    return sorted(found) + runtime


def _is_module(top: Path, name: str) -> bool:
    """Whether `name` is a module: by its file for the program's own package (under
    `top`), by the import system for the rest."""
    import importlib.util

    parts = name.split(".")
    if (top / parts[0]).is_dir():
        path = top.joinpath(*parts)
        return path.is_dir() or path.with_suffix(".py").is_file()
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False
