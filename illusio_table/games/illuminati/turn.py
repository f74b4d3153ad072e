"""A player's turn (a part of the Illuminati rules): the goals chosen before play, the
turn's start and income, the draw, the moves of the turn (transfers, the Illuminati's and
the Groups' abilities, an accusation), its end, and the next player's turn.

Each function takes the game first (see rules.py); the rules of each phase are at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from illusio_table.engine import HIDDEN_SHOWN, Action, Event
from illusio_table.engine.moves import Phase, Rule, always

from .actions import (
    END_TURN,
    PASS,
    Accuse,
    AskGroup,
    Attack,
    CallOff,
    ChooseGoal,
    Drop,
    EndTurn,
    ExtraDraw,
    GiveGroup,
    GiveMoney,
    GiveSpecial,
    Move,
    Pass,
    PassTurn,
    PlaySpecial,
    Rearrange,
    Shift,
    ShowSpecials,
    Spend,
    TakeIncome,
    Transfer,
    drop,
    give_group,
    transfers,
)
from .attack import the
from .attacking import ATTACK, attack_moves, attack_refusal, may_attack
from .cards import Ability
from .goals import eliminations, end_match, meets_goal, throw_refusal, won_by
from .placing import DROP, MOVE, move_moves
from .specials import (
    OWN_SPECIAL,
    SHOW_SPECIALS,
    discard_special,
    kind_of,
    open_window,
    own_special_moves,
    played,
    rearranged,
)
from .state import (
    IlluminatiPhase,
    Pending,
)
from .trades import ASK_GROUP, GIVE_GROUP, GIVE_MONEY, GIVE_SPECIAL, ask_moves, gift_moves

if TYPE_CHECKING:
    from .rules import IlluminatiGame


# -- a turn begins: the first player, the window before it, income and the draw ------------------


def first_player(game: IlluminatiGame) -> tuple[int, list[Event]]:
    contenders = list(range(game.seats))
    events = []
    while True:
        rolls = {s: game._roll() for s in contenders}
        events.append(
            Event(
                "Dice for the first turn: "
                + ", ".join(f"{game.name(s)} {sum(r)}" for s, r in rolls.items())
                + ".",
                reveals=True,
            )
        )
        best = max(sum(r) for r in rolls.values())
        contenders = [s for s, r in rolls.items() if sum(r) == best]
        if len(contenders) == 1:
            events.append(Event(f"{game.name(contenders[0])} plays first."))
            return contenders[0], events


def reset_turn(game: IlluminatiGame) -> None:
    game.actions_left = game.limits.actions
    game.free_transfers = game.limits.free_transfers
    game.acted = False
    game.attacked = set()  # Groups that attacked or aided this turn
    game.ufo_attacks = 0
    game.bavarian_used = False
    game.bonus_transfer = None
    game.shifts.clear()  # the Lasers' change lasts one turn (Numbers shares the dict)
    game.shifted_this_turn = False
    game.extra_drawn = False
    game.offer = None


def begin_turn(game: IlluminatiGame, seat: int) -> list[Event]:
    game.current = seat
    reset_turn(game)
    events = [] if game.quiet else [Event(f"— {game.name(seat)}'s turn —")]
    others = [s for s in game.players() if s != seat and game.specials[s]]
    if others:
        open_window(game, "turn", others)
        return events
    return events + income(game)


def next_player(game: IlluminatiGame) -> int | None:
    """Who plays after the current player: the next seat still in the game."""
    after = range(game.current + 1, game.current + 1 + game.seats)
    return next((s % game.seats for s in after if not game.eliminated[s % game.seats]), None)


def skip_turn(game: IlluminatiGame) -> list[Event]:
    game.turns_taken[game.current] += 1
    after = next_player(game)
    assert after is not None  # a turn is skipped only while someone is in the game
    return begin_turn(game, after)


def income(game: IlluminatiGame) -> list[Event]:
    """A player who holds any Special is asked before the income (it may be Market
    Manipulation): how many Specials one holds is public, which ones is not."""
    seat = game.current
    if game.specials[seat]:
        game.phase = IlluminatiPhase.INCOME
        return []
    return collect(game, seat, doubled=False)


def _income_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    doubled = _market_manipulation(game, seat) is not None
    return [TakeIncome(False), TakeIncome(True)] if doubled else [TakeIncome(False)]


def _income_refusal(game: IlluminatiGame, seat: int, action: TakeIncome) -> str | None:
    if action.doubled and _market_manipulation(game, seat) is None:
        return "Doubling needs Market Manipulation."
    return None


def _take_income(game: IlluminatiGame, seat: int, action: TakeIncome) -> list[Event]:
    if not action.doubled:
        return collect(game, seat, doubled=False)
    card = _market_manipulation(game, seat)
    assert card is not None  # refused otherwise
    discard_special(game, seat, card)
    events = [Event(f"{game.name(seat)} plays Market Manipulation!", reveals=True)]
    return events + played(game, "income", [Pending(seat, card, action)])


def _market_manipulation(game: IlluminatiGame, seat: int) -> str | None:
    """The seat's first Market Manipulation card, which may double its income."""
    return next((c for c in game.specials[seat] if c.startswith("market-manipulation#")), None)


