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


UNUSED_PYTHON = ["tkinter", "unittest", "pydoc", "doctest", "pytest", "hypothesis", "PIL.ImageQt", "numpy"]


def game_modules() -> list[str]:
    """The game packages: the registry imports them by name, so PyInstaller cannot see them."""
    from illusio_table.games import BUILTIN

    return [entry.partition(":")[0] for entry in BUILTIN.values()]


def data_files(root: Path) -> list[tuple[str, str]]:
    """(source file, folder inside the bundle) for every data file and help page."""
    found = []
    for folder in DATA_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                found.append((str(path), str(path.parent.relative_to(root))))
    for path in sorted((root / "illusio_table").rglob("*.md")):
        found.append((str(path), str(path.parent.relative_to(root))))
    # The page the phones of device seats open, read as package resources.
    for path in sorted((root / "illusio_table" / "remote" / "page").glob("*")):
        found.append((str(path), str(path.parent.relative_to(root))))
    return found


# Imported only when a match has a seat on a phone, so PyInstaller cannot see them.
LATE_MODULES = ["illusio_table.remote.hub", "illusio_table.remote.server", "segno"]
