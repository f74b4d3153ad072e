"""Illuminati: the game, its state, and the table of its moves.

A turn: a window for Specials played before it (Senate Investigating Committee), income,
the draw, then two regular actions (attack, transfer, move), free actions and two free
money transfers, the end of turn (the Bermuda Triangle and the Gnomes of Zurich may then
rearrange), new targets, goals and eliminations. An attack is announced, then money is
put down in turns until everyone passes, the dice are rolled, a window lets anyone play
Assassination or Murphy's Law, and the result is applied.

`IlluminatiGame` holds the state of a match (its fields, declared below) and answers the
engine's protocol. The rules are its parts, a family of moves each, written as functions
that take the game first, with the rules of their moves beside them: turn.py (the turn,
income, the draw, abilities), attacking.py (attacks), specials.py (Special cards and
their windows), trades.py (Groups, money and Specials changing hands), placing.py (Power
Structures rearranged), goals.py (goals, eliminations, the end). Beside them: state.py
(the pieces of state), views.py (what each seat sees), words.py (moves in words),
geometry.py (Power Structures), attack.py (the target number's breakdown).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from illusio_table.engine import NOBODY, ONLY, Action, Event, Game, Option, Rng
from illusio_table.engine.moves import phase_table

from .actions import ACTIONS, PASS_ON_ATTACK
from .attack import Attack as Announced
from .attack import Numbers, the
from .attacking import SPENDING, announced, hint, lines, resolve, target_number
from .cards import IlluminatiCards, PlayerCount, Rules, SpecialKind, load
from .geometry import Structure
from .goals import eliminations, end_match, pursued, won_by
from .placing import PLACING
from .specials import (
    WINDOW,
    kind_of,
    lose_privilege,
    privilege_answered,
    privilege_window,
    start_spending,
)
from .state import (
    EVERY_SEAT,
    AttackUnderWay,
    IlluminatiPhase,
    Offer,
    Outcome,
    Pending,
    Placing,
    Rearranging,
    Window,
)
from .trades import ASKED, CONSENT, in_return
from .turn import (
    GOALS,
    INCOME,
    REARRANGING,
    REORGANIZE,
    TURN,
    begin_turn,
    collect,
    first_player,
    income,
    next_player,
    reset_turn,
    skip_turn,
)
from .views import seat_view, view_parts
from .views import standing as _standing
from .words import MOVE_WORDS

HELP = Path(__file__).with_name("help.md")
BANK = 100_000  # the bank never runs out; its count proves money is neither made nor lost


class IlluminatiGame(Game):
    game_id = "illuminati"
    title = "Illuminati"
    min_seats = 2
    max_seats = 8
    actions = ACTIONS
    options_spec = (
        Option(
            "longer_game",
            "Longer game: more Groups to win",
            0,
            minimum=0,
            maximum=10,
            help="Raises the number of Groups the basic goal asks for.",
        ),
        Option(
            "hidden_goals",
            "Hidden goals",
            False,
            help="Everyone picks a Special Goal in secret at the start (the UFOs gain 1 Power).",
        ),
        Option(
            "hidden_illuminati",
            "Hidden Illuminati",
            False,
            help="Each Illuminati card lies face down until its ability shows it or someone "
            "names it (an accusation costs an action).",
        ),
        Option(
            "stacked_money",
            "Stacked money",
            False,
            help="Each player sees only the money on their own cards.",
        ),
    )
    card_schema = IlluminatiCards

    help_text = HELP.read_text(encoding="utf-8") if HELP.is_file() else ""
    aside_words = "Pass on attacks I am not part of"

    move_words = MOVE_WORDS

    # -- every field of a match, declared (`Game.state_fields`) ---------------------------
    cards: IlluminatiCards
    power_bonus: dict[str, int]  # the UFOs' Power with hidden goals
    shifts: dict[str, tuple[str, ...]]  # alignments the Lasers changed this turn
    numbers: Numbers  # each card's Power, Resistance, Income and alignments now
    limits: Rules
    by_count: PlayerCount  # what the number of players sets (the goal)
    goal: int  # Groups the basic goal asks for
    bank: int
    money: dict[str, int]  # each card's treasury
    illuminati: list[str]  # each seat's Illuminati
    structures: list[Structure]
    specials: list[list[str]]  # each seat's Special cards
    deck: list[str]
    uncontrolled: list[str]
    dead: list[str]
    discarded: list[str]  # Specials played
    revealed: set[int]  # seats whose Illuminati lies face up
    eliminated: list[bool]
    turns_taken: list[int]
    destroyed: list[int]  # Groups each seat has destroyed
    borrowed_goal: dict[int, str]  # a hidden goal: whose goal each seat pursues
    attack: AttackUnderWay | None  # the attack under way
    window: Window | None  # a moment for Specials, and who may still play
    rearranging: Rearranging | None  # White Collar Crime: money moving at no cost
    placing: Placing | None  # Groups to hang in a Power Structure, one by one
    winners: list[int]
    last_roll: list[int]
    outcome: Outcome | None  # how the last attack ended
    current: int
    actions_left: int
    free_transfers: int
    acted: bool  # made a move this turn (no passing for money then)
    attacked: set[str]  # Groups that attacked or aided this turn
    ufo_attacks: int
    bavarian_used: bool
    bonus_transfer: tuple[str, str] | None  # the transfer a capture allows, at once
    shifted_this_turn: bool
    extra_drawn: bool
    offer: Offer | None  # a Group offered to another player
    choosing: set[int]  # seats still choosing a hidden goal

    # Attributes that may name an Illuminati card: a hidden one dealt again is renamed there.
    NAMING_ILLUMINATI = (
        "illuminati", "money", "structures", "attack", "outcome", "attacked", "shifts",
        "bonus_transfer", "window", "offer",
    )  # fmt: skip

    # -- bookkeeping every part shares: names, owners, dice, money to and from the bank ---------

    def title_of(self, card: str) -> str:
        if "#" in card:
            return self.special_kind(card).name
        if card in self.numbers.illuminati and card in self.illuminati:
            owner = self.illuminati.index(card)
            if owner not in self.revealed:  # face down: only its owner knows it
                return f"{self.name(owner)}'s Illuminati"
        return self.numbers.name(card)

    def _reveal(self, seat: int, why: str) -> list[Event]:
        """A face-down Illuminati card is turned up (its ability showed it, or it was named)."""
        if seat in self.revealed:
            return []
        self.revealed.add(seat)
        real = the(self.numbers.name(self.illuminati[seat]))
        return [
            Event(f"{self.name(seat)}'s Illuminati is turned up: {real} ({why}).", reveals=True)
        ]

    def special_kind(self, card: str) -> SpecialKind:
        kind = card.split("#")[0]
        return next(s for s in self.cards.specials if s.id == kind)

    def owner(self, card: str) -> int | None:
        for seat, structure in enumerate(self.structures):
            if card in structure.places:  # (`in structure` is a call of Python)
                return seat
        return None

    def _roll(self) -> list[int]:
        return [self.rng.die(6), self.rng.die(6)]

    def _pay_from_bank(self, card: str, amount: int) -> None:
        self.bank -= amount
        self.money[card] = self.money.get(card, 0) + amount

    def _to_bank(self, card: str, amount: int) -> None:
        self.money[card] -= amount
        self.bank += amount

    def _clear(self, card: str) -> None:
        """A card leaves every Power Structure: its money goes back to the bank."""
        self.bank += self.money.pop(card, 0)

    def players(self) -> tuple[int, ...]:
        """The seats still in the game (asked several times a move; most games put
        nobody out for long, and then it is every seat, one shared tuple)."""
        if True in self.eliminated:
            return tuple([s for s in range(self.seats) if not self.eliminated[s]])
        return EVERY_SEAT[self.seats]

    def total_money(self, seat: int) -> int:
        return sum(self.money.get(c, 0) for c in self.structures[seat])

    # -- what the phase in play holds (each is there in its phase; never None then) -------------

    def _attack_now(self) -> AttackUnderWay:
        """The attack under way (there is one while money goes down and after the dice)."""
        assert self.attack is not None, "no attack is under way"
        return self.attack

    def _window_open(self) -> Window:
        assert self.window is not None, "no window is open"
        return self.window

    def _placing_now(self) -> Placing:
        assert self.placing is not None, "no Group is being placed"
        return self.placing

    def _offered(self) -> Offer:
        assert self.offer is not None, "no Group is on offer"
        return self.offer

    def _rearranger(self) -> Rearranging:
        assert self.rearranging is not None, "nobody is rearranging money"
        return self.rearranging

    # -- where play goes on once Specials took effect -------------------------------------------

    def _go_on(self, then: str, pending: list[Pending]) -> list[Event]:
        """Play goes on after the moment `then` in which Specials were played, with those
        that stand (`pending`). Written on the game, above the parts, because it hands
        play to any of them (the turn, an attack, its privilege); specials.py asks it."""
        if then == "turn":
            if pending:
                return [Event(f"{self.name(self.current)} loses the whole turn.")] + skip_turn(self)
            return income(self)
        if then == "income":
            return collect(self, self.current, doubled=bool(pending))
        if then == "declare":  # the Special discarded to make an attack privileged
            if not pending:
                return lose_privilege(self, "The attack is not privileged after all.")
            return privilege_window(self)
        if then == "privilege":
            return privilege_answered(self, pending)
        if then == "roll":
            events = []
            for p in pending:  # the last card played governs
                self._attack_now().roll = 2 if kind_of(p.card) == "assassination" else 12
            if pending:
                events.append(Event(f"The roll counts as {self._attack_now().roll}."))
            return events + resolve(self)
        if then == "whisper":
            if not pending:
                self.attack = None
                self.phase = IlluminatiPhase.ACTIONS
                return [Event("The Whispering Campaign comes to nothing.")]
            return start_spending(self)
        # A Special played while spending on an attack leaves the spending where it was.
        self.phase = IlluminatiPhase.SPENDING if then == "spend-own" else "actions"
        return []

    # -- set-up and the protocol ----------------------------------------------------------------

    @classmethod
    def card_data(cls) -> Any:
        return load()

    @staticmethod
    def standing(view: dict[str, Any]) -> list[str]:
        return _standing(view)

    def setup(self) -> list[Event]:
        cards = self.cards = load()
        # With hidden goals the UFOs gain 1 Power (they lose the secret of their goal).
        self.power_bonus = {"ufos": 1} if self.options["hidden_goals"] else {}
        self.shifts = {}  # alignments changed for this turn
        self.numbers = Numbers(cards, self.shifts, self.power_bonus)
        self.limits = cards.rules
        self.by_count = next(p for p in cards.player_counts if p.players == self.seats)
        self.goal = self.by_count.goal + self.options["longer_game"]
        rng = self.rng
        self.bank = BANK
        self.money = {}
        tops = list(cards.illuminati)
        rng.shuffle(tops)
        self.illuminati = [i.id for i in tops[: self.seats]]
        self.structures = [Structure(i, self.cards.arrows) for i in self.illuminati]
        for i in self.illuminati:
            self._pay_from_bank(i, self.numbers.illuminati[i].income)
        self.specials = [[] for _ in range(self.seats)]
        deck = [g.id for g in cards.groups]
        deck += [f"{s.id}#{n + 1}" for s in cards.specials for n in range(s.count)]
        rng.shuffle(deck)
        self.deck = deck
        self.uncontrolled = []
        self.dead = []
        self.discarded = []
        hidden = self.options["hidden_illuminati"]
        self.revealed = set() if hidden else set(range(self.seats))
        if hidden:
            events = [Event("The Illuminati are dealt face down.")] + [
                Event(
                    f"You lead {the(self.numbers.name(i))}.", seen_by=frozenset({s}), reveals=True
                )
                for s, i in enumerate(self.illuminati)
            ]
        else:
            events = [
                Event(
                    "Illuminati: "
                    + ", ".join(
                        f"{self.name(s)} leads {the(self.title_of(i))}"
                        for s, i in enumerate(self.illuminati)
                    )
                    + ".",
                    reveals=True,
                )
            ]
        while len(self.uncontrolled) < self.limits.uncontrolled_at_start:
            card = self.deck.pop()
            if "#" in card:  # a Special turned up now is buried again
                self.deck.insert(rng.below(len(self.deck) + 1), card)
            else:
                self.uncontrolled.append(card)
        events.append(
            Event(
                "Uncontrolled: " + ", ".join(self.title_of(g) for g in self.uncontrolled) + ".",
                reveals=True,
            )
        )
        self.eliminated = [False] * self.seats
        self.turns_taken = [0] * self.seats
        self.destroyed = [0] * self.seats
        self.borrowed_goal = {}
        self.attack = None
        self.window = None
        # White Collar Crime's moment: whose money moves, and where play goes on after.
        self.rearranging = None
        # A Group that came or moved: its puppets still to settle, and where play goes on.
        self.placing = None
        self.winners = []
        self.last_roll = []
        self.outcome = None  # the last attack: where, how it ended
        self.phase = IlluminatiPhase.SETUP
        first, rolls = first_player(self)
        events += rolls
        self.current = first
        reset_turn(self)
        # Goals chosen in secret before play: the UFOs always, everyone with hidden goals.
        if self.options["hidden_goals"] or hidden:
            # With hidden Illuminati everyone is asked, so that nobody shows to be the UFOs.
            self.choosing = set(range(self.seats))
            text = "Every player chooses a goal in secret."
        else:
            self.choosing = {s for s, i in enumerate(self.illuminati) if i == "ufos"}
            text = "The UFOs choose a goal in secret."
        if self.choosing:
            self.phase = IlluminatiPhase.GOALS
            return events + [Event(text)]
        return events + begin_turn(self, first)

    @classmethod
    def saved_action(cls, data: Any) -> Any:
        """Saves made before Refuse and LetGo were moves of their own said both with a
        field left empty: a Group refused was a "receive" naming no arrow, a puppet let go
        a "hang" naming no side. Each is read as the move it was."""
        if isinstance(data, dict) and data.get("kind") == "receive" and data.get("master") is None:
            return {"kind": "refuse"}
        if isinstance(data, dict) and data.get("kind") == "hang" and data.get("side") is None:
            return {"kind": "let-go", "group": data.get("group")}
        return data

    def result(self) -> dict[str, Any]:
        counts = [len(s) for s in self.structures]
        explanation = []
        for s in range(self.seats):
            state = " (out)" if self.eliminated[s] else ""
            explanation.append(
                f"{self.name(s)}{state}: {counts[s]} Group{'s' * (counts[s] != 1)} "
                "with the Illuminati, "
                f"{self.total_money(s)} MB, goal {self.goal} Groups"
            )
            met = won_by(self, s) if s in self.winners and not self.eliminated[s] else None
            if met is not None:  # which goal won: a secret one says so, and whose
                explanation[-1] += f"; won by {met}"
            elif s in self.winners and not self.eliminated[s]:
                explanation[-1] += "; won as the last one left"
        return {"scores": counts, "winners": list(self.winners), "explanation": explanation}

    def unveiled(self) -> dict[str, Any]:
        """At the end every player turns their goal card over: whose Special Goal each
        pursued in secret (one chosen with hidden goals, or the UFOs'), None for a goal
        everyone knew (one's own Illuminati's, face up). Nothing before the end."""
        if not self.is_over():
            return {}
        secret = [self.options["hidden_goals"] or top == "ufos" for top in self.illuminati]
        goals = [pursued(self, s) if secret[s] else None for s in range(self.seats)]
        return {"goals": goals} if any(goals) else {}

    def warning(self, action: Action, seat: int) -> str:
        """Before a move that ends the turn: being put out with nothing but the
        Illuminati, or another player's win by the basic goal (a count everyone sees)."""
        if action.kind not in ("end-turn", "pass-turn") or seat != self.current:
            return ""
        found = []
        alone = len(self.structures[seat]) == 1
        if alone and self.turns_taken[seat] + 1 >= self.limits.elimination_after_turn:
            found.append("you control no Group but your Illuminati: you will be out of the game")
        for other in self.players():
            held = len(self.structures[other])
            if other != seat and held >= self.goal:
                found.append(f"{self.name(other)} holds {held} Groups and wins")
        if not found:
            return ""
        return "If you end your turn now, " + "; and ".join(found) + ". End it anyway?"

    def public_screen(self, seat: int) -> bool:
        """A seat decides on a screen everyone sees when nothing of its own is hidden by
        an option, and it has no secret to think about: no Special and no secret goal,
        or while money goes down on an attack, where its Specials and its goal stay off
        the screen (a button asks for the curtain to use the Specials, see
        `shared_view`). With stacked money or a hidden Illuminati the curtain stays: the
        screen would show the seat's own money or card."""
        o = self.options
        if o["stacked_money"]:
            return False
        if o["hidden_illuminati"] and seat not in self.revealed:
            return False
        if self.phase == IlluminatiPhase.SPENDING:
            return True  # a secret goal, like the Specials, stays off the shared screen
        if o["hidden_goals"] or seat in self.borrowed_goal:
            return False
        return not self.specials[seat]

    def aside(self, seat: int) -> Action | None:
        """Asked to spend on an attack neither theirs nor on them: pass on it."""
        if self.phase == IlluminatiPhase.SPENDING and seat in self.to_act():
            a = self._attack_now()  # money goes down only on an attack under way
            if seat not in (a.seat, a.defender):
                return PASS_ON_ATTACK
        return None

    def shared_view(self, seat: int) -> dict[str, Any]:
        """On a shared screen the seat's Specials stay face down in its hand: only how
        many (which everyone sees anyway), so that it may ask to look at them alone."""
        view = self.view(seat)
        view["hidden_specials"] = len(view["my_specials"] or [])
        view["my_specials"] = []
        view["my_goal"] = None  # a goal chosen in secret
        return view

    def shared_moves(self, seat: int, legal: list[Action]) -> list[Action]:
        """No move of a Special on a shared screen: playing one shows which it is."""
        secret = ("play", "give-special", "abolish", "show-specials")
        return [a for a in legal if a.kind not in secret]

    def redraw_hidden(self, seat: int, rng: Rng) -> None:
        """Other players' Specials are dealt again from those and the Specials in the deck,
        each keeping how many it holds, and the deck is shuffled; a face-down Illuminati
        of another player is dealt again from those and the ones not in play; a goal
        another player chose in secret is chosen again at random. (What an accusation
        proved wrong is forgotten.) With stacked money, each other player's money is spread
        again at random over their cards, keeping how much they hold in all."""
        others = self.others(seat)
        # Sorted before each shuffle: the deal then depends on what is hidden, never on
        # where it really lies.
        groups = [c for c in self.deck if "#" not in c]
        pool = [c for c in self.deck if "#" in c] + [c for s in others for c in self.specials[s]]
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            size = len(self.specials[s])
            self.specials[s], pool = pool[:size], pool[size:]
        self.deck = sorted(groups + pool)
        rng.shuffle(self.deck)
        hidden = [s for s in others if s not in self.revealed]
        if hidden:
            dealt = [self.illuminati[s] for s in hidden]
            unused = [i.id for i in self.cards.illuminati if i.id not in self.illuminati]
            tops = sorted(dealt + unused)
            rng.shuffle(tops)
            mapping = {
                old: new for old, new in zip(dealt, tops[: len(dealt)], strict=True) if old != new
            }
            # Renamed even when the deal is the real one (no name changes), so that a
            # copy's containers are made alike whatever its deal. (What the structures
            # had worked out is forgotten at the end, for every redraw.)
            for name in self.NAMING_ILLUMINATI:
                value = getattr(self, name)
                renamed = _renamed(value, mapping)
                # Containers change in place: `numbers` holds the same `shifts`.
                if isinstance(value, list):
                    value[:] = renamed
                elif isinstance(value, (dict, set)):
                    value.clear()
                    value.update(renamed)
                else:
                    setattr(self, name, renamed)
        if self.options["stacked_money"]:
            # Which stack holds how much is the owner's secret. How much they hold in all
            # is kept: the incomes printed on the cards and the money spent on attacks are
            # told to everyone, so a player who keeps count knows it (near enough).
            for s in others:
                cards = sorted(self.structures[s])
                stacks = [0] * len(cards)
                for _ in range(sum(self.money.pop(c, 0) for c in cards)):
                    stacks[rng.below(len(cards))] += 1
                self.money.update((c, n) for c, n in zip(cards, stacks, strict=True) if n)
        goals = [i.id for i in self.cards.illuminati if i.id != "ufos"]
        for s in others:
            if s in self.borrowed_goal:
                self.borrowed_goal[s] = rng.choice(goals)
        # What the structures worked out when asked before (their free arrows) is
        # forgotten, whatever was redrawn: a copy that kept it would carry what the real
        # match happened to be asked, and twins asked differently would tell apart.
        for structure in self.structures:
            structure.changed()

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        return seat_view(self, seat)

    def view_parts(self, seat: int | None) -> dict[str, Callable[[], Any]]:
        return view_parts(self, seat)

    def is_over(self) -> bool:
        return self.phase == IlluminatiPhase.OVER

    def to_act(self) -> frozenset[int]:
        phase = self.phase  # asked several times a move: read once
        if phase == IlluminatiPhase.ACTIONS or phase == IlluminatiPhase.INCOME:
            return ONLY[self.current]
        if phase == IlluminatiPhase.SPENDING:
            attack = self.attack  # (`_attack_now`, written out: a call fewer, every move)
            assert attack is not None, "no attack is under way"
            return ONLY[attack.order[attack.turn]]
        if phase == IlluminatiPhase.OVER:
            return NOBODY
        if phase == IlluminatiPhase.GOALS:
            return frozenset(self.choosing)
        if phase == IlluminatiPhase.WINDOW:
            return frozenset(self._window_open().waiting)
        if phase == IlluminatiPhase.CONSENT:
            return ONLY[self._offered().receiver]
        if phase == IlluminatiPhase.ASKED:
            return ONLY[self._offered().giver]
        if phase == IlluminatiPhase.REARRANGING:
            return ONLY[self._rearranger().seat]
        if phase == IlluminatiPhase.PLACING:
            return ONLY[self._placing_now().seat]
        return ONLY[self.current]

    def perform(self, seat: int, action: Action) -> list[Event]:
        """Carries out the move; then, as the rulebook says "at any time after his third
        turn", anyone left with nothing but their Illuminati is out at once (a Group
        dropped or given away, not only an attack), and a player put out in their own
        turn hands it on. A trade is one exchange: nobody is out while its Groups are
        still being placed (the one who gave their last Group has another coming)."""
        out = sum(self.eliminated)
        events = super().perform(seat, action)
        if self.phase == IlluminatiPhase.OVER or self.offer is not None:
            return events
        events += eliminations(self)
        if sum(self.eliminated) != out:
            events += self._after_elimination()
        return events

    def _after_elimination(self) -> list[Event]:
        if len(self.players()) == 1:
            self.winners = list(self.players())
            return end_match(self, f"{self.name(self.winners[0])} is the last one left.")
        if self.eliminated[self.current] and self.phase == IlluminatiPhase.ACTIONS:
            following = next_player(self)
            if following is None:
                return end_match(self, "Nobody is left.")
            self.attack, self.bonus_transfer = None, None
            return begin_turn(self, following)
        return []

    # -- the attack under way, as the table and the bots ask for it (attacking.py) ----------

    def announced(self) -> Announced:
        return announced(self)

    def lines(self) -> list[tuple[str, int]]:
        """The target number's breakdown, as every seat may read it."""
        return lines(self)

    def target_number(self) -> int:
        return target_number(self)

    def hint(self, action: Action, seat: int | None = None) -> str:
        return hint(self, action, seat)

    def in_return(self, offer: Offer) -> str:
        return in_return(self, offer)


IlluminatiGame.phases = phase_table(
    GOALS, WINDOW, CONSENT, ASKED, INCOME, SPENDING, PLACING, REARRANGING, TURN, REORGANIZE
)


def _renamed(value: Any, mapping: dict[str, str]) -> Any:
    """`value` with every card id in `mapping` renamed, however deep it lies (dicts,
    lists, sets, tuples, a Power Structure and its places)."""
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, dict):
        return {_renamed(k, mapping): _renamed(v, mapping) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, mapping) for v in value]
    if isinstance(value, (set, frozenset, tuple)):
        return type(value)(_renamed(v, mapping) for v in value)
    if isinstance(value, Structure):
        value.root = _renamed(value.root, mapping)
        value.places = _renamed(value.places, mapping)
        value.cells = _renamed(value.cells, mapping)
        value.changed()
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # A Place, an offer, an outcome: the same, its fields renamed.
        changes = {
            f.name: _renamed(getattr(value, f.name), mapping) for f in dataclasses.fields(value)
        }
        return dataclasses.replace(value, **changes)
    return value
