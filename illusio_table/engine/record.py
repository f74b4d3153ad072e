"""Match records: save files, replay, and the checks that refuse a tampered save.

A record is the game id, options, seats, seed and the list of (seat, action). Each move
carries a short checksum chained to the one before it and to the header, so a file
edited by hand is refused at the first altered move, with its index, before anything is
replayed; replay then checks every action against the rules.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from .protocol import Action, IllegalAction

if TYPE_CHECKING:
    from .protocol import Game
    from .registry import Registry

FORMAT = "illusio-table match"
FORMAT_VERSION = 1


class RecordError(Exception):
    """A save that cannot be loaded. `index` is the first bad action, or None for the header."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


class Move:
    """One (seat, action) of a record. The action's JSON is made when first asked for:
    bots play thousands of moves that nobody saves."""

    __slots__ = ("seat", "barrier", "_action", "_json")

    def __init__(self, seat: int, action: Action | dict[str, Any], barrier: bool) -> None:
        self.seat, self.barrier = seat, barrier
        self._action, self._json = (action, None) if isinstance(action, Action) else (None, action)

    @property
    def action(self) -> dict[str, Any]:
        if self._json is None:
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


def default_players(seats: int) -> list[dict[str, Any]]:
    return [{"name": f"Seat {i + 1}", "bot": None} for i in range(seats)]


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

    # -- building -------------------------------------------------------------------

    def header_check(self) -> str:
        header = {"game": self.game_id, "seats": self.seats, "seed": self.seed}
        return _digest("", {**header, "options": self.options})

    def checks(self) -> list[str]:
        """Each move's checksum, chained from the header (made when saving, not per move:
        bots play thousands of moves that are never saved)."""
        previous, found = self.header_check(), []
        for move in self.moves:
            previous = _digest(previous, [move.seat, move.action])
            found.append(previous)
        return found

    def add(self, seat: int, action: Action, barrier: bool) -> Move:
        move = Move(seat, action, barrier)
        self.moves.append(move)
        return move

    def truncated(self, length: int) -> MatchRecord:
        return MatchRecord(
            self.game_id, self.seats, self.seed, self.options, self.players, self.moves[:length]
        )

    def is_bot(self, seat: int) -> bool:
        return bool(self.players[seat].get("bot"))

    # -- JSON -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game_id,
            "seats": self.seats,
            "seed": self.seed,
            "options": self.options,
            "players": self.players,
            "check": self.header_check(),
            "moves": [
                {"seat": m.seat, "action": m.action, "barrier": m.barrier, "check": check}
                for m, check in zip(self.moves, self.checks(), strict=True)
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Reads a saved record, checking its form and checksums (not yet the rules)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not an Illusio Table save")
        if data.get("version") != FORMAT_VERSION:
            raise RecordError(
                f"this save has format version {data.get('version')!r}; "
                f"this program reads version {FORMAT_VERSION}"
            )
        game_id, seats, seed = data.get("game"), data.get("seats"), data.get("seed")
        options, players, moves = data.get("options"), data.get("players"), data.get("moves")
        if not isinstance(game_id, str):
            raise RecordError("the save names no game")
        if not isinstance(seats, int) or isinstance(seats, bool) or seats < 1:
            raise RecordError("the save's number of seats is not a positive whole number")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("the save's seed is not a whole number")
        if not isinstance(options, dict):
            raise RecordError("the save's options are not a table of names and values")
        if not isinstance(moves, list):
            raise RecordError("the save has no list of moves")
        if not _valid_players(players, seats):
            raise RecordError("the save's players do not match its seats")
        record = cls(game_id, seats, seed, options, players)
        if data.get("check") != record.header_check():
            raise RecordError("the save's game, seats, seed or options were altered after saving")
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
        return record

    # -- replay ---------------------------------------------------------------------

    def replay(self, registry: Registry | None = None, upto: int | None = None) -> Game:
        """Plays the record again from its seed, checking every action against the rules."""
        from .registry import builtin_registry

        try:
            cls = (registry or builtin_registry()).get(self.game_id)
        except KeyError as error:
            raise RecordError(str(error.args[0])) from None
        return self.replay_with(cls, upto)

    def replay_with(self, cls: type[Game], upto: int | None = None) -> Game:
        try:
            game = cls(self.seats, self.seed, self.options, self.players)
        except ValueError as error:
            raise RecordError(f"the save cannot start a game: {error}") from None
        for index, move in enumerate(self.moves[:upto]):
            try:
                action = game.parse_action(move.action)
                game.apply(move.seat, action)
            except IllegalAction as error:
                raise RecordError(
                    f"action {index} (seat {move.seat + 1}) is not legal: {error.reason}", index
                ) from None
            replayed = game.record.moves[-1]
            if replayed.barrier != move.barrier or replayed.action != move.action:
                raise RecordError(f"action {index} does not match the game it was saved in", index)
        game.record.players = [dict(p) for p in self.players]
        return game


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
