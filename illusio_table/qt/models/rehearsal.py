"""The rehearsal tally: how often the rehearsing seat got what it pointed at, and its
points per casting. Read from that seat's view, like everything the table shows."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from .match_model import MatchModel


class RehearsalTally(QObject):
    changed = Signal(str)

    def __init__(self, model: MatchModel, seat: int = 0) -> None:
        super().__init__(model)
        self.model, self.seat = model, seat
        self.castings = self.pointed = self.got = 0
        self.seen = model.game.view(seat)["castings"]
        model.changed.connect(self.update)

    def update(self, *_: Any) -> None:
        view = self.model.game.view(self.seat)
        if view["castings"] == self.seen:
            return
        self.seen = view["castings"]
        self.castings += 1
        for entry in view["last_casting"]:
            if self.seat in entry["claimants"]:
                self.pointed += 1
                self.got += entry["winner"] == self.seat
        self.points = view["points"][self.seat]
        self.changed.emit(self.text())

    def text(self) -> str:
        if not self.castings:
            return "Rehearsal: point your wand; the tally starts with the first casting."
        rate = self.got / self.pointed if self.pointed else 0
        per = self.model.game.view(self.seat)["points"][self.seat] / self.castings
        return (
            f"Rehearsal — castings: {self.castings} · got what you pointed at: "
            f"{self.got} of {self.pointed} ({rate:.0%}) · points per casting: {per:.1f}"
        )
