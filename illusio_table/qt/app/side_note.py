"""A long tooltip shown beside the table, never over it: the words a bar keeps in its
tooltip (the rehearsal's castings and the coach's words on each), shown while the
pointer is on the bar, right of the table, and letting every click through.

Qt's own tooltip opened under the pointer, over the middle of the table (the Incantibus
tower), and a click meant for the table closed it instead: the click was lost.

A bar's words put what matters most first (the rehearsal's: the latest casting): where
the window has no room for them all, the note shows whole lines from the top and says
that the rest is left out, never a line cut through at its bottom edge.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QLabel, QWidget

WIDTH = 380  # at most; the room right of the table, if narrower (the side panels)


class SideNote(QLabel):
    """Shows `bar`'s tooltip while the pointer is on it, in `window`, right of `table`
    (over the side panels; at the window's right edge if they are closed)."""

    def __init__(self, window: QWidget, bar: QWidget, table: QWidget) -> None:
        super().__init__(window)
        self.bar, self.table = bar, table
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet(
            "QLabel { background: #fff8e1; color: #212121; border: 1px solid #8d6e63;"
            " padding: 6px; }"
        )
        self.hide()
        bar.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.bar:
            if event.type() == QEvent.Type.ToolTip:
                self.show_beside()
                return True  # (Qt's tooltip is not shown: this note is)
            if event.type() in (QEvent.Type.Leave, QEvent.Type.Hide):
                self.hide()
        return False

    def show_beside(self) -> None:
        words = self.bar.toolTip()
        if not words:
            self.hide()
            return
        window = self.parentWidget()
        top_left = self.bar.mapTo(window, QPoint(0, self.bar.height()))
        table_right = self.table.mapTo(window, QPoint(self.table.width(), 0)).x()
        room = window.width() - table_right - 4
        width = min(WIDTH, room) if room >= 200 else min(WIDTH, window.width() // 3)
        room = window.height() - top_left.y() - 4
        self.setText(words)
        if self.heightForWidth(width) > room:
            self.setText(self._first_lines(words, width, room))
        height = min(self.heightForWidth(width), room)
        self.setGeometry(window.width() - width - 2, top_left.y(), width, max(height, 0))
        self.raise_()
        self.show()

    def _first_lines(self, words: str, width: int, room: int) -> str:
        """As many of the words' first lines as fit in `room` pixels at `width`, and a last
        line saying the rest is left out. The words are a tooltip made by `plain`: its
        lines are the text's own, within one paragraph."""
        end = "</p>" if words.endswith("</p>") else ""
        lines = words[: len(words) - len(end)].split("\n")
        left = "… (the rest does not fit in the window)"
        for count in range(len(lines) - 1, 0, -1):
            trial = "\n".join([*lines[:count], left]) + end
            self.setText(trial)
            if self.heightForWidth(width) <= room:
                return trial
        return "\n".join([lines[0], left]) + end
