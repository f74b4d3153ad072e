"""The device page in a real browser (Debian's chromium, headless, at a phone's size),
tapped as a person would: whole games with two seats on phones and a bot, every secret
decision made on the phones, the big screen showing the public table all along."""

from __future__ import annotations

import random

import pytest

from .browser import (
    SCREENSHOTS,
    looks_right,
    needs_browser,
    open_phone,
    page_progress,
    page_state,
    take_a_turn,
)

pytestmark = [needs_browser, pytest.mark.browser]

# The last taps, and what was lifted then, kept by the page under test for a failure's words.
RECORD_TAPS = """
if (!window.__taps) {
  window.__taps = [];
  const t = tap;
  tap = (k, n) => { __taps.push(JSON.stringify(k) + ' lifted ' + lifted); t(k, n); };
}
"""

TWO_AND_A_BOT = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Robo", "bot": "random"},
]


def _shows(phone, hub, seat) -> bool:
    """The phone draws the state its seat was last sent, past any "In… can…" count."""
    shown = page_progress(phone) or {}
    counting = shown.get("count") and not shown["count"].endswith("to!")
    return shown.get("version") == hub.version(seat) and not counting


def _play_on_phones(qtbot, model, hub, game_id, most_moves, shots, heuristic=None):
    """Both phones play until the game ends (or `most_moves`): tapping any move at random,
    or, with a `heuristic`, the move that bot would choose from the seat's view (a person
    who knows what they want), found on the page and tapped."""
    from illusio_table.engine import make_bot
    from illusio_table.engine.bots import bot_move

    # Lera holds her phone sideways: the page is checked in landscape too.
    phones = {0: open_phone(hub.give(0)), 1: open_phone(hub.give(1), 844, 390)}
    rng = random.Random(5)
    minds = {s: make_bot(model.session.game, heuristic, s, s) for s in phones} if heuristic else {}
    try:
        for phone in phones.values():
            qtbot.waitUntil(lambda p=phone: page_state(p) is not None, timeout=15000)
        made = 0
        together = False  # both phones were asked in the same casting
        idle = 0
        while not model.session.game.is_over() and made < most_moves:
            assert idle < 500, f"no phone was asked for 10 s: {model.session.game.to_act()}"
            assert (
                model.session.viewer is None and model.session.curtain_seat() is None
            )  # the public table
            waiting = [s for s in phones if s in model.session.game.to_act()]
            if not waiting:
                qtbot.wait(20)
                idle += 1
                continue
            idle = 0
            together = together or len(waiting) == 2
            seat = waiting[0]
            phone = phones[seat]
            qtbot.waitUntil(lambda p=phone, s=seat: _shows(p, hub, s), timeout=5000)
            before = len(model.session.game.record.moves)
            phone.execute_script(RECORD_TAPS)  # for the message of a failure
            wanted = bot_move(model.session.game, minds[seat], seat).to_json() if minds else None
            words = take_a_turn(phone, rng, wanted)
            try:
                qtbot.waitUntil(
                    lambda b=before: len(model.session.game.record.moves) > b, timeout=5000
                )
            except Exception:
                notice = phone.find_element("id", "notice").text
                lifted = phone.execute_script("return [lifted, __taps.slice(-4)]")
                phone.save_screenshot(str(SCREENSHOTS / f"phone-{game_id}-failed.png"))
                raise AssertionError(
                    f"tapped for {words!r}; the page says {notice!r}; lifted {lifted}"
                ) from None
            made += 1
            if made in shots:
                looks_right(phone)
                _heading_stays_while_the_game_goes_on(phone)
                phone.save_screenshot(str(SCREENSHOTS / f"phone-{game_id}-{made}.png"))
        for seat, phone in phones.items():
            qtbot.waitUntil(lambda p=phone, s=seat: _shows(p, hub, s), timeout=5000)
            # (The match's view, as the phone is sent it: at the end it adds what every
            # player turns face up, the Illuminati's secret goals.)
            assert page_state(phone)["view"] == model.session.match.view(seat)
            looks_right(phone)
            _heading_stays_while_the_game_goes_on(phone)
            phone.save_screenshot(str(SCREENSHOTS / f"phone-{game_id}-last-{seat}.png"))
        return made, together
    finally:
        for phone in phones.values():
            phone.quit()


def _heading_stays_while_the_game_goes_on(phone) -> None:
    """The heading stays at the top while the game goes on; over, it (the end and the
    secrets turned over, five lines and more) scrolls away with the page."""
    # (Both read at once: the game's last frame may come between two questions.)
    over, position = phone.execute_script(
        "return [!!(state && state.over),"
        " getComputedStyle(document.getElementById('top')).position]"
    )
    assert position == ("static" if over else "sticky")


def test_a_whole_incantibus_game_with_two_phones_and_a_bot(qtbot, hosting):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12, options={"mode": "expert"})
    made, together = _play_on_phones(qtbot, model, hub, "incantibus", 400, {1, 9, 30})
    assert model.session.game.is_over(), f"not over after {made} moves on the phones"
    assert together, "the two phones never pointed in the same casting"


@pytest.mark.parametrize(
    ("game_id", "heuristic"), [("illusio", "showman"), ("illuminati", "schemer")]
)
def test_a_whole_game_with_two_phones_and_a_bot(qtbot, hosting, game_id, heuristic):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    options = {"hidden_goals": True} if game_id == "illuminati" else {}
    model, hub = hosting(game_id, TWO_AND_A_BOT, seed=4, options=options)
    made, _ = _play_on_phones(qtbot, model, hub, game_id, 600, {1, 12}, heuristic)
    assert model.session.game.is_over(), f"not over after {made} moves on the phones"


def _drawn_sections(driver) -> int:
    return driver.execute_script("return document.querySelectorAll('#table section').length")


def test_the_illuminati_page_draws_its_table_on_every_join_and_reload(qtbot, hosting):
    """The card file (about 39,000 characters) and the state came by two racing sends, and
    the state often overtook it: the page then drew no table at all. Now every join and
    reload draws it, in portrait and landscape."""
    model, hub = hosting("illuminati", TWO_AND_A_BOT, seed=4, options={"hidden_goals": True})
    for width, height in ((390, 844), (844, 390)):
        # Each browser is a device of its own: each gets a code of its own (another
        # device on a joined seat's code would wait to be let in).
        phone = open_phone(hub.give(0), width, height)
        try:
            for _ in range(4):
                qtbot.waitUntil(lambda p=phone: page_state(p) is not None, timeout=15000)
                qtbot.waitUntil(lambda p=phone: _drawn_sections(p) >= 3, timeout=5000)
                looks_right(phone)
                phone.refresh()
        finally:
            phone.quit()


