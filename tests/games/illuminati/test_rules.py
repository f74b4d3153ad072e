"""The rules of Illuminati, each test named after the rule it checks."""

import pytest

from illusio_table.engine import IllegalAction, Rng
from illusio_table.games.illuminati.actions import (
    Abolish,
    AskGroup,
    Attack,
    CallOff,
    ChooseGoal,
    Drop,
    EndTurn,
    ExtraDraw,
    GiveGroup,
    GiveMoney,
    GiveSpecial,
    Move,
    Pass,
    PassOnAttack,
    PassTurn,
    PlaySpecial,
    Receive,
    Refuse,
    Shift,
    Spend,
    TakeIncome,
    Transfer,
    Yield,
)
from illusio_table.games.illuminati.attacking import known_number
from illusio_table.games.illuminati.goals import meets_goal
from illusio_table.games.illuminati.turn import collect, draw

from .helpers import (
    borrow_goal,
    check_invariants,
    destroy,
    fix_dice,
    give_special,
    leave_uncontrolled,
    make,
    make_privileged,
    on_top,
    own,
    put_out,
    release,
    set_actions,
    set_destroyed,
    set_goal,
    set_illuminati,
    set_money,
    set_option,
    set_phase,
    set_turns_of,
    set_turns_taken,
    settle,
    through_windows,
    with_illuminati,
    without_specials,
)


def ready(seats=4, seed=3):
    game = without_specials(settle(make(seats, seed)))
    return game, game.current


def spend_round(game):
    """Everyone passes."""
    for _ in range(20):
        if game.phase != "spending":
            return
        seat = min(game.to_act())
        game.apply(seat, Pass())


# -- set-up


def test_setup_each_player_gets_a_random_illuminati_and_its_income_as_money():
    game = make(4, seed=5)
    assert len(set(game.illuminati)) == 4
    for i in game.illuminati:
        assert game.money[i] == game.numbers.illuminati[i].income
    check_invariants(game)


def test_setup_four_uncontrolled_groups_and_specials_turned_up_are_buried():
    for seed in range(20):
        game = make(3, seed=seed)
        line = next(x for x in game.log(None) if x.startswith("Uncontrolled: "))
        names = line.removeprefix("Uncontrolled: ").rstrip(".").split(", ")
        assert len(names) == 4
        specials = {s.name for s in game.cards.specials}
        assert not specials & set(names)


def test_setup_dice_for_the_first_player_and_ties_roll_again():
    saw_tie = False
    for seed in range(40):
        game = make(4, seed=seed)
        rolls = [line for line in game.log(None) if line.startswith("Dice for the first turn")]
        saw_tie |= len(rolls) > 1
        assert f"{game.name(game.current)} plays first." in game.log(None)
    assert saw_tie


def test_setup_the_ufos_choose_another_goal_in_secret():
    game = next(make(4, s) for s in range(100) if "ufos" in make(4, s).illuminati)
    seat = game.illuminati.index("ufos")
    assert game.phase == "goals" and game.to_act() == {seat}
    from illusio_table.games.illuminati.actions import ChooseGoal

    with pytest.raises(IllegalAction):
        game.apply(seat, ChooseGoal("ufos"))
    goal = next(i.id for i in game.cards.illuminati if i.id not in game.illuminati)
    game.apply(seat, ChooseGoal(goal))
    other = (seat + 1) % 4
    assert game.view(seat)["my_goal"] == goal
    assert game.view(other)["my_goal"] is None
    name = game.numbers.illuminati[goal].name
    assert name in " ".join(game.log(seat)) and name not in " ".join(game.log(other))


# -- income and the draw


def test_income_each_controlled_group_earns_onto_its_own_card():
    game, seat = ready()
    own(game, seat, "comic-books")
    before = game.money.get("comic-books", 0)
    collect(game, seat, doubled=False)
    assert game.money["comic-books"] == before + 2


def test_income_the_irs_taxes_each_other_player_2_mb():
    game, seat = ready()
    own(game, seat, "i-r-s")
    others = [s for s in range(4) if s != seat]
    before = [game.total_money(s) for s in others]
    collect(game, seat, doubled=False)
    assert [game.total_money(s) for s in others] == [b - 2 for b in before]
    assert game.money["i-r-s"] == 6
    check_invariants(game)


def test_income_the_irs_takes_2_mb_from_a_player_whose_money_is_spread():
    game, seat = ready()
    own(game, seat, "i-r-s")
    other = next(s for s in range(4) if s != seat)
    for card in game.structures[other]:
        set_money(game, card, 0)
    top = game.illuminati[other]
    own(game, other, "comic-books")
    set_money(game, top, 1)
    set_money(game, "comic-books", 1)
    said = [e.text for e in collect(game, seat, doubled=False)]
    assert game.total_money(other) == 0
    assert f"The I.R.S. taxes {game.name(other)} 2 MB." in said


def test_income_the_post_office_costs_its_controller_1_mb():
    game, seat = ready()
    own(game, seat, "post-office")
    top = game.illuminati[seat]
    before = game.money[top]
    collect(game, seat, doubled=False)
    assert game.money[top] == before + game.numbers.illuminati[top].income - 1


def test_income_market_manipulation_doubles_it():
    game, seat = ready()
    own(game, seat, "comic-books")
    give_special(game, seat, "market-manipulation")
    set_phase(game, "income")
    before = game.money.get("comic-books", 0)
    game.apply(seat, TakeIncome(True))
    assert game.money["comic-books"] == before + 4


def test_income_seven_and_eight_players_earn_more():
    for seats, extra in ((7, 3), (8, 5)):
        game = without_specials(settle(make(seats, 2)))
        top = game.illuminati[game.current]
        before = game.money[top]
        collect(game, game.current, doubled=False)
        assert game.money[top] == before + game.numbers.illuminati[top].income + extra


def test_draw_a_special_goes_to_the_hand_and_only_its_count_shows():
    game, seat = ready()
    card = next(c for c in game.deck if c.startswith("slush-fund#"))
    on_top(game, card)
    draw(game, seat)
    other = (seat + 1) % 4
    assert card in game.specials[seat]
    assert game.view(other)["structures"][seat]["specials"] == 1
    assert "Slush Fund" not in " ".join(game.log(other))


def test_draw_the_network_turns_over_two_cards():
    game = without_specials(with_illuminati("the-network"))
    seat = game.current
    size = len(game.deck)
    draw(game, seat)
    assert len(game.deck) == size - 2


# -- attacks


def test_attack_to_control_needs_a_free_outward_arrow():
    game, seat = ready()
    own(game, seat, "boy-sprouts")
    target = game.uncontrolled[0]
    with pytest.raises(IllegalAction, match="no Power|free outward arrow"):
        game.apply(seat, Attack("control", "boy-sprouts", target, side="T"))


def test_attack_to_control_succeeds_on_a_roll_at_or_under_the_number():
    game, seat = ready()
    target = "comic-books"
    if target not in game.uncontrolled:
        leave_uncontrolled(game, target)
    top = game.illuminati[seat]
    side = game.structures[seat].free_arrows(top)[0]
    game.apply(seat, Attack("control", top, target, side=side))
    number = game.target_number()
    fix_dice(game, (min(5, number - 1), 1) if number > 2 else (1, 1))
    spend_round(game)
    assert game.owner(target) == seat
    assert game.structures[seat].master(target) == top
    check_invariants(game)


def test_attack_11_and_12_always_fail():
    game, seat = ready()
    target = game.uncontrolled[0]
    top = game.illuminati[seat]
    set_money(game, top, 60)
    game.apply(seat, Attack("control", top, target, side=game.structures[seat].free_arrows(top)[0]))
    game.apply(seat, Spend(top, 40))
    fix_dice(game, (5, 6))
    spend_round(game)
    assert game.owner(target) is None
    assert "The attack fails (rolled 11, needed 10 or less)." in game.log(None)


def test_attack_each_group_takes_part_in_one_attack_a_turn():
    game, seat = ready()
    own(game, seat, "c-i-a")
    top = game.illuminati[seat]
    targets = list(game.uncontrolled)
    game.apply(seat, Attack("control", "c-i-a", targets[0], side="T"))
    fix_dice(game, (6, 6))
    spend_round(game)
    with pytest.raises(IllegalAction, match="already taken part"):
        game.apply(seat, Attack("control", "c-i-a", targets[1], side="T"))
    if top != "ufos":
        with pytest.raises(IllegalAction, match="C.I.A. has already attacked or aided this turn"):
            game.apply(seat, Attack("control", top, targets[1], ("c-i-a",), side="R"))


def test_attack_aiding_groups_add_transferable_power_and_cannot_attack_after():
    game, seat = ready()
    own(game, seat, "c-i-a")
    top = game.illuminati[seat]
    target = game.uncontrolled[0]
    game.apply(
        seat,
        Attack("control", top, target, ("c-i-a",), side=game.structures[seat].free_arrows(top)[0]),
    )
    lines = dict(game.lines())
    assert lines["Transferable Power of C.I.A."] == 4
    assert "c-i-a" in game.attacked


def test_attack_can_be_called_off_until_money_is_down():
    game, seat = ready()
    top = game.illuminati[seat]
    target = game.uncontrolled[0]
    side = game.structures[seat].free_arrows(top)[0]
    game.apply(seat, Attack("control", top, target, side=side))
    game.apply(seat, CallOff())
    assert game.phase == "actions" and game.actions_left == 2
    game.apply(seat, Attack("control", top, target, side=side))
    game.apply(seat, Spend(top, 1))
    while min(game.to_act()) != seat:
        game.apply(min(game.to_act()), Pass())
    with pytest.raises(IllegalAction, match="before any money"):
        game.apply(seat, CallOff())


def test_spending_attacker_plus_one_defending_group_minus_two_others_one():
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "comic-books")
    set_money(game, "comic-books", 3)
    top = game.illuminati[seat]
    game.apply(seat, Attack("neutralize", top, "comic-books"))
    base = game.target_number()
    game.apply(seat, Spend(top, 2))
    assert game.target_number() == base + 2
    game.apply(victim, Spend("comic-books", 3))
    assert game.target_number() == base + 2 - 6
    third = min(game.to_act())
    assert third not in (seat, victim)
    game.apply(third, Spend(game.illuminati[third], 1, helps=False))
    assert game.target_number() == base + 2 - 6 - 1
    check_invariants(game)


def test_privileged_attack_no_one_else_may_spend_and_the_bavarians_pay_5():
    game = without_specials(with_illuminati("bavarian-illuminati"))
    seat = game.current
    top = "bavarian-illuminati"
    before = game.money[top]
    target = game.uncontrolled[0]
    later = game.clone()
    game.apply(seat, Attack("control", top, target, side="T", privilege="bavarian"))
    assert game.money[top] == before - 5
    assert game.attack.order == [seat]
    later.bavarian_used = True
    reason = later.refusal(seat, Attack("control", top, target, side="T", privilege="bavarian"))
    assert "once a turn" in reason


def test_privilege_deep_agent_abolishes_it():
    game, seat = ready()
    card = give_special(game, seat, "slush-fund")
    other = (seat + 1) % 4
    agent = give_special(game, other, "deep-agent")
    top = game.illuminati[seat]
    game.apply(seat, Attack("control", top, game.uncontrolled[0], side="T", privilege=card))
    # Secrets window for the discarded card (the other player passes), then the privilege window.
    through_windows(
        game, lambda kind, s: PlaySpecial(agent) if kind == "privilege" and s == other else None
    )
    assert not game.attack.privileged
    assert set(game.attack.order) == set(range(4))


def test_privilege_two_specials_discarded_together_abolish_it():
    game, seat = ready()
    card = give_special(game, seat, "slush-fund")
    other = (seat + 1) % 4
    pair = (give_special(game, other, "swiss-bank-account"), give_special(game, other, "bribery"))
    top = game.illuminati[seat]
    game.apply(seat, Attack("control", top, game.uncontrolled[0], side="T", privilege=card))
    through_windows(
        game, lambda kind, s: Abolish(pair) if kind == "privilege" and s == other else None
    )
    assert not game.attack.privileged


