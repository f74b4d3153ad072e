"""The headless demo: bots play every game offscreen; screenshots and logs go to a folder."""

from __future__ import annotations

import os
from pathlib import Path

from illusio_table.data import CardDataError
from illusio_table.engine import Registry
from illusio_table.games import builtin_registry
from illusio_table.table.kits import kit_of, load

SHOTS = 4  # screenshots per game, spread over the match


def run_demo(
    out: Path,
    registry: Registry | None = None,
    seed: int = 2026,
    size=(1366, 768),
    problems: list[str] | None = None,
) -> list[Path]:
    """Plays every game; returns the files written.

    With `problems` given, a game whose card file is broken is left out and its
    `file:line: message` lines are added there, so the other games are still shown;
    without it the CardDataError is raised.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from illusio_table.qt.app.main import make_app
    from illusio_table.qt.app.main_window import MainWindow
    from illusio_table.qt.app.new_game_dialog import NAMES, GameConfig

    registry = registry or builtin_registry()
    app = make_app([])
    out.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(out / "settings.ini"), QSettings.Format.IniFormat)
    written: list[Path] = []
    window = MainWindow(
        registry, data_dir=out / "data", settings=settings, bot_delay_ms=0, interactive=False
    )
    window.motion = False  # pictures of the table as it settles, not mid-animation
    window.resize(*size)
    window.show()
    app.processEvents()
    written.append(_shot(window, out / "welcome.png"))
    for game_id in registry.ids():
        tour = kit_of(game_id).tour
        if tour is not None:
            try:
                written += load(tour)(window, out, seed)
            except CardDataError as error:
                if problems is None:
                    raise
                problems.extend(error.problems)
            window.resize(*size)
            continue
        cls = registry.get(game_id)
        seats = min(cls.max_seats, 4)
        players = [{"name": NAMES[s], "bot": "random"} for s in range(seats)]
        try:
            total_guess = _length(registry, game_id, seats, seed)
        except CardDataError as error:
            if problems is None:
                raise
            problems.extend(error.problems)
            continue
        # The demo steps the bots itself, to take pictures along the way.
        window.bot_delay_ms = None
        window.start_match(GameConfig(game_id, players, seed))
        model = window.model
        marks = {int(total_guess * k / (SHOTS - 1)) for k in range(SHOTS - 1)}
        step = 0
        while True:
            if step in marks:
                written.append(_shot(window, out / f"{game_id}-{len(written):02d}-move{step}.png"))
            if not model.session.step_bot():
                break
            step += 1
        window.table.zoom_fit()
        written.append(_shot(window, out / f"{game_id}-{len(written):02d}-end.png"))
        log = out / f"{game_id}-log.txt"
        log.write_text("\n".join(model.session.game.log(None)) + "\n", encoding="utf-8")
        written.append(log)
    window.close()
    return written


SIZES = ((1280, 720), (1600, 1000))


def table_shots(window, out: Path, moment: str) -> list[Path]:
    """The seat's table at each size (the curtain lifted for the person at the screen)."""
    if window.stack.currentWidget() is window.curtain:
        window.curtain.button.click()
    written = []
    for size in SIZES:
        window.resize(*size)
        window.table.zoom_fit()
        written.append(_shot(window, out / f"{moment}-{size[0]}x{size[1]}.png"))
    return written


def _length(registry: Registry, game_id: str, seats: int, seed: int) -> int:
    from illusio_table.engine.selfplay import play_one

    game = registry.new_game(game_id, seats, seed)
    return play_one(game, ["random"] * seats)


def _shot(window, path: Path) -> Path:
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    window.grab().save(str(path))
    return path
