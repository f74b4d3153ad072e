"""Guided first games: a newcomer's first round of each game, on the real table.

A guide is a fixed deal (its seed, its seats: the newcomer in seat 0 and a bot) and the
lessons of a first round. Each time the newcomer is asked for a move, the guide looks for
the first lesson not yet learnt whose moment has come (a move that teaches it is legal
now), lights that move and says why; the newcomer may make it or any other legal move —
a guide never holds one back. What came of the move is told from the match's own log,
once the others have answered and the newcomer is asked again, so the guide cannot say
other than the log. When the round the guide covers is over, it explains the score from
the view, and its bar goes at the newcomer's next move.

Nothing is scripted outside the engine and the table: the moves are the engine's, checked
like any, and the bots answer as they would. The deal is chosen (tests/table/test_guides.py
plays it) so that each lesson's moment comes.

No Qt here: the window shows the words, lights the places and leaves the guide when asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from illusio_table.engine import Action, Match

View = dict[str, Any]
Pick = Callable[[View, list[Action]], Action | None]
Say = Callable[[View, Action], str]
Learnt = Callable[[Action, View, View, list[str]], bool]

SEAT = 0  # the newcomer's seat in every guide
TOLD_LINES = 4  # log lines told of a move at most (the bar has room for about six)


@dataclass(frozen=True)
class Lesson:
    """One thing a first round teaches, when the match offers it."""

    name: str  # what it teaches, in a few words
    move: Pick  # the move that teaches it now (None: its moment has not come)
    say: Say  # what to do and why, about that move
    # Whether the move made taught it: from that move, the views before and after, and the
    # log's lines since (the moment may not have come as the guide hoped: a bot elsewhere).
    learnt: Learnt


@dataclass(frozen=True)
class Guide:
    game_id: str
    title: str
    seed: int
    players: tuple[dict[str, Any], ...]
    lessons: tuple[Lesson, ...]
    # The stretch the guide covers is over (from the view and the log's lines).
    finished: Callable[[View, list[str]], bool]
    # The last words: the score so far, explained from the view (and the log's lines).
    summary: Callable[[View, list[str]], str]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Made:
    """A move of the newcomer's whose outcome is not told yet."""

    action: Action
    before: View
    lines: int  # the log's length when it was made
    lesson: Lesson | None  # the lesson shown for it


class GuideRun:
    """Where a guide has got to in its match. The window calls `follow` after each
    drawing, and shows `words()`; `lit` is the move it lights."""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide
        self.learnt: list[str] = []  # the lessons learnt, in the order they were
        self.told = ""  # what came of the newcomer's last move, until the next
        self.lesson: Lesson | None = None  # the lesson shown now
        self.lit: Action | None = None  # its move
        self.closing = ""  # the last words, once the stretch is over
        self.gone = False  # the closing words were read: the bar goes
        self._asked: tuple[View, int, int] | None = None  # view, moves made, log length
        self._made: _Made | None = None

    @property
    def over(self) -> bool:
        return bool(self.closing)

    def follow(self, match: Match, legal: list[Action], asked: bool) -> None:
        """After each drawing: `legal` are the newcomer's moves and `asked` whether the
        newcomer is asked for one now (not while the curtain or a reveal is up)."""
        view, log = match.view(SEAT), match.log(SEAT)
        seats = [m.seat for m in match.moves]
        if self._asked is not None:
            before, moves, lines = self._asked
            if SEAT in seats[moves:]:  # the newcomer moved (others may have moved first)
                index = moves + seats[moves:].index(SEAT)
                action = match.parse_action(match.moves[index].action)
                self._made = _Made(action, before, lines, self.lesson)
                self._asked = None
                if self.over:
                    self.gone = True  # the closing words were there to read till now
        ended = self.guide.finished(view, log)
        if self._made is not None and (asked or ended):
            self._tell(self._made, view, log)
            self._made = None
        if ended and not self.over:
            self.closing = self.guide.summary(view, log)
        self.lesson = self.lit = None
        if asked:
            self._asked = (view, len(seats), len(log))
            if not self.over:
                self._choose(view, legal)

    def _choose(self, view: View, legal: list[Action]) -> None:
        for lesson in self.guide.lessons:
            if lesson.name in self.learnt:
                continue
            move = lesson.move(view, legal)
            if move is not None:
                self.lesson, self.lit = lesson, move
                return

    def _tell(self, made: _Made, after: View, log: list[str]) -> None:
        lines = log[made.lines :]
        lesson = made.lesson
        taught = lesson is not None and lesson.learnt(made.action, made.before, after, lines)
        if taught and lesson is not None:
            self.learnt.append(lesson.name)
        self.told = " ".join(told_lines(lines))
        if lesson is not None and not taught:
            self.told += f" (The guide comes back to {lesson.name} when it can.)"

    def words(self, prompt: str) -> str:
        """The bar: what came of the last move, then the lesson now (or `prompt`, what
        the table asks, when no lesson has its moment) or the closing words."""
        done = f"{self.told} " if self.told else ""
        if self.over:
            return f"{done}{self.closing}"
        count = f"({len(self.learnt)} of {len(self.guide.lessons)} learnt)"
        if len(self.learnt) == len(self.guide.lessons):
            return (
                f"{done}Every lesson is learnt: play on as you like; the guide ends with the score."
            )
        if self.lesson is None or self.lit is None:
            return f"{done}{prompt} {count}"
        return f"{done}Next, {self.lesson.name} {count}: {self.lesson.say(self._view(), self.lit)}"

    def _view(self) -> View:
        assert self._asked is not None
        return self._asked[0]


