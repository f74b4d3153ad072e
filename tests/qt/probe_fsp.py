def four_schemers_play_opts(window, seeds, steps, look, options, names=("Lera", "Milo", "Juno")):
    from illusio_table.engine.bots import bot_move
    from illusio_table.games.illuminati.bots import SchemerBot
    from tests.qt.conftest import lift_curtain
    from tests.qt.test_illuminati_table import start

    window.resize(1280, 720)
    four = [{"name": "Ana", "bot": None}] + [{"name": n, "bot": "schemer"} for n in names]
    for seed in seeds:
        start(window, four, seed=seed, options=options)
        model, game = window.model, window.model.session.game
        for step in range(steps):
            lift_curtain(window)
            look(game, step)
            if game.is_over():
                break
            if 0 in game.to_act():
                model.session.act(bot_move(game, SchemerBot(0, seed), 0))
            elif not model.session.step_bot():
                break
