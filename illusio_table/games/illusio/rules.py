"""Illusio: the state of a match and every rule that changes it.

A turn: the seat's tricks on display whose round is over are scored, it draws, then takes
up to two actions (A to F) and ends its turn, letting go of cards over the hand limit.
The magician's talent is free, once per round, in its owner's turn. The game ends the
moment a seat reaches the target.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

from illusio_table.engine import HIDDEN_SHOWN, NOBODY, ONLY, Action, Event, Game, Option, Rng
from illusio_table.engine.moves import Phase, Rule, always, phase_table

from .actions import (
    ACTIONS,
    END_TURN,
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
    abandon,
    backstage,
    discard,
    exchange,
    place,
    realize,
    special,
    take,
    transform,
)
from .cards import IllusioCards, Magician, TurnRules, load
from .catalog import CardInfo, ObjectiveInfo, catalog, exact_bonus, fits
from .phases import IllusioPhase
from .talents import TALENTS
from .views import (
    CATEGORIES,
    MOVE_WORDS,
    printed_views,
    seat_view,
    trick_sum,
    trick_view,
)
from .views import standing as _standing

HELP = Path(__file__).with_name("help.md")
NONE: list[Action] = []  # shared: nothing to add (never changed)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Work:
    """An Objective of a seat with the Components around it, under realization or on display."""

    def __init__(self, objective: int, components: list[int]) -> None:
        self.objective = objective
        self.components = components
        self.displayed = False
        self.encore = False  # an Encore holds the trick through its owner's next start
        self.specials: list[int] = []  # Encore, Deja vu and Grand cards lying on it


class Illusio(Game):
    game_id = "illusio"
    fresh_state = ("_realize_cache",)  # what each Backstage can take, by Backstage
    shared_state = ("info", "objectives", "printed")  # the numbered cards, from the card data
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
        self.printed = printed_views(self)
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
        events = []
        while True:
            draws = {}
            for seat in contenders:
                if not pile:  # a long run of ties: the drawn cards are shuffled back
                    pile, drawn = drawn, []
                    self.rng.shuffle(pile)
                draws[seat] = pile.pop()
                drawn.append(draws[seat])
            events.append(
                Event(
                    "Drawing for the first turn: "
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
                Event(f"{self.name(seat)} draws {_cards(len(got))}.", hidden_from=frozenset({seat}))
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
                [] if self.quiet else [Event(f"{self.name(seat)} must let go of {_cards(over)}.")]
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

    def _action_moves(self, seat: int) -> list[Action]:
        """The moves that use one of the turn's two actions (A to F), found together
        because they share the look at the hand."""
        if self.action_refusal(seat) is not None:
            return []  # (a list of its own: the turn's listing adds to it)
        hand, info = self.hands[seat], self.info
        moves: list[Action] = []
        kinds = self._distinct(hand)
        components = [c for c in kinds if not info[c].special]
        moves += [backstage(c) for c in components]
        if len(components) < len(kinds):
            moves += self._special_moves(seat, [c for c in kinds if info[c].special])
        left = len(self.deck) + len(self.discard_pile)
        if left:
            moves += [exchange((c,)) for c in kinds]
            if len(hand) > 1 and left >= len(hand):
                moves.append(exchange(tuple(sorted(hand))))
        realizing = self.realizing(seat)
        if len(realizing) < self.limits.realizing and self.backstage[seat]:
            moves += self._realize_moves(seat)
        if realizing:
            sources = components + self._distinct(self.backstage[seat])
            for work in realizing:
                moves += self._place_moves(work, sources)
                moves.append(abandon(work.objective))
        return moves

    def _turn_moves(self, seat: int) -> list[Action]:
        """Every move of a turn: its actions, the magician's talent while unused, and the
        end of the turn (one listing: a lister's call each was a sixtieth of a move)."""
        moves = self._action_moves(seat)
        if not self.talent_used[seat]:
            moves += TALENTS[self.magicians[seat].talent].moves(self, seat)
        moves.append(END_TURN)
        return moves

    def _discard_moves(self, seat: int) -> list[Action]:
        return [discard(c) for c in self._distinct(self.hands[seat])]

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
            if key[c] not in seen:
                seen[key[c]] = c
        return list(seen.values())

    def _special_moves(self, seat: int, specials: list[int]) -> list[Action]:
        moves: list[Action] = []
        shows = None  # the works on show, found when a card asks for them
        for card in specials:
            effect = self.info[card].kind
            if effect == "transform":
                for c in self._distinct(self.backstage[seat]):
                    now = self.kind(c)
                    moves += [transform(card, c, k) for k in self.component_kinds if k != now]
            elif effect == "take":
                moves += [take(card, s) for s in self.others(seat) if self.hands[s]]
            else:
                if shows is None:
                    shows = [w for works in self.works for w in works if w.displayed]
                moves += [
                    special(card, w.objective)
                    for w in shows
                    if not (effect == "encore" and w.encore)
                ]
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
        have = None
        for objective in self.contest:
            if objective is None:
                continue
            found = known.get(objective)
            if found is None:
                o = self.objectives[objective]
                if have is None:
                    have = _count(self.now_group, backstage)
                covered = 0
                for g, n in o.groups.items():
                    got = have.get(g, 0)
                    covered += n if got > n else got
                found = known[objective] = (
                    self._list_realize_moves(seat, objective) if covered >= o.half else NONE
                )
            moves += found
        return moves

    def _list_realize_moves(self, seat: int, objective: int) -> list[Action]:
        o = self.objectives[objective]
        asked, now, now_group = o.groups, self.now, self.now_group
        by_group: dict[str, list[int]] = {g: [] for g in asked}
        # Exact types first, so that each count per group uses the Components that pay.
        usable = sorted([c for c in self.backstage[seat] if now_group[c] in asked])
        for c in [c for c in usable if now[c] in o.types] + [
            c for c in usable if now[c] not in o.types
        ]:
            by_group[now_group[c]].append(c)
        pools = list(by_group.values())
        ranges = [range(min(len(pool), o.groups[g]) + 1) for g, pool in by_group.items()]
        moves: list[Action] = []
        for counts in product(*ranges):
            if sum(counts) >= o.half:
                chosen: list[int] = []
                for i, n in enumerate(counts):  # (plain loops: this runs at every turn)
                    if n:
                        chosen += pools[i][:n]
                chosen.sort()
                moves.append(realize(objective, tuple(chosen)))
        return moves

    def _place_moves(self, work: Work, sources: list[int]) -> list[Action]:
        """Components (from the hand, then the Backstage) that still fit around the work."""
        o, now_group = self.objectives[work.objective], self.now_group
        placed = _count(now_group, work.components)
        room = {g for g, n in o.groups.items() if placed.get(g, 0) < n}
        return [place(c, work.objective) for c in sources if now_group[c] in room]

    # -- refusals ---------------------------------------------------------------------------

    def _over_the_limit(self, seat: int) -> str:
        over = len(self.hands[seat]) - self.limits.hand_limit
        return f"Your hand is over {self.limits.hand_limit} cards: let go of {_cards(over)} first."

    def _not_now_discard(self, seat: int) -> str:
        return (
            "You let go of cards only at the end of your turn, "
            f"when your hand holds more than {self.limits.hand_limit}."
        )

    def _discard_refusal(self, seat: int, action: Discard) -> str | None:
        return None if action.card in self.hands[seat] else "That card is not in your hand."

    def _backstage_refusal(self, seat: int, action: Backstage) -> str | None:
        return self._from_hand(seat, action.card, component=True)

    def _abandon_refusal(self, seat: int, action: Abandon) -> str | None:
        work = self.work(seat, action.objective)
        if work is None:
            return "You can only discard one of your own Objectives under realization."
        if work.displayed:
            return "A trick on display is no longer under realization; it cannot be discarded."
        return None

    def _from_hand(self, seat: int, card: int, component: bool) -> str | None:
        if card not in self.hands[seat]:
            return "That card is not in your hand."
        if component and self.info[card].special:
            return "That is a Special action; only Components are placed."
        if not component and not self.info[card].special:
            return "That is a Component, not a Special action."
        return None

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

    def _special_card(self, seat: int, card: int, move: str) -> str | None:
        """Why this card of the hand cannot be played as `move` (transform, take, or on a
        trick for the others): each Special has one way to be played, said when another
        way is tried."""
        reason = self._from_hand(seat, card, component=False)
        if reason:
            return reason
        effect = self.info[card].kind
        if (effect if effect in ("transform", "take") else "trick") == move:
            return None
        if effect == "transform":
            return "Transform is played on a Component of your own Backstage, naming its new kind."
        if effect == "take":
            return "Take is played on another magician, to take a card of their hand."
        return f"{self.info[card].name} is played on a trick on display."

    def _transform_refusal(self, seat: int, action: Transform) -> str | None:
        reason = self._special_card(seat, action.card, "transform")
        if reason:
            return reason
        if action.component not in self.backstage[seat]:
            return (
                "Transform works on a Component of your own Backstage, "
                "not one around an Objective or someone else's."
            )
        if action.into not in self.component_kinds:
            return "Name the kind of Component it becomes."
        if action.into == self.kind(action.component):
            return "It already is that; choose another kind."
        return None

    def _take_refusal(self, seat: int, action: Take) -> str | None:
        reason = self._special_card(seat, action.card, "take")
        if reason:
            return reason
        if action.seat == seat or not 0 <= action.seat < self.seats:
            return "Take needs another magician to take from."
        if not self.hands[action.seat]:
            return f"{self.name(action.seat)} has no card in hand."
        return None

    def _special_refusal(self, seat: int, action: PlaySpecial) -> str | None:
        reason = self._special_card(seat, action.card, "trick")
        if reason:
            return reason
        found = self.displayed_work(action.trick)
        if found is None:
            return f"{self.info[action.card].name} is played on a trick on display."
        if self.info[action.card].kind == "encore" and found[1].encore:
            return "An Encore already holds this trick this round; a second one adds nothing."
        return None

    def _exchange_refusal(self, seat: int, action: Exchange) -> str | None:
        cards = action.cards
        if not cards:
            return "Choose at least one card to exchange."
        if len(set(cards)) != len(cards) or any(c not in self.hands[seat] for c in cards):
            return "You can only exchange cards of your hand, each once."
        if self._cards_left() < len(cards):
            return f"Only {_cards(self._cards_left())} left to draw from."
        return None

    def _realize_refusal(self, seat: int, action: Realize) -> str | None:
        if action.objective not in self.contest:
            return "That Objective is not in the Contest."
        if len(self.realizing(seat)) >= self.limits.realizing:
            return f"You already have {self.limits.realizing} Objectives under realization."
        o = self.objectives[action.objective]
        chosen = action.components
        if len(set(chosen)) != len(chosen) or any(c not in self.backstage[seat] for c in chosen):
            return "The Components must come from your Backstage, each once."
        if len(chosen) < o.half:
            return (
                f"{o.name} needs {len(o.needs)} Components: place at least {o.half} "
                "of them from your Backstage to take it."
            )
        if not fits(o, [self.group(c) for c in chosen]):
            return f"{o.name} does not take them all: {self._too_many(o, chosen)}."
        return None

    def _too_many(self, o: ObjectiveInfo, cards: tuple[int, ...]) -> str:
        """Which groups of these Components the Objective cannot take, in words."""
        counts = Counter(self.group(c) for c in cards)
        said = []
        for group, n in counts.items():
            asked = o.groups.get(group, 0)
            name = self.cards.name(group)
            if asked == 0:
                said.append(f"it needs no {name}")
            elif n > asked:
                said.append(f"it takes {asked} {name}, not {n}")
        return "; ".join(said)

    def _place_refusal(self, seat: int, action: Place) -> str | None:
        card = action.card
        if card in self.hands[seat] and self.info[card].special:
            return self._special_placed(card, action.objective)
        work = self.work(seat, action.objective)
        if work is None or work.displayed:
            return "Components go around one of your own Objectives under realization."
        if card not in self.backstage[seat]:
            reason = self._from_hand(seat, card, component=True)
            if reason:
                return f"Place a Component from your hand or your Backstage. {reason}"
        o = self.objectives[work.objective]
        if not fits(o, [self.group(c) for c in (*work.components, card)]):
            name = self.cards.name(self.group(card))
            if not o.groups.get(self.group(card)):
                return f"{o.name} needs no {name}."
            return f"{o.name} needs no more {name}: it has all it takes."
        return None

    def _special_placed(self, card: int, objective: int) -> str:
        """A Special put around an Objective as if it were a Component: what it is played
        on instead, and how far the trick is from display (the refusal said only that
        Specials are not placed, and a person took the trick for one on display)."""
        name, effect = self.info[card].name, self.info[card].kind
        on = {
            "transform": "played on a Component of your own Backstage, naming its new kind",
            "take": "played on another magician, to take a card of their hand",
        }.get(effect, "played on a trick on display")
        work = next((w for ws in self.works for w in ws if w.objective == objective), None)
        if work is None or work.displayed:
            return f"{name} is a Special action, {on}; only Components go around an Objective."
        o = self.objectives[objective]
        missing = len(o.needs) - len(work.components)
        still = f"{missing} of its {len(o.needs)} Components still to place around it"
        if effect in ("transform", "take"):
            return f"{name} is a Special action, {on}; {o.name} takes only Components ({still})."
        return f"{name} is a Special action, {on}, and {o.name} is not complete yet: {still}."

    def _talent_refusal(self, seat: int, action: UseTalent) -> str | None:
        magician = self.magicians[seat]
        if magician.talent != "bonus" and self.talent_used[seat]:
            return f"{magician.name}'s talent is used once per round; it is used."
        return TALENTS[magician.talent].refuse(self, seat, action)

    # -- moves ---------------------------------------------------------------------------------

    def _let_go(self, seat: int, action: Discard) -> list[Event]:
        self.hands[seat].remove(action.card)
        self.discard_pile.append(action.card)
        events = (
            []
            if self.quiet
            else [Event(f"{self.name(seat)} lets go of {self.info[action.card].name}.")]
        )
        if len(self.hands[seat]) <= self.limits.hand_limit:
            events += self._start_turn((seat + 1) % self.seats)
        return events

    def _end_turn_move(self, seat: int, action: EndTurn) -> list[Event]:
        if self.quiet:
            return self._end_turn(seat)
        return [Event(f"{self.name(seat)} ends the turn.")] + self._end_turn(seat)

    def _backstage(self, seat: int, action: Backstage) -> list[Event]:
        self.hands[seat].remove(action.card)
        self.backstage[seat].append(action.card)
        if self.quiet:
            return []
        return [Event(f"{self.name(seat)} puts {self.info[action.card].name} in the Backstage.")]

    def _exchange_move(self, seat: int, action: Exchange) -> list[Event]:
        return self._exchange(seat, action.cards)

    def _abandon(self, seat: int, action: Abandon) -> list[Event]:
        work = self.work(seat, action.objective)
        assert work is not None  # refused otherwise
        self.works[seat].remove(work)
        self.backstage[seat].extend(work.components)
        self.objective_discard.append(work.objective)
        return [
            Event(
                f"{self.name(seat)} gives up {self.objectives[work.objective].name}; "
                "its Components go back to the Backstage."
            )
        ]

    def _exchange(self, seat: int, cards: tuple[int, ...]) -> list[Event]:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        events = self._draw(seat, len(cards))
        # The cards given back go into the deck at random places, so nobody learns where
        # (as good as shuffling the deck, and cheaper).
        for c in cards:
            self.deck.insert(self.rng.below(len(self.deck) + 1), c)
        if self.quiet:
            return events
        names = ", ".join(self.info[c].name for c in cards)
        return [
            Event(f"You exchange {names}.", seen_by=frozenset({seat})),
            Event(
                f"{self.name(seat)} exchanges {_cards(len(cards))} with the deck.",
                hidden_from=frozenset({seat}),
            ),
        ] + events

    def _realize(self, seat: int, action: Realize) -> list[Event]:
        o = self.objectives[action.objective]
        slot = self.contest.index(action.objective)
        for c in action.components:
            self.backstage[seat].remove(c)
        work = Work(action.objective, list(action.components))
        self.works[seat].append(work)
        self.contest[slot] = self._draw_objective()
        events = []
        if not self.quiet:
            placed = ", ".join(self.card_name(c) for c in action.components)
            events.append(
                Event(f"{self.name(seat)} takes {o.name} from the Contest with {placed}.")
            )
        drawn = self.contest[slot]
        if drawn is not None:
            events.append(Event(f"{self.objectives[drawn].name} joins the Contest.", reveals=True))
        return events + self._display_if_done(seat, work)

    def _place(self, seat: int, action: Place) -> list[Event]:
        work = self.work(seat, action.objective)
        assert work is not None  # refused otherwise
        source = self.backstage[seat] if action.card in self.backstage[seat] else self.hands[seat]
        source.remove(action.card)
        work.components.append(action.card)
        o = self.objectives[work.objective]
        events = [Event(f"{self.name(seat)} places {self.card_name(action.card)} around {o.name}.")]
        return events + self._display_if_done(seat, work)

    def _display_if_done(self, seat: int, work: Work) -> list[Event]:
        o = self.objectives[work.objective]
        if len(work.components) < len(o.needs):
            return []
        work.displayed = True
        return [Event(f"{self.name(seat)}: “I'm displaying {o.name}!”")]

    def _transform(self, seat: int, action: Transform) -> list[Event]:
        card, c = action.card, action.component
        self.hands[seat].remove(card)
        before = self.card_name(c)
        self.attached.setdefault(c, []).append(card)
        self._turn_into(c, action.into)
        into = self.cards.name(action.into)
        return [Event(f"{self.name(seat)} plays Transform: {before} becomes {into}.")]

    def _take(self, seat: int, action: Take) -> list[Event]:
        card, victim, who = action.card, action.seat, self.name(seat)
        self.hands[seat].remove(card)
        taken = self.hands[victim].pop(self.rng.below(len(self.hands[victim])))
        self.hands[seat].append(taken)
        self.discard_pile.append(card)
        name = self.info[taken].name
        pair = frozenset({seat, victim})
        return [
            Event(
                f"{who} plays Take on {self.name(victim)} and gets {name}.",
                seen_by=pair,
                reveals=True,
            ),
            Event(
                f"{who} plays Take and gets a card of {self.name(victim)}'s hand.",
                hidden_from=pair,
            ),
        ]

    def _special(self, seat: int, action: PlaySpecial) -> list[Event]:
        card, who = action.card, self.name(seat)
        effect = self.info[card].kind
        self.hands[seat].remove(card)
        shown = self.displayed_work(action.trick)
        assert shown is not None  # refused otherwise
        owner, work = shown
        trick = self.objectives[work.objective].name
        if effect == "immediate-success":
            self.discard_pile.append(card)
            events = [Event(f"{who} plays Immediate success on {trick}.")]
            return events + self._score(owner, work, " at once")
        work.specials.append(card)
        if effect == "encore":
            work.encore = True
            return [Event(f"{who} plays Encore: {trick} stays on display one more round.")]
        what = "2 points more" if effect == "grand" else "1 point less"
        return [Event(f"{who} plays {self.info[card].name} on {trick}: it will pay {what}.")]

    def _talent(self, seat: int, action: UseTalent) -> list[Event]:
        self.talent_used[seat] = True
        magician = self.magicians[seat]
        said = f"{self.name(seat)} uses {magician.name}'s talent"
        return TALENTS[magician.talent].perform(self, seat, action, said)

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
                f"{self.scores[seat]} points in all.",
                data={"scored": seat, "trick": o.name, "points": points},
            )
        ]
        if self.scores[seat] >= self.target:
            events += self._end(f"{self.name(seat)} reaches {self.target} points.")
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
        explanation = []
        for s in range(self.seats):
            tricks = "; ".join(f"{t['trick']} {trick_sum(t)}" for t in self.tricks[s])
            points = f"{scores[s]} point{'s' * (scores[s] != 1)}"
            explanation.append(f"{self.name(s)}: {points} ({tricks or 'no trick'})")
        if tiebreak:
            explanation.append(tiebreak[0].upper() + tiebreak[1:] + ".")
        return {
            "scores": scores,
            "winners": winners,
            "points": [self._points_by_category(s) for s in range(self.seats)],
            "tricks": [[trick_view(e) for e in t] for t in self.tricks],
            "tiebreak": tiebreak,
            "explanation": explanation,
        }


