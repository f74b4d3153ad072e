"""New Game: which game, who sits where (human or bot), the seed, and the game's options."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QRegularExpression, QSettings, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from illusio_table.engine import Option, Registry, bot_classes
from illusio_table.engine.match import MAX_BUDGET, MIN_BUDGET
from illusio_table.engine.search import DEFAULT_BUDGET
from illusio_table.table.kits import kit_of

NAMES = ("Ana", "Lera", "Milo", "Juno", "Tess", "Ravi", "Ilse", "Omar")
HUMAN = "Human"
ON_A_PHONE = "Human on a phone"
PHONE = "@phone"  # the seat kind of a person playing on their phone (no bot has an @)


@dataclass
class GameConfig:
    game_id: str
    players: list[dict[str, Any]]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    table_mode: bool = False  # people sitting together choose with their own keys
    devices: list[int] = field(default_factory=list)  # person seats played on phones


def new_seed() -> int:
    return secrets.randbelow(10**18)


def remember(settings: QSettings | None, config: GameConfig) -> None:
    """Keeps the choices of a new game (never its seed) for the next time: as the last
    game, and as that game's own, so that each game opens as it was last set up."""
    if settings is not None:
        kept = json.dumps(
            {
                "game_id": config.game_id,
                "players": config.players,
                "options": config.options,
                "table_mode": config.table_mode,
                "devices": config.devices,
            }
        )
        settings.setValue("new_game", kept)
        settings.setValue(f"new_game/{config.game_id}", kept)


def remembered(settings: QSettings | None, game_id: str | None = None) -> GameConfig | None:
    """The choices of the last new game (of `game_id`, when given), if the settings hold
    readable ones."""
    key = "new_game" if game_id is None else f"new_game/{game_id}"
    raw = settings.value(key) if settings is not None else None
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
        players = [dict(p) for p in data["players"]]
        devices = [s for s in data.get("devices", []) if isinstance(s, int)]
        return GameConfig(
            str(data["game_id"]),
            players,
            0,
            dict(data["options"]),
            bool(data["table_mode"]),
            devices,
        )
    except (ValueError, TypeError, KeyError):
        return None  # none yet, or edited by hand: start from the defaults


NOTE_WIDTH = 380  # an option's note, under it


