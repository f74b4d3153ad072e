"""What a seat of Illusio is asked now, in words: the heading of its screen on the desktop
and the phone alike (table/seat_screen.py), and the turn's line beside the view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.protocol import Event, listed
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


def words(view: dict[str, Any], names: list[str], since: Sequence[Event] = ()) -> dict[str, str]:
    """The turn's line (its kit's `phone_words`): whose turn it is, what is left of it and
    the match's bounds, said the same on the desktop and the phone (the phone said "Turn
    40 · 2 actions left" without whose turn it was); and, for each trick being built, what
    it still lacks, under "missing <its Objective's id>" (`missing`)."""
    said = {"turn": _turn(view, names)}
    for seat in view["seats"]:
        for work in seat["works"]:
            if not work["displayed"]:
                said[f"missing {work['objective']['id']}"] = listed(missing(work))
    return said


def missing(work: dict[str, Any]) -> list[str]:
    """What a trick being built still lacks, in words, as its card says its needs: a type
    by its name ("Dove": another of its group stands in), a group as "any of the Tricks"
    ("1 missing" left a person to work it out). A placed card meets its own type's need
    first, else one of its group's."""
    from illusio_table.games.illusio.cards import load

    cards = load()
    left = list(work["objective"]["needs"])
    placed = [c.get("now", c["kind"]) for c in work["components"]]
    for kind in list(placed):
        if kind in left:
            left.remove(kind)
            placed.remove(kind)
    for kind in placed:
        group = cards.group_of.get(kind, kind)
        meets = next((n for n in left if n == group), None) or next(
            (n for n in left if cards.group_of.get(n, n) == group), None
        )
        if meets is not None:
            left.remove(meets)
    groups = {g.id: g for g in cards.groups}
    return [
        f"any of the {groups[n].name}" if n in groups and groups[n].types else cards.name(n)
        for n in left
    ]


def _turn(view: dict[str, Any], names: list[str]) -> str:
    if view["phase"] == "over":
        return f"{view['target']} points to win · hand limit {view['hand_limit']}"
    whose = "Your" if view["me"] == view["current"] else f"{names[view['current']]}'s"
    return (
        f"Turn {view['turn']}: {whose} turn, {counted(view['actions_left'], 'action')} left"
        f" · {view['target']} points to win · hand limit {view['hand_limit']}"
    )
