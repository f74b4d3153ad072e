"""The cards of Illuminati as frozen dataclasses: the schema of cards/illuminati.yaml."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from illusio_table.data.loader import Reading, line_of, load_cards

from .geometry import ILLUMINATI_ARROWS, Arrows

Source = Literal["rulebook", "house"]
WHY = field(default="", metadata={"blank": True})
Side = Literal["T", "B", "L", "R"]
Attack = Literal["control", "neutralize", "destroy"]
NUMBER = {"min": 0, "max": 200}


@dataclass(frozen=True)
class Alignment:
    id: str
    name: str
    source: Source
    opposite: str | None = None
    colour: str = field(default="#777777", metadata={"blank": True})  # on the table
    symbol: str = field(default="", metadata={"blank": True})  # one character of the font
    why: str = WHY


@dataclass(frozen=True)
class Rules:
    uncontrolled_at_start: int = field(metadata=NUMBER)
    pass_income: int = field(metadata=NUMBER)
    alignment_modifier: int = field(metadata=NUMBER)
    neutralize_bonus: int = field(metadata=NUMBER)
    position_bonus: tuple[int, ...]
    automatic_failure: int = field(metadata={"min": 2, "max": 13})
    free_transfers: int = field(metadata=NUMBER)
    actions: int = field(metadata=NUMBER)
    elimination_after_turn: int = field(metadata=NUMBER)
    irs_tax: int = field(metadata=NUMBER)
    source: Source = "rulebook"
    why: str = WHY


@dataclass(frozen=True)
class PlayerCount:
    players: int = field(metadata={"min": 2, "max": 8})
    goal: int = field(metadata={"min": 1, "max": 40})
    extra_income: int = field(metadata=NUMBER)
    source: Source = "rulebook"
    why: str = WHY


AbilityKind = Literal[
    "attack-bonus",  # +value on attacks of `attacks` kinds against `targets`
    "counts-as",  # counts as `alignment` when it makes one of `attacks` on `targets`
    "transfer-anywhere",  # money transfers to any Group of the Power Structure
    "resistance-against",  # Resistance `value` against attackers of `targets`
    "tax",  # no income; each other player pays `value`
    "alignment-shift",  # changes one alignment of one Group for a turn
    "extra-draw",  # pay `value` MB from this Group to draw one more card
    "guard-structure",  # +`value` Resistance to the owner's other Groups
    "paid-privilege",
    "reorganize",
    "discordian",
    "move-money",
    "draw-two",
    "two-attacks",
]


@dataclass(frozen=True)
class Ability:
    """A special ability; `targets` are Group ids, `alignment:<id>`, or `any`."""

    kind: AbilityKind
    text: str
    value: int = field(default=0, metadata=NUMBER)
    scope: Literal["any", "direct"] | None = None  # "any attempt" or the card itself
    attacks: tuple[Attack, ...] = ()
    targets: tuple[str, ...] = ()
    alignment: str | None = None


@dataclass(frozen=True)
class Goal:
    kind: Literal[
        "total-power",
        "every-alignment",
        "alignment-count",
        "money",
        "total-transferable",
        "destroyed",
        "borrowed",
    ]
    text: str
    value: int = field(default=0, metadata=NUMBER)
    alignment: str | None = None


@dataclass(frozen=True)
class Illuminati:
    id: str
    name: str
    power: int = field(metadata=NUMBER)
    transferable: int = field(metadata=NUMBER)
    income: int = field(metadata=NUMBER)
    ability: Ability | None = None
    goal: Goal | None = None
    source: Source = "rulebook"
    why: str = WHY


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    power: int = field(metadata=NUMBER)
    transferable: int = field(metadata=NUMBER)
    resistance: int = field(metadata=NUMBER)
    income: int = field(metadata={"min": -5, "max": 50})
    alignments: tuple[str, ...] = ()
    arrow_in: Side = "L"
    arrows_out: tuple[Side, ...] = ()
    abilities: tuple[Ability, ...] = ()
    source: Source = "rulebook"
    why: str = WHY


@dataclass(frozen=True)
class SpecialKind:
    id: str
    name: str
    timing: Literal[
        "after-roll", "action", "any-time", "privilege", "income", "answer", "turn-start"
    ]
    text: str
    source: Source
    count: int = field(default=1, metadata={"min": 0, "max": 5})
    why: str = WHY


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one per card file read
class IlluminatiCards:
    game: str
    version: int
    alignments: tuple[Alignment, ...]
    rules: Rules
    player_counts: tuple[PlayerCount, ...]
    illuminati: tuple[Illuminati, ...]
    specials: tuple[SpecialKind, ...]
    groups: tuple[Group, ...]
    readings: tuple[Reading, ...] = ()

    @cached_property
    def group(self) -> dict[str, Group]:
        return {g.id: g for g in self.groups}

    @cached_property
    def _arrows(self) -> dict[str, Arrows]:
        return {g.id: Arrows(g.arrow_in, g.arrows_out) for g in self.groups}

    def arrows(self, card: str) -> Arrows:
        """A card's arrows: a Group's as printed; any other card is an Illuminati.
        Structures ask the cards, not the game, so that a game is no cycle of references
        and reference counting frees it at once."""
        return self._arrows.get(card, ILLUMINATI_ARROWS)

    @cached_property
    def _alignment_names(self) -> dict[str, str]:
        return {a.id: a.name for a in self.alignments}

    @cached_property
    def _opposites(self) -> frozenset[tuple[str, str | None]]:
        return frozenset((a.id, a.opposite) for a in self.alignments)

    def name(self, alignment: str) -> str:
        return self._alignment_names.get(alignment, alignment)

    def opposed(self, a: str, b: str) -> bool:
        """Whether two alignments are opposite (two Fanatics oppose each other)."""
        return (a, b) in self._opposites


def check(cards: IlluminatiCards, path: Path) -> list[str]:
    """Cross-references the YAML cannot express; each problem as `file:line: message`."""
    problems = []

    def problem(message: str, *needles: str) -> None:
        problems.append(f"{path}:{line_of(path, *needles)}: {message}")

    alignments = {a.id for a in cards.alignments}
    for a in cards.alignments:
        if a.opposite is not None and a.opposite not in alignments:
            problem(f"alignment {a.id!r} opposes {a.opposite!r}, which is unknown", f"id: {a.id}")
    abilities = [(g.id, a) for g in cards.groups for a in g.abilities]
    abilities += [(i.id, i.ability) for i in cards.illuminati if i.ability is not None]
    for owner, ability in abilities:
        for target in ability.targets:
            known = target == "any" or target in cards.group
            known = known or (target.startswith("alignment:") and target[10:] in alignments)
            if not known:
                problem(f"{owner!r} names {target!r}, which is no Group or alignment", target)
        if ability.alignment is not None and ability.alignment not in alignments:
            problem(f"{owner!r}: {ability.alignment!r} is no alignment", f"id: {owner}")
        if ability.kind == "counts-as" and ability.alignment is None:
            problem(f"{owner!r} counts as an alignment it does not name", f"id: {owner}")
    for g in cards.groups:
        for named in g.alignments:
            if named not in alignments:
                problem(
                    f"group {g.id!r} has the alignment {named!r}, which is unknown", f"id: {g.id}"
                )
        if g.arrow_in in g.arrows_out or len(set(g.arrows_out)) != len(g.arrows_out):
            problem(f"group {g.id!r}: each side holds at most one arrow", f"id: {g.id}")
    return problems


@cache
def load(folder: Path | None = None) -> IlluminatiCards:
    """The card data, read once per program run."""
    return load_cards("illuminati", IlluminatiCards, folder, check)
