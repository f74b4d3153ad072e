"""Casting: a simultaneous secret choice, and its resolution."""

import json

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.games.incantibus.actions import Discard, Point

from .helpers import (
    check_invariants,
    close_potions,
    give,
    make,
    point,
    set_potions,
    set_room,
    set_wands,
    slot_of,
    texts,
)


def test_every_seat_casts_at_once():
    game = make(4)
    assert game.to_act() == {0, 1, 2, 3}
    game.apply(2, Point("room", 0))
    assert game.to_act() == {0, 1, 3}


def test_a_seat_cannot_change_its_choice_once_made():
    game = make(3)
    game.apply(0, Point("room", 0))
    with pytest.raises(IllegalAction, match="You have pointed already: wait until everyone"):
        game.apply(0, Point("room", 1))


def test_until_all_have_chosen_nobody_sees_what_a_seat_chose():
    def views_after(slot):
        game = make(4, seed=8)
        game.apply(1, Point("room", slot))
        return game

    a, b = views_after(0), views_after(3)
    for seat in (None, 0, 2, 3):
        assert a.view(seat) == b.view(seat) and a.log(seat) == b.log(seat)
        assert a.view(seat)["chosen"] == [1] and a.view(seat)["my_choice"] is None
    assert a.view(1)["my_choice"] == {"kind": "point", "place": "room", "index": 0, "pay": []}


def test_uncontested_choices_are_taken():
    game = make(2, seed=1)
    ids = set_room(game, [("gold-2", True), ("mushroom", True), ("pumpkin", True)])
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert ids[0] in game.satchels[0] and ids[1] in game.satchels[1]


def test_a_contested_token_goes_to_the_strongest_wand_who_swaps_with_the_weakest_claimant():
    """The rulebook's example: Lera 4, Kirill 2 and Katya 1 want the flying stake, Rosa 3
    the pumpkin. Lera takes the stake and swaps with Katya; Kirill keeps his wand."""
    game = make(4, seed=1)
    stake, pumpkin, _ = set_room(
        game, [("flying-stake", True), ("pumpkin", True), ("gold-1", True)]
    )
    set_wands(game, 4, 2, 1, 3)
    events = point(
        game, {0: Point("room", 0), 1: Point("room", 0), 2: Point("room", 0), 3: Point("room", 1)}
    )
    assert stake in game.satchels[0] and pumpkin in game.satchels[3]
    assert game.satchels[1] == [] and game.satchels[2] == []
    assert game.wands == [1, 2, 4, 3]
    said = texts(events)
    assert "Lera's wand 4 is the strongest" in said and "Kirill and Katya get nothing" in said
    assert "Lera and Katya swap wands" in said


def test_the_reveal_says_who_pointed_at_what():
    game = make(2, seed=1)
    set_room(game, [("gold-3", True), ("goblin", False), ("trap", True)])
    set_wands(game, 1, 4)
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    first = next(e for e in events if e.text.startswith("In-can-to!"))
    assert first.text == "In-can-to! Lera (wand 1) → 3 Gold; Kirill (wand 4) → a secret token."
    assert first.reveals


def test_a_secret_token_is_turned_when_taken():
    game = make(2, seed=1)
    (gold, *_) = set_room(game, [("gold-3", False), ("mushroom", True), ("trap", True)])
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert "Lera turns the secret token: 3 Gold." in texts(events) and gold in game.satchels[0]


def test_casting_repeats_while_two_or_more_tokens_remain():
    game = make(2, seed=1)
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True), ("mushroom", True)])
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert game.view(None)["room"]["name"] == "Roof" and len(game.view(None)["room"]["tokens"]) == 2
    assert game.to_act() == {0, 1}


def test_a_potion_can_be_pointed_at_only_with_its_ingredients():
    game = make(2, seed=1)
    set_potions(game, "green-potion")
    with pytest.raises(
        IllegalAction, match="To brew the Green Potion you need Mistletoe and Mushroom"
    ):
        game.apply(0, Point("potion", 0))
    give(game, 0, "mistletoe", "mushroom")
    game.apply(0, Point("potion", 0))


def test_brewing_throws_the_ingredients_into_the_moat_and_keeps_the_potion():
    """The rulebook's example: Katya brews the green potion with mistletoe and mushroom."""
    game = make(2, seed=1)
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    set_potions(game, "green-potion")
    potion = game.potions[0]
    ingredients = give(game, 0, "mistletoe", "mushroom")
    events = point(game, {0: Point("potion", 0), 1: Point("room", 0)})
    assert game.satchels[0] == [potion] and set(ingredients) <= set(game.moat)
    assert game.potions[0] is None
    assert "Lera brews the Green Potion, throwing Mistletoe, Mushroom into the moat." in texts(
        events
    )


