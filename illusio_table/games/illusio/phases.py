"""The moments of an Illusio match (the keys of `Illusio.phases`)."""

from __future__ import annotations

from enum import StrEnum


class IllusioPhase(StrEnum):
    """The moments of an Illusio match: a turn, letting go of cards at its end, the end."""

    TURN = "turn"
    DISCARD = "discard"
    OVER = "over"
