"""The matches the engine-wide checks sample: every game, and every option that changes
which moves exist or what is hidden."""

MATCHES = [
    ("incantibus", 3, {"mode": "apprentice"}),
    ("incantibus", 4, {"mode": "expert"}),
    ("illusio", 3, {}),
    ("illuminati", 3, {}),
    ("illuminati", 4, {"hidden_goals": True, "hidden_illuminati": True, "stacked_money": True}),
]

# The same, by game and options alone (the seats vary with the sample).
GAMES_AND_OPTIONS = [(game_id, options) for game_id, _, options in MATCHES]


def sampled_states(game_id, options, games, seed, steps, every, first):
    """Seeded games of random bots at 2, 3 and 4 seats: yields (game, step) at every
    `every`-th step from `first`, then plays on (what the caller did to the match stays)."""
    from illusio_table.engine.bots import RandomBot, bot_move
    from illusio_table.games import builtin_registry

    registry = builtin_registry()
    for number in range(games):
        seats = 2 + number % 3
        game = registry.new_game(game_id, seats, seed + number, options)
        bots = [RandomBot(s, number) for s in range(seats)]
        for step in range(steps):
            if game.is_over():
                break
            if step % every == first:
                yield game, step
            seat = min(game.to_act())
            game.apply(seat, bot_move(game, bots[seat], seat))
