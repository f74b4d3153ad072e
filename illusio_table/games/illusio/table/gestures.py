"""Illusio's gestures (table/gestures.py): cards dragged onto the stage, the magician or a
work, and the talents' own moves."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from illusio_table.engine import Action
from illusio_table.table.gestures import Gesture


def twins(card: dict[str, Any]) -> tuple[str, str]:
    """What makes two Illusio cards interchangeable: their printed kind and what they are now."""
    return card["kind"], card.get("now", card["kind"])


def gestures(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
    """Cards are dragged: from the hand to the Backstage, around an Objective, onto the
    deck (exchange) or the discard pile; a Contest Objective onto the seat's tricks; a
    trick under realization onto the discard pile; a Special onto its target; the
    magician's card onto its talent's target. A click on the deck exchanges the whole
    hand, one on End turn ends it.

    The engine lists one card of each interchangeable kind; every card of that kind in the
    same place makes the same move, so each gets its gesture."""
    from illusio_table.games.illusio.actions import (
        Abandon,
        Backstage,
        Discard,
        Exchange,
        Place,
        PlaySpecial,
        Realize,
        Take,
        Transform,
        UseTalent,
    )

    if seat is None:
        return []
    hand = view["hand"] or []
    places = [hand] + [s["backstage"] for s in view["seats"]]

    def alike(card: int | None) -> list[int]:
        """The cards of the same kind as `card`, in the same hand or Backstage."""
        for cards in places:
            for c in cards:
                if c["id"] == card:
                    return [d["id"] for d in cards if twins(d) == twins(c)]
        return [] if card is None else [card]

    found: list[Gesture] = []
    magician = ("magician", seat)
    talent = view["seats"][seat]["magician"]["talent"]
    for action in legal:
        if isinstance(action, Backstage):
            for c in alike(action.card):
                found.append(Gesture(Backstage(c), ("backstage", seat), ("card", c), False))
        elif isinstance(action, Discard):
            for c in alike(action.card):
                found.append(Gesture(Discard(c), ("discard",), ("card", c), False))
        elif isinstance(action, Exchange):
            if len(action.cards) == 1:
                for c in alike(action.cards[0]):
                    found.append(Gesture(Exchange((c,)), ("deck",), ("card", c), False))
            else:  # the whole hand: a click on the deck
                found.append(Gesture(action, ("deck",)))
        elif isinstance(action, Realize):
            objective = ("objective", action.objective)
            found.append(Gesture(action, ("tricks", seat), objective, False))
        elif isinstance(action, Place):
            for c in alike(action.card):
                found.append(
                    Gesture(
                        Place(c, action.objective),
                        ("objective", action.objective),
                        ("card", c),
                        False,
                    )
                )
        elif isinstance(action, Abandon):
            found.append(Gesture(action, ("discard",), ("objective", action.objective), False))
        elif isinstance(action, Transform):
            for c in alike(action.card):
                for t in alike(action.component):
                    move = Transform(c, t, action.into)
                    found.append(Gesture(move, ("card", t), ("card", c), False))
        elif isinstance(action, Take):
            for c in alike(action.card):
                move = Take(c, action.seat)
                found.append(Gesture(move, ("seat", action.seat), ("card", c), False))
        elif isinstance(action, PlaySpecial):
            for c in alike(action.card):
                move = PlaySpecial(c, action.trick)
                found.append(Gesture(move, ("objective", action.trick), ("card", c), False))
        elif isinstance(action, UseTalent):
            found += _talent(action, magician, alike)
            if talent == "stand-in" and action.card is not None:
                found += _beside_twin(action.card, view, seat, legal, alike)
        else:  # End turn
            found.append(Gesture(action, ("end-turn",)))
    return found


def _talent(action: Action, magician: Hashable, alike: Callable) -> list[Gesture]:
    """The magician's card dropped on what its talent works on."""
    from illusio_table.games.illusio.actions import UseTalent

    if action.target is not None:  # metamorphosis, sleight: a Component of a Backstage
        return [
            Gesture(
                UseTalent(action.card, action.seat, t, action.into), ("card", t), magician, False
            )
            for t in alike(action.target)
        ]
    if action.seat is not None:  # pickpocket: the other magician
        return [Gesture(action, ("seat", action.seat), magician, False)]
    if action.card is not None:  # stand-in, second sight: a card of the hand
        return [Gesture(UseTalent(c), ("card", c), magician, False) for c in alike(action.card)]
    return [Gesture(action, ("discard",), magician, False)]  # scavenger: the discard pile


def _beside_twin(
    card: int, view: dict[str, Any], seat: int, legal: list[Action], alike: Callable
) -> list[Gesture]:
    """The twins' talent where a person reaches for it: the hand card dropped on the
    Backstage, or on its twin there, is offered free as well as the placing that spends an
    action, and the drop asks which (a Curtain dropped on its twin spent the action and the
    talent was never offered)."""
    from illusio_table.games.illusio.actions import Backstage, UseTalent

    hand = {c["id"]: c for c in view["hand"] or []}
    same = alike(card)
    placing = any(isinstance(a, Backstage) and a.card in same for a in legal)
    found = []
    for c in same:
        kind = hand[c].get("now", hand[c]["kind"]) if c in hand else None
        found.append(Gesture(UseTalent(c), ("backstage", seat), ("card", c), False))
        for twin in view["seats"][seat]["backstage"]:
            if twin.get("now", twin["kind"]) == kind:
                target = ("card", twin["id"])
                found.append(Gesture(UseTalent(c), target, ("card", c), False))
                if placing:
                    found.append(Gesture(Backstage(c), target, ("card", c), False))
    return found
