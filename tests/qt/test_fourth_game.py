"""A game is one folder: a fourth game (tests/odds: two seats, a simultaneous secret
choice, a card drawn from a hidden deck), installed as a game is installed (an entry
point in a distribution's metadata, `tests/odds/install.py`), is found by the window
like the others and played on the desktop table, rehearsed from the Game menu with its
coach, saved and resumed after a crash, with its help picture, its guide and the New Game
dialog. A kit that lacks a part, or names one that cannot be imported, is refused with
the part's name."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from illusio_table.games import builtin_registry, found
from illusio_table.table.kits import PLAIN, Kit, KitError, kit_of, kits, registered
from tests.odds.install import odds_installed  # noqa: F401 (a fixture)
from tests.odds.kit import KIT

from .conftest import SCREENSHOTS
from .illusio_table_checks import click
from .table_states import screen, window_for
from .test_kill_every_state import crash

HUMAN_AND_BOT = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]


@pytest.fixture(autouse=True)
def _installed(odds_installed):  # noqa: F811 (the fixture, asked for by name)
    """Every test here finds the fourth game installed (before the window's registry)."""
    return odds_installed


@pytest.fixture
def registry():
    """What the program finds, the fourth game installed among them."""
    return builtin_registry()


def test_the_fourth_game_is_found_through_its_entry_point():
    assert found()["odds"] == "tests.odds.kit:KIT"
    assert "odds" in builtin_registry().ids() and kit_of("odds") is KIT
    assert [kit.game_id for kit in kits()] == ["illuminati", "illusio", "incantibus", "odds"]
    for kit in kits():
        kit.check()  # imports its rules, table, rehearsal; finds its drawing


def test_a_kit_that_lacks_a_part_is_refused_with_the_parts_name(tmp_path):
    parts = {f.name: getattr(KIT, f.name) for f in dataclasses.fields(Kit)}
    del parts["phone"]
    with pytest.raises(TypeError, match="phone"):
        Kit(**parts)
    with pytest.raises(KitError, match="the kit of 'odds': phone: no drawing at"):
        dataclasses.replace(KIT, phone=tmp_path / "nowhere.js").check()
    broken = dataclasses.replace(KIT, game_id="odd2", scene="tests.odds.qt:NoSuchScene")
    with pytest.raises(KitError, match="scene: tests.odds.qt:NoSuchScene cannot be imported"):
        broken.check()
    with pytest.raises(KitError, match="guide: missing"):
        dataclasses.replace(KIT, game_id="odd3", guide=None).check()
    with pytest.raises(KitError, match="registered already"):
        with registered(KIT):
            pass


def test_a_game_without_a_kit_gets_the_plain_table():
    assert kit_of("duel") is PLAIN
    assert PLAIN.phone.is_file()


def play_to_the_end(window, qtbot, seat: int = 0) -> int:
    """Clicks a hand on the table for `seat` each round until the game is over."""
    match = window.model.session.match
    rounds = 0
    while not match.is_over():
        assert rounds < 6, "no end after six rounds"
        qtbot.waitUntil(lambda: seat in match.to_act(), timeout=5000)
        before = len(match.game.record.moves)
        click(window, ("hand", 1 + rounds % 2))  # the hand drawn on the table, clicked
        qtbot.waitUntil(lambda b=before: len(match.game.record.moves) > b, timeout=5000)
        qtbot.waitUntil(lambda: seat in match.to_act() or match.is_over(), timeout=5000)
        rounds += 1
    return rounds


def test_the_fourth_game_is_played_on_the_desktop_table_to_its_end(window, qtbot):
    from illusio_table.qt.app.new_game_dialog import GameConfig, NewGameDialog

    dialog = NewGameDialog(window.registry, window)
    games = [dialog.game_box.itemData(i) for i in range(dialog.game_box.count())]
    assert "odds" in games
    dialog.deleteLater()
    assert window.start_match(GameConfig("odds", [dict(p) for p in HUMAN_AND_BOT], 9))
    assert type(window.scene).__name__ == "OddsScene"
    assert play_to_the_end(window, qtbot) == 6  # the six cards of the deck
    match = window.model.session.match
    log = match.log(0)
    assert sum("the card is" in line for line in log) == 6
    assert match.view(0)["unseen"] == [] and sorted(match.view(0)["played"]) == [1, 2, 3, 4, 5, 6]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(SCREENSHOTS / "fourth-game-desktop.png"))


