"""What a seat of Illusio is asked now, in words, for the desktop and the phone alike
(table/prompts.py)."""

from __future__ import annotations

from typing import Any

from illusio_table.table.prompts import counted


def prompt(view: dict[str, Any], seat: int, names: list[str], chosen: str) -> str:
    if view.get("phase") == "discard" and view.get("current") == seat:
        over = len(view["hand"]) - view["hand_limit"]
        return f"Your hand is over {view['hand_limit']}: discard {counted(over, 'card')}."
    return ""
