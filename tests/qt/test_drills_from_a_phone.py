"""Drills start from a phone too: a phone person's costly mistakes are kept as their own
drills, under their name; their phone offers "Drill my mistakes" while they have some
(and only then); asking there starts their drill as the big screen would (the big
screen is asked first while a match is unfinished, as for its own), their seat on
their phone, and the coach's note on it goes to that phone alone. No other seat's
phone, nor a second device not let in, can start it."""

from __future__ import annotations

import json

from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog
from illusio_table.remote.hub import DRILL_DECLINED
from illusio_table.table.kept import Drills
from tests.remote.browser import SCREENSHOTS, needs_browser, open_phone
from tests.remote.phone import Phone

from .table_states import ANA, LERA, keep_a_drill, keep_a_phone_drill, offered, phones

ASK = json.dumps({"type": "drill"})


def _window(make_window):
    window = make_window()
    window.phones.network = False  # (loopback: the tests reach no other address)
    window.asked = []
    window.ask = lambda title, text: window.asked.append(text) or True
    return window


def _joined(qtbot, window, seat: int = 1) -> Phone:
    phone = Phone(window.phones.hub.address(seat))
    qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
    return phone


def test_a_phone_persons_mistake_is_kept_as_their_own_drill(qtbot, make_window, monkeypatch):
    """A rehearsal of Ana (at the screen) and Lera (on her phone): the coach keeps each
    one's costly choices as their own drills, Lera's under her name, and her phone is
    offered them; the big screen's menu counts Ana's alone. (Every reviewed casting is
    made worth a drill here: which choice is costly is the coach's test, not this one.)"""
    monkeypatch.setattr(Drills, "COST", 0.0)
    window = _window(make_window)
    dialog = RehearsalDialog(window)
    qtbot.addWidget(dialog)
    dialog.seats.setValue(3)
    dialog.phones.setValue(1)
    config = dialog.config()
    config.seed = 4
    assert window.start_match(config, rehearsal=True)
    try:
        hub, model = window.phones.hub, window.model
        lera = model.session.match.name(1)
        phone = _joined(qtbot, window)
        assert offered(phone) == 0  # nothing kept yet
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(1), timeout=5000)
        phone.play(phone.state()["moves"][0]["action"])
        qtbot.waitUntil(lambda: 1 not in model.session.game.to_act(), timeout=5000)
        model.session.act(model.session.legal_actions()[0])
        tallies = window.tallies.values()
        qtbot.waitUntil(lambda: all(t.reviews for t in tallies), timeout=60_000)
        path = window.data_dir / "drills.json"
        hers, anas = Drills(path, lera).mine(), Drills(path).mine()
        assert len(hers) == 1 and len(anas) == 1
        assert sorted(hers[0]["others"]) == ["0", "2"]  # the casting is hers to point again
        assert hers[0]["said"] == window.tallies[1].reviews[0][1]
        assert sorted(anas[0]["others"]) == ["1", "2"] and "who" not in anas[0]
        qtbot.waitUntil(lambda: offered(phone) == 1, timeout=5000)
        window._count_drills()
        assert window.drill_action.text() == "&Drill my mistakes (1)"  # Ana's, not Lera's
        phone.close()
    finally:
        window.phones.stop()


def test_the_phone_is_offered_drill_my_mistakes_only_with_drills_of_its_own(qtbot, make_window):
    """Ana's drill is hers: Lera's phone is offered nothing, and a request is refused.
    With a drill of Lera's kept, the next match offers it on her phone, once joined."""
    window = _window(make_window)
    keep_a_drill(window)  # Ana's (at the screen)
    phones(window)
    try:
        phone = _joined(qtbot, window)
        assert offered(phone) == 0
        phone.send_text(ASK)
        qtbot.waitUntil(lambda: bool(phone.refusals()), timeout=5000)
        assert phone.refusals() == ["Drilling your mistakes is not offered to this seat now."]
        assert window.model.session.settings.drill is None and window.asked == []
        phone.close()
        window.phones.stop()
        keep_a_phone_drill(window)  # Lera's
        phones(window)
        phone = _joined(qtbot, window)
        qtbot.waitUntil(lambda: offered(phone) == 1, timeout=5000)
        phone.close()
    finally:
        window.phones.stop()


def test_a_drill_asked_on_the_phone_starts_and_its_review_goes_to_that_phone_only(
    qtbot, make_window
):
    """Lera asks on her phone: the big screen is asked first (the match in play is not
    over), then her drill starts as the big screen's would: the others' choices made as
    they were, her seat on her phone to point again. The coach's review of her new
    choice reaches her phone; the big screen shows nothing of it. Played through, the
    drill leaves the kept ones and her phone's offer goes."""
    window = _window(make_window)
    keep_a_phone_drill(window)
    phones(window)
    try:
        phone = _joined(qtbot, window)
        qtbot.waitUntil(lambda: offered(phone) == 1, timeout=5000)
        phone.send_text(ASK)
        model = window.model
        qtbot.waitUntil(lambda: window.model is not model, timeout=5000)
        assert window.asked and window.asked[0].startswith("Lera asks on the phone to drill")
        model, hub = window.model, window.phones.hub
        drill = model.session.settings.drill
        assert drill is not None and drill.seat == 1 and model.session.settings.coach == 1
        assert model.session.devices == [1] and set(window.tallies) == {1}
        assert set(model.session.game.to_act()) == {1}  # Ana's and the bot's choices are made
        confirm = lambda: any(m["type"] == "confirm" for m in phone.received)  # noqa: E731
        qtbot.waitUntil(confirm, timeout=5000)
        phone.send_text(json.dumps({"type": "confirm"}))
        drilling = "Drill — before, your choice here cost 2.4 points."
        qtbot.waitUntil(lambda: hub.notes.get(1, "").startswith(drilling), timeout=5000)
        qtbot.waitUntil(lambda: phone.state()["note"].startswith(drilling), timeout=5000)
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(1), timeout=5000)
        phone.play(phone.state()["moves"][0]["action"])
        qtbot.waitUntil(lambda: model.session.settings.drill.done, timeout=60_000)
        reviewed = lambda: "Coach on casting 1" in phone.state()["note"]  # noqa: E731
        qtbot.waitUntil(reviewed, timeout=5000)
        assert phone.state()["coach"] == window.tallies[1].chart()
        # The big screen (Ana's table) shows nothing of Lera's drill nor its review (its
        # bar says the phones' count at most).
        bar = window.tally_bar.text() + window.tally_bar.toolTip()
        assert "Drill" not in bar and "Coach" not in bar and "2.4" not in bar
        assert not window.coach_dock.isVisibleTo(window)
        assert Drills(window.data_dir / "drills.json", "Lera").mine() == []
        qtbot.waitUntil(lambda: offered(phone) == 0, timeout=5000)
        phone.close()
    finally:
        window.phones.stop()


