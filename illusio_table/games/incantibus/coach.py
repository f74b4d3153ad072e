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
same way for every target (the same deal, the same draws after it, begun again at each
casting: common random numbers), so the targets are compared on equal luck. A redealing
is played a few moves on by the heuristic for every seat, so that a target's value
counts what it leaves (a wand after a swap, ingredients towards a potion, a weapon
towards a monster), not only its points now.

Every verdict carries its confidence: the interval of the difference between two
targets, paired over the same redealings. Targets whose difference is within it are too
close to call, and the review says so — unless the difference is surely under `EVEN`
(0.75 points): then they are worth the same, a firm verdict (a coach that calls every
near tie "too close" teaches nothing). The targets still in question (and the seat's
own) are played on more redealings, a batch at a time, until one is best beyond the
noise, or they are surely within `EVEN`, or `MORE` times the first redealings are
played; a choice that may be a mistake worth a drill is played on until that is sure
either way (a drill kept is one other looks keep too). Face-down tokens the seat has not
seen are worth the same from what it knows: one of them is played for all. At depth 0
nothing is played after the casting, so a redealing fixes the value: the distinct ones
among many draws are each played once (where nothing is hidden there is one, and the
value is exact). Measured over 20 castings reviewed with 6 seeds each (`make bench`,
part `coach`), at 8 moves on: a longer horizon spreads a target's value so (7 points a
redealing at 24 moves, against the half-point gaps a verdict turns on) that most
verdicts were too close to call.

A review goes back from the thinking process pickled: its records are `Frozen` (see
engine/frozen.py). No Qt, and no reading of the true match: the caller hands in the match
as it stood at the casting's start and the choices the reveal made public; twin matches
that differ only in what the seat cannot see get the same review.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from illusio_table.engine import Action, Game
from illusio_table.engine.bots import Bot, view_for
from illusio_table.engine.frozen import Frozen
from illusio_table.engine.rng import Rng

from .actions import Point
from .bots import CunningBot, ExpertWizard

DEALS = 12  # redealings every target is played on
MORE = 16  # a review's redealings at most, for the targets in question: times `deals`
BATCH = 8  # redealings between two looks at what is still in question
DEPTH = 8  # moves each is played on after the casting (the casting after it, or two)
Z = 2.5  # the width of a verdict's interval, in standard errors (looked at many times)
DRILL = 1.25  # a drill's mistake: its cost this many times its ± (3 standard errors)
EVEN = 0.75  # points: targets surely this close are worth the same (more redealings stop)
WORTH_A_DRILL = 1.0  # points: a mistake that may cost this much is played on until sure
# (the cheapest mistake the rehearsal keeps to drill, `Drills.COST`: a test holds them equal)
PRIOR = 6  # redealings' worth of the casting's spread a pair's own is moderated with
EXACT = 64  # at depth 0, draws of a deal; played once each distinct deal among them


@dataclass(frozen=True)
class Target(Frozen):
    """A target the seat could have pointed at, and what it was worth."""

    point: Point
    words: str  # "the 3 Gold", "a face-down token", "the Red Potion"
    hindsight: float  # lead in points, the others pointing as they did
    expected: float  # lead in points, the others pointing as they were likely to
    # The half-widths of the intervals of its difference with the best target (the
    # best's own: with the one after it), each way: within them, too close to call.
    margin: float = 0.0
    expected_margin: float = 0.0
    # The first listed target it is alike to (itself, most often): face-down tokens the
    # seat has not seen are worth the same from what it knows (`_alike`).
    group: int = 0


