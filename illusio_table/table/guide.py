"""Guided first games: a newcomer's first few moves of each game, on the real table.

A guide is a fixed deal (its seed, its seats: the newcomer in seat 0 and a bot) and a few
steps. Each step says what to do and why, names the move the table lights up, and waits
for the person to make a real move of the kinds it takes, by drag and drop like any
other; then it says what came of it, and the next step begins. Nothing is scripted
outside the engine and the table: the moves are the engine's, checked like any, and the
bots answer as they would. Between steps, when the person must make a move no step is
about (a Special to answer, a second spending round), any legal move goes.

No Qt here: the window shows the words, lights the places and leaves the guide when asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from illusio_table.engine import Action

View = dict[str, Any]
Pick = Callable[[View, list[Action]], Action | None]
Tell = Callable[[View, View, list[str]], str]


@dataclass(frozen=True)
class Step:
    say: str | Callable[[View], str]  # what to do now, and why (or words from the view)
    kinds: frozenset[str]  # the kinds of move the step takes
    best: Pick  # the move the table lights (None: the step waits, any move goes)
    then: Tell  # what came of it: from the view before, the view after, the new log lines


@dataclass(frozen=True)
class Guide:
    game_id: str
    title: str
    seed: int
    players: tuple[dict[str, Any], ...]
    steps: tuple[Step, ...]
    done: str  # the last words, once every step is made
    options: dict[str, Any] = field(default_factory=dict)


class GuideRun:
    """Where a guide has got to in its match (the window asks it, step by step)."""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide
        self.index = 0
        self.told = ""  # what came of the last step

    @property
    def over(self) -> bool:
        return self.index >= len(self.guide.steps)

    def step(self) -> Step | None:
        return None if self.over else self.guide.steps[self.index]

    def lit(self, view: View, legal: list[Action]) -> Action | None:
        """The move the table lights now, if the current step has one to offer."""
        step = self.step()
        return None if step is None or not legal else step.best(view, legal)

    def refusal(self, action: Action, view: View, legal: list[Action]) -> str | None:
        """Why the guide holds a move back (another than the step asks for), or None."""
        step = self.step()
        if step is None or self.lit(view, legal) is None or action.kind in step.kinds:
            return None
        return f"In this guided game, first: {self.say(step, view)}"

    @staticmethod
    def say(step: Step, view: View) -> str:
        return step.say(view) if callable(step.say) else step.say

    def moved(self, action: Action, before: View, after: View, log: list[str]) -> None:
        """A move was made: the step it answers is done, and says what came of it."""
        step = self.step()
        if step is not None and action.kind in step.kinds:
            self.told = step.then(before, after, log)
            self.index += 1

    def words(self, view: View, lit: Action | None, prompt: str) -> str:
        """The banner: what the last step did, then what to do now (`lit`: the move the
        table lights now, as `lit` found it)."""
        total = len(self.guide.steps)
        done = f"{self.told} " if self.told else ""
        if self.over:
            return f"{done}Guided game over: {self.guide.done}"
        step = self.step()
        if lit is None:
            return f"{done}{prompt} (Step {self.index + 1} of {total} waits for its moment.)"
        return f"{done}Step {self.index + 1} of {total}: {self.say(step, view)}"


# -- the three guides -----------------------------------------------------------------------


def _log_about(name: str, log: list[str], fallback: str) -> str:
    """The new log lines that speak of the newcomer, as the table told them."""
    lines = [
        line
        for line in log
        if (name in line or line.startswith("You ")) and not line.endswith("has chosen.")
    ]
    return " ".join(lines[-3:]) or fallback


def incantibus() -> Guide:
    def richest(view: View, legal: list[Action]) -> Action | None:
        up = [t for t in view["room"]["tokens"] if t.get("face_up")]
        room = {a.index: a for a in legal if a.kind == "point" and a.place == "room"}
        for token in sorted(up, key=lambda t: (-t.get("points", 0), t["slot"])):
            if token["slot"] in room:
                return room[token["slot"]]
        return next((a for a in legal if a.kind == "point"), None)

    def secret(view: View, legal: list[Action]) -> Action | None:
        hidden = {t["slot"] for t in view["room"]["tokens"] if not t.get("face_up")}
        room = [a for a in legal if a.kind == "point" and a.place == "room"]
        return next((a for a in room if a.index in hidden), None) or richest(view, legal)

    def any_target(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "point"), None)

    def surprise(view: View) -> str:
        if any(not t.get("face_up") for t in view["room"]["tokens"]):
            return (
                "a face-down token is a surprise: you learn what it is only if you win "
                "it. Drag your wand onto the one lit in white."
            )
        return (
            "point at the token lit in white. (A token lying face down is a surprise, "
            "known only to whoever wins it: the rooms further down have some.)"
        )

    def casting(before: View, after: View, log: list[str]) -> str:
        return "The casting: " + _log_about("Ana", log, "the wands have pointed.")

    point = frozenset({"point"})
    return Guide(
        "incantibus",
        "Incantibus",
        11,
        ({"name": "Ana", "bot": None}, {"name": "Lera", "bot": "cunning"}),
        (
            Step(
                "every wizard points at once, in secret. Drag your wand onto the token lit "
                "in white: of those face up, it is worth the most.",
                point,
                richest,
                casting,
            ),
            Step(
                surprise,
                point,
                secret,
                casting,
            ),
            Step(
                "point at any target you like. When two wizards choose the same one, the "
                "stronger wand wins it, then swaps with the weaker (see the wand badges).",
                point,
                any_target,
                casting,
            ),
        ),
        "castings go on until one token or none is left in the room; then the next room "
        "opens, down to the sorcerers' dungeon. Play on, or start a new game.",
        {"mode": "apprentice"},
    )


def illusio() -> Guide:
    def component(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "backstage"), None)

    def end(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "end-turn"), None)

    def take_or_lay(view: View, legal: list[Action]) -> Action | None:
        taking = [a for a in legal if a.kind == "realize"]
        if taking:
            return max(taking, key=lambda a: len(a.components))
        return component(view, legal)

    def laid(before: View, after: View, log: list[str]) -> str:
        count = len(after["seats"][0]["backstage"])
        return f"Your Backstage holds {count} Component{'s' * (count != 1)} now."

    def ended(before: View, after: View, log: list[str]) -> str:
        return "Lera played her turn; you drew cards for yours."

    def took(before: View, after: View, log: list[str]) -> str:
        works = after["seats"][0]["works"]
        if len(works) > len(before["seats"][0]["works"]):
            name = works[-1]["objective"]["name"]
            return (
                f"You took {name}: place its missing Components around it; complete, it "
                "goes on display and scores at your next turn."
            )
        return laid(before, after, log)

    return Guide(
        "illusio",
        "Illusio",
        5,
        ({"name": "Ana", "bot": None}, {"name": "Lera", "bot": "showman"}),
        (
            Step(
                "your hand holds Components (props, animals, boxes…) and Specials. Drag the "
                "Component lit in white onto Your Backstage: tricks are built from it.",
                frozenset({"backstage"}),
                component,
                laid,
            ),
            Step(
                "a turn has two actions: lay another Component in your Backstage.",
                frozenset({"backstage"}),
                component,
                laid,
            ),
            Step(
                "your actions are spent: click End turn, and Lera plays.",
                frozenset({"end-turn"}),
                end,
                ended,
            ),
            Step(
                "each Contest Objective shows the Components it needs. With at least half "
                "of them in your Backstage, drag it onto Your tricks (then Take it); "
                "until then, lay another Component.",
                frozenset({"realize", "backstage"}),
                take_or_lay,
                took,
            ),
        ),
        "tricks score when complete, at your next turn: the first magician to the target "
        "wins. Play on, or start a new game.",
        {"target": 12},
    )


def illuminati() -> Guide:
    def attack(view: View, legal: list[Action]) -> Action | None:
        mine = {c["id"] for s in view["structures"] if s["seat"] == 0 for c in s["cards"]}
        easy = [
            a
            for a in legal
            if a.kind == "attack"
            and a.how == "control"
            and not a.aiders
            and a.privilege is None
            and a.target in view["uncontrolled"]
            and a.attacker in mine
        ]
        return easy[0] if easy else None

    def money(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "pass"), None)

    def end(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "end-turn"), None)

    def declared(before: View, after: View, log: list[str]) -> str:
        return (
            "The attack is declared: the panel on the right works out the roll it needs "
            "(Power, Resistance, money)."
        )

    def rolled(before: View, after: View, log: list[str]) -> str:
        # Only an outcome new since the move: the one still shown may be the last attack's
        # (the guide told Lera's roll as if it were the newcomer's).
        done = after.get("outcome")
        if done is None or after.get("attack") is not None or done == before.get("outcome"):
            return "Money goes round: each player may add some, for or against."
        return (
            f"The dice said {done['roll']}, against {done['needed']} or less: the attack "
            f"{'failed' if done['result'] == 'failed' else 'succeeded'}."
        )

    def ended(before: View, after: View, log: list[str]) -> str:
        return "Your turn is over; Lera plays."

    return Guide(
        "illuminati",
        "Illuminati",
        2,
        ({"name": "Ana", "bot": None}, {"name": "Lera", "bot": "schemer"}),
        (
            Step(
                "Lera attacks first. While money goes down on an attack, every player may "
                "add some, for it or against it: click Pass to let this one go.",
                frozenset({"spend", "pass", "pass-on-attack"}),
                money,
                rolled,
            ),
            Step(
                "your turn: take an uncontrolled Group into your Power Structure. Drag your "
                "Illuminati onto the Group lit in white (its badge says the roll it needs), "
                "then click Attack.",
                frozenset({"attack"}),
                attack,
                declared,
            ),
            Step(
                "money on your attack: the dice must roll its number or less. Click your "
                "Illuminati's coin to spend from it, or Pass.",
                frozenset({"spend", "pass", "pass-on-attack"}),
                money,
                rolled,
            ),
            Step(
                "click End turn (you might also attack again, or move money). Your next "
                "turns begin with income, each card paying into its own treasury.",
                frozenset({"end-turn"}),
                end,
                ended,
            ),
        ),
        "whoever controls enough Groups, or meets their Illuminati's own goal, wins. Play "
        "on, or start a new game.",
    )
