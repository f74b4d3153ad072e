"""Incantibus in expert mode at four seats, at 1280 × 720, in the crowded states a
whole match reaches and the seeded states of test_text_sizes.py never did: a dungeon of
more than ten places, a moat of many kinds, full satchels, the coach's bar (and the
guide's) over the table making it smaller. Every word there read whole, at 8 px or more,
inside its piece (a disc's words inside the disc), over no other. (A confirming play
found "■ werewolf" cut to "werewol" under the next sorcerer, "Stone" on its disc's rim,
a moat count that read with its chip's "3" as "32", badges out of their cells, and the
count box over the prompt.) The reveal in such states too: its words over no sorcerer
of the dungeon, a book's chip over none of the book's words.
"""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtWidgets import QApplication, QGraphicsEllipseItem, QGraphicsSimpleTextItem

from illusio_table.games.incantibus.qt.scene import dungeon_slots
from illusio_table.qt.app.new_game_dialog import GameConfig

from .conftest import item_parents, lift_curtain, screenshot, tip_text, top_item
from .test_text_sizes import item_words, step, table_problems


def expert(window, seed: int, coach: bool = False) -> None:
    players = [{"name": "Ana", "bot": None}] + [
        {"name": f"Bot {n}", "bot": "random"} for n in range(1, 4)
    ]
    assert window.start_match(GameConfig("incantibus", players, seed, {"mode": "expert"}))
    if coach:
        window.coach_me(True)  # (Game ▸ Coach: its bar over the table)
    window.table.zoom_fit()
    QApplication.processEvents()


def play_until(window, seed: int, reached, moves: int = 3000) -> bool:
    """Seeded moves (Ana at random, the bots as they play) until `reached()`."""
    model, chooser = window.model, random.Random(seed)
    for _ in range(moves):
        lift_curtain(window)
        QApplication.processEvents()
        if reached():
            return True
        if model.session.game.is_over():
            return False
        step(window, chooser)
    return False


def off_disc(scene, words) -> list[str]:
    """Words of a round piece (a token, a badge) whose letters reach its rim or past
    it: "Stone" sat with its "S" on the rim of its disc (inside its square, so the
    check of the piece's box let it by)."""
    found, parent = [], item_parents(scene)
    for w in words:
        piece = parent.get(w.item)
        if not isinstance(piece, QGraphicsEllipseItem):
            continue
        discs = [piece] + [
            p for p in piece.childItems() if isinstance(p, QGraphicsEllipseItem) and p.isVisible()
        ]
        ink = w.ink.adjusted(0.5, 0.5, -0.5, -0.5)
        corners = (ink.topLeft(), ink.topRight(), ink.bottomLeft(), ink.bottomRight())

        def inside(point, disc) -> bool:
            box = disc.sceneBoundingRect()
            pen = disc.pen().widthF()
            rx, ry = box.width() / 2 - pen, box.height() / 2 - pen
            dx, dy = point.x() - box.center().x(), point.y() - box.center().y()
            return (dx / rx) ** 2 + (dy / ry) ** 2 <= 1

        if not all(any(inside(c, d) for d in discs) for c in corners):
            found.append(f"{w.text!r} reaches the rim of its disc at {piece.sceneBoundingRect()}")
    return found


def half_way_through_the_reveal(scene, session) -> None:
    """The bots point, the reveal begins, and it stands half-way through its drawing."""
    for _ in range(20):
        QApplication.processEvents()
        if scene.revealing():
            break
        session.step_bot()
    assert scene.revealing()
    scene._reveal_step(0.5)


def crowded_dungeon(window) -> bool:
    dungeon = window.model.session.game.view(0)["dungeon"]
    return dungeon is not None and dungeon_slots(dungeon) > 10 and len(dungeon) >= 9


