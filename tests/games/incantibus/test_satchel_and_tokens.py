"""The satchel, and what each kind of token does when it is received."""

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.games.incantibus import satchel as bag
from illusio_table.games.incantibus.actions import Discard, Point

from .helpers import check_invariants, give, make, point, set_room, texts


def test_each_cell_holds_one_token_and_the_purse_takes_any():
    game = make(2)
    give(game, 0, "gold-1", "gold-2", "gold-3")  # the 3 gold cells of the apprentice side
    assert bag.fits(game.held(0), game.side)
    give(game, 0, "gold-1")
    assert bag.fits(game.held(0), game.side), "the fourth gold goes in the purse"
    assert bag.layout(game.held(0), game.side)["purse"] == [game.satchels[0][-1]]
    give(game, 0, "gold-2")
    assert not bag.fits(game.held(0), game.side)


def test_spells_and_sorcerers_stack_in_their_cell():
    game = make(2)
    give(game, 0, *["spell"] * 6)
    assert bag.fits(game.held(0), game.side)


def test_a_satchel_token_adds_a_purse_cell():
    game = make(2)
    give(game, 0, "gold-1", "gold-2", "gold-3", "gold-1", "gold-2")
    assert not bag.fits(game.held(0), game.side)
    give(game, 0, "satchel")
    assert bag.fits(game.held(0), game.side)


def full_of_gold(game, seat):
    return give(game, seat, "gold-1", "gold-1", "gold-2", "gold-2")


def test_a_token_that_does_not_fit_asks_its_taker_what_to_throw_away():
    game = make(2, seed=1)
    full_of_gold(game, 0)
    (new, *_) = set_room(game, [("gold-3", True), ("mushroom", True), ("pumpkin", True)])
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert game.to_act() == {0} and game.view(1)["decision"]["kind"] == "overflow"
    assert "Lera's satchel is full" in texts(events)
    options = game.legal_actions(0)
    assert Discard(new) in options and all(game.info[a.token].cell == "gold" for a in options)
    check_invariants(game)


def test_throwing_away_the_new_token_or_one_held():
    for throw_new in (True, False):
        game = make(2, seed=1)
        held = full_of_gold(game, 0)
        (new, *_) = set_room(game, [("gold-3", True), ("mushroom", True), ("pumpkin", True)])
        point(game, {0: Point("room", 0), 1: Point("room", 1)})
        gone = new if throw_new else held[0]
        game.apply(0, Discard(gone))
        assert gone in game.moat and gone not in game.satchels[0]
        assert game.to_act() == {0, 1}
        check_invariants(game)


def test_a_throw_that_makes_no_room_is_refused():
    game = make(2, seed=1)
    full_of_gold(game, 0)
    mushroom = give(game, 0, "mushroom")[0]
    set_room(game, [("gold-3", True), ("mushroom", True), ("pumpkin", True)])
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    with pytest.raises(IllegalAction, match="would not make room"):
        game.apply(0, Discard(mushroom))


def test_gold_ingredients_and_weapons_go_into_the_satchel():
    game = make(3, seed=1)
    ids = set_room(game, [("gold-2", True), ("pumpkin", True), ("trap", True), ("mushroom", True)])
    point(game, {0: Point("room", 0), 1: Point("room", 1), 2: Point("room", 2)})
    assert [game.satchels[s] for s in range(3)] == [[ids[0]], [ids[1]], [ids[2]]]


def test_a_monster_is_caught_with_a_weapon_of_its_colour_which_stays():
    """The rulebook's example: Kirill turns a vampire and catches it with his flying stake."""
    game = make(2, seed=1)
    (vampire, *_) = set_room(game, [("vampire", False), ("mushroom", True), ("pumpkin", True)])
    (stake,) = give(game, 0, "flying-stake")
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert game.satchels[0] == [stake, vampire]
    assert "Lera catches the Vampire with the Flying Stake." in texts(events)


def test_a_monster_without_a_matching_weapon_escapes_into_the_moat():
    game = make(2, seed=1)
    (goblin, *_) = set_room(game, [("goblin", True), ("mushroom", True), ("pumpkin", True)])
    give(game, 0, "trap")
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert goblin in game.moat and "it escapes into the moat" in texts(events)


