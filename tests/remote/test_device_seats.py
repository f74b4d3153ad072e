"""Seats on devices, through a real server and real WebSocket clients on loopback: a code
opens its own seat and nothing else, a device gets only its seat's state, and whatever it
sends is checked and refused in words, changing nothing."""

from __future__ import annotations

import json

import pytest

from illusio_table.remote import seats as seats_module

from .phone import Phone

PEOPLE = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Bot", "bot": "random"},
]


def _join(qtbot, address, **kw):
    phone = Phone(address, **kw)
    if phone.joined:
        qtbot.waitUntil(lambda: bool(phone.states()), timeout=5000)
    return phone


def test_a_device_seat_joins_with_its_code_and_sees_its_own_view_only(qtbot, hosting):
    model, hub = hosting("illusio", PEOPLE, seed=5)
    address = hub.give(1)
    assert hub.status(1) == "waiting"
    phone = _join(qtbot, address)
    try:
        state = phone.state()
        assert state["seat"] == 1 and state["view"] == model.session.game.view(1)
        assert state["log"] == model.session.game.log(1)[-seats_module.LOG_LINES :]
        assert any(m["type"] == "cards" for m in phone.received)
        qtbot.waitUntil(lambda: hub.status(1) == "joined")
    finally:
        phone.close()
    qtbot.waitUntil(lambda: hub.status(1) == "away")


def test_a_wrong_code_gets_nothing_and_guessing_is_bounded(qtbot, hosting):
    model, hub = hosting("illusio", PEOPLE)
    address = hub.give(0)
    base = address.rsplit("/", 1)[0]
    for _ in range(seats_module.WRONG_CODES):
        phone = Phone(base + "/not-a-code")
        assert phone.status == 403 and not phone.received
    # Past the limit a wrong code is refused with the wait in words...
    assert Phone(base + "/another-guess").status == 403
    # ...but a living code still opens its seat: an old tab retrying a dead code (after
    # a crash) never locks its person out of the new one.
    phone = _join(qtbot, address)
    try:
        assert phone.state()["seat"] == 0
    finally:
        phone.close()


def test_a_code_opens_only_its_own_seat_and_dies_when_the_seat_is_taken_back(qtbot, hosting):
    model, hub = hosting("illusio", PEOPLE, seed=8)
    first, second = hub.give(0), hub.give(1)
    a, b = _join(qtbot, first), _join(qtbot, second)
    try:
        assert a.state()["seat"] == 0 and b.state()["seat"] == 1
        # A move for another seat is refused, whatever the message says.
        before = len(model.session.game.record.moves)
        action = a.state()["moves"][0]["action"] if a.state()["moves"] else {"kind": "end-turn"}
        b.send_text(
            json.dumps(
                {"type": "act", "seat": 0, "action": action, "version": b.state()["version"]}
            )
        )
        qtbot.waitUntil(lambda: bool(b.refusals()), timeout=5000)
        assert len(model.session.game.record.moves) == before
        hub.take_back(1)
        qtbot.waitUntil(lambda: b.closed.is_set(), timeout=5000)
        assert Phone(second).status == 403  # the old code opens nothing now
        assert model.session.devices == [0]
    finally:
        a.close()
        b.close()


def test_junk_stale_oversized_and_flooding_messages_are_refused_and_change_nothing(qtbot, hosting):
    model, hub = hosting("incantibus", PEOPLE, seed=4, options={"mode": "apprentice"})
    address = hub.give(0)
    phone = _join(qtbot, address)
    try:
        record = model.session.game.record.to_json()
        state = phone.state()
        junk = [
            "not json",
            "[]",
            json.dumps({"type": "act"}),
            json.dumps({"type": "act", "action": None, "version": state["version"]}),
            json.dumps({"type": "act", "action": {"kind": "nope"}, "version": state["version"]}),
            json.dumps({"type": "act", "action": {"kind": "point"}, "version": state["version"]}),
            json.dumps(
                {
                    "type": "act",
                    "action": model.session.game.legal_actions(0)[0].to_json(),
                    "version": "old",
                }
            ),
        ]
        for text in junk:
            phone.send_text(text)
            qtbot.wait(120)  # slower than the flood limit
        qtbot.waitUntil(lambda: len(phone.refusals()) >= len(junk), timeout=5000)
        phone.send_bytes(b"\x00\x01")
        qtbot.waitUntil(lambda: len(phone.refusals()) > len(junk), timeout=5000)
        assert "moved on" in phone.refusals()[6]
        assert model.session.game.record.to_json() == record
        # A flood: past the limit a second, messages are refused unread.
        for _ in range(seats_module.MESSAGES_PER_SECOND * 2):
            phone.send_text("{}")
        qtbot.waitUntil(lambda: any("Too many" in r for r in phone.refusals()), timeout=5000)
        assert model.session.game.record.to_json() == record
        # Too large: the server closes the connection; nothing was played.
        phone.send_text("x" * (seats_module.MAX_MESSAGE + 10))
        qtbot.waitUntil(lambda: phone.closed.is_set(), timeout=5000)
        assert model.session.game.record.to_json() == record
    finally:
        phone.close()


