"""The window with seats on phones: the Phones panel shows each phone seat's QR code and
whether its phone joined; the big screen shows the person at it (or the public table),
and what a phone seat decides never brings the curtain down."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QSpinBox

from illusio_table.games import builtin_registry
from illusio_table.games.incantibus.actions import Point
from illusio_table.qt.app.new_game_dialog import GameConfig
from illusio_table.qt.scenes.look import HEADING
from tests.qt.conftest import SCREENSHOTS
from tests.remote.browser import needs_browser, open_phone
from tests.remote.phone import Phone

PEOPLE = [
    {"name": "Ana", "bot": None},
    {"name": "<b>Lera</b>", "bot": None},
    {"name": "Robo", "bot": "random"},
]


def _with_phones(make_window, config):
    """A window on loopback only (tests reach no other address) playing `config`."""
    window = make_window()
    window.phones.network = False
    assert window.start_match(config)
    return window


def _labels(window) -> list[str]:
    return [w.text() for w in window.phones.findChildren(QLabel) if w.isVisibleTo(window.phones)]


def _qr_codes(window) -> int:
    return sum(1 for w in window.phones.findChildren(QLabel) if not w.pixmap().isNull())


def test_a_seat_on_a_phone_shows_its_code_until_the_phone_joins(qtbot, make_window):
    window = _with_phones(
        make_window, GameConfig("incantibus", PEOPLE, 5, {"mode": "apprentice"}, devices=[1])
    )
    try:
        model = window.model
        assert model.session.devices == [1]
        qtbot.waitUntil(lambda: "Waiting for <b>Lera</b>'s phone" in _labels(window))
        assert _qr_codes(window) == 1
        # The codes stand over the window's right side, clear of its middle, where a
        # message box (the resume's, a withheld choice's) opens.
        dock = window.phones_dock
        assert dock.isFloating()
        # (clear of a message box 540 pixels wide in the middle of a 1280-pixel window)
        window.resize(1280, 720)
        window._codes_to_scan(True)
        assert dock.geometry().left() >= window.geometry().center().x() + 270
        window.phones_dock.raise_()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(SCREENSHOTS / "phones-window.png"))
        address = window.phones.hub.address(1)
        assert address.startswith("http://127.0.0.1:") and address in _labels(window)
        # The address reads whole, in the panel standing apart and docked narrow beside
        # the table (it was cut to "ttp://…").
        label = window.phones.findChild(QLabel, "phone-address-1")
        for width in (None, 230):
            if width is not None:
                dock.setFloating(False)
                dock.raise_()
                window.resize(1280, 720)
                window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
            QApplication.processEvents()
            assert label.isVisibleTo(window.phones)
            wrap = int(Qt.TextFlag.TextWordWrap)
            laid = label.fontMetrics().boundingRect(0, 0, label.width(), 2000, wrap, label.text())
            assert laid.width() <= label.width(), (width, laid.width(), label.width())
            assert laid.height() <= label.height(), (width, laid.height(), label.height())
        # Ana is alone at the screen: her table, no curtain, whatever Lera does.
        assert model.session.viewer == 0 and model.session.curtain_seat() is None
        phone = Phone(address)
        qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
        joined = "<b>Lera</b>'s phone joined (device 127.0.0.1)"
        qtbot.waitUntil(lambda: joined in _labels(window))  # which device holds the seat
        assert _qr_codes(window) == 0  # the code leaves the screen once used
        assert phone.state()["view"] == model.session.game.view(1)
        hub = window.phones.hub
        # The big screen counts on its table too, up to "to!" (not in a bar over it, left
        # empty for the rest of the match once the count was over).
        qtbot.waitUntil(lambda: window.scene.shown_count() == "In… can… to!", timeout=5000)
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)  # after "to!"
        assert not window.tally_bar.isVisibleTo(window)  # (no bar left empty over it)
        qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(1), timeout=5000)
        phone.play(phone.state()["moves"][0]["action"])
        qtbot.waitUntil(
            lambda: any(m.seat == 1 for m in model.session.game.record.moves), timeout=5000
        )
        assert model.session.curtain_seat() is None and model.session.viewer == 0
        phone.close()
        qtbot.waitUntil(lambda: any("is away" in t for t in _labels(window)), timeout=5000)
        # Away (a locked screen), the seat's code stays off the big screen: the phone
        # rejoins with the code it has; nobody else can scan it.
        assert _qr_codes(window) == 0 and address not in _labels(window)
        assert not window.phones_dock.isFloating()
        # A flat battery: the seat comes back to the screen, and its code dies.
        window.phones.take_back(1)
        assert model.session.devices == []
        assert Phone(address).status in (0, 403)  # the server stops with its last phone seat
    finally:
        window.phones.stop()


def test_the_codes_waiting_stand_beside_the_table_not_over_it(qtbot, make_window):
    """While a phone seat waits for its phone at 1280x720, the Phones panel stands at the
    window's right and the table is fitted into the rest: End turn and the card preview
    were under the panel at Ana's first turn of Illusio (seen in a real window)."""
    people = [
        {"name": "Ana", "bot": None},
        {"name": "Lera", "bot": None},
        {"name": "Milo", "bot": None},
        {"name": "Juno", "bot": "showman"},
    ]
    window = _with_phones(make_window, GameConfig("illusio", people, 5, {}, devices=[1, 2]))
    try:
        window.resize(1280, 720)
        window._codes_to_scan(True)
        QApplication.processEvents()
        dock, view = window.phones_dock, window.table
        assert dock.isFloating()
        panel = dock.frameGeometry()
        table = view.mapToGlobal(view.rect().topRight()).x()
        assert table < panel.left(), (table, panel.left())
        # The table's heading (its words, End turn on a turn at the screen) is in the
        # view, whole.
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        heading = [i for i in view.scene().items() if i.data(HEADING) is not None]
        assert heading
        for item in heading:
            assert shown.contains(item.sceneBoundingRect()), item.sceneBoundingRect()
        window.grab().save(str(SCREENSHOTS / "phones-waiting-beside-the-table.png"))
        # Once the codes are no longer awaited, the table has the whole width again.
        window._codes_to_scan(False)
        QApplication.processEvents()
        assert window.centralWidget().layout().contentsMargins().right() == 0
    finally:
        window.phones.stop()


