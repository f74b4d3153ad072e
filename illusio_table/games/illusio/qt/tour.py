"""Illusio's demo tour: the pictures `illusio-table demo` takes of its table."""

from __future__ import annotations

from pathlib import Path

from illusio_table.demo import table_shots


def tour(window, out: Path, seed: int) -> list[Path]:
    """Ana and three showman bots play Illusio; Ana's moves are a bot's too, made through
    the window, so that her table (hand and all) is pictured: the start, a mid-game with
    two tricks under realization, a scoring, the end, each at two window sizes."""
    from illusio_table.engine.bots import bot_move
    from illusio_table.qt.app.new_game_dialog import GameConfig

    players = [{"name": "Ana", "bot": None}] + [
        {"name": n, "bot": "showman"} for n in ("Lera", "Milo", "Juno")
    ]
    window.bot_delay_ms = None
    window.start_match(GameConfig("illusio", players, seed))
    model, game = window.model, window.model.session.game
    ana = game.bots["showman"](0, seed)
    written: list[Path] = []

    def shots(moment: str) -> None:
        written.extend(table_shots(window, out, f"illusio-{moment}"))

    shots("start")
    wanted = ["mid-game", "scoring"]
    scored = 0
    while not game.is_over():
        if min(game.to_act()) == 0:
            if window.stack.currentWidget() is window.curtain:
                window.curtain.button.click()
            model.session.act(bot_move(game, ana, 0))
        else:
            model.session.step_bot()
        realizing = sum(not w.displayed for works in game.works for w in works)
        if "mid-game" in wanted and realizing >= 2:
            wanted.remove("mid-game")
            shots("mid-game")
        tricks = sum(len(t) for t in game.tricks)
        if "scoring" in wanted and tricks > scored:
            wanted.remove("scoring")
            shots("scoring")
        scored = tricks
    shots("end")
    log = out / "illusio-log.txt"
    log.write_text("\n".join(game.log(0)) + "\n", encoding="utf-8")
    return written + [log]