def told_lines(lines: list[str]) -> list[str]:
    """The log's lines that tell what came of a move: not who has chosen (a secret choice
    made); the first few, which tell the move's own outcome (the log panel has the rest)."""
    kept = [line for line in lines if not line.endswith("has chosen.")]
    if len(kept) > TOLD_LINES:
        return [*kept[:TOLD_LINES], "(More in the log.)"]
    return kept


def name_list(names: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


# -- Incantibus: the Roof and the room below it ----------------------------------------------


def _incantibus_cards() -> Any:
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
    kinds = {k.id: k for k in _incantibus_cards().tokens}
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


def incantibus() -> Guide:
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
        return (
            f"everyone points at once, in secret. Your wand {mine} is the strongest: where "
            f"two wands meet it takes the token. Point at the {chosen}, the richest."
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
        kinds = {k.id: k for k in _incantibus_cards().tokens}
        held = _held_kinds(view)
        caught = {kinds[k].catches for k in held if k in kinds and kinds[k].catches}
        for token, move in _richest(view, legal):
            kind = kinds.get(token["kind"])
            if kind is not None and kind.category == "weapon" and kind.catches not in caught:
                return move
        return None

    def weapon_say(view: View, move: Action) -> str:
        kinds = {k.id: k for k in _incantibus_cards().tokens}
        weapon = kinds[_token_at(view, move, "kind")]
        monster = kinds[weapon.catches or ""]
        return (
            f"a weapon scores nothing itself, but catches monsters: the {weapon.name} "
            f"catches every {monster.name} ({monster.points} points each) and stays in "
            f"your satchel. Point at it."
        )

    def monster_move(view: View, legal: list[Action]) -> Action | None:
        kinds = {k.id: k for k in _incantibus_cards().tokens}
        for token, move in _richest(view, legal):
            kind = kinds.get(token["kind"])
            if kind is not None and kind.category == "monster" and _worth(view, token):
                return move
        return None

    def monster_say(view: View, move: Action) -> str:
        kinds = {k.id: k for k in _incantibus_cards().tokens}
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
            f"you hold what the {potion['name']} needs ({_recipe(potion)}): point at it "
            f"to brew it. The ingredients go into the moat; the potion scores "
            f"{potion['points']}."
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
            "one of the three open spell cards (over the room). Point at it."
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
        spells = {k.id: k for k in _incantibus_cards().spells}
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
            f"{_incantibus_score(view, other)} Now the sorcerers: point at one to defeat "
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


def _recipe(potion: dict[str, Any]) -> str:
    """'Mistletoe, Mistletoe and Pumpkin': what a potion of the view asks for."""
    return name_list([_kind_name(k) for k in potion["recipe"]])


def _kind_name(kind: str) -> str:
    names = {k.id: k.name for k in _incantibus_cards().tokens}
    return names.get(kind, kind)


SOURCES = {
    "gold": "gold",
    "monster": "monsters",
    "potion": "potions",
    "spell": "spells",
    "sorcerer": "sorcerers",
    "book": "magic books",
}


def _incantibus_score(view: View, other: str) -> str:
    """The newcomer's points, by where they come from (the view's count, explained)."""
    cards = _incantibus_cards()
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


# -- Illusio: a round to a performed trick ---------------------------------------------------


def _first(kinds: set[str]) -> Pick:
    return lambda view, legal: next((a for a in legal if a.kind in kinds), None)


def _always(action: Action, before: View, after: View, lines: list[str]) -> bool:
    return True


def illusio() -> Guide:
    other = "Lera"

    def mine(view: View) -> dict[str, Any]:
        seat: dict[str, Any] = view["seats"][SEAT]
        return seat

    def component(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "backstage"), None)

    def second(view: View, legal: list[Action]) -> Action | None:
        return component(view, legal) if view["actions_left"] == 1 else None

    def laid(action: Action, before: View, after: View, lines: list[str]) -> bool:
        return len(mine(after)["backstage"]) > len(mine(before)["backstage"])

    def take(view: View, legal: list[Action]) -> Action | None:
        taking = [a for a in legal if a.kind == "realize"]
        return max(taking, key=lambda a: len(a.components)) if taking else None

    def take_say(view: View, move: Action) -> str:
        objective = next(o for o in view["contest"] if o and o["id"] == move.objective)
        return (
            f"an Objective of the Contest may be taken once your Backstage holds half the "
            f"Components it shows. You hold enough for {objective['name']}: drag it onto "
            f"Your tricks, then Take it."
        )

    def took(action: Action, before: View, after: View, lines: list[str]) -> bool:
        return len(mine(after)["works"]) > len(mine(before)["works"])

    def place_say(view: View, move: Action) -> str:
        return (
            "a trick taken is built: place its missing Components around it, from your "
            "hand or your Backstage. Complete, it goes on display and scores at your next "
            "turn. Drag the Component lit in white onto it."
        )

    def talent_say(view: View, move: Action) -> str:
        magician = mine(view)["magician"]
        return (
            f"your magician's talent, free of actions: {magician['text']} The Moves panel "
            f"lists it; the lit move uses it."
        )

    def special_say(view: View, move: Action) -> str:
        card = next((c for c in view["hand"] if c["id"] == move.card), None)
        what = card["name"] if card else "This Special"
        return (
            f"Specials are played for an action and do something once: {what} is lit "
            f"(its card says what it does when you point at it)."
        )

    def end(view: View, legal: list[Action]) -> Action | None:
        # Only once nothing else that teaches is there: a talent left unused was missed.
        if view["actions_left"] or any(a.kind == "talent" for a in legal):
            return None
        return next((a for a in legal if a.kind == "end-turn"), None)

    def end_say(view: View, move: Action) -> str:
        return f"both actions are spent: click End turn. You draw back up, and {other} plays."

    def finished(view: View, log: list[str]) -> bool:
        return bool(mine(view)["tricks"]) or view["phase"] == "over"

    def summary(view: View, log: list[str]) -> str:
        tricks = mine(view)["tricks"]
        if not tricks:
            return "The match is over: play another, or start a new game."
        trick = tricks[-1]
        return (
            f"{trick['trick']} is performed and scores: {trick['sum']}. You have "
            f"{mine(view)['score']} of the {view['target']} points that win. A trick scores "
            f"its level, a point more for each Component of the exact type it shows, and "
            f"more again for each further trick of one domain. Play on!"
        )

    return Guide(
        "illusio",
        "Illusio",
        13,  # a deal where every lesson's moment comes (tests/table/test_guides.py)
        ({"name": "Ana", "bot": None}, {"name": other, "bot": "showman"}),
        (
            Lesson(
                "the Backstage",
                component,
                lambda view, move: (
                    "your hand holds Components (props, animals, boxes…) and Specials. "
                    "Tricks are built from Components in your Backstage: drag the one lit "
                    "in white onto Your Backstage."
                ),
                laid,
            ),
            Lesson(
                "two actions a turn",
                second,
                lambda view, move: (
                    "a turn has two actions (the line under the title counts them): lay "
                    "another Component in your Backstage."
                ),
                laid,
            ),
            Lesson("taking an Objective", take, take_say, took),
            Lesson("building a trick", _first({"place"}), place_say, _always),
            Lesson("your talent", _first({"talent"}), talent_say, _always),
            Lesson("Specials", _first({"special", "transform", "take"}), special_say, _always),
            Lesson("ending a turn", end, end_say, _always),
        ),
        finished,
        summary,
        {"target": 12},
    )


# -- Illuminati: a turn with an attack ---------------------------------------------------------


def illuminati() -> Guide:
    name, other = "Ana", "Lera"

    def controlled(view: View) -> list[dict[str, Any]]:
        structure = next(s for s in view["structures"] if s["seat"] == SEAT)
        cards: list[dict[str, Any]] = structure["cards"]
        return cards

    def attack(view: View, legal: list[Action]) -> Action | None:
        mine = {c["id"] for c in controlled(view)}
        easy = [
            a
            for a in legal
            if a.kind == "attack"
            and a.how == "control"
            and not a.aiders
            and a.privilege is None
            and a.target in view["uncontrolled"]
            and a.attacker in mine
        ]
        return easy[0] if easy else None

    def attack_say(view: View, move: Action) -> str:
        return (
            "your turn: take an uncontrolled Group into your Power Structure. Drag your "
            "Illuminati onto the Group lit in white (its badge says the roll it needs), "
            "then click Attack. A Group taken hangs from a free arrow of its taker, and its "
            "own arrows may take more."
        )

    def money(view: View, legal: list[Action]) -> Action | None:
        if not view["attack"] or view["attack"]["seat"] == SEAT:
            return None
        return next((a for a in legal if a.kind == "pass"), None)

    def spend(view: View, legal: list[Action]) -> Action | None:
        if not view["attack"] or view["attack"]["seat"] != SEAT:
            return None
        mine = view["my_illuminati"]
        spends = [a for a in legal if a.kind == "spend" and a.source == mine]
        # Five is one of the amounts the table offers, and makes a hard roll a likely one.
        return next((a for a in spends if a.amount == 5), spends[0] if spends else None)

    def spend_say(view: View, move: Action) -> str:
        return (
            f"money on your attack: each MB you spend adds one to the number the dice must "
            f"not beat. Put {move.amount} MB down from your Illuminati's treasury (click "
            f"its coin); the others may then add theirs, for or against."
        )

    def money_say(view: View, move: Action) -> str:
        return (
            f"{other} attacks. While money goes down, every player may add some, for the "
            f"attack or against it: click Pass to let this one go."
        )

    def end(view: View, legal: list[Action]) -> Action | None:
        if view["actions_left"]:
            return None
        return next((a for a in legal if a.kind == "end-turn"), None)

    def end_say(view: View, move: Action) -> str:
        return (
            "your actions are spent: click End turn. Your next turns begin with income, "
            "each card paying into its own treasury."
        )

    def finished(view: View, log: list[str]) -> bool:
        # Till the newcomer's second turn has begun, with its income.
        turns = sum(line == f"— {name}'s turn —" for line in log)
        again = view["current"] == SEAT and view["phase"] == "actions"
        return view["phase"] == "over" or (turns >= 2 and again)

    def summary(view: View, log: list[str]) -> str:
        cards = controlled(view)
        groups = len(cards) - 1
        money = sum(c.get("money", 0) for c in cards)
        income = next((line for line in reversed(log) if line.startswith(f"{name} collects")), "")
        return (
            f"{income} Your turn began with income: each Group you control pays the Income "
            f"on its card into its own treasury. Your Power Structure holds {groups} "
            f"Group{'s' * (groups != 1)} beside your "
            f"Illuminati, with {money} MB in their treasuries; controlling {view['goal']} "
            f"Groups wins (or your Illuminati's own goal, on its card). Play on!"
        )

    return Guide(
        "illuminati",
        "Illuminati",
        2,
        ({"name": name, "bot": None}, {"name": other, "bot": "schemer"}),
        (
            Lesson("money against an attack", money, money_say, _always),
            Lesson("taking a Group", attack, attack_say, _always),
            Lesson("money on your attack", spend, spend_say, _always),
            Lesson("ending a turn", end, end_say, _always),
        ),
        finished,
        summary,
    )
