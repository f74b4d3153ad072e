"""Illusio's guided first game (table/guide.py)."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import Action
from illusio_table.table.guide import (
    SEAT,
    Guide,
    Lesson,
    View,
    always_learnt,
    first_of,
)


def guide() -> Guide:
    other = "Lera"

    def mine(view: View) -> dict[str, Any]:
        seat: dict[str, Any] = view["seats"][SEAT]
        return seat

    def component(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "backstage"), None)

    def second(view: View, legal: list[Action]) -> Action | None:
        return component(view, legal) if view["actions_left"] == 1 else None

    def laid(action: Action, before: View, after: View, lines: list[str]) -> bool:
        return len(mine(after)["backstage"]) > len(mine(before)["backstage"])

    def take(view: View, legal: list[Action]) -> Action | None:
        taking = [a for a in legal if a.kind == "realize"]
        return max(taking, key=lambda a: len(a.components)) if taking else None

    def take_say(view: View, move: Action) -> str:
        objective = next(o for o in view["contest"] if o and o["id"] == move.objective)
        return (
            f"an Objective of the Contest may be taken once your Backstage holds half the "
            f"Components it shows. You hold enough for {objective['name']}: drag it onto "
            f"Your tricks, then Take it."
        )

    def took(action: Action, before: View, after: View, lines: list[str]) -> bool:
        return len(mine(after)["works"]) > len(mine(before)["works"])

    def place_say(view: View, move: Action) -> str:
        return (
            "a trick taken is built: place its missing Components around it, from your "
            "hand or your Backstage. Complete, it goes on display and scores at your next "
            "turn. Drag the Component lit in white onto it."
        )

    def talent_say(view: View, move: Action) -> str:
        magician = mine(view)["magician"]
        return (
            f"your magician's talent, free of actions: {magician['text']} The Moves panel "
            f"lists it: double-click it there to use it."
        )

    def own_tricks(view: View) -> set[Any]:
        return {w["objective"]["id"] for w in mine(view)["works"]}

    def special(view: View, legal: list[Action]) -> Action | None:
        """A Special on one's own trick first: one on another's trick helps them."""
        moves = [a for a in legal if a.kind in {"special", "transform", "take"}]
        mine_first = [a for a in moves if a.kind != "special" or a.trick in own_tricks(view)]
        return (mine_first or moves or [None])[0]

    def special_say(view: View, move: Action) -> str:
        card = next((c for c in view["hand"] if c["id"] == getattr(move, "card", None)), None)
        what = card["name"] if card else "This Special"
        said = (
            f"Specials are played for an action and do something once: {what} is lit "
            f"(its card says what it does when you point at it)."
        )
        if move.kind == "special" and move.trick not in own_tricks(view):
            said += (
                f" Lit here on {other}'s trick, it helps {other}, not you: play one on a "
                "trick of your own when you can."
            )
        return said

    def end(view: View, legal: list[Action]) -> Action | None:
        # Only once nothing else that teaches is there: a talent left unused was missed.
        if view["actions_left"] or any(a.kind == "talent" for a in legal):
            return None
        return next((a for a in legal if a.kind == "end-turn"), None)

    def end_say(view: View, move: Action) -> str:
        return f"both actions are spent: click End turn. You draw back up, and {other} plays."

    def finished(view: View, log: list[str]) -> bool:
        return bool(mine(view)["tricks"]) or view["phase"] == "over"

    def summary(view: View, log: list[str]) -> str:
        tricks = mine(view)["tricks"]
        if not tricks:
            return "The match is over: play another, or start a new game."
        trick = tricks[-1]
        return (
            f"{trick['trick']} is performed and scores: {trick['sum']}. You have "
            f"{mine(view)['score']} of the {view['target']} points that win. A trick scores "
            f"its level, a point more for each Component of the exact type it shows, and "
            f"more again for each further trick of one domain. Play on!"
        )

    return Guide(
        "illusio",
        "Illusio",
        13,  # a deal where every lesson's moment comes (tests/table/test_guides.py)
        ({"name": "Ana", "bot": None}, {"name": other, "bot": "showman"}),
        (
            Lesson(
                "the Backstage",
                component,
                lambda view, move: (
                    "your hand holds Components (props, animals, boxes…) and Specials. "
                    "Tricks are built from Components in your Backstage: drag the one lit "
                    "in white onto Your Backstage."
                ),
                laid,
            ),
            Lesson(
                "two actions a turn",
                second,
                lambda view, move: (
                    "a turn has two actions (the line under the title counts them): lay "
                    "another Component in your Backstage."
                ),
                laid,
            ),
            Lesson("taking an Objective", take, take_say, took),
            Lesson("building a trick", first_of({"place"}), place_say, always_learnt),
            Lesson("your talent", first_of({"talent"}), talent_say, always_learnt),
            Lesson("Specials", special, special_say, always_learnt),
            Lesson("ending a turn", end, end_say, always_learnt),
        ),
        finished,
        summary,
        {"target": 12},
    )
