"""What a person reads on the Illusio table, each rule by what is drawn or said: an
Objective's needs say that another type of a group may stand for a named one (the rulebook's
accuracy rule: a Rabbit for the Dove, without the Dove's point), as the rules take it; a
Special dropped on a trick under realization is refused with the whole reason; the heading
asks for the talent only while it can be used now."""

from __future__ import annotations

import math

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QDockWidget, QGraphicsSimpleTextItem

from illusio_table.games.illusio.actions import Backstage, Realize
from illusio_table.games.illusio.qt import cards as card_faces
from illusio_table.qt.scenes.look import PIECE, READABLE_PX
from tests.games.illusio.helpers import (
    add_component,
    deck_into_discard,
    give_work,
    set_backstage,
    set_hand,
    set_magician,
    set_scores,
    to_contest,
)

from .conftest import lift_curtain, scene_texts, screenshot
from .illusio_table_checks import click, drag, texts
from .test_illusio_table import start
from .test_text_sizes import play


def redraw(window) -> None:
    window._update()
    QApplication.processEvents()


def test_an_objective_says_another_type_of_its_group_may_stand_for_a_named_one(window):
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    phantom = to_contest(game, "phantom-dove")  # Dove, Smoke, any trick
    redraw(window)
    window.scene.show_large(("objective", phantom))
    shown = window.scene.preview_words.text().replace("\n", " ")
    assert "Needs 3 Components: Dove, Smoke, any of the Tricks." in shown
    assert (
        "Any card of a named Component's group may stand in for it (Rabbit or Tiger for the Dove)"
        in (shown)
    )
    assert "without the +1 point the named card itself earns" in shown
    tip = window.scene.item(("objective", phantom)).toolTip()
    assert "Rabbit or Tiger for the Dove" in tip
    screenshot(window, "illusio-objective-stand-ins")
    # As the card says, so the rules do: a Rabbit and a Curtain take it (half of three).
    rabbit, curtain = set_backstage(game, 0, "rabbit", "curtain")
    assert game.why_not(0, Realize(phantom, (rabbit, curtain))) is None


def test_a_special_dropped_on_a_trick_under_realization_says_the_trick_is_not_complete(window):
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    work = give_work(game, 0, "phantom-dove", "dove")
    grand, _rabbit = set_hand(game, 0, "grand", "rabbit")
    redraw(window)
    moves = len(game.record.moves)
    drag(window, ("card", grand), ("objective", work.objective))
    said = window.statusBar().currentMessage()
    assert said == (
        "Not allowed: Grand is a Special action, played on a trick on display, and The "
        "Phantom Dove is not complete yet: 2 of its 3 Components still to place around it."
    )
    assert len(game.record.moves) == moves and grand in game.hands[0]
    screenshot(window, "illusio-special-on-an-incomplete-trick")


def heading(window) -> str:
    """The line of the table that says what the seat is asked."""
    asked = [t for t in texts(window.scene) if t.startswith(("Your turn", "No action left"))]
    assert len(asked) == 1, asked
    return asked[0]


def both_actions_spent(window, magician: str) -> None:
    """Ana leads `magician` and spends her two actions placing two Components."""
    game = window.model.session.game
    set_magician(game, 0, magician)
    cards = set_hand(game, 0, "rabbit", "case")
    redraw(window)
    for card in cards:
        window.model.session.act(Backstage(card))
    redraw(window)
    assert game.actions_left == 0


def test_the_heading_asks_for_the_talent_only_while_it_can_be_used_now(window):
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    deck_into_discard(game)  # Ravenna takes the top of the discard pile
    both_actions_spent(window, "ravenna")
    assert heading(window) == "No action left: use your talent, or end your turn."
    talent = next(a for a in game.legal_actions(0) if a.kind == "talent")
    window.model.session.act(talent)
    redraw(window)
    assert heading(window) == "No action left: end your turn.", "the talent is used"


def test_the_heading_does_not_ask_for_a_talent_that_cannot_act(window):
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    assert not game.discard_pile  # nothing for Ravenna to take
    both_actions_spent(window, "ravenna")
    assert not [a for a in game.legal_actions(0) if a.kind == "talent"]
    assert heading(window) == "No action left: end your turn."


def test_the_heading_does_not_ask_for_a_talent_that_works_by_itself(window):
    start(window)
    lift_curtain(window)
    both_actions_spent(window, "marchetti")  # a domain's bonus: always on, never played
    assert heading(window) == "No action left: end your turn."


