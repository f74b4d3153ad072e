"""Illusio's view in words, panel by panel, for the plain table (reads the view only)."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import SetChoice

from .cards import load


def _card(card: dict[str, Any]) -> str:
    if "now_name" in card:
        return f"{card['name']} (now {card['now_name']})"
    return card["name"]


def _cards(cards: list[dict[str, Any]]) -> str:
    return ", ".join(_card(c) for c in cards) or "nothing"


def _objective(o: dict[str, Any]) -> str:
    cards = load()
    needs = ", ".join(cards.name(n) for n in o["needs"])
    return f"{o['name']} — {cards.name(o['domain'])} {o['level']}: {needs}"


def _work(w: dict[str, Any]) -> list[str]:
    o = w["objective"]
    done = len(w["components"])
    state = "ON DISPLAY" if w["displayed"] else f"{done}/{done + w['missing']}"
    lines = [f"{state} {_objective(o)}", f"   around it: {_cards(w['components'])}"]
    if w["specials"]:
        lines.append(
            f"   on it: {_cards(w['specials'])}" + (" (Encore holds it)" if w["encore"] else "")
        )
    return lines


def panels(view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    seats = view["seats"]
    current = seats[view["current"]]["name"]
    if view["phase"] == "over":
        turn = ["The game is over."] + view["scores"]["explanation"]
    elif view["phase"] == "discard":
        turn = [f"{current} lets go of cards down to {view['hand_limit']}."]
    else:
        left = view["actions_left"]
        turn = [f"Turn {view['turn']}: {current}, {left} action{'s' * (left != 1)} left."]
    turn.append(f"First to {view['target']} points wins.")
    found: list[tuple[str, list[str]]] = [("Turn", turn)]
    found.append(("Contest", [_objective(o) for o in view["contest"] if o is not None]))
    if view["hand"] is not None:
        found.append(("Your hand", [_card(c) for c in view["hand"]] or ["empty"]))
    for number, seat in enumerate(seats):
        m = seat["magician"]
        used = seat["talent_used"]
        talent = "automatic" if used is None else ("used this round" if used else "ready")
        lines = [
            f"{seat['score']} point{'s' * (seat['score'] != 1)} · "
            f"{seat['hand']} card{'s' * (seat['hand'] != 1)} in hand",
            f"{m['name']}, talent {talent}: {m['text']}",
            f"Backstage: {_cards(seat['backstage'])}",
        ]
        for w in seat["works"]:
            lines += _work(w)
        for t in seat["tricks"]:
            lines.append(f"Scored {t['trick']}: {t['points']}")
        marker = " (you)" if number == view["me"] else ""
        found.append((f"{seat['name']}{marker}", lines))
    top = view["discard"][-1]["name"] if view["discard"] else "empty"
    found.append(
        (
            "Decks",
            [
                f"Objectives: {view['objective_deck']} in the deck, "
                f"{len(view['objective_discard'])} given up",
                f"Cards: {view['deck']} in the deck; discard pile {len(view['discard'])}, "
                f"top {top}",
            ],
        )
    )
    return found


def standing(view: dict[str, Any]) -> list[str]:
    """Each magician's score, as the Seats panel shows it."""
    return [f"{s['score']} point{'s' * (s['score'] != 1)}" for s in view["seats"]]


def set_choices(view: dict[str, Any], legal: list[Any]) -> list[SetChoice]:
    """Exchanging any cards of the hand: the person ticks them at the table."""
    if view.get("hand") is None or not any(a.kind == "exchange" for a in legal):
        return []
    cards = tuple((c["id"], c.get("now_name") or c["name"]) for c in view["hand"])
    return [SetChoice("Exchange the cards you choose…", "exchange", "cards", cards)]
