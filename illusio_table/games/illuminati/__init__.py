"""Illuminati: conspiracies build Power Structures of Groups (engine in progress)."""
