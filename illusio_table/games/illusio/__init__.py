"""Illusio: magicians build tricks from Components and race to the target."""

# The game is put together here: its rules know no bot (the bots sit above the rules,
# and a bot is offered at a table only through `bots`).
from .bots import ExpertShowman, ShowmanBot
from .rules import Illusio

Illusio.bots = {"showman": ShowmanBot, "expert": ExpertShowman}

__all__ = ["Illusio"]