def test_ultimus_is_used_when_it_is_the_only_thing_that_catches_a_monster():
    """Monsters must be caught: with no suitable weapon but Ultimus, Ultimus catches the
    Ghost at once (nobody is asked) and goes to the moat."""
    game = make(2, seed=1)
    (ghost, *_) = set_room(game, [("ghost", True), ("mushroom", True), ("pumpkin", True)])
    (ultimus,) = give(game, 0, "ultimus")
    events = point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert game.view(0)["decision"] is None and game.view(0)["phase"] == "casting"  # the next
    assert game.satchels[0] == [ghost] and ultimus in game.moat
    assert "catches the Ghost with Ultimus" in texts(events)
    line = next(e["line"] for e in game.view(1)["last_casting"] if e["winner"] == 0)
    assert "escaped" not in line
    check_invariants(game)


def test_even_a_two_point_goblin_is_caught_with_ultimus_when_nothing_else_catches_it():
    game = make(2, seed=1)
    (goblin, *_) = set_room(game, [("goblin", True), ("mushroom", True), ("pumpkin", True)])
    (ultimus,) = give(game, 0, "ultimus")
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert game.satchels[0] == [goblin] and ultimus in game.moat
    check_invariants(game)


def test_ultimus_is_kept_when_a_matching_weapon_catches_the_monster():
    game = make(2, seed=1)
    set_room(game, [("ghost", True), ("mushroom", True), ("pumpkin", True)])
    ultimus, ball = give(game, 0, "ultimus", "crystal-ball")
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    assert ultimus in game.satchels[0] and ball in game.satchels[0]


def test_the_expert_side_has_cells_for_two_books():
    game = make(2, mode="expert")
    assert game.side.cells["book"] == 2
    give(game, 0, "book-spell", "book-special", "book-any-two")
    assert bag.layout(game.held(0), game.side)["purse"] == [game.satchels[0][2]]


def test_the_throws_offered_are_exactly_those_that_make_room():
    """room_makers agrees with trying every throw, on many random satchels."""
    from illusio_table.engine import Rng

    rng = Rng(5)
    game = make(2)
    pool = [t for t in game.info if t.cell not in ("spell", "sorcerer")]
    checked = 0
    for side in game.cards.satchels:
        for _ in range(300):
            held = [pool[rng.below(len(pool))] for _ in range(rng.below(16))]
            held = list({t.id: t for t in held}.values())
            expected = [
                t.id
                for t in held
                if t.cell not in ("satchel",) and bag.fits([h for h in held if h.id != t.id], side)
            ]
            if bag.fits(held, side) or bag.overflow(held, side) - bag.purse_size(held, side) > 1:
                continue  # the rules only ever ask when one token too many arrived
            assert [t.id for t in bag.room_makers(held, side)] == expected
            checked += 1
    assert checked > 50, f"only {checked} full satchels were tried"


def test_the_philosophers_stone_may_stand_in_for_an_ingredient_its_owner_keeps():
    from .helpers import set_potions

    game = make(2, seed=1)
    set_room(game, [("gold-1", True), ("mushroom", True), ("pumpkin", True)])
    set_potions(game, "green-potion")
    mistletoe, mushroom, stone = give(game, 0, "mistletoe", "mushroom", "philosophers-stone")
    potions = [a for a in game.legal_actions(0) if a.place == "potion"]
    assert Point("potion", 0) in potions, "the rules' own payment: real ingredients"
    assert Point("potion", 0, tuple(sorted((mushroom, stone)))) in potions
    assert Point("potion", 0, tuple(sorted((mistletoe, stone)))) in potions
    with pytest.raises(IllegalAction, match="Stone may stand in for any one of them"):
        game.apply(0, Point("potion", 0, (mistletoe, mistletoe)))
    point(game, {0: Point("potion", 0, tuple(sorted((mushroom, stone)))), 1: Point("room", 0)})
    assert mistletoe in game.satchels[0] and stone in game.moat and mushroom in game.moat
    check_invariants(game)


