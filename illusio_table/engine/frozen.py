"""How the engine copies what a match holds, the same interpreted and compiled.

A match is copied (`Game.clone`, at every step a bot simulates) and pickled (to the
thinking process) with everything it holds. Compiled by mypyc (installer/core.py), a
class is a native class, which neither copies nor pickles unless told, so:

- a class of mutable state (the match, its record, a Power Structure)
  carries `@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)`: its
  attributes copy and pickle by name, as an interpreted object's do. (`serializable`
  alone leaves a native class that Python code cannot make: mypyc 2.4 then runs its
  `__init__` neither in `__new__` nor in `__init__`.)
- a frozen record (a pending Special, a card's place, a token's facts) is a `Frozen`,
  and a move (`Action`) is made the same way: it copies and pickles as a call of its class
  with its fields (`remade`), since mypyc's own copying sets the attributes one by one,
  which a frozen dataclass refuses, and knows nothing of an interpreted subclass's.
"""

from __future__ import annotations

import dataclasses
from typing import Any

_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: Any) -> tuple[str, ...]:
    """The fields of a dataclass, in their order (`dataclasses.fields` costs a walk at
    every call, and moves are turned to JSON at every step of a match)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def remade(record: object) -> tuple[Any, ...]:
    """`__reduce__` of a frozen dataclass: its class, called again with its fields."""
    cls = type(record)
    return (cls, tuple([getattr(record, name) for name in field_names(cls)]))


class Frozen:
    def __reduce__(self) -> tuple[Any, ...]:
        return remade(self)
