"""The Illusio table, offscreen: cards on the felt, every move by real mouse drags, what is
drawn checked against the seat's view after each move, secrets kept."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QRawFont
from PySide6.QtWidgets import QApplication

from illusio_table.engine.bots import bot_move
from illusio_table.games.illusio.actions import (
    Backstage,
    EndTurn,
    Exchange,
    Place,
    Realize,
    Take,
    UseTalent,
)
from illusio_table.games.illusio.bots import ShowmanBot
from illusio_table.games.illusio.cards import load
from illusio_table.games.illusio.qt.cards import CardItem
from illusio_table.games.illusio.qt.scene import Payment
from illusio_table.qt.app.new_game_dialog import GameConfig
from illusio_table.qt.scenes.look import FONT

from .conftest import lift_curtain, screenshot
from .illusio_table_checks import by_gesture, cards_drawn, check_table, click, drag, point_of, texts

ANA_LERA_AND_A_BOT = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Milo", "bot": "showman"},
]
ANA_AND_BOTS = [{"name": "Ana", "bot": None}] + [
    {"name": n, "bot": "showman"} for n in ("Lera", "Milo", "Juno")
]


def start(window, players=ANA_AND_BOTS, seed=10, target=8):
    assert window.start_match(GameConfig("illusio", players, seed, {"target": target}))
    window.table.zoom_fit()
    QApplication.processEvents()


def kind_of(action, game, seat) -> str:
    """The kinds of move the whole-game test must make at least once."""
    if isinstance(action, Place):
        return "place-from-hand" if action.card in game.hands[seat] else "place-from-backstage"
    if isinstance(action, Take):  # a Special too (a test of its own drags one onto a seat)
        return "special"
    if isinstance(action, Exchange):
        return "exchange-chosen"
    return action.kind


WANTED = [
    "realize",
    "place-from-hand",
    "place-from-backstage",
    "transform",
    "special",
    "talent",
    "exchange-chosen",
    "abandon",
    "backstage",
]


def choose(game, seat, bot, done) -> object:
    """A sensible move that, over the game, makes every kind of move at least once."""
    legal = game.legal_actions(seat)
    if "discard" not in done and seat == 1 and game.phase == "turn":
        return EndTurn()  # Lera holds her cards until her hand is over the limit once
    for wanted in WANTED:
        if wanted in done:
            continue
        if wanted == "exchange-chosen":
            hand = sorted(game.hands[seat])
            if len(hand) >= 3 and any(isinstance(a, Exchange) for a in legal):
                return Exchange(tuple(hand[:2]))  # two of the cards: not one, not all
            continue
        if wanted == "abandon" and "realize" in done and len(done) < len(WANTED) - 1:
            continue  # giving up a trick comes last, so the game still moves on
        for action in legal:
            if kind_of(action, game, seat) == wanted:
                return action
    return bot_move(game, bot, seat)


def play_on_table(window, action) -> None:
    """Makes the move as a person does: drags and clicks on the table, nothing else."""
    scene = window.scene
    me = window.model.session.viewer
    picked = []

    def pick(moves, screen_pos):  # the small menu a drop opens when it means several moves
        assert action in moves, f"{action} not offered in the menu: {moves}"
        picked.append(action)
        return action

    scene.choose_from_menu = pick
    if isinstance(action, Realize):
        drag(window, ("objective", action.objective), ("tricks", me))
        paying = scene.composing
        assert isinstance(paying, Payment) and paying.objective == action.objective
        for card in set(paying.chosen) ^ set(action.components):
            click(window, ("card", card))
        assert paying.chosen == set(action.components)
        click(window, ("pay", "take"))
        return
    if isinstance(action, Exchange) and len(action.cards) > 1:
        for card in action.cards:
            click(window, ("card", card))
        assert scene.selected == set(action.cards)
        drag(window, ("card", action.cards[0]), ("deck",))
        return
    by_gesture(window, action)


def one_move(window, bot) -> None:
    """One move: Ana's, made for her by `bot` once the curtain is lifted, or a bot's."""
    game, model = window.model.session.game, window.model
    if game.current == 0:
        lift_curtain(window)
        model.session.act(bot_move(game, bot, 0))
    else:
        model.session.step_bot()


def check_screen(window) -> None:
    """Behind the curtain nothing of any seat is drawn; otherwise the table is the view."""
    if window.stack.currentWidget() is window.curtain:
        assert not cards_drawn(window.scene)
        lift_curtain(window)
    check_table(window.scene, window.model.session.view())


def test_a_whole_game_of_two_people_and_a_bot_is_played_by_dragging_cards(make_window, qtbot):
    window = make_window()
    start(window, ANA_LERA_AND_A_BOT, seed=9, target=10)
    model = window.model
    game = model.session.game
    bots = {s: ShowmanBot(s, 3) for s in range(3)}
    done: set[str] = set()
    shots = set()
    for _ in range(900):
        qtbot.waitUntil(lambda: game.is_over() or bool(set(game.to_act()) & {0, 1}), timeout=5000)
        if game.is_over():
            break
        check_screen(window)
        seat = model.session.viewer
        assert seat in game.to_act()
        action = choose(game, seat, bots[seat], done)
        moves = len(game.record.moves)
        kind = kind_of(action, game, seat)
        play_on_table(window, action)
        assert len(game.record.moves) > moves, f"{action} was not played: {window.messages}"
        made = game.record.moves[moves]  # (the bot may have played after it already)
        assert (made.seat, made.action) == (seat, action.to_json())
        done.add(kind)
        if sum(len(w) for w in game.works) >= 2 and "mid" not in shots:
            shots.add("mid")
            screenshot(window, "illusio-table-mid-game")
    assert game.is_over()
    check_screen(window)
    assert set(WANTED) | {"discard", "end-turn"} <= done, done
    screenshot(window, "illusio-table-end")


def test_the_start_shows_the_hand_the_contest_and_every_seat(window):
    start(window)
    lift_curtain(window)
    check_table(window.scene, window.model.session.view())
    words = texts(window.scene)
    assert "Your Backstage" in words and "Contest" in words
    screenshot(window, "illusio-table-start")


def test_with_two_people_only_the_hand_of_the_person_at_the_screen_is_drawn(make_window):
    window = make_window()
    start(window, ANA_LERA_AND_A_BOT, seed=9)
    game = window.model.session.game
    assert window.stack.currentWidget() is window.curtain
    assert not cards_drawn(window.scene)  # the curtain hides everything
    lift_curtain(window)
    seat = window.model.session.viewer
    other = 1 - seat
    drawn = {c["id"] for c, _ in cards_drawn(window.scene) if c["face"] != "back"}
    assert set(game.hands[seat]) <= drawn
    assert not set(game.hands[other]) & drawn


def test_a_drop_the_rules_refuse_says_why_and_moves_nothing(window):
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    moves = len(game.record.moves)
    card = next(c for c in game.hands[0] if not game.info[c].special)
    drag(window, ("card", card), ("discard",))  # letting go of a card mid-turn
    assert len(game.record.moves) == moves
    assert "let go of cards only at the end of your turn" in window.statusBar().currentMessage()
    check_table(window.scene, window.model.session.view())
    assert window.scene.item(("card", card)) is not None  # back in the hand


def test_the_magician_dropped_where_its_talent_cannot_act_asks_about_that_card(window):
    """The move tried (for the engine's reason) names the card the magician was dropped
    on; it named the magician's seat number as a card, which could be another card."""
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    for card in game.hands[0]:
        tried = game.parse_action(window.scene.attempt(("magician", 0), ("card", card)))
        assert tried == UseTalent(card=card)  # that card, and no seat or target


def test_taking_an_objective_lights_what_can_pay_with_the_best_set_chosen(window):
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    # Ana's Backstage gets what a Contest Objective needs, the engine's way (as if played).
    for _ in range(40):
        realize = [a for a in game.legal_actions(0) if isinstance(a, Realize)]
        if realize:
            break
        legal = game.legal_actions(0)
        move = next((a for a in legal if isinstance(a, Backstage)), EndTurn())
        window.model.session.act(move)
        while game.current != 0:
            window.model.session.step_bot()
        lift_curtain(window)
    assert realize
    objective = realize[0].objective
    best = max((a for a in realize if a.objective == objective), key=lambda a: len(a.components))
    drag(window, ("objective", objective), ("tricks", 0))
    scene = window.scene
    paying = scene.composing
    assert isinstance(paying, Payment)
    assert (paying.objective, paying.chosen) == (objective, set(best.components))
    chosen = [i for i in scene.items() if isinstance(i, CardItem) and i.chosen]
    assert {i.card["id"] for i in chosen} == set(best.components)
    assert not words_over_cards(scene), words_over_cards(scene)  # (a chosen card, raised,
    screenshot(window, "illusio-table-taking-an-objective")  # hid "Your Backstage")
    # Too few cards: the engine's reason, and the Objective stays in the Contest.
    for card in best.components:
        click(window, ("card", card))
    click(window, ("pay", "take"))
    assert objective in game.contest
    assert "Not allowed" in window.statusBar().currentMessage()
    for card in best.components:
        click(window, ("card", card))
    click(window, ("pay", "take"))
    assert objective not in game.contest
    assert any(w.objective == objective for w in game.works[0])
    check_table(window.scene, window.model.session.view())


def test_pointing_at_a_card_shows_it_large_with_its_whole_text(window, qtbot):
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    card = game.hands[0][0]
    qtbot.mouseMove(window.table.viewport(), point_of(window, ("card", card)))
    QApplication.processEvents()
    preview = window.scene.preview
    assert preview.card["id"] == card
    words = window.scene.preview_words.text().replace("\n", " ")
    info = game.info[card]
    if info.special:
        assert load().kinds[info.kind].text.split()[0] in words
    else:
        assert "A Component of the group" in words


def test_a_transformed_component_shows_what_it_is_and_what_it_was(window):
    look_card = {
        "face": "component",
        "id": 1,
        "kind": "rope",
        "name": "Rope",
        "group": "animal",
        "now": "tiger",
        "now_name": "Tiger",
        "transforms": 1,
    }
    from illusio_table.games.illusio.cards import load
    from illusio_table.games.illusio.qt.cards import Look

    words = " ".join(Look(load()).words(look_card))
    assert "Tiger" in words and "Printed as Rope" in words


def test_every_symbol_of_the_card_file_is_in_the_tables_font():
    face = QFont(FONT)
    face.setPixelSize(20)
    raw = QRawFont.fromFont(face)
    cards = load()
    for thing in (*cards.components, *cards.specials, *cards.groups, *cards.domains):
        for character in thing.symbol:
            assert raw.supportsCharacter(ord(character)), f"{thing.id}: {character!r} has no glyph"


def test_end_turn_is_on_the_table_and_in_sight_at_1280x720(window):
    window.resize(1280, 720)
    start(window)
    lift_curtain(window)
    button = window.scene.targets[("end-turn",)]
    seen = window.table.mapToScene(window.table.viewport().rect()).boundingRect()
    assert seen.contains(button)
    click(window, ("end-turn",))
    assert window.model.session.game.record.moves[-1].action == EndTurn().to_json()


def test_dragging_every_hand_card_over_the_table_removes_nothing(window):
    from .test_incantibus_table import grid, table_items

    start(window)
    lift_curtain(window)
    scene = window.scene
    before = table_items(scene)
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    viewport = window.table.viewport()
    card = window.model.session.game.hands[0][0]
    start_at = point_of(window, ("card", card))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start_at)
    QTest.mouseMove(viewport, start_at + QPoint(12, 0))
    for point in grid(window, step=53):
        QTest.mouseMove(viewport, point)
    QTest.mouseMove(viewport, start_at + QPoint(12, 0))
    QTest.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start_at
    )
    QApplication.processEvents()
    assert table_items(scene) == before


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_screenshots_of_a_scoring(make_window, size):
    window = make_window()
    window.resize(*size)
    start(window, seed=4, target=12)
    game = window.model.session.game
    bot = ShowmanBot(0, 1)
    while not any(s["tricks"] for s in game.view(None)["seats"]) and not game.is_over():
        one_move(window, bot)
    lift_curtain(window)
    assert any("scored" in t for t in texts(window.scene))
    screenshot(window, f"illusio-table-scoring-{size[0]}x{size[1]}")