def test_the_ways_to_pay_for_a_book_are_every_accepted_payment_once_by_kind():
    """On many random satchels, each book lists every payment its refusal accepts (tried
    set by set), once for each mix of kinds, and nothing it would refuse."""
    from itertools import combinations

    from illusio_table.engine import Rng

    rng = Rng(11)
    game = make(2)
    tokens = [t for t in game.info if t.cell not in ("sorcerer",)]
    books = {(b.needs, b.amount) for b in game.cards.books} | {("coins", 4), ("special", 2)}
    tried = 0
    for _ in range(150):
        held = list({t.id: t for t in (rng.choice(tokens) for _ in range(rng.below(9)))}.values())
        for needs, amount in sorted(books):
            listed = bag.book_payments(bag.book_pool(held, needs), needs, amount)
            by_id = {t.id: t for t in held}
            mixes = [tuple(sorted(by_id[i].kind for i in way)) for way in listed]
            assert len(set(mixes)) == len(mixes), f"{needs} {amount}: a mix listed twice"
            for way in listed:
                pay = [by_id[i] for i in way]
                assert bag.book_payment_problem(held, pay, needs, amount) is None, (needs, way)
            sizes = range(1, len(held) + 1) if needs == "coins" else [amount]
            accepted = {
                tuple(sorted(t.kind for t in pay))
                for n in sizes
                for pay in combinations(held, n)
                if bag.book_payment_problem(held, list(pay), needs, amount) is None
            }
            if needs == "any":  # (two of a kind at most: the book asks for two tokens)
                accepted = {m for m in accepted if max(m.count(k) for k in m) <= 2}
            assert set(mixes) == accepted, f"{needs} {amount} with {sorted(by_id)}"
            tried += bool(accepted)
    assert tried > 100, f"only {tried} satchels could pay for anything"


def test_the_moves_to_throw_away_tell_two_tokens_of_one_name_apart():
    """A full satchel with a 1 Gold in the Gold row and another in the Purse: the two
    moves read alike ("Throw the 1 Gold into the moat" twice) and a person could not
    tell which was which. Each says where its token lies; a lone one says nothing more.
    (Two of one kind in one row are the same choice, and read alike.)"""
    game = make(2, seed=1)
    give(game, 0, "gold-1", "gold-1", "gold-2", "gold-2", "gold-1")
    set_room(game, [("gold-3", True), ("mushroom", True), ("pumpkin", True)])
    point(game, {0: Point("room", 0), 1: Point("room", 1)})
    laid = bag.layout(game.held(0), game.side)
    where = {t: cell for cell, ids in laid.items() for t in ids}
    words = {a.token: game.describe(a, 0) for a in game.legal_actions(0)}
    for t, said in words.items():
        for other, also in words.items():
            if said == also:
                assert game.info[t].kind == game.info[other].kind and where[t] == where[other]
    ones = {w for t, w in words.items() if game.info[t].name == "1 Gold"}
    assert ones == {
        "Throw the 1 Gold (in the Gold row) into the moat",
        "Throw the 1 Gold (in the Purse) into the moat",
    }
    assert "Throw the 3 Gold into the moat" in words.values()  # (one of its name: plain)


def test_a_book_in_a_satchel_is_named_as_a_book_in_the_moves():
    """A book held reads as a book: "Throw the 2 identical weapons into the moat" read as
    if two weapons went, and a book paid for another as "1 special token"."""
    game = make(2, seed=1, mode="expert")
    (book,) = give(game, 0, "book-same-weapons")
    assert game.describe(Discard(book), 0) == "Throw the book “2 identical weapons” into the moat"
    assert game.describe(Point("book", 0, (book,)), 0).endswith("for book “2 identical weapons”")


@pytest.mark.parametrize("mode", ["apprentice", "expert"])
def test_the_room_counted_by_cell_numbers_is_the_room_counted_by_names(mode):
    """`spare_by_number`, which the rules ask at every token a seat takes, says what
    `spare` says, on many random satchels of both sides (Satchel tokens and stacks too)."""
    from illusio_table.engine import Rng

    rng = Rng(5)
    game = make(3, mode=mode)
    tokens = list(game.info)
    for _ in range(400):
        satchel = [rng.choice(tokens).id for _ in range(rng.below(16))]
        held = [game.info[t] for t in satchel]
        by_number = bag.spare_by_number(satchel, game.cell_numbers, game.capacity, game.side.purse)
        assert by_number == bag.spare(held, game.side), [t.kind for t in held]