def test_a_resumed_match_offers_its_phone_seats_new_codes(qtbot, make_window):
    window = _with_phones(
        make_window, GameConfig("illusio", PEOPLE[:2] + [PEOPLE[2]], 5, {}, devices=[0, 1])
    )
    old = window.phones.hub.address(0)
    assert window.model.session.viewer is None  # only phones and a bot: the public table
    record = window.model.session.game.record.to_file_json()
    window.phones.stop()
    from illusio_table.engine import Match

    second = make_window()
    second.phones.network = False
    try:
        second.install(Match.load(record, builtin_registry()), None)
        assert second.model.session.devices == [0, 1]
        new = second.phones.hub.address(0)
        assert new and new.rsplit("/", 1)[1] != old.rsplit("/", 1)[1]
        assert second.model.session.viewer is None and second.model.session.curtain_seat() is None
    finally:
        second.phones.stop()


def test_a_rehearsal_with_a_friend_on_a_phone_keeps_a_tally_on_each_screen(qtbot, make_window):
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    window = make_window()
    window.phones.network = False
    dialog = RehearsalDialog(window)
    qtbot.addWidget(dialog)
    dialog.seats.setValue(3)
    dialog.phones.setValue(1)
    config = dialog.config()
    assert config.devices == [1] and [p["bot"] for p in config.players][:2] == [None, None]
    assert window.start_match(config, rehearsal=True)
    try:
        hub = window.phones.hub
        phone = Phone(hub.address(1))
        qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
        assert phone.state()["note"].startswith("Rehearsal")
        model = window.model
        # Ana (at the screen) and Lera (on her phone) point; the bot has chosen already.
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(1), timeout=5000)
        phone.play(phone.state()["moves"][0]["action"])
        qtbot.waitUntil(lambda: 1 not in model.session.game.to_act(), timeout=5000)
        model.session.act(model.session.legal_actions()[0])
        qtbot.waitUntil(lambda: "castings: 1" in phone.state()["note"], timeout=5000)
        assert "castings: 1" in window.tally.text()  # Ana's own, on the big screen
        assert window.tally.seat == 0
        # Each gets the coach's review of their own choice: Lera's chart on her phone.
        qtbot.waitUntil(lambda: bool(phone.state().get("coach")), timeout=60_000)
        chart = phone.state()["coach"]
        assert chart["casting"] == 1 and len(chart["costs"]) == 1
        assert sum(t["chosen"] for t in chart["targets"]) == 1
        assert "Coach on casting 1" in phone.state()["note"]
        assert any(line.startswith("Given what the others did") for line in chart["said"])
        # Her own line of past rehearsals, kept under her name: this one, so far.
        assert chart["past"] == [round(chart["average"], 3)]
        kept = json.loads((window.data_dir / "coach.json").read_text())["rehearsals"]
        assert [e.get("who") for e in kept if e.get("who")] == ["Lera"]
        phone.close()
    finally:
        window.phones.stop()


