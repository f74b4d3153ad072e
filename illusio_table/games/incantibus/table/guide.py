"""Incantibus's guided first game (table/guide.py)."""

from __future__ import annotations

from typing import Any

from illusio_table.engine import Action
from illusio_table.table.guide import (
    SEAT,
    Guide,
    Learnt,
    Lesson,
    View,
    name_list,
)


def _cards() -> Any:
    """The card file, read when a lesson first asks (the welcome page names the guides
    without it)."""
    from illusio_table.games import builtin_registry

    return builtin_registry().get("incantibus").card_data()


def _cell(view: View, cell: str, seat: int = SEAT) -> list[int]:
    cells: dict[str, list[int]] = view["satchels"][seat]["cells"]
    return cells.get(cell, [])


def _grew(cell: str) -> Learnt:
    """Learnt when the newcomer's satchel holds more in that cell than before."""
    return lambda action, before, after, lines: len(_cell(after, cell)) > len(_cell(before, cell))


def _room_moves(view: View, legal: list[Action]) -> list[tuple[dict[str, Any], Action]]:
    """The room's tokens the newcomer may point at now, face up first, with the move."""
    by_slot = {a.index: a for a in legal if a.kind == "point" and a.place == "room"}
    tokens = [t for t in view["room"]["tokens"] if t["slot"] in by_slot]
    return [(t, by_slot[t["slot"]]) for t in tokens]


def _held_kinds(view: View) -> set[str]:
    return {t["kind"] for t in view["satchels"][SEAT]["tokens"]}


def _worth(view: View, token: dict[str, Any]) -> int:
    """Roughly what a face-up token is worth to the newcomer now: its points, a monster's
    only with its weapon, a spell its point and a spell more; what brews or catches, 1."""
    kinds = {k.id: k for k in _cards().tokens}
    kind = kinds.get(token["kind"])
    if kind is None:
        return 0
    if kind.category == "monster":
        held = _held_kinds(view)
        catching = {k.id for k in kinds.values() if k.catches == kind.id} | {"ultimus"}
        return kind.points if held & catching else 0
    if kind.category == "spell":
        return 2
    return kind.points + kind.coins or 1


def _richest(view: View, legal: list[Action]) -> list[tuple[dict[str, Any], Action]]:
    up = [(t, a) for t, a in _room_moves(view, legal) if t.get("face_up")]
    return sorted(up, key=lambda pair: (-_worth(view, pair[0]), pair[0]["slot"]))


def _stronger(view: View) -> list[int]:
    """The other wands stronger than the newcomer's."""
    wands: list[int] = view["wands"]
    return [w for s, w in enumerate(wands) if s != SEAT and w > wands[SEAT]]