def test_every_move_a_device_sends_is_heard_at_once_played_or_refused(qtbot, hosting):
    """The page takes a move with no "heard" for a dead socket and joins again: the host
    says it heard each move it reads, with the move's own number, played or refused (a
    stale one too); a number that is no small whole number is answered as 0."""
    model, hub = hosting("incantibus", PEOPLE, seed=4, options={"mode": "apprentice"})
    phone = _join(qtbot, hub.give(0))
    try:
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(0), timeout=5000)
        state = phone.state()
        move = state["moves"][0]["action"]
        heard = lambda: [m["ask"] for m in phone.received if m["type"] == "heard"]  # noqa: E731
        phone.send_text(json.dumps({"type": "act", "action": move, "version": "old", "ask": 1}))
        qtbot.waitUntil(lambda: heard() == [1] and len(phone.refusals()) == 1, timeout=5000)
        kinds = [m["type"] for m in phone.received]
        assert kinds.index("heard") < kinds.index("refused")  # heard first, then why not
        qtbot.wait(120)  # (slower than the flood limit)
        phone.send_text(json.dumps({"type": "act", "action": move, "version": "old", "ask": "x"}))
        qtbot.waitUntil(lambda: heard() == [1, 0], timeout=5000)
        qtbot.wait(120)
        moves = len(model.session.game.record.moves)
        version = state["version"]
        phone.send_text(json.dumps({"type": "act", "action": move, "version": version, "ask": 3}))
        qtbot.waitUntil(lambda: heard() == [1, 0, 3], timeout=5000)
        qtbot.waitUntil(lambda: len(model.session.game.record.moves) > moves, timeout=5000)
        assert len(phone.refusals()) == 2, phone.refusals()  # the move played was not refused
    finally:
        phone.close()


def test_a_socket_opened_from_another_site_is_refused(qtbot, hosting):
    model, hub = hosting("illusio", PEOPLE)
    address = hub.give(0)
    assert Phone(address, origin="http://evil.example").status == 403
    assert Phone(address, origin=None).status == 403


def test_a_device_that_reconnects_gets_the_present_state(qtbot, hosting):
    model, hub = hosting("incantibus", PEOPLE, seed=6, options={"mode": "apprentice"})
    address = hub.give(0)
    phone = _join(qtbot, address)
    phone.close()
    qtbot.waitUntil(lambda: hub.status(0) == "away", timeout=5000)
    again = _join(qtbot, address, token=phone.token)  # the same device (its page kept it)
    try:
        assert again.state()["view"] == model.session.game.view(0)
        assert not again.asked() and hub.status(0) == "joined"
    finally:
        again.close()


def test_a_legal_move_from_a_device_is_played_and_every_device_redrawn(qtbot, hosting):
    model, hub = hosting("incantibus", PEOPLE, seed=9, options={"mode": "apprentice"})
    a, b = _join(qtbot, hub.give(0)), _join(qtbot, hub.give(1))
    try:
        assert (
            model.session.viewer is None and model.session.curtain_seat() is None
        )  # no one at the screen
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        qtbot.waitUntil(lambda: a.state()["version"] == hub.version(0), timeout=5000)
        seen_b = len(b.states())
        a.play(a.state()["moves"][0]["action"])
        played = lambda: any(m.seat == 0 for m in model.session.game.record.moves)  # noqa: E731
        qtbot.waitUntil(played, timeout=5000)
        qtbot.waitUntil(lambda: len(b.states()) > seen_b, timeout=5000)
        # The last state sent to seat 1 has arrived (a state sent before seat 0's move,
        # the bot's choice, could still be on its way when the move was played: the test
        # then read that one).
        qtbot.waitUntil(lambda: b.state()["version"] == hub.version(1), timeout=5000)
        # Seat 1 learns only that seat 0 has chosen, never what.
        assert b.state()["view"] == model.session.game.view(1)
        assert model.session.curtain_seat() is None
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("reply", ["refused", "closed"])
def test_messages_to_a_device_are_text_it_can_read(reply):
    assert seats_module.encode({"type": reply, "reason": "<b>x</b>"}) == json.dumps(
        {"reason": "<b>x</b>", "type": reply}, separators=(",", ":")
    )


