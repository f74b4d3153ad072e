"""Odds and evens, for two, with a hidden deck: six cards numbered 1 to 6 are shuffled
face down. Each round the top card is drawn face down, and both seats show one or two
fingers at once, each choice hidden until both are made. Then the card is turned: the
fingers and the card add up, an odd total is Odd's (the first seat), an even one Even's,
and its owner scores the whole total. When the deck is spent, the most points win."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from illusio_table.engine import Action, Event, Game, Rng
from illusio_table.engine.moves import Phase, Rule
from illusio_table.engine.search import ExpertBot

from .coach import Mixed, owner

DECK = (1, 2, 3, 4, 5, 6)
SIDES = ("Odd", "Even")
HELP = Path(__file__).with_name("help.md")


@dataclass(frozen=True)
class Show(Action):
    kind = "show"
    fingers: int

    def label(self) -> str:
        return f"Show {self.fingers} finger{'s' if self.fingers > 1 else ''}"


class OddsGame(Game):
    game_id = "odds"
    title = "Odds and evens"
    min_seats = 2
    max_seats = 2
    actions = (Show,)
    help_text = HELP.read_text(encoding="utf-8")

    deck: list[int]  # face down, the next card first: nobody knows its order
    card: int  # this round's card, face down until both have shown (0: none left)
    played: list[int]  # the cards turned so far, in order (everyone saw them)
    points: list[int]
    shown: dict[int, int]  # this round's fingers, by seat, until the reveal
    last: dict[str, Any] | None  # the last round revealed
    round: int

    def setup(self) -> list[Event]:
        self.deck = list(DECK)
        self.rng.shuffle(self.deck)
        self.played, self.points, self.shown, self.last, self.round = [], [0, 0], {}, None, 1
        self.phase = "round"  # the only one: every round is the same
        self.card = self.deck.pop(0)
        return [
            Event(f"{self.name(0)} plays Odd, {self.name(1)} plays Even."),
            Event("The six cards are shuffled face down; the first is drawn, face down."),
        ]

    def is_over(self) -> bool:
        return self.card == 0

    def to_act(self) -> frozenset[int]:
        if self.is_over():
            return frozenset()
        return frozenset(s for s in range(2) if s not in self.shown)

    def redraw_hidden(self, seat: int, rng: Rng) -> None:
        """The face-down card and the deck's order are nobody's to know; the other's
        fingers, not yet revealed, are not this seat's."""
        if self.card:
            unseen = sorted([self.card, *self.deck])  # (in no order the real one tells)
            rng.shuffle(unseen)
            self.card, self.deck = unseen[0], unseen[1:]
        for other in [s for s in self.shown if s != seat]:
            self.shown[other] = rng.choice((1, 2))

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        mine = self.shown.get(seat) if seat is not None else None
        return {
            "me": seat,
            "round": self.round,
            "rounds": len(DECK),
            "sides": list(SIDES),
            "points": list(self.points),
            "chosen": sorted(self.shown),  # who has chosen, never what
            "my_choice": Show(mine).to_json() if mine else None,
            "last": dict(self.last) if self.last else None,
            "played": list(self.played),
            # The cards not seen yet, the face-down one among them (their order unknown).
            "unseen": sorted(set(DECK) - set(self.played)),
        }

    def result(self) -> dict[str, Any]:
        best = max(self.points)
        return {
            "scores": list(self.points),
            "winners": [s for s, p in enumerate(self.points) if p == best],
            "explanation": [
                f"{self.name(s)} ({SIDES[s]}): {p} points" for s, p in enumerate(self.points)
            ],
        }


def _hands(game: OddsGame, seat: int) -> list[Action]:
    return [Show(1), Show(2)]


def _refusal(game: OddsGame, seat: int, action: Show) -> str | None:
    return None if action.fingers in (1, 2) else "Show one finger or two."


def _show(game: OddsGame, seat: int, action: Show) -> list[Event]:
    """A hand shown in secret; the second one reveals both and the card, and scores."""
    game.shown[seat] = action.fingers
    events = [Event(f"{game.name(seat)} has chosen.")]
    if len(game.shown) < 2:
        return events
    fingers = [game.shown[0], game.shown[1]]
    total = sum(fingers) + game.card
    winner = owner(total)
    game.points[winner] += total
    game.last = {"fingers": fingers, "card": game.card, "total": total, "winner": winner}
    game.played.append(game.card)
    events.append(
        Event(
            f"{game.name(0)} shows {fingers[0]}, {game.name(1)} shows {fingers[1]}, "
            f"the card is {game.card}: {total} is {SIDES[winner].lower()}, "
            f"{total} points for {game.name(winner)}.",
            reveals=True,
        )
    )
    game.shown = {}
    game.card = game.deck.pop(0) if game.deck else 0
    if game.card:
        game.round += 1
        events.append(Event("The next card is drawn, face down."))
    return events


OddsGame.phases = {
    "round": Phase("round", (Rule(Show, _refusal, _show, _hands),), "Show one finger or two.")
}


class Searcher(ExpertBot):
    name = "expert"
    description = "plays each hand out many times, the unseen cards drawn again"
    policy = Mixed
    depth = 12  # the whole game
    spread = 6.0  # a lead of a round's total or so

    @staticmethod
    def progress(game: Any, seat: int) -> float:
        return float(game.points[seat] - game.points[1 - seat])


OddsGame.bots = {"mixed": Mixed, "expert": Searcher}
