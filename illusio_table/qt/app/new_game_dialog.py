"""New Game: which game, who sits where (human or bot), the seed, and the game's options."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from illusio_table.engine import Option, Registry, bot_classes

NAMES = ("Ana", "Lera", "Milo", "Juno", "Tess", "Ravi", "Ilse", "Omar")
HUMAN = "Human"


@dataclass
class GameConfig:
    game_id: str
    players: list[dict[str, Any]]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    table_mode: bool = False  # people sitting together choose with their own keys


def new_seed() -> int:
    return secrets.randbelow(10**9)


class NewGameDialog(QDialog):
    def __init__(
        self, registry: Registry, parent: QWidget | None = None, last: GameConfig | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.registry = registry
        self.option_widgets: dict[str, QWidget] = {}

        self.game_box = QComboBox()
        for game_id in registry.ids():
            self.game_box.addItem(registry.get(game_id).title, game_id)
        self.seat_count = QSpinBox()
        self.seed_edit = QLineEdit(str(new_seed()))
        self.seed_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,18}")))
        self.seed_edit.setToolTip("The same seed and the same moves always give the same game.")
        reseed = QPushButton("New seed")
        reseed.clicked.connect(lambda: self.seed_edit.setText(str(new_seed())))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_edit)
        seed_row.addWidget(reseed)

        top = QFormLayout()
        top.addRow("&Game", self.game_box)
        top.addRow("&Seats", self.seat_count)
        top.addRow("S&eed", seed_row)

        self.seats_box = QGroupBox("Who sits where")
        self.seats_grid = QGridLayout(self.seats_box)
        self.name_edits: list[QLineEdit] = []
        self.kind_boxes: list[QComboBox] = []
        self.options_box = QGroupBox("Options")
        self.options_form = QFormLayout(self.options_box)
        self.table_mode = QCheckBox(
            "Table mode: people sitting together choose at once with their own keys"
        )
        self.table_mode.setToolTip(
            "For choices everyone makes at the same time: the screen is shared, each person "
            "has a row of keys, and Space counts In-can-to!"
        )

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.seats_box)
        layout.addWidget(self.options_box)
        layout.addWidget(self.table_mode)
        layout.addWidget(buttons)

        self.game_box.currentIndexChanged.connect(self._game_changed)
        self.seat_count.valueChanged.connect(self._seats_changed)
        if last is not None and last.game_id in registry.ids():
            self.game_box.setCurrentIndex(registry.ids().index(last.game_id))
        self._game_changed()

    def game_class(self):
        return self.registry.get(self.game_box.currentData())

    def _game_changed(self) -> None:
        cls = self.game_class()
        self.seat_count.blockSignals(True)
        self.seat_count.setRange(cls.min_seats, cls.max_seats)
        self.seat_count.setValue(max(cls.min_seats, min(cls.max_seats, 4)))
        self.seat_count.blockSignals(False)
        self._build_seats(cls)
        self._build_options(cls.options_spec)
        self._seats_changed()

    def _build_seats(self, cls) -> None:
        while self.seats_grid.count():
            self.seats_grid.takeAt(0).widget().deleteLater()
        self.name_edits, self.kind_boxes = [], []
        bots = list(bot_classes(cls))
        for seat in range(cls.max_seats):
            label = QLabel(f"Seat {seat + 1}")
            name = QLineEdit(NAMES[seat % len(NAMES)])
            name.setMaxLength(24)
            kind = QComboBox()
            kind.addItem(HUMAN, None)
            for bot in bots:
                kind.addItem(f"Bot: {bot}", bot)
            # One person and bots is the common start; more humans are one click away.
            kind.setCurrentIndex(0 if seat == 0 else 1)
            label.setBuddy(name)
            self.seats_grid.addWidget(label, seat, 0)
            self.seats_grid.addWidget(name, seat, 1)
            self.seats_grid.addWidget(kind, seat, 2)
            self.name_edits.append(name)
            self.kind_boxes.append(kind)

    def _seats_changed(self) -> None:
        for seat, (name, kind) in enumerate(zip(self.name_edits, self.kind_boxes, strict=True)):
            visible = seat < self.seat_count.value()
            name.setVisible(visible)
            kind.setVisible(visible)
            self.seats_grid.itemAtPosition(seat, 0).widget().setVisible(visible)

    def _build_options(self, spec: tuple[Option, ...]) -> None:
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_widgets = {}
        spec = tuple(o for o in spec if not o.rehearsal)
        for option in spec:
            widget: QWidget
            if isinstance(option.default, bool):
                widget = QCheckBox()
                widget.setChecked(option.default)
            elif isinstance(option.default, int):
                widget = QSpinBox()
                widget.setRange(
                    option.minimum if option.minimum is not None else -(10**6),
                    option.maximum if option.maximum is not None else 10**6,
                )
                widget.setValue(option.default)
            else:
                widget = QComboBox()
                widget.addItems(list(option.choices))
                widget.setCurrentText(option.default)
            widget.setToolTip(option.help)
            self.option_widgets[option.key] = widget
            self.options_form.addRow(option.label, widget)
        self.options_box.setVisible(bool(spec))

    def config(self) -> GameConfig:
        players = []
        for seat in range(self.seat_count.value()):
            name = self.name_edits[seat].text().strip() or f"Seat {seat + 1}"
            players.append({"name": name, "bot": self.kind_boxes[seat].currentData()})
        options: dict[str, Any] = {}
        for key, widget in self.option_widgets.items():
            if isinstance(widget, QCheckBox):
                options[key] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                options[key] = widget.value()
            else:
                options[key] = widget.currentText()
        seed = int(self.seed_edit.text() or "0")
        return GameConfig(
            self.game_box.currentData(), players, seed, options, self.table_mode.isChecked()
        )

    def set_seat(self, seat: int, name: str, bot: str | None) -> None:
        """Fills one seat's row (used by tests and by "play again")."""
        self.name_edits[seat].setText(name)
        box = self.kind_boxes[seat]
        box.setCurrentIndex(box.findData(bot))
