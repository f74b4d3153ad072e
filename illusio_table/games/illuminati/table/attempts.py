"""Illuminati's moves made on its table outside the gesture map (table/gestures.py): a
plain attack to control, made with the game's own action class; and what a drop means
where it is no legal move, for the engine to say why. No Qt here; the actions are
imported inside the functions."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


def illuminati_control(attacker: str, target: str) -> Json:
    """A plain attack to control, of `attacker` on `target`."""
    from illusio_table.games.illuminati.actions import Attack

    return Attack(how="control", attacker=attacker, target=target).to_json()


def illuminati_drop(source: Any, key: Any) -> Json | None:
    """A Group dropped on a player where no gift of it is legal (one's Illuminati, say,
    held over another player's area): the gift it would be, so that the engine says why
    not ("Not possible there." alone left the person guessing)."""
    from illusio_table.games.illuminati.actions import GiveGroup

    if source[0] == "group" and key[0] == "seat":
        return GiveGroup(group=source[1], seat=key[1]).to_json()
    return None
