"""The moves of Illusio. Cards are numbers: deck cards 0-89, Objectives 0-31 (see catalog)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from illusio_table.engine import Action, fast_init, interned, made

K = TypeVar("K")
V = TypeVar("V")


@fast_init
@dataclass(frozen=True)
class Backstage(Action):
    """Action A: a Component from the hand goes to the Backstage."""

    kind = "backstage"
    card: int


@fast_init
@dataclass(frozen=True)
class PlaySpecial(Action):
    """Action B: a Special action from the hand played on a trick on display, the
    Objective `trick` (Encore, Immediate success, Deja vu, Grand)."""

    kind = "special"
    card: int
    trick: int


@fast_init
@dataclass(frozen=True)
class Transform(Action):
    """Action B with a Transform card: the Backstage `component` becomes `into`."""

    kind = "transform"
    card: int
    component: int
    into: str


@fast_init
@dataclass(frozen=True)
class Take(Action):
    """Action B with a Take card: a card drawn at random from `seat`'s hand."""

    kind = "take"
    card: int
    seat: int


@fast_init
@dataclass(frozen=True)
class Exchange(Action):
    """Action C: these hand cards go back into the deck for as many new ones."""

    kind = "exchange"
    cards: tuple[int, ...]


@fast_init
@dataclass(frozen=True)
class Realize(Action):
    """Action D: take a Contest Objective, placing these Backstage Components around it."""

    kind = "realize"
    objective: int
    components: tuple[int, ...]


@fast_init
@dataclass(frozen=True)
class Place(Action):
    """Action E: a Component from the hand or the Backstage goes around an Objective."""

    kind = "place"
    card: int
    objective: int


@fast_init
@dataclass(frozen=True)
class Abandon(Action):
    """Action F: an Objective under realization is discarded; its Components go back."""

    kind = "abandon"
    objective: int


@fast_init
@dataclass(frozen=True)
class UseTalent(Action):
    """The magician's talent, free once per round.

    `card` is one of the user's cards (in hand or Backstage), `seat` another magician,
    `target` a Component of someone's Backstage, `into` the type it becomes.
    """

    kind = "talent"
    card: int | None = None
    seat: int | None = None
    target: int | None = None
    into: str | None = None


@fast_init
@dataclass(frozen=True)
class EndTurn(Action):
    kind = "end-turn"


@fast_init
@dataclass(frozen=True)
class Discard(Action):
    """At the end of a turn, a hand over the limit lets go of one card at a time."""

    kind = "discard"
    card: int


ACTIONS = (
    Backstage,
    PlaySpecial,
    Transform,
    Take,
    Exchange,
    Realize,
    Place,
    Abandon,
    UseTalent,
    EndTurn,
    Discard,
)


class PythonMade(dict[K, V]):
    """Moves found by one of their fields, each made once: `made[x]` is `make(x)`, kept.

    A turn's listing looks up a dozen moves a step, and a rollout lists thousands: a
    dict's look-up by a card's or a seat's number is a sixth of an interned maker's
    call, which hashes a tuple of all the fields (a move of several fields is a table of
    tables, the outer looked up once a listing). Unbounded, but its keys are numbers of
    the card file (cards, Objectives, seats) and kinds, so it holds at most a few
    thousand moves; the moves that are countless keep an interned, bounded maker (the
    ways to take an Objective) or are made anew (a hand exchanged whole, rarely listed
    twice: see rules.py). (A dict subclass: the cheapest
    table interpreted. Compiled, its look-up goes through Python's generic slot, so the
    compiled engine takes `engine.made.Made` instead, below; and the moves of one or two
    numbers, a card's, an Objective's or a seat's, are in numbered.py's tuples: these
    tables keep the moves of three fields, a kind or a swap's target the third.)"""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        found = self[key] = self.make(key)
        return found


# The table the rules look their moves up in: the native one where the engine is
# compiled (mypyc then calls it directly), this dict subclass where it runs as Python.
Made = made.Made
if not TYPE_CHECKING and not made.native():
    Made = PythonMade  # noqa: F811


# (The innermost makers are partials, not lambdas: a move met for the first time is then
# made without a call of Python code more, and a 20-game self-play meets thousands.)
TRANSFORM: Made[int, Made[int, Made[str, Transform]]] = Made(  # by card, Component, kind
    lambda card: Made(lambda component: Made(partial(Transform, card, component)))
)
TALENT_SWAP: Made[int, Made[int, Made[int, UseTalent]]] = Made(  # by card, seat, target
    lambda card: Made(lambda seat: Made(partial(UseTalent, card, seat)))
)
TALENT_TURN: Made[int, Made[int, Made[str, UseTalent]]] = Made(  # by seat, target, kind
    lambda seat: Made(lambda target: Made(partial(UseTalent, None, seat, target)))
)
TALENT_BARE = UseTalent()
realize = interned(Realize)
END_TURN = EndTurn()
