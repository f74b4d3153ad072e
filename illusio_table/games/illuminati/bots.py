"""The schemer: an Illuminati bot that attacks where its odds are best, from its view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from illusio_table.engine import Action, Bot
from illusio_table.engine.search import ExpertBot

from .actions import (
    Attack,
    EndTurn,
    Pass,
    PassTurn,
    PlaySpecial,
    Receive,
    Spend,
    TakeIncome,
)
from .attack import Attack as Announced
from .attack import breakdown
from .cards import load

GOOD_ODDS = 7  # a target number of 7 wins 58 % of rolls


class SchemerBot(Bot):
    name = "schemer"
    description = "attacks where its odds are best and spends to make them better"

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        me = view["me"]
        kinds = {type(a) for a in legal}
        if view["phase"] == "window":
            return self.window(view, legal)
        if TakeIncome in kinds:
            # Double the income when Market Manipulation is in hand.
            return max((a for a in legal if isinstance(a, TakeIncome)), key=lambda a: a.doubled)
        if Receive in kinds:
            return max(legal, key=lambda a: a.master is not None)
        if view["phase"] == "spending":
            return self.spend(view, legal)
        cheap = [
            a
            for a in legal
            if isinstance(a, PlaySpecial)
            and a.card.split("#")[0] in ("slush-fund", "swiss-bank-account", "bribery")
        ]
        if cheap:
            return cheap[0]
        attacks = [a for a in legal if isinstance(a, Attack) and a.how == "control"]
        if attacks:
            scored = [(self.odds(view, me, a), i) for i, a in enumerate(attacks)]
            best, index = max(scored)
            if best >= GOOD_ODDS - 2:
                return attacks[index]
        if any(isinstance(a, PassTurn) for a in legal) and not attacks:
            return next(a for a in legal if isinstance(a, PassTurn))
        # Anything else (the UFOs' goal, the end of a rearranging): the first move offered,
        # which for the UFOs is the Bavarians' goal of total Power.
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])

    def odds(self, view: Mapping[str, Any], me: int, attack: Attack) -> float:
        """The attack's target number from public facts, plus what the target is worth."""
        cards = load()
        mine = frozenset(c["id"] for c in view["structures"][me]["cards"])
        depth, holdings = None, frozenset()
        for s in view["structures"]:
            ids = {c["id"]: c for c in s["cards"]}
            if attack.target in ids:
                # A face-down Illuminati ("illuminati") is unknown: its abilities are not counted.
                holdings = frozenset(c for c in ids if c != "illuminati")
                depth, card = 0, ids[attack.target]
                while card["master"] is not None:
                    depth += 1
                    card = ids[card["master"]]
        lines = breakdown(
            cards,
            Announced(
                attack.how,
                attack.attacker,
                attack.target,
                attack.aiders,
                mine,
                depth,
                False,
                holdings,
            ),
        )
        number = sum(v for _, v in lines)
        # Money the attacker can put down: the attacking Group's and the Illuminati's.
        purse = sum(
            c["money"] or 0
            for c in view["structures"][me]["cards"]
            if c["id"] in (attack.attacker, view["structures"][me]["illuminati"])
        )
        group = cards.group[attack.target]
        return min(number + purse, 10) + 0.1 * (group.income + group.power)

    def spend(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        attack = view["attack"]
        me = view["me"]
        spends = [a for a in legal if isinstance(a, Spend)]
        number = attack["target_number"]
        if me == attack["seat"] and number < 10 and spends:
            return min(spends, key=lambda a: (abs(number + a.amount - 10), -a.amount))
        if me == attack["defender"] and number > 1 and spends:
            return max(spends, key=lambda a: a.amount)
        return next(a for a in legal if isinstance(a, Pass))

    def window(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        attack = view["attack"]
        me = view["me"]
        plays = [a for a in legal if isinstance(a, PlaySpecial)]
        for play in plays:
            kind = play.card.split("#")[0]
            if attack and "roll" in attack:
                won = attack["roll"] <= min(attack["target_number"], 10)
                if kind == "assassination" and attack["seat"] == me and not won:
                    return play
                if kind == "murphys-law" and attack["defender"] == me and won:
                    return play
            if kind == "deep-agent" and attack and attack["defender"] == me:
                return play
        return next(a for a in legal if isinstance(a, Pass))


class ExpertSchemer(ExpertBot):
    name = "expert"
    description = "searches: plays each move out many times with the hidden cards dealt again"
    policy = SchemerBot
    depth = 25  # about one attack resolved: shallow, for more deals in the time
    spread = 2.0

    @staticmethod
    def progress(game: Any, seat: int) -> float:
        """Groups held (the basic goal counts them), and a little for the money."""
        if game.eliminated[seat]:
            return -10.0
        money = sum(game.money.get(c, 0) for c in game.structures[seat])
        return len(game.structures[seat]) + money / 25
