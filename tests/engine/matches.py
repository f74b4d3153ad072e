"""The matches the engine-wide checks sample: every game found, and every option that
changes which moves exist or what is hidden. Each game lists its own in its folder,
`games/<game>/playthroughs/matches.json`, beside the golden playthroughs of those
matches (`playthrough.py`)."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path
from typing import Any


def golden_folder(game_id: str) -> Path:
    """The game's `playthroughs/` folder, in the package its kit lives in (a game installed
    on its own keeps its goldens in its own folder too)."""
    from illusio_table.games import found

    module = found()[game_id].partition(":")[0]
    spec = find_spec(module.rpartition(".")[0])
    assert spec is not None and spec.origin, f"{game_id}: its package is not found"
    return Path(spec.origin).parent / "playthroughs"


def listed_matches() -> list[tuple[str, int, dict[str, Any]]]:
    """(game, seats, options) of every match each game found lists."""
    from illusio_table.games import found

    return [
        (game_id, entry["seats"], entry["options"])
        for game_id in found()
        for entry in json.loads((golden_folder(game_id) / "matches.json").read_text("utf-8"))
    ]


MATCHES = listed_matches()

# The same, by game and options alone (the seats vary with the sample).
GAMES_AND_OPTIONS = [(game_id, options) for game_id, _, options in MATCHES]


def sampled_states(game_id, options, games, seed, steps, every, first):
    """Seeded games of random bots at 2, 3 and 4 seats: yields (game, step) at every
    `every`-th step from `first`, then plays on (what the caller did to the match stays)."""
    from illusio_table.engine.bots import RandomBot, bot_move
    from illusio_table.games import builtin_registry

    registry = builtin_registry()
    for number in range(games):
        seats = 2 + number % 3
        game = registry.new_game(game_id, seats, seed + number, options)
        bots = [RandomBot(s, number) for s in range(seats)]
        for step in range(steps):
            if game.is_over():
                break
            if step % every == first:
                yield game, step
            seat = min(game.to_act())
            game.apply(seat, bot_move(game, bots[seat], seat))
