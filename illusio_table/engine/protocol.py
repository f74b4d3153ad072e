"""The game protocol every engine implements (see DESIGN.md, "The game protocol")."""

from __future__ import annotations

import copy
import copyreg
import dataclasses
import re
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import repeat
from typing import Any, ClassVar, NamedTuple, TypeGuard

from mypy_extensions import mypyc_attr

from .frozen import field_names, remade
from .record import MatchRecord, Move
from .rng import Rng

if typing.TYPE_CHECKING:
    from .moves import Phase


class IllegalAction(Exception):
    """A refused action. `reason` is written for the player who tried it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions: frozen, comparable and JSON-serialisable.

    Subclasses are frozen dataclasses: they set `kind` (unique within the game) and use
    only int, str, bool, None and tuples of those as fields, so that `to_json` /
    `Game.parse_action` round-trip exactly. The base itself is no dataclass: compiled
    (mypyc), a dataclass base would hand its class variable `kind` to every subclass as
    a field.
    """

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for name in field_names(type(self)):
            data[name] = _to_json_value(getattr(self, name))
        return data

    def __reduce__(self) -> tuple[Any, ...]:
        return remade(self)  # how it copies and pickles (see engine/frozen.py)

    def label(self) -> str:
        """Short text for menus and the move list; games override it with their own words."""
        args = ", ".join(str(getattr(self, name)) for name in field_names(type(self)))
        return f"{self.kind} {args}".strip()


A = typing.TypeVar("A", bound=Action)


