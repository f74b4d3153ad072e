"""Illusio: the state of a match and every rule that changes it.

A turn: the seat's tricks on display whose round is over are scored, it draws, then takes
up to two actions (A to F) and ends its turn, letting go of cards over the hand limit.
The magician's talent is free, once per round, in its owner's turn. The game ends the
moment a seat reaches the target.

The class holds the state, the set-up, the turn, the moves a seat may make and the
scoring; why a move is refused is in refusals.py, what an allowed move does in effects.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from illusio_table.engine import HIDDEN_SHOWN, NOBODY, ONLY, Action, Event, Game, Option, Rng
from illusio_table.engine.moves import Phase, Rule, always, phase_table

from . import effects, refusals
from .actions import (
    ACTIONS,
    END_TURN,
    TRANSFORM,
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
    realize,
)
from .cards import IllusioCards, Magician, TurnRules, load
from .catalog import CardInfo, ObjectiveInfo, catalog, exact_bonus
from .hand import card_count
from .numbered import Numbered, numbered
from .phases import IllusioPhase
from .talents import TALENTS, talent_hint
from .views import (
    CATEGORIES,
    MOVE_WORDS,
    printed_views,
    seat_view,
    trick_sum,
    trick_view,
    view_parts,
)
from .views import standing as _standing
from .work import Work

HELP = Path(__file__).with_name("help.md")
NONE: list[Action] = []  # shared: nothing to add (never changed)


class Illusio(Game):
    game_id = "illusio"
    fresh_state = ("_realize_cache",)  # what each Backstage can take, by Backstage
    # The numbered cards, from the card data, and their moves by number.
    shared_state = ("info", "objectives", "printed", "numbered")
    title = "Illusio"
    min_seats = 2
    max_seats = 6
    actions = ACTIONS
    options_spec = (
        Option(
            "target",
            "Points to win",
            12,
            minimum=3,
            maximum=40,
            help="The game ends as soon as a magician reaches this many points.",
        ),
    )
    help_text = HELP.read_text(encoding="utf-8") if HELP.is_file() else ""
    card_schema = IllusioCards

    @classmethod
    def card_data(cls) -> Any:
        return load()

    @staticmethod
    def standing(view: dict[str, Any]) -> list[str]:
        return _standing(view)

    move_words = MOVE_WORDS

    # -- the state of a match: every field, declared (`Game.state_fields`) -----------------
    cards: IllusioCards
    info: tuple[CardInfo, ...]  # every card by its number, from the card data
    objectives: tuple[ObjectiveInfo, ...]
    numbered: Numbered  # the moves of one card or Objective, by its number (shared by copies)
    printed: tuple[tuple[tuple[str, Any], ...], ...]  # each card as a view shows it, untouched
    limits: TurnRules
    component_kinds: tuple[str, ...]
    group_types: dict[str, tuple[str, ...]]  # the types of each group a Component may become
    target: int  # the points that win
    magicians: list[Magician]  # by seat
    talent_used: list[bool]  # by seat, this round
    objective_deck: list[int]
    objective_discard: list[int]
    deck: list[int]
    discard_pile: list[int]
    contest: list[int | None]  # the Objectives anyone may take, by slot
    hands: list[list[int]]
    backstage: list[list[int]]
    works: list[list[Work]]  # each seat's Objectives under realization or on display
    as_kind: dict[int, str]  # Components transformed, and what they now are
    now: list[str]  # what each card is now, by number
    now_group: list[str]  # the group of what it is now ("" for a Special action: none)
    key: list[str]  # what makes two cards interchangeable: their kind, printed and now
    _realize_cache: dict[tuple[Any, ...], dict[int, list[Action]]]  # by Backstage (a cache)
    attached: dict[int, list[int]]  # Transform cards lying on a Component
    validated: list[list[int]]  # each seat's tricks scored
    tricks: list[list[dict[str, Any]]]  # how each scored trick's points were made
    scores: list[int]
    first: int  # the seat that played first
    current: int
    actions_left: int
    turn: int
    idle_turns: int  # turns in a row with no move while no card is left to draw

    # -- set-up ---------------------------------------------------------------------------------

    def setup(self) -> list[Event]:
        cards = self.cards = load()
        self.info, self.objectives = catalog(cards)
        self.numbered = numbered(len(self.info), len(self.objectives), self.max_seats)
        self.printed = printed_views(cards)
        self.limits = cards.rules
        self.component_kinds = tuple(k.id for k in cards.components)
        self.group_types = {g.id: g.types for g in cards.groups}
        self.target = self.options["target"]
        rng, seats = self.rng, self.seats

        first, events = self._first_player()
        magicians = list(cards.magicians)
        rng.shuffle(magicians)
        self.magicians = magicians[:seats]
        self.talent_used = [False] * seats
        events.append(
            Event(
                "Magicians: "
                + ", ".join(f"{self.name(s)} is {m.name}" for s, m in enumerate(self.magicians))
                + ".",
                reveals=True,
            )
        )

        self.objective_deck = list(range(len(self.objectives)))
        rng.shuffle(self.objective_deck)
        self.objective_discard = []
        self.deck = list(range(len(self.info)))
        rng.shuffle(self.deck)
        self.discard_pile = []
        self.contest = [self._draw_objective() for _ in range(cards.rules.contest)]
        events.append(
            Event(
                "The Contest opens with "
                + ", ".join(self.objectives[o].name for o in self.contest if o is not None)
                + ".",
                reveals=True,
            )
        )
        self.hands = [[] for _ in range(seats)]
        self.backstage = [[] for _ in range(seats)]
        self.works = [[] for _ in range(seats)]
        self.as_kind = {}  # Components transformed, and what they now are
        # What each card is now, its group and a key shared by interchangeable cards:
        # looked up on every move, so kept in lists rather than worked out each time.
        self.now = [i.kind for i in self.info]
        self.now_group = [i.group or "" for i in self.info]
        self.key = list(self.now)
        self._realize_cache = {}
        self.attached = {}  # Transform cards lying on a Component
        self.validated = [[] for _ in range(seats)]
        self.tricks = [[] for _ in range(seats)]
        self.scores = [0] * seats
        for seat in range(seats):
            events += self._draw(seat, cards.rules.start_hand)
        self.phase = IllusioPhase.TURN
        self.first = self.current = first
        self.actions_left = 0
        self.turn = 0
        self.idle_turns = 0  # turns in a row with no move while no card is left to draw
        return events + self._start_turn(first)

    def _first_player(self) -> tuple[int, list[Event]]:
        """Each seat draws an Objective, the highest level starts, tied seats draw again."""
        pile = list(range(len(self.objectives)))
        self.rng.shuffle(pile)
        drawn: list[int] = []
        contenders = list(range(self.seats))
        events: list[Event] = []
        while True:
            draws = {}
            for seat in contenders:
                if not pile:  # a long run of ties: the drawn cards are shuffled back
                    pile, drawn = drawn, []
                    self.rng.shuffle(pile)
                draws[seat] = pile.pop()
                drawn.append(draws[seat])
            # A tie's new draw reads as such, not as the first draw told again.
            heading = "Tie: drawing again" if events else "Drawing for the first turn"
            events.append(
                Event(
                    f"{heading}: "
                    + ", ".join(
                        f"{self.name(s)} level {self.objectives[o].level}" for s, o in draws.items()
                    )
                    + ".",
                    reveals=True,
                )
            )
            best = max(self.objectives[o].level for o in draws.values())
            contenders = [s for s, o in draws.items() if self.objectives[o].level == best]
            if len(contenders) == 1:
                events.append(Event(f"{self.name(contenders[0])} plays first."))
                return contenders[0], events

    # -- small helpers ---------------------------------------------------------------------------

    def kind(self, card: int) -> str:
        """What a Component is now: its printed kind unless it was transformed."""
        return self.now[card]

    def group(self, card: int) -> str:
        return self.now_group[card]

    def card_name(self, card: int) -> str:
        info = self.info[card]
        now = self.as_kind.get(card)
        if now is None:
            return info.name
        return f"{info.name} (now {self.cards.name(now)})"

    def realizing(self, seat: int) -> list[Work]:
        return [w for w in self.works[seat] if not w.displayed]

    def work(self, seat: int, objective: int) -> Work | None:
        return next((w for w in self.works[seat] if w.objective == objective), None)

    def displayed_work(self, objective: int | None) -> tuple[int, Work] | None:
        for seat, works in enumerate(self.works):
            for w in works:
                if w.objective == objective and w.displayed:
                    return seat, w
        return None

    def _draw_objective(self) -> int | None:
        if not self.objective_deck and self.objective_discard:
            self.objective_deck, self.objective_discard = self.objective_discard, []
            self.rng.shuffle(self.objective_deck)
        return self.objective_deck.pop() if self.objective_deck else None

    def _draw_card(self, events: list[Event]) -> int | None:
        if not self.deck and self.discard_pile:
            self.deck, self.discard_pile = self.discard_pile, []
            self.rng.shuffle(self.deck)
            events.append(Event("The discard pile is shuffled into a new deck."))
        return self.deck.pop() if self.deck else None

    def _draw(self, seat: int, number: int) -> list[Event]:
        events: list[Event] = []
        got = []
        for _ in range(number):
            card = self._draw_card(events)
            if card is None:
                break
            got.append(card)
        self.hands[seat].extend(got)
        if self.quiet:  # (who drew what is told to readers only)
            return events + [HIDDEN_SHOWN] if got else events
        if got:
            names = ", ".join(self.info[c].name for c in got)
            events.append(Event(f"You draw {names}.", seen_by=frozenset({seat}), reveals=True))
            events.append(
                Event(
                    f"{self.name(seat)} draws {card_count(len(got))}.",
                    hidden_from=frozenset({seat}),
                )
            )
        if len(got) < number:
            events.append(Event("The deck and the discard pile are empty."))
        return events

    def _cards_left(self) -> int:
        return len(self.deck) + len(self.discard_pile)

    def _leave_play(self, component: int) -> None:
        """A Component is discarded: its Transform cards go with it and the illusion ends."""
        self.discard_pile.append(component)
        self._turn_into(component, self.info[component].kind)

    def _turn_into(self, component: int, kind: str) -> None:
        """A Component becomes `kind`. Back to what is printed on it, the illusion is over:
        the Transform cards lying on it go to the discard pile (as when the table forgets
        what it had become), so that no card stays on a Component that shows none."""
        printed = self.info[component].kind
        if kind == printed:
            self.discard_pile.extend(self.attached.pop(component, ()))
            self.as_kind.pop(component, None)
            self.key[component] = printed
        else:
            self.as_kind[component] = kind
            self.key[component] = f"{printed}>{kind}"
        self.now[component] = kind
        self.now_group[component] = self.cards.group_of[kind]

    # -- the turn ---------------------------------------------------------------------------

    def _start_turn(self, seat: int) -> list[Event]:
        self.current = seat
        self.turn += 1
        self.phase = IllusioPhase.TURN
        self.actions_left = self.limits.actions
        self.talent_used[seat] = False
        # The words only for readers: a hushed match (a rollout, self-play) skips them.
        events = [] if self.quiet else [Event(f"— {self.name(seat)}'s turn —")]
        for work in [w for w in self.works[seat] if w.displayed]:
            if work.encore:
                work.encore = False
                name = self.objectives[work.objective].name
                events.append(Event(f"Encore! {name} stays on display one more round."))
                continue
            events += self._score(seat, work, "")
            if self.phase == IllusioPhase.OVER:
                return events
        hand = len(self.hands[seat])
        wanted = self.limits.draw_up_to - hand if hand < self.limits.draw_below else 1
        return events + self._draw(seat, wanted)

    def _end_turn(self, seat: int) -> list[Event]:
        # House rule: with no card left to draw, a whole round of turns in which nobody
        # does anything closes the show (the game could not change any more).
        idle = self.actions_left == self.limits.actions and not self.talent_used[seat]
        if idle and not self._cards_left():
            self.idle_turns += 1
            if self.idle_turns >= self.seats:
                return self._end("Nothing is left to draw and a whole round passed quietly.")
        else:
            self.idle_turns = 0
        if len(self.hands[seat]) > self.limits.hand_limit:
            self.phase = IllusioPhase.DISCARD
            over = len(self.hands[seat]) - self.limits.hand_limit
            return (
                []
                if self.quiet
                else [Event(f"{self.name(seat)} must let go of {card_count(over)}.")]
            )
        return self._start_turn((seat + 1) % self.seats)

    # -- the protocol ---------------------------------------------------------------------------

    def redraw_hidden(self, seat: int, rng: Rng) -> None:
        """The other hands and the deck are dealt again from the cards among them, each
        hand keeping its size, and the Objective deck is shuffled. (A card the seat saw
        go into another hand, by Take or a talent, is dealt again too: a bot forgets it.)"""
        others = self.others(seat)
        # Sorted before the shuffle: the deal then depends on what is hidden, never on
        # where it really lies.
        unseen = sorted(self.deck + [c for s in others for c in self.hands[s]])
        rng.shuffle(unseen)
        for s in others:
            size = len(self.hands[s])
            self.hands[s], unseen = unseen[:size], unseen[size:]
        self.deck = unseen
        self.objective_deck.sort()
        rng.shuffle(self.objective_deck)

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        return seat_view(self, seat)

    def view_parts(self, seat: int | None) -> dict[str, Callable[[], Any]]:
        return view_parts(self, seat)

    def hint(self, action: Action, seat: int | None = None) -> str:
        return talent_hint(self, action, seat)

    def is_over(self) -> bool:
        return self.phase == IllusioPhase.OVER

    def to_act(self) -> frozenset[int]:
        return NOBODY if self.phase == IllusioPhase.OVER else ONLY[self.current]

    # -- the moves of a turn (listed one for each set of interchangeable cards) -------------
    #
    # Cards of the same kind (and the same transformation) do the same thing, so one of
    # them stands for all. Two moves are listed in their common shapes only: exchanging one
    # card or the whole hand, and taking an Objective with the Components that pay best for
    # each count per group; `apply` accepts any legal set for both. The table of rules is
    # `Illusio.phases`, below the class.

    def _action_moves(self, seat: int, kinds: list[int]) -> list[Action]:
        """The moves that use one of the turn's two actions (A to F), found together
        because they share the look at the hand (`kinds`: one card of each kind in it)."""
        hand, info, by = self.hands[seat], self.info, self.numbered
        components = [c for c in kinds if not info[c].special]
        backstage = by.backstage
        moves: list[Action] = [backstage[c] for c in components]  # (the others add to it)
        if len(components) < len(kinds):
            moves += self._special_moves(seat, [c for c in kinds if info[c].special])
        left = len(self.deck) + len(self.discard_pile)
        if left:
            exchange_one = by.exchange_one
            moves += [exchange_one[c] for c in kinds]
            if len(hand) > 1 and left >= len(hand):
                # Made anew, not interned: a hand is rarely listed whole twice (one in
                # seven in self-play), and the bounded cache cost more than it kept.
                moves.append(Exchange(tuple(sorted(hand))))
        realizing = [w for w in self.works[seat] if not w.displayed]  # (`realizing`)
        if len(realizing) < self.limits.realizing and self.backstage[seat]:
            moves += self._realize_moves(seat)
        if realizing:
            sources = components + self._distinct(self.backstage[seat])
            for work in realizing:
                moves += self._place_moves(work, sources)
                moves.append(by.abandon[work.objective])
        return moves

    def _turn_moves(self, seat: int) -> list[Action]:
        """Every move of a turn: its actions, the magician's talent while unused, and the
        end of the turn (one listing: a lister's call each was a sixtieth of a move)."""
        # One card of each kind in the hand, found once a listing: the actions list from
        # it, and so do the talents that look at the hand (None when no action is left:
        # a talent that needs it then finds it itself).
        kinds = None
        moves: list[Action] = []  # (a list of its own: the listing adds to it)
        if self.actions_left > 0:  # (`action_refusal`, written out: every listing asks)
            kinds = self._distinct(self.hands[seat])
            moves = self._action_moves(seat, kinds)
        if not self.talent_used[seat]:
            moves += TALENTS[self.magicians[seat].talent].moves(self, seat, kinds)
        moves.append(END_TURN)
        return moves

    def _discard_moves(self, seat: int) -> list[Action]:
        discard = self.numbered.discard
        return [discard[c] for c in self._distinct(self.hands[seat])]

    def action_refusal(self, seat: int) -> str | None:
        if self.actions_left <= 0:
            return "You have used both actions of this turn; end your turn."
        return None

    def spend_action(self, seat: int) -> None:
        self.actions_left -= 1

    def _distinct(self, cards: list[int]) -> list[int]:
        """One card of each kind (as printed and as it is now), standing for the others."""
        seen: dict[str, int] = {}
        key = self.key
        for c in cards:
            seen.setdefault(key[c], c)  # (one look-up: a test and a store were two)
        return list(seen.values())

    def _special_moves(self, seat: int, specials: list[int]) -> list[Action]:
        moves: list[Action] = []
        shows = None  # the works on show, found when a card asks for them
        for card in specials:
            effect = self.info[card].kind
            if effect == "transform":
                made = TRANSFORM[card]
                for c in self._distinct(self.backstage[seat]):
                    now, into = self.now[c], made[c]
                    moves += [into[k] for k in self.component_kinds if k != now]
            elif effect == "take":
                took = self.numbered.take[card]
                moves += [took[s] for s in self.others(seat) if self.hands[s]]
            else:
                if shows is None:
                    shows = [w for works in self.works for w in works if w.displayed]
                on = self.numbered.special[card]
                moves += [on[w.objective] for w in shows if not (effect == "encore" and w.encore)]
        return moves

    def _realize_moves(self, seat: int) -> list[Action]:
        # The same Backstage is looked at again and again until it changes: remember what
        # it can take, per Objective (bots simulate thousands of games).
        backstage, now = self.backstage[seat], self.now
        stage = (tuple(backstage), tuple([now[c] for c in backstage]))
        known = self._realize_cache.get(stage)
        if known is None:
            if len(self._realize_cache) > 1024:
                self._realize_cache.clear()
            known = self._realize_cache[stage] = {}
        moves: list[Action] = []
        by_group = None  # the Backstage's Components by group, found at a first miss
        for objective in self.contest:
            if objective is None:
                continue
            found = known.get(objective)
            if found is None:
                o = self.objectives[objective]
                if by_group is None:
                    by_group = _by_group(self.now_group, sorted(backstage))
                covered = 0
                for g, n in o.groups.items():
                    cards = by_group.get(g)
                    if cards is not None:
                        got = len(cards)
                        covered += n if got > n else got
                found = known[objective] = (
                    self._list_realize_moves(objective, by_group) if covered >= o.half else NONE
                )
            moves += found
        return moves

    def _list_realize_moves(self, objective: int, by_group: dict[str, list[int]]) -> list[Action]:
        """A move for each count of Components per group that takes the Objective (half of
        its needs or more), each count with the Components that pay best: its exact types
        first, then by number. The counts come in the order `itertools.product` of each
        group's would give (the last group's turning fastest), turned here as an odometer
        in plain loops: this runs at nearly every turn, and a group with no Component
        (which can only count 0) is left out rather than turned. `by_group`: the Backstage's
        Components by group, each group's in order of number (shared by the Objectives of
        the Contest: a pass over the Backstage for each group of each was the most of it)."""
        o = self.objectives[objective]
        now, types = self.now, o.types
        pools: list[list[int]] = []
        sizes: list[int] = []
        for g, n in o.groups.items():
            cards = by_group.get(g)
            if cards is None:
                continue
            # One pass sorts each Component into either (a comprehension for each was two
            # passes a group, and interpreted, two calls).
            exact: list[int] = []
            loose: list[int] = []
            for c in cards:
                if now[c] in types:
                    exact.append(c)
                else:
                    loose.append(c)
            pools.append(exact + loose)
            sizes.append(min(len(cards), n))
        moves: list[Action] = []
        counts = [0] * len(pools)
        total, last, half = 0, len(pools) - 1, o.half
        while True:
            if total >= half:
                chosen: list[int] = []
                for i in range(len(counts)):
                    if counts[i]:
                        chosen += pools[i][: counts[i]]
                chosen.sort()
                moves.append(realize(objective, tuple(chosen)))
            i = last
            while i >= 0 and counts[i] == sizes[i]:
                total -= counts[i]
                counts[i] = 0
                i -= 1
            if i < 0:
                return moves
            counts[i] += 1
            total += 1

    def _place_moves(self, work: Work, sources: list[int]) -> list[Action]:
        """Components (from the hand, then the Backstage) that still fit around the work."""
        o, now_group = self.objectives[work.objective], self.now_group
        placed = _count(now_group, work.components)
        room = {g for g, n in o.groups.items() if placed.get(g, 0) < n}
        made = self.numbered.place[work.objective]
        return [made[c] for c in sources if now_group[c] in room]

    @classmethod
    def saved_action(cls, data: Any) -> Any:
        """Saves made before Transform and Take were moves of their own hold every Special
        as one move, "special", with a field for each thing any Special could name
        (`seat`, `trick`, `component`, `into`; None where unused). Each is read as the move
        it was."""
        if not isinstance(data, dict) or data.get("kind") != "special":
            return data
        if not {"seat", "component", "into"} & set(data):
            return data  # today's form
        card = data.get("card")
        if data.get("component") is not None or data.get("into") is not None:
            return {
                "kind": "transform",
                "card": card,
                "component": data.get("component"),
                "into": data.get("into"),
            }
        if data.get("seat") is not None:
            return {"kind": "take", "card": card, "seat": data.get("seat")}
        return {"kind": "special", "card": card, "trick": data.get("trick")}

    # -- scoring ---------------------------------------------------------------------------

    def trick_parts(self, seat: int, work: Work) -> dict[str, int]:
        """What the trick pays, part by part, were it validated now."""
        o = self.objectives[work.objective]
        specials = Counter(self.info[c].kind for c in work.specials)
        magician = self.magicians[seat]
        return {
            "level": o.level,
            "exact": exact_bonus(o, [self.kind(c) for c in work.components]),
            "specialization": int(
                any(self.objectives[v].domain == o.domain for v in self.validated[seat])
            ),
            "grand": 2 * specials["grand"],
            "deja_vu": -specials["deja-vu"],
            "magician": int(magician.talent == "bonus" and magician.domain == o.domain),
        }

    def _score(self, seat: int, work: Work, how: str) -> list[Event]:
        """A trick is validated: points written down, Components and Specials discarded."""
        o = self.objectives[work.objective]
        parts = self.trick_parts(seat, work)
        raw = sum(parts.values())
        points = max(0, raw)
        entry = {"trick": o.name, "domain": o.domain, **parts, "floor": points - raw}
        entry["points"] = points
        self.works[seat].remove(work)
        for c in work.components:
            self._leave_play(c)
        self.discard_pile.extend(work.specials)
        self.validated[seat].append(work.objective)
        self.tricks[seat].append(entry)
        self.scores[seat] += points
        events = [
            Event(
                f"{self.name(seat)} scores {o.name}{how}: {trick_sum(entry)}; "
                f"{self.scores[seat]} point{'' if self.scores[seat] == 1 else 's'} in all.",
                data={"scored": seat, "trick": o.name, "points": points},
            )
        ]
        if self.scores[seat] >= self.target:
            # The points held, which a last trick may take past the target ("Ana reaches
            # 7 points" read beside her 8 on the track).
            events += self._end(
                f"{self.name(seat)} reaches {self.scores[seat]} points, past the target of "
                f"{self.target}."
                if self.scores[seat] > self.target
                else f"{self.name(seat)} reaches {self.target} points."
            )
        return events

    def _points_by_category(self, seat: int) -> dict[str, int]:
        """The seat's points summed by the parts of its tricks, and what a penalty below
        nothing gave back: tricks are the only points, so these add up to its score."""
        found = {word: 0 for _, word in CATEGORIES} | {"raised to 0": 0}
        for entry in self.tricks[seat]:
            for key, word in CATEGORIES:
                found[word] += entry.get(key, 0)
            found["raised to 0"] += entry.get("floor", 0)
        return {word: n for word, n in found.items() if n or word == "level"}

    def _end(self, why: str) -> list[Event]:
        self.phase = IllusioPhase.OVER
        return self.closing_events(why)

    def result(self) -> dict[str, Any]:
        scores = list(self.scores)
        best = max(scores)
        winners = [s for s in range(self.seats) if scores[s] == best]
        tiebreak = ""
        if len(winners) > 1:
            most = max(len(self.tricks[s]) for s in winners)
            winners = [s for s in winners if len(self.tricks[s]) == most]
            tiebreak = f"a tie on {best} points goes to the magician with more tricks ({most})"
            if len(winners) > 1:
                tiebreak = f"a tie on {best} points and {most} tricks: the victory is shared"
        # Each trick with its sum in words, which the explanation says again (made once).
        views = [[trick_view(e) for e in t] for t in self.tricks]
        explanation = []
        for s in range(self.seats):
            tricks = "; ".join(f"{t['trick']} {t['sum']}" for t in views[s])
            points = f"{scores[s]} point{'s' * (scores[s] != 1)}"
            explanation.append(f"{self.name(s)}: {points} ({tricks or 'no trick'})")
        if tiebreak:
            explanation.append(tiebreak[0].upper() + tiebreak[1:] + ".")
        return {
            "scores": scores,
            "winners": winners,
            "points": [self._points_by_category(s) for s in range(self.seats)],
            "tricks": views,
            "tiebreak": tiebreak,
            "explanation": explanation,
        }


Illusio.phases = phase_table(
    Phase(
        IllusioPhase.TURN,
        (
            Rule(Backstage, refusals.backstage_refusal, effects.backstage, costs_action=True),
            Rule(PlaySpecial, refusals.special_refusal, effects.special, costs_action=True),
            Rule(Transform, refusals.transform_refusal, effects.transform, costs_action=True),
            Rule(Take, refusals.take_refusal, effects.take, costs_action=True),
            Rule(Exchange, refusals.exchange_refusal, effects.exchange_move, costs_action=True),
            Rule(Realize, refusals.realize_refusal, effects.realize_move, costs_action=True),
            Rule(Place, refusals.place_refusal, effects.place, costs_action=True),
            Rule(Abandon, refusals.abandon_refusal, effects.abandon, costs_action=True),
            Rule(UseTalent, refusals.talent_refusal, effects.talent),
            Rule(EndTurn, always, effects.end_turn_move),
        ),
        "That is not a move of Illusio.",
        refusals={Discard: refusals.not_now_discard},
        listing=(Illusio._turn_moves,),
    ),
    Phase(
        IllusioPhase.DISCARD,
        (Rule(Discard, refusals.discard_refusal, effects.let_go, Illusio._discard_moves),),
        refusals.over_the_limit,
    ),
)


def _by_group(groups: list[str], cards: list[int]) -> dict[str, list[int]]:
    """These cards by group, each group's in the order given."""
    found: dict[str, list[int]] = {}
    for c in cards:
        g = groups[c]
        if g in found:
            found[g].append(c)
        else:
            found[g] = [c]
    return found


def _count(groups: list[str], cards: list[int]) -> dict[str, int]:
    """How many of these cards are in each group (a Counter, without its cost)."""
    found: dict[str, int] = {}
    for c in cards:
        g = groups[c]
        found[g] = found.get(g, 0) + 1
    return found
