"""Qt models over one match: the MatchModel and the item models the docks show."""

from .item_models import ActionsModel, LogModel, SeatsModel
from .match_model import MatchModel

__all__ = ["ActionsModel", "LogModel", "MatchModel", "SeatsModel"]
