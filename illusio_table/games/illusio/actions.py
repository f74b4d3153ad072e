"""The moves of Illusio. Cards are numbers: deck cards 0-89, Objectives 0-31 (see catalog)."""

from __future__ import annotations

from dataclasses import dataclass

from illusio_table.engine import Action, fast_init, interned


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

backstage = interned(Backstage)
place = interned(Place)
discard = interned(Discard)
abandon = interned(Abandon)
exchange = interned(Exchange)
realize = interned(Realize)
special = interned(PlaySpecial)
transform = interned(Transform)
take = interned(Take)
talent = interned(UseTalent)
END_TURN = EndTurn()
