"""A bare PySide6 window, frozen like the program, to measure the program against."""

import sys
import time

STARTED = time.perf_counter()

from PySide6.QtCore import QEvent, QObject, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow  # noqa: E402


class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            print(f"first paint after {time.perf_counter() - STARTED:.3f} s", flush=True)
            QTimer.singleShot(0, QApplication.quit)
            watched.removeEventFilter(self)
        return False


app = QApplication(sys.argv)
window = QMainWindow()
window.setCentralWidget(QLabel("bare"))
probe = FirstPaint(window)
window.installEventFilter(probe)
window.show()
sys.exit(app.exec())
