"""What the card tables share besides their cards: words, dashed regions, buttons and each
seat's colour on the felt, and the large card that follows the pointer and the keyboard
(one way to do each, for the Illusio and Illuminati tables)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

from illusio_table.engine import Action

from .base import PIECE
from .look import INK, WHITE, font, plain, readable_points
from .words import cut, fold, measure, width_of

REGION = QColor(255, 255, 255, 22)
REGION_EDGE = QColor(255, 255, 255, 70)
BUTTON = QColor("#e8c36a")
# Where a panel's lines do not all fit: the rest are in this line's tooltip.
MORE = "… (the rest: point here)"
SEAT_COLOURS = (
    "#e53935",
    "#1e88e5",
    "#fdd835",
    "#43a047",
    "#8e24aa",
    "#fb8c00",
    "#00acc1",
    "#6d4c41",
)


class Felt:
    """Mixed into a TableScene (which provides add*, target, `regions`, and `cards`: the
    key of each card drawn -> what it shows). Its drawing helpers (text, fitted, lines,
    region, button, seat_colour) are for the card tables to call."""

    regions: dict[Hashable, QRectF]
    cards: dict[Hashable, dict[str, Any]]
    preview: QGraphicsItem | None = None  # the large card
    # The smallest point size that reads (8 pixels) at the zoom the table is seen at,
    # once the window has said (`learn_zoom`): no word is drawn smaller.
    least_points = 0

    def learn_zoom(self, zoom: float) -> bool:
        """Learns the zoom the table will be seen at; True if its least size changed."""
        least = readable_points(max(zoom, 0.1))
        if least == self.least_points:
            return False
        self.least_points = least
        return True

    def show_large(self, key: Hashable | None) -> None:
        """Shows the card of `key` large (None: the pointer is over no card)."""
        raise NotImplementedError

    def clear(self) -> None:
        self.preview = None  # the large card goes with everything else
        super().clear()

    def focus(self, key: Hashable) -> None:
        super().focus(key)
        self.show_large(key)

    def mouseMoveEvent(self, event: Any) -> None:
        if self._press is None:  # the pointer passing over the table, nothing lifted
            self.show_large(self.card_at(event.scenePos()))
        super().mouseMoveEvent(event)

    def drop_hint(self, source: Hashable) -> str:
        return "Drop it on a place outlined in gold."

    def card_at(self, pos: QPointF) -> Hashable | None:
        """The topmost card under the pointer (not the large one)."""
        for item in self.items(pos):
            key = item.data(PIECE)
            if key in self.cards and item is not self.preview:
                return key
        return None

    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: int = 11,
        bold: bool = False,
        colour: QColor = WHITE,
    ) -> QGraphicsSimpleTextItem:
        """Words at (x, y), never smaller than the least size that reads."""
        item = self.addSimpleText(text)
        item.setFont(font(max(size, self.least_points), bold))
        item.setBrush(colour)
        item.setPos(x, y)
        return item

    def fitted(
        self,
        text: str,
        x: float,
        y: float,
        room: float,
        size: int = 9,
        bold: bool = False,
        short: str = "",
        **kw: Any,
    ) -> QGraphicsSimpleTextItem:
        """A one-line label cut with '…' to `room` pixels, whole in its tooltip, so that it
        never runs into its neighbour; in its `short` words first, if it has some and
        the whole does not fit."""
        size = max(size, self.least_points)
        said = short if short and width_of(text, size, bold) > room else text
        shown = cut(said, room, size, bold)
        item = self.text(shown, x, y, size, bold, **kw)
        if shown != text:
            item.setToolTip(plain(text))
        return item

    def lines_height(
        self, lines: list[str], x: float, room: QRectF, size: int, bold_last: bool = False
    ) -> float:
        """How tall `lines` stand drawn whole by `lines` from `x` in `room`'s width."""
        size = max(size, self.least_points)
        width = room.right() - x - 4
        rows = sum(len(fold(line, width, size, bold_last)) for line in lines)
        return rows * measure(size, bold_last).lineSpacing()

    def lines(
        self, lines: list[str], x: float, y: float, room: QRectF, size: int, bold_last: bool = False
    ) -> None:
        """Lines of words from (x, y), each wrapped to the width of `room`, down to its
        bottom: where they do not all fit, the last line stays (it says the outcome) and
        the ones before it are cut, with a line saying so, which holds them all whole
        in its tooltip (it sent people to the log, which did not hold them)."""
        size = max(size, self.least_points)
        width = room.right() - x - 4
        parts = [fold(line, width, size, bold_last) for line in lines]
        step = measure(size, bold_last).lineSpacing()
        most = max(1, int((room.bottom() - y) // step))
        rows = [(part, k == len(lines) - 1) for k, folded in enumerate(parts) for part in folded]
        if len(rows) > most:
            last = [r for r in rows if r[1]]
            kept = rows[: max(0, most - len(last) - 1)]
            rows = [*kept, (MORE, False), *last][-most:]
        for n, (part, last_line) in enumerate(rows):
            item = self.text(part, x, y + n * step, size, bold=bold_last and last_line)
            if part == MORE:
                item.setToolTip(plain("\n".join(lines)))

    def region(self, rect: QRectF, label: str = "", key: Hashable | None = None) -> QGraphicsItem:
        """A dashed part of the table, titled; with a key, a place things are dropped on."""
        region = self.addRect(rect, QPen(REGION_EDGE, 1.2, Qt.PenStyle.DashLine), QBrush(REGION))
        if label:
            self.text(label, rect.left() + 8, rect.top() + 4, 11, bold=True)
        if key is not None:
            self.regions[key] = rect
            self.target(key, region)
        return region

    def button(
        self,
        label: str,
        rect: QRectF,
        key: Hashable,
        attempt: Action | None = None,
        size: int = 12,
        tip: str = "",
    ) -> QGraphicsItem:
        """A gold button, a target under `key` (`attempt`: what a click tries when no move
        is legal there, so that the engine says why); its label cut to it, whole in its
        tooltip (or `tip`)."""
        button = self.addRect(rect, QPen(INK, 1.5), QBrush(BUTTON))
        size = max(size, self.least_points)  # readable, and cut to the button (the tooltip
        shown = cut(label, rect.width() - 6, size, True)  # says it whole)
        words = QGraphicsSimpleTextItem(shown, button)
        words.setFont(font(size, bold=True))
        words.setBrush(INK)
        box = words.boundingRect()
        words.setPos(rect.center().x() - box.width() / 2, rect.center().y() - box.height() / 2)
        button.setToolTip(plain(tip or label))
        self.target(key, button, attempt)
        return button

    @staticmethod
    def seat_colour(seat: int) -> QColor:
        """Each seat's own colour on the felt."""
        return QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
