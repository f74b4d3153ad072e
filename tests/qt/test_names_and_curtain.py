"""Every text a person typed is shown as plain text everywhere (a seat named like markup,
`<b>Ana</b><!--`, hides nothing of any tooltip on any table), and behind the curtain the
table keeps nothing of the last person."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument

from illusio_table.qt.app.new_game_dialog import GameConfig

MARKUP = "<b>Ana</b><!--"


def _shown(tip: str) -> str:
    """What Qt shows for a tooltip (rich text when it looks like markup)."""
    document = QTextDocument()
    document.setHtml(tip)
    return document.toPlainText()


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("illusio", {}), ("incantibus", {"mode": "expert"}), ("illuminati", {})],
)
def test_a_name_written_like_markup_is_shown_as_it_was_typed_in_every_tooltip(
    window, game_id, options
):
    players = [{"name": MARKUP, "bot": None}, {"name": "Lera", "bot": "random"}]
    players += [{"name": "Milo", "bot": "random"}]
    assert window.start_match(GameConfig(game_id, players, 5, options))
    tips = [item.toolTip() for item in window.scene.items() if item.toolTip()]
    assert tips
    with_name = [t for t in tips if "Ana" in t]
    for tip in tips:
        shown = _shown(tip)
        assert "<!--" not in tip or MARKUP in shown, f"a tooltip hid its end: {tip!r}"
    for tip in with_name:
        assert MARKUP in _shown(tip), tip


@pytest.mark.parametrize("game_id", ["illusio", "illuminati", "incantibus"])
def test_behind_the_curtain_a_stray_redraw_draws_nobodys_table(window, game_id):
    """The table forgets the last view when it is emptied for the curtain: a redraw from
    anywhere (a timer, a resize) draws nothing of the last person."""
    from tests.qt.conftest import lift_curtain

    people = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
    options = {"mode": "apprentice"} if game_id == "incantibus" else {}
    assert window.start_match(
        GameConfig(game_id, people + [{"name": "Milo", "bot": "random"}], 5, options)
    )
    lift_curtain(window)
    window.scene.show_view(
        window.model.session.view(),
        window.model.session.legal_actions(),
        ["Ana", "Lera", "Milo"],
        "x",
    )
    window.scene.show_nothing()
    window.scene.redraw()
    assert not window.scene.items()
