"""What a person reads on each table, over whole games of bots in a window of 1280 × 720
and of 1600 × 1000: no word under 8 pixels on the screen, no word over another, and the
table filling its window. (Players found 5-pixel names on the Illuminati table at
1280 × 720, labels of 7 pixels on the Illusio table, and a table that had shrunk into a
corner after one long line had once run past its edge.)"""

from __future__ import annotations

import math
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsSimpleTextItem

from illusio_table.games.illuminati.qt import conspiracy
from illusio_table.games.illuminati.qt.conspiracy import ConspiracyCard
from illusio_table.games.illusio.qt import cards as card_faces
from illusio_table.qt.app.new_game_dialog import GameConfig
from illusio_table.qt.scenes.look import READABLE_PX

from .conftest import lift_curtain, screenshot

SIZES = [(1280, 720), (1600, 1000)]


def px(points: float, scale: float) -> float:
    """A point size drawn at that scale, in pixels on the screen (96 per inch)."""
    return points * 96 / 72 * scale


def table_words(window) -> list[QGraphicsSimpleTextItem]:
    """The words of the table itself: labels, counts, prompts, coins (the marks inside
    Incantibus tokens are symbols, named in their tooltips)."""
    return [
        item
        for item in window.scene.items()
        if isinstance(item, QGraphicsSimpleTextItem)
        and item.isVisible()
        and item.text().strip()
        and not item.data(2)
    ]


def small_words(window) -> list[str]:
    zoom = window.table.zoom()
    return [
        f"{item.text()!r} at {px(item.font().pointSizeF(), zoom * scale):.1f} px"
        for item in table_words(window)
        if (scale := math.sqrt(abs(item.sceneTransform().determinant())))
        and px(item.font().pointSizeF(), zoom * scale) < READABLE_PX
    ]


def small_names(window) -> list[str]:
    """Illuminati cards whose names are drawn under 8 pixels (a name cut short with '…'
    reads; one too small does not)."""
    zoom = window.table.zoom()
    found = []
    for item in window.scene.items():
        if (
            isinstance(item, ConspiracyCard)
            and item.isVisible()
            and item is not window.scene.preview
        ):
            size = item.name_size()
            if size is not None and px(size, zoom) < READABLE_PX:
                found.append(f"{item.card['id']} at {px(size, zoom):.1f} px")
    return found


def painted_words(window, monkeypatch) -> list[tuple[float, str]]:
    """Every word painted on the cards in one drawing of the table, with its size on the
    screen: the card painters write through `fitted_text`, listened to here."""
    found: list[tuple[float, str]] = []
    original = card_faces.fitted_text

    def listening(
        painter,
        rect,
        text,
        size,
        colour,
        bold=False,
        flags=Qt.AlignmentFlag.AlignCenter,
        wrap=True,
        least=6,
    ):
        every = int(flags) | (int(Qt.TextFlag.TextWordWrap) if wrap else 0)
        drawn, shown = card_faces.fitting(
            text, rect.width(), rect.height(), max(size, 6), bold, every, least
        )
        found.append((px(drawn, math.sqrt(abs(painter.worldTransform().determinant()))), shown))
        original(painter, rect, text, size, colour, bold, flags, wrap, least)

    monkeypatch.setattr(card_faces, "fitted_text", listening)
    monkeypatch.setattr(conspiracy, "fitted_text", listening)
    card_faces._PICTURES.clear()  # painted anew, not taken from the pictures kept
    for item in window.scene.items():
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    window.table.viewport().grab()
    monkeypatch.undo()
    return found


def words_over_words(window) -> list[str]:
    words = table_words(window)
    boxes = [(w.text(), w.sceneBoundingRect().adjusted(1, 1, -1, -1)) for w in words]
    return [
        f"{a!r} over {b!r} {ra.topLeft().toTuple()}"
        for n, (a, ra) in enumerate(boxes)
        for b, rb in boxes[n + 1 :]
        if ra.intersects(rb)
    ]


