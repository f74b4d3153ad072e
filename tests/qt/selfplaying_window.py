"""A window in which bots play match after match, for the kill test.

`python -m tests.qt.selfplaying_window DATA_DIR SEED` opens the real main window
(offscreen) on that data folder and lets bots play every game in turn through the event
loop, as they do at a table. After each move is applied and autosaved it prints
`moves N` (N: the moves of the match in play), and `match GAME` when one begins, so the
test knows how far the match had gone when it killed the process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QTimer  # noqa: E402

from illusio_table.qt.app.main import make_app  # noqa: E402
from illusio_table.qt.app.main_window import MainWindow  # noqa: E402
from illusio_table.qt.app.new_game_dialog import GameConfig  # noqa: E402

GAMES = ("incantibus", "illusio", "illuminati")


def main() -> int:
    data, seed = Path(sys.argv[1]), int(sys.argv[2])
    app = make_app([])
    settings = QSettings(str(data / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(data_dir=data, settings=settings, bot_delay_ms=1, interactive=False)
    window.motion = False  # moves as fast as bots make them
    window.show()
    played = 0

    def report(*_: object) -> None:
        print(f"moves {len(window.model.session.game.record.moves)}", flush=True)

    def next_match() -> None:
        nonlocal played
        game_id = GAMES[(seed + played) % len(GAMES)]
        players = [{"name": f"Bot {s + 1}", "bot": "random"} for s in range(4)]
        played += 1
        print(f"match {game_id}", flush=True)
        window.start_match(GameConfig(game_id, players, seed * 100 + played))
        window.model.changed.connect(report)
        window.model.finished.connect(lambda: QTimer.singleShot(0, next_match))

    QTimer.singleShot(0, next_match)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
