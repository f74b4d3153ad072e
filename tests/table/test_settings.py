"""The table's settings (table/settings.py): one typed, versioned record that a save
round-trips whole, reads strictly (a damaged or edited one is refused in words and the
file left as it was), and that reads the flags of older saves."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from illusio_table.engine import Match, RecordError
from illusio_table.games import builtin_registry
from illusio_table.table.settings import (
    VERSION,
    Drill,
    GuideProgress,
    TableSettings,
    load_match,
    open_match,
)

PLAYERS = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Robo", "bot": "cunning"},
]
EVERYTHING = TableSettings(
    devices=(1,),
    aside=(0, 2),
    table_mode=True,
    rehearsal=True,
    coach=0,
    coach_from=1,
    drill=Drill(
        "0123abcd", 0, 2, 2.25, ("You pointed at the Pumpkin.", "Given what…"), ((2, {"x": 1}),)
    ),
    guide=GuideProgress("incantibus", ("point", "win a target")),
)


def _match() -> Match:
    match = Match.start("incantibus", PLAYERS, 5, {"mode": "apprentice"}, registry=REGISTRY)
    match.apply(2, match.legal_actions(2)[0])
    return match


REGISTRY = builtin_registry()


def _saved(tmp_path, table: dict) -> tuple:
    """A save whose settings are `table`, written with every checksum right (as a
    determined editor would): only the settings' own reading can refuse them."""
    match = _match()
    match.table.clear()
    match.table.update(table)
    path = tmp_path / "m.illusio.json"
    path.write_text(match.file_text(), encoding="utf-8")
    return path, path.read_bytes()


def test_every_table_setting_comes_back_from_a_save(tmp_path):
    match = _match()
    EVERYTHING.keep_in(match)
    path = tmp_path / "m.illusio.json"
    path.write_text(match.file_text(), encoding="utf-8")
    again, settings = open_match(path, REGISTRY)
    assert settings == EVERYTHING
    assert again.moves_made + len(again.withheld) == match.moves_made  # (a secret choice)
    assert json.loads(path.read_text())["table"]["version"] == VERSION
    # Each drill's state, and no drill or guide at all, come back the same too.
    for other in (replace(EVERYTHING, drill=replace(EVERYTHING.drill, done=True)), TableSettings()):
        other.keep_in(match)
        assert load_match(match.file_json(), REGISTRY)[1] == other


def test_a_save_of_the_older_kind_with_flags_is_read_into_the_settings(tmp_path):
    flags = {"device 1": True, "aside 2": True, "table_mode": True, "rehearsal": True}
    path, _ = _saved(tmp_path, flags)
    _, settings = open_match(path, REGISTRY)
    assert settings == TableSettings(
        devices=(1,), aside=(2,), table_mode=True, rehearsal=True, coach=0
    )
    _, plain = open_match(_saved(tmp_path, {})[0], REGISTRY)
    assert plain == TableSettings()


def test_a_save_of_version_1_has_its_coach_from_the_first_move(tmp_path):
    """Version 1 kept no start for the coach: its coach began with the match."""
    older = {k: v for k, v in EVERYTHING.to_json().items() if k != "coach_from"}
    _, settings = open_match(_saved(tmp_path, {**older, "version": 1})[0], REGISTRY)
    assert settings == replace(EVERYTHING, coach_from=0)


