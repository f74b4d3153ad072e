"""Incantibus's words on the table, each as a person reads it: a face-down token's
number (as the Moves list, the coach and the phones name it), what a spell cast gave in
the Last casting box, an empty space of the potions or the books in words, and the Seats
panel while a reveal plays; a hidden sorcerer's number in the final battle."""

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from illusio_table.games.incantibus.actions import Cast, Point

from .conftest import item_parents, lift_curtain, screenshot, tip_text
from .test_incantibus_table import point_after_the_others, shown_texts, start


@pytest.mark.parametrize("mode", ["apprentice", "expert"])
def test_each_secret_token_shows_the_number_the_moves_and_phones_name_it_by(window, mode):
    """Each face-down token of the room says "secret N" on its disc, N the number the
    Moves list ("Point at secret token 4"), the coach and the phones ("secret 4") name it
    by (the big screen showed "?" alone, and "secret token 8 was best" named nothing
    there): readable (8 px or more), inside its disc, and nothing more of it is told."""
    from .test_incantibus_crowded import off_disc
    from .test_text_sizes import item_words

    start(window, seed=3, mode=mode)
    session = window.model.session
    for _ in range(200):  # (the Roof has no secret token: on to a room that has)
        lift_curtain(window)
        QApplication.processEvents()
        room = session.game.view(0)["room"]["tokens"]
        if 0 in session.game.to_act() and any(not t["face_up"] for t in room):
            break
        if session.holding:
            window.scene.stop_reveal(seen=True)
        elif 0 in session.game.to_act():
            session.act(session.legal_actions()[0])
        else:
            session.step_bot()
    scene = window.scene
    hidden = [t["slot"] for t in scene.view["room"]["tokens"] if not t["face_up"]]
    assert hidden
    listed = [
        window.moves_view.model().index(n, 0).data()
        for n in range(window.moves_view.model().rowCount())
    ]
    words, parent = item_words(scene, window.table.zoom()), item_parents(scene)
    screenshot(window, f"incantibus-secret-numbers-{mode}")
    for slot in hidden:
        token = scene.item(("room", slot))
        said = [w for w in words if parent.get(w.item) is token]
        assert [w.text for w in said] == ["?", f"secret {slot + 1}"], [w.text for w in said]
        assert f"Point at secret token {slot + 1}" in listed
        assert all(w.px >= 8.5 for w in said[1:]), [(w.text, w.px) for w in said]
        assert not off_disc(scene, said)
        assert not said[0].ink.intersects(said[1].ink)
        assert f"Secret token {slot + 1}" in tip_text(token)


def test_the_last_casting_says_what_a_spell_cast_gave(window):
    """Ana wins a spell token and casts Fortuna: the Last casting box says what the spell
    gave her, not only that she cast it ("Ana casts Oculus." and nothing of the 2 Gold
    she took with it)."""
    from tests.games.incantibus.helpers import open_spells, set_room, set_wands

    start(window, seed=5)
    session = window.model.session
    game = session.game
    set_room(
        game,
        [("spell", True), ("gold-3", True), ("gold-2", True), ("gold-1", True), ("pumpkin", True)],
    )
    set_wands(game, 4, 1, 2, 3)
    open_spells(game, "fortuna", "oculus", "retiro")
    window.model.changed.emit([])
    session.act(Point("room", 0))
    QApplication.processEvents()
    assert session.view()["decision"]["seat"] == 0
    session.act(Cast(0))
    QApplication.processEvents()
    scene = window.scene
    (box,) = [i for i in scene.items() if i.data(0) == ("mark", "casting-box")]
    told = " ".join(c.text() for c in box.childItems() if isinstance(c, QGraphicsSimpleTextItem))
    screenshot(window, "incantibus-last-casting-a-spell")
    assert "Ana casts Fortuna: Ana takes the 3 Gold" in told, told


def test_empty_spaces_of_potions_and_books_say_in_words_what_they_wait_for(window):
    """An empty potion space says "empty until the next room"; when the books have run
    out, each empty book space says so in words too, inside its panel (the panel showed
    three "—", where the potions' said what they waited for)."""
    from tests.games.incantibus.helpers import close_potions, no_books_left

    start(window, seed=3, mode="expert")
    game = window.model.session.game
    close_potions(game, 1)
    no_books_left(game)
    window.model.changed.emit([])
    QApplication.processEvents()
    screenshot(window, "incantibus-no-book-left")
    texts = shown_texts(window.scene)
    assert "—" not in texts
    assert texts.count("no book left to open") == len(game.books)
    assert texts.count("empty until the next room") == 1
    for item in window.scene.items():
        if isinstance(item, QGraphicsSimpleTextItem) and item.text() == "no book left to open":
            assert QRectF(0, 262, 250, 196).contains(item.sceneBoundingRect())


