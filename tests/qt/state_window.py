"""A window put in one of the table's states, for the kill test: `python -m
tests.qt.state_window DATA SETTINGS STATE` opens the real main window (offscreen) on
that data folder and settings file, sets up STATE (table_states.STATES), prints
`screen JSON` (what it shows and keeps) and waits to be killed."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer  # noqa: E402

from illusio_table.qt.app.main import make_app  # noqa: E402
from tests.qt.table_states import STATES, screen, window_for  # noqa: E402


def main() -> int:
    data, settings, state = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    app = make_app([])
    window = window_for(data, settings)

    def set_up() -> None:
        try:
            STATES[state](window)
        except BaseException as error:  # (said to the test, which would wait in vain)
            print(f"failed {error!r}", flush=True)
            app.exit(1)
            raise
        print(f"screen {json.dumps(screen(window))}", flush=True)

    QTimer.singleShot(0, set_up)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
