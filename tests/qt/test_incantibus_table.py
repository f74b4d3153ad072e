"""The Incantibus table, offscreen: dragging the wand, clicking, the keyboard, secrecy."""

import json
import re

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from illusio_table.games.incantibus.actions import Cast, Point
from illusio_table.qt.app.new_game_dialog import GameConfig
from illusio_table.qt.scenes.base import KEY, MARK
from illusio_table.qt.scenes.look import Z_LABEL, points

from .conftest import item_parents, lift_curtain, screenshot, tip_text, top_item

HUMAN_AND_BOTS = [{"name": "Ana", "bot": None}] + [
    {"name": n, "bot": "cunning"} for n in ("Lera", "Milo", "Juno")
]
TWO_HUMANS = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]


def start(window, players=HUMAN_AND_BOTS, seed=5, mode="apprentice"):
    assert window.start_match(GameConfig("incantibus", players, seed, {"mode": mode}))
    window.scene.animation_ms = 0
    window.table.zoom_fit()
    QApplication.processEvents()


def anas_first(window):
    """Ana's first move (the bots choose at once, before her)."""
    return next(m.action for m in window.model.session.game.record.moves if m.seat == 0)


def at(window, item):
    return window.table.mapFromScene(item.sceneBoundingRect().center())


def drag(window, source, target):
    """A real drag: press on the wand, move past the drag distance, release on the target."""
    viewport = window.table.viewport()
    start_pos, end_pos = at(window, source), at(window, target)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start_pos)
    step = QPoint(QApplication.startDragDistance() + 2, 0)
    QTest.mouseMove(viewport, start_pos + step)
    QTest.mouseMove(viewport, (start_pos + end_pos) / 2)
    QTest.mouseMove(viewport, end_pos)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end_pos)
    QApplication.processEvents()


def point_after_the_others(window, mine, others) -> None:
    """The others' choices staged as made (`others`: seat → Point), then Ana points at
    `mine` on the table and the casting plays out to the screen's next moment."""
    from tests.games.incantibus.helpers import set_choices

    set_choices(window.model.session.game, others)
    window.model.changed.emit([])
    window.model.session.act(mine)
    lift_curtain(window)
    QApplication.processEvents()


def test_dragging_the_wand_onto_a_token_points_at_it(window):
    start(window)
    scene = window.scene
    assert scene.pointer() is not None, "the seat's wand can be dragged"
    drag(window, scene.pointer(), scene.item(("room", 2)))
    assert anas_first(window) == Point("room", 2).to_json()


def until_a_potion_can_be_brewed(window) -> int:
    """Ana takes the room's tokens a potion's recipe asks for (the bots play) until she
    may point at a potion; its space."""
    session = window.model.session
    for _ in range(300):
        lift_curtain(window)
        QApplication.processEvents()
        if session.holding:
            window.scene.stop_reveal(seen=True)
        elif 0 in session.game.to_act():
            legal = session.legal_actions()
            brewed = [a.index for a in legal if isinstance(a, Point) and a.place == "potion"]
            if brewed:
                return brewed[0]
            view = session.game.view(0)
            wanted = {k for p in view["potions"] if p for k in p["recipe"]}
            kinds = {t["slot"]: t.get("kind") for t in view["room"]["tokens"]}
            room = [a for a in legal if isinstance(a, Point) and a.place == "room"]
            session.act(next((a for a in room if kinds.get(a.index) in wanted), legal[0]))
        else:
            session.step_bot()
    raise AssertionError("Ana never could brew a potion")


def click_on(window, point) -> None:
    QTest.mouseClick(
        window.table.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        window.table.mapFromScene(point),
    )
    QApplication.processEvents()


def test_a_click_anywhere_on_a_lit_potion_card_points_at_it(window):
    """A potion Ana can brew is lit gold as a whole card, and a click on the card's words
    (its name, its points), away from its round token, points her wand at it (only the
    token took a click: a click on the card did nothing and said nothing). A click on a
    potion she cannot brew says why, wherever on its card it falls."""
    start(window, seed=1)
    space = until_a_potion_can_be_brewed(window)
    screenshot(window, "incantibus-a-potion-lit-as-a-card")
    scene = window.scene
    key = ("potion", space)
    name = scene.view["potions"][space]["name"]
    words = [
        i
        for i in scene.items()
        if isinstance(i, QGraphicsSimpleTextItem)
        and i.text() in (name, f"{scene.view['potions'][space]['points']} pts")
        and i.isVisible()
        and 28 + 74 * space < i.sceneBoundingRect().center().y() < 94 + 74 * space
    ]
    assert len(words) == 2
    refused = [
        k
        for k in scene.targets
        if k[0] == "potion" and k != key and k not in {t for _, t in scene.drops}
    ]
    assert refused  # (one she cannot brew)
    # A click on its name, in the middle of its card, away from its round token.
    other = scene.view["potions"][refused[0][1]]["name"]
    said = next(i for i in scene.items() if getattr(i, "text", lambda: "")() == other)
    click_on(window, said.sceneBoundingRect().center())
    assert "To brew the" in window.statusBar().currentMessage()
    # The one she can brew: lit as a whole card, its words inside its ring.
    card = scene.targets[key]
    assert card.width() > 200
    rings = [
        i.sceneBoundingRect()
        for i in scene.items()
        if i.data(KEY) == (MARK, "legal", key) and i.isVisible()
    ]
    assert rings
    for word in words:
        assert card.contains(word.sceneBoundingRect()), word.text()
        assert all(r.contains(word.sceneBoundingRect()) for r in rings), word.text()
    points_word = next(w for w in words if w.text().endswith(" pts"))
    click_on(window, points_word.sceneBoundingRect().center())
    ana = [m.action for m in window.model.session.game.record.moves if m.seat == 0]
    assert ana[-1]["place"] == "potion" and ana[-1]["index"] == space, ana[-1]


def test_dropping_the_wand_on_a_target_not_allowed_snaps_back_with_the_reason(window):
    start(window)
    scene = window.scene
    home = scene.pointer().pos()
    potion = next(k for k in scene.targets if k[0] == "potion" and k not in scene.moves)
    drag(window, scene.pointer(), scene.item(potion))
    assert all(m.seat != 0 for m in window.model.session.game.record.moves)
    assert "To brew the" in window.statusBar().currentMessage()
    assert window.scene.pointer().pos() == home


def test_holding_the_wand_over_a_target_not_allowed_says_the_engines_reason_at_once(window):
    """The hover, the drop and the outcome agree: before the wand is let go over a potion
    it cannot brew, the status bar says why (it said "drop it to hear why")."""
    start(window)
    scene = window.scene
    potion = next(k for k in scene.targets if k[0] == "potion" and k not in scene.moves)
    viewport = window.table.viewport()
    start_pos, end_pos = at(window, scene.pointer()), at(window, scene.item(potion))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start_pos)
    QTest.mouseMove(viewport, start_pos + QPoint(QApplication.startDragDistance() + 2, 0))
    QTest.mouseMove(viewport, end_pos)
    QApplication.processEvents()
    held = window.statusBar().currentMessage()
    assert held.startswith("Not possible there: To brew the"), held
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end_pos)
    QApplication.processEvents()
    assert held.split(": ", 1)[1] in window.statusBar().currentMessage()


def test_legal_targets_light_up_and_a_click_points(window, qtbot):
    start(window)
    scene = window.scene
    assert set(scene.moves) == {
        ("room", t["slot"]) for t in window.model.session.view()["room"]["tokens"]
    }
    qtbot.mouseClick(
        window.table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=at(window, scene.item(("room", 4))),
    )
    assert anas_first(window) == Point("room", 4).to_json()


def test_the_keyboard_lifts_the_wand_walks_its_targets_and_drops_it(window):
    start(window)
    scene = window.scene
    window.table.setFocus()
    QTest.keyClick(window.table, Qt.Key.Key_Tab)
    assert scene.focus_key == ("wand", 0), "Tab reaches the seat's wand first"
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert scene.lifted == ("wand", 0)
    targets = scene.targets_of(("wand", 0))
    assert scene.focus_key == ("wand", 0), "lifted, the highlight stays on the wand"
    QTest.keyClick(window.table, Qt.Key.Key_Return)  # Enter, Enter: no move unasked for
    QApplication.processEvents()
    assert scene.lifted == ("wand", 0)
    assert not any(m.seat == 0 for m in window.model.session.game.record.moves)
    assert "arrows" in window.statusBar().currentMessage()
    QTest.keyClick(window.table, Qt.Key.Key_Escape)
    assert scene.lifted is None and scene.focus_key == ("wand", 0), "Esc puts the wand back"
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    QTest.keyClick(window.table, Qt.Key.Key_Right)
    assert scene.focus_key == targets[0], "Right walks to the first target"
    QTest.keyClick(window.table, Qt.Key.Key_Right)
    assert scene.focus_key == targets[1], "Right walks to the next target"
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert anas_first(window) == Point(*targets[1]).to_json()


def drawn(window):
    scene = window.scene
    return {
        "texts": sorted(i.text() for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem)),
        "tips": sorted(i.toolTip() for i in scene.items() if i.toolTip()),
        "log": list(window.log_view.model().lines),
        "moves": [
            window.moves_view.model().data(window.moves_view.model().index(r, 0))
            for r in range(window.moves_view.model().rowCount())
        ],
        "title": window.windowTitle(),
        "undo": window.undo_action.isEnabled(),
        "page": type(window.stack.currentWidget()).__name__,
    }


def test_after_one_seat_chooses_the_next_sees_the_same_whatever_was_chosen(make_window):
    def after(slot):
        window = make_window()
        start(window, TWO_HUMANS, seed=9)
        window.curtain.button.click()
        window.model.session.act(Point("room", slot))
        behind = drawn(window)
        assert behind["texts"] == [] and behind["page"] == "Curtain"
        window.curtain.button.click()
        return drawn(window), json.dumps(window.model.session.view())

    (first, first_view), (second, second_view) = after(0), after(5)
    assert first == second and first_view == second_view


def test_a_spell_card_is_cast_by_clicking_it(window, qtbot):
    start(window, seed=5)
    game = window.model.session.game
    # Stage a room where Ana's choice is a spell token nobody else wants.
    from tests.games.incantibus.helpers import set_room

    set_room(
        game,
        [("spell", True), ("gold-3", True), ("gold-2", True), ("gold-1", True), ("pumpkin", True)],
    )
    window.model.changed.emit([])
    window.model.session.act(Point("room", 0))
    QApplication.processEvents()
    if (
        window.model.session.view()["decision"]
        and window.model.session.view()["decision"]["seat"] == 0
    ):
        assert set(window.scene.moves) <= {("spell", i) for i in range(3)}
        card = window.scene.item(("spell", 1))
        qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=at(window, card))
        QApplication.processEvents()
        casts = [m for m in game.record.moves if m.action["kind"] == "cast"]
        assert casts and casts[0].action == Cast(1).to_json()


def test_a_whole_game_against_three_bots_finishes_through_the_table(window, qtbot):
    start(window, seed=31)
    shots = {"start": False, "battle": False}
    screenshot(window, "incantibus-start")
    moves = 0
    while not window.model.session.game.is_over() and moves < 800:
        view = window.model.session.view()
        if view["dungeon"] is not None and not shots["battle"]:
            window.table.zoom_fit()
            screenshot(window, "incantibus-final-battle")
            shots["battle"] = True
        key = next(iter(window.scene.moves))
        item = window.scene.item(key)
        if len(window.scene.moves[key]) > 1:
            window.model.session.act(window.scene.moves[key][0])  # a book's payment menu: first way
        else:
            qtbot.mouseClick(
                window.table.viewport(), Qt.MouseButton.LeftButton, pos=at(window, item)
            )
        moves += 1
    assert window.model.session.game.is_over()
    window.table.zoom_fit()
    screenshot(window, "incantibus-end")
    assert shots["battle"]


def shown_texts(scene):
    return [
        i.text() for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem) and i.isVisible()
    ]