def test_cards_drawn_travel_from_the_deck(window):
    window.motion = True
    start(window)
    lift_curtain(window)
    scene = window.scene
    scene.glide_ms = 10_000  # held still mid-way, to look at
    game = window.model.session.game
    window.model.session.act(EndTurn())
    while game.current != 0:
        window.model.session.step_bot()
    lift_curtain(window)
    drawn = game.hands[0][-1]
    item = window.scene.item(("card", drawn))
    deck = window.scene._deck_rect()
    assert window.scene.gliding()
    assert (item.sceneBoundingRect().center() - deck.center()).manhattanLength() < 300
    window.scene.finish_glide()
    assert window.scene.regions["hand"].contains(item.sceneBoundingRect().center())


def test_the_table_fits_1280x720_with_the_hand_and_the_contest_in_sight(window):
    window.resize(1280, 720)
    start(window)
    lift_curtain(window)
    seen = window.table.mapToScene(window.table.viewport().rect()).boundingRect()
    for key in [("card", c) for c in window.model.session.game.hands[0]] + [
        ("deck",),
        ("discard",),
    ]:
        rect = window.scene.targets.get(key) or window.scene.sources.get(key)
        assert seen.intersects(QRectF(rect)), key


def test_a_drop_that_means_several_moves_opens_a_menu_at_the_pointer(window, monkeypatch):
    """Dropping the magician on a Component its talent can change asks what it becomes
    (the mouse gives the place as a QPoint: the menu once failed on it)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QMenu

    from illusio_table.qt.scenes import base

    start(window, ANA_LERA_AND_A_BOT, seed=3)  # Ana is Madame Proteus
    game = window.model.session.game
    for _ in range(30):
        if any(isinstance(a, UseTalent) for a in game.legal_actions(0)):
            break
        lift_curtain(window)
        seat = window.model.session.viewer
        legal = game.legal_actions(seat)
        move = next((a for a in legal if isinstance(a, Backstage)), EndTurn())
        window.model.session.act(move)
        QApplication.processEvents()
    lift_curtain(window)
    talent = next(a for a in game.legal_actions(0) if isinstance(a, UseTalent))
    offered = []

    class Menu(QMenu):  # the real menu, answered at once with its first line
        def exec(self, at):
            assert isinstance(at, QPoint)
            offered.extend(a.text() for a in self.actions())
            return self.actions()[0]

    monkeypatch.setattr(base, "QMenu", Menu)
    moves = len(game.record.moves)
    drag(window, ("magician", 0), ("card", talent.target))
    assert len(offered) >= 2 and all(t.startswith("Talent: turn") for t in offered)
    assert game.record.moves[moves].action["kind"] == "talent"


def test_a_lifted_card_lights_only_where_it_may_go(window):
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    start(window)
    lift_curtain(window)
    scene, game = window.scene, window.model.session.game

    def lit():
        return {
            item.data(0)[2]
            for item in scene.items()
            if isinstance(item.data(0), tuple) and item.data(0)[:2] == ("mark", "legal")
            if item.isVisible()
        }

    everything = lit()
    card = next(c for c in game.hands[0] if not game.info[c].special)
    assert ("end-turn",) in everything and ("backstage", 0) in everything
    viewport = window.table.viewport()
    at = point_of(window, ("card", card))
    left, plain = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, left, plain, at)
    QTest.mouseMove(viewport, at + QPoint(15, -15))
    assert lit() == set(scene.targets_of(("card", card)))
    assert ("backstage", 0) in lit() and ("end-turn",) not in lit()
    QTest.mouseRelease(viewport, left, plain, at + QPoint(15, -15))
    assert lit() == everything


def test_a_card_taken_travels_from_the_hand_it_left_and_is_shown_only_to_the_taker(window):
    window.motion = True
    start(window)
    game, model = window.model.session.game, window.model
    bot = ShowmanBot(0, 2)
    take = None
    for _ in range(400):
        if game.is_over():
            break
        if game.current != 0:
            model.session.step_bot()
            continue
        lift_curtain(window)
        legal = game.legal_actions(0)
        take = next((a for a in legal if isinstance(a, Take)), None)
        if take is not None:
            break
        model.session.act(bot_move(game, bot, 0))
    assert take is not None
    scene = window.scene
    scene.finish_glide()
    before = set(game.hands[0])
    model.session.act(take)
    scene = window.scene
    scene.glide_ms = 10_000
    (got,) = set(game.hands[0]) - before
    item = scene.item(("card", got))
    victim = scene.regions[("seat", take.seat)]
    assert scene.gliding()
    assert (item.sceneBoundingRect().center() - victim.center()).manhattanLength() < 5
    # The victim's own view names it; the third seat's view does not.
    third = next(s for s in range(game.seats) if s not in (0, take.seat))
    name = game.info[got].name
    assert any(name in line for line in game.log(take.seat)[-3:])
    assert not any(f"gets {name}" in line for line in game.log(third)[-3:])


def hover_then_drop(window, source_key, target_key) -> tuple[str, str]:
    """A real drag held over the target, then let go: what the status said while it was
    held there, and what it said after the drop."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    viewport = window.table.viewport()
    start, end = point_of(window, source_key), point_of(window, target_key)
    left, plain = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, left, plain, start)
    QTest.mouseMove(viewport, start + QPoint(QApplication.startDragDistance() + 2, 0))
    QTest.mouseMove(viewport, end)
    held = window.statusBar().currentMessage()
    QTest.mouseRelease(viewport, left, plain, end)
    QApplication.processEvents()
    return held, window.statusBar().currentMessage()


