"""Readable golden playthroughs: the engines' behaviour, pinned as text a reviewer reads.

For every game and option set the engine-wide checks sample (`matches.MATCHES`, which each
game lists in its folder) two files lie in the game's own `playthroughs/` folder
(`games/<game>/playthroughs/`), compared exactly by `test_playthroughs.py`:

- `<match>.txt`, one seeded game of the game's heuristic bots, step by step: who acts, the
  moves offered to every seat that may act (in their words), the move made, what another
  seat is told when it tries that move, every line of every view that changed (with who
  sees it: `all` is every seat and the spectator) and the new log lines;
- `<match>-games.txt`, twenty seeded games, the even ones of random bots and the odd ones
  of the heuristic bot, as the moves made in their words, the result and the record's
  check: what the broad sample plays, one line a move.

A change of the engines' shape keeps them byte for byte; a change of behaviour is its own
commit, which writes them again (`make playthroughs`) and whose diff says what changed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from illusio_table.engine.bots import RandomBot, bot_move, make_bot
from illusio_table.games import builtin_registry

try:
    from .matches import MATCHES, golden_folder
except ImportError:  # run as a script: `python -m tests.engine.playthrough`
    from tests.engine.matches import MATCHES, golden_folder

GAMES = 20
FIRST_SEED = 7000
MOST_MOVES = 5000  # a game longer than this is a fault in itself


def name(game_id: str, seats: int, options: dict[str, Any]) -> str:
    words = "-".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}-{seats}" + (f"-{words}" if words else "")


def plain(value: Any) -> Any:
    """A value as JSON writes it, sets sorted (their order is Python's hash order)."""
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    raise TypeError(f"not JSON: {type(value).__name__}")


def text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=plain)