def test_the_reveal_shows_the_room_as_it_was_before_anything_moves_and_can_be_skipped(window):
    start(window, seed=5)
    before = window.model.session.view()["room"]["tokens"]
    scene = window.scene
    scene.animation_ms = 5000
    moves = len(window.model.session.game.record.moves)
    window.model.session.act(Point("room", before[0]["slot"]))
    QApplication.processEvents()
    assert scene.revealing() and window.model.session.holding
    casting = window.model.session.game.record.moves[moves:]
    assert all(m.seat != 0 or m.action["kind"] == "point" for m in casting)
    held = len(window.model.session.game.record.moves)
    assert "In-can-to!" in shown_texts(scene)
    # The room as it was: the token Ana pointed at is drawn where it lay, though taken.
    overlay = [
        tip_text(i).split("\n")[0]
        for i in scene.items()
        if isinstance(i.data(0), tuple) and i.data(0)[:2] == ("mark", "overlay") and i.toolTip()
    ]
    assert before[0]["name"] in overlay
    scene.animation.setCurrentTime(2600)
    window.table.zoom_fit()
    screenshot(window, "incantibus-reveal")
    contest = [t for t in shown_texts(scene) if before[0]["name"] in t and "Ana (" in t]
    assert contest, "the contest on Ana's token is written on the table"
    assert len(window.model.session.game.record.moves) == held, "nothing moves during the reveal"
    QTest.keyClick(window.table, Qt.Key.Key_Escape)
    QApplication.processEvents()
    assert "In-can-to!" not in shown_texts(scene) and not window.model.session.holding
    assert any("Last casting:" in t for t in shown_texts(scene))


def test_the_shout_of_the_reveal_covers_none_of_the_tokens_pointed_at(window):
    """While the wands point, "In-can-to!" stands clear of the room as it was (it lay over
    the second line of tokens: "In-can-to!" across the Mushroom, seen at 1280x720)."""
    start(window, seed=5)
    scene, session = window.scene, window.model.session
    scene.animation_ms = 5000
    room = session.view()["room"]["tokens"]
    assert len(room) > 5, "the roof's tokens lie on two lines"
    session.act(Point("room", room[0]["slot"]))
    QApplication.processEvents()
    assert scene.revealing()
    overlay = [
        i
        for i in scene.items()
        if isinstance(i.data(0), tuple) and i.data(0)[:2] == ("mark", "overlay") and i.isVisible()
    ]
    (shout,) = [
        i for i in overlay if isinstance(i, QGraphicsSimpleTextItem) and i.text() == "In-can-to!"
    ]
    tokens = [i for i in overlay if i.toolTip() and i is not shout]
    assert len(tokens) >= len(room)
    box = shout.sceneBoundingRect()
    covered = [tip_text(i).split("\n")[0] for i in tokens if i.sceneBoundingRect().intersects(box)]
    assert covered == [], covered
    scene.stop_reveal(seen=True)


def test_with_two_people_the_reveal_is_shown_to_everyone_before_the_curtain(make_window):
    window = make_window()
    window.motion = True
    assert window.start_match(GameConfig("incantibus", TWO_HUMANS, 5, {"mode": "apprentice"}))
    window.scene.glide_ms = 0
    model = window.model
    lift_curtain(window)
    first = model.session.viewer
    model.session.act(model.session.legal_actions()[0])
    lift_curtain(window)
    assert model.session.viewer != first
    model.session.act(model.session.legal_actions()[0])  # the last choice: the reveal
    QApplication.processEvents()
    assert window.stack.currentWidget() is window.table and model.session.viewer is None
    assert window.scene.revealing() and "In-can-to!" in shown_texts(window.scene)
    assert window.windowTitle().startswith("Incantibus") and "Everyone sees" in window.heading()
    window.scene.stop_reveal(seen=True)
    QApplication.processEvents()
    assert window.stack.currentWidget() is window.curtain, "then the screen passes on"


def test_expert_mode_shows_the_magic_books(window):
    start(window, seed=3, mode="expert")
    assert [k for k in window.scene.targets if k[0] == "book"]
    screenshot(window, "incantibus-expert-start")


def test_rehearsing_castings_keeps_a_tally_and_the_coach_reviews_them(window, qtbot):
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    dialog = RehearsalDialog(window)
    dialog.seats.setValue(3)
    dialog.wand.setCurrentIndex(dialog.wand.findData(2))
    dialog.room.setCurrentIndex(dialog.room.findData("kitchen"))
    config = dialog.config()
    assert config.options == {"mode": "apprentice", "start_room": "kitchen", "first_wand": 2}
    assert [p["bot"] for p in config.players] == [None, "cunning", "cunning"]
    # One past rehearsal kept in the data folder: the chart draws the line from it.
    window.data_dir.mkdir(parents=True, exist_ok=True)
    (window.data_dir / "coach.json").write_text('{"rehearsals": [{"castings": 4, "average": 3.0}]}')
    assert window.start_match(config, rehearsal=True)
    window.scene.animation_ms = 0
    view = window.model.session.view()
    assert view["room"]["name"] == "Kitchen" and view["wands"][0] == 2
    assert "the tally starts" in window.tally_bar.text() and window.tally_bar.isVisibleTo(window)
    QApplication.processEvents()
    first_height = window.tally_bar.height()  # one line of words
    for _ in range(3):
        legal = window.model.session.legal_actions()
        if not legal:
            break
        window.model.session.act(legal[0])
    assert window.tally_bar.text().startswith("Rehearsal — castings: ")
    assert "got what you pointed at" in window.tally_bar.text()
    # The last casting under the numbers, and every one of them on pointing at the bar.
    last = window.tally_bar.text().splitlines()[-1]
    assert last.startswith("Casting ") and last in window.tally_bar.toolTip()
    QApplication.processEvents()
    bar = window.tally_bar
    assert bar.height() >= bar.fontMetrics().lineSpacing() * 3, "the tally's lines show"
    assert bar.height() == first_height, "the bar kept its height: the table did not move"
    # The coach's review of each casting comes from the thinking process, in its words.
    qtbot.waitUntil(lambda: "Coach on casting" in bar.text(), timeout=60_000)
    number, lines = window.tally.reviews[-1]
    assert bar.text().splitlines()[-1] == (
        f"Coach on casting {number}: " + next(x for x in lines if x.startswith("Given what"))
    )
    assert lines[0].startswith("You pointed at ") and lines[0] in bar.toolTip()
    # Its chart, in the Coach panel: a bar a target, the choice and the best marked.
    chart = window.coach_chart
    assert window.coach_dock.isVisibleTo(window) and chart.costs
    QApplication.processEvents()
    chart.grab()  # (drawn: what it drew is in `rows`)
    drawn = [text for text, _ in chart.rows]
    # A label a target: how far behind the best it was, the best at 0; yours at its cost.
    labels = [
        t
        for t, box in chart.rows
        if box.right() <= chart.plot.left() and t.endswith(("behind", "★", "(yours)"))
    ]
    assert len(labels) == len(chart.targets)
    chosen = next(t for t in chart.targets if t["chosen"])
    assert round(chosen["behind"], 1) == round(chart.costs[-1], 1)
    # (its arrow kept with its numbers by no-break spaces)
    # The line of past averages closes the chart: whole, or folded after its colon where
    # the panel is narrow (the arrow kept with its numbers by no-break spaces).
    footer = next(i for i, t in enumerate(drawn) if t.startswith("Average cost"))
    said = " ".join(drawn[footer:]).replace("\xa0", " ")
    assert said.startswith("Average cost, your last 2 rehearsals: 3.0 → "), drawn[footer:]
    assert "\xa0→\xa0" in drawn[-1]
    kept = json.loads((window.data_dir / "coach.json").read_text())["rehearsals"]
    assert len(kept) == 2 and kept[-1]["castings"] == len(chart.costs)
    assert sum("(yours)" in t for t in labels) == 1
    # (a star at each target drawn at 0: the coach's words call each of them best)
    assert sum("★" in t for t in labels) == sum(t["behind"] == 0 for t in chart.targets) >= 1
    boxes = [box for _, box in chart.rows]
    assert all(box.height() >= 8 and box.right() <= chart.width() for box in boxes)
    metrics = QFontMetricsF(chart.text_font)  # and no text runs out of its box
    assert all(metrics.horizontalAdvance(t) <= box.width() + 0.5 for t, box in chart.rows)
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    assert drawn[footer - 1].startswith(f"Average over {len(chart.costs)}:")
    chart.grab().save(str(screenshot(window, "incantibus-rehearsal").with_name("coach-chart.png")))
    # Each review that found a mistake of a point or more, sure beyond the noise, kept
    # it as a drill (`Review.drill_cost`); one too close to call is never kept.
    costly = sorted((c for c in window.tally.drill_costs if c >= 1.0), reverse=True)
    assert all(d == 0 or d == c for d, c in zip(window.tally.drill_costs, chart.costs, strict=True))
    drills = window.data_dir / "drills.json"
    kept = json.loads(drills.read_text())["drills"] if drills.exists() else []
    # (kept to the thousandth, as drills.json writes it: rounding twice, to 3 and then to 1
    # place, turned 3.7496 into 3.8 beside the 3.7 the tally rounded once)
    assert [d["cost"] for d in kept] == [round(c, 3) for c in costly]
    window.start_match(GameConfig("incantibus", HUMAN_AND_BOTS, 1))
    assert not window.tally_bar.isVisibleTo(window), "an ordinary match has no tally"


def test_a_rehearsal_left_is_not_offered_again_but_one_cut_short_by_a_crash_is(make_window):
    """Closing the program ends a rehearsal: the next start offers nothing. A crash in a
    rehearsal offers it back as a rehearsal (not as an unfinished match), with its tally."""
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    def rehearsing():
        window = make_window()
        dialog = RehearsalDialog(window)
        dialog.seats.setValue(3)
        assert window.start_match(dialog.config(), rehearsal=True)
        window.model.session.act(window.model.session.legal_actions()[0])
        return window

    first = rehearsing()
    first.close()  # as the person quits the program
    assert not make_window().offer_resume()
    rehearsing()  # this one is cut short: the program is killed, nothing is closed
    again = make_window()
    asked = []
    again.ask = lambda title, text: asked.append(f"{title} {text}") or True
    assert again.offer_resume()
    assert "Continue the rehearsal?" in asked[0] and "unfinished match" not in asked[0]
    # Its tally goes on: the casting played before the crash is counted.
    assert again.tally_bar.isVisibleTo(again)
    assert again.tally_bar.text().startswith("Rehearsal — castings: 1 ·")


def _play_to_casting(qtbot, window, castings):
    """The person at the screen makes the first move offered until `castings` were
    revealed (the bots play theirs in between)."""

    def played() -> bool:
        QApplication.processEvents()
        session = window.model.session
        if session.view()["castings"] >= castings:
            return True
        if legal := session.legal_actions():
            session.act(legal[0])
        return False

    qtbot.waitUntil(played, timeout=60_000)


def test_a_rehearsal_restarted_after_a_crash_goes_on_with_its_tally_and_its_reviews(
    make_window, qtbot
):
    """Killed after three castings, the rehearsal comes back with its count (the same
    words on the tally bar), the coach's reviews of those castings and one entry in the
    person's line of past rehearsals, not a second one starting again at casting 1."""
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    first = make_window()
    dialog = RehearsalDialog(first)
    dialog.seats.setValue(3)
    assert first.start_match(dialog.config(), rehearsal=True)
    first.scene.animation_ms = 0
    _play_to_casting(qtbot, first, 3)
    qtbot.waitUntil(lambda: len(first.tally.reviews) == 3, timeout=120_000)
    said, reviews = first.tally.text(), list(first.tally.reviews)
    kept = first.data_dir / "coach.json"
    entries = json.loads(kept.read_text())["rehearsals"]
    assert [e["castings"] for e in entries] == [3]
    # The program is killed here: nothing is closed. The next start continues it.
    again = make_window()
    asked = []
    again.ask = lambda title, text: asked.append(text) or True
    assert again.offer_resume()
    assert "tally goes on" in asked[0] and "starts again" not in asked[0]
    assert again.tally.tally.castings == 3 and again.tally.text().startswith(said.split("\n")[0])
    qtbot.waitUntil(lambda: len(again.tally.reviews) == 3, timeout=120_000)
    assert again.tally.reviews == reviews, "the same verdicts on the same castings"
    assert again.tally_bar.text() == said
    assert [e["castings"] for e in json.loads(kept.read_text())["rehearsals"]] == [3]
    # And the next casting is counted as the fourth.
    _play_to_casting(qtbot, again, 4)
    qtbot.waitUntil(lambda: len(again.tally.reviews) == 4, timeout=120_000)
    assert again.tally.reviews[-1][0] == 4 and "Coach on casting 4" in again.tally_bar.text()
    assert [e["castings"] for e in json.loads(kept.read_text())["rehearsals"]] == [4]


