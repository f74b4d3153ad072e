"""What every table scene shares, and the zoomable view that shows it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSceneMouseEvent, QGraphicsView

from illusio_table.engine import Action

FELT = QColor("#24523a")


MOVE = 0  # the item data key under which a clickable item keeps the number of its move


class TableScene(QGraphicsScene):
    """A game table. `show_view` redraws it from a view and the viewer's legal actions;
    a move made on the table is announced with `action_chosen`.

    Items are plain Qt items: a clickable one carries the number of its move in its data
    and the scene maps clicks to moves. (Python subclasses of QGraphicsItem that Qt
    deletes on `clear()` crash PySide6 at exit, so the scene keeps the behaviour.)
    """

    action_chosen = Signal(object)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setBackgroundBrush(FELT)
        self.moves: list[Action] = []

    def clear(self) -> None:
        super().clear()
        self.moves = []

    def offer(self, item: QGraphicsItem, action: Action) -> None:
        """Makes `item` play `action` when clicked."""
        item.setData(MOVE, len(self.moves))
        self.moves.append(action)

    def move_at(self, pos: QPointF) -> Action | None:
        for item in self.items(pos):
            while item is not None:
                number = item.data(MOVE)
                if number is not None:
                    return self.moves[number]
                item = item.parentItem()
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.setAccepted(self.move_at(event.scenePos()) is not None)
        if not event.isAccepted():
            super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        action = self.move_at(event.scenePos())
        if action is not None and event.button() == Qt.MouseButton.LeftButton:
            self.action_chosen.emit(action)
        else:
            super().mouseReleaseEvent(event)

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        raise NotImplementedError

    def show_nothing(self) -> None:
        """Behind the curtain: not one item of any seat stays on the table."""
        self.clear()


class TableView(QGraphicsView):
    """Zoom in, out and to fit; Ctrl + wheel zooms too."""

    STEP = 1.25

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_in(self) -> None:
        if self.zoom() < 4:
            self.scale(self.STEP, self.STEP)

    def zoom_out(self) -> None:
        if self.zoom() > 0.2:
            self.scale(1 / self.STEP, 1 / self.STEP)

    def zoom_reset(self) -> None:
        self.resetTransform()

    def zoom_fit(self) -> None:
        if self.scene() is not None and not self.scene().itemsBoundingRect().isEmpty():
            self.fitInView(
                self.scene().itemsBoundingRect().adjusted(-20, -20, 20, 20),
                Qt.AspectRatioMode.KeepAspectRatio,
            )

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            (self.zoom_in if event.angleDelta().y() > 0 else self.zoom_out)()
            event.accept()
        else:
            super().wheelEvent(event)
