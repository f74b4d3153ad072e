"""The game protocol, proven on the test-only Duel game."""

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from illusio_table.engine import IllegalAction, Match, MatchRecord, RecordError
from illusio_table.engine.match import replay
from illusio_table.engine.protocol import Event
from illusio_table.engine.selfplay import play_one, selfplay
from illusio_table.games import builtin_registry
from tests.duel_game import Commit, Draw, DuelGame, Roll, Step


def all_views(game):
    return [json.dumps(game.view(s), sort_keys=True) for s in [None, *range(game.seats)]]


def all_logs(game):
    return [game.log(s) for s in [None, *range(game.seats)]]


def play_script(game, picks):
    """Applies the pick-th legal action (modulo) of the lowest waiting seat, for each pick."""
    for pick in picks:
        if game.is_over():
            break
        seat = min(game.to_act())
        legal = game.legal_actions(seat)
        game.apply(seat, legal[pick % len(legal)])
    return game


def test_engine_and_games_import_without_qt():
    code = (
        "import sys, illusio_table.engine, illusio_table.games, illusio_table.data;"
        "from illusio_table.games import builtin_registry; r = builtin_registry();"
        "[r.get(game_id) for game_id in r.ids()];"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_reveal_is_the_event_a_game_marks_as_secret_choices_shown_at_once():
    """`is_reveal` (the table holds the match on it) is the marked event alone; a draw
    or dice coming to light (`reveals`, an undo barrier) is no such reveal."""
    assert Event("In… can… to!", reveals=True, data={"casting": 1, "entries": []}).is_reveal
    assert not Event("Ana draws the 7.", reveals=True).is_reveal
    assert not Event("Ana moves.", data={"moved": 3}).is_reveal
    game = builtin_registry().new_game("incantibus", 2, 5, {"mode": "apprentice"})
    reveals = []
    pointed = set()
    while not reveals and not game.is_over():  # every seat points in secret, then it is shown
        seat = min(game.to_act())
        if game.phase == "casting":
            pointed.add(seat)
        events = game.apply(seat, game.legal_actions(seat)[0])
        reveals = [e for e in events if e.is_reveal]
    assert pointed == {0, 1} and [e.data["casting"] for e in reveals] == [1]


def test_only_awaited_seats_may_act():
    game = DuelGame(3, seed=1)
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(1, Step(1))


def test_refusal_gives_a_reason_and_changes_nothing():
    game = DuelGame(2, seed=4)
    before, logs, moves = all_views(game), all_logs(game), len(game.record.moves)
    for seat, action in [(0, Step(3)), (0, Commit(5)), (1, Roll()), (7, Draw())]:
        with pytest.raises(IllegalAction) as refused:
            game.apply(seat, action)
        assert refused.value.reason
    assert all_views(game) == before and all_logs(game) == logs
    assert len(game.record.moves) == moves


def duel_phase(game):
    """Plays the first round of steps, so that every seat duels at once."""
    while game.phase != "duel":
        game.apply(game.turn, Step(1))
    return game


def test_a_move_offered_to_one_seat_is_refused_to_another():
    game = duel_phase(DuelGame(2, seed=4))
    mine = next(a for a in game.legal_actions(0) if a.card and a.card not in game.hands[1])
    with pytest.raises(IllegalAction, match="You do not hold"):
        game.apply(1, mine)
    offered = game.legal_actions(1)[-1]
    with pytest.raises(IllegalAction, match="no such seat"):
        game.apply(True, offered)  # True == 1, but it is not seat 1
    game.apply(1, offered)
    assert game.choices == {1: offered.card}


def test_a_move_offered_before_the_last_move_is_checked_again():
    game = DuelGame(2, seed=4)
    stale = game.legal_actions(0)[1]
    game.apply(0, game.legal_actions(0)[0])
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(0, stale)
    game = duel_phase(DuelGame(2, seed=4))
    card = max(game.hands[0])
    stale = next(a for a in game.legal_actions(0) if a.card == card)
    game.hands[0].remove(card)  # as if the card had gone meanwhile
    game.apply(1, game.legal_actions(1)[0])
    with pytest.raises(IllegalAction, match="You do not hold"):
        game.apply(0, stale)


def test_a_clone_checks_a_move_offered_to_the_original():
    game = duel_phase(DuelGame(2, seed=4))
    offered = game.legal_actions(0)[-1]
    copy = game.clone()
    copy.hands[0].remove(offered.card)
    with pytest.raises(IllegalAction, match="You do not hold"):
        copy.apply(0, offered)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 20), max_size=60))
