"""cards/incantibus.yaml: rulebook facts exact, house design sound."""

from collections import Counter

import pytest

from illusio_table.data import CardDataError, resource_dir
from illusio_table.games.incantibus import satchel as bag
from illusio_table.games.incantibus.cards import load
from illusio_table.games.incantibus.satchel import catalog

CARDS = load()


def count(kinds, **where):
    return sum(
        getattr(k, "count", 1) for k in kinds if all(getattr(k, f) == v for f, v in where.items())
    )


def test_the_box_holds_100_tokens():
    info = catalog(CARDS)
    backs = Counter(t.back for t in info)
    assert backs == {
        "visible": 38,
        "secret": 26,
        "special": 6,
        "potion": 9,
        "book": 9,
        "sorcerer": 12,
    }
    assert len(info) == 100


def test_weapons_and_monsters_are_the_rulebooks():
    tokens = {t.id: t for t in CARDS.tokens}
    weapons = {
        t.id: (t.catches, t.visible + t.secret) for t in CARDS.tokens if t.category == "weapon"
    }
    assert weapons == {
        "wand-net": ("goblin", 4),
        "crystal-ball": ("ghost", 4),
        "trap": ("werewolf", 4),
        "flying-stake": ("vampire", 4),
    }
    monsters = {
        k: (tokens[k].points, tokens[k].visible + tokens[k].secret)
        for k in ("goblin", "ghost", "werewolf", "vampire")
    }
    assert monsters == {"goblin": (2, 5), "ghost": (4, 3), "werewolf": (3, 4), "vampire": (5, 2)}
    for weapon in CARDS.tokens:
        if weapon.category == "weapon":
            assert weapon.colour == tokens[weapon.catches].colour, (
                "a weapon has its monster's colour"
            )


def test_the_nine_magic_books_are_the_rulebooks_table():
    rows = sorted((b.points, b.label) for b in CARDS.books)
    assert rows == sorted(
        [
            (2, "Any 2 tokens"),
            (3, "1 spell token"),
            (4, "1 special token"),
            (4, "2 gold coins"),
            (6, "3 gold coins"),
            (5, "2 identical weapons"),
            (4, "2 different weapons"),
            (5, "2 identical ingredients"),
            (4, "2 different ingredients"),
        ]
    )


def test_twelve_spell_cards_of_eight_kinds():
    assert sum(s.count for s in CARDS.spells) == 12 and len(CARDS.spells) == 8
    assert {s.id for s in CARDS.spells} == {
        "alkimia",
        "retiro",
        "locus",
        "ultimus",
        "imperium",
        "oculus",
        "philosophia",
        "fortuna",
    }


def test_the_sorcerers_points_and_weaknesses_are_the_rulebooks():
    table = {s.name: (s.points, s.needs) for s in CARDS.sorcerers}
    assert table["Lady Goblin"] == (7, {"goblin": 1})
    assert table["Baroness Fuchsia"] == (11, {"potion-red": 1})
    assert table["Archmage"] == (7, {"spell": 2})
    assert table["Rima Wulf"] == (8, {"werewolf": 1})
    assert table["Serpentine Yadikus"] == (9, {"potion-green": 1})
    assert table["Dark Knight"] == (10, {"weapon": 4})
    assert table["White Lady"] == (9, {"ghost": 1})
    assert table["Witch Indigo"] == (8, {"potion-blue": 1})
    ramus = next(s for s in CARDS.sorcerers if s.name == "Magister Ramus")
    assert ramus.needs == {} and ramus.max_wand == 2
    assert sum(s.count for s in CARDS.sorcerers) == 12


def test_eight_room_tiles_and_the_bedroom():
    groups = Counter(r.group for r in CARDS.rooms)
    assert groups == {"roof": 1, "PP+": 3, "PPP+": 2, "PPPP": 2}
    roof = next(r for r in CARDS.rooms if r.group == "roof")
    assert (roof.visible, roof.secret) == (7, 0)


def test_the_green_potion_is_mistletoe_and_mushroom_for_five_points():
    green = next(p for p in CARDS.potions if p.id == "green-potion")
    assert sorted(green.recipe) == ["mistletoe", "mushroom"] and green.points == 5
    assert {p.colour_name for p in CARDS.potions} == {"green", "red", "blue"}


def test_every_house_entry_says_why():
    for group in (
        CARDS.tokens,
        CARDS.specials,
        CARDS.potions,
        CARDS.books,
        CARDS.spells,
        CARDS.sorcerers,
        CARDS.rooms,
        CARDS.satchels,
    ):
        for entry in group:
            assert entry.source == "rulebook" or entry.why.strip(), entry.id