def collect(game: IlluminatiGame, seat: int, doubled: bool) -> list[Event]:
    events = []
    factor = 2 if doubled else 1
    extra = game.by_count.extra_income
    for card in list(game.structures[seat]):
        group = game.cards.group.get(card)
        if group is None:
            income = game.numbers.illuminati[card].income + extra
        elif any(a.kind == "tax" for a in group.abilities):
            events += _tax(game, seat, card, next(a for a in group.abilities if a.kind == "tax"))
            continue
        else:
            income = group.income
        if income > 0:
            game._pay_from_bank(card, income * factor)
        elif income < 0:  # the Post Office costs its controller
            cost = -income
            payer = card if game.money.get(card, 0) >= cost else game.illuminati[seat]
            paid = min(cost, game.money.get(payer, 0))
            if paid:
                game._to_bank(payer, paid)
    game.phase = IlluminatiPhase.ACTIONS
    if game.quiet:  # (the words only for readers)
        return events + draw(game, seat)
    total = game.total_money(seat)
    said = f"{game.name(seat)} collects income{' (doubled)' if doubled else ''}"
    if game.options["stacked_money"] or seat not in game.revealed:
        # Money lies in hidden stacks, or the sum would tell a face-down Illuminati's
        # income: only its owner reads it.
        mine = frozenset({seat})
        events.append(Event(f"{said}: {total} MB in all.", seen_by=mine))
        events.append(Event(f"{said}.", hidden_from=mine))
    else:
        events.append(Event(f"{said}: {total} MB in all."))
    return events + draw(game, seat)


def _tax(game: IlluminatiGame, seat: int, irs: str, ability: Ability) -> list[Event]:
    events = []
    for other in game.players():
        if other == seat:
            continue
        # From any treasuries: the richest first, then the next, until all is paid.
        due = ability.value
        for payer in sorted(game.structures[other], key=lambda c: -game.money.get(c, 0)):
            take = min(due, game.money.get(payer, 0))
            if take:
                game.money[payer] -= take
                game.money[irs] = game.money.get(irs, 0) + take
                due -= take
        paid = ability.value - due
        if paid:
            events.append(Event(f"The I.R.S. taxes {game.name(other)} {paid} MB."))
    return events


def draw(game: IlluminatiGame, seat: int, draws: int | None = None) -> list[Event]:
    events = []
    if draws is None:
        draws = 2 if game.illuminati[seat] == "the-network" else 1
        if draws == 2:
            events += game._reveal(seat, "it draws two cards")
    for _ in range(draws):
        if not game.deck:
            events.append(Event("The deck is empty."))
            break
        card = game.deck.pop()
        if game.quiet:  # (a card drawn shows something to someone: the reveal's mark)
            (game.specials[seat] if "#" in card else game.uncontrolled).append(card)
            events.append(HIDDEN_SHOWN)
        elif "#" in card:
            game.specials[seat].append(card)
            events.append(
                Event(f"You draw {game.title_of(card)}.", seen_by=frozenset({seat}), reveals=True)
            )
            events.append(
                Event(f"{game.name(seat)} draws a Special card.", hidden_from=frozenset({seat}))
            )
        else:
            game.uncontrolled.append(card)
            events.append(
                Event(f"{game.title_of(card)} comes into play, uncontrolled.", reveals=True)
            )
    return events


# -- goals chosen in secret before the first turn ------------------------------------------------


def _goal_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    return [ChooseGoal(i.id) for i in game.cards.illuminati if i.id != "ufos"]


