"""The moves of one card, or one Objective, each made once and laid out by its number:
what a turn's listing looks up most.

A listing looks up some seventeen moves a step, and a bot's rollout lists thousands. In a
table of actions.py (`Made`, a dict subclass, lazy) each look-up goes through Python's
generic `__getitem__` slot, which finds the method by name at every call; an index in a
tuple is a small fraction of that, interpreted or compiled. So the moves that name one
card or one Objective alone (a card to the Backstage, exchanged or let go, a talent's
card, an Objective given up) are made at once for every number of the card file, a few
hundred moves, and looked up here; so are the moves of two numbers (a card and an
Objective, a card and a seat), some seven thousand, in tuples of tuples (in the lazy tables
of actions.py a listing looked each up twice through that slot). The moves of three fields
(a Transform's, a talent's swap or Metamorphosis) stay there.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .actions import Abandon, Backstage, Discard, Exchange, Place, PlaySpecial, Take, UseTalent


class Numbered:
    """The moves by card number (every card of the deck) and by Objective number, held
    by a match (`Illusio.numbered`) and shared by its copies; pickled as the call that
    makes it (`numbered`), so a match sent to the thinking process does not carry them."""

    def __init__(self, cards: int, objectives: int, seats: int) -> None:
        self.cards, self.objectives, self.seats = cards, objectives, seats
        every = range(cards)
        self.backstage = tuple([Backstage(c) for c in every])
        self.discard = tuple([Discard(c) for c in every])
        self.exchange_one = tuple([Exchange((c,)) for c in every])
        self.talent_card = tuple([UseTalent(c) for c in every])
        self.abandon = tuple([Abandon(o) for o in range(objectives)])
        # By Objective, a Component placed around it, by card.
        self.place = tuple([tuple([Place(c, o) for c in every]) for o in range(objectives)])
        # By card, a Special played on a trick, by the trick's Objective.
        self.special = tuple([tuple([PlaySpecial(c, o) for o in range(objectives)]) for c in every])
        # By card, a Take of a magician's hand, by seat.
        self.take = tuple([tuple([Take(c, s) for s in range(seats)]) for c in every])
        # By seat, the Pickpocket's card given to that magician, by card.
        self.give = tuple([tuple([UseTalent(c, seat=s) for c in every]) for s in range(seats)])
        # (Sleight of hand's swaps, of three numbers, stay lazy: every card for each
        # Component and magician would be some 50,000 moves for a few hundred used.)

    def __reduce__(self) -> tuple[Any, ...]:
        return (numbered, (self.cards, self.objectives, self.seats))

    def __deepcopy__(self, memo: dict[int, Any]) -> Numbered:
        return self  # (nothing in it changes: a copy of a match shares it)


@cache
def numbered(cards: int, objectives: int, seats: int) -> Numbered:
    """The moves of a card file of so many cards and Objectives, at a table of at most so
    many seats, made once a run."""
    return Numbered(cards, objectives, seats)
