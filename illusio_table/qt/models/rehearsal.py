"""The rehearsal tally on the screen: `table.rehearsal.Tally`, told each change of the match
(read from the rehearsing seat's view, like everything the table shows)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from illusio_table.table.rehearsal import Tally

from .match_model import MatchModel


class RehearsalTally(QObject):
    changed = Signal(str)

    def __init__(self, model: MatchModel, seat: int = 0) -> None:
        super().__init__(model)
        self.model, self.seat = model, seat
        self.tally = Tally(model.match.view(seat), seat)
        model.changed.connect(self.update)

    def update(self, *_: Any) -> None:
        if self.tally.see(self.model.match.view(self.seat)):
            self.changed.emit(self.text())

    def text(self) -> str:
        return self.tally.text()

    def history(self) -> str:
        """Every casting so far, one a line: what the seat pointed at, got, and why."""
        return "\n".join(self.tally.lines)
