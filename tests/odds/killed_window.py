"""The program with the fourth game, in a process of its own, to be killed: `python -m
tests.odds.killed_window DATA SETTINGS` opens the real main window (offscreen) on that
data folder and settings file, starts a rehearsal of the fourth game (found on its path
as an installed game is: the test puts its distribution's folder on PYTHONPATH), plays
two rounds, prints `screen JSON` (what it shows and keeps) and waits to be killed."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from illusio_table.qt.app.main import make_app  # noqa: E402
from illusio_table.qt.app.new_game_dialog import GameConfig  # noqa: E402
from tests.qt.table_states import screen, window_for  # noqa: E402

from .kit import KIT  # noqa: E402
from .rules import Show  # noqa: E402

PLAYERS = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "mixed"}]


def main() -> int:
    data, settings = Path(sys.argv[1]), Path(sys.argv[2])
    app = make_app([])
    window = window_for(data, settings, bot_delay_ms=0)

    def set_up() -> None:
        try:
            assert window.start_match(GameConfig(KIT.game_id, PLAYERS, 21), rehearsal=True)
            session = window.model.session
            for fingers in (1, 2):  # the bot chooses first; the second round's reveal
                while session.match.to_act() != {0}:  # leaves it waiting
                    QApplication.processEvents()
                if fingers == 2:
                    session.bot_delay_ms = None
                session.act(Show(fingers))
            QApplication.processEvents()
        except BaseException as error:  # (said to the test, which would wait in vain)
            print(f"failed {error!r}", flush=True)
            app.exit(1)
            raise
        print(f"screen {json.dumps(screen(window))}", flush=True)

    QTimer.singleShot(0, set_up)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