def test_a_crowded_dungeon_reads_whole_with_the_coach_on(make_window, monkeypatch):
    """More than ten places in the dungeon (six to a line, narrower cards), the coach's
    bar over the table (its least size 9 points): each sorcerer's name and what defeats
    it read whole on its own card ("■ werewolf" ran under the next card, "4 weapons" lost
    its "4" under the one before)."""
    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    expert(window, 3, coach=True)
    assert window.scene.least >= 9  # (the smaller table of the confirming play)
    assert play_until(window, 3, lambda: crowded_dungeon(window))
    screenshot(window, "incantibus-crowded-dungeon-coach-1280x720")
    problems = [p for p in table_problems(window, monkeypatch) if "runs out" in p]
    assert not problems, "\n".join(problems)


def test_every_mark_lies_inside_its_disc(make_window, monkeypatch):
    """At the start of an expert match at 1280 × 720, and with the coach's bar making
    the table smaller: every mark of a token (the special tokens' "Stone" among them)
    and every badge's digits lie inside their disc, clear of its rim."""
    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    for coach in (False, True):
        expert(window, 3, coach=coach)
        lift_curtain(window)
        QApplication.processEvents()
        specials = window.model.session.game.view(0)["special_tokens"]
        assert "philosophers-stone" in [t["kind"] for t in specials]
        words = item_words(window.scene, window.table.zoom())
        problems = off_disc(window.scene, words)
        screenshot(window, f"incantibus-expert-start-coach-{coach}-1280x720")
        assert not problems, "\n".join(problems)


def test_a_crowded_moat_says_each_count_clear_of_its_chip(make_window, monkeypatch):
    """A moat of many kinds, with the coach's bar on: each chip's mark inside its disc,
    each count said as "×2" beside its chip, a gap between them, at 8 px or more (a count
    on the chip's edge, 9 points on a smaller table: "3" Gold and its 2 read "32"), no
    word over another, all of it inside the moat."""
    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    expert(window, 1, coach=True)

    def crowded() -> bool:
        moat = window.model.session.game.view(0)["moat"]
        return len({t["kind"] for t in moat}) >= 14 and len(moat) >= 24

    assert play_until(window, 1, crowded)
    screenshot(window, "incantibus-crowded-moat-coach-1280x720")
    scene, zoom = window.scene, window.table.zoom()
    moat = scene.moat_box
    words = [w for w in item_words(scene, zoom) if moat.intersects(w.ink)]
    chips = [scene.item(("moat", k)) for k in {t["kind"] for t in scene.view["moat"]}]
    assert all(chips)
    problems = off_disc(scene, words)
    parent = item_parents(scene)
    counts = [w for w in words if w.item not in parent and w.ink.top() > moat.top() + 12]
    assert counts
    problems += [f"{w.text!r} is not said as ×N" for w in counts if not w.text.startswith("×")]
    problems += [f"{w.text!r} at {w.px:.1f} px" for w in words if w.px < 8]
    problems += [
        f"{w.text!r} touches a chip"
        for w in counts
        for chip in chips
        if chip.sceneBoundingRect().adjusted(-2, -2, 2, 2).intersects(w.ink)
    ]
    problems += [
        f"{a.text!r} over {b.text!r}"
        for n, a in enumerate(words)
        for b in words[n + 1 :]
        if a.ink.intersects(b.ink)
    ]
    problems += [f"{w.text!r} out of the moat" for w in words if not moat.contains(w.ink)]
    problems += [
        f"a chip at {c.sceneBoundingRect()} out of the moat"
        for c in chips
        if not moat.contains(c.sceneBoundingRect())
    ]
    assert not problems, "\n".join(problems)


