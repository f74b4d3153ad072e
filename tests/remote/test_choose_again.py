"""A match opened again (after a crash, or from a file) whose save left out a phone
seat's secret choice: the big screen tells the room, and the phone tells its person,
who looks at the phone, that their choice is to be made again (a play-test saw the
phone go back to "Point your wand" without a word)."""

from __future__ import annotations

from illusio_table.engine import Match
from illusio_table.games import builtin_registry
from illusio_table.qt.models.match_model import MatchModel
from illusio_table.remote.hub import CHOOSE_AGAIN, DeviceHub

from .phone import Phone

PEOPLE = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Bot", "bot": "random"},
]


def test_a_phone_whose_choice_the_save_left_out_is_told_to_choose_again(qtbot):
    registry = builtin_registry()
    played = Match.start("incantibus", PEOPLE, 3, {}, registry=registry)
    played.apply(1, played.legal_actions(1)[0])  # Lera points; no one else has
    match = Match.load(played.file_json(), registry)
    assert match.withheld == [1] and match.choosing_again(1) and not match.choosing_again(0)
    model = MatchModel(match, bot_delay_ms=None)
    model.session.syllable_ms = 10
    hub = DeviceHub(model.session, network=False)
    model.session.begin()
    phones = []
    try:
        phones = [Phone(hub.give(seat)) for seat in (0, 1)]
        for phone in phones:
            qtbot.waitUntil(lambda p=phone: bool(p.states()), timeout=5000)
        qtbot.waitUntil(lambda: not hub.too_early(), timeout=5000)
        ana, lera = phones
        qtbot.waitUntil(lambda: lera.state()["version"] == hub.version(1), timeout=5000)
        assert lera.state()["note"].startswith(CHOOSE_AGAIN)
        assert CHOOSE_AGAIN not in ana.state()["note"], "only the seat whose choice it was"
        # Once chosen again, the note goes.
        lera.play(lera.state()["moves"][0]["action"])
        qtbot.waitUntil(lambda: not match.choosing_again(1), timeout=5000)
        qtbot.waitUntil(lambda: lera.state()["version"] == hub.version(1), timeout=5000)
        assert CHOOSE_AGAIN not in lera.state()["note"]
    finally:
        for phone in phones:
            phone.close()
        hub.stop()
