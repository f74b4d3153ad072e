"""A match saved after every move keeps its moves' checksums and lines from one save to
the next (the autosave no longer chains and writes every move again): the file is the same
as one written from nothing, after moves, an undo, other moves and a changed table."""

from __future__ import annotations

from illusio_table.engine import Match
from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.engine.record import CheckChain
from illusio_table.engine.storage import json_text
from illusio_table.games import builtin_registry


def test_a_kept_chain_writes_the_file_a_new_one_writes():
    players = [{"name": n, "bot": None} for n in ("Ana", "Lera", "Milo")]
    match = Match.start("incantibus", players, 4, {"mode": "expert"}, registry=builtin_registry())
    kept = CheckChain()
    bots = [RandomBot(s, 1) for s in range(3)]
    for step in range(60):
        game = match.game
        seat = min(game.to_act())
        match.apply(seat, bot_move(game, bots[seat], seat))
        if step == 30:
            match.undo(seat)  # (if it may) the chain breaks at the undone move
        if step == 40:
            match.game.record.table["table_mode"] = True  # a changed header: chained anew
        record = match.game.record
        assert record.to_file_json(kept) == record.to_file_json()
        assert record.to_file_text(kept) == json_text(record.to_file_json())
    assert len(kept.checks) == len(match.game.record.moves)
