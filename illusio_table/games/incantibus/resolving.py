"""What a casting does once every wand has pointed (a part of the Incantibus rules): the
reveal, each target taken strongest wand first, the spells cast, the decisions a step waits
for, and what follows the casting (the room refilled, the next room, the dungeon, the end).

Each function takes the game first (see rules.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from illusio_table.engine import HIDDEN_SHOWN, Event
from illusio_table.engine.protocol import listed

from . import satchel as bag
from .actions import Point
from .cards import SpellKind
from .pointing import can_defeat, pointing_options, sorcerer_ask
from .satchel import TokenInfo
from .state import Decision, IncantibusPhase

if TYPE_CHECKING:
    from .rules import Incantibus

OUTCOME_WORDS = {
    "taken": "taken",
    "caught": "caught",
    "escaped": "nothing to catch it with, it escaped into the moat",
    "brewed": "brewed",
    "learned": "learned",
    "defeated": "defeated",
    "too strong": "too strong, escaped into the moat",
}
SPECIAL_OF_SPELL = {
    "locus": "satchel",
    "ultimus": "ultimus",
    "philosophia": "philosophers-stone",
    "fortuna": "three-gold",
}


# -- the reveal ----------------------------------------------------------------------------


def target_name(game: Incantibus, action: Point, for_seat: int | None = None) -> str:
    # (The move's fields read once: compiled, each read of an action's field is a look-up.)
    where, index = action.place, action.index
    if where == "room":
        token, face_up = game._slot(index)
        return game.info[token].name if face_up else "a secret token"
    if where == "dungeon":
        sid, face_up = game._sorcerer_at(index)
        return game.info[sid].name if face_up else "a hidden sorcerer"
    spaces = game.potions if where == "potion" else game.books
    name = game.info[game._opened(spaces, index)].name
    return name if where == "potion" else f"the book “{name}”"


def before_reveal(game: Incantibus) -> dict[str, Any]:
    """The public table as it stood when the wands pointed (for the reveal's picture):
    the room's or dungeon's slots, the open potions and books, the wands, and the
    satchels, points and moat, so that no result shows before the reveal tells it; and
    the whole public table then (`table`: the spectator's view, every seat chosen), which
    the reveal draws: no potion or book opened by the casting, no sorcerer it turned, no
    next room or dungeon is on it yet."""

    def slot(index: int, token: int, face_up: bool) -> dict[str, Any]:
        return {"slot": index, "face_up": face_up, **(game._token(token) if face_up else {})}

    room = [slot(i, t, up) for i, t, up in game.room_tokens()]
    dungeon = None
    if game.dungeon is not None:
        dungeon = [slot(i, s[0], s[1]) for i, s in enumerate(game.dungeon) if s is not None]
    return {
        "room": room,
        "dungeon": dungeon,
        "potions": [None if p is None else game._token(p) for p in game.potions],
        "books": [None if b is None else game._token(b) for b in game.books],
        "wands": list(game.wands),
        "satchels": [game._satchel_view(s) for s in range(game.seats)],
        "points": [sum(game.points(s).values()) for s in range(game.seats)],
        "moat": [game._token(t) for t in game.moat],
        "table": game.seat_view(None),
    }


def reveal(game: Incantibus) -> list[Event]:
    game.castings += 1
    game.pointing_wands = list(game.wands)
    # The reveal's words and its picture of the table before it, made only for readers
    # (they were half of a casting's work in a bot's rollout).
    told = None if game.quiet else reveal_told(game)
    claims: dict[tuple[str, int], list[int]] = {}
    for seat, action in sorted(game.choices.items()):
        claims.setdefault((action.place, action.index), []).append(seat)
    game.last_casting = []
    winners = []
    strength = game.wands.__getitem__  # (strongest first: a sort by a C-made key)
    for target, seats in claims.items():
        if len(seats) > 1:
            seats.sort(key=strength, reverse=True)  # (stable too)
        winner = seats[0]
        winners.append(winner)
        entry: dict[str, Any] = {
            "target": list(target),
            "name": target_name(game, game.choices[winner]),  # as it looked: public
            "claimants": list(seats),
            "wands": list(map(strength, seats)),  # (each claimant's wand, in a C loop)
            "winner": winner,
            "swap": [winner, seats[-1]] if len(seats) > 1 else None,
            "outcome": None,  # what the winner got, once the take is resolved
            "to": None,  # the seat that kept the token, or "moat"
        }
        game.last_casting.append(entry)
    events = [HIDDEN_SHOWN] if told is None else reveal_events(game, *told)
    for entry in game.last_casting:
        if entry["swap"]:
            a, b = entry["swap"]
            game.wands[a], game.wands[b] = game.wands[b], game.wands[a]
            if not game.quiet:
                events.append(Event(f"{game.name(a)} and {game.name(b)} swap wands."))
    # Takes go strongest wand first (as pointed), then the spells, then the room.
    winners.sort(key=game.pointing_wands.__getitem__, reverse=True)
    game.steps = [("take", s, game.choices[s]) for s in winners] + [("spells",)]
    game.choices = {}
    game.casters = []
    game.phase = IncantibusPhase.RESOLVING
    return events + run(game)


def reveal_told(game: Incantibus) -> tuple[list[str], dict[str, Any]]:
    """What a reveal tells that must be read before it changes anything: the line of
    what each seat pointed at, and the picture of the table as it stood."""
    lines = [
        f"{game.name(s)} (wand {game.wands[s]}) → {target_name(game, a)}"
        for s, a in sorted(game.choices.items())
    ]
    return lines, before_reveal(game)


def reveal_events(game: Incantibus, lines: list[str], before: dict[str, Any]) -> list[Event]:
    """The reveal's lines, once the targets are settled: who pointed where, with the
    table's picture and the targets for the reveal to play, then who got nothing."""
    entries = [casting_entry(game, e) for e in game.last_casting]  # copies: data is kept
    data = {"casting": game.castings, "before": before, "entries": entries}
    events = [Event("In-can-to! " + "; ".join(lines) + ".", reveals=True, data=data)]
    for entry in game.last_casting:
        if len(entry["claimants"]) > 1:
            seats, winner = entry["claimants"], entry["winner"]
            others = listed(game.name(s) for s in seats[1:])
            verb = "gets" if len(seats) == 2 else "get"
            events.append(
                Event(
                    f"{game.name(winner)}'s wand {game.wands[winner]} is the strongest on "
                    f"{entry['name']}: {others} {verb} nothing."
                )
            )
    return events


def settle(game: Incantibus, seat: int, outcome: str, got: int, kept: bool) -> None:
    """What the winner of a target truly got, for the table and the Last casting box."""
    for entry in game.last_casting:
        if entry["winner"] == seat and entry["outcome"] is None:
            entry["outcome"], entry["got"] = outcome, game.info[got].name
            entry["to"] = seat if kept else "moat"
            return


def casting_entry(game: Incantibus, entry: dict[str, Any]) -> dict[str, Any]:
    """One target of the last casting as every seat may know it, with its words."""
    names = [game.name(s) for s in entry["claimants"]]
    shown = entry["name"]
    got = entry.get("got")
    if got and got not in shown:
        # A sorcerer is a person, named bare ("Rima Wulf", not "the Rima Wulf"); a token
        # is a thing ("the Goblin").
        bare = any(s.name == got for s in game.cards.sorcerers)
        shown = f"{shown} ({got})" if bare else f"{shown} (the {got})"
    line = f"{names[0]} (wand {entry['wands'][0]}) → {shown}"
    if len(names) > 1:
        beaten = " and ".join(
            f"{n} ({w})" for n, w in zip(names[1:], entry["wands"][1:], strict=True)
        )
        line += f", beating {beaten}"
    line += f": {OUTCOME_WORDS.get(entry['outcome'], 'being resolved')}"
    if entry["swap"]:
        a, b = entry["swap"]
        line += f"; {game.name(a)} and {game.name(b)} swap wands"
    return {
        "target": list(entry["target"]),
        "name": entry["name"],
        "claimants": list(entry["claimants"]),
        "wands": list(entry["wands"]),
        "winner": entry["winner"],
        "swap": list(entry["swap"]) if entry["swap"] else None,
        "outcome": entry["outcome"],
        "got": entry.get("got"),
        "to": entry["to"],
        "line": line + ".",
    }


def run(game: Incantibus) -> list[Event]:
    events: list[Event] = []
    while game.decision is None and game.steps:
        step = game.steps.pop(0)
        if step[0] == "take":
            events += take(game, step[1], step[2])
        elif step[0] == "spells":
            order = sorted(game.casters, key=game.wands.__getitem__, reverse=True)
            game.steps[:0] = [("cast", s) for s in order]
        elif step[0] == "cast":
            events += offer_spell(game, step[1], optional=len(step) > 2 and step[2])
    if game.decision is not None:
        game.phase = IncantibusPhase.DECISION
        return events
    return events + after_casting(game)


# -- taking --------------------------------------------------------------------------------


def take(game: Incantibus, seat: int, action: Point) -> list[Event]:
    who = "" if game.quiet else game.name(seat)  # (the words only for readers)
    where, index = action.place, action.index  # (read once, as in `target_name`)
    if where == "room":
        token, face_up = game._slot(index)
        game.room[index] = None
        events = []
        if not face_up:
            events.append(
                HIDDEN_SHOWN
                if game.quiet
                else Event(f"{who} turns the secret token: {game.info[token].name}.", reveals=True)
            )
        events += receive(game, seat, token)
        kept = token in game.satchels[seat]
        monster = game.info[token].cell == "monster"
        outcome = ("caught" if kept else "escaped") if monster else "taken"
        settle(game, seat, outcome, token, kept)
        return events
    if where == "potion":
        potion = game._opened(game.potions, index)
        game.potions[index] = None
        chosen = [game.info[t] for t in action.pay]
        paid = chosen or bag.potion_payment(game.held(seat), game.recipes[potion])
        assert paid is not None  # pointing at it was legal: the satchel can pay
        settle(game, seat, "brewed", potion, True)
        return pay(game, seat, paid, f"{who} brews the {game.info[potion].name}") + place(
            game, seat, potion
        )
    if where == "book":
        book = game._opened(game.books, index)
        game.books[index] = None
        paid = [game.info[t] for t in action.pay]
        settle(game, seat, "learned", book, True)
        return pay(game, seat, paid, f"{who} learns the book “{game.info[book].name}”") + place(
            game, seat, book
        )
    return fight(game, seat, index)


def pay(game: Incantibus, seat: int, paid: list[TokenInfo], headline: str) -> list[Event]:
    for t in paid:
        game.satchels[seat].remove(t.id)
        game.moat.append(t.id)
    if game.quiet:
        return []
    spent = ", ".join(t.name for t in paid)
    return [Event(f"{headline}, throwing {spent} into the moat." if paid else f"{headline}.")]


def receive(
    game: Incantibus,
    seat: int,
    token: int,
    caught: bool = False,
    announce: bool = True,
    spell_optional: bool = False,
) -> list[Event]:
    """A token comes to a seat: monsters must be caught, spells are cast, the rest kept.

    Monsters must be caught, so a monster that only Ultimus catches is caught with it,
    and Ultimus goes to the moat; the rulebook's freedom not to use Ultimus holds only
    for a taker who has a suitable weapon, and that weapon is then used.
    """
    info = game.info[token]
    who = "" if game.quiet else game.name(seat)  # (the words only for readers)
    if info.cell == "monster" and not caught:
        weapon = bag.catcher(game.held(seat), info.kind)
        if weapon is None:
            game.moat.append(token)
            if game.quiet:
                return []
            return [Event(f"{who} has nothing to catch the {info.name}: it escapes into the moat.")]
        if weapon.kind == "ultimus":
            game.satchels[seat].remove(weapon.id)
            game.moat.append(weapon.id)
            caught_with = (
                []
                if game.quiet
                else [
                    Event(f"{who} catches the {info.name} with Ultimus."),
                    Event("Ultimus is spent and thrown into the moat."),
                ]
            )
            return caught_with + place(game, seat, token)
        if game.quiet:
            return place(game, seat, token)
        events = [Event(f"{who} catches the {info.name} with the {weapon.name}.")]
        return events + place(game, seat, token)
    events = [Event(f"{who} takes the {info.name}.")] if announce and not game.quiet else []
    if info.cell == "spell":
        if game.phase == IncantibusPhase.RESOLVING and any(
            step[0] == "spells" for step in game.steps
        ):
            game.casters.append(seat)
        else:
            game.steps.insert(0, ("cast", seat, spell_optional))
    return events + place(game, seat, token)


def place(game: Incantibus, seat: int, token: int) -> list[Event]:
    satchel = game.satchels[seat]
    satchel.append(token)
    if bag.spare_by_number(satchel, game.cell_numbers, game.capacity, game.side.purse) >= 0:
        return []  # (`fits`)
    game.decision = Decision("overflow", seat, token=token)
    return [Event(f"{game.name(seat)}'s satchel is full: a token must go into the moat.")]


def fight(game: Incantibus, seat: int, slot: int) -> list[Event]:
    sid, face_up = game._sorcerer_at(slot)
    assert game.dungeon is not None  # (`_sorcerer_at` has checked)
    game.dungeon[slot] = None
    who, sorcerer = game.name(seat), game.info[sid]
    events = (
        []
        if face_up
        else [Event(f"{who} turns the hidden sorcerer: {sorcerer.name}.", reveals=True)]
    )
    satchel = tuple(game.satchels[seat])
    if not can_defeat(game, seat, sid, satchel, wand=game.pointing_wands[seat]):
        game.moat.append(sid)
        settle(game, seat, "too strong", sid, False)
        return events + [
            Event(f"{sorcerer.name} is too strong for {who} and escapes into the moat.")
        ]
    _, _, needs, _ = sorcerer_ask(game, sid)
    paid = bag.sorcerer_payment(game.held(seat), needs)
    assert paid is not None  # (`can_defeat` found the payment above)
    settle(game, seat, "defeated", sid, True)
    return events + pay(game, seat, paid, f"{who} defeats {sorcerer.name}") + place(game, seat, sid)


def discard(game: Incantibus, seat: int, token: int, new: int) -> list[Event]:
    game.satchels[seat].remove(token)
    game.moat.append(token)
    what = "the new token" if token == new else "a token of the satchel"
    return [Event(f"{game.name(seat)} throws {what}, the {game.info[token].name}, into the moat.")]


# -- spells --------------------------------------------------------------------------------


def offer_spell(game: Incantibus, seat: int, optional: bool = False) -> list[Event]:
    if all(card is None for card in game.spell_cards):
        return [Event(f"No spell card is left for {game.name(seat)} to cast.")]
    game.decision = Decision("spell", seat, optional=optional)
    return []


def cast(game: Incantibus, seat: int, slot: int) -> list[Event]:
    spell = game._open_spell(slot)
    game.spent_spells.append(spell)
    new = game.spell_cards[slot] = game._draw_spell()
    name = bag.kind_of(game.cards, spell, SpellKind).name
    # (Its data for the tables: the Last casting box tells the spells cast.)
    cast = {"cast": name, "seat": seat}
    events = [] if game.quiet else [Event(f"{game.name(seat)} casts {name}.", data=cast)]
    if new is not None:
        events.append(
            HIDDEN_SHOWN
            if game.quiet
            else Event(
                f"A new spell card is opened: {bag.kind_of(game.cards, new, SpellKind).name}.",
                reveals=True,
            )
        )
    if spell in SPECIAL_OF_SPELL:
        token = next(
            (t for t in game.specials if game.info[t].kind == SPECIAL_OF_SPELL[spell]), None
        )
        if token is None:
            return events + [Event(f"{name} has nothing left to give.")]
        game.specials.remove(token)
        return events + receive(game, seat, token)
    game.decision = Decision(spell, seat, spell=spell)
    if not game._decision_options():
        game.decision = None
        events.append(Event(f"{name} finds no target and does nothing."))
    return events


def steal(game: Incantibus, seat: int, token: int) -> list[Event]:
    victim = next(s for s in range(game.seats) if token in game.satchels[s])
    game.satchels[victim].remove(token)
    events = [
        Event(f"{game.name(seat)} steals the {game.info[token].name} from {game.name(victim)}.")
    ]
    return events + place(game, seat, token)


def retrieve(game: Incantibus, seat: int, token: int) -> list[Event]:
    game.moat.remove(token)
    events = [Event(f"{game.name(seat)} fishes the {game.info[token].name} out of the moat.")]
    # Retiro takes a monster even without a weapon to catch it; a spell token taken
    # from the moat lets its taker cast one more spell, if they like.
    return events + receive(game, seat, token, caught=True, announce=False, spell_optional=True)


def seize(game: Incantibus, seat: int, slot: int) -> list[Event]:
    token, _ = game._slot(slot)
    game.room[slot] = None
    return receive(game, seat, token)


def peek(game: Incantibus, seat: int, slot: int) -> list[Event]:
    token, _ = game._slot(slot)
    info, who = game.info[token], game.name(seat)
    events = [
        Event(
            f"You look at the secret token: {info.name}.",
            seen_by=frozenset({seat}),
            reveals=True,
        ),
        Event(f"{who} looks at a secret token.", hidden_from=frozenset({seat})),
    ]
    keeps = info.cell != "monster" or bag.catcher(game.held(seat), info.kind) is not None
    if not keeps:
        game.known[seat][slot] = info.kind
        return events + [Event(f"{who} puts the token back, face down.")]
    game.room[slot] = None
    events.append(Event(f"{who} takes it: the {info.name}.", reveals=True))
    # (Said once: the log read "Lera takes it: the 1 Gold. Lera takes the 1 Gold.")
    return events + receive(game, seat, token, announce=False)


# -- after a casting -----------------------------------------------------------------------


def after_casting(game: Incantibus) -> list[Event]:
    game.phase = IncantibusPhase.CASTING
    if game.dungeon is not None:
        return after_battle(game)
    if len(game.room) - game.room.count(None) >= 2:  # (counted, not listed: every casting)
        return []
    events = []
    # How the room ended, on the next room's first event (for the tables).
    over: dict[str, Any] = {"room_over": game.room_name, "fell": []}
    for slot, token, _ in game.room_tokens():
        game.room[slot] = None
        game.moat.append(token)
        over["fell"].append(game.info[token].name)
        events.append(
            Event(f"The last token, {game.info[token].name}, falls into the moat.", reveals=True)
        )
    events += game._refill()
    if game.room_stack:
        tile_id = game.room_stack.pop(0)
        tile = next(r for r in game.cards.rooms if r.id == tile_id)
        events += game._fill_room(tile.name, tile.visible, tile.secret, over)
        events += turn_sorcerer(game)
    else:
        events += enter_dungeon(game, over)  # the sorcerers go down as they lie (readings)
    return events


def turn_sorcerer(game: Incantibus) -> list[Event]:
    for entry in game.track:
        if not entry[1]:
            entry[1] = True
            if game.quiet:
                return [HIDDEN_SHOWN]
            return [Event(f"A sorcerer is turned: {game.info[entry[0]].name}.", reveals=True)]
    return []


def enter_dungeon(game: Incantibus, over: dict[str, Any] | None = None) -> list[Event]:
    """The sorcerers go down; `over`: how the last room ended, for the tables."""
    game.room, game.room_name = [], "dungeon"
    game.known = [{} for _ in range(game.seats)]
    game.dungeon = [list(entry) for entry in game.track]
    game.track = []
    told = Event("No room is left: the final battle begins in the dungeon.", data=over)
    return [told] + after_battle(game)


def after_battle(game: Incantibus) -> list[Event]:
    assert game.dungeon is not None  # the battle is under way
    left = [s for s in game.dungeon if s is not None]
    if not left:
        return end(game, "The dungeon is empty.")
    if any(not up for _, up in left):
        return []
    stuck = [s for s in range(game.seats) if not pointing_options(game, s)]
    if stuck:
        game.laid_down = stuck
        names = listed(game.name(s) for s in stuck)
        return end(
            game,
            f"{names} can fight no sorcerer, brew no potion and take no book, "
            "and lay down their wand.",
        )
    return []


def end(game: Incantibus, why: str) -> list[Event]:
    game.phase = IncantibusPhase.OVER
    return game.closing_events(why)