def _wide_structure(game):
    """Lera's Power Structure runs six cards wide: Groups hung on free arrows that point
    beyond its left or right edge."""
    from tests.games.illuminati.helpers import own

    structure = game.structures[1]
    groups = game.cards.group
    spare = [g for g in game.deck if g in groups and len(groups[g].arrows_out) == 3]
    while len({x for x, _ in structure.cells}) < 6:
        xs = [x for x, _ in structure.cells]
        out = [
            (card, side)
            for card in structure
            for side in structure.free_arrows(card)
            if not min(xs) <= structure.target(card, side)[0] <= max(xs)
        ]
        own(game, 1, spare.pop(), master=out[0][0], side=out[0][1])


def test_a_wide_illuminati_structure_stays_in_its_own_part_of_the_phone(qtbot, hosting):
    """Held sideways, the page lays its parts in two columns; a structure six cards wide
    was drawn at the width of the whole screen and ran under the next part, whose cards
    then took the taps meant for it. Now it fits its column (or scrolls inside it)."""
    model, hub = hosting("illuminati", TWO_AND_A_BOT, seed=4, stage=_wide_structure)
    assert len({x for x, _ in model.session.game.structures[1].cells}) >= 6
    for width, height in ((844, 390), (390, 844)):
        phone = open_phone(hub.give(1), width, height)
        try:
            qtbot.waitUntil(lambda p=phone: page_state(p) is not None, timeout=15000)
            qtbot.waitUntil(lambda p=phone: _drawn_sections(p) >= 3, timeout=5000)
            looks_right(phone)
            phone.save_screenshot(str(SCREENSHOTS / f"phone-illuminati-wide-{width}.png"))
        finally:
            phone.quit()


def test_a_second_phone_on_a_code_waits_until_the_seats_phone_allows_it(qtbot, hosting):
    """Someone who glimpsed Lera's code opens it on their own phone: they are told to wait
    and shown nothing of her seat; Lera's phone asks her. A reload of Lera's own phone is
    in again without asking. She allows: the new phone has her seat, her old one says so."""
    model, hub = hosting("illusio", TWO_AND_A_BOT, seed=4)
    address = hub.give(1)
    first = open_phone(address)
    second = None
    try:
        qtbot.waitUntil(lambda: page_state(first) is not None, timeout=15000)
        first.refresh()  # her own phone, reloaded: no question, her table again
        qtbot.waitUntil(lambda: page_state(first) is not None, timeout=15000)
        assert hub.asking(1) == {} and hub.status(1) == "joined"
        second = open_phone(address, 844, 390)
        text = lambda d: d.find_element("tag name", "body").text  # noqa: E731
        qtbot.waitUntil(lambda: "held by another device" in text(second), timeout=15000)
        assert page_state(second) is None
        assert second.find_element("id", "status").text == "Waiting to be let in…"
        assert not second.find_elements("css selector", ".piece, #moves button")
        assert "Lera" not in text(second)
        looks_right(second)
        second.save_screenshot(str(SCREENSHOTS / "phone-waiting-to-be-let-in.png"))
        ask = lambda: first.find_element("id", "ask")  # noqa: E731
        qtbot.waitUntil(lambda: ask().is_displayed(), timeout=5000)
        assert "Another device (127.0.0.1) asks to take your seat" in ask().text
        looks_right(first)
        first.save_screenshot(str(SCREENSHOTS / "phone-asked-about-another.png"))
        [allow] = [b for b in ask().find_elements("tag name", "button") if b.text == "Allow"]
        allow.click()
        qtbot.waitUntil(lambda: page_state(second) is not None, timeout=5000)
        assert page_state(second)["view"] == model.session.game.view(1)
        said = lambda: first.find_element("id", "table").text  # noqa: E731
        qtbot.waitUntil(lambda: "You let another device take your seat" in said(), timeout=5000)
        assert page_state(first) is None and not first.find_elements("css selector", ".target")
        assert not ask().is_displayed()
        looks_right(first)
        first.save_screenshot(str(SCREENSHOTS / "phone-handed-over.png"))
        qtbot.wait(1500)
        assert hub.status(1) == "joined" and page_state(second) is not None
    finally:
        first.quit()
        if second is not None:
            second.quit()


def test_the_question_about_another_device_comes_into_sight_on_a_scrolled_phone(qtbot, hosting):
    """Lera has scrolled down her table when another device opens her code: the question
    (Allow or Refuse) is in sight under the heading (it stood at the page's top, out of
    sight above the table she was looking at)."""
    model, hub = hosting("illuminati", TWO_AND_A_BOT, seed=4)
    address = hub.give(1)
    first = open_phone(address)
    second = None
    try:
        qtbot.waitUntil(lambda: page_state(first) is not None, timeout=15000)
        qtbot.waitUntil(lambda: bool(first.find_elements("css selector", "main section")))
        first.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        qtbot.waitUntil(lambda: first.execute_script("return window.scrollY") > 200)
        second = open_phone(address)
        ask = lambda: first.find_element("id", "ask")  # noqa: E731
        qtbot.waitUntil(lambda: ask().is_displayed(), timeout=15000)
        top, bottom, header, height = first.execute_script(
            "const r = document.getElementById('ask').getBoundingClientRect();"
            "return [r.top, r.bottom, document.getElementById('top').getBoundingClientRect()"
            ".bottom, window.innerHeight]"
        )
        assert header <= top and bottom <= height, (top, bottom, header, height)
        first.save_screenshot(str(SCREENSHOTS / "phone-asked-about-another-scrolled.png"))
    finally:
        first.quit()
        if second is not None:
            second.quit()