def _goal_refusal(game: IlluminatiGame, seat: int, action: ChooseGoal) -> str | None:
    if action.illuminati == "ufos" or action.illuminati not in game.numbers.illuminati:
        return "Choose the goal of another Illuminati."
    return None


def _choose_goal(game: IlluminatiGame, seat: int, action: ChooseGoal) -> list[Event]:
    game.borrowed_goal[seat] = action.illuminati
    game.choosing.discard(seat)
    events = [
        Event(
            f"You pursue the goal of {the(game.numbers.name(action.illuminati))}.",
            seen_by=frozenset({seat}),
        ),
        Event(f"{game.name(seat)} has chosen a goal.", hidden_from=frozenset({seat})),
    ]
    return events if game.choosing else events + begin_turn(game, game.current)


# -- the moves of a turn -------------------------------------------------------------------------


def _turn_begun(game: IlluminatiGame, seat: int, action: Action) -> None:
    """What every move of one's turn does first: an action of the turn, free or
    regular, means the turn can no longer be passed for money (`acted`); and the
    transfer a capture allows comes at once or never."""
    if type(action) in TURN_ACTIONS:
        game.acted = True
    if game.bonus_transfer is not None:
        is_bonus = (
            type(action) is Transfer and (action.source, action.target) == game.bonus_transfer
        )
        if not is_bonus:
            game.bonus_transfer = None


def _turn_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    moves: list[Action] = []
    structure = game.structures[seat]
    if not game.acted:
        moves.append(PassTurn())
    if game.actions_left > 0:
        moves += attack_moves(game, seat)
        moves += move_moves(structure)
        others = [s for s in game.players() if s != seat]
        # (Here and below a structure's cards are read from its places: its own `in` and
        # iteration are calls of Python, and this lists at most moves of a turn.)
        for g in structure.places:
            if g != structure.root:
                tree = structure.subtree(g)
                moves += [
                    give_group(g, s)
                    for s in others
                    if throw_refusal(game, seat, s, to_other=tree) is None
                ]
        moves += ask_moves(game, seat)
    for card in structure.places:
        if game.money.get(card, 0) and (game.free_transfers or game.actions_left):
            for other in _transfer_targets(game, seat, card):
                moves += transfers(card, other, game.money[card])
    if game.bonus_transfer and game.money.get(game.bonus_transfer[0], 0):
        source, target = game.bonus_transfer
        if source in structure.places and target in structure.places:
            moves += transfers(source, target, game.money[source])
    moves += [drop(g) for g in structure.places if g != structure.root]
    moves += own_special_moves(game, seat)
    moves += gift_moves(game, seat)
    if game.illuminati[seat] in ("bermuda-triangle", "gnomes-of-zurich"):
        moves.append(Rearrange())
    if game.specials[seat]:
        moves.append(ShowSpecials())
    if game.options["hidden_illuminati"] and game.actions_left:
        for rival in game.players():
            if rival != seat and rival not in game.revealed:
                moves += [
                    Accuse(rival, i.id)
                    for i in game.cards.illuminati
                    if i.id != game.illuminati[seat]
                ]
    if "recyclers" in structure.places and game.refusal(seat, ExtraDraw()) is None:
        moves.append(ExtraDraw())
    if "orbital-mind-control-lasers" in structure.places and not game.shifted_this_turn:
        moves += _laser_moves(game)
    for card in [c for c in game.specials[seat] if kind_of(c) == "whispering-campaign"]:
        if game.actions_left:
            for attacker in structure:
                if may_attack(game, attacker):
                    whispers = [
                        Attack("destroy", attacker, g, card=card)
                        for g in _powerless_targets(game, seat)
                    ]
                    moves += [m for m in whispers if attack_refusal(game, seat, m) is None]
    moves.append(END_TURN)
    return moves


def _powerless_targets(game: IlluminatiGame, seat: int) -> list[str]:
    inplay = game.uncontrolled + [
        g for s in game.players() if s != seat for g in game.structures[s]
    ]
    return [g for g in inplay if g in game.cards.group and game.numbers.power(g) <= 0]


def _pass_turn_refusal(game: IlluminatiGame, seat: int, action: PassTurn) -> str | None:
    return None if not game.acted else "You have already acted this turn; end it instead."