def fast_init(cls: type[A]) -> type[A]:
    """Put above a move's `@dataclass(frozen=True)`: the move's `__init__` then writes
    its fields straight into the new move's `__dict__`. A frozen dataclass's own sets
    each field through `object.__setattr__`, which made a move cost 2.8 times as much
    (measured compiled: 1.47 µs against 0.53 µs for an attack), and the rules make
    thousands of moves in a bot's rollout. Written as the dataclass module writes its
    own, from the fields; the move stays a frozen dataclass in all else. (No move has a
    `__post_init__` or a default factory, which it would skip:
    `test_moves_are_made_as_frozen_dataclasses_are`.)"""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    params = "".join(
        f", {f.name}" if f.default is dataclasses.MISSING else f", {f.name}=_default_{f.name}"
        for f in fields
    )
    body = "".join(f"    fields[{f.name!r}] = {f.name}\n" for f in fields)
    source = f"def __init__(self{params}):\n    fields = self.__dict__\n{body}"
    scope: dict[str, Any] = {f"_default_{f.name}": f.default for f in fields}
    exec(compile(source, f"<fast_init of {cls.__qualname__}>", "exec"), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def interned(cls: type[A], size: int = 1 << 14) -> Callable[..., A]:
    """A maker of `cls` moves (positional fields) that gives the same object for the same
    fields: a move listed again and again is made once, which matters to bots simulating
    thousands of games. Bounded, because the ways to take an Objective are countless and
    a long search would otherwise keep every one it met."""
    return lru_cache(maxsize=size)(cls)


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


def _coerce(value: Any, hint: Any, where: str) -> Any:
    """Checks a parsed JSON value against a field's type hint; lists become tuples."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _coerce(value, option, where)
            except IllegalAction:
                continue
        raise IllegalAction(f"{where} has the wrong type")
    if hint is type(None):
        if value is None:
            return None
        raise IllegalAction(f"{where} must be empty")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise IllegalAction(f"{where} must be a list")
        args = typing.get_args(hint)
        item_hint = args[0] if args else Any
        return tuple(_coerce(v, item_hint, where) for v in value)
    if hint is Any:
        return value
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise IllegalAction(f"{where} must be true or false")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise IllegalAction(f"{where} must be a whole number")
    if hint is str:
        if isinstance(value, str):
            return value
        raise IllegalAction(f"{where} must be text")
    raise IllegalAction(f"{where} has a type this program cannot read")


def _fits(hint: Any) -> Callable[[Any], bool]:
    """A quick test that a value already has a field's type (bool is not an int here).

    `apply` runs it on every action, bots' included, so it is built once per field and
    does no more than a few `type(...) is` comparisons.
    """
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        parts = tuple(_fits(option) for option in typing.get_args(hint))
        return lambda value: any(part(value) for part in parts)
    if origin is tuple:
        args = typing.get_args(hint)
        item = _fits(args[0]) if args else (lambda value: True)
        return lambda value: type(value) is tuple and all(item(v) for v in value)
    if hint is Any:
        return lambda value: True
    if hint is type(None):
        return lambda value: value is None
    return lambda value: type(value) is hint


FieldChecks = tuple[tuple[str, Any, Callable[[Any], bool]], ...]
_FIELD_CHECKS: dict[type[Action], FieldChecks] = {}  # by action class, made at first use


def _field_checks(cls: type[Action]) -> FieldChecks:
    found = _FIELD_CHECKS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple((name, hints[name], _fits(hints[name])) for name in field_names(cls))
        _FIELD_CHECKS[cls] = found
    return found


def check_fields(action: Action) -> None:
    """Refuses an action whose fields do not have their declared types.

    An action built in code (not parsed from JSON) can hold anything, and a game's rules
    must never meet a str where they count on an int: that would raise TypeError in the
    middle of a move instead of refusing it.
    """
    for name, hint, fits in _field_checks(type(action)):
        value = getattr(action, name)
        if not fits(value):
            _coerce(value, hint, f"field {name!r} of {action.kind!r}")  # raises with a reason
            raise IllegalAction(f"field {name!r} of {action.kind!r} has the wrong type")


class Event(NamedTuple):
    """Something that happened, as a line of the game log.

    `seen_by` None means everyone, spectators included; otherwise only those seats.
    `hidden_from` removes seats (the usual pair is a private line for the actor and a
    public "Ana draws a card" hidden from her). `reveals` marks hidden information that
    came to light (a draw, dice, a secret turned, a simultaneous reveal): the action that
    produced it becomes an undo barrier. `data` is optional JSON-safe detail for tables
    that animate events; it is filtered exactly like the text.

    A named tuple: as unchangeable as a frozen dataclass (clones share the log's
    entries) and made in half the time (every move makes a few).
    """

    text: str
    seen_by: frozenset[int] | None = None
    hidden_from: frozenset[int] = frozenset()
    reveals: bool = False
    data: dict[str, Any] | None = None

    @property
    def is_reveal(self) -> bool:
        """The reveal: choices that seats made in secret, all shown at once. The table
        holds the match on it until every screen has shown it. A game marks it with a
        "casting" entry in `data`, beside what a table needs to play it. Not `reveals`,
        which any hidden thing coming to light sets (a draw, dice) and which bars undo."""
        return self.data is not None and "casting" in self.data

    def visible_to(self, seat: int | None) -> bool:
        if seat is None:  # a spectator sees the public lines, "Ana draws a card" included
            return self.seen_by is None
        if seat in self.hidden_from:
            return False
        return self.seen_by is None or seat in self.seen_by


def listed(names: Iterable[str]) -> str:
    """Names as a person lists them: "a", "a and b", "a, b and c" (never "a and b and
    c"). The one joiner of names, for every layer and game."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def punctuated(text: str) -> str:
    """A line as a person reads it: where words were joined, a full stop after a name that
    ends in one ("now controls C.I.A..") or before a semicolon ("Power Structure.;") is
    one mark too many; an ellipsis ("...") stays. Every log line passes here, so that no
    game's joiner doubles a mark."""
    if ".." not in text and ".;" not in text:
        return text
    text = re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)
    return re.sub(r"(?<=[a-z0-9)])\.;", ";", text)


# What a hushed match's move tells instead of its words where something hidden came to
# light (a draw, a reveal): its record keeps the same undo barriers as a told match's.
HIDDEN_SHOWN = Event("", reveals=True)

# `to_act()`'s answers when nobody or one seat is awaited, made once: it is asked
# several times a move.
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset({seat}) for seat in range(8))  # by seat (no game seats more than 8)


