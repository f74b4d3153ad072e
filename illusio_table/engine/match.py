"""A match in play: one game, who sits where, and undo/redo by replay.

Undo follows DESIGN.md: it replays the record without its last moves. Only the seat at
the screen may take back its own last move, together with any bot moves that followed
it, and never across a move that revealed hidden information (an undo barrier): what
was seen cannot be unseen. Redo re-applies what was undone until a new move is made.
"""

from __future__ import annotations

from math import isfinite
from typing import Any

from .bots import Bot, bot_classes, bot_move, make_bot
from .protocol import Action, Event, Game, IllegalAction, listed
from .record import CheckChain, MatchRecord, Move, RecordError, read_save
from .registry import Registry


def replay(record: MatchRecord, registry: Registry, upto: int | None = None) -> Game:
    """Plays a record again from its seed, checking every action against the rules, and
    that the game and its bots are ones `registry` knows."""
    try:
        cls = registry.get(record.game_id)
    except KeyError as error:
        raise RecordError(str(error.args[0])) from None
    bots = bot_classes(cls)
    for seat, player in enumerate(record.players):
        if player.get("bot") is not None and player["bot"] not in bots:
            raise RecordError(
                f"seat {seat + 1} is played by a bot called {player['bot']!r}, which "
                f"{cls.title} does not have (it has: {', '.join(bots)})"
            )
    return replay_with(record, cls, upto)


def replay_with(record: MatchRecord, cls: type[Game], upto: int | None = None) -> Game:
    """Plays a record again as a match of `cls` (the first `upto` moves)."""
    try:
        game = cls(record.seats, record.seed, record.options, record.players)
    except ValueError as error:
        raise RecordError(f"the save cannot start a game: {error}") from None
    for index, move in enumerate(record.moves[:upto]):
        saved = cls.saved_action(move.action)
        try:
            action = game.parse_action(saved)
            game.apply(move.seat, action)
        except IllegalAction as error:
            raise RecordError(
                f"action {index} (seat {move.seat + 1}) is not legal: {error.reason}", index
            ) from None
        replayed = game.record.moves[-1]
        if replayed.barrier != move.barrier or replayed.action != saved:
            raise RecordError(f"action {index} does not match the game it was saved in", index)
    game.record.players = [dict(p) for p in record.players]
    game.record.table = dict(record.table)
    return game