def test_results_control_brings_the_puppets_and_half_their_money():
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "c-i-a")
    own(game, victim, "f-b-i", master="c-i-a")
    set_money(game, "c-i-a", 7)
    set_money(game, "f-b-i", 4)
    top = game.illuminati[seat]
    set_money(game, top, 100)
    game.apply(
        seat, Attack("control", top, "c-i-a", side=game.structures[seat].free_arrows(top)[0])
    )
    game.apply(seat, Spend(top, 40))
    fix_dice(game, (1, 1))
    spend_round(game)
    assert game.owner("c-i-a") == seat and game.owner("f-b-i") == seat
    assert (game.money["c-i-a"], game.money["f-b-i"]) == (3, 2)
    assert game.structures[seat].master("f-b-i") == "c-i-a"
    # The attacking Group may pass its treasury to the captured one at once, for free.
    game.apply(seat, Transfer(top, "c-i-a", 10))
    assert game.free_transfers == 2
    check_invariants(game)


def test_results_neutralize_sends_the_group_and_its_puppets_uncontrolled_money_to_the_bank():
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "c-i-a")
    own(game, victim, "f-b-i", master="c-i-a")
    set_money(game, "c-i-a", 7)
    top = game.illuminati[seat]
    set_money(game, top, 100)
    game.apply(seat, Attack("neutralize", top, "c-i-a"))
    game.apply(seat, Spend(top, 40))
    fix_dice(game, (1, 1))
    spend_round(game)
    assert {"c-i-a", "f-b-i"} <= set(game.uncontrolled)
    assert "c-i-a" not in game.money
    check_invariants(game)


def test_results_destroy_sends_the_group_to_the_dead_pile_and_frees_its_puppets():
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "c-i-a")
    own(game, victim, "f-b-i", master="c-i-a")
    top = game.illuminati[seat]
    set_money(game, top, 100)
    game.apply(seat, Attack("destroy", top, "c-i-a"))
    game.apply(seat, Spend(top, 40))
    fix_dice(game, (1, 1))
    spend_round(game)
    assert "c-i-a" in game.dead and "f-b-i" in game.uncontrolled
    assert game.destroyed[seat] == 1
    check_invariants(game)


def test_no_group_attacks_itself_or_an_illuminati():
    game, seat = ready()
    own(game, seat, "c-i-a")
    with pytest.raises(IllegalAction, match="itself"):
        game.apply(seat, Attack("destroy", "c-i-a", "c-i-a"))
    other = game.illuminati[(seat + 1) % 4]
    with pytest.raises(IllegalAction, match="cannot be attacked"):
        game.apply(seat, Attack("destroy", "c-i-a", other))


def test_destroy_needs_a_target_with_power_but_whispering_campaign_can():
    game, seat = ready()

    leave_uncontrolled(game, "boy-sprouts")
    top = game.illuminati[seat]
    with pytest.raises(IllegalAction, match="Whispering Campaign"):
        game.apply(seat, Attack("destroy", top, "boy-sprouts"))
    card = give_special(game, seat, "whispering-campaign")
    game.apply(seat, Attack("destroy", top, "boy-sprouts", card=card))
    through_windows(game)
    assert game.phase == "spending"
    assert any(label.startswith("Resistance of Boy Sprouts") for label, _ in game.lines())


def test_discordian_society_is_safe_from_government_and_straight_groups():
    game = without_specials(settle(make(4, 3)))
    seat = game.current
    victim = next(s for s in range(4) if s != seat)
    set_illuminati(game, victim, "discordian-society")
    own(game, victim, "comic-books")
    own(game, seat, "c-i-a")
    with pytest.raises(IllegalAction, match="safe from Government and Straight"):
        game.apply(seat, Attack("neutralize", "c-i-a", "comic-books"))


# -- specials


def test_specials_assassination_after_the_roll_makes_it_2():
    game, seat = ready()
    card = give_special(game, seat, "assassination")
    target = game.uncontrolled[0]
    top = game.illuminati[seat]
    set_money(game, top, 40)
    game.apply(seat, Attack("control", top, target, side=game.structures[seat].free_arrows(top)[0]))
    game.apply(seat, Spend(top, 20))
    fix_dice(game, (6, 5))
    while game.phase == "spending":
        game.apply(min(game.to_act()), Pass())
    assert game.phase == "window" and game.view(None)["window"]["kind"] == "roll"
    for s in sorted(game.to_act()):
        game.apply(s, PlaySpecial(card) if s == seat else Pass())
    through_windows(game)  # the answer window: nobody holds Secrets
    assert "The roll counts as 2." in game.log(None)
    assert game.owner(target) == seat


def test_specials_secrets_man_cancels_another_special():
    game, seat = ready()
    card = give_special(game, seat, "swiss-bank-account")
    other = (seat + 1) % 4
    secrets = give_special(game, other, "secrets-man-was-not-meant-to-know")
    top = game.illuminati[seat]
    before = game.money[top]
    game.apply(seat, PlaySpecial(card))
    assert game.phase == "window" and game.view(None)["window"]["kind"] == "answer"
    for s in sorted(game.to_act()):
        game.apply(s, PlaySpecial(secrets, target=card) if s == other else Pass())
    assert game.money[top] == before
    assert any("has no effect" in line for line in game.log(None))


def test_specials_money_cards_slush_fund_15_swiss_bank_25():
    game, seat = ready()
    top = game.illuminati[seat]
    before = game.money[top]
    game.apply(seat, PlaySpecial(give_special(game, seat, "slush-fund")))
    game.apply(seat, PlaySpecial(give_special(game, seat, "swiss-bank-account")))
    assert game.money[top] == before + 40
    check_invariants(game)


def test_specials_bribery_takes_an_uncontrolled_group_as_an_action_under_the_arrow_chosen():
    game, seat = ready()
    target = game.uncontrolled[0]
    card = give_special(game, seat, "bribery")
    top = game.illuminati[seat]
    arrows = game.structures[seat].free_arrows(top)
    offered = {
        (m.master, m.side)
        for m in game.legal_actions(seat)
        if isinstance(m, PlaySpecial) and m.target == target
    }
    assert offered == {(top, side) for side in arrows} and len(arrows) > 1
    with pytest.raises(IllegalAction, match="which free arrow"):
        game.apply(seat, PlaySpecial(card, target=target))
    game.apply(seat, PlaySpecial(card, target=target, master=top, side=arrows[-1]))
    assert game.owner(target) == seat and game.actions_left == 1
    assert game.structures[seat].places[target].side == arrows[-1]
    assert "under" in game.log(None)[-1]


def test_specials_senate_committee_takes_a_whole_turn():
    game, seat = ready()
    nxt = (seat + 1) % 4
    other = (seat + 2) % 4
    card = give_special(game, other, "senate-investigating-committee")
    game.apply(seat, EndTurn())
    assert game.phase == "window" and game.view(None)["window"]["kind"] == "turn"
    for s in sorted(game.to_act()):
        game.apply(s, PlaySpecial(card) if s == other else Pass())
    through_windows(game)
    assert f"{game.name(nxt)} loses the whole turn." in game.log(None)
    assert game.current != nxt


def test_specials_media_campaign_brings_a_group_back_uncontrolled():
    game, seat = ready()

    destroy(game, "comic-books")
    game.apply(seat, PlaySpecial(give_special(game, seat, "media-campaign"), target="comic-books"))
    assert "comic-books" in game.uncontrolled


def test_specials_computer_espionage_shows_only_the_player_who_plays_it():
    game, seat = ready()
    other = (seat + 1) % 4
    give_special(game, other, "slush-fund")
    game.apply(seat, PlaySpecial(give_special(game, seat, "computer-espionage"), seat=other))
    through_windows(game)
    assert any("Slush Fund" in line for line in game.log(seat))
    third = (seat + 2) % 4
    assert not any("Slush Fund" in line for line in game.log(third))


# -- free actions and transfers


def test_transfers_two_free_then_as_an_action_to_adjacent_groups_only():
    game, seat = ready()
    own(game, seat, "c-i-a")
    own(game, seat, "f-b-i", master="c-i-a")
    top = game.illuminati[seat]
    set_money(game, top, 30)
    with pytest.raises(IllegalAction, match="adjacent"):
        game.apply(seat, Transfer(top, "f-b-i", 1))
    game.apply(seat, Transfer(top, "c-i-a", 3))
    game.apply(seat, Transfer("c-i-a", "f-b-i", 2))
    assert (game.free_transfers, game.actions_left) == (0, 2)
    game.apply(seat, Transfer(top, "c-i-a", 1))
    assert game.actions_left == 1


def test_transfers_the_federal_reserve_reaches_any_group_of_its_structure():
    game, seat = ready()
    own(game, seat, "federal-reserve")
    own(game, seat, "c-i-a")
    own(game, seat, "f-b-i", master="c-i-a")
    set_money(game, "federal-reserve", 5)
    game.apply(seat, Transfer("federal-reserve", "f-b-i", 5))
    assert game.money["f-b-i"] == 5


def test_free_actions_drop_a_group_and_its_puppets():
    game, seat = ready()
    own(game, seat, "c-i-a")
    own(game, seat, "f-b-i", master="c-i-a")
    set_money(game, "c-i-a", 4)
    said = game.apply(seat, Drop("c-i-a"))
    assert {"c-i-a", "f-b-i"} <= set(game.uncontrolled) and game.actions_left == 2
    # The log's verb agrees with how many go ("Health Food Stores go uncontrolled.").
    assert any(e.text.endswith("C.I.A. and F.B.I. go uncontrolled.") for e in said), said
    alone = ready()[0]
    own(alone, seat, "c-i-a")
    said = alone.apply(seat, Drop("c-i-a"))
    assert any(e.text.endswith("C.I.A. goes uncontrolled.") for e in said), said
    check_invariants(game)


def test_free_actions_give_money_between_illuminati_and_specials_privately():
    game, seat = ready()
    other = (seat + 1) % 4
    top, theirs = game.illuminati[seat], game.illuminati[other]
    before = game.money[theirs]
    game.apply(seat, GiveMoney(other, 3))
    assert game.money[theirs] == before + 3
    card = give_special(game, seat, "slush-fund")
    game.apply(seat, GiveSpecial(other, card))
    assert card in game.specials[other]
    third = (seat + 2) % 4
    assert "Slush Fund" not in " ".join(game.log(third))
    del top


def test_giving_a_group_away_needs_the_receivers_consent_and_an_action():
    game, seat = ready()
    other = (seat + 1) % 4
    own(game, seat, "c-i-a")
    game.apply(seat, GiveGroup("c-i-a", other))
    assert game.to_act() == {other}
    game.apply(other, Refuse())
    assert game.owner("c-i-a") == seat and game.actions_left == 2
    game.apply(seat, GiveGroup("c-i-a", other))
    root = game.structures[other].root
    game.apply(other, Receive(root, game.structures[other].free_arrows(root)[0]))
    assert game.owner("c-i-a") == other and game.actions_left == 1
    check_invariants(game)


def test_moving_a_group_is_a_regular_action():
    game, seat = ready()
    own(game, seat, "c-i-a")
    top = game.illuminati[seat]
    side = game.structures[seat].free_arrows(top)[0]
    game.apply(seat, Move("c-i-a", top, side))
    assert game.actions_left == 1 and game.structures[seat].places["c-i-a"].side == side


def test_passing_gives_5_mb_only_before_any_action():
    game, seat = ready()
    top = game.illuminati[seat]
    before = game.money[top]
    game.apply(seat, PassTurn())
    assert game.money[top] == before + 5 and game.current != seat
    settle(game)
    now = game.current
    game.apply(now, GiveMoney((now + 1) % 4, 1))
    with pytest.raises(IllegalAction, match="already acted"):
        game.apply(now, PassTurn())


