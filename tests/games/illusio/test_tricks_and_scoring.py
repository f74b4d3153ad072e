"""Taking Objectives, placing Components, displaying tricks and scoring them."""

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.games.illusio.actions import Abandon, Discard, EndTurn, Place, Realize
from illusio_table.games.illusio.rules import trick_sum

from .helpers import (
    act,
    check_invariants,
    empty_contest_slot,
    give_work,
    lay_special,
    log_text,
    objective,
    set_backstage,
    set_hand,
    staged,
    to_contest,
    validate,
)


def pass_round(game):
    """Every seat ends its turn until the first seat plays again."""
    seat = game.current
    act(game, EndTurn())
    while game.current != seat and not game.is_over():
        while game.phase == "discard":
            act(game, Discard(game.hands[game.current][0]))
        if game.current != seat:
            act(game, EndTurn())


def test_take_an_objective_with_at_least_half_its_components_rounded_up():
    game, seat = staged()
    number = to_contest(game, "card-in-the-cage")  # 5 needs: 3 to take it
    cards = set_backstage(game, seat, "cards", "cage", "scarf")
    with pytest.raises(IllegalAction, match="at least 3"):
        act(game, Realize(number, tuple(cards[:2])))
    act(game, Realize(number, tuple(cards)))
    assert [w.objective for w in game.works[seat]] == [number]
    assert game.backstage[seat] == []
    assert number not in game.contest and None not in game.contest
    check_invariants(game)


def test_take_an_objective_only_with_components_of_the_backstage():
    game, seat = staged()
    number = to_contest(game, "chinese-links")
    hand = set_hand(game, seat, "rope")
    with pytest.raises(IllegalAction, match="from your Backstage"):
        act(game, Realize(number, tuple(hand)))


def test_the_contest_is_refilled_at_once_while_the_deck_lasts():
    game, seat = staged()
    number = to_contest(game, "chinese-links", slot=2)
    rope = set_backstage(game, seat, "rope")
    size = len(game.objective_deck)
    act(game, Realize(number, tuple(rope)))
    assert game.contest[2] is not None and len(game.objective_deck) == size - 1
    assert "joins the Contest" in log_text(game, None)


def test_the_contest_shrinks_only_when_no_objective_is_left_to_draw():
    game, seat = staged()
    number = to_contest(game, "chinese-links", slot=1)
    # Stand-ins for Objectives already won: none is left to draw.
    validate(game, (seat + 1) % 3, *game.objective_deck)
    act(game, Realize(number, tuple(set_backstage(game, seat, "rope"))))
    assert game.contest[1] is None
    check_invariants(game)


def test_no_more_than_two_objectives_under_realization():
    game, seat = staged()
    give_work(game, seat, "card-in-the-cage", "cards", "cage", "rope")
    give_work(game, seat, "milk-can", "reservoir", "cage", "blades")
    number = to_contest(game, "chinese-links")
    rope = set_backstage(game, seat, "rope")
    with pytest.raises(IllegalAction, match="already have 2 Objectives"):
        act(game, Realize(number, tuple(rope)))
    assert all(not isinstance(a, Realize) for a in game.legal_actions(seat))


def test_requirement_an_exact_type_is_met_by_any_component_of_its_group():
    game, seat = staged()
    number = to_contest(game, "hare-and-fortune")  # rabbit, cards, formula
    tiger, rope = set_backstage(game, seat, "tiger", "rope")
    act(game, Realize(number, (tiger, rope)))
    assert game.works[seat][0].components == [tiger, rope]


def test_requirement_a_group_is_met_by_any_component_of_that_group():
    game, seat = staged()
    number = to_contest(game, "knotted-sack")  # case, accessory
    case, blades = set_backstage(game, seat, "case", "blades")
    act(game, Realize(number, (case, blades)))
    assert game.works[seat][0].displayed


def test_requirement_audience_and_formula_only_by_themselves():
    game, seat = staged()
    number = to_contest(game, "chinese-links")  # rope, audience
    rope, formula, dove = set_backstage(game, seat, "rope", "formula", "dove")
    with pytest.raises(IllegalAction, match="The Chinese Links does not take them all: it "):
        act(game, Realize(number, (rope, formula)))
    with pytest.raises(IllegalAction, match="it needs no Animals"):
        act(game, Realize(number, (rope, dove)))


def test_place_a_component_from_hand_or_backstage_around_an_objective():
    game, seat = staged()
    work = give_work(game, seat, "card-in-the-cage", "cards", "cage", "rope")
    (case,) = set_backstage(game, seat, "case")
    (audience,) = set_hand(game, seat, "audience")
    act(game, Place(case, work.objective))
    assert not work.displayed
    act(game, Place(audience, work.objective))
    assert work.displayed and game.hands[seat] == [] and game.backstage[seat] == []
    assert "I'm displaying The Card in the Cage!" in log_text(game, None)


