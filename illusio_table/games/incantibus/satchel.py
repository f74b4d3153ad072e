"""The magic satchel: which tokens fit, how they lie in the cells, and what pays a cost.

A satchel is a list of token ids. Players may rearrange their satchel at any time, so a
set of tokens fits when some arrangement fits: each category fills its own cells first
and what is left over, plus every token without a cell of its own on this side, goes to
the purse (1 cell, plus 1 for each Satchel token). Spells and sorcerers stack in a cell
of their own and always fit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from illusio_table.engine.frozen import Frozen

from .cards import IncantibusCards, K, SatchelSide

STACKED = ("spell", "sorcerer")
UNCELLED = frozenset({*STACKED, "satchel"})  # kinds that never take a cell


@dataclass(frozen=True)
class TokenInfo(Frozen):
    """One physical token. `back` is where it comes from: visible, secret, special,
    potion, book or sorcerer. `cell` is the satchel category it is kept in."""

    id: int
    kind: str
    name: str
    back: str
    cell: str
    points: int = 0
    coins: int = 0
    catches: str | None = None
    colour: str = ""  # the potion colour (green, red, blue) for potions
    is_special: bool = False


@cache
def catalog(cards: IncantibusCards) -> tuple[TokenInfo, ...]:
    """Every token of the box, numbered in the order of the card file."""
    made: list[TokenInfo] = []

    def add(count: int, **fields: Any) -> None:
        for _ in range(count):
            made.append(TokenInfo(id=len(made), **fields))

    for back in ("visible", "secret"):
        for t in cards.tokens:
            add(
                getattr(t, back),
                kind=t.id,
                name=t.name,
                back=back,
                cell=t.category,
                points=t.points,
                coins=t.coins,
                catches=t.catches,
            )
    for s in cards.specials:
        add(
            s.count,
            kind=s.id,
            name=s.name,
            back="special",
            cell=s.category,
            points=s.points,
            coins=s.coins,
            is_special=True,
        )
    for p in cards.potions:
        add(
            p.count,
            kind=p.id,
            name=p.name,
            back="potion",
            cell="potion",
            points=p.points,
            colour=p.colour_name,
        )
    for b in cards.books:
        add(1, kind=b.id, name=b.label, back="book", cell="book", points=b.points)
    for c in cards.sorcerers:
        add(c.count, kind=c.id, name=c.name, back="sorcerer", cell="sorcerer", points=c.points)
    return tuple(made)


# A satchel's cells by number (`cell_numbers`): a Satchel token's (0), the stacks, then
# each category's in the catalog's order.


@cache
def cell_names(cards: IncantibusCards) -> tuple[str, ...]:
    names = ["satchel", *STACKED]
    for t in catalog(cards):
        if t.cell not in names:
            names.append(t.cell)
    return tuple(names)


@cache
def cell_numbers(cards: IncantibusCards) -> tuple[int, ...]:
    """Each token's cell by its id, as a number (`cell_names`)."""
    names = cell_names(cards)
    return tuple(names.index(t.cell) for t in catalog(cards))


@cache
def side_capacity(cards: IncantibusCards, side_id: str) -> tuple[int, ...]:
    """The tokens each cell of that satchel side holds, by number (`cell_names`): a Satchel
    token and a stack never fill one (`UNCELLED`), a category without cells holds none."""
    side = next(s for s in cards.satchels if s.id == side_id)
    every = len(catalog(cards))  # (a stack holds any number: never more than there are)
    return tuple(
        every if name in UNCELLED else side.cells.get(name, 0) for name in cell_names(cards)
    )


@cache
def backs(cards: IncantibusCards) -> dict[str, tuple[int, ...]]:
    """The token ids of each back, in the catalog's order: the bags a match's set-up fills
    (sorted out once a card file rather than at every set-up: bots start many matches)."""
    found: dict[str, list[int]] = {}
    for t in catalog(cards):
        found.setdefault(t.back, []).append(t.id)
    return {back: tuple(ids) for back, ids in found.items()}


def purse_size(tokens: list[TokenInfo], side: SatchelSide) -> int:
    return side.purse + sum(1 for t in tokens if t.cell == "satchel")


def spare(tokens: list[TokenInfo], side: SatchelSide) -> int:
    """The purse places left once every category has filled its own cells; below 0, how
    many tokens too many."""
    counts: dict[str, int] = {}
    purse = side.purse
    for t in tokens:
        cell = t.cell
        if cell == "satchel":  # a Satchel token is one more purse place
            purse += 1
        elif cell not in UNCELLED:
            counts[cell] = counts.get(cell, 0) + 1
    cells = side.cells
    for cell, n in counts.items():
        own = cells.get(cell, 0)
        if n > own:
            purse -= n - own
    return purse