def test_a_phone_refused_the_seat_says_so_and_shows_nothing(qtbot, hosting):
    model, hub = hosting("illusio", TWO_AND_A_BOT, seed=4)
    address = hub.give(1)
    first = open_phone(address)
    second = None
    try:
        qtbot.waitUntil(lambda: page_state(first) is not None, timeout=15000)
        second = open_phone(address)
        qtbot.waitUntil(lambda: bool(hub.asking(1)), timeout=15000)
        ask = first.find_element("id", "ask")
        qtbot.waitUntil(ask.is_displayed, timeout=5000)
        [refuse] = [b for b in ask.find_elements("tag name", "button") if b.text == "Refuse"]
        refuse.click()
        said = lambda: second.find_element("id", "table").text  # noqa: E731
        qtbot.waitUntil(lambda: "said no" in said(), timeout=5000)
        assert page_state(second) is None and "Lera" not in said()
        qtbot.waitUntil(lambda: not ask.is_displayed(), timeout=5000)
        assert page_state(first)["view"] == model.session.game.view(1)
        looks_right(second)
    finally:
        first.quit()
        if second is not None:
            second.quit()


def test_a_page_let_go_says_the_way_back_only_where_its_reason_does_not(qtbot, hosting):
    """A page let go is told why, and how to play again where the why does not say it:
    after "This seat has a new code: scan it on the big screen." the page said "ask for
    it there: Take back, then Play on a phone" too (a Take back kills the new code); after
    quitting, with the match kept, the same (the resumed match offers new codes by itself)."""
    from illusio_table.remote.hub import PUT_AWAY

    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=4, options={"mode": "expert"})
    moved, kept = open_phone(hub.give(1)), None
    try:
        qtbot.waitUntil(lambda: page_state(moved) is not None, timeout=15000)
        kept = open_phone(hub.give(0))
        qtbot.waitUntil(lambda: page_state(kept) is not None, timeout=15000)
        hub.give(1)  # a new code for Lera's seat: her old page is let go
        said = lambda page: page.find_element("id", "table").text  # noqa: E731
        qtbot.waitUntil(lambda: "new code" in said(moved), timeout=5000)
        assert "Take back" not in said(moved), said(moved)
        hub.stop(PUT_AWAY)
        qtbot.waitUntil(lambda: "the match is kept" in said(kept), timeout=5000)
        assert "Take back" not in said(kept), said(kept)
        looks_right(kept)
    finally:
        moved.quit()
        if kept is not None:
            kept.quit()


def test_a_dead_code_opens_a_page_made_for_a_phone(qtbot, hosting):
    model, hub = hosting("illusio", TWO_AND_A_BOT, seed=4)
    address = hub.give(1)
    hub.give(0)
    hub.take_back(1)
    phone = open_phone(address)
    try:
        text = phone.find_element("tag name", "body").text
        assert "opens no seat" in text and "scan the new code" in text
        assert phone.execute_script("return !!document.querySelector('meta[name=viewport]')")
        looks_right(phone)
        phone.save_screenshot(str(SCREENSHOTS / "phone-dead-code.png"))
    finally:
        phone.quit()


def test_a_page_that_loses_the_host_lights_nothing_says_so_and_rejoins_by_itself(qtbot, hosting):
    """The host's server goes away (a crash, a restart on the same port): the page says
    the connection is lost and offers nothing, instead of a stale table with lit targets,
    and joins again with the code it has as soon as the server is back."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12, options={"mode": "apprentice"})
    address = hub.give(0)
    phone = open_phone(address)
    try:
        qtbot.waitUntil(lambda: bool((page_state(phone) or {}).get("gestures")), timeout=15000)
        hub.server.wanted_port = hub.server.port
        hub.server.stop()
        status = lambda: phone.find_element("id", "status").text  # noqa: E731
        qtbot.waitUntil(lambda: status().startswith("Connection lost"), timeout=5000)
        assert not phone.find_elements("css selector", ".target")
        assert not phone.find_element("id", "count").is_displayed()
        phone.save_screenshot(str(SCREENSHOTS / "phone-connection-lost.png"))
        hub.server.start()
        qtbot.waitUntil(lambda: not status().startswith("Connection lost"), timeout=15000)
        qtbot.waitUntil(
            lambda: page_state(phone)["view"] == model.session.game.view(0), timeout=5000
        )
        looks_right(phone)
    finally:
        phone.quit()


def test_a_move_that_gets_no_answer_is_said_and_the_page_joins_again(qtbot, hosting):
    """A phone out of the Wi-Fi keeps its socket open for minutes, and a move tapped then
    goes nowhere: the page used to go on saying "Your turn." with every move offered, as
    if nothing had been tapped (seen with a chromium phone behind a relay that swallowed
    its frames). Now a move that gets no word from the host in a while is said, the page
    joins again at once, and the present it gets shows the move was not played."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12, options={"mode": "apprentice"})
    address = hub.give(1)
    phone = open_phone(address)
    lost: list[str] = []
    on_message = hub._on_message

    def swallowed(seat, code, text):
        # The first move goes into the dead socket; everything after it comes through.
        if '"act"' in text and not lost:
            lost.append(text)
            # Other frames still come (a bot's move, the host's state; a refusal of
            # something else, a drill declined): they are no answer to the move (a page
            # that took any frame for one never said a thing when a bot moved just after
            # the tap).
            hub._send_state(seat, model.session.count_words(), force=True)
            hub._refuse(seat, "A word about something else.")
            return
        on_message(seat, code, text)

    try:
        qtbot.waitUntil(
            lambda: (
                bool((page_state(phone) or {}).get("gestures"))
                and 1 in model.session.match.to_act()
                and not hub.too_early()
            ),
            timeout=15000,
        )
        hub._on_message = swallowed
        phone.execute_script("ANSWER_MS = 400;")
        before = page_state(phone)["version"]
        moves = len(model.session.game.record.moves)
        joins = hub.doorkeeper.seats[1].joins
        take_a_turn(phone, random.Random(3))
        notice = lambda: phone.find_element("id", "notice").text  # noqa: E731
        not_played = "Your last move did not reach the big screen: play it again."
        qtbot.waitUntil(lambda: bool(lost) and notice() == not_played, timeout=10000)
        assert hub.doorkeeper.seats[1].joins == joins + 1  # it joined again by itself
        assert len(model.session.game.record.moves) == moves  # nothing was played
        state = page_state(phone)
        assert state["version"] == before and state["moves"]  # the move is offered again
        assert phone.find_element("id", "status").text == state["heading"]
        phone.save_screenshot(str(SCREENSHOTS / "phone-move-without-answer.png"))
        # Played again, it is played once, and the notice goes.
        take_a_turn(phone, random.Random(3))
        qtbot.waitUntil(lambda: len(model.session.game.record.moves) > moves, timeout=5000)
        qtbot.waitUntil(lambda: page_state(phone)["version"] != before, timeout=5000)
        assert not notice()
        looks_right(phone)
    finally:
        phone.quit()


