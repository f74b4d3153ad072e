"""Spell tokens and the eight spell cards."""

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.games.incantibus.actions import Cast, Choose, Decline, Point

from .helpers import (
    check_invariants,
    give,
    into_moat,
    make,
    open_spells,
    point,
    set_room,
    set_wands,
    spend_spells,
    texts,
)


def cast_spell_token(game, seat=0, other_kind="mushroom", cards=("alkimia", "retiro", "oculus")):
    """Seat `seat` takes a spell token from a fresh room; returns the room's token ids."""
    open_spells(game, *cards)
    ids = set_room(game, [("spell", True), (other_kind, True), ("pumpkin", True), ("gold-1", True)])
    point(game, {seat: Point("room", 0), 1 - seat: Point("room", 1)})
    return ids


def test_a_spell_token_lets_its_taker_cast_one_of_the_open_cards():
    game = make(2, seed=1)
    cast_spell_token(game)
    decision = {"kind": "spell", "seat": 0, "optional": False}
    assert game.to_act() == {0} and game.view(1)["decision"] == decision
    assert game.legal_actions(0) == [Cast(0), Cast(1), Cast(2)], "a spell token must cast"


def test_a_cast_card_leaves_the_game_and_a_new_one_is_opened():
    game = make(2, seed=1)
    cast_spell_token(game, cards=("fortuna", "retiro", "oculus"))
    top = game.spell_deck[-1]
    events = game.apply(0, Cast(0))
    assert game.spell_cards[0] == top and game.spent_spells == ["fortuna"]
    assert any(e.reveals and "A new spell card is opened" in e.text for e in events)


def test_several_spell_takers_cast_strongest_wand_first_after_all_tokens_are_taken():
    game = make(3, seed=1)
    open_spells(game, "fortuna", "locus", "philosophia")
    set_room(game, [("spell", True), ("spell", False), ("gold-3", True), ("pumpkin", True)])
    set_wands(game, 1, 4, 2)
    point(game, {0: Point("room", 0), 1: Point("room", 1), 2: Point("room", 2)})
    assert game.to_act() == {1}, "the wand of 4 chooses first"
    assert any(game.info[t].kind == "gold-3" for t in game.satchels[2]), (
        "tokens were taken before the spells"
    )
    game.apply(1, Cast(0))
    assert game.to_act() == {0}


def test_alkimia_steals_an_ingredient_a_weapon_or_gold_from_another_satchel():
    game = make(2, seed=1)
    stone, trap, _ = give(game, 1, "philosophers-stone", "trap", "wand-net")
    (goblin,) = give(game, 1, "goblin")
    cast_spell_token(game)
    game.apply(0, Cast(0))
    options = game.legal_actions(0)
    assert Choose(stone) in options and Choose(trap) in options
    assert all(game.info[a.target].cell in ("ingredient", "weapon", "gold") for a in options)
    with pytest.raises(IllegalAction, match="Alkimia steals"):
        game.apply(0, Choose(goblin))
    events = game.apply(0, Choose(stone))
    assert stone in game.satchels[0] and "Lera steals the Philosopher's Stone from Kirill" in texts(
        events
    )
    check_invariants(game)


def test_retiro_takes_any_token_from_the_moat_even_a_monster_without_a_weapon():
    game = make(2, seed=1)
    vampire = give(game, 1, "vampire")[0]
    into_moat(game, 1, vampire)
    cast_spell_token(game)
    game.apply(0, Cast(1))
    game.apply(0, Choose(vampire))
    assert vampire in game.satchels[0]


def test_retiro_with_an_empty_moat_does_nothing():
    game = make(2, seed=1)
    cast_spell_token(game)
    events = game.apply(0, Cast(1))
    assert "Retiro finds no target and does nothing." in texts(events) and game.to_act() == {0, 1}


def test_a_spell_token_taken_from_the_moat_may_cast_again():
    """Retiro: its taker may cast one more spell, or not."""
    game = make(2, seed=1)
    spell = give(game, 1, "spell")[0]
    into_moat(game, 1, spell)
    cast_spell_token(game)
    game.apply(0, Cast(1))
    game.apply(0, Choose(spell))
    assert game.view(0)["decision"] == {"kind": "spell", "seat": 0, "optional": True}
    assert Decline() in game.legal_actions(0)
    events = game.apply(0, Decline())
    assert "casts no more spell" in texts(events) and game.decision is None


def test_locus_gives_a_satchel_token_and_another_purse_cell():
    game = make(2, seed=1)
    cast_spell_token(game, cards=("locus", "retiro", "oculus"))
    game.apply(0, Cast(0))
    assert [game.info[t].kind for t in game.satchels[0]] == ["spell", "satchel"]
    assert game.view(0)["satchels"][0]["capacity"]["purse"] == 2


