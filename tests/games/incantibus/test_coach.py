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


def test_the_chart_counts_points_behind_the_best_the_best_at_0_the_choice_at_its_cost():
    """What the chart draws and says (`describe_targets`): each target's points behind the
    best target, each way, never below 0; the best at 0; the chosen one's is the cost the
    review and the tally say."""
    for start, choices, _ in castings(4, "expert", 2, 3):
        review = coach.review(start, choices, 1, deals=2, depth=8)
        drawn = coach.describe_targets(review)
        assert all(t["behind"] >= 0 and t["behind_before"] >= 0 for t in drawn)
        # Every target drawn at 0 is the best (the review's best among them), in tenths
        # of a point as drawn and said.
        assert all(t["best"] == (t["behind"] == 0.0) for t in drawn)
        assert drawn[review.targets.index(review.best)]["best"]
        assert all(t["best_before"] == (t["behind_before"] == 0.0) for t in drawn)
        assert min(t["behind_before"] for t in drawn) == 0.0
        chosen = next(t for t in drawn if t["chosen"])
        assert chosen["behind"] == round(review.cost, 1)
        assert chosen["behind_before"] == round(review.expected_cost, 1)


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
        said = " ".join(lines)
        # The choice's verdict, as its bar and whisker draw it, and as the review keeps
        # it (a drill is kept by it).
        mine = next(t for t in coach.describe_targets(review) if t["chosen"])
        best = ("that was the best choice", "your choice was best", "your choice and ")
        assert mine["best"] == any(words in said for words in best)
        assert ("your choice was too close to call" in said) == (mine["close"] and not mine["even"])
        assert ("your choice was worth the same" in said) == mine["even"]
        assert ("a mistake of" in said) == (not mine["best"] and not mine["close"])
        if mine["best"]:
            assert review.verdict != "mistake"
        elif mine["close"]:
            assert review.verdict == ("even" if mine["even"] else "close")
        else:
            assert review.verdict == "mistake"
        before = next((x for x in lines if x.startswith("Before the reveal")), None)
        if mine["best_before"]:  # no "0.0 more"
            assert before is None or before.startswith("Before the reveal, your choice")
        elif not mine["close_before"]:
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


def test_a_review_is_the_same_for_the_same_seed():
    start, choices, _ = next(castings(4, "expert", 7, 2))
    one = coach.review(start, choices, 2, deals=4, depth=6, seed=3)
    assert one == coach.review(start, choices, 2, deals=4, depth=6, seed=3)


def test_where_nothing_is_hidden_the_value_at_depth_0_is_exact_for_every_seed():
    """On the Roof every token lies face up: the casting's outcome hides nothing, so at
    depth 0 every redealing gives each target the same value — exact, with no interval,
    whatever the seed; and targets of different values are never too close to call."""
    start, choices, _ = next(castings(2, "apprentice", 3, 1))
    assert all(face_up for _, _, face_up in start.room_tokens())
    reviews = [coach.review(start, choices, 0, depth=0, seed=seed) for seed in range(4)]
    assert all(r.targets == reviews[0].targets for r in reviews)
    review = reviews[0]
    assert all(t.margin == 0 for t in review.targets)
    close = {t.point for t in review.contenders}
    for t in review.targets:  # a target of another worth than the best is never close
        assert t.hindsight == review.best.hindsight or t.point not in close
    # Worth the same on every redealing: one group, never too close to call one another.
    for t in review.targets:
        assert all((t.group == u.group) == (t.hindsight == u.hindsight) for u in review.targets)
    assert review.verdict != "close"


def _point(index: int) -> Point:
    return Point("room", index)


def _judged(values: list[float], margins: list[float], chosen: int) -> coach.Review:
    """A review of targets of these worths and intervals, the seat's choice the n-th."""
    targets = tuple(
        coach.Target(_point(i), f"the {name}", v, v, m, m, i)
        for i, (name, v, m) in enumerate(
            zip(["Pumpkin", "3 Gold", "Spell"], values, margins, strict=True)
        )
    )
    return coach.Review(0, _point(chosen), ((1, "the Spell"),), targets, 12)


def test_two_targets_apart_beyond_their_interval_are_never_too_close_to_call():
    review = _judged([4.0, 1.0, -2.0], [0.8, 1.1, 0.9], chosen=1)
    assert review.verdict == "mistake" and review.contenders == (review.target(_point(0)),)
    assert review.drill_cost == pytest.approx(3.0)
    assert _judged([4.0, 1.0, -2.0], [0.8, 1.1, 0.9], chosen=0).verdict == "best"


def test_two_targets_within_their_interval_are_too_close_to_call():
    """Two targets within their interval of each other, where the gap may be more than
    0.75 points: too close to call, and no drill."""
    noisy = _judged([2.5, 1.9, -1.0], [0.7, 0.7, 0.9], chosen=1)
    assert noisy.verdict == "close" and noisy.drill_cost == 0.0
    assert {t.point for t in noisy.contenders} == {_point(0), _point(1)}
    assert _judged([2.5, 2.2, -1.0], [0.5, 0.5, 0.9], chosen=0).verdict == "close"


