"""Searching bots think in a process of their own, so that the window never waits for them.

A thread would not do: the search is pure Python, and while it holds the interpreter
the window's thread waits for it at every call back into Python (each card painted, each
timer), so the table stuttered for hundreds of milliseconds while a bot thought. A
process has its own interpreter, and the second core of the machine besides.

What goes over (pickled) is only what the thinking seat may know: one determinization of
the match made here, with a seed of its own, no record of the moves, no log and not the
match's seed (which would give away every deal); the search determinizes again from it.
Twin matches that the seat cannot tell apart (differing in another seat's secret, or in
the order of a face-down pile) send the same bytes: tests/engine/test_twins.py checks.
The answer comes back to `done`, called on a thread of the pool (the window passes it on
to its own thread). `stop` calls the search
off: a counter shared with the process says which question is still asked.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import threading
import time
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

from .protocol import Action, Game
from .record import MatchRecord
from .registry import ENTRY_MODULES
from .rng import Rng

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from .bots import Bot

T = TypeVar("T")

_asked: Any = None  # in the thinking process: the number of the question still asked


def _start(asked: Any) -> None:
    from .collector import collect_rarely

    global _asked
    _asked = asked
    collect_rarely()  # this process does nothing but simulate
    # A program killed outright leaves its thinking process behind, waiting for
    # questions: it goes when it sees its parent gone.
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def key(game: Game, purpose: str) -> int:
    """A number for the move at hand, the same for the same match and move, from which
    the match's seed cannot be worked back (a hash of it)."""
    text = f"{purpose}:{game.seed}:{len(game.record.moves)}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def what_the_seat_knows(game: Game, seat: int) -> bytes:
    """The match as `seat` may know it, pickled for the thinking process: a
    determinization (everything hidden from the seat drawn again), stripped of the
    record, the log and the seed. Games never read those three for their rules."""
    known = game.determinize(seat, Rng(key(game, "deal")))
    known.seed = 0
    known.record = MatchRecord(game.game_id, game.seats, 0, game.options, game.record.players)
    known.events = []
    # With the module that puts its game together, imported there before the match is.
    return pickle.dumps((ENTRY_MODULES.get(type(game), ""), pickle.dumps(known)))


def thought(
    data: bytes,
    bot: str,
    seat: int,
    seed: int,
    budget: float | None,
    stop: Callable[[], bool] | None = None,
) -> tuple[Action, Bot]:
    """The move `bot` makes for `seat` over a match sent by `what_the_seat_knows`, and the
    bot that made it (`make bench` reads its `thoughts`)."""
    from .bots import bot_move, make_bot

    def move(game: Game) -> tuple[Action, Bot]:
        player = make_bot(game, bot, seat, seed, budget)
        return bot_move(game, player, seat, stop=stop), player

    return on_known(move, data)


def on_known(job: Callable[..., T], data: bytes, *args: Any) -> T:
    """`job(match, *args)` over a match sent by `what_the_seat_knows`: what the thinking
    process works out (a bot's move, the coach's review)."""
    from . import protocol

    entry, known = pickle.loads(data)
    if entry:
        import_module(entry)
    game: Game = pickle.loads(known)
    try:
        return job(game, *args)
    finally:
        protocol._FROZEN.clear()  # each question brings its own card data: keep none


def _think(
    data: bytes, bot: str, seat: int, seed: int, budget: float | None, ticket: int
) -> Action:
    move, _ = thought(data, bot, seat, seed, budget, stop=lambda: _asked.value != ticket)
    return move


class Thinker:
    """One process, started at the first question, that answers one at a time."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._asked: Any = None

    def ask(
        self,
        game: Game,
        bot: str,
        seat: int,
        budget: float | None,
        done: Callable[[Action | BaseException], None],
    ) -> int:
        """Starts the bot's search for its seat's move; returns the question's ticket."""
        pool = self._started()
        with self._asked.get_lock():
            self._asked.value += 1
            ticket: int = self._asked.value
        # A different stream of chances at every move, the same for the same match.
        known = what_the_seat_knows(game, seat)
        future = pool.submit(_think, known, bot, seat, key(game, "search"), budget, ticket)

        def answered(f: Future[Action]) -> None:
            done(f.exception() or f.result())

        future.add_done_callback(answered)
        return ticket

    def work(
        self, job: Callable[..., Any], args: tuple[Any, ...], done: Callable[[Any], None]
    ) -> None:
        """Works `job(*args)` out in the thinking process (after any question before it);
        its result, or the exception it raised, goes to `done` on a thread of the pool.
        `job` is a module's function (it goes over by name), `args` what it may know."""
        pool = self._started()
        future = pool.submit(job, *args)
        future.add_done_callback(lambda f: done(f.exception() or f.result()))

    def stop(self) -> None:
        """The question being thought over is no longer asked: its search ends soon."""
        if self._asked is not None:
            with self._asked.get_lock():
                self._asked.value += 1

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Imported at the first question, not with the window: a program that never
            # meets an expert bot or the coach never pays for them.
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            context = multiprocessing.get_context("spawn")  # no fork of a Qt program
            self._asked = context.Value("l", 0)
            self._pool = ProcessPoolExecutor(
                1, mp_context=context, initializer=_start, initargs=(self._asked,)
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self.stop()
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


THINKER = Thinker()  # one for the program: its process starts once
