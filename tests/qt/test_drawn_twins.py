"""The secret audit by twins at the window's boundary: what the screen draws for a seat.

tests/engine/test_twins.py holds the seat's view, log, moves and phone frames alike in
two matches the seat cannot tell apart. The window draws more than the view: the table's
words, positions and tooltips, the Moves panel with its hints, the Seats panel, the log
panel, the heading, the title, the status bar, the labels and buttons around the table, the
menus (what may be done now, and why not: Undo's reason among them).
Each of those is a way a secret could cross to the screen (a tooltip made from the match
instead of the view, a move's hint read from another seat's hand), so here the real
window shows each twin in turn from the seat at the screen and must draw the same thing.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QLabel,
)

from illusio_table.engine import Match
from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.games import builtin_registry
from tests.engine.test_twins import EVERY_SECRET, KINDS, twin

from .conftest import lift_curtain, tip_text

# A game and the options that hide the most in it.
MATCHES = [
    ("illusio", {}),
    ("illuminati", EVERY_SECRET),
    ("incantibus", {"mode": "expert"}),
]
NAMES = ["Ana", "Lera", "Juno", "Mo"]


def points(game_id: str, options: dict) -> list:
    """Copies of seeded random matches of people at one screen (nobody is a bot, so the
    window moves nobody on its own), at 3 and 4 seats, every 29 moves."""
    found = []
    for number, seats in enumerate((4, 3)):
        players = [{"name": NAMES[s], "bot": None} for s in range(seats)]
        game = builtin_registry().new_game(game_id, seats, 71 + number, options, players)
        bots = [RandomBot(s, seats) for s in range(seats)]
        for step in range(120):
            if game.is_over():
                break
            if step % 29 == 3:
                found.append(game.clone())
            mover = min(game.to_act())
            game.apply(mover, bot_move(game, bots[mover], mover))
    return found


def rows(view) -> list[list[str]]:
    """Every cell of a panel's table (or list), its words and its tooltip."""
    model = view.model()
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    found = []
    for r in range(model.rowCount()):
        cells = []
        for c in range(8):  # (a list model has one column and answers no count of them)
            index = model.index(r, c)
            if index.isValid():
                cells += [str(model.data(index, role)) for role in roles]
        found.append(cells)
    return found


def drawn(window) -> dict:
    """What the window shows the seat at the screen, as plain values."""
    scene = window.scene
    table = []
    for item in scene.items():
        if not item.isVisible():
            continue
        box = item.sceneBoundingRect()
        words = ""
        if isinstance(item, QGraphicsSimpleTextItem):
            words = item.text()
        elif isinstance(item, QGraphicsTextItem):
            words = item.toPlainText()
        place = tuple(round(v) for v in (box.x(), box.y(), box.width(), box.height()))
        table.append((type(item).__name__, place, words, tip_text(item)))
    around = [
        (type(w).__name__, w.text(), w.toolTip())
        for w in window.findChildren(QLabel) + window.findChildren(QAbstractButton)
        if w.isVisibleTo(window)
    ]
    return {
        "title": window.windowTitle(),
        "heading": window.heading(),
        "status": window.statusBar().currentMessage(),
        "table": sorted(table),
        "around": sorted(around),
        "moves": rows(window.moves_view),
        "seats": rows(window.seats_view),
        "log": rows(window.log_view),
        # The menus: what may be done now and why not (Undo's "not now: …" among them).
        "menus": sorted(
            (a.text(), a.isEnabled(), a.isVisible(), a.toolTip())
            for a in window.findChildren(QAction)
        ),
    }


def shown(make_window, game, lift: bool = True) -> tuple[int | None, dict, Any]:
    """The seat the screen is passed to (the curtain lifted) or the curtain is up for,
    what the window draws then, and the window."""
    window = make_window()
    window.resize(1280, 720)
    window.install(Match(game), None)
    QApplication.processEvents()
    if lift:
        lift_curtain(window)
        QApplication.processEvents()
        return window.model.session.viewer, drawn(window), window
    assert window.stack.currentWidget() is window.curtain, "people at one screen meet a curtain"
    return window.model.session.curtain_seat(), drawn(window), window


def menus_after_a_move(window) -> list:
    """The menus once the seat at the screen has made its first move (Undo's reason why
    not, or its offer): what it drew may differ between twins, what it may do must not."""
    window.play(window.model.session.legal_actions()[0])
    QApplication.processEvents()
    return drawn(window)["menus"]


def alike(first: dict, second: dict, where: str) -> None:
    for part, value in first.items():
        if value != second[part]:
            if isinstance(value, list):  # (the lines that differ, not whole panels)
                value, other_value = (
                    [v for v in value if v not in second[part]],
                    [v for v in second[part] if v not in value],
                )
            else:
                other_value = second[part]
            pytest.fail(
                f"{where}: the window's {part} tells the twins apart: "
                f"{value!r} against {other_value!r}"
            )


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), MATCHES, ids=[m[0] for m in MATCHES])
def test_the_window_draws_the_same_for_a_seat_in_twin_matches(make_window, game_id, options, kind):
    looked = 0
    for number, game in enumerate(points(game_id, options)):
        seat, first, window = shown(make_window, game.clone())
        assert seat is not None, "the screen passed to a seat"
        seat_again, second, other = shown(make_window, twin(game, seat, kind, number))
        assert seat_again == seat
        where = f"{game_id} point {number}, seat {seat}"
        alike(first, second, where)
        alike(
            {"menus": menus_after_a_move(window)},
            {"menus": menus_after_a_move(other)},
            f"{where}, after its move",
        )
        looked += 1
    assert looked >= 4


@pytest.mark.parametrize(("game_id", "options"), MATCHES, ids=[m[0] for m in MATCHES])
def test_the_curtain_shows_the_same_to_everyone_in_twin_matches(make_window, game_id, options):
    """The curtain, and what stands around it, is seen by everyone at the screen: it may
    show nothing any seat cannot know. A match redealt from any seat's side, and the
    piles reordered, show the same curtain."""
    looked = 0
    for number, game in enumerate(points(game_id, options)):
        for_whom, first, _ = shown(make_window, game.clone(), lift=False)
        kinds = [("reordered", 0)] + [("redealt", s) for s in range(game.seats)]
        for kind, seat in kinds:
            _, second, _ = shown(make_window, twin(game, seat, kind, number), lift=False)
            alike(
                first,
                second,
                f"{game_id} point {number}, curtain for {for_whom}, {kind} for {seat}",
            )
        looked += 1
    assert looked >= 4