def _pass_turn(game: IlluminatiGame, seat: int, action: PassTurn) -> list[Event]:
    game._pay_from_bank(game.illuminati[seat], game.limits.pass_income)
    return [Event(f"{game.name(seat)} passes and takes {game.limits.pass_income} MB.")] + _end_turn(
        game
    )


# -- money moved between one's own Groups (and freely, in White Collar Crime's moment) -----------


def _transfer_targets(game: IlluminatiGame, seat: int, card: str) -> list[str]:
    structure = game.structures[seat]
    if card == "federal-reserve" or _free_money(game, seat):
        return [c for c in structure if c != card]
    return structure.adjacent(card)


def _free_money(game: IlluminatiGame, seat: int) -> bool:
    """Money moves at no cost in White Collar Crime's moment, and when the Gnomes of
    Zurich rearrange at the end of a turn (the Bermuda Triangle rearranges Groups, and
    its money moves by the usual rules)."""
    if game.phase == IlluminatiPhase.REARRANGING:
        return True
    return game.phase == IlluminatiPhase.REORGANIZE and game.illuminati[seat] == "gnomes-of-zurich"


def _free_transfers(game: IlluminatiGame, seat: int) -> list[Action]:
    """Every transfer from one card of the seat's Power Structure to any other."""
    structure = game.structures[seat]
    moves: list[Action] = []
    for card in structure:
        if game.money.get(card, 0):
            for other in structure:
                if other != card:
                    moves += transfers(card, other, game.money[card])
    return moves


def _transfer_refusal(game: IlluminatiGame, seat: int, action: Transfer) -> str | None:
    structure = game.structures[seat]
    if action.source not in structure or action.target not in structure:
        return "Money moves between Groups of your own Power Structure."
    if not 0 < action.amount <= game.money.get(action.source, 0):
        return "Move only money that is there."
    bonus = game.bonus_transfer == (action.source, action.target)
    if not bonus and action.target not in _transfer_targets(game, seat, action.source):
        return "Money moves only to an adjacent Group: the master or a puppet."
    free = bonus or game.free_transfers or _free_money(game, seat)
    if not (free or game.actions_left):
        return "No money transfer is left this turn."
    return None


def _transfer(game: IlluminatiGame, seat: int, action: Transfer) -> list[Event]:
    if game.bonus_transfer == (action.source, action.target):
        game.bonus_transfer = None
    elif _free_money(game, seat):
        pass  # White Collar Crime, or the Gnomes rearranging: money moves at no cost
    elif game.free_transfers:
        game.free_transfers -= 1
    else:
        game.actions_left -= 1
    game.money[action.source] -= action.amount
    game.money[action.target] = game.money.get(action.target, 0) + action.amount
    return [
        Event(
            f"{game.name(seat)} moves {action.amount} MB from "
            f"{game.title_of(action.source)} to {game.title_of(action.target)}."
        )
    ]


def _rearranging_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    return [PASS] + _free_transfers(game, seat)


def _done_rearranging(game: IlluminatiGame, seat: int, action: Pass) -> list[Event]:
    return rearranged(game)


# -- abilities: the Lasers, the Recyclers, rearranging to end a turn; accusations ----------------


def _laser_moves(game: IlluminatiGame) -> list[Action]:
    """Every change the Lasers may make: add, remove or reverse one alignment of one
    other Group in play."""
    moves: list[Action] = []
    opposite = {a.id: a.opposite for a in game.cards.alignments}
    for group in game.uncontrolled + [g for st in game.structures for g in st]:
        if group not in game.cards.group or group == "orbital-mind-control-lasers":
            continue
        now = game.numbers.alignments(group)
        for a in now:
            moves.append(Shift(group, a, "remove"))
            if opposite.get(a) not in (None, a):
                moves.append(Shift(group, a, "reverse"))
        moves += [Shift(group, a, "add") for a in opposite if a not in now]
    return moves


