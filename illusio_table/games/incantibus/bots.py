"""The heuristic bot of Incantibus: values each target by what its satchel can use, and
shies away from targets a stronger wand will probably take. It sees only its view and
its legal moves, like a person at the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from illusio_table.engine import Action, Bot
from illusio_table.engine.search import ExpertBot

from .actions import Cast, Choose, Discard, Point
from .cards import IncantibusCards, load

SECRET_GUESS = 2.0  # what a face-down token is worth on average to a wizard
SPELL_VALUE = 3.0  # a spell token: 1 point and a spell
SPELL_CARD_VALUE = {
    "fortuna": 3.0,
    "imperium": 2.5,
    "alkimia": 2.2,
    "retiro": 2.0,
    "ultimus": 1.8,
    "oculus": 1.6,
    "philosophia": 1.4,
    "locus": 1.0,
}


@cache
def _weapons(cards: IncantibusCards) -> tuple[dict[str, str | None], dict[str | None, str]]:
    """The monster each weapon catches, and the weapon of each monster: worked out once a
    card file (the rollouts of a search and the coach make thousands of wizards a second),
    and only read."""
    catches = {t.id: t.catches for t in cards.tokens if t.category == "weapon"}
    return catches, {monster: weapon for weapon, monster in catches.items()}


class CunningBot(Bot):
    name = "cunning"
    description = "takes what its satchel can use and avoids contests it would lose"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.catches, self.monster_of = _weapons(load())
        self._held_for: Mapping[str, Any] | None = None
        self._held_kinds: Counter[str] = Counter()

    # -- valuing tokens ---------------------------------------------------------------------

    def mine(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        tokens: list[dict[str, Any]] = view["satchels"][self.seat]["tokens"]
        return tokens

    def _held(self, view: Mapping[str, Any]) -> Counter[str]:
        """The kinds in its satchel, counted once per view (a choice weighs every token
        by them, and the rollouts of a search choose thousands of times a second)."""
        if self._held_for is not view:  # the view itself is kept, so it is not another
            self._held_for, self._held_kinds = view, Counter(t["kind"] for t in self.mine(view))
        return self._held_kinds

    def worth(self, token: dict[str, Any], view: Mapping[str, Any]) -> float:
        """What a face-up token is worth to this bot now."""
        kind = token["kind"]
        held = self._held(view)
        if kind == "spell":
            return SPELL_VALUE
        if kind in self.monster_of:  # a monster
            can_catch = held[self.monster_of[kind]] or held["ultimus"]
            points: float = token["points"]
            return points if can_catch else -0.5
        if kind in self.catches:  # a weapon: worth the monsters it would catch
            if held[kind]:
                return 0.4
            prey = self.catches[kind]
            around = [t for t in view["room"]["tokens"] if t.get("kind") == prey]
            caught: float = sum(t["points"] for t in around)
            return 1.2 + caught * 0.8
        if kind in ("mistletoe", "mushroom", "pumpkin"):
            best = 0.3
            for potion in view["potions"]:
                if potion is None:
                    continue
                need = Counter(potion["recipe"]) - held
                if need[kind]:
                    best = max(best, potion["points"] / max(1, sum(need.values())))
            return best
        return float(token.get("points", 0)) or 0.5

    # -- choosing ---------------------------------------------------------------------------

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        first = legal[0]
        if isinstance(first, Point):
            return self.point(view, legal)
        if isinstance(first, Discard):
            tokens = {t["id"]: t for s in view["satchels"] for t in s["tokens"]}
            discards = [a for a in legal if isinstance(a, Discard)]
            return min(discards, key=lambda a: self.worth(tokens[a.token], view))
        if isinstance(first, Cast):  # a spell is worth casting, also when it may be declined
            cards = view["spell_cards"]
            casts = [a for a in legal if isinstance(a, Cast)]
            return max(casts, key=lambda a: SPELL_CARD_VALUE.get(cards[a.card]["kind"], 1.0))
        return self.spell_target(view, legal)

    def point(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        points = [a for a in legal if isinstance(a, Point)]  # all of them, when pointing
        values = self.point_values(view, points)
        best = max(values)
        top = [a for a, v in zip(points, values, strict=True) if v >= best - 1e-9]
        return self.rng.choice(top)

    def point_values(self, view: Mapping[str, Any], points: list[Point]) -> list[float]:
        """What each target is worth to it, as it sees the table (its choice is the best;
        the mixed wizard weighs the others' likeliest targets by it)."""
        wands = view["wands"]
        stronger = sum(1 for w in wands if w > wands[self.seat])
        room = {t["slot"]: t for t in view["room"]["tokens"]}
        # The tokens everyone wants: a stronger wand probably takes one of the best.
        public = sorted((t.get("points", 0) for t in room.values() if t["face_up"]), reverse=True)
        crowded = public[stronger - 1] if stronger and len(public) >= stronger else None
        mine = {t["id"]: t for t in self.mine(view)}

        def value(action: Point) -> float:
            if action.place == "room":
                token = room[action.index]
                if not token["face_up"]:
                    return SECRET_GUESS
                worth = self.worth(token, view)
                if (
                    crowded is not None
                    and token.get("points", 0) >= crowded
                    and token.get("points", 0) > 0
                ):
                    worth *= 0.35
                return worth
            if action.place == "potion":
                potion: float = view["potions"][action.index]["points"]
                return potion - 1.0
            if action.place == "book":
                paid = sum(max(0.0, self.worth(mine[t], view)) for t in action.pay)
                book: float = view["books"][action.index]["points"]
                return book - paid
            sorcerer = next(s for s in view["dungeon"] if s["slot"] == action.index)
            defeated: float = sorcerer["points"] if sorcerer["face_up"] else 3.0
            return defeated

        return [value(a) for a in points]

    def spell_target(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        decision = view["decision"]
        kind = decision["kind"]
        chosen = [a for a in legal if isinstance(a, Choose)]  # all of them, for a target
        if kind in ("alkimia", "retiro"):
            pool = {t["id"]: t for s in view["satchels"] for t in s["tokens"]}
            pool.update({t["id"]: t for t in view["moat"]})
            return max(chosen, key=lambda a: self.worth(pool[a.target], view))
        room = {t["slot"]: t for t in view["room"]["tokens"]}
        if kind == "imperium":
            return max(chosen, key=lambda a: self.worth(room[a.target], view))
        return self.rng.choice(legal)  # Oculus: every face-down token looks the same


class ExpertWizard(ExpertBot):
    name = "expert"
    description = "searches: plays each casting out many times against everyone's possible choices"
    policy = CunningBot
    depth = 40
    paired = True  # as strong as UCB1 here (see engine/search.py), and fairer to the casting
    spread = 4.0

    @staticmethod
    def progress(game: Any, seat: int) -> float:
        points: dict[str, int] = game.points(seat)
        return sum(points.values())