def test_ultimus_philosophia_and_fortuna_give_their_special_token():
    for card, special in (
        ("ultimus", "ultimus"),
        ("philosophia", "philosophers-stone"),
        ("fortuna", "three-gold"),
    ):
        game = make(2, seed=1)
        cast_spell_token(game, cards=(card, "retiro", "oculus"))
        game.apply(0, Cast(0))
        assert game.info[game.satchels[0][-1]].kind == special
        assert all(game.info[t].kind != special for t in game.specials) or special in (
            "three-gold",
        )


def test_a_special_token_already_taken_cannot_be_given_again():
    game = make(2, seed=1)
    give(game, 1, "ultimus")
    cast_spell_token(game, cards=("ultimus", "retiro", "oculus"))
    events = game.apply(0, Cast(0))
    assert "Ultimus has nothing left to give." in texts(events)


def test_imperium_takes_a_face_up_token_of_the_room():
    game = make(2, seed=1)
    ids = cast_spell_token(game, cards=("imperium", "retiro", "oculus"))
    game.apply(0, Cast(0))
    assert game.legal_actions(0) == [Choose(2), Choose(3)]
    game.apply(0, Choose(3))
    assert ids[3] in game.satchels[0]


def test_oculus_shows_a_secret_token_to_its_caster_alone():
    game = make(2, seed=1)
    open_spells(game, "oculus", "retiro", "alkimia")
    ids = set_room(
        game, [("spell", True), ("mushroom", True), ("goblin", False), ("pumpkin", True)]
    )
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    game.apply(0, Cast(0))
    seen_before = len(game.log(1))
    events = game.apply(0, Choose(2))
    assert "You look at the secret token: Goblin." in game.log(0)
    news = game.log(1)[seen_before:]
    assert all("Goblin" not in line for line in news) and "Lera looks at a secret token." in news
    assert ids[2] == game.room[2][0], "without a net the goblin goes back face down"

    def slot2(seat):
        return next(t for t in game.view(seat)["room"]["tokens"] if t["slot"] == 2)

    assert slot2(0) == {"slot": 2, "face_up": False, "seen": "goblin"}
    assert slot2(1) == {"slot": 2, "face_up": False}
    assert any(e.reveals for e in events)
    check_invariants(game)


def test_oculus_takes_gold_ingredients_and_weapons_at_once():
    game = make(2, seed=1)
    open_spells(game, "oculus", "retiro", "alkimia")
    ids = set_room(game, [("spell", True), ("mushroom", True), ("trap", False), ("pumpkin", True)])
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    game.apply(0, Cast(0))
    before = len(game.log(1))
    game.apply(0, Choose(2))
    assert ids[2] in game.satchels[0]
    # The take is said once, to everyone.
    told = game.log(1)[before:]
    assert told[:2] == ["Lera looks at a secret token.", "Lera takes it: the Trap."]
    assert [line for line in told if line.startswith("Lera takes")] == told[1:2]


def test_oculus_finding_a_spell_token_casts_again():
    game = make(2, seed=1)
    open_spells(game, "oculus", "retiro", "alkimia")
    set_room(game, [("spell", True), ("mushroom", True), ("spell", False), ("pumpkin", True)])
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    game.apply(0, Cast(0))
    game.apply(0, Choose(2))
    assert game.view(0)["decision"] == {"kind": "spell", "seat": 0, "optional": False}
    assert Decline() not in game.legal_actions(0), "Oculus' spell token must cast"


def test_oculus_with_no_secret_token_does_nothing():
    game = make(2, seed=1)
    cast_spell_token(game, cards=("oculus", "retiro", "alkimia"))
    events = game.apply(0, Cast(0))
    assert "Oculus finds no target and does nothing." in texts(events)


def test_when_no_spell_card_is_left_a_spell_token_casts_nothing():
    game = make(2, seed=1)
    set_room(game, [("spell", True), ("mushroom", True), ("pumpkin", True), ("gold-1", True)])
    spend_spells(game)
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert "No spell card is left for Lera to cast." in texts(events)


def test_two_open_cards_of_one_spell_are_told_apart_in_the_moves():
    """Two Oculus cards open: "Cast Oculus" twice, the same words for two moves. Each
    names its card's space; a spell open once is named alone."""
    game = make(2, seed=1)
    open_spells(game, "oculus", "locus", "oculus")
    said = [game.describe(Cast(n), 0) for n in range(3)]
    assert said == ["Cast Oculus (spell card 1)", "Cast Locus", "Cast Oculus (spell card 3)"]