class NamesPainted:
    """Every word a card paints, with its pixel size on the screen and whether it is bold."""

    def __init__(self, monkeypatch) -> None:
        self.words: list[tuple[str, float, bool]] = []
        original = QPainter.drawText

        def listening(painter, *args):
            text = next((a for a in args if isinstance(a, str)), "")
            scale = math.sqrt(abs(painter.worldTransform().determinant()))
            px = painter.font().pointSizeF() * 96 / 72 * scale
            self.words.append((text, px, painter.font().bold()))
            return original(painter, *args)

        monkeypatch.setattr(QPainter, "drawText", listening)


def test_every_magician_card_names_its_magician_in_bold_beside_the_phones_panel(
    window, monkeypatch
):
    """At 1280 x 720, with the Phones panel standing at the right while phones are awaited
    (the table narrowed beside it), with the game log beside it, and with the table the
    window's whole width, every magician's card on the table names
    its magician whole, in the bold face the others' names have, at 8 pixels or more
    (Lucien Marchetti's card showed only "auto" beside the panel, and his name thin and dim
    once it had gone)."""
    window.show()
    window.resize(1280, 720)
    QApplication.processEvents()
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    every = [m.id for m in game.cards.magicians]
    sizes = set()
    for panel in ("phones", "log", "none"):
        window._codes_to_scan(panel == "phones")
        if panel == "none":  # the table as wide as the window
            for dock in window.findChildren(QDockWidget):
                window.removeDockWidget(dock)
        QApplication.processEvents()
        window.table.zoom_fit()
        for first in range(0, len(every), 4):
            for seat, magician in enumerate(every[first : first + 4]):
                set_magician(game, seat, magician)
            redraw(window)
            window.table.zoom_fit()
            QApplication.processEvents()
            with monkeypatch.context() as patch:
                painted = NamesPainted(patch)
                card_faces._PICTURES.clear()
                window.table.viewport().grab()
            sizes.add(window.scene.least_points)
            for seat in range(4):
                name = game.magicians[seat].name
                shown = [(px, bold) for text, px, bold in painted.words if text == name]
                where = f"{name} (seat {seat}, beside the table: {panel})"
                assert shown, f"{where}: no name on the card"
                assert all(bold for _, bold in shown), f"{where}: not in bold"
                assert min(px for px, _ in shown) >= READABLE_PX, f"{where}: {shown}"
        screenshot(window, f"illusio-magician-names-beside-{panel}")
    # The panel's narrower table asks for larger words (at 1280 x 720 a table wider than
    # the log leaves is held by the window's height: the same size there).
    assert len(sizes) >= 2, sizes


def test_at_game_over_no_area_asks_for_a_move(window, monkeypatch):
    """Once the match is over, Ana's area says whose tricks lie there, and asks her for no
    move she can no longer make ("Your tricks: drop a Contest Objective here" stayed)."""
    window.resize(1280, 720)
    QApplication.processEvents()
    start(window)
    assert "Your tricks: drop a Contest Objective here" in scene_texts(window)
    play(window, 5000, 3)
    assert window.model.session.game.is_over()
    shown = scene_texts(window)
    screenshot(window, "illusio-game-over-tricks")
    assert "Your tricks" in shown
    assert not [t for t in shown if "drop" in t.lower()], shown
    # Nor does a magician's card call its talent ready ("ready", "talent ready" stayed).
    from .test_text_sizes import painted_words

    painted = [w.text for w in painted_words(window, monkeypatch)]
    assert not [t for t in painted if "ready" in t.lower()], painted
    assert any("over" in t for t in painted)


def test_a_trick_being_built_names_what_it_still_lacks(window):
    """The tooltip of a trick being built names what it lacks, a type by its name and a
    group as "any of the …" ("1 Component still missing" left a person to work out
    which); a Curtain placed meets the Tricks, a Rabbit stands in for the Dove."""
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    work = give_work(game, 0, "phantom-dove", "curtain")  # Dove, Smoke, any of the Tricks
    redraw(window)
    tip = window.scene.item(("objective", work.objective)).toolTip()
    assert "2 Components still missing: Dove and Smoke." in tip, tip
    add_component(game, work, "rabbit")
    redraw(window)
    tip = window.scene.item(("objective", work.objective)).toolTip()
    assert "1 Component still missing: Smoke." in tip, tip


