"""The searching bot of each game: it plays whole games with legal moves, stops when
told, and knows only what its seat knows — twin matches that differ in one thing hidden
from its seat get the same move from it."""

from __future__ import annotations

import pytest

from illusio_table.engine import Rng, make_bot
from illusio_table.engine.bots import bot_move
from illusio_table.engine.search import ExpertBot
from illusio_table.games import builtin_registry

MATCHES = [
    ("illusio", "showman", {}),
    ("incantibus", "cunning", {"mode": "apprentice"}),
    ("incantibus", "cunning", {"mode": "expert"}),
    ("illuminati", "schemer", {}),
    ("illuminati", "schemer", {"hidden_illuminati": True, "hidden_goals": True}),
]


def expert(game, seat, deals):
    bot = make_bot(game, "expert", seat, 7)
    assert isinstance(bot, ExpertBot)
    bot.deals = deals
    return bot


@pytest.mark.parametrize(("game_id", "heuristic", "options"), MATCHES)
def test_the_expert_plays_a_whole_game_with_legal_moves(game_id, heuristic, options):
    game = builtin_registry().new_game(game_id, 4, 11, options)
    bots = [expert(game, 0, 2)] + [make_bot(game, heuristic, s, 11) for s in (1, 2, 3)]
    searched = 0
    while not game.is_over():
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))  # apply refuses an illegal move
        searched += seat == 0 and bots[0].thoughts > 0
        bots[0].thoughts = 0
    assert game.result()["winners"] and searched > 5


def test_the_expert_stops_when_told():
    game = builtin_registry().new_game("incantibus", 4, 3, {"mode": "apprentice"})
    bot = make_bot(game, "expert", 0, 1, budget=30.0)
    move = bot_move(game, bot, 0, stop=lambda: True)
    assert move in game.legal_actions(0) and bot.thoughts == 0


def _twin(game, seat):
    """A copy of the match differing from it in one thing hidden from `seat`, or None."""
    twin = game.clone()
    others = [s for s in range(game.seats) if s != seat]
    if game.game_id == "illusio":
        for s in others:
            hand = twin.hands[s]
            for i, card in enumerate(hand):
                for j, other in enumerate(twin.deck):
                    if twin.info[other].kind != twin.info[card].kind:
                        hand[i], twin.deck[j] = other, card
                        return twin
    elif game.game_id == "incantibus":
        known = twin.known[seat]
        for slot, token, up in twin.room_tokens():
            if not up and slot not in known:
                for j, other in enumerate(twin.secret_bag):
                    if twin.info[other].kind != twin.info[token].kind:
                        twin.room[slot], twin.secret_bag[j] = (other, False), token
                        for s in others:  # what another seat saw there stays true
                            if slot in twin.known[s]:
                                twin.known[s][slot] = twin.info[other].kind
                        return twin
    else:
        for s in others:
            for i, card in enumerate(twin.specials[s]):
                for j, other in enumerate(twin.deck):
                    if "#" in other and other.split("#")[0] != card.split("#")[0]:
                        twin.specials[s][i], twin.deck[j] = other, card
                        return twin
        if len(set(twin.deck)) > 1:
            twin.deck.reverse()
            return twin
    return None


def _searches_alike(game, twin, seat, where):
    """The expert in `seat` cannot tell the twins apart."""
    # The deals it imagines are the same, to every seat's eyes...
    for k in range(3):
        a, b = game.determinize(seat, Rng(k)), twin.determinize(seat, Rng(k))
        assert all(a.view(s) == b.view(s) for s in range(game.seats))
    # ...and so are the moves it weighs, how they fared, and its choice.
    mine, theirs = expert(game, seat, 6), expert(twin, seat, 6)
    move = mine.choose_in(game, seat, game.legal_actions(seat))
    assert move == theirs.choose_in(twin, seat, twin.legal_actions(seat))
    assert mine.tally == theirs.tally, f"{where}: a secret changed its search"


@pytest.mark.parametrize(("game_id", "heuristic", "options"), MATCHES)
def test_the_expert_moves_alike_in_twin_matches_differing_in_a_secret(game_id, heuristic, options):
    compared = 0
    for number in range(3):
        game = builtin_registry().new_game(game_id, 3 + number % 2, 40 + number, options)
        bots = [make_bot(game, heuristic, s, number) for s in range(game.seats)]
        for step in range(400):
            if game.is_over():
                break
            seat = min(game.to_act())
            if step % 9 == 4 and len(game.legal_actions(seat)) > 1:
                twin = _twin(game, seat)
                if twin is not None:
                    _searches_alike(game, twin, seat, f"step {step}")
                    compared += 1
            game.apply(seat, bot_move(game, bots[seat], seat))
    assert compared >= 8


