"""The expert bots at the table: they think in a process of their own, never on the
window's thread, so the window never freezes while they do (the pauses are measured in
`make bench`, not here: a timed test fails on a busy machine); a sign on the seat says
who is thinking, and the New Game and Rehearse dialogs offer them with their time."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QRawFont
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog
from illusio_table.qt.app.new_game_dialog import GameConfig, NewGameDialog
from illusio_table.qt.scenes.base import MARK, THINKING
from illusio_table.qt.scenes.look import FONT

from .conftest import screenshot

EXPERTS = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": "expert", "budget": 0.4},
    {"name": "Milo", "bot": "expert", "budget": 0.4},
]


def test_an_expert_at_the_table_searches_in_another_process_never_on_the_windows_thread(
    make_window, qtbot, monkeypatch
):
    """While both experts think, no search runs in the window's process at all: the
    thinking process (spawned, so it does not share this patch) makes every move."""
    import os

    from illusio_table.engine.search import ExpertBot
    from illusio_table.engine.thinking import THINKER

    searched_here: list[int] = []

    def searched(self, *args, **kwargs):
        searched_here.append(os.getpid())
        raise AssertionError("a search ran on the window's side")

    monkeypatch.setattr(ExpertBot, "choose_in", searched)
    window = make_window(bot_delay_ms=1)  # the table's pacing: searching bots use workers
    signs: list[str] = []

    def look() -> None:
        if window.scene.item((MARK, "thinking")) is not None:
            signs.append(window.scene.item((MARK, "thinking")).text())

    timer = QTimer()
    timer.timeout.connect(look)
    timer.start(5)
    seen: list[object] = []
    assert window.start_match(GameConfig("incantibus", EXPERTS, 3, {"mode": "expert"}))
    window.model.thinking.connect(seen.append)
    # The casting: both experts think (one after the other) while Ana may point.
    qtbot.waitUntil(lambda: len(window.model.session.game.choices) == 2, timeout=15_000)
    timer.stop()
    assert not searched_here
    workers = [p.pid for p in THINKER._pool._processes.values()]
    assert workers and os.getpid() not in workers  # the moves came from another process
    assert 1 in seen or 2 in seen, "no bot was said to think"
    assert signs and signs[0].endswith("thinking…"), "no sign on the thinking seat"
    assert window.scene.item((MARK, "thinking")) is None  # gone once they have chosen
    screenshot(window, "incantibus-experts-chose")


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("illusio", {}), ("incantibus", {"mode": "expert"}), ("illuminati", {})],
)
def test_a_thinking_sign_sits_on_the_bots_seat_over_nothing_else(make_window, game_id, options):
    window = make_window(bot_delay_ms=None)  # bots move only when stepped: the sign stays
    players = EXPERTS + [{"name": "Juno", "bot": "expert", "budget": 0.4}]
    assert window.start_match(GameConfig(game_id, players, 4, options))
    window.scene.show_thinking(1)
    sign = window.scene.item((MARK, "thinking"))
    assert sign is not None and sign.text() == THINKING
    spot = sign.sceneBoundingRect()
    # On Lera's seat: the nearest name up and to the left of it is hers...
    lines = [i for i in window.scene.items() if isinstance(i, QGraphicsSimpleTextItem)]
    names = [
        i.sceneBoundingRect()
        for i in lines
        if i is not sign and re.match(r"(Ana|Lera|Milo|Juno)\b", i.text())
    ]
    above = [
        r for r in names if r.left() <= spot.left() and spot.top() - 80 <= r.top() <= spot.top()
    ]
    nearest = max(above, key=lambda r: (r.left(), r.top()))
    assert any(i.text().startswith("Lera") and i.sceneBoundingRect() == nearest for i in lines)
    # ...and over no other words of the table (the wand's number, a score).
    for item in lines:
        if item is not sign and item.isVisible():
            assert not spot.intersects(item.sceneBoundingRect()), f"the sign covers {item.text()!r}"
    face = QFont(FONT)
    face.setPixelSize(20)
    assert all(QRawFont.fromFont(face).supportsCharacter(ord(c)) for c in THINKING)
    screenshot(window, f"{game_id}-expert-thinking")
    window.scene.show_thinking(None)
    assert window.scene.item((MARK, "thinking")) is None


def test_an_answer_to_a_question_no_longer_asked_is_ignored(make_window, qtbot):
    """Undo or a new match while a bot thinks: its move is not played on the new table."""
    window = make_window(bot_delay_ms=1)
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": "expert", "budget": 5.0}]
    assert window.start_match(GameConfig("incantibus", players, 9, {"mode": "apprentice"}))
    qtbot.waitUntil(lambda: window.model.session.thinking_seat() == 1, timeout=5_000)
    old = window.model
    assert window.start_match(GameConfig("incantibus", players[:1] * 2, 9, {}))
    assert old.session.thinking_seat() is None
    qtbot.wait(100)
    assert not window.model.session.game.record.moves


def test_new_game_offers_the_expert_with_its_time(qtbot, registry):
    dialog = NewGameDialog(registry)
    qtbot.addWidget(dialog)
    dialog.game_box.setCurrentIndex(registry.ids().index("illuminati"))
    box = dialog.kind_boxes[1]
    assert box.findData("expert") >= 0
    assert box.currentData() == "schemer"  # quick bots unless the person asks for more
    assert dialog.budget_row.isHidden()
    box.setCurrentIndex(box.findData("expert"))
    assert not dialog.budget_row.isHidden()
    dialog.budget.setValue(2.5)
    players = dialog.config().players
    assert players[1] == {"name": players[1]["name"], "bot": "expert", "budget": 2.5}
    assert "budget" not in players[2]


def test_rehearse_offers_the_expert_with_its_time(qtbot):
    dialog = RehearsalDialog()
    qtbot.addWidget(dialog)
    assert not dialog.budget.isEnabled()
    dialog.bot.setCurrentIndex(dialog.bot.findData("expert"))
    dialog.budget.setValue(0.5)
    players = dialog.config().players
    assert all(p["bot"] == "expert" and p["budget"] == 0.5 for p in players[1:])


def test_rehearse_offers_three_levels_of_opponent_the_mixed_one_without_a_clock():
    """The heuristic (it can be read), the mixed wizard (an equilibrium of each casting)
    and the expert, each told in a word and a tooltip; the mixed wizard weighs its whole
    casting, so it takes no thinking time."""
    dialog = RehearsalDialog()
    levels = [dialog.bot.itemData(i) for i in range(dialog.bot.count())]
    assert levels[:3] == ["cunning", "mixed", "expert"]
    assert dialog.bot.itemText(1).startswith("Mixed")
    assert "equilibrium" in dialog.bot.itemData(1, Qt.ItemDataRole.ToolTipRole)
    dialog.bot.setCurrentIndex(1)
    assert not dialog.budget.isEnabled()
    players = dialog.config().players
    assert all(p["bot"] == "mixed" and "budget" not in p for p in players[1:])
