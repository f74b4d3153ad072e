"""Incantibus: wizards point their wands at the tokens of a tower, all at once."""

# The game is put together here: its rules know no bot (the bots sit above the rules,
# and a bot is offered at a table only through `bots`).
from .bots import CunningBot, ExpertWizard
from .rules import Incantibus

Incantibus.bots = {"cunning": CunningBot, "expert": ExpertWizard}

__all__ = ["Incantibus"]
