"""The coach values a round exactly: checked against the rules played out card by card,
and its equilibrium against the definition (neither side gains by leaving it)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from illusio_table.engine import Match

from . import coach
from .rules import DECK, OddsGame, Show

PLAYERS = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]


def played_out(unseen: list[int], seat: int, mine: int, theirs: int) -> Fraction:
    """What the pair of hands is worth to `seat`: the round played by the rules once for
    each unseen card on top, points gained less points conceded, averaged."""
    total = Fraction(0)
    for card in unseen:
        game = OddsGame(2, 1, {}, PLAYERS)
        game.card, game.deck = card, [c for c in unseen if c != card]
        game.played = [c for c in DECK if c not in unseen]
        match = Match(game)
        match.apply(seat, Show(mine))
        match.apply(1 - seat, Show(theirs))
        total += game.points[seat] - game.points[1 - seat]
    return total / len(unseen)


def unseen_sets() -> list[list[int]]:
    return [list(c) for n in range(1, 7) for c in combinations(DECK, n)]


def test_each_pair_of_hands_is_worth_what_the_rules_pay_on_average():
    for unseen in unseen_sets()[::5]:
        view = {"unseen": unseen}
        for seat in (0, 1):
            for a in coach.HANDS:
                for b in coach.HANDS:
                    assert coach.worth(view, seat, a, b) == played_out(unseen, seat, a, b)


def test_the_equilibrium_leaves_neither_side_anything_to_gain():
    for unseen in unseen_sets():
        for seat in (0, 1):
            round_ = coach.value_round({"unseen": unseen}, seat)
            # Against their mix, each of my hands is worth at most the value; against
            # mine, each of theirs concedes at least it.
            assert max(round_.against(round_.their_mix).values()) == round_.value
            mine = [sum(round_.mix[a] * round_.table[a, b] for a in coach.HANDS) for b in (1, 2)]
            assert min(mine) == round_.value
            assert sum(round_.mix.values()) == 1 and min(round_.mix.values()) >= 0


def test_the_review_against_a_random_bot_costs_the_gap_to_the_better_hand():
    review = coach.review({"unseen": [2, 4]}, 0, 2, "random", 3)
    # Odd against even odds, both cards even: 1 finger wins (-5 + 6) / 2, 2 fingers
    # (6 - 7) / 2.
    assert review.gains == {1: Fraction(1, 2), 2: Fraction(-1, 2)}
    assert review.cost == 1 and review.mix[1] == Fraction(13, 24)
    assert "it cost 1.00 points" in review.said[2]
    assert coach.review({"unseen": [2, 4]}, 0, 1, "random", 3).cost == 0
