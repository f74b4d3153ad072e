"""Power Structures changed by their owner (a part of the Illuminati rules): a Group
that came or moved hung with its puppets one link at a time, asking the owner wherever a
place is a choice; a Group moved or dropped; cards going back uncontrolled.

Each function takes the game first (see rules.py); the rules of each move are at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from illusio_table.engine import Action, Event
from illusio_table.engine.moves import Phase, Rule
from illusio_table.engine.protocol import listed

from .actions import (
    Drop,
    Hang,
    LetGo,
    Move,
)
from .geometry import SIDE_NAMES, GeometryError, Structure, Tree
from .state import (
    IlluminatiPhase,
    Placing,
)

if TYPE_CHECKING:
    from .rules import IlluminatiGame


def owed(game: IlluminatiGame, seat: int) -> list[str]:
    """The cards a trade agreed still takes from the seat: a Group and its puppets,
    which nothing is placed under and which are not let go to make room."""
    offer = game.offer
    for half in (offer, offer.then if offer is not None else None):
        if half is not None and half.giver == seat and half.group in game.structures[seat]:
            return game.structures[seat].subtree(half.group)
    return []


def room_to_make(game: IlluminatiGame) -> dict[str, str]:
    """For a Group received whose puppet fits under no free arrow of its master: the
    cards in the way, by the side of the arrow each blocks."""
    p = game.placing
    assert p is not None  # asked while a Group is being placed
    structure, master = game.structures[p.seat], p.links[0][1]
    if not p.received or structure.free_arrows(master):
        return {}
    owing = owed(game, p.seat)  # a Group a trade agreed still takes is not let go
    return {side: card for side, card in structure.blockers(master).items() if card not in owing}


def hang(
    game: IlluminatiGame, seat: int, tree: Tree, master: str, side: str, received: bool = False
) -> list[Event]:
    """Puts a Group (captured, moved or received) under the arrow, then its puppets,
    asking the owner wherever their place is a choice (phase "placing")."""
    game.structures[seat].attach(tree.root, master, side)
    links = list(tree.puppets)
    # Play goes on in this phase once every puppet is settled.
    game.placing = Placing(seat, links, [], received, game.phase)
    return _settle(game)


def _settle(game: IlluminatiGame) -> list[Event]:
    p = game._placing_now()
    if game.structures[p.seat].settle(p.links, p.dropped, p.received):
        game.phase = IlluminatiPhase.PLACING
        return []
    game.placing = None
    game.phase = p.then
    return uncontrol(game, p.dropped)


def _placing_moves(game: IlluminatiGame, seat: int) -> list[Hang | LetGo]:
    p = game._placing_now()
    structure = game.structures[seat]
    group, master, _ = p.links[0]
    free = structure.free_arrows(master)
    if free:
        return [Hang(group, side) for side in free]
    return [Hang(group, side) for side in room_to_make(game)] + [LetGo(group)]


def _placing_words(game: IlluminatiGame) -> str:
    group, master, _ = game._placing_now().links[0]
    return f"{game.title_of(group)} under {game.title_of(master)}"


def _first_place(game: IlluminatiGame, seat: int) -> str:
    return f"First place {_placing_words(game)}."


def _placing_refusal(game: IlluminatiGame, seat: int, action: Hang | LetGo) -> str | None:
    group, master, _ = game._placing_now().links[0]
    words = _placing_words(game)
    if action.group != group:
        return f"First place {words}."
    if action not in _placing_moves(game, seat):
        if game.structures[seat].free_arrows(master):
            return f"Place {words}, on one of its free arrows."
        return f"{words}: let one of your cards in the way go, or let it go itself."
    return None


def _let_go(game: IlluminatiGame, seat: int, action: LetGo) -> list[Event]:
    p = game._placing_now()
    p.links.pop(0)
    p.dropped.append(action.group)
    return [Event(f"{game.name(seat)} lets {game.title_of(action.group)} go.")] + _settle(game)


def _place(game: IlluminatiGame, seat: int, action: Hang) -> list[Event]:
    p = game._placing_now()
    structure = game.structures[seat]
    _, master, _ = p.links.pop(0)
    who, group = game.name(seat), game.title_of(action.group)
    events = []
    blocker = structure.blockers(master).get(action.side)  # (a blocked arrow only)
    if blocker is not None:
        events = [Event(f"{who} lets {game.title_of(blocker)} go to make room.")]
        events += uncontrol(game, structure.cut(blocker).cards())
    structure.attach(action.group, master, action.side)
    where = SIDE_NAMES.get(action.side, action.side)
    events.append(Event(f"{who} places {group} under {game.title_of(master)} ({where})."))
    return events + _settle(game)


def move_moves(structure: Structure) -> list[Action]:
    """Each Group under each card outside its own subtree, on that card's first free arrow."""
    moves: list[Action] = []
    places = structure.places  # (its own iteration is a call of Python: every turn lists)
    for group in places:
        if group == structure.root:
            continue
        below = set(structure.subtree(group))
        for master in places:
            if master not in below:
                moves += [Move(group, master, side) for side in structure.free_arrows(master)[:1]]
    return moves