def test_the_fourth_games_help_picture_and_guide_come_from_its_folder(window, qtbot):
    from illusio_table.qt.app.help import table_picture

    image, names = table_picture("odds", window.registry)
    assert not image.isNull() and image.width() > 0
    assert "face down" in builtin_registry().get("odds").help_text
    assert window.start_guide("odds")
    assert window.guide is not None
    assert "odd sum" in window.guide.run.words("")


def _rehearse_from_the_game_menu(window, monkeypatch) -> None:
    """The Game menu's entry of the fourth game's rehearsal, its dialog accepted as is."""
    from tests.odds.qt import RehearsalDialog

    monkeypatch.setattr(RehearsalDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    assert KIT.rehearsal is not None
    entries = [
        action
        for menu in window.menuBar().actions()
        for action in (menu.menu().actions() if menu.menu() else [])
        if action.text() == KIT.rehearsal.label
    ]
    assert len(entries) == 1, "the Game menu offers the fourth game's rehearsal once"
    entries[0].trigger()


def test_the_fourth_game_is_rehearsed_from_the_game_menu_with_its_coach(window, qtbot, monkeypatch):
    from tests.odds.qt import CoachChart, RehearsalTally

    _rehearse_from_the_game_menu(window, monkeypatch)
    match = window.model.session.match
    assert match.game_id == "odds" and window.model.session.settings.rehearsal
    assert isinstance(window.tally, RehearsalTally) and window.tally.seat == 0
    play_to_the_end(window, qtbot)
    tally = window.tally
    assert [r.number for r in tally.reviews] == [1, 2, 3, 4, 5, 6]
    assert "Coach on round 6" in window.tally_bar.text()
    assert isinstance(window.coach_chart, CoachChart)
    assert window.coach_chart.costs == tally.costs and "Round 6" in window.coach_chart.said.text()
    # The coach reviews the hand shown against the bot faced, from the cards then unseen.
    shown = [move.action["fingers"] for move in match.moves if move.seat == 0]
    assert [r.chosen for r in tally.reviews] == shown
    assert all(cost >= 0 for cost in tally.costs)


@pytest.mark.parametrize("rehearsing", [False, True], ids=["match", "rehearsal"])
def test_the_fourth_game_resumes_after_a_crash_on_the_same_screen(
    qtbot, tmp_path, monkeypatch, rehearsing
):
    from illusio_table.qt.app.new_game_dialog import GameConfig

    data, settings = tmp_path / "data", tmp_path / "settings.ini"
    first = window_for(data, settings, bot_delay_ms=0)
    qtbot.addWidget(first)
    if rehearsing:
        _rehearse_from_the_game_menu(first, monkeypatch)
    else:
        assert first.start_match(GameConfig("odds", [dict(p) for p in HUMAN_AND_BOT], 9))
    match = first.model.session.match
    for fingers in (2, 1):  # two rounds played, the bot choosing first in each
        qtbot.waitUntil(lambda: match.to_act() == {0}, timeout=5000)
        if fingers == 1:
            first.model.session.bot_delay_ms = None  # the bot waits from here on
        click(first, ("hand", fingers))
    qtbot.waitUntil(lambda: len(match.view(0)["played"]) == 2, timeout=5000)
    assert match.view(0)["chosen"] == [] and match.view(0)["last"] is not None
    before = screen(first)
    said = first.tally.text() if rehearsing else None
    crash(first)
    again = window_for(data, settings)  # (its bots wait, so that the screen is the same)
    qtbot.addWidget(again)
    assert again.offer_resume(), again.messages
    assert screen(again) == before
    assert again.model.session.match.view(0)["points"] == match.view(0)["points"]
    if rehearsing:
        assert again.tally is not None and again.model.session.settings.rehearsal
        # Its tally goes on: both rounds counted, the coach's words on the last the same.
        assert again.tally.text() == said and "rounds: 2" in said
    again.model.session.bot_delay_ms = 0  # the bot chooses again, and the match plays on
    play_to_the_end(again, qtbot)
    again.phones.stop()


@pytest.mark.browser
def test_the_fourth_game_is_played_on_a_phone_with_its_own_drawing_and_coach(qtbot, registry):
    """Its drawing, served from its folder; each round tapped on the phone; the coach's
    review of the phone's seat drawn by its own chart drawing (its `drawer` extras)."""
    import urllib.request

    from PySide6.QtCore import QTimer

    from illusio_table.engine import Match
    from illusio_table.qt.models.match_model import MatchModel
    from illusio_table.remote.hub import DeviceHub
    from tests.odds.qt import RehearsalTally
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
    tally = RehearsalTally(model, 1, heading="Coach")  # the phone's person's, as the window's
    tally.charted.connect(lambda chart: hub.coach(1, chart))
    tally.changed.connect(lambda text: hub.note(1, text))
    address = hub.give(1)
    served = urllib.request.urlopen(address.split("/seat/")[0] + "/page/games/odds.js").read()
    assert served == KIT.phone.read_bytes()
    model.session.begin()
    phone = open_phone(address)
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        taps = 0
        while not match.is_over():
            assert taps < 6, "no end after six rounds"
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
        assert taps == 6
        qtbot.waitUntil(lambda: bool((page_state(phone) or {}).get("over")), timeout=5000)
        text = phone.find_element("id", "table").text
        assert "Lera — Even" in text and "Game over" in text
        assert "coach — round 6" in text.lower() and tally.reviews[-1].said[1] in text
        errors = [e["message"] for e in phone.get_log("browser") if e["source"] == "javascript"]
        assert not errors, errors
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        phone.save_screenshot(str(SCREENSHOTS / "fourth-game-phone.png"))
    finally:
        phone.quit()
        hub.stop()


def test_each_game_that_rehearses_keeps_its_own_drills(window):
    """Two games with a coach: a drill kept by one is neither counted nor offered in the
    other's match (both kept theirs in one drills.json, and each read every entry)."""
    import json

    from illusio_table.qt.app.new_game_dialog import GameConfig
    from illusio_table.table.kits import kit_of

    incantibus, odds = kit_of("incantibus").rehearsal, kit_of("odds").rehearsal
    assert incantibus is not None and odds is not None
    assert set(incantibus.kept(window.data_dir)).isdisjoint(odds.kept(window.data_dir))
    drill = {"match": {}, "others": {}, "cost": 2.0, "said": ["another game's drill"]}
    window.data_dir.mkdir(parents=True, exist_ok=True)
    incantibus.kept(window.data_dir)[0].write_text(json.dumps({"drills": [drill]}))
    assert window.start_match(GameConfig("odds", [dict(p) for p in HUMAN_AND_BOT], 9), True)
    assert window._drills().mine() == []
    assert "(1)" not in window.drill_action.text()


def test_a_costly_hand_of_a_rehearsal_is_drilled_and_then_done(window, qtbot):
    """The coach keeps a hand that cost a point or more (the last round's worse hand
    always does: one card is left, and the two hands differ by a point against a bot at
    even odds); "Drill my mistakes" plays that round again, the bot's hand made as it
    was; the better hand shown, the drill is reviewed and leaves the kept drills."""
    from illusio_table.qt.app.new_game_dialog import GameConfig
    from illusio_table.table.kept import Drills
    from tests.odds import coach

    assert window.start_match(GameConfig("odds", [dict(p) for p in HUMAN_AND_BOT], 9), True)
    match = window.model.session.match
    while not match.is_over():
        qtbot.waitUntil(lambda: match.to_act() == {0}, timeout=5000)
        view = match.view(0)
        worse = (
            1
            if view["round"] < 6
            else min(coach.HANDS, key=lambda h: coach.review(view, 0, h, "random", 6).gains[h])
        )
        before = len(match.moves)
        click(window, ("hand", worse))
        qtbot.waitUntil(lambda b=before: len(match.moves) > b, timeout=5000)
    assert window.tally.costs[-1] == 1.0
    kept = Drills(window.data_dir / "odds-drills.json")  # its own file (its kit says)
    assert kept.first() is not None and kept.first()["cost"] == 1.0
    marks = {Drills.mark(e) for e in kept.mine()}
    assert window.drill_mistakes()
    drill = window.model.session.settings.drill
    assert drill is not None and drill.mark == Drills.mark(kept.first()) and not drill.done
    again = window.model.session.match
    assert again is not match and again.view(0)["round"] == 6 and again.view(0)["chosen"] == [1]
    better = min(
        coach.HANDS, key=lambda h: -coach.review(again.view(0), 0, h, "random", 6).gains[h]
    )
    click(window, ("hand", better))
    qtbot.waitUntil(lambda: window.model.session.settings.drill.done, timeout=5000)
    assert window.tally.costs == [0.0]
    assert drill.mark not in {Drills.mark(e) for e in Drills(kept.path).mine()}
    assert marks - {drill.mark} == {Drills.mark(e) for e in Drills(kept.path).mine()}


def test_the_demo_plays_the_fourth_game_found_like_the_others(tmp_path):
    """The demo plays every game of the registry it is given; given what the program
    finds, the fourth game only (the others' tours are theirs to test), it plays it to
    the end and writes its pictures and log."""
    from illusio_table.demo import run_demo
    from illusio_table.engine.registry import Imported, Registry
    from illusio_table.games import rules

    written = run_demo(tmp_path, Registry(Imported({"odds": rules()["odds"]})))
    names = [p.name for p in written]
    assert "odds-log.txt" in names
    assert sum(1 for n in names if n.startswith("odds-") and n.endswith("-end.png")) == 1
    assert "points for" in (tmp_path / "odds-log.txt").read_text(encoding="utf-8")


def test_the_fourth_games_expert_thinks_in_the_thinking_process(make_window, qtbot):
    """Its searching bot is asked in the thinking process at a table that paces its bots,
    as the others' are: the process finds the game by the module its entry point named."""
    from illusio_table.qt.app.new_game_dialog import GameConfig

    window = make_window(bot_delay_ms=1)
    asked = []

    players = [dict(HUMAN_AND_BOT[0]), {"name": "Sage", "bot": "expert", "budget": 0.05}]
    assert window.start_match(GameConfig("odds", players, 11))
    window.model.session.thinking.connect(lambda seat: asked.append(seat))
    assert play_to_the_end(window, qtbot) == 6
    # Each round the expert asked the thinking process and its answer came back (None:
    # thinking over); the first round's question went as the match started, before the
    # test listened, its answer after.
    assert asked.count(1) == 5 and asked.count(None) == 6


def test_the_fourth_game_killed_in_a_process_of_its_own_resumes_there(qtbot, tmp_path, monkeypatch):
    """The program, a process of its own finding the fourth game installed on its path,
    killed outright (SIGKILL) in a rehearsal; the next start offers it back on the same
    screen, its tally with it."""
    import json
    import os

    from tests.odds.install import DISTRIBUTION
    from tests.program import Program

    site = next(p for p in map(Path, sys.path) if (p / DISTRIBUTION).is_dir())
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]))
    data, settings = tmp_path / "data", tmp_path / "settings.ini"
    program = Program("tests.odds.killed_window", str(data), str(settings))
    try:
        ready = program.wait_for(
            lambda: any(x.startswith(("screen ", "failed ")) for x in program.lines), 120
        )
        assert ready, program.lines[-5:]
    finally:
        program.kill()
    line = next(x for x in program.lines if x.startswith("screen "))
    shown = json.loads(line.removeprefix("screen "))
    assert shown["game"] == "odds" and len(shown["view"]["played"]) == 2
    again = window_for(data, settings)
    qtbot.addWidget(again)
    assert again.offer_resume(), again.messages
    assert screen(again) == shown
    assert again.tally is not None and again.model.session.settings.rehearsal
    again.close()
