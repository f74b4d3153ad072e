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

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QCursor, QKeyEvent, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QMenu,
)

from illusio_table.engine import Action

FELT = QColor("#24523a")
LEGAL = QColor("#ffd54f")
FOCUS = QColor("#4fc3f7")
KEY = 0  # item data: the key of a target item, or a tag
POINTER = "pointer"  # the tag of the item a seat drags (the wand)
MARK = "mark"  # the tag of highlight rings


class TableScene(QGraphicsScene):
    """A game table. `show_view` redraws it; a move tried on the table is `action_chosen`.

    Python never keeps a Qt item beyond the call that uses it: targets are remembered by
    key and scene rectangle, and an item is found again by the key in its data. Items are
    made by the scene (add*) or as children of such items, and are only deleted all at
    once by clear(). PySide6 frees items twice, and crashes, when Python still holds an
    item that Qt deleted with its scene or window.
    """

    action_chosen = Signal(object)
    message = Signal(str)  # a hint for the status bar

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setBackgroundBrush(FELT)
        self.describe: Callable[[Action], str] = lambda action: action.label()
        # A game's own reading of its view as panels (Game.panels), for the plain table.
        self.panels: Callable[[dict[str, Any]], list[tuple[str, list[str]]] | None] = lambda view: (
            None
        )
        self._forget()

    def _forget(self) -> None:
        self.targets: dict[Hashable, QRectF] = {}  # key -> where the target lies
        self.order: list[Hashable] = []  # keyboard order of the targets
        self.moves: dict[Hashable, list[Action]] = {}
        self.attempts: dict[Hashable, Action] = {}  # moves tried on items with no legal move
        self.focus_key: Hashable | None = None
        self.hover_key: Hashable | None = None
        self.pointer_home: QPointF | None = None  # where the draggable pointer rests
        self._press: QPointF | None = None
        self._dragged: QGraphicsItem | None = None  # held only while a drag lasts
        self._dragging = False

    # -- drawing ---------------------------------------------------------------------------

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        raise NotImplementedError

    def show_nothing(self) -> None:
        """Behind the curtain: not one item of any seat stays on the table."""
        self.clear()

    def clear(self) -> None:
        self._forget()  # let go of the dragged item before Qt deletes it
        super().clear()

    def item(self, key: Hashable) -> QGraphicsItem | None:
        """The item registered under `key` (found again, never kept)."""
        for item in self.items():
            if item.data(KEY) == key:
                return item
        return None

    def target(
        self, key: Hashable, item: QGraphicsItem, attempt: Action | None = None
    ) -> QGraphicsItem:
        """Registers an item that moves can be made on (`attempt`: what to try if none is legal)."""
        item.setData(KEY, key)
        self.targets[key] = item.sceneBoundingRect()
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
            self._mark(self.targets[key], LEGAL, 4, "legal")

    def shared_targets(self) -> list[Hashable]:
        """The targets people point at in table mode, in table order."""
        return list(self.order)

    def number_targets(self, labels: dict[Hashable, str]) -> None:
        """Table mode: writes each person's key beside each target."""
        for key, text in labels.items():
            box = self.targets[key]
            tag = self.addSimpleText(text)
            tag.setBrush(QColor("white"))
            tag.setZValue(60)
            back = self.addRect(
                tag.boundingRect().adjusted(-3, -1, 3, 1),
                QPen(Qt.PenStyle.NoPen),
                QBrush(QColor(0, 0, 0, 190)),
            )
            back.setZValue(59)
            back.setPos(box.left(), box.bottom() - 4)
            tag.setPos(box.left(), box.bottom() - 4)

    def set_pointer(self, item: QGraphicsItem) -> None:
        """The item the seat drags onto a target (the wand)."""
        item.setData(KEY, POINTER)
        item.setCursor(Qt.CursorShape.OpenHandCursor)
        self.pointer_home = item.pos()

    def pointer(self) -> QGraphicsItem | None:
        return self.item(POINTER)

    def _mark(
        self,
        rect: QRectF,
        colour: QColor,
        width: float,
        tag: str,
        style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    ) -> None:
        mark = self.addRect(
            rect.adjusted(-5, -5, 5, 5), QPen(colour, width, style), QBrush(Qt.BrushStyle.NoBrush)
        )
        mark.setZValue(50)
        mark.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        mark.setData(KEY, (MARK, tag))

    def _unmark(self, tag: str) -> None:
        for item in self.items():
            if item.data(KEY) == (MARK, tag):
                item.setVisible(False)  # hidden, not removed: see the class note

    # -- trying moves ----------------------------------------------------------------------

    def key_at(self, pos: QPointF) -> Hashable | None:
        for item in self.items(pos):
            while item is not None:
                key = item.data(KEY)
                if key == POINTER:
                    break
                if key is not None and key in self.targets:
                    return key
                item = item.parentItem()
        return None

    def play(self, action: Action) -> None:
        self.action_chosen.emit(action)

    def activate(self, key: Hashable, screen_pos: QPointF | None = None) -> None:
        """Plays the move on this item; a choice of several opens a menu."""
        moves = self.moves.get(key, [])
        if len(moves) == 1:
            self.play(moves[0])
        elif moves:
            action = self.choose_from_menu(moves, screen_pos)
            if action is not None:
                self.play(action)
        elif key in self.attempts:
            self.play(self.attempts[key])
        else:
            self.message.emit("Nothing to do there now.")

    # -- the mouse -----------------------------------------------------------------------

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        """A right click lists the moves on that target (the third way, after drag and keys)."""
        key = self.key_at(event.scenePos())
        moves = self.moves.get(key, []) if key is not None else []
        if not moves:
            return super().contextMenuEvent(event)
        event.accept()
        action = self.choose_from_menu(moves, QPointF(event.screenPos()))
        if action is not None:
            self.play(action)

    def choose_from_menu(self, moves: list[Action], screen_pos: QPointF | None) -> Action | None:
        """A small menu of moves at the pointer; None when it is closed without a choice."""
        menu = QMenu()
        for number, action in enumerate(moves):
            menu.addAction(self.describe(action)).setData(number)
        chosen = menu.exec(screen_pos.toPoint() if screen_pos is not None else QCursor.pos())
        return moves[chosen.data()] if chosen is not None else None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        self._press = event.scenePos()
        self._dragging = False
        pointer = self.pointer()
        self._dragged = (
            pointer
            if pointer is not None and pointer.sceneBoundingRect().contains(self._press)
            else None
        )
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or self._dragged is None:
            return super().mouseMoveEvent(event)
        distance = (
            event.screenPos() - event.buttonDownScreenPos(Qt.MouseButton.LeftButton)
        ).manhattanLength()
        if not self._dragging and distance >= QApplication.startDragDistance():
            self._dragging = True
            self._dragged.setCursor(Qt.CursorShape.ClosedHandCursor)
            self._dragged.setZValue(100)
        if self._dragging:
            self._dragged.setPos(self.pointer_home + event.scenePos() - self._press)
            self._hover(self.key_at(event.scenePos()))
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or event.button() != Qt.MouseButton.LeftButton:
            return super().mouseReleaseEvent(event)
        key = self.key_at(event.scenePos())
        dragged, grabbed = self._dragging, self._dragged is not None
        self._press, self._dragging = None, False
        if dragged:
            self._snap_back()
            if key is None:
                self.message.emit("Drop the wand on a token, a potion, a book or a sorcerer.")
                return
        elif grabbed or key is None:
            self._dragged = None
            return
        self.activate(key, event.screenPos())

    def _snap_back(self) -> None:
        if self._dragged is not None:
            self._dragged.setPos(self.pointer_home)
            self._dragged.setCursor(Qt.CursorShape.OpenHandCursor)
            self._dragged = None
        self._hover(None)

    def _hover(self, key: Hashable | None) -> None:
        """While dragging, the target under the pointer lights up brighter."""
        if key == self.hover_key:
            return
        self.hover_key = key
        self._unmark("hover")
        if key is not None:
            colour = LEGAL if key in self.moves else QColor("#e57373")
            self._mark(self.targets[key], colour, 8, "hover")

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
        self.focus_key = key
        self._unmark("focus")
        self._mark(self.targets[key], FOCUS, 3, "focus", Qt.PenStyle.DashLine)
        for view in self.views():
            view.ensureVisible(self.targets[key])
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
