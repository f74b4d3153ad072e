"""Starts the desktop program."""

from __future__ import annotations

import os
import sys
import time
import traceback
from datetime import datetime
from pathlib import Path
from typing import Any

STARTED = time.perf_counter()

from PySide6.QtCore import QEvent, QObject, QTimer  # noqa: E402
from PySide6.QtGui import QIcon  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from illusio_table import __version__  # noqa: E402
from illusio_table.data import resource_dir  # noqa: E402

from .main_window import APP, MainWindow, data_folder  # noqa: E402


def make_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName(APP)
    app.setOrganizationName(APP)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("illusio-table")
    app.setWindowIcon(app_icon())
    return app


WINDOW_ICON_MOST = 256  # the largest icon the window gives the window manager (pixels)


def app_icon() -> QIcon:
    icon = QIcon()
    try:
        folder = resource_dir("assets") / "icons"
    except FileNotFoundError:
        return icon  # a missing icon is no reason not to play
    for path in sorted(folder.glob("illusio-table-*.png")):
        # Up to 256 pixels, what window managers and task bars draw: on X the window
        # hands every size to the window manager when it is first shown, and the 512 and
        # 1024 (for the installers' icons) made that 35 ms of a 250 ms start.
        if int(path.stem.rpartition("-")[2]) <= WINDOW_ICON_MOST:
            icon.addFile(str(path))
    return icon


class FirstPaint(QObject):
    """For the start-up benchmark: prints the time to the first painted window, then quits."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            print(f"first paint after {time.perf_counter() - STARTED:.3f} s", flush=True)
            QTimer.singleShot(0, self, QApplication.quit)
            watched.removeEventFilter(self)
        return False


def main(argv: list[str] | None = None, open_path: Path | None = None) -> int:
    app = make_app(argv)
    errors = install_error_log()
    window = MainWindow()
    if os.environ.get("ILLUSIO_TABLE_STARTUP_PROBE"):
        probe = FirstPaint(window)
        window.installEventFilter(probe)
        window.show()
        return app.exec()
    if window.opens_maximized:
        # The whole screen first: with no window manager to maximize it, it is filled all
        # the same.
        window.setGeometry(window.screen().availableGeometry())
        window.showMaximized()
    else:
        window.show()
    if errors is not None:
        window.statusBar().showMessage(f"Errors are written to {errors}")
    if open_path is not None:
        window.open_file(open_path)
    else:
        window.offer_resume()
    return app.exec()


def install_error_log() -> Path | None:
    """An unexpected error is written to a log in the user's data folder and shown in a
    message that says where, instead of closing the window (a frozen program has no
    terminal to print to)."""
    log = data_folder() / "illusio-table.log"

    def report(kind: type[BaseException], error: BaseException, trace: Any) -> None:
        text = "".join(traceback.format_exception(kind, error, trace))
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
            with log.open("a", encoding="utf-8") as file:
                file.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n{text}\n")
        except OSError:
            pass
        if sys.__stderr__ is not None:
            sys.__stderr__.write(text)
        QMessageBox.critical(
            QApplication.activeWindow(),
            "Something went wrong",
            f"{error}\n\nThe match so far is kept in the autosave. Details were written to {log}.",
        )

    sys.excepthook = report
    return log if getattr(sys, "frozen", False) else None


if __name__ == "__main__":
    sys.exit(main())