def turn_box_lines(window) -> list[str]:
    """The turn box's lines, top to bottom (it lies right of the discard pile)."""
    box = window.scene.regions["contest"]  # (the turn box starts at the Contest's height)
    found = [
        item
        for item in window.scene.items()
        if hasattr(item, "text")
        and callable(item.text)
        and item.sceneBoundingRect().left() > 800
        and item.sceneBoundingRect().left() < 1200
        and box.top() <= item.sceneBoundingRect().top() <= box.bottom()
    ]
    return [item.text() for item in sorted(found, key=lambda i: i.sceneBoundingRect().top())]


def test_the_turn_box_says_a_trick_scored_in_an_earlier_turn_as_of_its_turn(window):
    """The last trick scored stays in the turn box till the next, said as this turn's news
    in its turn and as of its turn after it ("Lera scored The Phantom Dove" read in later
    turns as if it had just happened)."""
    import random

    from .test_text_sizes import step

    start(window)
    session, chooser = window.model.session, random.Random(4)
    said = {"in its turn": 0, "after it": 0}
    for _ in range(3000):
        lift_curtain(window)
        if session.game.is_over() or min(said.values()) >= 3:
            break
        step(window, chooser)
        lift_curtain(window)
        QApplication.processEvents()
        if window.scene.scored is None or session.game.is_over():
            continue
        seat, _, turn = window.scene.scored
        news = f"{window.scene.names[seat]} scored "
        lines = turn_box_lines(window)
        if turn == session.game.view(0)["turn"]:
            said["in its turn"] += 1
            assert any(line.startswith(news) for line in lines), lines
        else:
            said["after it"] += 1
            assert any(line.startswith(f"On turn {turn}, {news}") for line in lines), lines
            assert not any(line.startswith(news) for line in lines), lines
    assert min(said.values()) >= 3, said
    screenshot(window, "illusio-turn-box-earlier-trick")


def test_at_the_end_a_trick_still_on_display_says_it_scored_nothing(window):
    """At the game's end a trick on display was never scored (its owner's next turn never
    came): it says so above it and in its tooltip, as a trick left unfinished does (Ana's
    Knotted Sack stood "ON DISPLAY" with no word of what became of it)."""
    from tests.games.illusio.helpers import set_over

    start(window)
    lift_curtain(window)
    game = window.model.session.game
    shown = give_work(game, 0, "phantom-dove", "dove", "smoke", "curtain")
    left = give_work(game, 0, "knotted-silk", "scarf")
    assert shown.displayed and not left.displayed
    set_over(game)
    redraw(window)
    drawn = texts(window.scene)
    assert "NOT SCORED" in drawn or "UNSCORED" in drawn, drawn
    assert "1/2: NOT DONE" in drawn or "NOT DONE" in drawn, drawn
    tip = window.scene.item(("objective", shown.objective)).toolTip()
    assert "On display when the game ended" in tip and "no points" in tip, tip
    tip = window.scene.item(("objective", left.objective)).toolTip()
    assert "Not finished when the game ended" in tip and "any of the Accessories" in tip, tip
    screenshot(window, "illusio-over-on-display")


def test_a_magician_past_the_target_reads_their_true_score_on_the_track(window):
    """A last trick worth more than was needed: Ana holds 8 of a target of 7. Her marker
    stands on a square numbered 8 (the track stretches to it), not on the target's 7."""
    start(window, target=7)
    lift_curtain(window)
    game = window.model.session.game
    set_scores(game, [8, 3, 0, 7], [[], [], [], []])
    redraw(window)
    scene = window.scene
    track = [t for t in scene.items() if isinstance(t, QGraphicsSimpleTextItem)]
    track = [t for t in track if t.text().isdigit() and t.sceneBoundingRect().top() < 20]

    scene.finish_glide()
    markers = {i.data(PIECE): i for i in scene.items() if i.data(PIECE)}

    def number_under(seat: int) -> str:
        marker = markers[("marker", seat)].sceneBoundingRect()
        under = [t for t in track if abs(t.sceneBoundingRect().left() - marker.left()) < 40]
        under = [t for t in under if t.sceneBoundingRect().left() <= marker.center().x()]
        return max(under, key=lambda t: t.sceneBoundingRect().left()).text()

    assert number_under(0) == "8"
    assert number_under(3) == "7"
    assert number_under(1) == "3"
    assert "8" in [t.text() for t in track]
    assert markers[("marker", 0)].toolTip().endswith("Ana: 8 points</p>")
    screenshot(window, "illusio-score-past-the-target")