@dataclass(frozen=True)
class Review(Frozen):
    seat: int
    chosen: Point
    others: tuple[tuple[int, str], ...]  # each other seat and what it pointed at, in words
    targets: tuple[Target, ...]  # in the order the table lists them
    deals: int = 0  # the most redealings a target was played on

    def target(self, point: Point) -> Target:
        return next(t for t in self.targets if t.point == point)

    @property
    def best(self) -> Target:
        """The best choice in hindsight (of equals: the seat's own, else the first listed)."""
        return _first(self.targets, lambda t: t.hindsight, self.target(self.chosen))

    @property
    def best_expected(self) -> Target:
        """The best choice before the reveal."""
        return _first(self.targets, lambda t: t.expected, self.target(self.chosen))

    @property
    def contenders(self) -> tuple[Target, ...]:
        """The targets that may have been best in hindsight, one a group of alike ones:
        the best, and those whose difference with it is within their interval (too close
        to call)."""
        return _contenders(self, lambda t: t.hindsight, lambda t: t.margin, self.best)

    @property
    def verdict(self) -> str:
        """'best': the choice was better than every other, beyond the noise; 'even': others
        were as good, but surely within `EVEN` of it (worth the same, for a player);
        'close': another target was as good within the noise, and may have been better by
        more (too close to call); 'mistake': a target was better beyond the noise."""
        contenders = self.contenders
        if self.target(self.chosen) not in contenders:
            return "mistake"
        if len(contenders) == 1:
            return "best"
        return "even" if all(gap + margin <= EVEN for gap, margin in self._rivals()) else "close"

    def _rivals(self) -> list[tuple[float, float]]:
        """The gap between the choice and each target too close to call with it, and the
        gap's ± (a target's interval is against the best)."""
        chosen, best = self.target(self.chosen), self.best
        if chosen.group != best.group:
            return [(self.cost, chosen.margin)]
        return [(best.hindsight - t.hindsight, t.margin) for t in self.contenders if t is not best]

    @property
    def cost(self) -> float:
        """What the choice cost, in points, the others pointing as they did."""
        return self.best.hindsight - self.target(self.chosen).hindsight

    @property
    def expected_cost(self) -> float:
        """What the choice cost before the reveal, in points."""
        return self.best_expected.expected - self.target(self.chosen).expected

    @property
    def drill_cost(self) -> float:
        """The cost a drill is kept for: a mistake's, sure beyond the noise by a quarter
        more than the verdict needs (`DRILL`), else none. A drill asks the person to play
        a casting again: the bench found a mistake kept at the verdict's own width called
        a mistake again by other seeds 9 times in 10, at this one 97 in 100."""
        mine = self.target(self.chosen)
        sure = self.verdict == "mistake" and self.cost >= DRILL * mine.margin
        return self.cost if sure else 0.0


def _first(targets: tuple[Target, ...], worth: Callable[[Target], float], mine: Target) -> Target:
    """The target worth the most; of equals, the seat's own or one alike to it, else the
    first listed."""
    return max(targets, key=lambda t: (worth(t), t.group == mine.group, t is mine))


