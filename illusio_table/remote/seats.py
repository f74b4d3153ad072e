"""Device seats without a server or Qt: their codes, what a device is sent, what it may send.

A device seat is a person whose private screen is a web page on their own phone. The host
is the only one that applies moves; a device gets exactly what its seat may know (its
view, its log, its moves with their words and the gestures that make them, plus the card
files, which are public) and sends back a move, which is checked like any other.

Everything here runs on the host's main thread: the server only carries bytes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from illusio_table.engine import IllegalAction
from illusio_table.engine.match import Match
from illusio_table.table.kits import kit_of, load
from illusio_table.table.seat_screen import match_screen

CODE_BYTES = 16  # 128 random bits a code
MAX_MESSAGE = 64 * 1024  # what a device may send at once, in bytes
WRONG_CODES = 5  # wrong codes from one address before it must wait
WRONG_CODE_WAIT = 60.0  # seconds it then waits
MESSAGES_PER_SECOND = 10  # a device sending faster than this is refused
LOG_LINES = 80  # the end of the seat's log a device is sent
# Seconds a seat's phone must have been gone before the big screen answers, in its place,
# another device asking for the seat (a house decision: long enough for a reload, a locked
# screen or a walk through a dead spot of the Wi-Fi, short enough for a person whose phone
# died to get their seat back on another without a long wait).
AWAY_BEFORE_SCREEN = 20.0
KNOCKS_AT_ONCE = 3  # other devices that may be waiting for one seat at the same time


class Refused(Exception):
    """What a device sent is not taken; the reason is for the person holding it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class DeviceSeat:
    seat: int
    code: str
    connections: int = 0
    ever_joined: bool = False
    joins: int = 0  # how many times a page opened the seat (a reload or a new device: +1)
    where: str = ""  # the address of the device that holds the seat (or held it last)
    sent: deque[float] = field(default_factory=deque)  # when its last messages came
    # The holding device's own token, made by the host when the code was first used and
    # kept by that page: the same device comes back with it (a reload) without asking;
    # any other device on the code must be let in. '' until the code's first join.
    token: str = ""
    gone_since: float | None = None  # when its device's last page went (clock), if gone
    # How the last page joined: from the seat's own device (a reload, back after a cut,
    # another tab) or `moved` to a device let in; and how many older pages it closed.
    moved: bool = False
    closed: int = 0
    knocks: dict[int, str] = field(default_factory=dict)  # other devices asking: id → address

    @property
    def status(self) -> str:
        """'waiting' (never joined), 'joined' or 'away' (joined once, gone now)."""
        if self.connections:
            return "joined"
        return "away" if self.ever_joined else "waiting"


