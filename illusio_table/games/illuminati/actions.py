"""The moves of Illuminati. Cards are named by their ids in cards/illuminati.yaml;
a Special card in play is `<kind>#<n>`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from illusio_table.engine import Action, fast_init, interned


@fast_init
@dataclass(frozen=True)
class Attack(Action):
    """A regular action: `attacker`, aided by `aiders`, attacks `target`.

    `side` is the attacker's free arrow the target will hang from (control only);
    `privilege` is a Special card discarded to make it privileged, or "bavarian".
    """

    kind = "attack"
    how: str  # control, neutralize, destroy
    attacker: str
    target: str
    aiders: tuple[str, ...] = ()
    side: str | None = None
    privilege: str | None = None
    card: str | None = None  # Whispering Campaign, for an attack on a Group with no Power


@fast_init
@dataclass(frozen=True)
class Spend(Action):
    """Money put down on the attack under way, from one of the spender's treasuries."""

    kind = "spend"
    source: str
    amount: int
    helps: bool = True  # for a third player: helping the attacker or hindering him


@fast_init
@dataclass(frozen=True)
class Pass(Action):
    """Nothing more to spend, or no Special to play in a window."""

    kind = "pass"


@fast_init
@dataclass(frozen=True)
class PassOnAttack(Action):
    """Nothing to spend on this attack, and not to be asked again until its dice."""

    kind = "pass-on-attack"


@fast_init
@dataclass(frozen=True)
class CallOff(Action):
    """The attacker takes the attack back before any money is down."""

    kind = "call-off"


@fast_init
@dataclass(frozen=True)
class Transfer(Action):
    """Money from one treasury to an adjacent Group's (free twice a turn, else an action)."""

    kind = "transfer"
    source: str
    target: str
    amount: int


@fast_init
@dataclass(frozen=True)
class Move(Action):
    """A regular action: a Group (with its puppets) goes under another free arrow."""

    kind = "move"
    group: str
    master: str
    side: str


@fast_init
@dataclass(frozen=True)
class Drop(Action):
    """Free: a Group and its puppets leave the Power Structure, uncontrolled."""

    kind = "drop"
    group: str


@fast_init
@dataclass(frozen=True)
class GiveMoney(Action):
    """Free: money from your Illuminati treasury to another player's."""

    kind = "give-money"
    seat: int
    amount: int


@fast_init
@dataclass(frozen=True)
class GiveSpecial(Action):
    kind = "give-special"
    seat: int
    card: str


@fast_init
@dataclass(frozen=True)
class PlaySpecial(Action):
    """A Special card: `target` is a Group, `seat` a player, as the card needs; Bribery
    also names the arrow (`master`, `side`) the Group it takes hangs from."""

    kind = "play"
    card: str
    target: str | None = None
    seat: int | None = None
    master: str | None = None
    side: str | None = None


@fast_init
@dataclass(frozen=True)
class Abolish(Action):
    """Two Specials of one player discarded together: another player's privilege is gone."""

    kind = "abolish"
    cards: tuple[str, ...]


@fast_init
@dataclass(frozen=True)
class GiveGroup(Action):
    """A regular action: a Group (and its puppets) offered to another player."""

    kind = "give-group"
    group: str
    seat: int


@fast_init
@dataclass(frozen=True)
class AskGroup(Action):
    """A regular action: the player on turn asks another player for a Group of theirs (and
    its puppets), paying `amount` MB from their Illuminati if it comes: a gift asked for
    (0), or a purchase; and with `swap`, a trade: that Group of the asker's own (and its
    puppets) goes the other way, one more action. Its owner gives it (`Yield`) or not
    (`Refuse`)."""

    kind = "ask-group"
    group: str
    amount: int = 0
    swap: str | None = None


@fast_init
@dataclass(frozen=True)
class Yield(Action):
    """The owner of a Group asked for gives it: the player who asked places it."""

    kind = "yield"


@fast_init
@dataclass(frozen=True)
class Receive(Action):
    """The receiver of a Group takes it, under the arrow on `side` of its card `master`."""

    kind = "receive"
    master: str
    side: str


@fast_init
@dataclass(frozen=True)
class Refuse(Action):
    """The receiver of a Group offered, or the owner of a Group asked for, says no: it
    stays where it is."""

    kind = "refuse"


@fast_init
@dataclass(frozen=True)
class Hang(Action):
    """A puppet of a Group that came or moved, whose place is the owner's choice, goes
    under its master's arrow on `side` (for a Group received, an arrow blocked by a card
    of one's own, which then goes uncontrolled)."""

    kind = "hang"
    group: str
    side: str


@fast_init
@dataclass(frozen=True)
class LetGo(Action):
    """A puppet whose place is the owner's choice goes uncontrolled instead."""

    kind = "let-go"
    group: str