@needs_browser
def test_after_a_reveal_the_coachs_review_is_in_the_first_screenful_of_the_phone(
    qtbot, make_window
):
    """A rehearsal with Lera on her phone (chromium, 390×844): once her casting is
    revealed and reviewed, the coach's review stands right under the room she pointed
    at, its heading in the first screenful of a page several screens tall (it sat at the
    page's foot)."""
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    window = make_window()
    window.phones.network = False
    dialog = RehearsalDialog(window)
    qtbot.addWidget(dialog)
    dialog.seats.setValue(3)
    dialog.phones.setValue(1)
    assert window.start_match(dialog.config(), rehearsal=True)
    hub = window.phones.hub
    driver = open_phone(hub.address(1))
    try:
        model = window.model
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        qtbot.waitUntil(
            lambda: driver.execute_script("return state && state.version") == hub.version(1),
            timeout=15_000,
        )
        driver.execute_script("play(state.moves[0].action)")  # Lera points
        qtbot.waitUntil(lambda: 1 not in model.session.game.to_act(), timeout=5000)
        model.session.act(model.session.legal_actions()[0])  # Ana points: the reveal
        coach = lambda: driver.find_elements("css selector", ".coach")  # noqa: E731
        qtbot.waitUntil(lambda: bool(coach()), timeout=60_000)
        top = driver.execute_script(
            "return window.scrollY + arguments[0].getBoundingClientRect().top", coach()[0]
        )
        page = driver.execute_script("return document.documentElement.scrollHeight")
        heading = driver.execute_script("return document.getElementById('top').offsetHeight")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / "phone-coach-after-a-reveal.png"))
        assert page > 2 * 844, "a page several screens tall"
        assert heading <= top < 844 - 60, f"the review at {top} px of {page}"
        assert coach()[0].text.startswith("Coach — casting 1: your choice was ")
    finally:
        driver.quit()
        window.phones.stop()


def test_a_port_set_in_the_settings_is_the_port_the_phones_use(qtbot, make_window):
    import socket

    with socket.socket() as probe:  # a port free on loopback now
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    window = make_window()
    window.phones.network = False
    window.settings.setValue("phones/port", free)
    config = GameConfig("illusio", PEOPLE, 5, {}, devices=[1])
    assert window.start_match(config)
    try:
        assert window.phones.hub.address(1).startswith(f"http://127.0.0.1:{free}/seat/")
        spin = window.phones.findChild(QSpinBox, "phones-port")
        assert spin.value() == free
        spin.setValue(0)  # back to any port, from the next server on
        assert window.phones.port() == 0
    finally:
        window.phones.stop()


