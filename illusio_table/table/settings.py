"""The table's settings: how a match is played at this table, beside its moves.

Which seats are on phones, who stands aside, table mode, a rehearsal and its coach, a
drill under way, a guided first game and how far it has got: one typed record, kept in
the match's record (its `table`, under the header's checksum) so that a match resumed
after a crash comes back to the same table. Bots' levels are not here: they are the
record's players (each bot's name and budget), checked with the header.

Read strictly: a field missing, of the wrong type, out of range or unknown is refused
with its reason (a save edited by hand, or damaged), never guessed at. A save written
before this record existed held the settings as a table of flags ("device 1": true);
it is read into this record (`_migrated`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from illusio_table.engine import IllegalAction, Match, RecordError

VERSION = 2  # 2: `coach_from` (version 1 had none: its coach began with the match)
MAX_WORDS = 64  # lines of a drill's note, or lessons of a guide: more is no save of ours
MAX_TEXT = 2000  # characters of one of them
MAX_COST = 1000.0  # points: no casting is worth as many


@dataclass(frozen=True)
class Drill:
    """A casting played again ("Drill my mistakes"): whose mistake it was, where the
    casting began, what it cost and the coach's words then. It leaves the kept drills
    (`drills.json`, by its mark) only once played through (`done`)."""

    mark: str  # its entry among the kept drills
    seat: int  # the person who made the mistake: the seat that points again
    moves: int  # the moves made when the casting began: its reveal is the first after
    cost: float  # points the mistake cost
    said: tuple[str, ...]  # the coach's words on it then
    # What the others chose then (seat, the action's JSON), made again at its start. Kept
    # here because a save leaves out choices not yet revealed: without them a drill
    # resumed after a crash would be another casting. (They were revealed in the match
    # the drill comes from, and the coach's words tell them: no secret is written.)
    others: tuple[tuple[int, dict[str, Any]], ...] = ()
    done: bool = False  # its casting was played and reviewed

    def to_json(self) -> dict[str, Any]:
        return {
            "mark": self.mark,
            "seat": self.seat,
            "moves": self.moves,
            "cost": self.cost,
            "said": list(self.said),
            "others": [[seat, action] for seat, action in self.others],
            "done": self.done,
        }

    def set_up(self, match: Match) -> None:
        """Makes the others' choices of the drill's casting, those not made yet (all of
        them at its start, or again after a restart: a save leaves them out). Raises
        IllegalAction or RecordError when they cannot be made (a drill that does not fit
        its match)."""
        if self.done or match.moves_made != self.moves:
            return  # (made already, or the casting is over)
        for seat, action in self.others:
            match.apply(seat, match.parse_action(action))
        match.withheld = [s for s in match.withheld if s not in dict(self.others)]


@dataclass(frozen=True)
class GuideProgress:
    """A guided first game under way: which game's guide, and the lessons learnt."""

    game_id: str
    learnt: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "learnt": list(self.learnt)}


