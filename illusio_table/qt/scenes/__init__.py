"""The tables: one QGraphicsScene per game, drawn only from the seat's view.

Which table draws a game, and which gestures make its moves, is the game's kit
(table/kits.py); a game without one gets the plain table, a button per move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from illusio_table.table.kits import kit_of
from illusio_table.table.seat_screen import seat_screen

from .view import TableView

if TYPE_CHECKING:
    from .base import TableScene
    from .generic import GenericTableScene


def table_scene(game_id: str, parent: Any, card_data: Any) -> TableScene:
    """A new table of the game (its kit's scene), making moves with its kit's gestures."""
    kit = kit_of(game_id)
    scene: TableScene = kit.scene_class()(parent, card_data)
    scene.gesture_map = kit.gestures
    scene.screen_of = lambda view, legal, names: seat_screen(
        kit, view, view.get("me"), names, legal
    )
    return scene


def __getattr__(name: str) -> Any:
    """The tables' toolkit, loaded when first asked for (the window's first screen is
    painted without it: `view` is all it needs)."""
    if name == "TableScene":
        from .base import TableScene

        return TableScene
    if name == "GenericTableScene":
        from .generic import GenericTableScene

        return GenericTableScene
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GenericTableScene", "TableScene", "TableView", "table_scene"]
