"""The secret audit, by twins: one test for each boundary a seat's knowledge crosses.

Twins are two matches that a seat cannot tell apart. Two kinds, for every game and every
option that hides something:

- *redealt*: the real match and `determinize(seat, rng)` of it, where everything hidden
  from the seat is drawn again (other hands, face-down tokens, goals, stacks, the orders
  of the decks and piles);
- *reordered*: the real match with the order of every face-down pile changed (the rooms
  still to explore, the decks, the bags), which nobody at the table knows. This twin is
  made here, not by `determinize`: it catches an order that `determinize` forgets.

At several points of seeded random games the seat must meet the same match in both
twins, at every boundary: its view and log; its moves and their words; which moves are
refused and in what words (every move either twin lists for any seat, moves of earlier
points, and moves altered to be wrong); the casting coach's review; the mixed wizard's
table, equilibrium and choice and the expert's search; the bytes sent to the thinking
process; and every frame sent to its phone.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

from illusio_table.engine import Match, Rng, make_bot
from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.engine.thinking import key, on_known, what_the_seat_knows
from illusio_table.games import builtin_registry, found
from illusio_table.games.incantibus import coach, equilibrium
from illusio_table.games.incantibus.actions import Point
from illusio_table.remote.seats import Refused, encode, read_move, state_message
from tests.odds.install import installed
from tests.odds.kit import KIT

EVERY_SECRET = {"hidden_goals": True, "hidden_illuminati": True, "stacked_money": True}
# The options that hide something, for the games that have them; every game found is
# audited with its plain options at least, and the fourth game (tests/odds) installed
# as a game is, by its entry point, while its audits run.
OPTIONS = {
    "incantibus": [
        {"mode": "apprentice"},
        {"mode": "expert"},
        {"mode": "apprentice", "start_room": "random"},
        {"mode": "expert", "start_room": "bedroom"},
    ],
    "illuminati": [{}, {"hidden_goals": True}, EVERY_SECRET],
}
FOURTH = KIT.game_id
MATCHES = [(g, o) for g in [*found(), FOURTH] for o in OPTIONS.get(g, [{}])]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'plain'}" for g, o in MATCHES]
KINDS = ["redealt", "reordered"]
NAMES = ["Ana", "Lera", "Juno", "Mo"]


@pytest.fixture(autouse=True)
def _fourth_game_installed(request, tmp_path):
    """The fourth game's audits find it installed, as the program would."""
    game_id = getattr(request.node, "callspec", None) and request.node.callspec.params.get(
        "game_id"
    )
    if game_id != FOURTH:
        yield
        return
    with installed(tmp_path / "site"):
        yield


# -- the points of the games sampled, and their twins ------------------------------------------


@functools.cache
def points(game_id: str, options_json: str, castings: bool) -> tuple[tuple[Any, int], ...]:
    """(a copy of the match, the seat to look from) at points of seeded random games at
    2, 3 and 4 seats (see below), and where a kind of moment comes first: the seat to act and
    another. With `castings`, points where an
    Incantibus casting begins (every seat to point) instead. Cached: every test reads the
    same points, and none changes them (they are copies)."""
    options = json.loads(options_json)
    found: list[tuple[Any, int]] = []
    rules = builtin_registry().get(game_id)
    counts = range(max(2, rules.min_seats), min(4, rules.max_seats) + 1)
    # Three matches, at 2, 3 and 4 seats where the game seats them (a game of two, three
    # matches of two), each with a seed of its own.
    for number in range(3):
        seats = counts[number % len(counts)]
        game = builtin_registry().new_game(game_id, seats, 302 + number, options)
        bots = [RandomBot(s, seats) for s in range(seats)]
        begun, phases = 0, set()
        for step in range(160):
            if game.is_over():
                break
            mover = min(game.to_act())
            # Every kind of moment at least once (a decision is rare in random play).
            fresh = id(game.current_phase()) not in phases
            phases.add(id(game.current_phase()))
            if castings:
                if len(game.to_act()) == seats and not game.choices:
                    begun += 1
                    if begun % 5 == 1:
                        found.append((game.clone(), begun % seats))
            elif step % 17 == 5 or fresh:
                # The seat to act, and another: one not awaited where there is one (it
                # is refused everything, and its refusals must tell nothing either).
                idle = [s for s in range(seats) if s not in game.to_act()]
                other = idle or [s for s in range(seats) if s != mover]
                copy = game.clone()
                found += [(copy, mover), (copy, other[step % len(other)])]
            game.apply(mover, bot_move(game, bots[mover], mover))
    return tuple(found)


