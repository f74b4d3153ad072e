"""Duel: a small test-only game that exercises the whole protocol.

It has a hidden hand (cards drawn from a shuffled deck), dice, and a simultaneous secret
choice (the duel at the end of each round, where every seat commits a card at once).
Rules: on your turn step 1 or 2, roll a die and move that far, or draw a card. After
every seat has had a turn, all seats duel: each commits a card from its hand or holds
back; the single highest card moves its owner 3 steps. First to the goal wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from illusio_table.engine import Action, Event, Game, Option


@dataclass(frozen=True)
class Step(Action):
    kind = "step"
    steps: int

    def label(self) -> str:
        return f"Step {self.steps}"


@dataclass(frozen=True)
class Roll(Action):
    kind = "roll"

    def label(self) -> str:
        return "Roll the die"


@dataclass(frozen=True)
class Draw(Action):
    kind = "draw"

    def label(self) -> str:
        return "Draw a card"


@dataclass(frozen=True)
class Commit(Action):
    kind = "commit"
    card: int | None

    def label(self) -> str:
        return "Hold back" if self.card is None else f"Duel with the {self.card}"


class DuelGame(Game):
    game_id = "duel"
    title = "Duel"
    min_seats = 2
    max_seats = 4
    actions = (Step, Roll, Draw, Commit)
    options_spec = (Option("goal", "Steps to win", 15, minimum=5, maximum=40),)
    help_text = "Step, roll or draw on your turn; after each round everyone duels at once."

    def setup(self) -> list[Event]:
        self.deck = list(range(1, 13))
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(2)] for _ in range(self.seats)]
        self.pawns = [0] * self.seats
        self.discard: list[int] = []
        self.turn = 0
        self.phase = "turn"
        self.choices: dict[int, int | None] = {}
        self.last_duel: dict[int, int | None] = {}
        return [Event("Two cards are dealt to each seat.")]

    def is_over(self) -> bool:
        return max(self.pawns) >= self.options["goal"]

    def to_act(self) -> frozenset[int]:
        if self.is_over():
            return frozenset()
        if self.phase == "turn":
            return frozenset({self.turn})
        return frozenset(s for s in range(self.seats) if s not in self.choices)

    def list_moves(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "duel":
            return [Commit(None)] + [Commit(c) for c in sorted(self.hands[seat])]
        moves: list[Action] = [Step(1), Step(2), Roll()]
        return moves + ([Draw()] if self.deck else [])

    def refusal(self, seat: int, action: Action) -> str | None:
        if self.phase == "duel":
            if not isinstance(action, Commit):
                return "Everyone is duelling now: commit a card or hold back."
            if action.card is not None and action.card not in self.hands[seat]:
                return f"You do not hold the {action.card}."
            return None
        if isinstance(action, Commit):
            return "There is no duel until every seat has had its turn."
        if isinstance(action, Step) and action.steps not in (1, 2):
            return "You may step 1 or 2, no more."
        if isinstance(action, Draw) and not self.deck:
            return "The deck is empty."
        return None

    def perform(self, seat: int, action: Action) -> list[Event]:
        who = self.name(seat)
        if isinstance(action, Commit):
            self.choices[seat] = action.card
            events = [Event(f"{who} has chosen.")]
            if len(self.choices) == self.seats:
                events += self._reveal_duel()
            return events
        if isinstance(action, Step):
            self.pawns[seat] += action.steps
            events = [Event(f"{who} steps {action.steps}.")]
        elif isinstance(action, Roll):
            pips = self.rng.die(6)
            self.pawns[seat] += pips
            events = [Event(f"{who} rolls a {pips}.", reveals=True)]
        else:
            card = self.deck.pop()
            self.hands[seat].append(card)
            events = [
                Event(f"You draw the {card}.", seen_by=frozenset({seat}), reveals=True),
                Event(f"{who} draws a card.", hidden_from=frozenset({seat})),
            ]
        self.turn = (self.turn + 1) % self.seats
        if self.turn == 0 and not self.is_over():
            self.phase = "duel"
        return events

    def _reveal_duel(self) -> list[Event]:
        self.last_duel = dict(self.choices)
        shown = ", ".join(
            f"{self.name(s)}: {'holds back' if c is None else c}"
            for s, c in sorted(self.choices.items())
        )
        events = [Event(f"The duel is revealed — {shown}.", reveals=True)]
        for seat, card in self.choices.items():
            if card is not None:
                self.hands[seat].remove(card)
                self.discard.append(card)
        played = [c for c in self.choices.values() if c is not None]
        if played:
            best = max(played)
            winners = [s for s, c in self.choices.items() if c == best]
            if len(winners) == 1:
                self.pawns[winners[0]] += 3
                events.append(Event(f"{self.name(winners[0])} wins the duel and moves 3."))
        self.choices = {}
        self.phase = "turn"
        return events

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "turn": self.turn,
            "pawns": list(self.pawns),
            "goal": self.options["goal"],
            "hand_sizes": [len(h) for h in self.hands],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "deck": len(self.deck),
            "discard": list(self.discard),
            "chosen": sorted(self.choices),
            "my_choice": self.choices.get(seat) if seat is not None else None,
            "last_duel": {str(s): c for s, c in sorted(self.last_duel.items())},
        }

    def result(self) -> dict[str, Any]:
        best = max(self.pawns)
        return {
            "scores": list(self.pawns),
            "winners": [s for s, p in enumerate(self.pawns) if p == best],
            "explanation": [f"{self.name(s)}: {p} steps" for s, p in enumerate(self.pawns)],
        }
