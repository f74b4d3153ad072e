"""A guided first game played without a window, as the window plays it: the guide follows
the match after every move, the newcomer makes the lit move or another, bots answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.match import Match
from illusio_table.games import builtin_registry
from illusio_table.table.guide import SEAT, Guide, GuideRun

Choose = Callable[[GuideRun, list[Action], int], Action]


def lit_move(run: GuideRun, legal: list[Action], turn: int) -> Action:
    """The newcomer who does as the guide says (any move where it says nothing)."""
    return run.lit if run.lit is not None else legal[0]


def start(guide: Guide) -> tuple[Match, GuideRun]:
    players = [dict(p) for p in guide.players]
    match = Match.start(
        guide.game_id, players, guide.seed, guide.options, registry=builtin_registry()
    )
    return match, GuideRun(guide)


def follow(match: Match, run: GuideRun) -> list[Action]:
    """What the window does after each drawing; the newcomer's legal moves."""
    asked = SEAT in match.to_act()
    legal = match.legal_actions(SEAT) if asked else []
    run.follow(match, legal, asked)
    return legal


def play(
    guide: Guide, choose: Choose = lit_move, most: int = 400
) -> tuple[Match, GuideRun, list[dict[str, Any]]]:
    """Plays until the guide's bar goes (or the match ends); returns the match, the run and
    what the bar said at each of the newcomer's moves: the words, the lit move, the move."""
    match, run = start(guide)
    said: list[dict[str, Any]] = []
    turn = 0
    since = 0  # the log's length when the newcomer last moved
    for _ in range(most):
        legal = follow(match, run)
        if run.gone or match.is_over():
            break
        if legal:
            move = choose(run, legal, turn)
            said.append(
                {
                    "words": run.words("Make any move."),
                    "told": run.told,
                    "since": match.log(SEAT)[since:],  # the lines since the last move
                    "lit": run.lit,
                    "move": move,
                    "lesson": run.lesson.name if run.lesson else None,
                    "view": match.view(SEAT),
                }
            )
            since = len(match.log(SEAT))
            match.apply(SEAT, move)
            turn += 1
        else:
            seat = min(match.to_act())
            match.play_bot(seat)
    return match, run, said
