"""Bad input to the engines: anything at all is refused with a reason, and changes nothing.

Hypothesis feeds arbitrary JSON values to `parse_action` and `apply`, and builds actions in
code with fields of any type, for each game at several points of a match (every option
that changes what is in play). The only outcomes allowed are success or `IllegalAction`
with a reason in words; after a refusal the record, every view and every log are as
they were.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from illusio_table.engine import IllegalAction, MatchRecord
from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.engine.match import replay
from illusio_table.games import builtin_registry
from tests.engine.matches import MATCHES

POINTS = (0, 7, 40, 150)  # moves into the match

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-3, 12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["room", "potion", "book", "dungeon", "bavarian", "control", "#1", ""]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
python_keys = st.one_of(st.text(max_size=6), st.integers(), st.none(), st.booleans())
seats = st.one_of(
    st.integers(-2, 9), st.none(), st.booleans(), st.floats(), st.text(max_size=2), json_values
)


@cache
def record_at(game_id: str, count: int, options_key: str, point: int) -> dict[str, Any]:
    """A match `point` moves in, played by random bots, as its save's JSON."""
    game = builtin_registry().new_game(game_id, count, 11 + point, json.loads(options_key))
    bots = [RandomBot(seat, 5) for seat in range(count)]
    while len(game.record.moves) < point and not game.is_over():
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
    return game.record.to_json()


def snapshot(game) -> str:
    everyone = [None, *range(game.seats)]
    return json.dumps(
        {
            "moves": [[m.seat, m.action, m.barrier] for m in game.record.moves],
            "views": [game.view(s) for s in everyone],
            "logs": [game.log(s) for s in everyone],
            "to_act": sorted(game.to_act()),
        },
        sort_keys=True,
        default=repr,
    )


def attempt(game, seat: Any, build) -> None:
    """Builds and applies one action; a refusal must leave everything as it was."""
    before = snapshot(game)
    try:
        action = build()
        game.apply(seat, action)
    except IllegalAction as refusal:
        assert isinstance(refusal.reason, str) and refusal.reason.strip()
        assert snapshot(game) == before, f"a refused move changed the match: {refusal.reason}"


def game_from(data, draw):
    game_id, count, options = draw(st.sampled_from(MATCHES))
    point = draw(st.sampled_from(POINTS))
    record = record_at(game_id, count, json.dumps(options, sort_keys=True), point)
    return replay(MatchRecord.from_json(record), builtin_registry())


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_json_at_all_is_refused_with_a_reason_or_played(data):
    game = game_from(data, data.draw)
    value = data.draw(json_values | st.dictionaries(python_keys, json_values, max_size=4))
    seat = data.draw(seats | st.sampled_from(sorted(game.to_act()) or [0]))
    attempt(game, seat, lambda: game.parse_action(value))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_legal_move_with_one_field_changed_is_refused_with_a_reason_or_played(data):
    game = game_from(data, data.draw)
    if game.is_over():
        return
    seat = data.draw(st.sampled_from(sorted(game.to_act())))
    legal = game.legal_actions(seat)
    action = data.draw(st.sampled_from(legal)).to_json()
    fields = [k for k in action if k != "kind"]
    if fields:
        action[data.draw(st.sampled_from(fields))] = data.draw(json_values)
    if data.draw(st.booleans()):
        seat = data.draw(seats)
    attempt(game, seat, lambda: game.parse_action(action))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_action_built_in_code_with_fields_of_any_type_is_refused_or_played(data):
    """What a bot or a table could build without parsing: a str index, a float, a bool."""
    game = game_from(data, data.draw)
    if game.is_over():
        return
    seat = data.draw(st.sampled_from(sorted(game.to_act())))
    legal = game.legal_actions(seat)
    action = data.draw(st.sampled_from(legal))
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    for name in fields:
        if data.draw(st.booleans()):
            fields[name] = data.draw(json_values | st.tuples(scalars, scalars))
    attempt(game, seat, lambda: type(action)(**fields))


@pytest.mark.parametrize("seat", [None, "0", True, 1.0, -1, 99, [0]])
def test_a_seat_is_a_whole_number_of_the_table_or_the_move_is_refused(seat):
    game = builtin_registry().new_game("incantibus", 3, 4, {})
    legal = game.legal_actions(1)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="no such seat"):
        game.apply(seat, legal[0])
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "game_id, kind, fields",
    [
        ("incantibus", "point", {"place": "room", "index": "0"}),
        ("incantibus", "point", {"place": "room", "index": 0.0}),
        ("incantibus", "point", {"place": "room", "index": True}),
        ("illusio", "talent", {"seat": "x"}),
        ("illuminati", "give-money", {"amount": "1"}),
    ],
)
def test_an_action_with_a_field_of_the_wrong_type_is_refused_and_changes_nothing(
    game_id, kind, fields
):
    game = builtin_registry().new_game(game_id, 3, 4, {})
    cls = type(game).action_types()[kind]
    base = {}
    for field in dataclasses.fields(cls):
        if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            base[field.name] = 0 if field.type in ("int", int) else "x"
    seat = min(game.to_act())
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="field"):
        game.apply(seat, cls(**{**base, **fields}))
    with pytest.raises(IllegalAction):
        game.parse_action({"kind": kind, **base, **fields})
    assert snapshot(game) == before


def test_an_action_whose_field_names_are_not_text_is_refused():
    game = builtin_registry().new_game("illusio", 3, 4, {})
    with pytest.raises(IllegalAction, match="text"):
        game.parse_action({"kind": "end", 1: 2, None: 3})