Illusio.phases = phase_table(
    Phase(
        IllusioPhase.TURN,
        (
            Rule(Backstage, Illusio._backstage_refusal, Illusio._backstage, costs_action=True),
            Rule(PlaySpecial, Illusio._special_refusal, Illusio._special, costs_action=True),
            Rule(Transform, Illusio._transform_refusal, Illusio._transform, costs_action=True),
            Rule(Take, Illusio._take_refusal, Illusio._take, costs_action=True),
            Rule(Exchange, Illusio._exchange_refusal, Illusio._exchange_move, costs_action=True),
            Rule(Realize, Illusio._realize_refusal, Illusio._realize, costs_action=True),
            Rule(Place, Illusio._place_refusal, Illusio._place, costs_action=True),
            Rule(Abandon, Illusio._abandon_refusal, Illusio._abandon, costs_action=True),
            Rule(UseTalent, Illusio._talent_refusal, Illusio._talent),
            Rule(EndTurn, always, Illusio._end_turn_move),
        ),
        "That is not a move of Illusio.",
        refusals={Discard: Illusio._not_now_discard},
        listing=(Illusio._turn_moves,),
    ),
    Phase(
        IllusioPhase.DISCARD,
        (Rule(Discard, Illusio._discard_refusal, Illusio._let_go, Illusio._discard_moves),),
        Illusio._over_the_limit,
    ),
)


def _count(groups: list[str], cards: list[int]) -> dict[str, int]:
    """How many of these cards are in each group (a Counter, without its cost)."""
    found: dict[str, int] = {}
    for c in cards:
        g = groups[c]
        found[g] = found.get(g, 0) + 1
    return found


def _cards(number: int) -> str:
    return f"{number} card" + ("" if number == 1 else "s")
