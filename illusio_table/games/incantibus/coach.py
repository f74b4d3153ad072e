"""The casting coach: after a casting's reveal, what each target the seat could have
pointed at was worth to it, and what its choice cost.

Two values a target, both in points of lead (the seat's points less the best of the
others', when the casting's consequences have played out a while):

- in hindsight: had the seat pointed there, the others pointing as they did;
- expected: had the seat pointed there, the others pointing as they were likely to (each
  as the heuristic wizard would in its seat, its ties broken at random).

Values come from the seat's knowledge only. Each is an average over redealings of what
the seat cannot see (`Game.determinize` at the casting's start, as the expert's search
does: face-down tokens, the bags, the spell deck), and each redealing is played out the
same way for every target (the same deal, the same draws after it), so the targets are
compared on equal luck. A redealing is played a few castings on by the heuristic for
every seat, so that a target's value counts what it leaves (a wand after a swap,
ingredients towards a potion, a weapon towards a monster), not only its points now.

A review goes back from the thinking process pickled: its records are `Frozen` (see
engine/frozen.py). No Qt, and no reading of the true match: the caller hands in the match
as it stood at the casting's start and the choices the reveal made public; twin matches
that differ only in what the seat cannot see get the same review.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from illusio_table.engine import Action, Game
from illusio_table.engine.bots import Bot, view_for
from illusio_table.engine.frozen import Frozen
from illusio_table.engine.rng import Rng

from .actions import Point
from .bots import CunningBot, ExpertWizard

DEALS = 12  # redealings a review averages over
DEPTH = 24  # moves each is played on after the casting (a few castings)


@dataclass(frozen=True)
class Target(Frozen):
    """A target the seat could have pointed at, and what it was worth."""

    point: Point
    words: str  # "the 3 Gold", "a face-down token", "the Red Potion"
    hindsight: float  # lead in points, the others pointing as they did
    expected: float  # lead in points, the others pointing as they were likely to


@dataclass(frozen=True)
class Review(Frozen):
    seat: int
    chosen: Point
    others: tuple[tuple[int, str], ...]  # each other seat and what it pointed at, in words
    targets: tuple[Target, ...]  # in the order the table lists them

    def target(self, point: Point) -> Target:
        return next(t for t in self.targets if t.point == point)

    @property
    def best(self) -> Target:
        """The best choice in hindsight (the first listed of equals)."""
        return max(self.targets, key=lambda t: t.hindsight)

    @property
    def best_expected(self) -> Target:
        """The best choice before the reveal."""
        return max(self.targets, key=lambda t: t.expected)

    @property
    def cost(self) -> float:
        """What the choice cost, in points, the others pointing as they did."""
        return self.best.hindsight - self.target(self.chosen).hindsight

    @property
    def expected_cost(self) -> float:
        """What the choice cost before the reveal, in points."""
        return self.best_expected.expected - self.target(self.chosen).expected


def review(
    start: Game,
    choices: dict[int, Point],
    seat: int,
    deals: int = DEALS,
    depth: int = DEPTH,
    seed: int = 0,
) -> Review:
    """The review of `seat`'s choice at the casting that began at `start` (the match as it
    stood then: every seat to point, none pointed yet); `choices` are the points the reveal
    made public, one a seat. `deals` redealings, each played `depth` moves on."""
    if not (start.to_act() == frozenset(choices) and seat in choices):
        raise ValueError("a review starts where every seat is to point, with each one's choice")
    options = [a for a in start.legal_actions(seat) if isinstance(a, Point)]
    if choices[seat] not in options:
        raise ValueError("the seat's choice is not one it could make at that casting")
    targets = _worths(start, seat, options, choices, deals, depth, seed)
    named = {t.point: t.words for t in targets}
    others = tuple(
        (other, named.get(point) or _words(start, point))
        for other, point in sorted(choices.items())
        if other != seat
    )
    return Review(seat, choices[seat], others, targets)


def advice(start: Game, seat: int, deals: int = DEALS, depth: int = DEPTH, seed: int = 0) -> Target:
    """The coach's choice before the reveal, at a casting's start: the target worth the
    most, the others pointing as they were likely to (its `hindsight` is left at 0)."""
    if seat not in start.to_act():
        raise ValueError("advice is for a seat that is to point")
    options = [a for a in start.legal_actions(seat) if isinstance(a, Point)]
    targets = _worths(start, seat, options, None, deals, depth, seed)
    return max(targets, key=lambda t: t.expected)


def _worths(
    start: Game,
    seat: int,
    options: list[Point],
    choices: dict[int, Point] | None,
    deals: int,
    depth: int,
    seed: int,
) -> tuple[Target, ...]:
    """Each option's worth, over `deals` redealings of what the seat cannot see, every
    option on the same redealing and draws: in hindsight (against `choices`, when given)
    and as the others were likely to point."""
    rng = Rng(seed).fork(seat + 1)
    hindsight = [0.0] * len(options)
    expected = [0.0] * len(options)
    for _ in range(deals):
        world = start.determinize(seat, rng)
        world.hush()
        likely = _likely_choices(world, seat, rng.below(1 << 30))
        played = rng.below(1 << 30)
        for i, option in enumerate(options):
            if choices is not None:
                pointed = {**choices, seat: option}
                hindsight[i] += lead_after(world, pointed, seat, depth, played)
            expected[i] += lead_after(world, {**likely, seat: option}, seat, depth, played)
    words = _distinct([_words(start, option) for option in options])
    return tuple(
        Target(option, said, h / deals, e / deals)
        for option, said, h, e in zip(options, words, hindsight, expected, strict=True)
    )


def _likely_choices(world: Game, seat: int, seed: int) -> dict[int, Point]:
    """What each other seat would point at in this redealing, as the heuristic would."""
    found: dict[int, Point] = {}
    for other in sorted(world.to_act() - {seat}):
        bot = CunningBot(other, seed)
        move = bot.choose(view_for(bot, world, other), world.legal_actions(other))
        assert isinstance(move, Point)
        found[other] = move
    return found


def lead_after(world: Game, choices: dict[int, Point], seat: int, depth: int, seed: int) -> float:
    """The seat's lead in points once the casting with these choices has played out, and
    a few castings after it (the heuristic for everyone, on draws fixed by `seed`)."""
    copy = world.clone()
    copy.rng = Rng(seed)
    for other in sorted(choices):
        copy.apply(other, choices[other])
    players: list[Bot] = [CunningBot(s, seed) for s in range(copy.seats)]
    for _ in range(depth):
        if copy.is_over():
            break
        actor = min(copy.to_act())
        bot = players[actor]
        move: Action = bot.choose(view_for(bot, copy, actor), copy.legal_actions(actor))
        copy.apply_listed(actor, move)
    mine = ExpertWizard.progress(copy, seat)
    best = max(ExpertWizard.progress(copy, s) for s in range(copy.seats) if s != seat)
    return mine - best


VERBS = ("Point at ", "Fight ", "Brew ", "Learn ")


def _words(game: Game, point: Point) -> str:
    """'the 3 Gold', 'secret token 2', 'the Red Potion': the table's words for a point, as
    the thing pointed at. Everyone's words (not "you saw: …"): the review may be read at
    the big screen."""
    words = game.describe(point, None)
    for verb in VERBS:
        words = words.removeprefix(verb)
    for paying in (" with ", " for "):  # a potion's Stone, a book's tokens
        if paying in words:
            thing, paid = words.split(paying, 1)
            words = f"{thing} (paying {paid})"
    return words


def _distinct(words: list[str]) -> list[str]:
    """Two Pumpkins in the room: 'the Pumpkin' and 'another Pumpkin'."""
    seen: set[str] = set()
    out = []
    for w in words:
        out.append(f"another {w.removeprefix('the ')}" if w in seen else w)
        seen.add(w)
    return out


def summary(review: Review, names: list[str], casting: list[dict[str, Any]]) -> list[str]:
    """The review in a few sentences: what the seat and the others pointed at, the best
    choice each way, what the choice cost, and why. `casting` is the reveal's public
    account (the view's `last_casting`)."""
    chosen = review.target(review.chosen)
    lines = [
        f"You pointed at {chosen.words}; "
        + "; ".join(f"{names[s]} at {words}" for s, words in review.others)
        + "."
    ]
    lost = next(
        (
            e
            for e in casting
            if review.seat in e["claimants"] and e["winner"] not in (None, review.seat)
        ),
        None,
    )
    if lost is not None:
        wand = lost["wands"][lost["claimants"].index(lost["winner"])]
        lines.append(f"{names[lost['winner']]}'s wand {wand} was the stronger there.")
    best, before = review.best, review.best_expected
    if review.cost <= 0.05:
        lines.append("Given what the others did, that was the best choice.")
    else:
        lines.append(
            f"Given what the others did, {best.words} was best: "
            f"{_points(review.cost)} more than your choice."
        )
    if review.expected_cost <= 0.05:
        if before.point != best.point:  # (seen: "…looked best (0.0 points more than…")
            lines.append(
                "Before the reveal, your choice looked best, as the others were likely to point."
            )
    else:
        lines.append(
            f"Before the reveal, {before.words} looked best "
            f"({_points(review.expected_cost)} more than your choice, as the others were "
            f"likely to point)."
        )
    return lines


def _points(value: float) -> str:
    return f"{value:.1f} point{'s' * (round(value, 1) != 1)}"


def describe_targets(review: Review) -> list[dict[str, Any]]:
    """The targets as data for a chart: words, both values, and the marks."""
    return [
        {
            "words": t.words,
            "hindsight": round(t.hindsight, 2),
            "expected": round(t.expected, 2),
            "chosen": t.point == review.chosen,
            "best": t.point == review.best.point,
        }
        for t in review.targets
    ]
