"""Match records: save files and the checks that refuse a damaged or edited save.

A record is the game id, options, seats (names and bots), seed and the list of
(seat, action). The header has a checksum over all of it; each move carries one chained
to the one before it and to the header; the end of the file says how many moves it holds
with a checksum chained to the last move. So a file edited by hand is refused at the
first altered move, with its index, or as cut short, before anything is replayed; replay
(match.py) then checks every action against the rules.

What a checksum cannot prove: anyone can compute these plain hashes again after an edit,
and an older copy of a save is as valid as the newest. They catch accidents and casual
edits, not a determined forger.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from mypy_extensions import mypyc_attr

from .storage import json_text

if TYPE_CHECKING:
    from .protocol import Action

FORMAT = "illusio-table match"
FORMAT_VERSION = 2  # 2: the header's checksum covers the players; the end counts the moves
MAX_SEED = (1 << 64) - 1  # the generator keeps 64 bits; a larger seed is no save of ours
MAX_SAVE_BYTES = 64 << 20  # a long game is well under 1 MiB


class RecordError(Exception):
    """A save that cannot be loaded. `index` is the first bad action, or None for the header."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Move:
    """One (seat, action) of a record. The action's JSON is made when first asked for:
    bots play thousands of moves that nobody saves."""

    __slots__ = ("seat", "barrier", "secret", "_action", "_json")

    def __init__(
        self, seat: int, action: Action | dict[str, Any], barrier: bool, secret: bool = False
    ) -> None:
        # secret: a simultaneous choice that is not revealed yet (others are still choosing)
        self.seat, self.barrier, self.secret = seat, barrier, secret
        self._action: Action | None = None
        self._json: dict[str, Any] | None = None
        if isinstance(action, dict):
            self._json = action
        else:
            self._action = action

    @property
    def action(self) -> dict[str, Any]:
        if self._json is None:
            assert self._action is not None  # a move holds one or the other
            self._json = self._action.to_json()
        return self._json

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return (self.seat, self.action, self.barrier) == (other.seat, other.action, other.barrier)

    def __repr__(self) -> str:
        return f"Move(seat={self.seat}, action={self.action}, barrier={self.barrier})"


def _digest(previous: str, payload: Any) -> str:
    text = previous + json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _end_check(previous: str, count: int, withheld: list[int]) -> str:
    return _digest(previous, {"count": count, "withheld": withheld})


def default_players(seats: int) -> list[dict[str, Any]]:
    return [{"name": f"Seat {i + 1}", "bot": None} for i in range(seats)]


class CheckChain:
    """The moves' checksums of a match's last save, kept for its next one: a match saved
    after every move chains one more move instead of all of them again (a long game's
    autosave grew with every move). Moves are known by identity: an undone move, or a
    record of other moves, breaks the chain there and it is made again from that point."""

    def __init__(self) -> None:
        self.header = ""
        self.moves: list[Move] = []
        self.checks: list[str] = []
        self.lines: list[str] = []  # each move's line of the file, made when first written

    def of(self, record: MatchRecord) -> list[str]:
        header = record.header_check()
        if header != self.header:
            self.header, self.moves, self.checks, self.lines = header, [], [], []
        same = 0
        for mine, theirs in zip(self.moves, record.moves, strict=False):
            if mine is not theirs:
                break
            same += 1
        del self.moves[same:], self.checks[same:], self.lines[same:]
        previous = self.checks[-1] if self.checks else header
        for move in record.moves[same:]:
            previous = _digest(previous, [move.seat, move.action])
            self.moves.append(move)
            self.checks.append(previous)
        return list(self.checks)

    def move_lines(self, record: MatchRecord, count: int) -> list[str]:
        """The file's lines of the first `count` moves (storage.json_text's), the chain
        brought up to date with `record` first."""
        self.of(record)
        while len(self.lines) < count:
            at = len(self.lines)
            line = _move_json(self.moves[at], self.checks[at])
            self.lines.append(json.dumps(line, sort_keys=True))
        return self.lines[:count]


