"""What a seat of Incantibus is asked now, in words: the heading of its screen on the
desktop and the phone alike (table/seat_screen.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.protocol import Event, listed
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


def aftermath(view: dict[str, Any], names: list[str], since: Sequence[Event]) -> list[str]:
    """What came of the last casting after its targets, in few words, from the log's
    events since its reveal (`since`): each spell cast with what it gave ("Ana casts
    Alkimia: Ana steals the 3 Gold from Juno."), and the room's end (its last token into
    the moat, the next room or the dungeon). The desktop's Last casting box and the
    phone's say these same lines."""
    said: list[str] = []
    gave: list[str] | None = None  # what the last spell cast gave, line by line
    cast = ""
    for event in since:
        data = event.data or {}
        if event.text.startswith(("The last token", "A new potion", "A new book")):
            # The room's end begins (its last token into the moat, a new potion or book
            # opened): no spell's doing, and told with the room's end below.
            gave = None
            continue
        if gave is not None and not data and not event.text.endswith(" has chosen."):
            # What the spell gave, as the log says it ("Ana casts Oculus." said nothing
            # of the 2 Gold she took with it); a new card opened is the log's alone.
            if not event.text.startswith("A new spell card"):
                gave.append(event.text)
                said[-1] = f"{cast}: {' '.join(gave)}"
            continue
        gave = None
        if "cast" in data:
            cast = f"{names[data['seat']]} casts {data['cast']}"
            said.append(f"{cast}.")
            gave = []
        elif "room_over" in data:
            ended = f"The {data['room_over']} is emptied"
            if data["fell"]:
                last = ", ".join(data["fell"])
                ended = f"The {data['room_over']} is done, its last token ({last}) to the moat"
            if view["dungeon"] is not None:
                said.append(f"{ended}: down to the dungeon, the final battle.")
            else:
                said.append(f"{ended}: on to the {view['room']['name']}.")
    return said


def words(view: dict[str, Any], names: list[str], since: Sequence[Event] = ()) -> dict[str, str]:
    """The lines beside the view (its kit's `phone_words`), the same on both screens:
    the Last casting's, each target as it truly was and then what came of it (the
    phone listed the targets alone, where the big screen's box told the spells cast and
    the room's end too), one a line under "last_casting"."""
    if not view.get("last_casting"):
        return {}
    lines = [e["line"] for e in view["last_casting"]] + aftermath(view, names, since)
    return {"last_casting": "\n".join(lines)}
