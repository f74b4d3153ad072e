"""Every Illuminati move in words, for the buttons, menus and the move list: one function
per kind of move, in `MOVE_WORDS` (read by `Game.describe`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import (
    Abolish,
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
    Hang,
    LetGo,
    Move,
    Pass,
    PassOnAttack,
    PassTurn,
    PlaySpecial,
    Rearrange,
    Receive,
    Refuse,
    Shift,
    ShowSpecials,
    Spend,
    TakeIncome,
    Transfer,
    Yield,
)
from .attack import the
from .state import IlluminatiPhase

if TYPE_CHECKING:
    from .rules import IlluminatiGame

Seat = int | None


def _attack(game: IlluminatiGame, action: Attack, seat: Seat) -> str:
    t = game.title_of
    aid = f", aided by {', '.join(t(a) for a in action.aiders)}" if action.aiders else ""
    extra = ""
    if action.privilege == "bavarian":
        extra = ", privileged for 5 MB"
    elif action.privilege:
        extra = f", privileged by discarding {t(action.privilege)}"
    if action.card:
        extra += " (Whispering Campaign)"
    return f"{t(action.attacker)} attacks to {action.how} {t(action.target)}{aid}{extra}"


def _spend(game: IlluminatiGame, action: Spend, seat: Seat) -> str:
    side = ""
    if game.attack and seat not in (game.attack.seat, game.attack.defender):
        side = " to help the attacker" if action.helps else " against the attack"
    return f"Spend {action.amount} MB from {game.title_of(action.source)}{side}"


def _pass_on_attack(game: IlluminatiGame, action: PassOnAttack, seat: Seat) -> str:
    # (the table's button says "Out of this attack", and so do the moves and the phones)
    return "Out of this attack (not asked again until its dice)"


def _pass(game: IlluminatiGame, action: Pass, seat: Seat) -> str:
    if game.phase == IlluminatiPhase.REARRANGING:
        return "Done rearranging money"
    if game.phase == IlluminatiPhase.WINDOW:
        return "Play nothing"
    if game.phase == IlluminatiPhase.SPENDING:  # (the table's button: "Nothing this round")
        return "Nothing this round (asked again if someone spends)"
    return "Spend nothing more"


def _transfer(game: IlluminatiGame, action: Transfer, seat: Seat) -> str:
    t = game.title_of
    return f"Move {action.amount} MB from {t(action.source)} to {t(action.target)}"


def _move(game: IlluminatiGame, action: Move, seat: Seat) -> str:
    t = game.title_of
    return f"Move {t(action.group)} under {t(action.master)} ({action.side} arrow)"


def _drop(game: IlluminatiGame, action: Drop, seat: Seat) -> str:
    return f"Drop {game.title_of(action.group)}"


def _give_money(game: IlluminatiGame, action: GiveMoney, seat: Seat) -> str:
    return f"Give {action.amount} MB to {game.name(action.seat)}"


def _give_special(game: IlluminatiGame, action: GiveSpecial, seat: Seat) -> str:
    return f"Give {game.title_of(action.card)} to {game.name(action.seat)}"


def _give_group(game: IlluminatiGame, action: GiveGroup, seat: Seat) -> str:
    return f"Offer {game.title_of(action.group)} to {game.name(action.seat)}"


def _ask_group(game: IlluminatiGame, action: AskGroup, seat: Seat) -> str:
    owner = game.owner(action.group)
    whom = game.name(owner) if owner is not None else "its owner"
    given = [f"your {game.title_of(action.swap)}"] if action.swap else []
    given += [f"{action.amount} MB"] if action.amount else []
    price = f" for {' and '.join(given)}" if given else " as a gift"
    return f"Ask {whom} for {game.title_of(action.group)}{price}"


def _yield(game: IlluminatiGame, action: Yield, seat: Seat) -> str:
    offer = game.offer
    if offer is None:
        return "Give the Group asked for"
    return (
        f"Give {game.title_of(offer.group)} to {game.name(offer.receiver)}{game.in_return(offer)}"
    )


def _receive(game: IlluminatiGame, action: Receive, seat: Seat) -> str:
    return f"Take the Group under {game.title_of(action.master)} ({action.side} arrow)"


def _refuse(game: IlluminatiGame, action: Refuse, seat: Seat) -> str:
    if game.phase == IlluminatiPhase.ASKED:
        return "Keep the Group asked for"
    return "Refuse the Group offered"


def _let_go(game: IlluminatiGame, action: LetGo, seat: Seat) -> str:
    return f"Let {game.title_of(action.group)} go uncontrolled"


def _hang(game: IlluminatiGame, action: Hang, seat: Seat) -> str:
    t = game.title_of
    if game.placing is None:  # a move of the past: its master has moved on
        return f"Place {t(action.group)} ({action.side} arrow)"
    master = game.placing.links[0][1]
    where = f"Place {t(action.group)} under {t(master)} ({action.side} arrow)"
    structure = game.structures[game.placing.seat]
    blocker = structure.blockers(master).get(action.side)  # (a blocked arrow only)
    if blocker is not None:
        return f"{where}, letting {t(blocker)} go"
    return where


def _play_special(game: IlluminatiGame, action: PlaySpecial, seat: Seat) -> str:
    t = game.title_of
    answering = (
        game.phase == IlluminatiPhase.WINDOW and game.window and game.window.kind == "answer"
    )
    if answering and action.target is not None:
        return f"Cancel {t(action.target)} with {t(action.card)}"
    on = f" on {t(action.target)}" if action.target else ""
    if action.master is not None:
        on += f", under {t(action.master)} ({action.side} arrow)"
    to = f" on {game.name(action.seat)}" if action.seat is not None else ""
    return f"Play {t(action.card)}{on}{to}"


def _abolish(game: IlluminatiGame, action: Abolish, seat: Seat) -> str:
    return (
        f"Discard {' and '.join(game.title_of(c) for c in action.cards)} to abolish the privilege"
    )


def _take_income(game: IlluminatiGame, action: TakeIncome, seat: Seat) -> str:
    if action.doubled:
        return "Collect income, doubled by Market Manipulation"
    return "Collect income"


def _pass_turn(game: IlluminatiGame, action: PassTurn, seat: Seat) -> str:
    return f"Do nothing this turn and take {game.limits.pass_income} MB"


def _choose_goal(game: IlluminatiGame, action: ChooseGoal, seat: Seat) -> str:
    goal = game.numbers.illuminati[action.illuminati].goal
    name = the(game.numbers.name(action.illuminati))
    counts = "" if game.options["hidden_goals"] else " (it counts for the UFOs only)"
    return f"Pursue the goal of {name}{counts}: {goal.text if goal else ''}"


def _shift(game: IlluminatiGame, action: Shift, seat: Seat) -> str:
    alignment = game.cards.name(action.alignment)
    return f"Lasers: {action.how} {alignment} for {game.title_of(action.group)}"


def _extra_draw(game: IlluminatiGame, action: ExtraDraw, seat: Seat) -> str:
    return "Recyclers: 5 MB for one more card"


def _rearrange(game: IlluminatiGame, action: Rearrange, seat: Seat) -> str:
    # (the card turned up said only where it lies face down: the hidden Illuminati
    # option on, and not shown yet; it is the mover's turn, whoever reads it)
    hidden = game.options["hidden_illuminati"] and game.current not in game.revealed
    return "Rearrange freely to end the turn" + (" (turns your Illuminati up)" if hidden else "")


def _accuse(game: IlluminatiGame, action: Accuse, seat: Seat) -> str:
    named = the(game.numbers.name(action.illuminati))
    return f"Accuse {game.name(action.seat)} of leading {named}"


def _call_off(game: IlluminatiGame, action: CallOff, seat: Seat) -> str:
    return "Call the attack off"


def _show_specials(game: IlluminatiGame, action: ShowSpecials, seat: Seat) -> str:
    return "Show your Specials to everyone"


def _end_turn(game: IlluminatiGame, action: EndTurn, seat: Seat) -> str:
    return "End your turn"


MOVE_WORDS: dict[type, Callable[[Any, Any, Seat], str]] = {
    Attack: _attack,
    Spend: _spend,
    PassOnAttack: _pass_on_attack,
    Pass: _pass,
    Transfer: _transfer,
    Move: _move,
    Drop: _drop,
    GiveMoney: _give_money,
    GiveSpecial: _give_special,
    GiveGroup: _give_group,
    AskGroup: _ask_group,
    Yield: _yield,
    Receive: _receive,
    Refuse: _refuse,
    Hang: _hang,
    LetGo: _let_go,
    PlaySpecial: _play_special,
    Abolish: _abolish,
    TakeIncome: _take_income,
    PassTurn: _pass_turn,
    ChooseGoal: _choose_goal,
    Shift: _shift,
    ExtraDraw: _extra_draw,
    Rearrange: _rearrange,
    Accuse: _accuse,
    CallOff: _call_off,
    ShowSpecials: _show_specials,
    EndTurn: _end_turn,
}
