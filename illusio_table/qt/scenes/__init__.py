"""The tables: one QGraphicsScene per game, drawn only from the seat's view."""

from .base import TableScene, TableView
from .generic import GenericTableScene


def scene_class(game_id: str) -> type[TableScene]:
    """The game's own table, or the generic one that lays out any view."""
    if game_id == "incantibus":
        from .incantibus import IncantibusScene

        return IncantibusScene
    return GenericTableScene


__all__ = ["GenericTableScene", "TableScene", "TableView", "scene_class"]