BAD = {
    "not a table": ([], "not a table of names"),
    "an unknown flag of old": ({"fly": True}, "'fly' is not a setting"),
    "an old flag not a flag": ({"table_mode": "yes"}, "is not a setting"),
    "an old phone for a bot": ({"device 2": True}, "is not a setting"),
    "an old seat in other digits": ({"device \u00b9": True}, "is not a setting"),
    "an old seat of many digits": ({"aside " + "1" * 5000: True}, "is not a setting"),
    "a newer version": ({**EVERYTHING.to_json(), "version": VERSION + 1}, "newer version"),
    "a version of words": ({**EVERYTHING.to_json(), "version": "1"}, "version"),
    "a field missing": (
        {k: v for k, v in EVERYTHING.to_json().items() if k != "aside"},
        "aside missing",
    ),
    "a field unknown": ({**EVERYTHING.to_json(), "speed": 3}, "'speed' unknown"),
    "a phone for a bot": ({**EVERYTHING.to_json(), "devices": [2]}, "cannot be one"),
    "a seat beyond the table": ({**EVERYTHING.to_json(), "aside": [0, 7]}, "cannot be one"),
    "seats repeated": ({**EVERYTHING.to_json(), "devices": [1, 1]}, "repeated"),
    "seats as words": ({**EVERYTHING.to_json(), "aside": ["0"]}, "not a list of seats"),
    "table mode as a number": ({**EVERYTHING.to_json(), "table_mode": 1}, "neither on nor off"),
    "a coach for a bot": ({**EVERYTHING.to_json(), "coach": 2}, "no person holds"),
    "a coach of true": ({**EVERYTHING.to_json(), "coach": True}, "no person holds"),
    "a coach from before the match": (
        {**EVERYTHING.to_json(), "coach_from": -1},
        "not a count of moves",
    ),
    "a coach from words": ({**EVERYTHING.to_json(), "coach_from": "2"}, "not a count of moves"),
    "a version 2 without the coach's start": (
        {k: v for k, v in EVERYTHING.to_json().items() if k != "coach_from"},
        "coach_from missing",
    ),
    "a drill for a bot": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "seat": 2}},
        "no person holds",
    ),
    "a drill's cost of words": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "cost": "2"}},
        "not a number",
    ),
    "a drill's cost far too large": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "cost": 10**400}},
        "not a number",
    ),
    "a drill below nothing": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "cost": -1}},
        "below nothing",
    ),
    "a drill's words not texts": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "said": [1]}},
        "not a list of texts",
    ),
    "a drill without its end": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "done": None}},
        "neither on nor off",
    ),
    "a drill as a list": ({**EVERYTHING.to_json(), "drill": [1]}, "drill is not a table"),
    "a drill's others as a table": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "others": {"1": {}}}},
        "not a list of seats and moves",
    ),
    "a drill's other who is its own seat": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "others": [[0, {}]]}},
        "name a seat twice or none",
    ),
    "a drill's other beyond the table": (
        {**EVERYTHING.to_json(), "drill": {**EVERYTHING.drill.to_json(), "others": [[5, {}]]}},
        "name a seat twice or none",
    ),
    "a guide of no game": (
        {**EVERYTHING.to_json(), "guide": {"game": "", "learnt": []}},
        "names no game",
    ),
    "a guide with more": (
        {**EVERYTHING.to_json(), "guide": {"game": "incantibus", "learnt": [], "x": 1}},
        "unknown",
    ),
}


@pytest.mark.parametrize("how", BAD)
def test_malformed_table_settings_are_refused_in_words_and_the_file_left_as_it_was(tmp_path, how):
    table, reason = BAD[how]
    match = _match()
    match.game.record.table = table  # (a list too: the engine itself refuses that one)
    path = tmp_path / "m.illusio.json"
    path.write_text(match.file_text(), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(RecordError) as refused:
        open_match(path, REGISTRY)
    assert "table settings are malformed" in refused.value.message
    assert reason in refused.value.message
    assert path.read_bytes() == before


def test_settings_edited_in_a_save_without_its_checksums_are_refused(tmp_path):
    path, _ = _saved(tmp_path, EVERYTHING.to_json())
    data = json.loads(path.read_text())
    data["table"]["coach"] = 1  # a person's seat: only the checksum can tell
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="altered after saving"):
        open_match(path, REGISTRY)


def test_settings_a_load_would_refuse_are_never_written():
    match = _match()
    with pytest.raises(RecordError, match="no person holds"):
        replace(EVERYTHING, coach=2).keep_in(match)
    assert match.table == {}


def test_the_command_line_replay_refuses_malformed_settings_too(tmp_path, capsys):
    from illusio_table import cli

    path, before = _saved(tmp_path, {**EVERYTHING.to_json(), "devices": [2]})
    assert cli.cmd_replay(path) == 1
    assert "cannot be one" in capsys.readouterr().err
    assert path.read_bytes() == before
