"""The Session, headless with a fake clock: every rule it holds for a match at the table
(the curtain between people at the screen and none for phones, holding a reveal, bots in
turn at their pace, undo behind nothing secret, autosave at every move, seats given to
phones and taken back, the count when people point at once), at rules-test speed."""

from __future__ import annotations

import json

from illusio_table.engine import Match
from illusio_table.games import builtin_registry
from illusio_table.table.session import SYLLABLES, Session


class FakeClock:
    """Time that moves only when a test says so; timers fire in the order they fall due."""

    def __init__(self) -> None:
        self.now = 0
        self.timers: list[FakeTimer] = []

    def timer(self, callback):
        timer = FakeTimer(self, callback)
        self.timers.append(timer)
        return timer

    def advance(self, ms: int) -> None:
        end = self.now + ms
        while True:
            due = [t for t in self.timers if t.due is not None and t.due <= end]
            if not due:
                break
            first = min(due, key=lambda t: t.due)
            self.now = first.due
            first.due = None
            first.callback()
        self.now = end


class FakeTimer:
    def __init__(self, clock: FakeClock, callback) -> None:
        self.clock, self.callback, self.due = clock, callback, None

    def start(self, ms: int) -> None:
        self.due = self.clock.now + ms

    def stop(self) -> None:
        self.due = None


def _session(game_id, players, seed=3, options=None, delay=0, autosave=None):
    clock = FakeClock()
    match = Match.start(game_id, players, seed, options or {}, registry=builtin_registry())
    session = Session(match, clock.timer, autosave=autosave, bot_delay_ms=delay)
    heard = {"changed": 0, "refused": [], "counting": [], "finished": 0}
    session.changed.connect(lambda events: heard.__setitem__("changed", heard["changed"] + 1))
    session.refused.connect(heard["refused"].append)
    session.counting.connect(heard["counting"].append)
    session.finished.connect(lambda: heard.__setitem__("finished", heard["finished"] + 1))
    return session, clock, heard


ANA, LERA, BOT = (
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Robo", "bot": "random"},
)
APPRENTICE = {"mode": "apprentice"}


def test_the_curtain_falls_between_people_at_the_screen_and_nothing_shows_behind_it():
    session, clock, heard = _session("illusio", [ANA, LERA, BOT])
    session.begin()
    waiting = sorted(session.match.to_act())[0]
    assert session.viewer is None and session.curtain_seat() == waiting
    assert session.legal_actions() == [] and session.log() == []
    assert not session.act(session.match.legal_actions(waiting)[0])
    assert heard["refused"] == ["Lift the curtain first."]
    assert "Lift the curtain" in session.why_no_undo()
    session.lift_curtain()
    assert session.viewer == waiting and session.view() == session.match.view(waiting)


def test_a_seat_on_a_phone_never_brings_the_curtain_down_at_the_screen():
    session, clock, heard = _session("illusio", [ANA, LERA, BOT], seed=5)
    session.set_device(1, True)
    session.begin()
    for _ in range(200):
        if session.match.is_over():
            break
        assert session.viewer == 0 and session.curtain_seat() is None
        waiting = session.match.to_act()
        if 1 in waiting:
            assert session.act_from_device(1, session.match.legal_actions(1)[0]) is None
        elif 0 in waiting:
            assert session.act(session.legal_actions()[0])
        else:
            clock.advance(1000)
    assert session.viewer == 0 and session.curtain_seat() is None


def test_a_reveal_holds_the_table_until_the_big_screen_has_shown_it():
    session, clock, heard = _session("incantibus", [ANA, LERA, BOT], seed=9, options=APPRENTICE)
    session.set_device(0, True)
    session.set_device(1, True)
    session.begin()
    clock.advance(3 * session.syllable_ms)  # "to!"
    for seat in (0, 1):
        assert session.act_from_device(seat, session.match.legal_actions(seat)[0]) is None
    assert session.holding and session.viewer is None
    made = session.match.moves_made
    clock.advance(10_000)  # nothing moves while the reveal is on the big screen
    assert session.match.moves_made == made
    refusal = session.act_from_device(0, session.match.legal_actions(0)[0])
    assert refusal is not None and "revealed" in refusal
    # The log tells what the wands won only once the reveal has been seen (it told it
    # while they still pointed on the big screen).
    during = session.log()
    assert during == session.match.log(None)[: len(during)]
    session.release()
    assert not session.holding
    after = session.log()
    won = after[len(during) :]
    assert won and after[: len(during)] == during
    assert any(" gets " in line or " takes " in line or "nothing" in line for line in won), won


def test_bots_move_one_a_pause_while_people_watch():
    session, clock, heard = _session("illusio", [ANA, BOT, BOT], seed=4, delay=350)
    session.begin()
    while 0 in session.match.to_act():
        session.act(session.legal_actions()[-1])  # Ana plays to the end of her turn
        if session.match.is_over():
            return
    made = session.match.moves_made
    clock.advance(349)
    assert session.match.moves_made == made  # a bot waits for its pause
    clock.advance(1)
    assert session.match.moves_made == made + 1  # then one move, and the next pause


