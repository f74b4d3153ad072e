"""The money that could go down on the attacker's side of an attack being set up, as the
attacking seat's screen knows it (its own treasuries and Specials, the others' Illuminati
treasuries lying open): a table tells a hopeless attack from one that money may save."""

from __future__ import annotations

from typing import Any

MONEY_SPECIALS = {"slush-fund": 15, "swiss-bank-account": 25}  # MB into one's Illuminati


def money_within_reach(
    view: dict[str, Any], attacker: str, target: str, privileged: bool
) -> tuple[int, int | None]:
    """(the seat's own money that could go down, the other players' Illuminati money that
    could), from the seat's view: its attacking Group's and its Illuminati's treasuries
    (the whole structure's and 5 MB more with White Collar Crime, and what its Slush Fund
    or Swiss Bank Account would bring), and each other player's Illuminati treasury but
    the defender's (none in a privileged attack: nobody may interfere). The others' part
    is None where a treasury it counts is hidden from the seat, and so is all of it where
    the seat's own Specials are hidden from this screen: then anything could."""
    me = view["me"]
    structures = {s["seat"]: s for s in view["structures"]}
    mine = structures[me]["cards"]
    defender = next(
        (s for s, st in structures.items() if any(c["id"] == target for c in st["cards"])), None
    )
    if view.get("hidden_specials"):  # held, but not shown on this screen
        return 0, None
    held = {card.split("#")[0] for card in view.get("my_specials") or []}
    if "white-collar-crime" in held:
        own = sum(c["money"] or 0 for c in mine) + 5
    else:
        top = next(c["id"] for c in mine if c["master"] is None)
        own = sum(c["money"] or 0 for c in mine if c["id"] in (attacker, top))
    own += sum(amount for kind, amount in MONEY_SPECIALS.items() if kind in held)
    if privileged:
        return own, 0
    others = 0
    for seat, structure in structures.items():
        if seat in (me, defender) or structure["eliminated"]:
            continue
        money = next(c["money"] for c in structure["cards"] if c["master"] is None)
        if money is None:
            return own, None
        others += money
    return own, others
