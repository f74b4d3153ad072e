"""The moves of Incantibus."""

from __future__ import annotations

from dataclasses import dataclass

from illusio_table.engine import Action, fast_init


@fast_init
@dataclass(frozen=True)
class Point(Action):
    """The secret choice of a casting: point the wand at a place.

    `place` is "room" (a token of the room, by its slot), "potion" or "book" (an open one,
    by its space) or "dungeon" (a sorcerer, by its slot). `pay` names the satchel tokens
    given for a magic book, or for a potion when the Philosopher's Stone may stand in for
    a real ingredient (empty: real ingredients first); every other cost is paid by the
    rules' own choice.
    """

    kind = "point"
    place: str
    index: int
    pay: tuple[int, ...] = ()

    def label(self) -> str:
        return f"Point at {self.place} {self.index + 1}"


@fast_init
@dataclass(frozen=True)
class Discard(Action):
    """The satchel is full: throw one token (the new one or one held) into the moat."""

    kind = "discard"
    token: int

    def label(self) -> str:
        return f"Throw token {self.token} into the moat"


@fast_init
@dataclass(frozen=True)
class Cast(Action):
    """Cast one of the open spell cards (by its space)."""

    kind = "cast"
    card: int

    def label(self) -> str:
        return f"Cast spell card {self.card + 1}"


@fast_init
@dataclass(frozen=True)
class Choose(Action):
    """The target of a spell: a token of another satchel (Alkimia), of the moat (Retiro),
    a face-up room slot (Imperium) or a face-down room slot (Oculus)."""

    kind = "choose"
    target: int

    def label(self) -> str:
        return f"Choose {self.target}"


@fast_init
@dataclass(frozen=True)
class Decline(Action):
    """A choice the rules leave open, not taken: no extra spell after Retiro."""

    kind = "decline"

    def label(self) -> str:
        return "Decline"


ACTIONS = (Point, Discard, Cast, Choose, Decline)