def test_random_play_keeps_every_card_and_refusals_change_nothing(seed, picks):
    game = DuelGame(3, seed=seed)
    for pick in picks:
        if game.is_over():
            break
        seat = min(game.to_act())
        legal = game.legal_actions(seat)
        assert legal, "an awaited seat always has a move"
        for action in legal:
            assert game.refusal(seat, action) is None
        before = all_views(game)
        with pytest.raises(IllegalAction):
            game.apply(seat, Commit(99) if game.phase == "duel" else Step(5))
        assert all_views(game) == before
        game.apply(seat, legal[pick % len(legal)])
        cards = game.deck + game.discard + [c for hand in game.hands for c in hand]
        assert sorted(cards) == list(range(1, 13)), "no card created or lost"


def test_same_seed_and_actions_give_identical_views():
    picks = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4]
    first = play_script(DuelGame(3, seed=99), picks)
    second = play_script(DuelGame(3, seed=99), picks)
    assert all_views(first) == all_views(second) and all_logs(first) == all_logs(second)
    assert json.dumps(first.record.to_json()) == json.dumps(second.record.to_json())


def test_save_load_replay_gives_identical_views(registry):
    game = play_script(DuelGame(4, seed=5), [2, 3, 1, 0, 2, 2, 1, 3, 0, 1, 2, 3] * 2)
    saved = json.loads(json.dumps(game.record.to_json()))
    clone = replay(MatchRecord.from_json(saved), registry)
    assert all_views(clone) == all_views(game) and all_logs(clone) == all_logs(game)
    assert all_views(game.clone()) == all_views(game)


def test_a_save_with_one_action_altered_is_rejected_with_its_index(registry):
    game = play_script(DuelGame(2, seed=8), [0, 1, 0, 0, 1, 1, 0, 0])
    saved = game.record.to_json()
    saved["moves"][3]["action"] = {"kind": "step", "steps": 2}
    with pytest.raises(RecordError) as rejected:
        MatchRecord.from_json(saved)
    assert rejected.value.index == 3 and "action 3" in rejected.value.message


def test_a_save_with_an_illegal_action_is_rejected_with_its_index(registry):
    """Even when whoever edited the file also recomputed its checksums, the rules refuse it."""
    game = play_script(DuelGame(2, seed=8), [0, 1, 0, 0, 1, 1, 0, 0])
    record = game.record.truncated(1)
    record.add(1, Step(7), barrier=False)
    with pytest.raises(RecordError) as rejected:
        replay(MatchRecord.from_json(record.to_json()), registry)
    assert rejected.value.index == 1 and "step 1 or 2" in rejected.value.message


def test_a_save_with_its_seed_altered_is_rejected(registry):
    saved = DuelGame(2, seed=8).record.to_json()
    saved["seed"] = 9
    with pytest.raises(RecordError, match="altered"):
        MatchRecord.from_json(saved)


@pytest.mark.parametrize(
    "broken",
    [None, [], {"format": "something else"}, {"format": "illusio-table match", "version": 99}],
)
def test_a_file_that_is_not_a_save_is_refused(broken):
    with pytest.raises(RecordError):
        MatchRecord.from_json(broken)


def test_undo_and_redo_round_trip(registry):
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
    match = Match.start("duel", players, seed=3, registry=registry)
    start = all_views(match.game)
    match.apply(0, Step(2))
    after = all_views(match.game)
    assert not match.can_undo(1), "a seat cannot take back another seat's move"
    assert match.undo(0) and all_views(match.game) == start
    assert match.can_redo(0) and match.redo(0) and all_views(match.game) == after


def test_undo_takes_back_the_bot_moves_that_followed(registry):
    players = [{"name": "Ana", "bot": None}, {"name": "Bot", "bot": "random"}]
    match = Match.start("duel", players, seed=3, registry=registry)
    match.apply(0, Step(1))
    match.apply(1, Step(2))
    assert match.undo_point(0) == 0


def test_undo_stops_at_a_barrier(registry):
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
    match = Match.start("duel", players, seed=3, registry=registry)
    match.apply(0, Draw())
    assert not match.can_undo(0), "a drawn card cannot be put back unseen"
    match.apply(1, Step(1))
    assert match.can_undo(1)
    match.undo(1)
    assert not match.can_undo(0)