def test_every_move_is_autosaved_as_it_is_made(tmp_path):
    saved = tmp_path / "autosave.json"
    session, clock, heard = _session("illusio", [ANA, BOT, BOT], seed=6, autosave=saved)
    session.begin()
    for _ in range(30):
        if session.match.is_over():
            break
        if session.viewer is not None and session.legal_actions():
            session.act(session.legal_actions()[0])
        else:
            clock.advance(1000)
        on_disk = json.loads(saved.read_text(encoding="utf-8"))
        assert on_disk == json.loads(json.dumps(session.match.file_json()))


def test_a_seat_taken_back_from_its_phone_comes_behind_the_curtain():
    session, clock, heard = _session("illusio", [ANA, LERA, BOT], seed=5)
    session.set_device(1, True)
    session.begin()
    assert session.devices == [1] and session.screen_humans() == [0]
    session.set_device(1, False)
    assert session.devices == [] and session.screen_humans() == [0, 1]
    # Two people share the screen again: the curtain is back between them.
    assert session.viewer is None and session.curtain_seat() is not None
    # And a seat played at the screen refuses a phone's move.
    waiting = sorted(session.match.to_act())[0]
    move = session.match.legal_actions(waiting)[0]
    assert session.act_from_device(1, move) == "This seat is played at the screen now."


def test_in_can_to_is_counted_and_no_phone_points_before_to():
    session, clock, heard = _session("incantibus", [ANA, LERA, BOT], seed=9, options=APPRENTICE)
    session.set_device(1, True)
    session.begin()
    assert heard["counting"] == [SYLLABLES[0]] and session.too_early()
    move = session.match.legal_actions(1)[0]
    assert session.act_from_device(1, move) == "Wait for “to!”: everyone points at once."
    clock.advance(session.syllable_ms)
    assert heard["counting"] == list(SYLLABLES[:2])
    clock.advance(session.syllable_ms)
    assert heard["counting"] == list(SYLLABLES) and not session.too_early()
    assert session.act_from_device(1, move) is None


def test_no_count_when_only_people_at_the_screen_point():
    session, clock, heard = _session("incantibus", [ANA, LERA, BOT], seed=9, options=APPRENTICE)
    session.begin()
    clock.advance(5000)
    assert heard["counting"] == [] and session.count_words() == ""


def test_the_last_reveal_of_a_match_is_held_before_game_over_is_told():
    """Game over comes after the big screen has shown the last reveal, never before."""
    session, clock, heard = _session(
        "incantibus", [ANA, LERA, BOT], seed=2, options=APPRENTICE, delay=0
    )
    session.set_device(0, True)
    session.set_device(1, True)
    session.begin()
    for _ in range(5000):
        if session.match.is_over() and not session.holding:
            break
        if session.holding:
            assert heard["finished"] == 0
            session.release()
            continue
        if session.too_early():
            clock.advance(session.syllable_ms)
            continue
        seat = min(session.match.to_act())
        assert session.act_from_device(seat, session.match.legal_actions(seat)[0]) is None
    assert session.match.is_over() and heard["finished"] == 1


def test_undo_takes_back_the_screens_own_move_and_nothing_behind_the_curtain():
    session, clock, heard = _session("illusio", [ANA, LERA, BOT], seed=3)
    session.begin()
    session.lift_curtain()
    seat = session.viewer
    made = session.match.moves_made
    assert session.act(session.legal_actions()[0])  # Ana puts a card in her Backstage
    assert session.viewer == seat and session.can_undo()
    assert session.undo()
    assert session.match.moves_made == made and session.viewer == seat
    # Ana ends her turn: the screen goes to Lera behind the curtain, where nothing but
    # lifting it happens (no undo of Ana's moves by whoever sits there now).
    while session.viewer == seat:
        assert session.act(session.legal_actions()[-1])
    assert session.curtain_seat() is not None and not session.can_undo()
    assert "Lift the curtain" in session.why_no_undo()


def test_bots_moving_at_once_are_drawn_once_with_all_their_news_unless_each_must_be():
    """A person's move and the bots' moves made at once after it (no pause) come before a
    screen could show one of them: the screens are told once, at the end, with every
    line their viewer may read of them, and the game's end is told after its last table.
    With motion (`show_each_move`) each move is told: a drawing says where pieces glide
    from next."""
    for each in (False, True):
        session, _, heard = _session("illusio", [ANA, BOT, BOT], seed=4, delay=0)
        session.show_each_move = each
        news: list[list[str]] = []
        order: list[str] = []
        session.changed.connect(lambda events, n=news: n.append([e.text for e in events]))
        session.changed.connect(lambda events, o=order: o.append("changed"))
        session.finished.connect(lambda o=order: o.append("finished"))
        session.begin()
        runs = 0
        while not session.match.is_over():
            lines, made, told = len(session.log()), session.match.moves_made, len(news)
            session.act(session.legal_actions()[-1])
            # Everything the log gained was told, whatever the number of tellings.
            assert [line for n in news[told:] for line in n] == session.log()[lines:]
            bots = session.match.moves_made - made - 1
            if bots > 1:
                runs += 1
                expected = 1 if not each else 1 + bots  # all at once, or Ana's, then each bot's
                assert len(news) - told == expected, (each, bots, len(news) - told)
        assert runs > 3
        assert order[-1] == "finished" and order[-2] == "changed"
