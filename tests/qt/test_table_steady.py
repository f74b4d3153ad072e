"""Pieces keep their places unless something moved them: the table is not refitted by a
few pixels between turns, and a token taken from the room moves no other."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from illusio_table.qt.app.new_game_dialog import GameConfig

from .conftest import lift_curtain

BOTS = {"illusio": "showman", "illuminati": "schemer", "incantibus": "cunning"}


def play(window, game_id, seats, moves, seed=4):
    """Ana and bots: Ana's moves are her first legal ones. Yields after each move."""
    players = [{"name": "Ana", "bot": None}] + [
        {"name": f"Bot {n}", "bot": BOTS[game_id]} for n in range(seats - 1)
    ]
    assert window.start_match(GameConfig(game_id, players, seed))
    window.scene.animation_ms = 0
    model, game = window.model, window.model.session.game
    for _ in range(moves):
        if game.is_over():
            return
        lift_curtain(window)
        if 0 in game.to_act():
            legal = model.session.legal_actions()
            model.session.act(legal[len(legal) // 2])
        else:
            model.session.step_bot()
        QApplication.processEvents()
        lift_curtain(window)
        yield


@pytest.mark.parametrize("game_id", ["illusio", "illuminati", "incantibus"])
def test_the_table_is_not_refitted_between_turns(make_window, game_id):
    """Over a game at 1280 x 720 the table's extent and zoom stay the same after every move
    (they changed by a few pixels as what was drawn changed, shifting every piece)."""
    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    seen = set()
    for seats in (2, 4):
        for _ in play(window, game_id, seats, 150):
            seen.add((seats, window.scene.sceneRect().getRect(), round(window.table.zoom(), 6)))
    for seats in (2, 4):
        assert len({s for s in seen if s[0] == seats}) == 1, sorted(seen)


def test_a_token_taken_from_the_room_moves_no_other(make_window):
    """After each casting, every token still in the room lies where it lay (they closed
    up after every casting, so each one's place and key changed)."""
    window = make_window()
    castings = 0
    before: dict = {}
    for _ in play(window, "incantibus", 4, 120):
        view = window.model.session.view()
        scene = window.scene
        if view["dungeon"] is not None:
            break
        now = {
            ("room", t["slot"]): scene.targets[("room", t["slot"])].center()
            for t in view["room"]["tokens"]
            if ("room", t["slot"]) in scene.targets
        }
        if view["castings"] != before.get("castings") and before:
            kept = set(now) & set(before["at"])
            castings += bool(kept) and len(now) < len(before["at"])
            for key in kept:
                assert now[key] == before["at"][key], key
        before = {"castings": view["castings"], "at": now}
    assert castings >= 3
