"""The engines' behaviour, pinned (the safety net under the engines' new shape).

For each game and option set the engine-wide checks sample (`matches.MATCHES`), twenty
seeded games, the even ones of random bots and the odd ones of the game's heuristic bot,
each played to its end. After every move it hashes what anyone can observe: every seat's
view and log and the spectator's, the words of every legal move of every seat, and the
refusals of a fixed set of probe moves (each seat trying the first moves legal for the
others, and a move no game has); at the end, the record as saved. A change of the engines'
shape keeps `golden.json` byte for byte; a change of behaviour is its own commit, which
writes it again and says why:

    GOLDEN_WRITE=1 .venv/bin/python -m pytest tests/engine/test_golden.py
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from illusio_table.engine.bots import RandomBot, bot_move, make_bot
from illusio_table.games import builtin_registry

from .matches import MATCHES

GOLDEN = Path(__file__).with_name("golden.json")
GAMES = 20
MOST_MOVES = 5000  # a game longer than this is a fault in itself
PROBES = 3  # how many of another seat's legal moves each seat tries


def key(game_id: str, seats: int, options: dict[str, Any]) -> str:
    words = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}/{seats}/{words}"


def plain(value: Any) -> Any:
    """A value as JSON writes it, sets sorted (their order is Python's hash order)."""
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    raise TypeError(f"not JSON: {type(value).__name__}")


def played(game_id: str, seats: int, options: dict[str, Any], number: int) -> str:
    """The digest of one seeded game, played to its end."""
    game = builtin_registry().new_game(game_id, seats, 7000 + number, options)
    heuristic = next(name for name, cls in type(game).bots.items() if not cls.searches)
    bots = [
        RandomBot(seat, number) if number % 2 == 0 else make_bot(game, heuristic, seat, number)
        for seat in range(seats)
    ]
    digest = hashlib.sha256()

    def put(value: Any) -> None:
        digest.update(json.dumps(value, sort_keys=True, default=plain).encode())
        digest.update(b"\n")

    def observe() -> None:
        put(sorted(game.to_act()))
        legal = {seat: game.legal_actions(seat) for seat in range(seats)}
        for seat in (None, *range(seats)):
            put(game.view(seat))
            put(game.log(seat))
        for seat in range(seats):
            put([game.describe(action, seat) for action in legal[seat]])
            for other in range(seats):
                if other != seat:
                    put([game.why_not(seat, a) for a in legal[other][:PROBES]])
            put(game.why_not(seat, {"kind": "no-such-move"}))

    observe()
    for _ in range(MOST_MOVES):
        if game.is_over():
            break
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
        observe()
    assert game.is_over(), f"{key(game_id, seats, options)} game {number} did not end"
    put(game.result())
    put(game.record.to_json())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("game_id", "seats", "options"), MATCHES, ids=lambda v: str(v))
def test_the_engines_behave_as_pinned(game_id, seats, options):
    digests = [played(game_id, seats, options, number) for number in range(GAMES)]
    name = key(game_id, seats, options)
    pinned = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    if os.environ.get("GOLDEN_WRITE"):
        pinned[name] = digests
        GOLDEN.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n")
    assert name in pinned, f"no digests for {name}: write them with GOLDEN_WRITE=1"
    changed = [n for n, (a, b) in enumerate(zip(pinned[name], digests, strict=True)) if a != b]
    assert not changed, f"{name}: games {changed} no longer play as pinned"