def test_the_first_count_after_a_reveal_is_as_large_on_the_big_screen_as_the_others(
    qtbot, make_window
):
    """After a reveal the next casting's "In…" comes after the table is redrawn, so it
    stands across the middle of the table like "can…" and "to!", not only in the bar."""
    from illusio_table.qt.scenes.base import KEY, MARK

    window = _with_phones(
        make_window, GameConfig("incantibus", PEOPLE, 9, {"mode": "apprentice"}, devices=[1])
    )
    try:
        model = window.model
        model.session.syllable_ms = 50
        heard = []
        model.counting.connect(heard.append)
        phone = Phone(window.phones.hub.address(1))
        qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
        qtbot.waitUntil(lambda: not model.session.too_early(), timeout=5000)

        def count_shown() -> str:
            for item in window.scene.items():
                if item.data(KEY) == (MARK, "count") and item.isVisible():
                    return [c.text() for c in item.childItems() if hasattr(c, "text")][0]
            return ""

        hub = window.phones.hub
        checked = False
        for _ in range(12):  # castings, until one is followed at once by the next
            if model.session.match.is_over():
                break
            reveal = model.session.match.last_reveal()
            if 0 in model.session.match.to_act() and model.session.viewer == 0:
                assert model.session.act(model.session.legal_actions()[0])  # Ana, at the screen
            if 1 in model.session.match.to_act():
                qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(1), timeout=5000)
                qtbot.waitUntil(lambda: bool(phone.state()["moves"]), timeout=5000)
                heard.clear()
                phone.play(phone.state()["moves"][0]["action"])  # Lera, on her phone
                qtbot.waitUntil(
                    lambda r=reveal: (
                        model.session.match.last_reveal() != r
                        or 1 not in model.session.match.to_act()
                        or bool(phone.refusals())
                    )
                )
                assert not phone.refusals(), phone.refusals()
            # The reveal plays (at once here: no motion) and the table is released.
            if model.session.match.last_reveal() != reveal and model.session.count_words():
                assert heard[:1] == ["In…"]
                assert count_shown() == model.session.count_words()  # across the table, large
                checked = True
                break
            qtbot.waitUntil(lambda: not model.session.too_early(), timeout=5000)
        assert checked
        phone.close()
    finally:
        window.phones.stop()


def test_a_new_game_with_the_same_people_keeps_their_phones_joined(qtbot, make_window):
    """The phones join the table, not one match: after New game, Lera's phone stays
    joined with its code, is asked whether the new seat is hers, and is sent nothing of
    the new match before she says so; no code comes back on the big screen."""
    import json

    window = make_window()
    window.phones.network = False
    first = GameConfig("incantibus", PEOPLE, 5, {"mode": "apprentice"}, devices=[1])
    assert window.start_match(first)
    try:
        phone = Phone(window.phones.hub.address(1))
        qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
        address = window.phones.hub.address(1)
        second = GameConfig("illusio", PEOPLE, 6, {}, devices=[1])
        assert window.start_match(second)
        model = window.model
        qtbot.waitUntil(lambda: phone.received[-1]["type"] == "confirm", timeout=5000)
        assert phone.received[-1]["name"] == "<b>Lera</b>"
        assert phone.state()["game"] == "incantibus"  # no state of the new match yet
        assert not phone.closed.is_set() and window.phones.hub.address(1) == address
        assert _qr_codes(window) == 0, (_labels(window), window.phones.hub.status(1))
        phone.send_text(json.dumps({"type": "confirm"}))
        qtbot.waitUntil(lambda: phone.state()["game"] == "illusio", timeout=5000)
        assert phone.state()["view"] == model.session.game.view(1)
        cards = [m for m in phone.received if m["type"] == "cards"]
        assert cards[-1]["game"] == "illusio"
        phone.close()
    finally:
        window.phones.stop()


def test_the_seats_panel_says_phone_and_the_heading_keeps_the_winner_for_after_the_reveal(
    qtbot, make_window
):
    from PySide6.QtCore import Qt

    window = _with_phones(
        make_window, GameConfig("incantibus", PEOPLE, 5, {"mode": "apprentice"}, devices=[1])
    )
    try:
        model = window.model
        seats = window.seats_view.model()
        kinds = [seats.index(r, 1).data(Qt.ItemDataRole.DisplayRole) for r in range(3)]
        assert kinds == ["human", "phone", "bot (random)"]
        # Played to its end (every seat by the engine's own first move).
        for _ in range(3000):
            if model.session.match.is_over():
                break
            seat = min(model.session.match.to_act())
            model.session.match.apply(seat, model.session.match.legal_actions(seat)[0])
        assert model.session.match.is_over()
        model.session.holding = True  # the last casting is being revealed
        assert "won" not in window.heading() and "revealed" in window.heading()
        model.session.holding = False
        assert "won" in window.heading()
    finally:
        window.phones.stop()


