"""Incantibus put together: its rules with the bots a table may offer (the registry's entry).

The package's face imports nothing, so that its kit and table parts load without the
rules (the welcome window names the games without playing one).
"""

# The game is put together here: its rules know no bot (the bots sit above the rules,
# and a bot is offered at a table only through `bots`).
from .bots import CunningBot, ExpertWizard
from .equilibrium import MixedWizard
from .rules import Incantibus

# In the order of the rehearsal's levels: the heuristic (it can be read), the mixed
# wizard (an equilibrium of each casting), the expert (it searches).
Incantibus.bots = {"cunning": CunningBot, "mixed": MixedWizard, "expert": ExpertWizard}

__all__ = ["Incantibus"]
