"""Incantibus: the state of a match and every rule that changes it.

A round explores one room of the tower with repeated castings. A casting is a
simultaneous secret choice: every seat points its wand (`Point`), and the last choice
reveals them all and resolves the casting inside that same `apply`. Resolution is a queue
of steps (each claimed target taken, then the spells cast in wand order); a step that
needs a player's decision (a full satchel, which spell, a spell's target) stops the
queue until that seat decides.

The class holds the state, the set-up, the phases' moves and the view; where a wand may
point is in pointing.py, what a casting does once revealed in resolving.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from illusio_table.engine import HIDDEN_SHOWN, NOBODY, ONLY, Action, Event, Game, Option, Rng
from illusio_table.engine.bots import Parts
from illusio_table.engine.moves import Phase, Rule, phase_table

from . import pointing, resolving
from . import satchel as bag
from .actions import ACTIONS, Cast, Choose, Decline, Discard, Point
from .cards import (
    BookKind,
    IncantibusCards,
    SatchelSide,
    SpellKind,
    load,
)
from .satchel import TokenInfo, catalog
from .state import Decision, IncantibusPhase

HELP = Path(__file__).with_name("help.md")


def _standing(view: dict[str, Any]) -> list[str]:
    """Each wizard's points, as the Seats panel shows them."""
    return [f"{p} point{'s' * (p != 1)}" for p in view["points"]]