def test_a_full_satchels_new_token_and_the_gold_keep_to_their_cells(make_window, monkeypatch):
    """A full satchel's new token, its "NEW" label beside its row, over no cell (it hid
    the Books cell above the Purse); a gold token's points in its mark alone, no badge
    out of its cell (the badge said the mark's "3" again, over the next row)."""
    from PySide6.QtWidgets import QGraphicsRectItem

    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()

    def overflow() -> bool:
        decision = window.model.session.game.view(0).get("decision")
        return bool(decision) and decision["kind"] == "overflow"

    for seed in (1, 2, 4, 5, 6):  # (a seed whose match fills a satchel)
        expert(window, seed)
        if play_until(window, seed, overflow):
            break
    assert overflow()
    screenshot(window, "incantibus-full-satchel-1280x720")
    scene = window.scene
    tag = next(i for i in scene.items() if getattr(i, "text", lambda: "")() == "NEW")
    label = tag.sceneBoundingRect()
    parent = item_parents(scene)
    cells = [
        i.sceneBoundingRect()
        for i in scene.items()
        if isinstance(i, QGraphicsRectItem)
        and i not in parent
        and i.rect().width() < 48  # (a cell holds its token and its badge)
        and i.rect().height() < 32
        and not i.sceneBoundingRect().contains(label)  # (the label's own red ground)
    ]
    seat = window.model.session.game.view(0)["decision"]["seat"]
    assert scene.satchel_boxes[seat].contains(label)
    problems = [f"NEW over the cell at {c}" for c in cells if c.intersects(label)]
    satchels = window.model.session.game.view(0)["satchels"]
    gold = [t["id"] for s in satchels for t in s["tokens"] if t["kind"].startswith("gold")]
    assert gold
    problems += [f"gold token {t} has a badge" for t in gold if ("token", t) in scene.badges]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("phones", [False, True])
def test_the_count_covers_no_word_of_the_heading(make_window, phones):
    """While people count "In… can… to!" to point, the count's box lies over none of
    the heading's words, the prompt "Drag your wand onto one…" among them (it lay over
    the prompt for two seconds every casting), and over no seat's satchel panel (it lay
    over the satchels' rows, with the Seats and Phones panels open beside the table), at
    every casting of a match, with the coach's bar on or off."""
    from illusio_table.qt.scenes.base import KEY, MARK

    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    if phones:
        window.phones_dock.show()
        window.phones_dock.raise_()
    problems: list[str] = []
    checked = []

    def check() -> bool:
        if 0 not in window.model.session.game.to_act():
            return False
        scene = window.scene
        heading = [i for i in scene._heading_items if i.isVisible()]
        if not any("Drag your wand" in getattr(i, "text", lambda: "")() for i in heading):
            return False
        if window.model.session.match.moves_made in checked:
            return False
        checked.append(window.model.session.match.moves_made)
        for words in ("In…", "can…", "to!"):
            scene.show_count(words)
            count = next(i for i in scene.items() if i.data(KEY) == (MARK, "count"))
            box = count.sceneBoundingRect()
            over = [i.text() for i in heading if box.intersects(i.sceneBoundingRect())]
            if words == "can…" and len(checked) % 8 == 3:
                screenshot(window, f"incantibus-count-{len(checked)}-{phones}-1280x720")
            over += [
                f"the satchel of seat {seat}"
                for seat, panel in scene.satchel_boxes.items()
                if box.intersects(panel)
            ]
            if over:
                problems.append(f"{words!r} over {over} at move {checked[-1]}")
                screenshot(window, f"incantibus-count-over-the-table-{phones}")
        scene.show_count(None)
        return False

    for coach in (False, True):
        expert(window, 3, coach=coach)
        play_until(window, 3, check)
    assert len(checked) > 20
    assert not problems, "\n".join(problems[:10])


def test_the_guide_and_the_coach_leave_the_table_readable(make_window, monkeypatch):
    """The Learn Incantibus guide, then the coach turned on (Game ▸ Coach), at 1280 ×
    720: the coach's bar goes beside the table, and every word of the table still reads
    at 8 px or more, none under a badge (with both bars over it the table shrank: the
    satchels' token names at 5 px, badges over "Gob" and "Gho"). Both bars say their
    words."""
    from .table_states import play

    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    assert window.start_guide("incantibus")
    window.coach_me(True)
    play(window, 2, lambda legal: window.guide.lit or legal[0])
    QApplication.processEvents()
    screenshot(window, "incantibus-guide-and-coach-1280x720")
    assert window.guide_bar.isVisible() and window.tally_bar.isVisible()
    assert window.tally_bar.text().strip() and window.guide_bar.words.text().strip()
    bar = window.tally_bar
    assert bar.heightForWidth(bar.width()) <= bar.height(), "the coach's words are cut"
    problems = table_problems(window, monkeypatch)
    assert not problems, "\n".join(problems)
    window.leave_guide()  # the coach's bar back over the table, three lines high
    QApplication.processEvents()
    table = window.stack.geometry()
    assert bar.geometry().bottom() < table.top() and bar.width() >= table.width()


