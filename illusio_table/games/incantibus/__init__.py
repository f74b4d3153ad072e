"""Incantibus: wizards point their wands at the tokens of a tower, all at once."""

from .rules import Incantibus

__all__ = ["Incantibus"]