def test_a_secret_choice_shows_no_other_seat_what_was_chosen():
    def after_choice(card_index):
        game = play_script(DuelGame(2, seed=11), [0, 0])  # both step: the duel begins
        hand = sorted(game.hands[0])
        game.apply(0, Commit(hand[card_index]))
        return game

    first, second = after_choice(0), after_choice(1)
    assert first.view(0) != second.view(0)
    for seat in (None, 1):
        assert first.view(seat) == second.view(seat)
        assert first.log(seat) == second.log(seat)
    assert first.view(1)["chosen"] == [0]


def test_a_hidden_hand_is_seen_only_by_its_seat():
    game = DuelGame(3, seed=2)
    game.apply(0, Draw())
    drawn = game.hands[0][-1]
    assert f"You draw the {drawn}." in game.log(0)
    for seat in (None, 1, 2):
        assert game.view(seat)["hand"] != game.hands[0]
        assert all(str(drawn) not in line for line in game.log(seat))
        assert "Seat 1 draws a card." in game.log(seat)


def test_actions_round_trip_through_json():
    game = DuelGame(2, seed=1)
    for action in [Step(1), Roll(), Draw(), Commit(None), Commit(4)]:
        assert game.parse_action(json.loads(json.dumps(action.to_json()))) == action


def test_a_saved_move_may_leave_out_a_field_that_has_a_default():
    """A field added to a move later (with a default) leaves the moves saved before it
    readable, as what they meant then; a field with no default is still needed."""
    from illusio_table.games import builtin_registry
    from illusio_table.games.illuminati.actions import PlaySpecial

    game = builtin_registry().new_game("illuminati", 3, 1, {})
    saved = {"kind": "play", "card": "slush-fund#1", "target": None, "seat": None}
    assert game.parse_action(saved) == PlaySpecial("slush-fund#1")
    with pytest.raises(IllegalAction, match="needs the field 'card'"):
        game.parse_action({"kind": "play"})


@pytest.mark.parametrize(
    "data, reason",
    [
        ({"kind": "fly"}, "no action 'fly'"),
        ({"kind": "step"}, "needs the field 'steps'"),
        ({"kind": "step", "steps": "two"}, "whole number"),
        ({"kind": "step", "steps": True}, "whole number"),
        ({"kind": "step", "steps": 1, "extra": 1}, "no field 'extra'"),
        ("step", "must be an object"),
    ],
)
def test_a_malformed_action_is_refused_with_a_reason(data, reason):
    with pytest.raises(IllegalAction, match=reason):
        DuelGame(2, seed=1).parse_action(data)


def test_options_are_checked():
    assert DuelGame(2, seed=1, options={"goal": 20}).options == {"goal": 20}
    with pytest.raises(ValueError, match="at least 5"):
        DuelGame(2, seed=1, options={"goal": 1})
    with pytest.raises(ValueError, match="no option"):
        DuelGame(2, seed=1, options={"speed": 1})
    with pytest.raises(ValueError, match="2 to 4 seats"):
        DuelGame(5, seed=1)


def test_bots_finish_games_and_selfplay_reports(registry):
    report = selfplay(registry.get("duel"), seats=3, games=20, seed=1)
    assert report["finished"] == 20 and report["actions"] > 0
    assert set(report) == {
        "game",
        "seats",
        "games",
        "bots",
        "wins",
        "finished",
        "capped",
        "max_actions",
        "actions",
        "longest",
        "seconds",
        "actions_per_s",
    }
    assert report["bots"] == ["random"] * 3
    assert len(report["wins"]) == 3 and abs(sum(report["wins"]) - 20) < 0.1  # ties shared
    game = DuelGame(2, seed=1)
    assert play_one(game, ["random", "random"]) > 0 and game.is_over()
    assert game.result()["winners"]


def test_selfplay_reads_the_card_file_before_its_clock_starts(monkeypatch):
    """Actions per second count the playing only, as other engines build their
    environment before their clock (the card file's reading was 150 to 490 ms of a
    short run)."""
    from illusio_table.engine import selfplay as module

    happened: list[str] = []

    class Counted(DuelGame):  # (the test game: the compiled core's games take no subclass)
        @classmethod
        def card_data(cls):
            happened.append("read")
            return super().card_data()

    clock = module.time.perf_counter
    monkeypatch.setattr(module.time, "perf_counter", lambda: happened.append("clock") or clock())
    selfplay(Counted, seats=2, games=1, seed=1)
    assert happened.index("read") < happened.index("clock")