def group_forms(window) -> dict[str, set[str]]:
    """The forms each group's word is drawn in on the table as painted at its zoom: on the
    chips of every size (another's Backstage, Components around an Objective) after the
    " · ", and in the band of every Component card (the hand, one's own Backstage)."""
    from illusio_table.games.illusio.qt.cards import CardItem

    scene = window.scene
    card_faces._PICTURES.clear()
    window.table.viewport().grab()
    group_of = scene.look.cards.group_of
    drawn: dict[str, set[str]] = {}
    for item in scene.items():
        if not isinstance(item, CardItem) or item.card is None or not item.isVisible():
            continue
        if item.card["face"] != "component":
            continue
        group = group_of[item.card.get("now", item.card["kind"])]
        if item.h < 30:
            said = [words.split(" · ")[-1] for words in item.painted if " · " in words]
        else:
            said = item.painted[:1] if item.grouped else []
        drawn.setdefault(group, set()).update(said)
    return {group: forms for group, forms in drawn.items() if forms}


def test_a_group_word_is_drawn_in_one_form_on_the_whole_table(window):
    """Lera's Backstage, shown as chips: "Anim." beside "Animal" on one table read as two
    words, and so did Juno's "Mirrors · Tricks" beside "Mirrors · Trick" round Ana's own
    trick (chips of another height), and "Accessory" in the hand beside "Animals": the
    group's word takes one form on every chip and card of the table, and never the
    singular ("Trick" on a chip among "Your tricks" read as a trick)."""
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    kinds = ["rabbit", "tiger", "dove", "scarf", "blades", "rope", "cards"]
    set_backstage(game, 1, *kinds, "curtain", "mirrors", "smoke", "case", "reservoir")
    set_backstage(game, 2, *kinds, "mirrors")
    give_work(game, 0, "phantom-dove", "dove", "mirrors")
    set_hand(game, 0, "scarf", "rabbit", "formula", "case")
    redraw(window)
    drawn = group_forms(window)
    assert {"animal", "accessory", "trick", "box"} <= set(drawn), drawn
    assert all(len(words) == 1 for words in drawn.values()), drawn
    singular = {"Accessory", "Animal", "Trick", "Box"}
    assert not singular & set().union(*drawn.values()), drawn
    screenshot(window, "illusio-chips-group-words-alike")


def chip_colours(window, monkeypatch) -> list[tuple[str, float, bool, bool]]:
    """Each chip's words as painted at the table's zoom: the contrast of their colour with
    the chip's (its brush's as it writes), whether bold, and whether bold would fit."""
    from PySide6.QtGui import QFont, QFontMetricsF

    from illusio_table.games.illusio.qt.cards import CardItem, contrast

    found = []
    painting: list[CardItem] = []
    paint_card = CardItem.paint_card

    class Reading(card_faces._Noting):
        def drawText(self, *args):  # noqa: N802 (Qt's name)
            text = next((a for a in args if isinstance(a, str)), "")
            item = painting[-1] if painting else None
            if item is not None and item.h < 30 and any(c.isalnum() for c in text):
                under = self.brush().color()
                bold = QFont(self.font())
                bold.setBold(True)
                fits = QFontMetricsF(bold).horizontalAdvance(text) <= item.w - 4
                ratio = contrast(self.pen().color(), under)
                found.append((text, ratio, self.font().bold(), fits))
            super().drawText(*args)

    def noted(item, painter):
        painting.append(item)
        try:
            paint_card(item, painter)
        finally:
            painting.pop()

    monkeypatch.setattr(card_faces, "_Noting", Reading)
    monkeypatch.setattr(CardItem, "paint_card", noted)
    card_faces._PICTURES.clear()
    window.table.viewport().grab()
    return found


def test_chip_words_are_bold_and_read_against_their_chip(window, monkeypatch):
    """ "Mirrors · Trick" on blue and "Dove · Animals" on green were drawn thin and white
    on a light colour, hard to read: a chip's words are bold wherever bold fits (a shorter
    form of the group's word first), and white on a colour deep enough for a contrast of
    4.5:1 or more."""
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    kinds = ["rabbit", "tiger", "dove", "scarf", "blades", "rope", "cards", "audience"]
    set_backstage(game, 1, *kinds, "curtain", "mirrors", "smoke", "case", "reservoir")
    give_work(game, 0, "phantom-dove", "dove", "mirrors")
    redraw(window)
    said = chip_colours(window, monkeypatch)
    assert len(said) >= 10, said
    thin = [words for words, _ratio, bold, fits in said if not bold and fits]
    assert not thin, thin
    faint = [(words, round(ratio, 2)) for words, ratio, *_ in said if ratio < 4.5]
    assert not faint, faint


