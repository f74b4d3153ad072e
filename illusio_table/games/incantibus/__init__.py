"""Incantibus: wizards point their wands at the tokens of a tower, all at once."""

# The game is put together here: its rules know no bot (the bots sit above the rules,
# and a bot is offered at a table only through `bots`).
from .bots import CunningBot, ExpertWizard
from .equilibrium import MixedWizard
from .rules import Incantibus

# In the order of the rehearsal's levels: the heuristic (it can be read), the mixed
# wizard (an equilibrium of each casting), the expert (it searches).
Incantibus.bots = {"cunning": CunningBot, "mixed": MixedWizard, "expert": ExpertWizard}

__all__ = ["Incantibus"]
