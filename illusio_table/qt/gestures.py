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


def buttons(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
    """The plain table: a button per move."""
    return [Gesture(action, ("move", number)) for number, action in enumerate(legal)]