def test_an_objective_that_cannot_be_taken_is_refused_alike_on_hover_and_on_drop(window):
    start(window)
    lift_curtain(window)
    game, scene = window.model.session.game, window.scene
    assert not [a for a in game.legal_actions(0) if isinstance(a, Realize)]  # nothing to pay
    objective = next(o for o in game.contest if o is not None)
    moves = len(game.record.moves)
    held, dropped = hover_then_drop(window, ("objective", objective), ("tricks", 0))
    reason = game.why_not(0, Realize(objective, ()))
    assert reason and "place at least" in reason
    assert reason in held  # the red light says why at once
    assert reason in dropped  # and the drop says the same, with no panel to fill in
    assert scene.composing is None
    assert not any(t.startswith("Taking ") for t in texts(window.scene))
    assert len(game.record.moves) == moves and objective in game.contest


def test_a_component_dropped_on_the_tricks_area_hears_the_engines_reason(window):
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    card = next(c for c in game.hands[0] if not game.info[c].special)
    moves = len(game.record.moves)
    held, dropped = hover_then_drop(window, ("card", card), ("tricks", 0))
    assert "Components go around one of your own Objectives" in held
    assert "Components go around one of your own Objectives" in dropped
    assert "outlined in gold" not in dropped
    assert len(game.record.moves) == moves and card in game.hands[0]


