"""The fourth game's golden match: one seeded game of its heuristic bots (the mixed
ones), every step written out as the program's own playthroughs are
(tests/engine/playthrough.py), pinned in `golden.txt` beside it. After a deliberate change
of its rules, `python -m tests.odds.test_golden` writes it again."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.engine.playthrough import step_by_step

from .install import installed
from .kit import KIT

GOLDEN = Path(__file__).with_name("golden.txt")


def played() -> str:
    with tempfile.TemporaryDirectory() as folder, installed(Path(folder)):
        return step_by_step(KIT.game_id, 2, {}, number=1)  # odd: its heuristic bots


def test_the_fourth_game_plays_as_its_golden_match_reads():
    assert played() == GOLDEN.read_text(encoding="utf-8"), "`python -m tests.odds.test_golden`"


if __name__ == "__main__":
    GOLDEN.write_text(played(), encoding="utf-8")
    print(f"wrote {GOLDEN}", file=sys.stderr)
