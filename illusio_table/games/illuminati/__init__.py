"""Illuminati: conspiracies build Power Structures of Groups and race to their goals."""

from .rules import IlluminatiGame

__all__ = ["IlluminatiGame"]