def test_orbital_mind_control_lasers_change_an_alignment_for_the_turn():
    game, seat = ready()
    own(game, seat, "orbital-mind-control-lasers")
    own(game, (seat + 1) % 4, "c-i-a")
    game.apply(seat, Shift("c-i-a", "violent", "remove"))
    assert game.shifts["c-i-a"] == ("government",)
    with pytest.raises(IllegalAction, match="one alignment a turn"):
        game.apply(seat, Shift("f-b-i", "straight", "remove"))


def test_orbital_mind_control_lasers_offer_to_add_remove_and_reverse():
    game, seat = ready()
    own(game, seat, "orbital-mind-control-lasers")
    own(game, (seat + 1) % 4, "c-i-a")
    shifts = [a for a in game.legal_actions(seat) if isinstance(a, Shift)]
    on_cia = {(a.alignment, a.how) for a in shifts if a.group == "c-i-a"}
    assert {("violent", "remove"), ("government", "reverse"), ("liberal", "add")} <= on_cia
    assert all(game.refusal(seat, a) is None for a in shifts)


def discordian_opponent():
    """A settled game where another player leads the Discordian Society."""
    for seed in range(400):
        game = without_specials(settle(make(4, seed)))
        seat = game.current
        if game.phase == "actions" and "discordian-society" in game.illuminati:
            other = game.illuminati.index("discordian-society")
            if other != seat:
                return game, seat, other
    raise AssertionError("no seed")


def test_the_discordian_ban_counts_alignments_the_lasers_changed():
    game, seat, discordian = discordian_opponent()
    target = game.uncontrolled[0]
    own(game, discordian, target)
    own(game, seat, "orbital-mind-control-lasers")
    own(game, seat, "comic-books")  # no Government, no Straight alignment of its own
    side = game.structures[seat].free_arrows("comic-books")[0]
    attack = Attack("control", "comic-books", target, side=side)
    assert game.refusal(seat, attack) is None
    game.apply(seat, Shift("comic-books", "government", "add"))
    assert "safe from Government" in game.refusal(seat, attack)
    assert attack not in game.legal_actions(seat)


def test_recyclers_pay_5_mb_for_one_more_card():
    game, seat = ready()
    own(game, seat, "recyclers")
    set_money(game, "recyclers", 6)
    size = len(game.deck)
    game.apply(seat, ExtraDraw())
    assert len(game.deck) == size - 1 and game.money["recyclers"] == 1
    with pytest.raises(IllegalAction, match="once a turn"):
        game.apply(seat, ExtraDraw())


# -- winning and leaving


def test_winning_the_basic_goal_counts_groups_with_the_illuminati():
    game, seat = ready(seats=6)
    assert game.goal == 9
    structure = game.structures[seat]
    for group in ("c-i-a", "f-b-i", "the-mafia", "kgb", "pentagon", "new-york", "texas", "cfl-aio"):
        if game.owner(group) is not None:
            continue
        master = next(c for c in structure if structure.free_arrows(c))
        own(game, seat, group, master=master)
    assert len(structure) >= 9
    events = game.apply(seat, EndTurn())
    assert game.is_over() and seat in game.result()["winners"]
    # The log says it in whole sentences ("…the Illuminati included The game is over.").
    said = next(e.text for e in events if "The game is over." in e.text)
    assert said.endswith("Groups, the Illuminati included. The game is over."), said


def test_winning_the_longer_game_option_raises_the_goal():
    assert make(4, 1, longer_game=3).goal == 15


def test_winning_special_goal_gnomes_150_mb():
    game = without_specials(with_illuminati("gnomes-of-zurich"))
    set_money(game, "gnomes-of-zurich", 150)
    assert meets_goal(game, game.current)


def test_elimination_after_the_third_turn_with_only_the_illuminati():
    game, seat = ready()
    set_turns_taken(game, 3, 3, 3, 3)
    for s in range(4):
        if s != seat:
            own(game, s, game.uncontrolled[0])
    game.apply(seat, EndTurn())
    assert game.eliminated[seat]


def test_house_rule_the_last_player_left_wins():
    game, seat = ready()
    set_turns_taken(game, 3, 3, 3, 3)
    own(game, seat, game.uncontrolled[0])
    game.apply(seat, EndTurn())
    assert game.is_over() and game.result()["winners"] == [seat]


def test_stacked_money_hides_other_players_amounts():
    game = settle(make(4, 3, stacked_money=True))
    seat = game.current
    other = (seat + 1) % 4
    theirs = game.view(seat)["structures"][other]["cards"][0]["money"]
    mine = game.view(seat)["structures"][seat]["cards"][0]["money"]
    assert theirs is None and mine is not None


# -- more of the turn


def test_end_of_turn_targets_are_added_until_two_lie_uncontrolled_specials_discarded():
    game, seat = ready()

    for group in list(game.uncontrolled):
        destroy(game, group)
    special = next(c for c in game.deck if "#" in c)
    on_top(game, special)  # drawn first
    game.apply(seat, EndTurn())
    assert len(game.uncontrolled) >= 2
    assert special in game.discarded
    assert any("is drawn as a target and discarded" in line for line in game.log(None))


def test_gnomes_of_zurich_move_money_freely_at_the_end_of_the_turn():
    game = without_specials(with_illuminati("gnomes-of-zurich"))
    seat = game.current
    own(game, seat, "c-i-a")
    own(game, seat, "f-b-i", master="c-i-a")
    set_money(game, "gnomes-of-zurich", 20)
    from illusio_table.games.illuminati.actions import Rearrange

    game.apply(seat, Rearrange())
    assert game.phase == "reorganize"
    game.apply(seat, Transfer("gnomes-of-zurich", "f-b-i", 5))  # not adjacent: free now
    game.apply(seat, Transfer("gnomes-of-zurich", "f-b-i", 5))
    game.apply(seat, Transfer("gnomes-of-zurich", "f-b-i", 5))
    assert game.money["f-b-i"] == 15
    game.apply(seat, EndTurn())
    assert game.current != seat


def test_bermuda_triangle_rearranges_its_structure_freely_at_the_end_of_the_turn():
    game = without_specials(with_illuminati("bermuda-triangle"))
    seat = game.current
    own(game, seat, "c-i-a")
    own(game, seat, "f-b-i")
    game.apply(seat, Attack("control", "bermuda-triangle", game.uncontrolled[0], side="L"))
    game.apply(seat, CallOff())
    set_actions(game, 0)
    from illusio_table.games.illuminati.actions import Rearrange

    game.apply(seat, Rearrange())
    assert game.phase == "reorganize"
    free = game.structures[seat].free_arrows("c-i-a")[0]
    game.apply(seat, Move("f-b-i", "c-i-a", free))
    assert game.structures[seat].master("f-b-i") == "c-i-a"


def test_bermuda_triangle_rearranging_gives_no_free_money_transfers():
    game = without_specials(with_illuminati("bermuda-triangle"))
    seat = game.current
    own(game, seat, "c-i-a")
    set_money(game, "bermuda-triangle", 30)
    set_actions(game, 0, free_transfers=1)
    from illusio_table.games.illuminati.actions import Rearrange

    game.apply(seat, Rearrange())
    game.apply(seat, Transfer("bermuda-triangle", "c-i-a", 1))  # its one free transfer
    with pytest.raises(IllegalAction, match="No money transfer is left this turn"):
        game.apply(seat, Transfer("bermuda-triangle", "c-i-a", 1))


def test_ufos_take_part_in_two_attacks_a_turn():
    game = without_specials(with_illuminati("ufos"))
    seat = game.current
    first, second = game.uncontrolled[:2]
    game.apply(seat, Attack("control", "ufos", first, side="T"))
    fix_dice(game, (6, 6))
    spend_round(game)
    game.apply(seat, Attack("control", "ufos", second, side="R"))
    assert game.attack is not None


def test_interference_card_lets_its_holder_spend_on_a_privileged_attack():
    game, seat = ready()
    card = give_special(game, seat, "slush-fund")
    other = (seat + 1) % 4
    interference = give_special(game, other, "interference")
    top = game.illuminati[seat]
    game.apply(seat, Attack("control", top, game.uncontrolled[0], side="T", privilege=card))
    through_windows(
        game,
        lambda kind, s: PlaySpecial(interference) if kind == "privilege" and s == other else None,
    )
    assert game.attack.privileged and game.attack.order == [seat, other]


def test_winning_together_is_a_shared_victory():
    game, seat = ready()
    other = (seat + 1) % 4
    for s in (seat, other):
        set_money(game, game.illuminati[s], 0)
    set_goal(game, 1)  # both hold their Illuminati: both meet the goal at the end of this turn
    game.apply(seat, EndTurn())
    assert game.is_over() and set(game.result()["winners"]) == set(range(4))


def test_special_goals_of_the_illuminati():
    game, seat = ready()
    set_option(game, "hidden_goals", True)  # any goal may be pursued
    structure = game.structures[seat]

    def holding(*groups):
        for g in structure.puppets(structure.root):
            release(game, seat, g)
        for g in groups:
            master = next(c for c in structure if structure.free_arrows(c))
            own(game, seat, g, master=master)

    borrow_goal(game, seat, "society-of-assassins")
    holding("c-i-a", "kgb", "the-mafia", "comic-books", "militia", "clone-arrangers")
    assert meets_goal(game, seat)
    borrow_goal(game, seat, "discordian-society")
    assert not meets_goal(game, seat)
    holding("comic-books", "flat-earthers", "tabloids", "hackers", "science-fiction-fans")
    assert meets_goal(game, seat)
    borrow_goal(game, seat, "servants-of-cthulhu")
    set_destroyed(game, seat, 8)
    assert meets_goal(game, seat)


def test_white_collar_crime_adds_5_mb_and_money_moves_freely_until_its_player_is_done():
    game, seat = ready()
    own(game, seat, "c-i-a")
    own(game, seat, "f-b-i", master="c-i-a")
    top = game.illuminati[seat]
    before = game.money[top]
    game.apply(seat, PlaySpecial(give_special(game, seat, "white-collar-crime")))
    assert game.money[top] == before + 5
    assert game.phase == "rearranging" and game.view(seat)["rearranging"] == seat
    assert game.describe(Pass()) == "Done rearranging money"
    for _ in range(3):  # to a Group that is not adjacent, and at no cost
        game.apply(seat, Transfer(top, "f-b-i", 1))
    game.apply(seat, Pass())
    assert game.phase == "actions" and (game.free_transfers, game.actions_left) == (2, 2)
    with pytest.raises(IllegalAction, match="adjacent"):  # the moment is over
        game.apply(seat, Transfer(top, "f-b-i", 1))


def test_specials_at_any_time_are_offered_before_another_players_turn():
    """Slush Fund in the window before another player's turn: the money comes, and that
    turn is played (only Senate Investigating Committee takes it away)."""
    game, seat = ready()
    nxt, other = (seat + 1) % 4, (seat + 2) % 4
    card = give_special(game, other, "slush-fund")
    top = game.illuminati[other]
    before = game.money[top]
    game.apply(seat, EndTurn())
    assert game.phase == "window" and game.view(None)["window"]["kind"] == "turn"
    assert PlaySpecial(card) in game.legal_actions(other)
    game.apply(other, PlaySpecial(card))
    through_windows(game)
    assert game.money[top] == before + 15
    assert game.current == nxt and game.phase == "actions"
    assert not any("loses the whole turn" in line for line in game.log(None))
    check_invariants(game)


