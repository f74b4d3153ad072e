"""Illuminati: conspiracies build Power Structures of Groups and race to their goals."""