def test_selfplay_takes_a_bot_per_seat(registry):
    report = selfplay(registry.get("duel"), seats=2, games=4, seed=1, bot=["random", "random"])
    assert report["bots"] == ["random", "random"] and report["finished"] == 4
    with pytest.raises(ValueError, match="3 bots named for 2 seats"):
        selfplay(registry.get("duel"), seats=2, games=1, seed=1, bot=["random"] * 3)


def test_selfplay_counts_games_stopped_at_the_cap(registry):
    report = selfplay(registry.get("duel"), seats=2, games=3, seed=1, max_actions=2)
    assert report["capped"] == 3 and report["finished"] == 0 and report["longest"] == 2


def test_the_move_makers_keep_a_bounded_number_of_moves():
    """A long search meets countless ways to take an Objective; the makers that give the same
    move object again must forget old ones rather than keep every one. Illusio's tables
    of moves by card, seat, Objective or kind (`Made`) keep every move they make: they
    are bounded by the card file instead, every key a number of it or a kind."""
    import importlib

    from illusio_table.games.illusio.actions import Made

    makers, tables = [], []
    for game in ("illusio", "illuminati", "incantibus"):
        module = importlib.import_module(f"illusio_table.games.{game}.actions")
        makers += [v for v in vars(module).values() if hasattr(v, "cache_info")]
        tables += [v for v in vars(module).values() if isinstance(v, Made)]
    assert len(makers) + len(tables) >= 11
    assert all(maker.cache_info().maxsize for maker in makers)
    game = builtin_registry().get("illusio")
    selfplay(game, 4, 20, seed=3)
    from illusio_table.games.illusio.actions import realize

    assert 0 < realize.cache_info().currsize <= realize.cache_info().maxsize
    deck = len(builtin_registry().new_game("illusio", 4, 3).info)  # (more than Objectives, seats)
    kinds = {k.id for k in game.card_data().components}
    keys: list[object] = []
    inner = list(tables)
    while inner:
        table = inner.pop()
        keys += table.keys()
        inner += [v for v in table.values() if isinstance(v, Made)]
    assert keys and all(k in kinds if type(k) is str else 0 <= k < deck for k in keys)


@pytest.mark.parametrize(
    "game_id, options",
    [("illusio", {}), ("illuminati", {}), ("incantibus", {"mode": "expert"})],
)
def test_a_match_holds_no_cycle_so_reference_counting_frees_it(game_id, options):
    """The processes that simulate run the cyclic collector rarely (engine/collector.py):
    that costs no memory only while a match, its copies and its moves hold no cycle of
    references. (An Illuminati Power Structure once held a method of its game.)"""
    import gc

    from illusio_table.engine import Rng
    from illusio_table.games import new_game

    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            game = new_game(game_id, 4, seed, options)
            play_one(game, ["random"] * 4, max_actions=300)
            copy = game.determinize(min(game.to_act() or {0}), Rng(seed)).clone()
            assert copy.view(0) and copy.log(0)
            del game, copy
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("illusio", {}), ("incantibus", {"mode": "expert"}), ("illuminati", {})],
)
@pytest.mark.parametrize("junk", [None, 0, "end-turn", {"kind": "end-turn"}, object()])
def test_a_non_move_right_after_the_moves_were_listed_is_refused_and_changes_nothing(
    game_id, options, junk
):
    """Listing the moves and then applying something that is no move (None was taken for
    a move just offered, and crashed half-way through it) is refused in words."""
    from illusio_table.games import builtin_registry

    game = builtin_registry().new_game(game_id, 3, 8, options)
    seat = min(game.to_act())
    game.legal_actions(seat)
    before = (game.record.to_json(), [game.view(s) for s in range(3)])
    with pytest.raises(IllegalAction, match="not a move"):
        game.apply(seat, junk)
    assert (game.record.to_json(), [game.view(s) for s in range(3)]) == before
    game.apply(seat, game.legal_actions(seat)[0])  # the match goes on


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("illusio", {}), ("incantibus", {"mode": "expert"}), ("illuminati", {})],
)
def test_a_move_changed_in_place_after_it_was_offered_is_checked_again(game_id, options):
    """A frozen move can still be changed with `object.__setattr__`; the move just offered
    was trusted by identity alone, and so carried out with whatever it had become."""
    from illusio_table.games import builtin_registry

    game = builtin_registry().new_game(game_id, 3, 8, options)
    seat = min(game.to_act())
    moves = game.legal_actions(seat)
    move = next(m for m in moves if any(type(v) is int for v in vars(m).values()))
    name = next(name for name, value in vars(move).items() if type(value) is int)
    kept = getattr(move, name)
    before = (game.record.to_json(), [game.view(s) for s in range(3)])
    object.__setattr__(move, name, 9999)  # no card, seat, token or Group has that number
    try:
        with pytest.raises(IllegalAction):
            game.apply(seat, move)
    finally:
        object.__setattr__(move, name, kept)  # moves are shared (`interned`) by later games
    assert (game.record.to_json(), [game.view(s) for s in range(3)]) == before
    game.apply(seat, move)  # as offered again, it is played


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("illusio", {}), ("incantibus", {"mode": "expert"}), ("illuminati", {})],
)
def test_why_not_gives_the_reason_apply_would_give_and_changes_nothing(game_id, options):
    from illusio_table.games import builtin_registry

    game = builtin_registry().new_game(game_id, 3, 8, options)
    seat = min(game.to_act())
    legal = game.legal_actions(seat)
    before = (game.record.to_json(), [game.view(s) for s in range(3)])
    assert game.why_not(seat, legal[0]) is None
    reason = game.why_not(7, legal[0])  # no such seat
    with pytest.raises(IllegalAction) as refused:
        game.apply(7, legal[0])
    assert reason == refused.value.reason
    assert game.why_not(seat, None) == "that is not a move of " + game.title
    assert (game.record.to_json(), [game.view(s) for s in range(3)]) == before