def test_a_second_move_sent_before_the_first_is_heard_waits_for_its_own_answer(qtbot, hosting):
    """Two taps in a row: the host's "heard" of the first is no answer to the second (it
    ended the only wait, and a second move lost in a dead socket was never said)."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12, options={"mode": "apprentice"})
    phone = open_phone(hub.give(1))
    try:
        qtbot.waitUntil(lambda: bool((page_state(phone) or {}).get("moves")), timeout=15000)
        phone.execute_script(
            """
            ANSWER_MS = 400;
            send = () => {};  // the socket takes both moves, and they go nowhere
            const first = asks + 1;
            play(state.moves[0].action);
            play(state.moves[0].action);
            receive({type: "heard", ask: first});  // the first is heard, never the second
            """
        )
        not_played = "Your last move did not reach the big screen: play it again."
        notice = lambda: phone.find_element("id", "notice").text  # noqa: E731
        qtbot.waitUntil(lambda: notice() == not_played, timeout=10000)
    finally:
        phone.quit()


def host_away(phone, hub, first_ms: int = 20, most_ms: int = 60) -> None:
    """The page's waits between tries to join again set (as a fake clock would), then the
    host's server stopped, to start again later on the same port."""
    phone.execute_script(f"RETRY_FIRST = {first_ms}; RETRY_MOST = {most_ms}; retry = {first_ms};")
    hub.server.wanted_port = hub.server.port
    hub.server.stop()


def rejoined(qtbot, phone, model, seat: int) -> None:
    """The page joined again and shows its seat's present."""
    qtbot.waitUntil(lambda: phone.execute_script("return !lost"), timeout=15000)
    qtbot.waitUntil(
        lambda: page_state(phone)["view"] == model.session.game.view(seat), timeout=5000
    )


def test_a_page_keeps_joining_through_a_long_host_pause(qtbot, hosting):
    """The big screen says an away phone comes back by itself: so it does, however long
    the host takes to start again (the page used to give up after eight tries, about
    92 s). The page's waits are shortened here, as a fake clock would: it tries far
    more than eight times, says it is still trying, and rejoins when the host is back."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12, options={"mode": "apprentice"})
    address = hub.give(0)
    phone = open_phone(address)
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        host_away(phone, hub)
        tries = lambda: phone.execute_script("return tries")  # noqa: E731
        qtbot.waitUntil(lambda: tries() > 20, timeout=15000)
        status = phone.find_element("id", "status").text
        assert status.startswith("Connection lost: still trying"), status
        assert "no longer plays" not in phone.find_element("tag name", "body").text
        hub.server.start()
        rejoined(qtbot, phone, model, 0)
        assert hub.status(0) == "joined" and hub.asking(0) == {}  # the same device: no asking
        looks_right(phone)
    finally:
        phone.quit()


def test_a_page_back_on_the_network_joins_again_at_once(qtbot, hosting):
    """After a long cut the page waited out its growing wait (up to 10 s) before trying
    again, though the phone was back on the Wi-Fi: the browser's "online" now starts a
    try at once. The waits are made long here, so that only that event can bring it back."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12, options={"mode": "apprentice"})
    address = hub.give(0)
    phone = open_phone(address)
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        host_away(phone, hub, 60000, 60000)
        qtbot.waitUntil(lambda: phone.execute_script("return lost && again !== null"), timeout=5000)
        hub.server.start()
        qtbot.wait(500)
        assert phone.execute_script("return lost"), "nothing but the event brings it back"
        phone.execute_script("window.dispatchEvent(new Event('online'))")
        qtbot.waitUntil(lambda: phone.execute_script("return !lost"), timeout=5000)
        rejoined(qtbot, phone, model, 0)
        assert hub.status(0) == "joined"
    finally:
        phone.quit()


def test_a_page_whose_code_died_while_the_host_was_away_stops_and_says_so(qtbot, hosting):
    """The host came back with new codes (its port was not kept): a page retrying its old
    code is not left hammering it; it asks whether its code still opens a seat, and says
    what to do."""
    model, hub = hosting("illusio", TWO_AND_A_BOT, seed=4)
    address = hub.give(0)
    hub.give(1)
    phone = open_phone(address)
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        host_away(phone, hub)
        hub.doorkeeper.close(0)  # a host started again without that code
        hub.server.start()
        said = lambda: phone.find_element("id", "table").text  # noqa: E731
        qtbot.waitUntil(lambda: "opens nothing any more" in said(), timeout=15000)
        assert phone.execute_script("return ended")
        looks_right(phone)
    finally:
        phone.quit()


def test_a_drawing_that_fails_to_load_is_asked_for_again_and_the_page_says_so(qtbot, hosting):
    """The game's drawing script did not come (a busy host, a dropped packet): the page
    used to keep its buttons for good. Now it says so, asks again with a growing wait,
    and draws the table once the script comes."""
    from aiohttp import web

    model, hub = hosting("illuminati", TWO_AND_A_BOT, seed=4, options={"hidden_goals": True})
    served = hub.server._drawing
    asked = []

    async def flaky(request):
        asked.append(request.match_info["game"])
        if len(asked) <= 2:
            return web.Response(status=503, text="busy")
        return await served(request)

    hub.server._drawing = flaky  # taken by the routes when the server starts
    phone = open_phone(hub.give(0))
    try:
        text = lambda: phone.find_element("id", "table").text  # noqa: E731
        qtbot.waitUntil(lambda: "did not load: trying again" in text(), timeout=15000)
        # Meanwhile every move is a button (Ana chooses her secret goal).
        moves = phone.find_elements("css selector", "#moves button")
        assert len(moves) == len(page_state(phone)["moves"]) > 0
        phone.save_screenshot(str(SCREENSHOTS / "phone-drawing-retry.png"))
        qtbot.waitUntil(lambda: len(asked) >= 3, timeout=15000)
        qtbot.waitUntil(lambda: _drawn_sections(phone) >= 3, timeout=5000)
        assert "did not load" not in text()
        assert asked == ["illuminati"] * 3
        looks_right(phone)
    finally:
        phone.quit()


