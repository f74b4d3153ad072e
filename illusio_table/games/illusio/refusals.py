"""Why an Illusio move is refused (a part of the rules): each refusal says it whole, in
the words a player reads; None lets the move through.

Each function takes the game first (see rules.py); the phase table there names them.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from illusio_table.engine.protocol import listed

from .actions import (
    Abandon,
    Backstage,
    Discard,
    Exchange,
    Place,
    PlaySpecial,
    Realize,
    Take,
    Transform,
    UseTalent,
)
from .catalog import ObjectiveInfo, fits
from .hand import card_count, from_hand
from .talents import TALENTS

if TYPE_CHECKING:
    from .rules import Illusio


def over_the_limit(game: Illusio, seat: int) -> str:
    over = len(game.hands[seat]) - game.limits.hand_limit
    return f"Your hand is over {game.limits.hand_limit} cards: let go of {card_count(over)} first."


def not_now_discard(game: Illusio, seat: int) -> str:
    return (
        "You let go of cards only at the end of your turn, "
        f"when your hand holds more than {game.limits.hand_limit}."
    )


def discard_refusal(game: Illusio, seat: int, action: Discard) -> str | None:
    return None if action.card in game.hands[seat] else "That card is not in your hand."


def backstage_refusal(game: Illusio, seat: int, action: Backstage) -> str | None:
    card = action.card
    if card in game.hands[seat] and game.info[card].special:
        # (said whole: "only Components are placed" left the person to guess where it goes)
        name = game.info[card].name
        return (
            f"Only Components go into the Backstage, and {name} is a Special action. "
            + how_played(game, card)
        )
    return from_hand(game, seat, card, component=True)


def abandon_refusal(game: Illusio, seat: int, action: Abandon) -> str | None:
    work = game.work(seat, action.objective)
    if work is None:
        return "You can only discard one of your own Objectives under realization."
    if work.displayed:
        return "A trick on display is no longer under realization; it cannot be discarded."
    return None


def special_card(game: Illusio, seat: int, card: int, move: str) -> str | None:
    """Why this card of the hand cannot be played as `move` (transform, take, or on a
    trick for the others): each Special has one way to be played, said when another
    way is tried."""
    if card in game.hands[seat] and not game.info[card].special:
        # (said whole: "That is a Component, not a Special action." said what it is not,
        # when Cards were dropped on another magician, and not where it goes)
        return (
            f"{game.info[card].name} is a Component, not a Special action: it goes into "
            "your Backstage, or around one of your Objectives under realization."
        )
    reason = from_hand(game, seat, card, component=False)
    if reason:
        return reason
    effect = game.info[card].kind
    if (effect if effect in ("transform", "take") else "trick") == move:
        return None
    return how_played(game, card)


def how_played(game: Illusio, card: int) -> str:
    """The one way a Special of the hand is played, in a sentence."""
    effect = game.info[card].kind
    if effect == "transform":
        return "Transform is played on a Component of your own Backstage, naming its new kind."
    if effect == "take":
        return "Take is played on another magician, to take a card of their hand."
    return f"{game.info[card].name} is played on a trick on display."


def transform_refusal(game: Illusio, seat: int, action: Transform) -> str | None:
    reason = special_card(game, seat, action.card, "transform")
    if reason:
        return reason
    if action.component not in game.backstage[seat]:
        return (
            "Transform works on a Component of your own Backstage, "
            "not one around an Objective or someone else's."
        )
    if action.into not in game.component_kinds:
        return "Name the kind of Component it becomes."
    if action.into == game.kind(action.component):
        return "It already is that; choose another kind."
    return None


def take_refusal(game: Illusio, seat: int, action: Take) -> str | None:
    reason = special_card(game, seat, action.card, "take")
    if reason:
        return reason
    if action.seat == seat or not 0 <= action.seat < game.seats:
        return "Take needs another magician to take from."
    if not game.hands[action.seat]:
        return f"{game.name(action.seat)} has no card in hand."
    return None


def special_refusal(game: Illusio, seat: int, action: PlaySpecial) -> str | None:
    reason = special_card(game, seat, action.card, "trick")
    if reason:
        return reason
    found = game.displayed_work(action.trick)
    if found is None:
        return f"{game.info[action.card].name} is played on a trick on display."
    if game.info[action.card].kind == "encore" and found[1].encore:
        return "An Encore already holds this trick this round; a second one adds nothing."
    return None


def exchange_refusal(game: Illusio, seat: int, action: Exchange) -> str | None:
    cards = action.cards
    if not cards:
        return "Choose at least one card to exchange."
    if len(set(cards)) != len(cards) or any(c not in game.hands[seat] for c in cards):
        return "You can only exchange cards of your hand, each once."
    if game._cards_left() < len(cards):
        return f"Only {card_count(game._cards_left())} left to draw from."
    return None


def realize_refusal(game: Illusio, seat: int, action: Realize) -> str | None:
    if action.objective not in game.contest:
        return "That Objective is not in the Contest."
    if len(game.realizing(seat)) >= game.limits.realizing:
        return f"You already have {game.limits.realizing} Objectives under realization."
    o = game.objectives[action.objective]
    chosen = action.components
    if len(set(chosen)) != len(chosen) or any(c not in game.backstage[seat] for c in chosen):
        return "The Components must come from your Backstage, each once."
    if len(chosen) < o.half:
        return (
            f"{o.name} needs {len(o.needs)} Components: place at least {o.half} "
            "of them from your Backstage to take it."
        )
    if not fits(o, [game.group(c) for c in chosen]):
        return f"{o.name} does not take them all: {too_many(game, o, chosen)}."
    return None


def too_many(game: Illusio, o: ObjectiveInfo, cards: tuple[int, ...]) -> str:
    """Which groups of these Components the Objective cannot take, in words."""
    counts = Counter(game.group(c) for c in cards)
    said = []
    for group, n in counts.items():
        asked = o.groups.get(group, 0)
        name = game.cards.name(group)
        if asked == 0:
            said.append(f"it needs no {name}")
        elif n > asked:
            said.append(f"it takes {asked} {name}, not {n}")
    return "; ".join(said)


def place_refusal(game: Illusio, seat: int, action: Place) -> str | None:
    card = action.card
    if card in game.hands[seat] and game.info[card].special:
        return special_placed(game, card, action.objective)
    work = game.work(seat, action.objective)
    if work is None and action.objective in game.contest:
        name = game.objectives[action.objective].name
        return (
            f"{name} is still in the Contest: take it first (onto your tricks, with enough "
            "of its Components from your Backstage). Components go around one of your own "
            "Objectives under realization."
        )
    if work is None or work.displayed:
        return "Components go around one of your own Objectives under realization."
    if card not in game.backstage[seat]:
        reason = from_hand(game, seat, card, component=True)
        if reason:
            return f"Place a Component from your hand or your Backstage. {reason}"
    o = game.objectives[work.objective]
    if not fits(o, [game.group(c) for c in (*work.components, card)]):
        name = game.cards.name(game.group(card))
        if not o.groups.get(game.group(card)):
            return f"{o.name} needs no {name}."
        # Its other needs named: "it has all it takes" read as if the trick were done
        # while a Formula was still to come.
        placed = Counter(game.group(c) for c in work.components)
        lacking = [
            f"{n - placed[g]} Component{'' if n - placed[g] == 1 else 's'} of the "
            f"{game.cards.name(g)} group"
            for g, n in o.groups.items()
            if placed[g] < n and g != game.group(card)
        ]
        if not lacking:
            return f"{o.name} needs no more {name}: it has every Component it takes."
        return f"{o.name} needs no more {name}; it still lacks {listed(lacking)}."
    return None


def special_placed(game: Illusio, card: int, objective: int) -> str:
    """A Special put around an Objective as if it were a Component: what it is played
    on instead, and how far the trick is from display (the refusal said only that
    Specials are not placed, and a person took the trick for one on display)."""
    name, effect = game.info[card].name, game.info[card].kind
    on = {
        "transform": "played on a Component of your own Backstage, naming its new kind",
        "take": "played on another magician, to take a card of their hand",
    }.get(effect, "played on a trick on display")
    work = next((w for ws in game.works for w in ws if w.objective == objective), None)
    if work is None and objective in game.contest:
        title = game.objectives[objective].name
        return f"{name} is a Special action, {on}; {title} still lies in the Contest."
    if work is None or work.displayed:
        return f"{name} is a Special action, {on}; only Components go around an Objective."
    o = game.objectives[objective]
    missing = len(o.needs) - len(work.components)
    still = f"{missing} of its {len(o.needs)} Components still to place around it"
    if effect in ("transform", "take"):
        return f"{name} is a Special action, {on}; {o.name} takes only Components ({still})."
    return f"{name} is a Special action, {on}, and {o.name} is not complete yet: {still}."


def talent_refusal(game: Illusio, seat: int, action: UseTalent) -> str | None:
    magician = game.magicians[seat]
    if magician.talent != "bonus" and game.talent_used[seat]:
        return f"{magician.name}'s talent is used once per round; it is used."
    return TALENTS[magician.talent].refuse(game, seat, action)