def _move_json(move: Move, check: str) -> dict[str, Any]:
    """A move as a file holds it, with its checksum."""
    return {"seat": move.seat, "action": move.action, "barrier": move.barrier, "check": check}


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class MatchRecord:
    def __init__(
        self,
        game_id: str,
        seats: int,
        seed: int,
        options: dict[str, Any],
        players: list[dict[str, Any]] | None = None,
        moves: list[Move] | None = None,
    ) -> None:
        self.game_id = game_id
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self.players = [dict(p) for p in (players or default_players(seats))]
        if len(self.players) != seats:
            raise ValueError(f"{seats} seats need {seats} players, not {len(self.players)}")
        self.moves: list[Move] = list(moves or [])
        # How the match is played at the table (its settings: table/settings.py, which
        # reads them strictly), kept so that a resumed match comes back the same; not
        # part of the game, but under the header's checksum.
        self.table: dict[str, Any] = {}
        # Seats whose choices were not revealed when the file was written (so not in it).
        self.withheld: list[int] = []

    # -- building -------------------------------------------------------------------

    def header_check(self) -> str:
        header = {"game": self.game_id, "seats": self.seats, "seed": self.seed}
        header |= {"options": self.options, "players": self.players, "version": FORMAT_VERSION}
        header["table"] = self.table
        return _digest("", header)

    def checks(self, kept: CheckChain | None = None) -> list[str]:
        """Each move's checksum, chained from the header (made when saving, not per move:
        bots play thousands of moves that are never saved). `kept`: the chain of the last
        save of this match, extended rather than made again."""
        return (kept or CheckChain()).of(self)

    def add(self, seat: int, action: Action, barrier: bool, secret: bool = False) -> Move:
        move = Move(seat, action, barrier, secret)
        self.moves.append(move)
        return move

    def unrevealed(self) -> int:
        """How many of the last moves are simultaneous choices nobody has seen yet."""
        count = 0
        for move in reversed(self.moves):
            if not move.secret:
                break
            count += 1
        return count

    def truncated(self, length: int) -> MatchRecord:
        record = MatchRecord(
            self.game_id, self.seats, self.seed, self.options, self.players, self.moves[:length]
        )
        record.table = dict(self.table)
        return record

    def is_bot(self, seat: int) -> bool:
        return bool(self.players[seat].get("bot"))

    # -- JSON -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole record (clones and replays use it); files take `to_file_json`."""
        return self._json(len(self.moves))

    def to_file_json(self, kept: CheckChain | None = None) -> dict[str, Any]:
        """What a file may hold: every move but the simultaneous choices not yet revealed.

        Nobody may read a choice before everyone has chosen, and a file can be read by
        anyone at the computer; so those seats choose again when the file is opened.
        """
        return self._json(len(self.moves) - self.unrevealed(), kept)

    def to_file_text(self, kept: CheckChain | None = None) -> str:
        """`to_file_json` as the file's text (storage.json_text), each move's line kept in
        `kept` from one save to the next."""
        kept = kept or CheckChain()
        count = len(self.moves) - self.unrevealed()
        lines = kept.move_lines(self, count)  # (brings kept.checks up to date)
        return json_text(self._header(count, kept.checks[:count]), encoded={"moves": lines})

    def _json(self, count: int, kept: CheckChain | None = None) -> dict[str, Any]:
        checks = self.checks(kept)[:count]
        data = self._header(count, checks)
        data["moves"] = [
            _move_json(m, check) for m, check in zip(self.moves[:count], checks, strict=True)
        ]
        return data

    def _header(self, count: int, checks: list[str]) -> dict[str, Any]:
        """Everything a file of the first `count` moves holds but the moves themselves."""
        withheld = [m.seat for m in self.moves[count:]]
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game_id,
            "seats": self.seats,
            "seed": self.seed,
            "options": self.options,
            "players": self.players,
            "table": self.table,
            "check": self.header_check(),
            "count": count,
            "withheld": withheld,
            "end": _end_check(checks[-1] if checks else self.header_check(), count, withheld),
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Reads a saved record, checking its form and checksums (not yet the rules)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not an Illusio Table save")
        version = data.get("version")
        if version != FORMAT_VERSION:
            if _whole(version) and version == 1:
                raise RecordError(
                    "this save was written by an earlier version of the program, whose "
                    "checks cannot tell whether it was edited since, so it is not opened"
                )
            raise RecordError(f"this save has a format ({version!r}) this program cannot read")
        game_id, seats, seed = data.get("game"), data.get("seats"), data.get("seed")
        options, players, moves = data.get("options"), data.get("players"), data.get("moves")
        if not isinstance(game_id, str):
            raise RecordError("the save names no game")
        if not _whole(seats) or seats < 1:
            raise RecordError("the save's number of seats is not a positive whole number")
        if not _whole(seed) or not 0 <= seed <= MAX_SEED:
            raise RecordError("the save's seed is not a whole number this program makes")
        if not isinstance(options, dict):
            raise RecordError("the save's options are not a table of names and values")
        if not isinstance(moves, list):
            raise RecordError("the save has no list of moves")
        if not _valid_players(players, seats):
            raise RecordError("the save's players do not match its seats")
        record = cls(game_id, seats, seed, options, players)
        table = data.get("table")
        if not isinstance(table, dict):  # (what they hold, the table's layer reads)
            raise RecordError(
                "the save's table settings are malformed: they are not a table of names and values"
            )
        record.table = table
        if data.get("check") != record.header_check():
            raise RecordError("the save's game, seed, options or players were altered after saving")
        previous = record.header_check()
        for index, move in enumerate(moves):
            if (
                not isinstance(move, dict)
                or not isinstance(move.get("seat"), int)
                or not isinstance(move.get("action"), dict)
                or not isinstance(move.get("barrier"), bool)
            ):
                raise RecordError(f"action {index} is malformed", index)
            expected = _digest(previous, [move["seat"], move["action"]])
            if move.get("check") != expected:
                raise RecordError(f"action {index} was altered after the game was saved", index)
            record.moves.append(Move(move["seat"], move["action"], move["barrier"]))
            previous = expected
        count = data.get("count")
        if not _whole(count):
            raise RecordError("the end of the save is missing: it may have been cut short")
        if count != len(moves):
            raise RecordError(
                f"the save should hold {count} moves but holds {len(moves)}: "
                "some were cut off or added"
            )
        withheld = data.get("withheld")
        if not isinstance(withheld, list) or not all(
            _whole(s) and 0 <= s < seats for s in withheld
        ):
            raise RecordError("the end of the save is damaged: its withheld choices are unreadable")
        if data.get("end") != _end_check(previous, count, withheld):
            raise RecordError("the end of the save was altered after saving")
        record.withheld = withheld
        return record


