"""Numbered cards of one card file: what the engine looks up on every move."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from illusio_table.engine.frozen import Frozen

from .cards import IllusioCards


@dataclass(frozen=True)
class CardInfo(Frozen):
    """One card of the Components/Special actions deck."""

    id: int
    kind: str
    name: str
    special: bool
    group: str | None  # None for a Special action


@dataclass(frozen=True)
class ObjectiveInfo(Frozen):
    id: int
    key: str
    name: str
    domain: str
    level: int
    needs: tuple[str, ...]
    groups: dict[str, int]  # how many Components of each group it takes
    types: dict[str, int]  # how many of each exact type it asks for (the bonus)
    half: int  # Components needed to take it from the Contest (half, rounded up)


@cache
def catalog(cards: IllusioCards) -> tuple[tuple[CardInfo, ...], tuple[ObjectiveInfo, ...]]:
    deck: list[CardInfo] = []
    for kind in cards.components:
        for _ in range(kind.count):
            deck.append(CardInfo(len(deck), kind.id, kind.name, False, kind.group))
    for special in cards.specials:
        for _ in range(special.count):
            deck.append(CardInfo(len(deck), special.id, special.name, True, None))
    objectives = tuple(
        ObjectiveInfo(
            number,
            o.id,
            o.name,
            o.domain,
            o.level,
            o.needs,
            dict(Counter(cards.group_of[n] for n in o.needs)),
            dict(Counter(n for n in o.needs if n in cards.typed)),
            (len(o.needs) + 1) // 2,
        )
        for number, o in enumerate(cards.objectives)
    )
    return tuple(deck), objectives


def fits(objective: ObjectiveInfo, groups: list[str]) -> bool:
    """Whether Components of these groups can all stand around the Objective at once.

    Every need is met by any Component of its group (a type by its group's others), so
    a set fits exactly when no group brings more Components than the Objective takes.
    """
    asked = objective.groups
    return all(asked.get(g, 0) >= n for g, n in Counter(groups).items())


def exact_bonus(objective: ObjectiveInfo, kinds: list[str]) -> int:
    """+1 for each Component of a type the Objective asks for by name."""
    have = Counter(kinds)
    return sum(min(n, have[t]) for t, n in objective.types.items())
