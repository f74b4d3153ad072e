"""Illuminati's gestures (table/gestures.py): groups dragged onto the power structure, the
rest buttons on the table."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import Action
from illusio_table.table.gestures import Gesture

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
    "show-specials": "Show everyone your Specials…",  # (asks first: see the table's menu)
    "let-go": "Let it go",
    "yield": "Give it",
}

# While money goes down on an attack, the two ways to pass, in words that tell them apart
# ("Pass" beside "Pass on this attack" left a person wondering which to press), and what
# each does, for its tooltip.
MONEY_BUTTONS = {
    "pass": (
        "Nothing this round",
        "Put no money down this time round. If someone else spends, you are asked again.",
    ),
    "pass-on-attack": (
        "Out of this attack",
        "Put nothing down and stay out of this attack: you are not asked again until its "
        "dice are rolled.",
    ),
}


def gestures(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
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
