"""Special cards and the windows in which they are played (a part of the Illuminati rules).

A window asks every seat that holds any Special at once (so being asked reveals nothing):
before a turn (Senate Investigating Committee), after a privilege is declared (Deep
Agent, Interference, two Specials to abolish it), after the dice (Assassination, Murphy's
Law). Whenever Specials are played, anywhere, an answer window lets Secrets Man Was Not
Meant To Know cancel one of them. Then the plays that stand take effect in the order they
were played, so of two contradicting cards the last one governs.

The Specials played "at any time" (ANY_TIME) are offered at every moment a player is asked
anything: in their own turn, on their turn to spend on an attack, and in the windows
before a turn, after a privilege and after the dice, whoever's turn it is (the card
file's reading `any-time` says why these). White Collar Crime then opens a moment of its
own, in which its player moves money freely among their Groups, before play goes on.

Each function takes the game first (see rules.py); where play goes on once the Specials
have taken effect, the game says (`IlluminatiGame._go_on`: it knows every part). The
rules of each move are at the end.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from illusio_table.engine import Action, Event
from illusio_table.engine.moves import Phase, Rule, always
from illusio_table.engine.protocol import listed

from .actions import (
    PASS,
    Abolish,
    Pass,
    PlaySpecial,
    ShowSpecials,
)
from .state import (
    IlluminatiPhase,
    Pending,
    Rearranging,
    Window,
)

if TYPE_CHECKING:
    from .rules import IlluminatiGame

WINDOW_CARDS = {
    "turn": ("senate-investigating-committee",),
    "privilege": ("deep-agent", "interference"),
    "roll": ("assassination", "murphys-law"),
    "answer": ("secrets-man-was-not-meant-to-know",),
}
ANY_TIME = (
    "slush-fund",
    "swiss-bank-account",
    "media-campaign",
    "computer-espionage",
    "white-collar-crime",
)
OWN_TURN = (*ANY_TIME, "bribery")


def kind_of(card: str) -> str:
    return card.split("#")[0]


# -- windows: every holder of a Special asked at once --------------------------------------------


def holders(game: IlluminatiGame, but: tuple[int, ...] = ()) -> list[int]:
    return [s for s in game.players() if game.specials[s] and s not in but]


def open_window(
    game: IlluminatiGame,
    kind: str,
    seats: list[int],
    pending: list[Pending] | None = None,
    then: str = "",
) -> None:
    game.window = Window(kind, set(seats), pending=pending or [], then=then)
    game.phase = IlluminatiPhase.WINDOW


def _window_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    w = game._window_open()
    mine = game.specials[seat]
    moves: list[Action] = [PASS]
    if w.kind == "answer":
        secrets = [c for c in mine if kind_of(c) in WINDOW_CARDS["answer"]][:1]
        return moves + [
            PlaySpecial(c, target=p.card) for c in secrets for p in w.pending if p.seat != seat
        ]
    moves += [PlaySpecial(c) for c in mine if kind_of(c) in WINDOW_CARDS[w.kind]]
    if w.kind == "privilege" and len(mine) >= 2:
        moves.append(Abolish(tuple(mine[:2])))  # any two are accepted
    return moves + any_time_moves(game, seat)


def _abolish_refusal(game: IlluminatiGame, seat: int, action: Abolish) -> str | None:
    if game._window_open().kind != "privilege":
        return "Two Specials are discarded together only against a privilege."
    if len(set(action.cards)) != 2 or any(c not in game.specials[seat] for c in action.cards):
        return "Discard two Special cards of your own."
    return None


def _window_special_refusal(game: IlluminatiGame, seat: int, action: PlaySpecial) -> str | None:
    w = game._window_open()
    if action.card not in game.specials[seat]:
        return "Play one of your Special cards that fits this moment, or pass."
    if w.kind != "answer" and kind_of(action.card) in ANY_TIME:
        return any_time_refusal(game, seat, action)
    if kind_of(action.card) not in WINDOW_CARDS[w.kind]:
        return f"{game.title_of(action.card)} cannot be played now."
    if action.master is not None or action.side is not None:
        return "Only Bribery names an arrow."
    if w.kind == "answer":
        targets = [p.card for p in w.pending if p.seat != seat]
        if action.target not in targets:
            return "Name the Special card of another player that it cancels."
    return None


def _window_pass(game: IlluminatiGame, seat: int, action: Pass) -> list[Event]:
    return _window_choice(game, seat, None)


def _window_play(game: IlluminatiGame, seat: int, action: PlaySpecial | Abolish) -> list[Event]:
    return _window_choice(game, seat, action)


# When a window is open, for the words of the log ("Lera has decided." said nothing of what).
MOMENTS = {
    "turn": "at the start of the turn",
    "privilege": "against the privilege",
    "roll": "on the dice just rolled",
    "answer": "in answer to the Special just played",
}


def _chosen_words(game: IlluminatiGame, seat: int, kind: str, first: bool) -> str:
    """A seat has chosen in a window, what unsaid: the moment said by the first to choose
    (every holder of a Special is asked, whether it has one that fits or not), the
    others' 'too'."""
    if not first:
        return f"{game.name(seat)} has chosen too."
    return (
        f"{game.name(seat)} has chosen whether to play a Special {MOMENTS[kind]}; "
        "any Special played is shown once everyone asked has chosen."
    )