def _shift_refusal(game: IlluminatiGame, seat: int, action: Shift) -> str | None:
    if "orbital-mind-control-lasers" not in game.structures[seat]:
        return "Only the Orbital Mind Control Lasers change alignments."
    if game.shifted_this_turn:
        return "The Lasers change one alignment a turn."
    in_play = action.group in game.uncontrolled or game.owner(action.group) is not None
    if (
        action.group not in game.cards.group
        or action.group == "orbital-mind-control-lasers"
        or not in_play
    ):
        return "Choose one other Group in play."
    now = game.shifts.get(action.group, game.cards.group[action.group].alignments)
    if action.how == "add":
        known = any(a.id == action.alignment for a in game.cards.alignments)
        return None if known and action.alignment not in now else "Add a new alignment."
    if action.alignment not in now:
        return "It does not have that alignment."
    if action.how == "reverse":
        kind = next(a for a in game.cards.alignments if a.id == action.alignment)
        if kind.opposite in (None, action.alignment):
            return f"{kind.name} has no opposite to turn into."
        return None
    return None if action.how == "remove" else "Add, remove or reverse an alignment."


def _shifted(game: IlluminatiGame, action: Shift) -> tuple[str, ...]:
    now = list(game.shifts.get(action.group, game.cards.group[action.group].alignments))
    if action.how == "add":
        now.append(action.alignment)
    elif action.how == "remove":
        now.remove(action.alignment)
    else:
        opposite = next(a.opposite for a in game.cards.alignments if a.id == action.alignment)
        assert opposite is not None  # refused otherwise: only a paired alignment reverses
        now[now.index(action.alignment)] = opposite
    return tuple(now)


def _shift(game: IlluminatiGame, seat: int, action: Shift) -> list[Event]:
    game.shifted_this_turn = True
    game.shifts[action.group] = _shifted(game, action)
    now = ", ".join(game.cards.name(a) for a in game.shifts[action.group]) or "no alignment"
    return [
        Event(
            f"The Orbital Mind Control Lasers make {game.title_of(action.group)} {now} this turn."
        )
    ]


def _extra_draw_refusal(game: IlluminatiGame, seat: int, action: ExtraDraw) -> str | None:
    if "recyclers" not in game.structures[seat] or game.extra_drawn:
        return "Only the Recyclers' owner draws one more card, once a turn."
    if game.money.get("recyclers", 0) < 5:
        return "The Recyclers need 5 MB in their treasury."
    return None if game.deck else "The deck is empty."


def _extra_draw(game: IlluminatiGame, seat: int, action: ExtraDraw) -> list[Event]:
    game.extra_drawn = True
    game._to_bank("recyclers", 5)
    return [Event(f"{game.name(seat)} pays 5 MB from the Recyclers for one more card.")] + (
        draw(game, seat, 1)
    )


def _rearrange_refusal(game: IlluminatiGame, seat: int, action: Rearrange) -> str | None:
    if game.illuminati[seat] not in ("bermuda-triangle", "gnomes-of-zurich"):
        return "Only the Bermuda Triangle and the Gnomes of Zurich rearrange freely."
    return None


def _rearrange(game: IlluminatiGame, seat: int, action: Rearrange) -> list[Event]:
    game.phase = IlluminatiPhase.REORGANIZE
    shown = game._reveal(seat, "it rearranges at the end of its turn")
    bermuda = game.illuminati[seat] == "bermuda-triangle"
    what = "Power Structure" if bermuda else "money"
    return shown + [Event(f"{game.name(seat)} rearranges the {what} freely to end the turn.")]


def _reorganizing_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    return _reorganize_moves(game, seat) + [END_TURN]


def _reorganize_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    structure = game.structures[seat]
    if game.illuminati[seat] == "gnomes-of-zurich":
        return _free_transfers(game, seat)
    return move_moves(structure)


def _accuse_refusal(game: IlluminatiGame, seat: int, action: Accuse) -> str | None:
    if not game.options["hidden_illuminati"]:
        return "Every Illuminati card is face up already."
    if game.actions_left <= 0:
        return "An accusation takes an action, and none is left."
    if action.seat == seat or action.seat not in game.players():
        return "Accuse another player still in the game."
    if action.seat in game.revealed:
        return "That Illuminati card is face up already."
    if action.illuminati not in game.numbers.illuminati:
        return "Name one of the eight Illuminati."
    return None


def _accuse(game: IlluminatiGame, seat: int, action: Accuse) -> list[Event]:
    game.actions_left -= 1
    who, target = game.name(seat), game.name(action.seat)
    named = the(game.numbers.name(action.illuminati))
    if game.illuminati[action.seat] == action.illuminati:
        return [Event(f"{who} names {target}'s Illuminati: {named}. Right!")] + (
            game._reveal(action.seat, "named by an accusation")
        )
    # "Wrong" tells something too (one Illuminati fewer to guess): no undo past it.
    return [Event(f"{who} names {target}'s Illuminati: {named}. Wrong.", reveals=True)]


