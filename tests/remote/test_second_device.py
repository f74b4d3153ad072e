"""A seat's secrets go only to the person who holds it. A second device on a joined seat's
code (someone who glimpsed the code on the big screen, a new phone) is told to wait and
receives nothing of the seat until it is let in: asked on the seat's phone, or, when that
phone has been gone a while, at the big screen. The same device coming back (a reload,
its page keeps the token the host gave it) is in again without asking."""

from __future__ import annotations

import json

from .phone import Phone

PEOPLE = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Bot", "bot": "random"},
]
HIDDEN = {"hidden_goals": True, "hidden_illuminati": True}
# What a frame of the seat carries: none of it may reach a device not let in.
SEAT_PARTS = {"view", "log", "moves", "gestures", "cards", "game", "note", "coach", "name"}
NOTE = "Lera's own tally, for her alone"


def _join(qtbot, address, **kw):
    phone = Phone(address, **kw)
    if phone.joined:
        qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
    return phone


def _knocks(qtbot, address, hub, seat, **kw):
    """A device that is not the seat's: it is told to wait."""
    stranger = Phone(address, **kw)
    qtbot.waitUntil(lambda: any(m["type"] == "knock" for m in stranger.received), timeout=5000)
    return stranger


def _nothing_of_the_seat(phone, names) -> None:
    """Every frame the device received holds nothing of the seat (nor its person's name)."""
    for frame in phone.received:
        assert frame["type"] in ("knock", "closed"), frame["type"]
        assert not SEAT_PARTS & set(frame), frame
        text = json.dumps(frame)
        assert NOTE not in text and not any(name in text for name in names), text


def test_a_second_device_on_a_joined_seats_code_receives_nothing_until_allowed(qtbot, hosting):
    model, hub = hosting("illuminati", PEOPLE, seed=5, options=HIDDEN)
    address = hub.give(1)
    holder = _join(qtbot, address)
    stranger = _knocks(qtbot, address, hub, 1)
    try:
        # The seat's phone is asked, naming the asking device; the seat stays its own.
        qtbot.waitUntil(lambda: len(holder.asked()) == 1, timeout=5000)
        assert holder.asked()[0]["where"] == "127.0.0.1"
        assert hub.status(1) == "joined" and hub.at_big_screen(1) == {}
        # The seat goes on changing while the stranger waits: its news, its table.
        hub.note(1, NOTE)
        qtbot.waitUntil(lambda: holder.state()["note"] == NOTE, timeout=5000)
        model.session.lift_curtain()  # Ana, at the screen, chooses her goal
        model.session.act(model.session.legal_actions()[0])
        hub.publish()
        qtbot.wait(200)  # whatever the host would send has come
        _nothing_of_the_seat(stranger, ["Lera", "Ana"])
        assert not stranger.closed.is_set()
        # What the stranger sends is not read: it cannot answer its own question.
        stranger.send_text(json.dumps({"type": "allow", "knock": holder.asked()[0]["knock"]}))
        stranger.send_text(json.dumps({"type": "cards"}))
        qtbot.wait(200)
        _nothing_of_the_seat(stranger, ["Lera", "Ana"])
        # Lera allows it: the new device gets the seat; her old page is told and closed.
        holder.answer(True)
        qtbot.waitUntil(lambda: bool(stranger.states()), timeout=5000)
        assert stranger.state()["seat"] == 1 and stranger.state()[
            "view"
        ] == model.session.game.view(1)
        assert stranger.token and stranger.token != holder.token
        qtbot.waitUntil(holder.closed.is_set, timeout=5000)
        assert "You let another device take your seat" in holder.closed_for()
        qtbot.waitUntil(lambda: hub.status(1) == "joined" and not hub.asking(1), timeout=5000)
        # The old device's token opens nothing now: it would have to ask in its turn.
        old = _knocks(qtbot, address, hub, 1, token=holder.token)
        qtbot.waitUntil(lambda: len(stranger.asked()) == 1, timeout=5000)
        _nothing_of_the_seat(old, ["Lera", "Ana"])
        old.close()
        qtbot.waitUntil(lambda: stranger.asked() == [], timeout=5000)  # the question went
    finally:
        holder.close()
        stranger.close()


def test_a_refused_device_gets_nothing_and_is_told_so(qtbot, hosting):
    model, hub = hosting("incantibus", PEOPLE, seed=9, options={"mode": "expert"})
    address = hub.give(0)
    holder = _join(qtbot, address)
    stranger = _knocks(qtbot, address, hub, 0)
    try:
        qtbot.waitUntil(lambda: len(holder.asked()) == 1, timeout=5000)
        holder.answer(False)
        qtbot.waitUntil(stranger.closed.is_set, timeout=5000)
        assert "said no" in stranger.closed_for()
        _nothing_of_the_seat(stranger, ["Ana", "Lera"])
        qtbot.waitUntil(lambda: holder.asked() == [], timeout=5000)  # put away on her phone
        assert hub.status(0) == "joined" and not holder.closed.is_set()
        assert holder.state()["view"] == model.session.game.view(0)
    finally:
        holder.close()
        stranger.close()


