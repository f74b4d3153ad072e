"""The games this program finds: each declares itself once, an entry point of the group
`illusio_table.games` naming its kit (its own package's `pyproject.toml`; the built-in ones
are in this program's). A kit names the game's rules as "module:Class", so that each game
is imported only when it is first played (the window opens without any).

The registry of these games is made here, above the engine, which knows no game. The
first game found is the New Game dialog's choice until the player picks another.
No game is named here, nor anywhere in the toolkits (tests/test_layers.py).
"""

from __future__ import annotations

import os
import sys
from functools import cache
from importlib import import_module
from typing import Any

from illusio_table.engine.protocol import Game
from illusio_table.engine.registry import Imported, Registry

GROUP = "illusio_table.games"


def entry_points(group: str, path: list[str] | None = None) -> dict[str, str]:
    """{name: "module:attribute"} of the entry points of `group` that the distributions on
    `path` (sys.path) declare, the first distribution of a name taking precedence: what
    `importlib.metadata.entry_points(group=...)` reads (a test holds them alike), without
    its import, a tenth of the window's start."""
    found: dict[str, str] = {}
    seen: set[str] = set()
    for folder in sys.path if path is None else path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for name in names:
            stem, dot, kind = name.rpartition(".")
            if kind not in ("dist-info", "egg-info") or not dot:
                continue
            distribution = stem.split("-")[0].replace(".", "_").lower()
            listed = os.path.join(folder or ".", name, "entry_points.txt")
            if distribution in seen or not os.path.isfile(listed):
                continue
            seen.add(distribution)
            for key, value in _section(listed, group):
                found.setdefault(key, value)
    return found


def _section(listed: str, group: str) -> list[tuple[str, str]]:
    """The `name = value` lines under `[group]` of an entry_points.txt."""
    entries = []
    inside = False
    with open(listed, encoding="utf-8") as lines:
        for line in lines:
            line = line.strip()
            if line.startswith("[") and line.endswith("]"):
                inside = line[1:-1].strip() == group
            elif inside and "=" in line and not line.startswith(("#", ";")):
                key, _, value = line.partition("=")
                entries.append((key.strip(), value.strip()))
    return entries


def found() -> dict[str, str]:
    """The games found, in the order of their ids (entry points have none of their own):
    each id with its kit's "module:attribute"."""
    return dict(sorted(entry_points(GROUP).items()))


def load(reference: str) -> Any:
    """The attribute a "module:attribute" reference names, imported now."""
    module, _, attribute = reference.partition(":")
    return getattr(import_module(module), attribute)


@cache
def rules() -> dict[str, str]:
    """The games found, each id with its rules' "module:Class" (read from its kit)."""
    return {game_id: str(load(kit).rules) for game_id, kit in found().items()}


@cache
def builtin_registry() -> Registry:
    """The games this program finds, each imported at its first use."""
    return Registry(Imported(rules()))


def new_game(
    game_id: str,
    seats: int,
    seed: int,
    options: dict[str, Any] | None = None,
    players: list[dict[str, Any]] | None = None,
    registry: Registry | None = None,
) -> Game:
    """A new match of a game found (or of `registry`'s)."""
    return (registry or builtin_registry()).new_game(game_id, seats, seed, options, players)


def compiled() -> bool:
    """Whether the engine runs compiled by mypyc (the installed program; `make bench`'s
    second engine) rather than interpreted from its source (installer/core.py): true
    when the engine and every game's rules found are extension modules."""
    from illusio_table.engine.native import is_native

    registry = builtin_registry()
    names = ["illusio_table.engine.protocol"] + [registry.get(g).__module__ for g in registry.ids()]
    return all(is_native(import_module(name).__file__) for name in names)
