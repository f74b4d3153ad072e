"""The goals of an Illuminati match (a part of its rules): who meets which goal, what a
seat can see another meet (no one may throw the game, p. 8), who is out, and the end.

Each function takes the game first (see rules.py).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from illusio_table.engine import Event

from .attack import the
from .cards import IlluminatiCards
from .state import (
    IlluminatiPhase,
)

if TYPE_CHECKING:
    from .rules import IlluminatiGame

Cards = Sequence[str]  # cards changing hands, with their puppets


def eliminations(game: IlluminatiGame, by: int | None = None) -> list[Event]:
    """Players left with nothing but their Illuminati are out. When an attack (`by`)
    of a player pursuing the goal of destruction (the Servants of Cthulhu's, or the
    UFOs' or anyone's who chose it) puts a player out, that Illuminati counts toward
    the Groups destroyed; and a player who reaches that goal by destroying their own
    last Group is not out but wins."""
    events: list[Event] = []
    after = game.limits.elimination_after_turn
    if max(game.turns_taken) < after:  # nobody is past the turn yet (a check every move)
        return events
    for s in range(game.seats):
        # (Every seat still in (`players`) and its structure's length in its places,
        # written out: the Structure's own `len` is a call of Python, and this is asked
        # of every seat at every move.)
        if game.eliminated[s] or game.turns_taken[s] < after:
            continue
        if len(game.structures[s].places) == 1:
            needed = destroys_to_win(game, s)
            if needed is not None and game.destroyed[s] >= needed:
                continue  # they win instead (checked with the goals)
            game.eliminated[s] = True
            if by is not None and by != s and destroys_to_win(game, by) is not None:
                game.destroyed[by] += 1
            game._clear(game.illuminati[s])
            game.discarded += game.specials[s]
            game.specials[s] = []
            events.append(
                Event(
                    f"{game.name(s)} controls nothing but the Illuminati and is out.",
                    reveals=True,
                )
            )
    return events


def end_match(game: IlluminatiGame, why: str) -> list[Event]:
    game.phase = IlluminatiPhase.OVER
    game.revealed = set(range(game.seats))
    return [Event(f"{why} The game is over.")] + [
        Event(line) for line in game.result()["explanation"]
    ]


def meets_goal(game: IlluminatiGame, seat: int) -> bool:
    return goal_met(game, seat) is not None


def pursued(game: IlluminatiGame, seat: int) -> str:
    """Whose Special Goal the seat pursues: its own Illuminati's, or the one it chose
    (the UFOs always choose; with hidden goals everyone does)."""
    top = game.illuminati[seat]
    chosen = game.options["hidden_goals"] or top == "ufos"
    return game.borrowed_goal.get(seat, top) if chosen else top


def destroys_to_win(game: IlluminatiGame, seat: int) -> int | None:
    """How many destroyed Groups the seat's goal asks for, when it pursues the goal of
    destruction (the Servants of Cthulhu's), whoever its Illuminati are; else None.
    What that goal says follows the goal, not the card (the card file's reading)."""
    goal = game.numbers.illuminati[pursued(game, seat)].goal
    return goal.value if goal is not None and goal.kind == "destroyed" else None


def goal_met(game: IlluminatiGame, seat: int) -> str | None:
    """The goal the seat meets now, in words, or None."""
    return _basic_goal_met(game, seat) or _special_goal_met(game, seat, pursued(game, seat))


def won_by(game: IlluminatiGame, seat: int) -> str | None:
    """The goal the seat meets, said for the end of the game: a goal pursued in secret
    says so and whose it is ("their secret goal, the Special Goal of the UFOs: …"), as
    it is no secret any more."""
    met = goal_met(game, seat)
    if met is None or not met.startswith("the Special Goal"):
        return met
    top = game.illuminati[seat]
    secret = game.options["hidden_goals"] or top == "ufos"
    return f"their secret goal, {met}" if secret else met


def _basic_goal_met(
    game: IlluminatiGame, seat: int, gained: Cards = (), lost: Cards = ()
) -> str | None:
    # (The length of its places: the Structure's own `len` is a call of Python.)
    count = len(game.structures[seat].places) + len(gained) - len(lost)
    if count >= game.goal:
        return f"the basic goal: {count} Groups, the Illuminati included"
    return None


def _special_goal_met(
    game: IlluminatiGame,
    seat: int,
    goal_of: str,
    gained: Cards = (),
    lost: Cards = (),
    money: int = 0,
) -> str | None:
    """Whether the seat meets the Special Goal of `goal_of`, in words; with `gained`
    and `lost` cards (and their treasuries) and `money` into its Illuminati, whether it
    would meet it after that change."""
    goal = game.numbers.illuminati[goal_of].goal
    if goal is None or goal.kind == "borrowed":
        return None
    # (Asked for every trade listed: the cards' list made in one step where none leave,
    # read from the structure's places rather than through its own iteration, a call of
    # Python; and its Groups picked out only for the goals of alignments, which count them.)
    places = game.structures[seat].places
    if lost:
        gone = set(lost)
        structure = [*(c for c in places if c not in gone), *gained]
    else:
        structure = [*places, *gained]
    if goal.kind == "total-power":
        reached = sum(game.numbers.power(c) for c in structure) >= goal.value
    elif goal.kind == "total-transferable":
        reached = sum(game.numbers.transferable(c) for c in structure) >= goal.value
    elif goal.kind == "money":
        reached = sum(game.money.get(c, 0) for c in structure) + money >= goal.value
    elif goal.kind == "destroyed":
        reached = game.destroyed[seat] >= goal.value
    elif goal.kind == "alignment-count":
        groups = [c for c in structure if c in game.cards.group]
        aligned = sum(goal.alignment in game.cards.group[g].alignments for g in groups)
        reached = aligned >= goal.value
    else:
        groups = [c for c in structure if c in game.cards.group]
        held = {a for g in groups for a in game.cards.group[g].alignments}
        reached = len(held) >= goal.value
    if not reached:
        return None
    # (Said inside a sentence of its own: without the card's full stop.)
    return f"the Special Goal of {the(game.numbers.name(goal_of))}: {goal.text.rstrip('.')}"


def known_goal(game: IlluminatiGame, viewer: int, seat: int) -> str | None:
    """Whose Special Goal `viewer` knows `seat` to pursue, or None. One's own goal is
    known, even one chosen in secret; another's only when their Illuminati lies face
    up and its goal is its own, chosen by nobody (not the UFOs', nor with hidden
    goals): a face-down card's goal is not even known to be in play."""
    if seat == viewer:
        return pursued(game, seat)
    if seat not in game.revealed or game.options["hidden_goals"]:
        return None
    top = game.illuminati[seat]
    return None if top == "ufos" else top


@functools.cache
def money_goals(cards: IlluminatiCards) -> frozenset[str]:
    """The Illuminati whose Special Goal is one of money: the only goal a gift of money
    alone can meet. Never the UFOs', whatever a card file gives them: their goal is one
    they borrow, in secret (`known_goal`)."""
    return frozenset(
        i.id
        for i in cards.illuminati
        if i.id != "ufos" and i.goal is not None and i.goal.kind == "money"
    )


def known_goal_met(
    game: IlluminatiGame,
    viewer: int,
    seat: int,
    gained: Cards = (),
    lost: Cards = (),
    money: int = 0,
) -> str | None:
    """A goal `viewer` can see `seat` meet after the change (see `_special_goal_met`):
    the basic goal (a count of cards on the table) or a Special Goal `viewer` knows.
    With stacked money, what another player's Groups hold is their secret: while any
    of their Groups changes hands a goal of money is not judged."""
    met = _basic_goal_met(game, seat, gained, lost)
    goal_of = known_goal(game, viewer, seat)
    if met is not None or goal_of is None:
        return met
    goal = game.numbers.illuminati[goal_of].goal
    theirs = gained if seat == viewer else lost  # the Groups of someone not the viewer
    if goal is not None and goal.kind == "money" and game.options["stacked_money"] and theirs:
        return None
    return _special_goal_met(game, seat, goal_of, gained, lost, money)


def throw_refusal(
    game: IlluminatiGame,
    actor: int,
    other: int,
    to_actor: Cards = (),
    to_other: Cards = (),
    money: int = 0,
) -> str | None:
    """No one may throw the game (p. 8): a gift or trade between `actor`, who makes
    it, and `other` (`to_actor` and `to_other`: the cards each gets, with their
    treasuries; `money`: MB from the actor's Illuminati to the other's) that lets one
    of them newly meet a goal and not the other is refused, in words. A trade that
    lets both win is legal. Judged as a whole, and only by what the actor can see
    (`known_goal_met`), so that neither the words nor the refusal itself tell the
    actor anything (the card file's reading `no-throwing`)."""
    if not to_actor and not to_other:  # money alone meets no goal but one of money
        goal_of = known_goal(game, actor, other)
        goal = game.numbers.illuminati[goal_of].goal if goal_of is not None else None
        if goal is None or goal.kind != "money":
            return None
    sides = {other: (to_other, to_actor, money), actor: (to_actor, to_other, -money)}
    for winner, partner in ((other, actor), (actor, other)):
        gained, lost, paid = sides[winner]
        if not gained and paid <= 0:
            continue  # what only leaves meets no goal
        met = known_goal_met(game, actor, winner, gained, lost, paid)
        if met is None or known_goal_met(game, actor, winner) is not None:
            continue  # (already met: the turn's end will say so)
        if known_goal_met(game, actor, partner, *sides[partner]) is not None:
            return None  # both win: they share the victory
        return f"No one may throw the game: with it, {game.name(winner)} would meet {met}."
    return None
