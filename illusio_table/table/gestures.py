"""Gestures: how each legal action is made on a table, with no Qt in sight.

A gesture is a drag of a source piece onto a target, or a click on a target (or both,
for the same action). Every way to play — the mouse, the keyboard's lift-and-drop, the
right-click menus, table mode's keys — is made from one list of gestures, so they
cannot drift apart; and a test proves that every legal action has a gesture on
something the table draws.

Keys are hashable and stable between two views: the game object's id where the seat may
know it (a token of a satchel), a place otherwise (a room slot, an open card's space).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from illusio_table.engine import Action


@dataclass(frozen=True)
class Gesture:
    """`action` is played by dropping `source` on `target`, or by a click on `target`."""

    action: Action
    target: Hashable
    source: Hashable | None = None  # None: no drag, a click only
    click: bool = True  # False: only the drag makes it (a card dealt onto a pile)


GestureMap = Callable[[dict[str, Any], list[Action], int | None], list[Gesture]]


def incantibus(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
    """The wand is dragged onto what it points at (or the target clicked); a token to
    throw, a spell card to cast and a spell's target are clicked."""
    from illusio_table.games.incantibus.actions import Cast, Choose, Decline, Discard, Point

    decision = (view.get("decision") or {}).get("kind")
    found = []
    for action in legal:
        if isinstance(action, Point):
            wand = ("wand", seat)
            found.append(Gesture(action, (action.place, action.index), wand))
        elif isinstance(action, Discard):
            found.append(Gesture(action, ("token", action.token)))
        elif isinstance(action, Cast):
            found.append(Gesture(action, ("spell", action.card)))
        elif isinstance(action, Decline):
            found.append(Gesture(action, ("decline", 0)))  # a button beside the prompt
        elif isinstance(action, Choose):
            if decision in ("imperium", "oculus"):
                found.append(Gesture(action, ("room", action.target)))
            elif decision == "retiro":
                # The moat is drawn by kind: any token of the kind is the same prize.
                kind = next(t["kind"] for t in view["moat"] if t["id"] == action.target)
                found.append(Gesture(action, ("moat", kind)))
            else:
                found.append(Gesture(action, ("token", action.target)))
    return found


def twins(card: dict[str, Any]) -> tuple[str, str]:
    """What makes two Illusio cards interchangeable: their printed kind and what they are now."""
    return card["kind"], card.get("now", card["kind"])


def illusio(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
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


# Illuminati moves made with a button on the table (a menu when there are several).
BUTTONS = {
    "pass": "Pass",
    "pass-on-attack": "Pass on this attack",
    "call-off": "Call off",
    "take-income": "Collect income",
    "pass-turn": "Pass the turn (+5 MB)",
    "end-turn": "End turn",
    "choose-goal": "Choose a goal",
    "abolish": "Abolish privilege",
    "extra-draw": "Recyclers: draw",
    "accuse": "Accuse",
    "rearrange": "Rearrange",
    "show-specials": "Show Specials",
    "let-go": "Let it go",
    "yield": "Give it",
}


def illuminati(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
    """Groups are dragged: onto a Group to attack it, onto a free arrow to move there,
    onto the uncontrolled area to drop, onto a player to give, another's onto one's own
    structure to ask for it (a menu of prices) or onto a Group of one's own to trade the
    two; money is dragged from a
    card onto an adjacent Group or a player, and clicked to spend; a Special is dragged
    onto its target or clicked; the rest are buttons on the table."""
    from illusio_table.games.illuminati.actions import (
        AskGroup,
        Attack,
        Drop,
        GiveGroup,
        GiveMoney,
        GiveSpecial,
        Hang,
        Move,
        PlaySpecial,
        Receive,
        Shift,
        Spend,
        Transfer,
    )

    if seat is None:
        return []
    mine = next(s for s in view["structures"] if s["seat"] == seat)
    top = next(c["id"] for c in mine["cards"] if c["master"] is None)
    found: list[Gesture] = []
    for action in legal:
        if isinstance(action, Attack):
            target = ("group", action.target)
            found.append(Gesture(action, target, ("group", action.attacker), False))
        elif isinstance(action, Spend):
            found.append(Gesture(action, ("money", action.source)))
        elif isinstance(action, Transfer):
            money = ("money", action.source)
            found.append(Gesture(action, ("group", action.target), money, False))
        elif isinstance(action, Move):
            arrow = ("arrow", action.master, action.side)
            found.append(Gesture(action, arrow, ("group", action.group), False))
        elif isinstance(action, Receive):
            found.append(Gesture(action, ("arrow", action.master, action.side)))
        elif isinstance(action, Drop):
            found.append(Gesture(action, ("uncontrolled",), ("group", action.group), False))
        elif isinstance(action, GiveGroup):
            found.append(Gesture(action, ("seat", action.seat), ("group", action.group), False))
        elif isinstance(action, AskGroup):
            # Onto one's own structure to ask for it; onto a Group of one's own to trade.
            onto = ("seat", seat) if action.swap is None else ("group", action.swap)
            found.append(Gesture(action, onto, ("group", action.group), False))
        elif isinstance(action, GiveMoney):
            found.append(Gesture(action, ("seat", action.seat), ("money", top), False))
        elif isinstance(action, GiveSpecial):
            found.append(Gesture(action, ("seat", action.seat), ("special", action.card), False))
        elif isinstance(action, PlaySpecial):
            card = ("special", action.card)
            # (A target with "#" is a Special, which Secrets Man cancels with a click.)
            if action.target is not None and "#" not in action.target:
                found.append(Gesture(action, ("group", action.target), card, False))
            elif action.seat is not None:
                found.append(Gesture(action, ("seat", action.seat), card, False))
            else:  # played where it lies (or, in a window, against what is on the table)
                found.append(Gesture(action, card))
        elif isinstance(action, Hang):
            placing = view["placing"]
            if action.side in placing["blockers"]:  # the card of one's own in the way
                found.append(Gesture(action, ("group", placing["blockers"][action.side])))
            else:
                found.append(Gesture(action, ("arrow", placing["master"], action.side)))
        elif isinstance(action, Shift):
            found.append(Gesture(action, ("group", action.group)))
        else:
            found.append(Gesture(action, ("button", action.kind)))
    return found


def buttons(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
    """The plain table: a button per move."""
    return [Gesture(action, ("move", number)) for number, action in enumerate(legal)]