@dataclass(frozen=True)
class Option:
    """One option of a game, shown in the New Game dialog. Its type is its default's type."""

    key: str
    label: str
    default: bool | int | str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    rehearsal: bool = False  # set only by a rehearsal, not offered in the New Game dialog

    def check(self, value: Any) -> bool | int | str:
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"option {self.key!r} must be true or false")
        elif kind is int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"option {self.key!r} must be a whole number")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.key!r} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.key!r} must be at most {self.maximum}")
        elif not isinstance(value, str) or (self.choices and value not in self.choices):
            allowed = ", ".join(self.choices)
            raise ValueError(f"option {self.key!r} must be one of: {allowed}")
        checked: bool | int | str = value
        return checked


# Compiled (installer/core.py): a game written in plain Python (a test's, a newcomer's)
# may subclass the compiled base, and a match copies and pickles (`clone`, the thinking
# process) as an interpreted one does, its __init__ not run again.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Game(ABC):
    """A match of one game. Subclasses hold the state and implement the rules.

    A subclass implements `setup`, `to_act`, `seat_view`, `is_over` and `result`, and
    declares its moves in `phases` (engine/moves.py): `list_moves`, `refusal` and
    `perform` look a move's rule up there. `legal_actions` and `apply` are written once
    here: `apply` refuses actions from seats that are not awaited and actions `refusal`
    names a reason for, so `perform` only ever sees a legal action and a refused one
    changes nothing.
    """

    # Attributes that are caches: a clone starts them empty rather than copying them.
    fresh_state: ClassVar[tuple[str, ...]] = ()
    # Attributes made from the card data that never change: a clone shares them.
    shared_state: ClassVar[tuple[str, ...]] = ()
    game_id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    actions: ClassVar[tuple[type[Action], ...]]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    bots: ClassVar[dict[str, type]] = {}
    help_text: ClassVar[str] = ""  # how to play, in Markdown, in our own words
    aside_words: ClassVar[str] = ""  # the standing choice `aside` makes, as a menu says it
    card_schema: ClassVar[type | None] = None  # the dataclass of cards/<game_id>.yaml
    phases: ClassVar[Mapping[str, Phase]] = {}  # the table of moves, by phase (moves.py)
    # The state of every match is declared: these fields here, each game's in its class
    # (`state_fields`). A copy walks the declared fields, and a test checks that a match
    # holds no other attribute, so that no new field escapes a copy unseen.
    seats: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    events: list[tuple[int, Event]]  # the log: (the move's index, or -1), the line
    record: MatchRecord
    phase: str  # the phase the match is in, a key of `phases`
    # A match nobody reads (a bot's rollout, self-play): its moves add no line to the log
    # and the games skip what they make only for readers (Incantibus' picture of the
    # table before a reveal). Its state and rules are the same as a told match's.
    quiet: bool
    # A move in words, by its class (game, action, seat). Kept beside the phases rather
    # than in a rule, because a move is told in any phase: the move list tells past ones.
    move_words: ClassVar[Mapping[type[Action], Callable[[Any, Any, int | None], str]]] = {}

    def __init__(
        self,
        seats: int,
        seed: int,
        options: dict[str, Any] | None = None,
        players: list[dict[str, Any]] | None = None,
    ) -> None:
        if not isinstance(seats, int) or not self.min_seats <= seats <= self.max_seats:
            raise ValueError(
                f"{self.title} is played by {self.min_seats} to {self.max_seats} seats, not {seats}"
            )
        self.seats = seats
        self.seed = seed
        self.options = self.normalize_options(options or {})
        self.rng = Rng(seed)
        self.events: list[tuple[int, Event]] = []
        self.quiet = False
        self.record = MatchRecord(self.game_id, seats, seed, self.options, players)
        self.emit(self.setup())

    # -- the protocol ---------------------------------------------------------------

    @classmethod
    def normalize_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        known = {o.key: o for o in cls.options_spec}
        for key in options:
            if key not in known:
                raise ValueError(f"{cls.title} has no option {key!r}")
        return {key: spec.check(options.get(key, spec.default)) for key, spec in known.items()}

    @classmethod
    def state_fields(cls) -> tuple[str, ...]:
        """The names of the fields a match holds, as the classes declare them."""
        return _declared_fields(cls)

    @classmethod
    def action_types(cls) -> dict[str, type[Action]]:
        return {a.kind: a for a in cls.actions}

    @classmethod
    def saved_action(cls, data: Any) -> Any:
        """A move as a save holds it, in the form `parse_action` reads today: a game whose
        moves changed shape rewrites the old form here, so that older saves still open.
        What it does not know it hands back unchanged, for `parse_action` to judge."""
        return data

    def parse_action(self, data: Any) -> Action:
        """Builds an action from its JSON form, refusing anything malformed with a reason."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalAction("an action must be an object with a 'kind'")
        if not all(isinstance(key, str) for key in data):
            raise IllegalAction("the names of an action's fields must be text")
        cls = self.action_types().get(data["kind"])
        if cls is None:
            raise IllegalAction(f"{self.title} has no action {data['kind']!r}")
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(typing.cast(Any, cls))}
        extra = set(data) - set(fields) - {"kind"}
        if extra:
            raise IllegalAction(f"action {cls.kind!r} has no field {sorted(extra)[0]!r}")
        values = {}
        for name, field in fields.items():
            if name in data:
                values[name] = _coerce(data[name], hints[name], f"field {name!r} of {cls.kind!r}")
            # A field with a default may be left out: a move saved before the field was
            # added still reads, as what it meant then.
            elif field.default is dataclasses.MISSING:
                raise IllegalAction(f"action {cls.kind!r} needs the field {name!r}")
        return cls(**values)

    @classmethod
    def card_data(cls) -> Any:
        """The game's card data as its card file gives it (None: a game with no card
        file). Read once; a table draws its cards from it."""
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action the seat may take now (empty when it is not awaited)."""
        return self.list_moves(seat)

    def apply(self, seat: object, action: object) -> list[Event]:
        waiting = self.to_act()
        # Every move handed in is checked, one just listed too: trusting those by identity
        # would let a move changed in place (`object.__setattr__`) after it was offered
        # through, and keeping a copy of every move listed to compare with cost more than
        # the check. Our own loops that list and play at once use `apply_listed`.
        seat, action = self._checked(seat, action, waiting)
        return self._carried_out(seat, action, waiting)

    def apply_listed(
        self, seat: int, action: Action, waiting: frozenset[int] | None = None
    ) -> list[Event]:
        """`apply` for a move that our own loop has just taken, unchanged, from this very
        state's `list_moves(seat)`: a bot's move in a rollout or in unchecked self-play.
        The rules made it, so it is not checked again (the check was an eighth of such an
        action). Whatever comes from elsewhere — a table, a phone, a file — goes through
        `apply`. `waiting`: this state's `to_act()`, where the loop has just asked."""
        return self._carried_out(seat, action, self.to_act() if waiting is None else waiting)

    def _carried_out(self, seat: int, action: Action, waiting: frozenset[int]) -> list[Event]:
        events = self.perform(seat, action)
        reveals = False
        for event in events:  # (a loop, not any() over a generator: this runs every move)
            if event.reveals:
                reveals = True
                break
        # A choice among several made at once stays secret while the others still choose:
        # nothing was revealed and the same step waits for the rest.
        secret = len(waiting) > 1 and not reveals and self.to_act() == waiting - {seat}
        self.record.moves.append(Move(seat, action, reveals, secret))  # (`add`, in place)
        if not self.quiet:
            self.emit(events, index=len(self.record.moves) - 1)
        return events

    def why_not(self, seat: object, action: object) -> str | None:
        """The reason `apply` would give for refusing the move, or None if it would play
        it. Changes nothing: a table may ask before a move is dropped."""
        try:
            self._checked(seat, action, self.to_act())
        except IllegalAction as refusal:
            return refusal.reason
        return None

    def _checked(self, seat: object, action: object, waiting: frozenset[int]) -> tuple[int, Action]:
        """The seat and the move, once sure the seat may make that move now; otherwise
        raises IllegalAction with the reason. Either may be anything a caller hands in
        (compiled, a value of the wrong type would not reach the refusal: it would raise
        a TypeError at the call)."""
        if not isinstance(action, Action) or type(action) not in self.actions:
            raise IllegalAction(f"that is not a move of {self.title}")
        check_fields(action)
        if not self.is_seat(seat):
            raise IllegalAction("There is no such seat at this table.")
        if seat not in waiting:
            raise IllegalAction(self.not_your_turn(seat))
        reason = self.refusal(seat, action)
        if reason:
            raise IllegalAction(reason)
        return seat, action

    def hush(self) -> None:
        """From now on nobody reads this match (a bot's rollout, self-play): its log is
        dropped, no move adds a line, and the games skip what they make only for readers.
        A clone of it is hushed too."""
        self.quiet = True
        self.events = []

    def emit(self, events: list[Event], index: int = -1) -> None:
        self.events.extend(zip(repeat(index), events))

    def log(self, seat: int | None) -> list[str]:
        """The game log as that seat may read it (None: a spectator)."""
        return [punctuated(e.text) for _, e in self.events if e.visible_to(seat)]

    def since_reveal(self, seat: int | None) -> list[Event]:
        """The log's events since its last reveal of choices made at once, those the seat
        may read (None: a spectator); none before any reveal."""
        events = self.events
        last = next((i for i in range(len(events) - 1, -1, -1) if events[i][1].is_reveal), None)
        if last is None:
            return []
        return [e for _, e in events[last + 1 :] if e.visible_to(seat)]

    def is_seat(self, seat: object) -> TypeGuard[int]:
        """A seat of this table: an int in range (True and 1.0 are not seat 1)."""
        return type(seat) is int and 0 <= seat < self.seats

    def others(self, seat: int) -> list[int]:
        """Every seat of the table but `seat`, in seat order."""
        return [s for s in range(self.seats) if s != seat]

    def not_your_turn(self, seat: int) -> str:
        """Why a seat of this table is not awaited (`apply` has checked the seat)."""
        if self.is_over():
            return "The game is over."
        return "It is not your turn to act."

    def name(self, seat: int) -> str:
        """The name of the person (or bot) at that seat."""
        name: str = self.record.players[seat]["name"]  # a save's names are checked text
        return name

    def closing_events(self, why: str) -> list[Event]:
        """The lines that end a match: why it ended, who won, and every seat's result."""
        result = self.result()
        winners = listed(self.name(s) for s in result["winners"])
        return [Event(f"{why} The game is over: {winners} wins.")] + [
            Event(line) for line in result["explanation"]
        ]

    def describe(self, action: Action, seat: int | None = None) -> str:
        """A move in words for menus and the move list, from what `seat` may know: the
        game's words for its class (`move_words`), else the action's own label."""
        words = self.move_words.get(type(action))
        return action.label() if words is None else words(self, action, seat)

    def public_screen(self, seat: int) -> bool:
        """Whether `seat` may decide now on a screen everyone sees: nothing it must look
        at in secret (see `shared_view`). Then the screen passes to it without the
        curtain. Games say so where they can; by default every seat has secrets."""
        return False

    def aside(self, seat: int) -> Action | None:
        """The move `seat` makes at once when its player asked not to be asked about what
        is not their business (Illuminati: money on attacks they are not part of); None
        when the seat must choose itself. By default a seat always chooses."""
        return None

    def unveiled(self) -> dict[str, Any]:
        """What every player turns face up once the game is over, added by the match to
        every seat's view then (`Match.view`), never before (Illuminati: the goal each
        pursued in secret). Nothing by default."""
        return {}

    def shared_view(self, seat: int) -> dict[str, Any]:
        """What `seat`'s screen shows when the screen came to it without the curtain:
        its view with whatever it need not see now left out."""
        return self.view(seat)

    def shared_moves(self, seat: int, legal: list[Action]) -> list[Action]:
        """The moves offered on that shared screen: none that would show a secret."""
        return legal

    def warning(self, action: Action, seat: int) -> str:
        """What a person should know before making this legal move, when it has a result
        they can see coming and may not mean (Illuminati: ending a turn that puts them
        out); '' for none."""
        return ""

    def hint(self, action: Action, seat: int | None = None) -> str:
        """A short figure a table may write beside a move's target, from what `seat` may
        know (Illuminati: the roll an attack needs); '' when the game has none."""
        return ""

    @staticmethod
    def panels(view: dict[str, Any]) -> list[tuple[str, list[str]]] | None:
        """A view as titled panels of plain lines, for a game shown on the plain table.

        None lets the plain table lay out the view's raw fields. Only `view` is read, so
        a panel can show nothing the seat may not know.
        """
        return None

    @staticmethod
    def standing(view: dict[str, Any]) -> list[str] | None:
        """Each seat's standing as the view shows it (points, Groups held), for the Seats
        panel; None when the view shows none. Only `view` is read."""
        return None

    def clone(self) -> Game:
        """An independent copy of the match, as it stands: its state copied, while what
        never changes is shared — the card data, the log's lines, the record's moves (a
        bot simulating thousands of games copies a match at every step). The same match
        as replaying the record (`match.replay_with`), which a test checks, at a fraction of the
        cost (`make bench` measures both)."""
        # The card data, and more of it read once (a game's catalog, `shared_state`).
        data = (getattr(self, "cards", None), *(getattr(self, n, None) for n in self.shared_state))
        memo: dict[int, Any] = dict(_frozen_parts(data))
        # The log and the record only grow, and their entries never change: the copy gets
        # lists of its own holding the same entries (a long match has thousands, and
        # deepcopy would walk each at every step a bot simulates).
        memo[id(self.events)] = list(self.events)
        memo[id(self.record.moves)] = list(self.record.moves)
        for name in self.fresh_state:  # caches: the copy starts with its own, empty
            value = getattr(self, name, None)
            if value is not None:
                memo[id(value)] = type(value)()
        # The copy is made field by field rather than by `deepcopy(self)`, which walks each
        # number and word of the match through a call of Python (`_copied`). Compiled, a
        # match keeps its fields natively (`_native_fields`), else in its `__dict__`.
        twin = type(self).__new__(type(self))
        memo[id(self)] = twin  # (anything that refers back to the match gets the copy)
        for name in _native_fields(type(self)):
            value = getattr(self, name, _UNSET)
            if value is not _UNSET:
                setattr(twin, name, value if type(value) in _PLAIN else _copied(value, memo))
        # An interpreted game keeps its fields in its `__dict__` (set one by one: on the
        # compiled `Game`, a new match has no `__dict__` until its first attribute).
        for name, value in getattr(self, "__dict__", {}).items():
            setattr(twin, name, value if type(value) in _PLAIN else _copied(value, memo))
        return twin

    def determinize(self, seat: int, rng: Rng) -> Game:
        """A copy of the match that `seat` cannot tell from this one — the same view, the
        same log — with everything hidden from it drawn again at random from what remains
        possible: decks, other hands, face-down tokens, others' secret choices, and the
        dice and draws still to come (the copy gets a generator of its own from `rng`, so
        a bot simulating it learns nothing of the real future). What a searching bot
        plays its simulations on; each game redraws its own secrets in `redraw_hidden`."""
        if not self.is_seat(seat):
            raise ValueError(f"no seat {seat!r} at this table")
        copy_ = self.clone()
        copy_.rng = Rng(rng.next64())
        copy_.redraw_hidden(seat, rng)
        return copy_

    def redraw_hidden(self, seat: int, rng: Rng) -> None:
        """Draws again what `seat` may not know (see `determinize`), in place on a copy.
        A game with no secrets keeps the default, which changes nothing."""
        return None

    # -- what each game implements ------------------------------------------------------

    @abstractmethod
    def setup(self) -> list[Event]:
        """Deals, shuffles and places everything; returns the events of the set-up."""

    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """Seats whose input is awaited now; several means a simultaneous choice."""

    # -- the moves: a lookup in the game's table of phases (engine/moves.py) ----------------

    def current_phase(self) -> Phase:
        """The phase whose rules the moves now follow. By default the one named by the
        game's `phase`; a game whose moment is finer than its phase says which."""
        return self.phases[self.phase]

    def list_moves(self, seat: int) -> list[Action]:
        """Every action the seat may take now (empty when it is not awaited): what
        `legal_actions` returns. Each must be one `refusal` accepts."""
        if seat not in self.to_act():
            return []
        moves: list[Action] = []
        for lister in self.current_phase().listers:
            moves += lister(self, seat)
        return moves

    def refusal(self, seat: int, action: Action) -> str | None:
        """Why an awaited seat may not take this action, or None when it may."""
        phase = self.current_phase()
        rule = phase.by_action.get(type(action))
        if rule is None:
            return phase.refuse_other(self, seat, action)
        if rule.costs_action:
            reason = self.action_refusal(seat)
            if reason:
                return reason
        return rule.refuse(self, seat, action)

    def perform(self, seat: int, action: Action) -> list[Event]:
        """Carries out a legal action; never raises for one `refusal` accepted."""
        phase = self.current_phase()
        rule = phase.by_action[type(action)]
        if phase.before is not None:
            phase.before(self, seat, action)
        if rule.costs_action:
            self.spend_action(seat)
        return rule.perform(self, seat, action)

    def action_refusal(self, seat: int) -> str | None:
        """Why the seat may make no move that uses one of its turn's actions now (a rule
        with `costs_action`); None when it may. Only games with such rules define it."""
        raise NotImplementedError(f"{self.title} counts no actions")

    def spend_action(self, seat: int) -> None:
        """Uses one of the seat's actions for a move whose rule `costs_action`."""
        raise NotImplementedError(f"{self.title} counts no actions")

    def view(self, seat: object) -> dict[str, Any]:
        """JSON-safe: exactly what that seat may know (None: a spectator).

        Only None or a seat of this table is accepted (a negative index would otherwise
        read another seat's secrets from the end of a list), and each call builds new
        data, so that nothing a caller does to a view reaches the match.
        """
        if seat is not None and not self.is_seat(seat):
            raise ValueError(
                f"a view is for None (a spectator) or a seat from 0 to {self.seats - 1}, "
                f"not {seat!r}"
            )
        return self.seat_view(seat)

    @abstractmethod
    def seat_view(self, seat: int | None) -> dict[str, Any]:
        """What `view` returns, for a seat already checked: built from named fields."""

    def view_parts(self, seat: int | None) -> dict[str, Callable[[], Any]] | None:
        """The view of a seat already checked as its parts, each made when called: the
        keys of `seat_view` and, called, its values (a game that has them makes its view
        from them). None: the game makes its view whole. A bot reads a few parts of the
        view at each move of a rollout (`bots.SeatView`), and need not pay for the rest."""
        return None

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """{"scores": [...], "winners": [...], "explanation": [str, ...]} once over."""


