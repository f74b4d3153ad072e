"""Staging positions of Incantibus for tests, keeping every token in exactly one place:
the one place a test writes into a match's state (`tests/test_staging.py` checks that no
test does it elsewhere), so that a change of the state's shape is met here."""

from __future__ import annotations

from collections import Counter

from illusio_table.games import new_game
from illusio_table.games.incantibus import satchel as bag
from illusio_table.games.incantibus.actions import Point
from illusio_table.games.incantibus.game import Incantibus

NAMES = ["Lera", "Kirill", "Katya", "Rosa"]


def make(seats: int = 4, seed: int = 1, mode: str = "apprentice") -> Incantibus:
    players = [{"name": NAMES[s], "bot": None} for s in range(seats)]
    return new_game("incantibus", seats, seed, {"mode": mode}, players)


def places(game: Incantibus) -> dict[str, list[int]]:
    """Every token of the box by where it is."""
    found: dict[str, list[int]] = {
        "visible_bag": list(game.visible_bag),
        "secret_bag": list(game.secret_bag),
        "moat": list(game.moat),
        "specials": list(game.specials),
        "potion_bag": list(game.potion_bag),
        "book_bag": list(game.book_bag),
        "set_aside": list(game.set_aside),
        "room": [t[0] for t in game.room if t is not None],
        "potions": [p for p in game.potions if p is not None],
        "books": [b for b in game.books if b is not None],
        "track": [s for s, _ in game.track],
        "dungeon": [s[0] for s in (game.dungeon or []) if s is not None],
    }
    for seat, held in enumerate(game.satchels):
        found[f"satchel{seat}"] = list(held)
    if not game.expert:
        found["unused_books"] = [t.id for t in game.info if t.back == "book"]
    return found


def take_out(game: Incantibus, token: int) -> None:
    """Removes a token from wherever it is."""
    for pool in (
        game.visible_bag,
        game.secret_bag,
        game.moat,
        game.specials,
        game.potion_bag,
        game.book_bag,
        game.set_aside,
        *game.satchels,
    ):
        if token in pool:
            pool.remove(token)
            return
    for spaces in (game.potions, game.books):
        if token in spaces:
            spaces[spaces.index(token)] = None
            return
    for i, entry in enumerate(game.room):
        if entry is not None and entry[0] == token:
            game.room[i] = None
            return
    for i, entry in enumerate(game.track):
        if entry[0] == token:
            del game.track[i]
            return
    for i, entry in enumerate(game.dungeon or []):
        if entry is not None and entry[0] == token:
            game.dungeon[i] = None
            return
    raise AssertionError(f"token {token} is nowhere")


def put_back(game: Incantibus, token: int) -> None:
    """Returns a token to its supply (used when a test clears a place)."""
    info = game.info[token]
    pools = {
        "visible": game.visible_bag,
        "secret": game.secret_bag,
        "special": game.specials,
        "potion": game.potion_bag,
        "book": game.book_bag,
        "sorcerer": game.set_aside,
    }
    pools[info.back].append(token)


def free_token(game: Incantibus, kind: str, avoid: set[int] = frozenset()) -> int:
    """A token of that kind, preferably still in a supply."""
    order = sorted(
        (t for t in game.info if t.kind == kind and t.id not in avoid),
        key=lambda t: _rank(game, t.id),
    )
    return order[0].id


def _rank(game: Incantibus, token: int) -> int:
    where = next(k for k, v in places(game).items() if token in v)
    return (
        0
        if where in ("visible_bag", "secret_bag", "specials", "potion_bag", "book_bag", "set_aside")
        else 1
    )


def set_room(game: Incantibus, tokens: list[tuple[str, bool]]) -> list[int]:
    """Empties the room into the supply and lays out these (kind, face_up) tokens."""
    for entry in game.room:
        if entry is not None:
            put_back(game, entry[0])
    game.room = []
    game.known = [{} for _ in range(game.seats)]
    ids = []
    for kind, face_up in tokens:
        token = free_token(game, kind, set(ids))
        take_out(game, token)
        game.room.append((token, face_up))
        ids.append(token)
    return ids


def give(
    game: Incantibus, seat: int, *kinds: str, spare: frozenset[int] = frozenset()
) -> list[int]:
    """Tokens of these kinds into a seat's satchel, none of `spare` (tokens given before)."""
    ids: list[int] = []
    for kind in kinds:
        token = free_token(game, kind, set(ids) | spare)
        take_out(game, token)
        game.satchels[seat].append(token)
        ids.append(token)
    return ids


def set_potions(game: Incantibus, *kinds: str) -> None:
    for p in game.potions:
        if p is not None:
            put_back(game, p)
    game.potions = [None] * len(game.potions)
    for i, kind in enumerate(kinds):
        token = free_token(game, kind)
        take_out(game, token)
        game.potions[i] = token


