"""The built-in games, one package each. Named by id and "module:Class", so that each is
imported only when it is first played (the window opens without any).

The first one is the New Game dialog's choice until the player picks another. The
registry of these games is made here, above the engine, which knows no game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from illusio_table.engine.protocol import Game
from illusio_table.engine.registry import Imported, Registry

BUILTIN: dict[str, str] = {
    "incantibus": "illusio_table.games.incantibus.game:Incantibus",
    "illusio": "illusio_table.games.illusio.game:Illusio",
    "illuminati": "illusio_table.games.illuminati.game:IlluminatiGame",
}


@cache
def builtin_registry() -> Registry:
    """The games this program comes with, each imported at its first use."""
    return Registry(Imported(BUILTIN))


def new_game(
    game_id: str,
    seats: int,
    seed: int,
    options: dict[str, Any] | None = None,
    players: list[dict[str, Any]] | None = None,
    registry: Registry | None = None,
) -> Game:
    """A new match of a built-in game (or of `registry`'s)."""
    return (registry or builtin_registry()).new_game(game_id, seats, seed, options, players)


def compiled() -> bool:
    """Whether the engine runs compiled by mypyc (the installed program; `make bench`'s
    second engine) rather than interpreted from its source (installer/core.py): true
    when the engine and every built-in game's rules are extension modules."""
    from importlib import import_module
    from importlib.machinery import EXTENSION_SUFFIXES

    registry = builtin_registry()
    names = ["illusio_table.engine.protocol"] + [registry.get(g).__module__ for g in BUILTIN]
    return all(
        (import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES)) for name in names
    )
