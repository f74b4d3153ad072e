"""A determinized match is one the seat cannot tell from the real one — the same view, the
same log, the same moves offered — with what it may not know dealt again: the hidden
things vary from one determinization to the next, none is created or lost, and the copy
plays on to its end."""

from __future__ import annotations

from collections import Counter

import pytest

from illusio_table.engine import Rng
from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.games import builtin_registry

from .matches import GAMES_AND_OPTIONS as MATCHES
from .matches import sampled_states


def secrets(game, seat):
    """What `seat` may not know, and the pool it is dealt from (which must keep its
    contents)."""
    others = [s for s in range(game.seats) if s != seat]
    if game.game_id == "illusio":
        hidden = (tuple(tuple(game.hands[s]) for s in others), tuple(game.deck))
        pool = game.deck + [c for s in others for c in game.hands[s]]
    elif game.game_id == "incantibus":
        # Incantibus face-down tokens in room order, slots included.
        down = [t for _, t, up in game.room_tokens() if not up]
        hidden = (
            tuple(down),
            tuple(sorted(game.secret_bag)),
            tuple(e[0] for e in (game.dungeon or game.track) if e and not e[1]),
            tuple(game.spell_deck),
            tuple(sorted((s, c) for s, c in game.choices.items() if s != seat)),
        )
        pool = down + game.secret_bag
    else:
        hidden = (
            tuple(tuple(game.specials[s]) for s in others),
            tuple(game.deck),
            tuple(game.illuminati),
            tuple(sorted(game.borrowed_goal.items())),
        )
        pool = game.deck + [c for s in others for c in game.specials[s]]
        if game.options["stacked_money"]:  # which stack holds how much; each keeps its total
            stacks = [sorted((c, game.money.get(c, 0)) for c in game.structures[s]) for s in others]
            hidden += tuple(tuple(stack) for stack in stacks)
            pool += [f"{s} holds {sum(n for _, n in stacks[i])} MB" for i, s in enumerate(others)]
    return hidden, Counter(map(str, pool))


@pytest.mark.parametrize(("game_id", "options"), MATCHES)
def test_a_determinized_match_looks_the_same_to_its_seat_and_redeals_the_rest(game_id, options):
    states = varied = 0
    for game, step in sampled_states(game_id, options, 6, 900, 600, every=23, first=3):
        for seat in range(game.seats):
            before = (game.view(seat), game.log(seat), secrets(game, seat))
            seen = set()
            for k in range(4):
                twin = game.determinize(seat, Rng(step * 10 + k))
                assert twin.view(seat) == game.view(seat)
                assert twin.log(seat) == game.log(seat)
                assert twin.legal_actions(seat) == game.legal_actions(seat)
                hidden, pool = secrets(twin, seat)
                assert pool == before[2][1]  # nothing created or lost
                seen.add(hidden)
                _plays_on(twin, k)
            assert (game.view(seat), game.log(seat), secrets(game, seat)) == before
            states += 1
            varied += len(seen | {before[2][0]}) > 1
    assert states >= 30
    assert varied >= 0.9 * states, f"the hidden things varied in only {varied} of {states}"


def _plays_on(twin, k):
    bots = [RandomBot(s, k) for s in range(twin.seats)]
    for _ in range(60):
        if twin.is_over():
            return
        seat = min(twin.to_act())
        twin.apply(seat, bot_move(twin, bots[seat], seat))


@pytest.mark.parametrize(("game_id", "options"), MATCHES[:3])
def test_a_determinized_match_has_its_own_future(game_id, options):
    """Two determinizations drawn with different generators draw different cards or
    tokens next: the copy does not carry the real match's generator."""
    game = builtin_registry().new_game(game_id, 3, 5, options)
    futures = set()
    for k in range(6):
        twin = game.determinize(0, Rng(k))
        bots = [RandomBot(s, 1) for s in range(3)]
        for _ in range(40):
            if twin.is_over():
                break
            seat = min(twin.to_act())
            twin.apply(seat, bot_move(twin, bots[seat], seat))
        futures.add(tuple(twin.log(0)))
    assert len(futures) > 1


@pytest.mark.parametrize(("game_id", "options"), MATCHES)
def test_a_determinized_match_shuffles_every_face_down_pile(game_id, options):
    """The rooms still to explore, the decks, the bags: nobody knows their order, so a
    redeal draws it again (a pile of two things or more takes more than one order over
    a few redeals; which things the rooms' stack holds, everyone may count, and stays)."""
    from .test_twins import face_down_piles

    checked = 0
    for game, step in sampled_states(game_id, options, 3, 910, 120, every=37, first=2):
        piles = face_down_piles(game)
        orders: list[set[tuple]] = [set() for _ in piles]
        for k in range(6):
            redealt = face_down_piles(game.determinize(step % game.seats, Rng(k)))
            for seen, pile in zip(orders, redealt, strict=True):
                seen.add(tuple(pile))
            if game_id == "incantibus":
                assert sorted(redealt[0]) == sorted(game.room_stack)
        for number, (pile, seen) in enumerate(zip(piles, orders, strict=True)):
            if len(set(pile)) > 1:
                assert len(seen) > 1, f"pile {number} keeps its order at step {step}"
                checked += 1
    assert checked >= 5
