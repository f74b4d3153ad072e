"""Setup by player count."""

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.games.incantibus.actions import Point

from .helpers import check_invariants, make


@pytest.mark.parametrize(
    "seats, wands, rooms, sorcerers",
    [(2, [1, 4], 3, 6), (3, [1, 2, 4], 5, 9), (4, [1, 2, 3, 4], 7, 12)],
)
def test_setup_by_player_count(seats, wands, rooms, sorcerers):
    game = make(seats, seed=3)
    view = game.view(None)
    assert sorted(view["wands"]) == wands
    assert view["rooms_left"] == rooms
    assert len(view["sorcerers"]) == sorcerers and view["sorcerers_set_aside"] == 12 - sorcerers
    check_invariants(game)


@pytest.mark.parametrize(
    "seats, groups", [(2, {"PP+"}), (3, {"PP+", "PPP+"}), (4, {"PP+", "PPP+", "PPPP"})]
)
def test_the_room_stack_holds_the_rooms_of_the_player_count(seats, groups):
    game = make(seats, seed=5)
    tiles = {r.id: r.group for r in game.cards.rooms}
    assert {tiles[r] for r in game.room_stack} == groups
    assert len(game.room_stack) == sum(1 for g in tiles.values() if g in groups)


def test_the_room_stack_is_shuffled_with_the_roof_on_top():
    orders = {tuple(make(4, seed=s).room_stack) for s in range(12)}
    assert len(orders) > 1
    assert all(make(4, seed=s).view(None)["room"]["name"] == "Roof" for s in range(3))


def test_the_roof_shows_seven_visible_tokens_face_up():
    room = make(4, seed=9).view(None)["room"]
    assert room["name"] == "Roof" and len(room["tokens"]) == 7
    assert all(t["face_up"] for t in room["tokens"])


def test_three_potions_three_spell_cards_and_six_special_tokens_are_open():
    view = make(3, seed=2).view(None)
    assert sum(p is not None for p in view["potions"]) == 3
    assert sum(c is not None for c in view["spell_cards"]) == 3 and view["spell_deck"] == 9
    assert len(view["special_tokens"]) == 6


def test_only_the_first_sorcerer_is_face_up():
    track = make(4, seed=4).view(0)["sorcerers"]
    assert track[0]["face_up"] and "kind" in track[0]
    assert not any(s["face_up"] for s in track[1:]) and all("kind" not in s for s in track[1:])


def test_wands_are_dealt_at_random():
    assert len({tuple(make(4, seed=s).wands) for s in range(10)}) > 1


@pytest.mark.parametrize(
    "mode, side, books", [("apprentice", "apprentice", 0), ("expert", "expert", 3)]
)
def test_the_satchel_side_and_the_magic_books_follow_the_mode(mode, side, books):
    view = make(4, seed=1, mode=mode).view(0)
    assert view["satchels"][0]["side"] == side
    assert sum(b is not None for b in view["books"]) == books
    assert ("book" in view["satchels"][0]["capacity"]) == (mode == "expert")


def test_magic_books_cannot_be_pointed_at_in_apprentice_mode():
    game = make(2)
    with pytest.raises(IllegalAction, match="expert mode"):
        game.apply(0, Point("book", 0, ()))


def test_the_same_seed_sets_up_the_same_table():
    assert make(4, seed=77).view(None) == make(4, seed=77).view(None)


def test_a_rehearsal_can_start_in_any_room_with_a_chosen_wand():
    from illusio_table.games import new_game

    game = new_game("incantibus", 3, 4, {"start_room": "kitchen", "first_wand": 2})
    assert game.view(0)["room"]["name"] == "Kitchen" and game.wands[0] == 2
    assert "kitchen" not in game.room_stack and len(game.room_stack) == 4
    tile = next(r for r in game.cards.rooms if r.id == "kitchen")
    assert len(game.room_tokens()) == tile.visible + tile.secret
    with pytest.raises(ValueError, match="wands are 1, 4"):
        new_game("incantibus", 2, 4, {"first_wand": 3})
    with pytest.raises(ValueError, match="crypt is not in the tower"):
        new_game("incantibus", 2, 4, {"start_room": "crypt"})
    assert new_game("incantibus", 2, 4, {"start_room": "random"}).view(0)["room"]["name"] != "Roof"
