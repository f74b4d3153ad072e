"""What a seat is asked to do now, in words, for the desktop's prompt and the phone's
heading alike (never raw ids): read from the seat's view and its moves, no Qt.

The words name the choice, not the gesture ("choose", never "click" or "tap"): each
screen adds how it is made where it draws its own hint.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def counted(n: int, thing: str, things: str = "") -> str:
    """'1 card', '2 cards', '0 cards': a count as it is said ("1 card(s)" reads as a
    form, not a table; `things` where the plural is not `thing` + s)."""
    return f"{n} {thing if n == 1 else things or thing + 's'}"


# The decisions an Incantibus resolution waits for, by their kind in the view.
INCANTIBUS_DECISIONS = {
    "overflow": "Your satchel is full: choose the token to throw into the moat.",
    "spell": "Cast a spell: choose one of the open spell cards.",
    "spell-optional": "You may cast one more spell: choose an open spell card, or cast no spell.",
    "alkimia": "Alkimia: choose an ingredient, weapon or gold in another satchel to steal.",
    "retiro": "Retiro: choose a token in the moat to take.",
    "imperium": "Imperium: choose a face-up token of the room to take.",
    "oculus": "Oculus: choose a face-down token of the room to look at.",
}
# What another seat's decision is about, for those who wait for it.
INCANTIBUS_WAITING = {
    "overflow": "throws a token out of a full satchel",
    "spell": "casts a spell",
    "alkimia": "steals with Alkimia",
    "retiro": "takes from the moat with Retiro",
    "imperium": "takes from the room with Imperium",
    "oculus": "looks at a face-down token with Oculus",
}


def incantibus_decision(decision: dict[str, Any]) -> str:
    """The words of a decision asked of the seat that reads them."""
    if decision["kind"] == "spell" and decision.get("optional"):
        return INCANTIBUS_DECISIONS["spell-optional"]
    return INCANTIBUS_DECISIONS[decision["kind"]]


def incantibus(view: dict[str, Any], seat: int, names: list[str], chosen: str) -> str:
    decision = view.get("decision")
    if view.get("phase") == "over":
        return "The game is over."
    if decision and decision["seat"] == seat:
        return incantibus_decision(decision)
    if decision:
        doing = INCANTIBUS_WAITING.get(decision["kind"], "decides")
        return f"Waiting: {names[decision['seat']]} {doing}."
    if chosen:
        wands = view.get("wands") or []
        wand = f" with your wand {wands[seat]}" if seat < len(wands) else ""
        return f"You have chosen: {chosen[:1].lower()}{chosen[1:]}{wand}. Waiting for the others…"
    return ""


def illuminati(view: dict[str, Any], seat: int, names: list[str], chosen: str) -> str:
    phase = view.get("phase")
    if phase == "goals":
        return "Choose the goal you will secretly pursue."
    if phase == "income":
        return "Collect your income to begin your turn."
    offer = view.get("offer")
    if offer and view.get("me") == seat and phase in ("consent", "asked"):
        group = _card_name(view, offer["group"])
        giver, receiver = names[offer["giver"]], names[offer["receiver"]]
        if phase == "asked":
            return f"{receiver} asks you for {group}{_in_return(view, offer)}: give it, or keep it."
        if offer["asked"]:
            return f"{giver} gives you {group}: place it on a free arrow."
        return f"{giver} offers you {group}: place it on a free arrow, or refuse it."
    return ""


def _in_return(view: dict[str, Any], offer: dict[str, Any]) -> str:
    """What is given for a Group asked for: a Group of the asker's in exchange, a price."""
    given = [_card_name(view, offer["swap"])] if offer.get("swap") else []
    given += [f"{offer['price']} MB"] if offer["price"] else []
    return f" for {' and '.join(given)}" if given else " as a gift"


def _card_name(view: dict[str, Any], card: str) -> str:
    """A card's name as the view writes it in a Power Structure."""
    for structure in view["structures"]:
        for c in structure["cards"]:
            if c["id"] == card:
                return str(c["name"])
    return card


def illusio(view: dict[str, Any], seat: int, names: list[str], chosen: str) -> str:
    if view.get("phase") == "discard" and view.get("current") == seat:
        over = len(view["hand"]) - view["hand_limit"]
        return f"Your hand is over {view['hand_limit']}: discard {counted(over, 'card')}."
    return ""


# What a game's kit says a seat is asked (table/kits.py): from the view, the seat, the
# seats' names and the words of the secret choice it has made.
Prompt = Callable[[dict[str, Any], int, list[str], str], str]


def attack_needs(attack: dict[str, Any]) -> str:
    """The roll an Illuminati attack under way needs and its chance, from its view, in the
    same words on the desktop and the phone (11 and 12 always fail; below 2 it cannot
    succeed unless money goes down)."""
    number = attack["target_number"]
    if number < 2:
        return f"It cannot succeed as it stands: it needs {2 - number} MB more."
    return f"Needs {min(number, 10)} or less: {attack['chance']:.0%} (11, 12 fail)"
