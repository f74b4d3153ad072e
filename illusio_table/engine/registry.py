"""Which games exist. A Registry is an immutable mapping from game id to Game class.

The built-in games are named in `illusio_table.games.BUILTIN`; tests build a registry
with a test-only game added (`builtin_registry().with_game(...)`), so nothing global is
ever changed.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
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


@cache
def builtin_registry() -> Registry:
    games = importlib.import_module("illusio_table.games")
    classes: dict[str, type[Game]] = {}
    for path in games.BUILTIN:
        module_name, _, class_name = path.partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        classes[cls.game_id] = cls
    return Registry(MappingProxyType(classes))


def new_game(
    game_id: str,
    seats: int,
    seed: int,
    options: dict[str, Any] | None = None,
    players: list[dict[str, Any]] | None = None,
    registry: Registry | None = None,
) -> Game:
    return (registry or builtin_registry()).new_game(game_id, seats, seed, options, players)
