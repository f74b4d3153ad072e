"""The casting as a game of simultaneous choices, and the wizard who points by its
equilibrium.

Seen from one seat, a casting is a game in a table: the seat's targets are the rows, the
others' choices are the columns, and each cell is the seat's lead in points once that
casting, and a few after it, have played out — the coach's value (`coach.lead_after`),
averaged over redealings of what the seat cannot see, every cell on the same deals and
the same draws after them. The rows are the seat's ten likeliest targets (eight at three
or four seats; all of them where it has no more), as the heuristic values them. At two
seats the columns are every target of the other seat (up to sixty, late in a match, when
a book may be paid in many ways); at three or four, every combination of the three
targets each other seat likes best: all of them would be thousands of columns.

The lead is the seat's points less the best of the others'. At two seats one seat's lead
is exactly the other's loss, so the casting is a zero-sum game, and its equilibrium is a
linear program, solved by GLPK. At three or four seats we weigh it the same way, the
seat against the others together, as if they pointed to keep its lead down: the seat's
mix is then its safest (maximin) one, whose expected lead is the game's value or more
whatever the others point at. (A casting of four wizards each after their own points is
not zero-sum, and no library here solves such a game exactly; the safe mix is what a
wizard who fears the worst would play, and `gain` measures how far from it a level is.)

The mixed wizard draws its target from its mix. Against it, a person's best fixed choice
gains little (in `make bench`, part `levels`, read on deals it was not chosen on: a third
of a point a casting at two seats, where the heuristic yields more than a point; what it
gains is the noise of the wizard's few deals and the targets it leaves out): that is what
makes it worth rehearsing against, where the heuristic can be read and beaten. It reads
the match only through `determinize`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from illusio_table.engine import Action, Bot, Game
from illusio_table.engine.bots import SeatView
from illusio_table.engine.frozen import Frozen
from illusio_table.engine.rng import Rng

from .actions import Point
from .bots import CunningBot
from .coach import lead_after
from .rules import Incantibus

# The size of a casting's table, at two seats and at three or four. A seat may have sixty
# targets (a book paid in many ways), and sixty by sixty cells on six deals take seconds;
# at four seats every combination of the others' choices is a column. So: the seat's own
# likeliest targets (ten at two seats, eight at three or four) against, at two seats, every
# target of the other seat (measured over ten against ten, 120 moves: the wizard's time
# to point grew 1.2× at the median and 1.6× at the 95th percentile; the widest casting,
# 10 by 62, took 4.3×) and at three or four, three of each other seat's, the likeliest; the
# redealings a cell averages over and the moves each is played on after the casting (two
# castings at four seats). Measured in `make bench` (part `levels`).
TWO = {"rows": 10, "deals": 6, "depth": 12}  # every target of the other seat: no width
MANY = {"rows": 8, "width": 3, "deals": 4, "depth": 8}
TINY = 1e-9  # a probability below this is the solver's rounding


@dataclass(frozen=True)
class Casting(Frozen):
    """One seat's casting as a game: `leads[row][column]` is its lead in points, having
    pointed at `options[row]` while the others pointed as `field[column]` says."""

    seat: int
    options: tuple[Point, ...]
    others: tuple[int, ...]  # the other seats, in order
    field: tuple[tuple[Point, ...], ...]  # a column: each other seat's target, as `others`
    leads: tuple[tuple[float, ...], ...]


@dataclass(frozen=True)
class Mix(Frozen):
    """The equilibrium of a casting: the seat's mix over its options, the others' (their
    joint mix over the columns), and the seat's expected lead when both play them."""

    options: tuple[float, ...]
    field: tuple[float, ...]
    value: float


