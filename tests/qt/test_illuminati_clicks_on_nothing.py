"""A click on nothing never leaves the Illuminati table zoomed in without a way back: a
click on another player's empty area brings it close, and the next click on an empty
place shows the whole table again; a click on one's own empty area, or on felt that is no
one's, leaves the table whole."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from .conftest import lift_curtain, screenshot
from .test_illuminati_table import ANA_AND_LERA, QTest_click_at, start


def scrolled(table) -> bool:
    """Whether the view shows scroll bars that move (part of the table out of sight)."""
    bars = (table.horizontalScrollBar(), table.verticalScrollBar())
    return any(bar.maximum() > bar.minimum() for bar in bars)


def empty_felt(scene, region) -> QPointF:
    """A point of `region` where no piece lies (its felt), near its bottom left."""
    return region.topLeft() + QPointF(30, region.height() - 20)


def test_the_next_click_on_an_empty_place_shows_the_whole_table_again(window):
    start(window, ANA_AND_LERA, seed=2)
    lift_curtain(window)
    scene, table = window.scene, window.table
    whole = table.zoom()
    assert not scrolled(table)
    lera = scene.regions[("seat", 1)]
    QTest_click_at(window, empty_felt(scene, lera))
    assert table.zoom() > whole * 1.3, "Lera's area is brought close"
    assert "again" in window.statusBar().currentMessage()  # it says how to go back
    screenshot(window, "illuminati-another-area-close")
    QTest_click_at(window, empty_felt(scene, lera))  # the same place, clicked again
    assert abs(table.zoom() - whole) < 0.01 * whole
    assert not scrolled(table)
    assert window.statusBar().currentMessage() == "The whole table again."
    screenshot(window, "illuminati-whole-again")


def test_a_click_on_felt_that_is_no_ones_leaves_the_table_whole(window):
    start(window, ANA_AND_LERA, seed=2)
    lift_curtain(window)
    scene, table = window.scene, window.table
    whole = table.zoom()
    rect, steps = scene.sceneRect(), 24
    grid = [
        QPointF(rect.left() + rect.width() * i / steps, rect.top() + rect.height() * j / steps)
        for i in range(1, steps)
        for j in range(1, steps)
    ]
    nowhere = [point for point in grid if scene.key_at(point) is None]
    assert nowhere, "the table has felt that is no one's"
    for point in nowhere[:: max(1, len(nowhere) // 6)]:
        QTest_click_at(window, point)
        assert abs(table.zoom() - whole) < 0.01 * whole, point
        assert not scrolled(table), point
