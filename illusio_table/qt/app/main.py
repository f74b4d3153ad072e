"""Starts the desktop program."""

from __future__ import annotations

import sys

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from illusio_table import __version__
from illusio_table.data import resource_dir

from .main_window import APP, MainWindow


def make_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName(APP)
    app.setOrganizationName(APP)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("illusio-table")
    app.setWindowIcon(app_icon())
    return app


def app_icon() -> QIcon:
    icon = QIcon()
    try:
        folder = resource_dir("assets") / "icons"
    except FileNotFoundError:
        return icon  # a missing icon is no reason not to play
    for path in sorted(folder.glob("illusio-table-*.png")):
        icon.addFile(str(path))
    return icon


def main(argv: list[str] | None = None) -> int:
    app = make_app(argv)
    window = MainWindow()
    window.show()
    window.offer_resume()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