def test_a_sideways_phone_keeps_the_count_small_and_a_refusal_goes_with_the_next_state(
    qtbot, hosting
):
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12, options={"mode": "apprentice"})
    model.session.syllable_ms = 3000  # long enough to look at the count
    address = hub.give(0)
    phone = open_phone(address, 844, 390)
    try:
        qtbot.waitUntil(lambda: (page_state(phone) or {}).get("count") == "In…", timeout=15000)
        height = phone.execute_script("return document.getElementById('top').offsetHeight")
        assert height <= 390 / 4, f"the heading takes {height} of 390 px"
        assert not phone.find_elements("css selector", ".target")  # nothing before "to!"
        phone.save_screenshot(str(SCREENSHOTS / "phone-count-landscape.png"))
        qtbot.waitUntil(lambda: page_state(phone)["count"].endswith("to!"), timeout=15000)
        phone.execute_script("play({kind: 'no such move'})")
        notice = lambda: phone.find_element("id", "notice")  # noqa: E731
        qtbot.waitUntil(lambda: notice().is_displayed(), timeout=5000)
        hub.note(0, "A word for Ana alone.")  # the next state comes
        qtbot.waitUntil(lambda: not notice().is_displayed(), timeout=5000)
        looks_right(phone)
    finally:
        phone.quit()


NO_OVERFLOW = """
return [...document.querySelectorAll('.piece')]
  .filter((p) => p.offsetParent && p.scrollWidth > p.clientWidth + 1)
  .map((p) => p.textContent);
"""


def test_what_the_phone_draws_says_what_the_desktop_says(qtbot, hosting):
    """A full satchel is drawn with its cells, the token with no room marked so and the new
    one marked NEW; a token's short label is not said twice beside its name; Illusio cards
    say their group (or that they are Specials); no name runs out of its card."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=3, options={"mode": "apprentice"})
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        # A satchel of three gold cells holding four Gold, the fourth just taken.
        drawn = phone.execute_script(
            """
            const gold = (id) => ({id, kind: "gold-1", name: "1 Gold", points: 1});
            const box = satchelCells({
              tokens: [gold(1), gold(2), gold(3), gold(4)],
              cells: {ingredient: [], weapon: [], monster: [], gold: [1, 2, 3, 4], potion: [],
                      purse: [], spell: [], sorcerer: []},
              capacity: {ingredient: 3, weapon: 3, monster: 3, gold: 3, potion: 2, purse: 1},
            }, 4);
            document.getElementById("table").append(box);
            return {
              empty: box.querySelectorAll(".cell").length,
              noroom: [...box.querySelectorAll(".noroom")].map((n) => n.textContent),
              isNew: [...box.querySelectorAll(".newtag")].map((n) => n.parentElement.textContent),
            };
            """
        )
        assert drawn["empty"] == 3 + 3 + 3 + 2 + 1  # every free cell, none for the gold
        assert len(drawn["noroom"]) == 1 and "no room" in drawn["noroom"][0]
        assert drawn["isNew"] and drawn["isNew"][0].startswith("NEW")
        twice = phone.execute_script(
            """
            return [...document.querySelectorAll('.piece')].filter((p) => {
              const sym = p.querySelector('.sym'), name = p.querySelector('b');
              return sym && name && name.textContent.toLowerCase()
                .includes(sym.textContent.trim().toLowerCase());
            }).map((p) => p.textContent);
            """
        )
        assert twice == []
        assert phone.execute_script(NO_OVERFLOW) == []
    finally:
        phone.quit()
    model, hub = hosting("illusio", TWO_AND_A_BOT, seed=4)
    phone = open_phone(hub.give(0), 844, 390)
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        hand = phone.execute_script(
            """
            const h2 = [...document.querySelectorAll('h2')]
              .find((h) => h.textContent.startsWith('Your hand'));
            return [...h2.parentElement.querySelectorAll('.piece')].map((p) => p.textContent);
            """
        )
        assert hand and all("group:" in card or "Special" in card for card in hand), hand
        assert phone.execute_script(NO_OVERFLOW) == []
        phone.save_screenshot(str(SCREENSHOTS / "phone-illusio-hand.png"))
    finally:
        phone.quit()


def test_the_phone_shows_the_special_tokens_and_the_sorcerers_as_the_big_screen_does(
    qtbot, hosting
):
    """The big screen shows the special tokens still to be had and the sorcerers to face
    (each turned one with what defeats it); a person on a phone saw neither (seen in a
    real window's play: the phone's page had no sorcerer and no special token)."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=3, options={"mode": "expert"})
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        view = page_state(phone)["view"]
        sections = phone.execute_script(
            """
            const found = {};
            for (const h of document.querySelectorAll('h2')) {
              found[h.textContent] = [...h.parentElement.querySelectorAll('.piece, .facts')]
                .map((n) => n.textContent);
            }
            return found;
            """
        )
        specials = sections["Special tokens"]
        assert len(specials) == len(view["special_tokens"])
        for token, drawn in zip(view["special_tokens"], specials, strict=True):
            assert token["name"] in drawn
        heading = f"Sorcerers — {len(view['sorcerers'])} to face"
        turned = [s for s in view["sorcerers"] if s.get("face_up", True)]
        assert turned, "a sorcerer is turned from the start"
        drawn = sections[heading]
        for sorcerer in turned:
            line = next(d for d in drawn if sorcerer["name"] in d)
            assert "defeated by " in line and f"{sorcerer['points']} points" in line, line
        hidden = len(view["sorcerers"]) - len(turned)
        assert f"{hidden} more still face down" in drawn
        looks_right(phone)
        phone.execute_script(
            "[...document.querySelectorAll('h2')].find((h) => h.textContent.startsWith("
            "'Special')).scrollIntoView()"
        )
        phone.save_screenshot(str(SCREENSHOTS / "phone-incantibus-sorcerers.png"))
    finally:
        phone.quit()


