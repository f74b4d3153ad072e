"""The casting as a game, its equilibrium, and the mixed wizard who points by it."""

from __future__ import annotations

import random
import statistics

import nashpy
import numpy
import pytest

from illusio_table.engine.bots import bot_move, make_bot
from illusio_table.engine.rng import Rng
from illusio_table.games.incantibus import equilibrium
from illusio_table.games.incantibus.actions import Point
from illusio_table.games.incantibus.bots import CunningBot
from illusio_table.games.incantibus.equilibrium import (
    MixedWizard,
    casting_game,
    gain,
    held_out,
    held_out_gain,
)

from .helpers import make
from .test_coach import castings

SMALL = {"deals": 2, "depth": 4}  # a casting's table, quickly


def _certified(leads, mix, slack=1e-7):
    """The minimax theorem's certificate that `mix` solves the zero-sum game: the seat's
    mix earns the value or more against every column, and the others' mix gives no row
    more than it. Checked on the table itself, whatever solver found the mixes."""
    matrix = numpy.array(leads)
    against_columns = numpy.array(mix.options) @ matrix
    for_rows = matrix @ numpy.array(mix.field)
    assert against_columns.min() >= mix.value - slack
    assert for_rows.max() <= mix.value + slack
    assert sum(mix.options) == pytest.approx(1) and min(mix.options) >= 0
    assert sum(mix.field) == pytest.approx(1) and min(mix.field) >= 0


def test_matching_wands_is_solved_by_pointing_at_either_half_the_time():
    mix = equilibrium.equilibrium([[1, -1], [-1, 1]])
    assert mix.options == pytest.approx((0.5, 0.5))
    assert mix.field == pytest.approx((0.5, 0.5))
    assert mix.value == pytest.approx(0)


def test_a_target_that_is_never_better_is_never_pointed_at():
    """Rock, paper, scissors with a fourth choice worse than rock everywhere."""
    leads = [[0, -1, 1], [1, 0, -1], [-1, 1, 0], [-0.5, -1.5, 0.5]]
    mix = equilibrium.equilibrium(leads)
    assert mix.options == pytest.approx((1 / 3, 1 / 3, 1 / 3, 0))
    _certified(leads, mix)


@pytest.mark.parametrize("mode", ["apprentice", "expert"])
def test_a_two_seat_castings_equilibrium_agrees_with_an_exact_solver(mode):
    """On real castings: the linear program's mixes carry the minimax certificate, and
    its value is the value of every equilibrium that nashpy's vertex enumeration (exact,
    by another road: the vertices of the best-response polytopes) finds."""
    checked = 0
    for start, _, _ in castings(2, mode, 7, 8):
        game = casting_game(start, 0, **SMALL)
        mix = equilibrium.equilibrium(game.leads)
        _certified(game.leads, mix)
        matrix = numpy.array(game.leads)
        # Its polytopes need payoffs above 0: both shifted alike, the same equilibria.
        shift = 1 + numpy.abs(matrix).max()
        found = nashpy.Game(matrix + shift, shift - matrix).vertex_enumeration()
        values = [float(rows @ matrix @ columns) for rows, columns in found]
        assert values, "vertex enumeration found an equilibrium"
        assert values == pytest.approx([mix.value] * len(values), abs=1e-6)
        checked += 1
    assert checked == 8


def test_at_two_seats_the_casting_is_zero_sum():
    """One seat's lead is the other's loss, cell by cell, where nothing is hidden from
    either (depth 0: the casting alone, on the Roof's face-up tokens)."""
    start, _, _ = next(castings(2, "apprentice", 3, 1))
    mine = casting_game(start, 0, deals=1, depth=0)
    theirs = casting_game(start, 1, deals=1, depth=0)
    for r, option in enumerate(mine.options):
        for c, (other,) in enumerate(mine.field):
            row = theirs.options.index(other)
            column = theirs.field.index((option,))
            assert mine.leads[r][c] == pytest.approx(-theirs.leads[row][column])


def _wide_casting():
    """A two-seat casting late in a match, where seat 1 may point at 37 targets (books
    paid in many ways) and seat 0 at 16."""
    *_, (start, _, _) = castings(2, "expert", 4, 11)
    return start


def test_at_two_seats_the_casting_weighs_every_target_of_the_other_seat():
    """Every target of the other seat is a column, however many; the seat's own rows are
    its ten likeliest (as the heuristic values them) where it has more."""
    start = _wide_casting()
    every = [a for a in start.legal_actions(1) if isinstance(a, Point)]
    assert len(every) == 37
    game = casting_game(start, 0, deals=0)  # (no deal: the rows and the columns alone)
    assert game.field == tuple((point,) for point in every)
    mine = [a for a in start.legal_actions(0) if isinstance(a, Point)]
    assert len(mine) == 16 and len(game.options) == equilibrium.TWO["rows"] == 10
    assert set(game.options) <= set(mine)