def test_the_rehearsal_options_are_not_offered_for_an_ordinary_game(window, registry):
    from illusio_table.qt.app.new_game_dialog import NewGameDialog

    dialog = NewGameDialog(registry, window)
    dialog.game_box.setCurrentIndex(registry.ids().index("incantibus"))
    assert list(dialog.option_widgets) == ["mode"]
    assert set(dialog.config().options) == {"mode"}


def test_table_mode_counts_in_can_to_and_takes_each_persons_first_key(window, qtbot):
    players = [
        {"name": "Ana", "bot": None},
        {"name": "Lera", "bot": None},
        {"name": "Milo", "bot": "cunning"},
    ]
    config = GameConfig("incantibus", players, 8, {"mode": "apprentice"}, table_mode=True)
    assert window.start_match(config)
    window.scene.animation_ms = 0
    window.table_mode.syllable_ms = 5
    assert window.stack.currentWidget() is window.table, "no curtain: everyone looks at the table"
    assert window.model.session.viewer is None and "Ana: 1–0 · Lera: Q–P" in window.tally_bar.text()
    labels = [
        i.text()
        for i in window.scene.items()
        if isinstance(i, QGraphicsSimpleTextItem) and i.text() == "1 Q"
    ]
    assert labels, "each target shows each person's key"
    QTest.keyClick(window.table, Qt.Key.Key_Space)
    QTest.keyClick(window.table, Qt.Key.Key_1)
    assert "Too early, Ana" in window.tally_bar.text()
    qtbot.waitUntil(lambda: window.table_mode.state == "armed", timeout=2000)
    assert "Too early, ignored: Ana" in window.tally_bar.text()
    screenshot(window, "incantibus-table-mode")
    QTest.keyClick(window.table, Qt.Key.Key_W)  # Lera: the second target
    QTest.keyClick(window.table, Qt.Key.Key_E)  # a second key of Lera's changes nothing
    QApplication.processEvents()
    moves = window.model.session.game.record.moves
    lera = [m.action for m in moves if m.seat == 1]
    assert lera == [Point(*window.table_mode.targets()[1]).to_json()]
    QTest.keyClick(window.table, Qt.Key.Key_1)  # Ana: the first target, and the reveal
    QApplication.processEvents()
    assert any(m.seat == 0 for m in window.model.session.game.record.moves)
    assert window.model.session.view()["castings"] == 1


def first_free_keys(window):
    """Each person's key for the first spot that has a target now (keys keep their spots,
    so a spot emptied by the last casting has none)."""
    n = next(i for i, key in enumerate(window.table_mode.targets()) if key is not None)
    return [Qt.Key(ord(row[n])) for row in window.table_mode.rows().values()]


def cast_by_keys(window, qtbot, keys):
    """One casting in table mode: Space, the count, then each person's key."""
    qtbot.waitUntil(lambda: window.table_mode.state == "idle", timeout=2000)
    QTest.keyClick(window.table, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.table_mode.state == "armed", timeout=2000)
    for key in keys:
        QTest.keyClick(window.table, key)
        QApplication.processEvents()


def test_table_mode_goes_on_casting_after_casting_and_comes_back_after_a_restart(
    make_window, qtbot
):
    players = [
        {"name": "Ana", "bot": None},
        {"name": "Lera", "bot": None},
        {"name": "Milo", "bot": "cunning"},
    ]
    window = make_window()
    config = GameConfig("incantibus", players, 8, {"mode": "apprentice"}, table_mode=True)
    assert window.start_match(config)
    window.scene.animation_ms = 0
    window.table_mode.syllable_ms = 5
    game = window.model.session.game
    for casting in range(1, 4):
        if game.is_over() or not window.model.session.is_shared():
            break
        cast_by_keys(window, qtbot, first_free_keys(window))
        assert window.model.session.game.view(None)["castings"] == casting, f"casting {casting}"
        # A decision (a full satchel, a spell) passes the screen to one person: settle it.
        while not window.model.session.is_shared() and not window.model.session.game.is_over():
            lift_curtain(window)
            legal = window.model.session.legal_actions()
            assert legal, "a person is asked for a decision"
            window.model.session.act(legal[0])
    assert window.model.session.game.view(None)["castings"] >= 2
    # The table mode is in the autosave: a restart comes back to the shared screen.
    again = make_window()
    assert again.offer_resume()
    assert again.model.session.table_mode and again.model.session.viewer is None
    assert "Press Space" in again.tally_bar.text()
    assert not again.model.session.act(Point("room", 0))
    assert "own keys" in again.statusBar().currentMessage()


def test_a_right_click_lists_the_moves_on_a_target(window, monkeypatch):
    from PySide6.QtGui import QContextMenuEvent

    start(window, seed=5)
    offered = []

    def pick_first(scene, moves, screen_pos):
        offered.extend(scene.describe(m) for m in moves)
        return moves[0]

    monkeypatch.setattr(type(window.scene), "choose_from_menu", pick_first)
    point = at(window, window.scene.item(("room", 1)))
    viewport = window.table.viewport()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    QApplication.processEvents()
    assert offered and offered[0].startswith("Point at")
    assert anas_first(window) == Point("room", 1).to_json()


def test_a_saved_incantibus_match_reopens_on_its_table(make_window, tmp_path):
    import json as json_module

    first = make_window()
    start(first, seed=12, mode="expert")
    for _ in range(6):
        legal = first.model.session.legal_actions()
        if legal:
            first.model.session.act(legal[-1])
    path = tmp_path / "incantibus.illusio.json"
    assert first._write(path)
    before = json_module.dumps(first.model.session.view(), sort_keys=True)
    second = make_window()  # quit, start again, open the save
    assert second.open_file(path)
    assert json_module.dumps(second.model.session.view(), sort_keys=True) == before
    assert second.stack.currentWidget() is second.table and second.scene.moves
    third = make_window()  # or continue from the autosave after a crash
    assert third.offer_resume()
    assert json_module.dumps(third.model.session.view(), sort_keys=True) == before


def table_items(scene):
    """Every item of the table as a person sees it: kind, place, words, key (a hidden mark
    counts, wherever it lies)."""
    found = []
    for item in scene.items():
        if not item.isVisible():
            found.append((type(item).__name__, "hidden", repr(item.data(0))))
            continue
        box = item.sceneBoundingRect()
        text = item.text() if isinstance(item, QGraphicsSimpleTextItem) else ""
        place = tuple(round(v) for v in (box.x(), box.y(), box.width(), box.height()))
        found.append((type(item).__name__, place, text, repr(item.data(0))))
    return sorted(found, key=repr)


def grid(window, step=37):
    """Points all over the table, in viewport coordinates."""
    rect = window.table.mapFromScene(window.scene.itemsBoundingRect()).boundingRect()
    return [
        QPoint(x, y)
        for y in range(rect.top() + 3, rect.bottom(), step)
        for x in range(rect.left() + 3, rect.right(), step)
    ]


def test_dragging_the_wand_over_the_whole_table_removes_nothing(window):
    start(window)
    scene, viewport = window.scene, window.table.viewport()
    before = table_items(scene)
    wand = at(window, scene.pointer())
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, wand)
    QTest.mouseMove(viewport, wand + QPoint(QApplication.startDragDistance() + 2, 0))
    seen_red = seen_gold = False
    for point in grid(window):
        QTest.mouseMove(viewport, point)
        if scene.hover_key is not None:
            mark = next(i for i in scene.items() if i.data(0) == ("mark", "hover"))
            seen_gold |= mark.pen().color().name() == "#ffd54f"
            seen_red |= mark.pen().color().name() == "#e57373"
        assert len(scene.items()) == len(before), "an item vanished during the drag"
    felt = window.table.mapFromScene(scene.itemsBoundingRect().bottomRight()) - QPoint(2, 2)
    QTest.mouseMove(viewport, felt)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, felt)
    QApplication.processEvents()
    assert seen_gold and seen_red, "legal targets light gold, the others red"
    assert table_items(scene) == before, "after the drag the table is exactly as it was"
    assert all(m.seat != 0 for m in window.model.session.game.record.moves)


def test_clicks_and_right_clicks_anywhere_but_a_move_remove_nothing(window, qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QContextMenuEvent

    start(window)
    scene, viewport = window.scene, window.table.viewport()
    before = table_items(scene)

    def close_menu():
        popup = QApplication.activePopupWidget()
        if popup is not None:
            popup.close()

    for point in grid(window, 29):
        key = scene.key_at(window.table.mapToScene(point))
        if key not in scene.moves:  # a click on a lit target plays its move
            qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)
        # A right click: on a lit target its menu opens, and is closed without a choice.
        QTimer.singleShot(30, close_menu)
        QApplication.sendEvent(
            viewport,
            QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point)),
        )
        assert len(scene.items()) == len(before), f"a click at {point} removed an item"
    QApplication.processEvents()
    assert all(m.seat != 0 for m in window.model.session.game.record.moves), "no move was played"
    assert table_items(scene) == before


def test_a_drop_on_a_potion_after_crossing_others_gives_that_potions_reason(window):
    start(window)
    scene, viewport = window.scene, window.table.viewport()
    potions = [k for k in scene.targets if k[0] == "potion" and k not in scene.moves]
    wand = at(window, scene.pointer())
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, wand)
    QTest.mouseMove(viewport, wand + QPoint(QApplication.startDragDistance() + 2, 0))
    for key in potions:
        QTest.mouseMove(viewport, window.table.mapFromScene(scene.targets[key].center()))
    last = window.table.mapFromScene(scene.targets[potions[0]].center())
    QTest.mouseMove(viewport, last)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, last)
    QApplication.processEvents()
    assert "To brew the" in window.statusBar().currentMessage()


# Deuteranopia as Machado, Oliveira and Fernandes (2009) model it, at full severity.
DEUTERANOPIA = (
    0.367322, 0.860646, -0.227968, 0,
    0.280085, 0.672501, 0.047413, 0,
    -0.011820, 0.042940, 0.968881, 0,
)  # fmt: skip


def test_the_table_fits_the_window_at_every_size_until_zoomed_by_hand(window):
    from PIL import Image

    start(window, seed=5, mode="expert")
    for width, height in ((1280, 720), (1600, 1000)):
        window.resize(width, height)
        QApplication.processEvents()
        table = window.table
        shown = table.mapFromScene(window.scene.sceneRect()).boundingRect()
        assert table.viewport().rect().adjusted(-2, -2, 2, 2).contains(shown), (width, shown)
        assert (
            max(
                shown.width() / table.viewport().width(), shown.height() / table.viewport().height()
            )
            > 0.95
        )
        path = screenshot(window, f"incantibus-{width}x{height}")
    picture = Image.open(path).convert("RGB")
    picture.convert("RGB", DEUTERANOPIA).save(path.with_name("incantibus-deuteranopia.png"))
    zoom = window.table.zoom()
    window.table.zoom_in()
    window.resize(1280, 720)
    QApplication.processEvents()
    assert window.table.zoom() == zoom * window.table.STEP, "a zoom by hand is kept"
    window.table.zoom_fit()
    assert window.table.zoom() < zoom


