"""A clone is the match as it stands, independent of it: the same as replaying the record
(every view, log and legal move, then and after the same moves), and playing on it changes
nothing of the original."""

from __future__ import annotations

import pytest

from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.engine.match import replay_with

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
        clone, replayed = game.clone(), replay_with(game.record, type(game))
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


def reachable(root, skip):
    """Every list, dict, set and plain object reachable from `root`, by id, apart from
    those reachable from `skip` (what a clone shares by design)."""
    found, stack = {}, [root]
    while stack:
        value = stack.pop()
        if id(value) in found or id(value) in skip or isinstance(value, (str, bytes, int)):
            continue
        if isinstance(value, dict):
            found[id(value)] = value
            stack += [*value.keys(), *value.values()]
        elif isinstance(value, (list, set)):
            found[id(value)] = value
            stack += list(value)
        elif isinstance(value, (tuple, frozenset)):
            stack += list(value)
        elif hasattr(value, "__dict__"):
            found[id(value)] = value
            stack += list(vars(value).values())
        elif hasattr(value, "__slots__"):
            stack += [getattr(value, s, None) for s in value.__slots__]
    return found


@pytest.mark.parametrize(("game_id", "options"), MATCHES)
def test_a_clone_shares_nothing_that_changes(game_id, options):
    """Decks, hands and scores are copied by the fast path: no list, dict or object of the
    match is the clone's too, except the card data, the log's lines and the moves."""
    for game, _ in sampled_states(game_id, options, 4, 300, 200, every=61, first=3):
        clone = game.clone()
        shared = [getattr(game, name) for name in (*game.shared_state, "cards")]
        shared += [game.events, game.record.moves]
        skip = reachable(shared, set())
        skip.pop(id(game.events)), skip.pop(id(game.record.moves))  # the lists are copied
        mine, theirs = reachable(game, skip), reachable(clone, skip)
        common = set(mine) & set(theirs)
        assert not common, [type(mine[i]).__name__ for i in common][:5]


def played(game):
    """What a match is, its log left aside: every view, legal move and who acts."""
    seats = [None, *range(game.seats)]
    return (
        [game.view(s) for s in seats],
        [game.legal_actions(s) for s in range(game.seats)],
        sorted(game.to_act()),
        game.record.to_json(),
    )


@pytest.mark.parametrize(("game_id", "options"), MATCHES)
def test_a_hushed_match_plays_as_a_told_one_and_adds_no_line(game_id, options):
    """A match nobody reads (a rollout, self-play) skips its words: the same moves leave
    it as the told match in every view, move and record, and its log stays empty."""
    checked = 0
    for game, step in sampled_states(game_id, options, 4, 700, 400, every=37, first=5):
        told, hushed = game.clone(), game.clone()
        hushed.hush()
        bots = [RandomBot(s, step) for s in range(game.seats)]
        for _ in range(40):
            if told.is_over():
                break
            seat = min(told.to_act())
            move = bot_move(told, bots[seat], seat)
            told.apply(seat, move)
            hushed.apply(seat, move)
            assert played(hushed) == played(told)
            assert hushed.log(seat) == [] and hushed.clone().quiet
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize(("game_id", "options"), MATCHES)
def test_a_listed_move_carried_out_unchecked_plays_as_a_checked_one(game_id, options):
    """`apply_listed` (rollouts, unchecked self-play) skips the check of a move the rules
    just listed: it leaves the match as `apply` does, undo barriers and secrets included."""
    checked = 0
    for game, step in sampled_states(game_id, options, 4, 700, 400, every=37, first=5):
        applied, listed = game.clone(), game.clone()
        bots = [RandomBot(s, step) for s in range(game.seats)]
        twins = [RandomBot(s, step) for s in range(game.seats)]
        for _ in range(40):
            if applied.is_over():
                break
            seat = min(applied.to_act())
            applied.apply(seat, bot_move(applied, bots[seat], seat))
            listed.apply_listed(seat, bot_move(listed, twins[seat], seat))
            assert played(listed) == played(applied)
            assert listed.log(seat) == applied.log(seat)
        checked += 1
    assert checked >= 8