def _move_refusal(game: IlluminatiGame, seat: int, action: Move) -> str | None:
    if game.illuminati[seat] != "bermuda-triangle" and game.phase == IlluminatiPhase.REORGANIZE:
        return "Only the Bermuda Triangle rearranges its Power Structure now."
    if game.actions_left <= 0 and game.phase != IlluminatiPhase.REORGANIZE:
        return "You have used both actions of this turn."
    try:
        structure = game.structures[seat]
        if action.group not in structure or action.master not in structure:
            return "Both Groups must be in your Power Structure."
        if action.group == structure.root:
            return "The Illuminati card does not move."
        if action.master in structure.subtree(action.group):
            return "A Group cannot go under itself or one of its own puppets."
        if action.side not in structure.free_arrows(action.master):
            return "That arrow is not free."
    except GeometryError as error:
        return error.reason
    return None


def _drop_refusal(game: IlluminatiGame, seat: int, action: Drop) -> str | None:
    structure = game.structures[seat]
    if action.group not in structure or action.group == structure.root:
        return "You can drop only a Group of your own Power Structure."
    return None


def _move(game: IlluminatiGame, seat: int, action: Move) -> list[Event]:
    if game.phase != IlluminatiPhase.REORGANIZE:
        game.actions_left -= 1
    tree = game.structures[seat].lift(action.group, action.master, action.side)
    events = [
        Event(
            f"{game.name(seat)} moves {game.title_of(action.group)} "
            f"under {game.title_of(action.master)}."
        )
    ]
    return events + hang(game, seat, tree, action.master, action.side)


def _drop(game: IlluminatiGame, seat: int, action: Drop) -> list[Event]:
    tree = game.structures[seat].cut(action.group)
    return [Event(f"{game.name(seat)} drops {game.title_of(action.group)}.")] + (
        uncontrol(game, tree.cards())
    )


def uncontrol(game: IlluminatiGame, cards: list[str]) -> list[Event]:
    for card in cards:
        game._clear(card)
        game.uncontrolled.append(card)
    if not cards:
        return []
    # (one Group "goes": "Health Food Stores go uncontrolled." read as a slip)
    verb = "goes" if len(cards) == 1 else "go"
    return [Event(f"{listed(game.title_of(c) for c in cards)} {verb} uncontrolled.")]


# The rules of these moves (see `IlluminatiGame.phases`).
PLACING = Phase(
    IlluminatiPhase.PLACING,
    (
        Rule(Hang, _placing_refusal, _place, _placing_moves),
        Rule(LetGo, _placing_refusal, _let_go),
    ),
    _first_place,
)
MOVE = Rule(Move, _move_refusal, _move)
DROP = Rule(Drop, _drop_refusal, _drop)