def test_every_potion_can_be_brewed_from_the_supply_and_fits_a_satchel():
    supply = Counter(
        {t.id: t.visible + t.secret for t in CARDS.tokens if t.category == "ingredient"}
    )
    for side in CARDS.satchels:
        for potion in CARDS.potions:
            needs = Counter(potion.recipe)
            assert all(supply[k] >= n for k, n in needs.items()), potion.id
            assert len(potion.recipe) <= side.cells["ingredient"] + side.purse, potion.id


def test_every_sorcerers_weakness_fits_in_a_satchel():
    info = {t.kind: t for t in catalog(CARDS)}
    for side in CARDS.satchels:
        for sorcerer in CARDS.sorcerers:
            held = []
            for need, n in sorcerer.needs.items():
                kind = {"weapon": "trap", "spell": "spell"}.get(need)
                if need.startswith("potion-"):
                    kind = next(p.id for p in CARDS.potions if p.colour_name == need[7:])
                held += [info[kind or need]] * n
            assert bag.fits(held, side), (side.id, sorcerer.id)


def test_a_four_player_game_never_runs_out_of_tokens_for_its_rooms():
    rooms = CARDS.rooms
    assert sum(r.visible for r in rooms) <= sum(t.visible for t in CARDS.tokens)
    assert sum(r.secret for r in rooms) <= sum(t.secret for t in CARDS.tokens)


def test_satchel_sides_hold_what_the_rulebook_shows():
    sides = {s.id: s for s in CARDS.satchels}
    assert sides["apprentice"].cells["monster"] == 3 and "book" not in sides["apprentice"].cells
    assert sides["expert"].cells["book"] == 2


def test_setup_rows_are_the_rulebooks():
    rows = {r.players: (r.wands, set(r.groups), r.sorcerers) for r in CARDS.setups}
    assert rows == {
        2: ((1, 4), {"PP+"}, 6),
        3: ((1, 2, 4), {"PP+", "PPP+"}, 9),
        4: ((1, 2, 3, 4), {"PP+", "PPP+", "PPPP"}, 12),
    }


def test_a_broken_reference_is_reported_with_the_file(tmp_path):
    text = (resource_dir("cards") / "incantibus.yaml").read_text()
    broken = text.replace("catches: goblin", "catches: dragon", 1)
    (tmp_path / "incantibus.yaml").write_text(broken)
    line = broken.splitlines().index("    catches: dragon") + 1
    with pytest.raises(
        CardDataError, match=rf"incantibus.yaml:{line}: weapon 'wand-net' catches 'dragon'"
    ):
        load(tmp_path)


def test_a_room_laying_out_more_tokens_than_a_room_holds_is_reported_with_the_file(tmp_path):
    text = (resource_dir("cards") / "incantibus.yaml").read_text()
    broken = text.replace(
        "group: roof, visible: 7, secret: 0", "group: roof, visible: 30, secret: 3"
    )
    (tmp_path / "incantibus.yaml").write_text(broken)
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if "visible: 30" in row)
    with pytest.raises(
        CardDataError,
        match=rf"incantibus.yaml:{line}: room 'roof' lays out 33 tokens; a room holds at most 32",
    ):
        load(tmp_path)


def test_colour_never_carries_a_match_alone_a_shape_does_too():
    """A weapon and the monster it catches share a shape no other pair has; the potions of
    a colour share one shape, a different one for each colour."""
    from illusio_table.games.incantibus.cards import load

    cards = load()
    monsters = {t.id: t for t in cards.tokens if t.category == "monster"}
    pair_shapes = []
    for weapon in (t for t in cards.tokens if t.category == "weapon"):
        monster = monsters[weapon.catches]
        assert weapon.shape and weapon.shape == monster.shape, weapon.id
        pair_shapes.append(weapon.shape)
    assert len(set(pair_shapes)) == len(pair_shapes)
    by_colour: dict[str, set] = {}
    for potion in cards.potions:
        by_colour.setdefault(potion.colour_name, set()).add(potion.shape)
    assert all(len(shapes) == 1 and None not in shapes for shapes in by_colour.values())
    colour_shapes = [next(iter(s)) for s in by_colour.values()]
    assert len(set(colour_shapes)) == len(colour_shapes)
    assert not set(colour_shapes) & set(pair_shapes)
    assert all(s.text for s in cards.specials), "every special token says what it does"
