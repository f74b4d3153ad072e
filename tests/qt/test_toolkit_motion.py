"""The toolkit's motion: pieces that stay slide from their last place, and never linger."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QPen

from illusio_table.qt.scenes import TableScene


class Pieces(TableScene):
    """A table of round pieces at the places the view names."""

    def show_view(self, view, legal, names, title):
        self.finish_glide()
        before = self.remember_places()
        self.clear()
        for key, (x, y) in view.items():
            item = self.addEllipse(QRectF(x - 10, y - 10, 20, 20), QPen(), QBrush())
            self.piece(key, item)
        self.glide_from(before)


def centre(scene, key):
    item = next(i for i in scene.items() if i.data(1) == key)
    return item.sceneBoundingRect().center()


def test_a_piece_that_stays_glides_from_its_old_place_to_its_new_one(qapp):
    scene = Pieces()
    scene.glide_ms = 200
    scene.show_view({"a": (0, 0), "b": (50, 0)}, [], [], "")
    scene.show_view({"a": (300, 100), "b": (50, 0), "c": (9, 9)}, [], [], "")
    assert scene.gliding() and centre(scene, "a") == QPointF(0, 0), "it starts where it was"
    assert centre(scene, "b") == QPointF(50, 0) and centre(scene, "c") == QPointF(9, 9)
    scene._glide.setCurrentTime(100)
    halfway = centre(scene, "a")
    assert 0 < halfway.x() < 300 and 0 < halfway.y() < 100
    scene.finish_glide()  # a click or a key does this
    assert not scene.gliding() and centre(scene, "a") == QPointF(300, 100)
    count = len(scene.items())
    scene.show_view({"a": (0, 0)}, [], [], "")
    scene.show_view({"a": (10, 0)}, [], [], "")
    assert len(scene.items()) == 1 < count


def test_without_motion_pieces_are_at_once_where_they_belong(qapp):
    scene = Pieces()
    scene.glide_ms = 0
    scene.show_view({"a": (0, 0)}, [], [], "")
    scene.show_view({"a": (300, 100)}, [], [], "")
    assert not scene.gliding() and centre(scene, "a") == QPointF(300, 100)
