import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from illusio_table.games import builtin_registry  # noqa: E402
from tests.duel_game import DuelGame  # noqa: E402


@pytest.fixture
def registry():
    return builtin_registry().with_game(DuelGame)
