"""The game protocol, records, registry and bots. Pure Python: no Qt is imported here."""

from .bots import Bot, RandomBot, bot_classes, make_bot
from .match import Match
from .protocol import (
    Action,
    AmountChoice,
    Event,
    Game,
    IllegalAction,
    Option,
    SetChoice,
    interned,
)
from .record import FORMAT_VERSION, MatchRecord, Move, RecordError
from .registry import Registry
from .rng import Rng

__all__ = [
    "compiled",
    "Action",
    "AmountChoice",
    "Bot",
    "Event",
    "FORMAT_VERSION",
    "Game",
    "IllegalAction",
    "Match",
    "MatchRecord",
    "Move",
    "Option",
    "RandomBot",
    "RecordError",
    "SetChoice",
    "Registry",
    "Rng",
    "bot_classes",
    "interned",
    "make_bot",
]


def compiled() -> bool:
    """Whether the engine runs compiled by mypyc (the installed program; `make bench`'s
    second engine) rather than interpreted from its source (installer/core.py): true
    when the engine and every game's rules are extension modules."""
    from importlib import import_module
    from importlib.machinery import EXTENSION_SUFFIXES

    names = ["illusio_table.engine.protocol"] + [
        f"illusio_table.games.{game}.rules" for game in ("illusio", "illuminati", "incantibus")
    ]
    return all(
        (import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES)) for name in names
    )
