"""Another magician's Backstage at 1280 × 720: its heading reads clear of its cards."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from .test_text_sizes import item_words, play, start


@pytest.mark.parametrize("height", [720, 630], ids=["window", "under-a-guide-bar"])
def test_another_magicians_backstage_cards_lie_under_its_heading_not_on_it(make_window, height):
    """The word "Backstage" over another magician's cards, at the window's height and
    at the height a guide's bar leaves: at 1280 × 720 under the guide's bar, Lera's first
    chip ("Dove", "Cards") lay over the lower half of the word."""
    window = make_window()
    window.resize(1280, height)
    QApplication.processEvents()
    start(window, "illusio", 3, seats=2)
    play(window, 12, 3)
    view = window.model.session.game.view(0)
    held = view["seats"][1]["backstage"]
    assert held, "Bot 1 has cards in the Backstage"
    zoom = window.table.zoom()
    headings = [
        w
        for w in item_words(window.scene, zoom)
        if isinstance(w.item, QGraphicsSimpleTextItem) and w.text == "Backstage"
    ]
    assert headings
    cards = [window.scene.item(("card", c["id"])).sceneBoundingRect() for c in held]
    for heading in headings:
        for card in cards:
            assert not card.intersects(heading.ink), (heading.ink, card)
