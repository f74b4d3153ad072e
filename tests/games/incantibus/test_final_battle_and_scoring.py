"""The final battle in the dungeon, the end of the game and the score."""

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.games.incantibus.actions import Point

from .helpers import (
    check_invariants,
    close_potions,
    give,
    make,
    open_book,
    point,
    set_potions,
    set_room,
    set_wands,
    texts,
    to_dungeon,
)


def enter(game, sorcerers):
    """Goes down to a dungeon where these (kind, face_up) sorcerers lie, in this order:
    they go down as they lay on the track."""
    ids = to_dungeon(game, sorcerers)
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    events = point(game, {s: Point("room", s) for s in range(game.seats)})
    return ids, events


def test_going_down_to_the_dungeon_turns_no_sorcerer_over():
    """The sorcerers go down 'without turning them over' (see the card file's readings)."""
    game = make(2, seed=1)
    ids, events = enter(game, [("lady-goblin", True), ("archmage", False), ("white-lady", False)])
    said = texts(events)
    assert "the final battle begins in the dungeon" in said
    assert "A sorcerer is turned" not in said
    view = game.view(0)
    assert [s["face_up"] for s in view["dungeon"]] == [True, False, False]
    assert "kind" not in view["dungeon"][2] and view["sorcerers"] == []
    assert "dungeon-as-they-lie" in {r.id for r in game.cards.readings}
    check_invariants(game)


def test_an_open_sorcerer_can_be_chosen_only_with_its_weakness():
    game = make(2, seed=1)
    enter(game, [("lady-goblin", True), ("archmage", False), ("white-lady", False)])
    with pytest.raises(IllegalAction, match="To defeat Lady Goblin you need 1 goblin"):
        game.apply(0, Point("dungeon", 0))
    assert Point("dungeon", 2) in game.legal_actions(0), "a face-down sorcerer can always be chosen"


def test_defeating_an_open_sorcerer_spends_its_weakness():
    """The rulebook's example: Lera throws a ghost into the moat and takes the White Lady."""
    game = make(2, seed=1)
    enter(game, [("white-lady", True), ("archmage", False), ("rima-wulf", False)])
    (ghost,) = give(game, 0, "ghost")
    events = point(game, {0: Point("dungeon", 0), 1: Point("dungeon", 2)})
    assert ghost in game.moat and game.info[game.satchels[0][-1]].kind == "white-lady"
    assert "Lera defeats White Lady, throwing Ghost into the moat." in texts(events)


def test_a_face_down_sorcerer_is_turned_and_escapes_without_its_weakness():
    """The rulebook's example: Rosa turns the Archmage without two spell tokens."""
    game = make(2, seed=1)
    ids, _ = enter(game, [("white-lady", True), ("lady-goblin", True), ("archmage", False)])
    give(game, 1, "spell")
    give(game, 0, "ghost")
    events = point(game, {0: Point("dungeon", 0), 1: Point("dungeon", 2)})
    said = texts(events)
    assert "Kirill turns the hidden sorcerer: Archmage." in said
    assert "Archmage is too strong for Kirill and escapes into the moat." in said
    assert ids[2] in game.moat
    # The Last casting names the sorcerer as a person, bare (it said "(the Rima Wulf)").
    lines = [e["line"] for e in game.view(1)["last_casting"]]
    assert any("a hidden sorcerer (Archmage)" in line for line in lines), lines
    assert not any("(the Archmage)" in line for line in lines)


def test_a_shared_sorcerer_is_fought_by_the_strongest_wand_then_wands_swap():
    """The rulebook's example: Katya's stronger wand fights the Witch Indigo with a blue potion."""
    game = make(2, seed=1)
    enter(game, [("witch-indigo", True), ("archmage", False), ("rima-wulf", False)])
    set_wands(game, 1, 4)
    give(game, 0, "blue-potion")
    (potion,) = give(game, 1, "blue-potion")
    point(game, {0: Point("dungeon", 0), 1: Point("dungeon", 0)})
    assert potion in game.moat and game.info[game.satchels[1][-1]].kind == "witch-indigo"
    assert game.wands == [4, 1]