def test_a_seat_opened_again_is_said_on_the_big_screen(qtbot, make_window):
    """Nothing joins a seat unseen: a second page of Lera's device on her code (a reload,
    another tab) takes the seat, and the big screen says so; her phone back after a cut
    (no page of it left open) is said to have joined again, without the older page
    closed that every rejoin was said to have (it alarmed a group for nothing); a device
    let in by the phone is said to have taken the seat over."""
    window = _with_phones(make_window, GameConfig("illusio", PEOPLE, 5, {}, devices=[1]))
    bar = window.statusBar()
    try:
        address = window.phones.hub.address(1)
        first = Phone(address)
        qtbot.waitUntil(lambda: bool(first.states()), timeout=5000)
        qtbot.wait(200)
        assert "opened again" not in bar.currentMessage()
        second = Phone(address, token=first.token)
        qtbot.waitUntil(lambda: bool(second.states()), timeout=5000)
        said = "<b>Lera</b>'s seat was opened again on device 127.0.0.1; its older page was closed."
        qtbot.waitUntil(lambda: bar.currentMessage() == said, timeout=5000)
        qtbot.waitUntil(first.closed.is_set, timeout=5000)
        second.close()
        qtbot.waitUntil(lambda: window.phones.hub.status(1) == "away", timeout=5000)
        bar.clearMessage()
        back = Phone(address, token=first.token)  # (after the cut, the same phone)
        qtbot.waitUntil(lambda: bool(back.states()), timeout=5000)
        said = "<b>Lera</b>'s phone joined again (device 127.0.0.1)."
        qtbot.waitUntil(lambda: bar.currentMessage() == said, timeout=5000)
        other = Phone(address)  # another device: it knocks, and Lera's phone lets it in
        qtbot.waitUntil(lambda: bool(back.asked()), timeout=5000)
        back.answer(True)
        qtbot.waitUntil(lambda: bool(other.states()), timeout=5000)
        said = "<b>Lera</b>'s seat moved to device 127.0.0.1; the page before it was closed."
        qtbot.waitUntil(lambda: bar.currentMessage() == said, timeout=5000)
        other.close()
    finally:
        window.phones.stop()


def test_a_phone_away_is_said_on_the_big_screen_until_it_is_back(qtbot, make_window):
    """Lera's Wi-Fi gone for half a minute: the heading said "Lera is playing." and the
    Phones panel, a tab behind Moves once the phones had joined, was the only place that
    said her phone was away. Now the status bar's corner says it, in sight whichever panel
    is in front, for as long as it is away, and says nothing once it is back."""
    people = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
    people += [{"name": "Milo", "bot": None}, {"name": "Robo", "bot": "random"}]
    window = _with_phones(make_window, GameConfig("illusio", people, 5, {}, devices=[1, 2]))
    window.resize(1280, 720)
    window.show()
    said = window.phones_away
    try:
        lera, milo = (Phone(window.phones.hub.address(seat)) for seat in (1, 2))
        qtbot.waitUntil(lambda: bool(lera.states()) and bool(milo.states()), timeout=5000)
        window.moves_dock.raise_()  # the Phones panel behind Moves, as in play
        assert not said.isVisible()
        lera.close()
        words = "Lera's phone is away: the match waits for it (it joins again by itself)."
        qtbot.waitUntil(lambda: said.isVisible() and said.text() == words, timeout=5000)
        milo.close()
        both = (
            "Lera's and Milo's phones are away: the match waits for them (they join again"
            " by themselves)."
        )
        qtbot.waitUntil(lambda: said.text() == both, timeout=5000)
        # Whole on the screen, in the window's status bar, at 1280 pixels.
        corner = said.geometry().translated(
            said.parentWidget().mapTo(window, said.pos()) - said.pos()
        )
        assert window.rect().contains(corner), (corner, window.rect())
        assert said.fontMetrics().horizontalAdvance(both) <= said.width()
        window.grab().save(str(SCREENSHOTS / "big-screen-phones-away.png"))
        # A message of the table's (a card pointed at) does not take its place.
        window.statusBar().showMessage("Point at a card to read it.")
        assert said.isVisible() and said.text() == both
        back = Phone(window.phones.hub.address(1), token=lera.token)
        qtbot.waitUntil(lambda: said.text() == words.replace("Lera", "Milo"), timeout=5000)
        again = Phone(window.phones.hub.address(2), token=milo.token)
        qtbot.waitUntil(lambda: not said.isVisible(), timeout=5000)
        back.close()
        again.close()
    finally:
        window.phones.stop()


