"""The built-in games, one package each. Named by id and "module:Class", so that each is
imported only when it is first played (the window opens without any).

The first one is the New Game dialog's choice until the player picks another.
"""

BUILTIN: dict[str, str] = {
    "incantibus": "illusio_table.games.incantibus:Incantibus",
    "illusio": "illusio_table.games.illusio:Illusio",
    "illuminati": "illusio_table.games.illuminati:IlluminatiGame",
}
