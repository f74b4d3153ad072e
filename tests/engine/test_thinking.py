"""The process the searching bots think in: it answers with a legal move, stops when the
question is withdrawn, and does not outlive a program killed outright."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import threading
import time

from illusio_table.engine.thinking import Thinker
from illusio_table.games import builtin_registry


def _ask(thinker, game, budget):
    answered = threading.Event()
    answers = []

    def done(result):
        answers.append(result)
        answered.set()

    thinker.ask(game, "expert", 0, budget, done)
    return answered, answers


def test_the_thinking_process_answers_with_a_legal_move_and_stops_when_told():
    game = builtin_registry().new_game("incantibus", 4, 12, {"mode": "expert"})
    thinker = Thinker()
    try:
        answered, answers = _ask(thinker, game, 0.2)
        assert answered.wait(30), "no answer"
        assert answers[0] in game.legal_actions(0)
        # A search with no end of its own: only the stop can bring its answer (how soon
        # it comes is `make bench`'s figure, part `tables`).
        answered, answers = _ask(thinker, game, math.inf)
        assert not answered.wait(0.5), "a search without end answered before it was stopped"
        thinker.stop()
        assert answered.wait(60), "the search went on after it was stopped"
        assert answers[0] in game.legal_actions(0)
    finally:
        thinker.close()


ORPHAN = """
import os, sys, time
from illusio_table.games import builtin_registry
from illusio_table.engine.thinking import Thinker
game = builtin_registry().new_game("incantibus", 3, 1, {})
thinker = Thinker()
thinker.ask(game, "expert", 0, 0.1, lambda result: None)
time.sleep(1.5)
print(*[p.pid for p in thinker._pool._processes.values()], flush=True)
os.kill(os.getpid(), 9)
"""


def test_the_thinking_process_goes_when_its_program_is_killed():
    run = subprocess.run([sys.executable, "-c", ORPHAN], capture_output=True, text=True, timeout=60)
    pids = [int(p) for p in run.stdout.split()]
    assert pids, run.stderr
    deadline = time.time() + 5
    while time.time() < deadline and any(_alive(p) for p in pids):
        time.sleep(0.2)
    assert not any(_alive(p) for p in pids), "the thinking process outlived its program"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a finished child of init lingers as a zombie for a moment
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_a_fresh_process_knows_the_bots_of_the_match_it_is_sent():
    """A game's bots are given it where the game is put together (its registry entry,
    games/<game>/game.py), not by its rules: the thinking process, which unpickles a match,
    imports that module first."""
    import pickle
    import subprocess
    import sys

    from illusio_table.engine.thinking import what_the_seat_knows
    from illusio_table.games import builtin_registry

    for game_id in builtin_registry().ids():
        game = builtin_registry().new_game(game_id, 2, 1)
        data = what_the_seat_knows(game, 0)
        code = (
            "import pickle, sys\n"
            "from illusio_table.engine.thinking import on_known\n"
            "data = sys.stdin.buffer.read()\n"
            "print(sorted(on_known(lambda game: game.bots, data)))\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], input=data, capture_output=True, timeout=120
        )
        assert done.returncode == 0, done.stderr.decode()
        assert done.stdout.decode().strip() == str(sorted(type(game).bots)), game_id
        assert type(game).bots and pickle.loads(data)[0].endswith(".game")