def test_phones_count_in_can_to_together_and_a_point_before_to_is_refused(qtbot, hosting):
    model, hub = hosting("incantibus", PEOPLE, seed=9, options={"mode": "apprentice"})
    model.session.syllable_ms = 400
    heard = []
    model.session.counting.connect(heard.append)
    a, b = _join(qtbot, hub.give(0)), _join(qtbot, hub.give(1))
    try:
        qtbot.waitUntil(lambda: a.state()["count"] == "In…" == b.state()["count"], timeout=5000)
        # Before "to!" nothing is offered, so nothing is lit on the phone...
        assert a.state()["moves"] == [] and a.state()["gestures"] == []
        assert "to!" in a.state()["status"]
        # ...and a move sent all the same (a page of its own making) is refused.
        a.play(model.session.game.legal_actions(0)[0].to_json())
        qtbot.waitUntil(lambda: bool(a.refusals()), timeout=5000)
        assert "to!" in a.refusals()[0]
        assert not any(m.seat == 0 for m in model.session.game.record.moves)
        # Both phones hear "to!" (each as its message arrives).
        qtbot.waitUntil(lambda: a.state()["count"] == "In… can… to!", timeout=5000)
        qtbot.waitUntil(lambda: b.state()["count"] == "In… can… to!", timeout=5000)
        assert heard == ["In…", "In… can…", "In… can… to!"]  # the big screen counts too
        a.play(a.state()["moves"][0]["action"])
        qtbot.waitUntil(
            lambda: any(m.seat == 0 for m in model.session.game.record.moves), timeout=5000
        )
    finally:
        a.close()
        b.close()


def test_no_phone_learns_a_reveal_before_the_big_screen_has_shown_it(qtbot, hosting):
    model, hub = hosting(
        "incantibus", PEOPLE, seed=9, options={"mode": "apprentice"}, release=False
    )
    a, b = _join(qtbot, hub.give(0)), _join(qtbot, hub.give(1))
    try:
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        for seat, phone in ((0, a), (1, b)):
            qtbot.waitUntil(lambda p=phone, s=seat: p.state()["version"] == hub.version(s))
            phone.play(phone.state()["moves"][0]["action"])
            qtbot.wait(150)
        qtbot.waitUntil(lambda: model.session.holding, timeout=5000)
        qtbot.wait(300)  # whatever the host would send has come
        for seat, phone in ((0, a), (1, b)):
            last = phone.received[-1]
            assert last["type"] == "status" and "revealed" in last["status"]
            # The table as it stood when the wands pointed: not the outcome.
            assert phone.state()["view"] != model.session.game.view(seat)
        assert a.state()["view"]["my_choice"] is not None  # Ana chose first: she saw that
        model.session.release()  # the big screen has shown it
        for seat, phone in ((0, a), (1, b)):
            qtbot.waitUntil(lambda p=phone, s=seat: p.state()["view"] == model.session.game.view(s))
    finally:
        a.close()
        b.close()


def test_with_a_person_at_the_screen_no_phone_draws_the_outcome_while_the_reveal_plays(
    qtbot, hosting
):
    """Ana at the big screen, Lera on her phone. The last wand pointed, the big screen
    turns from Ana's table to everyone's for the reveal: that turn must not send the phone
    the outcome (it did: the phone drew the new points and wands while the big screen was
    still pointing the wands, then said "look up!" above them)."""
    model, hub = hosting("incantibus", PEOPLE, seed=9, options={"mode": "expert"}, release=False)
    phone = _join(qtbot, hub.give(1))
    try:
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        session = model.session
        session.lift_curtain()  # (the curtain of a start with two people at the screen)
        assert session.viewer == 0  # Ana's table on the big screen
        assert session.act(session.match.legal_actions(0)[0])
        qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(1), timeout=5000)
        before = phone.state()["view"]
        points_before = list(before["points"])
        seen = len(phone.received)
        phone.play(phone.state()["moves"][0]["action"])
        qtbot.waitUntil(lambda: session.holding, timeout=5000)
        qtbot.wait(300)  # whatever the host would send has come
        after = phone.received[seen:]
        assert after and after[-1]["type"] == "status" and "revealed" in after[-1]["status"]
        for frame in after:
            if frame["type"] == "state":
                assert frame["view"]["points"] == points_before, frame["view"]["points"]
                assert frame["view"]["castings"] == before["castings"]
        assert phone.state()["view"] != session.game.view(1)
        session.release()  # the big screen has shown it
        qtbot.waitUntil(lambda: phone.state()["view"] == session.game.view(1), timeout=5000)
    finally:
        phone.close()