def test_the_reason_said_over_a_refused_place_goes_when_the_card_moves_on(window):
    """A Component held over the tricks area, refused with the engine's reason, then moved
    on over the Backstage, where it may go: the status says that move now, not the
    refusal (it stayed, and still said "Not possible there" as a menu opened)."""
    from PySide6.QtTest import QTest

    start(window)
    lift_curtain(window)
    game = window.model.session.game
    card = next(c for c in game.hands[0] if not game.info[c].special)
    viewport, status = window.table.viewport(), window.statusBar()
    begin = point_of(window, ("card", card))
    left, plain = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, left, plain, begin)
    QTest.mouseMove(viewport, begin + QPoint(QApplication.startDragDistance() + 2, 0))
    QTest.mouseMove(viewport, point_of(window, ("tricks", 0)))
    assert status.currentMessage().startswith("Not possible there")
    QTest.mouseMove(viewport, point_of(window, ("backstage", 0)))
    said = status.currentMessage()
    assert "Not possible" not in said and "Backstage" in said, said
    felt = window.table.mapFromScene(QPointF(2, 950))  # the corner: no place there
    QTest.mouseMove(viewport, felt)
    assert status.currentMessage() == ""
    QTest.mouseRelease(viewport, left, plain, felt)


def words_over_cards(scene) -> list[tuple[str, str]]:
    """Each text drawn across a card (the large preview left out): a label over a card
    hides what the card says."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    cards = [
        i
        for i in scene.items()
        if isinstance(i, CardItem) and i is not scene.preview and i.isVisible()
    ]
    return [
        (t.text(), c.card.get("name", c.card["face"]))
        for t in scene.items()
        if isinstance(t, QGraphicsSimpleTextItem) and t.isVisible() and t.text().strip()
        for c in cards
        if c.sceneBoundingRect().intersects(t.sceneBoundingRect())
    ]


def words_over_words(scene) -> list[tuple[str, str]]:
    """Each pair of texts drawn across each other."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    words = [
        t
        for t in scene.items()
        if isinstance(t, QGraphicsSimpleTextItem) and t.isVisible() and t.text().strip()
    ]
    return [
        (a.text(), b.text())
        for n, a in enumerate(words)
        for b in words[n + 1 :]
        if a.sceneBoundingRect().intersects(b.sceneBoundingRect())
    ]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_no_label_lies_over_a_card_and_the_others_tricks_are_readable(make_window, size):
    """Over whole games of 2, 4 and 6 seats: no text on a card ('ON DISPLAY' lay over the
    Specials of a trick) nor on another text (the Contest's '1/5 in Backstage' ran into
    the seat's name), and at four seats the others' Objectives are drawn at least 40
    pixels wide on the screen (they were 29 at 1280 x 720)."""
    window = make_window()
    window.resize(*size)
    QApplication.processEvents()
    narrowest = {}
    for seats in (2, 4, 6):
        players = ANA_AND_BOTS[:1] + [
            {"name": f"Bot {n}", "bot": "showman"} for n in range(seats - 1)
        ]
        start(window, players, seed=seats, target=12)
        game = window.model.session.game
        bot = ShowmanBot(0, 1)
        for _ in range(400):
            if game.is_over():
                break
            one_move(window, bot)
            lift_curtain(window)
            scene = window.scene
            assert not words_over_cards(scene), words_over_cards(scene)
            assert not words_over_words(scene), words_over_words(scene)
            zoom = window.table.zoom()
            for seat, s in enumerate(window.model.session.view()["seats"]):
                if seat != 0:
                    for w in s["works"]:
                        item = scene.item(("objective", w["objective"]["id"]))
                        wide = item.sceneBoundingRect().width() * zoom
                        narrowest[seats] = min(narrowest.get(seats, wide), wide)
    assert narrowest[4] >= 40, narrowest


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
@pytest.mark.parametrize("seats", [4, 6])
def test_a_long_backstage_of_another_magician_reads_as_named_chips(make_window, size, seats):
    """Lera's Backstage of 18 cards: each card a chip of its own, none over another, all
    in Lera's part of the table and at least 8 pixels tall on the screen (as cards side
    by side they became slivers, their names 5 pixels tall)."""
    from tests.games.illusio.helpers import set_backstage

    window = make_window()
    window.resize(*size)
    QApplication.processEvents()
    bots = [{"name": f"Bot {n}", "bot": "showman"} for n in range(1, seats)]
    start(window, ANA_AND_BOTS[:1] + bots, seed=4)
    game = window.model.session.game
    kinds = ["rabbit", "dove", "cage", "case", "scarf", "rope", "cards", "blades", "tiger"]
    cards = set_backstage(game, 1, *(kinds * 2))  # (no more than in six hands and the deck)
    window._update()
    QApplication.processEvents()
    scene, zoom = window.scene, window.table.zoom()
    boxes = [scene.item(("card", c)).sceneBoundingRect() for c in cards]
    part = scene.regions[("seat", 1)]
    for n, box in enumerate(boxes):
        assert part.contains(box), f"card {n} runs out of Lera's part"
        assert box.height() * zoom >= 8
        for other in boxes[n + 1 :]:
            assert not box.adjusted(1, 1, -1, -1).intersects(other), "chips overlap"
    screenshot(window, f"illusio-long-backstage-{seats}-{size[0]}x{size[1]}")


