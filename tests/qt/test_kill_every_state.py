"""A crash in any state of the table, and the next start resumes it on the same screen.

Every kind of state (table_states.STATES: a plain match, the curtain down, a guide, a
rehearsal, the casting coach, a drill, table mode, a seat on a phone, an Illuminati
trade under way with a seat standing aside, a reveal on the screen) is set up in a real
window, which is then cut off as a crash would (nothing written after that moment, its
files left as they are); a new window on the same data folder offers the match back, and
shows what the first showed: the same page (the curtain, and for whom, or whose table),
view, moves, bars and settings, and the same phone codes. For four of the states the
program is a process of its own, killed outright (SIGKILL)."""

from __future__ import annotations

import json
import socket
import threading

import pytest
from PySide6.QtWidgets import QApplication

from illusio_table.table.kept import Drills
from tests.program import Program

from .table_states import STATES, keep_a_drill, screen, window_for

KILLED = ("drill", "guide", "trade", "table mode")  # in a process of their own


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def folder(tmp_path):
    """The data folder and the settings file of two runs of the program, with a fixed
    phones' port (so that a resumed match can open its phones' codes again)."""
    from PySide6.QtCore import QSettings

    settings = tmp_path / "settings.ini"
    kept = QSettings(str(settings), QSettings.Format.IniFormat)
    kept.setValue("phones/port", _free_port())
    kept.sync()
    return tmp_path / "data", settings


def crash(window) -> None:
    """The program stops here, as a crash stops it: nothing more is written (the
    autosave and the phones' codes stay as they are) and nothing it awaited comes."""
    model = window.model
    model.session.autosave = None
    model.session.put_away()
    for tally in window.tallies.values():
        tally.blockSignals(True)  # (a review still coming never arrives)
    window.phones.keep = None
    if window.phones.hub is not None:
        window.phones.hub.stop()  # its port is free for the next start
        window.phones.hub = None


def resumed(qtbot, data, settings):
    window = window_for(data, settings)
    qtbot.addWidget(window)
    assert window.offer_resume(), window.messages
    QApplication.processEvents()
    return window


def same_screen(state: str, before: dict, after: dict, window) -> None:
    if state == "reveal":
        # The reveal is not played again: the resumed table tells it in words.
        assert before["heading"].endswith("Everyone sees the choices revealed")
        assert after["heading"].endswith("Ana's table")
        # Nothing is offered while a reveal is on the screen; resumed, the table offers
        # the next casting's moves.
        assert before["moves offered"] == [] and after["moves offered"]
        before = dict(before, heading=None, **{"moves offered": None})
        after = dict(after, heading=None, **{"moves offered": None})
        texts = [getattr(i, "text", lambda: "")() for i in window.scene.items()]
        assert any("Last casting:" in t for t in texts if isinstance(t, str))
    assert after == before


@pytest.mark.parametrize("state", [s for s in STATES if s not in KILLED])
def test_a_crash_in_any_state_of_the_table_resumes_on_the_same_screen(qtbot, folder, state):
    data, settings = folder
    first = window_for(data, settings)
    qtbot.addWidget(first)
    STATES[state](first)
    QApplication.processEvents()
    before = screen(first)
    crash(first)
    again = resumed(qtbot, data, settings)
    same_screen(state, before, screen(again), again)
    again.phones.stop()


def test_a_program_killed_in_a_drill_a_guide_a_trade_or_table_mode_resumes_there(qtbot, folder):
    """The same, with the program in a process of its own, killed outright. Two at a
    time (this machine has two cores), each on its own data folder."""
    data, settings = folder
    shown: dict[str, dict] = {}

    def kill_in(state: str) -> None:
        place = data.with_name(f"data {state}")
        program = Program("tests.qt.state_window", str(place), str(settings), state)
        try:
            ready = program.wait_for(
                lambda: any(x.startswith(("screen ", "failed ")) for x in program.lines), 120
            )
            assert ready, program.lines[-5:]
        finally:
            program.kill()
        line = next(x for x in program.lines if x.startswith("screen "))
        shown[state] = json.loads(line.removeprefix("screen "))

    for pair in (KILLED[:2], KILLED[2:]):
        threads = [threading.Thread(target=kill_in, args=(state,)) for state in pair]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert set(shown) == set(KILLED), "a program did not get to its state"
    for state in KILLED:
        again = resumed(qtbot, data.with_name(f"data {state}"), settings)
        same_screen(state, shown[state], screen(again), again)
        if state == "drill":  # begun, not played: still kept to drill
            assert len(Drills(data.with_name("data drill") / "drills.json").entries) == 1
        again.close()


