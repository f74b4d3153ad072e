"""Starts the desktop program."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from illusio_table import __version__

from .main_window import APP, MainWindow


def make_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName(APP)
    app.setOrganizationName(APP)
    app.setApplicationVersion(__version__)
    return app


def main(argv: list[str] | None = None) -> int:
    app = make_app(argv)
    window = MainWindow()
    window.show()
    window.offer_resume()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
