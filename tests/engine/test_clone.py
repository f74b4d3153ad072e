"""A clone is the match as it stands, independent of it: the same as replaying the record
(every view, log and legal move, then and after the same moves), and playing on it changes
nothing of the original."""

from __future__ import annotations

import pytest

from illusio_table.engine import builtin_registry
from illusio_table.engine.bots import RandomBot, bot_move

MATCHES = [
    ("illusio", {}),
    ("incantibus", {"mode": "apprentice"}),
    ("incantibus", {"mode": "expert"}),
    ("illuminati", {}),
    ("illuminati", {"hidden_goals": True, "hidden_illuminati": True, "stacked_money": True}),
]


def seen(game):
    seats = [None, *range(game.seats)]
    return (
        [game.view(s) for s in seats],
        [game.log(s) for s in seats],
        [game.legal_actions(s) for s in range(game.seats)],
        sorted(game.to_act()),
    )


@pytest.mark.parametrize(("game_id", "options"), MATCHES)
def test_a_clone_is_the_replayed_match_and_plays_on_alone(game_id, options):
    registry = builtin_registry()
    checked = 0
    for seed in range(4):
        seats = 2 + seed % 3
        game = registry.new_game(game_id, seats, 700 + seed, options)
        bots = [RandomBot(s, seed) for s in range(seats)]
        for step in range(400):
            if game.is_over():
                break
            if step % 37 == 5:
                clone, replayed = game.clone(), game.replay()
                before, moves = seen(game), len(game.record.moves)
                assert seen(clone) == seen(replayed) == before
                # The same moves on the clone and the replayed copy keep them equal; the
                # original does not move.
                twin_bots = [RandomBot(s, step) for s in range(seats)]
                other_bots = [RandomBot(s, step) for s in range(seats)]
                for _ in range(12):
                    if clone.is_over():
                        break
                    seat = min(clone.to_act())
                    move = bot_move(clone, twin_bots[seat], seat)
                    assert move == bot_move(replayed, other_bots[seat], seat)
                    clone.apply(seat, move)
                    replayed.apply(seat, move)
                    assert seen(clone) == seen(replayed)
                assert seen(game) == before and len(game.record.moves) == moves
                assert len(clone.record.moves) == len(replayed.record.moves)
                checked += 1
            seat = min(game.to_act())
            game.apply(seat, bot_move(game, bots[seat], seat))
    assert checked >= 8
