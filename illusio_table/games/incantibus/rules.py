"""Incantibus: the state of a match and every rule that changes it.

A round explores one room of the tower with repeated castings. A casting is a
simultaneous secret choice: every seat points its wand (`Point`), and the last choice
reveals them all and resolves the casting inside that same `apply`. Resolution is a queue
of steps (each claimed target taken, then the spells cast in wand order); a step that
needs a player's decision (a full satchel, which spell, a spell's target) stops the
queue until that seat decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from illusio_table.engine import HIDDEN_SHOWN, NOBODY, ONLY, Action, Event, Game, Option, Rng
from illusio_table.engine.frozen import Frozen
from illusio_table.engine.moves import Phase, Rule, phase_table
from illusio_table.engine.protocol import listed

from . import satchel as bag
from .actions import ACTIONS, Cast, Choose, Decline, Discard, Point
from .cards import (
    BookKind,
    IncantibusCards,
    PotionKind,
    SatchelSide,
    SorcererKind,
    SpellKind,
    TokenKind,
    load,
)
from .satchel import TokenInfo, catalog

HELP = Path(__file__).with_name("help.md")


class IncantibusPhase:
    """The moments of an Incantibus match: a casting, a decision that a step of its
    resolution waits for, the resolution running, the end (plain words, not an Enum:
    see `IllusioPhase`)."""

    CASTING: Final = "casting"
    DECISION: Final = "decision"
    RESOLVING: Final = "resolving"
    OVER: Final = "over"


@dataclass(frozen=True)
class Decision(Frozen):
    """A step of the resolution waits for a seat to decide: which token leaves a full
    satchel ("overflow": `token` is the one just come), which spell to cast ("spell":
    `optional` when it may decline), or a spell's target (the spell's name, and `spell`)."""

    kind: str
    seat: int
    token: int | None = None
    optional: bool | None = None
    spell: str | None = None


def _standing(view: dict[str, Any]) -> list[str]:
    """Each wizard's points, as the Seats panel shows them."""
    return [f"{p} point{'s' * (p != 1)}" for p in view["points"]]