def test_a_card_dragged_onto_a_contest_card_hears_why_it_does_not_go_there(window):
    """A Special and a Component of the hand held over an Objective of the Contest, then
    let go there: the status says why, at once and on the drop (held over it, it said
    nothing), and nothing moves; the Objective lifted off its place is never its own
    drop target."""
    from PySide6.QtTest import QTest

    start(window)
    lift_curtain(window)
    game, scene = window.model.session.game, window.scene
    objective = next(o for o in game.contest if o is not None)
    name = game.objectives[objective].name
    special = next(c for c in game.hands[0] if game.info[c].special)
    component = next(c for c in game.hands[0] if not game.info[c].special)
    moves = len(game.record.moves)
    for card in (special, component):
        held, dropped = hover_then_drop(window, ("card", card), ("objective", objective))
        reason = game.why_not(0, Place(card=card, objective=objective))
        assert reason and name in reason and "Contest" in reason, reason
        assert held == f"Not possible there: {reason}", held
        assert reason in dropped, dropped
        assert len(game.record.moves) == moves and card in game.hands[0]
        assert scene.item(("card", card)) is not None
    screenshot(window, "illusio-drop-on-a-contest-card")
    # The Objective lifted and moved a little, still over its own place.
    viewport = window.table.viewport()
    begin = point_of(window, ("objective", objective))
    left, plain = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, left, plain, begin)
    QTest.mouseMove(viewport, begin + QPoint(QApplication.startDragDistance() + 2, 0))
    near = begin + QPoint(QApplication.startDragDistance() + 6, 4)
    QTest.mouseMove(viewport, near)
    assert scene.hover_key != ("objective", objective)
    assert scene.drop_target(
        ("objective", objective), scene.sources[("objective", objective)].center()
    ) != ("objective", objective)
    assert not window.statusBar().currentMessage().startswith("Not possible there")
    QTest.mouseRelease(viewport, left, plain, near)
    QApplication.processEvents()
    assert len(game.record.moves) == moves and objective in game.contest