def test_magister_ramus_needs_a_wand_of_strength_one_or_two():
    game = make(2, seed=1)
    enter(game, [("magister-ramus", True), ("archmage", False), ("rima-wulf", False)])
    set_wands(game, 4, 1)
    with pytest.raises(IllegalAction, match="strength 2 or less defeats Magister Ramus"):
        game.apply(0, Point("dungeon", 0))
    point(game, {1: Point("dungeon", 0), 0: Point("dungeon", 1)})
    assert game.info[game.satchels[1][-1]].kind == "magister-ramus"


def test_the_dark_knight_takes_four_weapons_ultimus_among_them():
    game = make(2, seed=1)
    enter(game, [("dark-knight", True), ("archmage", False), ("rima-wulf", False)])
    weapons = give(game, 0, "trap", "trap", "wand-net", "ultimus")
    point(game, {0: Point("dungeon", 0), 1: Point("dungeon", 1)})
    assert set(weapons) <= set(game.moat)


def test_potions_can_still_be_brewed_in_the_dungeon():
    game = make(2, seed=1)
    enter(game, [("white-lady", False), ("archmage", False), ("rima-wulf", False)])
    set_potions(game, "red-potion")
    give(game, 0, "pumpkin", "mushroom")
    assert Point("potion", 0) in game.legal_actions(0)


def test_the_game_ends_when_the_dungeon_is_empty():
    game = make(2, seed=1)
    enter(game, [("white-lady", False), ("archmage", False)])
    point(game, {0: Point("dungeon", 0), 1: Point("dungeon", 1)})
    assert game.is_over() and game.to_act() == frozenset()
    assert any(line.startswith("The dungeon is empty. The game is over") for line in game.log(None))


def test_with_no_face_down_sorcerer_a_wizard_who_can_do_nothing_lays_the_wand_down():
    game = make(2, seed=1)
    enter(game, [("white-lady", True), ("archmage", True), ("lady-goblin", False)])
    give(game, 0, "ghost")
    give(game, 1, "goblin")
    close_potions(game)
    events = point(game, {0: Point("dungeon", 0), 1: Point("dungeon", 2)})
    assert game.is_over() and game.laid_down == [0, 1]
    assert "lay down their wand" in texts(events)


def test_points_for_gold_monsters_potions_spells_books_and_sorcerers():
    """The rulebook's example of Katya's satchel: 5 + 15 + 5 + 2 + 8 = 35."""
    game = make(2, seed=1)
    give(
        game,
        0,
        "green-potion",
        "vampire",
        "ghost",
        "werewolf",
        "werewolf",
        "gold-3",
        "gold-2",
        "spell",
        "spell",
        "rima-wulf",
    )
    assert game.points(0) == {
        "gold": 5,
        "monsters": 15,
        "potions": 5,
        "spells": 2,
        "books": 0,
        "sorcerers": 8,
    }
    assert sum(game.points(0).values()) == 35


def test_expert_mode_adds_the_final_wand_strength():
    game = make(2, seed=1, mode="expert")
    set_wands(game, 4, 1)
    give(game, 0, "book-three-coins")
    assert game.points(0) == {
        "gold": 0,
        "monsters": 0,
        "potions": 0,
        "spells": 0,
        "books": 6,
        "sorcerers": 0,
        "wand": 4,
    }


def test_a_tie_goes_to_the_stronger_wand():
    game = make(2, seed=1)
    set_wands(game, 1, 4)
    give(game, 0, "gold-3")
    give(game, 1, "gold-3")
    result = game.result()
    assert result["scores"] == [3, 3] and result["winners"] == [1]
    assert "stronger wand" in result["tiebreak"]