def test_specials_at_any_time_are_offered_after_the_dice_of_another_players_attack():
    game, seat, other, _assassination, _murphy, _target = (
        _roll_window_with_assassination_and_murphys_law((1, 1))
    )

    destroy(game, "comic-books")
    media = give_special(game, other, "media-campaign")
    spy = give_special(game, other, "computer-espionage")
    legal = game.legal_actions(other)
    assert PlaySpecial(media, target="comic-books") in legal
    assert PlaySpecial(spy, seat=seat) in legal
    game.apply(seat, Pass())
    game.apply(other, PlaySpecial(media, target="comic-books"))
    through_windows(game)
    assert "comic-books" in game.uncontrolled
    assert game.phase == "actions" and game.current == seat  # the attack was resolved


def test_specials_computer_espionage_may_be_played_while_spending_on_another_players_attack():
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "comic-books")
    set_money(game, "comic-books", 7)
    spy = give_special(game, victim, "computer-espionage")
    game.apply(seat, Attack("neutralize", game.illuminati[seat], "comic-books"))
    game.apply(seat, Pass())
    assert game.to_act() == {victim}
    assert PlaySpecial(spy, seat=seat) in game.legal_actions(victim)
    game.apply(victim, PlaySpecial(spy, seat=seat))
    through_windows(game)
    assert game.phase == "spending" and game.to_act() == {victim}


def test_white_collar_crime_in_another_players_attack_moves_only_its_players_money():
    """The defender plays White Collar Crime on its turn to spend: it moves money off the
    Group under attack freely, then spends; the attacker gains no free transfers by it."""
    game, seat = ready()
    victim = (seat + 1) % 4
    theirs = game.illuminati[victim]
    own(game, victim, "c-i-a")
    own(game, victim, "comic-books", master="c-i-a")
    set_money(game, "comic-books", 6)
    card = give_special(game, victim, "white-collar-crime")
    mine = game.illuminati[seat]
    own(game, seat, "f-b-i")
    own(game, seat, "kgb", master="f-b-i")
    game.apply(seat, Attack("neutralize", mine, "comic-books"))
    game.apply(seat, Pass())
    game.apply(victim, PlaySpecial(card))
    assert game.phase == "rearranging" and game.to_act() == {victim}
    assert game.legal_actions(seat) == []
    legal = game.legal_actions(victim)
    assert Pass() in legal and all(
        isinstance(m, Transfer) and m.source in game.structures[victim]
        for m in legal
        if m != Pass()
    )
    game.apply(victim, Transfer("comic-books", theirs, 6))  # not adjacent: free all the same
    game.apply(victim, Pass())
    assert game.phase == "spending" and game.to_act() == {victim}
    assert game.money.get("comic-books", 0) == 0
    spend_round(game)
    through_windows(game)
    assert game.phase == "actions" and game.current == seat
    with pytest.raises(IllegalAction, match="adjacent"):
        game.apply(seat, Transfer(mine, "kgb", 1))
    check_invariants(game)


def test_specials_secrets_man_cancels_a_special_played_at_any_time_in_a_window():
    game, seat = ready()
    nxt, other, third = (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4
    card = give_special(game, other, "swiss-bank-account")
    secrets = give_special(game, third, "secrets-man-was-not-meant-to-know")
    before = game.money[game.illuminati[other]]
    game.apply(seat, EndTurn())
    for s in sorted(game.to_act()):
        game.apply(s, PlaySpecial(card) if s == other else Pass())
    assert game.view(None)["window"]["kind"] == "answer"
    for s in sorted(game.to_act()):
        game.apply(s, PlaySpecial(secrets, target=card) if s == third else Pass())
    through_windows(game)
    assert game.money[game.illuminati[other]] == before
    assert game.current == nxt


def test_elimination_spares_the_servants_of_cthulhu_who_meet_their_goal():
    game = without_specials(with_illuminati("servants-of-cthulhu"))
    seat = _alone_with_eight_destroyed_ends_the_turn(game)
    assert not game.eliminated[seat]
    assert game.is_over() and seat in game.result()["winners"]


def test_hidden_goals_everyone_picks_a_goal_in_secret_and_the_ufos_gain_1_power():
    from illusio_table.games.illuminati.actions import ChooseGoal

    game = make(4, 2, hidden_goals=True)
    assert game.phase == "goals" and game.to_act() == {0, 1, 2, 3}
    game.apply(0, ChooseGoal("gnomes-of-zurich"))
    assert game.view(1)["my_goal"] is None and game.view(0)["my_goal"] == "gnomes-of-zurich"
    assert "Gnomes" not in " ".join(game.log(1)).split("Uncontrolled")[-1]
    for seat in (1, 2, 3):
        game.apply(seat, ChooseGoal("the-network"))
    assert game.phase != "goals"
    assert game.numbers.power("ufos") == 7
    set_money(game, game.illuminati[0], 150)
    assert meets_goal(game, 0)


def test_hidden_goals_the_ufos_card_shows_the_power_it_attacks_with():
    """With hidden goals the UFOs attack with 7, but their card (and the phones) showed
    the printed 6: the view says the Power the option adds, to everyone who can see the
    card face up, and to nobody while it lies face down."""
    game = with_illuminati("ufos", hidden_goals=True)
    seat = game.current

    def ufos(view):
        mine = next(s for s in view["structures"] if s["seat"] == seat)
        return next(c for c in mine["cards"] if c["id"] in ("ufos", "illuminati"))

    assert game.numbers.power("ufos") == 7
    assert all(ufos(game.view(s)).get("power_bonus") == 1 for s in (seat, None))
    hidden = with_illuminati("ufos", hidden_goals=True, hidden_illuminati=True)
    other = (hidden.current + 1) % 4
    seen = next(s for s in hidden.view(other)["structures"] if s["seat"] == hidden.current)
    assert all("power_bonus" not in c for c in seen["cards"])


# -- hidden Illuminati


def hidden_game(seed=4):
    game = make(4, seed, hidden_illuminati=True, stacked_money=True)
    return game


def test_hidden_illuminati_others_see_neither_the_card_nor_its_name():
    game = hidden_game()
    for seat in range(4):
        mine = game.illuminati[seat]
        name = game.numbers.name(mine)
        assert game.view(seat)["my_illuminati"] == mine
        for other in range(4):
            if other == seat:
                continue
            view = game.view(other)
            assert view["structures"][seat]["illuminati"] is None
            import json

            text = json.dumps(view["structures"][seat])
            assert mine not in text and name not in text
            assert all(
                name not in line for line in game.log(other) if "Illuminati is turned" not in line
            )


def test_hidden_illuminati_a_swap_of_two_hidden_cards_changes_no_third_view():
    import json

    game = hidden_game()
    twin = hidden_game()
    a, b = 0, 1
    twin.illuminati[a], twin.illuminati[b] = twin.illuminati[b], twin.illuminati[a]
    twin.structures[a], twin.structures[b] = twin.structures[b], twin.structures[a]
    twin.borrowed_goal = dict(game.borrowed_goal)
    for third in (2, 3, None):
        left = json.loads(json.dumps(game.view(third)))
        right = json.loads(json.dumps(twin.view(third)))
        for view in (left, right):
            for s in view["structures"]:
                for card in s["cards"]:
                    card["money"] = None  # stacked money: the owner alone counts it
        assert left["structures"][2:] == right["structures"][2:]
        assert [s["illuminati"] for s in left["structures"][:2]] == [None, None] or third is None


def test_hidden_illuminati_everyone_chooses_a_goal_so_the_ufos_do_not_show():
    game = hidden_game()
    assert game.phase == "goals" and game.to_act() == {0, 1, 2, 3}


def test_hidden_illuminati_an_accusation_costs_an_action_and_a_right_one_turns_the_card_up():
    from illusio_table.games.illuminati.actions import Accuse

    game = without_specials(settle(hidden_game()))
    seat = game.current
    other = (seat + 1) % 4
    wrong = next(i.id for i in game.cards.illuminati if i.id not in game.illuminati)
    game.apply(seat, Accuse(other, wrong))
    assert game.actions_left == 1 and other not in game.revealed
    assert PassTurn() not in game.legal_actions(seat), "an accusation was an action"
    assert game.record.moves[-1].barrier, "'Wrong.' was seen: it cannot be taken back"
    game.apply(seat, Accuse(other, game.illuminati[other]))
    assert other in game.revealed and game.actions_left == 0
    name = game.numbers.name(game.illuminati[other])
    assert game.view((seat + 2) % 4)["structures"][other]["illuminati"] == game.illuminati[other]
    assert any(name in line and "turned up" in line for line in game.log(None))


def test_hidden_illuminati_using_an_ability_turns_the_card_up():
    game = without_specials(with_illuminati("bavarian-illuminati", hidden_illuminati=True))
    seat = game.current
    assert seat not in game.revealed
    side = own(game, seat, "c-i-a")
    assert side
    set_money(game, "bavarian-illuminati", 10)
    free = game.structures[seat].free_arrows("c-i-a")[0]
    game.apply(
        seat, Attack("control", "c-i-a", game.uncontrolled[0], side=free, privilege="bavarian")
    )
    assert seat in game.revealed
    assert any("buys a privilege" in line for line in game.log(None))


def test_hidden_illuminati_attacking_with_its_own_power_turns_the_card_up():
    game = without_specials(with_illuminati("bavarian-illuminati", hidden_illuminati=True))
    seat = game.current
    free = game.structures[seat].free_arrows("bavarian-illuminati")[0]
    game.apply(seat, Attack("control", "bavarian-illuminati", game.uncontrolled[0], side=free))
    assert seat in game.revealed
    assert any("attacks or aids with its own Power" in line for line in game.log(None))


def test_attack_a_failed_first_attack_may_be_repeated_by_another_group_as_the_second_action():
    game, seat = ready()
    own(game, seat, "c-i-a")
    top = game.illuminati[seat]
    target = game.uncontrolled[0]
    game.apply(seat, Attack("control", "c-i-a", target, side="T"))
    fix_dice(game, (6, 6))
    spend_round(game)
    assert game.owner(target) is None and game.actions_left == 1
    game.apply(seat, Attack("control", top, target, side=game.structures[seat].free_arrows(top)[0]))
    assert game.attack.target == target


def _roll_window_with_assassination_and_murphys_law(dice):
    """An attack on an uncontrolled Group, 20 MB down, the dice fixed, and the window after
    the roll open, with Assassination in the attacker's hand and Murphy's Law in the next
    player's: (the game, the attacker, the next player, the two cards, the target)."""
    game, seat = ready()
    other = (seat + 1) % 4
    assassination = give_special(game, seat, "assassination")
    murphy = give_special(game, other, "murphys-law")
    target = game.uncontrolled[0]
    top = game.illuminati[seat]
    set_money(game, top, 40)
    game.apply(seat, Attack("control", top, target, side=game.structures[seat].free_arrows(top)[0]))
    game.apply(seat, Spend(top, 20))
    fix_dice(game, dice)
    spend_round(game)
    assert game.phase == "window" and game.view(None)["window"]["kind"] == "roll"
    return game, seat, other, assassination, murphy, target


def test_specials_murphys_law_makes_the_roll_12_and_the_last_card_played_governs():
    game, seat, other, assassination, murphy, target = (
        _roll_window_with_assassination_and_murphys_law((1, 1))
    )
    game.apply(seat, PlaySpecial(assassination))
    game.apply(other, PlaySpecial(murphy))
    through_windows(game)
    # Both are played; Murphy's Law went down last (after Assassination) and governs.
    assert "The roll counts as 12." in game.log(None)
    assert game.owner(target) is None


def test_specials_that_contradict_the_last_one_played_governs_not_the_seat_order():
    """Murphy's Law played first and Assassination second: the roll counts as 2, though
    Murphy's Law's seat comes later in the turn's order (it gave a 12)."""
    game, seat, other, assassination, murphy, target = (
        _roll_window_with_assassination_and_murphys_law((6, 6))
    )
    game.apply(other, PlaySpecial(murphy))
    game.apply(seat, PlaySpecial(assassination))
    through_windows(game)
    log = game.log(None)
    played = [line for line in log if "plays Murphy" in line or "plays Assassination" in line]
    assert "Murphy" in played[0] and "Assassination" in played[1]
    assert "The roll counts as 2." in log
    assert game.owner(target) == seat


def test_specials_a_money_card_may_be_played_while_spending_on_an_attack():
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "comic-books")
    card = give_special(game, victim, "swiss-bank-account")
    top = game.illuminati[seat]
    game.apply(seat, Attack("neutralize", top, "comic-books"))
    game.apply(seat, Pass())
    assert game.to_act() == {victim}
    theirs = game.illuminati[victim]
    before = game.money[theirs]
    game.apply(victim, PlaySpecial(card))
    assert game.phase == "spending" and game.to_act() == {victim}
    assert game.money[theirs] == before + 25
    game.apply(victim, Spend(theirs, 25))
    check_invariants(game)


