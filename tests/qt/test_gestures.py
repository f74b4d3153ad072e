"""Every legal action has a gesture on something the table draws.

Seeded random self-play visits 1,000 states of Incantibus (both modes, 2 to 4 seats) and
1,000 of Illusio and 1,000 of Illuminati (half of them with every option; 2 to 4
seats). In each, the table draws the waiting seat's view; every
legal action must come out of the gesture map at least once, with its target (and the
piece it is dragged from, if any) drawn on the table. So no move needs a list of buttons
or the Moves panel.
"""

from __future__ import annotations

import pytest

from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.games import builtin_registry
from illusio_table.qt.scenes import table_scene

STATES = 500  # per mode: 1,000 in all


def visit(game_id: str, options: dict, states: int):
    """Yields (game, seat) for `states` states of seeded random games."""
    seen, seed = 0, 0
    registry = builtin_registry()
    while seen < states:
        seats = 2 + seed % 3
        game = registry.new_game(game_id, seats, 1000 + seed, options)
        bots = [RandomBot(s, seed) for s in range(seats)]
        while not game.is_over() and seen < states:
            seat = min(game.to_act())
            yield game, seat
            seen += 1
            game.apply(seat, bot_move(game, bots[seat], seat))
        seed += 1


@pytest.mark.parametrize(
    ("game_id", "options", "states", "kinds"),
    [
        ("incantibus", {"mode": "apprentice"}, STATES, {"point", "discard", "choose"}),
        ("incantibus", {"mode": "expert"}, STATES, {"point", "discard", "cast", "choose"}),
        (
            "illuminati",
            {},
            STATES,
            {"attack", "spend", "transfer", "move", "drop", "give-money", "end-turn"},
        ),
        (
            "illuminati",
            {"hidden_goals": True, "hidden_illuminati": True, "stacked_money": True},
            STATES,
            {"attack", "spend", "transfer", "accuse", "choose-goal"},
        ),
        (
            "illusio",
            {},
            2 * STATES,
            {
                "backstage",
                "special",
                "transform",
                "take",
                "exchange",
                "realize",
                "place",
                "abandon",
                "talent",
                "end-turn",
                "discard",
            },
        ),
    ],
)
def test_every_legal_action_has_a_gesture_on_something_drawn(qapp, game_id, options, states, kinds):
    scene = table_scene(game_id, None, builtin_registry().get(game_id).card_data())
    scene.animation_ms = 0
    seen = set()
    try:
        for game, seat in visit(game_id, options, states):
            view, legal = game.view(seat), game.legal_actions(seat)
            names = [game.name(s) for s in range(game.seats)]
            scene.show_view(view, legal, names, "test")
            made = {}
            for gesture in scene.gestures:
                made.setdefault(gesture.action, []).append(gesture)
            for action in legal:
                seen.add(action.kind)
                gestures = made.get(action)
                assert gestures, f"no gesture for {action} ({game.describe(action, seat)})"
                for gesture in gestures:
                    assert gesture.target in scene.targets, f"{gesture.target} is not drawn"
                    assert scene.drawn(gesture.source), f"{gesture.source} is not drawn"
                clickable = action in scene.moves.get(gestures[0].target, [])
                draggable = any(
                    action in scene.drops.get((g.source, g.target), []) for g in gestures
                )
                assert clickable or draggable, f"{action} can be neither clicked nor dragged"
    finally:
        scene.clear()
        scene.deleteLater()
    assert kinds <= seen, seen
