"""The engines' behaviour, pinned as readable playthroughs (`playthrough.py` says what
they hold). Each file is played again and compared exactly; on a difference the test shows
the first lines of the diff. After a deliberate change of behaviour, `make playthroughs`
writes them again, and the commit's diff shows what a player would see differently."""

from __future__ import annotations

import difflib

import pytest

from .matches import golden_folder
from .playthrough import files

FILES = list(files())


@pytest.mark.parametrize(("path", "how"), FILES, ids=[p.name for p, _ in FILES])
def test_the_engines_play_as_the_playthrough_reads(path, how):
    function, *args = how
    played = function(*args)
    file_name = path.name
    assert path.exists(), f"no playthrough {path.name}: write them with `make playthroughs`"
    pinned = path.read_text(encoding="utf-8")
    if played != pinned:
        diff = difflib.unified_diff(
            pinned.splitlines(), played.splitlines(), "pinned", "played", lineterm="", n=2
        )
        shown = "\n".join(line for _, line in zip(range(60), diff, strict=False))
        pytest.fail(f"{file_name} no longer plays as pinned (`make playthroughs`):\n{shown}")


def test_every_match_sampled_has_its_playthroughs():
    """Each game's folder holds the playthroughs of the matches it lists, and no other."""
    folders = {golden_folder(args[0]) for _, (_, *args) in FILES}
    written = {p for folder in folders for p in folder.glob("*.txt")}
    assert written == {p for p, _ in FILES}, "stale or missing files: `make playthroughs`"


def test_every_game_found_has_its_goldens():
    from illusio_table.games import found

    assert {args[0] for _, (_, *args) in FILES} == set(found())