def casting_game(
    start: Game,
    seat: int,
    deals: int | None = None,
    depth: int | None = None,
    seed: int = 0,
    options: Sequence[Point] | None = None,
    field: Sequence[tuple[Point, ...]] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Casting:
    """The casting at `start` (the seat to point; others may have pointed, unseen) as a
    game over what the seat knows. `options` and `field`: the rows and the columns to
    weigh (a column: each other seat's target, in seat order) instead of the likeliest;
    `stop` ends it early, after a deal. The same `seed` deals the same redealings,
    whatever the rows and columns. `deals` and `depth` by default as `TWO` or `MANY` say
    (no deal: the rows and columns alone, every cell 0)."""
    if not isinstance(start, Incantibus) or seat not in start.to_act():
        raise ValueError("a casting game is for an Incantibus seat that is to point")
    table = _unpointed(start.clone())  # what every seat may point at is public
    others = tuple(s for s in range(start.seats) if s != seat)
    size = TWO if len(others) == 1 else MANY
    deals = size["deals"] if deals is None else deals
    depth = size["depth"] if depth is None else depth
    if options is None:
        options = _likeliest(table, seat, seat, size["rows"])
    if field is None:
        width = size.get("width")  # None at two seats: every target of the other seat
        targets = (_likeliest(table, other, seat, width) for other in others)
        field = list(product(*targets))
    dealt = redealings(start, seat, seed)
    sums = [[0.0] * len(field) for _ in options]
    done = 0
    while done < deals and not (done and stop is not None and stop()):
        world, played = next(dealt)
        for r, option in enumerate(options):
            for c, column in enumerate(field):
                pointed = dict(zip(others, column, strict=True))
                pointed[seat] = option
                sums[r][c] += lead_after(world, pointed, seat, depth, played)
        done += 1
    leads = tuple(tuple(total / max(done, 1) for total in row) for row in sums)
    return Casting(seat, tuple(options), others, tuple(field), leads)


def redealings(start: Game, seat: int, seed: int) -> Iterator[tuple[Incantibus, int]]:
    """The redealings a casting's table with this `seed` is played on, in turn: a match
    the seat cannot tell from `start`, every seat still to point, and the seed of the
    draws after the casting."""
    rng = Rng(seed).fork(seat + 1)
    while True:
        world = _unpointed(start.determinize(seat, rng))
        world.hush()
        yield world, rng.below(1 << 30)


def _unpointed(game: Game) -> Incantibus:
    """The copy with every seat still to point (a redealing lets the seats that have
    pointed point again at random: here their choice is a column of the game instead)."""
    assert isinstance(game, Incantibus)
    game.choices = {}
    return game


def _likeliest(table: Incantibus, seat: int, knower: int, width: int | None) -> tuple[Point, ...]:
    """The seat's `width` likeliest targets (every one: None), as the heuristic in its
    seat would value them on the view of `knower` (the seat whose game this is: another
    seat's view would tell what only that seat knows, a token it saw with Oculus), in the
    order the table lists them."""
    options = [a for a in table.legal_actions(seat) if isinstance(a, Point)]
    if not options:
        raise ValueError("the seat is not pointing")
    if width is None or len(options) <= width:
        return tuple(options)
    values = CunningBot(seat, 0).point_values(SeatView(table, knower), options)
    ranked = sorted(range(len(options)), key=lambda i: -values[i])[:width]
    return tuple(options[i] for i in sorted(ranked))


def equilibrium(leads: Sequence[Sequence[float]]) -> Mix:
    """The seat's and the others' mixes at an equilibrium of the zero-sum game whose row
    player gets `leads`: each side's maximin mix, a linear program apiece (the minimax
    theorem), solved by GLPK."""
    mine = _normal(_maximin(leads))
    theirs = _normal(_maximin([[-row[c] for row in leads] for c in range(len(leads[0]))]))
    value = sum(
        p * q * leads[r][c] for r, p in enumerate(mine) for c, q in enumerate(theirs) if p and q
    )
    return Mix(mine, theirs, float(value))


def _maximin(leads: Sequence[Sequence[float]]) -> list[float]:
    """The row player's safest mix x: the largest v with x·column ≥ v for every column,
    x ≥ 0 summing to 1 — a linear program, solved by GLPK's simplex through its small
    binding (swiglpk), which brings no NumPy nor SciPy (HiGHS's binding needed NumPy, 41 MB
    of the bundle; nashpy's road brought SciPy, 113 MB). Imported here: the first mixed
    wizard, coach's equilibrium or bench part loads it."""
    import swiglpk as glpk  # type: ignore[import-untyped]  # (no type marks of its own)

    rows, columns = len(leads), len(leads[0])
    # Rows 1 to columns of the program: v − Σ x_r·lead ≤ 0, one a column of `leads`; the
    # last row: Σ x_r = 1. Its columns 1 to rows are x, the last is v (GLPK counts from
    # 1). Filled a column at a time, one index array for all: each value crosses into C
    # once (a cell at a time, with its row and column, took 3 times as long as solving).
    index, value = glpk.intArray(columns + 2), glpk.doubleArray(columns + 2)
    for i in range(1, columns + 2):
        index[i] = i
    lp = glpk.glp_create_prob()
    try:
        glpk.glp_set_obj_dir(lp, glpk.GLP_MAX)
        glpk.glp_add_rows(lp, columns + 1)
        for c in range(1, columns + 1):
            glpk.glp_set_row_bnds(lp, c, glpk.GLP_UP, 0.0, 0.0)
        glpk.glp_set_row_bnds(lp, columns + 1, glpk.GLP_FX, 1.0, 1.0)
        glpk.glp_add_cols(lp, rows + 1)
        value[columns + 1] = 1.0
        for r, row in enumerate(leads, 1):
            glpk.glp_set_col_bnds(lp, r, glpk.GLP_LO, 0.0, 0.0)
            for c, lead in enumerate(row, 1):
                value[c] = -float(lead)
            glpk.glp_set_mat_col(lp, r, columns + 1, index, value)
        for c in range(1, columns + 1):
            value[c] = 1.0
        glpk.glp_set_mat_col(lp, rows + 1, columns, index, value)
        glpk.glp_set_col_bnds(lp, rows + 1, glpk.GLP_FR, 0.0, 0.0)
        glpk.glp_set_obj_coef(lp, rows + 1, 1.0)
        settings = glpk.glp_smcp()
        glpk.glp_init_smcp(settings)
        settings.msg_lev = glpk.GLP_MSG_OFF
        failed = glpk.glp_simplex(lp, settings)
        if failed or glpk.glp_get_status(lp) != glpk.GLP_OPT:
            raise RuntimeError(
                f"GLPK found no optimum (code {failed}, status {glpk.glp_get_status(lp)})"
            )
        return [float(glpk.glp_get_col_prim(lp, r)) for r in range(1, rows + 1)]
    finally:
        glpk.glp_delete_prob(lp)


def _normal(mix: Any) -> tuple[float, ...]:
    """A solver's mix as probabilities: its rounding below zero cut, summing to 1."""
    kept = [float(p) if p > TINY else 0.0 for p in mix]
    total = sum(kept)
    return tuple(p / total for p in kept)


def against(leads: Sequence[Sequence[float]], field: Sequence[float]) -> list[float]:
    """Each row's expected lead, the others pointing by `field` (a mix over the columns)."""
    return [sum(q * row[c] for c, q in enumerate(field)) for row in leads]


def gain(leads: Sequence[Sequence[float]], field: Sequence[float], value: float) -> float:
    """The most the seat gains over the game's `value`, a casting, by the best fixed
    choice against the others pointing by `field`: how far the others' play can be
    exploited. 0 at an equilibrium."""
    return max(0.0, max(against(leads, field)) - value)


def held_out_gain(
    chosen_on: Sequence[Sequence[float]],
    measured_on: Sequence[Sequence[float]],
    field: Sequence[float],
    own: Sequence[float],
) -> float:
    """What the seat gains a casting by a best response it could not flatter: the row
    that does best against the others pointing by `field` in one table (`chosen_on`), its
    lead over the seat's own play (`own`, a mix over the rows) read in another table of
    the same rows and columns, dealt on other deals (`measured_on`). The row that does
    best in a table is partly the one its noise favours, so read in that same table it
    looks better than it is (`gain` is its maximum, biased upward); in fresh deals its
    noise is fresh and averages out, so the figure is unbiased for the chosen row's worth,
    and below zero where the choice was worse than the seat's own play."""
    chosen = against(chosen_on, field)
    best = max(range(len(chosen)), key=chosen.__getitem__)
    measured = against(measured_on, field)
    return measured[best] - sum(p * lead for p, lead in zip(own, measured, strict=True))


def held_out(
    start: Game,
    seat: int,
    options: Sequence[Point],
    field: Sequence[tuple[Point, ...]],
    weights: Sequence[float],
    own: Sequence[float],
    deals: int,
    seed: int,
) -> tuple[float, Casting, Casting]:
    """`held_out_gain` at the casting `start`, the others pointing at the columns `field`
    by `weights` and the seat at `options` by `own`: two tables of `deals` redealings each,
    drawn apart (on seeds `2 * seed` and `2 * seed + 1`), each choosing the row the other
    measures; the mean of the two ways round, and the two tables."""
    first, second = (
        casting_game(start, seat, deals, seed=2 * seed + half, options=options, field=field)
        for half in (0, 1)
    )
    both = (
        held_out_gain(first.leads, second.leads, weights, own)
        + held_out_gain(second.leads, first.leads, weights, own)
    ) / 2
    return both, first, second


class MixedWizard(Bot):
    name = "mixed"
    description = "points at random by an equilibrium of the casting: hard to exploit"
    searches = True  # it plays the casting forward from what it knows

    def __init__(self, seat: int, seed: int, budget: float | None = None) -> None:
        super().__init__(seat, seed)
        self.budget = budget  # seconds: it weighs no further deal once they are spent
        self._heuristic = CunningBot(seat, seed)
        self.mix: Mix | None = None  # the last casting's, for tests and the bench
        self.casting: Casting | None = None

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Without the match: the heuristic's choice (as every other decision is)."""
        return self._heuristic.choose(view, legal)

    def choose_in(
        self, game: Game, seat: int, legal: list[Action], stop: Callable[[], bool] | None = None
    ) -> Action:
        if not isinstance(legal[0], Point):
            return self.choose(SeatView(game, seat), legal)
        deadline = None if self.budget is None else time.perf_counter() + self.budget

        def enough() -> bool:
            late = deadline is not None and time.perf_counter() > deadline
            return late or (stop is not None and stop())

        casting = casting_game(game, seat, seed=self.rng.below(1 << 30), stop=enough)
        mix = equilibrium(casting.leads)
        self.casting, self.mix = casting, mix
        return casting.options[self._draw(mix.options)]

    def _draw(self, mix: Sequence[float]) -> int:
        """A row drawn by its probability (from the bot's own generator, so a seeded match
        replays the same)."""
        roll = self.rng.below(1 << 30) / (1 << 30)
        for row, p in enumerate(mix):
            roll -= p
            if roll < 0:
                return row
        return max(range(len(mix)), key=lambda row: mix[row])