@cache
def _declared_fields(cls: type) -> tuple[str, ...]:
    """Every field annotated in the class or a base, class variables left out, in the
    order they are declared (the engine's first). A class compiled by mypyc keeps no
    annotations: it lists its attributes in `__mypyc_attrs__` (with `__dict__`, where an
    interpreted subclass may keep its own)."""
    names: dict[str, None] = {}
    for klass in reversed(cls.__mro__):
        native = vars(klass).get("__mypyc_attrs__")
        if native is not None:
            names.update((name, None) for name in native if name != "__dict__")
            continue
        for name, hint in vars(klass).get("__annotations__", {}).items():
            if not str(hint).startswith(("ClassVar", "typing.ClassVar")):
                names[name] = None
    return tuple(names)


def _frozen_parts(data: tuple[Any, ...]) -> dict[int, Any]:
    """Every frozen part of some card data (tuples, frozen dataclasses), by id: a clone
    shares them (they never change), so its copying does not walk them. Worked out once
    for the same data (the same objects: a card file is read once a run)."""
    key = tuple(map(id, data))
    known = _FROZEN.get(key)
    if known is None or any(a is not b for a, b in zip(known[0], data, strict=True)):
        found: dict[int, Any] = {}
        for root in data:
            if root is not None:
                found.update(_walk_frozen(root))
        known = _FROZEN[key] = (data, found)
    return known[1]


