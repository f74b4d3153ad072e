"""Every field of a match is declared in its class (`Game.state_fields`): a copy walks
the declared fields, so a field set in the rules but not declared would escape it unseen."""

from __future__ import annotations

import pytest

from illusio_table.games import builtin_registry

from .matches import GAMES_AND_OPTIONS, sampled_states


def fields_held(game):
    """The fields a match has set: its __dict__ interpreted; compiled (mypyc), each of its
    class's attributes that is set, and its __dict__ besides (empty but for an interpreted
    subclass's own)."""
    held = set(getattr(game, "__dict__", {}))
    native = {n for k in type(game).__mro__ for n in vars(k).get("__mypyc_attrs__", ())}
    return held | {name for name in native - {"__dict__"} if hasattr(game, name)}


@pytest.mark.parametrize(("game_id", "options"), GAMES_AND_OPTIONS)
def test_a_match_holds_exactly_its_declared_fields(game_id, options):
    declared = set(builtin_registry().get(game_id).state_fields())
    checked = 0
    for game, _step in sampled_states(
        game_id, options, games=6, seed=40, steps=600, every=9, first=0
    ):
        held = fields_held(game)
        assert held - declared == set(), f"fields set but not declared: {sorted(held - declared)}"
        assert declared - held == set(), f"fields declared but never set: {sorted(declared - held)}"
        checked += 1
    assert checked > 50


def test_a_class_variable_is_no_field_of_a_match():
    fields = builtin_registry().get("illuminati").state_fields()
    assert "phase" in fields and "money" in fields
    assert not {"game_id", "phases", "move_words", "bots", "actions"} & set(fields)
