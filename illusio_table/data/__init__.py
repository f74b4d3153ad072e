"""Card and token data: YAML files in cards/, read into frozen dataclasses and validated.

No Qt here: engines read their data through this package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import CardDataError
from .resources import resource_dir

if TYPE_CHECKING:
    from .loader import load_cards, read_yaml

__all__ = ["CardDataError", "load_cards", "read_yaml", "resource_dir"]


def __getattr__(name: str) -> Any:
    # The loader (and YAML with it) is imported when a game first reads its cards, not
    # when the window opens: the welcome screen needs no card.
    if name in ("load_cards", "read_yaml"):
        from . import loader

        return getattr(loader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
