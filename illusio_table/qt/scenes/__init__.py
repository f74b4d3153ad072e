"""The tables: one QGraphicsScene per game, drawn only from the seat's view.

The table registry says, for each game, which table draws it, which gesture map makes its
moves, and whether people ever choose at once on public targets (table mode is offered
for those games alone).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from illusio_table.table import gestures
from illusio_table.table.gestures import CHOOSE_AT_ONCE, GestureMap, gesture_map

from .base import TableScene, TableView
from .generic import GenericTableScene


@dataclass(frozen=True)
class Table:
    scene: Callable[[], type[TableScene]]  # imports the table when the game is played
    gestures: GestureMap
    # People choose at once among targets everyone sees (the Incantibus casting). Games
    # whose simultaneous choices are made from a secret hand (Illuminati's Special
    # windows) are not: a shared screen could not hide the hands.
    choose_at_once: bool = False

    def scene_class(self) -> type[TableScene]:
        return self.scene()


def _incantibus() -> type[TableScene]:
    # Imported here, not by name: the installer finds only imports it can read.
    from .incantibus import IncantibusScene

    return IncantibusScene


def _illusio() -> type[TableScene]:
    from .illusio import IllusioScene

    return IllusioScene


def _illuminati() -> type[TableScene]:
    from .illuminati import IlluminatiScene

    return IlluminatiScene


PLAIN = Table(lambda: GenericTableScene, gestures.buttons)
TABLES: dict[str, Table] = {
    "incantibus": Table(
        _incantibus, gesture_map("incantibus"), choose_at_once="incantibus" in CHOOSE_AT_ONCE
    ),
    "illusio": Table(_illusio, gesture_map("illusio")),
    "illuminati": Table(_illuminati, gesture_map("illuminati")),
}


def table_of(game_id: str) -> Table:
    """The game's own table, or the plain one that lays out any view."""
    return TABLES.get(game_id, PLAIN)


def scene_class(game_id: str) -> type[TableScene]:
    return table_of(game_id).scene_class()


__all__ = ["GenericTableScene", "Table", "TableScene", "TableView", "scene_class", "table_of"]
