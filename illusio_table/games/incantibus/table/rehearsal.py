"""The rehearsal tally of one seat (Incantibus): what it pointed at each casting, what it
got and why, how often it got what it pointed at, and the points it gained a casting.

It reads only that seat's views, one after another, like everything the table shows. A
casting counts once its outcome for the seat is known: at the reveal when a stronger wand
took the target, after the take when the seat won it. A target "got" is one the seat
kept: a monster won with nothing to catch it escapes, and so is not got.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from illusio_table.engine.storage import atomic_write_json, set_aside

# What the seat did with a target it won, by the engine's outcome.
GOT = {
    "taken": "got it",
    "caught": "caught it",
    "brewed": "brewed it",
    "learned": "learned it",
    "defeated": "defeated it",
}
LOST = {
    "escaped": "won it, but had nothing to catch it with: it escaped into the moat",
    "too strong": "won it, but it was too strong for you: it escaped into the moat",
}


class Tally:
    def __init__(self, view: dict[str, Any], seat: int, heading: str = "Rehearsal") -> None:
        self.seat = seat
        self.heading = heading  # "Rehearsal", or "Coach" in a match that asked for one
        self.start = view["points"][seat]  # what the seat had before rehearsing
        self.points = self.start
        self.castings = self.pointed = self.got = 0
        self.lines: list[str] = []  # one a casting, in order
        self.seen = view["castings"]
        self.open: dict[str, Any] | None = None  # the seat's entry, until its outcome is known

    def see(self, view: dict[str, Any]) -> bool:
        """Takes the seat's view after a move; True when the tally changed."""
        changed = False
        if view["castings"] != self.seen:  # a casting was revealed
            if self.open is not None:  # (the last one ended without a word: count it as seen)
                changed = self._close(self.open)
            self.seen = view["castings"]
            mine = [e for e in view["last_casting"] if self.seat in e["claimants"]]
            self.open = dict(mine[0]) if mine else None
            if not mine:
                self.castings += 1
                self.lines.append(f"Casting {self.castings}: you pointed at nothing.")
                changed = True
        elif self.open is not None:
            now = next(
                (e for e in view["last_casting"] if e["target"] == self.open["target"]), None
            )
            if now is not None:
                self.open = dict(now)
        self.points = view["points"][self.seat]
        if self.open is not None and (
            self.open["winner"] != self.seat or self.open["outcome"] is not None
        ):
            changed = self._close(self.open)
        return changed

    def _close(self, entry: dict[str, Any]) -> bool:
        self.open = None
        self.castings += 1
        self.pointed += 1
        wand = entry["wands"][entry["claimants"].index(self.seat)]
        got = entry.get("got")
        what = f" ({got})" if got and got not in entry["name"] else ""  # a secret token
        said = f"Casting {self.castings}: you pointed at {entry['name']}{what} with wand {wand}"
        if entry["winner"] != self.seat:
            said += f", but wand {entry['wands'][0]} was stronger: nothing."
        elif entry["to"] == self.seat and entry["outcome"] in GOT:
            self.got += 1
            said += f" and {GOT[entry['outcome']]}."
        else:
            said += f" and {LOST.get(entry['outcome'], 'lost it into the moat')}."
        self.lines.append(said)
        return True

    def text(self) -> str:
        if not self.castings:
            return f"{self.heading}: point your wand; the tally starts with the next casting."
        rate = self.got / self.pointed if self.pointed else 0
        per = (self.points - self.start) / self.castings
        return (
            f"{self.heading} — castings: {self.castings} · got what you pointed at: "
            f"{self.got} of {self.pointed} ({rate:.0%}) · points gained per casting: "
            f"{per:.1f}\n{self.lines[-1]}"
        )


