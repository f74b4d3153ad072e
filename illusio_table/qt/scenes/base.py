"""What every table scene shares, and the zoomable view that shows it.

A table draws one seat's view. Items that a move can be made on are registered under a
key (say ("room", 3) or ("token", 41)); the scene maps the seat's legal actions onto
those keys. Clicking an item, pressing Enter on it, or dropping the seat's pointer (the
wand, a card) on it plays its move; an item whose move is not legal still answers, so
that the engine can say why not. Several moves on one item (a book with several ways to
pay) open a small menu.

Items are plain Qt items: the scene keeps the behaviour. (Python subclasses of
QGraphicsItem that Qt deletes on `clear()` are a known source of crashes in PySide6.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QCursor, QKeyEvent, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QMenu,
)

from illusio_table.engine import Action

FELT = QColor("#24523a")
LEGAL = QColor("#ffd54f")
FOCUS = QColor("#4fc3f7")
KEY = 0  # item data: the key of a target item


class TableScene(QGraphicsScene):
    """A game table. `show_view` redraws it; a move tried on the table is `action_chosen`."""

    action_chosen = Signal(object)
    message = Signal(str)  # a hint for the status bar

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setBackgroundBrush(FELT)
        self.targets: dict[Hashable, QGraphicsItem] = {}
        self.order: list[Hashable] = []  # keyboard order of the targets
        self.moves: dict[Hashable, list[Action]] = {}
        self.attempts: dict[Hashable, Action] = {}  # moves tried on items with no legal move
        self.describe: Callable[[Action], str] = lambda action: action.label()
        self.focus_key: Hashable | None = None
        self._marks: list[QGraphicsItem] = []
        self.pointer: QGraphicsItem | None = None
        self.pointer_home = QPointF()
        self._press: QPointF | None = None
        self._dragging = self._grabbed = False
        self._hover_mark: QGraphicsRectItem | None = None
        self.hover_key: Hashable | None = None

    # -- drawing ---------------------------------------------------------------------------

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        raise NotImplementedError

    def show_nothing(self) -> None:
        """Behind the curtain: not one item of any seat stays on the table."""
        self.clear()

    def clear(self) -> None:
        super().clear()
        self.targets, self.order, self.moves, self.attempts = {}, [], {}, {}
        self._marks, self.pointer, self._press = [], None, None
        self._dragging = self._grabbed = False
        self._hover_mark, self.hover_key, self.focus_key = None, None, None

    def target(
        self, key: Hashable, item: QGraphicsItem, attempt: Action | None = None
    ) -> QGraphicsItem:
        """Registers an item that moves can be made on (`attempt`: what to try if none is legal)."""
        item.setData(KEY, key)
        self.targets[key] = item
        self.order.append(key)
        if attempt is not None:
            self.attempts[key] = attempt
        return item

    def bind(self, legal: list[Action], key_of: Callable[[Action], Hashable]) -> None:
        """Maps the legal moves onto the registered items and marks them."""
        for action in legal:
            key = key_of(action)
            if key in self.targets:
                self.moves.setdefault(key, []).append(action)
        for key in self.moves:
            self._mark(self.targets[key], LEGAL, 4)

    def set_pointer(self, item: QGraphicsItem) -> None:
        """The item the seat drags onto a target (the wand)."""
        self.pointer = item
        self.pointer_home = item.pos()
        item.setCursor(Qt.CursorShape.OpenHandCursor)

    def _mark(self, item: QGraphicsItem, colour: QColor, width: float) -> QGraphicsRectItem:
        rect = item.sceneBoundingRect().adjusted(-5, -5, 5, 5)
        mark = QGraphicsRectItem(rect)
        mark.setPen(QPen(colour, width, Qt.PenStyle.SolidLine))
        mark.setBrush(Qt.BrushStyle.NoBrush)
        mark.setZValue(50)
        mark.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(mark)
        self._marks.append(mark)
        return mark

    # -- trying moves ----------------------------------------------------------------------

    def key_at(self, pos: QPointF) -> Hashable | None:
        for item in self.items(pos):
            while item is not None:
                key = item.data(KEY)
                if key is not None and key in self.targets and item is not self.pointer:
                    return key
                item = item.parentItem()
        return None

    def activate(self, key: Hashable, screen_pos: QPointF | None = None) -> None:
        """Plays the move on this item; a choice of several opens a menu."""
        moves = self.moves.get(key, [])
        if len(moves) == 1:
            self.action_chosen.emit(moves[0])
        elif moves:
            menu = QMenu()
            for action in moves:
                menu.addAction(self.describe(action)).setData(moves.index(action))
            chosen = menu.exec(screen_pos.toPoint() if screen_pos is not None else QCursor.pos())
            if chosen is not None:
                self.action_chosen.emit(moves[chosen.data()])
        elif key in self.attempts:
            self.action_chosen.emit(self.attempts[key])
        else:
            self.message.emit("Nothing to do there now.")

    # -- the mouse -----------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        self._press = event.scenePos()
        self._dragging = False
        on_pointer = self.pointer is not None and self.pointer.sceneBoundingRect().contains(
            event.scenePos()
        )
        self._grabbed = on_pointer
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or not self._grabbed:
            return super().mouseMoveEvent(event)
        distance = (
            event.screenPos() - event.buttonDownScreenPos(Qt.MouseButton.LeftButton)
        ).manhattanLength()
        if not self._dragging and distance >= QApplication.startDragDistance():
            self._dragging = True
            self.pointer.setCursor(Qt.CursorShape.ClosedHandCursor)
            self.pointer.setZValue(100)
        if self._dragging:
            self.pointer.setPos(self.pointer_home + event.scenePos() - self._press)
            self._hover(self.key_at(event.scenePos()))
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or event.button() != Qt.MouseButton.LeftButton:
            return super().mouseReleaseEvent(event)
        key = self.key_at(event.scenePos())
        dragged, self._press, self._dragging = self._dragging, None, False
        if dragged:
            self._snap_back()
            if key is None:
                self.message.emit("Drop the wand on a token, a potion, a book or a sorcerer.")
                return
        elif self._grabbed or key is None:
            return
        self.activate(key, event.screenPos())

    def _snap_back(self) -> None:
        if self.pointer is not None:
            self.pointer.setPos(self.pointer_home)
            self.pointer.setCursor(Qt.CursorShape.OpenHandCursor)
        self._hover(None)

    def _hover(self, key: Hashable | None) -> None:
        """While dragging, the target under the pointer lights up brighter."""
        if key == self.hover_key:
            return
        self.hover_key = key
        if self._hover_mark is not None:
            self.removeItem(self._hover_mark)
            self._marks.remove(self._hover_mark)
            self._hover_mark = None
        if key is not None:
            colour = LEGAL if key in self.moves else QColor("#e57373")
            self._hover_mark = self._mark(self.targets[key], colour, 8)

    # -- the keyboard ------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.step_focus(1)
        elif event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.step_focus(-1)
        elif (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
            and self.focus_key is not None
        ):
            self.activate(self.focus_key)
        else:
            return super().keyPressEvent(event)
        event.accept()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        """Tab and Shift+Tab walk through the lit targets (the scene sees Tab first)."""
        return self.step_focus(1 if next else -1)

    def step_focus(self, step: int) -> bool:
        keys = [k for k in self.order if k in self.moves]  # the lit targets, in table order
        if not keys:
            return False
        at = keys.index(self.focus_key) if self.focus_key in keys else (-1 if step > 0 else 0)
        self.focus(keys[(at + step) % len(keys)])
        return True

    def focus(self, key: Hashable) -> None:
        for mark in [m for m in self._marks if m.data(KEY) == "focus"]:
            self.removeItem(mark)
            self._marks.remove(mark)
        self.focus_key = key
        mark = self._mark(self.targets[key], FOCUS, 3)
        mark.setData(KEY, "focus")
        mark.setPen(QPen(FOCUS, 3, Qt.PenStyle.DashLine))
        for view in self.views():
            view.ensureVisible(self.targets[key].sceneBoundingRect())
        self.message.emit(
            self.describe(self.moves[key][0]) if key in self.moves else "Not possible now"
        )


class TableView(QGraphicsView):
    """Zoom in, out and to fit; Ctrl + wheel zooms too; Tab reaches the table's moves."""

    STEP = 1.25

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundBrush(QBrush(FELT))

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        return False  # Tab moves between the table's moves, not out of the table

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
            rect = self.scene().itemsBoundingRect().adjusted(-12, -12, 12, 12)
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            (self.zoom_in if event.angleDelta().y() > 0 else self.zoom_out)()
            event.accept()
        else:
            super().wheelEvent(event)
