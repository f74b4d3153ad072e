"""Real saves, and the ways a save file gets damaged or edited, for the save fuzz tests.

Each mutation takes the bytes of a real save and returns other bytes. A mutated file that
still loads must be the same match as the original (some cuts only remove a line break);
anything else must be refused in words and left exactly as it was.
"""

from __future__ import annotations

import json
import re
from functools import cache

from hypothesis import strategies as st

from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.engine.storage import json_text
from illusio_table.games import builtin_registry

MATCHES = [
    ("incantibus", 3, {"mode": "expert"}, 60),
    ("illusio", 3, {}, 80),
    ("illuminati", 3, {"stacked_money": True}, 60),
]


@cache
def real_save(index: int) -> bytes:
    game_id, seats, options, moves = MATCHES[index]
    players = [{"name": n, "bot": b} for n, b in (("Ana", None), ("Lera", None), ("Bo", "random"))]
    game = builtin_registry().new_game(game_id, seats, 21, options, players[:seats])
    bots = [RandomBot(seat, 3) for seat in range(seats)]
    while len(game.record.moves) < moves and not game.is_over():
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
    return json_text(game.record.to_file_json()).encode()  # as the program writes it


def _edit_json(data: bytes, change) -> bytes:
    save = json.loads(data)
    change(save)
    return json_text(save).encode()


def _set_header(field, value):
    return lambda save: save.__setitem__(field, value)


def _rename_player(save):
    save["players"][0]["name"] = "Mallory"


def _bot_for_human(save):
    save["players"][0]["bot"] = "random"


def _unknown_bot(save):
    save["players"][2]["bot"] = "oracle"


def _drop_last_moves(save):
    del save["moves"][-3:]


def _drop_last_moves_and_count(save):
    del save["moves"][-3:]
    save["count"] = len(save["moves"])


def _drop_a_middle_move(save):
    del save["moves"][len(save["moves"]) // 2]


def _swap_two_moves(save):
    moves = save["moves"]
    moves[3], moves[4] = moves[4], moves[3]


def _alter_an_action(save):
    action = save["moves"][5]["action"]
    key = next(k for k in action if k != "kind") if len(action) > 1 else "kind"
    action[key] = 7 if not isinstance(action[key], int) else action[key] + 1


def _flip_a_barrier(save):
    save["moves"][2]["barrier"] = not save["moves"][2]["barrier"]


def _nest_an_action(save):
    value: object = 1
    for _ in range(900):  # deep, yet within what json itself can write back
        value = [value]
    save["moves"][1]["action"] = value


def _huge_seat(save):
    save["moves"][0]["seat"] = 10**30


def _duplicate_a_move(save):
    save["moves"].insert(4, save["moves"][3])


def _withhold_someone(save):
    save["withheld"] = [1]


def _drop_the_end(save):
    del save["end"]


EDITS = {
    "rename a player": _rename_player,
    "a bot for a person": _bot_for_human,
    "an unknown bot": _unknown_bot,
    "cut the last moves": _drop_last_moves,
    "cut the last moves and fix the count": _drop_last_moves_and_count,
    "drop a middle move": _drop_a_middle_move,
    "swap two moves": _swap_two_moves,
    "alter an action": _alter_an_action,
    "flip a barrier": _flip_a_barrier,
    "nest an action deeply": _nest_an_action,
    "a huge seat": _huge_seat,
    "duplicate a move": _duplicate_a_move,
    "claim a withheld choice": _withhold_someone,
    "drop the end check": _drop_the_end,
    "another seed": _set_header("seed", 22),
    "a negative seed": _set_header("seed", -1),
    "a seed too large": _set_header("seed", 2**64),
    "another game": _set_header("game", "chess"),
    "another seat count": _set_header("seats", 4),
    "an option": _set_header("options", {"target": 99}),
    "version 1": _set_header("version", 1),
    "a string version": _set_header("version", "2"),
    "not a save": _set_header("format", "something else"),
    "moves not a list": _set_header("moves", {"0": 1}),
    "players not a list": _set_header("players", "Ana"),
}


def mutate(data: bytes, how: str, where: int, junk: bytes) -> bytes:
    """One damage of the raw bytes; `where` is a fraction of the length in thousandths."""
    at = len(data) * where // 1000
    if how == "truncate":
        return data[:at]
    if how == "junk":
        return data[:at] + junk + data[at + len(junk) :]
    if how == "insert":
        return data[:at] + junk + data[at:]
    if how == "nest":
        return b"[" * 50_000 + data + b"]" * 50_000
    if how == "long number":
        return re.sub(rb'"seed": \d+', b'"seed": ' + b"7" * 5000, data, count=1)
    if how == "long number elsewhere":
        return re.sub(rb'"seat": \d+', b'"seat": ' + b"9" * 5000, data, count=1)
    if how == "empty":
        return b""
    if how == "binary":
        return junk * 50
    return _edit_json(data, EDITS[how])


HOWS = ["truncate", "junk", "insert", "nest", "long number", "long number elsewhere"]
HOWS += ["empty", "binary", *EDITS]

mutations = st.tuples(
    st.integers(0, len(MATCHES) - 1),
    st.sampled_from(HOWS),
    st.integers(0, 1000),
    st.binary(min_size=1, max_size=8),
)

RAW_PYTHON = re.compile(r"Traceback|Expecting |Unterminated|Error\(|Errno|\\x[0-9a-f]{2}|codec")


def same_match(original: bytes, damaged: bytes) -> bool:
    """A damage that leaves the very same save (a cut line break, junk that is the same)."""
    try:
        return json.loads(damaged) == json.loads(original)
    except (ValueError, RecursionError):
        return False