def test_a_player_may_show_their_specials():
    from illusio_table.games.illuminati.actions import ShowSpecials

    game, seat = ready()
    give_special(game, seat, "slush-fund")
    game.apply(seat, ShowSpecials())
    assert f"{game.name(seat)} shows their Specials: Slush Fund." in game.log((seat + 1) % 4)
    assert game.actions_left == 2


def test_refusals_and_words_say_what_is_wrong_and_read_well():
    from illusio_table.games.illuminati.attack import chance, needs_words, the

    assert needs_words(-22) == ("cannot succeed as it stands: at least 24 MB must go down on it")
    assert needs_words(7) == f"needs 7 or less ({chance(7):.0%})"
    assert needs_words(10) == "needs 10 or less (92%)"
    # The roll said is the one that wins: 11 and 12 fail, whatever the sum of the lines.
    assert needs_words(12) == needs_words(11) == "needs 10 or less (92%; 11 and 12 always fail)"
    assert chance(12) == chance(10) == 33 / 36 and chance(2) == 1 / 36
    assert the("The Network") == "the Network" and the("Bavarian Illuminati") == (
        "the Bavarian Illuminati"
    )
    game, seat = ready()
    top = game.illuminati[seat]
    target = next(iter(game.uncontrolled))
    with pytest.raises(IllegalAction, match="Say which free arrow of .* will hang from: "):
        game.apply(seat, Attack("control", top, target))
    poor = next(g for g in game.cards.groups if game.numbers.transferable(g.id) <= 0)
    if poor.id in game.uncontrolled or game.owner(poor.id) is None:
        own(game, seat, poor.id)
        side = game.structures[seat].free_arrows(top)[0]
        with pytest.raises(IllegalAction, match="has no transferable Power to aid with"):
            game.apply(seat, Attack("control", top, target, (poor.id,), side=side))
    assert " leads the The " not in " ".join(game.log(None))


def test_stacked_money_the_income_sum_is_told_only_to_its_owner():
    from illusio_table.engine.bots import RandomBot, bot_move

    game = make(3, 4, stacked_money=True)
    bots = [RandomBot(s, 2) for s in range(3)]
    while len(game.record.moves) < 60 and not game.is_over():
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
    for seat in (None, 0, 1, 2):
        for line in game.log(seat):
            if "collects income" in line and "MB in all" in line:
                assert seat is not None and line.startswith(game.name(seat)), (seat, line)


def _destroy_the_last_group_of_another(game, money=None):
    """After everyone's third turn, the player to act destroys the only Group another
    player has left (the dice fixed to succeed), with `money` in its treasury if given:
    returns (the attacker, the player put out)."""
    seat = game.current
    top = game.illuminati[seat]
    set_turns_taken(game, 3, 3, 3, 3)
    victim = next(
        (seat + k) % 4 for k in (1, 2, 3) if game.illuminati[(seat + k) % 4] != "discordian-society"
    )
    for card in list(game.structures[victim])[1:]:
        game.structures[victim].cut(card)
    group = min((g for g in game.uncontrolled if game.numbers.power(g) > 0), key=game.numbers.power)
    own(game, victim, group)
    for s in range(4):
        if s != victim:  # after a third turn nobody else may be down to the Illuminati
            own(game, s, game.uncontrolled[0])
    if money is not None:
        set_money(game, top, money)
    game.apply(seat, Attack("destroy", top, group))
    fix_dice(game, (1, 1))
    while game.phase == "spending":  # the attacker puts its money down; the others pass
        who = min(game.to_act())
        down = game.money.get(top, 0) if who == seat else 0
        game.apply(who, Spend(top, down) if down else Pass())
    return seat, victim


def _alone_with_eight_destroyed_ends_the_turn(game):
    """After everyone's third turn, the player to act, with nothing but its Illuminati
    and 8 Groups destroyed, ends the turn: returns that player."""
    seat = game.current
    set_turns_taken(game, 3, 3, 3, 3)
    for s in range(4):
        if s != seat:
            own(game, s, game.uncontrolled[0])
    set_destroyed(game, seat, 8)
    game.apply(seat, EndTurn())
    return seat


def test_the_servants_of_cthulhu_count_the_illuminati_of_a_player_they_put_out():
    game = without_specials(with_illuminati("servants-of-cthulhu"))
    seat, victim = _destroy_the_last_group_of_another(game)
    assert game.eliminated[victim]
    assert game.destroyed[seat] == 2, "the Group, then the Illuminati of the player put out"


def test_elimination_by_an_attack_on_the_last_rival_ends_the_game():
    """The attack that puts the last other player out ends the game there: the attacker
    is the last one left and wins (the turn does not go on)."""
    game = without_specials(with_illuminati("bavarian-illuminati"))
    seat = game.current
    victim = next(
        (seat + k) % 4 for k in (1, 2, 3) if game.illuminati[(seat + k) % 4] != "discordian-society"
    )
    for s in range(4):
        if s not in (seat, victim):
            put_out(game, s)
    _destroy_the_last_group_of_another(game)
    assert game.eliminated[victim]
    assert game.is_over() and game.result()["winners"] == [seat]
    assert any(f"{game.name(seat)} is the last one left." in line for line in game.log(None))


def test_privileged_attacks_are_offered_by_the_bavarians_5_mb_and_by_a_special():
    game = without_specials(with_illuminati("bavarian-illuminati"))
    seat = game.current
    set_money(game, game.illuminati[seat], 10)
    card = give_special(game, seat, "deep-agent")
    privileges = {a.privilege for a in game.legal_actions(seat) if isinstance(a, Attack)}
    assert {None, "bavarian", card} <= privileges
    for action in game.legal_actions(seat):
        assert game.refusal(seat, action) is None


def test_destroying_a_group_of_your_own_is_offered():
    game, seat = ready()
    own(game, seat, "c-i-a")
    mine = [
        a
        for a in game.legal_actions(seat)
        if isinstance(a, Attack) and a.target == "c-i-a" and a.how == "destroy"
    ]
    assert mine and all(game.refusal(seat, a) is None for a in mine)
    assert not any(
        a.target == "c-i-a" and a.how != "destroy"
        for a in game.legal_actions(seat)
        if isinstance(a, Attack)
    )


def test_money_moves_in_any_amount_and_the_list_offers_1_5_10_and_all():
    game, seat = ready()
    top = game.illuminati[seat]
    side = own(game, seat, "c-i-a")
    assert side
    set_money(game, top, 23)
    listed = {a.amount for a in game.legal_actions(seat) if isinstance(a, Transfer)}
    assert {1, 5, 10, 23} <= listed
    gifts = {a.amount for a in game.legal_actions(seat) if isinstance(a, GiveMoney)}
    assert gifts == {1, 5, 10, 23}
    game.apply(seat, Transfer(top, "c-i-a", 7))  # not listed, and legal
    assert game.money["c-i-a"] >= 7


def test_holding_market_manipulation_does_not_show_every_holder_of_a_special_is_asked():
    def start_of_turn(kind):
        game = without_specials(make(4, 3))
        game = settle(game)
        seat = game.current
        nxt = (seat + 1) % 4
        give_special(game, nxt, kind)
        game.apply(seat, EndTurn())
        return game, nxt

    holder, seat = start_of_turn("market-manipulation")
    other, _ = start_of_turn("deep-agent")
    assert holder.phase == other.phase == "income"
    for viewer in (None, (seat + 1) % 4):
        assert holder.view(viewer)["phase"] == other.view(viewer)["phase"]
    assert TakeIncome(True) in holder.legal_actions(seat)
    assert other.legal_actions(seat) == [TakeIncome(False)]


def test_hidden_illuminati_a_face_down_discordian_society_shows_its_immunity_when_attacked():
    for seed in range(400):
        game = without_specials(settle(make(4, seed, hidden_illuminati=True)))
        seat = game.current
        if "discordian-society" in game.illuminati and game.phase == "actions":
            owner = game.illuminati.index("discordian-society")
            if owner != seat:
                break
    target = game.uncontrolled[0]
    own(game, owner, target)
    own(game, seat, "c-i-a")  # a Government Group
    side = game.structures[seat].free_arrows("c-i-a")[0]
    attack = Attack("control", "c-i-a", target, side=side)
    assert attack in game.legal_actions(seat), "nothing shows it is the Discordians'"
    game.apply(seat, attack)
    assert owner in game.revealed and game.owner(target) == owner
    assert any("its immunity stops an attack" in line for line in game.log(None))
    assert game.phase == "actions" and game.actions_left == 1


def test_attacks_the_table_hints_the_roll_an_attack_would_need_before_any_money():
    """The figure the table writes beside a target is the number the attack, once
    announced, shows on the table (every option, many states)."""
    from illusio_table.games import builtin_registry
    from illusio_table.games.illuminati.actions import Attack
    from illusio_table.games.illuminati.attack import needs_words

    registry = builtin_registry()
    checked = 0
    for seed in range(6):
        options = {"hidden_illuminati": bool(seed % 2), "hidden_goals": bool(seed % 3 == 0)}
        game = registry.new_game("illuminati", 3 + seed % 3, seed, options)
        for _ in range(120):
            if game.is_over():
                break
            seat = min(game.to_act())
            legal = game.legal_actions(seat)
            for attack in [a for a in legal if isinstance(a, Attack)][::7]:
                hint = game.hint(attack, seat)
                twin = game.clone()
                twin.apply(seat, attack)
                if twin.attack is None:
                    continue  # a Special window opened first: the number comes later
                number = twin.view(seat)["attack"]["target_number"]
                expected = needs_words(number)  # as it is said once under way
                assert hint == expected, (attack, hint, number)
                checked += 1
            game.apply(seat, legal[seed % len(legal)] if seed % 2 else legal[0])
    assert checked > 50


def end_of(game, seat):
    """The seat's End turn, once its income is taken."""
    for _ in range(5):
        legal = game.legal_actions(seat)
        end = next((a for a in legal if a.kind == "end-turn"), None)
        if end is not None:
            return end
        game.apply(seat, next(a for a in legal if a.kind in ("take-income", "pass")))
    raise AssertionError("no End turn")


def test_elimination_ending_a_turn_that_puts_the_player_out_is_warned_of():
    game, seat = ready()
    end = end_of(game, seat)
    assert len(game.structures[seat]) == 1
    set_turns_of(game, seat, game.limits.elimination_after_turn - 1)
    assert "you will be out of the game" in game.warning(end, seat)
    set_turns_of(game, seat, 0)
    assert game.warning(end, seat) == ""  # before the third turn nobody is put out


def test_winning_ending_a_turn_that_lets_another_win_is_warned_of():
    game, seat = ready()
    other = (seat + 1) % game.seats
    own(game, other, next(g for g in game.deck if "#" not in g))
    end = end_of(game, seat)
    assert "wins" not in game.warning(end, seat)
    set_goal(game, len(game.structures[other]))  # one Group short of the goal no more
    warning = game.warning(end, seat)
    assert f"{game.name(other)} holds {game.goal} Groups and wins" in warning


