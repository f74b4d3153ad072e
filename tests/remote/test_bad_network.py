"""Whole games with two phones and a bot over a bad network (frames delayed each by its
own time so that they overtake each other, some sent twice, connections cut mid-game):
each phone ends on the host's present view of its seat (a delta that lost its base is
answered by a whole state it asks for), no move is played twice or lost, and the record
replays to the same match."""

from __future__ import annotations

import pytest

from illusio_table.engine import Match
from illusio_table.games import builtin_registry
from testbed.faulty import BadNetwork

# Turns of the test's loop (each at least 20 ms) a move may take before the match counts
# as stuck: a phone's pace, a frame's delays and a rejoin after a cut take a few dozen;
# a frame lost for good, or a move dropped, never ends. Turns, not seconds: on a busy
# machine each turn only lasts longer, and lets more happen.
STUCK = 1500

PEOPLE = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Bot", "bot": "random"},
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_id", "options", "most_moves"),
    [
        ("incantibus", {"mode": "apprentice"}, None),
        ("illusio", {}, None),
        ("illuminati", {"hidden_goals": True, "hidden_illuminati": True}, 120),
    ],
)
def test_phones_converge_on_the_present_over_a_network_that_delays_reorders_doubles_and_cuts(
    qtbot, hosting, game_id, options, most_moves
):
    model, hub = hosting(game_id, PEOPLE, seed=13, options=options)
    network = BadNetwork(seed=13)
    try:
        phones = {seat: network.phone(seat, hub.give(seat)) for seat in (0, 1)}
        moves = model.session.game.record.moves
        waited = 0  # turns since the last move
        while not model.session.game.is_over() and (most_moves is None or len(moves) < most_moves):
            assert waited < STUCK, f"stuck at move {len(moves)}"
            played = len(moves)
            qtbot.wait(20)
            moves = model.session.game.record.moves
            waited = 0 if len(moves) > played else waited + 1
        # A game cut short at `most_moves` goes on: the phones play no more, so that the
        # present they must reach stands still (the bot's run ends at a person's turn);
        # played on, the present moved under them, and on a busy machine a phone stayed a
        # frame behind it for the whole wait.
        for phone in phones.values():
            phone.quiet = True
        qtbot.wait(300)  # the last frames arrive, late as they may be
        for seat, phone in phones.items():
            assert not phone.ended, phone.ended
            # Converged: what the phone holds is its seat's present (a later frame could
            # still be under way: wait for it).
            qtbot.waitUntil(
                lambda p=phone, s=seat: (
                    p.state is not None
                    and p.state["version"] == hub.version(s)
                    and p.state["view"] == model.session.game.view(s)
                ),
                timeout=10000,
            )
        relays = network.relays.values()
        assert sum(r.cuts for r in relays) >= 1 and sum(r.reordered for r in relays) >= 1
        assert sum(r.doubled for r in relays) >= 1
        assert sum(p.joins for p in phones.values()) > len(phones)  # they rejoined
        # Deltas overtaken or doubled came without the state they were made against: the
        # phones asked for whole states, and still converged.
        assert sum(p.page.asked for p in phones.values()) >= 1
        # Nothing played twice or lost: every move the record holds was legal in turn,
        # and the record replays to the same match.
        again = Match.load(model.session.game.record.to_json(), builtin_registry())
        for seat in range(3):
            assert again.view(seat) == model.session.game.view(seat)
        phone_moves = sum(1 for m in model.session.game.record.moves if m.seat in phones)
        assert 0 < phone_moves <= sum(p.sent for p in phones.values())
    finally:
        network.close()