def test_moves_are_made_as_frozen_dataclasses_are():
    """`@fast_init` makes a move by writing its fields itself (faster than a frozen
    dataclass's __init__): for every move of every game, made with all its fields, with
    its defaults left out and by keyword, the move equals, hashes, prints, pickles and
    freezes as one whose fields a frozen dataclass set; a missing field is refused as
    Python refuses it; and no move class asks for more at its making (a __post_init__ or
    a default factory, which the made __init__ would skip)."""
    import dataclasses
    import pickle

    samples = {str: "x", int: 3, bool: False, tuple: ("a", "b")}
    checked = 0
    for game in builtin_registry().games.values():
        for cls in game.action_types().values():
            assert not hasattr(cls, "__post_init__"), cls
            assert cls.__init__.__code__.co_filename.startswith("<fast_init"), (
                f"{cls} lacks @fast_init"
            )
            fields = dataclasses.fields(cls)
            assert all(f.default_factory is dataclasses.MISSING for f in fields), cls
            values = {}
            for f in fields:
                hint = f.type if isinstance(f.type, str) else f.type.__name__
                values[f.name] = samples[
                    next((k for k in samples if hint.startswith(k.__name__)), str)
                ]
            needed = {f.name: values[f.name] for f in fields if f.default is dataclasses.MISSING}
            for fields_given in (values, needed):
                reference = cls.__new__(cls)  # as dataclasses' own __init__ sets the fields
                for f in fields:
                    object.__setattr__(reference, f.name, fields_given.get(f.name, f.default))
                for made in (cls(*fields_given.values()), cls(**fields_given)):
                    assert type(made) is cls
                    assert (made, hash(made), repr(made)) == (
                        reference,
                        hash(reference),
                        repr(reference),
                    )
                    assert pickle.loads(pickle.dumps(made)) == made
                    with pytest.raises(dataclasses.FrozenInstanceError):
                        made.kind_of_change = 1
                    checked += 1
            if needed:
                with pytest.raises(TypeError):
                    cls()
    assert checked > 80


def test_a_match_offers_each_move_once_where_the_engine_lists_it_twice(registry):
    """An Illuminati capture's free transfer is also an ordinary transfer: the engine
    lists "Move 1 MB from Bermuda Triangle to Hackers" twice, and a phone showed both.
    The match (what the table and the phones offer) lists each move once, in order."""
    from illusio_table.engine.bots import RandomBot, bot_move

    for seed in range(8):
        game = registry.new_game("illuminati", 4, seed, {})
        bots = [RandomBot(s, 4) for s in range(4)]
        for _ in range(600):
            if game.is_over():
                break
            for seat in game.to_act():
                listed = game.legal_actions(seat)
                if len(set(listed)) < len(listed):
                    offered = Match(game).legal_actions(seat)
                    assert offered == list(dict.fromkeys(listed))
                    assert len(set(offered)) == len(offered)
                    return
            mover = min(game.to_act())
            game.apply(mover, bot_move(game, bots[mover], mover))
    pytest.fail("no move listed twice by the engine in these games: the test found nothing")