def test_place_refuses_a_component_the_objective_does_not_need_saying_it_needs_none():
    game, seat = staged()
    work = give_work(game, seat, "chinese-links", "rope")
    tiger, rope = set_hand(game, seat, "tiger", "rope")
    with pytest.raises(IllegalAction, match="The Chinese Links needs no Animals."):
        act(game, Place(tiger, work.objective))
    # It names what the trick still lacks: "it has all it takes" read as if it were done.
    with pytest.raises(
        IllegalAction,
        match="needs no more Accessories; it still lacks 1 Component of the Audience group.",
    ):
        act(game, Place(rope, work.objective))


def refusal(game, action) -> str:
    with pytest.raises(IllegalAction) as refused:
        act(game, action)
    return str(refused.value)


def test_placing_a_special_says_what_it_is_played_on_and_that_the_trick_is_not_complete():
    """A Grand dropped on one's trick under realization: the refusal says that Grand goes
    on a trick on display and how many Components this one still lacks (it said only that
    Specials are not placed, and the trick was taken for one on display)."""
    game, seat = staged()
    work = give_work(game, seat, "phantom-dove", "dove")  # dove, smoke, trick
    grand, transform, take = set_hand(game, seat, "grand", "transform", "take")
    assert refusal(game, Place(grand, work.objective)) == (
        "Grand is a Special action, played on a trick on display, and The Phantom Dove is "
        "not complete yet: 2 of its 3 Components still to place around it."
    )
    assert refusal(game, Place(transform, work.objective)) == (
        "Transform is a Special action, played on a Component of your own Backstage, naming "
        "its new kind; The Phantom Dove takes only Components (2 of its 3 Components still "
        "to place around it)."
    )
    assert "played on another magician" in refusal(game, Place(take, work.objective))


def test_placing_a_special_on_another_magicians_trick_under_realization_says_it_is_not_complete():
    game, seat = staged()
    other = (seat + 1) % game.seats
    work = give_work(game, other, "chinese-links", "rope")  # rope, audience
    (deja_vu,) = set_hand(game, seat, "deja-vu")
    assert refusal(game, Place(deja_vu, work.objective)) == (
        "Deja vu is a Special action, played on a trick on display, and The Chinese Links is "
        "not complete yet: 1 of its 2 Components still to place around it."
    )


def test_realizing_an_empty_contest_slot_is_refused_with_a_reason():
    game, seat = staged()
    (rope,) = set_backstage(game, seat, "rope")
    empty_contest_slot(game, 0)
    with pytest.raises(IllegalAction, match="whole number|not in the Contest"):
        game.apply(seat, Realize(None, (rope,)))


def test_components_around_an_objective_can_no_longer_be_transformed_and_f_returns_them():
    game, seat = staged()
    work = give_work(game, seat, "card-in-the-cage", "cards", "cage", "rope")
    placed = list(work.components)
    act(game, Abandon(work.objective))
    assert game.works[seat] == [] and game.backstage[seat] == placed
    assert work.objective in game.objective_discard
    check_invariants(game)


def test_a_trick_on_display_cannot_be_abandoned():
    game, seat = staged()
    work = give_work(game, seat, "chinese-links", "rope", "audience")
    with pytest.raises(IllegalAction, match="no longer under realization"):
        act(game, Abandon(work.objective))


def test_display_lasts_until_the_start_of_its_owners_next_turn_then_it_is_scored():
    game, seat = staged()
    work = give_work(game, seat, "chinese-links", "rope", "audience")
    pass_round(game)
    assert game.current == seat
    assert work not in game.works[seat]
    assert game.scores[seat] == 1 + 1  # level 1, Rope is the exact type asked
    assert objective(game, "chinese-links") in game.validated[seat]
    assert all(c in game.discard_pile for c in work.components)


def scored(game, seat, key, *kinds, history=(), specials=()):
    """Scores one trick of `key` for the seat after `history` tricks already validated."""
    validate(game, seat, *[objective(game, k) for k in history])
    work = give_work(game, seat, key, *kinds)
    for s in specials:
        lay_special(game, work, s)
    game._score(seat, work, "")
    return game.tricks[seat][-1]


def test_scoring_a_trick_pays_its_level():
    game, seat = staged()
    assert scored(game, seat, "smoking-mirror", "curtain", "curtain")["points"] == 1


def test_the_log_counts_one_point_in_all_in_the_singular():
    """A first trick of 1 point: '…; 1 point in all.' (it read '1 points in all')."""
    game, seat = staged()
    work = give_work(game, seat, "smoking-mirror", "curtain", "curtain")
    said = " ".join(event.text for event in game._score(seat, work, ""))
    assert game.scores[seat] == 1
    assert "= 1; 1 point in all." in said and "1 points" not in said