def test_the_big_screen_answers_for_a_phone_gone_a_while_with_no_secret_in_sight(
    qtbot, make_window
):
    """Lera's phone died; her new phone opens her seat's code. Her old phone cannot be
    asked, so once it has been gone a while the big screen asks, on her behalf, but not
    over Ana's table: Ana first lets the curtain fall. Lera's code never comes back on
    the screen meanwhile."""
    from PySide6.QtWidgets import QPushButton

    window = _with_phones(make_window, GameConfig("illusio", PEOPLE, 5, {}, devices=[1]))
    try:
        model, panel, hub = window.model, window.phones, window.phones.hub
        hub.away_before_screen = 0.3  # the house's 20 s, shortened
        address = hub.address(1)
        old = Phone(address)
        qtbot.waitUntil(lambda: bool(old.states()), timeout=5000)
        old.close()
        qtbot.waitUntil(lambda: any("is away" in t for t in _labels(window)), timeout=5000)
        new = Phone(address)  # another device: it waits
        qtbot.waitUntil(lambda: any(m["type"] == "knock" for m in new.received), timeout=5000)
        asks = "asks to take <b>Lera</b>'s seat"
        qtbot.waitUntil(lambda: any(asks in t for t in _labels(window)), timeout=5000)
        assert window.phones_dock.isFloating()  # the question stands over the window
        # Ana's own table is on the screen: no answer there, only a way to hide it.
        assert model.session.viewer == 0 and panel.findChild(QPushButton, "allow-1") is None
        hide = panel.findChild(QPushButton, "hide-1")
        assert hide.text() == "Hide Ana's table to answer"
        assert _qr_codes(window) == 0
        # A curtain falling by itself opens the answer; lifted, the answer goes again.
        model.session.look_away()
        assert panel.findChild(QPushButton, "allow-1") is not None
        model.session.lift_curtain()
        assert panel.findChild(QPushButton, "allow-1") is None
        panel.findChild(QPushButton, "hide-1").click()
        assert model.session.curtain_seat() == 0 and model.session.viewer is None
        panel.findChild(QPushButton, "allow-1").click()
        qtbot.waitUntil(lambda: bool(new.states()), timeout=5000)
        assert new.state()["view"] == model.session.game.view(1)
        assert all(m["type"] in ("knock", "device", "cards", "state") for m in new.received)
        joined = "<b>Lera</b>'s phone joined (device 127.0.0.1)"
        qtbot.waitUntil(lambda: joined in _labels(window), timeout=5000)
        assert not any(asks in t for t in _labels(window)) and _qr_codes(window) == 0
        assert not window.phones_dock.isFloating()
        model.session.lift_curtain()  # Ana is back at her table
        assert model.session.viewer == 0
        new.close()
    finally:
        window.phones.stop()


def test_after_a_crash_the_phones_rejoin_on_the_port_the_system_had_chosen(qtbot, make_window):
    """No port set (the system chooses one): killed mid-game, the next start asks for the
    port it had again and opens the same codes, and a phone still on its page rejoins by
    itself (a play-test's two phones were left "trying to join again" while the resumed
    match showed new codes on another port)."""
    window = _with_phones(
        make_window, GameConfig("illuminati", PEOPLE, 5, {"hidden_goals": True}, devices=[1])
    )
    assert window.phones.port() == 0
    hub = window.phones.hub
    old = hub.address(1)
    phone = Phone(old)
    qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
    qtbot.waitUntil(lambda: hub.status(1) == "joined", timeout=5000)
    window.phones._keep_codes()
    hub.server.stop()  # the program killed: its server gone, the kept codes left behind
    phone.closed.wait(10)
    phone.close()
    second = make_window()
    second.phones.network = False
    try:
        assert second.offer_resume()
        again = second.phones.hub
        assert again.address(1) == old  # the same port, the same code
        assert again.status(1) == "away" and _qr_codes(second) == 0
        back = Phone(old, token=phone.token)
        qtbot.waitUntil(lambda: bool(back.states()), timeout=5000)
        assert back.state()["view"] == second.model.session.game.view(1)
        back.close()
    finally:
        second.phones.stop()
        window.phones.stop()


def test_a_phone_not_back_since_a_crash_is_said_away_without_an_empty_device(qtbot, make_window):
    window = _with_phones(make_window, GameConfig("illusio", PEOPLE, 5, {}, devices=[1]))
    try:
        hub = window.phones.hub
        # The seat as a resumed match gives it again: its code, its phone had joined.
        hub.give(1, hub.codes()[1], joined=True)
        window.phones.refresh()
        words = window.phones.status_words(1)
        assert words.startswith("<b>Lera</b>'s phone is away: the match waits for it")
        assert "(device" not in words and _qr_codes(window) == 0
    finally:
        window.phones.stop()


