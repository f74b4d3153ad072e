"""Damaged and edited saves through the window's Open: refused in words, nothing changed."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from illusio_table.qt.app.new_game_dialog import GameConfig
from tests.save_mutations import RAW_PYTHON, mutate, mutations, real_save, same_match

PLAYERS = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutation=mutations)
def test_open_refuses_a_damaged_save_in_words_and_keeps_the_match_in_play(
    mutation, window, tmp_path
):
    if window.model is None:
        window.start_match(GameConfig("incantibus", PLAYERS, seed=5))
    index, how, where, junk = mutation
    original = real_save(index)
    damaged = mutate(original, how, where, junk)
    path = tmp_path / "match.illusio.json"
    path.write_bytes(damaged)
    in_play = window.model.session.game.record.to_json()
    told = len(window.messages)
    opened = window.open_file(path)
    assert path.read_bytes() == damaged
    if same_match(original, damaged):
        assert opened
        window.start_match(GameConfig("incantibus", PLAYERS, seed=5))
        return
    assert not opened, f"{how} was opened"
    message = window.messages[-1]
    assert len(window.messages) == told + 1
    assert message.startswith(f"Cannot open the match: {path}: ")
    assert message.endswith("The file was left as it is.")
    assert not RAW_PYTHON.search(message), message
    assert window.model.session.game.record.to_json() == in_play  # the match in play goes on
