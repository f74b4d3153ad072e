"""The built-in games, one package each. Listed as "module:Class" so that they load lazily.

The first one is the New Game dialog's choice until the player picks another.
"""

BUILTIN: tuple[str, ...] = (
    "illusio_table.games.incantibus:Incantibus",
    "illusio_table.games.illusio:Illusio",
    "illusio_table.games.illuminati:IlluminatiGame",
)