def test_the_final_points_after_a_wand_laid_down_are_said_clear_of_its_badge(make_window):
    """The final battle ends as a wand is laid down: under each name its final points,
    clear of its wand's badge ("28 points · wand laid down" touched the badge's disc),
    and no "wand laid down" beside them (it meant nothing once the game was over)."""
    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    expert(window, 3)

    def laid_down() -> bool:
        view = window.model.session.game.view(0)
        return bool(view.get("laid_down")) and max(view["points"]) >= 10

    assert play_until(window, 3, laid_down)
    screenshot(window, "incantibus-wand-laid-down-1280x720")
    scene = window.scene
    words = item_words(scene, window.table.zoom())
    assert not [w.text for w in words if "laid down" in w.text]
    said = [
        w
        for w in words
        if re.fullmatch(r"\d+ (points?|pts?)", w.text)
        and any(box.contains(w.ink) for box in scene.satchel_boxes.values())
    ]
    assert len(said) == len(scene.satchel_boxes), [w.text for w in said]
    parent = item_parents(scene)
    badges = [
        i.sceneBoundingRect()
        for i in scene.items()
        if isinstance(i, QGraphicsEllipseItem) and i in parent and i.rect().width() == 28
    ]
    assert badges
    problems = [
        f"{w.text!r} touches the badge at {b}"
        for w in said
        for b in badges
        if b.adjusted(-2, -2, 2, 2).intersects(w.ink)
    ]
    assert not problems, "\n".join(problems)


def test_twelve_sorcerers_lit_at_once_keep_each_card_to_itself(make_window):
    """All twelve sorcerers in the dungeon (two lines of six, 4 apart), every one lit
    gold as a target: no two gold rings cross, no ring lies over a word of another
    card ("Serpentine" read "erpentine", the rings of Archmage and Magister Ramus over
    its ends), each card's words inside it, and each points badge wholly inside its
    card, clear of its frame, its digits inside its disc (Baroness Fuchsia's "11" sat
    on her frame, wider than its disc)."""
    from PySide6.QtWidgets import QGraphicsRectItem

    from illusio_table.qt.scenes.base import KEY, MARK

    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    expert(window, 3)

    def twelve() -> bool:
        dungeon = window.model.session.game.view(0)["dungeon"]
        return (
            dungeon is not None and len(dungeon) == 12 and 0 in window.model.session.game.to_act()
        )

    assert play_until(window, 3, twelve)
    screenshot(window, "incantibus-dungeon-of-twelve-1280x720")
    scene = window.scene
    cards = {key: scene.item(key) for key in scene.targets if key[0] == "dungeon"}
    assert len(cards) == 12 and all(isinstance(c, QGraphicsRectItem) for c in cards.values())
    names = [s["name"] for s in scene.view["dungeon"] if s.get("face_up")]
    assert names
    rings = {
        item.data(KEY)[2]: item.sceneBoundingRect()
        for item in scene.items()
        if isinstance(item.data(KEY), tuple)
        and item.data(KEY)[:2] == (MARK, "legal")
        and item.isVisible()
        and item.data(KEY)[2] in cards
    }
    assert len(rings) >= 4  # (neighbours lit at once)
    keys = sorted(rings)
    problems = [
        f"the rings of {a} and {b} cross"
        for n, a in enumerate(keys)
        for b in keys[n + 1 :]
        if rings[a].intersects(rings[b])
    ]
    words, parent = item_words(scene, window.table.zoom()), item_parents(scene)
    for key, card in cards.items():
        frame = card.sceneBoundingRect()
        inner = card.rect().adjusted(2, 2, -2, -2)
        for w in words:
            if parent.get(w.item) is not card:
                continue
            if not frame.contains(w.ink):
                problems.append(f"{w.text!r} runs out of its card {key}")
            problems += [
                f"{w.text!r} of {key} under the ring of {other}"
                for other, ring in rings.items()
                if other != key and ring.intersects(w.ink)
            ]
        for disc in card.childItems():
            if not isinstance(disc, QGraphicsEllipseItem):
                continue
            ring = disc.sceneBoundingRect()
            if not inner.contains(ring):
                problems.append(f"the points badge of {key} on its card's frame")
            for w in words:
                if parent.get(w.item) is card and ring.contains(w.ink.center()):
                    ink = w.ink.adjusted(0.5, 0.5, -0.5, -0.5)
                    rx, ry, c = ring.width() / 2, ring.height() / 2, ring.center()
                    corners = (ink.topLeft(), ink.topRight(), ink.bottomLeft(), ink.bottomRight())
                    if any(
                        ((p.x() - c.x()) / rx) ** 2 + ((p.y() - c.y()) / ry) ** 2 > 1
                        for p in corners
                    ):
                        problems.append(f"{w.text!r} of {key} runs out of its disc")
    assert not problems, "\n".join(problems)


