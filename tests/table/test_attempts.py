"""What a table tries where no move is legal, and the moves it puts together in several
choices, are the games' own moves: each reads back through the game's parser (a renamed
field is refused there, and by the type checker), and the engine answers it in words."""

from __future__ import annotations

import pytest

from illusio_table.engine import IllegalAction
from illusio_table.games import builtin_registry
from illusio_table.games.illuminati.table import attempts as illuminati
from illusio_table.games.illusio.table import attempts as illusio
from illusio_table.games.incantibus.table import attempts as incantibus


def read(game_id: str, data: dict, seats: int = 3) -> str | None:
    game = builtin_registry().new_game(
        game_id, seats, 1, {"mode": "expert"} if game_id == "incantibus" else {}
    )
    action = game.parse_action(data)  # raises IllegalAction on a field the game lacks
    assert action.to_json() == data
    return game.why_not(0, action)


@pytest.mark.parametrize(
    ("game_id", "made"),
    [
        ("illusio", illusio.illusio_exchange([5, 2])),
        ("illusio", illusio.illusio_realize(3, [9, 1])),
        ("illuminati", illuminati.illuminati_control("the-mafia", "gun-lobby")),
        ("incantibus", incantibus.incantibus_point("room", 2)),
        ("incantibus", incantibus.incantibus_choose(7)),
        ("incantibus", incantibus.incantibus_cast(0)),
        ("incantibus", incantibus.incantibus_decline()),
    ],
)
def test_a_move_a_table_puts_together_is_the_games_own(game_id, made):
    reason = read(game_id, made)
    assert reason is None or isinstance(reason, str)


def test_every_illusio_drop_tries_a_move_the_game_reads():
    game = builtin_registry().new_game("illusio", 3, 2, {})
    view = game.view(0)
    card = view["hand"][0]["id"]
    objective = view["contest"][0]["id"]
    tried = [
        illusio.illusio(view, ("card", card), where)
        for where in [
            ("backstage", 0),
            ("objective", objective),
            ("deck",),
            ("discard",),
            ("seat", 1),
            ("tricks", 0),
        ]
    ] + [
        illusio.illusio(view, ("objective", objective), ("tricks", 0)),
        illusio.illusio(view, ("objective", objective), ("discard",)),
        illusio.illusio(view, ("magician", 0), ("card", card)),
        illusio.illusio(view, ("magician", 0), ("card", 999)),
        illusio.illusio(view, ("magician", 0), ("seat", 1)),
        illusio.illusio(view, ("magician", 0), ("discard",)),
    ]
    assert None not in tried
    for data in tried:
        action = game.parse_action(data)
        reason = game.why_not(0, action)
        assert reason is None or reason.strip(), data
    assert illusio.illusio(view, ("card", card), ("nowhere",)) is None
    with pytest.raises(IllegalAction):
        game.parse_action({**tried[0], "cardz": 1})
