"""The host killed mid-game with its seats on phones: the next start offers to continue,
the phones join again with new codes, and the match goes on at most one move behind."""

from __future__ import annotations

import time

from PySide6.QtCore import QSettings

from tests.program import Program

from .phone import Phone


def test_a_host_killed_mid_game_resumes_and_its_phones_join_again_with_new_codes(qtbot, tmp_path):
    from illusio_table.qt.app.main_window import MainWindow

    data = tmp_path / "data"
    data.mkdir()
    host = Program("tests.remote.host_with_phones", str(data))
    lines = host.lines
    try:
        assert host.wait_for(lambda: sum(x.startswith("address") for x in lines) == 2, 30)
        old = {int(x.split()[1]): x.split()[2] for x in lines if x.startswith("address")}
        phones = {seat: Phone(address) for seat, address in old.items()}
        for phone in phones.values():
            assert host.wait_for(lambda p=phone: bool(p.states()), 30)
        # The phones play a few castings: each points at the first thing offered, after "to!".
        for _ in range(12):
            for seat, phone in phones.items():
                state = phone.state()
                if (
                    seat in state["awaited"]
                    and state["moves"]
                    and not (state["count"] and not state["count"].endswith("to!"))
                ):
                    phone.play(state["moves"][0]["action"])
            time.sleep(0.15)
        played = [int(x.split()[1]) for x in lines if x.startswith("moves")]
        assert played and played[-1] >= 4, lines[-5:]
        host.kill()
        for phone in phones.values():
            phone.closed.wait(10)
            phone.close()
    finally:
        host.kill()
    last = max(int(x.split()[1]) for x in lines if x.startswith("moves"))

    settings = QSettings(str(data / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(data_dir=data, settings=settings, bot_delay_ms=0, interactive=False)
    window.messages = []
    window.tell = lambda title, text: window.messages.append(f"{title}: {text}")
    window.ask = lambda title, text: True  # "Continue it?" — yes
    window.phones.network = False
    qtbot.addWidget(window)
    try:
        assert window.offer_resume()
        model = window.model
        kept = len(model.game.record.moves) + len(model.match.withheld)
        assert last <= kept <= last + 1, (last, kept)
        assert model.devices == [0, 1]
        hub = window.phones.hub
        new = {seat: hub.address(seat) for seat in (0, 1)}
        for seat in (0, 1):
            assert new[seat] != old[seat]
            assert Phone(old[seat]).status in (0, 403)  # the old code opens nothing
        hub.syllable_ms = 10
        phone = Phone(new[0])
        qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
        assert phone.state()["view"] == model.game.view(0)
        before = len(model.game.record.moves)
        qtbot.waitUntil(lambda: 0 in model.game.to_act() and not hub.too_early(), timeout=5000)
        qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(0), timeout=5000)
        phone.play(phone.state()["moves"][0]["action"])
        qtbot.waitUntil(lambda: len(model.game.record.moves) > before, timeout=5000)
        phone.close()
    finally:
        window.phones.stop()
