"""Reachability: every move the rules accept can be made at the table.

In sampled states of seeded random games (every game, the options that change what is in
play), each listed move is perturbed field by field — other numbers, other ids of the same
field, a tuple with one part more or less. A perturbed move the rules accept must be
listed too, up to what the tables document they build themselves:

- cards, tokens and Specials of one kind are interchangeable (one of them is listed);
- a set of cards (Illusio's exchange and Objective-taking) is chosen at the table;
- an amount of money (Illuminati) is asked for at the table; so are the set of aiding
  Groups and the free arrow a captured or moved Group hangs from (one of each is listed).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from illusio_table.engine import Action
from illusio_table.engine.bots import RandomBot, bot_move
from illusio_table.games import builtin_registry
from tests.engine.matches import MATCHES


def sampled_states(game_id, seats, options, games=8, every=5, cap=80):
    for seed in range(games):
        game = builtin_registry().new_game(game_id, seats, 100 + seed, options)
        bots = [RandomBot(s, seed) for s in range(seats)]
        taken = 0
        while not game.is_over() and taken < cap:
            for _ in range(every):
                if game.is_over():
                    break
                seat = min(game.to_act())
                game.apply(seat, bot_move(game, bots[seat], seat))
            if not game.is_over():
                taken += 1
                yield game


# -- what is "the same move" ---------------------------------------------------------------


def illusio_key(game, action: Action, seat: int) -> Any:
    if action.kind in ("exchange", "realize"):
        return (action.kind, getattr(action, "objective", None))  # a set chosen at the table
    parts = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        card = f.name in ("card", "component") or (action.kind == "talent" and f.name == "target")
        if card and isinstance(value, int) and 0 <= value < len(game.key):
            value = game.key[value]
        parts.append(value)
    return (action.kind, *parts)


def incantibus_key(game, action: Action, seat: int) -> Any:
    def token(t: int) -> Any:
        if not 0 <= t < len(game.info):
            return t
        for seat, held in enumerate(game.satchels):
            if t in held:
                return ("satchel", seat, game.info[t].kind)
        return ("moat", game.info[t].kind) if t in game.moat else t

    if action.kind == "point":
        pay = action.pay
        if action.place == "potion" and not pay and game.potions[action.index] is not None:
            # No tokens named: the rules' own payment, the same move as naming it.
            from illusio_table.games.incantibus import satchel as bag

            recipe = game.recipes[game.potions[action.index]]
            default = bag.potion_payment(game.held(seat), recipe) or []
            pay = tuple(t.id for t in default)
        return (action.kind, action.place, action.index, tuple(sorted(map(str, map(token, pay)))))

    if action.kind == "discard":
        return (action.kind, token(action.token))
    if action.kind == "choose":
        decision = (game.view(None)["decision"] or {}).get("kind")
        return (
            action.kind,
            action.target if decision in ("imperium", "oculus") else token(action.target),
        )
    return (action.kind, *(getattr(action, f.name) for f in dataclasses.fields(action)))


def illuminati_key(game, action: Action, seat: int) -> Any:
    def special(value: Any) -> Any:
        return value.split("#")[0] if isinstance(value, str) and "#" in value else value

    parts = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name == "amount":
            value = "any amount"  # asked for at the table
        elif f.name == "aiders":
            value = "any aiders"  # chosen at the table
        elif f.name == "side" and action.kind in ("attack", "move") and value is not None:
            value = "a free arrow"  # chosen at the table
        parts.append(special(value))
    return (action.kind, *parts)


KEYS = {"illusio": illusio_key, "incantibus": incantibus_key, "illuminati": illuminati_key}


# -- perturbing ------------------------------------------------------------------------------


def perturbations(action: Action, legal: list[Action], rng: random.Random):
    pools: dict[str, list[Any]] = {}
    for other in legal:
        if type(other) is type(action):
            for f in dataclasses.fields(other):
                pools.setdefault(f.name, []).append(getattr(other, f.name))
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        options: list[Any] = []
        if isinstance(value, bool):
            options = [not value]
        elif isinstance(value, int):
            options = [
                value + 1,
                value - 1,
                value + 2,
                0,
                *rng.sample(pools[f.name], min(3, len(pools[f.name]))),
            ]
        elif isinstance(value, str) or value is None:
            options = rng.sample(pools[f.name], min(4, len(pools[f.name])))
        elif isinstance(value, tuple):
            options = [value[:i] + value[i + 1 :] for i in range(len(value))]
            extra = {x for t in pools[f.name] if isinstance(t, tuple) for x in t} - set(value)
            options += [value + (x,) for x in list(extra)[:3]]
        for option in options:
            if option != value:
                yield dataclasses.replace(action, **{f.name: option})


@pytest.mark.parametrize("game_id, seats, options", MATCHES)
def test_every_move_the_rules_accept_is_offered_or_built_at_the_table(game_id, seats, options):
    key = KEYS[game_id]
    rng = random.Random(7)
    checked = 0
    for game in sampled_states(game_id, seats, options):
        for seat in sorted(game.to_act()):
            legal = game.legal_actions(seat)
            listed = {key(game, a, seat) for a in legal}
            for action in rng.sample(legal, min(25, len(legal))):
                for other in perturbations(action, legal, rng):
                    try:
                        accepted = game.refusal(seat, other) is None
                    except Exception as error:  # noqa: BLE001 - any crash is the finding
                        raise AssertionError(f"refusal crashed on {other}: {error!r}") from None
                    checked += 1
                    if accepted:
                        assert key(game, other, seat) in listed, (
                            f"accepted but not offered: {other} ({game.describe(other, seat)})"
                        )
    assert checked > 500