def test_a_drill_leaves_the_kept_drills_only_once_played_through(qtbot, folder):
    """Begun, it stays kept (a crash then loses nothing); played, its casting revealed,
    and the program cut off before the coach's review came: the next start resumes the
    drill, reviews that casting, and only then is the drill done and taken out."""
    data, settings = folder
    first = window_for(data, settings)
    qtbot.addWidget(first)
    drills = keep_a_drill(first)
    assert first.drill_mistakes()
    assert len(Drills(drills.path).entries) == 1, "begun is not done"
    drill = first.model.session.settings.drill
    assert drill is not None and not drill.done and drill.others
    first.model.session.act(first.model.session.legal_actions()[0])  # Ana points again: the reveal
    crash(first)  # before the review comes back from the thinking process
    assert len(Drills(drills.path).entries) == 1
    again = resumed(qtbot, data, settings)
    assert again.tally.drill == drill
    qtbot.waitUntil(lambda: again.model.session.settings.drill.done, timeout=60_000)
    assert "Coach on casting 1" in again.tally_bar.text()
    assert Drills(drills.path).entries == []
    # Done is kept: a later restart does not review it again, nor look for it.
    again.model.session.put_away()
    third = resumed(qtbot, data, settings)
    assert third.model.session.settings.drill.done and third.tally.reviews == []


def test_after_a_crash_the_phones_rejoin_on_the_port_the_system_had_picked(qtbot, tmp_path):
    """No port set for the phones (the system picks one, as it does unless a person sets
    one), Lera's phone joined, then the casting coach turned on for Ana: the program
    crashes. Started again, the match listens on the same port with the same code, so
    Lera's page, still open and retrying, rejoins by itself (seen in a real window: the
    resumed match picked a new port and new codes, and both phones were left saying
    "Connection lost"; the coach, turned on after the codes were kept, had also made
    the kept codes look like another match's)."""
    from illusio_table.qt.app.new_game_dialog import GameConfig
    from tests.remote.phone import Phone

    data, settings = tmp_path / "data", tmp_path / "settings.ini"
    first = window_for(data, settings)
    qtbot.addWidget(first)
    people = [
        {"name": "Ana", "bot": None},
        {"name": "Lera", "bot": None},
        {"name": "Juno", "bot": "cunning"},
    ]
    assert first.phones.port() == 0
    assert first.start_match(GameConfig("incantibus", people, 5, {"mode": "expert"}, devices=[1]))
    hub = first.phones.hub
    port, code = hub.server.port, hub.codes()[1]
    phone = Phone(hub.address(1))
    try:
        qtbot.waitUntil(lambda: hub.status(1) == "joined", timeout=5000)
        kept = first.phones.keep
        qtbot.waitUntil(lambda: json.loads(kept.read_text())["joined"] == [1], timeout=5000)
        first.coach_me(True)
        assert first.model.session.settings.coach == 0
        crash(first)
        qtbot.waitUntil(lambda: phone.closed.is_set(), timeout=5000)
    finally:
        phone.close()
    again = resumed(qtbot, data, settings)
    try:
        hub = again.phones.hub
        assert hub.server.port == port and hub.codes()[1] == code
        assert hub.status(1) == "away"  # its phone had joined: no code to scan on the screen
        back = Phone(f"http://127.0.0.1:{port}/seat/{code}", token=phone.token)
        try:
            qtbot.waitUntil(lambda: hub.status(1) == "joined", timeout=5000)
            qtbot.waitUntil(lambda: bool(back.states()), timeout=5000)
            assert back.state()["seat"] == 1
        finally:
            back.close()
    finally:
        again.phones.stop()


def test_after_a_crash_a_port_taken_meanwhile_gives_the_phones_new_codes(qtbot, tmp_path):
    """The same, but something else took the port meanwhile: the seat gets a new code on
    a port the system picks, shown to scan (never a seat said away that no page can
    reach)."""
    from illusio_table.qt.app.new_game_dialog import GameConfig

    data, settings = tmp_path / "data", tmp_path / "settings.ini"
    first = window_for(data, settings)
    qtbot.addWidget(first)
    people = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
    assert first.start_match(GameConfig("incantibus", people, 5, {"mode": "expert"}, devices=[1]))
    port, code = first.phones.hub.server.port, first.phones.hub.codes()[1]
    crash(first)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        again = resumed(qtbot, data, settings)
        try:
            hub = again.phones.hub
            assert hub.server.port != port and hub.codes()[1] != code
            assert hub.status(1) == "waiting"
        finally:
            again.phones.stop()