_PLAIN = frozenset((int, str, bool, float, type(None)))  # by hash: `in` a tuple compares each
_UNSET = object()  # a field not set
_NATIVE: dict[type, tuple[str, ...]] = {}  # each class -> its fields kept outside any `__dict__`


def _native_fields(cls: type) -> tuple[str, ...]:
    """The fields a class keeps outside any `__dict__`: natively, compiled by mypyc
    (`__mypyc_attrs__`), or in slots; worked out once a class."""
    found = _NATIVE.get(cls)
    if found is None:
        names: dict[str, None] = {}
        for klass in reversed(cls.__mro__):
            held = vars(klass).get("__mypyc_attrs__", ())
            slots = vars(klass).get("__slots__", ())
            for n in (*held, *((slots,) if isinstance(slots, str) else slots)):
                if n not in ("__dict__", "__weakref__"):
                    names[n] = None
        found = _NATIVE[cls] = tuple(names)
    return found


def _copied(value: Any, memo: dict[int, Any]) -> Any:
    """What `copy.deepcopy(value, memo)` makes of a field of a match, sooner for the shapes
    a match is made of: lists, dicts and sets are made anew with their items copied alike;
    tuples and frozensets of what never changes, numbers, words and moves (frozen) are
    kept as they are; anything else is left to `deepcopy`. Each container copied goes
    into the memo, so that two fields holding the same list hold one copy of it."""
    kind: Any = type(value)
    if kind in _PLAIN:
        return value
    found = memo.get(id(value), _UNSET)
    if found is not _UNSET:
        return found
    copied: Any
    if kind is list:
        copied = memo[id(value)] = []  # (before its items, as deepcopy: one may refer back)
        copied += [x if type(x) in _PLAIN else _copied(x, memo) for x in value]
    elif kind is dict:
        copied = memo[id(value)] = {}
        copied.update(_copied_items(value, memo))
    elif kind is tuple or kind is frozenset or kind is set:
        items = [x if type(x) in _PLAIN else _copied(x, memo) for x in value]
        same = all(a is b for a, b in zip(items, value, strict=True))
        if kind is set:
            # A set's own copy takes over its table where it can (the same size, none
            # removed), so as to list its items in the same order; as a match's sets were
            # copied before (the bytes sent to the thinking process for twins follow it).
            copied = value.copy() if same else set(items)
        elif same:
            copied = value  # nothing in it changes: shared, as deepcopy would
        else:
            copied = kind(items)
        memo[id(value)] = copied
    elif isinstance(value, Action):
        copied = value  # a move never changes (a frozen dataclass)
    elif kind is Rng:
        copied = memo[id(value)] = Rng(value.state)  # (how it pickles, too)
    elif _plain_object(kind):  # an object of the rules (a trick, a Power Structure...)
        copied = memo[id(value)] = kind.__new__(kind)  # (before its fields, as deepcopy)
        copied.__dict__.update(_copied_items(vars(value), memo))
    else:
        copied = copy.deepcopy(value, memo)
    return copied


