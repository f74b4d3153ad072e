"""The pieces of an Illuminati match's state that are more than numbers and lists: the
phases, the attack under way, a window for Specials, a Group being placed, an offer.

The match holds them (`IlluminatiGame`, rules.py, declares every field); the parts of
the rules change them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from mypy_extensions import mypyc_attr

from illusio_table.engine.frozen import Frozen

from .actions import Abolish, Attack, PlaySpecial, TakeIncome
from .geometry import Link

# Every seat of a table of each size (`players()` while nobody is out).
EVERY_SEAT = tuple(tuple(range(n)) for n in range(9))


class IlluminatiPhase:
    """The moments of an Illuminati match, each with its own moves (see
    `IlluminatiGame.phases`); plain words, not an Enum (see `IllusioPhase`)."""

    SETUP: Final = "setup"
    GOALS: Final = "goals"
    WINDOW: Final = "window"
    CONSENT: Final = "consent"
    ASKED: Final = "asked"
    INCOME: Final = "income"
    SPENDING: Final = "spending"
    PLACING: Final = "placing"
    REARRANGING: Final = "rearranging"
    ACTIONS: Final = "actions"
    REORGANIZE: Final = "reorganize"
    OVER: Final = "over"


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
@dataclass
class AttackUnderWay:
    """The attack under way, built up as money goes down: who attacks what, how and with
    which aid; the order the players spend in and whose turn it is; who passed on it;
    what each side spent; the dice once rolled. (Not frozen: it changes at every step.)"""

    seat: int
    how: str  # control, neutralize, destroy
    attacker: str
    target: str
    aiders: list[str]
    side: str | None  # the arrow a captured Group will hang from
    defender: int | None
    privileged: bool
    order: list[int]  # the seats that spend, in turn
    whisper: bool  # Whispering Campaign, on a Group with no Power
    committed: bool = False  # money is down: it can no longer be called off
    turn: int = 0  # whose turn to spend, in `order`
    passes: int = 0  # passes in a row since the last money went down
    out: list[int] = field(default_factory=list)  # passed on the whole attack
    spent: dict[str, int] = field(
        default_factory=lambda: {"attacker": 0, "group": 0, "illuminati": 0, "others": 0}
    )
    roll: int | None = None


@dataclass(frozen=True)
class Pending(Frozen):
    """A Special card played (or discarded for a privilege), waiting for its answer
    window to close: `seat` played `card` with `action`."""

    seat: int
    card: str
    action: PlaySpecial | Abolish | Attack | TakeIncome


@dataclass(frozen=True)
class Window(Frozen):
    """A moment for Specials: which (`kind`: turn, privilege, roll, or the `answer` to
    Specials just played, `pending`, after which play goes on as `then`), the seats
    still to decide, and each seat's play so far (None: it plays nothing)."""

    kind: str
    waiting: set[int]
    plays: dict[int, PlaySpecial | Abolish | None] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    then: str = ""


@dataclass(frozen=True)
class Placing(Frozen):
    """A Group hung in `seat`'s Power Structure and its puppets still to place, one link
    at a time (`links`: card, master, the master's side); the cards let go so far; whether
    it came as a gift; and the phase play goes back to (`then`)."""

    seat: int
    links: list[Link]
    dropped: list[str]
    received: bool
    then: str


@dataclass(frozen=True)
class Offer(Frozen):
    """A Group of `giver`'s Power Structure offered to `receiver`, who takes it or not; or
    (`asked`) asked for by `receiver`, the player on turn, for `price` MB and (`swap`) a
    Group of the receiver's own: `giver` gives it or not, then the receiver places it.
    A trade agreed is placed in two halves: first the swapped Group by the giver, with
    the other half waiting in `then`."""

    giver: int
    receiver: int
    group: str
    price: int = 0
    asked: bool = False
    swap: str | None = None
    then: Offer | None = None


@dataclass(frozen=True)
class Outcome(Frozen):
    """How the last attack ended, shown where it happened until the next one is over."""

    target: str
    how: str
    roll: int
    needed: int
    result: str  # captured, neutralized, destroyed or failed


@dataclass(frozen=True)
class Rearranging(Frozen):
    """White Collar Crime: `seat` moves money freely; then play goes on as `then` and
    `pending` say (set once the Specials played with it have taken effect)."""

    seat: int
    then: str = ""
    pending: tuple[Pending, ...] = ()
