"""The card file holds the rulebook's facts exactly, and our own design where it is silent."""

from collections import Counter

from illusio_table.games.illusio.cards import load

from ..card_files import problems_after_edit

CARDS = load()


def test_the_box_holds_32_objectives_64_components_26_special_actions_and_10_magicians():
    assert len(CARDS.objectives) == 32
    assert sum(k.count for k in CARDS.components) == 64
    assert sum(k.count for k in CARDS.specials) == 26
    assert len(CARDS.magicians) == 10


def test_objectives_come_in_four_domains_and_four_levels():
    assert [d.name for d in CARDS.domains] == ["Close-up", "Illusion", "Evasion", "Mentalism"]
    assert {o.level for o in CARDS.objectives} == {1, 2, 3, 4}
    assert {o.domain for o in CARDS.objectives} == {d.id for d in CARDS.domains}


def test_component_groups_and_types_are_the_rulebook_ones():
    groups = {g.name: [CARDS.name(t) for t in g.types] for g in CARDS.groups}
    assert groups == {
        "Accessories": ["Scarf", "Rope", "Cards", "Blades"],
        "Animals": ["Rabbit", "Dove", "Tiger"],
        "Tricks": ["Curtain", "Mirrors", "Smoke"],
        "Boxes": ["Case", "Cage", "Reservoir"],
        "Audience": [],
        "Formulas": [],
    }


def test_the_six_kinds_of_special_actions():
    assert [s.name for s in CARDS.specials] == [
        "Transform",
        "Take",
        "Encore",
        "Immediate success",
        "Deja vu",
        "Grand",
    ]


def test_the_named_objectives_are_in_their_rulebook_domain_and_level():
    named = {o.name: o for o in CARDS.objectives}
    assert (named["The Chinese Links"].domain, named["The Chinese Links"].level) == ("evasion", 1)
    hare = named["The Hare and the Fortune"]
    assert (hare.domain, hare.level) == ("close-up", 2)
    assert (named["One and a Half"].domain, named["One and a Half"].level) == ("illusion", 3)
    voices = named["Voices in Silence"]
    assert (voices.domain, voices.level) == ("mentalism", 4)
    assert named["Galloping Halves"].domain == "close-up"
    assert {"blades", "animal"} <= set(named["Galloping Halves"].needs)
    assert named["The Floating Body"].domain == "illusion"
    assert named["The Tiger's Choice"].domain == "mentalism"
    assert set(named["The Tiger's Choice"].needs) == {"trick", "tiger"}


def test_one_magician_is_gemelos_and_each_has_a_talent_text():
    assert "Gemelos" in [m.name for m in CARDS.magicians]
    assert all(m.text.strip() for m in CARDS.magicians)
    assert len({m.id for m in CARDS.magicians}) == 10


def test_a_level_4_trick_pays_at_most_3_exact_type_bonuses():
    for o in CARDS.objectives:
        typed = [n for n in o.needs if n in CARDS.typed]
        if o.level == 4:
            assert len(typed) <= 3, o.name
    # ... so 4 + 3 + Grand 2 = 9 is the most a trick pays, as the rulebook says.
    assert (
        max(o.level + len([n for n in o.needs if n in CARDS.typed]) for o in CARDS.objectives) == 7
    )


def test_every_objective_can_be_finished_with_the_deck():
    supply = Counter(CARDS.group_of[k.id] for k in CARDS.components for _ in range(k.count))
    for o in CARDS.objectives:
        for group, number in Counter(CARDS.group_of[n] for n in o.needs).items():
            assert number <= supply[group], o.name


def test_house_entries_say_why():
    for entry in (*CARDS.components, *CARDS.specials, *CARDS.magicians, *CARDS.objectives):
        if entry.source == "house":
            assert entry.why.strip(), entry.id


def _broken(tmp_path, old, new):
    return problems_after_edit(tmp_path, "illusio", load, old, new)


def test_a_broken_card_file_is_refused_with_its_file_and_line(tmp_path):
    problems = _broken(tmp_path, "needs: [trick, tiger]", "needs: [trick, unicorn]")
    assert len(problems) == 1
    path, line, message = problems[0].split(":", 2)
    assert path.endswith("illusio.yaml")
    text = (tmp_path / "illusio.yaml").read_text(encoding="utf-8").splitlines()
    assert "unicorn" in text[int(line) - 1]
    assert "'unicorn'" in message


def test_an_objective_too_greedy_for_the_deck_is_refused(tmp_path):
    problems = _broken(
        tmp_path,
        "needs: [cards, audience]",
        "needs: [cards" + ", audience" * 8 + "]",
    )
    assert any("can never be finished" in p for p in problems)


def test_a_house_card_without_why_is_refused(tmp_path):
    problems = _broken(
        tmp_path,
        ', source: house, why: "a card trick for the table"}',
        ", source: house}",
    )
    assert any("must say why" in p for p in problems)