def magician_words(window, seat: int) -> list[str]:
    """What a magician's card on the table says, as painted at the table's zoom."""
    card_faces._PICTURES.clear()
    window.table.viewport().grab()
    return window.scene.item(("magician", seat)).painted


def test_a_talent_with_nothing_to_act_on_does_not_read_ready(window):
    """Mercurio swaps a Component of his Backstage for another's: with an empty Backstage
    his card read "ready" though there was nothing to swap. It says so instead, in grey."""
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    set_magician(game, 0, "mercurio")
    set_backstage(game, 0)
    set_backstage(game, 1, "rabbit")
    redraw(window)
    assert not [a for a in game.legal_actions(0) if a.kind == "talent"]
    said = magician_words(window, 0)
    assert not [w for w in said if "ready" in w], said
    assert "nothing to swap" in said, said
    tip = window.scene.item(("magician", 0)).toolTip()
    assert "Not usable now: nothing to swap." in tip and "Ready." not in tip
    window.scene.show_large(("magician", 0))
    assert "Not usable now: nothing to swap." in window.scene.preview_words.text()
    screenshot(window, "illusio-talent-nothing-to-swap")
    # A Dove of his own for Lera's Rabbit: now the talent can act, and the card says so.
    set_backstage(game, 0, "dove")
    redraw(window)
    assert [a for a in game.legal_actions(0) if a.kind == "talent"]
    assert [w for w in magician_words(window, 0) if "ready" in w]


def test_a_greyed_card_clicked_while_taking_an_objective_says_why_it_cannot_go(window):
    """Choosing the cards for Take, a click on a greyed card (it can go round none of the
    Objective's needs) did nothing and said nothing: the status bar says why."""
    from illusio_table.games.illusio.qt.scene import Payment

    start(window)
    lift_curtain(window)
    game = window.model.session.game
    phantom = to_contest(game, "phantom-dove")  # Dove, Smoke, any trick
    _dove, _curtain, case = set_backstage(game, 0, "dove", "curtain", "case")
    redraw(window)
    drag(window, ("objective", phantom), ("tricks", 0))
    paying = window.scene.composing
    assert isinstance(paying, Payment) and case not in paying.payers
    window.statusBar().clearMessage()
    click(window, ("card", case))
    said = window.statusBar().currentMessage()
    assert said.startswith(
        "The Case cannot go around The Phantom Dove: it asks for none of the Boxes."
    ), said
    assert window.scene.composing is paying and case not in paying.chosen
    screenshot(window, "illusio-take-greyed-card-says-why")


def test_a_component_dropped_on_another_magician_says_where_it_goes(window):
    """Cards dropped on Lera's area (where Take is played) said only "That is a Component,
    not a Special action.": it says where a Component goes too."""
    start(window)
    lift_curtain(window)
    game = window.model.session.game
    cards, _rabbit = set_hand(game, 0, "cards", "rabbit")
    redraw(window)
    moves = len(game.record.moves)
    drag(window, ("card", cards), ("seat", 1))
    said = window.statusBar().currentMessage()
    assert said == (
        "Not allowed: Cards is a Component, not a Special action: it goes into your "
        "Backstage, or around one of your Objectives under realization."
    ), said
    assert len(game.record.moves) == moves and cards in game.hands[0]


def test_the_help_says_the_contest_progress_in_the_tables_words(window):
    """The help said a Contest Objective shows "can take" once enough is held; the table
    writes "✔ 2/4 in Backstage" (or "held" where room is short). The help's words are
    the ones drawn."""
    import re

    from illusio_table.games.illusio.rules import HELP

    start(window)
    lift_curtain(window)
    game = window.model.session.game
    to_contest(game, "phantom-dove")  # Dove, Smoke, any trick: the three take it
    set_backstage(game, 0, "rabbit", "smoke", "curtain")
    redraw(window)
    progress = re.compile(r"(✔ )?\d+/\d+ (in Backstage|held)")
    drawn = [t for t in scene_texts(window) if progress.fullmatch(t)]
    assert any(t.startswith("✔ ") for t in drawn), drawn
    said = " ".join(HELP.read_text(encoding="utf-8").split())
    assert "can take" not in said
    for words in {t.split(" ", 1 + t.startswith("✔"))[-1] for t in drawn}:
        assert f"/4 {words}" in said, words
    assert "✔ in gold" in said