def _whole(value: Any) -> TypeGuard[int]:
    """A whole number as JSON has it (true and false are not 1 and 0 here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _valid_players(players: Any, seats: int) -> bool:
    return (
        isinstance(players, list)
        and len(players) == seats
        and all(
            isinstance(p, dict)
            and isinstance(p.get("name"), str)
            and (p.get("bot") is None or isinstance(p.get("bot"), str))
            for p in players
        )
    )


def _not_finite(word: str) -> Any:
    """JSON's NaN and Infinity are no numbers a save can hold (a bot's budget of NaN
    passed every bound and thought for ever)."""
    raise RecordError(f"the file holds {word}, which is not a number a save can hold")


def read_save(path: Path) -> MatchRecord:
    """Reads a save file, saying in words what is wrong with a damaged one.

    The file is only read, never written: whatever is wrong with it, it stays as it was.
    """
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise RecordError("the file is far too large to be a save")
        raw = path.read_bytes()
    except OSError as error:
        raise RecordError(f"the file cannot be read ({error.strerror or error})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(
            f"the file is damaged: byte {error.start + 1} is not text, so this is no save"
        ) from None
    try:
        data = json.loads(text, parse_constant=_not_finite)
    except json.JSONDecodeError as error:
        if not text.strip():
            raise RecordError("the file is empty") from None
        where = f"line {error.lineno}, column {error.colno}"
        end = text.rstrip()
        # Cut short: the text stops mid-way, or inside a string that never closes.
        if error.pos >= len(end) or error.msg.startswith("Unterminated string"):
            lines = end.count("\n") + 1
            raise RecordError(
                f"the file is incomplete: it ends too early, at line {lines}"
            ) from None
        raise RecordError(f"the file is damaged: it stops being a save at {where}") from None
    except RecursionError:
        raise RecordError("the file is damaged: it is nested far too deeply for a save") from None
    except ValueError:  # a number longer than Python reads (thousands of digits)
        raise RecordError(
            "the file is damaged: it holds a number far too long for a save"
        ) from None
    try:
        return MatchRecord.from_json(data)
    except RecursionError:
        raise RecordError("the file is damaged: it is nested far too deeply for a save") from None
