"""The moves of one card, or one Objective, each made once and laid out by its number:
what a turn's listing looks up most.

A listing looks up some seventeen moves a step, and a bot's rollout lists thousands. In a
table of actions.py (`Made`, a dict subclass, lazy) each look-up goes through Python's
generic `__getitem__` slot, which finds the method by name at every call; an index in a
tuple is a small fraction of that, interpreted or compiled. So the moves that name one
card or one Objective alone (a card to the Backstage, exchanged or let go, a talent's
card, an Objective given up) are made at once for every number of the card file, a few
hundred moves, and looked up here; the moves of several fields stay in the lazy tables.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .actions import Abandon, Backstage, Discard, Exchange, UseTalent


class Numbered:
    """The moves by card number (every card of the deck) and by Objective number, held
    by a match (`Illusio.numbered`) and shared by its copies; pickled as the call that
    makes it (`numbered`), so a match sent to the thinking process does not carry them."""

    def __init__(self, cards: int, objectives: int) -> None:
        self.cards, self.objectives = cards, objectives
        every = range(cards)
        self.backstage = tuple([Backstage(c) for c in every])
        self.discard = tuple([Discard(c) for c in every])
        self.exchange_one = tuple([Exchange((c,)) for c in every])
        self.talent_card = tuple([UseTalent(c) for c in every])
        self.abandon = tuple([Abandon(o) for o in range(objectives)])

    def __reduce__(self) -> tuple[Any, ...]:
        return (numbered, (self.cards, self.objectives))

    def __deepcopy__(self, memo: dict[int, Any]) -> Numbered:
        return self  # (nothing in it changes: a copy of a match shares it)


@cache
def numbered(cards: int, objectives: int) -> Numbered:
    """The moves of a card file of so many cards and Objectives, made once a run."""
    return Numbered(cards, objectives)