def test_the_philosophers_stone_stands_in_for_one_ingredient():
    game = make(2, seed=1)
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    set_potions(game, "green-potion")
    stone = give(game, 0, "mistletoe", "philosophers-stone")[1]
    point(game, {0: Point("potion", 0), 1: Point("room", 0)})
    assert stone in game.moat and [game.info[t].kind for t in game.satchels[0]] == ["green-potion"]


def test_a_contested_potion_is_brewed_only_by_the_winner():
    game = make(2, seed=1)
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    set_potions(game, "green-potion")
    set_wands(game, 4, 1)
    give(game, 0, "mistletoe", "mushroom")
    kept = give(game, 1, "mistletoe", "mushroom")
    point(game, {0: Point("potion", 0), 1: Point("potion", 0)})
    assert game.satchels[1] == kept and game.wands == [1, 4]


def test_refusals_name_the_problem_and_change_nothing():
    game = make(2, seed=1)
    before = json.dumps(game.view(None))
    for action, reason in [
        (Point("room", 40), "no token there"),
        (Point("dungeon", 0), "dungeon"),
        (Point("potion", 9), "no open potion"),
        (Point("room", 0, (3,)), "Only a magic book"),
        (Point("attic", 0), "Point at a token"),
        (Discard(3), "Everyone is casting"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(0, action)
    assert json.dumps(game.view(None)) == before


def test_the_room_changes_when_one_token_or_none_remains():
    game = make(2, seed=1)
    _, _, last = set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    set_potions(game, "green-potion")
    close_potions(game, 1)
    rooms_left = len(game.room_stack)
    turned = sum(up for _, up in game.track)
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert last in game.moat
    assert "The last token, 3 Gold, falls into the moat." in texts(events)
    assert sum(p is not None for p in game.potions) == 3, "potions are topped up to three"
    assert len(game.room_stack) == rooms_left - 1 and game.room_name != "Roof"
    tile = next(r for r in game.cards.rooms if r.name == game.room_name)
    assert sum(up for _, _, up in game.room_tokens()) == tile.visible
    assert sum(not up for _, _, up in game.room_tokens()) == tile.secret
    assert sum(up for _, up in game.track) == turned + 1, "the next sorcerer is turned"
    check_invariants(game)


def test_the_bedroom_has_four_visible_and_three_secret_tokens():
    bedroom = next(r for r in make(2).cards.rooms if r.id == "bedroom")
    assert (bedroom.visible, bedroom.secret) == (4, 3)


def test_a_contested_room_empties_only_what_was_taken():
    game = make(3, seed=1)
    a, b, c = set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    set_wands(game, 4, 2, 1)
    point(game, {0: Point("room", 0), 1: Point("room", 0), 2: Point("room", 0)})
    assert a in game.satchels[0] and [game.room[1][0], game.room[2][0]] == [b, c]
    assert slot_of(game, b) == 1


def test_the_last_casting_says_what_each_winner_truly_got():
    """An escaped monster is no prize: the casting's line says it escaped."""
    from .helpers import give, point, set_room, set_wands

    game = make(3, seed=1)
    set_wands(game, 1, 3, 2)
    set_room(game, [("goblin", True), ("ghost", False), ("mushroom", True)])
    give(game, 0, "trap")
    point(game, {0: Point("room", 0), 1: Point("room", 0), 2: Point("room", 1)})
    lines = {e["winner"]: e for e in game.view(2)["last_casting"]}
    goblin = lines[1]
    assert goblin["outcome"] == "escaped" and goblin["to"] == "moat"
    assert goblin["line"] == (
        "Kirill (wand 3) → Goblin, beating Lera (1): nothing to catch it with, it escaped "
        "into the moat; Kirill and Lera swap wands."
    )
    secret = lines[2]
    assert secret["name"] == "a secret token" and secret["got"] == "Ghost"
    assert "a secret token (the Ghost)" in secret["line"]


def test_the_reveal_event_shows_the_room_as_it_was_and_no_unturned_token():
    from .helpers import point, set_room

    game = make(2, seed=1)
    set_room(game, [("goblin", True), ("ghost", False), ("vampire", False)])
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    reveal = next(e for e in events if e.data and "casting" in e.data)
    before = reveal.data["before"]["room"]
    assert [s["face_up"] for s in before[:3]] == [True, False, False]
    assert before[0]["name"] == "Goblin" and "kind" not in before[2] and "id" not in before[2]
    assert "Vampire" not in json.dumps(reveal.data)
