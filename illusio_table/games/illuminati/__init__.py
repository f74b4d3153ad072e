"""Illuminati: conspiracies build Power Structures of Groups and race to their goals."""

# The game is put together here: its rules know no bot (the bots sit above the rules,
# and a bot is offered at a table only through `bots`).
from .bots import ExpertSchemer, SchemerBot
from .rules import IlluminatiGame

IlluminatiGame.bots = {"schemer": SchemerBot, "expert": ExpertSchemer}

__all__ = ["IlluminatiGame"]