def full_satchel_match():
    """A match where Ana (seat 0, the only person) must throw a token: found by seeded
    random play, so the position is real."""
    from illusio_table.engine import Match
    from illusio_table.engine.bots import RandomBot, bot_move
    from illusio_table.games import builtin_registry

    players = [{"name": "Ana", "bot": None}] + [
        {"name": n, "bot": "random"} for n in ("Lera", "Milo", "Juno")
    ]
    for seed in range(200):
        game = builtin_registry().new_game("incantibus", 4, seed, {}, players)
        bots = [RandomBot(s, seed) for s in range(4)]
        while not game.is_over():
            decision = game.view(0)["decision"]
            if decision and decision["kind"] == "overflow" and decision["seat"] == 0:
                return Match(game)
            seat = min(game.to_act())
            game.apply(seat, bot_move(game, bots[seat], seat))
    raise AssertionError("no full satchel in 200 games")


@pytest.mark.parametrize("coach", [False, True])
def test_a_satchel_chips_shape_lies_under_its_mark_never_over_it(make_window, coach):
    """Four satchels of weapons and monsters at 1280 x 720, as the casting goes on and at
    the game's end (cells smaller for the final scores), with the coach's bar making the
    table smaller or without: on each chip its mark, its shape and its badge's points
    each apart from the others ("Gho" had its ● drawn over its letters), inside the disc
    (the points inside the badge), at 8 px or more; while the game goes on every chip
    of a weapon or a monster shows its shape."""
    from illusio_table.qt.scenes.look import READABLE_PX
    from tests.games.incantibus.helpers import (
        close_potions,
        give,
        no_books_left,
        point,
        set_choices,
        set_room,
        to_dungeon,
    )

    from .test_incantibus_crowded import expert, off_disc
    from .test_text_sizes import item_words

    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    expert(window, 1, coach=coach)
    game = window.model.session.game
    sorcerers = [("lady-goblin", True), ("lady-goblin", True), ("rima-wulf", True)]
    to_dungeon(game, [*sorcerers, ("rima-wulf", True), ("archmage", True)])
    extras = [
        ("ghost", "wand-net", "trap"),
        ("vampire", "crystal-ball", "wand-net"),
        ("ghost", "trap", "crystal-ball"),
        ("vampire", "wand-net", "trap"),
    ]
    given: set[int] = set()
    for seat, monster in enumerate(["goblin", "goblin", "werewolf", "werewolf"]):
        given |= set(give(game, seat, monster, *extras[seat], spare=frozenset(given)))
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True), ("gold-1", True)])
    close_potions(game)
    no_books_left(game)
    scene = window.scene

    def chips_read_apart(moment: str) -> None:
        window.model.changed.emit([])
        lift_curtain(window)
        QApplication.processEvents()
        assert scene.least >= (9 if coach else 8)
        screenshot(window, f"incantibus-satchel-chips-{moment}-coach-{coach}-1280x720")
        words, parent = item_words(scene, window.table.zoom()), item_parents(scene)
        chips = [
            i
            for i in scene.items()
            if i in {parent.get(w.item) for w in words}
            and i.boundingRect().width() < 32
            and any(b.contains(i.sceneBoundingRect()) for b in scene.satchel_boxes.values())
        ]
        assert len(chips) >= 16, len(chips)  # (four in each satchel)
        touching, outside, small, shapeless = [], [], [], []
        for chip in chips:
            said = [w for w in words if parent.get(w.item) is chip]
            touching += [
                (w.text, v.text)
                for n, w in enumerate(said)
                for v in said[n + 1 :]
                if w.ink.intersects(v.ink)
            ]
            outside += off_disc(scene, said)
            small += [(w.text, w.px) for w in said if w.px < READABLE_PX]
            shape = tip_text(chip).split("\n")[0][-1]
            if moment == "play" and shape in "▲●■◆♥♣♠" and shape not in [w.text for w in said]:
                shapeless.append(tip_text(chip))
        assert not touching, touching
        assert not outside, outside
        assert not small, small
        assert not shapeless, shapeless

    chips_read_apart("play")
    # Down to the dungeon, where each seat defeats a sorcerer and none can face the
    # Archmage: the game is over.
    for place in ("room", "dungeon"):
        set_choices(game, {seat: Point(place, seat) for seat in (1, 2, 3)})
        point(game, {0: Point(place, 0)})
    assert game.is_over()
    chips_read_apart("end")


@pytest.mark.parametrize("least", [8, 9])
def test_a_small_chips_mark_and_shape_never_overlap_at_any_satchel_size(window, least):
    """Every kind with a shape as a satchel's chip with its points badge, at each size a
    satchel's cells give a chip (from the game's end of four seats, the cells smaller for
    two lines of final scores, to the largest), at the table's least size without the
    coach's bar and with it: its shape apart from its mark and its points ("Gho" had its
    ● drawn over its letters), the two inside the disc, none under the least size; as
    the game goes on (its largest sizes), on every chip. (Where both do not fit, the
    mark alone: its tooltip says the shape.)"""
    from PySide6.QtCore import QPointF

    from .test_incantibus_crowded import off_disc
    from .test_text_sizes import item_words

    start(window, seed=5)
    scene = window.scene
    scene.least = least
    kinds = [k for k in (*scene.look, *scene.potion_kinds) if scene._glyph(k)]
    problems = []
    for n, radius in enumerate((11.0, 12.0, 12.75, 13.0)):
        _, across = scene.badge_size(radius)
        spot = QPointF(radius + across * 0.2, min(radius * 0.6, (2 * radius + 2 - across) / 2))
        for m, kind in enumerate(kinds):
            token = {"kind": kind, "points": 4, "face_up": True}
            chip = scene.token(token, QPointF(2000 + 40 * m, 40 * n), radius, badge_spot=spot)
            said = [w for w in item_words(scene, 1.0) if w.item in chip.childItems()]
            shape = [w for w in said if w.text == scene._glyph(kind)]
            if not shape:
                problems += [f"{kind} at {radius}: no shape"] if radius > 12.5 else []
                continue
            problems += [
                f"{kind} at {radius}: {w.text!r} over {v.text!r}"
                for w in shape
                for v in said
                if v is not w and w.ink.intersects(v.ink)
            ]
            problems += [f"{kind} at {radius}: {p}" for p in off_disc(scene, said)]
            problems += [
                f"{kind} at {radius}: {w.text!r} at {w.item.font().pointSize()} points"
                for w in said
                if w.item.font().pointSize() < least
            ]
    assert not problems, "\n".join(problems)


def test_a_full_satchel_shows_the_new_token_and_each_token_once(window, qtbot):
    match = full_satchel_match()
    window.install(match, None)
    QApplication.processEvents()
    scene, view = window.scene, window.model.session.view()
    new = view["decision"]["token"]
    assert "NEW" in shown_texts(scene)
    legal = window.model.session.legal_actions()
    for action in legal:
        assert ("token", action.token) in scene.moves, "every token to throw can be clicked"
    lines = window.moves_view.model().lines
    assert len(lines) == len(set(lines)), "no move is listed twice"
    screenshot(window, "incantibus-full-satchel")
    qtbot.mouseClick(
        window.table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=at(window, scene.item(("token", new))),
    )
    anas = [m.action for m in window.model.session.game.record.moves if m.seat == 0]
    assert anas[-1] == {"kind": "discard", "token": new}


def test_a_reopened_save_tells_the_last_casting_in_words(make_window, tmp_path):
    window = make_window()
    start(window, seed=5)
    window.model.session.act(window.model.session.legal_actions()[0])
    saved = tmp_path / "m.illusio.json"
    assert window._write(saved)
    again = make_window()
    assert again.open_file(saved)
    box = " ".join(t for t in shown_texts(again.scene))
    assert "Last casting:" in box and "room " not in box and "→" in box


def test_words_on_the_table_are_readable_when_it_fits_1280x720(window):
    """No word is drawn under 8.5 pixels at the zoom that fits a 1280 × 720 window with the
    docks open (marks inside tokens are symbols; their tooltips say them in words)."""
    start(window, seed=5, mode="expert")
    window.resize(1280, 720)
    QApplication.processEvents()
    for _ in range(6):
        legal = window.model.session.legal_actions()
        if legal:
            window.model.session.act(legal[0])
    QApplication.processEvents()
    zoom = window.table.zoom()
    small = [
        item.text()
        for item in window.scene.items()
        if isinstance(item, QGraphicsSimpleTextItem)
        and item.isVisible()
        and not item.data(2)
        and item.font().pointSizeF() * 96 / 72 * zoom < 8.5
    ]
    assert not small, small


def test_a_monster_caught_with_ultimus_is_told_on_the_table_with_nothing_to_click(window):
    """Ultimus, the only thing that catches the Goblin, catches it: the table shows the
    Goblin in the satchel, the log says so, and no button offers to let it go."""
    from illusio_table.engine import Match
    from tests.games.incantibus.helpers import give, make, point, set_room

    game = make(2, seed=1)
    (goblin, *_) = set_room(game, [("goblin", True), ("mushroom", True), ("pumpkin", True)])
    give(game, 0, "ultimus")
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    window.install(Match(game), None)
    lift_curtain(window)
    scene = window.scene
    assert ("decline", 0) not in scene.moves
    assert ("token", goblin) in scene.sources or scene.item(("token", goblin)) is not None
    assert any("with Ultimus" in line for line in window.model.session.log())


def two_at_the_table(make_window, motion=False):
    """Ana and Lera in table mode, seed 8, with quick animations and a quick count."""
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
    window = make_window()
    window.motion = motion
    config = GameConfig("incantibus", players, 8, {"mode": "apprentice"}, table_mode=True)
    assert window.start_match(config)
    window.scene.animation_ms = 60
    window.scene.glide_ms = 0
    window.table_mode.syllable_ms = 5
    return window


def test_table_mode_goes_on_after_a_reveal_that_played_to_its_end(make_window, qtbot):
    """Played in a real window: after the In-can-to! had run its course, Space and the
    keys did nothing and the banner still spoke of the reveal."""
    window = two_at_the_table(make_window, motion=True)
    cast_by_keys(window, qtbot, [Qt.Key.Key_1, Qt.Key.Key_Q])
    assert window.model.session.holding and window.scene.revealing()
    qtbot.waitUntil(lambda: not window.model.session.holding, timeout=3000)
    qtbot.waitUntil(lambda: "Press Space" in window.tally_bar.text(), timeout=2000)
    if window.model.session.is_shared():
        cast_by_keys(window, qtbot, first_free_keys(window))
        assert window.model.session.game.view(None)["castings"] == 2


@pytest.mark.parametrize("motion", [False, True])
def test_table_mode_reveals_to_everyone_then_passes_the_screen_to_whoever_decides(
    make_window, qtbot, motion
):
    """Played in a real window: when a casting left one person a decision (a spell to
    cast), the curtain came up at once (nobody saw the reveal), and once lifted the
    screen showed an empty table and an empty log, with no way on."""
    window = two_at_the_table(make_window, motion)
    model = window.model
    decided = 0
    for _ in range(30):
        if model.session.game.is_over():
            break
        cast_by_keys(window, qtbot, [])
        # Each person presses their row's keys in turn until one points somewhere.
        for row in window.table_mode.rows().values():
            for key in row:
                if model.session.holding or window.table_mode.state != "armed":
                    break
                QTest.keyClicks(window.table, key.lower())
                QApplication.processEvents()
        # The reveal is everyone's: the public table, whatever comes next.
        assert window.stack.currentWidget() is window.table
        if model.session.holding:
            assert model.session.viewer is None and model.session.curtain_seat() is None
            qtbot.waitUntil(lambda: not model.session.holding, timeout=3000)
        while not model.session.is_shared() and not model.session.game.is_over():
            # One person decides: the curtain names them; lifted, their table is whole.
            # (Someone deciding twice in a row keeps the screen.)
            seat = model.session.curtain_seat()
            if seat is None:
                seat = model.session.viewer
                assert seat in model.session.match.waiting_humans()
            else:
                assert window.stack.currentWidget() is window.curtain
                assert model.session.match.name(seat) in window.curtain.title.text()
                lift_curtain(window)
            assert window.stack.currentWidget() is window.table and model.session.viewer == seat
            assert len(table_items(window.scene)) > 50 and window.log_view.model().rowCount() > 5
            legal = model.session.legal_actions()
            assert legal, "the person at the screen is asked for a decision"
            assert model.session.act(legal[0])
            decided += 1
        if model.session.is_shared():
            assert window.stack.currentWidget() is window.table
            assert "Press Space" in window.tally_bar.text() and len(table_items(window.scene)) > 50
    assert decided, "seed 8 leaves a decision to someone within 30 castings"


