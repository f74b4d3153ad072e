"""`make bench`: the figures the issues ask for. A benchmark, not a test: it prints.

It lives beside the package, not in it: the installed program carries no benchmark. `make
bench` installs what it compares against (RLCard, the `bench` extra) into the venv
beforehand; nothing here installs anything at run time."""

from __future__ import annotations

import math
import os
import pickle
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from illusio_table.engine.collector import collect_rarely
from illusio_table.engine.match import replay_with
from illusio_table.engine.selfplay import play_one, selfplay
from illusio_table.games import builtin_registry, new_game

RUNS = 5  # rounds of the speed part (this machine drifts: more rounds, a steadier median)


# RLCard's UNO with random agents, timed in a process of its own: steps per second over
# 4 seats. RLCard comes with the `bench` extra, which `make bench` installs.
UNO = """
import sys, time, rlcard
from rlcard.agents import RandomAgent
env = rlcard.make("uno", config={"game_num_players": 4, "seed": int(sys.argv[1])})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
steps, step = 0, env.step
def counted(*args, **kwargs):
    global steps
    steps += 1
    return step(*args, **kwargs)
env.step = counted
started = time.perf_counter()
for _ in range(int(sys.argv[2])):
    env.run(is_training=False)
print(steps / (time.perf_counter() - started))
"""


def rlcard_env() -> str | None:
    """This Python if it holds RLCard; None (and why) if it does not."""
    import importlib.util

    if importlib.util.find_spec("rlcard") is None:
        print("RLCard is not installed (`make bench` installs it, the `bench` extra): no ratios")
        return None
    return sys.executable


def uno_round(python: str, run: int, games: int = 300) -> float:
    """RLCard UNO's steps per second in one round, 4 seats, random agents."""
    import subprocess

    done = subprocess.run(
        [python, "-c", UNO, str(run), str(games)], check=True, capture_output=True, text=True
    )
    return float(done.stdout)


ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "build" / "core"  # the compiled engine core (installer/core.py, `make core`)