def test_a_special_held_over_a_backstage_card_says_why_it_cannot_go_there(window):
    """Ana's Transform held over her Dove when both actions of the turn are spent: the
    status says why, held there and dropped (it said only "Not possible there." and, on
    the drop, "Drop it on a place outlined in gold."); a Component of the hand let go
    over a Backstage card goes into the Backstage, as if dropped beside it."""
    from tests.games.illusio.helpers import set_backstage, set_hand

    start(window)
    lift_curtain(window)
    game = window.model.session.game
    transform, cage, rope = set_hand(game, 0, "transform", "cage", "rope")
    (dove,) = set_backstage(game, 0, "dove")
    window._update()
    QApplication.processEvents()
    held, dropped = hover_then_drop(window, ("card", cage), ("card", dove))
    assert cage in game.backstage[0], (held, dropped)
    drag(window, ("card", rope), ("backstage", 0))
    assert game.actions_left == 0
    moves = len(game.record.moves)
    held, dropped = hover_then_drop(window, ("card", transform), ("card", dove))
    assert "both actions" in held and held.startswith("Not possible there: "), held
    assert "both actions" in dropped, dropped
    assert len(game.record.moves) == moves and transform in game.hands[0]


def test_a_talent_on_another_magicians_component_says_whose_it_is(window):
    """Madame Proteus's talent on the only Cards there is, in Lera's Backstage: its line in
    the Moves panel says whose Backstage, as the phone's list does ("Talent: turn Cards
    into Blades" said nothing of it, and a person played it meaning their own)."""
    from tests.games.illusio.helpers import set_backstage, set_magician

    start(window)
    lift_curtain(window)
    game = window.model.session.game
    set_magician(game, 0, "proteus")
    set_backstage(game, 0)
    set_backstage(game, 1, "cards")
    model = window.moves_view.model()
    model.refresh()
    lines = [line for line in model.lines if line.startswith("Talent: turn Cards into")]
    assert lines and all(line.endswith(" — in Lera's Backstage") for line in lines), lines


