"""Moves found by one of their fields, each made once: the compiled engine's table.

A game's listing looks up a dozen moves a step by a card's, a seat's or an Objective's
number, and a rollout lists thousands (Illusio's `actions.Made`). Interpreted, a subclass
of `dict` is the cheapest such table; compiled, its look-up goes through Python's generic
`__getitem__` slot, which finds the method by name at every call (measured: about 560
instructions a look-up, a tenth of a compiled Illusio action). This class, compiled by
mypyc, is called directly by the compiled rules and looks up an exact dict. A game's
actions module takes it only where this module is compiled (`native`), as `rng` takes
its native generator: run as Python, its call would cost more than the subclass's slot.
"""

from __future__ import annotations

from collections.abc import Callable, KeysView, ValuesView
from typing import Generic, TypeVar

from .native import is_native

K = TypeVar("K")
V = TypeVar("V")


class Made(Generic[K, V]):
    """`made[x]` is `make(x)`, made at the first look-up and kept."""

    def __init__(self, make: Callable[[K], V]) -> None:
        self.made: dict[K, V] = {}
        self.make = make

    def __getitem__(self, key: K) -> V:
        found = self.made.get(key)
        if found is None:
            found = self.made[key] = self.make(key)
        return found

    def keys(self) -> KeysView[K]:
        return self.made.keys()

    def values(self) -> ValuesView[V]:
        return self.made.values()


def native() -> bool:
    """Whether this module runs compiled (an extension module), so its table is the fast one."""
    return is_native(__file__)
