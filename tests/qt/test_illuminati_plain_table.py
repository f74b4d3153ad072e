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


def test_hidden_illuminati_never_show_on_another_players_screen(window):
    """One person's screen never ties the other person to their face-down Illuminati: not
    in that player's panel, not in a line of the log, not in the title."""
    from tests.games.illuminati.helpers import own

    options = {"hidden_illuminati": True, "stacked_money": True}
    assert window.start_match(GameConfig("illuminati", TWO_HUMANS, seed=5, options=options))
    game = window.model.game
    # Each starts with two strong Groups, so that both can grow without their Illuminati
    # attacking (its Power on the table turns it up).
    strong = sorted(game.cards.group, key=lambda g: -game.numbers.power(g))
    for seat in (0, 1):
        for group in [g for g in strong if g in game.deck][:2]:
            own(game, seat, group)
    checked = 0
    for _ in range(120):
        if game.is_over():
            break
        lift_curtain(window)
        seat = window.model.viewer
        other = 1 - seat
        if other not in game.revealed:
            secret = game.numbers.name(game.illuminati[other])
            name = game.name(other)
            panel = next(
                " ".join(c.text() for c in item.childItems() if hasattr(c, "text"))
                for item in window.scene.items()
                if any(getattr(c, "text", lambda: "")() == name for c in item.childItems())
            )
            assert secret not in panel and "face down" in panel
            assert not any(
                name in line and secret in line for line in window.log_view.model().lines
            )
            assert secret not in window.windowTitle()
            checked += 1
        legal = window.model.legal_actions()
        kinds = ("pass", "end-turn", "take-income", "choose-goal", "receive", "attack")
        # Attacks by other Groups: one with the Illuminati's own Power turns it up at once.
        top = game.illuminati[window.model.viewer]
        quiet = [
            a
            for a in legal
            if a.kind in kinds and (a.kind != "attack" or top not in (a.attacker, *a.aiders))
        ]
        window.model.act((quiet or legal)[0])
    assert checked > 20


def test_money_is_moved_in_any_amount_the_person_types(window, qtbot):
    from PySide6.QtCore import Qt

    from illusio_table.engine import AmountChoice
    from tests.games.illuminati.helpers import own

    players = [{"name": "Ana", "bot": None}] + [
        {"name": n, "bot": "schemer"} for n in ("Lera", "Milo")
    ]
    assert window.start_match(GameConfig("illuminati", players, seed=4))
    game = window.model.game
    for _ in range(40):
        lift_curtain(window)
        if window.model.viewer == 0 and game.phase == "actions":
            break
        legal = window.model.legal_actions()
        window.model.act(next((a for a in legal if a.kind in ("pass", "end-turn")), legal[0]))
    top = game.illuminati[0]
    own(game, 0, "c-i-a")
    game.money[top] = game.money.get(top, 0) + 20
    game.bank -= 20
    window._update()
    scene = window.scene
    choice = next(
        (n, c)
        for n, c in enumerate(scene._choices)
        if isinstance(c, AmountChoice) and c.example.kind == "transfer"
    )
    scene.pick_amount = lambda c: 7
    qtbot.mouseClick(
        window.table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=window.table.mapFromScene(scene.targets[("set", choice[0])].center()),
    )
    moved = [m.action for m in game.record.moves if m.action["kind"] == "transfer"]
    assert moved and moved[-1]["amount"] == 7