class Doorkeeper:
    """Which code opens which seat, and who has been guessing.

    A code opens its own seat only, and dies when the seat is taken back to the screen
    or the match ends. Wrong codes are counted per address: past a few, that address
    waits before any code of it is looked at again.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.seats: dict[int, DeviceSeat] = {}
        self._by_code: dict[str, DeviceSeat] = {}
        self._wrong: dict[str, deque[float]] = {}
        self._knock_number = 0
        # The host's thread opens and closes seats while the server's thread lets devices
        # in: the server takes this lock around `enter` and `pace`.
        self.lock = threading.RLock()

    def open(
        self, seat: int, code: str | None = None, joined: bool = False, token: str | None = None
    ) -> str:
        """A new code for `seat` (an old one dies); `code`: the one it had before a crash,
        opened again so that its phone rejoins by itself; `joined`: its phone had joined
        then, with the device token `token` (without one, no device is recognised: any
        that comes must be let in)."""
        with self.lock:
            self.close(seat)
            if not (isinstance(code, str) and len(code) >= CODE_BYTES):
                code = secrets.token_urlsafe(CODE_BYTES)
            device = self.seats[seat] = self._by_code[code] = DeviceSeat(seat, code)
            if joined:
                device.ever_joined = True
                device.gone_since = self.clock()
                if not (isinstance(token, str) and len(token) >= CODE_BYTES):
                    token = secrets.token_urlsafe(CODE_BYTES)
                device.token = token
            return code

    def claim(self, device: DeviceSeat, token: Any) -> str | None:
        """The device token with which a page bringing `token` holds `device`'s seat: a
        new one for the first page on the code, the same for the device that holds it (a
        reload, the same phone after a cut); None for any other device, which gets
        nothing of the seat until it is let in (`hand_over`)."""
        with self.lock:
            if not device.token:
                device.token = secrets.token_urlsafe(CODE_BYTES)
                return device.token
            if isinstance(token, str) and secrets.compare_digest(
                token.encode(), device.token.encode()
            ):
                return device.token
            return None

    def knock(self, device: DeviceSeat, address: str) -> int:
        """Another device asks for the seat: the number of its question, or Refused when
        too many are asking already."""
        with self.lock:
            if len(device.knocks) >= KNOCKS_AT_ONCE:
                raise Refused("Too many devices are asking for this seat at once: try later.")
            self._knock_number += 1
            device.knocks[self._knock_number] = address
            return self._knock_number

    def hand_over(self, device: DeviceSeat, knock: int) -> str:
        """The seat goes to the device that asked with `knock`: its new token (the one
        the last device held opens nothing any more)."""
        with self.lock:
            device.where = device.knocks.pop(knock, device.where)
            device.token = secrets.token_urlsafe(CODE_BYTES)
            return device.token

    def close(self, seat: int) -> None:
        with self.lock:
            old = self.seats.pop(seat, None)
            if old is not None:
                del self._by_code[old.code]

    def reseat(self, seats: dict[int, int]) -> None:
        """A new match with the same people: each code in `seats` (old seat → new seat)
        now opens its person's new seat; the others are closed."""
        with self.lock:
            old = self.seats
            self.seats, self._by_code = {}, {}
            for before, device in old.items():
                if before in seats:
                    device.seat = seats[before]
                    self.seats[device.seat] = self._by_code[device.code] = device

    def close_all(self) -> None:
        for seat in list(self.seats):
            self.close(seat)

    def enter(self, code: str, address: str) -> DeviceSeat:
        """The seat `code` opens for a device at `address`, or Refused.

        A living code always opens its seat: the wait after wrong codes slows a guesser
        down (128 random bits are not guessed anyway) and must never lock a person out of
        a new code because an old tab kept trying a dead one (after a crash, say)."""
        found = self._by_code.get(code) if isinstance(code, str) else None
        if found is not None:
            return found
        now = self.clock()
        wrong = self._wrong.setdefault(address, deque())
        while wrong and now - wrong[0] > WRONG_CODE_WAIT:
            wrong.popleft()
        if len(wrong) >= WRONG_CODES:
            raise Refused("Too many wrong codes from this device: wait a minute, then scan again.")
        wrong.append(now)
        raise Refused("This code opens no seat (the seat may have been taken back).")

    def pace(self, device: DeviceSeat) -> None:
        """Refuses a message that comes too soon after the others."""
        now = self.clock()
        while device.sent and now - device.sent[0] > 1.0:
            device.sent.popleft()
        if len(device.sent) >= MESSAGES_PER_SECOND:
            raise Refused("Too many messages at once: wait a moment.")
        device.sent.append(now)


@cache
def card_files(game_id: str) -> str:
    """The game's card file (its kit's `cards` part) as JSON, for the page to draw cards as
    the desktop does (names, colours, symbols, numbers). Everything in it is printed on the
    cards: nothing secret."""
    loader = kit_of(game_id).cards
    if loader is None:
        return "{}"
    return json.dumps(dataclasses.asdict(load(loader)()), default=str, separators=(",", ":"))


@dataclass(frozen=True)
class State:
    """A state frame for one seat: its version, its whole text, and the encoded value of
    each of its fields (`parts`), which a delta against the next state compares."""

    version: str
    text: str
    parts: dict[str, str]


def state_message(
    match: Match,
    seat: int,
    names: list[str],
    status: str = "",
    count: str = "",
    note: str = "",
    offered: bool = True,
    coach: dict[str, Any] | None = None,
) -> tuple[str, str]:
    """What the device of `seat` is sent after every change, as (its version, its text):
    built from the seat's view, log and moves alone, so two matches that differ in another
    seat's secret send it the same bytes. The version names the state (a hash of the
    rest): a move made for an older one is stale. With `offered` False (a reveal on the
    big screen, the count before "to!") the seat is offered no move, so its page lights
    nothing."""
    state = state_frame(match, seat, names, status, count, note, offered, coach)
    return state.version, state.text