class Match:
    def __init__(self, game: Game) -> None:
        self.game = game
        # Seats whose secret choices were left out of the file this match came from.
        self.withheld: list[int] = []
        self._loaded = 0  # the moves the file held
        self._redo: list[list[tuple[int, dict[str, Any]]]] = []
        self._bots: dict[int, Bot] = {}
        self._saved = CheckChain()  # the checksums of the last save, for the next

    @classmethod
    def start(
        cls,
        game_id: str,
        players: list[dict[str, Any]],
        seed: int,
        options: dict[str, Any] | None = None,
        *,
        registry: Registry,
    ) -> Match:
        return cls(registry.new_game(game_id, len(players), seed, options, players))

    @classmethod
    def load(cls, data: Any, registry: Registry) -> Match:
        """From a save's JSON; raises RecordError naming the first bad action."""
        return cls.from_record(MatchRecord.from_json(data), registry)

    @classmethod
    def open(cls, path: Any, registry: Registry) -> Match:
        """From a save file; raises RecordError saying in words what is wrong with it.

        The file is only read: a damaged or edited one stays as it was.
        """
        return cls.from_record(read_save(path), registry)

    @classmethod
    def from_record(cls, record: MatchRecord, registry: Registry) -> Match:
        match = cls(replay(record, registry))
        match.withheld = list(record.withheld)
        match._loaded = match.moves_made
        return match

    def choosing_again(self, seat: int) -> bool:
        """Whether the seat is asked again for a choice the file left out (`withheld`)
        and has not made it yet: its person may think it made already."""
        return (
            seat in self.withheld
            and seat in self.to_act()
            and all(m.seat != seat for m in self.moves[self._loaded :])
        )

    def withheld_note(self) -> str:
        """What to tell the table when people's choices were left out of the file, or ''
        (a bot's choice made again is nobody's loss: naming it was noise)."""
        people = [s for s in self.withheld if self.players[s].get("bot") is None]
        if not people:
            return ""
        names = listed(self.name(s) for s in people)
        return (
            f"{names} had chosen before this match was saved. Choices that were not yet "
            "revealed are never written to a file, so they choose again."
        )

    # -- the match as a table asks about it (the window never reaches the game itself) ----

    @property
    def game_class(self) -> type[Game]:
        """The game's class: its title, options and the table's readings of a view."""
        return type(self.game)

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def game_id(self) -> str:
        return self.game.game_id

    @property
    def moves_made(self) -> int:
        return len(self.game.record.moves)

    @property
    def moves(self) -> list[Move]:
        """The moves made so far, as the record keeps them (not to be changed)."""
        return self.game.record.moves

    @property
    def table(self) -> dict[str, Any]:
        """How the match is played at the table (device seats, table mode, a rehearsal),
        kept in its record so that a resumed match comes back the same."""
        return self.game.record.table

    @property
    def options(self) -> dict[str, Any]:
        """The options the match was started with (a copy)."""
        return dict(self.game.record.options)

    @property
    def seats(self) -> int:
        return self.game.seats

    def to_act(self) -> frozenset[int]:
        """The seats the match awaits now."""
        return self.game.to_act()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What the seat may see now (None: a spectator); once the game is over, with
        what every player then turns face up (`Game.unveiled`)."""
        return self.unveil(self.game.view(seat))

    def unveil(self, view: dict[str, Any]) -> dict[str, Any]:
        """A view, with what every player turns face up at the end once the game is over
        (a secret goal was told only where it had won)."""
        if self.game.is_over():
            view.update(self.game.unveiled())
        return view

    def log(self, seat: int | None) -> list[str]:
        """The log as the seat may read it (None: what everyone may read)."""
        return self.game.log(seat)

    def since_reveal(self, seat: int | None) -> list[Event]:
        """The log's events since its last reveal of choices made at once, those the seat
        may read (None: what everyone may read); none before any reveal."""
        return self.game.since_reveal(seat)

    def last_reveal(self) -> int:
        """The index of the last move that revealed choices made at once (-1: none yet)."""
        moves = self.game.record.moves
        # It lies near the end: look back from there, not through the whole record.
        return next((i for i in range(len(moves) - 1, -1, -1) if moves[i].barrier), -1)

    def is_over(self) -> bool:
        return self.game.is_over()

    def result(self) -> dict[str, Any]:
        return self.game.result()

    def file_json(self) -> dict[str, Any]:
        """The match as its save file holds it."""
        return self.game.record.to_file_json(self._saved)

    def file_text(self) -> str:
        """The save file's text (what `file_json` holds, written by storage.json_text)."""
        return self.game.record.to_file_text(self._saved)

    def parse_action(self, data: Any) -> Action:
        return self.game.parse_action(data)

    def at(self, moves: int) -> Match:
        """A new match, as this one stood after its first `moves` moves (the same
        players and table): a past position to play again."""
        game = replay_with(self.game.record, type(self.game), moves)
        game.record.table = dict(self.table)
        return Match(game)

    def known_at(self, moves: int, seat: int) -> bytes:
        """The match as it stood after its first `moves` moves, as `seat` may know it
        (`thinking.what_the_seat_knows`: a redeal of all it cannot see, orders included):
        what the thinking process reviews a past choice on."""
        from .thinking import what_the_seat_knows

        return what_the_seat_knows(self.at(moves).game, seat)

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's moves, each once: an engine may list one move by two roads (an
        Illuminati transfer both as an action and as a capture's free transfer), and a
        person shown it twice wonders what tells them apart. (The engine's own list is
        left as it is: its order and length are what the seeded bots and goldens play.)"""
        return list(dict.fromkeys(self.game.legal_actions(seat)))

    def why_not(self, seat: int, action: Any) -> str | None:
        """Why `apply` would refuse the seat's move now (None: it would play it), with
        every check of `apply`, the seat awaited included."""
        return self.game.why_not(seat, action)

    def why_not_json(self, seat: int, data: Any) -> str | None:
        """`why_not` of a move written as JSON (as a table or a phone writes it)."""
        try:
            return self.why_not(seat, self.parse_action(data))
        except IllegalAction as refusal:
            return refusal.reason

    def describe(self, action: Action, seat: int | None) -> str:
        return self.game.describe(action, seat)

    def hint(self, action: Action, seat: int | None) -> str:
        return self.game.hint(action, seat)

    def warning(self, action: Action, seat: int) -> str:
        return self.game.warning(action, seat)

    # -- seats ----------------------------------------------------------------------

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.game.record.players

    def name(self, seat: int | None) -> str:
        return "Spectator" if seat is None else self.players[seat]["name"]

    def is_bot(self, seat: int) -> bool:
        return self.game.record.is_bot(seat)

    def human_seats(self) -> list[int]:
        return [s for s in range(self.game.seats) if not self.is_bot(s)]

    def bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            player = self.players[seat]
            self._bots[seat] = make_bot(
                self.game, player["bot"], seat, self.game.seed, bot_budget(player)
            )
        return self._bots[seat]

    def waiting_bots(self) -> list[int]:
        return sorted(s for s in self.game.to_act() if self.is_bot(s))

    def waiting_humans(self) -> list[int]:
        return sorted(s for s in self.game.to_act() if not self.is_bot(s))

    # -- moves ----------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        events = self.game.apply(seat, action)
        self._redo.clear()
        return events

    def play_bot(self, seat: int) -> list[Event]:
        return self.apply(seat, bot_move(self.game, self.bot(seat), seat))

    # -- undo and redo ----------------------------------------------------------------

    def undo_point(self, seat: int | None) -> int | None:
        """How many moves remain after `seat` takes back its last move, or None if it can't."""
        return self._undo_search(seat)[0]

    def can_undo(self, seat: int | None) -> bool:
        return self.undo_point(seat) is not None

    def why_no_undo(self, seat: int | None) -> str:
        """Why `seat` cannot take a move back now, in words ('' when it can)."""
        return self._undo_search(seat)[1]

    def _undo_search(self, seat: int | None) -> tuple[int | None, str]:
        """Walks back to `seat`'s last move: its index, or None and the reason in words.
        Bots' moves are passed over; a revealing move or another person's move stops it."""
        if seat is None:
            return None, "Only the person at the screen can take back their own move."
        moves = self.game.record.moves
        for index in range(len(moves) - 1, -1, -1):
            move = moves[index]
            if move.barrier:
                return None, (
                    "Something hidden came to light since (a card drawn, a token turned, "
                    "dice rolled, choices revealed): what was seen cannot be taken back."
                )
            if move.seat == seat:
                return index, ""
            if not self.is_bot(move.seat):
                return (
                    None,
                    f"{self.name(move.seat)} has moved since: only their move can be undone.",
                )
        return None, "You have made no move to take back."

    def can_redo(self, seat: int | None) -> bool:
        return bool(self._redo) and seat is not None and self._redo[-1][0][0] == seat

    def undo(self, seat: int | None) -> bool:
        point = self.undo_point(seat)
        if point is None:
            return False
        record = self.game.record
        undone = [(m.seat, m.action) for m in record.moves[point:]]
        self.game = replay_with(record.truncated(point), type(self.game))
        self._redo.append(undone)
        return True

    def redo(self, seat: int | None) -> bool:
        if not self.can_redo(seat):
            return False
        for move_seat, data in self._redo.pop():
            self.game.apply(move_seat, self.game.parse_action(data))
        return True


def bot_budget(player: dict[str, Any]) -> float | None:
    """The seconds a move a searching bot may think, as the New Game dialog set it
    (`budget` of its player entry); None (the bot's own default) for anything else — a
    save edited by hand gets no bot that thinks for an hour, nor for ever (NaN)."""
    budget = player.get("budget")
    if isinstance(budget, (int, float)) and not isinstance(budget, bool) and isfinite(budget):
        return min(max(float(budget), MIN_BUDGET), MAX_BUDGET)
    return None


MIN_BUDGET, MAX_BUDGET = 0.1, 10.0
