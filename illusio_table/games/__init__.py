"""The built-in games, one package each. Listed as "module:Class" so that they load lazily."""

BUILTIN: tuple[str, ...] = (
    "illusio_table.games.illusio:Illusio",
    "illusio_table.games.incantibus:Incantibus",
)
