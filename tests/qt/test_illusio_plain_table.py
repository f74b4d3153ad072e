"""Illusio on the plain table, offscreen: readable panels, moves by click, secrecy."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from illusio_table.games.illusio.actions import EndTurn
from illusio_table.qt.app.new_game_dialog import GameConfig

from .conftest import click_move, lift_curtain, screenshot
from .conftest import scene_texts as texts

HUMAN_AND_BOTS = [{"name": "Ana", "bot": None}] + [
    {"name": n, "bot": "showman"} for n in ("Lera", "Milo", "Juno")
]
TWO_HUMANS = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]


def panel_lines(window, title: str) -> list[str]:
    """The lines of one panel, in order (a panel's lines are children of its frame)."""
    for item in window.scene.items():
        children = [c for c in item.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
        if children and children[0].text() == title:
            return [c.text() for c in sorted(children[1:], key=lambda c: c.pos().y())]
    raise AssertionError(f"no panel {title!r}")


def test_the_plain_table_shows_illusio_in_words(window):
    assert window.start_match(GameConfig("illusio", HUMAN_AND_BOTS, seed=4))
    lift_curtain(window)
    game = window.model.game
    drawn = texts(window)
    assert "Contest" in drawn and "Ana (you)" in drawn and "Your hand" in drawn
    hand = panel_lines(window, "Your hand")
    assert hand == [game.info[c].name for c in game.hands[0]]
    for o in game.contest:
        assert any(game.objectives[o].name in line for line in panel_lines(window, "Contest"))
    screenshot(window, "illusio-plain-table")


def test_a_whole_game_against_three_showman_bots_is_played_by_clicking(window, qtbot):
    assert window.start_match(GameConfig("illusio", HUMAN_AND_BOTS, seed=8, options={"target": 8}))
    moves = 0
    while not window.model.game.is_over() and moves < 400:
        lift_curtain(window)
        legal = window.model.legal_actions()
        # Ana plays sensibly enough to end: anything but giving up, the first listed.
        choice = next((n for n, a in enumerate(legal) if a.kind not in ("abandon", "exchange")), 0)
        click_move(window, qtbot, choice)
        moves += 1
    assert window.model.game.is_over()
    assert "The game is over." in texts(window)
    screenshot(window, "illusio-plain-table-end")


def test_with_two_people_the_table_shows_only_the_hand_of_the_person_at_the_screen(window):
    assert window.start_match(GameConfig("illusio", TWO_HUMANS, seed=3))
    game = window.model.game
    first = game.current
    lift_curtain(window)
    mine = [game.info[c].name for c in game.hands[first]]
    assert panel_lines(window, "Your hand") == mine
    window.model.act(EndTurn())
    while game.phase == "discard":
        window.model.act(window.model.legal_actions()[0])
    assert window.stack.currentWidget() is window.curtain
    assert texts(window) == []
    lift_curtain(window)
    other = game.current
    assert other != first
    assert panel_lines(window, "Your hand") == [game.info[c].name for c in game.hands[other]]
    seat_panel = " ".join(panel_lines(window, game.name(first)))
    assert f"{len(game.hands[first])} cards in hand" in seat_panel
    assert all(game.info[c].name not in window.windowTitle() for c in game.hands[first])


def test_exchanging_any_cards_of_the_hand_is_chosen_at_the_table(window, qtbot):
    """One or more cards, the person ticks which (not only one card or the whole hand)."""
    players = [{"name": "Ana", "bot": None}] + [
        {"name": n, "bot": "showman"} for n in ("Lera", "Milo")
    ]
    assert window.start_match(GameConfig("illusio", players, seed=4))
    lift_curtain(window)
    scene, game = window.scene, window.model.game
    while not any(a.kind == "exchange" for a in window.model.legal_actions()):
        window.model.act(window.model.legal_actions()[-1])
        lift_curtain(window)
    seat = window.model.viewer
    hand = list(game.hands[seat])
    assert len(hand) >= 3
    picked = hand[:2]
    scene.pick = lambda choice: picked
    key = next(k for k in scene.targets if k[0] == "set")
    qtbot.mouseClick(
        window.table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=window.table.mapFromScene(scene.targets[key].center()),
    )
    exchanges = [m.action for m in game.record.moves if m.action["kind"] == "exchange"]
    assert exchanges and sorted(exchanges[-1]["cards"]) == sorted(picked)
