"""Set-up, the start of a turn, the two actions and the hand limit."""

import re

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.games.illusio.actions import Backstage, Discard, EndTurn, Exchange

from .helpers import (
    act,
    check_invariants,
    clear_objective_discard,
    deck_into_discard,
    log_text,
    make,
    set_hand,
    set_magician,
    spend_deck,
)


def test_setup_first_player_is_the_highest_objective_drawn_and_ties_draw_again():
    saw_tie = False
    for seed in range(60):
        game = make(4, seed=seed)
        log = game.log(None)
        rounds = [line for line in log if line.startswith(("Drawing for", "Tie: drawing again"))]
        # The first draw says so, once; each draw after a tie says it is one.
        assert rounds[0].startswith("Drawing for the first turn: ")
        assert all(line.startswith("Tie: drawing again: ") for line in rounds[1:]), rounds
        levels = [dict(re.findall(r"(\w+) level (\d)", line)) for line in rounds]
        contenders = list(levels[0])
        for drawn in levels:
            assert list(drawn) == contenders, "only the tied seats draw again"
            best = max(drawn.values())
            contenders = [name for name, level in drawn.items() if level == best]
        assert len(contenders) == 1
        assert game.name(game.first) == contenders[0]
        saw_tie |= len(rounds) > 1
    assert saw_tie, "some seed should show a tie broken by a second draw"


def test_setup_drawn_objectives_are_shuffled_back():
    game = make(4, seed=3)
    in_play = len(game.objective_deck) + len([o for o in game.contest if o is not None])
    assert in_play == 32


def test_setup_each_seat_has_a_distinct_random_magician():
    seen = set()
    for seed in range(30):
        game = make(6, seed=seed)
        ids = [m.id for m in game.magicians]
        assert len(set(ids)) == 6
        seen.add(tuple(ids))
    assert len(seen) > 20


def test_setup_the_contest_shows_exactly_four_objectives():
    game = make(3)
    assert len(game.contest) == 4 and None not in game.contest
    assert len(game.view(None)["contest"]) == 4


def test_setup_four_hidden_cards_each_and_the_first_player_draws_one():
    game = make(5, seed=2)
    for seat in range(5):
        expected = 5 if seat == game.first else 4
        assert len(game.hands[seat]) == expected
    assert len(game.deck) == 90 - 21


def test_setup_two_face_down_decks_with_their_own_discard_piles():
    game = make(4, seed=1)
    view = game.view(0)
    assert isinstance(view["deck"], int) and isinstance(view["objective_deck"], int)
    assert view["discard"] == [] and view["objective_discard"] == []


def _next_turn(game):
    act(game, EndTurn())
    while game.phase == "discard":
        act(game, Discard(game.hands[game.current][0]))


def test_start_of_turn_a_hand_under_four_draws_up_to_five():
    game = make(3, seed=4)
    nxt = (game.current + 1) % 3
    set_hand(game, nxt, "rope")
    _next_turn(game)
    assert game.current == nxt and len(game.hands[nxt]) == 5
    assert "You draw" in game.log(nxt)[-1]


def test_start_of_turn_a_hand_of_four_or_more_draws_only_one():
    game = make(3, seed=4)
    nxt = (game.current + 1) % 3
    set_hand(game, nxt, "rope", "rope", "dove", "tiger", "cage", "case")
    _next_turn(game)
    assert len(game.hands[nxt]) == 7


def test_an_empty_deck_is_made_again_from_its_discard_pile():
    game = make(2, seed=5)
    nxt = (game.current + 1) % 2
    deck_into_discard(game)
    set_hand(game, nxt)
    _next_turn(game)
    assert len(game.hands[nxt]) == 5
    assert "The discard pile is shuffled into a new deck." in game.log(None)
    check_invariants(game)


def test_actions_up_to_two_and_the_same_one_twice():
    game = make(2, seed=6)
    seat = game.current
    set_magician(game, seat, "chains")
    a, b, c = set_hand(game, seat, "rope", "rope", "dove")
    act(game, Backstage(a))
    act(game, Backstage(b))
    with pytest.raises(IllegalAction, match="both actions"):
        act(game, Backstage(c))
    assert game.backstage[seat] == [a, b]
    assert game.legal_actions(seat) == [EndTurn()]


def test_end_of_turn_a_hand_over_eight_discards_down_to_eight_of_the_seats_choosing():
    game = make(2, seed=7)
    seat = game.current
    cards = set_hand(game, seat, *["rope"] * 4, *["dove"] * 4, "tiger", "cage")
    act(game, EndTurn())
    assert game.phase == "discard" and game.to_act() == {seat}
    with pytest.raises(IllegalAction, match="let go of 2 cards first"):
        act(game, Backstage(cards[0]))
    assert {a.card for a in game.legal_actions(seat)} <= set(cards)
    act(game, Discard(cards[-1]))
    assert game.current == seat and game.phase == "discard"
    act(game, Discard(cards[-2]))
    assert game.current != seat and len(game.hands[seat]) == 8
    assert cards[-1] in game.discard_pile and cards[-2] in game.discard_pile
    assert "lets go of Cage" in log_text(game, 1 - seat)