def test_the_phone_draws_its_own_coachs_chart_in_portrait_and_landscape(qtbot, hosting):
    """A rehearsing seat's coach chart (hub.coach) on its phone: a row a target with its
    words and how far behind the best it was, its interval, yours and the best marked, the
    costs under them; readable both ways."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=3, options={"mode": "apprentice"})
    chart = {
        "casting": 2,
        "targets": [
            {
                "words": "the 3 Gold",
                "behind": 2.0,
                "behind_before": 0.5,
                "chosen": True,
                "best": False,
                "margin": 0.9,
            },
            {
                "words": "secret token 5",
                "behind": 0.0,
                "behind_before": 0.0,
                "chosen": False,
                "best": True,
                "margin": 0.9,
            },
            {
                "words": "the Pumpkin",
                "behind": 3.3,
                "behind_before": 2.1,
                "chosen": False,
                "best": False,
            },
        ],
        "costs": [0.0, 2.0],
        "average": 1.0,
        "past": [3.0, 2.25, 1.0],
        "said": [
            "Lera's wand 4 was the stronger there.",
            "Given what the others did, secret token 5 was best; your choice: a mistake of "
            "2.0 points ± 0.9.",
        ],
    }
    for width, height, name in ((390, 844, "portrait"), (844, 390, "landscape")):
        phone = open_phone(hub.give(0), width, height)
        try:
            qtbot.waitUntil(lambda p=phone: page_state(p) is not None, timeout=15000)
            hub.coach(0, chart)
            rows = lambda p=phone: p.find_elements(  # noqa: E731
                "css selector", ".coach-row:not(.coach-scale)"
            )
            qtbot.waitUntil(lambda r=rows: len(r()) == 3, timeout=5000)
            said = [r.find_element("css selector", ".coach-label").text for r in rows()]
            assert said == [
                "the 3 Gold: 2.0 behind (yours)",
                "secret token 5: the best ★",
                "the Pumpkin: 3.3 behind",
            ]
            bars = [
                [b.size["width"] for b in r.find_elements("css selector", ".coach-bar")]
                for r in rows()
            ]
            assert bars[1] == [] and bars[0][0] < bars[2][0]  # the best is 0: no bar
            # Each interval against the best, a whisker across its bar's end (none where
            # the chart gives none, nor for the best: its own is against the next one).
            for row, margin in zip(rows(), (0.9, 0.0, 0.0), strict=True):
                whiskers = row.find_elements("css selector", ".coach-whisker")
                assert len(whiskers) == (margin > 0)
                if whiskers:
                    bar = row.find_element("css selector", ".coach-bar")
                    end = bar.location["x"] + bar.size["width"]
                    box = whiskers[0]
                    assert box.size["width"] > 10
                    assert abs(box.location["x"] + box.size["width"] / 2 - end) <= 2
            # The scale reaches the farthest mark: its last number stands at or past the
            # end of every bar and whisker (the far end was the farthest whisker's end).
            numbers = phone.find_elements("css selector", ".coach-nought")
            last = numbers[-1].location["x"] + numbers[-1].size["width"] / 2
            for mark in phone.find_elements("css selector", ".coach-bar, .coach-whisker"):
                assert mark.location["x"] + mark.size["width"] <= last + 2, numbers[-1].text
            heading = phone.find_element("css selector", ".coach summary").text
            assert heading == "Coach — casting 2: your choice was 2.0 points behind the best"
            assert "Cost a casting (points): 0.0, 2.0; average 1.0" in phone.page_source
            # The coach's words under its heading, whole, held either way (sideways, the
            # heading's note has room for the tally alone).
            said = [e.text for e in phone.find_elements("css selector", ".coach-said")]
            assert said == chart["said"]
            # Their own line of past rehearsals, in words and as a line.
            assert (
                "Average cost, your last 3 rehearsals: 3.0 → 1.0"
                in phone.find_element("css selector", ".coach").text
            )  # (its no-break spaces read as spaces)
            line = phone.find_element("css selector", ".coach-past")
            assert line.size["width"] > 100 and line.size["height"] >= 30
            phone.execute_script(
                "document.querySelector('.coach').scrollIntoView({block: 'center'})"
            )
            phone.save_screenshot(str(SCREENSHOTS / f"phone-coach-{name}.png"))
            looks_right(phone)
        finally:
            phone.quit()


def test_the_phones_costs_line_says_which_castings_it_lists(qtbot, hosting):
    """After more than eight castings the phone lists the last eight costs: it says so
    ("the last 8 of 10"), since the average beside them counts every casting (the line
    read as if those eight were all there were)."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=3, options={"mode": "apprentice"})
    best = {"words": "the Pumpkin", "behind": 0.0, "behind_before": 0.0}
    chart = {
        "casting": 10,
        "targets": [{**best, "chosen": True, "best": True}],
        "costs": [n / 2 for n in range(10)],
        "average": 2.2,
        "past": [],
        "said": ["Given what the others did, the Pumpkin was best; your choice."],
    }
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        hub.coach(0, chart)
        line = "Cost a casting (points), the last 8 of 10: 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5"
        qtbot.waitUntil(lambda: line in phone.page_source, timeout=5000)
        assert f"{line}; average 2.2" in phone.page_source
    finally:
        phone.quit()


# Every frame's type, kept by the page under test as it receives them.
RECORD_KINDS = """
if (!window.__kinds) {
  window.__kinds = [];
  const r = receive;
  receive = (m) => { __kinds.push(m.type); r(m); };
}
"""
# What the page draws: its heading, the table, its moves and its log.
DRAWING = "return ['top', 'table', 'extra'].map((id) => document.getElementById(id).innerHTML)"


def test_the_page_takes_compressed_frames_and_draws_after_deltas_what_a_fresh_page_draws(
    qtbot, hosting
):
    """The browser agrees to permessage-deflate with the host; states that change little
    come as deltas, and the page that took several of them draws what a page just opened
    on the same seat draws from the whole state it is sent."""
    from illusio_table.engine import make_bot
    from illusio_table.engine.bots import bot_move

    model, hub = hosting("illuminati", TWO_AND_A_BOT, seed=4)
    session = model.session
    phone = open_phone(hub.give(0))
    hub.give(1)  # Lera's seat, played here from "her phone" (no browser needed for it)
    minds = {s: make_bot(session.game, "schemer", s, s) for s in (0, 1)}
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        assert "permessage-deflate" in phone.execute_script("return socket.extensions")
        assert hub.server.compressed(0)
        phone.execute_script(RECORD_KINDS)
        for _ in range(8):  # moves of both people (and the bot's between them)
            qtbot.waitUntil(lambda: bool({0, 1} & session.game.to_act()))
            seat = min({0, 1} & session.game.to_act())
            assert session.act_from_device(seat, bot_move(session.game, minds[seat], seat)) is None
        qtbot.waitUntil(lambda: _shows(phone, hub, 0), timeout=5000)
        kinds = phone.execute_script("return __kinds")
        assert kinds.count("delta") >= 4 and "state" not in kinds, kinds
        drawn = phone.execute_script(DRAWING)
        phone.refresh()  # a fresh page on the same device: sent a whole state
        qtbot.waitUntil(lambda: _shows(phone, hub, 0), timeout=15000)
        assert phone.execute_script(DRAWING) == drawn
    finally:
        phone.quit()


