"""Power Structures as cards on a square grid (our reading of "cards may not overlap").

Every card takes one cell and lies turned by quarter turns. A card's arrows are on its
own sides (T, R, B, L as printed); turned, they point to the neighbouring cells. A
puppet lies in the cell its master's outward arrow points at, turned so that its inward
arrow points back at the master. No two cards share a cell, so an arrow pointing at an
occupied cell is blocked. A captured or moved Group keeps its puppets where they fit;
one that overlaps goes under another free arrow of the same master (its owner chooses
which, when there are several), and one that still cannot fit drops out with its own
puppets (for a Group received, its owner may instead let a card of their own go).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from illusio_table.engine.frozen import Frozen

SIDES = ("T", "R", "B", "L")  # clockwise, as printed on the card
SIDE_NAMES = {"T": "top", "R": "right", "B": "bottom", "L": "left"}
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west on the table
Cell = tuple[int, int]
Link = tuple[str, str, str]  # a puppet, its master, the master's side


class GeometryError(Exception):
    """A placement the rules do not allow; `reason` is written for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Arrows(Frozen):
    inward: str | None  # None for an Illuminati card, which nobody controls
    outward: tuple[str, ...]


ILLUMINATI_ARROWS = Arrows(None, ("T", "R", "B", "L"))


@dataclass(frozen=True)
class Place(Frozen):
    cell: Cell
    turn: int  # quarter turns clockwise from upright
    master: str | None
    side: str | None  # the master's side (as printed) whose arrow holds this card

    def facing(self, side: str) -> Cell:
        """The cell this card's `side` points at: where a Group hung from it would lie."""
        dx, dy = STEPS[pointing(self.turn, side)]
        return (self.cell[0] + dx, self.cell[1] + dy)


@dataclass(frozen=True)
class Tree(Frozen):
    """A Group cut out of a Power Structure with its puppets, in the shape they had.

    `puppets` lists (card, master, master's side) below the Group itself, every master
    before its puppets.
    """

    root: str
    puppets: tuple[Link, ...]

    def cards(self) -> list[str]:
        return [self.root] + [card for card, _, _ in self.puppets]


def pointing(turn: int, side: str) -> int:
    """Where a side of a card turned `turn` quarter turns points: 0 north ... 3 west."""
    return (SIDES.index(side) + turn) % 4