@dataclass(frozen=True)
class TableSettings:
    devices: tuple[int, ...] = ()  # person seats played on their own phone, in order
    aside: tuple[int, ...] = ()  # seats that asked not to be asked what is not theirs
    table_mode: bool = False  # people at the screen choose at once with their own keys
    rehearsal: bool = False  # a rehearsal (left in the normal way, it is over)
    coach: int | None = None  # the seat the screen's casting coach serves (None: no coach)
    # The match's moves when the coach began to serve: its tally counts from there, and
    # after a restart it is counted again from there (a crash lost its count).
    coach_from: int = 0
    drill: Drill | None = None
    guide: GuideProgress | None = None

    # -- changes -------------------------------------------------------------------------

    def with_device(self, seat: int, on: bool) -> TableSettings:
        devices = set(self.devices) | {seat} if on else set(self.devices) - {seat}
        return replace(self, devices=tuple(sorted(devices)))

    def with_aside(self, seat: int, on: bool) -> TableSettings:
        aside = set(self.aside) | {seat} if on else set(self.aside) - {seat}
        return replace(self, aside=tuple(sorted(aside)))

    # -- the match's record ----------------------------------------------------------------

    @classmethod
    def of(cls, match: Match) -> TableSettings:
        """The settings kept in `match`'s record; RecordError says what is wrong with them."""
        return cls.from_json(match.table, match.players)

    def keep_in(self, match: Match) -> None:
        """Writes them into the match's record (its next save holds them), read back
        first as a save's would be: settings that a load would refuse are never written."""
        TableSettings.from_json(self.to_json(), match.players)
        match.table.clear()
        match.table.update(self.to_json())

    # -- JSON --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "devices": list(self.devices),
            "aside": list(self.aside),
            "table_mode": self.table_mode,
            "rehearsal": self.rehearsal,
            "coach": self.coach,
            "coach_from": self.coach_from,
            "drill": self.drill.to_json() if self.drill is not None else None,
            "guide": self.guide.to_json() if self.guide is not None else None,
        }

    @classmethod
    def from_json(cls, data: Any, players: list[dict[str, Any]]) -> TableSettings:
        """Reads the settings of a match of these players, refusing anything malformed
        (RecordError, in words)."""
        if not isinstance(data, dict):
            raise _bad("they are not a table of names and values")
        if "version" not in data:
            return _migrated(data, players)
        version = data["version"]
        if not _whole(version) or version < 1:
            raise _bad(f"their version ({version!r}) is not one this program writes")
        if version > VERSION:
            raise _bad(
                f"they were written by a newer version of the program (version {version}), "
                "which this one cannot read"
            )
        keys = set(cls().to_json()) - ({"coach_from"} if version == 1 else set())
        _exact_keys(data, keys, "")
        people = [seat for seat, p in enumerate(players) if p.get("bot") is None]
        devices = _seats(data["devices"], people, "seats on phones")
        aside = _seats(data["aside"], list(range(len(players))), "seats standing aside")
        table_mode = _flag(data["table_mode"], "table mode")
        rehearsal = _flag(data["rehearsal"], "rehearsal")
        coach = data["coach"]
        if coach is not None and (not _whole(coach) or coach not in people):
            raise _bad(f"the coach serves seat {coach!r}, which no person holds")
        coach_from = data.get("coach_from", 0)
        if not _whole(coach_from) or coach_from < 0:
            raise _bad("the coach's start is not a count of moves")
        drill = _drill(data["drill"], people, players) if data["drill"] is not None else None
        guide = _guide(data["guide"]) if data["guide"] is not None else None
        return cls(devices, aside, table_mode, rehearsal, coach, coach_from, drill, guide)


def _migrated(data: dict[str, Any], players: list[dict[str, Any]]) -> TableSettings:
    """The flags an older save kept ("device 1": true, "aside 0": true, "table_mode",
    "rehearsal"), read into the record. A flag of any other name is refused."""
    settings = TableSettings()
    seats = len(players)
    for key, value in data.items():
        if not isinstance(key, str) or not isinstance(value, bool):
            raise _bad(f"{key!r} is not a setting this program knows")
        name, _, seat_text = key.partition(" ")
        # (a seat in plain digits only: "²" and "٣" are digits too, and no seat of ours)
        plain = seat_text.isascii() and seat_text.isdigit() and len(seat_text) <= 3
        seat = int(seat_text) if plain and seat_text == str(int(seat_text)) else -1
        if name == "device" and 0 <= seat < seats and players[seat].get("bot") is None:
            settings = settings.with_device(seat, value)
        elif name == "aside" and 0 <= seat < seats:
            settings = settings.with_aside(seat, value)
        elif key == "table_mode":
            settings = replace(settings, table_mode=value)
        elif key == "rehearsal":
            settings = replace(settings, rehearsal=value, coach=0 if value else None)
        else:
            raise _bad(f"{key!r} is not a setting this program knows")
    if settings.coach is not None and players[0].get("bot") is not None:
        raise _bad("a rehearsal needs a person in the first seat")
    return settings


