"""view(seat): only None or a seat of the table, and every call builds new data."""

from __future__ import annotations

import json

import pytest

from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.games import builtin_registry

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