def _window_choice(
    game: IlluminatiGame, seat: int, play: PlaySpecial | Abolish | None
) -> list[Event]:
    """A seat's choice in a window (None: it plays nothing); once all have chosen,
    the plays are shown together and take effect."""
    w = game._window_open()
    w.waiting.discard(seat)
    w.plays[seat] = play
    if w.waiting:  # the others see only that this seat has made up its mind
        return [Event(_chosen_words(game, seat, w.kind, first=len(w.plays) == 1))]
    events: list[Event] = []
    game.window = None
    # In the order they were played (each seat's decision as it came): when two
    # contradict, the last one played governs, whoever sits where.
    plays = [(s, play) for s, play in w.plays.items() if play is not None]
    if w.kind == "answer":
        cancelled = set()
        for s, play in plays:
            # refused otherwise: an answer is a Special naming the card it cancels
            assert isinstance(play, PlaySpecial) and play.target is not None
            discard_special(game, s, play.card)
            cancelled.add(play.target)
            events.append(
                Event(
                    f"{game.name(s)} plays {game.title_of(play.card)}: "
                    f"{game.title_of(play.target)} has no effect.",
                    reveals=True,
                )
            )
        kept = [p for p in w.pending if p.card not in cancelled]
        return events + _take_effect(game, w.then, kept)
    pending = []
    for s, play in plays:
        cards = play.cards if isinstance(play, Abolish) else (play.card,)
        for card in cards:
            discard_special(game, s, card)
        names = listed(game.title_of(c) for c in cards)
        events.append(Event(f"{game.name(s)} plays {names}!", reveals=True))
        pending.append(Pending(s, cards[0], play))
    return events + played(game, w.kind, pending)


# -- Specials played in one's own turn, or at any time -------------------------------------------


def _special_refusal(game: IlluminatiGame, seat: int, action: PlaySpecial) -> str | None:
    """A Special played in one's own turn, outside any window."""
    if action.card not in game.specials[seat]:
        return "That Special is not yours."
    kind = kind_of(action.card)
    if kind not in OWN_TURN:
        return f"{game.title_of(action.card)} is played at its own moment, not now."
    if kind in ANY_TIME:
        return any_time_refusal(game, seat, action)
    if kind == "bribery":
        if game.actions_left <= 0:
            return "Bribery takes one of your actions, and none is left."
        if action.target not in game.uncontrolled:
            return "Bribery takes control of an uncontrolled Group."
        structure = game.structures[seat]
        if not any(structure.free_arrows(c) for c in structure):
            return "You have no free arrow to hang it from."
        master = action.master
        if master is None or master not in structure:
            return "Say which free arrow of your Power Structure it will hang from."
        if action.side not in structure.free_arrows(master):
            return "Say which free arrow of your Power Structure it will hang from."
    elif action.master is not None or action.side is not None:
        return "Only Bribery names an arrow."
    return None