class Incantibus(Game):
    game_id = "incantibus"
    fresh_state = ("_book_cache", "_defeats")  # the ways to pay, by the tokens that could pay
    # The numbered tokens and cards, and what each asks, from the card data.
    shared_state = ("info", "cell_numbers", "book_asks", "sorcerer_asks", "recipes", "brews_with")
    title = "Incantibus"
    min_seats = 2
    max_seats = 4
    actions = ACTIONS
    options_spec = (
        Option(
            "mode",
            "Mode",
            "apprentice",
            choices=("apprentice", "expert"),
            help="Expert adds the magic books and counts the final wand's strength.",
        ),
        # Rehearsal: practise castings from a chosen room with a chosen wand for seat 1.
        Option(
            "start_room",
            "First room",
            "roof",
            # Any room id of the card file, "roof" or "random"; set-up refuses an unknown
            # one. Not a list of choices: that would read the card file on import, and a
            # broken Incantibus file would then stop every game and command.
            help="The rules always start on the roof; a rehearsal may start in any room.",
            rehearsal=True,
        ),
        Option("first_wand", "Wand of seat 1", 0, minimum=0, maximum=4, rehearsal=True),
    )
    help_text = HELP.read_text(encoding="utf-8") if HELP.is_file() else ""
    card_schema = IncantibusCards

    @classmethod
    def card_data(cls) -> Any:
        return load()

    # -- the state of a match: every field, declared (`Game.state_fields`) -----------------
    cards: IncantibusCards
    info: tuple[TokenInfo, ...]  # every token and card by its number, from the card data
    cell_numbers: tuple[int, ...]  # each token's cell in a satchel, by its number
    book_asks: tuple[pointing.BookAsk | None, ...]  # what each book asks, by token id
    sorcerer_asks: tuple[pointing.SorcererAsk | None, ...]  # what defeats each sorcerer
    recipes: tuple[tuple[str, ...], ...]  # each potion's recipe, by token id
    brews_with: tuple[bool, ...]  # whether each token goes into a potion
    expert: bool
    side: SatchelSide  # the satchel's side in play
    capacity: tuple[int, ...]  # what each cell of that side holds, by number
    wands: list[int]  # the seats in wand order
    satchels: list[list[int]]
    visible_bag: list[int]  # tokens drawn face up
    secret_bag: list[int]  # tokens drawn face down
    moat: list[int]
    room_stack: list[str]  # the rooms still to explore
    room_name: str
    room: list[tuple[int, bool] | None]  # each slot: a token and whether it lies face up
    known: list[dict[int, str]]  # what each seat saw of face-down tokens, by slot
    potion_bag: list[int]
    potions: list[int | None]  # the open potions
    book_bag: list[int]
    books: list[int | None]  # the open magic books
    specials: list[int]
    spell_deck: list[str]
    spell_cards: list[str | None]  # the open spells
    spent_spells: list[str]
    track: list[list[Any]]  # the sorcerers' track: [sorcerer, face up]
    set_aside: list[int]  # sorcerers never seen by anyone
    dungeon: list[list[Any] | None] | None
    everyone: frozenset[int]
    shortest_recipe: int
    _book_cache: dict[tuple[Any, ...], list[Point]]  # payments for books and potions (a cache)
    _defeats: dict[tuple[str, tuple[int, ...]], bool]  # by sorcerer kind and satchel (a cache)
    choices: dict[int, Point]  # this casting's secret choices, by seat
    steps: list[tuple[Any, ...]]  # the resolution still to come
    decision: Decision | None  # the decision a step waits for
    casters: list[int]
    pointing_wands: list[int]
    last_casting: list[dict[str, Any]]
    laid_down: list[int]
    castings: int

    @staticmethod
    def standing(view: dict[str, Any]) -> list[str]:
        return _standing(view)

    # -- set-up ---------------------------------------------------------------------------------

    def setup(self) -> list[Event]:
        cards = self.cards = load()
        self.info = catalog(cards)
        self.cell_numbers = bag.cell_numbers(cards)
        self.book_asks = pointing.book_asks(cards)
        self.sorcerer_asks = pointing.sorcerer_asks(cards)
        self.recipes = pointing.recipes(cards)
        self.brews_with = pointing.brews_with(cards)
        self.expert = self.options["mode"] == "expert"
        self.side = next(
            s for s in cards.satchels if s.id == ("expert" if self.expert else "apprentice")
        )
        self.capacity = bag.side_capacity(cards, self.side.id)
        row = next(r for r in cards.setups if r.players == self.seats)
        rng = self.rng

        by_back = bag.backs(cards)

        def ids(back: str) -> list[int]:
            return list(by_back.get(back, ()))

        wands = list(row.wands)
        rng.shuffle(wands)
        wanted = self.options["first_wand"]
        if wanted:
            if wanted not in wands:
                raise ValueError(
                    f"with {self.seats} seats the wands are {', '.join(map(str, row.wands))}"
                )
            at = wands.index(wanted)
            wands[0], wands[at] = wands[at], wands[0]
        self.wands = wands
        self.satchels = [[] for _ in range(self.seats)]
        self.visible_bag, self.secret_bag = ids("visible"), ids("secret")
        self.moat = []

        rooms = [r.id for r in cards.rooms if r.group in row.groups]
        rng.shuffle(rooms)
        self.room_stack = rooms
        self.room_name = "roof"
        self.room = []
        self.known = [{} for _ in range(self.seats)]

        self.potion_bag = ids("potion")
        self.potions = [None] * cards.open_potions
        self.book_bag = ids("book") if self.expert else []
        self.books = [None] * (cards.open_books if self.expert else 0)
        self.specials = ids("special")

        deck: list[str] = [s.id for s in cards.spells for _ in range(s.count)]
        rng.shuffle(deck)
        self.spell_deck = deck
        self.spell_cards = [self._draw_spell() for _ in range(cards.open_spells)]
        self.spent_spells = []

        sorcerers = ids("sorcerer")
        rng.shuffle(sorcerers)
        self.track = [[s, False] for s in sorcerers[: row.sorcerers]]
        self.set_aside = sorcerers[row.sorcerers :]  # never seen by anyone
        self.track[0][1] = True
        self.dungeon = None

        self.phase = IncantibusPhase.CASTING
        self.everyone = frozenset(range(self.seats))
        self.shortest_recipe = min(len(p.recipe) for p in cards.potions)  # a cheap first test
        self._book_cache = {}
        self._defeats = {}
        self.choices = {}
        self.steps = []
        self.decision = None
        self.casters = []
        self.pointing_wands = list(self.wands)
        self.last_casting = []
        self.laid_down = []
        self.castings = 0

        first_room = next(r for r in cards.rooms if r.group == "roof")
        start = self.options["start_room"]
        if start != "roof":
            if start == "random":
                start = rooms[0]
            if start not in self.room_stack:
                raise ValueError(f"the {start} is not in the tower for {self.seats} seats")
            self.room_stack.remove(start)
            first_room = next(r for r in cards.rooms if r.id == start)
        events = [Event(f"Wands are dealt: {self._wand_list()}.")]
        events += self._refill()
        events += self._fill_room(first_room.name, first_room.visible, first_room.secret)
        first = self.info[self.track[0][0]]
        events.append(Event(f"The first sorcerer is turned: {first.name}.", reveals=True))
        return events

    # -- small helpers ---------------------------------------------------------------------------

    def held(self, seat: int) -> list[TokenInfo]:
        info = self.info
        return [info[t] for t in self.satchels[seat]]

    def _wand_list(self) -> str:
        return ", ".join(f"{self.name(s)} {w}" for s, w in enumerate(self.wands))

    def _draw(self, pool: list[int]) -> int:
        return pool.pop(self.rng.below(len(pool)))

    def _draw_spell(self) -> str | None:
        return self.spell_deck.pop() if self.spell_deck else None

    def _refill(self) -> list[Event]:
        events = []
        for spaces, pool, what in (
            (self.potions, self.potion_bag, "potion"),
            (self.books, self.book_bag, "book"),
        ):
            for i, space in enumerate(spaces):
                if space is None and pool:
                    drawn = spaces[i] = self._draw(pool)
                    events.append(
                        HIDDEN_SHOWN
                        if self.quiet
                        else Event(
                            f"A new {what} is opened: {self.info[drawn].name}.", reveals=True
                        )
                    )
        return events

    def _fill_room(
        self, name: str, visible: int, secret: int, data: dict[str, Any] | None = None
    ) -> list[Event]:
        """The room laid out; `data`: how the room before it ended, for the tables."""
        self.room_name = name
        self.room = [
            (self._draw(self.visible_bag), True) for _ in range(min(visible, len(self.visible_bag)))
        ]
        self.room += [
            (self._draw(self.secret_bag), False) for _ in range(min(secret, len(self.secret_bag)))
        ]
        self.known = [{} for _ in range(self.seats)]
        if self.quiet:  # (the words only for readers, as everywhere)
            return [HIDDEN_SHOWN]
        tokens = self.room_tokens()
        shown = ", ".join(self.info[t].name for _, t, up in tokens if up)
        hidden = sum(1 for _, _, up in tokens if not up)
        said = f"The {name} is explored: {shown}; {hidden} secret tokens."
        return [Event(said, reveals=True, data=data)]

    # -- what a legal move finds where it points (a refused one never gets here) -------------

    def _slot(self, index: int) -> tuple[int, bool]:
        """The token in a room slot that still holds one, and whether it lies face up."""
        found = self.room[index]
        assert found is not None, "an emptied room slot"
        return found

    def _sorcerer_at(self, index: int) -> list[Any]:
        """A sorcerer still in the dungeon: [its token, face up]."""
        assert self.dungeon is not None, "no battle in the dungeon"
        found = self.dungeon[index]
        assert found is not None, "a sorcerer already fought"
        return found

    @staticmethod
    def _opened(spaces: list[int | None], index: int) -> int:
        """The potion or magic book open in that space."""
        found = spaces[index]
        assert found is not None, "an empty space"
        return found

    def _open_spell(self, index: int) -> str:
        found = self.spell_cards[index]
        assert found is not None, "no spell card open there"
        return found

    def room_tokens(self) -> list[tuple[int, int, bool]]:
        return [(slot, t[0], t[1]) for slot, t in enumerate(self.room) if t is not None]

    # -- the protocol ---------------------------------------------------------------------------

    def redraw_hidden(self, seat: int, rng: Rng) -> None:
        """Face-down tokens (but one the seat saw with Oculus) are drawn again from those
        and the secret bag, face-down sorcerers from those and the ones set aside, and the
        spell deck and the face-down stack of rooms are shuffled (which rooms are left,
        everyone can tell; in what order, nobody); another seat's wand, if it has pointed,
        points again at random where it could."""
        mine = self.known[seat]
        slots = [i for i, t in enumerate(self.room) if t is not None and not t[1]]
        slots = [i for i in slots if i not in mine]
        # Sorted before each shuffle: the deal then depends on what is hidden, never on
        # where it really lies.
        pool = sorted([self._slot(i)[0] for i in slots] + self.secret_bag)
        rng.shuffle(pool)
        for i in slots:
            self.room[i] = (pool.pop(), False)
        self.secret_bag = pool
        for other, seen in enumerate(self.known):  # what others saw is what lies there now
            if other != seat:
                for i in seen:
                    if self.room[i] is not None:  # (a slot since emptied stays as it was)
                        seen[i] = self.info[self._slot(i)[0]].kind
        lying = [e for e in (self.dungeon or self.track) if e is not None and not e[1]]
        sorcerers = sorted([e[0] for e in lying] + self.set_aside)
        rng.shuffle(sorcerers)
        for entry in lying:
            entry[0] = sorcerers.pop()
        self.set_aside = sorcerers
        for pile in (self.spell_deck, self.room_stack):
            pile.sort()
            rng.shuffle(pile)
        order = list(self.choices)  # the order they chose in stays
        for other in order:
            if other != seat:
                del self.choices[other]  # its options are those of a seat still to point
                self.choices[other] = rng.choice(pointing.pointing_options(self, other))
        self.choices = {s: self.choices[s] for s in order}

    def is_over(self) -> bool:
        return self.phase == IncantibusPhase.OVER

    def to_act(self) -> frozenset[int]:
        if self.phase == IncantibusPhase.CASTING:
            return self.everyone.difference(self.choices)
        if self.phase == IncantibusPhase.DECISION:
            return ONLY[self._awaited().seat]
        return NOBODY

    def current_phase(self) -> Phase:
        """A casting, or the decision a step of the resolution waits for (each kind of
        decision takes its own moves)."""
        if self.phase == IncantibusPhase.DECISION:
            return self.phases[self._awaited().kind]
        return self.phases[self.phase]

    def not_your_turn(self, seat: int) -> str:
        if seat in self.choices:
            return "You have pointed already: wait until everyone has chosen."
        return super().not_your_turn(seat)

    # -- the moves of each phase (the table is `PHASES`, below the class) ---------------------

    def _point(self, seat: int, action: Point) -> list[Event]:
        self.choices[seat] = action
        # The words only for readers: a hushed match (a rollout, self-play) skips them.
        events = [] if self.quiet else [Event(f"{self.name(seat)} has chosen.")]
        if len(self.choices) == self.seats:
            events += resolving.reveal(self)
        return events

    def _awaited(self) -> Decision:
        """The decision the resolution waits for (there is one in the "decision" phase)."""
        assert self.decision is not None, "no decision is awaited"
        return self.decision

    def _decided(self) -> Decision:
        """The decision awaited, now taken: the resolution goes on after its effect."""
        decision, self.decision = self._awaited(), None
        self.phase = IncantibusPhase.RESOLVING
        return decision

    def _decision_refusal(self, seat: int, action: Action) -> str | None:
        return None if action in self._decision_options() else SPELL_REFUSALS[self._awaited().kind]

    def _overflow_refusal(self, seat: int, action: Discard) -> str | None:
        if action not in self._decision_options():
            return "Throwing that token away would not make room in your satchel."
        return None

    def _throw(self, seat: int, action: Discard) -> list[Event]:
        decision = self._decided()
        assert decision.token is not None  # an overflow names the token just come
        events = resolving.discard(self, seat, action.token, decision.token)
        if not bag.fits(self.held(seat), self.side):
            self.decision = decision  # still too full: one more token goes
            events.append(
                Event(f"{self.name(seat)}'s satchel is still full: one more token must go.")
            )
        return events + resolving.run(self)

    def _cast_refusal(self, seat: int, action: Cast) -> str | None:
        if not 0 <= action.card < len(self.spell_cards) or self.spell_cards[action.card] is None:
            return "There is no open spell card there."
        return None

    def _cast_chosen(self, seat: int, action: Cast) -> list[Event]:
        self._decided()
        return resolving.cast(self, seat, action.card) + resolving.run(self)

    def _decline_refusal(self, seat: int, action: Decline) -> str | None:
        return None if self._awaited().optional else "This spell must be cast."

    def _decline(self, seat: int, action: Decline) -> list[Event]:
        self._decided()
        return [Event(f"{self.name(seat)} casts no more spell.")] + resolving.run(self)

    def _target_chosen(self, seat: int, action: Choose) -> list[Event]:
        decision = self._decided()
        return SPELL_TARGETS[decision.kind](self, seat, action.target) + resolving.run(self)

    # -- decisions ---------------------------------------------------------------------------

    def _decision_options(self) -> list[Action]:
        d = self._awaited()
        seat = d.seat
        if d.kind == "overflow":
            return [Discard(t.id) for t in bag.room_makers(self.held(seat), self.side)]
        if d.kind == "spell":
            casts: list[Action] = [Cast(i) for i, c in enumerate(self.spell_cards) if c is not None]
            return casts + [Decline()] if d.optional else casts
        if d.kind == "alkimia":
            return [
                Choose(t)
                for s in range(self.seats)
                if s != seat
                for t in self.satchels[s]
                if self.info[t].cell in ("ingredient", "weapon", "gold")
            ]
        if d.kind == "retiro":
            return [Choose(t) for t in self.moat]
        if d.kind == "imperium":
            return (
                [Choose(slot) for slot, _, up in self.room_tokens() if up]
                if self.dungeon is None
                else []
            )
        return (
            [Choose(slot) for slot, _, up in self.room_tokens() if not up]
            if self.dungeon is None
            else []
        )

    # -- scoring ---------------------------------------------------------------------------

    def points(self, seat: int) -> dict[str, int]:
        by: dict[str, int] = {
            "gold": 0,
            "monsters": 0,
            "potions": 0,
            "spells": 0,
            "books": 0,
            "sorcerers": 0,
        }
        for t in self.held(seat):
            category = CATEGORY_OF_CELL.get(t.cell)
            if t.cell == "gold":
                category = "gold"
            if category:
                by[category] += t.points
        if self.expert:
            by["wand"] = self.wands[seat]
        return by

    def result(self) -> dict[str, Any]:
        by_seat = [self.points(s) for s in range(self.seats)]
        scores = [sum(p.values()) for p in by_seat]
        best = max(scores)
        tied = [s for s in range(self.seats) if scores[s] == best]
        winner = max(tied, key=lambda s: self.wands[s])
        explanation = []
        for s, parts in enumerate(by_seat):
            detail = ", ".join(f"{k} {v}" for k, v in parts.items() if v)
            # The wand breaks ties; in expert mode it also scores, and is said once, there.
            wand = "" if "wand" in parts else f"; wand {self.wands[s]}"
            explanation.append(f"{self.name(s)}: {scores[s]} points ({detail or 'nothing'}){wand}")
        tiebreak = ""
        if len(tied) > 1:
            tiebreak = f"tie on {best} points broken by the stronger wand ({self.wands[winner]})"
            explanation.append(tiebreak.capitalize() + ".")
        return {
            "scores": scores,
            "winners": [winner],
            "points": by_seat,
            "tiebreak": tiebreak,
            "explanation": explanation,
        }

    # -- the view ---------------------------------------------------------------------------

    def _token(self, token: int) -> dict[str, Any]:
        info = self.info[token]
        return {"id": token, "kind": info.kind, "name": info.name, "points": info.points}

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        view = {key: make() for key, make in self.view_parts(seat).items()}
        view["satchels"] = [dict(satchel) for satchel in view["satchels"]]
        return view

    def view_parts(self, seat: int | None) -> dict[str, Callable[[], Any]]:
        known = self.known[seat] if seat is not None else {}

        def room() -> dict[str, Any]:
            tokens = []
            for slot, token, face_up in self.room_tokens():
                entry: dict[str, Any] = {"slot": slot, "face_up": face_up}
                if face_up:
                    entry.update(self._token(token))
                elif slot in known:
                    entry["seen"] = known[slot]  # what this seat saw with Oculus
                tokens.append(entry)
            return {"name": self.room_name, "tokens": tokens}

        def dungeon() -> list[dict[str, Any]] | None:
            if self.dungeon is None:
                return None
            return [
                {"slot": i, "face_up": s[1], **(self._token(s[0]) if s[1] else {})}
                for i, s in enumerate(self.dungeon)
                if s is not None
            ]

        def my_choice() -> dict[str, Any] | None:
            mine = self.choices.get(seat) if seat is not None else None
            return mine.to_json() if mine is not None else None

        def decision() -> dict[str, Any] | None:
            if self.decision is None:
                return None
            d = self.decision
            found: dict[str, Any] = {"kind": d.kind, "seat": d.seat}
            for field in ("token", "spell", "optional"):  # what this kind of decision has
                if getattr(d, field) is not None:
                    found[field] = getattr(d, field)
            return found

        parts: dict[str, Callable[[], Any]] = {
            "me": lambda: seat,
            "phase": lambda: self.phase,
            "mode": lambda: self.options["mode"],
            "castings": lambda: self.castings,
            "room": room,
            "rooms_left": lambda: len(self.room_stack),
            "dungeon": dungeon,
            "moat": lambda: [self._token(t) for t in self.moat],
            "potions": lambda: [
                None if p is None else {**self._token(p), "recipe": list(self.recipes[p])}
                for p in self.potions
            ],
            "books": lambda: [
                None
                if b is None
                else {
                    **self._token(b),
                    "needs": bag.kind_of(self.cards, self.info[b].kind, BookKind).label,
                }
                for b in self.books
            ],
            "spell_cards": lambda: [
                None
                if c is None
                else {"kind": c, "name": bag.kind_of(self.cards, c, SpellKind).name}
                for c in self.spell_cards
            ],
            "spell_deck": lambda: len(self.spell_deck),
            "spent_spells": lambda: list(self.spent_spells),
            "special_tokens": lambda: [self._token(t) for t in self.specials],
            "sorcerers": lambda: [
                {"face_up": up, **(self._token(s) if up else {})} for s, up in self.track
            ],
            "sorcerers_set_aside": lambda: len(self.set_aside),
            "supply": lambda: {
                "visible": len(self.visible_bag),
                "secret": len(self.secret_bag),
                "potions": len(self.potion_bag),
                "books": len(self.book_bag),
            },
            "wands": lambda: list(self.wands),
            "satchels": lambda: [Parts(self._satchel_parts(s)) for s in range(self.seats)],
            "points": lambda: [sum(self.points(s).values()) for s in range(self.seats)],
            "chosen": lambda: sorted(self.choices),
            "my_choice": my_choice,
            "decision": decision,
            "last_casting": lambda: [resolving.casting_entry(self, e) for e in self.last_casting],
            "laid_down": lambda: list(self.laid_down),
        }
        if self.is_over():
            parts["scores"] = self.result
        return parts

    def _satchel_view(self, seat: int) -> dict[str, Any]:
        return {key: make() for key, make in self._satchel_parts(seat).items()}

    def _satchel_parts(self, seat: int) -> dict[str, Callable[[], Any]]:
        """A satchel's view in parts: a wizard weighs its tokens at every choice (the
        search's rollouts and the coach, thousands of times a second), their layout in
        the cells seldom."""
        held = self.held(seat)
        return {
            "side": lambda: self.side.id,
            "tokens": lambda: [self._token(t.id) for t in held],
            "cells": lambda: bag.layout(held, self.side),
            "capacity": lambda: {**self.side.cells, "purse": bag.purse_size(held, self.side)},
        }


