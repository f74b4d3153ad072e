"""The table of Odds and evens, on the toolkit's public hooks only: each side's points, the
last hands shown, and the two hands to choose from."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QPen

from illusio_table.engine import Action
from illusio_table.qt.scenes.base import TableScene
from illusio_table.qt.scenes.look import FELT, INK, PAPER, WHITE, font


class OddsScene(TableScene):
    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        self.last = (view, legal, names, title)
        self.clear()
        self.addRect(QRectF(0, 0, 640, 400), QPen(FELT), QBrush(FELT))
        self.in_heading(self.words(title, 20, 16, 16))
        for seat, (side, points) in enumerate(zip(view["sides"], view["points"], strict=True)):
            chosen = " (has chosen)" if seat in view["chosen"] else ""
            line = f"{names[seat]} — {side}: {points} of {view['to_win']}{chosen}"
            self.words(line, 20, 60 + 28 * seat, 13)
        if view["last"]:
            shown = " and ".join(str(n) for n in view["last"])
            self.words(f"Last round: {shown}", 20, 130, 12)
        for number, fingers in enumerate((1, 2)):
            rect = QRectF(20 + 200 * number, 200, 180, 120)
            hand = self.addRect(rect, QPen(INK, 2), QBrush(PAPER))
            word = self.words(f"{fingers} finger{'s' * (fingers > 1)}", 0, 0, 14, INK)
            word.setPos(rect.left() + 20, rect.center().y() - 12)
            self.target(("hand", fingers), hand)
        self.bind(self.gesture_map(view, legal, view["me"]))

    def words(self, text: str, x: float, y: float, size: int, colour: Any = WHITE) -> Any:
        item = self.addSimpleText(text)
        item.setFont(font(size, bold=size >= 14))
        item.setBrush(colour)
        item.setPos(x, y)
        return item