def test_scoring_each_exact_type_pays_one_more_but_never_audience_or_formula():
    game, seat = staged()
    entry = scored(game, seat, "talking-dove", "dove", "formula", "audience")
    assert (entry["level"], entry["exact"], entry["points"]) == (2, 1, 3)


def test_scoring_the_tigers_choice_as_the_rulebooks_accuracy_example_smoke_none_tiger_one():
    game, seat = staged()
    entry = scored(game, seat, "tigers-choice", "smoke", "tiger")
    assert entry["exact"] == 1 and entry["points"] == 2


def test_scoring_specialization_one_more_for_each_trick_beyond_the_first_of_a_domain():
    game, seat = staged()
    first = scored(game, seat, "thought-card", "rope", "formula")
    assert first["specialization"] == 0
    second = scored(game, seat, "second-sight", "rope", "mirrors", "audience")
    assert second["specialization"] == 1


def test_scoring_five_mentalism_tricks_pay_four_specialization_points():
    game, seat = staged()
    keys = ["thought-card", "tigers-choice", "second-sight", "talking-dove", "book-test"]
    for key in keys:
        o = game.objectives[objective(game, key)]
        work = give_work(game, seat, key, *[_any_of(game, n) for n in o.needs])
        game._score(seat, work, "")
    assert sum(t["specialization"] for t in game.tricks[seat]) == 4


def _any_of(game, need):
    """A Component that meets the need without being its exact type (no bonus)."""
    group = game.cards.group_of[need]
    types = next(g.types for g in game.cards.groups if g.id == group)
    return next((t for t in types if t != need), need)


def test_scoring_two_mentalism_and_three_illusion_tricks_pay_three():
    game, seat = staged()
    keys = ["thought-card", "second-sight", "smoking-mirror", "curtain-call", "phantom-dove"]
    for key in keys:
        o = game.objectives[objective(game, key)]
        work = give_work(game, seat, key, *[_any_of(game, n) for n in o.needs])
        game._score(seat, work, "")
    assert [t["specialization"] for t in game.tricks[seat]] == [0, 1, 0, 1, 1]


def test_scoring_grand_adds_two_and_deja_vu_takes_one():
    game, seat = staged()
    entry = scored(
        game, seat, "smoking-mirror", "curtain", "curtain", specials=("grand", "deja-vu")
    )
    assert (entry["grand"], entry["deja_vu"], entry["points"]) == (2, -1, 2)


def test_scoring_a_level_1_trick_with_deja_vu_pays_nothing():
    game, seat = staged()
    entry = scored(game, seat, "smoking-mirror", "curtain", "curtain", specials=("deja-vu",))
    assert entry["points"] == 0


def test_scoring_a_trick_never_pays_less_than_nothing():
    game, seat = staged()
    entry = scored(
        game, seat, "smoking-mirror", "curtain", "curtain", specials=("deja-vu", "deja-vu")
    )
    assert entry["points"] == 0 and entry["floor"] == 1
    assert game.scores[seat] == 0
    assert trick_sum(entry) == "level 1 − Deja vu 2 = -1, raised to 0"


def test_scoring_a_level_4_trick_with_3_exact_components_and_grand_pays_9():
    game, seat = staged()
    entry = scored(
        game,
        seat,
        "voices-in-silence",
        "smoke",
        "mirrors",
        "dove",
        "curtain",
        "formula",
        specials=("grand",),
    )
    assert entry["points"] == 9


def test_scoring_the_components_are_discarded_and_the_objective_kept_as_a_domain_token():
    game, seat = staged()
    work = give_work(game, seat, "chinese-links", "rope", "audience")
    game._score(seat, work, "")
    assert game.validated[seat] == [work.objective]
    assert game.view(None)["seats"][seat]["validated"][0]["domain"] == "evasion"
    check_invariants(game)


def test_scoring_a_domain_magician_adds_one_to_tricks_of_that_domain():
    game, seat = staged(magician="chains")
    evasion = scored(game, seat, "chinese-links", "rope", "audience")
    assert (evasion["magician"], evasion["points"]) == (1, 3)
    other = scored(game, seat, "smoking-mirror", "curtain", "curtain")
    assert other["magician"] == 0


def test_the_result_sums_each_magicians_points_by_category_and_they_add_up():
    """The game-over table's categories (level, exact, Grand, Deja vu...) come from the
    result, and add up to each score, over whole seeded games."""
    from illusio_table.engine.selfplay import play_one
    from illusio_table.games import builtin_registry

    seen = set()
    for seed in range(20):
        game = builtin_registry().new_game("illusio", 3, seed, {})
        play_one(game, ["random"] * 3)
        result = game.result()
        for seat in range(3):
            parts = result["points"][seat]
            assert sum(parts.values()) == result["scores"][seat]
            assert "level" in parts and "other" not in parts
            seen |= set(parts)
    assert {"exact", "Grand"} <= seen
