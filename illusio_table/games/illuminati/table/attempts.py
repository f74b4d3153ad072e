"""Illuminati's moves made on its table outside the gesture map (table/gestures.py): a
plain attack to control, made with the game's own action class. No Qt here; the
action is imported inside the function."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


def illuminati_control(attacker: str, target: str) -> Json:
    """A plain attack to control, of `attacker` on `target`."""
    from illusio_table.games.illuminati.actions import Attack

    return Attack(how="control", attacker=attacker, target=target).to_json()
