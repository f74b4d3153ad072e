"""The components of Incantibus as frozen dataclasses: the schema of cards/incantibus.yaml."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Literal, TypeVar

from illusio_table.data.loader import Reading, line_of, load_cards

Source = Literal["rulebook", "house"]
WHY = field(default="", metadata={"blank": True})
# A shape drawn beside a colour wherever colour matches things (a weapon and its monster,
# a potion and the sorcerer who needs it), so that colour never carries meaning alone.
Shape = Literal["triangle", "circle", "square", "diamond", "heart", "club", "spade"]
COUNT = field(default=1, metadata={"min": 0, "max": 20})


@dataclass(frozen=True)
class TokenKind:
    """A kind of room token; `visible` and `secret` count the tokens with each back."""

    id: str
    name: str
    category: Literal["weapon", "monster", "ingredient", "gold", "spell"]
    colour: str
    symbol: str
    source: Source
    visible: int = field(default=0, metadata={"min": 0, "max": 40})
    secret: int = field(default=0, metadata={"min": 0, "max": 40})
    points: int = field(default=0, metadata={"min": 0, "max": 20})
    coins: int = field(default=0, metadata={"min": 0, "max": 9})
    catches: str | None = None
    shape: Shape | None = None
    why: str = WHY


@dataclass(frozen=True)
class SpecialKind:
    id: str
    name: str
    category: Literal["satchel", "weapon", "ingredient", "gold"]
    colour: str
    symbol: str
    source: Source
    count: int = COUNT
    points: int = field(default=0, metadata={"min": 0, "max": 20})
    coins: int = field(default=0, metadata={"min": 0, "max": 9})
    text: str = field(default="", metadata={"blank": True})  # what it does, for tooltips
    why: str = WHY


@dataclass(frozen=True)
class PotionKind:
    id: str
    name: str
    colour_name: Literal["green", "red", "blue"]
    recipe: tuple[str, ...]
    points: int
    colour: str
    source: Source
    count: int = COUNT
    shape: Shape | None = None
    why: str = WHY


BookNeed = Literal[
    "any",
    "spell",
    "special",
    "coins",
    "same-weapons",
    "different-weapons",
    "same-ingredients",
    "different-ingredients",
]


@dataclass(frozen=True)
class BookKind:
    id: str
    points: int
    needs: BookNeed
    amount: int
    label: str
    source: Source
    why: str = WHY


SpellEffect = Literal[
    "alkimia", "retiro", "locus", "ultimus", "imperium", "oculus", "philosophia", "fortuna"
]


@dataclass(frozen=True)
class SpellKind:
    id: SpellEffect
    name: str
    text: str
    source: Source
    count: int = COUNT
    why: str = WHY


@dataclass(frozen=True)
class SorcererKind:
    """`needs` maps a token kind, "weapon", "spell" or "potion-<colour>" to a number."""

    id: str
    name: str
    points: int
    needs: dict[str, int]
    colour: str
    source: Source
    count: int = COUNT
    max_wand: int | None = None
    why: str = WHY


Kind = TokenKind | SpecialKind | PotionKind | BookKind | SpellKind | SorcererKind
K = TypeVar("K", TokenKind, SpecialKind, PotionKind, BookKind, SpellKind, SorcererKind)


ROOM_MOST = 32  # tokens a room lays out at most (the moves of pointing are made for these)


@dataclass(frozen=True)
class RoomTile:
    id: str
    name: str
    group: Literal["roof", "PP+", "PPP+", "PPPP"]
    visible: int
    secret: int
    source: Source
    why: str = WHY


@dataclass(frozen=True)
class SatchelSide:
    id: Literal["apprentice", "expert"]
    cells: dict[str, int]
    purse: int
    source: Source
    why: str = WHY


@dataclass(frozen=True)
class SetupRow:
    players: int
    wands: tuple[int, ...]
    groups: tuple[str, ...]
    sorcerers: int
    source: Source
    why: str = WHY


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one per card file read
class IncantibusCards:
    game: str
    version: int
    tokens: tuple[TokenKind, ...]
    specials: tuple[SpecialKind, ...]
    potions: tuple[PotionKind, ...]
    books: tuple[BookKind, ...]
    spells: tuple[SpellKind, ...]
    sorcerers: tuple[SorcererKind, ...]
    rooms: tuple[RoomTile, ...]
    satchels: tuple[SatchelSide, ...]
    setups: tuple[SetupRow, ...]
    open_potions: int
    open_spells: int
    open_books: int
    readings: tuple[Reading, ...] = ()

    @cached_property
    def index(self) -> dict[str, Kind]:
        every: tuple[Kind, ...] = (
            *self.tokens,
            *self.specials,
            *self.potions,
            *self.books,
            *self.spells,
            *self.sorcerers,
        )
        return {k.id: k for k in every}


def check(cards: IncantibusCards, path: Path) -> list[str]:
    """Cross-references the YAML cannot express; each problem as `file:line: message`."""
    problems = []
    tokens = {t.id: t for t in cards.tokens}
    ingredients = {t.id for t in cards.tokens if t.category == "ingredient"}
    monsters = {t.id for t in cards.tokens if t.category == "monster"}
    for t in cards.tokens:
        if t.category == "weapon" and t.catches not in monsters:
            line = line_of(path, f"catches: {t.catches}")
            problems.append(
                f"{path}:{line}: weapon {t.id!r} catches {t.catches!r}, which is no monster"
            )
    for p in cards.potions:
        for ingredient in p.recipe:
            if ingredient not in ingredients:
                line = line_of(path, "recipe:", ingredient)
                problems.append(
                    f"{path}:{line}: potion {p.id!r} needs {ingredient!r}, no ingredient"
                )
    colours = {p.colour_name for p in cards.potions}
    for s in cards.sorcerers:
        for need in s.needs:
            known = need in tokens or need in ("weapon", "spell")
            known = known or (need.startswith("potion-") and need[7:] in colours)
            if not known:
                line = line_of(path, f"id: {s.id}")
                problems.append(
                    f"{path}:{line}: sorcerer {s.id!r} needs {need!r}, which is unknown"
                )
    for r in cards.rooms:
        if r.visible + r.secret > ROOM_MOST:
            line = line_of(path, f"id: {r.id}")
            problems.append(
                f"{path}:{line}: room {r.id!r} lays out {r.visible + r.secret} tokens; "
                f"a room holds at most {ROOM_MOST}"
            )
    return problems


@cache
def load(folder: Path | None = None) -> IncantibusCards:
    """The card data, read once per program run (bots start thousands of games)."""
    return load_cards("incantibus", IncantibusCards, folder, check)
