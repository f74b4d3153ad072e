"""The moments of an Illusio match (the keys of `Illusio.phases`)."""

from __future__ import annotations

from typing import Final


class IllusioPhase:
    """The moments of an Illusio match: a turn, letting go of cards at its end, the end.

    Plain words in a plain class, not an Enum: on Python 3.11 each read of an Enum's
    member goes through the Enum class's `__getattr__` hook and costs five times this,
    and the rules test the phase several times a move (measured in Illuminati: random
    self-play 6 % slower). A misspelt phase is still refused, by mypy and at run time."""

    TURN: Final = "turn"
    DISCARD: Final = "discard"
    OVER: Final = "over"