def test_table_mode_says_why_a_key_points_nowhere(make_window, qtbot):
    window = two_at_the_table(make_window)
    targets = window.table_mode.targets()
    potion = next(n for n, key in enumerate(targets) if key is not None and key[0] == "potion")
    cast_by_keys(window, qtbot, [])
    QTest.keyClicks(window.table, window.table_mode.rows()[1][potion].lower())
    text = window.tally_bar.text()
    assert text.startswith("Lera cannot point there: To brew the"), text
    assert (
        not window.model.session.game.record.moves
        or window.model.session.game.record.moves[-1].seat != 1
    )


def test_table_mode_keys_work_without_a_click_after_a_restart(make_window, qtbot):
    """Played in a real window: after 'continue the match?' Space did nothing until the
    table had been clicked (the keys went to the log)."""
    two_at_the_table(make_window).close()
    again = make_window()
    again.log_view.setFocus()
    assert again.offer_resume()
    again.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is again.table, timeout=2000)
    again.table_mode.syllable_ms = 5
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
    assert again.table_mode.state == "counting"


def satchel_heading(window, seat):
    """The texts and the wand drawn at the top of a seat's satchel panel."""
    box = window.scene.satchel_boxes[seat]
    top = box.adjusted(0, 0, 0, -(box.height() - 46))  # above the cells
    texts = [
        i
        for i in window.scene.items()
        if isinstance(i, QGraphicsSimpleTextItem) and top.intersects(i.sceneBoundingRect())
    ]
    wands = [
        i
        for i in window.scene.items()
        if i.toolTip()
        and "Wand of strength" in tip_text(i)
        and top.intersects(i.sceneBoundingRect())
    ]
    on_wands = [i for i in texts if any(w.isAncestorOf(i) for w in wands)]  # its number
    return box, [i for i in texts if i not in on_wands], wands


@pytest.mark.parametrize("seats", [2, 4])
def test_a_satchels_status_is_whole_and_never_under_its_wand(make_window, seats):
    """Over whole games: the name, the points ("1 point", never "1 points") and the status
    of each satchel lie inside it, clear of the wand and its badge, and end in no stray
    separator (it read "28 points ·" with no status, and "has chose…" under the badge)."""
    from illusio_table.engine.bots import bot_move, make_bot

    window = make_window()
    players = [{"name": f"Player {n + 1}", "bot": "cunning"} for n in range(seats)]
    players[0]["bot"] = None
    checked = 0
    for seed in (4, 5, 6):
        start(window, players, seed=seed)
        window.resize(1280, 720)
        game, model = window.model.session.game, window.model
        me = make_bot(game, "cunning", 0, seed)
        for _ in range(400):
            if game.is_over():
                break
            if 0 in game.to_act():
                model.session.act(bot_move(game, me, 0))
            else:
                model.session.step_bot()
            QApplication.processEvents()
            for seat in range(seats):
                box, texts, wands = satchel_heading(window, seat)
                assert wands, "each satchel shows its wand"
                for item in texts:
                    words, rect = item.text(), item.sceneBoundingRect()
                    assert box.contains(rect), f"{words!r} runs out of its satchel"
                    assert not words.rstrip().endswith("·"), f"{words!r} ends in a separator"
                    assert not re.search(r"(?<!\d)1 points", words), words
                    for wand in wands:  # the wand with its badge (a child of it)
                        whole = wand.mapRectToScene(
                            wand.boundingRect() | wand.childrenBoundingRect()
                        )
                        assert not rect.intersects(whole), f"{words!r} under the wand"
            checked += 1
    assert checked > 30  # states looked at


def test_at_the_game_over_a_satchel_says_its_final_points_and_no_wand_laid_down(make_window):
    """The final battle ends with both wands laid down (no target left to either): over
    each satchel its final points alone, as a player reads them at 1280 x 720 ("5
    points · wand laid down" beside the final points meant nothing once the game was
    over)."""
    from illusio_table.engine import Match
    from tests.games.incantibus.helpers import (
        close_potions,
        give,
        make,
        point,
        set_room,
        to_dungeon,
    )

    game = make(2, seed=1)
    to_dungeon(game, [("white-lady", True), ("archmage", True), ("lady-goblin", False)])
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    point(game, {s: Point("room", s) for s in range(game.seats)})
    give(game, 0, "ghost")
    give(game, 1, "goblin")
    close_potions(game)
    point(game, {0: Point("dungeon", 0), 1: Point("dungeon", 2)})
    assert game.is_over() and game.view(0)["laid_down"] == [0, 1]
    window = make_window()
    window.resize(1280, 720)
    window.install(Match(game), None)
    lift_curtain(window)
    QApplication.processEvents()
    screenshot(window, "incantibus-game-over-wands-laid-down-1280x720")
    assert not [t for t in shown_texts(window.scene) if "laid down" in t]
    for seat, total in enumerate(game.view(0)["points"]):
        _, texts, _ = satchel_heading(window, seat)
        assert points(total) in [t.text() for t in texts], [t.text() for t in texts]


def test_every_spell_card_shows_its_name_and_whole_text_inside_the_card(window):
    """Each spell of the card file, drawn on a card: its name and every word of its text
    inside the card, none cut ("Philosopher's" ran off its card)."""
    start(window, seed=5)
    scene = window.scene
    game = window.model.session.game
    for kind in scene.spell_kinds.values():
        view = window.model.session.view()
        view["spell_cards"] = [{"kind": kind.id}] + view["spell_cards"][1:]
        scene.show_view(
            view, window.model.session.legal_actions(), list(scene.seat_names), "Spells"
        )
        QApplication.processEvents()
        card = scene.item(("spell", 0))
        inside = [
            i
            for i in scene.items()
            if isinstance(i, QGraphicsSimpleTextItem) and card.isAncestorOf(i)
        ]
        words = " ".join(i.text() for i in sorted(inside, key=lambda i: i.scenePos().y()))
        assert words == f"{kind.name} {' '.join(kind.text.split())}", kind.id
        for item in inside:
            assert card.sceneBoundingRect().contains(item.sceneBoundingRect()), (
                kind.id,
                item.text(),
            )
            assert item.font().pointSize() >= 9, (kind.id, item.text())  # readable
    assert game.view(0)  # the match itself was not touched


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_the_last_casting_in_a_dungeon_of_eleven_sorcerers_covers_none(make_window, size):
    """The box telling the last casting lies at the foot of the tower: with eleven or
    twelve sorcerers in the dungeon it covered the third line of them, targets
    included."""
    from illusio_table.engine import Match
    from illusio_table.games.incantibus.resolving import enter_dungeon
    from tests.games.incantibus.helpers import last_room, make

    game = make(4, seed=3)
    last_room(game)
    enter_dungeon(game)
    assert len(game.dungeon) == 12
    # Every wand at the same sorcerer: one is won, eleven stay.
    common = set.intersection(*(set(game.legal_actions(seat)) for seat in range(4)))
    target = min((a for a in common if a.place == "dungeon"), key=lambda a: a.index)
    for seat in range(4):
        game.apply(seat, target)
    assert 10 < len([s for s in game.dungeon if s is not None]) < 12
    window = make_window()
    window.resize(*size)
    window.install(Match(game), None)
    lift_curtain(window)
    scene = window.scene
    (box,) = [i for i in scene.items() if i.data(0) == ("mark", "casting-box")]
    sorcerers = [k for k in scene.targets if k[0] == "dungeon"]
    assert len(sorcerers) == len([s for s in game.dungeon if s is not None])
    for key in sorcerers:
        assert not box.sceneBoundingRect().intersects(scene.targets[key]), key
    assert any("Last casting" in t for t in shown_texts(scene))
    screenshot(window, f"incantibus-dungeon-eleven-{size[0]}x{size[1]}")


def satchel_tokens_drawn(scene) -> set[int]:
    """The tokens drawn inside the satchels."""
    boxes = list(scene.satchel_boxes.values())
    return {
        item.data(0)[1]
        for item in scene.items()
        if isinstance(item.data(0), tuple)
        and item.data(0)[0] == "token"
        and item.isVisible()
        and any(b.contains(item.sceneBoundingRect().center()) for b in boxes)
    }


def wand_numbers(scene, count) -> list[str]:
    """The numbers on the satchels' wand badges, seat by seat."""
    found = []
    for seat in range(count):
        anchor = scene.wand_anchor[seat]
        badge = [
            i.text()
            for i in scene.items()
            if isinstance(i, QGraphicsSimpleTextItem)
            and i.isVisible()
            and i.text().isdigit()
            and abs(i.sceneBoundingRect().center().y() - anchor.y()) < 12
            and -100 < i.sceneBoundingRect().center().x() - anchor.x() < 0
        ]
        found.append(badge[0] if badge else "")
    return found


def test_the_reveal_tells_the_result_before_the_satchels_and_wands_show_it(window):
    """While the wand lines are drawn, the satchels hold what they held when the wands
    pointed, the points are the old ones and the wands have not been swapped; once it is
    told, the table shows what came of it (the winnings were in the satchels and the
    swapped numbers on the wands from the start)."""
    start(window, seed=5)
    scene, model = window.scene, window.model
    scene.animation_ms = 5000
    game = model.session.game
    count = game.seats
    for _ in range(30):  # castings until one puts a token in a satchel and swaps wands
        before = model.session.view()
        old_tokens = {t["id"] for s in before["satchels"] for t in s["tokens"]}
        model.session.act(model.session.legal_actions()[0])
        QApplication.processEvents()
        after = model.session.view()
        new_tokens = {t["id"] for s in after["satchels"] for t in s["tokens"]}
        if scene.revealing() and new_tokens - old_tokens and after["wands"] != before["wands"]:
            break
        scene.stop_reveal(seen=True)
        QApplication.processEvents()
        while model.session.legal_actions() and model.session.view()["phase"] != "casting":
            model.session.act(model.session.legal_actions()[0])
    else:
        raise AssertionError("no casting won a token and swapped wands")
    scene.animation.setCurrentTime(1000)  # the wands point
    assert satchel_tokens_drawn(scene) == old_tokens
    assert wand_numbers(scene, count) == [str(w) for w in before["wands"]]
    texts = shown_texts(scene)
    for seat in range(count):
        assert any(t.startswith(points(before["points"][seat])) for t in texts)
    scene.stop_reveal(seen=True)
    QApplication.processEvents()
    assert satchel_tokens_drawn(window.scene) == {
        t["id"] for s in model.session.view()["satchels"] for t in s["tokens"]
    }
    assert wand_numbers(window.scene, count) == [str(w) for w in model.session.view()["wands"]]


