"""Small dialogs of the window: messages in plain text, and the result of a match."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from illusio_table.engine import Match
from illusio_table.engine.protocol import listed


def plain_message(parent: QWidget, icon: QMessageBox.Icon, title: str, text: str) -> QMessageBox:
    """A message box that shows its text as it is: a player's name is never markup."""
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


def result_table(match: Match) -> tuple[list[str], list[list[str]]]:
    """The columns and rows of a finished match: each seat's points by category where the
    game counts them so, its total, and whether it won."""
    result = match.result()
    parts: list[dict[str, Any]] | None = result.get("points")
    categories = []
    if parts:
        for seat_parts in parts:
            categories += [k for k in seat_parts if k not in categories]
    columns = ["Seat", *(c.capitalize() for c in categories), "Total", "Result"]
    rows = []
    for seat, player in enumerate(match.players):
        cells = [player["name"]]
        if parts:
            cells += [str(parts[seat].get(c, 0)) for c in categories]
        cells.append(str(result["scores"][seat]))
        cells.append("winner" if seat in result["winners"] else "")
        rows.append(cells)
    return columns, rows


class ResultDialog(QDialog):
    """Game over: who won, the points by category, the tie-break, and the seed."""

    def __init__(self, match: Match, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        result = match.result()
        self.setWindowTitle(f"{match.title} — game over")
        winners = listed(match.name(s) for s in result["winners"])
        heading = QLabel(f"{winners} won.")
        heading.setTextFormat(Qt.TextFormat.PlainText)
        heading.setFont(QFont("DejaVu Sans", 16, QFont.Weight.Bold))
        columns, rows = result_table(match)
        table = QTableWidget(len(rows), len(columns))
        table.setHorizontalHeaderLabels(columns)
        table.verticalHeader().hide()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                table.setItem(r, c, QTableWidgetItem(text))
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        # A table to read, not to edit: no cell stands out as current, and it is as tall
        # as its rows (it stood in a box twice as tall, half of it empty).
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.resizeRowsToContents()
        rows_height = sum(table.rowHeight(r) for r in range(table.rowCount()))
        table.setFixedHeight(header.sizeHint().height() + rows_height + 2 * table.frameWidth())
        lines = list(result.get("explanation", []))
        lines.append(
            f"The seed of this match was {match.seed}: the same seed and the same moves give "
            "the same game."
        )
        details = QLabel("\n".join(lines))
        details.setTextFormat(Qt.TextFormat.PlainText)
        details.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(table)
        if result.get("tiebreak"):
            tie = QLabel(f"Tie-break: {result['tiebreak']}.")
            tie.setTextFormat(Qt.TextFormat.PlainText)
            layout.addWidget(tie)
        layout.addWidget(details)
        layout.addWidget(buttons)
        self.resize(620, layout.totalHeightForWidth(620))  # (the wrapped lines' height)
