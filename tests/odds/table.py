"""The table parts of Odds and evens, Qt-free: its gestures, what a seat is asked, its
guided first game, and the rehearsal's tally words (its kept files, the drills and the past
rehearsals' average costs, are the toolkit's: `table/kept.py`)."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import Action
from illusio_table.table.gestures import Gesture
from illusio_table.table.guide import Guide, Lesson


def gestures(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
    """A hand of one finger and a hand of two lie on the table: click the one to show."""
    return [Gesture(action, ("hand", action.to_json()["fingers"])) for action in legal]


def prompt(
    view: dict[str, Any], seat: int | None, names: list[str], chosen: str, legal: list[Action]
) -> str:
    """What a seat is asked, on its phone and at the screen alike (none for a watcher)."""
    if seat is None:
        return ""
    if chosen:
        return f"{chosen}: wait for the other hand."
    side = view["sides"][seat]
    return f"Round {view['round']} of {view['rounds']}: one finger or two? You play {side}."


def guide() -> Guide:
    def show(view: dict[str, Any], legal: list[Action]) -> Action | None:
        return legal[0] if legal else None

    return Guide(
        game_id="odds",
        title="Odds and evens",
        seed=5,
        players=({"name": "You", "bot": None}, {"name": "Bot", "bot": "random"}),
        lessons=(
            Lesson(
                "showing",
                show,
                lambda view, move: (
                    "you play Odd: show one finger or two. The hands and the face-down "
                    "card add up, and an odd sum is all yours."
                ),
                lambda action, before, after, lines: True,
            ),
        ),
        finished=lambda view, log: any("points for" in line for line in log),
        summary=lambda view, log: "A round is scored: play on until the deck is spent.",
    )


class Tally:
    """A seat's rounds in a rehearsal, told from its view: what it showed, what the round
    gave, and the points it gained a round."""

    def __init__(self, view: dict[str, Any], seat: int, heading: str = "Rehearsal") -> None:
        self.seat, self.heading = seat, heading
        self.seen = len(view["played"])  # rounds revealed before the tally began
        self.start = view["points"][seat] - view["points"][1 - seat]
        self.gained = self.start
        self.lines: list[str] = []

    def see(self, view: dict[str, Any]) -> bool:
        """Takes the seat's view after a move; True when a round was revealed."""
        if len(view["played"]) == self.seen:
            return False
        self.seen = len(view["played"])
        last = view["last"]
        mine = "yours" if last["winner"] == self.seat else "theirs"
        self.lines.append(
            f"Round {self.seen}: you showed {last['fingers'][self.seat]}, the card was "
            f"{last['card']}: {last['total']}, {mine}."
        )
        self.gained = view["points"][self.seat] - view["points"][1 - self.seat]
        return True

    def text(self) -> str:
        if not self.lines:
            return f"{self.heading}: show a hand; the tally starts with this round."
        per = (self.gained - self.start) / len(self.lines)
        return (
            f"{self.heading} — rounds: {len(self.lines)} · your lead gained a round: "
            f"{per:+.1f}\n{self.lines[-1]}"
        )