# -- every move in words, from what the seat can see (never a secret token's face) ----------


def _point_words(game: Incantibus, action: Point, seat: int | None) -> str:
    if action.place == "room":
        token, face_up = game._slot(action.index)
        seen = game.known[seat].get(action.index) if seat is not None else None
        if face_up:
            return f"Point at the {game.info[token].name}"
        return f"Point at secret token {action.index + 1}" + (f" (you saw: {seen})" if seen else "")
    if action.place == "dungeon":
        sid, face_up = game._sorcerer_at(action.index)
        return (
            f"Fight {game.info[sid].name}"
            if face_up
            else f"Fight hidden sorcerer {action.index + 1}"
        )
    if action.place == "potion":
        brew = f"Brew the {game.info[game._opened(game.potions, action.index)].name}"
        if not action.pay:
            return brew
        return f"{brew} with {', '.join(game.info[t].name for t in action.pay)}"
    paid = ", ".join(_token_words(game, t, "") for t in action.pay)
    return f"Learn the book “{game.info[game._opened(game.books, action.index)].name}” for {paid}"


# Where a satchel keeps its tokens, in words: what tells two tokens of one name apart.
CELL_WORDS = {
    "ingredient": "the Ingredients row",
    "weapon": "the Weapons row",
    "monster": "the Monsters row",
    "gold": "the Gold row",
    "potion": "the Potions row",
    "book": "the Books row",
    "purse": "the Purse",
}


