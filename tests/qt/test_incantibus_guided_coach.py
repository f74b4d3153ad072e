"""The Casting coach turned on during Learn Incantibus: no move the guide asked for is
called a mistake."""

from PySide6.QtWidgets import QApplication

from .conftest import anas_move


def test_the_coach_calls_no_move_the_guide_asked_for_a_mistake(window, qtbot):
    """Learn Incantibus with the Casting coach turned on: each move the guide lit and the
    newcomer made is not reviewed as a mistake (the Pumpkin, the Wand Net, the Goblin,
    each asked for by the guide, were "a mistake of 4.9 points"): the coach says the
    guide asked for it to teach a rule, counts no cost for it and keeps no drill of it.
    A move of the newcomer's own, not the lit one, is reviewed as any."""
    from illusio_table.games.incantibus.actions import Point
    from illusio_table.games.incantibus.qt.tally import GUIDED

    from .test_guide import make_on_table

    assert window.start_guide("incantibus")
    window.coach_me(True)
    model, guide = window.model, window.guide
    guided, own = 0, 0
    for _ in range(200):
        QApplication.processEvents()
        if not anas_move(window):
            continue
        lit, legal = guide.lit, model.session.legal_actions()
        if guided < 3 and isinstance(lit, Point):
            make_on_table(window, lit)
            guided += 1
        elif guided == 3 and own == 0 and isinstance(legal[0], Point):
            make_on_table(window, next(a for a in legal if a != lit))
            own += 1
        elif own:
            break
        else:
            make_on_table(window, lit if lit is not None else legal[0])
    assert guided == 3 and own == 1
    tally = window.tally
    qtbot.waitUntil(lambda: len(tally.reviews) >= 4, timeout=120_000)
    said = [lines for _, lines in tally.reviews]
    assert [lines == [GUIDED] for lines in said].count(True) == 3, said
    assert not any("mistake" in line for lines in said[:3] for line in lines), said
    assert any(line.startswith("Given what") for line in said[-1])
    assert len(tally.costs) == len(said) - 3  # (the guided castings cost nothing counted)
    assert "mistake" not in window.tally_bar.text() or said[-1] != [GUIDED]
