"""The magicians' talents: for each, the uses a seat may make now, why one is refused,
what it does and how it is said. `TALENTS` holds them by the talent's name, the one
place a talent is looked up (the rules, the move words and the bots' listing ask here).

Each function takes the game first. The talent is free and used once per round; the
rules check that before asking here (see `refusals.talent_refusal`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from illusio_table.engine import HIDDEN_SHOWN, Action, Event

from .actions import TALENT_BARE, TALENT_SWAP, TALENT_TURN, UseTalent
from .hand import exchange_cards, from_hand

if TYPE_CHECKING:
    from .rules import Illusio


@dataclass(frozen=True)
class Talent:
    # The uses a seat may make now, given one card of each kind in its hand when the
    # turn's listing found them (None: see `_hand_kinds`).
    moves: Callable[[Illusio, int, list[int] | None], list[Action]]
    refuse: Callable[[Illusio, int, UseTalent], str | None]
    perform: Callable[[Illusio, int, UseTalent, str], list[Event]]  # `said`: "Ana uses X's talent"
    words: Callable[[Illusio, UseTalent], str | None]  # None: not a use this talent makes


def _hand_kinds(game: Illusio, seat: int, kinds: list[int] | None) -> list[int]:
    """One card of each kind in the seat's hand: as the turn's listing found them, or
    found here when it did not (no action left to list)."""
    return game._distinct(game.hands[seat]) if kinds is None else kinds


def _another(game: Illusio, seat: int, action: UseTalent) -> int | None:
    """The other magician the talent names, None when it names no other one."""
    other = action.seat
    return other if other is not None and other != seat and 0 <= other < game.seats else None


# -- the Stand-in: a Component of the hand goes to the Backstage, free, beside its twin ------


def _stand_in_moves(game: Illusio, seat: int, kinds: list[int] | None) -> list[Action]:
    twins = {game.now[c] for c in game.backstage[seat]}
    talent_card = game.numbered.talent_card
    return [talent_card[c] for c in _hand_kinds(game, seat, kinds) if game.now[c] in twins]


def _stand_in_refusal(game: Illusio, seat: int, action: UseTalent) -> str | None:
    if action.card is None:
        return "Choose a Component of your hand."
    reason = from_hand(game, seat, action.card, component=True)
    if reason:
        return reason
    if all(game.now[c] != game.now[action.card] for c in game.backstage[seat]):
        kind = game.cards.name(game.now[action.card])
        return f"The twins place a Component next to its twin: no {kind} in your Backstage."
    return None


def _stand_in(game: Illusio, seat: int, action: UseTalent, said: str) -> list[Event]:
    assert action.card is not None  # refused otherwise
    game.hands[seat].remove(action.card)
    game.backstage[seat].append(action.card)
    if game.quiet:
        return []
    return [Event(f"{said}: {game.info[action.card].name} goes to the Backstage, free.")]


def _stand_in_words(game: Illusio, action: UseTalent) -> str | None:
    if action.card is None:
        return None
    return f"Talent: put {game.info[action.card].name} in your Backstage, free"


# -- Metamorphosis: a Component of any Backstage becomes another type of its group -----------


def _metamorphosis_moves(game: Illusio, seat: int, kinds: list[int] | None) -> list[Action]:
    now, types = game.now, game.group_types
    moves: list[Action] = []
    for s in range(game.seats):
        made = TALENT_TURN[s]
        for c in game._distinct(game.backstage[s]):
            into, kind = made[c], now[c]
            moves += [into[t] for t in types[game.now_group[c]] if t != kind]
    return moves


def _metamorphosis_refusal(game: Illusio, seat: int, action: UseTalent) -> str | None:
    owner = next((s for s in range(game.seats) if action.target in game.backstage[s]), None)
    if owner is None or action.target is None:
        return "Choose a Component in a Backstage (not one around an Objective)."
    if action.seat != owner or action.card is not None:
        return "Name the Component and the magician whose Backstage holds it."
    types = game.group_types[game.group(action.target)]
    if not types:
        return "Audience and Formula have no types to turn into."
    if action.into not in types or action.into == game.kind(action.target):
        return f"It becomes another type of its group: {', '.join(types)}."
    return None


def _metamorphosis(game: Illusio, seat: int, action: UseTalent, said: str) -> list[Event]:
    target, into = action.target, action.into
    assert target is not None and into is not None  # refused otherwise
    if game.quiet:
        game._turn_into(target, into)
        return []
    before = game.card_name(target)
    owner = next(s for s in range(game.seats) if target in game.backstage[s])
    transforms = len(game.attached.get(target, ()))
    game._turn_into(target, into)
    whose = "own" if owner == seat else f"{game.name(owner)}'s"
    events = [Event(f"{said}: {before} in {whose} Backstage becomes {game.cards.name(into)}.")]
    if transforms and target not in game.attached:
        cards = "card goes" if transforms == 1 else f"{transforms} cards go"
        events.append(Event(f"Back to what it is, its Transform {cards} to the discard."))
    return events


def _metamorphosis_words(game: Illusio, action: UseTalent) -> str | None:
    if action.target is None:
        return None
    return f"Talent: turn {game.card_name(action.target)} into {game.cards.name(action.into or '')}"


# -- Sleight of hand: a Component of one's Backstage swaps with another's --------------------


def _sleight_moves(game: Illusio, seat: int, kinds: list[int] | None) -> list[Action]:
    now = game.now
    theirs = [(s, game._distinct(game.backstage[s])) for s in game.others(seat)]
    moves: list[Action] = []
    for mine in game._distinct(game.backstage[seat]):
        kind, made = now[mine], TALENT_SWAP[mine]
        for s, cards in theirs:
            swap = made[s]
            moves += [swap[c] for c in cards if now[c] != kind]
    return moves


def _sleight_refusal(game: Illusio, seat: int, action: UseTalent) -> str | None:
    if action.card not in game.backstage[seat]:
        return "Choose a Component of your own Backstage to give."
    other = _another(game, seat, action)
    if other is None or action.target not in game.backstage[other]:
        return "Choose a Component in another magician's Backstage."
    if game.kind(action.card) == game.kind(action.target):
        now = game.cards.name(game.kind(action.card))
        return f"Swapping a {now} for a {now} changes nothing."
    return None


def _sleight(game: Illusio, seat: int, action: UseTalent, said: str) -> list[Event]:
    card, other, target = action.card, action.seat, action.target
    assert card is not None and other is not None and target is not None  # refused otherwise
    mine, theirs = game.backstage[seat], game.backstage[other]
    mine.remove(card)
    theirs.remove(target)
    mine.append(target)
    theirs.append(card)
    if game.quiet:
        return []
    return [
        Event(
            f"{said}: {game.card_name(card)} swaps places with "
            f"{game.name(other)}'s {game.card_name(target)}."
        )
    ]


def _sleight_words(game: Illusio, action: UseTalent) -> str | None:
    if action.card is None or action.seat is None or action.target is None:
        return None
    return (
        f"Talent: swap your {game.card_name(action.card)} for "
        f"{game.name(action.seat)}'s {game.card_name(action.target)}"
    )


# -- Second sight: a card of the hand is exchanged with the deck, free ----------------------


def _second_sight_moves(game: Illusio, seat: int, kinds: list[int] | None) -> list[Action]:
    if not game._cards_left():
        return []
    talent_card = game.numbered.talent_card
    return [talent_card[c] for c in _hand_kinds(game, seat, kinds)]


def _second_sight_refusal(game: Illusio, seat: int, action: UseTalent) -> str | None:
    if action.card not in game.hands[seat]:
        return "Choose a card of your hand."
    return None if game._cards_left() else "There is no card left to draw."


def _second_sight(game: Illusio, seat: int, action: UseTalent, said: str) -> list[Event]:
    assert action.card is not None  # refused otherwise
    if game.quiet:
        return exchange_cards(game, seat, (action.card,))
    return [Event(f"{said}.")] + exchange_cards(game, seat, (action.card,))


def _second_sight_words(game: Illusio, action: UseTalent) -> str | None:
    if action.card is None:
        return None
    return f"Talent: exchange {game.info[action.card].name} with the deck"


# -- The Scavenger: the top card of the discard pile comes to the hand ----------------------


def _scavenger_moves(game: Illusio, seat: int, kinds: list[int] | None) -> list[Action]:
    return [TALENT_BARE] if game.discard_pile else []


def _scavenger_refusal(game: Illusio, seat: int, action: UseTalent) -> str | None:
    return None if game.discard_pile else "The discard pile is empty."


def _scavenger(game: Illusio, seat: int, action: UseTalent, said: str) -> list[Event]:
    card = game.discard_pile.pop()
    game.hands[seat].append(card)
    if game.quiet:
        return []
    return [Event(f"{said}: {game.info[card].name} comes back from the discard pile.")]


def _scavenger_words(game: Illusio, action: UseTalent) -> str | None:
    top = game.info[game.discard_pile[-1]].name if game.discard_pile else "nothing"
    return f"Talent: take {top} from the discard pile"


# -- The Pickpocket: a card of the hand for one drawn blind from another hand ---------------


def _pickpocket_moves(game: Illusio, seat: int, kinds: list[int] | None) -> list[Action]:
    mine = _hand_kinds(game, seat, kinds)
    moves: list[Action] = []
    for s in game.others(seat):
        if game.hands[s]:
            made = game.numbered.give[s]
            moves += [made[c] for c in mine]
    return moves


def _pickpocket_refusal(game: Illusio, seat: int, action: UseTalent) -> str | None:
    if action.card not in game.hands[seat]:
        return "Choose a card of your hand to give."
    other = _another(game, seat, action)
    if other is None or not game.hands[other]:
        return "Choose another magician with cards in hand."
    return None


def _pickpocket(game: Illusio, seat: int, action: UseTalent, said: str) -> list[Event]:
    card, victim = action.card, action.seat
    assert card is not None and victim is not None  # refused otherwise
    taken = game.hands[victim].pop(game.rng.below(len(game.hands[victim])))
    game.hands[seat].remove(card)
    game.hands[victim].append(card)
    game.hands[seat].append(taken)
    if game.quiet:
        return [HIDDEN_SHOWN]  # (the cards swapped came to light for two seats)
    pair = frozenset({seat, victim})
    given, got = game.info[card].name, game.info[taken].name
    return [
        Event(f"{said} on {game.name(victim)}: {given} for {got}.", seen_by=pair, reveals=True),
        Event(f"{said}: a card swaps hands with {game.name(victim)}.", hidden_from=pair),
    ]


def _pickpocket_words(game: Illusio, action: UseTalent) -> str | None:
    if action.card is None or action.seat is None:
        return None
    return f"Talent: give {game.info[action.card].name} to {game.name(action.seat)} for a card"


# -- A bonus: the talent works by itself when a trick of its domain is scored ---------------


def _no_moves(game: Illusio, seat: int, kinds: list[int] | None) -> list[Action]:
    return []


def _bonus_refusal(game: Illusio, seat: int, action: UseTalent) -> str | None:
    return f"{game.magicians[seat].name}'s talent works by itself when a trick is scored."


def _never(game: Illusio, seat: int, action: UseTalent, said: str) -> list[Event]:
    raise AssertionError("a bonus talent is never used as a move")  # refused always


def _no_words(game: Illusio, action: UseTalent) -> str | None:
    return None


TALENTS: dict[str, Talent] = {
    "stand-in": Talent(_stand_in_moves, _stand_in_refusal, _stand_in, _stand_in_words),
    "metamorphosis": Talent(
        _metamorphosis_moves, _metamorphosis_refusal, _metamorphosis, _metamorphosis_words
    ),
    "sleight": Talent(_sleight_moves, _sleight_refusal, _sleight, _sleight_words),
    "second-sight": Talent(
        _second_sight_moves, _second_sight_refusal, _second_sight, _second_sight_words
    ),
    "scavenger": Talent(_scavenger_moves, _scavenger_refusal, _scavenger, _scavenger_words),
    "pickpocket": Talent(_pickpocket_moves, _pickpocket_refusal, _pickpocket, _pickpocket_words),
    "bonus": Talent(_no_moves, _bonus_refusal, _never, _no_words),
}


def talent_hint(game: Illusio, action: Action, seat: int | None) -> str:
    """Whose Backstage a Component turned by a talent lies in: two magicians' Cages read
    alike in the talent's words ("Talent: turn Cage into Case" twice, in a phone's list of
    moves), so the move's hint tells them apart."""
    if not isinstance(action, UseTalent) or action.target is None or action.card is not None:
        return ""
    owner = next((s for s in range(game.seats) if action.target in game.backstage[s]), None)
    if owner is None:
        return ""
    return "in your Backstage" if owner == seat else f"in {game.name(owner)}'s Backstage"
