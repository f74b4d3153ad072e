"""The searching bot: Monte Carlo search over determinizations.

Each game's `expert` is an `ExpertBot` with the game's heuristic bot as its rollout
policy and a measure of who is ahead. To choose, it repeats, until its time is up:
deal the hidden things again (`Game.determinize`: a match its seat cannot tell from the
real one), pick one of its moves by UCB1 (the heuristic's own choice starts with a head
start, so a short search plays at least as the heuristic does), play it, let the heuristic
play every seat for a while, and score the end for its seat. It plays the move it tried
most. It reads the match only through `determinize`, so it knows no more than a
person in its seat.

A game may search by sequential halving on paired deals instead (`paired`): every move
still in the running is played on the same deal, followed by the same dice and draws, and
the worse half leaves at each checkpoint; it plays the best of the last. Where the luck of
the deal outweighs the difference between two moves, comparing them on the same deals
tells them apart with far fewer deals. In 200 Illusio games it took the expert from
43.5 % to 56.5 % of the wins. In Incantibus the two searches do alike (two runs of 100
games each: 70 % and 62 % in expert mode against 63 % with UCB1, 75 % and 65 % in
apprentice mode against 75 %); paired deals are kept there because every seat's casting
choice is then weighed against the same choices of the others. Illuminati keeps UCB1:
paired, its expert won 2 of 10 games (70 of 100 with UCB1).

In a simultaneous choice (the Incantibus casting) the seats that have pointed point again
at random in every determinization and the others choose with the heuristic: its move is
weighed against what everyone else might do at once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .bots import Bot, SeatView, view_for
from .protocol import Action, Game, IllegalAction

DEFAULT_BUDGET = 1.0  # seconds a move at the table
HEAD_START = 3  # visits the heuristic's choice starts with, at the average result
EXPLORE = 0.6  # UCB1's exploration weight, for values between 0 and 1


@mypyc_attr(allow_interpreted_subclasses=True)  # (a game of another package: see Bot)
class ExpertBot(Bot):
    name = "expert"
    policy: ClassVar[type[Bot]]  # the game's heuristic bot: the rollouts' players
    depth: ClassVar[int] = 60  # moves a rollout plays before it is scored (`uncounted` aside)
    spread: ClassVar[float] = 1.0  # a lead of this much `progress` is worth about 3 to 1
    width: ClassVar[int] = 10  # moves weighed at most, the heuristic's choice among them
    paired: ClassVar[bool] = False  # sequential halving on shared deals instead of UCB1
    # Moves a rollout does not count towards its depth: answers in a round that every
    # seat goes through (Illuminati's money on an attack). Counted, they made any move that
    # opens another round look good, as the rollout then saw less of the game after it.
    uncounted: ClassVar[tuple[type[Action], ...]] = ()
    # Moves it never weighs beside the heuristic's choice: Illuminati's calling off of
    # the attack it chose. Free until money is down, calling off let a search that liked
    # it announce another attack, and round it went: 146 attacks in a single turn.
    unweighed: ClassVar[tuple[type[Action], ...]] = ()
    searches = True

    def __init__(
        self, seat: int, seed: int, budget: float = DEFAULT_BUDGET, deals: int | None = None
    ) -> None:
        super().__init__(seat, seed)
        self.budget = budget
        self.deals = deals  # a fixed number of rollouts instead of the budget (tests)
        self.thoughts = 0  # rollouts played in its last choice, for the bench
        self.tally: list[tuple[Action, int, float]] = []
        self._guide = self.policy(seat, seed)

    @staticmethod
    def progress(game: Game, seat: int) -> float:
        """How far the seat has come towards winning, in the game's own numbers."""
        raise NotImplementedError

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Without the match (a caller that has only the view): the heuristic's choice."""
        return self._guide.choose(view, legal)

    def choose_in(
        self, game: Game, seat: int, legal: list[Action], stop: Callable[[], bool] | None = None
    ) -> Action:
        """The move to play, searched for `budget` seconds (or until `stop()` says so)."""
        view = SeatView(game, seat)
        guess = self._guide.choose(view, legal)
        moves = self._candidates(guess, legal, self._guide.appeal(view))
        if len(moves) == 1:
            return moves[0]
        self.thoughts = 0
        if self.paired:  # the best average of the moves still in the running
            visits, totals, alive = self._halve(game, seat, moves, stop)
            means = _means(visits, totals)
            best = max(alive, key=lambda i: means[i])
        else:
            # The move tried most: UCB1 tries most what does best, and a count is steadier
            # than an average of a few rollouts. The heuristic's choice counts its head start.
            visits, totals = self._explore(game, seat, moves, stop)
            counts = _with_head_start(visits)
            best = max(range(len(moves)), key=lambda i: (counts[i], totals[i] / max(visits[i], 1)))
        self.tally = list(zip(moves, visits, totals, strict=True))  # what it weighed (tests)
        return moves[best]

    def _explore(
        self, game: Game, seat: int, moves: list[Action], stop: Callable[[], bool] | None
    ) -> tuple[list[int], list[float]]:
        """UCB1 over the moves, each try on a deal of its own: (visits, totals)."""
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        players = [self.policy(s, self.rng.below(1 << 30)) for s in range(game.seats)]
        started = time.perf_counter()
        deadline = started + self.budget
        tries = 0
        while not (stop and stop()):
            if self.deals is None:
                if time.perf_counter() >= deadline:
                    break
            elif tries >= self.deals:
                break
            tries += 1
            if self.deals is None and self._settled(visits, deadline, started):
                break
            pick = self._pick(visits, totals)
            visits[pick] += 1
            world = game.determinize(seat, self.rng)
            world.hush()  # played forward, never read
            try:
                world.apply(seat, moves[pick])
            except IllegalAction:  # not possible in this deal (it should be in every one)
                continue
            totals[pick] += self._rollout(world, seat, players)
            self.thoughts += 1
        return visits, totals

    def _halve(
        self, game: Game, seat: int, moves: list[Action], stop: Callable[[], bool] | None
    ) -> tuple[list[int], list[float], list[int]]:
        """Sequential halving on paired deals: (visits, totals, the moves left in the end).

        Each round deals the hidden things once and plays every move still in the running
        on that deal, each followed by the same dice and draws (the copies share the deal's
        generator state, and the rollouts' players start alike). Moves compared on the same
        deals differ by what the move does rather than by the luck of the deal. At each of
        log2(moves) checkpoints of the budget the worse half is dropped."""
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        alive = list(range(len(moves)))
        stages = max(1, math.ceil(math.log2(len(moves))))
        started, stage, tries = time.perf_counter(), 0, 0

        def spent() -> float:  # the share of the budget used, 1 at the end
            if self.deals is not None:
                return tries / self.deals
            return (time.perf_counter() - started) / self.budget

        while len(alive) > 1 and spent() < 1:
            world = game.determinize(seat, self.rng)
            world.hush()  # played forward, never read
            seed = self.rng.below(1 << 30)
            for i in alive:
                if (stop and stop()) or spent() >= 1:
                    return visits, totals, alive
                tries += 1
                copy = world.clone()
                try:
                    copy.apply(seat, moves[i])
                except IllegalAction:  # not possible in this deal (it should be in every one)
                    continue
                players = [self.policy(s, seed) for s in range(game.seats)]
                totals[i] += self._rollout(copy, seat, players)
                visits[i] += 1
                self.thoughts += 1
            if spent() >= (stage + 1) / stages:
                stage += 1
                means = _means(visits, totals)
                alive.sort(key=lambda i: means[i], reverse=True)
                alive = alive[: (len(alive) + 1) // 2]
        return visits, totals, alive

    def _settled(self, visits: list[int], deadline: float, started: float) -> bool:
        """Whether the move tried most stays so whatever the time left brings: no other
        could catch up with it at the pace the deals have gone (the time is saved)."""
        done = sum(visits)
        if done < 2 * len(visits):
            return False
        now = time.perf_counter()
        left = (deadline - now) / ((now - started) / done)
        first, second = sorted(_with_head_start(visits), reverse=True)[:2]
        return first - second > left

    def _candidates(
        self, guess: Action, legal: list[Action], appeal: Callable[[Action], float] | None
    ) -> list[Action]:
        """The heuristic's choice first, then at most `width` - 1 others: those the heuristic
        likes best where it can say (ties, and every move where it cannot, drawn at
        random). A search of a fraction of a second learns little about each of fifty
        moves (the ways to spend money, say), and much about a dozen."""
        others = [a for a in legal if a != guess and not isinstance(a, self.unweighed)]
        if len(others) >= self.width:
            self.rng.shuffle(others)
            if appeal is not None:
                others.sort(key=appeal, reverse=True)  # stable: ties stay shuffled
            others = others[: self.width - 1]
        return [guess, *others]

    @staticmethod
    def _pick(visits: list[int], totals: list[float]) -> int:
        """UCB1 on `_means`: the heuristic's choice with its head start."""
        for i, n in enumerate(visits):
            if n == 0:
                return i
        done = sum(visits)
        means = _means(visits, totals)
        counts = _with_head_start(visits)
        log_all = math.log(done + HEAD_START)
        return max(
            range(len(visits)),
            key=lambda i: means[i] + EXPLORE * math.sqrt(log_all / counts[i]),
        )

    def _rollout(self, world: Game, seat: int, players: list[Bot]) -> float:
        counted = played = 0
        while counted < self.depth and played < 10 * self.depth and not world.is_over():
            waiting = world.to_act()
            actor = min(waiting)
            bot = players[actor]
            move = bot.choose(view_for(bot, world, actor), world.list_moves(actor))
            world.apply_listed(actor, move, waiting)
            played += 1
            counted += not isinstance(move, self.uncounted)
        return self.value(world, seat)

    def value(self, world: Game, seat: int) -> float:
        """1 for a win (shared when tied), 0 for a loss; before the end, the lead over the
        best of the others, squeezed between 0 and 1."""
        if world.is_over():
            winners = world.result()["winners"]
            return 1 / len(winners) if seat in winners else 0.0
        mine = self.progress(world, seat)
        best = max(self.progress(world, s) for s in range(world.seats) if s != seat)
        return 0.5 + 0.5 * math.tanh((mine - best) / self.spread)


def _with_head_start(visits: list[int]) -> list[int]:
    """The visits, the heuristic's choice (the first move) counting HEAD_START more."""
    return [visits[0] + HEAD_START, *visits[1:]]


def _means(visits: list[int], totals: list[float]) -> list[float]:
    """Each move's average result, the heuristic's choice counting HEAD_START more visits
    at the average of all: it is taken for as good as the rest until its rollouts say
    otherwise, whether the seat is ahead (every result high) or behind."""
    average = sum(totals) / max(sum(visits), 1)
    counts = _with_head_start(visits)
    return [(totals[0] + HEAD_START * average) / counts[0]] + [
        totals[i] / max(counts[i], 1) for i in range(1, len(visits))
    ]