def test_no_other_seats_phone_nor_a_second_device_starts_a_persons_drill(qtbot, make_window):
    """Lera's drill is kept. Mia's phone (another seat) is offered nothing and refused; a
    second device on Lera's code, not let in, is sent nothing and its request is not
    read. And when the big screen says no, Lera's phone is told and the match goes on."""
    window = _window(make_window)
    keep_a_phone_drill(window)
    players = [ANA, LERA, {"name": "Mia", "bot": None}]
    from .table_states import start

    start(window, "incantibus", players, 7, {"mode": "apprentice"}, devices=[1, 2])
    try:
        model = window.model
        lera, mia = _joined(qtbot, window, 1), _joined(qtbot, window, 2)
        qtbot.waitUntil(lambda: offered(lera) == 1, timeout=5000)
        assert offered(mia) == 0
        mia.send_text(ASK)
        qtbot.waitUntil(lambda: bool(mia.refusals()), timeout=5000)
        stranger = Phone(window.phones.hub.address(1))  # another device on Lera's code
        qtbot.waitUntil(lambda: bool(lera.asked()), timeout=5000)  # (Lera is asked)
        stranger.send_text(ASK)
        mia.send_text(json.dumps({"type": "cards"}))  # (a round trip after the stranger's)
        seen = len(mia.received)
        qtbot.waitUntil(lambda: len(mia.received) > seen, timeout=5000)
        assert window.model is model and model.session.settings.drill is None
        assert window.asked == []
        assert all(m["type"] != "drills" and m["type"] != "state" for m in stranger.received)
        # The big screen keeps its match: Lera's phone hears so, nothing starts.
        window.ask = lambda title, text: False
        lera.send_text(ASK)
        qtbot.waitUntil(lambda: DRILL_DECLINED in lera.refusals(), timeout=5000)
        assert window.model is model and model.session.settings.drill is None
        assert len(Drills(window.data_dir / "drills.json", "Lera").mine()) == 1
        for phone in (lera, mia, stranger):
            phone.close()
    finally:
        window.phones.stop()


@needs_browser
def test_the_phones_drill_my_mistakes_button_starts_her_drill(qtbot, make_window):
    """In a real browser: Lera's page shows "Drill my mistakes (1)" over her table; a
    tap starts her drill, and the page then asks her to confirm her seat in it."""
    window = _window(make_window)
    keep_a_phone_drill(window)
    phones(window)
    driver = open_phone(window.phones.hub.address(1))
    try:

        def button():
            found = driver.find_elements("css selector", "#table .drill button")
            return found[0] if found else None

        qtbot.waitUntil(lambda: button() is not None, timeout=20_000)
        assert button().text == "Drill my mistakes (1)"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / "phone-drill-offered.png"))
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button())
        button().click()
        qtbot.waitUntil(lambda: window.model.session.settings.drill is not None, timeout=10_000)
        assert window.model.session.settings.drill.seat == 1

        def confirming() -> bool:
            return "I am Lera" in driver.find_element("id", "sheet").text

        qtbot.waitUntil(confirming, timeout=10_000)
    finally:
        driver.quit()
        window.phones.stop()


def test_each_persons_drills_are_their_own_and_kept_apart(tmp_path):
    """The screen's person's drills (no name) and Lera's: each sees, plays and counts
    only their own, the costliest first, and a full list of one's does not push the
    other's out."""
    path = tmp_path / "drills.json"
    ana, lera = Drills(path), Drills(path, "Lera")
    assert lera.add({"m": "hers"}, {0: {"kind": "point"}}, 1.5, ["hers"])
    for n in range(Drills.KEPT + 3):  # each costlier than the last: kept
        assert ana.add({"m": n}, {1: {"kind": "point"}}, 2.0 + n, [f"cost {n}"])
    assert not ana.add({"m": "cheap"}, {1: {"kind": "point"}}, 1.2, ["cheap"])
    assert len(Drills(path).mine()) == Drills.KEPT
    assert Drills(path).first()["said"] == [f"cost {Drills.KEPT + 2}"]
    assert Drills(path).mine()[-1]["said"] == ["cost 3"]  # the three cheapest went
    assert [e["said"] for e in Drills(path, "Lera").mine()] == [["hers"]]
    assert Drills(path, "Mia").first() is None
