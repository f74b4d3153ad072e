"""What a person reads in the log of any game: no mark doubled where words were joined
("now controls C.I.A..", "included..", "Power Structure.;"), and at the end of an
Illuminati game, which goal won and, for one pursued in secret, whose it was."""

from __future__ import annotations

import random
import re

import pytest

from illusio_table.engine.match import Match
from illusio_table.engine.protocol import punctuated
from illusio_table.games import builtin_registry

DOUBLED = re.compile(r"(?<!\.)\.\.(?!\.)|\.;")

GAMES = [
    ("illuminati", {}, 3),
    ("illuminati", {"hidden_goals": True, "hidden_illuminati": True}, 4),
    ("illusio", {}, 3),
    ("incantibus", {"mode": "apprentice"}, 3),
]


def test_a_full_stop_is_not_doubled_where_words_were_joined():
    assert punctuated("Ana now controls C.I.A..") == "Ana now controls C.I.A."
    assert punctuated("13 Groups, the Illuminati included..") == (
        "13 Groups, the Illuminati included."
    )
    assert punctuated("your Power Structure.; then") == "your Power Structure; then"
    assert punctuated("Wait...") == "Wait..."  # an ellipsis stays
    assert punctuated("C.I.A.; it") == "C.I.A.; it"  # a name's own stop stays


@pytest.mark.parametrize(("game_id", "options", "seats"), GAMES)
def test_no_line_of_a_seeded_games_log_doubles_a_mark(game_id, options, seats):
    registry = builtin_registry()
    for seed in range(3):
        players = [{"name": f"P{k}", "bot": None} for k in range(seats)]
        match = Match.start(game_id, players, seed, options, registry=registry)
        rng = random.Random(seed)
        for _ in range(2500):
            if match.is_over():
                break
            seat = min(match.to_act())
            match.apply(seat, rng.choice(match.legal_actions(seat)))
        for seat in (None, *range(seats)):
            doubled = [line for line in match.log(seat) if DOUBLED.search(line)]
            assert not doubled, doubled[:3]
        if match.is_over():
            said = match.result().get("explanation", [])
            assert not [line for line in said if DOUBLED.search(line)]


def test_a_game_won_by_a_secret_goal_says_so_and_whose_goal_it_was():
    from illusio_table.games.illuminati.goals import won_by

    from .illuminati.helpers import borrow_goal, make, set_money, set_winners, settle

    game = settle(make(4, 1, hidden_goals=True))
    seat = game.current
    borrow_goal(game, seat, "gnomes-of-zurich")
    set_money(game, game.illuminati[seat], 200)
    said = won_by(game, seat)
    assert said is not None
    assert said.startswith("their secret goal, the Special Goal of the Gnomes of Zurich: ")
    set_winners(game, seat)
    line = game.result()["explanation"][seat]
    assert "; won by their secret goal, the Special Goal of the Gnomes of Zurich" in line


def test_the_last_one_left_is_said_to_have_won_as_such():
    from .illuminati.helpers import make, put_out, set_winners, settle

    game = settle(make(3, 1))
    put_out(game, 1)
    put_out(game, 2)
    set_winners(game, 0)
    assert game.result()["explanation"][0].endswith("; won as the last one left")