def sampled(game_id: str, options: dict[str, Any], castings: bool = False) -> tuple[Any, ...]:
    return points(game_id, json.dumps(options, sort_keys=True), castings)


def twin(game: Any, seat: int, kind: str, number: int) -> Any:
    """A match `seat` cannot tell from `game`, of `kind` (see the module's words)."""
    if kind == "redealt":
        return game.determinize(seat, Rng(1000 + number))
    other = game.clone()
    for pile in face_down_piles(other):
        if len(set(pile)) > 1:  # turned by one: another order (a pile of one kind has none)
            pile.insert(0, pile.pop())
    return other


def face_down_piles(game: Any) -> list[list[Any]]:
    """Every pile whose order nobody at the table knows."""
    if game.game_id == "incantibus":
        return [game.room_stack, game.spell_deck, game.secret_bag, game.set_aside]
    if game.game_id == "illusio":
        return [game.deck, game.objective_deck]
    return [game.deck]


def twins(
    game_id: str, options: dict[str, Any], kind: str, castings: bool = False
) -> list[tuple[Any, Any, int]]:
    """(the match, its twin, the seat that cannot tell them apart) at every sampled point."""
    return [
        (game, twin(game, seat, kind, number), seat)
        for number, (game, seat) in enumerate(sampled(game_id, options, castings))
    ]


# -- what a seat meets --------------------------------------------------------------------------


def tried(
    game_id: str, options: dict[str, Any], first: Any, second: Any, seat: int, n: int
) -> list[Any]:
    """Moves for `seat` to try, as JSON: every move either twin lists for it; some that
    either lists for another seat, some listed at other points of the game, and listed
    moves with a number or a word changed (wrong ones, most of them)."""
    rng = random.Random(n)

    def some(moves: list[Any], count: int) -> list[Any]:
        return rng.sample(moves, min(len(moves), count))

    def listed(seats: Any) -> list[Any]:
        return [a.to_json() for g in (first, second) for s in seats for a in g.legal_actions(s)]

    moves = listed([seat]) + some(listed(s for s in range(first.seats) if s != seat), 15)
    moves += some(_elsewhere(game_id, json.dumps(options, sort_keys=True)), 15)
    for move in some(moves, 8):
        for field, value in move.items():
            if isinstance(value, int) and not isinstance(value, bool):
                moves.append({**move, field: value + rng.choice((1, -1, 7))})
            elif isinstance(value, str) and field != "kind":
                moves.append({**move, field: value[::-1]})
    moves.append({"kind": "no such move"})
    unique = {json.dumps(m, sort_keys=True) for m in moves}
    return [json.loads(m) for m in sorted(unique)]


@functools.cache
def _elsewhere(game_id: str, options_json: str) -> list[Any]:
    """Moves listed at the sampled points of the game, for any seat."""
    return [
        a.to_json()
        for game, _ in sampled(game_id, json.loads(options_json))
        for s in range(game.seats)
        for a in game.legal_actions(s)[:3]
    ]


def alike(first: Any, second: Any, what: str) -> None:
    assert first == second, f"{what}: the seat can tell the twins apart"


