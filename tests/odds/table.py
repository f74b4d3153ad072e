"""The table parts of Odds and evens, Qt-free: its gestures, what a seat is asked, its
guided first game, and the rehearsal's tally words and kept files (the drills, the past
rehearsals' average costs)."""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.storage import atomic_write_json, set_aside
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


def _kept(path: Path, key: str) -> list[dict[str, Any]]:
    """The entries a file of the data folder keeps under `key`; one that cannot be read
    is set aside (kept, renamed) and nothing is kept."""
    if not path.exists():
        return []
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))[key]
        if not all(isinstance(e, dict) for e in entries):
            raise ValueError(f"an entry of {key} is not whole")
        return list(entries)
    except (OSError, ValueError, KeyError, TypeError):
        set_aside(path)
        return []


def _keep(path: Path, key: str, entries: list[dict[str, Any]]) -> None:
    try:
        atomic_write_json(path, {key: entries})
    except OSError:
        pass  # a folder that cannot be written: kept for this run only


class CoachHistory:
    """Each rehearsal's average cost a round (`coach.json`), one entry a rehearsal,
    each person's under their name (`who`; the screen's person's under none)."""

    def __init__(self, path: Path, who: str | None = None) -> None:
        self.path, self.who = path, who
        self.entries = _kept(path, "rehearsals")
        self.mark = secrets.token_hex(4)  # this rehearsal's entry, once it has one

    def record(self, rounds: int, average: float) -> None:
        entry = {"castings": rounds, "average": round(average, 3), "mark": self.mark}
        if self.who is not None:
            entry["who"] = self.who
        others = [e for e in _kept(self.path, "rehearsals") if e.get("mark") != self.mark]
        self.entries = others + [entry]
        _keep(self.path, "rehearsals", self.entries)

    def averages(self) -> list[float]:
        return [float(e["average"]) for e in self.entries if e.get("who") == self.who]


class Drills:
    """The rounds where the coach found a costly hand (`drills.json`), costliest first, to
    be played again: the match as the round began, the other's hand then, the cost and
    the coach's words. A drill leaves the list once played through (`done`)."""

    COST = 1.0  # points: a cheaper mistake is not worth a drill
    KEPT = 20

    def __init__(self, path: Path, who: str | None = None) -> None:
        self.path, self.who = path, who
        self.entries = _kept(path, "drills")

    def mine(self) -> list[dict[str, Any]]:
        return [e for e in self.entries if e.get("who") == self.who]

    def add(
        self, match: dict[str, Any], others: dict[int, Any], cost: float, said: list[str]
    ) -> bool:
        if cost < self.COST:
            return False
        entry: dict[str, Any] = {
            "match": match,
            "others": {str(s): a for s, a in others.items()},
            "cost": round(cost, 3),
            "said": said,
        }
        if self.who is not None:
            entry["who"] = self.who
        entries = sorted(_kept(self.path, "drills") + [entry], key=lambda e: -float(e["cost"]))
        mine = [e for e in entries if e.get("who") == self.who]
        dropped = {id(e) for e in mine[self.KEPT :]}
        self.entries = [e for e in entries if id(e) not in dropped]
        _keep(self.path, "drills", self.entries)
        return id(entry) not in dropped

    @staticmethod
    def mark(entry: dict[str, Any]) -> str:
        text = json.dumps([entry["match"], entry["others"]], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def first(self) -> dict[str, Any] | None:
        mine = self.mine()
        return mine[0] if mine else None

    def done(self, mark: str) -> None:
        self.entries = [e for e in _kept(self.path, "drills") if self.mark(e) != mark]
        _keep(self.path, "drills", self.entries)
