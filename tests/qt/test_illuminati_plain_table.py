"""Illuminati on the plain table, offscreen: the view in words, moves by click, secrecy."""

from PySide6.QtWidgets import QApplication

from illusio_table.qt.app.new_game_dialog import GameConfig

from .conftest import click_move, lift_curtain, screenshot
from .conftest import scene_texts as texts

HUMAN_AND_BOTS = [{"name": "Ana", "bot": None}] + [
    {"name": n, "bot": "schemer"} for n in ("Lera", "Milo", "Juno")
]
TWO_HUMANS = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]


def test_a_whole_game_against_three_schemers_is_played_by_clicking(window, qtbot):
    assert window.start_match(GameConfig("illuminati", HUMAN_AND_BOTS, seed=4))
    lift_curtain(window)
    assert "Uncontrolled" in texts(window)
    screenshot(window, "illuminati-plain-table")
    moves = 0
    while not window.model.game.is_over() and moves < 600:
        lift_curtain(window)
        legal = window.model.legal_actions()
        # Ana passes, ends turns and lets the bots play: the first move listed otherwise.
        wanted = ("pass", "pass-turn", "end-turn", "take-income", "receive", "choose-goal")
        choice = next((n for n, a in enumerate(legal) if a.kind in wanted), 0)
        click_move(window, qtbot, choice)
        moves += 1
    assert window.model.game.is_over()
    assert "The game is over." in texts(window)
    screenshot(window, "illuminati-plain-table-end")


def test_with_two_people_a_players_specials_show_only_on_their_own_screen(window):
    assert window.start_match(GameConfig("illuminati", TWO_HUMANS, seed=3))
    game = window.model.game
    lift_curtain(window)
    seat = window.model.viewer
    other = 1 - seat
    card = next(c for c in game.deck if c.startswith("swiss-bank-account#"))
    game.deck.remove(card)
    game.specials[other].append(card)
    window.model.changed.emit([])
    QApplication.processEvents()
    assert "Swiss Bank Account" not in " ".join(texts(window))
    assert "1 Special in hand" in " ".join(texts(window))


def test_two_people_pass_the_screen_through_windows_and_attacks(window):
    """Two people at one screen: the curtain passes the screen for every choice, windows
    for Specials included, until the game ends."""
    assert window.start_match(GameConfig("illuminati", TWO_HUMANS, seed=6))
    game = window.model.game
    curtains = 0
    for _ in range(3000):
        if game.is_over():
            break
        if window.stack.currentWidget() is window.curtain:
            curtains += 1
            lift_curtain(window)
        seat = window.model.viewer
        assert seat in game.to_act()
        legal = window.model.legal_actions()
        assert legal == game.legal_actions(seat)
        # Pass, attack or end: enough to move the game on with windows and spending.
        kinds = ("attack", "pass", "end-turn", "take-income", "choose-goal", "receive")
        pick = next((a for a in legal if a.kind in kinds), legal[0])
        assert window.model.act(pick)
    assert game.is_over()
    assert curtains > 5