def play(window, game_id: str, seats: int, seed: int, every: int, check, options=None) -> int:
    """Plays a match of `seats` (Ana, a person, playing at random; bots in the others),
    checking the table every few moves and at its end; returns how many drawings were
    checked."""
    players = [{"name": "Ana", "bot": None}] + [
        {"name": f"Bot {n}", "bot": "random"} for n in range(1, seats)
    ]
    assert window.start_match(GameConfig(game_id, players, seed, options or {}))
    window.table.zoom_fit()
    model, chooser, checked = window.model, random.Random(seed), 0
    for step in range(3000):
        if model.session.game.is_over():
            break
        lift_curtain(window)
        if model.session.holding:  # a casting's reveal, played with motion: seen to its end
            window.scene.stop_reveal(seen=True)
        elif 0 in model.session.game.to_act():
            model.session.act(chooser.choice(model.session.legal_actions()))
        else:
            model.session.step_bot()
        if step % every == 0:
            lift_curtain(window)
            QApplication.processEvents()
            check()
            checked += 1
    assert model.session.game.is_over(), f"{game_id} seed {seed} did not end"
    lift_curtain(window)  # the last table too: the game over, its scores
    QApplication.processEvents()
    check()
    return checked + 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "game_id,seats,options",
    [
        ("illuminati", 3, {}),
        ("illuminati", 4, {}),
        ("illuminati", 5, {"hidden_goals": True, "hidden_illuminati": True}),
        ("illusio", 4, {}),
        ("incantibus", 4, {"mode": "apprentice"}),
        ("incantibus", 4, {"mode": "expert"}),
    ],
)
def test_every_word_of_the_table_reads_and_lies_over_no_other(
    make_window, game_id, seats, options, size
):
    """No word of the table under 8 pixels, none over another, no count said as "(s)",
    every Illuminati card name at 8 pixels or more (cut short where the cards are small,
    and the others' structures listed where even a first word would not fit), and the
    table as large as its window lets it be."""
    window = make_window()
    window.resize(*size)
    QApplication.processEvents()
    problems: dict[str, list[str]] = {}

    def check() -> None:
        scene, fixed = window.scene, window.scene.extent()
        found = small_words(window) + words_over_words(window)
        # A count is said as a person says it ("1 Backstage card(s)" read as a form).
        found += [f"{w.text()!r} says (s)" for w in table_words(window) if "(s)" in w.text()]
        if game_id == "illuminati":
            found += small_names(window)
        if fixed is not None and scene.sceneRect() != fixed:
            found.append(f"the table spans {scene.sceneRect()}, not {fixed}")
        for problem in found:
            problems.setdefault(problem, [])

    checked = sum(play(window, game_id, seats, seed, 3, check, options) for seed in (1, 2, 3))
    mode = options.get("mode", "")
    screenshot(window, f"readable-{game_id}{mode}-{seats}-{size[0]}x{size[1]}")
    assert checked > 20
    assert not problems, sorted(problems)[:20]


@pytest.mark.parametrize("size", SIZES)
def test_the_names_painted_on_the_illuminati_cards_read_at_four_seats(
    make_window, monkeypatch, size
):
    """The names as painted, not as planned: every Group's and Illuminati's name on the
    Illuminati table at four seats, whole or cut short, at 8 pixels or more (they were 5
    on the others' structures at 1280 x 720)."""
    window = make_window()
    window.resize(*size)
    QApplication.processEvents()
    names: set[str] = set()
    small: set[str] = set()
    seen = 0

    def check() -> None:
        nonlocal seen
        look = window.scene.look
        names.update(look.name(cid) for cid in [*look.groups, *look.illuminati])
        for drawn, words in painted_words(window, monkeypatch):
            whole = words.rstrip("…")
            if words in names or (words.endswith("…") and any(n.startswith(whole) for n in names)):
                seen += 1
                if drawn < READABLE_PX:
                    small.add(f"{words!r} at {drawn:.1f} px")

    play(window, "illuminati", 4, 3, 5, check)
    assert seen > 100
    assert not small, sorted(small)[:20]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [4, 6])