def spare_by_number(
    satchel: list[int], numbers: tuple[int, ...], capacity: tuple[int, ...], purse: int
) -> int:
    """`spare`, for a satchel of token ids, by the numbers of their cells (`cell_numbers`)
    and the side's capacity (`side_capacity`): asked at every token a seat takes, where counting the
    categories by name in a dict was the costliest part of taking one."""
    counts = [0] * len(capacity)
    for t in satchel:
        counts[numbers[t]] += 1
    purse += counts[0]  # a Satchel token is one more purse place
    for cell, own in enumerate(capacity):  # (not a zip: compiled, that is a call to Python)
        n = counts[cell]
        if n > own:
            purse -= n - own
    return purse


def overflow(tokens: list[TokenInfo], side: SatchelSide) -> int:
    """How many tokens must go to the purse."""
    return purse_size(tokens, side) - spare(tokens, side)


def fits(tokens: list[TokenInfo], side: SatchelSide) -> bool:
    return spare(tokens, side) >= 0


def room_makers(tokens: list[TokenInfo], side: SatchelSide) -> list[TokenInfo]:
    """The tokens whose throwing away frees a purse place: those of a category that has
    more tokens than cells. One throw makes room unless the satchel lost a purse cell (a
    Satchel token paid for a book); then one more is asked for, until all fits."""
    left = spare(tokens, side)
    counts: dict[str, int] = {}
    for t in tokens:
        counts[t.cell] = counts.get(t.cell, 0) + 1
    return [
        t
        for t in tokens
        if t.cell not in UNCELLED and (left >= 0 or counts[t.cell] > side.cells.get(t.cell, 0))
    ]


def layout(tokens: list[TokenInfo], side: SatchelSide) -> dict[str, list[int]]:
    """One arrangement for the table: each category's cells, the purse, the stacks."""
    cells: dict[str, list[int]] = {cell: [] for cell in side.cells}
    cells.update({"purse": [], "satchel": [], "spell": [], "sorcerer": []})
    for t in tokens:
        if t.cell in STACKED or t.cell == "satchel":
            cells[t.cell].append(t.id)
        elif t.cell in side.cells and len(cells[t.cell]) < side.cells[t.cell]:
            cells[t.cell].append(t.id)
        else:
            cells["purse"].append(t.id)
    return cells


# -- costs --------------------------------------------------------------------------------


def catcher(held: list[TokenInfo], monster: str) -> TokenInfo | None:
    """What catches this monster: a matching weapon (kept), else Ultimus (spent), else None."""
    for t in held:
        if t.cell == "weapon" and t.catches == monster:
            return t
    for t in held:
        if t.kind == "ultimus":
            return t
    return None


def _take_out(tokens: list[TokenInfo], token: TokenInfo) -> None:
    """Takes this very token out of the list. By identity: `list.remove` compares the
    tokens before it field by field, the costliest part of weighing a payment."""
    for i, t in enumerate(tokens):
        if t is token:
            del tokens[i]
            return
    raise ValueError("that token is not in the list")


def potion_payment(held: list[TokenInfo], recipe: tuple[str, ...]) -> list[TokenInfo] | None:
    """The ingredients spent on a potion: real ones first, the Stone for one that is missing."""
    free = [t for t in held if t.cell == "ingredient"]
    if len(free) < len(recipe):
        return None
    spent = []
    missing = 0
    for ingredient in recipe:
        match = next((t for t in free if t.kind == ingredient), None)
        if match is None:
            missing += 1
        else:
            _take_out(free, match)
            spent.append(match)
    stones = [t for t in free if t.kind == "philosophers-stone"]
    if missing > len(stones):
        return None
    return spent + stones[:missing]


def potion_payments(held: list[TokenInfo], paid: list[TokenInfo]) -> list[tuple[int, ...]]:
    """The other ways to brew, given the rules' own payment (`potion_payment`): the
    Philosopher's Stone standing in for a real ingredient the rules would spend (its owner
    may keep the ingredient instead). Token ids, one way per ingredient kind; the rules'
    own payment is not among them."""
    spent = {t.id for t in paid}
    stones = [t for t in held if t.kind == "philosophers-stone" and t.id not in spent]
    if not stones:
        return []
    ways: dict[str, tuple[int, ...]] = {}
    for real in paid:
        if real.kind != "philosophers-stone" and real.kind not in ways:
            rest = [t.id for t in paid if t is not real]
            ways[real.kind] = tuple(sorted([*rest, stones[0].id]))
    return list(ways.values())