def test_the_mixed_wizard_at_two_seats_mixes_against_every_target_of_the_other_seat():
    start = _wide_casting()
    bot = MixedWizard(0, 3, budget=0.0)  # one deal: the table's shape is what is checked
    move = bot_move(start, bot, 0)
    assert bot.casting is not None and bot.mix is not None
    every = [a for a in start.legal_actions(1) if isinstance(a, Point)]
    assert bot.casting.field == tuple((point,) for point in every)
    assert len(bot.mix.field) == len(every)
    _certified(bot.casting.leads, bot.mix)
    assert move in bot.casting.options


def test_four_seats_weigh_each_others_likeliest_targets_in_every_combination():
    for start, _, _ in castings(4, "expert", 4, 3):
        game = casting_game(start, 2, **SMALL)
        assert game.others == (0, 1, 3)
        assert len(game.options) <= equilibrium.MANY["rows"]
        per_seat = [sorted({c[i] for c in game.field}, key=str) for i in range(3)]
        assert all(len(t) <= equilibrium.MANY["width"] for t in per_seat)
        assert len(game.field) == numpy.prod([len(t) for t in per_seat])
        assert all(isinstance(p, Point) for column in game.field for p in column)
        _certified(game.leads, equilibrium.equilibrium(game.leads))


@pytest.mark.parametrize(("seats", "mode"), [(2, "apprentice"), (4, "expert")])
def test_twin_matches_the_seat_cannot_tell_apart_get_the_same_casting_game(seats, mode):
    """What the seat cannot see (bags, face-down tokens, the spell deck, another seat's
    secret choice) changes nothing in its table or its mix."""
    for start, choices, _ in castings(seats, mode, 5, 3):
        pointed = start.clone()
        pointed.apply(1, choices[1])  # the other seat has chosen, unseen by seat 0
        twin = pointed.determinize(0, Rng(99))
        assert twin.view(0) == pointed.view(0)
        one, other = casting_game(pointed, 0, **SMALL), casting_game(twin, 0, **SMALL)
        assert one == other
        assert equilibrium.equilibrium(one.leads) == equilibrium.equilibrium(other.leads)


def test_the_mixed_wizard_points_only_where_its_mix_does_and_by_chance():
    start, _, _ = next(castings(2, "expert", 11, 1))
    drawn = set()
    for seed in range(12):
        bot = MixedWizard(1, seed)
        move = bot_move(start, bot, 1)
        assert bot.mix is not None and bot.casting is not None
        assert bot.mix.options[bot.casting.options.index(move)] > 0
        drawn.add(move)
    assert len(drawn) > 1  # a mix, not one fixed choice


def test_no_fixed_choice_gains_against_the_equilibrium_and_the_heuristic_can_be_read():
    """`gain`: what the best fixed choice earns over the game's value. Nothing against
    the others' equilibrium mix; against the heuristic's one choice, on some castings,
    points."""
    against_heuristic = []
    for start, choices, _ in castings(2, "apprentice", 21, 8):
        game = casting_game(start, 0, **SMALL)
        mix = equilibrium.equilibrium(game.leads)
        assert gain(game.leads, mix.field, mix.value) == pytest.approx(0, abs=1e-7)
        if (choices[1],) in game.field:
            pure = [float(column == (choices[1],)) for column in game.field]
            against_heuristic.append(gain(game.leads, pure, mix.value))
    assert against_heuristic and max(against_heuristic) > 0.5


def test_the_mixed_wizard_plays_a_whole_match_and_its_other_decisions_as_the_heuristic():
    game = make(2, 8, "apprentice")
    bots = [make_bot(game, "mixed", s, 8, budget=None) for s in range(2)]
    moves = 0
    while not game.is_over():
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
        moves += 1
    assert moves > 20 and game.is_over()


def test_a_budget_stops_the_weighing_after_a_deal():
    start, _, _ = next(castings(4, "expert", 4, 1))
    bot = MixedWizard(0, 1, budget=0.0)
    bot_move(start, bot, 0)
    seed = MixedWizard(0, 1).rng.below(1 << 30)  # the seed its table was dealt with
    assert bot.casting == casting_game(start, 0, deals=1, seed=seed)


def _noisy(worth, rng):
    """A table read on one sample of deals: each row's true lead against one column, and
    the noise of the sample (the same spread for every row)."""
    return [[w + rng.gauss(0, 1)] for w in worth]


@pytest.mark.parametrize(
    "worth",
    [[0.0] * 10, [0.0, 0.0, 0.0, 1.0, 0.0, 0.5, 0.0, 0.0]],
    ids=["every row alike", "one row better"],
)
def test_a_best_response_read_on_fresh_deals_is_worth_what_it_gains_on_average(worth):
    """A toy casting whose tables are known: its rows' true leads, against one column,
    read through noise. The best row of a table, read in that same table, looks better
    than it is (where every row is alike, it gains nothing, yet seems to gain about a
    point and a half); chosen on one table and read on another, its gain averages what
    the chosen row is truly worth over the seat's own play (its first row)."""
    rng = random.Random(7)
    own = [1.0] + [0.0] * (len(worth) - 1)
    flattered, fresh, truth = [], [], []
    for _ in range(4000):
        chosen_on, measured_on = _noisy(worth, rng), _noisy(worth, rng)
        best = max(range(len(worth)), key=lambda r: chosen_on[r][0])
        truth.append(worth[best] - worth[0])
        fresh.append(held_out_gain(chosen_on, measured_on, [1.0], own))
        conforming = chosen_on[0][0]
        flattered.append(gain(chosen_on, [1.0], conforming))
    error = statistics.stdev(fresh) / len(fresh) ** 0.5
    assert abs(statistics.mean(fresh) - statistics.mean(truth)) < 3 * error
    assert statistics.mean(flattered) > statistics.mean(truth) + 0.8