def lines_of(view: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """A view as `path = value` lines: dictionaries and lists holding containers opened up,
    everything else written as JSON on its line."""
    if isinstance(view, dict) and view:
        for key in sorted(view):
            yield from lines_of(view[key], f"{path}.{key}" if path else str(key))
    elif isinstance(view, (list, tuple)) and any(isinstance(v, (dict, list, tuple)) for v in view):
        for index, item in enumerate(view):
            yield from lines_of(item, f"{path}[{index}]")
    else:
        yield path, text(view)


def parents(path: str) -> Iterator[str]:
    """`a.b[2].c` -> `a.b[2]`, `a.b`, `a`."""
    for at in range(len(path) - 1, 0, -1):
        if path[at] in ".[":
            yield path[:at]


class Table:
    """One match seen from every side: the spectator's and each seat's view and log."""

    def __init__(self, game: Any, seats: int) -> None:
        self.game = game
        self.seats = seats
        self.viewers: tuple[int | None, ...] = (None, *range(seats))
        self.views: dict[int | None, dict[str, str]] = {v: {} for v in self.viewers}
        self.logs: dict[int | None, int] = {v: 0 for v in self.viewers}

    def who(self, viewer: int | None) -> str:
        return "spectator" if viewer is None else f"Seat {viewer + 1}"

    def audience(self, viewers: list[int | None]) -> str:
        if len(viewers) == len(self.viewers):
            return "all"
        return ", ".join(self.who(v) for v in viewers)

    def changes(self) -> list[str]:
        """The view lines that changed since the last call, each with who sees it."""
        by_path: dict[str, dict[str, list[int | None]]] = {}
        for viewer in self.viewers:
            now = dict(lines_of(self.game.view(viewer)))
            before = self.views[viewer]
            for path, value in now.items():
                if before.get(path) != value:
                    by_path.setdefault(path, {}).setdefault(value, []).append(viewer)
            for path in before.keys() - now.keys():
                if not any(p in now for p in parents(path)):  # else its parent's line says it
                    by_path.setdefault(path, {}).setdefault("(gone)", []).append(viewer)
            self.views[viewer] = now
        out = []
        for path in sorted(by_path):
            for value, viewers in by_path[path].items():
                out.append(f"  {path} = {value}   ({self.audience(viewers)})")
        return out

    def new_log_lines(self) -> list[str]:
        """The log lines added since the last call, each with who reads it."""
        added: dict[str, list[int | None]] = {}
        order: list[str] = []
        for viewer in self.viewers:
            log = self.game.log(viewer)
            for line in log[self.logs[viewer] :]:
                if line not in added:
                    order.append(line)
                added.setdefault(line, []).append(viewer)
            self.logs[viewer] = len(log)
        return [f"  log ({self.audience(added[line])}): {line}" for line in order]


def bots_for(game: Any, seats: int, number: int) -> list[Any]:
    heuristic = next(n for n, cls in type(game).bots.items() if not cls.searches)
    if number % 2 == 0:
        return [RandomBot(seat, number) for seat in range(seats)]
    return [make_bot(game, heuristic, seat, number) for seat in range(seats)]


def bots_name(game: Any, number: int) -> str:
    heuristic = next(n for n, cls in type(game).bots.items() if not cls.searches)
    return "random" if number % 2 == 0 else heuristic


def ending(game: Any, seats: int) -> list[str]:
    result = game.result()
    record = game.record.to_json()
    winners = ", ".join(f"Seat {s + 1}" for s in result["winners"]) or "nobody"
    out = [f"winners: {winners}"]
    if "scores" in result:
        out.append(f"scores: {text(result['scores'])}")
    out += [f"  {line}" for line in result.get("explanation", [])]
    out.append(
        f"record: format {record['format']!r} version {record['version']}, "
        f"{len(record['moves'])} moves, check {record['check']}"
    )
    return out


def step_by_step(game_id: str, seats: int, options: dict[str, Any], number: int = 1) -> str:
    """One seeded game, every step written out (the `<match>.txt` file)."""
    game = builtin_registry().new_game(game_id, seats, FIRST_SEED + number, options)
    bots = bots_for(game, seats, number)
    table = Table(game, seats)
    out = [
        f"# {game_id}, {seats} seats, options {text(options)}, seed {FIRST_SEED + number}, "
        f"{bots_name(game, number)} bots",
        "# written by `make playthroughs` (tests/engine/playthrough.py); see its docstring",
        "",
        "== the start",
        f"a move no game has, refused: {game.why_not(0, {'kind': 'no-such-move'})}",
    ]

    def offered() -> None:
        for seat in sorted(game.to_act()):
            legal = game.legal_actions(seat)
            out.append(f"offered to {table.who(seat)} ({len(legal)}):")
            out.extend(f"  - {game.describe(action, seat)}" for action in legal)

    out += table.changes() + table.new_log_lines()
    offered()
    for step in range(1, MOST_MOVES + 1):
        if game.is_over():
            break
        seat = min(game.to_act())
        action = bot_move(game, bots[seat], seat)
        out += ["", f"== {step}. {table.who(seat)}: {game.describe(action, seat)}"]
        other = (seat + 1) % seats
        out.append(f"  the same tried by {table.who(other)}: {game.why_not(other, action)}")
        game.apply(seat, action)
        out += table.changes() + table.new_log_lines()
        offered()
    assert game.is_over(), f"{name(game_id, seats, options)} game {number} did not end"
    out += ["", "== the end", *ending(game, seats)]
    return "\n".join(out) + "\n"


def many_games(game_id: str, seats: int, options: dict[str, Any]) -> str:
    """Twenty seeded games, one line a move (the `<match>-games.txt` file)."""
    out = [
        f"# {game_id}, {seats} seats, options {text(options)}: {GAMES} seeded games, "
        "the even ones of random bots, the odd ones of the heuristic bot",
        "# written by `make playthroughs` (tests/engine/playthrough.py); see its docstring",
    ]
    for number in range(GAMES):
        game = builtin_registry().new_game(game_id, seats, FIRST_SEED + number, options)
        bots = bots_for(game, seats, number)
        out += ["", f"== game {number}, seed {FIRST_SEED + number}, {bots_name(game, number)} bots"]
        for step in range(1, MOST_MOVES + 1):
            if game.is_over():
                break
            seat = min(game.to_act())
            action = bot_move(game, bots[seat], seat)
            out.append(f"{step}. Seat {seat + 1}: {game.describe(action, seat)}")
            game.apply(seat, action)
        assert game.is_over(), f"{name(game_id, seats, options)} game {number} did not end"
        out += ending(game, seats)
    return "\n".join(out) + "\n"


def files() -> Iterator[tuple[Path, Any]]:
    """(file, how to write it) for every playthrough file, in its game's folder."""
    for game_id, seats, options in MATCHES:
        stem = name(game_id, seats, options)
        folder = golden_folder(game_id)
        yield folder / f"{stem}.txt", (step_by_step, game_id, seats, options)
        yield folder / f"{stem}-games.txt", (many_games, game_id, seats, options)


def main() -> int:
    """`make playthroughs`: writes every file again; `git diff` then says what changed."""
    for path, (function, *args) in files():
        path.write_text(function(*args), encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