def _token_words(game: Incantibus, token: int, the: str = "the ") -> str:
    """A token in words: a book as a book ("the 2 different weapons" read as weapons)."""
    info = game.info[token]
    return f"{the}book “{info.name}”" if info.back == "book" else f"{the}{info.name}"


def _discard_words(game: Incantibus, action: Discard, seat: int | None) -> str:
    token, name = _token_words(game, action.token), game.info[action.token].name
    for s in range(game.seats):
        held = game.held(s)
        if any(t.id == action.token for t in held):
            if sum(t.name == name for t in held) > 1:  # (two Crystal Balls: which one)
                laid = bag.layout(held, game.side).items()
                cell = next(c for c, ids in laid if action.token in ids)
                token += f" (in {CELL_WORDS.get(cell, cell)})"
            break
    return f"Throw {token} into the moat"


def _cast_words(game: Incantibus, action: Cast, seat: int | None) -> str:
    name = bag.kind_of(game.cards, game._open_spell(action.card), SpellKind).name
    named = [
        bag.kind_of(game.cards, card, SpellKind).name
        for card in game.spell_cards
        if card is not None
    ]
    # Two cards of one spell open: which one (both read "Cast Oculus").
    return (
        f"Cast {name} (spell card {action.card + 1})" if named.count(name) > 1 else f"Cast {name}"
    )