def test_the_result_explains_each_seat_by_category():
    game = make(2, seed=1)
    give(game, 0, "gold-3", "goblin")
    assert game.result()["explanation"][0] == "Lera: 5 points (gold 3, monsters 2); wand " + str(
        game.wands[0]
    )


def test_in_expert_mode_the_final_scores_say_the_wand_once():
    """The wand scores in expert mode: it is said among the points, not again after them
    (it read "sorcerers 18, wand 2); wand 2")."""
    game = make(2, seed=1, mode="expert")
    give(game, 0, "gold-3")
    line = game.result()["explanation"][0]
    assert line == f"Lera: {3 + game.wands[0]} points (gold 3, wand {game.wands[0]})"
    assert line.count("wand") == 1


def test_a_magic_book_is_learned_by_paying_its_requirement():
    game = make(2, seed=1, mode="expert")
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    book = open_book(game, "book-two-coins")
    coins = give(game, 0, "gold-1", "gold-1", "gold-3")
    options = [a for a in game.legal_actions(0) if a.place == "book" and a.index == 0]
    assert sorted(a.pay for a in options) == sorted([(coins[0], coins[1]), (coins[2],)])
    with pytest.raises(IllegalAction, match="asks for 2 gold coins. Those coins make 1"):
        game.apply(0, Point("book", 0, (coins[0],)))
    point(game, {0: Point("book", 0, (coins[2],)), 1: Point("room", 0)})
    assert book in game.satchels[0] and coins[2] in game.moat


@pytest.mark.parametrize(
    "book, held, ok",
    [
        ("book-same-weapons", ["trap", "trap"], True),
        ("book-same-weapons", ["trap", "wand-net"], False),
        ("book-different-weapons", ["trap", "wand-net"], True),
        ("book-same-ingredients", ["pumpkin", "pumpkin"], True),
        ("book-different-ingredients", ["pumpkin", "pumpkin"], False),
        ("book-special", ["ultimus"], True),
        ("book-spell", ["spell"], True),
        ("book-any-two", ["goblin", "gold-1"], True),
        ("book-three-coins", ["gold-2"], False),
    ],
)
def test_each_magic_book_asks_for_its_own_tokens(book, held, ok):
    game = make(2, seed=1, mode="expert")
    open_book(game, book)
    give(game, 0, *held)
    assert any(a.place == "book" and a.index == 0 for a in game.legal_actions(0)) == ok


@pytest.mark.parametrize("kind", ["book-special", "book-any-two"])
def test_a_satchel_token_is_a_special_token_and_pays_for_books_that_ask_for_one(kind):
    """The book table asks for special tokens without exception (card file's readings)."""
    game = make(2, seed=1, mode="expert")
    set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
    book = open_book(game, kind)
    held = give(game, 0, "satchel", "mushroom")
    pay = (held[0],) if kind == "book-special" else tuple(sorted(held))
    assert Point("book", 0, pay) in game.legal_actions(0)
    point(game, {0: Point("book", 0, pay), 1: Point("room", 0)})
    assert book in game.satchels[0] and held[0] in game.moat
    assert "satchel-pays-for-books" in {r.id for r in game.cards.readings}


def test_a_satchel_token_pays_for_no_other_book():
    game = make(2, seed=1, mode="expert")
    open_book(game, "book-same-ingredients")
    held = give(game, 0, "satchel", "mushroom")
    with pytest.raises(IllegalAction, match="A Satchel token pays only for a book that asks"):
        game.apply(0, Point("book", 0, tuple(held)))


def test_a_book_is_not_overpaid_and_the_refusal_says_which_coin_to_keep():
    game = make(2, seed=1, mode="expert")
    open_book(game, "book-two-coins")
    coins = give(game, 0, "gold-1", "gold-3")
    with pytest.raises(IllegalAction, match="make 4, more than the 2 this book asks for: keep"):
        game.apply(0, Point("book", 0, tuple(coins)))
    with pytest.raises(IllegalAction, match="Those coins make 1; this book asks for 2"):
        game.apply(0, Point("book", 0, (coins[0],)))
