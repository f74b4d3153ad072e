"""Illuminati's guided first game (table/guide.py)."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import Action
from illusio_table.table.guide import (
    SEAT,
    Guide,
    Lesson,
    View,
    always_learnt,
)


def guide() -> Guide:
    name, other = "Ana", "Lera"

    def controlled(view: View) -> list[dict[str, Any]]:
        structure = next(s for s in view["structures"] if s["seat"] == SEAT)
        cards: list[dict[str, Any]] = structure["cards"]
        return cards

    def attack(view: View, legal: list[Action]) -> Action | None:
        mine = {c["id"] for c in controlled(view)}
        easy = [
            a
            for a in legal
            if a.kind == "attack"
            and a.how == "control"
            and not a.aiders
            and a.privilege is None
            and a.target in view["uncontrolled"]
            and a.attacker in mine
        ]
        return easy[0] if easy else None

    def attack_say(view: View, move: Action) -> str:
        return (
            "your turn: take an uncontrolled Group into your Power Structure. Drag your "
            "Illuminati onto the Group lit in white (its badge says the roll it needs), "
            "then click Attack. A Group taken hangs from a free arrow of its taker, and its "
            "own arrows may take more."
        )

    def money(view: View, legal: list[Action]) -> Action | None:
        if not view["attack"] or view["attack"]["seat"] == SEAT:
            return None
        return next((a for a in legal if a.kind == "pass"), None)

    def spend(view: View, legal: list[Action]) -> Action | None:
        if not view["attack"] or view["attack"]["seat"] != SEAT:
            return None
        mine = view["my_illuminati"]
        spends = [a for a in legal if a.kind == "spend" and a.source == mine]
        # Five is one of the amounts the table offers, and makes a hard roll a likely one.
        return next((a for a in spends if a.amount == 5), spends[0] if spends else None)

    def spend_say(view: View, move: Action) -> str:
        return (
            f"money on your attack: each MB you spend adds one to the number the dice must "
            f"not beat. Put {move.amount} MB down from your Illuminati's treasury (click "
            f"its coin); the others may then add theirs, for or against."
        )

    def money_say(view: View, move: Action) -> str:
        return (
            f"{other} attacks. While money goes down, every player may add some, for the "
            f"attack or against it. Click Nothing this round, lit in white, to put nothing "
            f"down this time round (Out of this attack, beside it, keeps you out of it until "
            f"its dice)."
        )

    def end(view: View, legal: list[Action]) -> Action | None:
        if view["actions_left"]:
            return None
        return next((a for a in legal if a.kind == "end-turn"), None)

    def end_say(view: View, move: Action) -> str:
        return (
            "your actions are spent: click End turn. Your next turns begin with income, "
            "each card paying into its own treasury."
        )

    def finished(view: View, log: list[str]) -> bool:
        # Till the newcomer's second turn has begun, with its income.
        turns = sum(line == f"— {name}'s turn —" for line in log)
        again = view["current"] == SEAT and view["phase"] == "actions"
        return view["phase"] == "over" or (turns >= 2 and again)

    def summary(view: View, log: list[str]) -> str:
        cards = controlled(view)
        groups = len(cards) - 1
        money = sum(c.get("money", 0) for c in cards)
        income = next((line for line in reversed(log) if line.startswith(f"{name} collects")), "")
        return (
            f"{income} Your turn began with income: each Group you control pays the Income "
            f"on its card into its own treasury. Your Power Structure holds {groups} "
            f"Group{'s' * (groups != 1)} beside your "
            f"Illuminati, with {money} MB in their treasuries; controlling {view['goal']} "
            f"Groups wins (or your Illuminati's own goal, on its card). Play on!"
        )

    return Guide(
        "illuminati",
        "Illuminati",
        2,
        ({"name": name, "bot": None}, {"name": other, "bot": "schemer"}),
        (
            Lesson("money against an attack", money, money_say, always_learnt),
            Lesson("taking a Group", attack, attack_say, always_learnt),
            Lesson("money on your attack", spend, spend_say, always_learnt),
            Lesson("ending a turn", end, end_say, always_learnt),
        ),
        finished,
        summary,
    )