def test_elimination_at_any_time_after_the_third_turn_dropping_the_last_group_puts_you_out():
    """Dropping your last Group after your third turn puts you out at once: no capture
    later in that turn brings you back, and the turn passes on."""
    game, seat = ready()
    set_turns_taken(game, 3, 3, 3, 3)
    for s in range(4):
        own(game, s, game.uncontrolled[0])
    mine = next(c for c in game.structures[seat] if c != game.illuminati[seat])
    game.apply(seat, Drop(mine))
    assert game.eliminated[seat]
    assert "controls nothing but the Illuminati and is out" in " ".join(game.log(None))
    assert game.current != seat and seat not in game.to_act()
    check_invariants(game)


def test_elimination_is_not_before_the_end_of_the_third_turn():
    game, seat = ready()
    set_turns_taken(game, 2, 2, 2, 2)
    own(game, seat, game.uncontrolled[0])
    mine = next(c for c in game.structures[seat] if c != game.illuminati[seat])
    game.apply(seat, Drop(mine))
    assert not game.eliminated[seat] and game.current == seat


def test_gifts_money_and_specials_may_be_given_while_spending_on_another_players_attack():
    """Giving money or a Special away may be done at any time, not just on your turn: a
    third player asked to spend on someone's attack gives 5 MB and a Special, and is
    then still asked to spend or pass."""
    game, seat = ready()
    target = game.uncontrolled[0]
    top = game.illuminati[seat]
    set_money(game, top, 20)
    game.apply(seat, Attack("control", top, target, side=game.structures[seat].free_arrows(top)[0]))
    game.apply(seat, Pass())
    third = min(game.to_act())
    assert third != seat and game.phase == "spending"
    card = give_special(game, third, "swiss-bank-account")
    theirs = game.illuminati[third]
    set_money(game, theirs, 10)
    legal = game.legal_actions(third)
    assert GiveMoney(seat, 5) in legal and GiveSpecial(seat, card) in legal
    game.apply(third, GiveMoney(seat, 5))
    assert game.money[theirs] == 5 and game.money[top] == 25 and game.to_act() == {third}
    game.apply(third, GiveSpecial(seat, card))
    assert card in game.specials[seat] and game.to_act() == {third}
    assert "gives a Special card" in " ".join(
        game.log((seat + 2) % 4 if third != (seat + 2) % 4 else (seat + 3) % 4)
    )
    check_invariants(game)


def test_gifts_are_refused_while_a_privileged_attack_is_under_way():
    game, seat = ready()
    target = game.uncontrolled[0]
    top = game.illuminati[seat]
    set_money(game, top, 20)
    game.apply(seat, Attack("control", top, target, side=game.structures[seat].free_arrows(top)[0]))
    make_privileged(game)
    mover = min(game.to_act())
    assert not any(isinstance(a, (GiveMoney, GiveSpecial)) for a in game.legal_actions(mover))
    other = (mover + 1) % 4
    with pytest.raises(IllegalAction, match="privileged"):
        game.apply(mover, GiveMoney(other, 1))


def _ufos_pursuing_cthulhus_goal():
    game = without_specials(with_illuminati("ufos"))
    borrow_goal(game, game.current, "servants-of-cthulhu")
    return game


def test_goals_the_ufos_pursuing_the_goal_of_destruction_count_an_illuminati_they_put_out():
    """The goal of eight Groups destroyed counts by goal, not by card: the UFOs pursuing
    it count the Illuminati of a player their attack puts out, as the Servants do."""
    game = _ufos_pursuing_cthulhus_goal()
    seat, victim = _destroy_the_last_group_of_another(game, money=30)
    assert game.eliminated[victim]
    assert game.destroyed[seat] == 2, "the Group, then the Illuminati of the player put out"


def test_goals_a_player_pursuing_destruction_who_reaches_it_with_their_own_last_group_wins():
    """The exception for destroying your own last Group goes with the goal too: the UFOs
    pursuing it, with 8 destroyed and nothing but their Illuminati, are not put out."""
    game = _ufos_pursuing_cthulhus_goal()
    seat = _alone_with_eight_destroyed_ends_the_turn(game)
    assert not game.eliminated[seat]
    assert game.is_over() and seat in game.result()["winners"]


# -- where a Group that came or moved puts its puppets: the owner's choice (p. 8)


def _capture(theirs, mine, target, side):
    """The Bavarians, holding `mine` ((group, master, side), None for their Illuminati),
    capture `target` from the next player, who holds `theirs`, hanging it on `side`."""
    game = without_specials(with_illuminati("bavarian-illuminati"))
    seat = game.current
    other = (seat + 1) % 4
    top = game.illuminati[seat]
    for who, holding in ((other, theirs), (seat, mine)):
        for group, master, arrow in holding:
            own(game, who, group, master=master, side=arrow)
    set_money(game, top, 40)
    game.apply(seat, Attack("control", top, target, side=side))
    game.apply(seat, Spend(top, 20))
    fix_dice(game, (1, 1))
    spend_round(game)
    through_windows(game)
    return game, seat, other


def _capture_whose_puppet_must_move():
    """The Bavarians capture the C.I.A., whose F.B.I. hung from the arrow that Boy Sprouts
    now block: the F.B.I. must move, and the C.I.A. has two free arrows for it."""
    theirs = [("c-i-a", None, None), ("f-b-i", "c-i-a", "B")]
    mine = [("big-media", None, "T"), ("boy-sprouts", "big-media", "T")]
    return _capture(theirs, mine, "c-i-a", "R")


def test_a_captured_puppet_that_must_move_is_placed_where_its_new_owner_chooses():
    from illusio_table.games.illuminati.actions import Hang

    game, seat, other = _capture_whose_puppet_must_move()
    assert game.phase == "placing" and game.to_act() == {seat}
    assert game.legal_actions(other) == []
    assert game.legal_actions(seat) == [Hang("f-b-i", "T"), Hang("f-b-i", "L")]
    view = game.view(other)  # everyone sees what waits to be placed, and where
    assert view["placing"] == {
        "seat": seat,
        "groups": ["f-b-i"],
        "master": "c-i-a",
        "blockers": {},
    }
    assert game.describe(Hang("f-b-i", "L")) == "Place F.B.I. under C.I.A. (L arrow)"
    with pytest.raises(IllegalAction, match="First place F.B.I. under C.I.A."):
        game.apply(seat, EndTurn())
    check_invariants(game)
    game.apply(seat, Hang("f-b-i", "L"))
    assert game.phase == "actions" and game.structures[seat].places["f-b-i"].side == "L"
    assert "places F.B.I. under C.I.A." in game.log(None)[-1]
    check_invariants(game)


def test_a_moved_group_whose_puppet_must_move_asks_its_owner_too():
    """The C.I.A. moves from the left of the Illuminati to its right, where the arrow its
    F.B.I. hung from points at Boy Sprouts: the owner places the F.B.I. again."""
    from illusio_table.games.illuminati.actions import Hang

    game, seat = ready()
    top = game.illuminati[seat]
    own(game, seat, "c-i-a", side="L")
    own(game, seat, "f-b-i", master="c-i-a", side="B")
    own(game, seat, "big-media", side="T")
    own(game, seat, "boy-sprouts", master="big-media", side="T")
    game.apply(seat, Move("c-i-a", top, "R"))
    assert game.phase == "placing" and game.actions_left == 1
    assert game.legal_actions(seat) == [Hang("f-b-i", "T"), Hang("f-b-i", "L")]
    game.apply(seat, Hang("f-b-i", "T"))
    placed = game.structures[seat].places["f-b-i"]
    assert (placed.master, placed.side, game.phase) == ("c-i-a", "T", "actions")
    check_invariants(game)


def _gift_whose_puppet_cannot_fit():
    """The Convenience Stores (one arrow) are given with the Comic Books under them; in
    the receiver's structure Boy Sprouts lie where that one arrow points."""
    game, seat = ready()
    receiver = (seat + 1) % 4
    own(game, seat, "convenience-stores", side="R")
    own(game, seat, "comic-books", master="convenience-stores", side="B")
    own(game, seat, "tabloids", master="comic-books", side="T")
    theirs = game.illuminati[receiver]
    own(game, receiver, "c-i-a", side="R")
    own(game, receiver, "boy-sprouts", master="c-i-a", side="B")
    game.apply(seat, GiveGroup("convenience-stores", receiver))
    game.apply(receiver, Receive(theirs, "T"))
    return game, seat, receiver


def test_a_received_group_that_cannot_fit_lets_the_receiver_choose_new_or_old_to_go():
    from illusio_table.games.illuminati.actions import Hang, LetGo

    game, seat, receiver = _gift_whose_puppet_cannot_fit()
    assert game.phase == "placing" and game.to_act() == {receiver}
    assert set(game.legal_actions(receiver)) == {
        Hang("comic-books", "B"),
        LetGo("comic-books"),
    }
    assert game.view(seat)["placing"]["blockers"] == {"B": "boy-sprouts"}
    assert game.describe(Hang("comic-books", "B")).endswith("letting Boy Sprouts go")
    game.apply(receiver, Hang("comic-books", "B"))  # the old card goes, the new one stays
    assert "boy-sprouts" in game.uncontrolled
    mine = game.structures[receiver]
    assert "comic-books" in mine and mine.places["tabloids"].master == "comic-books"
    assert game.phase == "actions" and game.current == seat
    check_invariants(game)


def test_a_received_group_that_cannot_fit_may_let_the_new_puppet_go_instead():
    from illusio_table.games.illuminati.actions import LetGo

    game, seat, receiver = _gift_whose_puppet_cannot_fit()
    game.apply(receiver, LetGo("comic-books"))
    assert {"comic-books", "tabloids"} <= set(game.uncontrolled)
    assert "boy-sprouts" in game.structures[receiver]
    check_invariants(game)


def test_a_captured_puppet_that_cannot_fit_is_lost_with_no_question():
    """Captured or moved, a puppet that cannot be kept from overlapping is lost: only a
    Group received lets its owner choose an old card to go instead."""
    theirs = [("convenience-stores", None, None), ("comic-books", "convenience-stores", "B")]
    mine = [("c-i-a", None, "R"), ("boy-sprouts", "c-i-a", "B")]
    game, seat, _ = _capture(theirs, mine, "convenience-stores", "T")
    assert game.phase == "actions" and "comic-books" in game.uncontrolled
    assert "boy-sprouts" in game.structures[seat]


# -- passing on an attack (house rule: the rulebook goes round until all pass)


def test_passing_on_an_attack_is_not_asked_again_until_its_dice():
    """A player who passes on the attack is skipped in every later round of spending on it,
    however often money goes down; the dice come once everyone still in has passed."""
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "comic-books")
    set_money(game, "comic-books", 6)
    top = game.illuminati[seat]
    set_money(game, top, 10)
    game.apply(seat, Attack("neutralize", top, "comic-books"))
    asked = []
    game.apply(seat, Spend(top, 1))
    third, fourth = (seat + 2) % 4, (seat + 3) % 4
    assert game.to_act() == {victim}
    game.apply(victim, Spend("comic-books", 1))
    assert game.to_act() == {third}
    assert PassOnAttack() in game.legal_actions(third)
    events = game.apply(third, PassOnAttack())
    assert any("passes on this attack" in e.text for e in events)
    assert game.view(seat)["attack"]["out"] == [third]
    for _ in range(12):  # money goes down again and again: the third is never asked
        if game.phase != "spending":
            break
        who = min(game.to_act())
        asked.append(who)
        money = game.money.get(top if who == seat else "comic-books", 0)
        if who in (seat, victim) and money and len(asked) < 6:
            game.apply(who, Spend(top if who == seat else "comic-books", 1))
        else:
            game.apply(who, Pass())
    assert third not in asked and fourth in asked
    assert game.phase != "spending"
    check_invariants(game)