def count_on_the_table(scene):
    """The count's words drawn across the table, and their size in points (None: none)."""
    for item in scene.items():
        if item.data(0) == ("mark", "count") and item.isVisible():
            (label,) = [c for c in item.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
            return label.text(), label.font().pointSizeF(), item.sceneBoundingRect()
    return None


def key_labels(scene):
    """Each target's key label: the words, and where they are drawn."""
    found = {}
    for item in scene.items():
        if (
            isinstance(item, QGraphicsSimpleTextItem)
            and item.zValue() == Z_LABEL + 1
            and item.isVisible()
        ):
            rect = item.sceneBoundingRect()
            for key, box in scene.targets.items():
                if box.intersects(rect) and key[0] in ("room", "potion", "book", "dungeon"):
                    found[key] = (item.text(), rect)
    return found


def test_table_mode_counts_large_on_the_table_and_keeps_each_targets_keys(make_window, qtbot):
    """The count is written large in the middle of the table (it was small type in a thin
    strip); a target keeps its keys from casting to casting while it lies on the table
    (the Vampire was '3 E', then '1 Q'); the keys of a potion lie inside its card."""
    window = two_at_the_table(make_window)
    scene = window.scene
    assert count_on_the_table(scene) is None
    before = {k: text for k, (text, _) in key_labels(scene).items()}
    assert len(before) >= 5
    QTest.keyClick(window.table, Qt.Key.Key_Space)
    text, size, where = count_on_the_table(window.scene)
    assert text == "In…" and size >= 40 and where.width() > 200
    # Large, but over none of what people look at as they count: the targets and their
    # keys (across the middle it hid the room's tokens they were about to point at).
    hidden = [k for k, box in window.scene.targets.items() if where.intersects(box)]
    assert not hidden, hidden
    assert not [k for k, (_, box) in key_labels(window.scene).items() if where.intersects(box)]
    screenshot(window, "incantibus-table-mode-count")
    qtbot.waitUntil(lambda: window.table_mode.state == "armed", timeout=2000)
    assert count_on_the_table(window.scene)[0] == "In-can-to!"
    # Both point at the first token: it is won; the others keep their keys.
    taken = window.table_mode.targets()[0]
    for row in window.table_mode.rows().values():
        QTest.keyClick(window.table, Qt.Key(ord(row[0])))
        QApplication.processEvents()
    qtbot.waitUntil(lambda: window.model.session.view()["castings"] == 1, timeout=2000)
    qtbot.waitUntil(lambda: not window.model.session.holding, timeout=2000)  # the reveal played
    while not window.model.session.is_shared():
        lift_curtain(window)
        window.model.session.act(window.model.session.legal_actions()[0])
    QApplication.processEvents()
    assert count_on_the_table(window.scene) is None  # the count goes with its casting
    after = key_labels(window.scene)
    assert taken not in after
    for key, text in before.items():
        if key != taken and key in after:
            assert after[key][0] == text, key
    # A potion's keys inside its card, over none of its words.
    words = [
        i.sceneBoundingRect()
        for i in window.scene.items()
        if isinstance(i, QGraphicsSimpleTextItem) and i.isVisible() and i.zValue() < Z_LABEL
    ]
    for key, (_, rect) in after.items():
        if key[0] == "potion":
            card = QRectF(8, 28 + key[1] * 74, 234, 66)
            assert card.contains(rect), f"the keys of {key} on its edge"
            assert not any(rect.intersects(w) for w in words), f"the keys of {key} on words"


# What defeats each sorcerer, in the card file's terms and the table's short words.
WEAKNESSES = {
    "lady-goblin": "goblin",
    "baroness-fuchsia": "red potion",
    "archmage": "2 spells",
    "rima-wulf": "werewolf",
    "serpentine-yadikus": "green potion",
    "dark-knight": "4 weapons",
    "white-lady": "ghost",
    "witch-indigo": "blue potion",
    "magister-ramus": "wand 1–2",
}


def _luminance(colour) -> float:
    def part(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (part(x / 255) for x in (colour.red(), colour.green(), colour.blue()))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_each_sorcerer_shows_what_defeats_it_and_its_points_read_in_grey(window):
    """A sorcerer's weakness was in its tooltip only, and three were tied to their potion
    by colour alone: each card says it, with the shape it shares with what it needs (the
    potion's, the monster's). White Lady's gold 9 on grey all but vanished in greyscale:
    every sorcerer's points stand on a dark disc."""
    from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsRectItem

    start(window, seed=5)
    scene = window.scene
    kinds = scene.sorcerer_kinds
    seen = set()
    for kind in WEAKNESSES:
        sorcerer = {"face_up": True, "kind": kind, "name": kinds[kind].name, "points": 9}
        item = scene._sorcerer(sorcerer, QRectF(2000, 0, 74, 62))
        texts = [c for c in item.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
        words = [t.text() for t in texts]
        wanted = WEAKNESSES[kind]
        # A potion's colour is left out where it does not fit: its shape says which.
        said = next(
            (w for w in words if wanted in w or ("potion" in wanted and "potion" in w)), None
        )
        assert said is not None, (kind, words)
        if "potion" in said or kind in ("lady-goblin", "rima-wulf", "white-lady"):
            assert said[0] in "♣♥♠▲●■◆", said  # the shape it shares with its need
        for text in texts:  # every word within the card, none over another
            assert item.sceneBoundingRect().contains(text.sceneBoundingRect()), text.text()
        boxes = [t.sceneBoundingRect().adjusted(1, 1, -1, -1) for t in texts]
        assert not any(a.intersects(b) for n, a in enumerate(boxes) for b in boxes[n + 1 :])
        (points_text,) = [t for t in texts if t.text() == "9"]
        (disc,) = [c for c in item.childItems() if isinstance(c, QGraphicsEllipseItem)]
        assert disc.sceneBoundingRect().contains(points_text.sceneBoundingRect().center())
        gold, dark = _luminance(points_text.brush().color()), _luminance(disc.brush().color())
        assert (max(gold, dark) + 0.05) / (min(gold, dark) + 0.05) >= 4.5
        assert isinstance(item, QGraphicsRectItem)
        seen.add(kind)
    assert seen == set(WEAKNESSES) == set(kinds)


@pytest.mark.parametrize("count", [5, 12])
def test_each_sorcerer_of_the_dungeon_is_named_in_bold_like_the_others(make_window, count):
    """The final battle at 1280 x 720, five sorcerers in the dungeon or all twelve (its
    narrower cards): "Serpentine" and "Archmage" came out a point smaller and not bold
    beside the bold names of the others. Every name is in bold, those two at 9 points as
    the others' (a word too wide for the card hyphenated onto the next line), whole,
    each line inside its card, over no other word and clear of the card's points."""
    from PySide6.QtWidgets import QGraphicsEllipseItem

    from illusio_table.engine import Match
    from tests.games.incantibus.helpers import make, point, set_room, to_dungeon

    from .test_text_sizes import item_words

    kinds = ["serpentine-yadikus", "archmage", "magister-ramus", "baroness-fuchsia"]
    kinds += ["witch-indigo", "lady-goblin", "rima-wulf", "dark-knight", "white-lady"]
    kinds += ["lady-goblin", "rima-wulf", "magister-ramus"]
    game = make(4, seed=3)
    to_dungeon(game, [(kind, True) for kind in kinds[:count]])
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True), ("pumpkin", True)])
    point(game, {s: Point("room", s) for s in range(4)})
    assert len(game.view(0)["dungeon"]) == count
    window = make_window()
    window.resize(1280, 720)
    window.install(Match(game), None)
    lift_curtain(window)
    QApplication.processEvents()
    screenshot(window, f"incantibus-dungeon-of-{count}-names-1280x720")
    scene = window.scene
    words, parent = item_words(scene, window.table.zoom()), item_parents(scene)
    problems = []
    for sorcerer in game.view(0)["dungeon"]:
        card = scene.item(("dungeon", sorcerer["slot"]))
        said = sorted((w for w in words if parent.get(w.item) is card), key=lambda w: w.ink.top())
        name = [w for w in said if w.item.font().bold() and not w.text.isdigit()]
        told = " ".join(w.text for w in name).replace("- ", "")
        assert told == sorcerer["name"], [(w.text, w.item.font().bold()) for w in said]
        if sorcerer["kind"] in ("serpentine-yadikus", "archmage"):
            assert {w.item.font().pointSize() for w in name} == {9}, [w.text for w in name]
        disc = next(c for c in card.childItems() if isinstance(c, QGraphicsEllipseItem))
        for n, w in enumerate(said):
            assert card.sceneBoundingRect().contains(w.ink), w.text
            assert w.text.isdigit() or not disc.sceneBoundingRect().intersects(w.ink), w.text
            problems += [(w.text, v.text) for v in said[n + 1 :] if w.ink.intersects(v.ink)]
    assert not problems, problems


