"""The coach of Odds and evens: a round is a simultaneous choice of one finger or two,
with the face-down card drawn from the cards still unseen, so it can be valued exactly
(fractions, no sampling). Qt-free; it reads a seat's view only, never the match, so it
knows what the seat knows and nothing more.

From the seat's side, the round is a two-by-two game: each pair of hands is worth, on
average over the unseen cards, the total when the seat owns it and minus the total when
the other does. The coach gives the equilibrium (the mix nobody can exploit) and, against
the opponent the seat actually faces, what each hand gains on average: a bot that shows
either hand at even odds is read as such, anyone else as playing the equilibrium.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.bots import Bot

HANDS = (1, 2)


def owner(total: int) -> int:
    """The seat an odd or even total scores for: Odd (0) or Even (1)."""
    return 0 if total % 2 else 1


def worth(view: dict[str, Any], seat: int, mine: int, theirs: int) -> Fraction:
    """What the pair of hands is worth to `seat` on average over the unseen cards."""
    unseen = view["unseen"]
    gains = Fraction(0)
    for card in unseen:
        total = mine + theirs + card
        gains += total if owner(total) == seat else -total
    return gains / len(unseen)


@dataclass(frozen=True)
class Round:
    """The round valued from one seat's side."""

    table: dict[tuple[int, int], Fraction]  # (my hand, theirs): what it is worth to me
    mix: dict[int, Fraction]  # my equilibrium: how often to show each hand
    their_mix: dict[int, Fraction]  # theirs
    value: Fraction  # what the round is worth to me when both play the equilibrium

    def against(self, their: dict[int, Fraction]) -> dict[int, Fraction]:
        """What each of my hands gains on average against the other's mix `their`."""
        return {a: sum(their[b] * self.table[a, b] for b in HANDS) for a in HANDS}


def solve(table: dict[tuple[int, int], Fraction]) -> tuple[dict[int, Fraction], Fraction]:
    """The row player's equilibrium mix of a two-by-two zero-sum game, and its value: a
    saddle point where there is one, else the mix that makes both columns alike."""
    for a in HANDS:
        for b in HANDS:
            cell = table[a, b]
            if cell == min(table[a, c] for c in HANDS) and cell == max(table[r, b] for r in HANDS):
                return {h: Fraction(h == a) for h in HANDS}, cell
    (p, q), (r, s) = [[table[a, b] for b in HANDS] for a in HANDS]
    first = (s - r) / (p - q - r + s)  # how often to show 1
    return {1: first, 2: 1 - first}, first * p + (1 - first) * r


def value_round(view: dict[str, Any], seat: int) -> Round:
    table = {(a, b): worth(view, seat, a, b) for a in HANDS for b in HANDS}
    mix, value = solve(table)
    theirs, _ = solve({(b, a): -table[a, b] for a in HANDS for b in HANDS})
    return Round(table, mix, theirs, value)


def opponent_mix(round_: Round, bot: str | None) -> dict[int, Fraction]:
    """How the other is taken to choose: a random bot at even odds, anyone else (a
    person, a searching bot) as the equilibrium says."""
    if bot == "random":
        return {h: Fraction(1, 2) for h in HANDS}
    return round_.their_mix


@dataclass(frozen=True)
class Review:
    number: int  # the round
    chosen: int  # the hand the seat showed
    gains: dict[int, Fraction]  # each hand's average gain against the opponent taken
    cost: Fraction  # the best hand's gain less the chosen one's (0: a best hand)
    mix: dict[int, Fraction]
    value: Fraction
    said: tuple[str, ...]


def review(view: dict[str, Any], seat: int, chosen: int, bot: str | None, number: int) -> Review:
    """The coach on the seat's hand in a round, from the seat's view as the round began."""
    round_ = value_round(view, seat)
    gains = round_.against(opponent_mix(round_, bot))
    best = max(gains.values())
    cost = best - gains[chosen]
    whom = "a bot showing either hand at even odds" if bot == "random" else "the equilibrium"
    said = (
        f"Round {number}: cards unseen {', '.join(map(str, view['unseen']))}.",
        f"Against {whom}, 1 finger gains {float(gains[1]):+.2f} and 2 fingers "
        f"{float(gains[2]):+.2f} a round on average.",
        f"You showed {chosen}: "
        + ("a best hand." if cost == 0 else f"it cost {float(cost):.2f} points."),
        f"The equilibrium shows 1 finger {round_.mix[1]} of the time (worth "
        f"{float(round_.value):+.2f} a round).",
    )
    return Review(number, chosen, gains, cost, round_.mix, round_.value, said)


class Mixed(Bot):
    """Shows its hand at random by the equilibrium of the round, from its view: nobody
    can exploit it, and it exploits nobody."""

    name = "mixed"
    description = "shows either hand at random, by the equilibrium of the round"

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        ones = value_round(dict(view), view["me"]).mix[1]
        fingers = 1 if self.rng.below(ones.denominator) < ones.numerator else 2
        return next(a for a in legal if a.to_json()["fingers"] == fingers)