def _copied_items(value: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any]:
    """A dict's items copied as `_copied` copies each."""
    return {
        (k if type(k) in _PLAIN else _copied(k, memo)): (
            v if type(v) in _PLAIN else _copied(v, memo)
        )
        for k, v in value.items()
    }


@cache
def _plain_object(kind: type) -> bool:
    """Whether `deepcopy` copies an object of this class as a new one of the class holding
    a copy of its attribute table: made by `object` itself (no list, dict or native class
    beneath it), no copying of its own (`__deepcopy__`, `__reduce__`, state got or set its
    own way), no slots."""
    base: Any = object  # (what a class that copies no way of its own has from it)
    return (
        kind.__new__ is base.__new__
        and not hasattr(kind, "__deepcopy__")
        and kind.__reduce_ex__ is base.__reduce_ex__
        and kind.__reduce__ is base.__reduce__
        and kind.__getstate__ is base.__getstate__
        and not hasattr(kind, "__setstate__")
        and kind not in copyreg.dispatch_table
        and not any("__slots__" in vars(k) for k in kind.__mro__)
        and "__dict__" in dir(kind)
    )


# Card data (read once a run), by the ids of its parts -> them, and their frozen parts.
_FROZEN: dict[tuple[int, ...], tuple[tuple[Any, ...], dict[int, Any]]] = {}


def _walk_frozen(root: Any) -> dict[int, Any]:
    found: dict[int, Any] = {}
    stack = [root]
    while stack:
        value = stack.pop()
        if id(value) in found:
            continue
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            found[id(value)] = value
            stack.extend(getattr(value, f.name) for f in dataclasses.fields(value))
        elif isinstance(value, (tuple, frozenset)):
            found[id(value)] = value
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())  # the dict itself may be changed: not shared
    return found
