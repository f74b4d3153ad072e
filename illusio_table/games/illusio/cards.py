"""The cards of Illusio as frozen dataclasses: the schema of cards/illusio.yaml."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from illusio_table.data.loader import line_of, load_cards

Source = Literal["rulebook", "house"]
WHY = field(default="", metadata={"blank": True})
SMALL = {"min": 1, "max": 12}
# The mark a card shows on the table (a character the table's font has); blank: its initial.
SYMBOL = field(default="", metadata={"blank": True})


@dataclass(frozen=True)
class TurnRules:
    start_hand: int = field(metadata=SMALL)
    draw_below: int = field(metadata=SMALL)
    draw_up_to: int = field(metadata=SMALL)
    hand_limit: int = field(metadata=SMALL)
    actions: int = field(metadata=SMALL)
    contest: int = field(metadata=SMALL)
    realizing: int = field(metadata=SMALL)
    target: int = field(metadata={"min": 1, "max": 99})
    source: Source = "rulebook"
    why: str = WHY


@dataclass(frozen=True)
class Domain:
    id: str
    name: str
    colour: str
    source: Source
    symbol: str = SYMBOL
    # The domain's word in shorter forms, longest first, for small cards where the whole
    # one does not fit ("Ment." for "Mentalism"); none: the name is short.
    short: tuple[str, ...] = ()
    why: str = WHY


@dataclass(frozen=True)
class Group:
    """A group of Components; `types` is empty for Audience and Formula, which have none."""

    id: str
    name: str
    colour: str
    types: tuple[str, ...]
    source: Source
    symbol: str = SYMBOL
    # The group's word in shorter forms, longest first, for small cards where the whole
    # one does not fit ("Acc." for "Accessories"); none: the name is short. No singular:
    # "Accessory" beside "Formulas" on one table read as two rules, and "Trick" on a chip
    # among "Your tricks" as a trick.
    short: tuple[str, ...] = ()
    why: str = WHY


@dataclass(frozen=True)
class ComponentKind:
    id: str
    name: str
    group: str
    source: Source
    count: int = field(default=1, metadata={"min": 0, "max": 20})
    symbol: str = SYMBOL
    why: str = WHY


SpecialEffect = Literal["transform", "take", "encore", "immediate-success", "deja-vu", "grand"]


@dataclass(frozen=True)
class SpecialKind:
    id: SpecialEffect
    name: str
    text: str
    source: Source
    count: int = field(default=1, metadata={"min": 0, "max": 20})
    symbol: str = SYMBOL
    why: str = WHY


Talent = Literal[
    "stand-in", "metamorphosis", "sleight", "second-sight", "scavenger", "pickpocket", "bonus"
]


@dataclass(frozen=True)
class Magician:
    id: str
    name: str
    talent: Talent
    text: str
    source: Source
    domain: str | None = None  # the domain a `bonus` talent rewards
    why: str = WHY


@dataclass(frozen=True)
class Objective:
    id: str
    name: str
    domain: str
    level: int = field(metadata={"min": 1, "max": 4})
    needs: tuple[str, ...] = ()
    source: Source = "house"
    why: str = WHY


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one per card file read
class IllusioCards:
    game: str
    version: int
    rules: TurnRules
    domains: tuple[Domain, ...]
    groups: tuple[Group, ...]
    components: tuple[ComponentKind, ...]
    specials: tuple[SpecialKind, ...]
    magicians: tuple[Magician, ...]
    objectives: tuple[Objective, ...]

    @cached_property
    def kinds(self) -> dict[str, ComponentKind | SpecialKind]:
        kinds: dict[str, ComponentKind | SpecialKind] = {k.id: k for k in self.components}
        kinds.update((k.id, k) for k in self.specials)
        return kinds

    @cached_property
    def group_of(self) -> dict[str, str]:
        """The group of every Component kind and of every requirement (a type or a group)."""
        found = {k.id: k.group for k in self.components}
        found.update({g.id: g.id for g in self.groups})
        return found

    @cached_property
    def typed(self) -> frozenset[str]:
        """Kinds that are a type of a group, so that meeting them exactly pays a bonus."""
        return frozenset(t for g in self.groups for t in g.types)

    @cached_property
    def names(self) -> dict[str, str]:
        """The name of every kind, group and domain; a kind's name first, then a group's."""
        names = {d.id: d.name for d in self.domains}
        names.update((g.id, g.name) for g in self.groups)
        names.update((k, kind.name) for k, kind in self.kinds.items())
        return names

    def name(self, some_id: str) -> str:
        return self.names.get(some_id, some_id)


def check(cards: IllusioCards, path: Path) -> list[str]:
    """Cross-references the YAML cannot express; each problem as `file:line: message`."""
    problems = []

    def problem(message: str, *needles: str) -> None:
        problems.append(f"{path}:{line_of(path, *needles)}: {message}")

    groups = {g.id: g for g in cards.groups}
    domains = {d.id for d in cards.domains}
    for kind in cards.components:
        group = groups.get(kind.group)
        if group is None:
            problem(f"component {kind.id!r} is in {kind.group!r}, which is no group", kind.id)
        elif group.types and kind.id not in group.types:
            problem(f"component {kind.id!r} is not one of the types of {group.id!r}", kind.id)
        elif not group.types and kind.id != group.id:
            problem(f"the typeless group {group.id!r} has one Component, named like it", kind.id)
    for group in cards.groups:
        for type_id in group.types:
            if not any(k.id == type_id for k in cards.components):
                problem(f"group {group.id!r} lists {type_id!r}, which is no component", group.id)
    supply = Counter(cards.group_of.get(k.id) for k in cards.components for _ in range(k.count))
    for m in cards.magicians:
        if (m.talent == "bonus") != (m.domain is not None):
            problem(f"magician {m.id!r}: a domain goes with a bonus talent, and only there", m.id)
        if m.domain is not None and m.domain not in domains:
            problem(f"magician {m.id!r} rewards {m.domain!r}, which is no domain", m.id)
    for o in cards.objectives:
        if o.domain not in domains:
            problem(f"objective {o.id!r} is in {o.domain!r}, which is no domain", o.id)
        for need in o.needs:
            if need not in cards.group_of:
                problem(f"objective {o.id!r} needs {need!r}, which is no type or group", o.id)
        if not o.needs:
            problem(f"objective {o.id!r} needs nothing", o.id)
        asked = Counter(cards.group_of.get(n) for n in o.needs)
        for group_id, number in asked.items():
            if group_id is not None and number > supply[group_id]:
                problem(f"objective {o.id!r} can never be finished: too few {group_id}", o.id)
    return problems


@cache
def load(folder: Path | None = None) -> IllusioCards:
    """The card data, read once per program run (bots start thousands of games)."""
    return load_cards("illusio", IllusioCards, folder, check)