def test_the_attacker_may_not_pass_on_their_own_attack():
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "comic-books")
    game.apply(seat, Attack("neutralize", game.illuminati[seat], "comic-books"))
    assert PassOnAttack() not in game.legal_actions(seat)
    with pytest.raises(IllegalAction, match="only the others pass on the whole attack"):
        game.apply(seat, PassOnAttack())
    game.apply(seat, Pass())
    assert PassOnAttack() in game.legal_actions(victim)


def test_when_all_the_others_pass_on_the_attack_the_attackers_pass_rolls():
    game, seat = ready()
    victim = (seat + 1) % 4
    own(game, victim, "comic-books")
    game.apply(seat, Attack("neutralize", game.illuminati[seat], "comic-books"))
    game.apply(seat, Pass())
    for other in ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4):
        assert game.to_act() == {other}
        game.apply(other, PassOnAttack())
    # Everyone else is out: once the attacker has passed again, the dice.
    assert game.phase != "spending" or game.to_act() == {seat}
    if game.phase == "spending":
        game.apply(seat, Pass())
    assert game.phase != "spending"
    check_invariants(game)


def test_standing_aside_passes_only_on_attacks_and_never_on_ones_own():
    """'Pass on attacks I am not part of' makes a move only while money goes down on an
    attack that is neither the seat's nor on it; at any other moment it makes none."""
    from illusio_table.engine.bots import RandomBot, bot_move

    passed = 0
    for seed in range(6):
        game = make(4, seed=seed)
        bots = [RandomBot(s, seed) for s in range(4)]
        for _ in range(400):
            if game.is_over():
                break
            view = game.view(None)
            for seat in range(4):
                move = game.aside(seat)
                attack = view["attack"]
                party = attack is not None and seat in (attack["seat"], attack["defender"])
                if view["phase"] != "spending" or seat not in game.to_act() or party:
                    assert move is None, (view["phase"], seat)
                else:
                    assert move == PassOnAttack() and game.why_not(seat, move) is None
                    passed += 1
            seat = min(game.to_act())
            game.apply(seat, bot_move(game, bots[seat], seat))
    assert passed > 0


# -- throwing the game (p. 8; the card file's reading `no-throwing`)


def _gnomes_waiting(**options):
    """A settled game in which the Gnomes of Zurich wait for another player's turn, at
    145 MB (their goal: 150), and the player on turn has 10 MB to give."""
    for seed in range(400):
        game = make(4, seed, **options)
        if "gnomes-of-zurich" not in game.illuminati:
            continue
        settle(game)
        gnomes = game.illuminati.index("gnomes-of-zurich")
        if game.phase == "actions" and game.current != gnomes:
            without_specials(game)
            set_money(game, "gnomes-of-zurich", 145)
            set_money(game, game.illuminati[game.current], 10)
            return game, game.current, gnomes
    raise AssertionError("no seed has the Gnomes wait")


def test_no_player_may_throw_the_game_with_groups():
    """A Group that would give its receiver the basic goal is not offered, and giving it
    is refused in words; one that would not is given as before."""
    game, seat = ready()
    other = (seat + 1) % 4
    own(game, seat, "c-i-a")
    set_goal(game, len(game.structures[other]) + 1)
    assert GiveGroup("c-i-a", other) not in game.legal_actions(seat)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(seat, GiveGroup("c-i-a", other))
    assert refusal.value.reason == (
        f"No one may throw the game: with it, {game.name(other)} would meet the basic goal: "
        f"{len(game.structures[other]) + 1} Groups, the Illuminati included."
    )
    set_goal(game, len(game.structures[other]) + 2)  # a Group short, even with this one
    game.apply(seat, GiveGroup("c-i-a", other))
    assert game.to_act() == {other}


def test_no_player_may_throw_the_game_with_money_toward_a_goal_everyone_knows():
    game, seat, gnomes = _gnomes_waiting()
    assert GiveMoney(gnomes, 5) not in game.legal_actions(seat)
    with pytest.raises(
        IllegalAction,
        match="No one may throw the game: with it, .* would meet "
        "the Special Goal of the Gnomes of Zurich",
    ):
        game.apply(seat, GiveMoney(gnomes, 5))
    game.apply(seat, GiveMoney(gnomes, 4))  # 149 MB: no goal met
    assert game.money["gnomes-of-zurich"] == 149


def _twin_meets(game, seat, probes):
    """What the seat meets of the no-throwing check: its moves in words, and each probe's
    refusal (None where it is allowed)."""
    moves = [game.describe(a, seat) for a in game.legal_actions(seat)]
    return moves, [game.why_not(seat, probe) for probe in probes]


def test_no_throwing_is_judged_only_by_goals_the_giver_can_see():
    """With hidden Illuminati the Gnomes of Zurich lie face down at 145 MB: the player on
    turn cannot know their goal (nor that they are in play), so a gift of money, or a
    price that would bring them to 150 MB, is judged alike whoever lies under that card.
    A twin match in which another Illuminati lies there, its treasury the same, meets the
    player on turn with the same moves and the same refusals, in the same words."""
    game, seat, gnomes = _gnomes_waiting(hidden_illuminati=True)
    assert gnomes not in game.revealed
    own(game, gnomes, "c-i-a")
    set_goal(game, len(game.structures[seat]) + 1)  # the C.I.A. gives the asker the goal
    twin = game.clone()
    for k in range(50):
        twin = game.clone()
        twin.redraw_hidden(seat, Rng(k))
        if twin.illuminati[gnomes] != "gnomes-of-zurich":
            break
    assert twin.illuminati[gnomes] != "gnomes-of-zurich"
    assert game.view(seat) == twin.view(seat)  # the player on turn cannot tell them apart
    probes = [GiveMoney(gnomes, n) for n in (4, 5, 10)]
    probes += [AskGroup("c-i-a", n) for n in (0, 5, 10)]
    seen = _twin_meets(game, seat, probes)
    assert seen == _twin_meets(twin, seat, probes)
    # The gifts stand; the Group is not to be had, at any price: with it the asker would
    # meet the basic goal, and no goal the asker knows lets the Gnomes win too.
    assert seen[1][:3] == [None, None, None]
    reason = (
        f"No one may throw the game: with it, {game.name(seat)} would meet the basic goal: "
        f"{len(game.structures[seat]) + 1} Groups, the Illuminati included."
    )
    assert seen[1][3:] == [reason] * 3
    game.apply(seat, GiveMoney(gnomes, 5))
    assert game.money["gnomes-of-zurich"] == 150


def test_a_gift_toward_a_goal_chosen_in_secret_stands_and_tells_nothing():
    """With hidden goals the giver cannot know what the Gnomes pursue: the gift is made
    (refusing it would tell the goal)."""
    game, seat, gnomes = _gnomes_waiting(hidden_goals=True)
    borrow_goal(game, gnomes, "gnomes-of-zurich")  # what they chose in secret
    assert game.why_not(seat, GiveMoney(gnomes, 5)) is None
    game.apply(seat, GiveMoney(gnomes, 5))
    assert game.money["gnomes-of-zurich"] == 150


def test_no_throwing_judges_the_askers_own_goal_even_one_chosen_in_secret():
    """With hidden goals the player on turn pursues the Gnomes' goal in secret, at 130 MB:
    a Group holding 20 MB would bring them to 150. They know their own goal, so the
    request is refused in words naming it (told to them alone); the owner's goal, chosen
    in secret too, is not judged."""
    game, seat, gnomes = _gnomes_waiting(hidden_goals=True)
    borrow_goal(game, seat, "gnomes-of-zurich")
    for card in game.structures[seat]:
        set_money(game, card, 0)
    set_money(game, game.illuminati[seat], 130)
    own(game, gnomes, "c-i-a")
    set_money(game, "c-i-a", 20)
    assert AskGroup("c-i-a") not in game.legal_actions(seat)
    assert game.why_not(seat, AskGroup("c-i-a")) == (
        f"No one may throw the game: with it, {game.name(seat)} would meet the Special Goal "
        "of the Gnomes of Zurich: 150 MB in the treasuries of its Power Structure."
    )
    set_money(game, "c-i-a", 19)
    assert game.why_not(seat, AskGroup("c-i-a")) is None


# -- an attack no money could save (the card file's reading `hopeless-attacks`)


def _weak_against_strong(**options):
    """The Comic Books (Power 1) of the player on turn face New York (Resistance 8),
    uncontrolled, with no money and no Special anywhere at the table."""
    game = without_specials(settle(make(4, 3, **options)))
    seat = game.current
    own(game, seat, "comic-books")
    leave_uncontrolled(game, "new-york")
    for card in list(game.money):
        set_money(game, card, 0)
    return game, seat, Attack("destroy", "comic-books", "new-york")


def test_an_attack_no_money_could_save_is_refused_in_words():
    game, seat, attack = _weak_against_strong()
    number = known_number(game, seat, attack)
    assert number < 2
    assert attack not in game.legal_actions(seat)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(seat, attack)
    assert refusal.value.reason == (
        f"This attack cannot succeed: it needs {number} or less on two dice, and all the "
        f"money that could go down on it (0 MB) would raise that only to {number}."
    )


def test_an_attack_money_could_save_is_played_and_says_how_much_money_it_needs():
    game, seat, attack = _weak_against_strong()
    number = known_number(game, seat, attack)
    set_money(game, game.illuminati[(seat + 1) % 4], 2 - number)  # another could help
    assert attack in game.legal_actions(seat)
    assert game.hint(attack, seat) == (
        f"cannot succeed as it stands: at least {2 - number} MB must go down on it"
    )
    game.apply(seat, attack)
    assert game.attack is not None


def test_an_attack_is_never_refused_for_money_hidden_from_the_attacker():
    """With hidden Illuminati a face-down treasury could hold anything: refusing would
    tell the attacker it holds little."""
    game, seat, attack = _weak_against_strong(hidden_illuminati=True)
    assert game.revealed != set(range(4))  # some treasury is hidden from the attacker
    assert known_number(game, seat, attack) < 2
    assert attack in game.legal_actions(seat)


# -- trades on one's turn (p. 7): a Group asked for, given or bought


def test_on_your_turn_you_may_get_a_group_from_another_player_for_money():
    """Ana asks Lera for the C.I.A. (and its F.B.I.) for 7 MB: an action of Ana's; Lera
    agrees, Ana places it, and the money goes from Ana's Illuminati to Lera's."""
    game, seat = ready()
    other = (seat + 1) % 4
    own(game, other, "c-i-a")
    own(game, other, "f-b-i", master="c-i-a")
    mine, theirs = game.illuminati[seat], game.illuminati[other]
    set_money(game, mine, 20)
    before = game.money[theirs]
    assert AskGroup("c-i-a", 5) in game.legal_actions(seat)
    game.apply(seat, AskGroup("c-i-a", 7))
    assert game.to_act() == {other} and game.actions_left == 1
    assert game.legal_actions(other) == [Yield(), Refuse()]
    assert game.view(seat)["offer"] == {
        "giver": other, "receiver": seat, "group": "c-i-a", "price": 7, "asked": True,
        "swap": None, "then": None,
    }  # fmt: skip
    game.apply(other, Yield())
    assert game.to_act() == {seat} and Refuse() not in game.legal_actions(seat)
    with pytest.raises(IllegalAction, match="You asked for it"):
        game.apply(seat, Refuse())
    place = next(a for a in game.legal_actions(seat) if isinstance(a, Receive))
    game.apply(seat, place)
    while game.phase == "placing":
        game.apply(seat, game.legal_actions(seat)[0])
    assert {"c-i-a", "f-b-i"} <= set(game.structures[seat])
    assert game.money[mine] == 13 and game.money[theirs] == before + 7
    assert game.actions_left == 1
    words = " ".join(game.log(seat))
    assert f"{game.name(seat)} asks {game.name(other)} for C.I.A. for 7 MB." in words
    assert f"{game.name(seat)} takes C.I.A. from {game.name(other)} for 7 MB." in words
    check_invariants(game)