class Incantibus(Game):
    game_id = "incantibus"
    fresh_state = ("_book_cache", "_defeats")  # the ways to pay, by the tokens that could pay
    shared_state = ("info",)  # the numbered tokens and cards, from the card data
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
    expert: bool
    side: SatchelSide  # the satchel's side in play
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
        self.expert = self.options["mode"] == "expert"
        self.side = next(
            s for s in cards.satchels if s.id == ("expert" if self.expert else "apprentice")
        )
        row = next(r for r in cards.setups if r.players == self.seats)
        rng = self.rng

        def ids(back: str) -> list[int]:
            return [t.id for t in self.info if t.back == back]

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

    def _fill_room(self, name: str, visible: int, secret: int) -> list[Event]:
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
        return [Event(f"The {name} is explored: {shown}; {hidden} secret tokens.", reveals=True)]

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
                self.choices[other] = rng.choice(self._pointing_options(other))
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
            events += self._reveal()
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
        events = self._discard(seat, action.token, decision.token)
        if not bag.fits(self.held(seat), self.side):
            self.decision = decision  # still too full: one more token goes
            events.append(
                Event(f"{self.name(seat)}'s satchel is still full: one more token must go.")
            )
        return events + self._run()

    def _cast_refusal(self, seat: int, action: Cast) -> str | None:
        if not 0 <= action.card < len(self.spell_cards) or self.spell_cards[action.card] is None:
            return "There is no open spell card there."
        return None

    def _cast_chosen(self, seat: int, action: Cast) -> list[Event]:
        self._decided()
        return self._cast(seat, action.card) + self._run()

    def _decline_refusal(self, seat: int, action: Decline) -> str | None:
        return None if self._awaited().optional else "This spell must be cast."

    def _decline(self, seat: int, action: Decline) -> list[Event]:
        self._decided()
        return [Event(f"{self.name(seat)} casts no more spell.")] + self._run()

    def _target_chosen(self, seat: int, action: Choose) -> list[Event]:
        decision = self._decided()
        return SPELL_TARGETS[decision.kind](self, seat, action.target) + self._run()

    # -- pointing ---------------------------------------------------------------------------

    def _pointing_options(self, seat: int) -> list[Point]:
        info = self.info
        satchel = tuple(self.satchels[seat])
        held = [info[t] for t in satchel]  # (`held`, written out: a call was 0.7 % a move)
        options: list[Point] = []
        if self.dungeon is None:
            options += [
                ROOM_POINTS[slot] for slot, entry in enumerate(self.room) if entry is not None
            ]
        else:
            for slot, s in enumerate(self.dungeon):
                if s is not None and (not s[1] or self._can_defeat(seat, s[0], satchel, held)):
                    options.append(DUNGEON_POINTS[slot])
        # What the satchel pays for: a satchel met again with the same potions and books
        # (one that took nothing) is one look-up.
        whole = (satchel, tuple(self.potions), tuple(self.books))
        paid = self._book_cache.get(whole)
        if paid is None:
            paid = self._book_cache[whole] = self._paid_points(held)
        return options + paid if paid else options

    def _paid_points(self, held: list[TokenInfo]) -> list[Point]:
        """The potions this satchel brews and the books it pays for, each way."""
        found: list[Point] = []
        # (The Stone is an ingredient in our card file; taken wherever a file puts it. The
        # count is a cheap first test: the payment says what truly brews.)
        ingredients = [t for t in held if t.cell == "ingredient" or t.kind == "philosophers-stone"]
        if len(ingredients) >= self.shortest_recipe:
            found += self._potion_points(ingredients)
        if self.books:
            found += self._book_points(held)
        return found

    def _potion_points(self, ingredients: list[TokenInfo]) -> list[Point]:
        """The ways to brew each potion on the table from the satchel's ingredients (and
        the Stone), remembered by them and the potions as the books' are."""
        key = ("potions", *self.potions, *[t.id for t in ingredients])
        found = self._book_cache.get(key)
        if found is not None:
            return found
        found = self._book_cache[key] = []
        for i, p in enumerate(self.potions):
            if p is not None:
                paid = bag.potion_payment(ingredients, self._recipe(p))
                if paid is not None:
                    found.append(POTION_POINTS[i])
                    # The Stone may stand in for an ingredient its owner would rather keep.
                    for pay in bag.potion_payments(ingredients, paid):
                        found.append(Point("potion", i, pay))
        return found

    def _book_points(self, held: list[TokenInfo]) -> list[Point]:
        """The ways to pay for each open book, remembered by the tokens that could pay for
        it (its `book_pool`): the satchel changes by a token a casting, but mostly not
        in what a given book asks for, and the "any 2 tokens" book has many ways."""
        found: list[Point] = []
        for space, b in enumerate(self.books):
            if b is not None:
                book = self.cards.index[self.info[b].kind]  # (`kind_of`, written out)
                assert isinstance(book, BookKind)
                pool = bag.book_pool(held, book.needs)
                key = (space, book.needs, book.amount, *[t.id for t in pool])
                points = self._book_cache.get(key)
                if points is None:
                    points = self._book_cache[key] = [
                        Point("book", space, pay)
                        for pay in bag.book_payments(pool, book.needs, book.amount)
                    ]
                found += points
        return found

    def _recipe(self, potion: int) -> tuple[str, ...]:
        recipe: tuple[str, ...] = bag.kind_of(self.cards, self.info[potion].kind, PotionKind).recipe
        return recipe

    def _can_defeat(
        self,
        seat: int,
        sorcerer: int,
        satchel: tuple[int, ...],
        held: list[TokenInfo],
        wand: int | None = None,
    ) -> bool:
        """Whether the seat's wand and its satchel (`held`, by id `satchel`) defeat the
        sorcerer; what it holds is weighed once for each kind of sorcerer (remembered by
        the satchel: the dungeon is listed for every seat at every casting)."""
        kind = self.cards.index[self.info[sorcerer].kind]  # (`kind_of`, written out)
        assert isinstance(kind, SorcererKind)
        if kind.max_wand is not None and (wand or self.wands[seat]) > kind.max_wand:
            return False
        key = (kind.id, satchel)
        found = self._defeats.get(key)
        if found is None:
            found = self._defeats[key] = bag.sorcerer_payment(held, kind.needs) is not None
        return found

    def _point_refusal(self, seat: int, action: Point) -> str | None:
        held = self.held(seat)
        if action.place == "room":
            if self.dungeon is not None:
                return "The rooms are behind you: point at a sorcerer, a potion or a book."
            if not 0 <= action.index < len(self.room) or self.room[action.index] is None:
                return "There is no token there."
        elif action.place == "dungeon":
            if self.dungeon is None:
                return "The sorcerers wait in the dungeon, at the bottom of the tower."
            if not 0 <= action.index < len(self.dungeon) or self.dungeon[action.index] is None:
                return "There is no sorcerer there."
            sid, face_up = self._sorcerer_at(action.index)
            if face_up and not self._can_defeat(seat, sid, tuple(self.satchels[seat]), held):
                return self._sorcerer_refusal(seat, self.info[sid])
        elif action.place == "potion":
            if not 0 <= action.index < len(self.potions) or self.potions[action.index] is None:
                return "There is no open potion there."
            potion = self.info[self._opened(self.potions, action.index)]
            recipe = self._recipe(potion.id)
            needed = " and ".join(bag.kind_of(self.cards, i, TokenKind).name for i in recipe)
            if bag.potion_payment(held, recipe) is None:
                return f"To brew the {potion.name} you need {needed}."
            pay = [self.info[t] for t in action.pay if 0 <= t < len(self.info)]
            if action.pay and (
                len(pay) != len(action.pay) or not bag.potion_payment_ok(held, pay, recipe)
            ):
                return (
                    f"The {potion.name} takes {needed} from your satchel; the Philosopher's "
                    "Stone may stand in for any one of them."
                )
        elif action.place == "book":
            if not 0 <= action.index < len(self.books) or self.books[action.index] is None:
                return (
                    "There is no open magic book there."
                    if self.expert
                    else "Magic books are for expert mode."
                )
            book = bag.kind_of(
                self.cards, self.info[self._opened(self.books, action.index)].kind, BookKind
            )
            pay = [self.info[t] for t in action.pay if 0 <= t < len(self.info)]
            problem = (
                "Pay with tokens of your own satchel, each once."
                if len(pay) != len(action.pay)
                else bag.book_payment_problem(held, pay, book.needs, book.amount)
            )
            if problem:
                return f"This magic book asks for {book.label.lower()}. {problem}"
        else:
            return "Point at a token of the room, a potion, a magic book or a sorcerer."
        if action.place not in ("book", "potion") and action.pay:
            return "Only a magic book or a potion is paid for with tokens you choose."
        return None

    def _sorcerer_refusal(self, seat: int, sorcerer: TokenInfo) -> str:
        kind = bag.kind_of(self.cards, sorcerer.kind, SorcererKind)
        if kind.max_wand is not None:
            return f"Only a wand of strength {kind.max_wand} or less defeats {kind.name}."
        needs = " and ".join(f"{n} {NEED_NAMES.get(k, k)}" for k, n in kind.needs.items())
        return f"To defeat {kind.name} you need {needs}."

    # -- the reveal ---------------------------------------------------------------------------

    def _target_name(self, action: Point, for_seat: int | None = None) -> str:
        if action.place == "room":
            token, face_up = self._slot(action.index)
            return self.info[token].name if face_up else "a secret token"
        if action.place == "dungeon":
            sid, face_up = self._sorcerer_at(action.index)
            return self.info[sid].name if face_up else "a hidden sorcerer"
        spaces = self.potions if action.place == "potion" else self.books
        name = self.info[self._opened(spaces, action.index)].name
        return name if action.place == "potion" else f"the book “{name}”"

    def _before_reveal(self) -> dict[str, Any]:
        """The public table as it stood when the wands pointed (for the reveal's picture):
        the room's or dungeon's slots, the open potions and books, the wands, and the
        satchels, points and moat, so that no result shows before the reveal tells it."""

        def slot(index: int, token: int, face_up: bool) -> dict[str, Any]:
            return {"slot": index, "face_up": face_up, **(self._token(token) if face_up else {})}

        room = [slot(i, t, up) for i, t, up in self.room_tokens()]
        dungeon = None
        if self.dungeon is not None:
            dungeon = [slot(i, s[0], s[1]) for i, s in enumerate(self.dungeon) if s is not None]
        return {
            "room": room,
            "dungeon": dungeon,
            "potions": [None if p is None else self._token(p) for p in self.potions],
            "books": [None if b is None else self._token(b) for b in self.books],
            "wands": list(self.wands),
            "satchels": [self._satchel_view(s) for s in range(self.seats)],
            "points": [sum(self.points(s).values()) for s in range(self.seats)],
            "moat": [self._token(t) for t in self.moat],
        }

    def _reveal(self) -> list[Event]:
        self.castings += 1
        self.pointing_wands = list(self.wands)
        # The reveal's words and its picture of the table before it, made only for readers
        # (they were half of a casting's work in a bot's rollout).
        told = None if self.quiet else self._reveal_told()
        claims: dict[tuple[str, int], list[int]] = {}
        for seat, action in sorted(self.choices.items()):
            claims.setdefault((action.place, action.index), []).append(seat)
        self.last_casting = []
        winners = []
        strength = self.wands.__getitem__  # (strongest first: a sort by a C-made key)
        for target, seats in claims.items():
            if len(seats) > 1:
                seats.sort(key=strength, reverse=True)  # (stable too)
            winner = seats[0]
            winners.append(winner)
            entry: dict[str, Any] = {
                "target": list(target),
                "name": self._target_name(self.choices[winner]),  # as it looked: public
                "claimants": list(seats),
                "wands": [self.wands[s] for s in seats],
                "winner": winner,
                "swap": None,
                "outcome": None,  # what the winner got, once the take is resolved
                "to": None,  # the seat that kept the token, or "moat"
            }
            if len(seats) > 1:
                entry["swap"] = [winner, seats[-1]]
            self.last_casting.append(entry)
        events = [HIDDEN_SHOWN] if told is None else self._reveal_events(*told)
        for entry in self.last_casting:
            if entry["swap"]:
                a, b = entry["swap"]
                self.wands[a], self.wands[b] = self.wands[b], self.wands[a]
                if not self.quiet:
                    events.append(Event(f"{self.name(a)} and {self.name(b)} swap wands."))
        # Takes go strongest wand first (as pointed), then the spells, then the room.
        winners.sort(key=self.pointing_wands.__getitem__, reverse=True)
        self.steps = [("take", s, self.choices[s]) for s in winners] + [("spells",)]
        self.choices = {}
        self.casters = []
        self.phase = IncantibusPhase.RESOLVING
        return events + self._run()

    def _reveal_told(self) -> tuple[list[str], dict[str, Any]]:
        """What a reveal tells that must be read before it changes anything: the line of
        what each seat pointed at, and the picture of the table as it stood."""
        lines = [
            f"{self.name(s)} (wand {self.wands[s]}) → {self._target_name(a)}"
            for s, a in sorted(self.choices.items())
        ]
        return lines, self._before_reveal()

    def _reveal_events(self, lines: list[str], before: dict[str, Any]) -> list[Event]:
        """The reveal's lines, once the targets are settled: who pointed where, with the
        table's picture and the targets for the reveal to play, then who got nothing."""
        entries = [self._casting_entry(e) for e in self.last_casting]  # copies: data is kept
        data = {"casting": self.castings, "before": before, "entries": entries}
        events = [Event("In-can-to! " + "; ".join(lines) + ".", reveals=True, data=data)]
        for entry in self.last_casting:
            if len(entry["claimants"]) > 1:
                seats, winner = entry["claimants"], entry["winner"]
                others = listed(self.name(s) for s in seats[1:])
                verb = "gets" if len(seats) == 2 else "get"
                events.append(
                    Event(
                        f"{self.name(winner)}'s wand {self.wands[winner]} is the strongest on "
                        f"{entry['name']}: {others} {verb} nothing."
                    )
                )
        return events

    def _settle(self, seat: int, outcome: str, got: int, kept: bool) -> None:
        """What the winner of a target truly got, for the table and the Last casting box."""
        for entry in self.last_casting:
            if entry["winner"] == seat and entry["outcome"] is None:
                entry["outcome"], entry["got"] = outcome, self.info[got].name
                entry["to"] = seat if kept else "moat"
                return

    def _casting_entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        """One target of the last casting as every seat may know it, with its words."""
        names = [self.name(s) for s in entry["claimants"]]
        shown = entry["name"]
        if entry.get("got") and entry["got"] not in shown:
            shown = f"{shown} (the {entry['got']})"
        line = f"{names[0]} (wand {entry['wands'][0]}) → {shown}"
        if len(names) > 1:
            beaten = " and ".join(
                f"{n} ({w})" for n, w in zip(names[1:], entry["wands"][1:], strict=True)
            )
            line += f", beating {beaten}"
        line += f": {OUTCOME_WORDS.get(entry['outcome'], 'being resolved')}"
        if entry["swap"]:
            a, b = entry["swap"]
            line += f"; {self.name(a)} and {self.name(b)} swap wands"
        return {
            "target": list(entry["target"]),
            "name": entry["name"],
            "claimants": list(entry["claimants"]),
            "wands": list(entry["wands"]),
            "winner": entry["winner"],
            "swap": list(entry["swap"]) if entry["swap"] else None,
            "outcome": entry["outcome"],
            "got": entry.get("got"),
            "to": entry["to"],
            "line": line + ".",
        }

    def _run(self) -> list[Event]:
        events: list[Event] = []
        while self.decision is None and self.steps:
            step = self.steps.pop(0)
            if step[0] == "take":
                events += self._take(step[1], step[2])
            elif step[0] == "spells":
                order = sorted(self.casters, key=self.wands.__getitem__, reverse=True)
                self.steps[:0] = [("cast", s) for s in order]
            elif step[0] == "cast":
                events += self._offer_spell(step[1], optional=len(step) > 2 and step[2])
        if self.decision is not None:
            self.phase = IncantibusPhase.DECISION
            return events
        return events + self._after_casting()

    # -- taking ---------------------------------------------------------------------------

    def _take(self, seat: int, action: Point) -> list[Event]:
        who = self.name(seat)
        if action.place == "room":
            token, face_up = self._slot(action.index)
            self.room[action.index] = None
            events = []
            if not face_up:
                events.append(
                    HIDDEN_SHOWN
                    if self.quiet
                    else Event(
                        f"{who} turns the secret token: {self.info[token].name}.", reveals=True
                    )
                )
            events += self._receive(seat, token)
            kept = token in self.satchels[seat]
            monster = self.info[token].cell == "monster"
            outcome = ("caught" if kept else "escaped") if monster else "taken"
            self._settle(seat, outcome, token, kept)
            return events
        if action.place == "potion":
            potion = self._opened(self.potions, action.index)
            self.potions[action.index] = None
            chosen = [self.info[t] for t in action.pay]
            paid = chosen or bag.potion_payment(self.held(seat), self._recipe(potion))
            assert paid is not None  # pointing at it was legal: the satchel can pay
            self._settle(seat, "brewed", potion, True)
            return self._pay(seat, paid, f"{who} brews the {self.info[potion].name}") + self._place(
                seat, potion
            )
        if action.place == "book":
            book = self._opened(self.books, action.index)
            self.books[action.index] = None
            paid = [self.info[t] for t in action.pay]
            self._settle(seat, "learned", book, True)
            return self._pay(
                seat, paid, f"{who} learns the book “{self.info[book].name}”"
            ) + self._place(seat, book)
        return self._fight(seat, action.index)

    def _pay(self, seat: int, paid: list[TokenInfo], headline: str) -> list[Event]:
        for t in paid:
            self.satchels[seat].remove(t.id)
            self.moat.append(t.id)
        if self.quiet:
            return []
        spent = ", ".join(t.name for t in paid)
        return [Event(f"{headline}, throwing {spent} into the moat." if paid else f"{headline}.")]

    def _receive(
        self,
        seat: int,
        token: int,
        caught: bool = False,
        announce: bool = True,
        spell_optional: bool = False,
    ) -> list[Event]:
        """A token comes to a seat: monsters must be caught, spells are cast, the rest kept.

        Monsters must be caught, so a monster that only Ultimus catches is caught with it,
        and Ultimus goes to the moat; the rulebook's freedom not to use Ultimus holds only
        for a taker who has a suitable weapon, and that weapon is then used.
        """
        info, who = self.info[token], self.name(seat)
        if info.cell == "monster" and not caught:
            weapon = bag.catcher(self.held(seat), info.kind)
            if weapon is None:
                self.moat.append(token)
                if self.quiet:
                    return []
                return [
                    Event(f"{who} has nothing to catch the {info.name}: it escapes into the moat.")
                ]
            if weapon.kind == "ultimus":
                self.satchels[seat].remove(weapon.id)
                self.moat.append(weapon.id)
                caught_with = (
                    []
                    if self.quiet
                    else [
                        Event(f"{who} catches the {info.name} with Ultimus."),
                        Event("Ultimus is spent and thrown into the moat."),
                    ]
                )
                return caught_with + self._place(seat, token)
            if self.quiet:
                return self._place(seat, token)
            events = [Event(f"{who} catches the {info.name} with the {weapon.name}.")]
            return events + self._place(seat, token)
        events = [Event(f"{who} takes the {info.name}.")] if announce and not self.quiet else []
        if info.cell == "spell":
            if self.phase == IncantibusPhase.RESOLVING and any(
                step[0] == "spells" for step in self.steps
            ):
                self.casters.append(seat)
            else:
                self.steps.insert(0, ("cast", seat, spell_optional))
        return events + self._place(seat, token)

    def _place(self, seat: int, token: int) -> list[Event]:
        self.satchels[seat].append(token)
        if bag.fits(self.held(seat), self.side):
            return []
        self.decision = Decision("overflow", seat, token=token)
        return [Event(f"{self.name(seat)}'s satchel is full: a token must go into the moat.")]

    def _fight(self, seat: int, slot: int) -> list[Event]:
        sid, face_up = self._sorcerer_at(slot)
        assert self.dungeon is not None  # (`_sorcerer_at` has checked)
        self.dungeon[slot] = None
        who, sorcerer = self.name(seat), self.info[sid]
        events = (
            []
            if face_up
            else [Event(f"{who} turns the hidden sorcerer: {sorcerer.name}.", reveals=True)]
        )
        kind = bag.kind_of(self.cards, sorcerer.kind, SorcererKind)
        held = self.held(seat)
        satchel = tuple(self.satchels[seat])
        if not self._can_defeat(seat, sid, satchel, held, wand=self.pointing_wands[seat]):
            self.moat.append(sid)
            self._settle(seat, "too strong", sid, False)
            return events + [
                Event(f"{sorcerer.name} is too strong for {who} and escapes into the moat.")
            ]
        paid = bag.sorcerer_payment(held, kind.needs)
        assert paid is not None  # (`_can_defeat` found the payment above)
        self._settle(seat, "defeated", sid, True)
        return (
            events
            + self._pay(seat, paid, f"{who} defeats {sorcerer.name}")
            + self._place(seat, sid)
        )

    def _discard(self, seat: int, token: int, new: int) -> list[Event]:
        self.satchels[seat].remove(token)
        self.moat.append(token)
        what = "the new token" if token == new else "a token of the satchel"
        return [
            Event(f"{self.name(seat)} throws {what}, the {self.info[token].name}, into the moat.")
        ]

    # -- spells -----------------------------------------------------------------------------

    def _offer_spell(self, seat: int, optional: bool = False) -> list[Event]:
        if all(card is None for card in self.spell_cards):
            return [Event(f"No spell card is left for {self.name(seat)} to cast.")]
        self.decision = Decision("spell", seat, optional=optional)
        return []

    def _cast(self, seat: int, slot: int) -> list[Event]:
        spell = self._open_spell(slot)
        self.spent_spells.append(spell)
        new = self.spell_cards[slot] = self._draw_spell()
        name = bag.kind_of(self.cards, spell, SpellKind).name
        events = [] if self.quiet else [Event(f"{self.name(seat)} casts {name}.")]
        if new is not None:
            events.append(
                HIDDEN_SHOWN
                if self.quiet
                else Event(
                    f"A new spell card is opened: {bag.kind_of(self.cards, new, SpellKind).name}.",
                    reveals=True,
                )
            )
        if spell in SPECIAL_OF_SPELL:
            token = next(
                (t for t in self.specials if self.info[t].kind == SPECIAL_OF_SPELL[spell]), None
            )
            if token is None:
                return events + [Event(f"{name} has nothing left to give.")]
            self.specials.remove(token)
            return events + self._receive(seat, token)
        self.decision = Decision(spell, seat, spell=spell)
        if not self._decision_options():
            self.decision = None
            events.append(Event(f"{name} finds no target and does nothing."))
        return events

    def _steal(self, seat: int, token: int) -> list[Event]:
        victim = next(s for s in range(self.seats) if token in self.satchels[s])
        self.satchels[victim].remove(token)
        events = [
            Event(f"{self.name(seat)} steals the {self.info[token].name} from {self.name(victim)}.")
        ]
        return events + self._place(seat, token)

    def _retrieve(self, seat: int, token: int) -> list[Event]:
        self.moat.remove(token)
        events = [Event(f"{self.name(seat)} fishes the {self.info[token].name} out of the moat.")]
        # Retiro takes a monster even without a weapon to catch it; a spell token taken
        # from the moat lets its taker cast one more spell, if they like.
        return events + self._receive(seat, token, caught=True, announce=False, spell_optional=True)

    def _seize(self, seat: int, slot: int) -> list[Event]:
        token, _ = self._slot(slot)
        self.room[slot] = None
        return self._receive(seat, token)

    def _peek(self, seat: int, slot: int) -> list[Event]:
        token, _ = self._slot(slot)
        info, who = self.info[token], self.name(seat)
        events = [
            Event(
                f"You look at the secret token: {info.name}.",
                seen_by=frozenset({seat}),
                reveals=True,
            ),
            Event(f"{who} looks at a secret token.", hidden_from=frozenset({seat})),
        ]
        keeps = info.cell != "monster" or bag.catcher(self.held(seat), info.kind) is not None
        if not keeps:
            self.known[seat][slot] = info.kind
            return events + [Event(f"{who} puts the token back, face down.")]
        self.room[slot] = None
        events.append(Event(f"{who} takes it: the {info.name}.", reveals=True))
        return events + self._receive(seat, token)

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

    # -- after a casting -----------------------------------------------------------------------

    def _after_casting(self) -> list[Event]:
        self.phase = IncantibusPhase.CASTING
        if self.dungeon is not None:
            return self._after_battle()
        if len(self.room) - self.room.count(None) >= 2:  # (counted, not listed: every casting)
            return []
        events = []
        for slot, token, _ in self.room_tokens():
            self.room[slot] = None
            self.moat.append(token)
            events.append(
                Event(
                    f"The last token, {self.info[token].name}, falls into the moat.", reveals=True
                )
            )
        events += self._refill()
        if self.room_stack:
            tile_id = self.room_stack.pop(0)
            tile = next(r for r in self.cards.rooms if r.id == tile_id)
            events += self._fill_room(tile.name, tile.visible, tile.secret)
            events += self._turn_sorcerer()
        else:
            events += self._enter_dungeon()  # the sorcerers go down as they lie (readings)
        return events

    def _turn_sorcerer(self) -> list[Event]:
        for entry in self.track:
            if not entry[1]:
                entry[1] = True
                if self.quiet:
                    return [HIDDEN_SHOWN]
                return [Event(f"A sorcerer is turned: {self.info[entry[0]].name}.", reveals=True)]
        return []

    def _enter_dungeon(self) -> list[Event]:
        self.room, self.room_name = [], "dungeon"
        self.known = [{} for _ in range(self.seats)]
        self.dungeon = [list(entry) for entry in self.track]
        self.track = []
        return [
            Event("No room is left: the final battle begins in the dungeon.")
        ] + self._after_battle()

    def _after_battle(self) -> list[Event]:
        assert self.dungeon is not None  # the battle is under way
        left = [s for s in self.dungeon if s is not None]
        if not left:
            return self._end("The dungeon is empty.")
        if any(not up for _, up in left):
            return []
        stuck = [s for s in range(self.seats) if not self._pointing_options(s)]
        if stuck:
            self.laid_down = stuck
            names = listed(self.name(s) for s in stuck)
            return self._end(
                f"{names} can fight no sorcerer, brew no potion and take no book, "
                "and lay down their wand."
            )
        return []

    def _end(self, why: str) -> list[Event]:
        self.phase = IncantibusPhase.OVER
        return self.closing_events(why)

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
            explanation.append(
                f"{self.name(s)}: {scores[s]} points ({detail or 'nothing'}); wand {self.wands[s]}"
            )
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
        return {key: make() for key, make in self.view_parts(seat).items()}

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
                None if p is None else {**self._token(p), "recipe": list(self._recipe(p))}
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
            "satchels": lambda: [self._satchel_view(s) for s in range(self.seats)],
            "points": lambda: [sum(self.points(s).values()) for s in range(self.seats)],
            "chosen": lambda: sorted(self.choices),
            "my_choice": my_choice,
            "decision": decision,
            "last_casting": lambda: [self._casting_entry(e) for e in self.last_casting],
            "laid_down": lambda: list(self.laid_down),
        }
        if self.is_over():
            parts["scores"] = self.result
        return parts

    def _satchel_view(self, seat: int) -> dict[str, Any]:
        held = self.held(seat)
        return {
            "side": self.side.id,
            "tokens": [self._token(t.id) for t in held],
            "cells": bag.layout(held, self.side),
            "capacity": {**self.side.cells, "purse": bag.purse_size(held, self.side)},
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
    paid = ", ".join(game.info[t].name for t in action.pay)
    return f"Learn the book “{game.info[game._opened(game.books, action.index)].name}” for {paid}"


def _discard_words(game: Incantibus, action: Discard, seat: int | None) -> str:
    return f"Throw the {game.info[action.token].name} into the moat"


def _cast_words(game: Incantibus, action: Cast, seat: int | None) -> str:
    return f"Cast {bag.kind_of(game.cards, game._open_spell(action.card), SpellKind).name}"


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


# Actions are immutable, so the common ones are made once (bots simulate many games).
ROOM_POINTS = tuple(Point("room", i) for i in range(32))
DUNGEON_POINTS = tuple(Point("dungeon", i) for i in range(16))
POTION_POINTS = tuple(Point("potion", i) for i in range(8))

OUTCOME_WORDS = {
    "taken": "taken",
    "caught": "caught",
    "escaped": "nothing to catch it with, it escaped into the moat",
    "brewed": "brewed",
    "learned": "learned",
    "defeated": "defeated",
    "too strong": "too strong, escaped into the moat",
}
CATEGORY_OF_CELL = {
    "monster": "monsters",
    "potion": "potions",
    "spell": "spells",
    "book": "books",
    "sorcerer": "sorcerers",
}
SPECIAL_OF_SPELL = {
    "locus": "satchel",
    "ultimus": "ultimus",
    "philosophia": "philosophers-stone",
    "fortuna": "three-gold",
}
NEED_NAMES = {
    "weapon": "weapons",
    "spell": "spell tokens",
    "potion-red": "red potion",
    "potion-green": "green potion",
    "potion-blue": "blue potion",
    "goblin": "goblin",
    "ghost": "ghost",
    "werewolf": "werewolf",
}
SPELL_REFUSALS = {
    "alkimia": "Alkimia steals an ingredient, a weapon or gold from another satchel.",
    "retiro": "Retiro takes a token that lies in the moat.",
    "imperium": "Imperium takes a face-up token of the room.",
    "oculus": "Oculus looks at a face-down token of the room.",
}
SPELL_TARGETS = {
    "alkimia": Incantibus._steal,
    "retiro": Incantibus._retrieve,
    "imperium": Incantibus._seize,
    "oculus": Incantibus._peek,
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
        (Rule(Point, Incantibus._point_refusal, Incantibus._point, Incantibus._pointing_options),),
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
