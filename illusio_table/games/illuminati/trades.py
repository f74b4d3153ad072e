"""Trades (a part of the Illuminati rules): a Group given, asked for, bought or swapped
(p. 7), and money and Specials given away at any time.

Each function takes the game first (see rules.py); the rules of each move are at the end.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from illusio_table.engine import Action, Event
from illusio_table.engine.moves import Phase, Rule, always

from .actions import (
    REFUSE,
    YIELD,
    AskGroup,
    GiveGroup,
    GiveMoney,
    GiveSpecial,
    Receive,
    Refuse,
    Yield,
    amounts,
    ask_group,
    asks,
    give_money,
    give_special,
    money_gifts,
)
from .goals import known_goal, known_goal_met, money_goals, throw_refusal
from .placing import hang, owed
from .state import (
    IlluminatiPhase,
    Offer,
)

if TYPE_CHECKING:
    from .rules import IlluminatiGame


# -- a Group given away --------------------------------------------------------------------------


def _give_group_refusal(game: IlluminatiGame, seat: int, action: GiveGroup) -> str | None:
    structure = game.structures[seat]
    if game.actions_left <= 0:
        return "Giving a Group away takes an action, and none is left."
    if action.group not in structure or action.group == structure.root:
        return "Give away a Group of your own Power Structure."
    if action.seat == seat or action.seat not in game.players():
        return "Give it to another player still in the game."
    return throw_refusal(game, seat, action.seat, to_other=structure.subtree(action.group))


def _give_group(game: IlluminatiGame, seat: int, action: GiveGroup) -> list[Event]:
    game.actions_left -= 1
    game.offer = Offer(seat, action.seat, action.group)
    game.phase = IlluminatiPhase.CONSENT
    return [
        Event(
            f"{game.name(seat)} offers {game.title_of(action.group)} to {game.name(action.seat)}."
        )
    ]


# -- a Group asked for, bought or swapped --------------------------------------------------------


def ask_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    """Each Group of another player, asked for as a gift or for the amounts money is
    listed with (any other price is legal too); with two actions left, also for each
    Group of one's own in exchange (with no money: any price is legal too)."""
    # The players holding a Group besides their Illuminati: often nobody, early on.
    # (The length of their places: the Structure's own `len` is a call of Python.)
    holding = [o for o in game.players() if o != seat and len(game.structures[o].places) > 1]
    if not holding:
        return []
    mine = game.structures[seat]
    room = any(mine.free_arrows(c) for c in mine)
    swaps = [g for g in mine if g != mine.root] if game.actions_left >= 2 else []
    # Each of them with its puppets, cut out once for every other player.
    offered = {s: mine.subtree(s) for s in swaps}
    top = game.money.get(game.illuminati[seat], 0)
    moves: list[Action] = []
    for other in holding:
        structure = game.structures[other]
        # A price changes what the trade does only for a goal of money the asker knows.
        goal_of = known_goal(game, seat, other)
        goal = game.numbers.illuminati[goal_of].goal if goal_of is not None else None
        priced = goal is not None and goal.kind == "money"
        # Goals only grow with what comes in: a side that meets none with what it
        # gets, keeping what it gives, meets none by the trade. Judged once a Group,
        # the whole trade is judged only where either side might. (Theirs judged when
        # first needed: where a Group of theirs may be swapped at all.)
        theirs: dict[str, str | None] | None = None
        for g in structure.places:  # (its own iteration is a call of Python)
            if g == structure.root:
                continue
            tree = structure.subtree(g)
            ours = known_goal_met(game, seat, seat, tree)
            if room:
                free = ours is None or throw_refusal(game, seat, other, tree) is None
                if free and not priced:  # every price, as mostly: one look-up for them all
                    moves += asks(g, top)
                else:
                    moves += [
                        ask_group(g, price)
                        for price in [0, *amounts(top)]
                        if throw_refusal(game, seat, other, tree, money=price) is None
                    ]
            if swaps and _room_in_trade(game, other, tree):
                if theirs is None:
                    theirs = {s: known_goal_met(game, seat, other, offered[s]) for s in swaps}
                moves += [
                    ask_group(g, 0, s)
                    for s in swaps
                    if (ours is None and theirs[s] is None)
                    or throw_refusal(game, seat, other, tree, offered[s]) is None
                ]
    return moves


def _room_in_trade(game: IlluminatiGame, owner: int, tree: list[str]) -> bool:
    """Whether the owner of a Group traded away (`tree`, with its puppets) has a free
    arrow elsewhere for the Group that comes in return."""
    structure = game.structures[owner]
    return any(structure.free_arrows(c) for c in structure if c not in tree)


