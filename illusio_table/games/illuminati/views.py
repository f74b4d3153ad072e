"""What each seat may see of an Illuminati match, and every move in words."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import Action

from .actions import (
    Abolish,
    Accuse,
    Attack,
    CallOff,
    ChooseGoal,
    Drop,
    ExtraDraw,
    GiveGroup,
    GiveMoney,
    GiveSpecial,
    Hang,
    Move,
    Pass,
    PassOnAttack,
    PassTurn,
    PlaySpecial,
    Rearrange,
    Receive,
    Shift,
    ShowSpecials,
    Spend,
    TakeIncome,
    Transfer,
)
from .attack import the


class Views:
    def describe(self, action: Action, seat: int | None = None) -> str:
        """A move in words for the buttons, menus and the move list."""
        t = self.title_of
        if isinstance(action, Attack):
            aid = f", aided by {', '.join(t(a) for a in action.aiders)}" if action.aiders else ""
            extra = ""
            if action.privilege == "bavarian":
                extra = ", privileged for 5 MB"
            elif action.privilege:
                extra = f", privileged by discarding {t(action.privilege)}"
            if action.card:
                extra += " (Whispering Campaign)"
            return f"{t(action.attacker)} attacks to {action.how} {t(action.target)}{aid}{extra}"
        if isinstance(action, Spend):
            side = ""
            if self.attack and seat not in (self.attack["seat"], self.attack["defender"]):
                side = " to help the attacker" if action.helps else " against the attack"
            return f"Spend {action.amount} MB from {t(action.source)}{side}"
        if isinstance(action, PassOnAttack):
            return "Pass on this attack (not asked again until its dice)"
        if isinstance(action, Pass):
            if self.phase == "rearranging":
                return "Done rearranging money"
            return "Play nothing" if self.phase == "window" else "Spend nothing more"
        if isinstance(action, Transfer):
            return f"Move {action.amount} MB from {t(action.source)} to {t(action.target)}"
        if isinstance(action, Move):
            return f"Move {t(action.group)} under {t(action.master)} ({action.side} arrow)"
        if isinstance(action, Drop):
            return f"Drop {t(action.group)}"
        if isinstance(action, GiveMoney):
            return f"Give {action.amount} MB to {self.name(action.seat)}"
        if isinstance(action, GiveSpecial):
            return f"Give {t(action.card)} to {self.name(action.seat)}"
        if isinstance(action, GiveGroup):
            return f"Offer {t(action.group)} to {self.name(action.seat)}"
        if isinstance(action, Receive):
            if action.master is None:
                return "Refuse the Group offered"
            return f"Take the Group under {t(action.master)} ({action.side} arrow)"
        if isinstance(action, Hang):
            if action.side is None:
                return f"Let {t(action.group)} go uncontrolled"
            if self.placing is None:  # a move of the past: its master has moved on
                return f"Place {t(action.group)} ({action.side} arrow)"
            master = self.placing["links"][0][1]
            where = f"Place {t(action.group)} under {t(master)} ({action.side} arrow)"
            structure = self.structures[self.placing["seat"]]
            blocker = structure.blockers(master).get(action.side)  # (a blocked arrow only)
            if blocker is not None:
                return f"{where}, letting {t(blocker)} go"
            return where
        if isinstance(action, PlaySpecial):
            if self.phase == "window" and self.window and self.window["kind"] == "answer":
                return f"Cancel {t(action.target)} with {t(action.card)}"
            on = f" on {t(action.target)}" if action.target else ""
            if action.master is not None:
                on += f", under {t(action.master)} ({action.side} arrow)"
            to = f" on {self.name(action.seat)}" if action.seat is not None else ""
            return f"Play {t(action.card)}{on}{to}"
        if isinstance(action, Abolish):
            return f"Discard {' and '.join(t(c) for c in action.cards)} to abolish the privilege"
        if isinstance(action, TakeIncome):
            return (
                "Collect income, doubled by Market Manipulation"
                if action.doubled
                else "Collect income"
            )
        if isinstance(action, PassTurn):
            return f"Do nothing this turn and take {self.limits.pass_income} MB"
        if isinstance(action, ChooseGoal):
            goal = self.numbers.illuminati[action.illuminati].goal
            name = the(self.numbers.name(action.illuminati))
            counts = "" if self.options["hidden_goals"] else " (it counts for the UFOs only)"
            return f"Pursue the goal of {name}{counts}: {goal.text if goal else ''}"
        if isinstance(action, Shift):
            return f"Lasers: {action.how} {self.cards.name(action.alignment)} for {t(action.group)}"
        if isinstance(action, ExtraDraw):
            return "Recyclers: 5 MB for one more card"
        if isinstance(action, Rearrange):
            return "Rearrange freely to end the turn (turns your Illuminati up)"
        if isinstance(action, Accuse):
            named = the(self.numbers.name(action.illuminati))
            return f"Accuse {self.name(action.seat)} of leading {named}"
        if isinstance(action, CallOff):
            return "Call the attack off"
        if isinstance(action, ShowSpecials):
            return "Show your Specials to everyone"
        return "End your turn"

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
                        "free_arrows": structure.free_arrows(card),
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
                "target_number": sum(v for _, v in lines),
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
