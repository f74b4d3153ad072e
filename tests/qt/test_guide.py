"""Guided first games: each runs to its end on the real table, every step's move made
by real mouse events; the guide's words and lit places are what a newcomer reads."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem, QPushButton

from .conftest import anas_move, lift_curtain, screenshot
from .illusio_table_checks import by_gesture, click

TITLES = {"incantibus": "Incantibus", "illusio": "Illusio", "illuminati": "Illuminati"}


def make_on_table(window, action) -> None:
    """The move as a person makes it: a drag, a click, or (an attack, an Objective taken)
    the drag and the choices on the table after it."""
    from .test_illuminati_table import play_on_table as illuminati_move
    from .test_illusio_table import play_on_table as illusio_move

    game_id = window.model.session.game.game_id
    if game_id == "illuminati":
        illuminati_move(window, action)
    elif game_id == "illusio":
        illusio_move(window, action)
    else:
        by_gesture(window, action)


def frames(scene):
    """The white frames of the guide's lit move."""
    return [
        item.sceneBoundingRect()
        for item in scene.items()
        if item.data(0) == ("mark", "guide") and item.isVisible()
    ]


@pytest.mark.parametrize("game_id", ["incantibus", "illusio", "illuminati"])
def test_a_guided_first_game_runs_to_its_end_by_drag_and_drop(make_window, game_id):
    window = make_window()
    window.resize(1280, 720)
    (learn,) = [
        b
        for b in window.welcome.findChildren(QPushButton)
        if b.text() == f"Learn {TITLES[game_id]}"
    ]
    learn.click()
    QApplication.processEvents()
    guide = window.guide
    run = guide.run
    assert guide is not None and window.guide_bar.isVisible()
    assert window.model.session.game.game_id == game_id
    lessons = len(run.guide.lessons)
    made = 0
    zooms = set()  # the table's zoom at each step: the guide's words never refit it
    closing = ""
    for _ in range(400):
        QApplication.processEvents()
        if window.guide is None:
            break
        if not anas_move(window):
            continue
        model = window.model
        words = window.guide_bar.words.text()
        label = window.guide_bar.words
        assert label.heightForWidth(label.width()) <= label.height(), "the words overflow"
        if run.over:
            closing = words
            assert run.closing in words
            screenshot(window, f"guide-{game_id}-over")
        lit = guide.lit
        moves = len(model.session.game.record.moves)
        if lit is None:  # no lesson has its moment: any move, made on the table
            legal = model.session.legal_actions()
            make_on_table(window, next((a for a in legal if a.kind == "pass"), legal[0]))
            assert len(model.session.game.record.moves) > moves
            continue
        assert f"Next, {run.lesson.name} ({len(run.learnt)} of {lessons} learnt):" in words
        zooms.add(round(window.table.zoom(), 4))
        lit_keys = [
            k
            for g in window.scene.gestures
            if g.action == lit
            for k in (g.source, g.target)
            if k is not None
        ]
        shown = frames(window.scene)
        for frame in shown:  # on its piece's edge: it strikes through no words beside it
            struck = [
                t.text()
                for t in window.scene.items()
                if isinstance(t, QGraphicsSimpleTextItem)
                and t.isVisible()
                and t.text().strip()
                and t.sceneBoundingRect().intersects(frame)
                and not frame.contains(t.sceneBoundingRect())
            ]
            boxes = [
                t.sceneBoundingRect()
                for t in window.scene.items()
                if isinstance(t, QGraphicsSimpleTextItem) and t.text() in struck
            ]
            assert not struck, f"the frame {frame} for {lit_keys} strikes through {struck} {boxes}"
        for key in lit_keys[:2]:
            place = window.scene.targets.get(key) or window.scene.sources.get(key)
            assert any(f.contains(place) for f in shown), f"{key} is not lit"
        if made == 0:
            screenshot(window, f"guide-{game_id}-first-step")
        make_on_table(window, lit)
        QApplication.processEvents()
        assert len(model.session.game.record.moves) > moves, (
            f"the lit move of {run.lesson} was not made"
        )
        made += 1
    # Every lesson learnt on the table, the closing words read, then the bar gone.
    assert sorted(run.learnt) == sorted(lesson.name for lesson in run.guide.lessons)
    assert closing and window.guide is None and not window.guide_bar.isVisible()
    assert len(zooms) == 1, zooms  # (a step of two lines after one of one shifted it)
    assert not frames(window.scene)


def test_a_move_other_than_the_lit_one_is_played_and_told(window):
    from illusio_table.games.illusio.actions import EndTurn

    assert window.start_guide("illusio")
    lift_curtain(window)
    game = window.model.session.game
    moves = len(game.record.moves)
    assert window.guide.lit is not None and window.guide.lit != EndTurn()
    click(window, ("end-turn",))
    made = game.record.moves[moves:]
    assert made and made[0].seat == 0, "the guide holds no move back"
    assert made[0].action == {"kind": "end-turn"}
    for _ in range(50):  # the bot plays its turn
        QApplication.processEvents()
        lift_curtain(window)
        if 0 in game.to_act() and window.model.session.viewer == 0:
            break
        window.model.session.step_bot()
    words = window.guide_bar.words.text()
    assert words.startswith("Ana ends the turn.")
    assert "Next, the Backstage" in words  # its lesson comes back


def test_the_help_menu_and_a_new_game_offer_and_end_the_guide(window):
    window.help_menu.aboutToShow.emit()
    (entry,) = [
        a for a in window.help_menu.actions() if a.text() == "Guided first game of Illuminati"
    ]
    entry.trigger()
    assert window.guide is not None and window.model.session.game.game_id == "illuminati"
    from illusio_table.qt.app.new_game_dialog import GameConfig

    window.ask = lambda title, text: True
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": "showman"}]
    assert window.start_match(GameConfig("illusio", players, 3))
    assert window.guide is None and not window.guide_bar.isVisible()


def test_an_unfinished_guide_is_offered_again_as_the_guide_and_goes_on_at_its_lesson(
    make_window,
):
    """Learn Incantibus left half-way (the program closed): the next start offers it as
    the guide ("Learn Incantibus", the lessons learnt), not as a plain kept match, and
    goes on as the guide, its bar up, at the lesson it had reached."""
    from .table_states import play

    first = make_window()
    assert first.start_guide("incantibus")
    play(first, 3, lambda legal: first.guide.lit or legal[0])
    QApplication.processEvents()
    learnt = list(first.guide.run.learnt)
    assert learnt  # (a lesson learnt: it goes on at the next)
    lesson = first.guide.run.lesson
    moves = first.model.session.match.moves_made

    again = make_window()
    asked = []
    again.ask = lambda title, text: asked.append(f"{title}\n{text}") or True
    assert again.offer_resume(), again.messages
    QApplication.processEvents()
    (question,) = asked
    assert "Learn Incantibus" in question and "guide" in question, question
    assert f"{len(learnt)} of {len(first.guide.run.guide.lessons)} lessons" in question, question
    assert "unfinished match" not in question, question
    assert again.guide is not None and again.guide_bar.isVisible()
    assert again.guide.run.learnt == learnt
    assert again.model.session.match.moves_made == moves
    assert (again.guide.run.lesson and again.guide.run.lesson.name) == (lesson and lesson.name)
    words = again.guide_bar.words.text()  # (the last move's outcome was told before)
    assert words.startswith("Next,") and first.guide_bar.words.text().endswith(words)