def test_the_names_painted_on_the_illusio_cards_read(make_window, monkeypatch, size, seats):
    """Every name painted on an Illusio card (a Component, a Special, an Objective, a
    magician) whole at 8 pixels or more, or not painted at all, never cut short with "…"
    ("Silk…", "Ambiti…", "Knot…"); and every other word painted on a card (a rule, a
    group, a state) too (the large card and the tooltip tell them). At four seats every
    card names itself but a pile's thumbnails (given up, scored) and chips too narrow for
    their name, which show their symbol. Players found the others' Backstage, the Specials
    in hand and the Contest at 5 to 7 pixels at both sizes."""
    window = make_window()
    window.resize(*size)
    QApplication.processEvents()
    small: set[str] = set()
    seen = 0

    def check() -> None:
        nonlocal seen
        for item in window.scene.items():
            if isinstance(item, card_faces.CardItem):
                item.named = None
        for drawn, words in painted_words(window, monkeypatch):
            if len(words.strip()) > 1:  # (a symbol alone is not a word)
                seen += 1
                if drawn < READABLE_PX:
                    small.add(f"{words!r} at {drawn:.1f} px")
                if words.endswith("…"):
                    small.add(f"{words!r} cut short")
        if seats > 4:
            return
        for item in window.scene.items():
            if (
                isinstance(item, card_faces.CardItem)
                and item is not window.scene.preview
                and item.card is not None
                and item.card["face"] != "back"
                and item.h >= 30  # (a chip: whole or its symbol)
                and not item.nameless
                and item.named is False
            ):
                name = item.card.get("name") or item.card["kind"]
                small.add(f"{name!r} left off its {item.w:.0f} × {item.h:.0f} card")

    play(window, "illusio", seats, 3, 5, check)
    assert seen > 100
    assert not small, sorted(small)[:20]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", ["illusio", "illuminati"])
def test_the_symbols_on_the_cards_read_at_four_seats(make_window, monkeypatch, game_id, size):
    """Every symbol and digit painted on a card (Illusio's needs, domains and levels,
    Illuminati's alignments and numbers) at 8 pixels or more: where two colours look
    alike to some eyes (tests/data/test_colours.py), the symbol tells them apart. They
    were 5 to 7 pixels at 1280 x 720."""
    window = make_window()
    window.resize(*size)
    QApplication.processEvents()
    small: dict[str, float] = {}
    seen = 0

    def check() -> None:
        nonlocal seen
        for drawn, words in painted_words(window, monkeypatch):
            if len(words.strip()) == 1:
                seen += 1
                if drawn < READABLE_PX:
                    small[words] = min(small.get(words, drawn), round(drawn, 1))

    play(window, game_id, 4, 3, 7, check)
    assert seen > 100
    assert not small, small


@pytest.mark.parametrize("game_id", ["illuminati", "illusio", "incantibus"])
def test_the_table_keeps_its_size_while_pieces_glide(make_window, game_id):
    """Played with motion, as a person sees it: a piece gliding from its last place did
    not count as part of the table, which had grown for good to take in where one
    started (the Illuminati table shrank into a corner after a few turns)."""
    window = make_window()
    window.motion = True
    window.resize(1280, 720)
    QApplication.processEvents()
    spans: set[str] = set()

    def check() -> None:
        fixed = window.scene.extent()
        if fixed is not None and window.scene.sceneRect() != fixed:
            spans.add(f"the table spans {window.scene.sceneRect()}, not {fixed}")

    for seed in (1, 2):
        play(window, game_id, 4, seed, 1, check)
    assert not spans, sorted(spans)[:5]
