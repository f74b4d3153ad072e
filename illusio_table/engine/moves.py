"""The table of moves: which kinds of move each phase of a game takes, and where a kind's
listing, refusal and effect are written.

A game declares one `Phase` for each moment it can be in (Illuminati: "income", "actions",
"spending"…), and each phase holds one `Rule` per kind of move it takes. `Game.refusal`,
`Game.perform` and `Game.list_moves` then look the rule up by the phase and the class of
the move; a move the phase has no rule for gets the phase's own words ("First collect your
income"). One move's legality, effect and listing are so written once, side by side, in
the module of its family; nothing tests a move's class in a chain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import Action, Event

# The functions a rule is made of take the game first: (game, seat[, action]). They are
# typed loosely here because each game passes its own class; the game's modules type them.
Lister = Callable[[Any, int], Sequence[Action]]  # a sequence: a list of one action class will do
Refuser = Callable[[Any, int, Any], "str | None"]
Performer = Callable[[Any, int, Any], list[Event]]


def always(game: Any, seat: int, action: Any) -> None:
    """The refusal of a move that is always legal when its phase awaits the seat."""
    return None


@dataclass(frozen=True)
class Rule:
    """One kind of move: the action class it reads, why it refuses one (None: legal),
    what it does, and which of its moves a seat may make now (none listed: it is made at
    the table from parts, or offered by another rule's listing). As every listing, it
    lists only moves the refusal accepts.

    `costs_action` marks a move that uses one of the turn's actions: the game's
    `action_refusal` is asked first, and `spend_action` is called before `perform`."""

    action: type[Action]
    refuse: Refuser
    perform: Performer
    moves: Lister | None = None
    costs_action: bool = False


@dataclass(frozen=True)
class Phase:
    """A moment of the game: the rules of the moves it takes, the refusal of any other
    move (`otherwise`, or the words `refusals` keeps for some classes), the order in
    which the moves are listed (`listing`; by default each rule's `moves`, in order), and
    what every move of the phase does before its own effect (`before`)."""

    name: str
    rules: tuple[Rule, ...]
    otherwise: str | Callable[[Any, int], str]  # words, or words made from (game, seat)
    refusals: Mapping[type[Action], str | Callable[[Any, int], str]] = field(default_factory=dict)
    listing: tuple[Lister, ...] | None = None
    before: Callable[[Any, int, Any], None] | None = None  # what every move here does first
    by_action: Mapping[type[Action], Rule] = field(init=False, repr=False, compare=False)
    listers: tuple[Lister, ...] = field(init=False, repr=False, compare=False)

    def refuse_other(self, game: Any, seat: int, action: Action) -> str:
        """The refusal of a move this phase has no rule for."""
        words = self.refusals.get(type(action), self.otherwise)
        return words if isinstance(words, str) else words(game, seat)

    def __post_init__(self) -> None:
        by_action = {rule.action: rule for rule in self.rules}
        if len(by_action) != len(self.rules):
            raise ValueError(f"phase {self.name!r} has two rules for one kind of move")
        object.__setattr__(self, "by_action", by_action)
        listers = self.listing
        if listers is None:
            listers = tuple(rule.moves for rule in self.rules if rule.moves is not None)
        object.__setattr__(self, "listers", listers)


def phase_table(*phases: Phase) -> dict[str, Phase]:
    """The phases of a game by name, refusing one named twice."""
    table = {phase.name: phase for phase in phases}
    if len(table) != len(phases):
        raise ValueError("two phases have the same name")
    return table
