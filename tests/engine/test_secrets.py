"""Secrets, checked over whole games of every game and option.

1. No view and no log holds the id or name of anything hidden from its seat: other hands
   and the decks (Illusio), face-down tokens and sorcerers and the bags (Incantibus),
   other players' Specials, face-down Illuminati, hidden goals and stacked money
   (Illuminati).
2. Twins: two matches that differ only in one seat's secret give every other seat the
   same view, log, moves in words and refusals.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.games import builtin_registry
from tests.games.incantibus.helpers import hidden_ids, ids_in


def play(game_id, seats, options, seed, check, limit=600):
    game = builtin_registry().new_game(game_id, seats, seed, options)
    bots = [RandomBot(s, seed) for s in range(seats)]
    check(game)
    while not game.is_over() and len(game.record.moves) < limit:
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
        check(game)
    return game


def everyone(game) -> list[int | None]:
    return [None, *range(game.seats)]


# -- 1. nothing hidden in a view or a log ----------------------------------------------------


def incantibus_hidden(game) -> None:
    hidden = hidden_ids(game)
    for seat in everyone(game):
        view = game.view(seat)
        assert not ids_in(view) & hidden, (seat, ids_in(view) & hidden)


def illusio_hidden(game) -> None:
    for seat in everyone(game):
        secret = set(game.deck) | {c for s in range(game.seats) if s != seat for c in game.hands[s]}
        view = game.view(seat)
        shown = _ids(view, objective=False)
        assert not shown & secret, (seat, shown & secret)
        secret_objectives = set(game.objective_deck)
        assert not _ids(view, objective=True) & secret_objectives


def _ids(value: Any, objective: bool) -> set[int]:
    """Ids of the cards (or, with `objective`, the Objectives) a view shows."""
    found: set[int] = set()
    if isinstance(value, dict):
        is_objective = "level" in value
        if "id" in value and is_objective == objective and (objective or "kind" in value):
            found.add(value["id"])
        for item in value.values():
            found |= _ids(item, objective)
    elif isinstance(value, list):
        for item in value:
            found |= _ids(item, objective)
    return found


def illuminati_hidden(game) -> None:
    for seat in everyone(game):
        view = game.view(seat)
        goal = view.pop("my_goal")  # a goal chosen in secret may bear any Illuminati's name
        # A wrong accusation names a guess: a name in it gives nothing away.
        lines = [line for line in game.log(seat) if not line.endswith("Wrong.")]
        text = json.dumps(view) + "\n".join(lines)
        others = [s for s in range(game.seats) if s != seat]
        for other in others:
            for card in game.specials[other]:
                assert f'"{card}"' not in text, (seat, card)
            if game.options["hidden_illuminati"] and other not in game.revealed:
                top = game.illuminati[other]
                if seat is not None and top in (game.illuminati[seat], goal):
                    continue  # their own card, or the goal they chose, bears that name
                name = game.numbers.name(top)
                assert f'"{top}"' not in text, (seat, other, top)
                assert name not in text, (seat, other, name)
            if game.options["stacked_money"]:
                for card in game.view(seat)["structures"][other]["cards"]:
                    assert card["money"] is None
        for card in game.deck:
            assert f'"{card}"' not in text


@pytest.mark.parametrize(
    "game_id, seats, options, check",
    [
        ("incantibus", 3, {"mode": "apprentice"}, incantibus_hidden),
        ("incantibus", 4, {"mode": "expert"}, incantibus_hidden),
        ("illusio", 3, {}, illusio_hidden),
        ("illusio", 5, {}, illusio_hidden),
        ("illuminati", 3, {}, illuminati_hidden),
        (
            "illuminati",
            4,
            {"hidden_goals": True, "hidden_illuminati": True, "stacked_money": True},
            illuminati_hidden,
        ),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_view_or_log_holds_what_its_seat_may_not_know(game_id, seats, options, check, seed):
    play(game_id, seats, options, seed, check, limit=400)


# -- 2. twins ---------------------------------------------------------------------------------


def what_seat_meets(game, seat: int, probes: list) -> str:
    """Everything `seat` meets in a match: view, log, moves in words, refusals."""
    legal = game.legal_actions(seat) if seat in game.to_act() else []
    refusals = []
    for action in probes:
        try:
            refusals.append(game.refusal(seat, action) if seat in game.to_act() else None)
        except IllegalAction as error:
            refusals.append(error.reason)
    return json.dumps(
        {
            "view": game.view(seat),
            "log": game.log(seat),
            "moves": [game.describe(a, seat) for a in legal],
            "refusals": refusals,
        },
        sort_keys=True,
        default=repr,
    )


def compare_twins(first, second, secret_of: int, steps: int, rng: random.Random) -> int:
    """Plays both twins on with the same moves while they are legal in both; every seat
    but `secret_of` must meet the same match. Returns how many steps were compared."""
    compared = 0
    for _ in range(steps):
        probes = [a for s in range(first.seats) for a in first.legal_actions(s)][:40]
        for seat in range(first.seats):
            if seat != secret_of:
                assert what_seat_meets(first, seat, probes) == what_seat_meets(
                    second, seat, probes
                ), f"seat {seat} can tell the twins apart"
        assert first.view(None) == second.view(None) and first.log(None) == second.log(None)
        compared += 1
        if first.is_over() or second.is_over():
            break
        seat = min(first.to_act())
        if seat not in second.to_act():
            break
        common = [a for a in first.legal_actions(seat) if a in set(second.legal_actions(seat))]
        if not common:
            break
        action = rng.choice(common)
        said = first.apply(seat, action), second.apply(seat, action)
        if [e.text for e in said[0]] != [e.text for e in said[1]]:
            # The move showed the secret to those it concerns (a card taken or drawn, the
            # choices revealed): the first line that differs must be such a reveal, and
            # the twins part there.
            first_differing = (
                next(a for a, b in zip(*said, strict=False) if a.text != b.text)
                if any(a.text != b.text for a, b in zip(*said, strict=False))
                else said[0][-1]
            )
            assert first_differing.reveals, f"told without a reveal: {first_differing}"
            break
    return compared


def twins_at(game_id, seats, options, seed, moves):
    registry = builtin_registry()
    game = registry.new_game(game_id, seats, seed, options)
    bots = [RandomBot(s, seed) for s in range(seats)]
    while len(game.record.moves) < moves and not game.is_over():
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
    return game, game.clone()


@pytest.mark.parametrize("seed", range(6))
def test_illusio_twins_differ_only_in_one_hand(seed):
    """Another card in one magician's hand (and so in the deck) changes nothing anyone
    else meets."""
    rng = random.Random(seed)
    first, second = twins_at("illusio", 3, {}, seed, 20 + seed * 9)
    seat = rng.randrange(3)
    swappable = [
        (h, d) for h in second.hands[seat] for d in second.deck if second.key[h] != second.key[d]
    ]
    if not swappable:
        pytest.skip("no two different cards to swap")
    h, d = rng.choice(swappable)
    hand, deck = second.hands[seat], second.deck
    hand[hand.index(h)], deck[deck.index(d)] = d, h
    assert compare_twins(first, second, seat, 40, rng) >= 1


@pytest.mark.parametrize("seed", range(6))
def test_incantibus_twins_differ_only_in_one_seats_pending_choice(seed):
    rng = random.Random(seed)
    first, _ = twins_at("incantibus", 4, {"mode": "expert"}, seed, 4 + seed * 5)
    bots = [RandomBot(s, seed) for s in range(4)]
    while len(first.to_act()) < 2:  # on to the next casting
        seat = min(first.to_act())
        first.apply(seat, bot_move(first, bots[seat], seat))
    second = first.clone()
    seat = sorted(first.to_act())[0]
    options = first.legal_actions(seat)
    if len(options) < 2:
        pytest.skip("one move only")
    a, b = rng.sample(options, 2)
    first.apply(seat, a)
    second.apply(seat, b)
    assert compare_twins(first, second, seat, 3, rng) >= 1


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    "options", [{}, {"hidden_goals": True, "hidden_illuminati": True, "stacked_money": True}]
)
def test_illuminati_twins_differ_only_in_one_players_specials(seed, options):
    """The same seat holds one more Special in both twins, of another kind in each."""
    rng = random.Random(seed)
    first, second = twins_at("illuminati", 4, options, seed, 10 + seed * 7)
    seat = rng.randrange(4)
    by_kind = {}
    for card in first.deck:
        if "#" in card:  # a Special (Groups have no number)
            by_kind.setdefault(card.split("#")[0], card)
    if len(by_kind) < 2:
        pytest.skip("fewer than two kinds of Special in the deck")
    one, two = rng.sample(sorted(by_kind.values()), 2)
    for twin, card in ((first, one), (second, two)):
        twin.deck.remove(card)
        twin.specials[seat].append(card)
    assert compare_twins(first, second, seat, 30, rng) >= 1