def _contenders(
    review: Review,
    worth: Callable[[Target], float],
    margin: Callable[[Target], float],
    best: Target,
) -> tuple[Target, ...]:
    mine = review.target(review.chosen)
    found, groups = [best], {best.group}
    for t in (mine, *review.targets):  # the seat's own stands for its group
        if t.group not in groups and worth(best) - worth(t) <= margin(t):
            found.append(t)
            groups.add(t.group)
    return tuple(found)


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
    made public, one a seat. `deals` redealings for every target, each played `depth` moves
    on, and up to `MORE` times as many for the targets still in question."""
    if not (start.to_act() == frozenset(choices) and seat in choices):
        raise ValueError("a review starts where every seat is to point, with each one's choice")
    options = [a for a in start.legal_actions(seat) if isinstance(a, Point)]
    if choices[seat] not in options:
        raise ValueError("the seat's choice is not one it could make at that casting")
    targets, played = _worths(start, seat, options, choices, deals, depth, seed)
    named = {t.point: t.words for t in targets}
    others = tuple(
        (other, named.get(point) or _words(start, point))
        for other, point in sorted(choices.items())
        if other != seat
    )
    return Review(seat, choices[seat], others, targets, played)


def advice(start: Game, seat: int, deals: int = DEALS, depth: int = DEPTH, seed: int = 0) -> Target:
    """The coach's choice before the reveal, at a casting's start: the target worth the
    most, the others pointing as they were likely to (its `hindsight` is left at 0)."""
    if seat not in start.to_act():
        raise ValueError("advice is for a seat that is to point")
    options = [a for a in start.legal_actions(seat) if isinstance(a, Point)]
    targets, _ = _worths(start, seat, options, None, deals, depth, seed)
    return max(targets, key=lambda t: t.expected)


class _Sums:
    """Each target's values, one a redealing it was played on (with the redealing's
    weight): the targets still in question are played on every redealing, so that any
    two are compared on the same ones (common random numbers)."""

    def __init__(self, targets: int) -> None:
        self.values: list[list[float]] = [[] for _ in range(targets)]
        self.weights: list[float] = []
        # The spread of a target's value a redealing in this casting, the median of the
        # targets': what a pair's own spread is moderated towards (`margin`).
        self.prior = 0.0

    def moderate(self, among: list[int]) -> None:
        spreads = sorted(_variance(self.values[i]) for i in among)
        self.prior = spreads[len(spreads) // 2] if spreads else 0.0

    def mean(self, i: int) -> float:
        row = self.values[i]
        weights = self.weights[: len(row)]
        return math.fsum(w * v for w, v in zip(weights, row, strict=True)) / math.fsum(weights)

    def leader(self, among: list[int]) -> int:
        return max(among, key=self.mean)  # (the first listed of equals)

    def margin(self, i: int, j: int) -> float:
        """`Z` standard errors of the difference of i and j, over the redealings both
        were played on (each weighed as the draws it stands for)."""
        n = min(len(self.values[i]), len(self.values[j]))
        weights = self.weights[:n]
        total = math.fsum(weights)
        if n < 2 or total <= 1:
            return 0.0
        pairs = [a - b for a, b in zip(self.values[i][:n], self.values[j][:n], strict=True)]
        mean = math.fsum(w * d for w, d in zip(weights, pairs, strict=True)) / total
        spread = math.fsum(w * (d - mean) ** 2 for w, d in zip(weights, pairs, strict=True))
        # A spread measured on a dozen redealings is often short of the truth (a rare
        # big outcome not yet drawn): it is moderated towards the casting's own, as if
        # `PRIOR` more redealings had shown that; and Student's t for the deals played
        # (its first correction to the normal).
        spread = (spread + PRIOR * self.prior) / (total - 1 + PRIOR)
        t = Z + (Z**3 + Z) / (4 * (total - 1))
        return t * math.sqrt(spread / total)

    def contenders(self, among: list[int]) -> list[int]:
        """The targets among these that may be the best: within the noise of the leader."""
        lead = self.leader(among)
        top = self.mean(lead)
        return [i for i in among if i == lead or top - self.mean(i) <= self.margin(lead, i)]

    def settled(self, contenders: list[int]) -> bool:
        """Whether more redealings would tell no more: one target is best, or the others
        are worth the same as the first on every redealing, or surely within `EVEN` of it."""
        lead = contenders[0] if len(contenders) == 1 else self.leader(contenders)
        top = self.mean(lead)
        return all(
            self.values[i] == self.values[lead] or top - self.mean(i) + self.margin(lead, i) <= EVEN
            for i in contenders
        )

    def drill_open(self, lead: int, mine: int) -> bool:
        """Whether the choice, a mistake beyond the noise, may have cost `WORTH_A_DRILL` or
        more but is not yet sure enough to drill (`Review.drill_cost`): more redealings
        tell, and a drill kept is then one other looks keep too."""
        cost, margin = self.mean(lead) - self.mean(mine), self.margin(lead, mine)
        return margin < cost < DRILL * margin and cost + margin >= WORTH_A_DRILL

    def margins(self, groups: list[int]) -> list[float]:
        """Each target's margin against the best group (the best's: against the next
        best), by its group's first target."""
        every = sorted(set(groups))
        lead = self.leader(every)
        rest = [g for g in every if g != lead]
        second = self.leader(rest) if rest else lead
        return [self.margin(lead, second if g == lead else g) for g in groups]


