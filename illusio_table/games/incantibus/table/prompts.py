"""What a seat of Incantibus is asked now, in words: the heading of its screen on the
desktop and the phone alike (table/seat_screen.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.protocol import listed
from illusio_table.table.prompts import waiting_for

# The decisions an Incantibus resolution waits for, by their kind in the view.
DECISIONS = {
    "overflow": "Your satchel is full: choose the token to throw into the moat.",
    "spell": "Cast a spell: choose one of the open spell cards.",
    "spell-optional": "You may cast one more spell: choose an open spell card, or cast no spell.",
    "alkimia": "Alkimia: choose an ingredient, weapon or gold in another satchel to steal.",
    "retiro": "Retiro: choose a token in the moat to take.",
    "imperium": "Imperium: choose a face-up token of the room to take.",
    "oculus": "Oculus: choose a face-down token of the room to look at.",
}


# What another seat's decision is about, for those who wait for it.
WAITING = {
    "overflow": "throws a token out of a full satchel",
    "spell": "casts a spell",
    "alkimia": "steals with Alkimia",
    "retiro": "takes from the moat with Retiro",
    "imperium": "takes from the room with Imperium",
    "oculus": "looks at a face-down token with Oculus",
}


def decision_words(decision: dict[str, Any]) -> str:
    """The words of a decision asked of the seat that reads them."""
    if decision["kind"] == "spell" and decision.get("optional"):
        return DECISIONS["spell-optional"]
    return DECISIONS[decision["kind"]]


def _waiting_for(view: dict[str, Any], names: list[str]) -> str:
    """Whom a seat that has pointed waits for: the seats that have not chosen."""
    chosen = set(view.get("chosen") or [])
    left = [s for s in range(len(names)) if s not in chosen]
    return waiting_for(names, left) or "Waiting for the others…"


def prompt(
    view: dict[str, Any], seat: int | None, names: list[str], chosen: str, legal: Sequence[Action]
) -> str:
    decision = view.get("decision")
    if view.get("phase") == "over":
        # Whom the game went to, on both screens (the phone's header said only that it
        # was over, the big screen's title who won).
        scores = view.get("scores") or {}
        won = listed(names[s] for s in scores.get("winners", []))
        return f"The game is over: {won} won." if won else "The game is over."
    if decision and decision["seat"] == seat:
        return decision_words(decision)
    if decision:
        doing = WAITING.get(decision["kind"], "decides")
        return f"Waiting: {names[decision['seat']]} {doing}."
    if chosen:
        wands = view.get("wands") or []
        wand = f" with your wand {wands[seat]}" if seat is not None and seat < len(wands) else ""
        waiting = _waiting_for(view, names)
        return f"You have chosen: {chosen[:1].lower()}{chosen[1:]}{wand}. {waiting}"
    if legal:
        return (
            f"Point your wand at {'a sorcerer' if view.get('dungeon') is not None else 'a token'}."
        )
    if view.get("phase") == "casting" and seat is None:
        return "Every wizard chooses at once."
    return "Watching."
