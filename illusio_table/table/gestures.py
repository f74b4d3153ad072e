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


def buttons(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
    """The plain table: a button per move."""
    return [Gesture(action, ("move", number)) for number, action in enumerate(legal)]
