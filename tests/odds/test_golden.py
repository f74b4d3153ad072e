"""The fourth game's golden playthroughs, kept in its folder as every game keeps its own
(`playthroughs/`: the matches it samples, `matches.json`, and their playthroughs written
by the program's `tests/engine/playthrough.py`): found through its installed entry point,
played again and compared exactly. After a deliberate change of its rules,
`python -m tests.odds.test_golden` writes them again."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from tests.engine.matches import golden_folder
from tests.engine.playthrough import many_games, name, step_by_step

from .install import installed
from .kit import KIT

FOLDER = Path(__file__).with_name("playthroughs")


def played() -> dict[Path, str]:
    """Each playthrough file of the matches the folder lists, as the rules play it now."""
    out = {}
    with tempfile.TemporaryDirectory() as site, installed(Path(site)):
        assert golden_folder(KIT.game_id) == FOLDER  # where the program's checks look
        for entry in json.loads((FOLDER / "matches.json").read_text(encoding="utf-8")):
            seats, options = entry["seats"], entry["options"]
            stem = name(KIT.game_id, seats, options)
            out[FOLDER / f"{stem}.txt"] = step_by_step(KIT.game_id, seats, options)
            out[FOLDER / f"{stem}-games.txt"] = many_games(KIT.game_id, seats, options)
    return out


def test_the_fourth_game_plays_as_its_golden_playthroughs_read():
    files = played()
    assert set(FOLDER.glob("*.txt")) == set(files), "stale or missing playthroughs"
    for path, text in files.items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} no longer plays so"


if __name__ == "__main__":
    for path, text in played().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