def guide() -> Guide:
    name, other = "Ana", "Lera"

    def first_move(view: View, legal: list[Action]) -> Action | None:
        if view["castings"] != 0:
            return None
        richest = _richest(view, legal)
        if not richest:
            return None
        # The strongest wand will likely go for the richest token: a weaker one does
        # better on the next (the first guide lit the richest, and the newcomer lost it).
        return richest[1 if _stronger(view) and len(richest) > 1 else 0][1]

    def first_say(view: View, move: Action) -> str:
        top = _richest(view, _all_points(view))[0][0]["name"]
        mine, theirs = view["wands"][SEAT], max(view["wands"][1:])
        chosen = _token_at(view, move)
        if _stronger(view):
            return (
                f"everyone points at once, in secret. Your wand is {mine}, {other}'s {theirs}: "
                f"where two wands meet, the stronger takes the token. {other} will likely go "
                f"for the {top}, the richest; point at the {chosen} lit in white instead."
            )
        # "The richest" only of a token that scores: an ingredient scores nothing (a later
        # lesson says so), it is worth having for the potion it brews.
        token = next(t for t in view["room"]["tokens"] if t["slot"] == move.index)
        why = (
            ", the richest" if _scores(token) else f": it scores nothing itself, but {_use(token)}"
        )
        return (
            f"everyone points at once, in secret. Your wand {mine} is the strongest: where "
            f"two wands meet it takes the token. Point at the {chosen}{why}."
        )

    def swap_move(view: View, legal: list[Action]) -> Action | None:
        richest = _richest(view, legal)
        return richest[0][1] if richest and _stronger(view) and len(richest) > 2 else None

    def swap_say(view: View, move: Action) -> str:
        theirs = max(_stronger(view))
        token = _token_at(view, move)
        return (
            f"{other}'s stronger wand will likely go for the {token}. If you both do, her wand "
            f"{theirs} takes it, and then you two swap wands: you get nothing this casting "
            f"but hold the {theirs} for the next. Point at the {token} to see it."
        )

    def swapped(action: Action, before: View, after: View, lines: list[str]) -> bool:
        return bool(after["wands"][SEAT] != before["wands"][SEAT])

    def strongest_move(view: View, legal: list[Action]) -> Action | None:
        richest = _richest(view, legal)
        if view["castings"] == 0 or _stronger(view) or not richest:
            return None
        return richest[0][1]

    def strongest_say(view: View, move: Action) -> str:
        return (
            f"your wand {view['wands'][SEAT]} is the strongest now: what you point at is "
            f"yours. Should {other} point there too, you take it and swap down to her "
            f"wand. Point at the {_token_at(view, move)}."
        )

    def secret_move(view: View, legal: list[Action]) -> Action | None:
        hidden = [a for t, a in _room_moves(view, legal) if not t.get("face_up")]
        return hidden[0] if hidden else None

    def secret_say(view: View, move: Action) -> str:
        return (
            "a face-down token is a surprise: gold, an ingredient, a weapon, a monster or a "
            "spell. It is turned only for whoever wins it. Point at the one lit in white."
        )

    def turned(action: Action, before: View, after: View, lines: list[str]) -> bool:
        return any(line.startswith(f"{name} turns the secret token") for line in lines)

    def weapon_move(view: View, legal: list[Action]) -> Action | None:
        kinds = {k.id: k for k in _cards().tokens}
        held = _held_kinds(view)
        caught = {kinds[k].catches for k in held if k in kinds and kinds[k].catches}
        for token, move in _richest(view, legal):
            kind = kinds.get(token["kind"])
            if kind is not None and kind.category == "weapon" and kind.catches not in caught:
                return move
        return None

    def weapon_say(view: View, move: Action) -> str:
        kinds = {k.id: k for k in _cards().tokens}
        weapon = kinds[_token_at(view, move, "kind")]
        monster = kinds[weapon.catches or ""]
        return (
            f"a weapon scores nothing itself, but catches monsters: the {weapon.name} "
            f"catches every {monster.name} ({monster.points} points each) and stays in "
            f"your satchel. Point at it."
        )

    def monster_move(view: View, legal: list[Action]) -> Action | None:
        kinds = {k.id: k for k in _cards().tokens}
        for token, move in _richest(view, legal):
            kind = kinds.get(token["kind"])
            if kind is not None and kind.category == "monster" and _worth(view, token):
                return move
        return None

    def monster_say(view: View, move: Action) -> str:
        kinds = {k.id: k for k in _cards().tokens}
        monster = kinds[_token_at(view, move, "kind")]
        held = _held_kinds(view)
        weapon = next(
            (k.name for k in kinds.values() if k.catches == monster.id and k.id in held),
            "Ultimus",
        )
        return (
            f"you hold the {weapon}: point at the {monster.name} to catch it, "
            f"{monster.points} points (the weapon stays). Without its weapon, a monster "
            f"you win escapes into the moat."
        )

    def potion_move(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "point" and a.place == "potion"), None)

    def potion_say(view: View, move: Action) -> str:
        potion = view["potions"][move.index]
        return (
            f"the {potion['name']} needs {_recipe(potion)}, and your satchel holds "
            f"{_brewed_with(view, potion)}: point at the potion to brew it. What it takes "
            f"goes into the moat; the potion scores {potion['points']}."
        )

    def ingredient_move(view: View, legal: list[Action]) -> Action | None:
        wanted = {k for p in view["potions"] if p for k in p["recipe"]}
        for token, move in _richest(view, legal):
            if token["kind"] in wanted:
                return move
        return None

    def ingredient_say(view: View, move: Action) -> str:
        kind = _token_at(view, move, "kind")
        potion = next(p for p in view["potions"] if p and kind in p["recipe"])
        return (
            f"ingredients score nothing, but brew potions: the {potion['name']} needs "
            f"{_recipe(potion)} and scores {potion['points']}. Point at the "
            f"{_kind_name(kind)}."
        )

    def spell_move(view: View, legal: list[Action]) -> Action | None:
        for token, move in _richest(view, legal):
            if token["kind"] == "spell":
                return move
        return None

    def spell_say(view: View, move: Action) -> str:
        return (
            "a spell token scores 1 and, as soon as everyone has taken their tokens, casts "
            "one of the three open spell cards (in the Spells panel, right of the tower). "
            "Point at it."
        )

    def cast_move(view: View, legal: list[Action]) -> Action | None:
        casts = [a for a in legal if a.kind == "cast"]
        if not casts:
            return None
        # The plainest first: a spell that simply gives, then one that takes from the room.
        order = ["fortuna", "philosophia", "locus", "imperium", "oculus", "ultimus"]
        cards = view["spell_cards"]
        ranked = sorted(
            casts,
            key=lambda a: (
                order.index(cards[a.card]["kind"]) if cards[a.card]["kind"] in order else len(order)
            ),
        )
        return ranked[0]

    def cast_say(view: View, move: Action) -> str:
        card = view["spell_cards"][move.card]
        spells = {k.id: k for k in _cards().spells}
        text = spells[card["kind"]].text if card["kind"] in spells else ""
        return f"your spell token casts a spell card. {card['name']}: {text} Click it."

    def cast(action: Action, before: View, after: View, lines: list[str]) -> bool:
        return True

    def pointed(action: Action, before: View, after: View, lines: list[str]) -> bool:
        return True

    def finished(view: View, log: list[str]) -> bool:
        # The tower, room by room, down to the dungeon's door (two players explore the
        # Roof and three rooms): every lesson's moment comes on the way.
        return view["phase"] == "over" or view["dungeon"] is not None

    def summary(view: View, log: list[str]) -> str:
        return (
            f"The tower is explored: the guide ends at the dungeon's door. "
            f"{_score(view, other)} Now the sorcerers: point at one to defeat "
            f"it with the tokens its card asks for, for its points. Play on!"
        )

    return Guide(
        "incantibus",
        "Incantibus",
        170,  # a deal where every lesson's moment comes (tests/table/test_guides.py)
        ({"name": name, "bot": None}, {"name": other, "bot": "cunning"}),
        (
            Lesson("pointing at once", first_move, first_say, pointed),
            Lesson("casting a spell", cast_move, cast_say, cast),
            Lesson("brewing a potion", potion_move, potion_say, _grew("potion")),
            Lesson("catching a monster", monster_move, monster_say, _grew("monster")),
            Lesson("the wand swap", swap_move, swap_say, swapped),
            Lesson("the strongest wand", strongest_move, strongest_say, pointed),
            Lesson("a face-down token", secret_move, secret_say, turned),
            Lesson("a spell token", spell_move, spell_say, _grew("spell")),
            Lesson("weapons", weapon_move, weapon_say, _grew("weapon")),
            Lesson("ingredients", ingredient_move, ingredient_say, _grew("ingredient")),
        ),
        finished,
        summary,
        {"mode": "apprentice"},
    )