def _ask_group_refusal(game: IlluminatiGame, seat: int, action: AskGroup) -> str | None:
    needed = 2 if action.swap is not None else 1
    if game.actions_left < needed:
        if needed == 2:
            return "A trade of two Groups takes two actions, and fewer are left."
        return "Getting a Group from another player takes an action, and none is left."
    owner = game.owner(action.group)
    if owner is None or owner == seat or action.group == game.illuminati[owner]:
        return "Ask for a Group of another player's Power Structure."
    mine = game.structures[seat]
    if action.swap is not None:
        if action.swap not in mine or action.swap == mine.root:
            return "Give a Group of your own Power Structure in exchange."
        # (The arrow the Group swapped leaves is free for the one that comes.)
        if not _room_in_trade(game, owner, game.structures[owner].subtree(action.group)):
            return (
                f"{game.name(owner)} has no free arrow for {game.title_of(action.swap)} "
                f"but under {game.title_of(action.group)}, which leaves."
            )
    elif not any(mine.free_arrows(c) for c in mine):
        return "Your Power Structure has no free arrow to put it under."
    if not 0 <= action.amount <= game.money.get(game.illuminati[seat], 0):
        return "The price is paid from your Illuminati treasury, and only what is there."
    return _ask_throws(game, seat, owner, action)


def _ask_throws(game: IlluminatiGame, seat: int, owner: int, action: AskGroup) -> str | None:
    """The request judged as the whole trade it would make (`throw_refusal`)."""
    gets = game.structures[owner].subtree(action.group)
    gives = game.structures[seat].subtree(action.swap) if action.swap is not None else []
    return throw_refusal(game, seat, owner, gets, gives, action.amount)


def _ask_group(game: IlluminatiGame, seat: int, action: AskGroup) -> list[Event]:
    game.actions_left -= 2 if action.swap is not None else 1
    owner = game.owner(action.group)
    assert owner is not None
    offer = Offer(owner, seat, action.group, action.amount, asked=True, swap=action.swap)
    game.offer = offer
    game.phase = IlluminatiPhase.ASKED
    return [
        Event(
            f"{game.name(seat)} asks {game.name(owner)} for "
            f"{game.title_of(action.group)}{in_return(game, offer)}."
        )
    ]


def in_return(game: IlluminatiGame, offer: Offer) -> str:
    """What the asker gives for a Group asked for, in words (" for …", or none)."""
    given = [game.title_of(offer.swap)] if offer.swap else []
    given += [f"{offer.price} MB"] if offer.price else []
    return f" for {' and '.join(given)}" if given else ""


# -- the answer: a Group taken, refused or given -------------------------------------------------


def _answered_offer(game: IlluminatiGame) -> Offer:
    """The Group on offer, now answered (taken or refused): the turn's actions go on."""
    offer, game.offer = game._offered(), None
    game.phase = IlluminatiPhase.ACTIONS
    return offer


def _consent_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    receiver = game.structures[seat]
    owing = owed(game, seat)
    places: list[Action] = [
        Receive(master, side)
        for master in receiver
        if master not in owing
        for side in receiver.free_arrows(master)
    ]
    return places if game._offered().asked else [REFUSE] + places


def _consent_refusal(game: IlluminatiGame, seat: int, action: Refuse) -> str | None:
    offer = game._offered()
    if offer.then is not None:
        return "The trade is agreed: put it under a free arrow."
    if offer.asked:
        return "You asked for it, and it is given: put it under a free arrow."
    return None


def _receive_refusal(game: IlluminatiGame, seat: int, action: Receive) -> str | None:
    receiver = game.structures[seat]
    if action.master not in receiver or action.side not in receiver.free_arrows(action.master):
        return "Put it under a free arrow of your Power Structure."
    if action.master in owed(game, seat):
        return "Not under a Group the trade takes from you: it leaves with its puppets."
    return None


def _receive(game: IlluminatiGame, seat: int, action: Receive) -> list[Event]:
    offer = _answered_offer(game)
    if offer.then is not None:  # the first half of a trade: the other half comes next
        game.offer, game.phase = offer.then, IlluminatiPhase.CONSENT
    giver, group = offer.giver, offer.group
    tree = game.structures[giver].cut(group)
    paid = ""
    if offer.price:
        game.money[game.illuminati[seat]] -= offer.price
        # (`get`: a stack may hold nothing, and then has no entry.)
        paid_to = game.illuminati[giver]
        game.money[paid_to] = game.money.get(paid_to, 0) + offer.price
        paid = f" for {offer.price} MB"
    took = f"{game.name(seat)} takes {game.title_of(group)} from {game.name(giver)}{paid}."
    events = [Event(took)]
    # (Who is left with nothing: see `IlluminatiGame.perform`.)
    return events + hang(game, seat, tree, action.master, action.side, received=True)


def _refuse(game: IlluminatiGame, seat: int, action: Refuse) -> list[Event]:
    offer = _answered_offer(game)
    game.actions_left += 2 if offer.swap else 1  # a gift (or a request) refused costs nothing
    if offer.asked:
        return [
            Event(
                f"{game.name(seat)} keeps {game.title_of(offer.group)}: "
                f"{game.name(offer.receiver)} does not get it."
            )
        ]
    return [Event(f"{game.name(seat)} refuses {game.title_of(offer.group)}.")]


def _asked_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    return [YIELD, REFUSE]