def test_quitting_tells_the_phones_the_match_is_kept_and_a_finished_one_that_it_ended(
    qtbot, make_window
):
    """Closing the window on an unfinished match keeps it for the next start (it resumes,
    with new codes): the phones are told so, not that it ended (issue 58, 6); a match
    over is said to have ended."""
    from illusio_table.remote.hub import ENDED, PUT_AWAY
    from tests.games.illusio.helpers import set_over

    for over in (False, True):
        window = _with_phones(make_window, GameConfig("illusio", PEOPLE, 5, {}, devices=[1]))
        phone = Phone(window.phones.hub.address(1))
        qtbot.waitUntil(lambda p=phone: bool(p.states()), timeout=5000)
        if over:
            set_over(window.model.session.match.game)
        assert window.model.session.match.is_over() == over
        window.close()
        qtbot.waitUntil(lambda p=phone: p.closed.is_set(), timeout=5000)
        assert phone.closed_for() == (ENDED if over else PUT_AWAY)


def test_leaving_a_match_with_phones_says_what_becomes_of_them(qtbot, make_window):
    """The question before New game says what the joined phones will see (a play-test
    found it silent about them); with no phone it says nothing of phones."""
    asked: list[str] = []
    window = _with_phones(make_window, GameConfig("illusio", PEOPLE, 5, {}, devices=[1]))
    try:
        window.ask = lambda title, text: asked.append(text) or False
        assert not window.may_leave()
        assert "any other phone is told the match has ended" in asked[-1]
    finally:
        window.phones.stop()
    plain = _with_phones(make_window, GameConfig("illusio", PEOPLE, 5, {}))
    plain.ask = lambda title, text: asked.append(text) or False
    assert not plain.may_leave()
    assert "phone" not in asked[-1]


def test_a_match_resumed_after_a_crash_whose_port_is_taken_now_gives_new_codes(qtbot, make_window):
    """After a crash the server listens again on the port of before, where the setting
    lets the system choose; when another program holds that port now, the seats get new
    codes on another port, with nothing said amiss (no "could not start")."""
    import socket

    from illusio_table.engine import Match

    window = _with_phones(make_window, GameConfig("illusio", PEOPLE, 5, {}, devices=[1]))
    old, port = window.phones.hub.address(1), window.phones.hub.server.port
    kept = window.phones.keep.read_text(encoding="utf-8")
    record = window.model.session.game.record.to_file_json()
    window.phones.stop()  # (as a crash would not: the kept codes are written back)
    window.phones.keep.write_text(kept, encoding="utf-8")
    second = make_window()
    second.phones.network = False
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", port))
        holder.listen()
        try:
            second.install(Match.load(record, builtin_registry()), None)
            hub = second.phones.hub
            assert second.model.session.devices == [1] and not second.phones.problem
            new = hub.address(1)
            assert new and hub.server.port != port and new != old
            assert hub.status(1) != "away"  # its code is on the screen, to scan
        finally:
            second.phones.stop()


def test_the_big_screen_says_its_person_has_chosen_not_what_while_a_phone_still_chooses(
    qtbot, make_window
):
    """Ana at the big screen, Lera on her phone. Ana points first: the big screen, which
    Lera looks at too (the reveal plays there), says that Ana has chosen and whom it waits
    for, never what she pointed at (it said "You have chosen: point at the 3 Gold with
    your wand 2" in large letters until Lera had pointed)."""
    window = _with_phones(
        make_window, GameConfig("incantibus", PEOPLE, 5, {"mode": "expert"}, devices=[1])
    )
    try:
        session = window.model.session
        hub = window.phones.hub
        phone = Phone(hub.address(1))
        qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        room = session.view()["room"]["tokens"]
        target = next(t for t in room if t.get("face_up"))
        assert session.act(Point("room", target["slot"]))
        QApplication.processEvents()
        heading = window.scene.heading_words()
        assert heading.startswith("You have chosen; it stays hidden"), heading
        assert "Waiting for <b>Lera</b>…" in heading, heading
        assert target["name"] not in heading and "point at" not in heading.lower()
        # Lera's phone is told nothing of it either.
        assert target["name"] not in phone.state()["heading"]
    finally:
        window.phones.stop()
