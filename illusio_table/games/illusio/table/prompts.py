"""What a seat of Illusio is asked now, in words: the heading of its screen on the desktop
and the phone alike (table/seat_screen.py), and the turn's line beside the view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.protocol import listed
from illusio_table.table.prompts import counted


def prompt(
    view: dict[str, Any], seat: int | None, names: list[str], chosen: str, legal: Sequence[Action]
) -> str:
    if view["phase"] == "over":
        won = listed(names[s] for s in view["scores"]["winners"])
        return f"The game is over: {won} won."
    if seat is None or seat != view["current"]:
        return f"{names[view['current']]} is playing."
    if view["phase"] == "discard":
        over = len(view["hand"]) - view["hand_limit"]
        return f"Your hand is over {view['hand_limit']}: discard {counted(over, 'card')}."
    left = view["actions_left"]
    if left:
        return f"Your turn: {counted(left, 'action')} left."
    if any(a.kind != "end-turn" for a in legal):
        return "No action left: use your talent, or end your turn."
    return "No action left: end your turn."


def words(view: dict[str, Any], names: list[str]) -> dict[str, str]:
    """The turn's line (its kit's `phone_words`): whose turn it is, what is left of it and
    the match's bounds, said the same on the desktop and the phone (the phone said "Turn
    40 · 2 actions left" without whose turn it was)."""
    return {"turn": _turn(view, names)}


def _turn(view: dict[str, Any], names: list[str]) -> str:
    if view["phase"] == "over":
        return f"{view['target']} points to win · hand limit {view['hand_limit']}"
    whose = "Your" if view["me"] == view["current"] else f"{names[view['current']]}'s"
    return (
        f"Turn {view['turn']}: {whose} turn, {counted(view['actions_left'], 'action')} left"
        f" · {view['target']} points to win · hand limit {view['hand_limit']}"
    )