def _drill(data: Any, people: list[int], players: list[dict[str, Any]]) -> Drill:
    if not isinstance(data, dict):
        raise _bad("the drill is not a table of names and values")
    _exact_keys(data, {"mark", "seat", "moves", "cost", "said", "others", "done"}, "the drill's ")
    mark, seat, moves, cost = data["mark"], data["seat"], data["moves"], data["cost"]
    if not isinstance(mark, str) or len(mark) > 64:
        raise _bad("the drill's mark is not a short text")
    if not _whole(seat) or seat not in people:
        raise _bad(f"the drill is for seat {seat!r}, which no person holds")
    if not _whole(moves) or moves < 0:
        raise _bad("the drill's start is not a count of moves")
    # (a whole number of hundreds of digits is no cost of ours, and no float either)
    if _whole(cost) and abs(cost) <= MAX_COST:
        cost = float(cost)
    if not isinstance(cost, float) or not math.isfinite(cost) or abs(cost) > MAX_COST:
        raise _bad("the drill's cost is not a number of points")
    if cost < 0:
        raise _bad("the drill's cost is below nothing")
    said = _texts(data["said"], "the drill's words")
    others = data["others"]
    if not isinstance(others, list) or not all(
        isinstance(o, list) and len(o) == 2 and _whole(o[0]) and isinstance(o[1], dict)
        for o in others
    ):
        raise _bad("the others' choices of the drill are not a list of seats and moves")
    seats = [o[0] for o in others]
    if (
        seat in seats
        or len(set(seats)) != len(seats)
        or not all(0 <= s < len(players) for s in seats)
    ):
        raise _bad("the others' choices of the drill name a seat twice or none at the table")
    done = _flag(data["done"], "the drill's end")
    return Drill(mark, seat, moves, cost, said, tuple((s, a) for s, a in others), done)


def _guide(data: Any) -> GuideProgress:
    if not isinstance(data, dict):
        raise _bad("the guide is not a table of names and values")
    _exact_keys(data, {"game", "learnt"}, "the guide's ")
    if not isinstance(data["game"], str) or not data["game"]:
        raise _bad("the guide names no game")
    return GuideProgress(data["game"], _texts(data["learnt"], "the guide's lessons"))


def _bad(reason: str) -> RecordError:
    return RecordError(f"the save's table settings are malformed: {reason}")


def _exact_keys(data: dict[str, Any], wanted: set[str], whose: str) -> None:
    missing, unknown = sorted(wanted - data.keys()), sorted(set(data) - wanted, key=str)
    if missing:
        raise _bad(f"{whose}{', '.join(missing)} missing")
    if unknown:
        raise _bad(f"{whose}{', '.join(map(repr, unknown))} unknown")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(f"{what} is neither on nor off")
    return value


def _seats(value: Any, allowed: list[int], what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(_whole(s) for s in value):
        raise _bad(f"the {what} are not a list of seats")
    if value != sorted(set(value)):
        raise _bad(f"the {what} are repeated or out of order")
    if any(s not in allowed for s in value):
        raise _bad(f"the {what} name a seat that cannot be one")
    return tuple(value)


def _texts(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise _bad(f"{what} are not a list of texts")
    if len(value) > MAX_WORDS or any(len(s) > MAX_TEXT for s in value):
        raise _bad(f"{what} are far longer than the program writes")
    return tuple(value)


def open_match(path: Any, registry: Any) -> tuple[Match, TableSettings]:
    """A save file's match and its table settings, a drill under way set up again;
    RecordError says in words what is wrong with either (the file is only read: it
    stays as it was)."""
    return _ready(Match.open(path, registry))


def load_match(data: Any, registry: Any) -> tuple[Match, TableSettings]:
    """`open_match` of a save's JSON."""
    return _ready(Match.load(data, registry))


def _ready(match: Match) -> tuple[Match, TableSettings]:
    settings = TableSettings.of(match)
    if settings.drill is not None:
        try:
            settings.drill.set_up(match)
        except (IllegalAction, KeyError, TypeError, ValueError) as error:
            raise RecordError(f"the drill in the save does not fit its match: {error}") from None
    return match, settings
