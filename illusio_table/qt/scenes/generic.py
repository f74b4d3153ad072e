"""The generic table: lays out any game's view as labelled panels, with a button per move.

Games get their own tables; this one serves a game that has none yet, and the test
game, so the shell never depends on a particular game.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGraphicsSimpleTextItem,
    QInputDialog,
    QVBoxLayout,
)

from illusio_table.engine import Action, AmountChoice, IllegalAction, SetChoice

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
    """Moves as buttons; moves made of a set the person picks (a game's `set_choices`)
    have one button each, which asks for the set in a small window."""

    # The window sets these from the game: its set choices, and how a move is read.
    set_choices: Any = staticmethod(lambda view, legal: [])
    parse: Any = None

    def _choice_label(self, choice: SetChoice | AmountChoice) -> str:
        if isinstance(choice, SetChoice):
            return choice.label
        words = self.describe(choice.example)
        return words.replace(f"{choice.most} MB", f"any amount (up to {choice.most} MB)") + "…"

    def activate(self, key: Any, screen_pos: Any = None) -> None:
        if (
            isinstance(key, tuple)
            and key[0] == "set"
            and isinstance(self._choices[key[1]], AmountChoice)
        ):
            choice = self._choices[key[1]]
            amount = self.pick_amount(choice)
            if amount is not None:
                self.play(choice.action(amount))
            return
        if isinstance(key, tuple) and key[0] == "set":
            choice = self._choices[key[1]]
            picked = self.pick(choice)
            if picked is None:
                return
            try:
                self.play(self.parse(choice.action_json(picked)))
            except IllegalAction as refusal:
                self.message.emit(refusal.reason)
            return
        super().activate(key, screen_pos)

    def pick_amount(self, choice: AmountChoice) -> int | None:
        """Asks how much (tests replace this)."""
        amount, ok = QInputDialog.getInt(
            None, "How much?", self._choice_label(choice), choice.most, 1, choice.most
        )
        return amount if ok else None

    def pick(self, choice: SetChoice) -> list[int] | None:
        """Asks which of the choices to take (tests replace this)."""
        dialog = QDialog()
        dialog.setWindowTitle(choice.label.rstrip("…"))
        layout = QVBoxLayout(dialog)
        boxes = []
        for number, words in choice.choices:
            box = QCheckBox(words)
            box.setProperty("number", number)
            layout.addWidget(box)
            boxes.append(box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return [b.property("number") for b in boxes if b.isChecked()]

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        self.clear()
        self._choices: list[SetChoice | AmountChoice] = []
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
        choices = self.set_choices(view, legal)
        y = max((self.targets[("move", n)].bottom() for n in range(len(legal))), default=y) + 10
        for number, choice in enumerate(choices):
            x = (number % 2) * (width * 2 + GAP)
            button = self.addRect(QRectF(x, y, width * 2, 40), QPen(INK, 1.5), QBrush(BUTTON))
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            text = QGraphicsSimpleTextItem(self._choice_label(choice), button)
            text.setBrush(INK)
            text.setPos(x + 10, y + 11)
            button.setToolTip(
                plain(
                    "Type the amount in a small window."
                    if isinstance(choice, AmountChoice)
                    else "Tick the cards in a small window, then confirm."
                )
            )
            self.target(("set", number), button)
            y += 48 if number % 2 else 0
        y += 48
        self._choices = choices
        self.bind(self.gesture_map(view, legal, None))
        for number in range(len(choices)):
            self._ring(self.targets[("set", number)])

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