def revealed_with_ana_at(window, place: str, seed: int) -> list:
    """An expert match played (Ana at random, the bots as they play) until Ana may point
    at a `place` ("dungeon": the final battle; "book"); she points there, and the reveal
    is held where the contests show (the wands have pointed). Its visible pieces."""
    expert(window, seed)
    scene, session, chooser = window.scene, window.model.session, random.Random(seed)
    scene.animation_ms = 600_000
    for _ in range(3000):
        lift_curtain(window)
        QApplication.processEvents()
        if 0 in session.game.to_act() and not session.holding:
            ours = [a for a in session.legal_actions() if getattr(a, "place", "") == place]
            if ours:
                session.act(ours[0])
                break
        step(window, chooser)
    half_way_through_the_reveal(scene, session)
    return [
        i
        for i in scene.items()
        if isinstance(i.data(0), tuple) and i.data(0)[:2] == ("mark", "overlay") and i.isVisible()
    ]


def words_of_the_reveal(scene, overlay) -> list:
    parent = item_parents(scene)
    return [
        i
        for i in overlay
        if isinstance(i, QGraphicsSimpleTextItem) and i not in parent and ":" in i.text()
    ]


def test_the_reveal_covers_no_sorcerer_of_the_dungeon(make_window):
    """In the final battle, twelve sorcerers in two lines: once the wands have pointed,
    the words of who beat whom lie under the dungeon, over no sorcerer and none of their
    points badges (they hid the foot and the points of Baroness Fuchsia and White Lady)."""
    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    overlay = revealed_with_ana_at(window, "dungeon", 3)
    scene = window.scene
    screenshot(window, "incantibus-reveal-in-the-dungeon")
    assert scene.view["dungeon"] is not None
    said = [i.sceneBoundingRect() for i in words_of_the_reveal(scene, overlay)]
    assert said
    backs = [
        i.sceneBoundingRect()
        for i in overlay
        if i.data(0)[2] == -4 and not isinstance(i, QGraphicsSimpleTextItem)
    ]
    # Each sorcerer with its points badge.
    cards = [
        (tip_text(i).split("\n")[0], i.mapRectToScene(i.boundingRect() | i.childrenBoundingRect()))
        for i in overlay
        if i.toolTip() and i.sceneBoundingRect().height() > 80
    ]
    del overlay  # (plain rectangles kept, no item: the reveal's end removes them)
    assert len(cards) >= 9
    covered = [name for name, card in cards for box in backs + said if box.intersects(card)]
    assert covered == [], covered
    scene.stop_reveal(seen=True)