def test_a_sorcerer_won_is_a_marker_of_its_colour_and_points_with_no_unreadable_name(window):
    """In a satchel a sorcerer is 26 pixels wide: its name was written in it at 6 points,
    which read as nothing. The marker shows its colour and its points; its tooltip names
    it."""
    start(window, seed=5)
    scene = window.scene
    kind = next(iter(scene.sorcerer_kinds.values()))
    sorcerer = {"face_up": True, "kind": kind.id, "name": kind.name, "points": 7}
    item = scene._sorcerer(sorcerer, QRectF(2000, 0, 26, 26))
    words = [c.text() for c in item.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
    assert words == ["7"]
    assert kind.name in item.toolTip()


def test_a_mistake_kept_by_the_coach_is_drilled_again_and_reviewed(window, qtbot):
    """Drill my mistakes: the casting as it stood, the others pointing as they did then
    (secret until the reveal), the person to point again; the coach reviews the new
    choice, and the drill played leaves the list."""
    from illusio_table.engine import Match
    from illusio_table.table.kept import Drills

    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": "cunning"}]
    match = Match.start("incantibus", players, 5, {"mode": "apprentice"}, registry=window.registry)
    match.apply(1, match.legal_actions(1)[0])  # a casting: Lera points, then Ana
    match.apply(0, match.legal_actions(0)[0])
    while match.to_act() != frozenset({0, 1}):
        seat = min(match.to_act())
        match.apply(seat, match.legal_actions(seat)[0])
    start = match.moves_made
    lera = match.legal_actions(1)[-1]
    window.data_dir.mkdir(parents=True, exist_ok=True)
    drills = Drills(window.data_dir / "drills.json")
    said = ["You pointed at the Pumpkin; Lera at the Gold.", "Given what the others did, …"]
    assert drills.add(match.at(start).file_json(), {1: lera.to_json()}, 2.0, said)
    window.help_menu.aboutToShow.emit()
    window.menuBar().actions()[0].menu().aboutToShow.emit()
    assert window.drill_action.isEnabled() and "(1)" in window.drill_action.text()
    assert window.drill_mistakes()
    model = window.model
    assert model.session.match.moves_made == start + 1 and model.session.view()["chosen"] == [1]
    assert model.session.match.moves[-1].action == lera.to_json()
    assert window.tally_bar.text().startswith("Drill — before, your choice here cost 2.0 points.")
    assert said[0] in window.tally_bar.toolTip()
    lift_curtain(window)
    model.session.act(model.session.legal_actions()[0])
    qtbot.waitUntil(lambda: "Coach on casting 1" in window.tally_bar.text(), timeout=60_000)
    assert Drills(window.data_dir / "drills.json").entries == []
    # A drill is no rehearsal: the line of past rehearsals' averages is left as it was.
    assert not (window.data_dir / "coach.json").exists() or not json.loads(
        (window.data_dir / "coach.json").read_text()
    ).get("rehearsals")
    assert not window.drill_mistakes()  # none left: the status bar says so
    assert "No mistake is kept" in window.statusBar().currentMessage()


def test_the_coachs_chart_fits_its_words_in_a_narrow_panel(qtbot):
    """Twenty castings' costs and long target names in the panel's least width: each
    line is cut to its box (the latest costs kept), none runs out of the panel."""
    from illusio_table.games.incantibus.qt.coach_chart import CoachChart

    chart = CoachChart()
    qtbot.addWidget(chart)
    chart.resize(chart.minimumWidth(), 400)
    targets = [
        {
            "words": f"the book “Any 2 tokens” (paying Spell, Ultimus) {i}",
            "behind": float(i),
            "behind_before": i / 2,
            "chosen": i == 1,
            "best": i == 0,
        }
        for i in range(4)
    ]
    costs = [float(i % 5) + 0.25 for i in range(20)]
    chart.show_chart({"casting": 20, "targets": targets, "costs": costs, "average": 2.25})
    chart.grab()
    metrics = QFontMetricsF(chart.text_font)
    assert all(metrics.horizontalAdvance(t) <= box.width() + 0.5 for t, box in chart.rows)
    assert all(box.right() <= chart.width() for _, box in chart.rows)
    cost_line = cost_words(chart)
    assert cost_line.endswith(f"{costs[-1]:.1f}")  # the latest cost is the one shown last
    shown = cost_line.split(":")[-1].split(", ")
    assert f"the last {len(shown)} of 20:" in cost_line  # (not all twenty: it says so)


def cost_words(chart) -> str:
    """The chart's line of what castings cost, its lines put together."""
    texts = [t for t, _ in chart.rows]
    first = next(n for n, t in enumerate(texts) if t.startswith("Cost a casting"))
    end = next(n for n, t in enumerate(texts) if t.startswith("Average over"))
    return " ".join(texts[first:end])


@pytest.mark.parametrize("count", [6, 7, 12])
def test_the_coachs_costs_line_says_every_casting_it_averages_or_which(qtbot, count):
    """Six or seven castings in the panel at the width it has beside the table at 1280 ×
    720: the line of costs lists every one of them, the average's count; more than it
    holds, it says which it lists ("the last 9 of 12"). It showed the last five of seven
    as if they were all, over "Average over 7"."""
    from illusio_table.games.incantibus.qt.coach_chart import CoachChart

    chart = CoachChart()
    qtbot.addWidget(chart)
    chart.resize(290, 600)  # (the side panel's width at 1280 × 720)
    targets = [
        {"words": "the Trap", "behind": 1.0, "behind_before": 0.5, "chosen": True, "best": False},
        {"words": "the Spell", "behind": 0.0, "behind_before": 0.0, "chosen": False, "best": True},
    ]
    costs = [0.0, 4.6, 0.1, 1.1, 0.0, 0.4, 2.5, 3.3, 1.9, 0.2, 5.1, 0.7][:count]
    average = sum(costs) / count
    chart.show_chart({"casting": count, "targets": targets, "costs": costs, "average": average})
    chart.grab()
    line = cost_words(chart)
    said = line.split(":")[-1].split(", ")
    listed = [f"{c:.1f}" for c in costs]
    assert [s.strip() for s in said] == listed[-len(said) :], line
    if len(said) < count:
        assert f"the last {len(said)} of {count}:" in line, line
    else:
        assert line.startswith("Cost a casting (points): "), line
    if count <= 7:
        assert len(said) == count, line  # (two lines hold seven)
    assert f"Average over {count}: {average:.1f}" in [t for t, _ in chart.rows]


COACHED = [
    {
        "words": "the 3 Gold",
        "behind": 2.0,
        "behind_before": 0.5,
        "chosen": True,
        "best": False,
        "margin": 0.9,
    },
    {
        "words": "secret token 5",
        "behind": 0.0,
        "behind_before": 0.0,
        "chosen": False,
        "best": True,
        "margin": 0.9,
    },
    {"words": "the Pumpkin", "behind": 3.3, "behind_before": 2.1, "chosen": False, "best": False},
    {
        "words": "the Trap",
        "behind": 5.7,
        "behind_before": 6.2,
        "chosen": False,
        "best": False,
        "margin": 1.4,
    },
]


@pytest.mark.parametrize("width", [260, 340])
def test_the_coachs_chart_says_what_its_numbers_are_and_a_legend_names_every_mark(qtbot, width):
    """The chart counts each target's points behind the best (the best at 0, no number
    below it), says so in its heading and labels, names each mark in a legend (bar,
    diamond before the reveal, whisker, yours, the best), and keeps every mark inside
    its plot, the farthest one too (it sat on the edge)."""
    from illusio_table.games.incantibus.qt.coach_chart import CoachChart

    chart = CoachChart()
    qtbot.addWidget(chart)
    chart.resize(width, 300)
    chart.show_chart({"casting": 3, "targets": COACHED, "costs": [0.0, 2.0], "average": 1.0})
    chart.resize(width, chart.minimumHeight())
    chart.grab()
    said = " ".join(text for text, _ in chart.rows)
    assert "Casting 3: how many points each target was behind the best" in said
    for words in ("2.0 behind (yours)", "the best ★", "3.3 behind", "5.7 behind"):
        assert words in said
    assert "-" not in said  # no worth below zero: the best is 0, the others behind it
    for mark in (
        "Bar: points behind the best",
        "Diamond: points behind the best before the reveal",
        "Whisker: the coach's ±",
        "Your choice",
        "The best ★ (0)",
    ):
        assert mark in said, mark
    kinds = {kind for kind, _ in chart.marks}
    assert kinds == {"zero", "tick", "bar", "before", "whisker"}
    # The scale: 0 and whole points behind the best, each number centred on its tick
    # (one "7.1 behind" at the right end, written left of where 7.1 lay, made the marks
    # beyond its words look drawn past the scale's end).
    ticks = [box for kind, box in chart.marks if kind == "tick"]
    under = chart.plot.bottom()
    numbers = [(t, box) for t, box in chart.rows if t.isdigit() and box.top() >= under]
    assert [t for t, _ in numbers][:2] == ["0", "2"] and len(numbers) == len(ticks) + 1
    for tick, (_, box) in zip(ticks, numbers[1:], strict=True):
        assert abs(tick.center().x() - box.center().x()) < 1
    inside = chart.plot.adjusted(-0.01, -0.01, 0.01, 0.01)
    assert all(inside.contains(box) for _, box in chart.marks), chart.marks
    # The farthest mark (the Trap's whisker end, 7.1) keeps clear of the plot's edge,
    # and the scale reaches it: its last number stands at or past every mark (whiskers
    # ran past the last number, 4, to the panel's edge).
    assert max(box.right() for _, box in chart.marks) <= chart.plot.right() - 4
    drawn = [box for kind, box in chart.marks if kind not in ("zero", "tick")]
    assert max(box.right() for box in drawn) <= ticks[-1].center().x() + 0.5
    boxes = [box for _, box in chart.rows]
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    metrics = QFontMetricsF(chart.text_font)
    assert metrics.height() >= 9  # its words at least 8 px
    assert all(metrics.horizontalAdvance(t) <= box.width() + 0.5 for t, box in chart.rows)
    assert all("…" not in t for t, _ in chart.rows)  # nothing cut at the panel's width
    screenshot(chart, f"coach-chart-{width}")


# Long target names, as the coach words them (the longest found in seeded matches).
LONG_NAMED = [
    {**COACHED[0], "words": "the book “2 Potions” (paying 2 Gold)"},
    {
        **COACHED[1],
        "words": "the book “2 different ingredients” (paying Mistletoe, Philosopher's Stone)",
    },
    {
        **COACHED[2],
        "words": "the book “Any 2 tokens” (paying 2 identical weapons, 2 different ingredients)",
    },
    COACHED[3],
]


@pytest.mark.parametrize("targets", [COACHED, LONG_NAMED], ids=["short", "long"])
def test_the_coachs_chart_labels_read_whole_at_every_width_of_its_panel(qtbot, targets):
    """Every target's label reads whole, folded over lines where it is long, at every
    width the side panel takes at 1280×720 (from its least, 260 px, to 640): none is cut
    with '…' (at 340 px one read 'the book “2…ing 2 Gold)'), none runs out of its box or
    into the plot, and each row is as tall as its label."""
    from illusio_table.games.incantibus.qt.coach_chart import CoachChart

    chart = CoachChart()
    qtbot.addWidget(chart)
    metrics = QFontMetricsF(chart.text_font)
    chart.show_chart({"casting": 3, "targets": targets, "costs": [0.0, 2.0], "average": 1.0})
    for width in range(260, 641, 4):
        chart.resize(width, 600)
        plan = chart.plan()
        assert all("…" not in text for text, _, _ in plan.texts), width
        assert all(metrics.horizontalAdvance(t) <= box.width() + 0.5 for t, box, _ in plan.texts)
        plot = plan.targets[0].left()
        labels = [(t, box) for t, box, _ in plan.texts if box.right() <= plot]
        for t, row in zip(targets, plan.targets, strict=True):
            # The label's lines: those drawn within its row (a label taller than its row
            # would leave lines outside it, and its words would not be found whole).
            lines = [text for text, box in labels if row.top() <= box.top() < row.bottom()]
            inside = [box for text, box in labels if row.top() <= box.top() < row.bottom()]
            assert all(box.bottom() <= row.bottom() + 0.01 for box in inside), width
            marks = "the best ★" if t["best"] else f"{t['behind']:.1f} behind"
            marks += " (yours)" if t["chosen"] else ""
            # (its marks after its words, on their last line or on a line of their own)
            said = " ".join(lines)
            assert said in (f"{t['words']}: {marks}", f"{t['words']} {marks}"), (width, lines)


@pytest.mark.parametrize("width", [260, 340, 400])
def test_the_coachs_diamonds_carry_the_whisker_of_their_interval(qtbot, width):
    """Each diamond (a target's worth before the reveal) has a whisker of its ± then,
    centred on it, as wide as the ± (the bars' whiskers are), under the bar's own and
    inside the plot; none on a diamond at 0 (its ± is against the next one); the legend
    says a whisker is on a bar or a diamond."""
    from illusio_table.games.incantibus.qt.coach_chart import CoachChart

    spreads = [1.1, 0.8, 2.9, 1.6]
    targets = [{**t, "margin_before": m} for t, m in zip(COACHED, spreads, strict=True)]
    chart = CoachChart()
    qtbot.addWidget(chart)
    chart.resize(width, 300)
    chart.show_chart({"casting": 3, "targets": targets, "costs": [0.0, 2.0], "average": 1.0})
    chart.resize(width, chart.minimumHeight())
    chart.grab()
    said = " ".join(text for text, _ in chart.rows)
    assert "Whisker: the coach's ± on a bar or a diamond" in said
    # Each row's marks, in the order drawn: bar, its whisker, the diamond's, the diamond.
    rows = []
    for kind, box in chart.marks:
        if kind == "bar":
            rows.append({})
        if kind not in ("zero", "tick"):  # (the plot's own marks, not a row's)
            rows[-1][kind] = box
    assert len(rows) == len(targets)
    unit = rows[0]["bar"].width() / targets[0]["behind"]  # px a point
    for t, marks in zip(targets, rows, strict=True):
        assert ("before-whisker" in marks) == (t["behind_before"] != 0), (t, marks)
        if "before-whisker" in marks:
            whisker, diamond = marks["before-whisker"], marks["before"]
            assert abs(whisker.center().x() - diamond.center().x()) < 0.01
            assert abs(whisker.center().y() - diamond.center().y()) < 0.01
            assert abs(whisker.width() - 2 * t["margin_before"] * unit) < 0.01
            above = marks.get("whisker", marks["bar"])
            assert above.center().y() < diamond.top()  # the bar's marks above it
    inside = chart.plot.adjusted(-0.01, -0.01, 0.01, 0.01)
    assert all(inside.contains(box) for _, box in chart.marks), chart.marks
    screenshot(chart, f"coach-chart-whiskers-{width}")


def test_a_rehearsal_against_the_mixed_wizard_plays_and_tallies_its_castings(window):
    """The mixed wizard, chosen in Rehearse casting, points at every casting (by its
    equilibrium, worked out as a searching bot's move is), and the tally counts them."""
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    dialog = RehearsalDialog(window)
    dialog.seats.setValue(2)
    dialog.bot.setCurrentIndex(dialog.bot.findData("mixed"))
    config = dialog.config()
    assert [p["bot"] for p in config.players] == [None, "mixed"]
    config.seed = 11  # the same match every run
    assert window.start_match(config, rehearsal=True)
    window.scene.animation_ms = 0
    pointed = 0
    while pointed < 3:
        legal = window.model.session.legal_actions()
        pointed += isinstance(legal[0], Point)
        window.model.session.act(legal[0])
    assert window.tally_bar.text().startswith("Rehearsal — castings: 3")
    log = "\n".join(window.model.session.log())
    reveals = [line for line in log.splitlines() if line.startswith("In-can-to!")]
    assert len(reveals) == 3 and all("Bot 1 (wand" in line for line in reveals)


def test_the_casting_coach_is_there_for_the_one_person_at_the_screen_of_any_match(window, qtbot):
    """Game menu, Casting coach: in an Incantibus match that is no rehearsal, the one
    person at the screen may ask for the coach; its tally (headed "Coach") and its chart
    come from the next casting on, and go when it is turned off. With two people at the
    screen there is no one person it could serve."""
    start(window, players=TWO_HUMANS)
    window._offer_coach()
    assert window.coach_action.isVisible() and not window.coach_action.isEnabled()
    start(window)
    window._offer_coach()
    assert window.coach_action.isEnabled() and not window.coach_action.isChecked()
    window.coach_action.trigger()
    bar = window.tally_bar
    assert bar.isVisibleTo(window) and bar.text().startswith("Coach: point your wand")
    model = window.model
    model.session.act(model.session.legal_actions()[0])
    assert bar.text().startswith("Coach — castings: 1")
    qtbot.waitUntil(lambda: "Coach on casting 1" in bar.text(), timeout=60_000)
    assert window.coach_dock.isVisibleTo(window) and window.coach_chart.costs
    assert window.coach_chart.past == []  # a match is no rehearsal: not in its line
    window._offer_coach()
    assert window.coach_action.isChecked()
    window.coach_action.trigger()  # off again
    assert not bar.isVisibleTo(window) and not window.coach_dock.isVisibleTo(window)
    model.session.act(model.session.legal_actions()[0])
    assert not bar.isVisibleTo(window)


def test_the_coach_bar_tells_one_casting_while_the_seats_own_is_being_resolved(make_window, qtbot):
    """Lera (wand 4) has no room for the Mushroom she wins and must throw a token away
    before Ana's 3 Gold (wand 1) is resolved: while Lera chooses, Ana's casting is not
    yet counted, and Ana's coach's bar says nothing of it though the coach's review of it
    has come ("castings: 14 … Casting 14" stood over "Coach on casting 15"); once Lera
    has chosen, the count and the coach's verdict on the casting come together."""
    from tests.games.incantibus.helpers import give, set_room, set_wands

    window = make_window(bot_delay_ms=600_000)  # (Lera decides when the test says)
    start(window)
    window.coach_action.trigger()
    session = window.model.session
    game = session.game
    give(game, 1, "mushroom", "pumpkin", "mistletoe", "mushroom")  # (the purse too)
    set_room(
        game,
        [
            ("gold-3", True),
            ("mushroom", True),
            ("gold-2", True),
            ("gold-1", True),
            ("pumpkin", True),
        ],
    )
    set_wands(game, 1, 4, 2, 3)
    point_after_the_others(
        window, Point("room", 0), {1: Point("room", 1), 2: Point("room", 2), 3: Point("room", 3)}
    )
    assert (session.view()["decision"] or {}).get("seat") == 1, session.log()[-12:]
    assert window.tally.tally.open is not None  # Ana's casting is being resolved
    bar = window.tally_bar
    qtbot.waitUntil(lambda: bool(window.tally.reviews), timeout=60_000)  # its review came
    QApplication.processEvents()
    assert "Coach on casting" not in bar.text(), bar.text()  # not counted yet: not told
    session.step_bot()  # what Lera throws away; then Ana takes the 3 Gold
    lift_curtain(window)
    QApplication.processEvents()
    said = bar.text()
    assert "castings: 1 " in said and "\nCasting 1: " in said, said
    assert "\nCoach on casting 1: " in said, said


def test_with_two_people_the_seats_panel_keeps_the_old_points_while_the_reveal_plays(
    make_window,
):
    """With two people (at the screen or on phones) the screen turns to the public table
    for the reveal: the Seats panel must not tell the new points then either (a play-test
    saw Lera's 2 points there while the reveal still showed her satchel empty)."""
    window = make_window()
    assert window.start_match(GameConfig("incantibus", TWO_HUMANS, 5, {"mode": "apprentice"}))
    scene, model = window.scene, window.model
    scene.animation_ms = 5000
    seats = window.seats_view.model()

    def panel() -> list[str]:
        return [seats.index(r, 3).data(Qt.ItemDataRole.DisplayRole) for r in range(2)]

    for _ in range(80):  # choices until a casting changes someone's points
        lift_curtain(window)
        before, shown = model.session.view()["points"], panel()
        model.session.act(model.session.legal_actions()[0])
        QApplication.processEvents()
        if not model.session.holding:
            continue
        if model.session.match.game.view(None)["points"] != before:
            break
        scene.stop_reveal(seen=True)
        QApplication.processEvents()
    else:
        raise AssertionError("no casting changed the points")
    assert scene.revealing() and model.session.viewer is None
    assert panel() == shown, "the panel told the reveal's outcome before the table did"
    scene.stop_reveal(seen=True)
    QApplication.processEvents()
    lift_curtain(window)
    assert panel() == model.session.match.game_class.standing(model.session.view())


def test_while_a_reveal_plays_neither_the_seats_panel_nor_the_tally_tells_its_outcome(window):
    """The reveal is the table's moment: the Seats panel's points and the rehearsal's
    tally stay as they were when the wands pointed until it has been seen (the panel said
    a bot's new points, the tally "you pointed at … and got it", with the table still
    showing the old ones); once it is seen, both tell it."""
    from PySide6.QtCore import Qt

    from illusio_table.qt.app.new_game_dialog import GameConfig

    config = GameConfig("incantibus", HUMAN_AND_BOTS, 5, {"mode": "apprentice"})
    assert window.start_match(config, rehearsal=True)
    scene, model = window.scene, window.model
    scene.animation_ms = 5000
    seats = window.seats_view.model()

    def panel() -> list[str]:
        return [seats.index(r, 3).data(Qt.ItemDataRole.DisplayRole) for r in range(4)]

    for _ in range(40):  # castings until one changes someone's points
        before = model.session.view()
        shown, tallied = panel(), window.tally_bar.text()
        model.session.act(model.session.legal_actions()[0])
        QApplication.processEvents()
        if scene.revealing() and model.session.view()["points"] != before["points"]:
            break
        scene.stop_reveal(seen=True)
        QApplication.processEvents()
        while model.session.legal_actions() and model.session.view()["phase"] != "casting":
            model.session.act(model.session.legal_actions()[0])
    else:
        raise AssertionError("no casting changed the points")
    assert model.session.holding
    assert panel() == shown == model.session.match.game_class.standing(before)
    assert window.tally_bar.text() == tallied
    scene.stop_reveal(seen=True)
    QApplication.processEvents()
    assert panel() == model.session.match.game_class.standing(model.session.view())
    assert window.tally_bar.text() != tallied


def test_no_two_kinds_of_token_share_a_small_tokens_mark(window):
    """A small token (a satchel's) shows a short mark: no two kinds read alike there
    ("St" was both the Philosopher's Stone and the Flying Stake)."""
    start(window, seed=5)
    scene = window.scene
    marks = {kind: scene._short(scene._symbol(kind)) for kind in scene.look}
    assert len(set(marks.values())) == len(marks), marks


OVERLAY = ("mark", "overlay")


def table_said(scene) -> set[str]:
    """What the table tells, out of the heading and the reveal's own overlay: every
    drawn word, every tooltip's first line and every token drawn (by its id)."""
    said, parents = set(), item_parents(scene)
    for item in scene.items():
        tag, top = item.data(0), top_item(item, parents)
        overlay = top.data(0)
        if not item.isVisible() or (isinstance(overlay, tuple) and overlay[:2] == OVERLAY):
            continue
        if item.sceneBoundingRect().bottom() < 0:
            continue  # the heading: the reveal says its own words there
        if isinstance(item, QGraphicsSimpleTextItem):
            said.add(item.text())
        if item.toolTip():
            tip = tip_text(item).split("\n")[0]  # (the wand no longer to be dragged: as it was)
            said.add("tip: " + tip.removesuffix(": drag it onto your target"))
        if isinstance(tag, tuple) and tag[0] == "token":
            said.add(f"token {tag[1]}")
    return said


def casting_target(session):
    """Ana points at a potion she can brew or a book she can learn when she can (so that
    castings open new ones), or else at the first target."""
    legal = [a for a in session.legal_actions() if isinstance(a, Point)]
    for place in ("potion", "book", "dungeon", "room"):
        for action in legal:
            if action.place == place:
                return action
    return session.legal_actions()[0]


def test_while_the_wands_point_the_table_tells_nothing_the_casting_changed(window):
    """While the reveal plays, the table is the one the wands pointed at: no potion or
    book opened by the casting's outcome ("Great Blue Potion" and its recipe under the
    old potion's disc), no next sorcerer turned ("Lady Goblin"), no "The sorcerers are in
    the dungeon" while the room is still drawn. Every word, tooltip and token drawn
    during the reveal (its own overlay and heading aside) was on the table before the
    casting; the satchel of the seat who chose last says it has chosen. The Moves panel
    lists no move of the table after it ("Point at secret token 5" of the next room)."""
    start(window, seed=11, mode="expert")
    scene, session = window.scene, window.model.session
    scene.animation_ms = 5000
    changes: set[str] = set()
    for _ in range(120):
        if session.view()["phase"] == "over":
            break
        if session.view()["phase"] != "casting" or not session.legal_actions():
            session.act(session.legal_actions()[0])
            QApplication.processEvents()
            continue
        before = session.view()
        told_before = table_said(scene)
        session.act(casting_target(session))
        QApplication.processEvents()
        if not scene.revealing():
            continue
        after = session.match.view(None)
        changed = {
            "potion": [p and p["id"] for p in after["potions"]]
            != [p and p["id"] for p in before["potions"]],
            "book": [b and b["id"] for b in after["books"]]
            != [b and b["id"] for b in before["books"]],
            "sorcerer": [s.get("id") for s in after["sorcerers"]]
            != [s.get("id") for s in before["sorcerers"]],
            "room": (after["room"]["name"], after["dungeon"] is None)
            != (before["room"]["name"], before["dungeon"] is None),
        }
        changes |= {kind for kind, yes in changed.items() if yes}
        moves = window.moves_view.model()
        assert moves.rowCount() == 0, "the Moves panel lists the moves after the casting"
        for moment in (0, 1000, 3000):  # the wands point, the contests, the travels
            scene.animation.setCurrentTime(moment)
            news = table_said(scene) - told_before
            news = {t for t in news if not t.endswith("has chosen")}
            assert not news, (changed, moment, sorted(news))
            if moment == 1000 and changed["room"] | changed["potion"]:
                window.resize(1280, 720)
                window.table.zoom_fit()
                screenshot(window, f"incantibus-reveal-as-it-stood-{sorted(changes)[-1]}")
        scene.stop_reveal(seen=True)
        QApplication.processEvents()
        if changes == {"potion", "book", "sorcerer", "room"}:
            break
    assert changes == {"potion", "book", "sorcerer", "room"}, changes


def test_the_reveal_names_a_hidden_sorcerer_as_its_card_does(window):
    """What a hidden sorcerer turned out to be is said by its card's name alone ("Rima
    Wulf", a person, not "the Rima Wulf"); a secret token keeps its article."""
    start(window, seed=5)
    scene = window.scene
    entry = {
        "target": ["dungeon", 3],
        "name": "a hidden sorcerer",
        "claimants": [0, 1],
        "wands": [4, 2],
        "outcome": "defeated",
        "got": "Rima Wulf",
        "swap": None,
    }
    words = scene._contest_words(entry)
    assert "Rima Wulf" in words and "the Rima Wulf" not in words, words
    token = {**entry, "target": ["room", 2], "name": "a secret token", "got": "Pumpkin"}
    assert "the Pumpkin" in scene._contest_words(token)
