"""The generic table: lays out any game's view as labelled panels, with a button per move.

Games get their own tables; this one serves a game that has none yet, and the test
game, so the shell never depends on a particular game.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from illusio_table.engine import Action

from .base import TableScene
from .look import INK, PAPER, font, plain
from .words import cut, fold

PANEL = PAPER
BUTTON = QColor("#e8c36a")
PANEL_WIDTH = 300
TEXT = 10  # the size of a panel's lines and a move's words
GAP = 16


def describe(value: Any) -> str:
    """A readable line for a value of a view."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(describe(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {describe(v)}" for k, v in value.items()) if value else "none"
    return str(value)


class GenericTableScene(TableScene):
    """The view as panels of lines, and a button for each legal move."""

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        self.start_drawing(view, legal, names, title)
        self.clear()
        heading = self.addSimpleText(title, QFont("DejaVu Sans", 16, QFont.Weight.Bold))
        heading.setBrush(QColor("white"))
        columns = 3
        heights = [48.0] * columns
        panels = self.panels(view)
        if panels is None:
            panels = [
                (key.replace("_", " ").capitalize(), self._lines(v)) for key, v in view.items()
            ]
        for title_text, lines in panels:
            column = heights.index(min(heights))  # the shortest column takes the next panel
            x = column * (PANEL_WIDTH + GAP)
            folded = [
                part for line in lines for part in fold(line, PANEL_WIDTH - 20, TEXT, indent="   ")
            ]
            heights[column] += self._panel(title_text, folded, x, heights[column]) + GAP
        y = max(heights) + GAP
        if not legal:
            return
        label = self.addSimpleText("Your moves", QFont("DejaVu Sans", 12, QFont.Weight.Bold))
        label.setBrush(QColor("white"))
        label.setPos(0, y)
        y += 28
        width = (3 * PANEL_WIDTH - GAP) / 4
        for number, action in enumerate(legal):
            x, top = (number % 4) * (width + GAP), y + (number // 4) * 54
            button = self.addRect(QRectF(x, top, width, 46), QPen(INK, 1.5), QBrush(BUTTON))
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            words = self.describe(action)
            button.setToolTip(plain(words))
            # Two lines fit a button; the tooltip and the Moves panel hold the whole text.
            lines = fold(words, width - 20, TEXT)
            if len(lines) > 2:
                lines = [lines[0], cut(" ".join(lines[1:]), width - 20, TEXT)]
            text = QGraphicsSimpleTextItem("\n".join(lines), button)
            text.setFont(font(TEXT))
            text.setBrush(INK)
            text.setPos(x + 10, top + 5)
            self.target(("move", number), button)
        self.bind(self.gesture_map(view, legal, None))

    def _panel(self, heading: str, lines: list[str], x: float, y: float) -> float:
        height = 36 + 20 * len(lines)
        panel = self.addRect(QRectF(x, y, PANEL_WIDTH, height), QPen(INK, 1), QBrush(PANEL))
        title = QGraphicsSimpleTextItem(heading, panel)
        title.setFont(QFont("DejaVu Sans", 11, QFont.Weight.Bold))
        title.setBrush(INK)
        title.setPos(x + 10, y + 8)
        for number, line in enumerate(lines):
            text = QGraphicsSimpleTextItem(line, panel)
            text.setFont(font(TEXT))
            text.setBrush(INK)
            text.setPos(x + 10, y + 32 + 20 * number)
        panel.setToolTip(plain("\n".join(lines)[:600]))
        return height

    @staticmethod
    def _lines(value: Any) -> list[str]:
        if isinstance(value, dict) and value:
            return [f"{k}: {describe(v)}" for k, v in value.items()]
        if isinstance(value, list) and value and all(isinstance(v, dict | list) for v in value):
            return [describe(v) for v in value]
        return [describe(value)]
