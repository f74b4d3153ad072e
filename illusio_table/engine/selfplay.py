"""Bots playing whole games against each other: for the CLI, the benchmark and tests."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .bots import bot_move, make_bot
from .protocol import Game

Check = Callable[[Game], None]


def play_one(
    game: Game,
    bot_names: list[str],
    max_actions: int = 100_000,
    check: Check | None = None,
    budget: float | None = None,
) -> int:
    """Plays a game to its end (or the cap); returns the number of actions taken.
    `budget` is the seconds a move of each searching bot."""
    bots = [make_bot(game, name, seat, game.seed, budget) for seat, name in enumerate(bot_names)]
    # Unchecked, the bots' moves are carried out as the rules listed them; a check asks
    # for every move to be checked too, so that a bot's wrong move is refused.
    actions = 0
    while not game.is_over() and actions < max_actions:
        # A simultaneous choice awaits several seats; they choose in seat order, which
        # is harmless because no choice changes what another waiting seat sees.
        waiting = game.to_act()
        seat = min(waiting)
        move = bot_move(game, bots[seat], seat)
        actions += 1
        if check is None:
            game.apply_listed(seat, move, waiting)
        else:
            game.apply(seat, move)
            check(game)
    return actions


def selfplay(
    game: type[Game],
    seats: int,
    games: int,
    seed: int,
    bot: str | list[str] = "random",
    options: dict[str, Any] | None = None,
    check: Check | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_actions: int = 100_000,
    budget: float | None = None,
) -> dict[str, Any]:
    """Many games of bots; `bot` is one name for every seat or a name per seat. The
    report counts each seat's wins (a tie shares the win) and the actions per second."""
    cls = game
    names = [bot] * seats if isinstance(bot, str) else list(bot)
    if len(names) != seats:
        raise ValueError(f"{len(names)} bots named for {seats} seats")
    finished = total = longest = 0
    wins = [0.0] * seats
    # The card file is read before the clock starts, as other engines build their
    # environment before theirs: actions per second count the playing only (the reading
    # was 150 to 490 ms of a short run).
    cls.card_data()
    started = time.perf_counter()
    for number in range(games):
        match = cls(seats, seed + number, options)
        if check is None:  # nobody reads its log (a check may)
            match.hush()
        actions = play_one(match, names, max_actions, check, budget)
        total += actions
        longest = max(longest, actions)
        finished += match.is_over()
        if match.is_over():
            winners = match.result()["winners"]
            for s in winners:
                wins[s] += 1 / len(winners)
        if progress is not None:
            progress(number + 1, games)
    seconds = time.perf_counter() - started
    return {
        "game": cls.game_id,
        "seats": seats,
        "games": games,
        "bots": names,
        "finished": finished,
        "capped": games - finished,  # stopped at max_actions before their end
        "max_actions": max_actions,
        "actions": total,
        "longest": longest,  # the most actions one game took
        "wins": [round(w, 2) for w in wins],  # per seat; a tie shares the win
        "seconds": round(seconds, 3),
        "actions_per_s": round(total / seconds) if seconds else 0,
    }