def test_a_group_asked_for_and_kept_costs_no_action():
    game, seat = ready()
    other = (seat + 1) % 4
    own(game, other, "c-i-a")
    game.apply(seat, AskGroup("c-i-a"))
    game.apply(other, Refuse())
    assert game.owner("c-i-a") == other and game.actions_left == 2
    assert game.phase == "actions" and game.to_act() == {seat}
    assert f"{game.name(other)} keeps C.I.A." in " ".join(game.log(seat))


def test_a_trade_of_two_groups_counts_two_actions_for_the_player_on_turn():
    """Ana gives her Boy Sprouts and gets Lera's C.I.A.: one action each way."""
    game, seat = ready()
    other = (seat + 1) % 4
    own(game, seat, "boy-sprouts")
    own(game, other, "c-i-a")
    game.apply(seat, GiveGroup("boy-sprouts", other))
    game.apply(other, next(a for a in game.legal_actions(other) if isinstance(a, Receive)))
    game.apply(seat, AskGroup("c-i-a"))
    game.apply(other, Yield())
    game.apply(seat, next(a for a in game.legal_actions(seat) if isinstance(a, Receive)))
    assert game.owner("boy-sprouts") == other and game.owner("c-i-a") == seat
    assert game.actions_left == 0
    with pytest.raises(IllegalAction, match="takes an action, and none is left"):
        game.apply(seat, AskGroup("boy-sprouts"))


def test_asking_for_a_group_is_refused_in_words_when_it_cannot_be_done():
    game, seat = ready()
    other = (seat + 1) % 4
    own(game, other, "c-i-a")
    set_money(game, game.illuminati[seat], 3)
    cases = {
        AskGroup("c-i-a", 4): "The price is paid from your Illuminati treasury",
        AskGroup(game.illuminati[other]): "Ask for a Group of another player's",
        AskGroup("c-i-a", -1): "The price is paid from your Illuminati treasury",
    }
    for ask, words in cases.items():
        assert ask not in game.legal_actions(seat)
        assert game.why_not(seat, ask).startswith(words)
    # Only the player on turn asks: another player's request is not theirs to make.
    assert game.why_not(other, AskGroup("c-i-a")) == "It is not your turn to act."


def test_no_player_may_throw_the_game_by_giving_a_group_asked_for():
    """A Group that would give the player on turn the basic goal is not to be had for
    nothing; a price that lets its owner meet a goal everyone knows makes it a trade that
    lets both win, which is legal."""
    game, seat, gnomes = _gnomes_waiting()
    own(game, gnomes, "c-i-a")
    set_goal(game, len(game.structures[seat]) + 1)
    assert AskGroup("c-i-a") not in game.legal_actions(seat)
    assert game.why_not(seat, AskGroup("c-i-a")).startswith("No one may throw the game")
    assert game.why_not(seat, AskGroup("c-i-a", 4)).startswith("No one may throw the game")
    assert game.why_not(seat, AskGroup("c-i-a", 5)) is None  # the Gnomes reach 150 MB too


def _own_anywhere(game, seat, group):
    """Puts a Group under the first card of the seat's structure with a free arrow."""
    structure = game.structures[seat]
    own(game, seat, group, master=next(c for c in structure if structure.free_arrows(c)))


def _assassins_and_discordians():
    """A settled game: the Society of Assassins on turn, with five Violent Groups and
    California; the Discordian Society with four Weird Groups and the KGB (Violent)."""
    for seed in range(400):
        game = make(4, seed)
        if not {"society-of-assassins", "discordian-society"} <= set(game.illuminati):
            continue
        settle(without_specials(game))
        seat = game.current
        if game.illuminati[seat] != "society-of-assassins" or game.phase != "actions":
            continue
        without_specials(game)
        other = game.illuminati.index("discordian-society")
        for group in ("c-i-a", "the-mafia", "kkk", "loan-sharks", "clone-arrangers"):
            _own_anywhere(game, seat, group)
        _own_anywhere(game, seat, "california")  # Weird, not Violent
        for group in ("flat-earthers", "hackers", "l-4-society", "psychiatrists", "kgb"):
            _own_anywhere(game, other, group)
        return game, seat, other
    raise AssertionError("no seed has the Assassins play with the Discordians")


def test_a_trade_that_lets_both_players_win_is_perfectly_legal():
    """Throwing the game (p. 8): a trade that lets both players win is legal, and they
    share the victory. California would give the Discordians their fifth Weird Group,
    the KGB the Assassins their sixth Violent one: each half alone would let one player
    win and is refused; the trade is judged whole, made, and both win as the turn ends."""
    game, seat, other = _assassins_and_discordians()
    ana, bo = game.name(seat), game.name(other)
    assert not meets_goal(game, seat) and not meets_goal(game, other)
    assert game.why_not(seat, GiveGroup("california", other)).startswith(
        f"No one may throw the game: with it, {bo} would meet the Special Goal of the "
        "Discordian Society"
    )
    assert game.why_not(seat, AskGroup("kgb")).startswith(
        f"No one may throw the game: with it, {ana} would meet the Special Goal of the "
        "Society of Assassins"
    )
    trade = AskGroup("kgb", swap="california")
    assert trade in game.legal_actions(seat)
    assert game.describe(trade, seat) == f"Ask {bo} for KGB for your California"
    game.apply(seat, trade)
    assert game.actions_left == 0  # a Group each way: two actions (p. 7)
    assert game.legal_actions(other) == [Yield(), Refuse()]
    game.apply(other, Yield())
    # Bo places California first (under none of the KGB's cards), then Ana the KGB.
    assert game.to_act() == {other}
    assert Refuse() not in game.legal_actions(other)
    assert all(a.master != "kgb" for a in game.legal_actions(other))
    game.apply(other, game.legal_actions(other)[0])
    assert game.to_act() == {seat}
    game.apply(seat, game.legal_actions(seat)[0])
    assert game.owner("kgb") == seat and game.owner("california") == other
    check_invariants(game)
    game.apply(seat, EndTurn())
    assert game.is_over()
    assert game.result()["winners"] == sorted([seat, other])
    words = " ".join(game.log(seat))
    assert f"{ana} asks {bo} for KGB for California." in words
    assert f"{bo} agrees to give KGB to {ana} for California." in words
    assert f"{ana} meets the Special Goal of the Society of Assassins: Six Violent Groups" in words
    assert f"{bo} meets the Special Goal of the Discordian Society: Five Weird Groups" in words


def test_a_trade_of_two_groups_asked_for_and_refused_costs_no_action():
    game, seat, other = _assassins_and_discordians()
    game.apply(seat, AskGroup("kgb", swap="california"))
    game.apply(other, Refuse())
    assert game.actions_left == 2 and game.owner("california") == seat
    assert game.phase == "actions" and game.to_act() == {seat}


def test_a_bot_gives_a_group_asked_for_only_for_what_it_is_worth():
    from illusio_table.games.illuminati.bots import SchemerBot

    game, seat = ready()
    other = (seat + 1) % 4
    own(game, other, "c-i-a")  # income 0: worth 10 MB to the schemer
    set_money(game, game.illuminati[seat], 30)
    bot = SchemerBot(other, 1)
    game.apply(seat, AskGroup("c-i-a", 5))
    assert bot.choose(game.view(other), game.legal_actions(other)) == Refuse()
    game.apply(other, Refuse())
    game.apply(seat, AskGroup("c-i-a", 10))
    assert bot.choose(game.view(other), game.legal_actions(other)) == Yield()


def test_a_trade_is_one_exchange_so_trading_ones_last_group_does_not_put_one_out():
    """Past the third turn, Ana trades California, her only Group, for the KGB: she holds
    nothing but her Illuminati only while Bo places California, and is not out."""
    game, seat, other = _assassins_and_discordians()
    for group in ("c-i-a", "the-mafia", "kkk", "loan-sharks", "clone-arrangers"):
        if game.owner(group) == seat:
            release(game, seat, group)
    if game.owner("california") != seat:  # (it hung under one of them)
        own(game, seat, "california")
    release(game, other, "psychiatrists")  # (so that California lets nobody win)
    set_turns_taken(game, *[5] * game.seats)
    assert list(game.structures[seat]) == [game.illuminati[seat], "california"]
    game.apply(seat, AskGroup("kgb", swap="california"))
    game.apply(other, Yield())
    game.apply(other, game.legal_actions(other)[0])
    assert list(game.structures[seat]) == [game.illuminati[seat]]
    assert not game.eliminated[seat] and game.to_act() == {seat}
    game.apply(seat, game.legal_actions(seat)[0])
    assert not game.eliminated[seat] and game.owner("kgb") == seat
    assert game.phase == "actions" and game.current == seat


def test_a_bot_trades_a_group_for_one_worth_as_much():
    """The schemer counts the Group offered in exchange as payment: California (income 5)
    for the KGB (income 0) is a good trade; the KGB for nothing is not."""
    from illusio_table.games.illuminati.bots import SchemerBot

    game, seat, other = _assassins_and_discordians()
    bot = SchemerBot(other, 1)
    release(game, seat, "clone-arrangers")  # (neither trade lets anyone win now)
    release(game, other, "psychiatrists")
    game.apply(seat, AskGroup("kgb"))
    assert bot.choose(game.view(other), game.legal_actions(other)) == Refuse()
    game.apply(other, Refuse())
    game.apply(seat, AskGroup("kgb", swap="california"))
    assert bot.choose(game.view(other), game.legal_actions(other)) == Yield()


def test_asking_for_a_group_tells_nothing_of_the_money_stacked_on_it():
    """With stacked money the Gnomes' Groups hold secret amounts: whether a request may be
    made is the same whatever the Group asked for holds (the Gnomes' goal is money, which
    a price could let them meet as the Group gives the asker the basic goal)."""
    answers = []
    for on_group in (0, 40):
        game, seat, gnomes = _gnomes_waiting()
        set_option(game, "stacked_money", True)
        own(game, gnomes, "c-i-a")
        set_goal(game, len(game.structures[seat]) + 1)
        set_money(game, "gnomes-of-zurich", 145 - on_group)
        set_money(game, "c-i-a", on_group)
        asks = [a for a in game.legal_actions(seat) if isinstance(a, AskGroup)]
        answers.append((asks, [game.why_not(seat, AskGroup("c-i-a", n)) for n in (0, 5, 10)]))
    assert answers[0] == answers[1]


def test_a_bot_pursues_its_own_illuminatis_goal_in_secret_and_the_ufos_any():
    """With hidden goals the schemer picks its own Illuminati's goal (the one its power was
    made for); the UFOs, who have none, pick one at random, not always the Bavarians'."""
    from illusio_table.games.illuminati.bots import SchemerBot

    ufos_picks = set()
    for seed in range(1, 40):
        game = make(4, seed, hidden_goals=True)
        assert game.phase == "goals"
        for seat in sorted(game.to_act()):
            pick = SchemerBot(seat, seed).choose(game.view(seat), game.legal_actions(seat))
            assert isinstance(pick, ChooseGoal)
            if game.illuminati[seat] == "ufos":
                ufos_picks.add(pick.illuminati)
            else:
                assert pick.illuminati == game.illuminati[seat]
    assert len(ufos_picks) >= 3


def test_rearranging_says_it_turns_the_illuminati_up_only_where_it_lies_face_down():
    """The words "(turns your Illuminati up)" were offered with the hidden Illuminati
    option off: they are said only where the card lies face down."""
    from illusio_table.games.illuminati.actions import Rearrange

    shown = with_illuminati("gnomes-of-zurich")
    assert Rearrange() in shown.legal_actions(shown.current)
    assert shown.describe(Rearrange(), shown.current) == "Rearrange freely to end the turn"
    hidden = with_illuminati("gnomes-of-zurich", hidden_illuminati=True)
    assert hidden.current not in hidden.revealed
    assert hidden.describe(Rearrange(), hidden.current) == (
        "Rearrange freely to end the turn (turns your Illuminati up)"
    )
