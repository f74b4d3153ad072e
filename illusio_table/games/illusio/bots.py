"""The showman: a bot that plans toward tricks it can finish, from its own view only."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from illusio_table.engine import Action, Bot
from illusio_table.engine.search import ExpertBot

from .actions import (
    Abandon,
    Backstage,
    Discard,
    EndTurn,
    Exchange,
    Place,
    PlaySpecial,
    Realize,
    Take,
    Transform,
    UseTalent,
)
from .cards import load
from .catalog import ObjectiveInfo, catalog

SPECIAL_WORTH = {
    "grand": 2.5,
    "immediate-success": 1.5,
    "transform": 1.5,
    "deja-vu": 1.2,
    "take": 1.0,
    "encore": 0.6,
}


class ShowmanBot(Bot):
    name = "showman"
    description = "plans tricks it can finish, puts Grand on its own and Deja vu on the leader's"

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        plan = Plan(view)
        if view["phase"] == "discard":
            return min(
                [a for a in legal if isinstance(a, Discard)], key=lambda a: plan.worth(a.card)
            )
        talents = [a for a in legal if isinstance(a, UseTalent)]
        if talents:
            best = max(talents, key=plan.talent_gain)
            if plan.talent_gain(best) > 0:
                return best
        if view["actions_left"] <= 0:
            return next(a for a in legal if isinstance(a, EndTurn))
        scored = [(plan.gain(a), i) for i, a in enumerate(legal)]
        gain, index = max(scored)
        if gain > 0:
            return legal[index]
        useless = plan.useless()
        if useless and view["deck"] + len(view["discard"]) >= len(useless):
            return Exchange(tuple(sorted(useless)))
        return next(a for a in legal if isinstance(a, EndTurn))

    def appeal(self, view: Mapping[str, Any]) -> Callable[[Action], float]:
        """The gain `choose` weighs each move by (the card's worth, negated, to discard)."""
        plan = Plan(view)
        if view["phase"] == "discard":
            return lambda a: -plan.worth(a.card) if isinstance(a, Discard) else 0.0
        return lambda a: plan.talent_gain(a) if isinstance(a, UseTalent) else plan.gain(a)


class Plan:
    """What the bot wants, worked out from its view: the Objectives it goes for and why."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        cards = load()
        self.group_of = cards.group_of
        # Each Objective's groups, counted once a card file (the catalog's).
        self.objectives: tuple[ObjectiveInfo, ...] = catalog(cards)[1]
        self.view = view
        me = view["me"]
        self.me = me
        self.seat = view["seats"][me]
        self.hand = {c["id"]: c for c in view["hand"]}
        self.backstage = {c["id"]: c for c in self.seat["backstage"]}
        self.cards = {**self.hand, **self.backstage}
        self.have = Counter(c["group"] for c in self.cards.values() if "group" in c)
        self.works = [w for w in self.seat["works"] if not w["displayed"]]
        # What the Objectives under realization still take, by group and by exact type.
        self.missing: Counter[str] = Counter()
        self.wanted_types: Counter[str] = Counter()
        self.short: dict[int, dict[str, int]] = {}  # by Objective: its groups still to lay
        for w in self.works:
            need = dict(self.objectives[w["objective"]["id"]].groups)
            for c in w["components"]:  # (below nothing where a Component is of no group asked)
                need[c["group"]] = need.get(c["group"], 0) - 1
            self.short.setdefault(w["objective"]["id"], need)
            for group, left in need.items():
                if left > 0:
                    self.missing[group] += left
            for n in w["objective"]["needs"]:
                if n != self.group_of[n]:
                    self.wanted_types[n] += 1
        # The Contest Objectives worth going for, best first, and the types they name.
        self.contest = [o for o in view["contest"] if o is not None]
        self.targets = sorted(self.contest, key=self.promise, reverse=True)[:2]
        self.target_needs = {n for o in self.targets for n in o["needs"]}
        self.leader = max(
            (s for s in range(len(view["seats"])) if s != me),
            key=lambda s: view["seats"][s]["score"],
        )

    def kind(self, card: dict[str, Any]) -> str:
        kind: str = card.get("now", card["kind"])
        return kind

    def promise(self, objective: dict[str, Any]) -> float:
        """How close the bot's cards come to finishing this Objective, and what it pays."""
        need: dict[str, int] = self.objectives[objective["id"]].groups
        covered = sum(min(n, self.have[g]) for g, n in need.items())
        level: int = objective["level"]
        return covered / len(objective["needs"]) + 0.15 * level

    def worth(self, card_id: int | None) -> float:
        card = self.cards.get(card_id)  # None: the move names no card of the bot's
        if card is None:
            return 0.0
        if card.get("special"):
            return SPECIAL_WORTH.get(card["kind"], 0.5)
        group, kind = card["group"], self.kind(card)
        value = 0.0
        if self.missing[group]:
            value += 3 + (kind in self.wanted_types)
        for o in self.targets:
            if group in (self.group_of[n] for n in o["needs"]):
                value += 1 + 0.5 * (kind in o["needs"])
        return value

    def useless(self) -> list[int]:
        return [c for c in self.hand if self.worth(c) < 0.5]

    def my_show(self, objective: int | None) -> dict[str, Any] | None:
        for w in self.seat["works"]:
            if w["displayed"] and w["objective"]["id"] == objective:
                work: dict[str, Any] = w
                return work
        return None

    def owner_of(self, objective: int | None) -> int | None:
        for s, seat in enumerate(self.view["seats"]):
            if any(w["displayed"] and w["objective"]["id"] == objective for w in seat["works"]):
                return s
        return None

    def gain(self, action: Action) -> float:
        """How much an action helps, 0 or less when it does not."""
        weigh = GAINS.get(type(action))
        return 0 if weigh is None else weigh(self, action)

    def place_gain(self, action: Place) -> float:
        card = self.cards[action.card]
        work = next(w for w in self.works if w["objective"]["id"] == action.objective)
        exact = self.kind(card) in work["objective"]["needs"]
        finishing: bool = work["missing"] == 1
        from_hand = action.card in self.hand
        return 6 + 2 * finishing + exact + 0.5 * from_hand

    def realize_gain(self, action: Realize) -> float:
        objective = next(o for o in self.contest if o["id"] == action.objective)
        share = len(action.components) / len(objective["needs"])
        level: int = objective["level"]
        return 4 + 3 * share + 0.3 * level

    def backstage_gain(self, action: Backstage) -> float:
        card = self.hand[action.card]
        wanted = any(card["group"] in (self.group_of[n] for n in o["needs"]) for o in self.targets)
        return 1.5 if wanted and not self.missing[card["group"]] else 0

    def abandon_gain(self, objective: int) -> float:
        """Give up a trick the bot cannot finish, to free its Components for another."""
        need = self.short[objective]
        short = sum(max(0, n - self.have[g]) for g, n in need.items())
        drying = self.view["deck"] + len(self.view["discard"]) < 10
        return 0.5 + short if short and drying else 0

    def transform_gain(self, action: Transform) -> float:
        """A Component nobody's target wants turned into one a target asks for by name."""
        card = self.backstage[action.component]
        if self.kind(card) not in self.target_needs and action.into in self.target_needs:
            return 2.0
        return 0

    def take_gain(self, action: Take) -> float:
        dry = not self.view["deck"] and not self.view["discard"]
        return 1.0 if len(self.hand) < 5 or dry else 0

    def special_gain(self, action: PlaySpecial) -> float:
        kind = self.hand[action.card]["kind"]
        scores = [s["score"] for s in self.view["seats"]]
        target = self.view["target"]
        owner = self.owner_of(action.trick)
        mine = owner == self.me
        if kind == "grand":
            return 5.0 if mine else 0
        if kind == "deja-vu":
            return 3.0 if not mine and owner == self.leader else (1.0 if not mine else 0)
        if kind == "immediate-success":
            work = self.my_show(action.trick)
            if mine and work and scores[self.me] + work["objective"]["level"] >= target:
                return 5.0
            return 0
        if kind == "encore":
            # Hold back a rival who is about to win with this trick.
            return 3.0 if owner is not None and not mine and scores[owner] >= target - 4 else 0
        return 0

    def talent_gain(self, action: UseTalent) -> float:
        talent = self.seat["magician"]["talent"]
        if talent == "stand-in":
            return self.worth(action.card) - 0.5
        if talent == "metamorphosis":
            if action.seat != self.me:
                return 0
            return 1.0 if any(action.into in o["needs"] for o in self.targets) else 0
        if talent == "sleight":
            theirs = next(
                c for c in self.view["seats"][action.seat]["backstage"] if c["id"] == action.target
            )
            useful = self.missing[theirs["group"]] or any(
                theirs["group"] in (self.group_of[n] for n in o["needs"]) for o in self.targets
            )
            return 1.0 - self.worth(action.card) if useful else 0
        if talent == "second-sight":
            return 1.0 if self.worth(action.card) < 0.5 else 0
        if talent == "scavenger":
            return 1.0 if self.view["discard"] else 0
        if talent == "pickpocket":
            return 1.0 - self.worth(action.card) if action.seat == self.leader else 0
        return 0


class ExpertShowman(ExpertBot):
    name = "expert"
    description = "searches: plays each move out many times with the hidden cards dealt again"
    policy = ShowmanBot
    depth = 20  # a round or so: more deals beat longer ones (24-game trials, 0.25 s a move)
    paired = True  # 56.5 % of 200 games, against 43.5 % with UCB1 (0.25 s a move)
    spread = 3.0

    @staticmethod
    def progress(game: Any, seat: int) -> float:
        """Points scored, and for each trick under way what it would pay now by the share
        of its Components laid (a trick on display is nearly points), and a little for
        cards waiting Backstage."""
        under_way = 0.0
        for work in game.works[seat]:
            objective = game.objectives[work.objective]
            share = 0.9 if work.displayed else len(work.components) / len(objective.needs)
            under_way += max(0, sum(game.trick_parts(seat, work).values())) * share
        score: int = game.scores[seat]
        return score + 0.6 * under_way + 0.1 * len(game.backstage[seat])


# How the plan weighs each kind of move (a kind not here gains nothing).
GAINS: dict[type, Callable[[Plan, Any], float]] = {
    Place: Plan.place_gain,
    Realize: Plan.realize_gain,
    PlaySpecial: Plan.special_gain,
    Transform: Plan.transform_gain,
    Take: Plan.take_gain,
    Backstage: Plan.backstage_gain,
    Abandon: lambda plan, action: plan.abandon_gain(action.objective),
}