def test_while_a_reveal_plays_the_seats_panel_says_each_choice_is_revealed(window):
    """While the wands point, every seat's status in the Seats panel says its choice is
    being revealed, a bot's too (each read "to act", the next casting not yet asked for);
    once the reveal has been seen, Ana at the screen is to act again."""
    start(window, seed=5)
    scene, model = window.scene, window.model
    scene.animation_ms = 5000
    seats = window.seats_view.model()

    def statuses() -> list[str]:
        return [seats.index(r, 2).data(Qt.ItemDataRole.DisplayRole) for r in range(4)]

    model.session.act(model.session.legal_actions()[0])
    QApplication.processEvents()
    assert scene.revealing()
    assert all("revealed" in s and "to act" not in s for s in statuses()), statuses()
    scene.stop_reveal(seen=True)
    QApplication.processEvents()
    lift_curtain(window)
    assert statuses()[0] == "at the screen, to act", statuses()


def test_each_hidden_sorcerer_shows_the_number_the_moves_fight_it_by(make_window):
    """In the final battle each face-down sorcerer says "hidden N" under its "?", N the
    number the Moves list ("Fight hidden sorcerer 9"), the coach and the phones name it by
    (the card showed "?" alone), readable (8.5 px or more), inside its card."""
    from PySide6.QtWidgets import QApplication

    from .test_incantibus_crowded import expert, play_until
    from .test_text_sizes import item_words

    window = make_window()
    window.resize(1280, 720)
    QApplication.processEvents()
    expert(window, 3)

    def hidden_to_fight() -> bool:
        dungeon = window.model.session.game.view(0)["dungeon"]
        return (
            bool(dungeon)
            and any(not s["face_up"] for s in dungeon)
            and (0 in window.model.session.game.to_act())
        )

    assert play_until(window, 3, hidden_to_fight)
    scene = window.scene
    screenshot(window, "incantibus-hidden-sorcerers-1280x720")
    hidden = [s["slot"] for s in scene.view["dungeon"] if not s["face_up"]]
    listed = [
        window.moves_view.model().index(n, 0).data()
        for n in range(window.moves_view.model().rowCount())
    ]
    words, parent = item_words(scene, window.table.zoom()), item_parents(scene)
    for slot in hidden:
        card = scene.item(("dungeon", slot))
        said = [w for w in words if parent.get(w.item) is card]
        assert [w.text for w in said] == ["?", f"hidden {slot + 1}"], [w.text for w in said]
        assert said[1].px >= 8.5 and card.sceneBoundingRect().contains(said[1].ink), said
        assert not said[0].ink.intersects(said[1].ink)
        assert f"Fight hidden sorcerer {slot + 1}" in listed, listed
        assert f"hidden sorcerer {slot + 1}" in tip_text(card)


