"""Illuminati's demo tour: the pictures `illusio-table demo` takes of its table."""

from __future__ import annotations

from pathlib import Path

from illusio_table.demo import table_shots


def tour(window, out: Path, seed: int) -> list[Path]:
    """Ana and schemer bots play Illuminati at 2, 4 and 8 seats; Ana's table is pictured
    mid-game, and at 4 seats during an attack, at two window sizes each."""
    from illusio_table.engine.bots import bot_move
    from illusio_table.qt.app.new_game_dialog import GameConfig

    written: list[Path] = []
    others = ("Lera", "Milo", "Juno", "Pia", "Ode", "Kai", "Rex")
    for seats in (2, 4, 8):
        players = [{"name": "Ana", "bot": None}] + [
            {"name": n, "bot": "schemer"} for n in others[: seats - 1]
        ]
        window.bot_delay_ms = None
        window.start_match(GameConfig("illuminati", players, seed))
        model, game = window.model, window.model.session.game
        ana = game.bots["schemer"](0, seed)
        moves, attack_shot = 0, seats != 4
        while not game.is_over() and moves < 40 * seats:
            if 0 in game.to_act():
                if window.stack.currentWidget() is window.curtain:
                    window.curtain.button.click()
                model.session.act(bot_move(game, ana, 0))
            elif not model.session.step_bot():
                break
            moves += 1
            if not attack_shot and game.view(0)["attack"] is not None and moves > 20:
                attack_shot = True
                written += table_shots(window, out, "illuminati-attack")
        written += table_shots(window, out, f"illuminati-{seats}-seats")
        log = out / f"illuminati-{seats}-seats-log.txt"
        log.write_text("\n".join(game.log(0)) + "\n", encoding="utf-8")
        written.append(log)
    return written
