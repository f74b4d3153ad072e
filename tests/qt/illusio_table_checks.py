"""What a person sees on the Illusio table, read back from the drawing, and real drags.

`check_table` compares the drawn table with the seat's view: each card in the zone the
view puts it in, the counts and scores written, and no card drawn face up that the view
does not show (another seat's hand above all). `drag` and `click` are real mouse events
on the table's viewport.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from illusio_table.games.illusio.qt.cards import CardItem


def cards_drawn(scene) -> list[tuple[dict, QPointF]]:
    """Every card on the table with its centre (the large preview left out)."""
    return [
        (item.card, item.sceneBoundingRect().center())
        for item in scene.items()
        if isinstance(item, CardItem) and item is not scene.preview and item.card is not None
    ]


def texts(scene) -> list[str]:
    return [i.text() for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem)]


def faces(drawn, face=None) -> dict[int, QPointF]:
    return {
        c["id"]: at
        for c, at in drawn
        if c["face"] != "back" and (face is None or c["face"] == face)
    }


def check_table(scene, view) -> None:
    """The table shows what the view says, and nothing it does not."""
    drawn = cards_drawn(scene)
    deck_cards = faces([(c, a) for c, a in drawn if c["face"] in ("component", "special")])
    objectives = faces(drawn, "objective")
    me = view["me"]
    seats = view["seats"]
    # Nothing face up that the view does not show: the hand of another seat never.
    shown = {c["id"] for c in view["hand"] or []}
    for s in seats:
        shown |= {c["id"] for c in s["backstage"]}
        for w in s["works"]:
            shown |= {c["id"] for c in w["components"] + w["specials"]}
    if view["discard"]:
        shown.add(view["discard"][-1]["id"])
    assert set(deck_cards) <= shown, f"drawn but not in the view: {set(deck_cards) - shown}"
    # The hand: every card, in the hand's place.
    if view["hand"] is not None:
        hand_box = scene.regions["hand"]
        for c in view["hand"]:
            assert hand_box.contains(deck_cards[c["id"]]), f"hand card {c['name']} not in the hand"
    # Each Backstage and each trick in its owner's place.
    for seat, s in enumerate(seats):
        place = scene.regions[("seat", seat)]
        for c in s["backstage"]:
            assert place.contains(deck_cards[c["id"]]), f"{c['name']} not in seat {seat}'s place"
        for w in s["works"]:
            assert place.contains(objectives[w["objective"]["id"]])
            for c in w["components"]:
                assert place.contains(deck_cards[c["id"]])
        for o in s["validated"]:
            assert place.contains(objectives[o["id"]])
        backs = [
            c
            for c, _ in drawn
            if c["face"] == "back" and f"{view_name(scene, seat)}'s hand" == c.get("title")
        ]
        if seat != me:
            assert len(backs) == s["hand"], (
                f"seat {seat} holds {s['hand']}, {len(backs)} backs drawn"
            )
    # The Contest.
    for o in view["contest"]:
        if o is not None:
            assert scene.regions["contest"].contains(objectives[o["id"]])
    words = texts(scene)
    assert f"Deck: {view['deck']}" in words
    assert f"Discard: {len(view['discard'])}" in words
    for seat, s in enumerate(seats):
        pts = "pt" if s["score"] == 1 else "pts"  # ("1 pts" read wrong)
        assert any(w.startswith(f"{view_name(scene, seat)} · {s['score']} {pts}") for w in words)


def view_name(scene, seat: int) -> str:
    return scene.names[seat]


def item_of(scene, key):
    """The item drawn for a key: a target, a source or a piece."""
    for item in scene.items():
        if item.data(0) == key or item.data(1) == key:
            return item
    raise AssertionError(f"{key} is not drawn")


def at(window, item) -> QPoint:
    return window.table.mapFromScene(item.sceneBoundingRect().center())


def point_of(window, key) -> QPoint:
    scene = window.scene
    rect = scene.targets.get(key) or scene.sources.get(key)
    if rect is None:
        rect = item_of(scene, key).sceneBoundingRect()
    return window.table.mapFromScene(rect.center())


def drag(window, source_key, target_key) -> None:
    """A real drag: press on the piece, move past the drag distance, release on the target."""
    viewport = window.table.viewport()
    start, end = point_of(window, source_key), point_of(window, target_key)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(QApplication.startDragDistance() + 2, 0))
    QTest.mouseMove(viewport, (start + end) / 2)
    QTest.mouseMove(viewport, end)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    QApplication.processEvents()


def click(window, key) -> None:
    viewport = window.table.viewport()
    QTest.mouseClick(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point_of(window, key)
    )
    QApplication.processEvents()


def by_gesture(window, action) -> None:
    """Makes a move through its gesture on the table: a drag, or a click where it has no
    piece to lift."""
    gestures = [g for g in window.scene.gestures if g.action == action]
    assert gestures, f"no gesture for {action}"
    gesture = gestures[0]
    if gesture.source is None:
        click(window, gesture.target)
    else:
        drag(window, gesture.source, gesture.target)
