"""Illuminati's view in words, panel by panel, for the plain table (reads the view only)."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import AmountChoice

from .attack import needs_words
from .cards import load


def _name(card: str) -> str:
    cards = load()
    if card in cards.group:
        return cards.group[card].name
    return next((i.name for i in cards.illuminati if i.id == card), card)


def _summary(card: str) -> str:
    """Power/transferable, Resistance, Income and alignments, as printed."""
    cards = load()
    if card not in cards.group:
        return _name(card)
    g = cards.group[card]
    aligned = ", ".join(cards.name(a) for a in g.alignments)
    return f"{g.name} {g.power}/{g.transferable} R{g.resistance} I{g.income}" + (
        f" ({aligned})" if aligned else ""
    )


def _money(value: int | None) -> str:
    return "?" if value is None else f"{value} MB"


def panels(view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    names = [s["name"] for s in view["structures"]]
    current = names[view["current"]]
    acts, free = view["actions_left"], view["free_transfers"]
    turn = [
        f"{current}'s turn: {acts} action{'s' * (acts != 1)} left, "
        f"{free} free transfer{'s' * (free != 1)}."
    ]
    turn.append(f"Goal: {view['goal']} Groups, the Illuminati included.")
    if view["window"]:
        waiting = ", ".join(names[s] for s in view["window"]["waiting"])
        turn.append(f"Specials may be played now; waiting for {waiting}.")
    if view["dice"]:
        turn.append(f"Last roll: {view['dice'][0]} + {view['dice'][1]}.")
    if view.get("result"):
        turn = ["The game is over."] + view["result"]["explanation"]
    found: list[tuple[str, list[str]]] = [("Turn", turn)]
    attack = view["attack"]
    if attack:
        lines = [
            f"{_name(attack['attacker'])} attacks to {attack['how']} {_name(attack['target'])}"
        ]
        lines += [f"{label}: {value:+d}" for label, value in attack["lines"]]
        lines.append(f"The attack: {needs_words(attack['target_number'])}; 11 and 12 fail.")
        found.append(("Attack", lines))
    if view["my_specials"] is not None:
        kinds = {s.id: s.name for s in load().specials}
        mine = [kinds[c.split("#")[0]] for c in view["my_specials"]]
        found.append(("Your Specials", mine or ["none"]))
    for s in view["structures"]:
        out = " (out)" if s["eliminated"] else ""
        marker = " (you)" if s["seat"] == view["me"] else ""
        held = s["specials"]
        leader = _name(s["illuminati"]) if s["illuminati"] else "Illuminati face down"
        lines = [f"Leads: {leader}", f"{held} Special{'s' * (held != 1)} in hand"]
        for card in s["cards"]:
            under = f" under {_name(card['master'])}" if card["master"] else ""
            lines.append(f"{card['name']}{under}: {_money(card['money'])}")
        title = f"{names[s['seat']]}{marker}{out}"
        found.append((title, lines))
    found.append(("Uncontrolled", [_summary(g) for g in view["uncontrolled"]] or ["none"]))
    found.append(
        (
            "Piles",
            [
                f"Deck: {view['deck']} cards",
                f"Dead: {', '.join(_name(g) for g in view['dead']) or 'none'}",
            ],
        )
    )
    return found


def standing(view: dict[str, Any]) -> list[str]:
    """Groups held by each player, as the Seats panel shows them."""
    found = []
    for structure in view["structures"]:
        groups = len(structure["cards"]) - 1  # the Illuminati card is no Group
        found.append("out" if structure["eliminated"] else f"{groups} Group{'s' * (groups != 1)}")
    return found


def set_choices(view: dict[str, Any], legal: list[Any]) -> list[AmountChoice]:
    """Money moved, given or spent in any amount: one choice per move of money, the
    person types how much (the list offers 1, 5, 10 and all)."""
    most: dict[tuple, Any] = {}
    for action in legal:
        if action.kind in ("transfer", "give-money", "spend"):
            key = (action.kind, *(v for f, v in vars(action).items() if f != "amount"))
            if key not in most or action.amount > most[key].amount:
                most[key] = action
    return [AmountChoice(a, a.amount) for a in most.values() if a.amount > 1]
