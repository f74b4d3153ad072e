"""What each seat may see of an Illuminati match (`seat_view`; its moves in words: words.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .attack import chance
from .placing import room_to_make
from .state import IlluminatiPhase

if TYPE_CHECKING:
    from .rules import IlluminatiGame


def seat_view(game: IlluminatiGame, seat: int | None) -> dict[str, Any]:
    return {key: make() for key, make in view_parts(game, seat).items()}


def view_parts(game: IlluminatiGame, seat: int | None) -> dict[str, Callable[[], Any]]:
    """The view's parts, each made when called (a bot reads the structures and the
    attack, seldom the rest). No part calls another: compiled, a function calling one
    defined beside it holds it in their shared closure, a cycle that only the cyclic
    collector frees (a test holds it)."""

    def structures() -> list[dict[str, Any]]:
        found = []
        for owner, structure in enumerate(game.structures):
            known = owner in game.revealed or owner == seat
            # A face-down Illuminati card is "illuminati" to those who may not know it.
            masked: dict[str, str] = {} if known else {structure.root: "illuminati"}
            cards = []
            for card, place in structure.places.items():
                cards.append(
                    {
                        "id": masked.get(card, card),
                        "name": game.title_of(card),
                        "cell": list(place.cell),
                        "turn": place.turn,
                        "master": None
                        if place.master is None
                        else masked.get(place.master, place.master),
                        "free_arrows": list(free := structure.free_arrows(card)),
                        # The cell each free arrow points at, where a Group would go.
                        "free_cells": {side: list(place.facing(side)) for side in free},
                        "money": _money(game, seat, card, owner),
                    }
                )
                bonus = game.power_bonus.get(card, 0)
                if bonus and card not in masked:  # (a face-down card's would name it)
                    # The Power an option adds (the UFOs with hidden goals): the card
                    # showed its printed 6 while the attack counted 7.
                    cards[-1]["power_bonus"] = bonus
            found.append(
                {
                    "seat": owner,
                    "name": game.name(owner),
                    "illuminati": game.illuminati[owner] if known else None,
                    "cards": cards,
                    "specials": len(game.specials[owner]),
                    "eliminated": game.eliminated[owner],
                }
            )
        return found

    def attack() -> dict[str, Any] | None:
        if game.attack is None:
            return None
        lines = game.lines()  # the breakdown is worked out once for both fields
        a = game.attack
        # Named fields, copied: a view never hands out the engine's own lists.
        found = {
            "seat": a.seat,
            "how": a.how,
            "attacker": a.attacker,
            "target": a.target,
            "aiders": list(a.aiders),
            "side": a.side,
            "defender": a.defender,
            "privileged": a.privileged,
            "committed": a.committed,
            "out": list(a.out),
            # The player asked now to spend or pass (everyone sees whom the table waits for).
            "asked": a.order[a.turn] if game.phase == IlluminatiPhase.SPENDING else None,
            "spent": dict(a.spent),
            "whisper": a.whisper,
            "lines": [list(line) for line in lines],
            "target_number": (number := sum(v for _, v in lines)),
            "chance": chance(number),  # of the dice rolling the number or less
        }
        if a.roll is not None:
            found["roll"] = a.roll
        return found

    def placing() -> dict[str, Any] | None:
        if game.placing is None:
            return None
        return {
            "seat": game.placing.seat,
            "groups": [card for card, _, _ in game.placing.links],
            "master": game.placing.links[0][1],
            # The cards of one's own that may go to make room, by the arrow they block.
            "blockers": room_to_make(game),
        }

    parts: dict[str, Callable[[], Any]] = {
        "me": lambda: seat,
        "phase": lambda: game.phase,
        "current": lambda: game.current,
        "actions_left": lambda: game.actions_left,
        "free_transfers": lambda: game.free_transfers,
        "goal": lambda: game.goal,
        "structures": structures,
        "uncontrolled": lambda: list(game.uncontrolled),
        "dead": lambda: list(game.dead),
        "deck": lambda: len(game.deck),
        "attack": attack,
        "dice": lambda: list(game.last_roll),
        "outcome": lambda: dataclasses.asdict(game.outcome) if game.outcome else None,
        # A Group offered or asked for (told to everyone as it was made): who, what, for how much.
        "offer": lambda: dataclasses.asdict(game.offer) if game.offer else None,
        "my_specials": lambda: list(game.specials[seat]) if seat is not None else None,
        "my_goal": lambda: game.borrowed_goal.get(seat) if seat is not None else None,
        "my_illuminati": lambda: game.illuminati[seat] if seat is not None else None,
        "window": lambda: (
            None
            if game.window is None
            else {"kind": game.window.kind, "waiting": sorted(game.window.waiting)}
        ),
        # Who moves money freely now (White Collar Crime was played face up).
        "rearranging": lambda: game.rearranging.seat if game.rearranging else None,
        # A Group that came or moved: its puppets still to be placed, the first one
        # now, under `master` (all of it happened in the open).
        "placing": placing,
    }
    if game.is_over():
        parts["result"] = game.result
    return parts


def _money(game: IlluminatiGame, seat: int | None, card: str, owner: int) -> int | None:
    """What a card's treasury shows that seat (None: hidden from it)."""
    if game.options["stacked_money"] and seat != owner:
        return None
    if card == game.illuminati[owner] and seat != owner and owner not in game.revealed:
        return None  # a face-down Illuminati's treasury would tell its income
    return game.money.get(card, 0)


def groups_held(view: dict[str, Any], structure: dict[str, Any]) -> str:
    """A player's Groups counted toward the basic goal, the Illuminati card among them
    as the goal counts it ("5 of 12 Groups"): the same words on the table and in the
    Seats panel (the panel left the Illuminati out and said "4 Groups" beside "5 of 12")."""
    return f"{len(structure['cards'])} of {view['goal']} Groups"


def standing(view: dict[str, Any]) -> list[str]:
    """How each player stands, as the Seats panel shows it."""
    return [
        "out" if structure["eliminated"] else groups_held(view, structure)
        for structure in view["structures"]
    ]