def test_discarding_is_refused_outside_the_end_of_turn():
    game = make(2, seed=7)
    with pytest.raises(IllegalAction, match="only at the end of your turn"):
        act(game, Discard(game.hands[game.current][0]))


def test_only_the_seat_whose_turn_it_is_may_act():
    game = make(3, seed=8)
    other = (game.current + 1) % 3
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(other, EndTurn())


def test_exchange_swaps_cards_for_as_many_from_the_deck_and_others_see_only_how_many():
    game = make(3, seed=9)
    seat = game.current
    set_magician(game, seat, "chains")
    given = set_hand(game, seat, "rope", "tiger", "grand")
    act(game, Exchange(tuple(given[:2])))
    assert len(game.hands[seat]) == 3 and given[2] in game.hands[seat]
    assert all(c in game.deck for c in given[:2])
    other = (seat + 1) % 3
    assert "exchanges 2 cards with the deck" in log_text(game, other)
    assert "Rope" not in log_text(game, other).split("exchanges")[-1]
    assert "You exchange Rope, Tiger." in game.log(seat)
    check_invariants(game)


def test_exchange_needs_enough_cards_to_draw():
    game = make(2, seed=9)
    seat = game.current
    cards = set_hand(game, seat, "rope", "tiger")
    clear_objective_discard(game)
    spend_deck(game, 1 - seat, keep=1)
    with pytest.raises(IllegalAction, match="Only 1 card left"):
        act(game, Exchange(tuple(cards)))


def test_an_empty_objective_deck_is_made_again_from_its_discard_pile():
    from illusio_table.games.illusio.actions import Realize

    from .helpers import discard_objectives, objective, set_backstage, to_contest, validate

    game = make(3, seed=12)
    seat = game.current
    number = to_contest(game, "chinese-links", slot=0)
    given_up = [o for o in game.objective_deck if o != objective(game, "knotted-sack")]
    discard_objectives(game, given_up)
    validate(game, (seat + 1) % 3, objective(game, "knotted-sack"))
    assert game.objective_deck == []
    act(game, Realize(number, tuple(set_backstage(game, seat, "rope"))))
    assert game.contest[0] is not None
    assert len(game.objective_deck) == len(given_up) - 1 and game.objective_discard == []
    check_invariants(game)


def test_a_table_of_moves_makes_each_move_once_as_its_class_makes_it():
    """The listings find their moves in tables (`Made`): the move found is the one its
    class makes from those fields, and the same object each time it is looked up."""
    from illusio_table.games.illusio.actions import (
        TALENT_TURN,
        TRANSFORM,
        Transform,
        UseTalent,
    )

    assert TRANSFORM[80][3]["dove"] == Transform(80, 3, "dove")
    assert TRANSFORM[80][3]["dove"] is TRANSFORM[80][3]["dove"]
    assert TALENT_TURN[2][5]["rabbit"] == UseTalent(None, 2, 5, "rabbit")


def test_the_moves_by_two_numbers_are_each_as_its_class_makes_it():
    """The moves of two numbers are in tuples of tuples (numbered.py): the move found is
    the one its class makes from those numbers, and the same object at every look-up, for
    every number of the card file and every seat of the largest table."""
    from illusio_table.games.illusio.actions import Place, PlaySpecial, Take, UseTalent
    from illusio_table.games.illusio.numbered import numbered

    game = make(2, seed=0)
    by, cards, objectives = game.numbered, len(game.info), len(game.objectives)
    assert by is numbered(cards, objectives, type(game).max_seats)  # shared by every match
    assert by.place[7][31] == Place(31, 7) and by.place[7][31] is by.place[7][31]
    assert by.special[80][5] == PlaySpecial(80, 5)
    assert by.take[80][3] == Take(80, 3)
    assert by.give[3][40] == UseTalent(40, seat=3)
    last_seat = type(game).max_seats - 1
    assert by.give[last_seat][cards - 1] == UseTalent(cards - 1, seat=last_seat)
    assert len(by.place[objectives - 1]) == cards and len(by.take[0]) == by.seats


def test_a_special_put_backstage_is_refused_saying_where_it_is_played():
    """Only Components go into the Backstage; a Special tried there is refused with the
    one way it is played (the refusal said only "only Components are placed")."""
    game = make(2, seed=6)
    seat = game.current
    grand, transform = set_hand(game, seat, "grand", "transform")
    with pytest.raises(IllegalAction) as refused:
        act(game, Backstage(grand))
    assert str(refused.value).endswith(
        "Only Components go into the Backstage, and Grand is a Special action. "
        "Grand is played on a trick on display."
    )
    with pytest.raises(IllegalAction, match="Transform is played on a Component of your own"):
        act(game, Backstage(transform))
    assert game.backstage[seat] == []