class Engine:
    """A Python of its own running one engine, the source's (interpreted) or the compiled
    core's, and doing the bench's jobs (`JOBS`), sent and answered pickled over its stdin
    and stdout. Both engines run the same way, so neither has the bench's own process."""

    def __init__(self, tree: Path) -> None:
        import subprocess

        # This file run as a script, with `tree`'s package first on the path.
        self.process = subprocess.Popen(
            [sys.executable, __file__, "serve"],
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.tree = tree
        self.compiled: bool = self.ask("compiled")
        self.name = "compiled" if self.compiled else "interpreted"

    def ask(self, job: str, *args: Any) -> Any:
        assert self.process.stdin and self.process.stdout
        pickle.dump((job, args), self.process.stdin)
        self.process.stdin.flush()
        answer, error = pickle.load(self.process.stdout)
        if error:
            raise RuntimeError(f"the {job!r} job failed in its engine: {error}")
        return answer

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def engines() -> list[Engine]:
    """The interpreted engine and, where `make core` built it, the compiled one."""
    found = [Engine(ROOT)]
    if (CORE / ".built").is_file():
        compiled = Engine(CORE)
        if compiled.compiled:
            found.append(compiled)
        else:
            print(f"{CORE} holds no compiled engine: the interpreted one alone is measured")
            compiled.close()
    else:
        print("no compiled engine core (`make core`; a C compiler): the interpreted one alone")
    return found


def serve() -> int:
    """The loop of an `Engine`'s process: a job in, its answer out, until stdin closes."""
    channel, sys.stdout = sys.stdout.buffer, sys.stderr  # prints go to the bench's stderr
    collect_rarely()
    while True:
        try:
            job, args = pickle.load(sys.stdin.buffer)
        except EOFError:
            return 0
        try:
            answer, error = JOBS[job](*args), ""
        except Exception as failure:  # reported to the bench, which stops on it
            answer, error = None, f"{type(failure).__name__}: {failure}"
        pickle.dump((answer, error), channel)
        channel.flush()


def _rate(game_id: str, options: dict, games: int, seed: int) -> float:
    """Random self-play, 4 seats: actions per second."""
    return selfplay(builtin_registry().get(game_id), 4, games, seed, options=options)[
        "actions_per_s"
    ]


def _compiled() -> bool:
    from illusio_table.games import compiled

    return compiled()


def _expert_move(known: bytes, seat: int, seed: int, budget: float) -> Any:
    """The expert's move for `seat`, thought in this engine over what the seat knows, as
    the window's thinking process thinks it; and the rollouts it played."""
    from illusio_table.engine.thinking import thought

    move, bot = thought(known, "expert", seat, seed, budget)
    return move, bot.thoughts


def _coach_times(seats: int, castings: int, seed: int) -> list[float]:
    """Seconds each casting coach's review took, over the first castings of heuristic
    games, as the thinking process works them out (`coach.review` over the match
    at the casting's start as the seat knew it)."""
    from illusio_table.engine.bots import bot_move, make_bot
    from illusio_table.engine.match import Match
    from illusio_table.engine.thinking import on_known
    from illusio_table.games.incantibus import coach

    times: list[float] = []
    players = [{"name": f"S{s}", "bot": "cunning"} for s in range(seats)]
    for game_seed in range(seed, seed + 1000):
        match = Match.start(
            "incantibus", players, game_seed, {"mode": "expert"}, registry=builtin_registry()
        )
        game = match.game
        bots = [make_bot(game, "cunning", s, game_seed) for s in range(seats)]
        while not game.is_over() and len(times) < castings:
            if game.to_act() != frozenset(range(seats)):
                s = min(game.to_act())
                game.apply(s, bot_move(game, bots[s], s))
                continue
            start = match.moves_made
            choices = {}
            for s in range(seats):
                choices[s] = bot_move(game, bots[s], s)
                game.apply(s, choices[s])
            known = match.known_at(start, 0)
            began = time.perf_counter()
            on_known(coach.review, known, choices, 0)
            times.append(time.perf_counter() - began)
        if len(times) >= castings:
            return times
    return times


def _coach_agreement(seeds: int) -> list[list[tuple[Any, ...]]]:
    """The casting coach's reviews of the same castings with `seeds` seeds each: 20
    castings of heuristic expert-mode games (every third of the first 15 of two games at
    2 seats and two at 4), seat 0's choice. For each casting and seed: the targets that
    may have been best (the best and those too close to call with it), the verdict, the
    cost and its ±, and the seconds the review took."""
    from illusio_table.engine.bots import bot_move, make_bot
    from illusio_table.games.incantibus import coach

    found = []
    for seats, game_seed in ((2, 1), (2, 2), (4, 1), (4, 2)):
        game = builtin_registry().new_game("incantibus", seats, game_seed, {"mode": "expert"})
        bots = [make_bot(game, "cunning", s, game_seed) for s in range(seats)]
        castings = 0
        while not game.is_over() and castings < 15:
            if game.to_act() != frozenset(range(seats)) or game.phase != "casting":
                s = min(game.to_act())
                game.apply(s, bot_move(game, bots[s], s))
                continue
            start, choices = game.clone(), {}
            for s in range(seats):
                choices[s] = bot_move(game, bots[s], s)
                game.apply(s, choices[s])
            castings += 1
            if castings % 3 != 1:
                continue
            reviews = []
            for seed in range(seeds):
                began = time.perf_counter()
                review = coach.review(start, choices, 0, seed=seed)
                took = time.perf_counter() - began
                mine = review.target(review.chosen)
                best = tuple(sorted(t.words for t in review.contenders))
                reviews.append(
                    (best, review.verdict, review.cost, mine.margin, took, review.drill_cost)
                )
            found.append(reviews)
    return found


def _follower_points(follow: bool, level: str, castings: int, seed: int) -> tuple[float, int]:
    """Seat 0's points a casting over whole four-seat expert-mode games against three
    wizards of a rehearsal level (`level`: a bot's name; the expert at 0.25 s a move), its
    castings chosen by the coach's advice before the reveal (`follow`) or by the
    heuristic; and the castings it chose. The same games' seeds either way."""
    from illusio_table.engine.bots import bot_move, make_bot
    from illusio_table.games.incantibus import coach

    points = chosen = 0
    game_seed = seed
    while chosen < castings:
        game = builtin_registry().new_game("incantibus", 4, game_seed, {"mode": "expert"})
        bots = [make_bot(game, "cunning", 0, game_seed)] + [
            make_bot(game, level, s, game_seed, budget=0.25) for s in range(1, 4)
        ]
        while not game.is_over():
            seat = min(game.to_act())
            if seat == 0 and follow and game.to_act() == frozenset(range(4)):
                move = coach.advice(game, 0, seed=len(game.record.moves)).point
            else:
                move = bot_move(game, bots[seat], seat)
            chosen += seat == 0 and move.kind == "point"
            game.apply(seat, move)
        points += sum(game.points(0).values())
        game_seed += 1
    return points / chosen, chosen


def _levels(seats: int, castings: int, seed: int, deals: int) -> dict[str, list[float]]:
    """The rehearsal's opponent levels, over castings of heuristic expert-mode games (every
    third casting): how much seat 0 gains a casting, in points of lead, by a best fixed
    choice against the others of a level, over what it gets playing as they do (at an
    equilibrium: nothing; the one-seat part of what game theory calls NashConv); and the
    seconds each mixed wizard's move took. A level's play: the heuristic's choice (its
    ties broken by four seeds), the mixed wizard's mix, the expert's choice after 0.25 s.
    The best choice is found on one table of `deals` redealings and its gain read on
    another, dealt apart, both ways round (`equilibrium.held_out`): read on the deals it
    was chosen on, it is flattered by their noise (kept, as `<level> own deals`, to show
    how much). The tables average over more deals than a mixed wizard weighs: what is
    measured is the level's play, not the measure's noise."""
    from collections import Counter
    from itertools import product

    from illusio_table.engine.bots import SeatView, bot_move, make_bot
    from illusio_table.games.incantibus.bots import CunningBot, ExpertWizard
    from illusio_table.games.incantibus.equilibrium import (
        MixedWizard,
        against,
        casting_game,
        gain,
        held_out,
    )

    found: dict[str, list[float]] = {"times": []}

    def heuristic(game: Any, seat: int) -> dict[Any, float]:
        legal = game.legal_actions(seat)
        picks = Counter(CunningBot(seat, n).choose(SeatView(game, seat), legal) for n in range(4))
        return {point: count / 4 for point, count in picks.items()}

    def mixed(game: Any, seat: int) -> dict[Any, float]:
        bot = MixedWizard(seat, seat)
        began = time.perf_counter()
        bot_move(game, bot, seat)
        found["times"].append(time.perf_counter() - began)
        assert bot.mix is not None and bot.casting is not None
        chances = zip(bot.casting.options, bot.mix.options, strict=True)
        return {point: p for point, p in chances if p > 0}

    def expert(game: Any, seat: int) -> dict[Any, float]:
        return {bot_move(game, ExpertWizard(seat, seat, budget=0.25), seat): 1.0}

    levels_played = {"cunning": heuristic, "mixed": mixed, "expert": expert}
    for level in levels_played:
        found[level], found[f"{level} own deals"] = [], []
    sampled = 0
    for game_seed in range(seed, seed + 1000):
        game = builtin_registry().new_game("incantibus", seats, game_seed, {"mode": "expert"})
        bots = [make_bot(game, "cunning", s, game_seed) for s in range(seats)]
        casting = 0
        while not game.is_over() and sampled < castings:
            if game.to_act() == frozenset(range(seats)):
                casting += 1
                if casting % 3 == 1:
                    sampled += 1
                    dealt = game_seed * 1000 + casting  # every table of it on the same deals
                    likeliest = casting_game(game, 0, deals=0).options  # (no deal: its rows)
                    for level, play in levels_played.items():
                        mine, *each = [play(game, s) for s in range(seats)]
                        rows = list(dict.fromkeys([*likeliest, *mine]))
                        own = [mine.get(row, 0.0) for row in rows]
                        columns = list(product(*(list(d) for d in each)))
                        weights = [
                            math.prod(d[p] for d, p in zip(each, column, strict=True))
                            for column in columns
                        ]
                        fresh, table, _ = held_out(
                            game, 0, rows, columns, weights, own, deals, dealt
                        )
                        found[level].append(fresh)
                        expected = against(table.leads, weights)
                        conforming = sum(p * lead for p, lead in zip(own, expected, strict=True))
                        found[f"{level} own deals"].append(gain(table.leads, weights, conforming))
            s = min(game.to_act())
            game.apply(s, bot_move(game, bots[s], s))
        if sampled >= castings:
            break
    return found


def levels_gains(engine: Engine, castings: dict[int, int] | None = None, deals: int = 24) -> None:
    """Each rehearsal level's exploitability: what a best-responding seat gains against
    it a casting, on deals it did not choose from, with its 95 % interval over the
    castings; and the mixed wizard's time to point."""
    castings = castings or {2: 100, 4: 40}
    began = time.perf_counter()
    print(
        "rehearsal opponents: what a seat gains a casting by a best fixed choice against "
        f"each level, over playing as the level does, in points of lead ({engine.name}; "
        "castings of heuristic expert-mode games; the choice made on one table of "
        f"{deals} redealings, its gain read on another of {deals}, dealt apart, both ways "
        "round; mean ± 1.96 standard errors over the castings, a 95 % interval; in "
        "brackets, the same read on the deals it was chosen on, flattered by their noise)"
    )
    for seats, count in castings.items():
        found = engine.ask("levels", seats, count, 300, deals)
        cells = []
        for level, name in (("cunning", "heuristic"), ("mixed", "mixed"), ("expert", "expert")):
            gains, flattered = found[level], found[f"{level} own deals"]
            error = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
            cells.append(
                f"{name} {statistics.mean(gains):+.2f} ± {1.96 * error:.2f} "
                f"({statistics.mean(flattered):+.2f})"
            )
        times = sorted(found["times"])
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(
            f"  {seats} seats, {count} castings: " + "; ".join(cells) + f"; the mixed wizard "
            f"points in {statistics.median(times) * 1000:.0f} ms (median; 95th percentile "
            f"{p95 * 1000:.0f} ms, {len(times)} moves)"
        )
    print(f"  (the part took {time.perf_counter() - began:.0f} s)")


SPEED_GAMES = {
    "illusio": ("illusio", {}),
    "illuminati": ("illuminati", {}),
    "incantibus apprentice": ("incantibus", {"mode": "apprentice"}),
    "incantibus expert": ("incantibus", {"mode": "expert"}),
}


def speed_against_uno(python: str | None, running: list[Engine]) -> None:
    """Every engine and mode, interpreted and compiled, beside RLCard's UNO in the same
    run: actions (steps) per second, random self-play, 4 seats, median of RUNS rounds of
    200 games. UNO, the interpreted and the compiled engine take turns round by round,
    each round in a fresh process of its own as UNO's is, and each game is compared
    with the UNO rounds played beside its own: this machine's speed drifts by a third
    within minutes: each round's rate is divided by the UNO round's just before it, and
    the ratio given is the median of those (with their range). Goal (issue 59): the
    compiled engine at 6× UNO (aim 8×), the interpreted one at 2×."""
    print(
        f"engines, random self-play, 4 seats, actions/s (median of {RUNS} rounds of 200 "
        "games; RLCard UNO, 4 seats, random agents, steps/s in rounds taken in turn with "
        "ours; × UNO: the median of the rounds' ratios to the UNO round beside each, and "
        "their range)"
    )
    for label, (game_id, options) in SPEED_GAMES.items():
        rounds: dict[str, list[float]] = {engine.name: [] for engine in running}
        unos: list[float] = []
        for run in range(RUNS):
            if python:
                unos.append(uno_round(python, run))
            for engine in running:
                # A fresh process a round, as UNO's: a long-lived one would time our
                # rounds warm against UNO's cold (its caches, its pages, its heap).
                fresh = Engine(engine.tree)
                try:
                    rounds[engine.name].append(fresh.ask("rate", game_id, options, 200, run * 1000))
                finally:
                    fresh.close()
        rates = {name: statistics.median(values) for name, values in rounds.items()}
        uno = statistics.median(unos) if unos else None
        cells = [f"UNO {uno:,.0f}"] if uno else []
        for name, rate in rates.items():
            ratio = ""
            if unos:
                paired = sorted(r / u for r, u in zip(rounds[name], unos, strict=True))
                ratio = (
                    f" = {statistics.median(paired):.2f}× UNO ({paired[0]:.2f}–{paired[-1]:.2f})"
                )
            cells.append(f"{name} {rate:,.0f}{ratio}")
        if len(rates) == 2:
            cells.append(f"compiled/interpreted {rates['compiled'] / rates['interpreted']:.2f}×")
        print(f"  {label}: " + "; ".join(cells))
    print("  goal: compiled at 6× UNO or more (aim 8×), interpreted at 2× or more")


def win_rate(game_id: str, bot: str, games: int, options: dict) -> None:
    wins = 0
    started = time.perf_counter()
    for number in range(games):
        seat = number % 4
        bots = ["random"] * 4
        bots[seat] = bot
        game = new_game(game_id, 4, 50_000 + number, options)
        play_one(game, bots)
        wins += game.result()["winners"][0] == seat
    seconds = time.perf_counter() - started
    print(
        f"{game_id} {options or ''} bot {bot!r} against 3 random bots: "
        f"won {wins}/{games} = {wins / games:.0%} ({seconds:.1f} s)"
    )


CAP = 2000  # actions: an Illuminati game of four bots may go on far longer than people's


def _expert_game(job: tuple[str, str, dict, int, float]) -> tuple[float, int, int]:
    """One 4-seat game, the expert at seat `number % 4` and the heuristic bot elsewhere:
    (its share of the win, its searched moves, the rollouts it played)."""
    from illusio_table.engine.bots import bot_move, make_bot

    game_id, heuristic, options, number, budget = job
    game = new_game(game_id, 4, 90_000 + number, options)
    seat = number % 4
    bots = [
        make_bot(game, "expert" if s == seat else heuristic, s, game.seed, budget) for s in range(4)
    ]
    searched = thoughts = 0
    while not game.is_over() and len(game.record.moves) < CAP:
        actor = min(game.to_act())
        game.apply(actor, bot_move(game, bots[actor], actor))
        if actor == seat and bots[seat].thoughts:
            searched, thoughts = searched + 1, thoughts + bots[seat].thoughts
            bots[seat].thoughts = 0
    if not game.is_over():
        return 0.0, searched, thoughts  # a game still going at the cap: not a win
    winners = game.result()["winners"]
    return (1 / len(winners) if seat in winners else 0.0), searched, thoughts


def _on_every_core(tree: Path, jobs: list[tuple[Any, ...]]) -> Any:
    """The jobs, done by as many engines of `tree` as the machine has cores, their answers
    in order (each a job of `JOBS` with its arguments)."""
    import queue
    from concurrent.futures import ThreadPoolExecutor

    workers = [Engine(tree) for _ in range(os.cpu_count() or 1)]
    free: queue.Queue[Engine] = queue.Queue()
    for worker in workers:
        free.put(worker)

    def run(job: tuple[Any, ...]) -> Any:
        worker = free.get()
        try:
            return worker.ask(*job)
        finally:
            free.put(worker)

    try:
        with ThreadPoolExecutor(len(workers)) as pool:
            yield from pool.map(run, jobs)
    finally:
        for worker in workers:
            worker.close()


def expert_strength(
    game_id: str, heuristic: str, options: dict, games: int, budget: float, engine: Engine
) -> tuple[float, float]:
    """One expert against three of the game's heuristic bots, its seat going round; the
    games run in parallel, one per core (each move's budget is time on a core of its own).
    Goal (issue 59): at least 65 % of the wins. Returns the share won and the rollouts a move."""
    started = time.perf_counter()
    jobs = [("expert_game", (game_id, heuristic, options, n, budget)) for n in range(games)]
    results = []
    for result in _on_every_core(engine.tree, jobs):
        results.append(result)
        if len(results) % 10 == 0 and len(results) < games:  # a long run shows its way
            won = sum(r[0] for r in results)
            print(f"  {game_id} ({engine.name}): {won:g}/{len(results)} so far", flush=True)
    won = sum(r[0] for r in results)
    searched = sum(r[1] for r in results)
    rollouts = sum(r[2] for r in results) / max(searched, 1)
    print(
        f"{game_id} {options or ''} 'expert', {engine.name} ({budget} s a move) against 3 "
        f"{heuristic!r}: won {won:g}/{games} = {won / games:.0%} (goal 65 %); "
        f"{rollouts:.0f} rollouts a move ({time.perf_counter() - started:.0f} s)"
    )
    return won / games, rollouts


def head_to_head(game_id: str, options: dict, games: int, budget: float) -> None:
    """The compiled expert against the interpreted one at the same budget: 4 seats, two
    of each, seats swapped game by game, two games at a time (one per core; in a game one
    seat thinks at a time). Each move is thought in its own engine's process."""
    from concurrent.futures import ThreadPoolExecutor

    from illusio_table.engine.thinking import what_the_seat_knows

    def play(numbers: range) -> list[tuple[float, float]]:
        pair = {False: Engine(ROOT), True: Engine(CORE)}
        shares = []
        try:
            for number in numbers:
                game = new_game(game_id, 4, 95_000 + number, options)
                compiled_seats = {0, 2} if number % 2 == 0 else {1, 3}
                while not game.is_over() and len(game.record.moves) < CAP:
                    actor = min(game.to_act())
                    thinker = pair[actor in compiled_seats]
                    known = what_the_seat_knows(game, actor)
                    move, _ = thinker.ask("expert_move", known, actor, number * 10 + actor, budget)
                    game.apply(actor, move)
                winners = game.result()["winners"] if game.is_over() else []
                ours = sum(1 / len(winners) for s in winners if s in compiled_seats)
                theirs = sum(1 / len(winners) for s in winners if s not in compiled_seats)
                shares.append((ours, theirs))
        finally:
            for engine in pair.values():
                engine.close()
        return shares

    started = time.perf_counter()
    with ThreadPoolExecutor(2) as pool:
        halves = pool.map(play, (range(0, games, 2), range(1, games, 2)))
        shares = [share for half in halves for share in half]
    compiled_won = sum(ours for ours, _ in shares)
    interpreted_won = sum(theirs for _, theirs in shares)
    print(
        f"{game_id} {options or ''} head to head, 2 compiled experts against 2 interpreted "
        f"({budget} s a move), {games} games: compiled won {compiled_won:g}, interpreted "
        f"{interpreted_won:g} ({time.perf_counter() - started:.0f} s)"
    )


def magician_balance(games: int, seats: int) -> dict[str, float]:
    """Wins per Magician in showman self-play over a fair share (1/seats of the games)."""
    played: dict[str, int] = {}
    won: dict[str, float] = {}
    for number in range(games):
        game = new_game("illusio", seats, 70_000 + number)
        play_one(game, ["showman"] * seats)
        winners = game.result()["winners"]
        for seat, magician in enumerate(game.magicians):
            played[magician.name] = played.get(magician.name, 0) + 1
            if seat in winners:
                won[magician.name] = won.get(magician.name, 0) + 1 / len(winners)
    return {m: won.get(m, 0) / played[m] * seats for m in played}


def balance_table(games: int) -> None:
    """The magicians' balance at every seat count (goal: each within 0.67 to 1.5)."""
    started = time.perf_counter()
    table = {seats: magician_balance(games, seats) for seats in range(2, 7)}
    names = sorted(table[4])
    print(
        f"illusio magicians, wins over a fair share, {games} showman games per seat count "
        f"({time.perf_counter() - started:.0f} s; goal: each within 0.67 to 1.5)"
    )
    print("  " + " " * 18 + "".join(f"{s} seats".rjust(9) for s in table))
    for name in names:
        print("  " + f"{name:18}" + "".join(f"{table[s].get(name, 0):9.2f}" for s in table))
    spread = [v for ratios in table.values() for v in ratios.values()]
    print(f"  lowest {min(spread):.2f}, highest {max(spread):.2f}")


def breakdown_cost(runs: int = 2000) -> None:
    """What one attack's target-number breakdown costs (the table redraws it often)."""
    from illusio_table.games.illuminati.attack import Attack, breakdown
    from illusio_table.games.illuminati.cards import load

    cards = load()
    attack = Attack(
        "control",
        "the-mafia",
        "gun-lobby",
        ("c-i-a", "f-b-i"),
        frozenset({"the-mafia", "c-i-a", "f-b-i", "cycle-gangs", "bavarian-illuminati"}),
        2,
        False,
        frozenset({"gun-lobby", "survivalists", "servants-of-cthulhu"}),
    )
    started = time.perf_counter()
    for _ in range(runs):
        breakdown(cards, attack)
    per = (time.perf_counter() - started) / runs * 1e6
    print(f"illuminati: one attack's breakdown takes {per:.0f} µs")


PARTS = ("speed", "coach", "levels", "engines", "tables", "devices", "experts")  # run in this order
IN_ENGINES = ("speed", "experts", "coach", "levels")  # the parts run in `Engine` processes

EXPERTS = (  # each game's searching bot against three of its heuristic bots
    ("incantibus", "cunning", {"mode": "apprentice"}),
    ("incantibus", "cunning", {"mode": "expert"}),
    ("illusio", "showman", {}),
    ("illuminati", "schemer", {}),
)


def main(argv: list[str] | None = None) -> int:
    """`make bench` runs every part; `python -m benchmarks.bench PART...` some of them:
    `speed` (both engines beside RLCard's UNO), `experts` (the searching bots' strength
    and rollouts with each engine, 100 games per game and mode, and the compiled expert
    against the interpreted one: the longest part; `--games N` plays fewer, `--duels N`
    sets the head-to-head games, 4 by default: every seat of those thinks every move, and
    4 Illuminati games took 10 minutes of this 2-core machine), `engines` (copies, bots,
    balance), `tables` (drawing, the bots' thinking), `devices` (seats on phones, on
    loopback), `coach` (the casting coach's review time with each engine), `levels` (the
    rehearsal opponents' exploitability).
    Each part rewrites its own section of docs/PERFORMANCE.md (`benchmarks/performance.py`)
    with what it printed, and leaves the others as they were.
    The engines run in processes of their own (`Engine`): the source's, and the compiled
    core's where `make core` built it (`make bench` does)."""
    argv = list(argv or [])
    counts = {"--games": 100, "--duels": 4}
    flags: list[str] = []  # as given, for the page's record of the command
    for flag in counts:
        if flag in argv:
            at = argv.index(flag)
            counts[flag] = int(argv[at + 1])
            flags += argv[at : at + 2]
            del argv[at : at + 2]
    games, duels = counts["--games"], counts["--duels"]
    if argv == ["serve"]:
        return serve()
    from benchmarks import performance  # not in `serve`, which runs this file as a script

    parts = argv or list(PARTS)
    unknown = [part for part in parts if part not in PARTS]
    if unknown:
        print(f"no such part: {', '.join(unknown)} (the parts: {', '.join(PARTS)})")
        return 2
    print(load("at the start"))
    collect_rarely()  # as the command line and the thinking process do
    registry = builtin_registry()
    running = engines() if set(IN_ENGINES) & set(parts) else []

    def speed() -> None:
        speed_against_uno(rlcard_env(), running)

    def coach() -> None:
        coach_agreement(running[-1])  # the compiled engine where there is one
        coach_speed(running)
        coach_follower(running[-1])  # the compiled engine where there is one

    def levels() -> None:
        levels_gains(running[-1])  # the compiled engine where there is one

    def engines_part() -> None:
        clone_cost()
        win_rate("illuminati", "schemer", 200, {})
        breakdown_cost()
        win_rate("illusio", "showman", 500, {})
        balance_table(1000)
        for mode in ("apprentice", "expert"):
            win_rate("incantibus", "cunning", 500, {"mode": mode})

    def tables() -> None:
        table_redraw("illuminati", 8, "schemer", late=200)
        table_redraw("illusio", 6, "showman", late=150)
        drag_repaint()
        expert_pause()
        thinking_stop()

    def devices() -> None:
        device_frames()
        device_round_trip()
        for run in range(1, 4):  # the pause varies from run to run: three of them
            device_round_trip(delayed=True, run=run)

    def experts() -> None:
        for game_id, heuristic, options in EXPERTS:
            if game_id not in registry.ids():
                continue
            found = [
                expert_strength(game_id, heuristic, options, games, 0.25, engine)
                for engine in running
            ]
            if len(found) == 2:
                (won_i, rollouts_i), (won_c, rollouts_c) = found
                print(
                    f"  compiled against interpreted: {rollouts_c / max(rollouts_i, 1):.2f}× "
                    f"the rollouts a move; won {won_c:.0%} against {won_i:.0%}"
                )
        if len(running) == 2:
            for game_id, _, options in EXPERTS:
                head_to_head(game_id, options, duels, 0.25)

    run = {
        "speed": speed,
        "coach": coach,
        "levels": levels,
        "engines": engines_part,
        "tables": tables,
        "devices": devices,
        "experts": experts,
    }
    # Each part's printed lines become its own section of docs/PERFORMANCE.md.
    for part in [part for part in PARTS if part in parts]:
        before = load("at its start")
        with performance.captured() as lines:
            run[part]()
        after = load("at its end")
        in_engines = [engine.name for engine in running] if part in IN_ENGINES else []
        performance.write(
            part,
            lines,
            command=" ".join(["python -m benchmarks.bench", part, *flags]),
            load=f"{before}; {after}",
            engines=", ".join(in_engines) or "interpreted (the bench's own process)",
        )
    for engine in running:
        engine.close()
    print(load("at the end"))
    return 0


def load(when: str) -> str:
    """How busy the machine was (the load averages, against its cores): every figure
    above follows it, the experts' strength too (they think for a time, not a count)."""
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return f"machine load {when}: unknown here"
    return f"machine load {when}: {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


JOBS = {
    "compiled": _compiled,
    "rate": _rate,
    "expert_game": _expert_game,
    "expert_move": _expert_move,
    "coach_times": _coach_times,
    "follower_points": _follower_points,
    "coach_agreement": _coach_agreement,
    "levels": _levels,
}


def coach_follower(engine: Engine, castings: int = 200) -> None:
    """A seat that always plays the coach's best before the reveal, against three wizards
    of each rehearsal level, beside one that plays the heuristic itself: its points a
    casting."""
    print(
        f"casting coach followed ({engine.name}, 4 seats, expert mode, {castings} castings or "
        "a few more, whole games; the same games' seeds for both seats):"
    )
    for level, name in (("cunning", "heuristic"), ("mixed", "mixed"), ("expert", "expert")):
        coached, played = engine.ask("follower_points", True, level, castings, 500)
        plain, other = engine.ask("follower_points", False, level, castings, 500)
        print(
            f"  against 3 {name} wizards: {coached:.2f} points a casting over {played} "
            f"castings, against {plain:.2f} for the heuristic over {other}"
        )


def coach_agreement(engine: Engine, seeds: int = 6) -> None:
    """Whether the casting coach says the same thing twice: the same castings reviewed
    with different seeds (issue 56: at least 95 % agree on the best target and on the
    verdict, 9 in 10 drills found again, at most a third too close to call)."""
    from illusio_table.table.kept import Drills

    rows = engine.ask("coach_agreement", seeds)
    count, reviews = len(rows), [r for row in rows for r in row]
    print(
        f"casting coach: {count} castings each reviewed with {seeds} seeds ({engine.name}, "
        "heuristic expert-mode games at 2 and 4 seats, seat 0's choice)"
    )
    best = sum(bool(set.intersection(*(set(r[0]) for r in row))) for row in rows)
    same_best = sum(len({r[0] for r in row}) == 1 and len(row[0][0]) == 1 for row in rows)
    print(
        f"  best target agrees in {best} of {count} castings ({best / count:.0%}): the "
        "seeds' sets of targets that may have been best (the best, and any too close to "
        "call with it) share a target, so every seed sure of its best names the same one "
        "and every seed that says too close holds it among its own; all the seeds sure of "
        f"one and the same best: {same_best} of {count}"
    )

    def agreeing(row: list[tuple[Any, ...]]) -> bool:
        kinds = {r[1] for r in row}
        costs = [(r[2], r[3]) for r in row if r[1] == "mistake"]
        apart = any(abs(a - b) > m + n for a, m in costs for b, n in costs)
        return not ({"best", "even"} & kinds and "mistake" in kinds) and not apart

    verdict = sum(agreeing(row) for row in rows)
    same_kind = sum(len({r[1] for r in row}) == 1 for row in rows)
    print(
        f"  verdict agrees in {verdict} of {count} castings ({verdict / count:.0%}): no "
        "seed calls the choice the best (or worth the same as the best, within 0.75 "
        "points) while another calls it a mistake, and the seeds "
        "that call it a mistake give costs within their ± of each other; the same kind of "
        f"verdict from every seed: {same_kind} of {count}"
    )
    kept = again = also_kept = 0
    for row in rows:
        for i, review in enumerate(row):
            if review[5] >= Drills.COST:  # a drill kept (`Review.drill_cost`)
                for j, other in enumerate(row):
                    if j != i:
                        kept += 1
                        again += other[1] == "mistake"
                        also_kept += other[5] >= Drills.COST
    if kept:
        print(
            f"  a drill kept (a mistake of {Drills.COST:.0f} point or more, sure beyond "
            f"the noise) is found again as a mistake by each other seed in {again} of "
            f"{kept} ({again / kept:.0%}), and kept again in {also_kept} "
            f"({also_kept / kept:.0%})"
        )
    close = sum(r[1] == "close" for r in reviews)
    mostly = sum(2 * sum(r[1] == "close" for r in row) >= len(row) for row in rows)
    even = sum(r[1] == "even" for r in reviews)
    print(
        f"  too close to call: {close} of {len(reviews)} reviews ({close / len(reviews):.0%}); "
        f"{mostly} of {count} castings by half the seeds or more (goal: a third at most); "
        f"worth the same as the best, within 0.75 points: {even} reviews"
    )
    times = sorted(r[4] for r in reviews)
    print(
        f"  a review's time: median {statistics.median(times) * 1000:.0f} ms, 95th "
        f"percentile {times[int(len(times) * 0.95)] * 1000:.0f} ms ({len(times)} reviews)"
    )


def coach_speed(running: list[Engine], castings: int = 40) -> None:
    """The casting coach's review, ready how long after the reveal (issue 59's goal, on
    the compiled core at the deal counts that hold between seeds: median 100 ms or less,
    95th percentile 300 ms or less)."""
    print(f"casting coach: a review's time, {castings} castings of heuristic expert-mode games")
    for engine in running:
        for seats in (2, 4):
            times = sorted(engine.ask("coach_times", seats, castings, 1))
            median = times[len(times) // 2]
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
            print(
                f"  {engine.name}, {seats} seats: median {median * 1000:.0f} ms, "
                f"95th percentile {p95 * 1000:.0f} ms"
                + (" (goal: 100 ms and 300 ms)" if engine.name == "compiled" else "")
            )


class Pauses:
    """The gaps between the ticks of a timer on the window's event loop: the longest is
    the longest the loop went without turning (ms)."""

    def __init__(self, every_ms: int) -> None:
        from PySide6.QtCore import QTimer

        self.gaps: list[float] = []
        self.last = time.perf_counter()
        self.timer = QTimer()
        self.timer.timeout.connect(self._tick)
        self.timer.start(every_ms)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(now - self.last)
        self.last = now

    def stop(self) -> None:
        self.timer.stop()

    def worst(self) -> float:
        return max(self.gaps[1:], default=0.0) * 1000


def device_frames(seed: int = 6) -> None:
    """What a phone is sent over a whole Illuminati game (four seats on phones, each
    played by its heuristic bot; seed 6, the longest of those tried), in bytes on the
    wire as aiohttp sends them with permessage-deflate, deltas included (testbed/frames.py,
    as tests/remote/test_frames.py measures it): goals 64 KB a frame at the 95th
    percentile, 500 KB a phone over the game."""
    from testbed.frames import frame_figures, game_frames

    frames, _ = game_frames("illuminati", 4, seed, "schemer")
    figures = frame_figures(frames)
    kinds = [text.split('"type":"', 1)[1][:5] for texts in frames.values() for text in texts]
    print(
        f"devices: a whole Illuminati game, 4 phones ({figures['frames']} frames, "
        f"{kinds.count('delta')} of {kinds.count('delta') + kinds.count('state')} states "
        f"as deltas): a frame {figures['p95_wire'] / 1024:.1f} KB at the 95th percentile on "
        f"the wire (goal: 64 KB; {figures['p95_plain'] / 1024:.1f} KB uncompressed), the "
        f"largest {figures['largest_wire'] / 1024:.1f} KB; at most "
        f"{figures['most_wire'] / 1024:.0f} KB a phone over the game (goal: 500 KB; "
        f"{figures['most_plain'] / 1024:.0f} KB uncompressed)"
    )


def _phones(addresses: list[str], delayed: bool, orders: Any, news: Any) -> None:
    """The bench's phones, in a process of their own: they are not the host, and in its
    process their work (the relays', the decompressing, the reading) would take the
    interpreter from the host's loop and count as its pauses. Each speaks the page's
    protocol: it offers compressed frames, as browsers do, and takes frames by the page's
    rule (`testbed.frames.Page`: numbers, deltas, asking for a whole state when it lacks
    a delta's base). `delayed`: each talks through the tests' bad network
    (testbed/faulty.py), every frame held back up to 80 ms on its own. It sends the move
    `orders` gives it (a seat and a text; None ends it) and tells `news` each state it
    takes: ("state", seat, version, its first move or None, ms from opening the socket
    for the first one), and at the end ("asked", whole states asked for)."""
    import asyncio
    import json
    import random
    import time

    import aiohttp

    from testbed.frames import Page

    async def main() -> None:
        loop = asyncio.get_running_loop()
        pages = [Page() for _ in addresses]
        sockets: dict[int, aiohttp.ClientWebSocketResponse] = {}
        through: dict[int, str] = {}
        if delayed:
            from testbed.faulty import FaultyRelay

            for seat, address in enumerate(addresses):
                relay = FaultyRelay(loop, address, random.Random(seat), cuts=False, doubles=0.0)
                await relay.start()  # (it asks the host for compressed frames itself)
                through[seat] = relay.address

        async def listen(seat: int, session: aiohttp.ClientSession) -> None:
            origin = addresses[seat].split("/seat/")[0]
            opened = time.perf_counter()
            if seat in through:
                ws = await session.ws_connect(through[seat], compress=15)
            else:
                ws = await session.ws_connect(
                    addresses[seat] + "/ws", headers={"Origin": origin}, compress=15
                )
            sockets[seat] = ws
            page, first = pages[seat], True
            async for message in ws:
                data = page.receive(json.loads(message.data))
                for text in page.outbox:  # its asks for a whole state
                    await ws.send_str(text)
                page.outbox.clear()
                if data is not None and data["type"] == "state":
                    joined = (time.perf_counter() - opened) * 1000 if first else None
                    move = data["moves"][0]["action"] if data["moves"] else None
                    news.send(("state", seat, data["version"], move, joined))
                    first = False

        async with aiohttp.ClientSession() as session:
            tasks = [asyncio.ensure_future(listen(s, session)) for s in range(len(addresses))]
            while (order := await loop.run_in_executor(None, orders.recv)) is not None:
                seat, text = order
                await sockets[seat].send_str(text)
            news.send(("asked", sum(page.asked for page in pages)))
            for task in tasks:
                task.cancel()

    asyncio.run(main())


def device_round_trip(
    devices: int = 8, moves: int = 120, delayed: bool = False, run: int = 0
) -> None:
    """Seats on phones, on loopback: from a device's move sent to every connected device
    holding the new state (8 devices, an Illuminati match with every seat on a device;
    goal: median under 50 ms), and the longest the host's event loop went without
    turning meanwhile (goal: no stall over one frame, 16 ms). `delayed`: each phone talks
    through the tests' bad network, each frame held back up to 80 ms on its own. The
    phones (`_phones`) run in a process of their own and speak the page's protocol
    (compressed frames, deltas). `run` numbers the line of a repeated run."""
    import json
    import multiprocessing

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from illusio_table.engine import Match
    from illusio_table.qt.models.match_model import MatchModel
    from illusio_table.remote.hub import DeviceHub

    class TimedHub(DeviceHub):
        """The hub, its work on every change timed: its thread's own time (what the host
        spends, the machine's other processes and threads apart)."""

        work: list[float] = []

        def publish(self, *args: Any) -> None:
            started = time.thread_time()
            super().publish(*args)
            self.work.append((time.thread_time() - started) * 1000)

    app = QApplication.instance() or QApplication([])
    players = [{"name": f"P{s + 1}", "bot": None} for s in range(devices)]
    model = MatchModel(
        Match.start("illuminati", players, 3, {}, registry=builtin_registry()), bot_delay_ms=0
    )
    hub = TimedHub(model.session, network=False)
    model.session.begin()
    addresses = [hub.give(s) for s in range(devices)]
    latest: list[tuple[str, Any]] = [("", None)] * devices  # each phone's version, move
    counts = [0] * devices
    joins: list[float] = []  # from opening the socket to holding the cards and a state
    asked: list[int] = []
    spawn = multiprocessing.get_context("spawn")  # (this process has threads: no fork)
    orders_out, orders_in = spawn.Pipe(duplex=False)
    news_out, news_in = spawn.Pipe(duplex=False)
    phones = spawn.Process(target=_phones, args=(addresses, delayed, orders_out, news_in))
    phones.start()

    def hear() -> None:
        while news_out.poll():
            kind, *rest = news_out.recv()
            if kind == "asked":
                asked.append(rest[0])
                continue
            seat, version, move, joined = rest
            latest[seat] = (version, move)
            counts[seat] += 1
            if joined is not None:
                joins.append(joined)

    def pump_until(done: Any, limit: float = 5.0) -> bool:
        end = time.perf_counter() + limit
        while not done():
            if time.perf_counter() > end:
                return False
            app.processEvents()
            hear()
            time.sleep(0.0005)
        return True

    pump_until(lambda: all(counts), limit=30.0)  # (the phones' process starts first)
    pauses = Pauses(1)  # while the phones play (joining sends each its cards and state)
    trips = []
    hub.work.clear()
    for _ in range(moves):
        if model.session.game.is_over():
            break
        seat = min(model.session.game.to_act())
        if latest[seat][1] is None or latest[seat][0] != hub.version(seat):
            pump_until(lambda s=seat: latest[s][0] == hub.version(s))
        version, action = latest[seat]
        before = list(counts)
        text = json.dumps({"type": "act", "action": action, "version": version})
        started = time.perf_counter()
        orders_in.send((seat, text))
        # The move is played, and every device holds the state the host last sent it.
        pump_until(
            lambda b=before, s=seat: (
                counts[s] > b[s] and all(latest[d][0] == hub.version(d) for d in range(devices))
            )
        )
        trips.append((time.perf_counter() - started) * 1000)
    pauses.stop()
    compressed = sum(hub.server.compressed(seat) for seat in range(devices))
    orders_in.send(None)
    pump_until(lambda: bool(asked))
    phones.join(5)
    hub.stop()
    stall = pauses.worst()
    where = "through frames delayed up to 80 ms each" if delayed else "on loopback"
    where += f" (run {run})" if run else ""
    print(
        f"devices: {devices} phones {where} joining at once, socket to first state (the "
        f"card file first): {_spread(joins)}"
    )
    print(
        f"devices: {devices} phones {where}, {compressed} of {devices} sockets compressed, "
        f"{sum(asked)} whole states asked for, a move to every device redrawn: "
        f"{_spread(trips)}{'' if delayed else ' (goal: median under 50 ms)'}; the host's "
        "longest pause "
        f"{stall:.1f} ms (goal: under 16 ms); the hub's own work on a change, every "
        f"phone's state made and sent (its thread's time): {_spread(hub.work)}, the "
        f"longest {max(hub.work):.1f} ms"
    )


def expert_pause() -> None:
    """The window while two experts think over a casting (they search in a process of
    their own): the longest the event loop went without turning, a 5 ms timer ticking
    (goal: under 50 ms)."""

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from PySide6.QtCore import QSettings

    from illusio_table.qt.app.main import make_app
    from illusio_table.qt.app.main_window import MainWindow
    from illusio_table.qt.app.new_game_dialog import GameConfig

    app = make_app([])
    players = [{"name": "Ana", "bot": None}]
    players += [{"name": n, "bot": "expert", "budget": 0.4} for n in ("Lera", "Milo")]
    with TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(None, Path(folder), settings, bot_delay_ms=1, interactive=False)
        window.motion = False
        window.show()
        window.start_match(GameConfig("incantibus", players, 3, {"mode": "expert"}))
        pauses = Pauses(5)
        end = time.perf_counter() + 20
        while len(window.model.session.game.choices) < 2 and time.perf_counter() < end:
            app.processEvents()
            time.sleep(0.001)
        pauses.stop()
        window.model.session.stop_thinking()
        window.close()
    worst = pauses.worst()
    print(f"the window while two experts think: longest pause {worst:.0f} ms (goal: under 50 ms)")


def thinking_stop(questions: int = 10) -> None:
    """A search called off (the move undone, the match left): how long after `stop` its
    answer comes, the thinking process then free for the next question (goal: under
    100 ms; tests/engine/test_thinking.py holds only that the stop ends it)."""
    import threading

    from illusio_table.engine.thinking import Thinker

    game = builtin_registry().new_game("incantibus", 4, 12, {"mode": "expert"})
    thinker = Thinker()
    times = []
    try:
        started = threading.Event()  # a first question, answered: the process is up
        thinker.ask(game, "expert", 0, 0.1, lambda _move: started.set())
        started.wait(60)
        for _ in range(questions):
            answered = threading.Event()
            thinker.ask(game, "expert", 0, math.inf, lambda _move, a=answered: a.set())
            time.sleep(0.3)  # deep in a search that has no end of its own
            stopped = time.perf_counter()
            thinker.stop()
            answered.wait(60)
            times.append((time.perf_counter() - stopped) * 1000)
    finally:
        thinker.close()
    print(f"a search called off answers after {_spread(times)} (goal: under 100 ms)")


def drag_repaint() -> None:
    """The table's frames: one step of dragging the wand (a real mouse move through the
    scene, then the repaint; goal: median 8 ms), and one frame while tokens glide to
    their new places (goal: 95th percentile 16 ms)."""

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    from illusio_table.qt.app.main import make_app
    from illusio_table.qt.app.main_window import MainWindow
    from illusio_table.qt.app.new_game_dialog import GameConfig

    app = make_app([])
    with TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(None, Path(folder), settings, bot_delay_ms=0, interactive=False)
        window.motion = False
        window.resize(1366, 768)
        window.show()
        players = [{"name": "Ana", "bot": None}] + [{"name": n, "bot": "random"} for n in "BCD"]
        window.start_match(GameConfig("incantibus", players, 7))
        window.table.zoom_fit()
        app.processEvents()
        viewport = window.table.viewport()
        scene = window.scene
        wand = window.table.mapFromScene(scene.sources[("wand", 0)].center())
        left = Qt.MouseButton.LeftButton

        def mouse(kind: QEvent.Type, at: QPoint, button: Qt.MouseButton) -> None:
            # The mouse as the window gets it (QtTest is not part of the installed program).
            global_at = QPointF(viewport.mapToGlobal(at))
            event = QMouseEvent(kind, QPointF(at), global_at, button, left, Qt.NoModifier)
            QApplication.sendEvent(viewport, event)

        mouse(QEvent.Type.MouseButtonPress, wand, left)
        drag = []
        for step in range(1, 121):
            started = time.perf_counter()
            mouse(QEvent.Type.MouseMove, wand + QPoint(-4 * step, -3 * step), Qt.NoButton)
            viewport.repaint()
            drag.append((time.perf_counter() - started) * 1000)
        mouse(QEvent.Type.MouseButtonRelease, wand, left)
        # Gliding: the table of several moves ago, then today's, frame by frame.
        game = window.model.session.game
        names = [game.name(s) for s in range(game.seats)]
        early = game.view(0)
        for _ in range(12):
            seat = min(game.to_act())
            game.apply(seat, game.legal_actions(seat)[0])
        frames = []
        scene.glide_ms = 400
        for _ in range(5):
            scene.show_view(early, [], names, "")
            scene.show_view(game.view(0), [], names, "")
            glide = scene._glide
            if glide is None:
                break
            for ms in range(0, 400, 16):
                started = time.perf_counter()
                glide.setCurrentTime(ms)
                viewport.repaint()
                frames.append((time.perf_counter() - started) * 1000)
            scene.finish_glide()
        window.close()
    print(f"dragging the wand, one step: {_spread(drag)} (goal: median under 8 ms)")
    if frames:
        print(f"tokens gliding, one frame: {_spread(frames)} (goal: 95th percentile under 16 ms)")
    else:
        print("tokens gliding: no token moved in the sampled moves")


def table_redraw(game_id: str, seats: int, bot: str, late: int, samples: int = 60) -> None:
    """From a person's move to the redrawn table (the window's whole update and a
    repaint) late in a game: after `late` moves. Goal: median under 30 ms."""

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from PySide6.QtCore import QSettings

    from illusio_table.engine.bots import bot_move
    from illusio_table.qt.app.main import make_app
    from illusio_table.qt.app.main_window import MainWindow
    from illusio_table.qt.app.new_game_dialog import GameConfig

    app = make_app([])
    names = ("Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
    times: list[float] = []
    seed = 11
    with TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(None, Path(folder), settings, bot_delay_ms=None, interactive=False)
        window.motion = False
        window.resize(1366, 768)
        window.show()
        viewport = window.table.viewport()
        while len(times) < samples and seed < 40:
            players = [{"name": "Ana", "bot": None}] + [
                {"name": n, "bot": bot} for n in names[: seats - 1]
            ]
            options = {"target": 40} if game_id == "illusio" else {}
            window.start_match(GameConfig(game_id, players, seed, options))
            model, game = window.model, window.model.session.game
            ana = game.bots[bot](0, seed)
            moves = 0
            while not game.is_over() and len(times) < samples:
                moves += 1
                if 0 not in game.to_act():
                    if not model.session.step_bot():
                        break
                    app.processEvents()
                    continue
                if window.stack.currentWidget() is window.curtain:
                    window.curtain.button.click()
                    app.processEvents()
                move = bot_move(game, ana, 0)  # Ana's choice, not timed: a person's thought
                started = time.perf_counter()
                model.session.act(move)  # the move, the autosave, the log, the table drawn anew ...
                viewport.repaint()  # ... and painted
                if moves >= late:
                    times.append((time.perf_counter() - started) * 1000)
                app.processEvents()
            seed += 1
        window.close()
    print(
        f"{game_id}, a move to the redrawn table at {seats} seats late in a game: "
        f"{_spread(times)} (goal: median under 30 ms)"
    )


def clone_cost(moves: int = 150, runs: int = 200) -> None:
    """A copy of a match in its middle (4 seats): `clone` against replaying the record."""
    from illusio_table.engine.bots import RandomBot, bot_move

    registry = builtin_registry()
    for game_id, options in (
        ("illusio", {}),
        ("incantibus", {"mode": "expert"}),
        ("illuminati", {}),
    ):
        game = registry.new_game(game_id, 4, 5, options)
        bots = [RandomBot(s, 1) for s in range(4)]
        while not game.is_over() and len(game.record.moves) < moves:
            seat = min(game.to_act())
            game.apply(seat, bot_move(game, bots[seat], seat))
        started = time.perf_counter()
        for _ in range(runs):
            game.clone()
        clone = (time.perf_counter() - started) / runs * 1000
        started = time.perf_counter()
        for _ in range(5):
            replay_with(game.record, type(game))
        replay = (time.perf_counter() - started) / 5 * 1000
        print(
            f"{game_id}: a copy after {len(game.record.moves)} moves: clone {clone:.2f} ms, "
            f"replaying the record {replay:.1f} ms ({replay / clone:.0f}x)"
        )


def _spread(times: list[float]) -> str:
    times = sorted(times)
    return (
        f"{statistics.median(times):.1f} ms median, "
        f"{times[int(len(times) * 0.95)]:.1f} ms at the 95th percentile ({len(times)} samples)"
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
