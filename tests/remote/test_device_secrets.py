"""Nothing but what a seat may know leaves the host for its device: twin matches that
differ in one secret of another seat send the device byte-identical messages, over whole
games of every game and every option that hides something: whole states, and the deltas
made from the state the seat's page holds (their versions name states by a hash of the
seat's own frame, never of the match)."""

from __future__ import annotations

import json

import pytest

from illusio_table.engine import make_bot
from illusio_table.engine.bots import bot_move
from illusio_table.games import builtin_registry
from illusio_table.remote.seats import delta_message, state_frame, state_message
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


@pytest.mark.parametrize(("game_id", "heuristic", "options"), MATCHES)
def test_a_device_is_sent_the_same_delta_whatever_another_seat_hides(game_id, heuristic, options):
    """Its page holds the state sent before the last move; after it, the match and its
    twin are told to it by the very same delta (the fields that changed, both versions)."""
    deltas = 0
    for number in range(2):
        seats = 3 + number
        names = NAMES[:seats]
        game = builtin_registry().new_game(game_id, seats, 80 + number, options)
        bots = [make_bot(game, heuristic, s, number) for s in range(seats)]
        held = {}  # each seat's state as its page holds it, from the move before
        for step in range(2000):
            if game.is_over():
                break
            mover = min(game.to_act())
            if step % 5 == 1:
                held = {seat: state_frame(game, seat, names) for seat in range(seats)}
            elif step % 5 == 2:
                for seat, base in held.items():
                    twin = _twin(game, seat)
                    if twin is None:
                        continue
                    mine = state_frame(game, seat, names)
                    theirs = state_frame(twin, seat, names)
                    assert mine.text == theirs.text, step
                    delta = delta_message(base, mine)
                    assert delta == delta_message(base, theirs), step
                    deltas += delta is not None
            game.apply(mover, bot_move(game, bots[mover], mover))
    assert deltas >= 10


def test_a_device_cannot_tell_where_another_player_stacks_money():
    game = builtin_registry().new_game("illuminati", 4, 61, {"stacked_money": True})
    bots = [make_bot(game, "schemer", s, 1) for s in range(4)]
    compared = 0
    held = {}  # each seat's state as its page last held it, for a delta from it
    for _ in range(300):
        if game.is_over():
            break
        seat = min(game.to_act())
        twin = _money_twin(game, seat)
        if twin is not None:
            mine, theirs = state_frame(game, seat, NAMES), state_frame(twin, seat, NAMES)
            assert mine.text == theirs.text
            if seat in held:
                assert delta_message(held[seat], mine) == delta_message(held[seat], theirs)
            held[seat] = mine
            compared += 1
        game.apply(seat, bot_move(game, bots[seat], seat))
    assert compared >= 5