def close_potions(game: Incantibus, *spaces: int) -> None:
    """These potion spaces (all of them by default) are empty, their tokens back in the
    supply."""
    for space in spaces or range(len(game.potions)):
        potion = game.potions[space]
        if potion is not None:
            put_back(game, potion)
        game.potions[space] = None


def no_books_left(game: Incantibus) -> None:
    """Every book space is empty and none is left to open (the books leave the game)."""
    game.books = [None] * len(game.books)
    game.book_bag = []


def open_book(game: Incantibus, kind: str, space: int = 0) -> int:
    """A magic book of that kind lies open in the space (taken from wherever it was)."""
    book = free_token(game, kind)
    take_out(game, book)
    game.books[space] = book
    return book


def into_moat(game: Incantibus, seat: int, token: int) -> None:
    """A token of the seat's satchel lies in the moat."""
    game.satchels[seat].remove(token)
    game.moat.append(token)


def open_spells(game: Incantibus, *kinds: str) -> None:
    """Opens these spell cards (taken from the deck) in the three spaces."""
    deck = game.spell_deck + [c for c in game.spell_cards if c is not None]
    for kind in kinds:
        deck.remove(kind)
    game.spell_cards, game.spell_deck = list(kinds), deck


def spend_spells(game: Incantibus) -> None:
    """Every spell card is spent: none open, none left to draw."""
    game.spent_spells += [c for c in game.spell_cards if c] + game.spell_deck
    game.spell_cards, game.spell_deck = [None] * len(game.spell_cards), []


def to_dungeon(game: Incantibus, sorcerers: list[tuple[str, bool]]) -> list[int]:
    """Empties the tower and lines up these (kind, face_up) sorcerers for the last room
    change."""
    for s, _ in game.track:
        game.set_aside.append(s)
    game.track = []
    for kind, up in sorcerers:
        token = free_token(game, kind)
        take_out(game, token)
        game.track.append([token, up])
    game.room_stack = []
    return [s for s, _ in game.track]


def last_room(game: Incantibus) -> None:
    """No room tile is left: the next change of room goes down to the dungeon."""
    game.room_stack = []


def set_wands(game: Incantibus, *wands: int) -> None:
    game.wands = list(wands)


def slot_of(game: Incantibus, token: int) -> int:
    return next(i for i, t in enumerate(game.room) if t is not None and t[0] == token)


def point(game: Incantibus, choices: dict[int, Point]) -> list:
    events = []
    for seat, action in choices.items():
        events += game.apply(seat, action)
    return events


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def hidden_ids(game: Incantibus) -> set[int]:
    """Tokens whose face nobody may know."""
    hidden = (
        set(game.visible_bag) | set(game.secret_bag) | set(game.potion_bag) | set(game.book_bag)
    )
    hidden |= set(game.set_aside)
    hidden |= {t for t, up in (e for e in game.room if e is not None) if not up}
    hidden |= {s for s, up in game.track if not up}
    hidden |= {e[0] for e in (game.dungeon or []) if e is not None and not e[1]}
    return hidden


def ids_in(value) -> set[int]:
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("id", "token") and isinstance(item, int):
                found.add(item)
            found |= ids_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= ids_in(item)
    return found


def check_invariants(game: Incantibus) -> None:
    """After every action: nothing created or lost, satchels within capacity, wands a
    permutation of the wands in play, no view showing a hidden token."""
    every = [t for pool in places(game).values() for t in pool]
    counts = Counter(every)
    assert sorted(counts) == list(range(len(game.info))), "a token was created or lost"
    assert all(n == 1 for n in counts.values()), "a token is in two places"
    cards = (
        len(game.spell_deck) + sum(c is not None for c in game.spell_cards) + len(game.spent_spells)
    )
    assert cards == sum(s.count for s in game.cards.spells), "a spell card was created or lost"
    decision = game.view(None)["decision"] or {}
    for seat in range(game.seats):
        overflowing = decision.get("kind") == "overflow" and decision.get("seat") == seat
        assert overflowing or bag.fits(game.held(seat), game.side), (
            f"seat {seat}'s satchel is over capacity"
        )
    row = next(r for r in game.cards.setups if r.players == game.seats)
    assert sorted(game.wands) == sorted(row.wands), "the wands are not the wands in play"
    hidden = hidden_ids(game)
    for seat in [None, *range(game.seats)]:
        shown = ids_in(game.view(seat))
        assert not (shown & hidden), f"view({seat}) shows hidden tokens {shown & hidden}"


def set_choices(game: Incantibus, choices: dict[int, Point]) -> None:
    """What these seats have pointed at (their secret choices, made or not yet)."""
    game.choices.update(choices)