def _worths(
    start: Game,
    seat: int,
    options: list[Point],
    choices: dict[int, Point] | None,
    deals: int,
    depth: int,
    seed: int,
) -> tuple[tuple[Target, ...], int]:
    """Each option's worth, over redealings of what the seat cannot see, every option on
    the same redealings and draws: in hindsight (against `choices`, when given) and as the
    others were likely to point; and the most redealings an option was played on.

    `deals` redealings for every option; then, a batch at a time, up to `MORE` times as
    many for the options still in question (those within the noise of the best, and the
    seat's own choice), until one is best beyond the noise. At depth 0 the value of a
    redealing is fixed by it: each distinct one among `EXACT` draws is played once,
    weighed by its draws (where nothing is hidden: one, and the value is exact)."""
    rng = Rng(seed).fork(seat + 1)
    hindsight, expected = _Sums(len(options)), _Sums(len(options))
    groups = _alike(start, seat, options, choices)
    active = sorted(set(groups))  # one target a group is played, for all of it
    mine = groups[options.index(choices[seat])] if choices is not None else None
    asked = hindsight if choices is not None else expected  # what decides the stop

    def play(world: Game, weight: float, likely: dict[int, Point], played: int) -> None:
        # In a review, the values before the reveal over the first `deals` redealings
        # only: the verdict is in hindsight, and it is what the later ones are for.
        first = choices is None or len(hindsight.weights) < deals
        for i in active:
            option = options[i]
            value = 0.0
            if choices is not None:
                value = lead_after(world, {**choices, seat: option}, seat, depth, played, True)
                hindsight.values[i].append(value)
            if first and (choices is None or any(likely[s] != choices[s] for s in likely)):
                value = lead_after(world, {**likely, seat: option}, seat, depth, played, True)
            if first:
                expected.values[i].append(value)
        hindsight.weights.append(weight)
        expected.weights.append(weight)

    if depth == 0:
        for world, weight, likely in _distinct_deals(start, seat, rng):
            play(world, weight, likely, 0)
    else:
        most = deals * MORE if choices is not None else deals  # advice: the first only
        while len(asked.weights) < most:
            batch = deals if not asked.weights else BATCH
            for _ in range(min(batch, most - len(asked.weights))):
                world = start.determinize(seat, rng)
                world.hush()
                likely = _likely_choices(world, seat, rng.below(1 << 30))
                play(world, 1.0, likely, rng.below(1 << 30))
            if len(asked.weights) == deals:  # the first look: every target played
                asked.moderate(active)
                expected.moderate(active)
            question = asked.contenders(active)
            open_drill = (
                mine is not None
                and mine not in question
                and asked.drill_open(asked.leader(question), mine)
            )
            if len(asked.weights) > deals and asked.settled(question) and not open_drill:
                break  # (never on the first look alone: a dozen deals can look sure)
            # Still played: the targets in question, and the seat's own.
            keep = set(question)
            if mine is not None:
                keep.add(mine)
            active = [i for i in active if i in keep]
    for i, first in enumerate(groups):  # a group's targets: the values of its first
        hindsight.values[i], expected.values[i] = hindsight.values[first], expected.values[first]
    before = expected.margins(groups)
    if choices is not None:  # worth the same on every redealing: alike too
        groups = _tied(hindsight, groups)
    words = _distinct([_words(start, option) for option in options])
    margins = hindsight.margins(groups) if choices is not None else [0.0] * len(options)
    targets = tuple(
        Target(
            option,
            words[i],
            hindsight.mean(i) if choices is not None else 0.0,
            expected.mean(i),
            margins[i],
            before[i],
            groups[i],
        )
        for i, option in enumerate(options)
    )
    return targets, len(asked.weights)


def _tied(sums: _Sums, groups: list[int]) -> list[int]:
    """The groups, those whose targets were worth the same on every redealing (played on
    all of them) made one: a choice as good as the best on every one was the best."""
    played = len(sums.weights)
    firsts: dict[tuple[float, ...], int] = {}
    return [
        firsts.setdefault(tuple(sums.values[g]), g) if len(sums.values[g]) == played else g
        for g in groups
    ]


def _variance(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = math.fsum(values) / len(values)
    return math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)


def _alike(
    start: Game, seat: int, options: list[Point], choices: dict[int, Point] | None
) -> list[int]:
    """Each option's group: the first listed option alike to it. Face-down tokens of the
    room the seat has not seen (nor any other seat, nor pointed at by one) are alike, as
    are face-down sorcerers: from what the seat knows, one is worth what another is, and a
    redealing draws any of them as likely; one of them is played for them all."""
    game: Any = start  # (an Incantibus match: its room and dungeon)
    pointed = {p for s, p in (choices or {}).items() if s != seat}  # by the others
    seen = {slot for known in game.known for slot in known}
    groups = list(range(len(options)))
    firsts: dict[str, int] = {}
    for i, option in enumerate(options):
        if option in pointed:
            continue
        if option.place == "room" and option.index not in seen:
            hidden = not game.room[option.index][1]
        elif option.place == "dungeon":
            hidden = not game.dungeon[option.index][1]
        else:
            hidden = False
        if hidden:
            groups[i] = firsts.setdefault(option.place, i)
    return groups


def _distinct_deals(start: Game, seat: int, rng: Rng) -> list[tuple[Game, float, dict[int, Point]]]:
    """`EXACT` redealings, each distinct one once with the number of its draws (and the
    others' likely choices there): what a review at depth 0 plays."""
    import pickle

    found: dict[bytes, list[Any]] = {}
    for _ in range(EXACT):
        world = start.determinize(seat, rng)
        world.hush()
        world.rng = Rng(0)  # no draws of its own tell it apart: only what lies where
        key = pickle.dumps(world)
        if key in found:
            found[key][1] += 1.0
        else:
            found[key] = [world, 1.0]
    return [(world, weight, _likely_choices(world, seat, 0)) for world, weight in found.values()]