def state_frame(
    match: Match,
    seat: int,
    names: list[str],
    status: str = "",
    count: str = "",
    note: str = "",
    offered: bool = True,
    coach: dict[str, Any] | None = None,
) -> State:
    """`state_message` as a `State`, whose fields a delta can compare."""
    view = match.view(seat)
    legal = match.legal_actions(seat) if offered else []
    # A move's words, and its hint where the desktop shows one (an attack's roll and
    # chance, worked out by the engine from what the seat knows).
    # Worked out once a move: a gesture makes one of the legal moves (an Illuminati hint
    # works out a whole attack), and every change sends this to every phone.
    # (Moves are frozen and compare by value: they key these themselves, where their JSON
    # made the longest change to eight Illuminati phones a third longer.)
    said: dict[Any, tuple[str, str]] = {}

    def words(action: Any) -> tuple[str, str]:
        if action not in said:
            said[action] = (match.describe(action, seat), match.hint(action, seat))
        return said[action]

    moves = []
    numbers: dict[Any, int] = {}  # each move's place in `moves`
    for a in legal:
        text, hint = words(a)
        numbers.setdefault(a, len(moves))
        moves.append({"words": text, "hint": hint, "action": a.to_json()})
    gestures = []
    kit = kit_of(match.game_id)
    for g in kit.gestures(view, legal, seat):
        gesture: dict[str, Any] = {
            "target": _key(g.target),
            "source": None if g.source is None else _key(g.source),
            "click": g.click,
        }
        # A gesture makes one of the moves: it names the move by its place in `moves`
        # rather than saying its action and words again (half an Illuminati state's
        # bytes, when every attack is offered both ways). The page puts them back.
        number = numbers.get(g.action)
        if number is not None:
            gesture["move"] = number
        else:
            text, hint = words(g.action)
            gesture.update(action=g.action.to_json(), words=text, hint=hint)
        gestures.append(gesture)
    # What the seat sees and is asked now, in the words the desktop's table draws.
    screen = match_screen(
        match, seat, names, view, legal, count=count, status=status, note=note, review=coach
    )
    body = {
        "game": match.game_id,
        "title": match.title,
        "seat": seat,
        "names": names,
        "view": view,
        "log": match.log(seat)[-LOG_LINES:],
        "moves": moves,
        "gestures": gestures,
        "result": match.result() if match.is_over() else None,
        # Its heading, the game's lines beside the view, whom the table waits for, the
        # count under way, the table's word, its rehearsal tally and coach's chart.
        **screen.frame(),
    }
    # Each field encoded once, on its own: joined in the order of their names they are
    # the body's text exactly as `encode` writes it (its keys sorted), and a delta
    # compares them as they are.
    parts = {name: encode(body[name]) for name in sorted(body)}
    text = "{" + ",".join(f'"{name}":{part}' for name, part in parts.items()) + "}"
    version = hashlib.sha256(text.encode()).hexdigest()[:16]
    return State(version, f'{{"type":"state","version":"{version}",{text[1:]}', parts)


def delta_message(base: State, new: State) -> str | None:
    """`new` told as what changed since `base`, the state this seat was sent before it:
    the fields whose text differs, and the versions of both (a page applies it only on
    top of the state `base` names, and asks for a whole state when it lacks that one).
    Worked out from the seat's own two frames alone, it tells nothing they do not. None
    when it would be no shorter than `new` itself."""
    changed = [
        f'"{name}":{part}' for name, part in new.parts.items() if base.parts.get(name) != part
    ]
    text = f'{{"type":"delta","base":"{base.version}","version":"{new.version}"'
    text += "".join("," + field for field in changed) + "}"
    return text if len(text) < len(new.text) else None


def _key(key: Any) -> list[Any]:
    return list(key) if isinstance(key, tuple) else [key]


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, sort_keys=True, separators=(",", ":"), default=str)


# What a device may send.
KINDS = ("act", "cards", "state", "confirm", "allow", "refuse", "drill")


def read_message(text: Any) -> dict[str, Any]:
    """What a device sent, as a JSON object with a type the host knows ("act": a move;
    "cards": the page asks for the card file again; "state": it asks for a whole state
    (it lacks the one a delta was made against); "confirm": its person says a new
    match's seat is theirs; "allow" or "refuse": its person's answer to another device
    asking for the seat; "drill": its person asks to drill their mistakes); Refused in
    words for anything else, whatever its shape (deep nesting included: it never
    reaches the big screen)."""
    if not isinstance(text, str):
        raise Refused("A device sends text, not bytes.")
    if len(text.encode()) > MAX_MESSAGE:
        raise Refused("That message is too large to be a move.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("That message is not a move the table can read.") from None
    if not isinstance(data, dict) or data.get("type") not in KINDS:
        raise Refused("That message is not a move the table can read.")
    return data


def read_move(match: Match, seat: int, text: Any, version: str) -> Any:
    """The move a device sent, parsed as saves are (`parse_action`), for the state it was
    made for; Refused in words for anything else. The engine still checks the move."""
    data = read_message(text)
    if data.get("type") != "act":
        raise Refused("That message is not a move the table can read.")
    if data.get("seat", seat) != seat:
        raise Refused("A device plays for its own seat only.")
    if data.get("version") != version:
        raise Refused("The table has moved on since: here is how it stands now.")
    try:
        return match.parse_action(data.get("action"))
    except IllegalAction as error:
        raise Refused(error.reason) from None
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as error:
        raise Refused(f"That move cannot be read: {str(error)[:200]}") from None
