"""What a box laid over a table would hide, weighed: the count of a casting and the help
pictures' numbered balloons are each put, of the places they may go, where they hide
least of what people look at. Each caller weighs a piece, a word and the table's other
small marks as its reader needs (over the count's few seconds a token hidden is worst;
in a help picture a word hidden is); ground — the felt, a panel, a region far larger than
the box — is no harm to cover."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

from .look import PIECE


def area(box: QRectF) -> float:
    return box.width() * box.height() if box.isValid() else 0.0


def weighed(
    items: Iterable[QGraphicsItem],
    *,
    piece: float,
    words: float,
    mark: float,
    ground: Callable[[QRectF], bool],
) -> list[tuple[QRectF, float]]:
    """The visible items' boxes in the scene, each with its weight: a piece, words (text
    with something in it; an empty text hides nothing; the words a piece paints itself,
    where it tells them by a `word_boxes()`), or any other mark of the table unless
    `ground` says its box is ground."""
    marks = []
    for item in items:
        if not item.isVisible():
            continue
        box = item.sceneBoundingRect()
        # Words a piece paints itself (a card's name, its group's word) weigh as words.
        marks += [(words_box, words) for words_box in getattr(item, "word_boxes", list)()]
        if item.data(PIECE) is not None:
            marks.append((box, piece))
        elif isinstance(item, QGraphicsSimpleTextItem):
            if item.text().strip():
                marks.append((box, words))
        elif not ground(box):
            marks.append((box, mark))
    return marks


def hidden(box: QRectF, marks: Iterable[tuple[QRectF, float]]) -> float:
    """How much of the weighed marks `box` would hide: each one's area under it, times
    its weight."""
    return sum(weight * area(box.intersected(mark)) for mark, weight in marks)


Place = TypeVar("Place")


def least_hiding(places: Sequence[Place], cost: Callable[[Place], float]) -> int:
    """The index of the first place that hides nothing, else of the one that hides least
    (the first of equals: the callers list their places best first)."""
    least, best = float("inf"), 0
    for i, place in enumerate(places):
        hides = cost(place)
        if hides == 0:
            return i
        if hides < least:
            least, best = hides, i
    return best