class CoachHistory:
    """The average cost a casting of each past rehearsal, kept in the data folder
    (`coach.json`), so that the coach's chart can draw a line of them: the person sees
    themselves improve. Each rehearsal is one entry, brought up to date at each review.
    The person at the screen's entries carry no name; a person rehearsing on a phone has
    their own line, under the name they sat down with (`who`). A file that cannot be
    read is set aside (kept, renamed) and a new one begun."""

    KEPT = 50  # rehearsals kept for each person, the latest

    def __init__(self, path: Path, who: str | None = None) -> None:
        self.path, self.who = path, who
        self.entries = _kept(path, "rehearsals", _an_average)
        self.mark = secrets.token_hex(4)  # this rehearsal's entry, once it has one

    def _mine(self, entry: dict[str, Any]) -> bool:
        return entry.get("who") == self.who

    def record(self, castings: int, average: float) -> None:
        """This rehearsal's average cost over its castings reviewed so far (the file
        read again first: the screen's and each phone's rehearsal write to it)."""
        entry: dict[str, Any] = {"castings": castings, "average": round(average, 3)}
        entry["mark"] = self.mark
        if self.who is not None:
            entry["who"] = self.who
        entries = _kept(self.path, "rehearsals", _an_average)
        entries = [e for e in entries if e.get("mark") != self.mark] + [entry]
        mine = [e for e in entries if self._mine(e)]
        dropped = {id(e) for e in mine[: -self.KEPT]}
        self.entries = [e for e in entries if id(e) not in dropped]
        _keep(self.path, "rehearsals", self.entries)

    def averages(self) -> list[float]:
        return [float(e["average"]) for e in self.entries if self._mine(e)]


class Drills:
    """The castings where the coach found the costliest mistakes, kept in the data folder
    (`drills.json`) to be played again: each holds the match as it stood at the casting's
    start (a save file's data), what the others pointed at then, and the coach's words
    on the choice made. The costliest come first. A drill leaves the list once it has been
    played through (`done`), not when it starts: a drill cut short by a crash, or left,
    is still there to play. Each is known by its mark, a digest of the casting it plays.

    Each person has their own drills, as their own line of past rehearsals
    (`CoachHistory`): the person at the screen's carry no name, a person rehearsing on a
    phone's are under the name they sat down with (`who`). One sees and plays only
    their own."""

    KEPT = 20  # drills kept for each person, the costliest
    COST = 1.0  # points: a cheaper mistake is not worth a drill

    def __init__(self, path: Path, who: str | None = None) -> None:
        self.path, self.who = path, who
        self.entries = _kept(path, "drills", _a_drill)  # everyone's

    def _mine(self, entry: dict[str, Any]) -> bool:
        return entry.get("who") == self.who

    def mine(self) -> list[dict[str, Any]]:
        """This person's drills, the costliest first."""
        return [e for e in self.entries if self._mine(e)]

    def add(
        self, match: dict[str, Any], others: dict[int, Any], cost: float, said: list[str]
    ) -> bool:
        """Keeps a mistake of this person's worth a drill; whether it was kept (the file
        read again first: the screen's and each phone's rehearsal write to it)."""
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
        entries = _kept(self.path, "drills", _a_drill) + [entry]
        entries.sort(key=lambda e: -float(e["cost"]))
        dropped = {id(e) for e in [e for e in entries if self._mine(e)][self.KEPT :]}
        self.entries = [e for e in entries if id(e) not in dropped]
        _keep(self.path, "drills", self.entries)
        return id(entry) not in dropped

    @staticmethod
    def mark(entry: dict[str, Any]) -> str:
        """The drill's mark: the same casting, the same mark (old entries have one too)."""
        text = json.dumps([entry["match"], entry["others"]], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def first(self) -> dict[str, Any] | None:
        """This person's costliest drill, left in the list (None: none is kept)."""
        mine = self.mine()
        return mine[0] if mine else None

    def done(self, mark: str) -> None:
        """The drill of that mark was played through (or cannot be set up): it leaves the
        list (the file read again first: a rehearsal may have kept more since)."""
        self.entries = [e for e in _kept(self.path, "drills", _a_drill) if self.mark(e) != mark]
        _keep(self.path, "drills", self.entries)


def _an_average(entry: dict[str, Any]) -> bool:
    return (
        isinstance(entry.get("castings"), int)
        and isinstance(entry.get("average"), (int, float))
        and isinstance(entry.get("who", ""), str)
        and isinstance(entry.get("mark", ""), str)
    )


def _a_drill(entry: dict[str, Any]) -> bool:
    return {"match", "others", "cost"} <= entry.keys() and isinstance(entry.get("who", ""), str)


def _kept(path: Path, key: str, whole: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The entries a file of the data folder keeps under `key`, each `whole`; a file that
    cannot be read so is set aside (kept, renamed), and nothing is kept."""
    if not path.exists():
        return []
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))[key]
        if not all(isinstance(e, dict) and whole(e) for e in entries):
            raise ValueError(f"an entry of {key} is not whole")
        return list(entries)
    except (OSError, ValueError, KeyError, TypeError):
        set_aside(path)
        return []


def _keep(path: Path, key: str, entries: list[dict[str, Any]]) -> None:
    try:
        atomic_write_json(path, {key: entries})
    except OSError:
        pass  # a folder that cannot be written: they are kept for this run only