def _decline_words(game: Incantibus, action: Decline, seat: int | None) -> str:
    return "Cast no more spell"


def _choose_words(game: Incantibus, action: Choose, seat: int | None) -> str:
    kind = game.decision.kind if game.decision else ""
    if kind in ("alkimia", "retiro"):
        return f"Take the {game.info[action.target].name}"
    if kind == "imperium":
        return f"Take the {game.info[game._slot(action.target)[0]].name}"
    return f"Look at secret token {action.target + 1}"


Incantibus.move_words = {
    Point: _point_words,
    Discard: _discard_words,
    Cast: _cast_words,
    Decline: _decline_words,
    Choose: _choose_words,
}


CATEGORY_OF_CELL = {
    "monster": "monsters",
    "potion": "potions",
    "spell": "spells",
    "book": "books",
    "sorcerer": "sorcerers",
}
SPELL_REFUSALS = {
    "alkimia": "Alkimia steals an ingredient, a weapon or gold from another satchel.",
    "retiro": "Retiro takes a token that lies in the moat.",
    "imperium": "Imperium takes a face-up token of the room.",
    "oculus": "Oculus looks at a face-down token of the room.",
}
SPELL_TARGETS = {
    "alkimia": resolving.steal,
    "retiro": resolving.retrieve,
    "imperium": resolving.seize,
    "oculus": resolving.peek,
}


def _options(game: Incantibus, seat: int) -> list[Action]:
    return game._decision_options()


def _spell_phase(spell: str) -> Phase:
    """The choice of a spell's target: only a target it may take."""
    return Phase(
        spell,
        (Rule(Choose, Incantibus._decision_refusal, Incantibus._target_chosen, _options),),
        f"Choose the target of {spell.capitalize()}.",
    )


Incantibus.phases = phase_table(
    Phase(
        IncantibusPhase.CASTING,
        (Rule(Point, pointing.point_refusal, Incantibus._point, pointing.pointing_options),),
        "Everyone is casting: point your wand at a token.",
    ),
    Phase(
        "overflow",
        (Rule(Discard, Incantibus._overflow_refusal, Incantibus._throw, _options),),
        "Your satchel is full: choose a token to throw into the moat.",
    ),
    Phase(
        "spell",
        (
            Rule(Cast, Incantibus._cast_refusal, Incantibus._cast_chosen),
            Rule(Decline, Incantibus._decline_refusal, Incantibus._decline),
        ),
        "Choose one of the open spell cards to cast.",
        listing=(_options,),
    ),
    *(_spell_phase(spell) for spell in SPELL_TARGETS),
)