def test_a_talent_on_two_magicians_cages_reads_as_two_moves(window):
    """Madame Proteus may turn Ana's own Cage or Lera's: the talent's words read alike
    ("Talent: turn Cage into Case"), so the Moves panel kept one line and Lera's Cage could
    not be turned from it; each line now says whose Backstage, and the phone's list of
    moves (words and hint) tells them apart the same way."""
    from tests.games.illusio.helpers import set_backstage, set_magician

    start(window)
    lift_curtain(window)
    game = window.model.session.game
    set_magician(game, 0, "proteus")
    (mine,) = set_backstage(game, 0, "cage")
    (lera,) = set_backstage(game, 1, "cage")
    model = window.moves_view.model()
    model.refresh()
    lines = [line for line in model.lines if line.startswith("Talent: turn Cage into Case")]
    assert sorted(lines) == [
        "Talent: turn Cage into Case — in Lera's Backstage",
        "Talent: turn Cage into Case — in your Backstage",
    ], lines
    targets = {model.actions[model.lines.index(line)].target for line in lines}
    assert targets == {mine, lera}
    match = window.model.session.match
    told = [
        (match.describe(a, 0), match.hint(a, 0))
        for a in game.legal_actions(0)
        if isinstance(a, UseTalent)
    ]
    assert len(told) == len(set(told)), told


def test_a_long_refusal_held_over_a_contest_card_is_never_cut_at_1280(window):
    """A Component held over a Contest Objective at 1280x720: the refusal (over 200
    letters with "Not possible there: ") ran off the window's edge ("…under realiza");
    the status line draws it in a smaller type, never under 10 pixels, whole."""
    from PySide6.QtGui import QFontInfo, QFontMetrics

    window.resize(1280, 720)
    QApplication.processEvents()
    bar = window.statusBar()
    usual = QFontInfo(QApplication.font(bar)).pixelSize()
    # The welcome line, shown before the window took its size, reads at the usual size.
    assert QFontInfo(bar.font()).pixelSize() == usual
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    objective = next(o for o in game.contest if o is not None)
    component = next(c for c in game.hands[0] if not game.info[c].special)
    held, dropped = hover_then_drop(window, ("card", component), ("objective", objective))
    assert held.startswith("Not possible there: ") and "Contest" in held, held
    for said in (held, dropped):
        bar.showMessage(said)
        room = bar.contentsRect().width() - 12  # (its margins and grip)
        assert QFontMetrics(bar.font()).horizontalAdvance(said) <= room, said
        assert QFontInfo(bar.font()).pixelSize() >= 10
    screenshot(window, "illusio-long-refusal-1280")
    bar.showMessage("Nothing to do there now.")
    assert QFontInfo(bar.font()).pixelSize() == usual  # a short one at the usual size


def what_each_card_reads(window, monkeypatch) -> list[str]:
    """Each card of the table (the large preview aside) painted anew at the zoom the table
    is seen at, its painted words read back: what is missing of its name and kind (a
    Component's group word, whole or shorter: 'Accessories', 'Accessory', 'Acc.'), and
    any word under 8 pixels or cut with '…'. A card of a pile lying under another shows no
    name (it is hidden) and is left out."""
    from PySide6.QtGui import QImage, QPainter

    from illusio_table.games.illusio.qt import cards as card_faces

    from .test_text_sizes import Painted

    scene, zoom = window.scene, window.table.zoom()
    look = scene.look
    items = [
        i
        for i in scene.items()
        if isinstance(i, CardItem)
        and i is not scene.preview
        and i.isVisible()
        and i.card is not None
        and i.card["face"] != "back"
    ]

    def hidden(item) -> bool:  # a pile's card with another lying over most of it
        box = item.sceneBoundingRect()
        above = scene.items(box.center())  # (the topmost first)
        return item.nameless and any(
            isinstance(o, CardItem)
            and above.index(o) < above.index(item)
            and o.sceneBoundingRect().intersected(box).width() > box.width() / 2
            for o in above
            if o is not item
        )

    problems = []
    for item in items:
        if hidden(item):
            continue
        card = item.card
        with monkeypatch.context() as patch:
            listener = Painted(patch)
            card_faces._PICTURES.clear()
            image = QImage(
                int(item.w * zoom) + 2, int(item.h * zoom) + 2, QImage.Format.Format_ARGB32
            )
            painter = QPainter(image)
            painter.scale(zoom, zoom)
            item.paint(painter)
            painter.end()
        words = listener.words
        read = [w.text.replace("\n", " ") for w in words]
        said = f"{card.get('now_name', card.get('name'))!r} ({card['face']}) reads {read}"
        problems += [
            f"{said}: {w.text!r} at {w.px:.1f} px" for w in words if w.px < 8 or "…" in w.text
        ]
        face = card["face"]
        if face == "component":
            now = card.get("now", card["kind"])
            name = card.get("now_name", card["name"])
            group = look.groups[look.cards.group_of[now]]
            # (the group's word, whole or in a shorter form the card file gives)
            kinds = [group.name, *getattr(group, "short", ())] if group.types else [name]
            whole = any(name in r.split(" · ")[0] for r in read)
            grouped = any(k in r.split() or k == r for r in read for k in kinds) or any(
                r.endswith(f" · {k}") for r in read for k in kinds
            )
            if not (whole and grouped):
                problems.append(f"{said}: its name and its group's word are not both read")
        elif face == "special":
            name = look.kinds[card["kind"]].name
            if not any(r.endswith(name) for r in read):
                problems.append(f"{said}: its name is not read")
        elif card["name"] not in read:  # an Objective, a magician: its name whole
            problems.append(f"{said}: its name is not read whole")
        if face == "objective" and scene.regions["contest"].contains(item.sceneBoundingRect()):
            domain = look.domains[card["domain"]].name  # (the Contest's cards: their domain)
            if not any(r.endswith(domain) for r in read):
                problems.append(f"{said}: its domain is not read")
        if item.h < 30:  # a chip: its line of words under no other card
            box = item.sceneBoundingRect().adjusted(1, 1, -1, -1)
            problems += [
                f"{said}: another card lies across it"
                for other in items
                if other is not item and other.sceneBoundingRect().intersects(box)
            ]
    return problems + hand_words_covered(scene, items)


