"""Illusio's moves that its table makes or tries outside the gesture map: a drop where no
move is legal (the engine is asked, so that it says why), and a move put together on the
table in several choices (cards ticked, then Exchange). Each is made with the game's own
action class, never spelled as a dict in a scene, so that a renamed field fails the type
checker and the tests, not a person's drop. No Qt here.

The actions are imported inside each function: the window opens without them.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

Json = dict[str, Any]


def illusio_exchange(cards: list[int]) -> Json:
    """The cards ticked in the hand, exchanged with the deck."""
    from illusio_table.games.illusio.actions import Exchange

    return Exchange(cards=tuple(sorted(cards))).to_json()


def illusio_realize(objective: int, components: list[int]) -> Json:
    """An Objective taken with the Backstage cards chosen round it."""
    from illusio_table.games.illusio.actions import Realize

    return Realize(objective=objective, components=tuple(sorted(components))).to_json()


def illusio(view: dict[str, Any], source: Hashable, key: Hashable) -> Json | None:
    """What dropping `source` on `key` tries on the Illusio table (None: nothing)."""
    from illusio_table.games.illusio import actions as a

    assert isinstance(source, tuple) and isinstance(key, tuple)
    hand = {c["id"] for c in view["hand"] or []}
    what, thing = source[0], source[1]
    where = key[0]
    move: Any = None
    if what == "card":
        if where == "backstage":
            move = a.Backstage(card=thing)
        elif where == "objective":
            move = a.Place(card=thing, objective=key[1])
        elif where == "deck" and thing in hand:
            move = a.Exchange(cards=(thing,))
        elif where == "discard" and thing in hand:
            move = a.Discard(card=thing)
        elif where == "seat" and thing in hand:
            move = a.Take(card=thing, seat=key[1])
        elif where == "tricks":
            # Onto the tricks area rather than one Objective: the first under realization
            # (with none, the engine says where Components go).
            works = view["seats"][key[1]]["works"]
            open_ = [w["objective"]["id"] for w in works if not w["displayed"]]
            move = a.Place(card=thing, objective=open_[0] if open_ else -1)
        elif where == "card":
            move = _onto_a_card(view, thing, key[1], hand)
    elif what == "objective" and where == "tricks":
        move = a.Realize(objective=thing, components=())  # no set can pay: the engine says why
    elif what == "objective" and where == "discard":
        move = a.Abandon(objective=thing)
    elif what == "magician":
        if where == "card":
            on_hand = key[1] in hand  # the card it was dropped on, or a card on the table
            move = a.UseTalent(card=key[1]) if on_hand else a.UseTalent(target=key[1])
        elif where == "seat":
            move = a.UseTalent(seat=key[1])
        elif where == "discard":
            move = a.UseTalent()
    return None if move is None else move.to_json()


def _onto_a_card(view: dict[str, Any], card: int, onto: int, hand: set[int]) -> Any:
    """A card dropped on another card of the table (a Special on a Backstage Component
    where Transform is refused, say for want of actions): what it means there, so that the
    engine says why not ("Not possible there." alone left the person guessing)."""
    from illusio_table.games.illusio import actions as a

    if onto in hand:
        return None  # a card of the hand is a target only of the magician's talents
    me = view["me"]
    mine = view["seats"][me] if me is not None else None
    specials = {c["id"] for c in view["hand"] or [] if c.get("special")}
    if card in specials or mine is None:
        return a.Transform(card=card, component=onto, into="")
    if any(c["id"] == onto for c in mine["backstage"]):
        return a.Backstage(card=card)  # onto one's Backstage, over a card of it
    for work in mine["works"]:
        if any(c["id"] == onto for c in work["components"]):
            return a.Place(card=card, objective=work["objective"]["id"])
    return a.Transform(card=card, component=onto, into="")
