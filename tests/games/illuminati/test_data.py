"""cards/illuminati.yaml holds the published game's facts, checked against the card list."""

import csv
from pathlib import Path

import pytest

from illusio_table.games.illuminati.cards import load

from ..card_files import problems_after_edit

CARDS = load()
ROOT = Path(__file__).resolve().parents[3]
RULEBOOK_CSV = ROOT.parent / "shared" / "rules" / "illuminati-cards.csv"
# The card list's facts (numbers, alignments, arrows), kept with the tests so that they
# run on any checkout; the ability texts stay out (they are the publisher's words).
PRINTED = Path(__file__).with_name("printed_groups.csv")


def read(path):
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def printed_rows():
    return read(PRINTED)


def test_the_kept_facts_are_those_of_the_rulebook_card_list():
    if not RULEBOOK_CSV.is_file():
        pytest.skip("the rulebook's card list is not beside this checkout")
    for kept, printed in zip(read(PRINTED), read(RULEBOOK_CSV), strict=True):
        assert kept.pop("has_ability") == ("yes" if printed.pop("ability") else "")
        assert kept == printed


def test_every_group_matches_the_card_list_field_by_field():
    rows = printed_rows()
    assert len(rows) == len(CARDS.groups) == 83
    for row, group in zip(rows, CARDS.groups, strict=True):
        assert group.name == row["name"]
        assert group.power == int(row["power"]), group.name
        assert group.transferable == int(row["transferable"]), group.name
        assert group.resistance == int(row["resistance"].rstrip("*")), group.name
        income = 0 if row["income"] == "special" else int(row["income"])
        assert group.income == income, group.name
        assert [a.title() for a in group.alignments] == [
            a for a in row["alignments"].split(";") if a
        ], group.name
        assert group.arrow_in == row["in_arrow_side"], group.name
        assert list(group.arrows_out) == [s for s in row["out_arrows"].split(";") if s]
        assert bool(group.abilities) == bool(row["has_ability"]), group.name
        assert group.source == "rulebook"


def test_abilities_carry_the_printed_numbers():
    if not RULEBOOK_CSV.is_file():
        pytest.skip("the rulebook's card list is not beside this checkout")
    rows = {r["name"]: r for r in read(RULEBOOK_CSV)}
    for group in CARDS.groups:
        printed = rows[group.name]["ability"]
        for ability in group.abilities:
            if ability.kind == "attack-bonus":
                assert f"+{ability.value}" in printed, group.name


def test_the_gun_lobby_resists_liberal_communist_and_weird_attackers_with_10():
    (ability,) = CARDS.group["gun-lobby"].abilities
    assert (CARDS.group["gun-lobby"].resistance, ability.value) == (3, 10)
    assert set(ability.targets) == {"alignment:liberal", "alignment:communist", "alignment:weird"}


def test_the_irs_earns_by_tax_and_the_post_office_costs_one():
    assert CARDS.group["i-r-s"].abilities[0].kind == "tax"
    assert CARDS.group["post-office"].income == -1


def test_eight_illuminati_with_their_numbers():
    numbers = {i.name: (i.power, i.transferable, i.income) for i in CARDS.illuminati}
    assert numbers == {
        "Bavarian Illuminati": (10, 10, 9),
        "Bermuda Triangle": (8, 8, 9),
        "Discordian Society": (8, 8, 8),
        "Gnomes of Zurich": (7, 7, 12),
        "The Network": (7, 7, 9),
        "Servants of Cthulhu": (9, 9, 7),
        "Society of Assassins": (8, 8, 8),
        "UFOs": (6, 6, 8),
    }
    assert all(i.goal is not None and i.ability is not None for i in CARDS.illuminati)


def test_fifteen_specials_of_fourteen_kinds_interference_twice():
    assert len(CARDS.specials) == 14
    assert sum(s.count for s in CARDS.specials) == 15
    assert next(s for s in CARDS.specials if s.id == "interference").count == 2


def test_alignments_and_their_opposites():
    assert CARDS.opposed("government", "communist") and CARDS.opposed("communist", "government")
    assert CARDS.opposed("liberal", "conservative") and CARDS.opposed("straight", "weird")
    assert CARDS.opposed("peaceful", "violent")
    assert CARDS.opposed("fanatic", "fanatic")
    assert not any(CARDS.opposed("criminal", a.id) for a in CARDS.alignments)


def test_the_basic_goal_by_player_count():
    goals = {p.players: p.goal for p in CARDS.player_counts}
    assert goals == {2: 13, 3: 13, 4: 12, 5: 10, 6: 9, 7: 8, 8: 8}
    extra = {p.players: p.extra_income for p in CARDS.player_counts}
    assert (extra[6], extra[7], extra[8]) == (0, 3, 5)


def test_a_broken_illuminati_card_file_names_its_line(tmp_path):
    (problem,) = problems_after_edit(
        tmp_path, "illuminati", load, "targets: [nuclear-power-companies]", "targets: [nuclear-fun]"
    )
    broken = (tmp_path / "illuminati.yaml").read_text(encoding="utf-8")
    line = int(problem.split(":")[1])
    assert "nuclear-fun" in broken.splitlines()[line - 1]


def test_a_counts_as_ability_must_name_its_alignment(tmp_path):
    (problem,) = problems_after_edit(
        tmp_path,
        "illuminati",
        load,
        "        alignment: government\n        attacks",
        "        attacks",
    )
    assert "counts as an alignment it does not name" in problem
    broken = (tmp_path / "illuminati.yaml").read_text(encoding="utf-8")
    assert "chinese-campaign-donors" in broken.splitlines()[int(problem.split(":")[1]) - 1]


def test_every_house_reading_says_why():
    ids = {r.id for r in CARDS.readings}
    assert {"grid", "last-one-left", "hidden-illuminati"} <= ids
    assert all(r.source == "house" and r.why.strip() for r in CARDS.readings)
