"""Incantibus's moves made on its table outside the gesture map (table/gestures.py): a
place pointed at, a token chosen, a spell cast or declined, each made with the game's own
action class. No Qt here; the actions are imported inside each function."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


def incantibus_point(place: str, index: int) -> Json:
    """Pointing the wand at a place of the tower."""
    from illusio_table.games.incantibus.actions import Point

    return Point(place=place, index=index).to_json()


def incantibus_choose(target: int) -> Json:
    """The token chosen for a spell or a decision (stolen, taken, looked at, thrown)."""
    from illusio_table.games.incantibus.actions import Choose

    return Choose(target=target).to_json()


def incantibus_cast(card: int) -> Json:
    from illusio_table.games.incantibus.actions import Cast

    return Cast(card=card).to_json()


def incantibus_decline() -> Json:
    from illusio_table.games.incantibus.actions import Decline

    return Decline().to_json()