def test_a_reload_of_the_same_device_comes_back_without_asking(qtbot, hosting):
    model, hub = hosting("illusio", PEOPLE, seed=5)
    address = hub.give(1)
    first = _join(qtbot, address)
    # A reload while the old socket still stands (the page went before its socket did)...
    again = _join(qtbot, address, token=first.token)
    try:
        assert again.state()["view"] == model.session.game.view(1) and again.token == first.token
        qtbot.waitUntil(first.closed.is_set, timeout=5000)
        assert "opened again on this device" in first.closed_for()
        # ...and after it went (a locked screen, a walk out of the Wi-Fi).
        again.close()
        qtbot.waitUntil(lambda: hub.status(1) == "away", timeout=5000)
        third = _join(qtbot, address, token=first.token)
        assert third.state()["view"] == model.session.game.view(1)
        assert not any(m["type"] == "knock" for p in (first, again, third) for m in p.received)
        assert hub.asking(1) == {}
        third.close()
    finally:
        first.close()
        again.close()


def test_the_first_device_on_a_code_holds_the_seat_and_a_made_up_token_opens_nothing(
    qtbot, hosting
):
    model, hub = hosting("illusio", PEOPLE, seed=5)
    address = hub.give(1)
    # A token the host never gave counts for nothing: the first page on a code holds it
    # with a token of the host's making.
    first = _join(qtbot, address, token="x" * 30)
    try:
        assert first.token != "x" * 30 and len(first.token) >= 20
        forged = _knocks(qtbot, address, hub, 1, token="x" * 30)
        _nothing_of_the_seat(forged, ["Lera"])
        forged.close()
    finally:
        first.close()


def test_a_phone_gone_a_while_leaves_the_question_to_the_big_screen(qtbot, hosting):
    model, hub = hosting("illusio", PEOPLE, seed=5)
    hub.away_before_screen = 0.4  # the house's 20 s, shortened
    told = []
    hub.presence.connect(told.append)
    address = hub.give(1)
    holder = _join(qtbot, address)
    holder.close()
    qtbot.waitUntil(lambda: hub.status(1) == "away", timeout=5000)
    stranger = _knocks(qtbot, address, hub, 1)
    try:
        knock = next(iter(hub.asking(1)))
        assert hub.at_big_screen(1) == {} or hub.away_for(1) >= 0.4  # not yet, unless slow
        # The hub looks again by itself when the time has come, and tells the panel.
        told.clear()
        qtbot.waitUntil(lambda: knock in hub.at_big_screen(1), timeout=5000)
        qtbot.waitUntil(lambda: 1 in told, timeout=5000)
        _nothing_of_the_seat(stranger, ["Lera"])
        hub.allow(1, knock, at_screen=True)
        qtbot.waitUntil(lambda: bool(stranger.states()), timeout=5000)
        assert stranger.state()["view"] == model.session.game.view(1)
        assert hub.at_big_screen(1) == {} and hub.status(1) == "joined"
    finally:
        stranger.close()


def test_the_phone_answers_while_it_is_there_however_long_the_wait(qtbot, hosting):
    model, hub = hosting("illusio", PEOPLE, seed=5)
    hub.away_before_screen = 0.1
    address = hub.give(1)
    holder = _join(qtbot, address)
    stranger = _knocks(qtbot, address, hub, 1)
    try:
        qtbot.wait(400)
        assert hub.asking(1) and hub.at_big_screen(1) == {}  # Lera's phone is there
    finally:
        holder.close()
        stranger.close()


def test_devices_asking_for_a_seat_are_bounded_and_go_with_its_code(qtbot, hosting):
    from illusio_table.remote.seats import KNOCKS_AT_ONCE

    model, hub = hosting("illusio", PEOPLE, seed=5)
    address = hub.give(1)
    holder = _join(qtbot, address)
    strangers = [_knocks(qtbot, address, hub, 1) for _ in range(KNOCKS_AT_ONCE)]
    one_more = Phone(address)
    try:
        qtbot.waitUntil(one_more.closed.is_set, timeout=5000)
        assert "Too many devices" in one_more.closed_for()
        qtbot.waitUntil(lambda: len(holder.asked()) == KNOCKS_AT_ONCE, timeout=5000)
        # The seat taken back to the screen: its code dies with every page on it.
        hub.take_back(1)
        for page in strangers + [holder]:
            qtbot.waitUntil(page.closed.is_set, timeout=5000)
        for page in strangers:
            _nothing_of_the_seat(page, ["Lera"])
    finally:
        for page in strangers + [holder, one_more]:
            page.close()


def test_a_seat_going_to_a_phone_leaves_the_curtain_down_for_the_person_it_waits_for(
    qtbot, hosting
):
    """Ana and Lera share the screen; the curtain waits for Ana. Lera gives her seat to
    her phone at the big screen: Ana's table stays behind the curtain until Ana lifts it
    (it used to appear at once, before Lera's eyes)."""
    model, hub = hosting("illusio", PEOPLE, seed=5)
    assert model.session.curtain_seat() == 0 and model.session.viewer is None
    assert not model.session.secret_shown()
    hub.give(1)
    assert model.session.curtain_seat() == 0 and model.session.viewer is None
    assert not model.session.secret_shown()
    model.session.lift_curtain()
    assert model.session.viewer == 0 and model.session.secret_shown()
    model.session.look_away()  # someone else must answer a question at the screen
    assert model.session.curtain_seat() == 0 and not model.session.secret_shown()
