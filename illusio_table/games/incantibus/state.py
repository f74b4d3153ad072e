"""The moments of an Incantibus match and the decision a casting's resolution may wait
for: shared by the rules (rules.py) and the resolution (resolving.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from illusio_table.engine.frozen import Frozen


class IncantibusPhase:
    """The moments of an Incantibus match: a casting, a decision that a step of its
    resolution waits for, the resolution running, the end (plain words, not an Enum:
    see `IllusioPhase`)."""

    CASTING: Final = "casting"
    DECISION: Final = "decision"
    RESOLVING: Final = "resolving"
    OVER: Final = "over"


@dataclass(frozen=True)
class Decision(Frozen):
    """A step of the resolution waits for a seat to decide: which token leaves a full
    satchel ("overflow": `token` is the one just come), which spell to cast ("spell":
    `optional` when it may decline), or a spell's target (the spell's name, and `spell`)."""

    kind: str
    seat: int
    token: int | None = None
    optional: bool | None = None
    spell: str | None = None
