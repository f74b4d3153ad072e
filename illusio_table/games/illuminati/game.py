"""Illuminati put together: its rules with the bots a table may offer (the registry's entry).

The package's face imports nothing, so that its kit and table parts load without the
rules (the welcome window names the games without playing one).
"""

# The game is put together here: its rules know no bot (the bots sit above the rules,
# and a bot is offered at a table only through `bots`).
from .bots import ExpertSchemer, SchemerBot
from .rules import IlluminatiGame

IlluminatiGame.bots = {"schemer": SchemerBot, "expert": ExpertSchemer}

__all__ = ["IlluminatiGame"]
