"""Bots see what a person sees: `view(seat)` and `legal_actions(seat)`, nothing else."""

from __future__ import annotations

from typing import Any, ClassVar

from .protocol import Action, Game
from .rng import Rng


class Bot:
    name: ClassVar[str] = ""
    description: ClassVar[str] = ""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed).fork(seat + 1)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"
    description = "picks any legal move at random"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def bot_classes(game: type[Game] | Game) -> dict[str, type[Bot]]:
    """Every bot a game offers; the random bot plays every game."""
    return {"random": RandomBot, **game.bots}


def make_bot(game: type[Game] | Game, name: str, seat: int, seed: int) -> Bot:
    classes = bot_classes(game)
    if name not in classes:
        raise ValueError(f"there is no bot called {name!r}; try one of: {', '.join(classes)}")
    return classes[name](seat, seed)


def bot_move(game: Game, bot: Bot, seat: int) -> Action:
    return bot.choose(game.view(seat), game.legal_actions(seat))