def turn_facing(side: str, direction: int) -> int:
    """The turn that makes a card's `side` point to `direction`."""
    return (direction - SIDES.index(side)) % 4


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Structure:
    """One player's Power Structure: the Illuminati card at (0, 0) and its puppets."""

    def __init__(self, root: str, arrows: Callable[[str], Arrows]) -> None:
        self.root = root
        self.arrows = arrows
        self.places: dict[str, Place] = {root: Place((0, 0), 0, None, None)}
        self.cells: dict[Cell, str] = {(0, 0): root}
        # Each card's free arrows, found when first asked since the structure last
        # changed (`changed`): every listing of a turn asks for every Group's.
        self.free: dict[str, tuple[str, ...]] = {}

    def __contains__(self, card: str) -> bool:
        return card in self.places

    def __iter__(self) -> Iterator[str]:
        return iter(self.places)

    def __len__(self) -> int:
        return len(self.places)

    # -- reading ----------------------------------------------------------------------------

    def target(self, card: str, side: str) -> Cell:
        """The cell the arrow on that side of the card points at."""
        place = self.places[card]
        dx, dy = STEPS[pointing(place.turn, side)]
        return place.cell[0] + dx, place.cell[1] + dy

    def free_arrows(self, card: str) -> tuple[str, ...]:
        """Outward arrows pointing at an empty cell: where a new puppet can go (the
        structure's own tuple, shared until it changes)."""
        found = self.free.get(card)
        if found is None:
            found = self.free[card] = tuple(
                s for s in self.arrows(card).outward if self.target(card, s) not in self.cells
            )
        return found

    def puppets(self, card: str) -> list[str]:
        return [c for c, p in self.places.items() if p.master == card]

    def master(self, card: str) -> str | None:
        return self.places[card].master

    def subtree(self, card: str) -> list[str]:
        """The card and everything under it, masters before puppets."""
        found, index = [card], 0
        while index < len(found):
            found += self.puppets(found[index])
            index += 1
        return found

    def depth(self, card: str) -> int:
        """1 for a Group directly under the Illuminati, 2 one Group away, and so on."""
        steps = 0
        while card != self.root:
            master = self.places[card].master
            assert master is not None  # only the root has none
            card = master
            steps += 1
        return steps

    def adjacent(self, card: str) -> list[str]:
        """Its master and its puppets: the Groups money may move to in one transfer."""
        master = self.places[card].master
        return ([master] if master is not None else []) + self.puppets(card)

    # -- changing ---------------------------------------------------------------------------

    def attach(self, card: str, master: str, side: str) -> Place:
        """Puts a card (not yet in the structure) under the master's arrow on `side`."""
        if card in self.places:
            raise GeometryError("That Group is already in this Power Structure.")
        if side not in self.arrows(master).outward:
            raise GeometryError("There is no outward arrow on that side.")
        cell = self.target(master, side)
        if cell in self.cells:
            raise GeometryError("That arrow is blocked: a card lies where it points.")
        inward = self.arrows(card).inward
        if inward is None:
            raise GeometryError("An Illuminati card is nobody's puppet.")
        back = (pointing(self.places[master].turn, side) + 2) % 4
        place = Place(cell, turn_facing(inward, back), master, side)
        self.places[card] = place
        self.cells[cell] = card
        self.changed()
        return place

    def changed(self) -> None:
        """Forgets what was found of the cards' places (a card came, went or was renamed)."""
        self.free.clear()

    def cut(self, card: str) -> Tree:
        """Takes a Group and its puppets out, remembering how they hung together."""
        if card == self.root:
            raise GeometryError("The Illuminati card never leaves its Power Structure.")
        tree = self.subtree(card)
        links: list[Link] = []
        for c in tree[1:]:
            master, side = self.places[c].master, self.places[c].side
            assert master is not None and side is not None  # a puppet hangs from an arrow
            links.append((c, master, side))
        for c in tree:
            del self.cells[self.places.pop(c).cell]
        self.changed()
        return Tree(card, tuple(links))

    def settle(self, links: list[Link], dropped: list[str], received: bool) -> Link | None:
        """Hangs the puppets of a Group just placed, `links` in the order of its Tree,
        taking each off the list as it is settled: back on its master's same side if that
        is free, else on the only free arrow; a puppet whose master dropped, or with no
        free arrow, drops into `dropped` (unless `received` and a card of the structure
        blocks an arrow it could take). Stops at the first puppet whose place is the
        owner's choice, and returns its link; None when every one is settled."""
        while links:
            card, master, side = links[0]
            if master not in self.places:  # its master dropped
                dropped.append(links.pop(0)[0])
                continue
            free = self.free_arrows(master)
            if side in free or len(free) == 1:
                self.attach(card, master, side if side in free else free[0])
                links.pop(0)
                continue
            if not free and not (received and self.blockers(master)):
                dropped.append(links.pop(0)[0])
                continue
            return links[0]
        return None

    def blockers(self, master: str) -> dict[str, str]:
        """The master's blocked outward arrows whose cell holds a card that could go, by
        side: neither the Illuminati card nor a card the master itself hangs under."""
        found = {}
        above = set()
        card: str | None = master
        while card is not None:
            above.add(card)
            card = self.places[card].master
        for side in self.arrows(master).outward:
            there = self.cells.get(self.target(master, side))
            if there is not None and there not in above:
                found[side] = there
        return found

    def lift(self, card: str, master: str, side: str) -> Tree:
        """Cuts out a Group (with its puppets) that is to move under another free arrow of
        this structure; it is then attached and settled again."""
        if card == self.root:
            raise GeometryError("The Illuminati card does not move.")
        if master in self.subtree(card):
            raise GeometryError("A Group cannot go under itself or one of its own puppets.")
        if side not in self.free_arrows(master):
            raise GeometryError("That arrow is not free.")
        return self.cut(card)

    def check(self) -> None:
        """Asserts the geometry holds: one card per cell, every puppet on its master's arrow."""
        assert len(self.cells) == len(self.places)
        for card, place in self.places.items():
            assert self.cells[place.cell] == card
            if card == self.root:
                assert place.master is None and place.cell == (0, 0)
                continue
            master, side, inward = place.master, place.side, self.arrows(card).inward
            assert master is not None and side is not None and inward is not None
            assert side in self.arrows(master).outward
            assert self.target(master, side) == place.cell
            back = (pointing(self.places[master].turn, side) + 2) % 4
            assert pointing(place.turn, inward) == back