def test_the_count_runs_when_phones_join_at_different_times(qtbot, hosting):
    """A phone that joins late (or is away) does not switch the count off for the one
    already there: its first tap still waits for "to!", and the late phone hears the
    count where it has got to."""
    model, hub = hosting("incantibus", PEOPLE, seed=9, options={"mode": "apprentice"})
    model.session.syllable_ms = 500
    first, second = hub.give(0), hub.give(1)
    a = _join(qtbot, first)
    try:
        qtbot.waitUntil(lambda: a.state()["count"] == "In…", timeout=5000)
        assert a.state()["moves"] == [] and hub.too_early()
        b = _join(qtbot, second)
        try:
            assert b.state()["count"] in ("In…", "In… can…")
            qtbot.waitUntil(lambda: b.state()["count"] == "In… can… to!", timeout=5000)
            assert b.state()["moves"]
        finally:
            b.close()
    finally:
        a.close()


@pytest.mark.parametrize(
    ("game_id", "heuristic", "options"),
    [
        ("illusio", "showman", {}),
        ("illuminati", "schemer", {"hidden_goals": True, "hidden_illuminati": True}),
        ("incantibus", "cunning", {"mode": "expert"}),
    ],
)
def test_a_whole_game_is_played_to_its_end_from_two_phones(
    qtbot, hosting, game_id, heuristic, options
):
    """Every decision of the two phone seats is sent from their phones (chosen as the
    game's heuristic player would choose from that seat's view), the bot plays on the
    host, and the big screen shows the public table from the first move to the last."""
    from illusio_table.engine import make_bot
    from illusio_table.engine.bots import bot_move

    model, hub = hosting(game_id, PEOPLE, seed=21, options=options)
    phones = {seat: _join(qtbot, hub.give(seat)) for seat in (0, 1)}
    players = {seat: make_bot(model.session.game, heuristic, seat, seat) for seat in phones}
    try:
        for _ in range(3000):
            if model.session.game.is_over():
                break
            assert model.session.viewer is None and model.session.curtain_seat() is None
            waiting = [s for s in phones if s in model.session.game.to_act()]
            if not waiting or hub.too_early():
                qtbot.wait(5)
                continue
            seat = waiting[0]
            phone = phones[seat]
            qtbot.waitUntil(lambda p=phone, s=seat: p.state()["version"] == hub.version(s))
            before = len(model.session.game.record.moves)
            move = bot_move(model.session.game, players[seat], seat)
            phone.play(move.to_json())
            qtbot.waitUntil(lambda b=before: len(model.session.game.record.moves) > b, timeout=5000)
            qtbot.wait(100)  # a person's pace: under the flood limit
        assert model.session.game.is_over()
        for seat, phone in phones.items():
            qtbot.waitUntil(lambda p=phone, s=seat: p.state()["version"] == hub.version(s))
            assert phone.state()["over"] and phone.state()["result"]["winners"]
        assert not any(p.refusals() for p in phones.values())
    finally:
        for phone in phones.values():
            phone.close()


def test_nobody_counts_in_can_to_for_an_illuminati_choice_made_at_once(qtbot, hosting):
    """The count is for choosing at once among targets everyone sees (the casting).
    Phones choosing their secret goals at once (or deciding about Specials in a window)
    have none, and their choices are taken at once."""
    model, hub = hosting("illuminati", PEOPLE, seed=5, options={"hidden_goals": True})
    model.session.syllable_ms = 400
    heard = []
    model.session.counting.connect(heard.append)
    a, b = _join(qtbot, hub.give(0)), _join(qtbot, hub.give(1))
    try:
        assert {0, 1} <= model.session.game.to_act()  # every player picks a goal in secret
        assert a.state()["count"] == "" and not hub.too_early()
        a.play(a.state()["moves"][0]["action"])
        qtbot.waitUntil(lambda: 0 not in model.session.game.to_act(), timeout=5000)
        assert not heard and not a.refusals()
    finally:
        a.close()
        b.close()


def test_a_dead_code_opens_a_page_for_a_phone_that_says_what_to_do(qtbot, hosting):
    import urllib.error
    import urllib.request

    model, hub = hosting("illusio", PEOPLE)
    address = hub.give(0)
    hub.give(1)
    hub.take_back(0)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(address, timeout=5)
    page = refused.value.read().decode()
    assert refused.value.code == 403
    assert 'name="viewport"' in page and "/page/page.css" in page
    assert "opens no seat" in page and "scan the new code" in page
