"""Incantibus's gestures (table/gestures.py): the wand dragged onto what it points at."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import Action
from illusio_table.table.gestures import Gesture


def gestures(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
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
