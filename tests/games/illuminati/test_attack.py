"""The target number of an attack and its breakdown, from the rulebook's examples."""

from illusio_table.games.illuminati.attack import Attack, breakdown, spending_lines, succeeds
from illusio_table.games.illuminati.cards import load

CARDS = load()


def target(attack: Attack, *extra) -> int:
    lines = breakdown(CARDS, attack) + [line for group in extra for line in group]
    return sum(value for _, value in lines)


def labels(attack: Attack) -> dict[str, int]:
    return dict(breakdown(CARDS, attack))


def test_attack_to_control_is_power_minus_resistance():
    # Junk Mail (Criminal, Power 1) against the Congressional Wives (Resistance 4).
    lines = labels(Attack("control", "junk-mail", "congressional-wives"))
    assert lines == {"Power of Junk Mail": 1, "Resistance of Congressional Wives": -4}


def test_aiding_groups_add_their_transferable_power():
    attack = Attack("control", "c-i-a", "comic-books", aiders=("f-b-i",))
    lines = labels(attack)
    assert lines["Power of C.I.A."] == 6 and lines["Transferable Power of F.B.I."] == 2


def test_identical_alignments_add_4_each_and_opposite_ones_take_4_each():
    # The Mafia (Criminal, Violent) against Loan Sharks (Criminal, Violent? see the card).
    loan = CARDS.group["loan-sharks"]
    attack = Attack("control", "the-mafia", "loan-sharks")
    shared = len(set(loan.alignments) & {"criminal", "violent"})
    got = [v for k, v in breakdown(CARDS, attack) if k.startswith("Both")]
    assert got == [4] * shared


def test_the_mafia_gets_3_to_control_criminal_groups_with_itself_and_4_for_alignment():
    attack = Attack("control", "the-mafia", "junk-mail")  # Junk Mail is Criminal
    lines = labels(attack)
    assert lines["The Mafia (itself)"] == 3 and lines["Both Criminal"] == 4


def test_a_direct_bonus_does_not_help_another_group_of_the_same_player():
    attack = Attack("control", "c-i-a", "junk-mail", holdings=frozenset({"the-mafia"}))
    assert "The Mafia (itself)" not in labels(attack)


def test_any_attempt_bonuses_come_from_every_card_the_attacker_holds():
    attack = Attack("destroy", "c-i-a", "comic-books", holdings=frozenset({"cycle-gangs"}))
    assert labels(attack)["Cycle Gangs (any attempt)"] == 2


def test_opposite_alignments_two_pairs_take_8():
    # California (Liberal, Weird, Government) against the Republicans (Conservative, Straight?).
    rep = CARDS.group["republicans"]
    attack = Attack("control", "california", "republicans")
    against = [v for k, v in breakdown(CARDS, attack) if " against " in k]
    expected = sum(
        1
        for a in CARDS.group["california"].alignments
        for d in rep.alignments
        if CARDS.opposed(a, d)
    )
    assert against == [-4] * expected and expected >= 1


def test_criminal_has_no_opposite_and_two_fanatics_oppose():
    fanatics = Attack("control", "fiendish-fluoridators", "tv-preachers")
    assert labels(fanatics)["Fanatic against Fanatic"] == -4
    crooks = Attack("control", "junk-mail", "international-cocaine-smugglers")
    assert labels(crooks)["Both Criminal"] == 4


def test_attack_to_neutralize_gets_6_more():
    lines = labels(Attack("neutralize", "c-i-a", "comic-books", defender_depth=4))
    assert lines["Attack to neutralize"] == 6


def test_attack_to_destroy_is_power_minus_power_with_alignments_reversed():
    lines = labels(Attack("destroy", "kkk", "comic-books"))
    assert lines["Power of Comic Books"] == -1
    kkk = CARDS.group["kkk"].alignments
    comic = CARDS.group["comic-books"].alignments
    for a in kkk:
        for d in comic:
            if a == d:
                assert lines[f"Both {CARDS.name(a)}"] == -4
            elif CARDS.opposed(a, d):
                assert lines[f"{CARDS.name(a)} against {CARDS.name(d)}"] == 4


def test_position_under_the_illuminati_10_one_away_5_two_away_2_further_nothing():
    for depth, bonus in ((1, -10), (2, -5), (3, -2)):
        lines = breakdown(CARDS, Attack("control", "c-i-a", "comic-books", defender_depth=depth))
        assert lines[-1][1] == bonus
    far = labels(Attack("control", "c-i-a", "comic-books", defender_depth=4))
    assert not any(" is " in k for k in far)


def test_destroying_your_own_group_ignores_its_position():
    attack = Attack("destroy", "c-i-a", "comic-books", defender_depth=1, own_target=True)
    assert not any(" is " in k for k in labels(attack))


def test_the_gun_lobby_resists_liberal_attackers_with_10():
    liberal = labels(Attack("control", "democrats", "gun-lobby"))
    assert liberal["Resistance of Gun Lobby against Democrats"] == -10
    other = labels(Attack("control", "the-mafia", "gun-lobby"))
    assert other["Resistance of Gun Lobby"] == -3


def test_chinese_campaign_donors_count_as_government_against_government_groups():
    lines = labels(Attack("control", "chinese-campaign-donors", "post-office"))
    assert lines["Both Government"] == 4
    assert "Communist against Government" not in lines


def test_illuminati_abilities_count_as_any_attempt():
    assert (
        labels(Attack("neutralize", "society-of-assassins", "comic-books", defender_depth=4))[
            "Society of Assassins (any attempt)"
        ]
        == 4
    )
    weird = labels(Attack("control", "discordian-society", "comic-books"))
    assert weird["Discordian Society: control of a Weird Group"] == 4


def test_the_survivalists_add_2_resistance_to_their_owners_other_groups():
    attack = Attack(
        "control",
        "c-i-a",
        "comic-books",
        defender_depth=4,
        defender_holdings=frozenset({"survivalists", "comic-books"}),
    )
    assert labels(attack)["Survivalists guard the Power Structure"] == -2


def test_money_attacker_plus_1_defending_group_minus_2_illuminati_minus_1():
    # The rulebook: Power 6 + 4 against Resistance 3 needs 7; 3 MB make it 10; the
    # defender's 3 MB from the Group bring it back to 4.
    # CFL-AIO (Power 6, Liberal) aided by the CIA (transferable 4) against the Copy Shops
    # (Resistance 3, Peaceful: no alignment in common or opposed).
    base = Attack("control", "cfl-aio", "copy-shops", aiders=("c-i-a",))
    assert target(base) == 7
    assert target(base, spending_lines(3, 0, 0, 0)) == 10
    assert target(base, spending_lines(3, 3, 0, 0)) == 4
    money = spending_lines(attacker=3, group=3, illuminati=1, others=-2)
    assert [v for _, v in money] == [3, -6, -1, -2]


def test_the_breakdown_always_adds_up_to_the_target_number():
    for kind in ("control", "neutralize", "destroy"):
        for group in CARDS.groups[:40]:
            attack = Attack(kind, "the-mafia", group.id, defender_depth=2)
            lines = breakdown(CARDS, attack)
            assert target(attack) == sum(v for _, v in lines)
            assert all(isinstance(v, int) and label for label, v in lines)


def test_11_and_12_always_fail():
    assert succeeds(20, 10) and not succeeds(20, 11) and not succeeds(20, 12)
    assert succeeds(4, 4) and not succeeds(4, 5)