# -- the turn's end ------------------------------------------------------------------------------


def _end_turn_move(game: IlluminatiGame, seat: int, action: EndTurn) -> list[Event]:
    if game.quiet:
        return _end_turn(game)
    return [Event(f"{game.name(seat)} ends the turn.")] + _end_turn(game)


def _end_turn(game: IlluminatiGame) -> list[Event]:
    seat = game.current
    events = []
    while len(game.uncontrolled) < 2 and game.deck:
        card = game.deck.pop()
        if "#" in card:
            game.discarded.append(card)
            events.append(
                Event(f"{game.title_of(card)} is drawn as a target and discarded.", reveals=True)
            )
        else:
            game.uncontrolled.append(card)
            events.append(Event(f"A new target: {game.title_of(card)}.", reveals=True))
    game.turns_taken[seat] += 1
    events += eliminations(game)
    winners = [s for s in game.players() if meets_goal(game, s)]
    if winners:
        game.winners = winners
        return events + end_match(
            game, "; ".join(f"{game.name(s)} meets {won_by(game, s)}" for s in winners) + "."
        )
    # House rule: the last conspiracy left in the game has won it.
    if len(game.players()) == 1:
        game.winners = list(game.players())
        return events + end_match(game, f"{game.name(game.winners[0])} is the last one left.")
    following = next_player(game)
    if following is None:
        return events + end_match(game, "Nobody is left.")
    return events + begin_turn(game, following)


# The actions of a turn, free or regular: after one the turn is no longer passed for money.
TURN_ACTIONS = frozenset(
    {Attack, Transfer, Move, Drop, GiveMoney, GiveSpecial, GiveGroup, AskGroup, Shift}
    | {ExtraDraw, PlaySpecial, Accuse}
)
NO_ATTACK_UNDER_WAY = dict.fromkeys(
    (Spend, Pass, CallOff, TakeIncome, ChooseGoal), "There is no attack under way."
)
# The moves of one's turn that are not made after `Rearrange` (the end of the turn).
_TURN_ONLY = (
    SHOW_SPECIALS,
    Rule(Rearrange, _rearrange_refusal, _rearrange),
    Rule(Accuse, _accuse_refusal, _accuse),
    Rule(PassTurn, _pass_turn_refusal, _pass_turn),
    ATTACK,
    DROP,
    GIVE_MONEY,
    GIVE_SPECIAL,
    OWN_SPECIAL,
    GIVE_GROUP,
    ASK_GROUP,
    Rule(Shift, _shift_refusal, _shift),
    Rule(ExtraDraw, _extra_draw_refusal, _extra_draw),
)
_REARRANGING_TOO = (
    Rule(EndTurn, always, _end_turn_move),
    MOVE,
    Rule(Transfer, _transfer_refusal, _transfer),
)

# The rules of the turn's phases (see `IlluminatiGame.phases`).
GOALS = Phase(
    IlluminatiPhase.GOALS,
    (Rule(ChooseGoal, _goal_refusal, _choose_goal, _goal_moves),),
    "The UFOs first choose their goal.",
)
INCOME = Phase(
    IlluminatiPhase.INCOME,
    (Rule(TakeIncome, _income_refusal, _take_income, _income_moves),),
    "First collect your income.",
)
REARRANGING = Phase(
    IlluminatiPhase.REARRANGING,
    (
        Rule(Pass, always, _done_rearranging),
        Rule(Transfer, _transfer_refusal, _transfer),
    ),
    "First rearrange your money (White Collar Crime), then say you are done.",
    listing=(_rearranging_moves,),
)
TURN = Phase(
    IlluminatiPhase.ACTIONS,
    _REARRANGING_TOO + _TURN_ONLY,
    "That is not a move of Illuminati.",
    refusals=NO_ATTACK_UNDER_WAY,
    listing=(_turn_moves,),
    before=_turn_begun,
)
REORGANIZE = Phase(
    IlluminatiPhase.REORGANIZE,
    _REARRANGING_TOO,
    "Now only rearranging is left; end the turn when done.",
    refusals=NO_ATTACK_UNDER_WAY,
    listing=(_reorganizing_moves,),
    before=_turn_begun,
)
