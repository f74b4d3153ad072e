"""Pointing (a part of the Incantibus rules): where a seat's wand may point at a casting,
what its satchel pays for (a potion brewed, a book learnt, a sorcerer defeated), and why a
point is refused.

Each function takes the game first (see rules.py); bots list these moves at every casting
of every rollout, so what a satchel pays for is remembered on the game.
"""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import TYPE_CHECKING

from . import satchel as bag
from .actions import Point
from .cards import ROOM_MOST, BookKind, IncantibusCards, PotionKind, SorcererKind, TokenKind
from .satchel import TokenInfo, catalog

if TYPE_CHECKING:
    from .rules import Incantibus

# Actions are immutable, so the common ones are made once (bots simulate many games).
ROOM_POINTS = tuple(Point("room", i) for i in range(ROOM_MOST))  # (checked by the card file)
DUNGEON_POINTS = tuple(Point("dungeon", i) for i in range(16))
POTION_POINTS = tuple(Point("potion", i) for i in range(8))

NEED_NAMES = {
    "weapon": "weapons",
    "spell": "spell tokens",
    "potion-red": "red potion",
    "potion-green": "green potion",
    "potion-blue": "blue potion",
    "goblin": "goblin",
    "ghost": "ghost",
    "werewolf": "werewolf",
}


def pointing_options(game: Incantibus, seat: int) -> list[Point]:
    satchel = tuple(game.satchels[seat])
    options: list[Point] = []
    if game.dungeon is None:
        # The slots that still hold a token (an emptied one is None, a token a pair):
        # picked in C.
        options += compress(ROOM_POINTS, game.room)
    else:
        for slot, s in enumerate(game.dungeon):
            if s is not None and (not s[1] or can_defeat(game, seat, s[0], satchel)):
                options.append(DUNGEON_POINTS[slot])
    # What the satchel pays for: a satchel met again with the same potions and books
    # (one that took nothing) is one look-up.
    whole = (satchel, tuple(game.potions), tuple(game.books))
    paid = game._book_cache.get(whole)
    if paid is None:
        paid = game._book_cache[whole] = paid_points(game, satchel)
    return options + paid if paid else options


def paid_points(game: Incantibus, satchel: tuple[int, ...]) -> list[Point]:
    """The potions this satchel (by token id) brews and the books it pays for, each way."""
    found: list[Point] = []
    # (The Stone is an ingredient in our card file; taken wherever a file puts it. The
    # count is a cheap first test: the payment says what truly brews.)
    brews_with = game.brews_with
    ingredients = [t for t in satchel if brews_with[t]]
    if len(ingredients) >= game.shortest_recipe:
        found += potion_points(game, ingredients)
    if game.books:
        found += book_points(game, satchel)
    return found


def potion_points(game: Incantibus, ingredients: list[int]) -> list[Point]:
    """The ways to brew each potion on the table from the satchel's ingredients (and
    the Stone), by token id, remembered by them and the potions as the books' are."""
    key = ("potions", *game.potions, *ingredients)
    found = game._book_cache.get(key)
    if found is not None:
        return found
    found = game._book_cache[key] = []
    held = [game.info[t] for t in ingredients]
    for i, p in enumerate(game.potions):
        if p is not None:
            paid = bag.potion_payment(held, game.recipes[p])
            if paid is not None:
                found.append(POTION_POINTS[i])
                # The Stone may stand in for an ingredient its owner would rather keep.
                for pay in bag.potion_payments(held, paid):
                    found.append(Point("potion", i, pay))
    return found


def book_points(game: Incantibus, satchel: tuple[int, ...]) -> list[Point]:
    """The ways to pay for each open book, remembered by the tokens that could pay for
    it (its `book_pool`): the satchel changes by a token a casting, but mostly not
    in what a given book asks for, and the "any 2 tokens" book has many ways."""
    found: list[Point] = []
    asks = game.book_asks
    for space, b in enumerate(game.books):
        if b is not None:
            ask = asks[b]
            assert ask is not None  # an open book asks for something
            needs, amount, could_pay = ask
            pool = [t for t in satchel if could_pay[t]]  # (`book_pool`, by token id)
            if not pool and amount > 0:  # nothing to pay with: `book_payments` finds no way
                continue
            key = (space, needs, amount, *pool)
            points = game._book_cache.get(key)
            if points is None:
                held = [game.info[t] for t in pool]
                points = game._book_cache[key] = [
                    Point("book", space, pay) for pay in bag.book_payments(held, needs, amount)
                ]
            found += points
    return found


# -- what the card file's kinds ask, by token id: worked out once a card file -------------
# The listing asks at every casting of every seat; the kinds are the card file's objects
# (cards.py stays interpreted), each field of which the compiled rules read through
# Python's generic attribute look-up.

BookAsk = tuple[str, int, tuple[bool, ...]]  # needs, amount, which tokens could pay
# kind, the strongest wand that still defeats it (None: any), needs, which tokens answer
# a need
SorcererAsk = tuple[str, int | None, dict[str, int], tuple[bool, ...]]


@cache
def book_asks(cards: IncantibusCards) -> tuple[BookAsk | None, ...]:
    """What each magic book asks for, by its token id (None: not a book), with its
    `book_pool` as a flag for every token id."""
    info = catalog(cards)
    found: list[BookAsk | None] = []
    for t in info:
        if t.back != "book":
            found.append(None)
            continue
        book = bag.kind_of(cards, t.kind, BookKind)
        pool = {p.id for p in bag.book_pool(list(info), book.needs)}
        found.append((book.needs, book.amount, tuple(i in pool for i in range(len(info)))))
    return tuple(found)


