"""The look every table shares: palette, fonts, sizes and stacking, in one place."""

from __future__ import annotations

import html
import math

from PySide6.QtGui import QColor, QFont

from illusio_table.table.prompts import counted

FELT = QColor("#24523a")
INK = QColor("#2b2118")
PAPER = QColor("#f4ecd8")
WHITE = QColor("white")
GOLD = QColor("#e6b422")
LEGAL = QColor("#ffd54f")  # a target the lifted piece may go to
REFUSED = QColor("#e57373")  # a target it may not (the engine says why on the drop)
FOCUS = QColor("#4fc3f7")  # the keyboard's highlight
PROMPT = QColor("#ffe082")
FONT = "DejaVu Sans"

# Item data every table's items carry (QGraphicsItem.data), read by the scenes, the
# help pictures and the tests.
KEY = 0  # the key of a target or source, or a mark's tag
PIECE = 1  # the key of a piece that glides between views
HEADING = 4  # where a part of the heading (prompt, buttons) lies at home

# Stacking: the pieces on the felt's regions (which lie at 0, Qt's own), marks over
# pieces, what is lifted or animated over everything.
Z_PIECE = 10
Z_MARK = 50
Z_LABEL = 60
Z_LIFTED = 100
Z_OVERLAY = 120

RING = 5  # how far a mark stands out around its target
READABLE_PX = 8.0  # the smallest words on a table, in pixels on the screen
PX_PER_POINT = 96 / 72  # a point size's height in pixels (or in a scene's units)


def readable_points(zoom: float) -> int:
    """The least point size that reads (READABLE_PX) where a scene is seen at `zoom`."""
    return math.ceil(READABLE_PX * 72 / 96 / zoom)


def font(size: int, bold: bool = False) -> QFont:
    return QFont(FONT, max(size, 6), QFont.Weight.Bold if bold else QFont.Weight.Normal)


def points(n: int) -> str:
    """'1 point', '2 points': a count of points as it is said."""
    return counted(n, "point")


def plain(text: str) -> str:
    """A tooltip shown as the words it holds: Qt reads a tooltip that looks like markup
    as markup, and a seat's name such as `<b>Ana</b><!--` hid the rest of it. The text
    is escaped into rich text that keeps its line breaks."""
    if not text:
        return ""
    return "<p style='white-space:pre-wrap'>" + html.escape(text) + "</p>"
