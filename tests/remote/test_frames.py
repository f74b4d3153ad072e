"""What a phone is sent, by weight: compressed on the socket (permessage-deflate, as every
browser offers), a state that changed little as a delta of the seat's own last state, a
whole state to every page that (re)joins or lacks the state a delta names. Measured in
bytes, never in time: a seeded bot-played Illuminati game with every seat on a phone."""

from __future__ import annotations

import json

import pytest

from illusio_table.remote.seats import delta_message, state_frame
from testbed.frames import Page, frame_figures, game_frames, whole_states

from .phone import Phone

KB = 1024
PEOPLE = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Bot", "bot": "random"},
]


@pytest.fixture(scope="module")
def illuminati_game():
    """A whole Illuminati game of four seats on phones, each played by its heuristic bot
    (seed 6: the longest of the seeds tried, 492 moves)."""
    return game_frames("illuminati", 4, 6, "schemer")


def test_a_phone_is_sent_at_most_64_kb_a_frame_at_the_95th_percentile_and_500_kb_a_game(
    illuminati_game,
):
    frames, _ = illuminati_game
    figures = frame_figures(frames)
    assert figures["frames"] > 1500  # a long game: every phone a frame a move
    assert figures["p95_wire"] <= 64 * KB, figures
    assert figures["most_wire"] <= 500 * KB, figures
    # The compression does most of it: on the wire a game weighs a tenth of its text.
    assert figures["most_wire"] * 10 < figures["most_plain"], figures


def test_most_states_of_a_game_go_as_deltas_and_every_one_applies(illuminati_game):
    """Each page takes every delta on top of the state before it (nothing lost or
    reordered on one socket), and ends on the state the hub last built for its seat."""
    frames, hub = illuminati_game
    for seat, texts in frames.items():
        kinds = [json.loads(text)["type"] for text in texts]
        assert kinds[0] == "cards" and kinds[1] == "state"  # a joining page: whole
        assert kinds.count("delta") > kinds.count("state") / 2
        states = whole_states(texts)
        assert states[-1]["version"] == hub.version(seat)
        match = hub.session.match
        names = [p["name"] for p in match.players]
        last = Page().take(json.loads(state_frame(match, seat, names).text))
        assert {**states[-1], "seq": 0} == {**last, "seq": 0}


def test_a_delta_names_both_states_and_carries_only_the_fields_that_changed(illuminati_game):
    frames, hub = illuminati_game
    match = hub.session.match
    names = [p["name"] for p in match.players]
    offered = state_frame(match, 0, names, note="tally 3")
    counted = state_frame(match, 0, names, note="tally 4")
    delta = json.loads(delta_message(offered, counted) or "{}")
    assert delta == {
        "type": "delta",
        "base": offered.version,
        "version": counted.version,
        "note": "tally 4",
    }
    page = Page()
    page.take(json.loads(offered.text))
    assert page.take(delta) == Page().take(json.loads(counted.text))
    # A page holding another state cannot apply it: it must ask for a whole one.
    assert Page().take(delta) is None
    page.take(json.loads(counted.text))
    assert page.take(delta) is None


def _join(qtbot, address: str, token: str | None = None) -> Phone:
    phone = Phone(address, token=token)
    qtbot.waitUntil(lambda: any(m["type"] == "state" for m in phone.received), timeout=5000)
    return phone


def test_the_socket_is_compressed_when_the_phone_offers_it(qtbot, hosting):
    model, hub = hosting("illuminati", PEOPLE, seed=3)
    phone = _join(qtbot, hub.give(0))
    try:
        assert phone.compress == 15  # permessage-deflate agreed, the whole window
        assert hub.server.compressed(0)
    finally:
        phone.close()


def test_a_rejoining_page_and_a_page_that_asks_get_a_whole_state(qtbot, hosting):
    model, hub = hosting("illuminati", PEOPLE, seed=3)
    address = hub.give(0)
    phone = _join(qtbot, address)
    try:
        hub.note(0, "tally 1")  # the seat's state changes a little: a delta
        qtbot.waitUntil(lambda: "delta" in phone.kinds, timeout=5000)
        assert phone.state()["note"] == "tally 1"
        seen = len(phone.kinds)
        phone.send_text(json.dumps({"type": "state"}))  # a page lacking a delta's base asks
        qtbot.waitUntil(lambda: "state" in phone.kinds[seen:], timeout=5000)
        token = phone.token
    finally:
        phone.close()
    qtbot.waitUntil(lambda: hub.status(0) == "away", timeout=5000)
    again = _join(qtbot, address, token=token)
    try:
        assert [k for k in again.kinds if k in ("state", "delta")][0] == "state"
        assert again.state()["version"] == hub.version(0)
        assert again.state()["note"] == "tally 1"
    finally:
        again.close()


def test_a_new_matchs_seat_is_sent_whole_and_nothing_of_it_before_the_person_confirms(
    qtbot, hosting
):
    """New game with the same people: the phone is asked to confirm its seat and sent no
    state before; the page's rule drops the last match's state with the question, and the
    new match comes as a whole state, every delta after it made against the new match's
    own states (none on a base of the last match: the page never asks for a whole one)."""
    from illusio_table.engine import Match
    from illusio_table.games import builtin_registry
    from illusio_table.qt.models.match_model import MatchModel

    model, hub = hosting("illusio", PEOPLE, seed=3)
    phone = _join(qtbot, hub.give(0))
    try:
        hub.note(0, "tally 1")  # the last match's state, as a delta
        qtbot.waitUntil(lambda: "delta" in phone.kinds, timeout=5000)
        old = {m["version"] for m in phone.states()}
        match = Match.start("illusio", PEOPLE, 8, {}, registry=builtin_registry())
        second = MatchModel(match, bot_delay_ms=0)
        second.session.begin()
        hub.move_to(second.session, {0: 0})
        qtbot.waitUntil(lambda: phone.kinds[-1] == "confirm", timeout=5000)
        asked = len(phone.kinds)
        hub.note(0, "tally 2")  # the new match changes: still nothing of it is sent
        qtbot.wait(200)
        assert phone.kinds[asked:] == [] and phone.page.base is None
        phone.send_text(json.dumps({"type": "confirm"}))
        qtbot.waitUntil(lambda: phone.state()["version"] == hub.version(0), timeout=5000)
        after = [k for k in phone.kinds[asked:] if k in ("state", "delta")]
        assert after[0] == "state" and phone.state()["game"] == "illusio"
        hub.note(0, "tally 3")  # the new match's next state: a delta on its first
        qtbot.waitUntil(lambda: phone.state()["note"] == "tally 3", timeout=5000)
        assert phone.kinds[-1] == "delta" and phone.page.asked == 0
        assert phone.state()["view"] == second.session.match.view(0)
        assert not old & {m["version"] for m in phone.states()[-2:]}
    finally:
        phone.close()
