"""What each Illusio move does once allowed (a part of the rules): a card let go, put
Backstage, exchanged, transformed or taken; an Objective begun, a Component placed, a
trick displayed; a Special or a talent used.

Each function takes the game first (see rules.py); the phase table there names them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from illusio_table.engine import HIDDEN_SHOWN, Event

from .actions import (
    Abandon,
    Backstage,
    Discard,
    EndTurn,
    Exchange,
    Place,
    PlaySpecial,
    Realize,
    Take,
    Transform,
    UseTalent,
)
from .hand import exchange_cards
from .talents import TALENTS
from .work import Work

if TYPE_CHECKING:
    from .rules import Illusio


def let_go(game: Illusio, seat: int, action: Discard) -> list[Event]:
    game.hands[seat].remove(action.card)
    game.discard_pile.append(action.card)
    events = (
        []
        if game.quiet
        else [Event(f"{game.name(seat)} lets go of {game.info[action.card].name}.")]
    )
    if len(game.hands[seat]) <= game.limits.hand_limit:
        events += game._start_turn((seat + 1) % game.seats)
    return events


def end_turn_move(game: Illusio, seat: int, action: EndTurn) -> list[Event]:
    if game.quiet:
        return game._end_turn(seat)
    return [Event(f"{game.name(seat)} ends the turn.")] + game._end_turn(seat)


def backstage(game: Illusio, seat: int, action: Backstage) -> list[Event]:
    game.hands[seat].remove(action.card)
    game.backstage[seat].append(action.card)
    if game.quiet:
        return []
    return [Event(f"{game.name(seat)} puts {game.info[action.card].name} in the Backstage.")]


def exchange_move(game: Illusio, seat: int, action: Exchange) -> list[Event]:
    return exchange_cards(game, seat, action.cards)


def abandon(game: Illusio, seat: int, action: Abandon) -> list[Event]:
    work = game.work(seat, action.objective)
    assert work is not None  # refused otherwise
    game.works[seat].remove(work)
    game.backstage[seat].extend(work.components)
    game.objective_discard.append(work.objective)
    if game.quiet:
        return []
    return [
        Event(
            f"{game.name(seat)} gives up {game.objectives[work.objective].name}; "
            "its Components go back to the Backstage."
        )
    ]


def realize_move(game: Illusio, seat: int, action: Realize) -> list[Event]:
    o = game.objectives[action.objective]
    slot = game.contest.index(action.objective)
    for c in action.components:
        game.backstage[seat].remove(c)
    work = Work(action.objective, list(action.components))
    game.works[seat].append(work)
    game.contest[slot] = game._draw_objective()
    events = []
    if not game.quiet:
        placed = ", ".join(game.card_name(c) for c in action.components)
        events.append(Event(f"{game.name(seat)} takes {o.name} from the Contest with {placed}."))
    drawn = game.contest[slot]
    if drawn is not None and game.quiet:
        events.append(HIDDEN_SHOWN)  # (a hushed match keeps the mark of what came to light)
    elif drawn is not None:
        events.append(Event(f"{game.objectives[drawn].name} joins the Contest.", reveals=True))
    return events + display_if_done(game, seat, work)


def place(game: Illusio, seat: int, action: Place) -> list[Event]:
    work = game.work(seat, action.objective)
    assert work is not None  # refused otherwise
    source = game.backstage[seat] if action.card in game.backstage[seat] else game.hands[seat]
    source.remove(action.card)
    work.components.append(action.card)
    if game.quiet:
        return display_if_done(game, seat, work)
    o = game.objectives[work.objective]
    events = [Event(f"{game.name(seat)} places {game.card_name(action.card)} around {o.name}.")]
    return events + display_if_done(game, seat, work)


def display_if_done(game: Illusio, seat: int, work: Work) -> list[Event]:
    o = game.objectives[work.objective]
    if len(work.components) < len(o.needs):
        return []
    work.displayed = True
    if game.quiet:
        return []
    return [Event(f"{game.name(seat)}: “I'm displaying {o.name}!”")]


def transform(game: Illusio, seat: int, action: Transform) -> list[Event]:
    card, c = action.card, action.component
    game.hands[seat].remove(card)
    before = "" if game.quiet else game.card_name(c)
    game.attached.setdefault(c, []).append(card)
    game._turn_into(c, action.into)
    if game.quiet:
        return []
    into = game.cards.name(action.into)
    return [Event(f"{game.name(seat)} plays Transform: {before} becomes {into}.")]


def take(game: Illusio, seat: int, action: Take) -> list[Event]:
    card, victim, who = action.card, action.seat, game.name(seat)
    game.hands[seat].remove(card)
    taken = game.hands[victim].pop(game.rng.below(len(game.hands[victim])))
    game.hands[seat].append(taken)
    game.discard_pile.append(card)
    if game.quiet:
        return [HIDDEN_SHOWN]  # (the card taken came to light for two seats)
    name = game.info[taken].name
    pair = frozenset({seat, victim})
    return [
        Event(
            f"{who} plays Take on {game.name(victim)} and gets {name}.",
            seen_by=pair,
            reveals=True,
        ),
        Event(
            f"{who} plays Take and gets a card of {game.name(victim)}'s hand.",
            hidden_from=pair,
        ),
    ]


def special(game: Illusio, seat: int, action: PlaySpecial) -> list[Event]:
    card, who = action.card, game.name(seat)
    effect = game.info[card].kind
    game.hands[seat].remove(card)
    shown = game.displayed_work(action.trick)
    assert shown is not None  # refused otherwise
    owner, work = shown
    trick = game.objectives[work.objective].name
    if effect == "immediate-success":
        game.discard_pile.append(card)
        events = [Event(f"{who} plays Immediate success on {trick}.")]
        return events + game._score(owner, work, " at once")
    work.specials.append(card)
    if effect == "encore":
        work.encore = True
        return [Event(f"{who} plays Encore: {trick} stays on display one more round.")]
    what = "2 points more" if effect == "grand" else "1 point less"
    return [Event(f"{who} plays {game.info[card].name} on {trick}: it will pay {what}.")]


def talent(game: Illusio, seat: int, action: UseTalent) -> list[Event]:
    game.talent_used[seat] = True
    magician = game.magicians[seat]
    # (A hushed match's talents say nothing: `Game.quiet`, read by each talent too.)
    said = "" if game.quiet else f"{game.name(seat)} uses {magician.name}'s talent"
    return TALENTS[magician.talent].perform(game, seat, action, said)