def test_a_page_lacking_a_deltas_base_asks_for_a_whole_state_once_and_again_if_overtaken(
    qtbot, hosting
):
    """The page's own rule, fed frames by hand (what it sends kept, not sent): a delta
    against a state it does not hold makes it ask for a whole state, once however many
    such deltas follow; a whole state that comes after a newer frame (overtaken: perhaps
    the answer) is dropped, and the page asks again; a whole state taken ends the asking."""
    model, hub = hosting("illuminati", TWO_AND_A_BOT, seed=4)
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        sent = phone.execute_script(
            """
            window.__sent = [];
            send = (m) => __sent.push(m.type);
            const whole = {...base, seq: 1001, version: "whole-1"};
            const delta = (seq, of) => ({type: "delta", seq, base: of, version: `v${seq}`});
            const out = [];
            receive(delta(1002, "unknown"));  // its base lost: ask
            receive(delta(1003, "v1002"));  // not held either: already asked
            out.push(__sent.length);
            receive(whole);  // overtaken (1001 < 1003): dropped, and asked again
            out.push(__sent.length, state.version === "whole-1");
            receive({...whole, seq: 1004, version: "whole-2"});  // taken
            receive(delta(1005, "whole-2"));  // applies on it: nothing asked
            out.push(__sent.length, state.version, __sent);
            return out;
            """
        )
        assert sent == [1, 2, False, 2, "v1005", ["state", "state"]]
    finally:
        phone.quit()


def _next_match(game_id: str, seed: int):
    """A new match at the table with the same people (New game): its model, begun."""
    from illusio_table.engine import Match
    from illusio_table.games import builtin_registry
    from illusio_table.qt.models.match_model import MatchModel

    match = Match.start(game_id, TWO_AND_A_BOT, seed, {}, registry=builtin_registry())
    model = MatchModel(match, bot_delay_ms=0)
    model.session.begin()
    return model


# What the page draws of a seat: its pieces, moves, log lines and the words of its table.
SEAT_DRAWN = """
return {
  pieces: document.querySelectorAll('#table .piece, #table [data-key]').length,
  moves: document.querySelectorAll('#moves button').length,
  log: document.querySelectorAll('#log li').length,
  table: document.getElementById('table').innerText,
  who: document.getElementById('who').textContent,
  extra: document.getElementById('extra').hidden,
};
"""


@pytest.mark.parametrize("game_id", ["illusio", "incantibus"])
def test_a_phone_asked_to_confirm_its_seat_in_a_new_match_shows_nothing_of_the_last(
    qtbot, hosting, game_id
):
    """After New game at the big screen (Illusio, then Illusio again or Incantibus), the
    phone that held Ana's seat asks her to confirm the new seat and draws nothing of the
    last match under the question (it drew the old hand there: a play-test); once she
    confirms, it draws the new match's seat from a whole state, the same as a fresh page."""
    model, hub = hosting("illusio", TWO_AND_A_BOT, seed=3)
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: _shows(phone, hub, 0), timeout=15000)
        old = phone.execute_script(SEAT_DRAWN)
        hand = [c["name"] for c in model.session.game.view(0)["hand"]]
        assert old["pieces"] > 0 and hand and all(name in old["table"] for name in hand)
        phone.execute_script(RECORD_KINDS)
        second = _next_match(game_id, 8)
        hub.move_to(second.session, {0: 0})
        sheet = lambda: phone.find_element("id", "sheet")  # noqa: E731
        qtbot.waitUntil(lambda: "I am Ana" in sheet().text, timeout=5000)
        qtbot.wait(200)  # (anything the page would draw after the question)
        asked = phone.execute_script(SEAT_DRAWN)
        assert page_state(phone) is None and phone.execute_script("return base") is None
        assert asked["pieces"] == asked["moves"] == asked["log"] == 0, asked
        assert asked["extra"] and "Ana" not in asked["who"], asked
        assert not [name for name in hand if name in asked["table"] + sheet().text]
        assert phone.find_element("id", "status").text == "A new match: confirm your seat."
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        phone.save_screenshot(str(SCREENSHOTS / f"phone-confirm-new-{game_id}.png"))
        sheet().find_element("css selector", "button").click()
        qtbot.waitUntil(lambda: _shows(phone, hub, 0), timeout=15000)
        assert page_state(phone)["game"] == game_id
        kinds = phone.execute_script("return __kinds")
        after = kinds[kinds.index("confirm") + 1 :]
        assert [k for k in after if k in ("state", "delta")][0] == "state", kinds
        # (The count's "to!" stands a moment on a page that saw the count run, never on
        # a fresh one: the drawings are compared once it has gone.)
        count_gone = "return document.getElementById('count').hidden"
        qtbot.waitUntil(lambda: phone.execute_script(count_gone), timeout=5000)
        drawn = phone.execute_script(DRAWING)
        phone.refresh()  # a fresh page on the same device draws the same
        qtbot.waitUntil(lambda: _shows(phone, hub, 0), timeout=15000)
        assert phone.execute_script(DRAWING) == drawn
    finally:
        phone.quit()