def _likely_choices(world: Game, seat: int, seed: int) -> dict[int, Point]:
    """What each other seat would point at in this redealing, as the heuristic would."""
    found: dict[int, Point] = {}
    for other in sorted(world.to_act() - {seat}):
        bot = CunningBot(other, seed)
        move = bot.choose(view_for(bot, world, other), world.legal_actions(other))
        assert isinstance(move, Point)
        found[other] = move
    return found


def lead_after(
    world: Game,
    choices: dict[int, Point],
    seat: int,
    depth: int,
    seed: int,
    steady: bool = False,
) -> float:
    """The seat's lead in points once the casting with these choices has played out, and
    a few castings after it (the heuristic for everyone, on draws fixed by `seed`).

    `steady`: the draws and the heuristic's tie-breaks begin again from `seed` at each
    casting after it, so that two targets played out from the same redealing meet the
    same chances there however many draws their castings took (the review's differences
    between targets then vary less: a seventh less at 24 moves, measured)."""
    copy = world.clone()
    copy.rng = Rng(seed)
    for other in sorted(choices):
        copy.apply(other, choices[other])
    players: list[Bot] = [CunningBot(s, seed) for s in range(copy.seats)]
    everyone = frozenset(range(copy.seats))
    pointing: Any = copy  # (an Incantibus match: the choices made so far)
    castings = 0
    for _ in range(depth):
        if copy.is_over():
            break
        acting = copy.to_act()
        if steady and acting == everyone and copy.phase == "casting" and not pointing.choices:
            castings += 1
            copy.rng = Rng(seed).fork(castings)
            players = [CunningBot(s, seed + castings * 7919) for s in range(copy.seats)]
        actor = min(acting)
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
    account (the view's `last_casting`). Every number and every "best" in them is read
    from what the chart draws (`describe_targets`), so that the words and the chart
    never disagree."""
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
    drawn = describe_targets(review)
    lines += verdict_lines(drawn)
    mine = next(t for t in drawn if t["chosen"])
    looked = [t for t in drawn if t["best_before"]]
    them = "them" if len(looked) > 1 else "it"
    likely = "as the others were likely to point"
    mistake = not (mine["best"] or mine["close"])
    if mine["best_before"]:
        if mistake:  # (a choice that looked as good as any, beforehand)
            lines.append(f"Before the reveal, your choice looked as good as any, {likely}.")
    elif mine["close_before"]:
        if mistake:
            lines.append(
                f"Before the reveal, {_names(looked)} looked best, and your choice too close "
                f"to call with {them} ({_behind(mine, 'before')}), {likely}."
            )
    else:
        lines.append(
            f"Before the reveal, {_names(looked)} looked best (your choice "
            f"{_behind(mine, 'before')}, {likely})."
        )
    return lines


def verdict_words(review: Review) -> str:
    """The verdict in hindsight, in words (the first of `verdict_lines`)."""
    return verdict_lines(describe_targets(review))[0]


def verdict_lines(drawn: list[dict[str, Any]]) -> list[str]:
    """The verdict in hindsight, as the chart draws it: the targets at its best mark
    (0 behind), every one named; those whose whisker reaches 0 (too close to call with the
    best, or worth the same as it: surely within `EVEN`), with their numbers; and the
    choice: the best, too close to call, or a mistake of its bar ± its whisker. A first
    line that the tally shows alone, and the other targets too close to call after it."""
    mine = next(t for t in drawn if t["chosen"])
    best = [t for t in drawn if t["best"]]
    close = [t for t in drawn if t["close"] and not t["chosen"]]
    it = "them" if len(best) > 1 else "it"
    given = "Given what the others did,"
    if mine["best"]:
        others = [t for t in best if t is not mine]
        if not others and not close:
            return [f"{given} that was the best choice."]
        said = (
            f"{given} your choice and {_names(others)} were best"
            if others
            else f"{given} your choice was best"
        )
        return [said + "".join(f"; {part}" for part in _close_parts(close, it)) + "."]
    said = f"{given} {_names(best)} {'were' if len(best) > 1 else 'was'} best"
    if mine["even"]:
        said += f"; your choice was worth the same, within {EVEN:g} points ({_behind(mine)})"
    elif mine["close"]:
        said += f"; your choice was too close to call with {it} ({_behind(mine)})"
    else:
        said += f"; your choice: a mistake of {_points(mine['behind'])} ± {mine['margin']:.1f}"
    lines = [said + "."]
    if close:
        parts = "; ".join(_close_parts(close, "the best"))
        lines.append(parts[0].upper() + parts[1:] + ".")
    return lines


def mistake_said(said: list[str] | tuple[str, ...], cost: float) -> str:
    """'2.7 points ± 0.9': the mistake as the coach's words on it gave it (`verdict_lines`),
    its ± with it, so that a drill's banner and the chart of its new review read as two
    measures of one mistake (a bare 'cost 2.7' beside the chart's '2.3 behind' looked like
    a contradiction); the bare cost where the words give none (words kept before the ±)."""
    for line in said:
        found = _MISTAKE.search(line)
        if found is not None:
            return found.group(1)
    return _points(cost)


_MISTAKE = re.compile(r"a mistake of (\d+\.\d points? ± \d+\.\d)")


def _close_parts(close: list[dict[str, Any]], best: str) -> list[str]:
    """'worth the same as it, within 0.75 points: the 3 Gold (0.2 behind ± 0.3)', 'too
    close to call with it: the Trap (1.3 behind ± 1.5)': the targets whose whisker
    reaches the best, those of the same numbers together."""
    parts = []
    for even, said in (
        (True, f"worth the same as {best}, within {EVEN:g} points"),
        (False, f"too close to call with {best}"),
    ):
        these = [t for t in close if t["even"] == even]
        if these:
            alike: dict[str, list[dict[str, Any]]] = {}
            for t in these:
                alike.setdefault(_behind(t), []).append(t)
            listed = [f"{_names(ts)} ({numbers})" for numbers, ts in alike.items()]
            parts.append(f"{said}: {_joined(listed)}")
    return parts


def _behind(target: dict[str, Any], before: str = "") -> str:
    """'1.3 behind ± 1.5': a target's label on the chart and its whisker (before the
    reveal: its diamond, and the ± of its worth then)."""
    if before:
        return f"{target['behind_before']:.1f} behind ± {target['margin_before']:.1f}"
    return f"{target['behind']:.1f} behind ± {target['margin']:.1f}"


NUMBERED = ("secret token ", "hidden sorcerer ")  # targets named by their place's number


def _names(targets: list[dict[str, Any]]) -> str:
    """'the Pumpkin', 'the Pumpkin and the Trap', 'secret tokens 5, 6 and 7'."""
    words = [t["words"] for t in targets]
    for kind in NUMBERED:
        if len(words) > 1 and all(w.startswith(kind) for w in words):
            return f"{kind.strip()}s " + _joined([w.removeprefix(kind) for w in words])
    return _joined(words)


def _joined(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _points(value: float) -> str:
    return f"{value:.1f} point{'s' * (round(value, 1) != 1)}"


def describe_targets(review: Review) -> list[dict[str, Any]]:
    """The targets as data for a chart and the review's words, which read nothing else:
    words, the marks, and how far each was behind the best target, in points, each way
    (the best at 0: what choosing it would have cost), with its interval. Every number in
    tenths of a point, as drawn and said, and what is called best or too close to call
    is read from those tenths: a target drawn at 0 is the best, however many are."""
    best, best_before = review.best.hindsight, review.best_expected.expected
    drawn = []
    for t in review.targets:
        # Points behind the best in hindsight: the chosen one's is the casting's cost.
        behind = round(best - t.hindsight, 1)
        # Points behind the best before the reveal, the others pointing as they were
        # likely to.
        before = round(best_before - t.expected, 1)
        # Its interval against the best (the best's: against the next), ± in points: a
        # target whose interval reaches 0 (the best's worth) is too close to call.
        margin, margin_before = round(t.margin, 1), round(t.expected_margin, 1)
        close = behind > 0 and behind <= margin
        drawn.append(
            {
                "words": t.words,
                "behind": behind,
                "behind_before": before,
                "chosen": t.point == review.chosen,
                "best": behind == 0,
                "best_before": before == 0,
                "margin": margin,
                "margin_before": margin_before,
                "close": close,
                # Too close to call, yet surely within `EVEN` of the best: worth the same.
                "even": close and behind + margin <= EVEN,
                "close_before": 0 < before <= margin_before,
            }
        )
    return drawn
