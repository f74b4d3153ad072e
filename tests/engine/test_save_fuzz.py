"""Damaged and edited saves through `illusio-table replay`: refused in words, never changed."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

from illusio_table import cli
from tests.save_mutations import EDITS, RAW_PYTHON, mutate, mutations, real_save, same_match


def replay(path, capsys) -> tuple[int, str]:
    code = cli.main(["replay", str(path)])
    return code, capsys.readouterr().err


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutation=mutations)
def test_a_damaged_save_is_refused_in_words_and_left_as_it_was(mutation, tmp_path, capsys):
    index, how, where, junk = mutation
    original = real_save(index)
    damaged = mutate(original, how, where, junk)
    path = tmp_path / "match.illusio.json"
    path.write_bytes(damaged)
    code, said = replay(path, capsys)
    assert path.read_bytes() == damaged
    if same_match(original, damaged):
        assert code == 0, said
        return
    assert code == 1, f"{how} was accepted"
    assert said.startswith(f"{path}: ") and said.rstrip().endswith("The file was left as it is.")
    assert not RAW_PYTHON.search(said), said


@pytest.mark.parametrize("how", sorted(EDITS))
def test_every_kind_of_edit_is_refused(how, tmp_path, capsys):
    """Each named edit once for each game, so none depends on hypothesis's draw."""
    for index in range(3):
        damaged = mutate(real_save(index), how, 0, b"x")
        path = tmp_path / f"{index}.illusio.json"
        path.write_bytes(damaged)
        code, said = replay(path, capsys)
        assert code == 1 and path.read_bytes() == damaged, f"{how}: {said}"
        assert not RAW_PYTHON.search(said), said


def test_an_untouched_save_replays(tmp_path, capsys):
    for index in range(3):
        path = tmp_path / f"{index}.illusio.json"
        path.write_bytes(real_save(index))
        code, said = replay(path, capsys)
        assert code == 0, said


def test_players_and_bots_are_under_the_checksum(tmp_path, capsys):
    for how, words in (
        ("rename a player", "players were altered"),
        ("a bot for a person", "players were altered"),
        ("cut the last moves and fix the count", "altered"),
        ("cut the last moves", "should hold"),
    ):
        path = tmp_path / "m.json"
        path.write_bytes(mutate(real_save(1), how, 0, b""))
        code, said = replay(path, capsys)
        assert code == 1 and words in said, said


@pytest.mark.parametrize(
    "how, words",
    [
        ("nest", "nested far too deeply"),
        ("long number", "number far too long"),
        ("truncate", "incomplete: it ends too early, at line"),
        ("binary", "is not text"),
    ],
)
def test_the_command_line_says_what_is_wrong_without_a_traceback(how, words, tmp_path):
    path = tmp_path / "m.json"
    path.write_bytes(mutate(real_save(0), how, 500, b"\xff\xfe"))
    run = subprocess.run(
        [sys.executable, "-m", "illusio_table.cli", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1 and words in run.stderr and "Traceback" not in run.stderr