def test_a_seat_confirmed_while_the_connection_is_lost_stays_asked_and_says_why(qtbot, hosting):
    """Lera taps "I am Lera: show my seat" while her Wi-Fi is gone: the page said "Joining
    your seat…" over the lost connection and the answer went nowhere (seen with a chromium
    phone behind a relay that was stopped). Now the question stays, the page says the
    answer must wait, and once it is back the answer goes and the seat is drawn."""
    model, hub = hosting("illusio", TWO_AND_A_BOT, seed=3)
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: _shows(phone, hub, 0), timeout=15000)
        hub.move_to(_next_match("illusio", 8).session, {0: 0})
        sheet = lambda: phone.find_element("id", "sheet")  # noqa: E731
        qtbot.waitUntil(lambda: "I am Ana" in sheet().text, timeout=5000)
        host_away(phone, hub)
        status = lambda: phone.find_element("id", "status").text  # noqa: E731
        qtbot.waitUntil(lambda: status().startswith("Connection lost"), timeout=5000)
        sheet().find_element("css selector", "button").click()
        assert status().startswith("Connection lost")
        assert "I am Ana" in sheet().text and sheet().is_displayed()
        notice = phone.find_element("id", "notice").text
        assert notice == "The connection is lost: answer again once it is back."
        looks_right(phone)
        hub.server.start()
        qtbot.waitUntil(lambda: not status().startswith("Connection lost"), timeout=15000)
        qtbot.waitUntil(lambda: "I am Ana" in sheet().text, timeout=5000)
        sheet().find_element("css selector", "button").click()
        qtbot.waitUntil(lambda: _shows(phone, hub, 0), timeout=15000)
    finally:
        phone.quit()


def test_a_phone_told_the_match_is_kept_looks_for_its_new_code_where_it_shows(qtbot, hosting):
    """The big screen quit on a match it keeps: the page says so, and sends the person to
    the Phones panel, where the restarted program shows the seat's new code (it said
    only to ask there for "Take back", then "Play on a phone", which nobody needs then)."""
    from illusio_table.remote.hub import PUT_AWAY

    model, hub = hosting("illusio", TWO_AND_A_BOT, seed=4)
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        hub.stop(PUT_AWAY)
        said = lambda: phone.find_element("id", "table").text  # noqa: E731
        qtbot.waitUntil(lambda: "the match is kept" in said(), timeout=15000)
        lines = said().splitlines()
        assert PUT_AWAY in lines, lines
        # Where the new code shows, and nothing of a Take back, which nobody needs then
        # (the restarted program offers the seat's new code by itself).
        assert "new code in the big screen's Phones panel" in lines[-1], lines
        assert "Take back" not in said(), said()
        looks_right(phone)
    finally:
        phone.quit()


def test_a_page_that_joins_after_the_count_ran_does_not_say_it_again(qtbot, hosting):
    """'In… can… to!' is said while it runs: a page opened again (a reload, a rejoin)
    after it ran shows the seat's heading alone, not the count's last word (it stood
    there 1.5 s after a rejoin, as if the casting began again)."""
    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12)
    model.session.syllable_ms = 300
    phone = open_phone(hub.give(1))
    count_shown = 'return !document.getElementById("count").hidden'
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        qtbot.waitUntil(lambda: _shows(phone, hub, 1), timeout=15000)
        qtbot.waitUntil(lambda: not phone.execute_script(count_shown), timeout=5000)
        assert (page_state(phone)["count"] or "").endswith("to!")  # the casting goes on
        phone.refresh()
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        assert page_state(phone)["count"].endswith("to!")
        assert not phone.execute_script(count_shown)
        assert phone.find_element("id", "status").text == page_state(phone)["heading"]
    finally:
        phone.quit()


# Every message the page takes, with what its heading says just after (the seat's line in
# the state, the line drawn at the top, the count drawn beside it); but the host's "heard",
# which answers a move the page sent and is no word to its person.
RECORD_HEADINGS = """
if (!window.__said) {
  window.__said = [];
  const r = receive;
  receive = (m) => {
    r(m);
    if (m.type === "heard") return;
    const count = document.getElementById('count');
    __said.push([m.type, state ? state.heading : null,
      document.getElementById('status').textContent, count.hidden ? '' : count.textContent]);
  };
}
"""


def test_a_phone_says_the_reveal_from_its_first_word_and_shows_its_heading_once(qtbot, hosting):
    """Both seats on phones: from the first message of a reveal the seat's line is the
    reveal's words, in the heading and in the page's state (not "Watching.", nor the old
    "You have chosen… Waiting for Ana…" left in the body); the heading is written once,
    at the top, not again in the body under it; and "In… can… to!" stands beside it only
    while the count runs (with "to!" a moment), not for the rest of the casting."""
    from illusio_table.remote.hub import REVEALING

    model, hub = hosting("incantibus", TWO_AND_A_BOT, seed=12, release=False)
    model.session.syllable_ms = 300
    session = model.session
    phones = {0: open_phone(hub.give(0)), 1: open_phone(hub.give(1))}
    try:
        for phone in phones.values():
            qtbot.waitUntil(lambda p=phone: page_state(p) is not None, timeout=15000)
            phone.execute_script(RECORD_HEADINGS)
        for seat, phone in phones.items():
            qtbot.waitUntil(lambda p=phone, s=seat: _shows(p, hub, s), timeout=15000)
        # The count has run and said "to!": a moment later it is gone from the heading.
        qtbot.wait(1700)
        for phone in phones.values():
            assert phone.execute_script("return document.getElementById('count').hidden")
        take_a_turn(phones[0], random.Random(1))
        # Chosen: the heading says it at the top, and the body does not say it again.
        qtbot.waitUntil(
            lambda: page_state(phones[0])["heading"].startswith("You have chosen"), timeout=5000
        )
        heading = page_state(phones[0])["heading"]
        body = phones[0].execute_script("return document.querySelector('main').innerText")
        assert heading not in body, "the heading is repeated in the body"
        assert phones[0].execute_script("return document.getElementById('count').hidden")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        phones[0].save_screenshot(str(SCREENSHOTS / "phone-incantibus-chosen.png"))
        for phone in phones.values():
            phone.execute_script("__said.length = 0")
        take_a_turn(phones[1], random.Random(2))
        qtbot.waitUntil(lambda: session.holding, timeout=5000)
        qtbot.waitUntil(
            lambda: all(p.execute_script("return __said.length") for p in phones.values()),
            timeout=5000,
        )
        qtbot.wait(300)
        for phone in phones.values():
            said = phone.execute_script("return __said")
            assert said[0][1:] == [REVEALING, REVEALING, ""], said
            assert all(s[1:] == [REVEALING, REVEALING, ""] for s in said), said
            body = phone.execute_script("return document.querySelector('main').innerText")
            assert "You have chosen" not in body and "Waiting for" not in body
        phones[0].save_screenshot(str(SCREENSHOTS / "phone-incantibus-reveal.png"))
        session.release()
        for phone in phones.values():
            qtbot.waitUntil(lambda p=phone: page_state(p)["heading"] != REVEALING, timeout=5000)
    finally:
        for phone in phones.values():
            phone.quit()
