"""The game log's lines, each measured once.

A list view that wraps its lines lays every line out again whenever one is added, asking
each line's size: a long game (thousands of lines) made every move cost more than a frame
(39 ms a line at 3,000 lines, offscreen). The size of a line depends only on its words and
the width it wraps in, so it is measured once per width (16 ms at 3,000 lines)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem


class MeasuredOnce(QStyledItemDelegate):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.width = -1
        self.sizes: dict[str, QSize] = {}

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        width = option.rect.width()
        if width != self.width:  # the dock was resized: every line wraps anew
            self.width, self.sizes = width, {}
        text = index.data()
        size = self.sizes.get(text) if isinstance(text, str) else None
        if size is None:
            size = super().sizeHint(option, index)
            if isinstance(text, str):
                self.sizes[text] = size
        return size
