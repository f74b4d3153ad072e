"""What each seat may see of an Illusio match (`seat_view`), and every move in words."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from illusio_table.engine.bots import Parts

from .actions import (
    Abandon,
    Backstage,
    Discard,
    EndTurn,
    Exchange,
    Place,
    PlaySpecial,
    Realize,
    Take,
    Transform,
    UseTalent,
)
from .cards import IllusioCards
from .catalog import catalog, exact_bonus
from .phases import IllusioPhase
from .talents import TALENTS

if TYPE_CHECKING:
    from .rules import Illusio
    from .work import Work


@cache
def printed_views(cards: IllusioCards) -> tuple[tuple[tuple[str, Any], ...], ...]:
    """Each card of the card file as the view shows it untransformed, made once a run (a
    view holds every card in the discard pile, and bots read views thousands of times a
    second; self-play starts a match every few hundred moves, and making these was two
    fifths of a match's set-up)."""
    printed = []
    for info in catalog(cards)[0]:
        data: dict[str, Any] = {"id": info.id, "kind": info.kind, "name": info.name}
        if info.special:
            data["special"] = True
        else:
            data["group"] = cards.group_of[info.kind]
        printed.append(tuple(data.items()))
    return tuple(printed)


def card_view(game: Illusio, card: int) -> dict[str, Any]:
    now = game.as_kind.get(card)
    data = dict(game.printed[card])
    if now is not None:
        data["group"] = game.cards.group_of[now]
        data["now"] = now
        data["now_name"] = game.cards.name(now)
        data["transforms"] = len(game.attached.get(card, ()))
    return data


def objective_view(game: Illusio, objective: int) -> dict[str, Any]:
    o = game.objectives[objective]
    return {
        "id": objective,
        "key": o.key,
        "name": o.name,
        "domain": o.domain,
        "level": o.level,
        "needs": list(o.needs),
        "half": o.half,
    }


def fits_views(game: Illusio, seat: int) -> list[dict[str, Any] | None]:
    """What the seat's Backstage holds for each Objective of the Contest: the cards whose
    group it asks for (`cards`), and how many of its Components they could be (`held`: a
    group gives no more than the Objective asks of it). The Backstage is counted once for
    all the Contest (counted per Objective, this was half of every view)."""
    backstage = game.backstage[seat]
    groups = [game.now_group[c] for c in backstage]
    have: dict[str, int] = {}
    for group in groups:
        have[group] = have.get(group, 0) + 1
    fits: list[dict[str, Any] | None] = []
    for objective in game.contest:
        if objective is None:
            fits.append(None)
            continue
        asked = game.objectives[objective].groups
        held = 0
        for group, n in have.items():
            wanted = asked.get(group, 0)
            held += n if n < wanted else wanted
        cards = [c for c, g in zip(backstage, groups, strict=True) if g in asked] if held else []
        fits.append({"cards": cards, "held": held})
    return fits


def work_view(game: Illusio, work: Work) -> dict[str, Any]:
    o = game.objectives[work.objective]
    kinds = [game.kind(c) for c in work.components]
    return {
        "objective": objective_view(game, work.objective),
        "components": [card_view(game, c) for c in work.components],
        "displayed": work.displayed,
        "encore": work.encore,
        "specials": [card_view(game, c) for c in work.specials],
        "exact": exact_bonus(o, kinds),
        "missing": len(o.needs) - len(work.components),
    }


def seat_view(game: Illusio, seat: int | None) -> dict[str, Any]:
    view = {key: make() for key, make in view_parts(game, seat).items()}
    view["seats"] = [dict(each) for each in view["seats"]]  # each seat made whole
    return view


def view_parts(game: Illusio, seat: int | None) -> dict[str, Callable[[], Any]]:
    """The view's parts, each made when called; the seats' too (`seat_parts`): a bot's
    plan reads its own seat whole but of the others little more than their scores, and
    every seat's tricks and fits made for each move of a rollout were half its search.
    No part calls another (compiled, a shared closure would be a cycle: see Illuminati's
    `view_parts`)."""
    over = game.is_over()
    parts: dict[str, Callable[[], Any]] = {
        "me": lambda: seat,
        "phase": lambda: game.phase,
        "turn": lambda: game.turn,
        "current": lambda: game.current,
        "first": lambda: game.first,
        "actions_left": lambda: game.actions_left if game.phase == IllusioPhase.TURN else 0,
        "target": lambda: game.target,
        "contest": lambda: [None if o is None else objective_view(game, o) for o in game.contest],
        "objective_deck": lambda: len(game.objective_deck),
        "objective_discard": lambda: [objective_view(game, o) for o in game.objective_discard],
        "deck": lambda: len(game.deck),
        "discard": lambda: [card_view(game, c) for c in game.discard_pile],
        "seats": lambda: [Parts(seat_parts(game, s)) for s in range(game.seats)],
        "hand": lambda: None if seat is None else [card_view(game, c) for c in game.hands[seat]],
        "hand_limit": lambda: game.limits.hand_limit,
    }
    if over:
        parts["scores"] = game.result
    return parts


def seat_parts(game: Illusio, s: int) -> dict[str, Callable[[], Any]]:
    """What every seat may see of seat `s`, each part made when called."""
    m = game.magicians[s]
    return {
        "name": lambda: game.name(s),
        "magician": lambda: {
            "id": m.id,
            "name": m.name,
            "talent": m.talent,
            "text": m.text,
            "domain": m.domain,
        },
        "talent_used": lambda: game.talent_used[s] if m.talent != "bonus" else None,
        "hand": lambda: len(game.hands[s]),
        "backstage": lambda: [card_view(game, c) for c in game.backstage[s]],
        "fits": lambda: fits_views(game, s),
        "works": lambda: [work_view(game, w) for w in game.works[s]],
        "validated": lambda: [objective_view(game, o) for o in game.validated[s]],
        "score": lambda: game.scores[s],
        "tricks": lambda: [trick_view(t) for t in game.tricks[s]],
    }


# -- every move in words, for menus and the move list (`Game.describe` reads MOVE_WORDS) ------


def _backstage_words(game: Illusio, action: Backstage, seat: int | None) -> str:
    return f"Put {game.info[action.card].name} in your Backstage"


def _discard_words(game: Illusio, action: Discard, seat: int | None) -> str:
    return f"Let go of {game.info[action.card].name}"


def _end_turn_words(game: Illusio, action: EndTurn, seat: int | None) -> str:
    return "End your turn"


def _exchange_words(game: Illusio, action: Exchange, seat: int | None) -> str:
    if len(action.cards) > 1 and sorted(action.cards) == sorted(game.hands[game.current]):
        return f"Exchange your whole hand ({len(action.cards)} cards)"
    return "Exchange " + ", ".join(game.info[c].name for c in action.cards)


def _realize_words(game: Illusio, action: Realize, seat: int | None) -> str:
    parts = ", ".join(game.card_name(c) for c in action.components)
    return f"Take {game.objectives[action.objective].name} with {parts}"


def _place_words(game: Illusio, action: Place, seat: int | None) -> str:
    return f"Place {game.card_name(action.card)} around {game.objectives[action.objective].name}"


def _abandon_words(game: Illusio, action: Abandon, seat: int | None) -> str:
    return f"Give up {game.objectives[action.objective].name}"


def _special_words(game: Illusio, action: PlaySpecial, seat: int | None) -> str:
    return f"Play {game.info[action.card].name} on {game.objectives[action.trick].name}"


def _transform_words(game: Illusio, action: Transform, seat: int | None) -> str:
    into = game.cards.name(action.into)
    return f"Transform {game.card_name(action.component)} into {into}"


def _take_words(game: Illusio, action: Take, seat: int | None) -> str:
    return f"Take a card from {game.name(action.seat)}"


def _talent_words(game: Illusio, action: UseTalent, seat: int | None) -> str:
    talent = game.magicians[seat if seat is not None else game.current].talent
    return TALENTS[talent].words(game, action) or "Use your talent"


MOVE_WORDS: dict[type, Callable[[Any, Any, int | None], str]] = {
    Backstage: _backstage_words,
    Discard: _discard_words,
    EndTurn: _end_turn_words,
    Exchange: _exchange_words,
    Realize: _realize_words,
    Place: _place_words,
    Abandon: _abandon_words,
    PlaySpecial: _special_words,
    Transform: _transform_words,
    Take: _take_words,
    UseTalent: _talent_words,
}


CATEGORIES = (  # a trick's parts, by its entry's key, as the result table names them
    ("level", "level"),
    ("exact", "exact"),
    ("specialization", "specialization"),
    ("grand", "Grand"),
    ("deja_vu", "Deja vu"),
    ("magician", "magician"),
)


def trick_view(entry: dict[str, Any]) -> dict[str, Any]:
    """A scored trick as a view and the result show it: its parts, and their sum in words."""
    return {**entry, "sum": trick_sum(entry)}


def trick_sum(entry: dict[str, Any]) -> str:
    """`level 3 + exact 2 + Grand 2 = 7`: how a trick's points were made."""
    parts: list[str] = []
    for key, word in CATEGORIES:
        value = entry.get(key, 0)
        if value or key == "level":
            sign = "−" if value < 0 else "+"
            parts.append(f"{sign} {word} {abs(value)}" if parts else f"{word} {value}")
    if entry.get("floor"):  # the penalties went below nothing; a trick pays at least 0
        return " ".join(parts) + f" = {entry['points'] - entry['floor']}, raised to 0"
    return " ".join(parts) + f" = {entry['points']}"


def standing(view: dict[str, Any]) -> list[str]:
    """Each magician's score, as the Seats panel shows it."""
    return [f"{s['score']} point{'s' * (s['score'] != 1)}" for s in view["seats"]]
