"""The window's view of a table: zoom, fitting the window, keys first to the window.

Apart from the tables themselves (`base`), so that the window can make its view before
any table is needed: the welcome screen is painted without loading them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QKeyEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from .look import FELT


def _table(scene: QGraphicsScene | None) -> Any:
    """The scene if it is one of the tables (`base.TableScene`), else None. Asked of a
    scene the view shows, by which time the tables are loaded."""
    if scene is None:
        return None
    from .base import TableScene

    return scene if isinstance(scene, TableScene) else None


class TableView(QGraphicsView):
    """Zoom in, out and to fit; Ctrl + wheel zooms too; Tab reaches the table's moves.

    The table fits the window when it is first shown and whenever the window changes size,
    until the person zooms by hand; "Fit the table" goes back to fitting.
    """

    STEP = 1.25

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundBrush(QBrush(FELT))
        self.viewport().setMouseTracking(True)  # the pointer's moves, for what it is over
        self.fitting = True
        self.kept = QRectF()  # the table's extent so far, while the same scene is shown

    def setScene(self, scene: QGraphicsScene | None) -> None:
        self.kept = QRectF()  # a new table: its own extent
        super().setScene(scene)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        return False  # Tab moves between the table's moves, not out of the table

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # The window may read the key first (table mode); asked, not stored, on purpose.
        first = getattr(self.window(), "table_key", None)
        if first is not None and first(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_in(self) -> None:
        self.fitting = False
        if self.zoom() < 4:
            self.scale(self.STEP, self.STEP)
        self.heading_in_sight()

    def zoom_out(self) -> None:
        self.fitting = False
        if self.zoom() > 0.2:
            self.scale(1 / self.STEP, 1 / self.STEP)
        self.heading_in_sight()

    def zoom_reset(self) -> None:
        self.fitting = False
        self.resetTransform()
        self.heading_in_sight()

    def heading_in_sight(self) -> None:
        scene = _table(self.scene())
        if scene is not None:
            scene.keep_heading_in_sight(self.mapToScene(self.viewport().rect()).boundingRect())

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.heading_in_sight()

    def zoom_fit(self) -> None:
        self.fitting = True
        self.drawn()

    def drawn(self) -> None:
        """After each drawing: the table is as large as what is on it, and fits again. It
        only ever grows while the same table is shown: refitted to what each view drew,
        it shifted by a few pixels between turns, and every piece with it."""
        scene = _table(self.scene())
        drawn = scene.drawn_rect() if scene is not None else QRectF()
        if not drawn.isEmpty():
            fixed = scene.extent() or QRectF()
            if not fixed.contains(drawn):
                fixed = fixed.united(drawn.adjusted(-12, -12, 12, 12))
            self.kept = self.kept.united(fixed) if not self.kept.isEmpty() else fixed
            if scene.sceneRect() != self.kept:
                scene.setSceneRect(self.kept)
        self.refit()

    def refit(self) -> None:
        """Fits the table again if the person has not zoomed by hand (a table that takes
        the window's shape is first laid out anew in it)."""
        scene = self.scene()
        if scene is None:
            return
        if not self.fitting:
            self.heading_in_sight()  # a new drawing, zoomed by hand: its heading in sight
            return
        room = self.viewport().rect()
        if room.height() > 0 and scene.fit_shape(room.width(), room.height()):
            self.kept = QRectF()  # the table's new shape has its own extent
            scene.redraw()
            self.drawn()  # (fits it: the shape is kept now)
            return
        if not scene.sceneRect().isEmpty():
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.heading_in_sight()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.refit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            (self.zoom_in if event.angleDelta().y() > 0 else self.zoom_out)()
            event.accept()
        else:
            super().wheelEvent(event)