def any_time_refusal(game: IlluminatiGame, seat: int, action: PlaySpecial) -> str | None:
    """Why a Special played "at any time" (one the seat holds) cannot be played so."""
    if action.master is not None or action.side is not None:
        return "Only Bribery names an arrow."
    kind = kind_of(action.card)
    if kind == "media-campaign" and action.target not in game.dead:
        return "Media Campaign brings back a Group of the dead pile."
    if kind == "computer-espionage":
        group_ok = action.target is not None and game.owner(action.target) is not None
        seat_ok = action.seat is not None and action.seat != seat and action.seat in game.players()
        if not (group_ok or seat_ok):
            return "Look at the money of a Group in play, or at another player's Specials."
    return None


def any_time_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    moves: list[Action] = []
    for card in game.specials[seat]:
        kind = kind_of(card)
        if kind in ("slush-fund", "swiss-bank-account", "white-collar-crime"):
            moves.append(PlaySpecial(card))
        elif kind == "media-campaign":
            moves += [PlaySpecial(card, target=g) for g in game.dead]
        elif kind == "computer-espionage":
            moves += [PlaySpecial(card, seat=s) for s in game.players() if s != seat]
    return moves


def own_special_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    if not game.specials[seat]:  # (most of the time: asked at every move of a turn)
        return []
    moves = any_time_moves(game, seat)
    structure = game.structures[seat]
    bribes = [card for card in game.specials[seat] if kind_of(card) == "bribery"]
    if game.actions_left and bribes:
        arrows = [(c, side) for c in structure for side in structure.free_arrows(c)]
        for card in bribes:
            moves += [
                PlaySpecial(card, target=g, master=m, side=side)
                for g in game.uncontrolled
                for m, side in arrows
            ]
    return moves


def _own_special(game: IlluminatiGame, seat: int, action: PlaySpecial) -> list[Event]:
    """A Special played in one's own turn."""
    discard_special(game, seat, action.card)
    if kind_of(action.card) == "bribery":
        game.actions_left -= 1
    events = [Event(f"{game.name(seat)} plays {game.title_of(action.card)}.", reveals=True)]
    return events + played(game, "own", [Pending(seat, action.card, action)])


def _show_refusal(game: IlluminatiGame, seat: int, action: ShowSpecials) -> str | None:
    return None if game.specials[seat] else "You hold no Special card."


def _show_specials(game: IlluminatiGame, seat: int, action: ShowSpecials) -> list[Event]:
    held = ", ".join(game.title_of(c) for c in game.specials[seat])
    return [Event(f"{game.name(seat)} shows their Specials: {held}.", reveals=True)]


# -- Specials taking effect ----------------------------------------------------------------------


def discard_special(game: IlluminatiGame, seat: int, card: str) -> None:
    game.specials[seat].remove(card)
    game.discarded.append(card)


def played(game: IlluminatiGame, then: str, pending: list[Pending]) -> list[Event]:
    """Specials just played: others may answer them; then they take effect."""
    if pending and holders(game):
        open_window(game, "answer", holders(game), pending=pending, then=then)
        return []
    return _take_effect(game, then, pending)


def _take_effect(game: IlluminatiGame, then: str, pending: list[Pending]) -> list[Event]:
    """The plays that stand take effect: first those of Specials played "at any time" in
    a window, then the window's own. White Collar Crime stops here until its player has
    rearranged their money; `rearranged` goes on from there."""
    events: list[Event] = []
    if then in ("turn", "privilege", "roll"):
        rest = []
        for p in pending:
            if isinstance(p.action, PlaySpecial) and kind_of(p.card) in ANY_TIME:
                events += _special_effect(game, p.seat, p.action)
            else:
                rest.append(p)
        pending = rest
    elif then in ("own", "spend-own"):
        for p in pending:
            assert isinstance(p.action, PlaySpecial)  # the only play of one's own
            events += _special_effect(game, p.seat, p.action)
        pending = []
    if game.rearranging is not None:
        game.rearranging = dataclasses.replace(game.rearranging, then=then, pending=tuple(pending))
        game.phase = IlluminatiPhase.REARRANGING
        return events
    return events + game._go_on(then, pending)


def rearranged(game: IlluminatiGame) -> list[Event]:
    """White Collar Crime's player is done moving money: play goes on where it stopped."""
    r, game.rearranging = game.rearranging, None  # `_go_on` sets the phase
    assert r is not None  # only its player ends it
    return [Event(f"{game.name(r.seat)} is done rearranging money.")] + game._go_on(
        r.then, list(r.pending)
    )