def _yield(game: IlluminatiGame, seat: int, action: Yield) -> list[Event]:
    offer = game._offered()
    game.phase = IlluminatiPhase.CONSENT  # the player who asked places it
    if offer.swap is not None:
        # A trade: the Group swapped is placed first, so that its owner has its arrow
        # free for the one that comes; the Group given waits until then.
        rest = dataclasses.replace(offer, swap=None)
        game.offer = Offer(offer.receiver, seat, offer.swap, asked=True, then=rest)
    return [
        Event(
            f"{game.name(seat)} agrees to give {game.title_of(offer.group)} "
            f"to {game.name(offer.receiver)}{in_return(game, offer)}."
        )
    ]


# -- money and Specials given away at any time ---------------------------------------------------


def gift_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    """Money and Specials may be given away at any time (p. 7), not only on one's turn:
    whenever the seat is asked to act, but while a privileged attack is under way."""
    attack = game.attack
    if attack is not None and attack.privileged:
        return []
    top = game.money.get(game.illuminati[seat], 0)
    specials = game.specials[seat]
    if not top and not specials:  # nothing to give, as often while money goes down
        return []
    moves: list[Action] = []
    # Money alone meets no goal but one of money (`throw_refusal` would say so at once):
    # most gifts are listed without asking it. Whose goal of money the seat knows is
    # `known_goal` for another seat, written out (this lists for every seat at nearly
    # every move): a goal chosen in secret is known to nobody else, and a face-down
    # Illuminati's not even looked at.
    secret = game.options["hidden_goals"]
    revealed, tops = game.revealed, game.illuminati
    of_money = money_goals(game.cards)
    for other in game.players():
        if other == seat:
            continue
        if specials:
            moves += [give_special(other, c) for c in specials]
        if not top:
            continue
        if (
            secret
            or other not in revealed
            or tops[other] not in of_money
            # Less money meets no goal that more would not: all of it asked first.
            or throw_refusal(game, seat, other, money=top) is None
        ):
            moves += money_gifts(other, top)
        else:
            moves += [
                give_money(other, n)
                for n in amounts(top)
                if throw_refusal(game, seat, other, money=n) is None
            ]
    return moves


def _gift_refusal(game: IlluminatiGame, seat: int, action: GiveMoney | GiveSpecial) -> str | None:
    if game.attack is not None and game.attack.privileged:
        return "Nobody gives money or Specials away while a privileged attack is under way."
    if action.seat == seat or action.seat not in game.players():
        return "Give it to another player still in the game."
    return None


def _give_money_refusal(game: IlluminatiGame, seat: int, action: GiveMoney) -> str | None:
    reason = _gift_refusal(game, seat, action)
    if reason is None and not 0 < action.amount <= game.money.get(game.illuminati[seat], 0):
        return "Money goes from your Illuminati treasury, and only what is there."
    return reason or throw_refusal(game, seat, action.seat, money=action.amount)


def _give_special_refusal(game: IlluminatiGame, seat: int, action: GiveSpecial) -> str | None:
    reason = _gift_refusal(game, seat, action)
    if reason is None and action.card not in game.specials[seat]:
        return "That Special is not yours."
    return reason


def _give_money(game: IlluminatiGame, seat: int, action: GiveMoney) -> list[Event]:
    game.money[game.illuminati[seat]] -= action.amount
    target = game.illuminati[action.seat]
    game.money[target] = game.money.get(target, 0) + action.amount
    if game.quiet:  # the words only for readers: a hushed match skips them
        return []
    return [Event(f"{game.name(seat)} gives {action.amount} MB to {game.name(action.seat)}.")]


def _give_special(game: IlluminatiGame, seat: int, action: GiveSpecial) -> list[Event]:
    who = game.name(seat)
    game.specials[seat].remove(action.card)
    game.specials[action.seat].append(action.card)
    pair = frozenset({seat, action.seat})
    return [
        Event(
            f"{who} gives {game.title_of(action.card)} to {game.name(action.seat)}.",
            seen_by=pair,
            reveals=True,
        ),
        Event(f"{who} gives a Special card to {game.name(action.seat)}.", hidden_from=pair),
    ]


# The rules of these moves (see `IlluminatiGame.phases`).
CONSENT = Phase(
    IlluminatiPhase.CONSENT,
    (
        Rule(Receive, _receive_refusal, _receive, _consent_moves),
        Rule(Refuse, _consent_refusal, _refuse),
    ),
    "First say whether you take the Group offered to you.",
)
ASKED = Phase(
    IlluminatiPhase.ASKED,
    (
        Rule(Yield, always, _yield, _asked_moves),
        Rule(Refuse, always, _refuse),
    ),
    "First say whether you give the Group you are asked for.",
    listing=(_asked_moves,),
)
GIVE_MONEY = Rule(GiveMoney, _give_money_refusal, _give_money)
GIVE_SPECIAL = Rule(GiveSpecial, _give_special_refusal, _give_special)
GIVE_GROUP = Rule(GiveGroup, _give_group_refusal, _give_group)
ASK_GROUP = Rule(AskGroup, _ask_group_refusal, _ask_group)