def test_a_players_budget_is_read_within_bounds():
    from illusio_table.engine import Match
    from illusio_table.engine.match import MAX_BUDGET, MIN_BUDGET, bot_budget

    assert bot_budget({"budget": 2.5}) == 2.5
    assert bot_budget({"budget": 10**9}) == MAX_BUDGET  # an edited save: not an hour a move
    assert bot_budget({"budget": 0}) == MIN_BUDGET
    assert bot_budget({"budget": True}) is None and bot_budget({"budget": "1"}) is None
    assert bot_budget({}) is None
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": "expert", "budget": 0.5}]
    match = Match.start(
        "incantibus", players, 3, {"mode": "apprentice"}, registry=builtin_registry()
    )
    assert match.bot(1).budget == 0.5


@pytest.mark.parametrize(("game_id", "heuristic", "options"), [MATCHES[0], MATCHES[3]])
def test_the_expert_weighs_the_moves_its_heuristic_likes_best(game_id, heuristic, options):
    from illusio_table.engine.bots import SeatView

    game = builtin_registry().new_game(game_id, 4, 5, options)
    bots = [make_bot(game, heuristic, s, 5) for s in range(4)]
    wide = 0
    while not game.is_over() and len(game.record.moves) < 600:
        seat = min(game.to_act())
        legal = game.legal_actions(seat)
        searcher = expert(game, seat, 1)
        # (Moves it never weighs, as Illuminati's requests for a Group, do not count.)
        weighable = [a for a in legal if not isinstance(a, searcher.unweighed)]
        if len(weighable) > searcher.width:
            appeal = searcher._guide.appeal(SeatView(game, seat))
            guess = searcher._guide.choose(SeatView(game, seat), legal)
            weighed = searcher._candidates(guess, legal, appeal)
            assert weighed[0] == guess and len(weighed) == searcher.width
            left_out = [
                a for a in legal if a not in weighed and not isinstance(a, searcher.unweighed)
            ]
            if left_out:
                assert min(map(appeal, weighed[1:])) >= max(map(appeal, left_out))
            wide += 1
        game.apply(seat, bot_move(game, bots[seat], seat))
    assert wide >= 10


@pytest.mark.parametrize(("game_id", "heuristic", "options"), MATCHES)
def test_paired_search_plays_each_move_on_the_same_deals(game_id, heuristic, options):
    """Sequential halving deals once a round for every move still in the running, with
    the same dice and draws after it: one move listed twice scores exactly alike, and
    the worse half of the moves leaves at each checkpoint."""
    game = builtin_registry().new_game(game_id, 4, 8, options)
    bots = [make_bot(game, heuristic, s, 8) for s in range(4)]
    while len(game.record.moves) < 40 or len(game.legal_actions(min(game.to_act()))) < 4:
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
    seat = min(game.to_act())
    legal = game.legal_actions(seat)
    moves = [legal[0], legal[1], legal[1], legal[2]]
    visits, totals, alive = expert(game, seat, 4)._halve(game, seat, moves, None)
    assert visits == [1, 1, 1, 1] and totals[1] == totals[2]  # one round, one deal
    visits, totals, alive = expert(game, seat, 24)._halve(game, seat, moves, None)
    assert len(alive) == 1 and sum(visits) == 24 and max(visits) > min(visits)


def test_a_rollout_does_not_count_the_rounds_of_money_on_an_attack():
    """In Illuminati every spend opens another round in which each seat passes or
    spends. Counted towards a rollout's depth, those rounds made any spend look better
    than passing (the rollout then saw fewer turns after it), and an expert kept putting
    1 MB on an attack already at its best odds. Only the other moves count now."""
    from illusio_table.games.illuminati.actions import Pass, Spend
    from illusio_table.games.illuminati.bots import SchemerBot

    game = builtin_registry().new_game("illuminati", 4, 5, {})
    schemers = [SchemerBot(s, 5) for s in range(4)]
    while game.phase != "spending":
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, schemers[seat], seat))
    seat = min(game.to_act())
    bot = expert(game, seat, 1)
    world, before = game.clone(), len(game.record.moves)
    bot._rollout(world, seat, [SchemerBot(s, 5) for s in range(4)])
    played = [move._action for move in world.record.moves[before:]]
    counted = [a for a in played if not isinstance(a, (Pass, Spend))]
    assert len(counted) == bot.depth or world.is_over()
    assert len(played) > len(counted)  # the rounds of money were played, not counted


