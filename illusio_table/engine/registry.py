"""Which games exist. A Registry is an immutable mapping from game id to Game class.

The engine knows no game: the built-in registry is made above it, in `illusio_table.games`
(`builtin_registry`), where each game is imported when it is first asked for, so that the
window opens without loading any. Tests build a registry with a test-only game added
(`builtin_registry().with_game(...)`), so nothing global is ever changed.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .protocol import Game


@dataclass(frozen=True)
class Registry:
    games: Mapping[str, type[Game]]

    def get(self, game_id: str) -> type[Game]:
        try:
            return self.games[game_id]
        except KeyError:
            raise KeyError(f"this program does not know the game {game_id!r}") from None

    def with_game(self, cls: type[Game]) -> Registry:
        return Registry(MappingProxyType({**self.games, cls.game_id: cls}))

    def ids(self) -> list[str]:
        return list(self.games)

    def new_game(
        self,
        game_id: str,
        seats: int,
        seed: int,
        options: dict[str, Any] | None = None,
        players: list[dict[str, Any]] | None = None,
    ) -> Game:
        return self.get(game_id)(seats, seed, options, players)


# The module each game class was imported from by its registry entry ("module:Class"):
# the one that puts the game together (gives it its bots), which a process that unpickles
# a match of it imports first (engine/thinking.py); the rules' own module does not.
ENTRY_MODULES: dict[type[Game], str] = {}


class Imported(Mapping[str, type[Game]]):
    """Game classes by id, each imported from its "module:Class" at its first use."""

    def __init__(self, paths: Mapping[str, str]) -> None:
        self._paths = dict(paths)
        self._classes: dict[str, type[Game]] = {}

    def __getitem__(self, game_id: str) -> type[Game]:
        if game_id not in self._classes:
            module_name, _, class_name = self._paths[game_id].partition(":")
            cls = getattr(importlib.import_module(module_name), class_name)
            if cls.game_id != game_id:
                path = self._paths[game_id]
                raise ValueError(f"{path} is the game {cls.game_id!r}, not {game_id!r}")
            self._classes[game_id] = cls
            ENTRY_MODULES[cls] = module_name
        return self._classes[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)
