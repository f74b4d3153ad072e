"""Illusio: magicians build tricks from Components and race to the target."""

from .rules import Illusio

__all__ = ["Illusio"]
