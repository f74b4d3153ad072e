"""The rehearsal tally of one seat (Incantibus): what it pointed at each casting, what it
got and why, how often it got what it pointed at, and the points it gained a casting.

It reads only that seat's views, one after another, like everything the table shows. A
casting counts once its outcome for the seat is known: at the reveal when a stronger wand
took the target, after the take when the seat won it. A target "got" is one the seat
kept: a monster won with nothing to catch it escapes, and so is not got.
"""

from __future__ import annotations

from typing import Any

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
        self.expert = view["mode"] == "expert"  # (a wand's strength counts as points)
        self.open: dict[str, Any] | None = None  # the seat's entry, until its outcome is known
        self._latest = self.points  # the seat's points in the last view seen

    def see(self, view: dict[str, Any]) -> bool:
        """Takes the seat's view after a move; True when the tally changed."""
        changed = False
        if view["castings"] != self.seen:  # a casting was revealed
            if self.open is not None:  # (the last one ended without a word: count it as seen)
                self.points = self._latest  # (as it stood before this reveal)
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
        if self.open is not None and (
            self.open["winner"] != self.seat or self.open["outcome"] is not None
        ):
            changed = self._close(self.open)
        # The points gained are those of the castings counted: while the seat's casting is
        # being resolved (others still to decide), the points it has brought so far wait
        # for it to be counted ("castings: 14" with casting 15's points said 0.7 for 0.9).
        self._latest = view["points"][self.seat]
        if self.open is None:
            self.points = self._latest
        return changed

    def _close(self, entry: dict[str, Any]) -> bool:
        self.open = None
        self.castings += 1
        self.pointed += 1
        wand = entry["wands"][entry["claimants"].index(self.seat)]
        got = entry.get("got")
        what = f" ({got})" if got and got not in entry["name"] else ""  # a secret token
        said = f"Casting {self.castings}: you pointed at {entry['name']}{what} with wand {wand}"
        swap = self._swap(entry)
        if entry["winner"] != self.seat:
            said += f", but wand {entry['wands'][0]} was stronger: "
            said += f"no token, but {swap}." if swap else "nothing."
        elif entry["to"] == self.seat and entry["outcome"] in GOT:
            self.got += 1
            said += f" and {GOT[entry['outcome']]}" + (f"; {swap}." if swap else ".")
        else:
            said += f" and {LOST.get(entry['outcome'], 'lost it into the moat')}"
            said += f"; {swap}." if swap else "."
        self.lines.append(said)
        return True

    def _swap(self, entry: dict[str, Any]) -> str:
        """What the wands swapped after the contest gave the seat, if it swapped: the
        weakest claimant takes the winner's wand, and in expert mode a wand's strength is
        points ("wand 3 was stronger: nothing." while the seat went from 11 to 13)."""
        if not entry["swap"] or self.seat not in entry["swap"]:
            return ""
        other = next(s for s in entry["swap"] if s != self.seat)
        mine = entry["wands"][entry["claimants"].index(self.seat)]
        now = entry["wands"][entry["claimants"].index(other)]
        said = f"the swap gave you wand {now}"
        if self.expert and now != mine:
            more = "more" if now > mine else ("fewer" if abs(now - mine) > 1 else "less")
            said += f" ({abs(now - mine)} point{'s' * (abs(now - mine) > 1)} {more})"
        return said

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
