"""What a rehearsing game keeps in the data folder from one rehearsal to the next: each
person's line of past rehearsals (`CoachHistory`, the coach's chart draws it) and the
mistakes worth playing again (`Drills`). A game's kit names the files (`Rehearsal.files`)
and these classes; a game with words of its own for them subclasses nothing: the files
hold matches and numbers, not words.

Both files are read again before each write: the big screen's rehearsal and each phone's
write to the same file. A file that cannot be read is set aside (kept, renamed) and a
new one begun."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from illusio_table.engine.storage import atomic_write_json, set_aside


class CoachHistory:
    """The average cost a round of each past rehearsal, so that the coach's chart can draw
    a line of them: the person sees themselves improve. Each rehearsal is one entry,
    brought up to date at each review (its rounds are counted under "castings", the
    file's first game's word). The person at the screen's entries carry no name; a person
    rehearsing on a phone has their own line, under the name they sat down with (`who`)."""

    KEPT = 50  # rehearsals kept for each person, the latest

    def __init__(self, path: Path, who: str | None = None, mark: str | None = None) -> None:
        self.path, self.who = path, who
        self.entries = _kept(path, "rehearsals", _an_average)
        # This rehearsal's entry, once it has one (a rehearsal restarted after a crash
        # gives the mark it had, and goes on in its entry).
        self.mark = mark if mark is not None else secrets.token_hex(4)

    def _mine(self, entry: dict[str, Any]) -> bool:
        return entry.get("who") == self.who

    def record(self, rounds: int, average: float) -> None:
        """This rehearsal's average cost over its rounds reviewed so far."""
        entry: dict[str, Any] = {"castings": rounds, "average": round(average, 3)}
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
    """The rounds where the coach found the costliest mistakes, to be played again: each
    holds the match as it stood at the round's start (a save file's data), what the
    others chose then, and the coach's words on the choice made. The costliest come
    first. A drill leaves the list once it has been played through (`done`), not when it
    starts: a drill cut short by a crash, or left, is still there to play. Each is known
    by its mark, a digest of the round it plays.

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
        """Keeps a mistake of this person's worth a drill; whether it was kept."""
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
        """The drill's mark: the same round, the same mark (old entries have one too)."""
        text = json.dumps([entry["match"], entry["others"]], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def first(self) -> dict[str, Any] | None:
        """This person's costliest drill, left in the list (None: none is kept)."""
        mine = self.mine()
        return mine[0] if mine else None

    def done(self, mark: str) -> None:
        """The drill of that mark was played through (or cannot be set up): it leaves the
        list (a rehearsal may have kept more since it was read)."""
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
