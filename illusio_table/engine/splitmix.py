"""The match's generator (`rng.Rng`) for the compiled core: the same SplitMix64 numbers,
in mypyc's native 64-bit integers.

`rng.Rng` computes in Python's unbounded integers, masking to 64 bits, which mypyc
cannot speed up (its fast integers hold 63 bits; the rest are boxed). Here the state is
an `i64` holding the same 64 bits as a signed number: compiled, addition and
multiplication wrap at 64 bits as the algorithm wants, and a random bot's draw costs a
fraction of the Python one's. Run as Python, `i64` is a plain int that never wraps and
the numbers are wrong, so `rng` takes this class only where this module is compiled;
`tests/engine/test_rng_and_storage.py` checks, compiled, that both give the same numbers.
It is copied and pickled by its state, as `rng` tells `copyreg`.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

# SplitMix64's constants, as signed 64-bit numbers (their bits unchanged). Final, so that
# mypyc writes them into the code: a module's other names are looked up in its dict at
# each use, which was most of a draw's cost.
_GOLDEN: Final[i64] = -7046029254386353131  # 0x9E3779B97F4A7C15
_MIX1: Final[i64] = -4658895280553007687  # 0xBF58476D1CE4E5B9
_MIX2: Final[i64] = -7723592293110705685  # 0x94D049BB133111EB
_TOP: Final[i64] = 9223372036854775807  # 2**63 - 1


def _signed(value: int) -> i64:
    """The low 64 bits of `value`, read as a signed number."""
    value &= (1 << 64) - 1
    return i64(value - (1 << 64) if value >> 63 else value)


def _unsigned(value: i64) -> int:
    return int(value) + (1 << 64) if value < 0 else int(value)


def _add_mod(a: i64, b: i64, m: i64) -> i64:
    """(a + b) % m for a and b in [0, m), never leaving 64 bits."""
    return a + b if a < m - b else a - (m - b)


class Rng:
    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state: i64 = _signed(seed)

    def _next(self) -> i64:
        z: i64 = self._state + _GOLDEN
        self._state = z
        # The shifts are logical (unsigned) ones: the sign bits an arithmetic shift
        # brings in are masked off.
        z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * _MIX1
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2
        return z ^ ((z >> 31) & 0x1FFFFFFFF)

    @property
    def state(self) -> int:
        """The generator's whole state, as `rng.Rng` holds it (what a copy is made from)."""
        return _unsigned(self._state)

    def next64(self) -> int:
        return _unsigned(self._next())

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (as `rng.Rng.below`)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n >= 1 << 63:  # beyond 63 bits: the same draw in Python's integers
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                value = self.next64()
                if value < limit:
                    return value % n
        m: i64 = n
        half = _add_mod(_TOP % m, 1, m)  # 2**63 % n
        rest = _add_mod(half, half, m)  # 2**64 % n: the highest draws, redrawn
        while True:
            z = self._next()
            if z >= 0:
                return int(z % m)
            if z < -rest:  # the draw is z + 2**64
                return int(_add_mod(z % m, rest, m))

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
        return Rng(Rng(_unsigned(self._state) ^ (salt * 0xD6E8FEB86659FD93)).next64())