@cache
def sorcerer_asks(cards: IncantibusCards) -> tuple[SorcererAsk | None, ...]:
    """What defeats each sorcerer, by its token id (None: not a sorcerer), with a flag for
    every token id: whether it answers one of the needs (`satchel.answers`)."""
    info = catalog(cards)
    found: list[SorcererAsk | None] = []
    for t in info:
        if t.back != "sorcerer":
            found.append(None)
            continue
        kind = bag.kind_of(cards, t.kind, SorcererKind)
        could_pay = tuple(any(bag.answers(u, need) for need in kind.needs) for u in info)
        found.append((kind.id, kind.max_wand, kind.needs, could_pay))
    return tuple(found)


@cache
def recipes(cards: IncantibusCards) -> tuple[tuple[str, ...], ...]:
    """Each potion's recipe, by its token id (empty: not a potion)."""
    return tuple(
        bag.kind_of(cards, t.kind, PotionKind).recipe if t.back == "potion" else ()
        for t in catalog(cards)
    )


@cache
def brews_with(cards: IncantibusCards) -> tuple[bool, ...]:
    """Whether each token (by id) goes into a potion: an ingredient, or the Stone."""
    return tuple(t.cell == "ingredient" or t.kind == "philosophers-stone" for t in catalog(cards))


def sorcerer_ask(game: Incantibus, sorcerer: int) -> SorcererAsk:
    """What defeats the sorcerer of that token id (`sorcerer_asks`)."""
    ask = game.sorcerer_asks[sorcerer]
    assert ask is not None  # a sorcerer's token
    return ask


def can_defeat(
    game: Incantibus, seat: int, sorcerer: int, satchel: tuple[int, ...], wand: int | None = None
) -> bool:
    """Whether the seat's wand and its satchel (by token id) defeat the sorcerer; what it
    holds is weighed once for each kind of sorcerer (remembered by the tokens that could
    pay: the dungeon is listed for every seat at every casting)."""
    kind_id, max_wand, needs, could_pay = sorcerer_ask(game, sorcerer)
    if max_wand is not None and (wand or game.wands[seat]) > max_wand:
        return False
    # Weighed by the tokens that answer its needs alone (the others never pay).
    key = (kind_id, tuple([t for t in satchel if could_pay[t]]))
    found = game._defeats.get(key)
    if found is None:
        held = [game.info[t] for t in key[1]]
        found = game._defeats[key] = bag.sorcerer_payment(held, needs) is not None
    return found


def point_refusal(game: Incantibus, seat: int, action: Point) -> str | None:
    held = game.held(seat)
    if action.place == "room":
        if game.dungeon is not None:
            return "The rooms are behind you: point at a sorcerer, a potion or a book."
        if not 0 <= action.index < len(game.room) or game.room[action.index] is None:
            return "There is no token there."
    elif action.place == "dungeon":
        if game.dungeon is None:
            return "The sorcerers wait in the dungeon, at the bottom of the tower."
        if not 0 <= action.index < len(game.dungeon) or game.dungeon[action.index] is None:
            return "There is no sorcerer there."
        sid, face_up = game._sorcerer_at(action.index)
        if face_up and not can_defeat(game, seat, sid, tuple(game.satchels[seat])):
            return sorcerer_refusal(game, seat, game.info[sid])
    elif action.place == "potion":
        if not 0 <= action.index < len(game.potions) or game.potions[action.index] is None:
            return "There is no open potion there."
        potion = game.info[game._opened(game.potions, action.index)]
        recipe = game.recipes[potion.id]
        needed = " and ".join(bag.kind_of(game.cards, i, TokenKind).name for i in recipe)
        if bag.potion_payment(held, recipe) is None:
            return f"To brew the {potion.name} you need {needed}."
        pay = [game.info[t] for t in action.pay if 0 <= t < len(game.info)]
        if action.pay and (
            len(pay) != len(action.pay) or not bag.potion_payment_ok(held, pay, recipe)
        ):
            return (
                f"The {potion.name} takes {needed} from your satchel; the Philosopher's "
                "Stone may stand in for any one of them."
            )
    elif action.place == "book":
        if not 0 <= action.index < len(game.books) or game.books[action.index] is None:
            return (
                "There is no open magic book there."
                if game.expert
                else "Magic books are for expert mode."
            )
        book = bag.kind_of(
            game.cards, game.info[game._opened(game.books, action.index)].kind, BookKind
        )
        pay = [game.info[t] for t in action.pay if 0 <= t < len(game.info)]
        problem = (
            "Pay with tokens of your own satchel, each once."
            if len(pay) != len(action.pay)
            else bag.book_payment_problem(held, pay, book.needs, book.amount)
        )
        if problem:
            return f"This magic book asks for {book.label.lower()}. {problem}"
    else:
        return "Point at a token of the room, a potion, a magic book or a sorcerer."
    if action.place not in ("book", "potion") and action.pay:
        return "Only a magic book or a potion is paid for with tokens you choose."
    return None


def sorcerer_refusal(game: Incantibus, seat: int, sorcerer: TokenInfo) -> str:
    kind = bag.kind_of(game.cards, sorcerer.kind, SorcererKind)
    if kind.max_wand is not None:
        return f"Only a wand of strength {kind.max_wand} or less defeats {kind.name}."
    needs = " and ".join(f"{n} {NEED_NAMES.get(k, k)}" for k, n in kind.needs.items())
    return f"To defeat {kind.name} you need {needs}."
