import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from illusio_table.games import builtin_registry  # noqa: E402
from tests.duel_game import DuelGame  # noqa: E402


@pytest.fixture
def registry():
    return builtin_registry().with_game(DuelGame)


def pytest_report_header(config):
    from illusio_table.games import compiled

    return f"engine: {'compiled (mypyc)' if compiled() else 'interpreted'}"


def pytest_configure(config):
    # `make test-compiled` runs tests against the compiled core (installer/core.py) and
    # says so: a run that picked up the source instead would prove nothing.
    if os.environ.get("ILLUSIO_TABLE_ENGINE") == "compiled":
        from illusio_table.games import compiled

        if not compiled():
            raise pytest.UsageError(
                "ILLUSIO_TABLE_ENGINE=compiled, but the engine imported is the source"
            )
