"""Nothing but what a seat may know leaves the host for its device: twin matches that
differ in one secret of another seat send the device byte-identical messages, over whole
games of every game and every option that hides something."""

from __future__ import annotations

import json

import pytest

from illusio_table.engine import make_bot
from illusio_table.engine.bots import bot_move
from illusio_table.games import builtin_registry
from illusio_table.remote.seats import state_message
from tests.engine.test_expert import MATCHES, _money_twin, _twin

NAMES = ["Ana", "Lera", "Juno", "Mo"]


@pytest.mark.parametrize(("game_id", "heuristic", "options"), MATCHES)
def test_a_device_is_sent_the_same_bytes_whatever_another_seat_hides(game_id, heuristic, options):
    compared = 0
    for number in range(2):
        seats = 3 + number
        game = builtin_registry().new_game(game_id, seats, 70 + number, options)
        bots = [make_bot(game, heuristic, s, number) for s in range(seats)]
        for step in range(2000):
            if game.is_over():
                break
            mover = min(game.to_act())
            if step % 5 == 1:
                for seat in range(seats):
                    twin = _twin(game, seat)
                    if twin is None:
                        continue
                    mine = state_message(game, seat, NAMES[:seats])
                    assert mine == state_message(twin, seat, NAMES[:seats]), step
                    compared += 1
            game.apply(mover, bot_move(game, bots[mover], mover))
        # ...and at the end, when everything is shown, the message is a state like any other.
        version, text = state_message(game, 0, NAMES[:seats])
        assert json.loads(text)["version"] == version and json.loads(text)["type"] == "state"
    assert compared >= 20


def test_a_device_cannot_tell_where_another_player_stacks_money():
    game = builtin_registry().new_game("illuminati", 4, 61, {"stacked_money": True})
    bots = [make_bot(game, "schemer", s, 1) for s in range(4)]
    compared = 0
    for _ in range(300):
        if game.is_over():
            break
        seat = min(game.to_act())
        twin = _money_twin(game, seat)
        if twin is not None:
            assert state_message(game, seat, NAMES) == state_message(twin, seat, NAMES)
            compared += 1
        game.apply(seat, bot_move(game, bots[seat], seat))
    assert compared >= 5
