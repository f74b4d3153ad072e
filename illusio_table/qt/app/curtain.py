"""The hot-seat privacy curtain: covers the whole table until the named seat is alone."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class Curtain(QWidget):
    lifted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.setStyleSheet("Curtain { background: #3b1f2b; } QLabel { color: #f4ecd8; }")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        # Names are plain text everywhere: a name can never change what the curtain says.
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setFont(QFont("DejaVu Sans", 22, QFont.Weight.Bold))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint = QLabel()
        self.hint.setTextFormat(Qt.TextFormat.PlainText)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.button = QPushButton()
        self.button.setMinimumHeight(44)
        self.button.clicked.connect(self.lifted)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addSpacing(24)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addStretch(3)

    def ask_for(self, name: str) -> None:
        self.title.setText(f"Pass the screen to {name}")
        self.hint.setText(
            f"Click when only {name} is looking. Nobody else's secrets are on the table until then."
        )
        # A button reads & as a shortcut mark: doubled, it shows as written.
        self.button.setText(f"I am {name.replace('&', '&&')}: show my table")
        self.button.setFocus()