def test_two_targets_surely_within_three_quarters_of_a_point_are_worth_the_same():
    """Two targets of the same worth, not alike on every redealing (each its own group),
    or any two whose gap is surely within 0.75 points: worth the same to a player, said
    as such (not too close to call, which would teach nothing), and no drill."""
    same = _judged([2.5, 2.5, -1.0], [0.0, 0.0, 0.0], chosen=1)
    assert same.verdict == "even" and same.drill_cost == 0.0
    assert {t.point for t in same.contenders} == {_point(0), _point(1)}
    behind = _judged([2.5, 2.3, -1.0], [0.3, 0.3, 0.9], chosen=1)
    assert behind.verdict == "even" and behind.drill_cost == 0.0
    assert _judged([2.5, 2.3, -1.0], [0.3, 0.3, 0.9], chosen=0).verdict == "even"
    assert _judged([2.5, 2.3, -1.0], [0.3, 0.6, 0.9], chosen=1).verdict == "close"


def test_the_player_reads_each_kind_of_verdict_with_its_interval():
    """Best: no number; worth the same or too close to call: who is ahead, by how much,
    ±; a mistake: the best target and what the choice cost, ±."""
    best = coach.verdict_words(_judged([4.0, 1.0, -2.0], [0.8, 1.1, 0.9], chosen=0))
    assert best == "Given what the others did, that was the best choice."
    close = coach.verdict_words(_judged([2.5, 1.9, -1.0], [0.7, 0.7, 0.9], chosen=1))
    assert close == (
        "Given what the others did, the Pumpkin was best; your choice was too close to call "
        "with it (0.6 behind ± 0.7)."
    )
    ahead = coach.verdict_words(_judged([2.5, 1.9, -1.0], [0.7, 0.7, 0.9], chosen=0))
    assert ahead == (
        "Given what the others did, your choice was best; too close to call with it: "
        "the 3 Gold (0.6 behind ± 0.7)."
    )
    even = coach.verdict_words(_judged([2.5, 2.3, -1.0], [0.3, 0.3, 0.9], chosen=1))
    assert even == (
        "Given what the others did, the Pumpkin was best; your choice was worth the same, "
        "within 0.75 points (0.2 behind ± 0.3)."
    )
    mistake = coach.verdict_words(_judged([4.0, 1.0, -2.0], [0.8, 1.1, 0.9], chosen=2))
    assert mistake == (
        "Given what the others did, the Pumpkin was best; your choice: a mistake of "
        "6.0 points ± 0.9."
    )
    # Another target too close to call with the best is not called best: it is named
    # after the verdict, with its numbers (the chart draws it 0.2 behind, its whisker
    # reaching 0).
    rivals = coach.summary(_judged([4.0, 3.8, -2.0], [0.8, 1.1, 0.9], chosen=2), NAMES, [])
    assert rivals[1:3] == [
        "Given what the others did, the Pumpkin was best; your choice: a mistake of "
        "6.0 points ± 0.9.",
        "Too close to call with the best: the 3 Gold (0.2 behind ± 1.1).",
    ]
    # Alike targets at the best are each named best, in one phrase.
    alike = coach.Review(
        0,
        _point(2),
        ((1, "the Spell"),),
        tuple(
            coach.Target(_point(i), f"secret token {i + 1}", v, v, 0.5, 0.5, g)
            for i, (v, g) in enumerate([(3.0, 0), (3.0, 0), (1.0, 2)])
        ),
        12,
    )
    assert coach.verdict_words(alike) == (
        "Given what the others did, secret tokens 1 and 2 were best; your choice: a mistake "
        "of 2.0 points ± 0.5."
    )


def test_a_drills_banner_gives_the_mistake_with_its_interval_as_the_coach_said_it():
    """A drill's banner quotes the mistake with its ± (a bare "cost 2.7" beside the new
    review's "2.3 behind ± 0.8" read as a contradiction); words kept without one give
    the bare cost."""
    review = _judged([4.0, 1.0, -2.0], [0.8, 1.1, 0.9], chosen=2)
    said = coach.summary(review, NAMES, [])
    assert coach.mistake_said(said, review.cost) == "6.0 points ± 0.9"
    assert coach.mistake_said(["Given what the others did, …"], 2.0) == "2.0 points"


def test_face_down_tokens_the_seat_has_not_seen_are_worth_the_same_to_it():
    """From what the seat knows one unseen face-down token is any other: the coach gives
    them one worth (and never calls them too close against each other)."""
    for start, choices, _ in castings(4, "expert", 5, 6):
        hidden = [
            a
            for a in start.legal_actions(0)
            if isinstance(a, Point)
            and a.place == "room"
            and not start.room[a.index][1]
            and all(a.index not in known for known in start.known)
            and a not in {p for s, p in choices.items() if s != 0}
        ]
        if len(hidden) < 2:
            continue
        review = coach.review(start, choices, 0, deals=3, depth=4)
        worths = {(review.target(a).hindsight, review.target(a).group) for a in hidden}
        assert len(worths) == 1
        assert sum(t.point in hidden for t in review.contenders) <= 1
        return
    pytest.fail("no casting with two unseen face-down tokens")


def test_a_drill_is_kept_only_from_a_mistake_sure_beyond_the_noise():
    """A mistake just beyond its interval is told as one, but not kept to drill: a drill
    asks the person to play the casting again, for a mistake other looks would find."""
    narrow = _judged([4.0, 3.0, -2.0], [0.8, 0.9, 0.9], chosen=1)
    assert narrow.verdict == "mistake" and narrow.drill_cost == 0.0
    sure = _judged([4.0, 2.5, -2.0], [0.8, 0.9, 0.9], chosen=1)
    assert sure.drill_cost == pytest.approx(1.5)


def test_the_coach_plays_on_for_the_same_drills_the_rehearsal_keeps():
    """A mistake is played on until sure from the cost the rehearsal starts keeping
    drills at: the two thresholds are one (the coach cannot import the table)."""
    from illusio_table.table.kept import Drills

    assert coach.WORTH_A_DRILL == Drills.COST
