"""Rehearse casting: one person and bots, a chosen wand and a chosen room, and a tally.

It starts an ordinary Incantibus match (same engine, same table) with the rehearsal
options of the engine, and shows the tally in a bar above the table.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from illusio_table.games.incantibus.cards import load
from illusio_table.qt.app.new_game_dialog import NAMES, GameConfig, budget_box, new_seed

# The opponents' levels, from the one a person learns to read to the strongest.
LEVELS = {
    "cunning": (
        "Heuristic: predictable",
        "Points at the target it values most: learn to read it, then to beat it",
    ),
    "mixed": (
        "Mixed: an equilibrium",
        "Points at random by an equilibrium of each casting: a fixed choice of yours "
        "gains little against it, so you learn to play people, not a pattern",
    ),
    "expert": ("Expert: searches", "Plays each casting out many times before it points"),
    "random": ("Random", "Points anywhere it may"),
}


class RehearsalDialog(QDialog):
    """The last choices are remembered (in the settings, when given), as New Game does."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Rehearse casting")
        self.cards = load()
        self.name = QLineEdit(NAMES[0])
        self.name.setMaxLength(24)
        self.seats = QSpinBox()
        self.seats.setRange(2, 4)
        self.seats.setValue(4)
        self.wand = QComboBox()
        self.room = QComboBox()
        self.mode = QComboBox()
        self.mode.addItems(["apprentice", "expert"])
        # Friends rehearsing together, each on their own phone (each with their own tally).
        self.phones = QSpinBox()
        self.phones.setRange(0, 3)
        self.phones.setToolTip(
            "People who rehearse with you, each on their own phone: the seats after yours"
        )
        self.bot = QComboBox()
        for level, (label, tip) in LEVELS.items():
            self.bot.addItem(label, level)
            self.bot.setItemData(self.bot.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.budget = budget_box()  # for the expert, who searches
        self.bot.currentIndexChanged.connect(
            lambda _: self.budget.setEnabled(self.bot.currentData() == "expert")
        )
        self.budget.setEnabled(False)
        form = QFormLayout(self)
        form.addRow("Your &name", self.name)
        form.addRow("&Seats", self.seats)
        form.addRow("Your &wand", self.wand)
        form.addRow("&Room", self.room)
        form.addRow("&Mode", self.mode)
        form.addRow("People on &phones", self.phones)
        form.addRow("&Opponents", self.bot)
        form.addRow("&Expert bots think", self.budget)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Rehearse")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.seats.valueChanged.connect(self._seats_changed)
        self._seats_changed()
        self._restore()

    def _restore(self) -> None:
        """The choices of the last rehearsal, those that still make sense."""
        raw = self.settings.value("rehearsal") if self.settings is not None else None
        try:
            kept = json.loads(raw) if isinstance(raw, str) else {}
            if not isinstance(kept, dict):
                return
        except ValueError:
            return  # edited by hand: the defaults
        if isinstance(kept.get("name"), str):
            self.name.setText(kept["name"])
        if isinstance(kept.get("seats"), int):
            self.seats.setValue(kept["seats"])
        if isinstance(kept.get("phones"), int):
            self.phones.setValue(kept["phones"])
        if isinstance(kept.get("budget"), (int, float)):
            self.budget.setValue(kept["budget"])
        if self.mode.findText(str(kept.get("mode"))) >= 0:
            self.mode.setCurrentText(kept["mode"])
        for box, key in ((self.bot, "bot"), (self.wand, "wand"), (self.room, "room")):
            found = box.findData(kept.get(key))
            if found >= 0:
                box.setCurrentIndex(found)

    def _seats_changed(self) -> None:
        self.phones.setMaximum(self.seats.value() - 1)
        row = next(r for r in self.cards.setups if r.players == self.seats.value())
        self.wand.clear()
        self.wand.addItem("Random", 0)
        for strength in row.wands:
            self.wand.addItem(f"Strength {strength}", strength)
        self.room.clear()
        self.room.addItem("Random room", "random")
        for tile in self.cards.rooms:
            if tile.group == "roof" or tile.group in row.groups:
                self.room.addItem(tile.name, tile.id)

    def config(self) -> GameConfig:
        bot = self.bot.currentData()
        players = [{"name": self.name.text().strip() or NAMES[0], "bot": None}]
        phones = list(range(1, 1 + self.phones.value()))
        players += [{"name": NAMES[n % len(NAMES)], "bot": None} for n in phones]
        players += [
            {"name": f"Bot {n}", "bot": bot} for n in range(1 + len(phones), self.seats.value())
        ]
        if bot == "expert":
            for player in players[1 + len(phones) :]:
                player["budget"] = round(self.budget.value(), 2)
        options = {
            "mode": self.mode.currentText(),
            "start_room": self.room.currentData(),
            "first_wand": self.wand.currentData(),
        }
        if self.settings is not None:
            kept = {
                "name": self.name.text(),
                "seats": self.seats.value(),
                "phones": self.phones.value(),
                "budget": self.budget.value(),
                "mode": self.mode.currentText(),
                "bot": bot,
                "wand": self.wand.currentData(),
                "room": self.room.currentData(),
            }
            self.settings.setValue("rehearsal", json.dumps(kept))
        return GameConfig("incantibus", players, new_seed(), options, devices=phones)