def kind_of(cards: IncantibusCards, kind_id: str, of: type[K]) -> K:
    """The kind this id names, which is one of `of` (the rules know what they look up).
    Here, compiled with the rules, rather than on the card file's (interpreted) schema:
    the rules look a kind up several times a move."""
    found = cards.index[kind_id]
    if not isinstance(found, of):
        raise KeyError(f"{kind_id!r} is a {type(found).__name__}, not a {of.__name__}")
    return found


def _counts(kinds: Iterable[str]) -> dict[str, int]:
    """How many of each, in the order first met (as a Counter, which is plain Python code
    the compiled engine would call into at every payment it weighs)."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def potion_payment_ok(held: list[TokenInfo], pay: list[TokenInfo], recipe: tuple[str, ...]) -> bool:
    """Whether these tokens brew the potion: its ingredients, the Stone for any of them."""
    if len({t.id for t in pay}) != len(pay) or any(t not in held for t in pay):
        return False
    if len(pay) != len(recipe) or any(t.cell != "ingredient" for t in pay):
        return False
    wanted = _counts(recipe)
    for t in pay:
        if t.kind != "philosophers-stone":
            if not wanted.get(t.kind):
                return False
            wanted[t.kind] -= 1
    return True


def answers(token: TokenInfo, need: str) -> bool:
    """Whether a token meets a sorcerer's need: a potion of the colour ("potion-red"), a
    weapon, a spell token, or a token of the kind named."""
    if need.startswith("potion-"):
        return token.cell == "potion" and token.colour == need[7:]
    if need in ("weapon", "spell"):
        return token.cell == need
    return token.kind == need


def sorcerer_payment(held: list[TokenInfo], needs: dict[str, int]) -> list[TokenInfo] | None:
    """The tokens a sorcerer's weakness takes, chosen to keep the most for the player:
    the cheapest potion of the colour, plain weapons before Ultimus. Only the tokens
    that answer a need (`answers`) matter."""
    free = list(held)
    spent: list[TokenInfo] = []
    for need, amount in needs.items():
        pool = [t for t in free if answers(t, need)]
        if need.startswith("potion-"):
            pool.sort(key=lambda t: t.points)
        elif need == "weapon":
            kinds = _counts([t.kind for t in pool])
            pool.sort(key=lambda t: (t.kind == "ultimus", -kinds[t.kind]))
        if len(pool) < amount:
            return None
        for t in pool[:amount]:
            _take_out(free, t)
            spent.append(t)
    return spent


def book_pool(held: list[TokenInfo], needs: str) -> list[TokenInfo]:
    """The tokens that could pay for a book asking for `needs`, in the satchel's order:
    its ways to pay depend on these alone (so they can be remembered by them while the
    rest of the satchel changes)."""
    # A Satchel token is a special token, and any token: it pays for those books (the
    # card file's readings say so); no other book asks for what it is.
    if needs == "special":
        return [t for t in held if t.is_special]
    if needs == "coins":
        return [t for t in held if t.coins and t.cell != "satchel"]
    if needs == "spell":
        return [t for t in held if t.cell == "spell"]
    if needs in ("same-weapons", "same-ingredients", "different-weapons", "different-ingredients"):
        cell = needs.split("-")[1][:-1]
        return [t for t in held if t.cell == cell]
    return list(held)  # any tokens


def book_payments(pool: list[TokenInfo], needs: str, amount: int) -> list[tuple[int, ...]]:
    """Every distinct way to pay for a magic book from its `book_pool`, as token ids (one
    per kind choice: tokens of a kind are alike, and the first ones in the satchel go)."""
    if needs == "spell":
        return [tuple(t.id for t in pool[:amount])] if len(pool) >= amount else []
    if needs in ("same-weapons", "same-ingredients"):
        alike: dict[str, list[int]] = {}
        for t in pool:
            alike.setdefault(t.kind, []).append(t.id)
        return [tuple(sorted(ids[:amount])) for ids in alike.values() if len(ids) >= amount]
    if needs in ("different-weapons", "different-ingredients"):
        return [tuple(sorted([t.id for t in c])) for c in combinations(_per_kind(pool, 1), amount)]
    if needs == "any" and amount == 2:
        return _any_two_ways(pool)
    # Special tokens, coins or any tokens (of another number than two): several of a kind
    # may go, and ways that differ only in which token of a kind goes are one way (a way
    # never needs more coins of one kind than it asks for coins).
    if needs == "special":
        candidates = list(combinations(_per_kind(pool, amount), amount))
    elif needs == "coins":
        coins = _per_kind(pool, amount)
        # (No more tokens than coins asked for: each holds one at least, and a way with
        # more would have a token to spare, which `_minimal_coins` refuses.)
        candidates = [
            c
            for n in range(1, min(len(coins), amount) + 1)
            for c in combinations(coins, n)
            if _minimal_coins(c, amount)
        ]
    else:  # any tokens
        candidates = list(combinations(_two_per_kind(pool), amount))
    seen: dict[tuple[str, ...], tuple[int, ...]] = {}
    for c in candidates:
        key = tuple(sorted([t.kind for t in c]))
        if key not in seen:
            seen[key] = tuple(sorted([t.id for t in c]))
    return list(seen.values())


def book_payment_problem(
    held: list[TokenInfo], pay: list[TokenInfo], needs: str, amount: int
) -> str | None:
    """Why these tokens do not pay for a book of this kind, in words; None when they do."""
    if len({t.id for t in pay}) != len(pay) or any(t not in held for t in pay):
        return "Pay with tokens of your own satchel, each once."
    if any(t.cell == "satchel" for t in pay) and needs not in ("special", "any"):
        return "A Satchel token pays only for a book that asks for special or any tokens."
    kinds = [t.kind for t in pay]
    if needs == "coins":
        total = sum(t.coins for t in pay)
        if any(not t.coins for t in pay):
            return "Only gold pays for this book."
        if total < amount:
            return f"Those coins make {total}; this book asks for {amount}."
        spare = next((t for t in pay if total - t.coins >= amount), None)
        if spare is not None:
            return (
                f"Those coins make {total}, more than the {amount} this book asks for: "
                f"keep the {spare.name}."
            )
        return None
    if len(pay) != amount:
        return f"This book takes exactly {amount} token{'s' * (amount != 1)}."
    if needs == "spell" and not all(t.cell == "spell" for t in pay):
        return "Only spell tokens pay for this book."
    if needs == "special" and not all(t.is_special for t in pay):
        return "Only special tokens pay for this book."
    if needs in ("same-weapons", "same-ingredients"):
        cell = needs.split("-")[1][:-1]
        if not all(t.cell == cell for t in pay) or len(set(kinds)) != 1:
            return f"This book takes {amount} {cell}s of one and the same kind."
    if needs in ("different-weapons", "different-ingredients"):
        cell = needs.split("-")[1][:-1]
        if not all(t.cell == cell for t in pay) or len(set(kinds)) != amount:
            return f"This book takes {amount} {cell}s, each of a different kind."
    return None


def _minimal_coins(tokens: tuple[TokenInfo, ...], amount: int) -> bool:
    """Enough coins, and no token that could be left out: nobody overpays on purpose."""
    if not tokens:
        return amount <= 0
    coins = [t.coins for t in tokens]
    total, least = sum(coins), min(coins)
    # Every token holds a coin, and is needed if even the one with the fewest is (plain
    # `min`, not an `all` over every token: this weighs every choice of coins).
    return least > 0 and total >= amount and total - least < amount


def _per_kind(tokens: Iterable[TokenInfo], most: int) -> list[TokenInfo]:
    """The first `most` tokens of each kind, in their order."""
    seen: dict[str, int] = {}
    kept = []
    for t in tokens:
        n = seen.get(t.kind, 0)
        if n < most:
            seen[t.kind] = n + 1
            kept.append(t)
    return kept


def _any_two_ways(pool: list[TokenInfo]) -> list[tuple[int, ...]]:
    """The ways to pay two tokens of any kind (`book_payments`): kind by kind, in the
    satchel's order, two of it if it is held twice, then it with each later kind; the
    first tokens of a kind go. The same ways in the same order as the combinations of
    `_two_per_kind` that differ in kinds, written out: the "any 2 tokens" book's ways
    change with every token a satchel takes, and that search took half of listing them."""
    kinds: dict[str, list[int]] = {}
    for t in pool:
        ids = kinds.get(t.kind)
        if ids is None:
            kinds[t.kind] = [t.id]
        elif len(ids) < 2:
            ids.append(t.id)
    firsts = [ids[0] for ids in kinds.values()]
    ways: list[tuple[int, ...]] = []
    for i, ids in enumerate(kinds.values()):
        a = ids[0]
        if len(ids) == 2:
            b = ids[1]
            ways.append((a, b) if a < b else (b, a))
        for c in firsts[i + 1 :]:
            ways.append((a, c) if a < c else (c, a))
    return ways


def _two_per_kind(tokens: Iterable[TokenInfo]) -> list[TokenInfo]:
    """The first two tokens of each kind, kind by kind (the order the "any tokens" book
    has always listed its ways in)."""
    seen: dict[str, list[TokenInfo]] = {}
    for t in tokens:
        if len(seen.setdefault(t.kind, [])) < 2:
            seen[t.kind].append(t)
    return [t for group in seen.values() for t in group]