def test_the_chip_of_a_book_pointed_at_covers_none_of_its_words(make_window):
    """A book pointed at lies as a chip on its card while the wands point: at the card's
    right end, over none of the card's words ("2 di[Bk]ingredients")."""
    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    overlay = revealed_with_ana_at(window, "book", 3)
    scene = window.scene
    screenshot(window, "incantibus-reveal-of-a-book")
    chips = [
        i.mapRectToScene(i.boundingRect() | i.childrenBoundingRect())
        for i in overlay
        if i.toolTip() and i.sceneBoundingRect().right() < 250
    ]
    del overlay  # (plain rectangles kept, no item: the reveal's end removes them)
    assert chips
    words = [
        (i.text(), i.sceneBoundingRect())
        for i in scene.items()
        if isinstance(i, QGraphicsSimpleTextItem)
        and i.isVisible()
        and i.sceneBoundingRect().right() < 250
        and i.sceneBoundingRect().top() > 262
        and i.data(0) is None
        and not any(c.contains(i.sceneBoundingRect()) for c in chips)
    ]
    assert any(text.endswith(" pts") for text, _ in words)
    covered = [text for text, box in words for c in chips if c.intersects(box)]
    assert covered == [], covered
    scene.stop_reveal(seen=True)


def full_satchels(window, mode: str, seats: int) -> None:
    """A match of `seats` in `mode` whose every satchel is full, each token of it worth
    points where it can be (the badges), staged through the helpers, at the screen."""
    from illusio_table.engine import Match
    from illusio_table.games import new_game
    from tests.games.incantibus.helpers import give

    players = [{"name": "Ana", "bot": None}] + [
        {"name": f"Bot {n}", "bot": "random"} for n in range(1, seats)
    ]
    game = new_game("incantibus", seats, 2, {"mode": mode}, players)
    weapons = ("flying-stake", "wand-net", "trap", "crystal-ball")
    books = [b for b in game.info if b.back == "book"]
    potions = [("red-potion", "green-potion")] * 2 + [
        ("blue-potion", "great-red-potion"),
        ("blue-potion", "great-green-potion"),
    ]
    given: frozenset[int] = frozenset()
    for seat in range(seats):  # (no kind given more often than the box holds)
        full = {
            "ingredient": ("mistletoe", "pumpkin", "mushroom"),
            "weapon": (weapons[seat],) * 2 + (weapons[seat - 1],),
            "monster": ("goblin", "werewolf", ("ghost", "ghost", "ghost", "vampire")[seat]),
            "gold": ("gold-2", "gold-1", ("gold-3", "gold-3", "gold-3", "three-gold")[seat]),
            "potion": potions[seat],
            "book": (books[2 * seat].kind, books[2 * seat + 1].kind),
        }
        capacity = game.view(seat)["satchels"][seat]["capacity"]
        kinds = [k for cell, ks in full.items() for k in ks[: capacity.get(cell, 0)]]
        purse = ("pumpkin", "mistletoe", "mushroom", "goblin")[seat]
        given |= set(give(game, seat, *kinds, purse, spare=given))
    for seat in range(seats):
        held = game.view(seat)["satchels"][seat]
        assert all(len(held["cells"].get(c, [])) == n for c, n in held["capacity"].items())
    window.install(Match(game), None)
    lift_curtain(window)
    window.coach_me(True)
    window.table.zoom_fit()
    QApplication.processEvents()


