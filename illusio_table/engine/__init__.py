"""The game protocol, records, registry and bots. Pure Python: no Qt is imported here."""

from .bots import Bot, RandomBot, bot_classes, make_bot
from .match import Match
from .protocol import (
    HIDDEN_SHOWN,
    NOBODY,
    ONLY,
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    fast_init,
    interned,
)
from .record import FORMAT_VERSION, MatchRecord, Move, RecordError
from .registry import Registry
from .rng import Rng

__all__ = [
    "HIDDEN_SHOWN",
    "NOBODY",
    "ONLY",
    "Action",
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
    "Registry",
    "Rng",
    "bot_classes",
    "fast_init",
    "interned",
    "make_bot",
]
