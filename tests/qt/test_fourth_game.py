"""A game is one kit: a fourth game (tests/odds), registered through its kit alone, is
played on the desktop table and on a phone, with its help picture, its guide and the New
Game dialog, though no file of the program names it. A kit that lacks a part, or names
one that cannot be imported, is refused with the part's name."""

from __future__ import annotations

import dataclasses
import re
import urllib.request
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from illusio_table.games import builtin_registry
from illusio_table.table.kits import PLAIN, Kit, KitError, kit_of, kits, registered
from tests.odds.kit import KIT
from tests.odds.rules import OddsGame

from .conftest import SCREENSHOTS
from .illusio_table_checks import click

ROOT = Path(__file__).resolve().parents[2]
HUMAN_AND_BOT = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]


@pytest.fixture(autouse=True)
def odds_kit():
    with registered(KIT):
        yield KIT


@pytest.fixture
def registry():
    """The program's games and the fourth (the window fixtures take this registry)."""
    return builtin_registry().with_game(OddsGame)


def test_every_builtin_kit_supplies_every_part():
    # The games found, in the order of their ids, and then the one registered.
    assert [kit.game_id for kit in kits()] == ["illuminati", "illusio", "incantibus", "odds"]
    for kit in kits():
        kit.check()  # imports its table, card file, tour and rehearsal; finds its drawing
    assert {k.game_id for k in kits()} == set(builtin_registry().ids()) | {"odds"}


def test_a_kit_that_lacks_a_part_is_refused_with_the_parts_name(tmp_path):
    parts = {f.name: getattr(KIT, f.name) for f in dataclasses.fields(Kit)}
    del parts["phone"]
    with pytest.raises(TypeError, match="phone"):
        Kit(**parts)
    with pytest.raises(KitError, match="the kit of 'odds': phone: no drawing at"):
        dataclasses.replace(KIT, phone=tmp_path / "nowhere.js").check()
    broken = dataclasses.replace(KIT, game_id="odd2", scene="tests.odds.scene:NoSuchScene")
    with pytest.raises(KitError, match="scene: tests.odds.scene:NoSuchScene cannot be imported"):
        broken.check()
    with pytest.raises(KitError, match="guide: missing"):
        dataclasses.replace(KIT, game_id="odd3", guide=None).check()
    with pytest.raises(KitError, match="registered already"):
        with registered(KIT):
            pass


def test_no_file_of_the_program_names_the_fourth_game():
    names = re.compile(r"""["']odds["']|tests[./]odds|OddsGame|Odds and evens""")
    named = [
        path.relative_to(ROOT)
        for path in (ROOT / "illusio_table").rglob("*")
        if path.suffix in {".py", ".js", ".html"} and names.search(path.read_text("utf-8"))
    ]
    assert named == []


def test_a_game_without_a_kit_gets_the_plain_table():
    assert kit_of("duel") is PLAIN
    assert PLAIN.phone.is_file()


def test_the_fourth_game_is_played_on_the_desktop_table_through_its_kit(window, qtbot):
    from illusio_table.qt.app.new_game_dialog import GameConfig, NewGameDialog

    dialog = NewGameDialog(window.registry, window)
    games = [dialog.game_box.itemData(i) for i in range(dialog.game_box.count())]
    assert "odds" in games
    dialog.deleteLater()
    assert window.start_match(GameConfig("odds", [dict(p) for p in HUMAN_AND_BOT], 9))
    assert type(window.scene).__name__ == "OddsScene"
    match = window.model.session.match
    moves = 0
    while not match.is_over():
        assert moves < 40, "no end after 40 rounds"
        qtbot.waitUntil(lambda: 0 in match.to_act(), timeout=5000)
        before = len(match.game.record.moves)
        click(window, ("hand", 1 + moves % 2))  # the hand drawn on the table, clicked
        qtbot.waitUntil(lambda b=before: len(match.game.record.moves) > b, timeout=5000)
        moves += 1
    log = window.model.session.match.log(0)
    assert any("a point for" in line for line in log)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(SCREENSHOTS / "fourth-game-desktop.png"))


def test_the_fourth_games_help_picture_and_guide_come_from_its_kit(window, qtbot):
    from illusio_table.qt.app.help import table_picture

    image, names = table_picture("odds", window.registry)
    assert not image.isNull() and image.width() > 0
    assert window.start_guide("odds")
    assert window.guide is not None
    run = window.guide.run
    assert run.lesson is not None and "odd sum" in run.words("")


@pytest.mark.browser
def test_the_fourth_game_is_played_on_a_phone_with_its_own_drawing(qtbot, registry):
    from illusio_table.engine import Match
    from illusio_table.qt.models.match_model import MatchModel
    from illusio_table.remote.hub import DeviceHub
    from tests.remote.browser import needs_browser, open_phone, page_progress, page_state, tap_key

    if needs_browser.args[0]:
        pytest.skip(needs_browser.kwargs["reason"])
    players = [{"name": "Robo", "bot": "random"}, {"name": "Lera", "bot": None}]
    match = Match.start("odds", players, 4, {}, registry=registry)
    model = MatchModel(match, bot_delay_ms=0)
    model.changed.connect(
        lambda *_: model.session.holding and QTimer.singleShot(0, model.session.release)
    )
    hub = DeviceHub(model.session, network=False)
    address = hub.give(1)
    served = urllib.request.urlopen(address.split("/seat/")[0] + "/page/games/odds.js").read()
    assert served == KIT.phone.read_bytes()
    model.session.begin()
    phone = open_phone(address)
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        taps = 0
        while not match.is_over():
            assert taps < 40, "no end after 40 rounds"
            qtbot.waitUntil(  # the phone draws the state it was last sent, with its hands
                lambda: (
                    1 in match.to_act()
                    and (page_progress(phone) or {}).get("version") == hub.version(1)
                    and bool(page_state(phone)["gestures"])
                ),
                timeout=5000,
            )
            before = len(match.game.record.moves)
            assert tap_key(phone, ["hand", 2]), "the phone draws no hand to tap"
            qtbot.waitUntil(lambda b=before: len(match.game.record.moves) > b, timeout=5000)
            taps += 1
        qtbot.waitUntil(lambda: bool((page_state(phone) or {}).get("over")), timeout=5000)
        text = phone.find_element("id", "table").text
        assert "Lera — Even" in text and "Game over" in text
        errors = [e["message"] for e in phone.get_log("browser") if e["source"] == "javascript"]
        assert not errors, errors
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        phone.save_screenshot(str(SCREENSHOTS / "fourth-game-phone.png"))
    finally:
        phone.quit()
        hub.stop()
