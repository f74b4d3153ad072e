"""The casting coach: each target's worth to the seat, in hindsight and before the reveal,
from what the seat knows only; what its choice cost; the review in words."""

from __future__ import annotations

import pytest

from illusio_table.engine.bots import bot_move, make_bot
from illusio_table.engine.rng import Rng
from illusio_table.games.incantibus import coach
from illusio_table.games.incantibus.actions import Point

from .helpers import NAMES, make


def castings(seats: int, mode: str, seed: int, count: int):
    """The match at the start of each of its first castings and the choices made there,
    played by the heuristic wizard (the match goes on from each)."""
    game = make(seats, seed, mode)
    bots = [make_bot(game, "cunning", s, seed) for s in range(seats)]
    for _ in range(count):
        while game.to_act() != frozenset(range(seats)) or game.phase != "casting":
            if game.is_over():
                return
            s = min(game.to_act())
            game.apply(s, bot_move(game, bots[s], s))
        start = game.clone()
        choices = {}
        for s in range(seats):
            choices[s] = bot_move(game, bots[s], s)
            game.apply(s, choices[s])
        yield start, choices, game


def test_in_hindsight_a_target_is_worth_what_pointing_there_would_have_given_at_once():
    """At depth 0 (the casting only) a review is exact where nothing is hidden: on the
    Roof, each target's hindsight lead is the lead after that casting in the match itself
    with the seat pointing there instead."""
    start, choices, _ = next(castings(2, "apprentice", 3, 1))
    review = coach.review(start, choices, 0, deals=3, depth=0)
    for target in review.targets:
        twin = start.clone()
        for s in sorted(choices):
            twin.apply(s, target.point if s == 0 else choices[s])
        points = [sum(twin.points(s).values()) for s in range(2)]
        assert target.hindsight == pytest.approx(points[0] - points[1])
    assert {t.point for t in review.targets} == {
        a for a in start.legal_actions(0) if isinstance(a, Point)
    }


@pytest.mark.parametrize(("seats", "mode"), [(2, "apprentice"), (4, "expert")])
def test_twin_matches_the_seat_cannot_tell_apart_get_the_same_review(seats, mode):
    """A twin redeals everything the seat cannot see (the bags, face-down tokens, the
    spell deck, the sorcerers): the review reads only what the seat knows."""
    checked = 0
    for start, choices, _ in castings(seats, mode, 5, 6):
        twin = start.determinize(0, Rng(99))
        assert twin.view(0) == start.view(0)
        one = coach.review(start, choices, 0, deals=2, depth=8)
        other = coach.review(twin, choices, 0, deals=2, depth=8)
        assert one == other
        checked += 1
    assert checked == 6


def test_the_cost_is_the_best_targets_value_less_the_chosen_ones():
    for start, choices, _ in castings(4, "expert", 2, 3):
        review = coach.review(start, choices, 1, deals=2, depth=8)
        chosen = review.target(choices[1])
        assert review.cost == pytest.approx(
            max(t.hindsight for t in review.targets) - chosen.hindsight
        )
        assert review.cost >= 0 and review.expected_cost >= 0
        assert [s for s, _ in review.others] == [0, 2, 3]


def test_the_review_says_what_everyone_pointed_at_and_who_took_the_seats_target():
    for start, choices, game in castings(4, "apprentice", 4, 6):
        review = coach.review(start, choices, 0, deals=2, depth=4)
        lines = coach.summary(review, NAMES, game.view(0)["last_casting"])
        assert lines[0].startswith(f"You pointed at {review.target(choices[0]).words};")
        for s, words in review.others:
            assert f"{NAMES[s]} at {words}" in lines[0]
        mine = next(e for e in game.view(0)["last_casting"] if 0 in e["claimants"])
        lost = mine["winner"] not in (None, 0)
        assert any("was the stronger there" in line for line in lines) == lost
        best = "that was the best choice" in " ".join(lines)
        assert best == (review.cost <= 0.05)
        before = next((x for x in lines if x.startswith("Before the reveal")), None)
        if review.expected_cost <= 0.05:  # the choice itself looked best: no "0.0 more"
            assert before is None or before.startswith("Before the reveal, your choice")
        else:
            assert before is not None and review.best_expected.words in before


def test_a_review_starts_where_every_seat_is_to_point():
    start, choices, _ = next(castings(2, "apprentice", 3, 1))
    halfway = start.clone()
    halfway.apply(0, choices[0])  # one seat has pointed: the other's choice is secret
    with pytest.raises(ValueError, match="every seat is to point"):
        coach.review(halfway, choices, 1)
    wrong = {0: Point("room", 99), 1: choices[1]}
    with pytest.raises(ValueError, match="not one it could make"):
        coach.review(start, wrong, 0)


def test_two_tokens_of_a_kind_are_told_apart_in_words():
    assert coach._distinct(["the Pumpkin", "the Mushroom", "the Pumpkin"]) == [
        "the Pumpkin",
        "the Mushroom",
        "another Pumpkin",
    ]


def test_the_coachs_advice_before_the_reveal_is_the_reviews_best_before_the_reveal():
    for start, choices, _ in castings(3, "expert", 6, 3):
        advice = coach.advice(start, 2, deals=3, depth=6, seed=4)
        review = coach.review(start, choices, 2, deals=3, depth=6, seed=4)
        assert advice.point == review.best_expected.point
        assert advice.expected == pytest.approx(review.best_expected.expected)