class NewGameDialog(QDialog):
    """The seed is hidden and random unless the person chooses one (for a rehearsal):
    with the seed and the public moves, a copy of the game would show every hidden card.
    The last choices are remembered (in the settings, when given)."""

    def __init__(
        self,
        registry: Registry,
        parent: QWidget | None = None,
        last: GameConfig | None = None,
        settings: QSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.registry = registry
        self.settings = settings
        self.option_widgets: dict[str, QWidget] = {}
        last = last or remembered(settings)

        self.game_box = QComboBox()
        for game_id in registry.ids():
            self.game_box.addItem(registry.get(game_id).title, game_id)
        self.seat_count = QSpinBox()
        self.seed = new_seed()
        self.choose_seed = QCheckBox("Choose the &seed (to deal the same game again)")
        self.seed_edit = QLineEdit()
        self.seed_edit.setPlaceholderText("a whole number")
        self.seed_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,18}")))
        self.seed_edit.setToolTip("The same seed and the same moves always give the same game.")
        self.seed_edit.setVisible(False)
        self.choose_seed.toggled.connect(self.seed_edit.setVisible)

        top = QFormLayout()
        top.addRow("&Game", self.game_box)
        top.addRow("Sea&ts", self.seat_count)
        top.addRow(self.choose_seed)
        top.addRow(self.seed_edit)

        self.seats_box = QGroupBox("Who sits where")
        self.seats_grid = QGridLayout(self.seats_box)
        self.name_edits: list[QLineEdit] = []
        self.kind_boxes: list[QComboBox] = []
        # How long a searching bot thinks over each move: longer is stronger and slower.
        self.budget = budget_box()
        self.budget_row = QWidget()
        budget_form = QFormLayout(self.budget_row)
        budget_form.setContentsMargins(0, 0, 0, 0)
        budget_form.addRow("&Expert bots think", self.budget)
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
        # The dialog is always the size of what it shows: it grows and shrinks with the
        # game's seats and options (a kept size left blank gaps, or cut rows off).
        layout.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)
        layout.addLayout(top)
        layout.addWidget(self.seats_box)
        layout.addWidget(self.budget_row)
        layout.addWidget(self.options_box)
        layout.addWidget(self.table_mode)
        layout.addWidget(buttons)

        # Each game's setup as last seen in this dialog, or else as last started.
        self.drafts: dict[str, GameConfig] = {}
        if last is not None:
            self.drafts[last.game_id] = last
        self._build_seats(max(registry.get(g).max_seats for g in registry.ids()))
        self.shown_game: str | None = None
        if last is not None and last.game_id in registry.ids():
            self.game_box.setCurrentIndex(registry.ids().index(last.game_id))
        self.game_box.currentIndexChanged.connect(self._game_changed)
        self.seat_count.valueChanged.connect(self._seats_changed)
        self._game_changed()

    def game_class(self):
        return self.registry.get(self.game_box.currentData())

    def _restore(self, last: GameConfig) -> None:
        """The seats, names, bots and options of the last game of this kind."""
        cls = self.game_class()
        if cls.min_seats <= len(last.players) <= cls.max_seats:
            self.seat_count.setValue(len(last.players))
            for seat, player in enumerate(last.players):
                if isinstance(player.get("name"), str):
                    kind = PHONE if seat in last.devices else player.get("bot")
                    self.set_seat(seat, player["name"], kind)
                budget = player.get("budget")
                if isinstance(budget, (int, float)) and not isinstance(budget, bool):
                    self.budget.setValue(budget)
        for key, value in last.options.items():
            widget = self.option_widgets.get(key)
            if isinstance(widget, QCheckBox) and isinstance(value, bool):
                widget.setChecked(value)
            elif isinstance(widget, QSpinBox) and isinstance(value, int):
                widget.setValue(value)
            elif isinstance(widget, QComboBox) and isinstance(value, str):
                widget.setCurrentText(value)
        self.table_mode.setChecked(last.table_mode and kit_of(cls.game_id).choose_at_once)

    def _game_changed(self) -> None:
        if self.shown_game is not None:  # what was set up for the game left is kept
            self.drafts[self.shown_game] = self._chosen()
        cls = self.game_class()
        self.shown_game = cls.game_id
        self.table_mode.setVisible(kit_of(cls.game_id).choose_at_once)
        self.table_mode.setChecked(False)
        self.seat_count.blockSignals(True)
        self.seat_count.setRange(cls.min_seats, cls.max_seats)
        self.seat_count.setValue(max(cls.min_seats, min(cls.max_seats, 4)))
        self.seat_count.blockSignals(False)
        self._offer_bots(cls)
        self._build_options(cls.options_spec)
        kept = self.drafts.get(cls.game_id) or remembered(self.settings, cls.game_id)
        if kept is not None and kept.game_id == cls.game_id:
            self._restore(kept)
        self._seats_changed()

    def _build_seats(self, count: int) -> None:
        """A row for every seat any game has; each game shows as many as it seats."""
        for seat in range(count):
            label = QLabel(f"Seat {seat + 1}")
            name = QLineEdit(NAMES[seat % len(NAMES)])
            name.setMaxLength(24)
            kind = QComboBox()
            kind.currentIndexChanged.connect(self._seats_changed)
            label.setBuddy(name)
            self.seats_grid.addWidget(label, seat, 0)
            self.seats_grid.addWidget(name, seat, 1)
            self.seats_grid.addWidget(kind, seat, 2)
            self.name_edits.append(name)
            self.kind_boxes.append(kind)

    def _offer_bots(self, cls) -> None:
        """Who may sit in each seat of this game: a person, a person on a phone, or one of
        the game's own bots."""
        classes = bot_classes(cls)
        bots = list(classes)
        quick = max(i for i, b in enumerate(bots) if not searches(classes[b]))
        for seat, kind in enumerate(self.kind_boxes):
            kind.blockSignals(True)
            kind.clear()
            kind.addItem(HUMAN, None)
            kind.addItem(ON_A_PHONE, PHONE)
            kind.setItemData(
                1,
                "This person plays on their own phone: their cards and choices stay in "
                "their hand, and the curtain never falls for them.",
                Qt.ItemDataRole.ToolTipRole,
            )
            for bot in bots:
                kind.addItem(f"Bot: {bot}", bot)
            # One person and the game's own quick bots (its heuristic player) is the
            # common start; the searching expert and more humans are one click away.
            kind.setCurrentIndex(0 if seat == 0 else 2 + quick)
            kind.blockSignals(False)

    def _seats_changed(self) -> None:
        for seat, (name, kind) in enumerate(zip(self.name_edits, self.kind_boxes, strict=True)):
            visible = seat < self.seat_count.value()
            name.setVisible(visible)
            kind.setVisible(visible)
            self.seats_grid.itemAtPosition(seat, 0).widget().setVisible(visible)
        if self.name_edits:
            self.budget_row.setVisible(bool(self._searching_seats()))

    def _searching_seats(self) -> list[int]:
        classes = bot_classes(self.game_class())
        return [
            seat
            for seat in range(self.seat_count.value())
            if searches(classes.get(self.kind_boxes[seat].currentData()))
        ]

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
            if option.help:
                # What the option does, under it: a tooltip alone is found by few.
                note = QLabel(option.help)
                note.setWordWrap(True)
                note.setStyleSheet("color: palette(placeholder-text); font-size: 9pt;")
                note.setContentsMargins(12, 0, 0, 4)
                # Across the whole row, and as tall as its lines at that width: a form
                # does not grow a wrapped label by itself when the game changes.
                note.setMinimumWidth(NOTE_WIDTH)
                note.setMinimumHeight(note.heightForWidth(NOTE_WIDTH))
                self.options_form.addRow(note)
        self.options_box.setVisible(bool(spec))

    def config(self) -> GameConfig:
        """The game to start, remembered for the next time."""
        config = self._chosen()
        remember(self.settings, config)
        return config

    def _chosen(self) -> GameConfig:
        players, devices = [], []
        for seat in range(self.seat_count.value()):
            name = self.name_edits[seat].text().strip() or f"Seat {seat + 1}"
            kind = self.kind_boxes[seat].currentData()
            if kind == PHONE:
                devices.append(seat)
                kind = None  # a person, in the record like any other
            players.append({"name": name, "bot": kind})
        for seat in self._searching_seats():
            players[seat]["budget"] = round(self.budget.value(), 2)
        options: dict[str, Any] = {}
        for key, widget in self.option_widgets.items():
            if isinstance(widget, QCheckBox):
                options[key] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                options[key] = widget.value()
            else:
                options[key] = widget.currentText()
        seed = self.seed
        if self.choose_seed.isChecked() and self.seed_edit.text():
            seed = int(self.seed_edit.text())
        game_id = self.shown_game or self.game_box.currentData()
        return GameConfig(
            game_id,
            players,
            seed,
            options,
            # (isVisible() is False once the dialog has closed: ask the game's kit.)
            self.table_mode.isChecked() and kit_of(game_id).choose_at_once,
            devices,
        )

    def set_seat(self, seat: int, name: str, bot: str | None) -> None:
        """Fills one seat's row (used by tests and by "play again")."""
        self.name_edits[seat].setText(name)
        box = self.kind_boxes[seat]
        box.setCurrentIndex(box.findData(bot))


def searches(bot: type | None) -> bool:
    """Whether a bot searches (thinks for a while over each move)."""
    return bot is not None and bot.searches


def budget_box() -> QDoubleSpinBox:
    """The seconds a searching bot may think over a move."""
    box = QDoubleSpinBox()
    box.setRange(MIN_BUDGET, MAX_BUDGET)
    box.setSingleStep(0.25)
    box.setDecimals(2)
    box.setValue(DEFAULT_BUDGET)
    box.setSuffix(" s a move")
    box.setToolTip(
        "How long an expert bot may think over each move: it plays the move out against "
        "many deals of what it cannot see. Longer plays better and slower."
    )
    return box
