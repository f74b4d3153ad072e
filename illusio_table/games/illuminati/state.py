"""The state of an Illuminati match, declared, and the bookkeeping every part of the rules
shares: names, owners, dice, money to and from the bank.

The rules are built on it in one line of classes, a family of moves each: SpecialCards
(specials.py), then Attacks (attacking.py), then IlluminatiGame (rules.py: the turn, the
Power Structures, the goals). Where a lower family hands play on to a higher one (the
dice of an attack resolved after a window, a turn skipped), the step is declared here at
the end and written above.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from mypy_extensions import mypyc_attr

from illusio_table.engine import Action, Event, Game
from illusio_table.engine.frozen import Frozen

from .actions import Abolish, Attack, PlaySpecial, TakeIncome
from .attack import Numbers, the
from .cards import IlluminatiCards, PlayerCount, Rules, SpecialKind
from .geometry import Link, Structure, Tree

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


class IlluminatiState(Game):
    # -- every field of a match, declared (`Game.state_fields`) ---------------------------
    cards: IlluminatiCards
    power_bonus: dict[str, int]  # the UFOs' Power with hidden goals
    shifts: dict[str, tuple[str, ...]]  # alignments the Lasers changed this turn
    numbers: Numbers  # each card's Power, Resistance, Income and alignments now
    limits: Rules
    by_count: PlayerCount  # what the number of players sets (the goal)
    goal: int  # Groups the basic goal asks for
    bank: int
    money: dict[str, int]  # each card's treasury
    illuminati: list[str]  # each seat's Illuminati
    structures: list[Structure]
    specials: list[list[str]]  # each seat's Special cards
    deck: list[str]
    uncontrolled: list[str]
    dead: list[str]
    discarded: list[str]  # Specials played
    revealed: set[int]  # seats whose Illuminati lies face up
    eliminated: list[bool]
    turns_taken: list[int]
    destroyed: list[int]  # Groups each seat has destroyed
    borrowed_goal: dict[int, str]  # a hidden goal: whose goal each seat pursues
    attack: AttackUnderWay | None  # the attack under way
    window: Window | None  # a moment for Specials, and who may still play
    rearranging: Rearranging | None  # White Collar Crime: money moving at no cost
    placing: Placing | None  # Groups to hang in a Power Structure, one by one
    winners: list[int]
    last_roll: list[int]
    outcome: Outcome | None  # how the last attack ended
    current: int
    actions_left: int
    free_transfers: int
    acted: bool  # made a move this turn (no passing for money then)
    attacked: set[str]  # Groups that attacked or aided this turn
    ufo_attacks: int
    bavarian_used: bool
    bonus_transfer: tuple[str, str] | None  # the transfer a capture allows, at once
    shifted_this_turn: bool
    extra_drawn: bool
    offer: Offer | None  # a Group offered to another player
    choosing: set[int]  # seats still choosing a hidden goal

    # -- helpers ---------------------------------------------------------------------------

    def title_of(self, card: str) -> str:
        if "#" in card:
            return self.special_kind(card).name
        if card in self.numbers.illuminati and card in self.illuminati:
            owner = self.illuminati.index(card)
            if owner not in self.revealed:  # face down: only its owner knows it
                return f"{self.name(owner)}'s Illuminati"
        return self.numbers.name(card)

    def _reveal(self, seat: int, why: str) -> list[Event]:
        """A face-down Illuminati card is turned up (its ability showed it, or it was named)."""
        if seat in self.revealed:
            return []
        self.revealed.add(seat)
        real = the(self.numbers.name(self.illuminati[seat]))
        return [
            Event(f"{self.name(seat)}'s Illuminati is turned up: {real} ({why}).", reveals=True)
        ]

    def special_kind(self, card: str) -> SpecialKind:
        kind = card.split("#")[0]
        return next(s for s in self.cards.specials if s.id == kind)

    def owner(self, card: str) -> int | None:
        for seat, structure in enumerate(self.structures):
            if card in structure:
                return seat
        return None

    def _roll(self) -> list[int]:
        return [self.rng.die(6), self.rng.die(6)]

    def _pay_from_bank(self, card: str, amount: int) -> None:
        self.bank -= amount
        self.money[card] = self.money.get(card, 0) + amount

    def _to_bank(self, card: str, amount: int) -> None:
        self.money[card] -= amount
        self.bank += amount

    def _clear(self, card: str) -> None:
        """A card leaves every Power Structure: its money goes back to the bank."""
        self.bank += self.money.pop(card, 0)

    def players(self) -> tuple[int, ...]:
        """The seats still in the game (asked several times a move; most games put
        nobody out for long, and then it is every seat, one shared tuple)."""
        if True in self.eliminated:
            return tuple([s for s in range(self.seats) if not self.eliminated[s]])
        return EVERY_SEAT[self.seats]

    def total_money(self, seat: int) -> int:
        return sum(self.money.get(c, 0) for c in self.structures[seat])

    # -- the turn ---------------------------------------------------------------------------

    # -- what the phase in play holds (each is there in its phase; never None then) -------

    def _attack_now(self) -> AttackUnderWay:
        """The attack under way (there is one while money goes down and after the dice)."""
        assert self.attack is not None, "no attack is under way"
        return self.attack

    def _window_open(self) -> Window:
        assert self.window is not None, "no window is open"
        return self.window

    def _placing_now(self) -> Placing:
        assert self.placing is not None, "no Group is being placed"
        return self.placing

    def _offered(self) -> Offer:
        assert self.offer is not None, "no Group is on offer"
        return self.offer

    def _rearranger(self) -> Rearranging:
        assert self.rearranging is not None, "nobody is rearranging money"
        return self.rearranging

    # -- steps written by the families above (see the module's words) ---------------------

    def _resolve(self) -> list[Event]:
        """The attack's dice are read and its result applied (attacking.py)."""
        raise NotImplementedError

    def _skip_turn(self) -> list[Event]:
        """The current player's turn is lost (rules.py)."""
        raise NotImplementedError

    def _income(self) -> list[Event]:
        """Income time, or its window first (rules.py)."""
        raise NotImplementedError

    def _collect(self, seat: int, doubled: bool) -> list[Event]:
        """Every Group of the seat is paid its income (rules.py)."""
        raise NotImplementedError

    def _eliminations(self, by: int | None = None) -> list[Event]:
        """Players left with nothing but their Illuminati are out (rules.py)."""
        raise NotImplementedError

    def _gift_moves(self, seat: int) -> list[Action]:
        """Money and Specials the seat may give away now (rules.py)."""
        raise NotImplementedError

    def _hang(
        self, seat: int, tree: Tree, master: str, side: str, received: bool = False
    ) -> list[Event]:
        """A Group and its puppets hang under a master, one link at a time (rules.py)."""
        raise NotImplementedError

    def _uncontrol(self, cards: list[str]) -> list[Event]:
        """The cards go back among the uncontrolled Groups (rules.py)."""
        raise NotImplementedError
