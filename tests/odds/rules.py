"""Odds and evens, for two: each round both seats show one or two fingers at once, each
choice hidden until both are made. An odd sum scores for Odd (the first seat), an even one
for Even (the second). The first to three points wins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from illusio_table.engine import Action, Event, Game

POINTS_TO_WIN = 3
SIDES = ("Odd", "Even")


@dataclass(frozen=True)
class Show(Action):
    kind = "show"
    fingers: int

    def label(self) -> str:
        return f"Show {self.fingers} finger{'s' if self.fingers > 1 else ''}"


class OddsGame(Game):
    game_id = "odds"
    title = "Odds and evens"
    min_seats = 2
    max_seats = 2
    actions = (Show,)
    help_text = "Both show one or two fingers at once; an odd sum scores for Odd, even for Even."

    def setup(self) -> list[Event]:
        self.points = [0, 0]
        self.shown: dict[int, int] = {}
        self.last: list[int] = []
        self.round = 1
        return [Event(f"{self.name(0)} plays Odd, {self.name(1)} plays Even.")]

    def is_over(self) -> bool:
        return max(self.points) >= POINTS_TO_WIN

    def to_act(self) -> frozenset[int]:
        if self.is_over():
            return frozenset()
        return frozenset(s for s in range(2) if s not in self.shown)

    def list_moves(self, seat: int) -> list[Action]:
        return [Show(1), Show(2)] if seat in self.to_act() else []

    def refusal(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Show) and action.fingers not in (1, 2):
            return "Show one finger or two."
        return None

    def perform(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Show)
        self.shown[seat] = action.fingers
        events = [Event(f"{self.name(seat)} has chosen.")]
        if len(self.shown) < 2:
            return events
        self.last = [self.shown[0], self.shown[1]]
        total = sum(self.last)
        winner = 0 if total % 2 else 1  # odd: the first seat (Odd); even: Even
        self.points[winner] += 1
        events.append(
            Event(
                f"{self.name(0)} shows {self.last[0]}, {self.name(1)} shows {self.last[1]}: "
                f"{total} is {SIDES[winner].lower()}, a point for {self.name(winner)}.",
                reveals=True,
            )
        )
        self.shown = {}
        self.round += 1
        return events

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        mine = self.shown.get(seat) if seat is not None else None
        return {
            "me": seat,
            "round": self.round,
            "sides": list(SIDES),
            "points": list(self.points),
            "to_win": POINTS_TO_WIN,
            "chosen": sorted(self.shown),  # who has chosen, never what
            "my_choice": Show(mine).to_json() if mine else None,
            "last": list(self.last),
        }

    def result(self) -> dict[str, Any]:
        best = max(self.points)
        return {
            "scores": list(self.points),
            "winners": [s for s, p in enumerate(self.points) if p == best],
            "explanation": [
                f"{self.name(s)} ({SIDES[s]}): {p} points" for s, p in enumerate(self.points)
            ],
        }