def _all_points(view: View) -> list[Action]:
    """Stand-ins for pointing at every face-up room token (to rank them by worth)."""
    from illusio_table.games.incantibus.actions import Point

    return [Point("room", t["slot"]) for t in view["room"]["tokens"] if t.get("face_up")]


def _token_at(view: View, move: Action, key: str = "name") -> str:
    token = next(t for t in view["room"]["tokens"] if t["slot"] == move.index)
    return str(token[key])


def _brewed_with(view: View, potion: dict[str, Any]) -> str:
    """What of the newcomer's satchel goes into the potion, as the satchel holds it: the
    real ingredients, and the Stone for each one missing ("the Mistletoe and the
    Philosopher's Stone, for the Mushroom"). (The guide said "you hold what it needs
    (Mistletoe and Mushroom)" while the satchel held the Stone and Mistletoe.)"""
    held = [t["kind"] for t in view["satchels"][SEAT]["tokens"]]
    real, missing = [], []
    for kind in potion["recipe"]:
        if kind in held:
            held.remove(kind)
            real.append(f"the {_kind_name(kind)}")
        else:
            missing.append(_kind_name(kind))
    if missing:
        real.append(f"the {_kind_name('philosophers-stone')}, for the {name_list(missing)}")
    return name_list(real)


def _use(token: dict[str, Any]) -> str:
    """What a token that scores nothing itself is good for."""
    kind = next(k for k in _cards().tokens if k.id == token["kind"])
    return "catches monsters" if kind.category == "weapon" else "brews potions that score"


def _scores(token: dict[str, Any]) -> bool:
    """Whether a token scores points itself (an ingredient or a weapon does not)."""
    kind = next((k for k in _cards().tokens if k.id == token["kind"]), None)
    return kind is not None and kind.points + kind.coins > 0


def _recipe(potion: dict[str, Any]) -> str:
    """'Mistletoe, Mistletoe and Pumpkin': what a potion of the view asks for."""
    return name_list([_kind_name(k) for k in potion["recipe"]])


def _kind_name(kind: str) -> str:
    """A token's name (the Philosopher's Stone among the specials' tokens)."""
    cards = _cards()
    names = {k.id: k.name for k in [*cards.tokens, *cards.specials]}
    return names.get(kind, kind)


SOURCES = {
    "gold": "gold",
    "monster": "monsters",
    "potion": "potions",
    "spell": "spells",
    "sorcerer": "sorcerers",
    "book": "magic books",
}


def _score(view: View, other: str) -> str:
    """The newcomer's points, by where they come from (the view's count, explained)."""
    cards = _cards()
    category = {k.id: k.category for k in (*cards.tokens, *cards.specials)}
    cell_of = {t: c for c, ids in view["satchels"][SEAT]["cells"].items() for t in ids}
    by_source: dict[str, int] = {}
    for token in view["satchels"][SEAT]["tokens"]:
        if token["points"]:
            cell = cell_of.get(token["id"], "")
            source = SOURCES.get(cell) or SOURCES.get(category.get(token["kind"], ""), "tokens")
            by_source[source] = by_source.get(source, 0) + token["points"]
    total = view["points"][SEAT]
    rest = total - sum(by_source.values())
    if rest:
        by_source["your wand"] = rest  # expert mode: the wand's strength counts
    parts = [f"{n} for {source}" for source, n in by_source.items()]
    theirs = view["points"][1 - SEAT] if len(view["points"]) == 2 else max(view["points"][1:])
    mine = f"{name_list(parts)}: {total}" if parts else "none yet"
    return f"Your points so far: {mine}; {other} has {theirs}."
