"""Everything Odds and evens supplies above its engine, declared once (table/kits.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from illusio_table.engine import Action
from illusio_table.table.gestures import Gesture
from illusio_table.table.guide import Guide, Lesson
from illusio_table.table.kits import Kit


def gestures(view: dict[str, Any], legal: list[Action], seat: int | None) -> list[Gesture]:
    """A hand of one finger and a hand of two lie on the table: click the one to show."""
    return [Gesture(action, ("hand", action.to_json()["fingers"])) for action in legal]


def prompt(
    view: dict[str, Any], seat: int | None, names: list[str], chosen: str, legal: list[Action]
) -> str:
    if seat is None:
        return ""
    if chosen:
        return f"{chosen}: wait for the other hand."
    side = view["sides"][seat]
    return f"Choose one finger or two: you play {side}."


def guide() -> Guide:
    def show(view: dict[str, Any], legal: list[Action]) -> Action | None:
        return legal[0] if legal else None

    return Guide(
        game_id="odds",
        title="Odds and evens",
        seed=5,
        players=({"name": "You", "bot": None}, {"name": "Bot", "bot": "random"}),
        lessons=(
            Lesson(
                "showing",
                show,
                lambda view, move: (
                    "you play Odd: show one finger or two; an odd sum is your point."
                ),
                lambda action, before, after, lines: True,
            ),
        ),
        finished=lambda view, log: any("a point for" in line for line in log),
        summary=lambda view, log: "A point is scored: play on to three.",
    )


KIT = Kit(
    game_id="odds",
    rules="tests.odds.rules:OddsGame",
    gestures=gestures,
    scene="tests.odds.scene:OddsScene",
    prompt=prompt,
    guide=guide,
    picture_moves=2,
    phone=Path(__file__).with_name("phone.js"),
    phone_words=None,
    cards=None,
    tour=None,
    rehearsal=None,
    choose_at_once=False,
)
