"""Item models for the docks. Each reads only what the MatchModel lets the viewer see."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from illusio_table.engine import Action

from .match_model import MatchModel

Index = QModelIndex | QPersistentModelIndex


class LogModel(QAbstractListModel):
    """The game log as the seat at the screen may read it; empty behind the curtain."""

    def __init__(self, model: MatchModel) -> None:
        super().__init__(model)
        self.model = model
        self.lines: list[str] = []
        model.viewer_changed.connect(self.refresh)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: Any) -> None:
        lines = self.model.session.log()
        if lines[: len(self.lines)] == self.lines and len(lines) > len(self.lines):
            self.beginInsertRows(QModelIndex(), len(self.lines), len(lines) - 1)
            self.lines = lines
            self.endInsertRows()
        elif lines != self.lines:
            self.beginResetModel()
            self.lines = lines
            self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.lines)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.lines):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.lines[index.row()]
        return None


class ActionsModel(QAbstractListModel):
    """The moves the seat at the screen may make now: the keyboard's way to every move."""

    ActionRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, model: MatchModel) -> None:
        super().__init__(model)
        self.model = model
        self.actions: list[Action] = []
        self.lines: list[str] = []
        model.viewer_changed.connect(self.refresh)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: Any) -> None:
        # Each move says its hint where the game has one, as the phones write it (an
        # attack's roll; whose Backstage a talent's Component lies in: "Talent: turn Cards
        # into Blades" said nothing of it being Milo's, and a person played it meaning
        # their own). Moves that then read the same (two tokens of a kind) are one line:
        # the first of them.
        match, viewer = self.model.session.match, self.model.session.viewer
        lines: dict[str, Any] = {}
        for action in self.model.session.legal_actions():
            words, hint = match.describe(action, viewer), match.hint(action, viewer)
            lines.setdefault(f"{words} — {hint}" if hint else words, action)
        self.beginResetModel()
        self.actions = list(lines.values())
        self.lines = list(lines)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.actions)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.actions):
            return None
        action = self.actions[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.lines[index.row()]
        if role == self.ActionRole:
            return action
        return None


class SeatsModel(QAbstractTableModel):
    """Who sits where, who is awaited, and how each stands (from the screen's view)."""

    HEADERS = ("Name", "Plays", "Status", "Score")

    def __init__(self, model: MatchModel) -> None:
        super().__init__(model)
        self.model = model
        self.rows: list[tuple[str, str, str, str]] = []
        model.viewer_changed.connect(self.refresh)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: Any) -> None:
        match = self.model.session.match
        waiting = match.to_act()
        # The standing as the screen's view shows it (nothing behind the curtain).
        shown = None if self.model.session.curtain_seat() is not None else self.model.session.view()
        standing = match.game_class.standing(shown) if shown is not None else None
        if self.model.session.telling_a_reveal() and len(self.rows) == len(match.players):
            # A reveal plays on the table: its points show once it has been seen (the
            # panel told them while the table still showed the old ones; with several
            # people it did so as the screen turned to the table, before the hold began).
            standing = [row[3] for row in self.rows]
        rows = []
        revealing = self.model.session.telling_a_reveal()
        phones = self.model.session.devices
        for seat, player in enumerate(match.players):
            kind = f"bot ({player['bot']})" if player.get("bot") else "human"
            if seat in phones:
                kind = "phone"  # a person playing on their own phone
            status = "to act" if seat in waiting else ""
            if revealing:
                # Every choice is being shown: nobody is asked yet for the next one (each
                # seat, the bot's too, read "to act" while the wands pointed).
                status = "choice revealed"
            if seat == self.model.session.viewer:
                status = "at the screen" + (f", {status}" if status else "")
            score = standing[seat] if standing is not None else ""
            rows.append((f"{player['name']}", kind, status, score))
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
            return self.HEADERS[section]
        if orientation == Qt.Orientation.Vertical:
            return str(section + 1)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        if role == Qt.ItemDataRole.DisplayRole and 0 <= index.column() < len(self.HEADERS):
            return self.rows[index.row()][index.column()]
        return None