@pytest.mark.parametrize("retiros", [0, 2])
def test_a_crowded_last_casting_draws_every_line_or_says_the_rest_is_in_the_tooltip(
    make_window, monkeypatch, retiros
):
    """At 1280 x 720 with the coach's bar on: four wands on a room of five (a contest and
    a swap), then two spells cast and the room's end (as the play-test saw: Milo's
    Oculus, Ana's Alkimia, the Armory's last token to the moat). The box dropped the
    spells and the room's end without a word; now each line is drawn, or its last drawn
    line says the rest is in the tooltip, and the tooltip holds every line."""
    from illusio_table.engine.protocol import Event
    from illusio_table.qt.scenes.look import READABLE_PX
    from tests.games.incantibus.helpers import set_room, set_wands

    from .test_text_sizes import pixels

    window = make_window()
    window.resize(1280, 720)
    start(window, seed=5)
    window.coach_me(True)
    QApplication.processEvents()
    session = window.model.session
    game = session.game
    set_room(
        game,
        [
            ("gold-3", True),
            ("gold-2", True),
            ("gold-1", True),
            ("pumpkin", True),
            ("mushroom", True),
        ],
    )
    set_wands(game, 1, 2, 4, 3)
    # Ana the 3 Gold, Lera the 2 Gold, Milo (wand 4) beats Juno (wand 3) to the 1 Gold
    point_after_the_others(
        window, Point("room", 0), {1: Point("room", 1), 2: Point("room", 2), 3: Point("room", 2)}
    )
    names = window.scene.seat_names
    staged = [
        Event(f"{names[2]} casts Oculus.", data={"cast": "Oculus", "seat": 2}),
        Event("Oculus finds no target and does nothing."),
        Event(f"{names[0]} casts Alkimia.", data={"cast": "Alkimia", "seat": 0}),
        Event(f"{names[0]} steals the 3 Gold from {names[3]}."),
        # (with `retiros`, more spells than the box can hold: the rest in the tooltip)
        *[
            line
            for n in range(retiros)
            for line in (
                Event(f"{names[1]} casts Retiro.", data={"cast": "Retiro", "seat": 1}),
                Event(f"{names[1]} takes the Pumpkin number {n + 1} from the moat."),
            )
        ],
        Event("The last token, Flying Stake, falls into the moat.", reveals=True),
        Event("A new potion is opened: Great Blue Potion.", reveals=True),
        Event(
            "The Observatory is explored: Mistletoe, 2 Gold, Vampire, Werewolf; 4 secret tokens.",
            data={"room_over": "Armory", "fell": ["Flying Stake"]},
        ),
    ]
    real = session.since_reveal
    monkeypatch.setattr(session, "since_reveal", lambda: [*real(), *staged])
    window.model.changed.emit([])
    QApplication.processEvents()
    screenshot(window, f"incantibus-last-casting-crowded-{retiros}-1280x720")
    scene = window.scene
    (box,) = [i for i in scene.items() if i.data(0) == ("mark", "casting-box")]
    drawn = [c for c in box.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
    words = [c.text() for c in drawn]
    entries = session.view()["last_casting"]
    assert len(entries) == 3 and entries[2]["swap"], entries
    wanted = [
        f"{names[2]} casts Oculus: Oculus finds no target and does nothing.",
        f"{names[0]} casts Alkimia: {names[0]} steals the 3 Gold from {names[3]}.",
        "The Armory is done, its last token (Flying Stake) to the moat: on to the",
    ]
    tip = box.toolTip()
    assert all(e["line"] in tip for e in entries) and all(w in tip for w in wanted), tip
    # each spell's line says what it gave, and the room's end apart from it
    assert all(w in tip.splitlines() for w in wanted[:2]), tip
    joined = " ".join(w.strip() for w in words)
    left_out = [w for w in wanted if w not in joined]
    if left_out:
        assert words[-1] == "… (hover here for the rest)", (left_out, words)
    assert bool(left_out) == bool(retiros), words  # (two spells and the room's end: all fit)
    zoom = window.table.zoom()
    assert all(pixels(c.font(), zoom) >= READABLE_PX for c in drawn), words
    assert all(box.rect().contains(c.sceneBoundingRect()) for c in drawn), words
    # no line over another, and nothing of the room's tokens under the box
    rects = [c.sceneBoundingRect().adjusted(0.5, 0.5, -0.5, -0.5) for c in drawn]
    assert not [(a, b) for n, a in enumerate(rects) for b in rects[n + 1 :] if a.intersects(b)]


def test_a_hidden_sorcerer_in_the_last_casting_is_told_by_its_number(window):
    """The final battle, a Magister Ramus face up and a second one hidden: Lera (wand 3)
    turns the hidden one, too strong for her, while Milo (wand 2) defeats the one face
    up. The Last casting box, telling each target in short, named both "Magister Ramus"
    ("Lera (3) → Magister Ramus: too strong, to the moat" beside "Milo (2) → Magister
    Ramus: defeated"); the hidden one is told by the number the table showed on it."""
    from tests.games.incantibus.helpers import set_room, set_wands, to_dungeon

    start(window, seed=5)
    session = window.model.session
    game = session.game
    dungeon = [
        ("magister-ramus", True),
        ("magister-ramus", False),
        ("white-lady", False),
        ("witch-indigo", False),
        ("lady-goblin", True),
        ("dark-knight", True),
    ]  # (six: two lines of them, and the box's lines told in short under them)
    to_dungeon(game, dungeon)
    set_room(game, [("gold-3", True), ("gold-2", True), ("gold-1", True), ("pumpkin", True)])
    # the room's last tokens: down to the dungeon
    point_after_the_others(window, Point("room", 0), {s: Point("room", s) for s in (1, 2, 3)})
    assert session.view()["dungeon"] is not None
    set_wands(game, 4, 3, 2, 1)
    others = {1: Point("dungeon", 1), 2: Point("dungeon", 0), 3: Point("dungeon", 3)}
    point_after_the_others(window, Point("dungeon", 2), others)
    entries = session.view()["last_casting"]
    assert len(entries) == 4 and {e["got"] for e in entries} >= {"Magister Ramus"}, entries
    (box,) = [i for i in window.scene.items() if i.data(0) == ("mark", "casting-box")]
    told = [c.text() for c in box.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
    screenshot(window, "incantibus-last-casting-hidden-sorcerer")
    lera = next(line for line in told if line.startswith("Lera "))
    milo = next(line for line in told if line.startswith("Milo "))
    assert "→ hidden 2 (Magister Ramus): too strong" in lera, told
    assert "→ Magister Ramus: defeated" in milo, told
    assert "→ Magister Ramus" not in lera, told
