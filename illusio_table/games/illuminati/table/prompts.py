"""What a seat of Illuminati is asked now, in words, for the desktop and the phone alike
(table/prompts.py)."""

from __future__ import annotations

from typing import Any


def prompt(view: dict[str, Any], seat: int, names: list[str], chosen: str) -> str:
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


def attack_needs(attack: dict[str, Any]) -> str:
    """The roll an Illuminati attack under way needs and its chance, from its view, in the
    words said everywhere else (`needs_words`), on the desktop and the phone."""
    from illusio_table.games.illuminati.attack import needs_words  # (the rules, when asked)

    return f"It {needs_words(attack['target_number'])}."


def last_roll(outcome: dict[str, Any]) -> str:
    """The dice of the last attack against what it needed, from the view's `outcome`, in
    the log's words (`rolled_words`)."""
    from illusio_table.games.illuminati.attack import rolled_words  # (the rules, when asked)

    return rolled_words(outcome["roll"], outcome["needed"])


def phone_words(view: dict[str, Any]) -> dict[str, str]:
    """The phone is told the roll and chance of the attack under way in the desktop's
    words (its kit's `phone_words`)."""
    attack = view.get("attack")
    under_way = isinstance(attack, dict) and "target_number" in attack
    return {"attack_needs": attack_needs(attack) if under_way else ""}