# -- the boundaries ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), MATCHES, ids=IDS)
def test_a_seat_sees_the_same_view_and_log_in_twin_matches(game_id, options, kind):
    for first, second, seat in twins(game_id, options, kind):
        # A pile's order is hidden from everyone; a redeal, from the seat (and so from a
        # spectator, who knows less).
        seats = range(first.seats) if kind == "reordered" else [seat]
        for s in [*seats, None]:
            alike(first.view(s), second.view(s), f"the view of {s}")
            alike(first.log(s), second.log(s), f"the log of {s}")
            alike(first.to_act(), second.to_act(), "who is awaited")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), MATCHES, ids=IDS)
def test_a_seat_is_offered_the_same_moves_in_the_same_words_in_twin_matches(game_id, options, kind):
    offered = 0
    for first, second, seat in twins(game_id, options, kind):
        mine = first.legal_actions(seat)
        alike(mine, second.legal_actions(seat), "the moves offered")
        said = [
            [(g.describe(a, seat), g.hint(a, seat), g.warning(a, seat)) for a in mine]
            for g in (first, second)
        ]
        alike(*said, "the moves' words, hints and warnings")
        offered += len(mine)
    assert offered >= 10


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), MATCHES, ids=IDS)
def test_a_seat_is_refused_the_same_moves_in_the_same_words_in_twin_matches(game_id, options, kind):
    """Whether a move is refused, and why: the same in both twins, for moves either lists,
    old moves and wrong ones (read as a phone's move is, JSON first)."""
    refused = played = 0
    for n, (first, second, seat) in enumerate(twins(game_id, options, kind)):
        for move in tried(game_id, options, first, second, seat, n):
            said = [Match(g).why_not_json(seat, move) for g in (first, second)]
            alike(*said, f"the refusal of {move}")
            refused += said[0] is not None
            played += said[0] is None
    assert refused >= 20 and played >= 5


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), MATCHES, ids=IDS)
def test_a_phone_is_sent_the_same_frames_in_twin_matches(game_id, options, kind):
    """Every frame the seat's phone is sent: its state (offered moves or not, with a
    note and a chart of its own), and the answer to each move it may send (refused in
    words, then its state again; or played)."""
    for n, (first, second, seat) in enumerate(twins(game_id, options, kind)):
        names = NAMES[: first.seats]
        for offered in (True, False):
            frames = [
                state_message(Match(g), seat, names, "", "In…", "tally", offered, {"c": 1})
                for g in (first, second)
            ]
            alike(*frames, "the state sent to the phone")
        version = frames[0][0]
        for move in tried(game_id, options, first, second, seat, n):
            text = json.dumps({"type": "act", "action": move, "version": version})
            alike(*(_answer(Match(g), seat, text, version) for g in (first, second)), str(move))


def _answer(match: Match, seat: int, text: str, version: str) -> str:
    """What the hub sends back for a phone's move (`DeviceHub._on_message`), or "played"."""
    try:
        reason = match.why_not(seat, read_move(match, seat, text, version))
    except Refused as refusal:
        reason = refusal.reason
    return "played" if reason is None else encode({"type": "refused", "reason": reason})


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), MATCHES, ids=IDS)
def test_the_thinking_process_is_sent_the_same_bytes_for_twin_matches(game_id, options, kind):
    """What a searching bot's question sends (the match as the seat knows it, and the key
    of its chances), and what a review of a past choice sends (`Match.known_at`)."""
    for n, (first, second, seat) in enumerate(twins(game_id, options, kind)):
        sent = [(what_the_seat_knows(g, seat), key(g, "search")) for g in (first, second)]
        alike(*sent, "the question sent to the thinking process")
        known = on_known(lambda match: match, sent[0][0])  # as the process reads it
        assert known.seed == 0 and not known.record.moves and not known.events
        assert known.view(seat) == first.view(seat)
        # A review is sent the match its record replays to, as the seat knows it: the
        # bytes of its twin. (Of the replayed match: what the live one was asked before
        # leaves answers kept for next time, as an Illuminati structure's free arrows.)
        match = Match(first)
        moves = len(first.record.moves)
        replayed = match.at(moves).game
        sent_twin = what_the_seat_knows(twin(replayed, seat, kind, n), seat)
        alike(match.known_at(moves, seat), sent_twin, "the match a review is sent")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), MATCHES, ids=IDS)
