"""One property for every game of the registry: any sequence of legal moves keeps the
game's rules, every listed move is accepted and has words, and a refused move changes
nothing anyone sees. (It was written once per game; a new game gets it by being
registered, and its own invariants by a `check_invariants` in tests/games/<game>/.)"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from illusio_table.engine import Action, IllegalAction
from illusio_table.games import builtin_registry

REGISTRY = builtin_registry()


def invariants(game_id: str) -> Callable[[Any], None]:
    """The game's own invariants (tests/games/<game>/helpers.py), if it has them."""
    try:
        helpers = importlib.import_module(f"tests.games.{game_id}.helpers")
    except ModuleNotFoundError:
        return lambda game: None
    check: Callable[[Any], None] = helpers.check_invariants
    return check


def options_for(game_id: str, seed: int) -> dict[str, Any]:
    """Each option the game offers, on or off by the seed's bits (a choice of several
    takes one by the seed)."""
    chosen: dict[str, Any] = {}
    offered = [o for o in REGISTRY.get(game_id).options_spec if not o.rehearsal]
    for bit, option in enumerate(offered):
        if isinstance(option.default, bool):
            chosen[option.key] = bool(seed >> bit & 1)
        elif option.choices:
            chosen[option.key] = option.choices[(seed >> bit) % len(option.choices)]
    return chosen


def nearly(action: Action) -> dict[str, Any] | None:
    """The move with its first field set to what no game holds (None: it has no field)."""
    data = action.to_json()
    field = next((k for k in data if k != "kind"), None)
    if field is None:
        return None
    value = data[field]
    absurd: Any = "no-such-thing" if isinstance(value, str) else 999
    return {**data, field: absurd}


def views(game: Any) -> str:
    return json.dumps([game.view(s) for s in [None, *range(game.seats)]], sort_keys=True)


@pytest.mark.parametrize("game_id", REGISTRY.ids())
@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    seats=st.integers(2, 8),
    picks=st.lists(st.integers(0, 999), min_size=30, max_size=150),
)
def test_any_sequence_of_legal_moves_keeps_the_rules_and_refusals_change_nothing(
    game_id, seed, seats, picks
):
    cls = REGISTRY.get(game_id)
    seats = max(cls.min_seats, min(cls.max_seats, seats))
    players = [{"name": f"Seat {s + 1}", "bot": None} for s in range(seats)]
    game = REGISTRY.new_game(game_id, seats, seed, options_for(game_id, seed), players)
    check = invariants(game_id)
    check(game)
    for pick in picks:
        if game.is_over():
            break
        seat = min(game.to_act())
        legal = game.legal_actions(seat)
        assert legal, "a seat that is waited for can always do something"
        for action in legal:
            assert game.refusal(seat, action) is None, game.describe(action, seat)
            assert game.describe(action, seat)
        before = views(game)
        outsider = next((s for s in range(seats) if s not in game.to_act()), None)
        if outsider is not None:
            with pytest.raises(IllegalAction):
                game.apply(outsider, legal[0])  # out of turn
        with pytest.raises(IllegalAction):
            game.apply(seat, game.parse_action({"kind": "no-such-move"}))
        wrong = nearly(legal[pick % len(legal)])
        if wrong is not None:
            try:
                action = game.parse_action(wrong)
            except IllegalAction:
                action = None
            if action is not None and game.why_not(seat, action) is not None:
                with pytest.raises(IllegalAction):
                    game.apply(seat, action)
        assert views(game) == before, "a refused move changed what someone sees"
        game.apply(seat, legal[pick % len(legal)])
        check(game)
