"""Illusio Table: a rules-enforcing desktop table for Illusio, Illuminati and Incantibus."""

from importlib import metadata

try:
    __version__ = metadata.version("illusio-table")
except metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.1.0"