def hand_words_covered(scene, items) -> list[str]:
    """Hand cards whose words (the group's band, the name) lie under the next card of
    the fan: with nine cards in hand 'Formula' read 'Formul' and 'Accessories'
    'Accessorie'."""
    from PySide6.QtGui import QPolygonF

    hand = scene.regions["hand"]
    fan = sorted(
        (i for i in items if hand.contains(i.sceneBoundingRect().center()) and i.h > 100),
        key=lambda i: i.zValue(),
    )
    found = []
    for n, card in enumerate(fan):
        w, h = card.w, card.h
        words = [QRectF(w * 0.1, 2, w * 0.8, h * 0.16), QRectF(w * 0.1, h * 0.64, w * 0.8, h * 0.2)]
        for box in words:
            inked = card.mapToScene(QPolygonF(box))
            for later in fan[n + 1 :]:
                over = later.mapToScene(QPolygonF(later.boundingRect()))
                if not over.intersected(inked).isEmpty():
                    found.append(f"hand card {card.card.get('name')!r}: words under the next card")
    return found


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
@pytest.mark.parametrize("seed,moves", [(3, 0), (3, 60), (5, 150), (7, 5000), (11, 90), (13, 40)])
def test_every_card_on_the_table_says_its_name_and_kind(
    make_window, monkeypatch, size, seed, moves
):
    """Four seats, seeded states from the start to game over, at 1280 x 720 and 1600 x 1000:
    every card drawn on the table says what it is, in words at 8 pixels or more, whole -
    a Component its name and its group's word (whole or shorter: 'Accessory', 'Acc.'), an
    Objective, a Special and a magician their names. (Small cards left these out: Backstage
    cards with a blank band where 'Accessories' did not fit, the others' chips without
    their groups, the Objectives of the scored and given-up piles without their names.)"""
    from .test_text_sizes import play
    from .test_text_sizes import start as start_seats

    window = make_window()
    window.resize(*size)
    QApplication.processEvents()
    start_seats(window, "illusio", seed)
    play(window, moves, seed)
    window.table.zoom_fit()
    QApplication.processEvents()
    problems = what_each_card_reads(window, monkeypatch)
    screenshot(window, f"illusio-cards-named-{seed}-{moves}-{size[0]}x{size[1]}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("onto", ["the Backstage", "its twin"])
def test_a_card_dropped_beside_its_twin_offers_the_twins_free_talent(make_window, onto):
    """Gemelos (the twins) holds a second Curtain with one in the Backstage and the talent
    ready: dropped on the Backstage, or on the Curtain there, the card asks whether it
    goes for an action or free by the talent, as Mercurio's drop asks between its moves
    (it went for the last action, and the talent was never offered)."""
    from tests.games.illusio.helpers import swap_with_deck

    window = make_window()
    window.resize(1280, 720)
    start(window, seed=1833)  # (Ana is Gemelos, and plays first)
    session = window.model.session
    game = session.game
    assert game.magicians[0].id == "gemelos" and 0 in game.to_act()
    first = next(c for c in sorted(game.hands[0]) if Backstage(c) in session.legal_actions())
    # The deal gave Ana no two alike: a card of the kind from the deck takes a place in her
    # hand (as an exchange would bring it).
    twin = next(c for c in game.deck if game.now[c] == game.now[first])
    other = next(c for c in game.hands[0] if c != first)
    swap_with_deck(game, 0, other, twin)
    session.act(Backstage(first))
    lift_curtain(window)
    QApplication.processEvents()
    assert UseTalent(twin) in session.legal_actions()
    offered = []

    def menu(moves, screen_pos):
        offered.extend(moves)
        return UseTalent(twin)

    window.scene.choose_from_menu = menu
    drag(window, ("card", twin), ("backstage", 0) if onto == "the Backstage" else ("card", first))
    words = [window.scene.describe(m) for m in offered]
    assert set(offered) == {Backstage(twin), UseTalent(twin)}, words
    assert any("free" in w for w in words), words
    backstage = [c for c in game.backstage[0]]
    assert twin in backstage and game.talent_used[0]
    assert game.actions_left == 1, "the talent spent no action"