@pytest.mark.parametrize(
    "mode,seats,phones",
    [
        ("expert", 4, False),
        ("expert", 4, True),
        ("apprentice", 4, False),
        ("expert", 3, True),
        ("expert", 2, False),
    ],
)
def test_full_satchels_keep_each_chip_and_badge_in_its_own_cell(make_window, mode, seats, phones):
    """Every satchel full, the coach's bar on (and the Phones panel open) at 1280 × 720:
    no chip of a satchel, nor its points badge, over another chip of its panel or over
    the panel's edge, and every word of a satchel at 8 px or more ("Sta" against "Sta",
    badges on the next chip and on the row below, while the panel had room to spare)."""
    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    if phones:
        window.phones_dock.show()
        window.phones_dock.raise_()
    full_satchels(window, mode, seats)
    assert window.tally_bar.isVisible()
    screenshot(window, f"incantibus-full-satchels-{mode}-{seats}-{phones}-1280x720")
    scene = window.scene
    words = item_words(scene, window.table.zoom())
    problems = []
    for seat, panel in scene.satchel_boxes.items():
        ids = [t["id"] for t in scene.view["satchels"][seat]["tokens"]]
        chips = {}
        for token in ids:
            chip = scene.item(("token", token))
            if chip is None or not panel.intersects(chip.sceneBoundingRect()):
                continue  # (a spell of the Spells line is drawn small, apart)
            chips[token] = chip.sceneBoundingRect()
        assert len(chips) >= (12 if mode == "expert" else 10), (seat, len(chips), len(ids))
        badges = {t: scene.badges[("token", t)] for t in chips if ("token", t) in scene.badges}
        assert badges
        drawn = [(f"chip {t}", t, r) for t, r in chips.items()]
        drawn += [(f"badge of {t}", t, r) for t, r in badges.items()]
        for what, token, rect in drawn:
            if not panel.contains(rect):
                problems.append(f"seat {seat}: {what} crosses the panel's edge")
            problems += [
                f"seat {seat}: {what} over chip {other}"
                for other, chip in chips.items()
                if other != token and chip.intersects(rect)
            ]
        problems += [
            f"seat {seat}: {w.text!r} at {w.px:.1f} px"
            for w in words
            if w.px < 8 and panel.intersects(w.ink)
        ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("height", [720, 640])
def test_the_chip_of_a_book_covers_no_letter_of_the_longest_book_text(make_window, height):
    """The book with the longest words of the card file, pointed at: while the wands
    point, its chip lies over none of the book's letters ("2 identical ingredient[s]"
    read "ingredient", the chip over its "s"); the words fold into the room left of the
    chip, at 8 px or more. At 1280 × 720 and in a window as much smaller as the coach's
    bar makes the table (the coach itself would review a staged match it cannot replay)."""
    from illusio_table.engine import Match
    from illusio_table.games import new_game
    from illusio_table.games.incantibus.cards import load
    from illusio_table.games.incantibus.qt.scene import book_box
    from illusio_table.qt.scenes.words import width_of
    from tests.games.incantibus.helpers import give, open_book

    longest = max(load().books, key=lambda b: width_of(b.label, 9))
    players = [{"name": "Ana", "bot": None}] + [
        {"name": f"Bot {n}", "bot": "random"} for n in range(1, 4)
    ]
    game = new_game("incantibus", 4, 2, {"mode": "expert"}, players)
    open_book(game, longest.id, 0)
    give(game, 0, "mistletoe", "mistletoe", "pumpkin", "gold-1", "gold-2")
    window = make_window()
    window.resize(1280, height)
    QApplication.processEvents()
    window.install(Match(game), None)
    lift_curtain(window)
    window.table.zoom_fit()
    QApplication.processEvents()
    scene, session = window.scene, window.model.session
    scene.animation_ms = 600_000
    book = [a for a in session.legal_actions() if getattr(a, "place", "") == "book"]
    assert book and scene.view["books"][0]["needs"] == longest.label
    session.act(next(a for a in book if a.index == 0))
    half_way_through_the_reveal(scene, session)
    screenshot(window, f"incantibus-reveal-of-the-longest-book-1280x{height}")
    card = book_box(0)
    chips = [
        i.mapRectToScene(i.boundingRect() | i.childrenBoundingRect())
        for i in scene.items()
        if isinstance(i.data(0), tuple)
        and i.data(0)[:2] == ("mark", "overlay")
        and i.isVisible()
        and i.toolTip()
        and card.contains(i.sceneBoundingRect())
    ]
    assert chips
    parents = item_parents(scene)
    words = [
        w
        for w in item_words(scene, window.table.zoom())
        if card.contains(w.ink) and top_item(w.item, parents).data(0) is None
    ]
    said = " ".join(w.text.replace("\n", " ") for w in words)
    assert longest.label in said, said
    problems = [f"{w.text!r} at {w.px:.1f} px" for w in words if w.px < 8]
    problems += [f"the chip over {w.text!r}" for w in words for c in chips if c.intersects(w.ink)]
    scene.stop_reveal(seen=True)
    assert not problems, "\n".join(problems)
