"""view(seat): only None or a seat of the table, and every call builds new data."""

from __future__ import annotations

import json

import pytest

from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.games import builtin_registry

from .matches import GAMES_AND_OPTIONS as MATCHES
from .matches import sampled_states

GAMES = [
    ("incantibus", 3, {"mode": "expert"}),
    ("illusio", 3, {}),
    ("illuminati", 4, {"hidden_illuminati": True, "stacked_money": True}),
]


def states(game_id, seats, options, count=12, every=9):
    game = builtin_registry().new_game(game_id, seats, 3, options)
    bots = [RandomBot(s, 1) for s in range(seats)]
    for _ in range(count):
        yield game
        for _ in range(every):
            if game.is_over():
                return
            seat = min(game.to_act())
            game.apply(seat, bot_move(game, bots[seat], seat))


def scribble(value):
    """Changes everything a caller could change in a view, all the way down."""
    if isinstance(value, dict):
        for key in list(value):
            scribble(value[key])
        value["scribbled"] = True
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")


@pytest.mark.parametrize("game_id, seats, options", GAMES)
@pytest.mark.parametrize("seat", [-1, -2, 99, 1.0, True, "0"])
def test_a_view_is_for_a_spectator_or_a_seat_of_the_table(game_id, seats, options, seat):
    game = builtin_registry().new_game(game_id, seats, 3, options)
    with pytest.raises(ValueError, match="seat from 0"):
        game.view(seat)


@pytest.mark.parametrize("game_id, seats, options", GAMES)
def test_nothing_done_to_a_view_reaches_the_match(game_id, seats, options):
    for game in states(game_id, seats, options):
        for seat in [None, *range(seats)]:
            before = json.dumps(game.view(seat), sort_keys=True)
            scribble(game.view(seat))
            assert json.dumps(game.view(seat), sort_keys=True) == before, seat


@pytest.mark.parametrize(("game_id", "options"), MATCHES)
def test_a_bot_reading_some_parts_of_a_view_reads_the_view(game_id, options):
    """Where a game makes its view from parts (`view_parts`, which a bot's view reads one
    at a time), each part, read alone and in any order, is that part of the whole view;
    and there is no part the view has not."""
    from illusio_table.engine.bots import SeatView

    checked = 0
    for game, _ in sampled_states(game_id, options, 3, 40, 300, every=23, first=3):
        for seat in range(game.seats):
            whole = game.view(seat)
            parts = game.view_parts(seat)
            if parts is not None:
                assert list(parts) == list(whole)
            read = SeatView(game, seat)
            for key in reversed(list(whole)):
                assert read[key] == whole[key], key
            assert "no such part" not in read and read.get("no such part") is None
            checked += 1
    assert checked >= 20
