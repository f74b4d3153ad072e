"""One seat screen (table/seat_screen.py): what a seat is asked is said once, and the
desktop's table and the phone's page draw the same words. Here every seat of seeded
matches played by the games' bots, at every move, has its heading read twice: as the
desktop's table draws it, and from the state frame its phone is sent."""

from __future__ import annotations

import json
from typing import Any

import pytest

from illusio_table.engine import Match
from illusio_table.games import builtin_registry
from illusio_table.qt.scenes import table_scene
from illusio_table.remote.seats import state_message
from illusio_table.table.seat_screen import match_screen

NAMES = ["Ana", "Lera", "Sam", "Tom"]

# (game, its options, the bots at its seats, seeds): every option of each game is on in
# one of them, and the bots include each game's own, whose matches reach the states a
# person meets (offers and attacks, spells and the dungeon, discards).
MATCHES = [
    ("illusio", {}, ["showman", "random", "showman"], (1, 2)),
    ("illusio", {"target": 5}, ["random", "showman"], (3,)),
    ("illuminati", {}, ["schemer", "random", "schemer"], (1, 2)),
    (
        "illuminati",
        {"hidden_goals": True, "hidden_illuminati": True, "stacked_money": True},
        ["schemer", "schemer", "random", "schemer"],
        (3,),
    ),
    ("illuminati", {"longer_game": 2}, ["random", "schemer"], (4,)),
    ("incantibus", {}, ["cunning", "random", "cunning"], (1, 2)),
    ("incantibus", {"mode": "expert"}, ["cunning", "cunning", "random", "cunning"], (3,)),
    ("incantibus", {"start_room": "random", "first_wand": 4}, ["random", "cunning"], (4,)),
]
MOVES = 400  # at most, a match (a match ends sooner, or is cut there)


def _desktop_heading(scene: Any, match: Match, seat: int, names: list[str]) -> str:
    """The heading the table draws for the seat, made as the window makes it."""
    scene.screen_of = lambda view, legal, names: match_screen(match, seat, names, view, legal)
    scene.show_view(match.view(seat), match.legal_actions(seat), names, match.title)
    return str(scene.heading_words())


def _phone_heading(match: Match, seat: int, names: list[str]) -> str:
    return str(json.loads(state_message(match, seat, names)[1])["heading"])


@pytest.mark.parametrize(
    "game_id, options, bots, seeds", MATCHES, ids=[f"{m[0]}-{m[1]}" for m in MATCHES]
)
def test_the_desktop_and_the_phone_head_every_seat_alike(qtbot, game_id, options, bots, seeds):
    registry = builtin_registry()
    card_data = registry.get(game_id).card_data()
    scene = table_scene(game_id, None, card_data)
    scene.animation_ms = scene.glide_ms = 0
    for seed in seeds:
        names = NAMES[: len(bots)]
        players = [{"name": n, "bot": b} for n, b in zip(names, bots, strict=True)]
        match = Match.start(game_id, players, seed, options, registry=registry)
        headings: set[str] = set()
        for _ in range(MOVES):
            for seat in range(len(bots)):
                desktop = _desktop_heading(scene, match, seat, names)
                phone = _phone_heading(match, seat, names)
                assert desktop == phone, (game_id, seed, match.moves_made, seat)
                assert desktop, "every seat is told something"
                headings.add(desktop)
            if match.is_over():
                break
            match.play_bot(match.waiting_bots()[0])
        # Not one heading said all through: the words follow the match.
        assert len(headings) > 3, headings


@pytest.mark.parametrize("game_id", ["illusio", "illuminati", "incantibus"])
def test_the_window_heads_its_table_as_the_phone_of_that_seat(window, game_id):
    """In a real window (the heading made as the window makes it, with the match), the
    table's heading is the one a phone of the seat at the screen would read, move after
    move."""
    from tests.qt.table_states import ANA, bots, lift, start

    others = [{"name": f"Bot {n}", "bot": "random"} for n in (1, 2)]
    start(window, game_id, [ANA, *others], 5)
    session = window.model.session
    names = [p["name"] for p in session.match.players]
    compared = 0
    for _ in range(12):
        lift(window)
        window._update()
        if session.match.is_over() or session.viewer is None:
            break
        phone = _phone_heading(session.match, session.viewer, names)
        assert window.scene.heading_words() == phone
        compared += 1
        legal = session.legal_actions()
        if not legal:
            break
        session.act(legal[0])
        bots(window)
    assert compared >= 3
