"""What each seat may see of an Illuminati match (its moves in words: words.py)."""

from __future__ import annotations

from typing import Any

from .attack import chance


class Views:
    def seat_view(self, seat: int | None) -> dict[str, Any]:
        def money(card: str, owner: int) -> int | None:
            if self.options["stacked_money"] and seat != owner:
                return None
            if card == self.illuminati[owner] and seat != owner and owner not in self.revealed:
                return None  # a face-down Illuminati's treasury would tell its income
            return self.money.get(card, 0)

        structures = []
        for owner, structure in enumerate(self.structures):
            known = owner in self.revealed or owner == seat
            # A face-down Illuminati card is "illuminati" to those who may not know it.
            masked = {} if known else {structure.root: "illuminati"}
            cards = []
            for card, place in structure.places.items():
                cards.append(
                    {
                        "id": masked.get(card, card),
                        "name": self.title_of(card),
                        "cell": list(place.cell),
                        "turn": place.turn,
                        "master": masked.get(place.master, place.master),
                        "free_arrows": (free := structure.free_arrows(card)),
                        # The cell each free arrow points at, where a Group would go.
                        "free_cells": {side: list(place.facing(side)) for side in free},
                        "money": money(card, owner),
                    }
                )
            structures.append(
                {
                    "seat": owner,
                    "name": self.name(owner),
                    "illuminati": self.illuminati[owner] if known else None,
                    "cards": cards,
                    "specials": len(self.specials[owner]),
                    "eliminated": self.eliminated[owner],
                }
            )
        attack = None
        if self.attack is not None:
            lines = self.lines()  # the breakdown is worked out once for both fields
            a = self.attack
            # Named fields, copied: a view never hands out the engine's own lists.
            attack = {
                "seat": a["seat"],
                "how": a["how"],
                "attacker": a["attacker"],
                "target": a["target"],
                "aiders": list(a["aiders"]),
                "side": a["side"],
                "defender": a["defender"],
                "privileged": a["privileged"],
                "committed": a["committed"],
                "out": list(a["out"]),
                "spent": dict(a["spent"]),
                "whisper": a["whisper"],
                "lines": [list(line) for line in lines],
                "target_number": (number := sum(v for _, v in lines)),
                "chance": chance(number),  # of the dice rolling the number or less
            }
            if "roll" in a:
                attack["roll"] = a["roll"]
        view = {
            "me": seat,
            "phase": self.phase,
            "current": self.current,
            "actions_left": self.actions_left,
            "free_transfers": self.free_transfers,
            "goal": self.goal,
            "structures": structures,
            "uncontrolled": list(self.uncontrolled),
            "dead": list(self.dead),
            "deck": len(self.deck),
            "attack": attack,
            "dice": list(self.last_roll),
            "outcome": dict(self.outcome) if self.outcome else None,
            "my_specials": list(self.specials[seat]) if seat is not None else None,
            "my_goal": self.borrowed_goal.get(seat) if seat is not None else None,
            "my_illuminati": self.illuminati[seat] if seat is not None else None,
            "window": None
            if self.window is None
            else {"kind": self.window["kind"], "waiting": sorted(self.window["waiting"])},
            # Who moves money freely now (White Collar Crime was played face up).
            "rearranging": self.rearranging["seat"] if self.rearranging else None,
            # A Group that came or moved: its puppets still to be placed, the first one
            # now, under `master` (all of it happened in the open).
            "placing": None
            if self.placing is None
            else {
                "seat": self.placing["seat"],
                "groups": [card for card, _, _ in self.placing["links"]],
                "master": self.placing["links"][0][1],
                # The cards of one's own that may go to make room, by the arrow they block.
                "blockers": self._room_to_make(),
            },
        }
        if self.is_over():
            view["result"] = self.result()
        return view

    def _room_to_make(self) -> dict[str, str]:
        """For a Group received whose puppet fits under no free arrow of its master: the
        cards in the way, by the side of the arrow each blocks."""
        p = self.placing
        structure, master = self.structures[p["seat"]], p["links"][0][1]
        if not p["received"] or structure.free_arrows(master):
            return {}
        return structure.blockers(master)


def standing(view: dict[str, Any]) -> list[str]:
    """Groups held by each player, as the Seats panel shows them."""
    found = []
    for structure in view["structures"]:
        groups = len(structure["cards"]) - 1  # the Illuminati card is no Group
        found.append("out" if structure["eliminated"] else f"{groups} Group{'s' * (groups != 1)}")
    return found
