"""A clone is the match as it stands, independent of it: the same as replaying the record
(every view, log and legal move, then and after the same moves), and playing on it changes
nothing of the original."""

from __future__ import annotations

import pytest

from illusio_table.engine.bots import RandomBot, bot_move

from .matches import GAMES_AND_OPTIONS as MATCHES
from .matches import sampled_states


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
    checked = 0
    for game, step in sampled_states(game_id, options, 4, 700, 400, every=37, first=5):
        seats = game.seats
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
    assert checked >= 8