def test_the_expert_searches_twin_matches_alike(game_id, options, kind):
    """The searching bot reads the match only through `determinize`: the same moves
    weighed, the same tally, the same choice."""
    searched = 0
    for first, second, seat in twins(game_id, options, kind)[::3]:
        if seat not in first.to_act() or len(first.legal_actions(seat)) < 2:
            continue
        bots = [make_bot(g, "expert", seat, 5) for g in (first, second)]
        for bot in bots:
            bot.deals = 6
        chosen = [
            b.choose_in(g, seat, g.legal_actions(seat))
            for b, g in zip(bots, (first, second), strict=True)
        ]
        alike(*chosen, "the expert's choice")
        alike(bots[0].tally, bots[1].tally, "the expert's tally")
        searched += 1
    assert searched >= 1


def castings(game_id: str, options: dict[str, Any], kind: str) -> list[tuple[Any, Any, int]]:
    """The twins where a casting begins (every seat to point), at every number of seats."""
    found = twins(game_id, options, kind, castings=True)
    assert {f.seats for f, _, _ in found} == {2, 3, 4}, "too few castings sampled"
    return found


INCANTIBUS = [(g, o) for g, o in MATCHES if g == "incantibus"]
INCANTIBUS_IDS = [i for i, (g, _) in zip(IDS, MATCHES, strict=True) if g == "incantibus"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), INCANTIBUS, ids=INCANTIBUS_IDS)
def test_the_coach_reviews_twin_castings_alike(game_id, options, kind):
    """The review of the seat's choice (every target's worth in hindsight and expected)
    and the coach's advice before it."""
    for n, (first, second, seat) in enumerate(castings(game_id, options, kind)):
        rng = random.Random(n)
        choices = {s: rng.choice(first.legal_actions(s)) for s in range(first.seats)}
        reviews = [
            coach.review(g, choices, seat, deals=2, depth=6, seed=n) for g in (first, second)
        ]
        alike(*reviews, "the coach's review")
        revealed = first.clone()  # the reveal, told to everyone
        for s, point in choices.items():
            revealed.apply(s, point)
        reveal = revealed.view(seat)["last_casting"]
        said = [coach.summary(r, NAMES[: first.seats], reveal) for r in reviews]
        alike(*said, "the coach's words")
        advice = [coach.advice(g, seat, deals=2, depth=6, seed=n) for g in (first, second)]
        alike(*advice, "the coach's advice")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game_id", "options"), INCANTIBUS, ids=INCANTIBUS_IDS)
def test_the_mixed_wizard_weighs_twin_castings_alike(game_id, options, kind, monkeypatch):
    """Its table of the casting, the equilibrium of it, and the target it draws."""
    # Smaller tables than a game's, on fewer deals: the same code, in a fraction of the time.
    monkeypatch.setattr(equilibrium, "TWO", {"rows": 5, "width": 5, "deals": 2, "depth": 6})
    monkeypatch.setattr(equilibrium, "MANY", {"rows": 4, "width": 2, "deals": 2, "depth": 4})
    # Where a casting begins, and where others have pointed already (unseen by the seat).
    pointed = [
        (f, s, seat)
        for f, s, seat in twins(game_id, options, kind)
        if seat in f.to_act() and f.choices and isinstance(f.legal_actions(seat)[0], Point)
    ]
    assert pointed, "no casting sampled where others had pointed"
    for n, (first, second, seat) in enumerate(castings(game_id, options, kind) + pointed[:3]):
        wizards = [make_bot(g, "mixed", seat, n) for g in (first, second)]
        chosen = [
            w.choose_in(g, seat, g.legal_actions(seat))
            for w, g in zip(wizards, (first, second), strict=True)
        ]
        alike(wizards[0].casting, wizards[1].casting, "the wizard's table")
        alike(wizards[0].mix, wizards[1].mix, "the equilibrium it draws from")
        alike(*chosen, "the mixed wizard's choice")
        assert isinstance(chosen[0], Point)