def _money_twin(game, seat):
    """The match with 1 MB of another player moved to another of their cards: with
    stacked money, which stack holds how much is that player's secret."""
    twin = game.clone()
    for s in range(game.seats):
        cards = sorted(twin.structures[s])
        rich = [c for c in cards if twin.money.get(c, 0)]
        if s != seat and rich and len(cards) > 1:
            giver = rich[0]
            taker = next(c for c in cards if c != giver)
            twin.money[giver] -= 1
            twin.money[taker] = twin.money.get(taker, 0) + 1
            return twin
    return None


def test_the_expert_moves_alike_whatever_another_player_keeps_in_each_stack():
    compared = 0
    for number in range(2):
        game = builtin_registry().new_game("illuminati", 4, 60 + number, {"stacked_money": True})
        bots = [make_bot(game, "schemer", s, number) for s in range(game.seats)]
        for step in range(300):
            if game.is_over():
                break
            seat = min(game.to_act())
            twin = _money_twin(game, seat) if step % 7 == 3 else None
            if twin is not None and len(game.legal_actions(seat)) > 1:
                assert twin.view(seat) == game.view(seat)  # the twins look alike to it
                _searches_alike(game, twin, seat, f"step {step}: a stack")
                compared += 1
            game.apply(seat, bot_move(game, bots[seat], seat))
    assert compared >= 5


def test_the_illuminati_expert_plays_out_the_attack_it_chose():
    """Calling an attack off is free until money is down; an expert whose search liked
    calling off announced another attack, called it off, and so on (146 in one turn).
    It now weighs every move but that one, and its games end."""
    from illusio_table.games.illuminati.actions import CallOff, Pass
    from illusio_table.games.illuminati.bots import SchemerBot

    checked = 0
    for seed in range(3):
        game = builtin_registry().new_game("illuminati", 4, 90_003 + seed, {})
        schemers = [SchemerBot(s, seed) for s in range(4)]
        while not game.is_over() and checked < 4 * (seed + 1):
            seat = min(game.to_act())
            legal = game.legal_actions(seat)
            if any(isinstance(a, CallOff) for a in legal):
                bot = expert(game, seat, 12)
                assert not isinstance(bot.choose_in(game, seat, legal), CallOff)
                assert not any(isinstance(move, CallOff) for move, _, _ in bot.tally)
                # An attacker with no money left has only those two: nothing to search.
                pass_or_call_off = [a for a in legal if isinstance(a, (Pass, CallOff))]
                timed = make_bot(game, "expert", seat, 7, budget=0.05)  # (it once crashed)
                assert timed.choose_in(game, seat, pass_or_call_off) == Pass()
                checked += 1
            game.apply(seat, bot_move(game, schemers[seat], seat))
    assert checked >= 4


@pytest.mark.parametrize(("game_id", "heuristic", "options"), MATCHES)
def test_what_goes_to_the_thinking_process_is_alike_for_twins(game_id, heuristic, options):
    """Only what the seat may know crosses to the thinking process: the bytes sent for
    twin matches that differ in another seat's secret are identical, and they hold
    neither the match's seed nor its record."""

    from illusio_table.engine.thinking import on_known, what_the_seat_knows

    compared = 0
    for number in range(2):
        game = builtin_registry().new_game(game_id, 3 + number, 900 + number, options)
        bots = [make_bot(game, heuristic, s, number) for s in range(game.seats)]
        for step in range(300):
            if game.is_over():
                break
            seat = min(game.to_act())
            if step % 7 == 2:
                twin = _twin(game, seat)
                if twin is not None:
                    sent = what_the_seat_knows(game, seat)
                    assert sent == what_the_seat_knows(twin, seat), f"step {step}"
                    known = on_known(lambda match: match, sent)  # as the process reads it
                    assert known.seed == 0 and not known.record.moves and not known.events
                    assert known.view(seat) == game.view(seat)
                    compared += 1
            game.apply(seat, bot_move(game, bots[seat], seat))
    assert compared >= 6


def test_a_save_whose_expert_thinks_for_nan_seconds_is_refused_and_left_as_it_was(tmp_path):
    import json

    from illusio_table.engine import Match, RecordError
    from illusio_table.engine.match import bot_budget

    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": "expert", "budget": 1.0}]
    match = Match.start(
        "incantibus", players, 3, {"mode": "apprentice"}, registry=builtin_registry()
    )
    text = json.dumps(match.game.record.to_file_json()).replace('"budget": 1.0', '"budget": NaN')
    # The checksums are easy to recompute: the file is as a tamperer would leave it.
    data = json.loads(text)
    path = tmp_path / "nan.json"
    path.write_text(text)
    with pytest.raises(RecordError, match="NaN"):
        Match.open(path, builtin_registry())
    assert path.read_text() == text
    assert bot_budget(data["players"][1]) is None  # read any other way: the bot's default
    assert bot_budget({"budget": float("inf")}) is None