def test_the_held_out_gain_chooses_on_one_table_and_reads_the_other():
    """Row 1 is best on the table it is chosen on, row 0 on the other: the gain is row
    1's lead on the other table over the seat's own mix there."""
    chosen_on = [[0.0, 1.0], [3.0, 3.0]]
    measured_on = [[2.0, 2.0], [1.0, 0.0]]
    field, own = [0.5, 0.5], [0.5, 0.5]
    assert held_out_gain(chosen_on, measured_on, field, own) == pytest.approx(0.5 - 1.25)


def test_the_best_response_is_measured_on_deals_it_was_not_chosen_on():
    """`held_out` deals its two tables apart: no redealing (what lies hidden, and the
    draws after the casting) is in both; and its figure is the held-out gain both ways
    round."""
    *_, (start, choices, _) = castings(2, "expert", 5, 4)
    options = casting_game(start, 0, deals=0).options
    own = [float(option == choices[0]) for option in options]
    field, weights = [(choices[1],)], [1.0]
    figure, first, second = held_out(start, 0, options, field, weights, own, 3, seed=40)
    worlds, draws = [], []  # each table's redealings: what lies hidden, the draws after
    for table, seed in ((first, 80), (second, 81)):  # `2 * seed` and `2 * seed + 1`
        assert table == casting_game(start, 0, 3, seed=seed, options=options, field=field)
        dealt = equilibrium.redealings(start, 0, seed)
        deals = [next(dealt) for _ in range(3)]
        worlds.append({repr((w.room, w.secret_bag, w.spell_deck)) for w, _ in deals})
        draws.append({played for _, played in deals})
    assert [len(w) for w in worlds] == [3, 3]  # three deals a table, all different
    assert not worlds[0] & worlds[1] and not draws[0] & draws[1]
    assert first != second
    both = held_out_gain(first.leads, second.leads, weights, own) + held_out_gain(
        second.leads, first.leads, weights, own
    )
    assert figure == pytest.approx(both / 2)


def test_the_bench_measures_each_levels_exploitability_on_deals_it_did_not_choose_on():
    """`make bench` part `levels`, on one casting: a held-out gain a level (which may be
    below zero: a choice worse than the level's own play on fresh deals), the same read on
    the deals it was chosen on, never below zero (the best fixed choice does at least as
    well there as the level's own play), and the mixed wizard's time for each seat's
    move."""
    from benchmarks.bench import _levels

    found = _levels(2, 1, 300, 2)
    for level in ("cunning", "mixed", "expert"):
        assert len(found[level]) == 1 and numpy.isfinite(found[level][0])
        assert len(found[f"{level} own deals"]) == 1 and found[f"{level} own deals"][0] >= 0
    assert len(found["times"]) == 2


def test_what_only_another_seat_saw_changes_nothing_in_the_seats_casting_game(monkeypatch):
    """Lera has looked at a face-down token (Oculus): twins that differ in what lies
    there give Ana the same game, for the others' likeliest targets are weighed on Ana's
    view, not on theirs. (The heuristic values every face-down token alike, so here it
    reads its whole view, as a heuristic that valued a token it saw would.)"""

    def reads_everything(bot, view, points):
        seen = repr(view["room"])
        return [hash((seen, str(p))) % 97 for p in points]

    monkeypatch.setattr(CunningBot, "point_values", reads_everything)
    checked = 0
    for start, _, _ in castings(4, "expert", 6, 16):
        hidden = [i for i, t in enumerate(start.room) if t is not None and not t[1]]
        if not hidden:
            continue
        slot = hidden[0]
        start.known[1][slot] = start.info[start.room[slot][0]].kind
        for deal in range(40):
            twin = start.determinize(0, Rng(deal))
            if twin.known[1][slot] != start.known[1][slot]:
                break
        else:
            continue
        assert twin.view(0) == start.view(0) and twin.view(1) != start.view(1)
        assert casting_game(start, 0, **SMALL) == casting_game(twin, 0, **SMALL)
        checked += 1
    assert checked >= 3


def test_the_equilibrium_is_solved_without_scipy_or_numpy():
    """The program's solver is GLPK through its small binding: solving a casting's game
    loads no SciPy nor NumPy (113 and 41 MB the installed program no longer carries)."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from illusio_table.games.incantibus.equilibrium import equilibrium\n"
        "mix = equilibrium([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('scipy', 'nashpy', 'numpy')))\n"
        "print(round(mix.value, 9), [round(p, 6) for p in mix.options])\n"
    )
    said = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert said[-2:] == ["[]", "0.0 [0.333333, 0.333333, 0.333333]"]