@fast_init
@dataclass(frozen=True)
class Shift(Action):
    """The Orbital Mind Control Lasers: one alignment of one other Group, for this turn."""

    kind = "shift"
    group: str
    alignment: str
    how: str  # add, remove, reverse


@fast_init
@dataclass(frozen=True)
class ShowSpecials(Action):
    """Free: lay your Special cards face up for everyone to see (they stay yours)."""

    kind = "show-specials"


@fast_init
@dataclass(frozen=True)
class Rearrange(Action):
    """The Bermuda Triangle or the Gnomes of Zurich close their actions and rearrange."""

    kind = "rearrange"


@fast_init
@dataclass(frozen=True)
class Accuse(Action):
    """With hidden Illuminati, a regular action: name another player's Illuminati."""

    kind = "accuse"
    seat: int
    illuminati: str


@fast_init
@dataclass(frozen=True)
class ExtraDraw(Action):
    """The Recyclers: 5 MB from their treasury for one more card (not an action)."""

    kind = "extra-draw"


@fast_init
@dataclass(frozen=True)
class TakeIncome(Action):
    kind = "take-income"
    doubled: bool = False  # Market Manipulation played with it


@fast_init
@dataclass(frozen=True)
class PassTurn(Action):
    """Instead of any action at all: 5 MB into the Illuminati treasury, and the turn ends."""

    kind = "pass-turn"


@fast_init
@dataclass(frozen=True)
class EndTurn(Action):
    kind = "end-turn"


@fast_init
@dataclass(frozen=True)
class ChooseGoal(Action):
    """The UFOs, at the start: whose Special Goal they secretly pursue."""

    kind = "choose-goal"
    illuminati: str


ACTIONS = (
    Attack,
    Spend,
    Pass,
    PassOnAttack,
    CallOff,
    Transfer,
    Move,
    Drop,
    GiveMoney,
    GiveSpecial,
    PlaySpecial,
    TakeIncome,
    PassTurn,
    EndTurn,
    ChooseGoal,
    Abolish,
    GiveGroup,
    AskGroup,
    Yield,
    Receive,
    Refuse,
    Hang,
    LetGo,
    Shift,
    ExtraDraw,
    Accuse,
    Rearrange,
    ShowSpecials,
)
END_TURN = EndTurn()
PASS = Pass()
PASS_ON_ATTACK = PassOnAttack()
CALL_OFF = CallOff()
REFUSE = Refuse()
YIELD = Yield()
# The moves listed most often, made once for the same fields (bots simulate many games;
# a move found again costs a third of one made).
attack = interned(Attack)
spend = interned(Spend)
give_money = interned(GiveMoney)
give_special = interned(GiveSpecial)
give_group = interned(GiveGroup)
ask_group = interned(AskGroup)
drop = interned(Drop)


def amounts(have: int) -> tuple[int, ...]:
    """The amounts of money a move is listed with: 1, 5, 10 and all there is. Any other
    amount is legal too (the table asks for it); listing every one would swamp a list.
    Remembered by sum: every listing of a turn asks, for every treasury."""
    found = _AMOUNTS.get(have)
    if found is None:
        found = _AMOUNTS[have] = tuple(sorted({n for n in (1, 5, 10, have) if 0 < n <= have}))
    return found


_AMOUNTS: dict[int, tuple[int, ...]] = {}


# The moves of money, for each amount `amounts` lists, made once for the same treasury:
# nearly every listing offers gifts of money, and an attack's spending round its stakes.
# (A look-up for the lot rather than one a move: they are half of the moves listed.)


@lru_cache(maxsize=1 << 12)
def money_gifts(seat: int, have: int) -> tuple[GiveMoney, ...]:
    """Gifts to `seat` from an Illuminati treasury holding `have` MB."""
    return tuple(give_money(seat, n) for n in amounts(have))


@lru_cache(maxsize=1 << 12)
def asks(group: str, have: int) -> tuple[AskGroup, ...]:
    """A Group asked for as a gift and for each amount `amounts` lists, by a player
    whose Illuminati treasury holds `have` MB."""
    return tuple(ask_group(group, price) for price in (0, *amounts(have)))


@lru_cache(maxsize=1 << 12)
def stakes(source: str, have: int, sided: bool) -> tuple[Spend, ...]:
    """Money put down from `source` holding `have` MB: by the attacker or defender, or
    (`sided`) by a third player, helping or hindering for each amount."""
    if not sided:
        return tuple(spend(source, n) for n in amounts(have))
    return tuple(spend(source, n, helps) for n in amounts(have) for helps in (True, False))


@lru_cache(maxsize=1 << 12)
def transfers(source: str, target: str, have: int) -> tuple[Transfer, ...]:
    """Money moved from `source` holding `have` MB to `target`."""
    return tuple(Transfer(source, target, n) for n in amounts(have))
