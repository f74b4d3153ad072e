"""The schemer: an Illuminati bot that attacks where its odds are best, from its view only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from illusio_table.engine import Action, Bot
from illusio_table.engine.search import ExpertBot

from .actions import (
    AskGroup,
    Attack,
    CallOff,
    ChooseGoal,
    EndTurn,
    Pass,
    PassTurn,
    PlaySpecial,
    Receive,
    Refuse,
    Spend,
    TakeIncome,
    Yield,
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
        if ChooseGoal in kinds:
            return self.goal(view, legal)
        if TakeIncome in kinds:
            # Double the income when Market Manipulation is in hand.
            return max((a for a in legal if isinstance(a, TakeIncome)), key=lambda a: a.doubled)
        if Yield in kinds:  # asked for a Group: given only for what it is worth
            return self.answer(view, legal)
        if Refuse in kinds:  # a Group offered: taken, under the first free arrow if any
            return next((a for a in legal if isinstance(a, Receive)), legal[0])
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
            odds = Odds(view, me)
            scored = [(odds(a), i) for i, a in enumerate(attacks)]
            best, index = max(scored)
            if best >= GOOD_ODDS - 2:
                return attacks[index]
        if any(isinstance(a, PassTurn) for a in legal) and not attacks:
            return next(a for a in legal if isinstance(a, PassTurn))
        # Anything else (the end of a rearranging): the first move offered.
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])

    def goal(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """A secret goal as a player picks one: their own Illuminati's, which its special
        power was made for; the UFOs, who have none, any at random (always the first
        offered, the Bavarians', would be no secret to anyone who played a bot twice)."""
        mine = next(s["illuminati"] for s in view["structures"] if s["seat"] == view["me"])
        goals = [a for a in legal if isinstance(a, ChooseGoal)]
        own = [a for a in goals if a.illuminati == mine]
        return own[0] if own else self.rng.choice(goals)

    def appeal(self, view: Mapping[str, Any]) -> Callable[[Action], float]:
        """What `choose` weighs: a control attack by its odds (passing the turn counts as
        just below good odds), money by how near it brings the attack to a sure 10 (or,
        for the defender, by its amount)."""
        me, attack = view["me"], view["attack"]
        odds = Odds(view, me)

        def liking(action: Action) -> float:
            if isinstance(action, Attack):
                return odds(action) if action.how == "control" else 0.0
            if isinstance(action, Spend) and attack:
                return money_liking(attack, me, action.amount)
            return GOOD_ODDS - 2 if isinstance(action, PassTurn) else 0.0

        return liking

    def answer(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """A Group asked for is given when the price (and the Group offered in exchange)
        makes up for it: 10 MB a card (the basic goal counts them), 3 more a MB of
        income, its puppets' too, and the money on them, which goes with it."""
        offer = view["offer"]
        worth = tree_worth(view["structures"][view["me"]], offer["group"])
        if offer["swap"] is not None:
            worth -= tree_worth(view["structures"][offer["receiver"]], offer["swap"])
        wanted = Yield if offer["price"] >= worth else Refuse
        return next(a for a in legal if isinstance(a, wanted))

    def spend(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        attack = view["attack"]
        me = view["me"]
        spends = [a for a in legal if isinstance(a, Spend)]
        number = attack["target_number"]
        if me == attack["seat"] and number < 10 and spends:
            # The nearest to a sure 10, the larger amount on a tie.
            return max(spends, key=lambda a: (money_liking(attack, me, a.amount), a.amount))
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


def tree_worth(structure: Mapping[str, Any], top: str) -> int:
    """What the schemer asks for a Group and its puppets, from a structure as a view shows
    it: 10 MB a card, 3 more a MB of income, and the money on them (where it is seen)."""
    cards = {c["id"]: c for c in structure["cards"]}
    tree, found = [top], 0
    while found < len(tree):
        tree += [c for c, card in cards.items() if card["master"] == tree[found]]
        found += 1
    group = load().group
    return sum(10 + 3 * group[c].income + (cards[c]["money"] or 0) for c in tree)


def money_liking(attack: Mapping[str, Any], me: int, amount: int) -> float:
    """How much the schemer likes putting `amount` down on the attack: the attacker, by how
    near it brings the roll needed to a sure 10; the defender, the more the better."""
    if me == attack["seat"]:
        target_number: int = attack["target_number"]
        return 10 - abs(target_number + amount - 10)
    return amount if me == attack["defender"] else 0.0


class Odds:
    """The schemer's reckoning of attacks from one view: the target number from public
    facts (a face-down Illuminati's abilities are unknown, so not counted), plus the money
    the attacker can put down, plus a little for what the target is worth. Worked out once
    per attacker, target and aiders (the side it would hang from changes nothing)."""

    def __init__(self, view: Mapping[str, Any], me: int) -> None:
        self.cards = load()
        structure = view["structures"][me]
        self.mine = frozenset(c["id"] for c in structure["cards"])
        self.structures = [{c["id"]: c for c in s["cards"]} for s in view["structures"]]
        self.money = {c["id"]: c["money"] or 0 for c in structure["cards"]}
        self.illuminati = structure["illuminati"]
        self.known: dict[tuple[str, str, str, tuple[str, ...]], float] = {}

    def __call__(self, attack: Attack) -> float:
        key = (attack.how, attack.attacker, attack.target, attack.aiders)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._reckon(attack)
        return found

    def _reckon(self, attack: Attack) -> float:
        depth: int | None = None
        holdings: frozenset[str] = frozenset()
        for ids in self.structures:
            if attack.target in ids:
                holdings = frozenset(c for c in ids if c != "illuminati")
                depth, card = 0, ids[attack.target]
                while card["master"] is not None:
                    depth += 1
                    card = ids[card["master"]]
        announced = Announced(
            attack.how, attack.attacker, attack.target, attack.aiders, self.mine, depth, False,
            holdings,
        )  # fmt: skip
        number = sum(v for _, v in breakdown(self.cards, announced))
        # Money the attacker can put down: the attacking Group's and the Illuminati's.
        purse = sum(self.money.get(c, 0) for c in {attack.attacker, self.illuminati})
        group = self.cards.group[attack.target]
        return min(number + purse, 10) + 0.1 * (group.income + group.power)


class ExpertSchemer(ExpertBot):
    name = "expert"
    description = "searches: plays each move out many times with the hidden cards dealt again"
    policy = SchemerBot
    # About one attack resolved (some 25 actions with the rounds of money on it, which
    # are not counted): shallow, for more deals in the time.
    depth = 6
    uncounted = (Pass, Spend)
    # It plays out the attack it chose; and it asks no one for a Group (its rollouts cannot
    # tell how a person answers, and a bot asking at every turn would pester the table).
    unweighed = (CallOff, AskGroup)
    spread = 2.0

    @staticmethod
    def progress(game: Any, seat: int) -> float:
        """Groups held (the basic goal counts them), and a little for the money."""
        if game.eliminated[seat]:
            return -10.0
        money: int = sum(game.money.get(c, 0) for c in game.structures[seat])
        return len(game.structures[seat]) + money / 25
