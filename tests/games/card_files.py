"""Card files edited for a test: what the loader says of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from illusio_table.data import CardDataError

CARDS = Path(__file__).resolve().parents[2] / "cards"


def problems_after_edit(
    folder: Path, game_id: str, load: Callable, old: str, new: str
) -> list[str]:
    """Writes the game's card file into `folder` with `old` replaced by `new` once, and
    returns every problem the (cached) loader reports for it."""
    text = (CARDS / f"{game_id}.yaml").read_text(encoding="utf-8")
    assert old in text
    (folder / f"{game_id}.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    load.cache_clear()
    try:
        with pytest.raises(CardDataError) as caught:
            load(folder)
    finally:
        load.cache_clear()
    return caught.value.problems