def _special_effect(game: IlluminatiGame, seat: int, action: PlaySpecial) -> list[Event]:
    kind = kind_of(action.card)
    who, title = game.name(seat), game.title_of(action.card)
    top = game.illuminati[seat]
    if kind == "slush-fund":
        game._pay_from_bank(top, 15)
        return [Event(f"{who}'s {title}: 15 MB.")]
    if kind == "swiss-bank-account":
        game._pay_from_bank(top, 25)
        return [Event(f"{who}'s {title}: 25 MB.")]
    if kind == "white-collar-crime":
        game._pay_from_bank(top, 5)
        game.rearranging = Rearranging(seat)  # `_take_effect` stops for it
        return [Event(f"{who}'s {title}: 5 MB, and {who} rearranges their money freely.")]
    if kind == "media-campaign":
        if action.target not in game.dead:
            return []
        game.dead.remove(action.target)
        game.uncontrolled.append(action.target)
        return [Event(f"{title}: {game.title_of(action.target)} is back, uncontrolled.")]
    if kind == "computer-espionage":
        pair = frozenset({seat})
        if action.target is not None:
            money = game.money.get(action.target, 0)
            line = f"{game.title_of(action.target)} holds {money} MB."
        else:
            spied = action.seat
            assert spied is not None  # refused otherwise: it names a Group or a player
            held = ", ".join(game.title_of(c) for c in game.specials[spied]) or "nothing"
            line = f"{game.name(spied)} holds: {held}."
        return [
            Event(f"Computer Espionage: {line}", seen_by=pair, reveals=True),
            Event(f"{who} spies with Computer Espionage.", hidden_from=pair),
        ]
    # Bribery: the arrow it named is still free (only Secrets Man may come between).
    structure = game.structures[seat]
    bribed, master, side = action.target, action.master, action.side
    if bribed not in game.uncontrolled:
        return []
    assert bribed is not None and master is not None and side is not None  # as refused
    game.uncontrolled.remove(bribed)
    structure.attach(bribed, master, side)
    return [
        Event(
            f"{who} bribes {game.title_of(bribed)} into the Power Structure, "
            f"under {game.title_of(master)}."
        )
    ]


# -- a privileged attack -------------------------------------------------------------------------


def privilege_window(game: IlluminatiGame) -> list[Event]:
    a = game._attack_now()
    others = holders(game, but=(a.seat,))
    if others:
        open_window(game, "privilege", others)
        return []
    return start_spending(game)


def privilege_answered(game: IlluminatiGame, pending: list[Pending]) -> list[Event]:
    a = game._attack_now()
    events: list[Event] = []
    for p in pending:
        if isinstance(p.action, Abolish) or kind_of(p.card) == "deep-agent":
            if a.privileged:
                events += lose_privilege(game, "The privilege is abolished.", start=False)
        elif a.privileged and p.seat not in a.order:  # Interference
            a.order.append(p.seat)
            events.append(Event(f"{game.name(p.seat)} may interfere all the same."))
    return events + start_spending(game)


def lose_privilege(game: IlluminatiGame, why: str, start: bool = True) -> list[Event]:
    a = game._attack_now()
    a.privileged = False
    a.order += [s for s in game.players() if s not in a.order]
    events = [Event(why)]
    return events + (start_spending(game) if start else [])


def start_spending(game: IlluminatiGame) -> list[Event]:
    game.phase = IlluminatiPhase.SPENDING
    return []


# The rules of these moves (see `IlluminatiGame.phases`).
WINDOW = Phase(
    IlluminatiPhase.WINDOW,
    (
        Rule(Pass, always, _window_pass),
        Rule(Abolish, _abolish_refusal, _window_play),
        Rule(PlaySpecial, _window_special_refusal, _window_play),
    ),
    "Play one of your Special cards that fits this moment, or pass.",
    listing=(_window_moves,),
)
SHOW_SPECIALS = Rule(ShowSpecials, _show_refusal, _show_specials)
OWN_SPECIAL = Rule(PlaySpecial, _special_refusal, _own_special)
