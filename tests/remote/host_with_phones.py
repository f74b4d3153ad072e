"""A host for the kill test with phones: `python -m tests.remote.host_with_phones DATA`
opens the real main window (offscreen) on that data folder, starts an Incantibus match
with two seats on phones (loopback only) and a bot, prints `address SEAT URL` for each
phone seat, and `moves N` after each move is applied and autosaved.

`--port N` fixes the phones' port (the setting a firewalled network needs);
`--close-when-joined` closes the window, as a person quitting would, once both phones
have joined (and prints `closing`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QTimer  # noqa: E402

from illusio_table.qt.app.main import make_app  # noqa: E402
from illusio_table.qt.app.main_window import MainWindow  # noqa: E402
from illusio_table.qt.app.new_game_dialog import GameConfig  # noqa: E402

PLAYERS = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Robo", "bot": "random"},
]


def main() -> int:
    data = Path(sys.argv[1])
    flags = sys.argv[2:]
    app = make_app([])
    settings = QSettings(str(data / "settings.ini"), QSettings.Format.IniFormat)
    if "--port" in flags:
        settings.setValue("phones/port", int(flags[flags.index("--port") + 1]))
    window = MainWindow(data_dir=data, settings=settings, bot_delay_ms=1, interactive=False)
    window.motion = False
    window.phones.network = False
    window.show()

    def start() -> None:
        config = GameConfig("incantibus", PLAYERS, 77, {"mode": "apprentice"}, devices=[0, 1])
        window.start_match(config)
        window.model.session.syllable_ms = 10
        for seat in (0, 1):
            print(f"address {seat} {window.phones.hub.address(seat)}", flush=True)
        window.model.changed.connect(
            lambda *_: print(f"moves {len(window.model.session.game.record.moves)}", flush=True)
        )
        if "--close-when-joined" in flags:
            hub = window.phones.hub

            def joined(_seat: int) -> None:
                if all(hub.status(seat) == "joined" for seat in (0, 1)):
                    print("closing", flush=True)
                    QTimer.singleShot(100, window.close)

            hub.presence.connect(joined)

    QTimer.singleShot(0, start)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
