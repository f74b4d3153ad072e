"""The match's seeded random numbers.

Our own generator (SplitMix64) rather than `random.Random`: its whole state is one
integer, so it is cheap to copy when bots simulate, trivially JSON-safe, and gives the
same numbers on every Python version, which a save file replayed years later needs.
This module stays Python in the compiled core (installer/core.py): its arithmetic in
Python's integers is slower compiled by mypyc than interpreted. The compiled core draws
from its native twin instead (`splitmix.Rng`, in 64-bit integers that wrap), the same
numbers at a third of the cost: a random bot's draw was 7 % of an action.
"""

from __future__ import annotations

import copyreg
import typing
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from . import splitmix
from .native import is_native

T = TypeVar("T")

_MASK = (1 << 64) - 1
# Where an unbiased draw below n stops taking values (see `below`), for the small n a
# bot's choice and a shuffle ask for: worked out once (at each draw it was two operations
# on a 65-bit integer, a tenth of the draw interpreted).
_LIMITS = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(256))


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < 256 else (1 << 64) - ((1 << 64) % n)
        while True:
            # `next64`, written out: a random bot draws here at every move, and the call
            # was a fifth of the draw interpreted (the native generator calls its own).
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's state, leaving this one as it was."""
        return Rng(Rng(self.state ^ (salt * 0xD6E8FEB86659FD93)).next64())


# Where the engine is compiled, its generator is the native one (same numbers). Run as
# Python, `splitmix` would not wrap at 64 bits: this class is the generator there.
PythonRng = Rng  # the reference the native one is checked against
if not typing.TYPE_CHECKING and is_native(splitmix.__file__):
    Rng = splitmix.Rng  # noqa: F811


def _remade(state: int) -> Rng:
    """A generator in this state, of the kind used where it is loaded."""
    return Rng(state)


def _reduced(rng: splitmix.Rng) -> tuple[Any, ...]:
    return (_remade, (rng.state,))


# The native generator is copied (a match's clone) and pickled (to the thinking process)
# by its state; a native class would not copy otherwise.
copyreg.pickle(splitmix.Rng, _reduced)
