"""Whether a module runs compiled by mypyc (installer/core.py), as an extension module,
rather than from its source: the one test of it the engine and the games make, where a
compiled module chooses a native class and the interpreted one a Python twin."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

_SUFFIXES = tuple(EXTENSION_SUFFIXES)


def is_native(module_file: str | None) -> bool:
    """Whether the module loaded from this file (its `__file__`) is an extension module."""
    return (module_file or "").endswith(_SUFFIXES)
