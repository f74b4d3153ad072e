"""Illuminati: the state of a match and the rules that change it.

A turn: a window for Specials played before it (Senate Investigating Committee), income,
the draw, then two regular actions (attack, transfer, move), free actions and two free
money transfers, the end of turn (the Bermuda Triangle and the Gnomes of Zurich may then
rearrange), new targets, goals and eliminations. An attack is announced, then money is
put down in turns until everyone passes, the dice are rolled, a window lets anyone play
Assassination or Murphy's Law, and the result is applied.

The parts live beside this module: attacking.py (attacks), specials.py (Special cards
and their windows), views.py (what each seat sees), geometry.py (Power Structures),
attack.py (the target number's breakdown).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from illusio_table.engine import HIDDEN_SHOWN, NOBODY, ONLY, Action, Event, Option, Rng
from illusio_table.engine.moves import Phase, Rule, always, phase_table

from .actions import (
    ACTIONS,
    END_TURN,
    PASS,
    PASS_ON_ATTACK,
    REFUSE,
    YIELD,
    Abolish,
    Accuse,
    AskGroup,
    Attack,
    CallOff,
    ChooseGoal,
    Drop,
    EndTurn,
    ExtraDraw,
    GiveGroup,
    GiveMoney,
    GiveSpecial,
    Hang,
    LetGo,
    Move,
    Pass,
    PassOnAttack,
    PassTurn,
    PlaySpecial,
    Rearrange,
    Receive,
    Refuse,
    Shift,
    ShowSpecials,
    Spend,
    TakeIncome,
    Transfer,
    Yield,
    amounts,
    give_money,
    money_gifts,
    transfers,
)
from .attack import Numbers, the
from .attacking import Attacks
from .cards import Ability, IlluminatiCards, load
from .geometry import SIDE_NAMES, GeometryError, Structure, Tree
from .specials import kind_of
from .state import IlluminatiPhase, Offer, Pending, Placing
from .views import room_to_make, seat_view, view_parts
from .views import standing as _standing
from .words import MOVE_WORDS

HELP = Path(__file__).with_name("help.md")
Cards = Sequence[str]  # cards changing hands, with their puppets
BANK = 100_000  # the bank never runs out; its count proves money is neither made nor lost


class IlluminatiGame(Attacks):
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

    @classmethod
    def card_data(cls) -> Any:
        return load()

    help_text = HELP.read_text(encoding="utf-8") if HELP.is_file() else ""
    aside_words = "Pass on attacks I am not part of"

    @staticmethod
    def standing(view: dict[str, Any]) -> list[str]:
        return _standing(view)

    move_words = MOVE_WORDS

    # -- set-up ---------------------------------------------------------------------------------

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
        first, rolls = self._first_player()
        events += rolls
        self.current = first
        self._reset_turn()
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
        return events + self._begin_turn(first)

    def _first_player(self) -> tuple[int, list[Event]]:
        contenders = list(range(self.seats))
        events = []
        while True:
            rolls = {s: self._roll() for s in contenders}
            events.append(
                Event(
                    "Dice for the first turn: "
                    + ", ".join(f"{self.name(s)} {sum(r)}" for s, r in rolls.items())
                    + ".",
                    reveals=True,
                )
            )
            best = max(sum(r) for r in rolls.values())
            contenders = [s for s, r in rolls.items() if sum(r) == best]
            if len(contenders) == 1:
                events.append(Event(f"{self.name(contenders[0])} plays first."))
                return contenders[0], events

    def _reset_turn(self) -> None:
        self.actions_left = self.limits.actions
        self.free_transfers = self.limits.free_transfers
        self.acted = False
        self.attacked = set()  # Groups that attacked or aided this turn
        self.ufo_attacks = 0
        self.bavarian_used = False
        self.bonus_transfer = None
        self.shifts.clear()  # the Lasers' change lasts one turn (Numbers shares the dict)
        self.shifted_this_turn = False
        self.extra_drawn = False
        self.offer = None

    def _begin_turn(self, seat: int) -> list[Event]:
        self.current = seat
        self._reset_turn()
        events = [] if self.quiet else [Event(f"— {self.name(seat)}'s turn —")]
        others = [s for s in self.players() if s != seat and self.specials[s]]
        if others:
            self._open_window("turn", others)
            return events
        return events + self._income()

    def _next_player(self) -> int | None:
        """Who plays after the current player: the next seat still in the game."""
        after = range(self.current + 1, self.current + 1 + self.seats)
        return next((s % self.seats for s in after if not self.eliminated[s % self.seats]), None)

    def _skip_turn(self) -> list[Event]:
        self.turns_taken[self.current] += 1
        after = self._next_player()
        assert after is not None  # a turn is skipped only while someone is in the game
        return self._begin_turn(after)

    def _answered_offer(self) -> Offer:
        """The Group on offer, now answered (taken or refused): the turn's actions go on."""
        offer, self.offer = self._offered(), None
        self.phase = IlluminatiPhase.ACTIONS
        return offer

    def _receive(self, seat: int, action: Receive) -> list[Event]:
        offer = self._answered_offer()
        if offer.then is not None:  # the first half of a trade: the other half comes next
            self.offer, self.phase = offer.then, IlluminatiPhase.CONSENT
        giver, group = offer.giver, offer.group
        tree = self.structures[giver].cut(group)
        paid = ""
        if offer.price:
            self.money[self.illuminati[seat]] -= offer.price
            # (`get`: a stack may hold nothing, and then has no entry.)
            paid_to = self.illuminati[giver]
            self.money[paid_to] = self.money.get(paid_to, 0) + offer.price
            paid = f" for {offer.price} MB"
        took = f"{self.name(seat)} takes {self.title_of(group)} from {self.name(giver)}{paid}."
        events = [Event(took)]
        # (Who is left with nothing: see `perform`.)
        return events + self._hang(seat, tree, action.master, action.side, received=True)

    def _refuse(self, seat: int, action: Refuse) -> list[Event]:
        offer = self._answered_offer()
        self.actions_left += 2 if offer.swap else 1  # a gift (or a request) refused costs nothing
        if offer.asked:
            return [
                Event(
                    f"{self.name(seat)} keeps {self.title_of(offer.group)}: "
                    f"{self.name(offer.receiver)} does not get it."
                )
            ]
        return [Event(f"{self.name(seat)} refuses {self.title_of(offer.group)}.")]

    def _yield(self, seat: int, action: Yield) -> list[Event]:
        offer = self._offered()
        self.phase = IlluminatiPhase.CONSENT  # the player who asked places it
        if offer.swap is not None:
            # A trade: the Group swapped is placed first, so that its owner has its arrow
            # free for the one that comes; the Group given waits until then.
            rest = dataclasses.replace(offer, swap=None)
            self.offer = Offer(offer.receiver, seat, offer.swap, asked=True, then=rest)
        return [
            Event(
                f"{self.name(seat)} agrees to give {self.title_of(offer.group)} "
                f"to {self.name(offer.receiver)}{self.in_return(offer)}."
            )
        ]

    def in_return(self, offer: Offer) -> str:
        """What the asker gives for a Group asked for, in words (" for …", or none)."""
        given = [self.title_of(offer.swap)] if offer.swap else []
        given += [f"{offer.price} MB"] if offer.price else []
        return f" for {' and '.join(given)}" if given else ""

    def _owed(self, seat: int) -> list[str]:
        """The cards a trade agreed still takes from the seat: a Group and its puppets,
        which nothing is placed under and which are not let go to make room."""
        offer = self.offer
        for half in (offer, offer.then if offer is not None else None):
            if half is not None and half.giver == seat and half.group in self.structures[seat]:
                return self.structures[seat].subtree(half.group)
        return []

    # -- a Group that came or moved, and its puppets --------------------------------------

    def _hang(
        self, seat: int, tree: Tree, master: str, side: str, received: bool = False
    ) -> list[Event]:
        """Puts a Group (captured, moved or received) under the arrow, then its puppets,
        asking the owner wherever their place is a choice (phase "placing")."""
        self.structures[seat].attach(tree.root, master, side)
        links = list(tree.puppets)
        # Play goes on in this phase once every puppet is settled.
        self.placing = Placing(seat, links, [], received, self.phase)
        return self._settle()

    def _settle(self) -> list[Event]:
        p = self._placing_now()
        if self.structures[p.seat].settle(p.links, p.dropped, p.received):
            self.phase = IlluminatiPhase.PLACING
            return []
        self.placing = None
        self.phase = p.then
        return self._uncontrol(p.dropped)

    def _placing_moves(self, seat: int) -> list[Hang | LetGo]:
        p = self._placing_now()
        structure = self.structures[seat]
        group, master, _ = p.links[0]
        free = structure.free_arrows(master)
        if free:
            return [Hang(group, side) for side in free]
        return [Hang(group, side) for side in room_to_make(self)] + [LetGo(group)]

    def _placing_words(self) -> str:
        group, master, _ = self._placing_now().links[0]
        return f"{self.title_of(group)} under {self.title_of(master)}"

    def _first_place(self, seat: int) -> str:
        return f"First place {self._placing_words()}."

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

    def _placing_refusal(self, seat: int, action: Hang | LetGo) -> str | None:
        group, master, _ = self._placing_now().links[0]
        words = self._placing_words()
        if action.group != group:
            return f"First place {words}."
        if action not in self._placing_moves(seat):
            if self.structures[seat].free_arrows(master):
                return f"Place {words}, on one of its free arrows."
            return f"{words}: let one of your cards in the way go, or let it go itself."
        return None

    def _let_go(self, seat: int, action: LetGo) -> list[Event]:
        p = self._placing_now()
        p.links.pop(0)
        p.dropped.append(action.group)
        return [Event(f"{self.name(seat)} lets {self.title_of(action.group)} go.")] + self._settle()

    def _place(self, seat: int, action: Hang) -> list[Event]:
        p = self._placing_now()
        structure = self.structures[seat]
        _, master, _ = p.links.pop(0)
        who, group = self.name(seat), self.title_of(action.group)
        events = []
        blocker = structure.blockers(master).get(action.side)  # (a blocked arrow only)
        if blocker is not None:
            events = [Event(f"{who} lets {self.title_of(blocker)} go to make room.")]
            events += self._uncontrol(structure.cut(blocker).cards())
        structure.attach(action.group, master, action.side)
        where = SIDE_NAMES.get(action.side, action.side)
        events.append(Event(f"{who} places {group} under {self.title_of(master)} ({where})."))
        return events + self._settle()

    def _shifted(self, action: Shift) -> tuple[str, ...]:
        now = list(self.shifts.get(action.group, self.cards.group[action.group].alignments))
        if action.how == "add":
            now.append(action.alignment)
        elif action.how == "remove":
            now.remove(action.alignment)
        else:
            opposite = next(a.opposite for a in self.cards.alignments if a.id == action.alignment)
            assert opposite is not None  # refused otherwise: only a paired alignment reverses
            now[now.index(action.alignment)] = opposite
        return tuple(now)

    def _income(self) -> list[Event]:
        """A player who holds any Special is asked before the income (it may be Market
        Manipulation): how many Specials one holds is public, which ones is not."""
        seat = self.current
        if self.specials[seat]:
            self.phase = IlluminatiPhase.INCOME
            return []
        return self._collect(seat, doubled=False)

    def _collect(self, seat: int, doubled: bool) -> list[Event]:
        events = []
        factor = 2 if doubled else 1
        extra = self.by_count.extra_income
        for card in list(self.structures[seat]):
            group = self.cards.group.get(card)
            if group is None:
                income = self.numbers.illuminati[card].income + extra
            elif any(a.kind == "tax" for a in group.abilities):
                events += self._tax(seat, card, next(a for a in group.abilities if a.kind == "tax"))
                continue
            else:
                income = group.income
            if income > 0:
                self._pay_from_bank(card, income * factor)
            elif income < 0:  # the Post Office costs its controller
                cost = -income
                payer = card if self.money.get(card, 0) >= cost else self.illuminati[seat]
                paid = min(cost, self.money.get(payer, 0))
                if paid:
                    self._to_bank(payer, paid)
        self.phase = IlluminatiPhase.ACTIONS
        if self.quiet:  # (the words only for readers)
            return events + self._draw(seat)
        total = self.total_money(seat)
        said = f"{self.name(seat)} collects income{' (doubled)' if doubled else ''}"
        if self.options["stacked_money"] or seat not in self.revealed:
            # Money lies in hidden stacks, or the sum would tell a face-down Illuminati's
            # income: only its owner reads it.
            mine = frozenset({seat})
            events.append(Event(f"{said}: {total} MB in all.", seen_by=mine))
            events.append(Event(f"{said}.", hidden_from=mine))
        else:
            events.append(Event(f"{said}: {total} MB in all."))
        return events + self._draw(seat)

    def _tax(self, seat: int, irs: str, ability: Ability) -> list[Event]:
        events = []
        for other in self.players():
            if other == seat:
                continue
            # From any treasuries: the richest first, then the next, until all is paid.
            due = ability.value
            for payer in sorted(self.structures[other], key=lambda c: -self.money.get(c, 0)):
                take = min(due, self.money.get(payer, 0))
                if take:
                    self.money[payer] -= take
                    self.money[irs] = self.money.get(irs, 0) + take
                    due -= take
            paid = ability.value - due
            if paid:
                events.append(Event(f"The I.R.S. taxes {self.name(other)} {paid} MB."))
        return events

    def _draw(self, seat: int, draws: int | None = None) -> list[Event]:
        events = []
        if draws is None:
            draws = 2 if self.illuminati[seat] == "the-network" else 1
            if draws == 2:
                events += self._reveal(seat, "it draws two cards")
        for _ in range(draws):
            if not self.deck:
                events.append(Event("The deck is empty."))
                break
            card = self.deck.pop()
            if self.quiet:  # (a card drawn shows something to someone: the reveal's mark)
                (self.specials[seat] if "#" in card else self.uncontrolled).append(card)
                events.append(HIDDEN_SHOWN)
            elif "#" in card:
                self.specials[seat].append(card)
                events.append(
                    Event(
                        f"You draw {self.title_of(card)}.", seen_by=frozenset({seat}), reveals=True
                    )
                )
                events.append(
                    Event(f"{self.name(seat)} draws a Special card.", hidden_from=frozenset({seat}))
                )
            else:
                self.uncontrolled.append(card)
                events.append(
                    Event(f"{self.title_of(card)} comes into play, uncontrolled.", reveals=True)
                )
        return events

    def _end_turn(self) -> list[Event]:
        seat = self.current
        events = []
        while len(self.uncontrolled) < 2 and self.deck:
            card = self.deck.pop()
            if "#" in card:
                self.discarded.append(card)
                events.append(
                    Event(
                        f"{self.title_of(card)} is drawn as a target and discarded.", reveals=True
                    )
                )
            else:
                self.uncontrolled.append(card)
                events.append(Event(f"A new target: {self.title_of(card)}.", reveals=True))
        self.turns_taken[seat] += 1
        events += self._eliminations()
        winners = [s for s in self.players() if self.meets_goal(s)]
        if winners:
            self.winners = winners
            return events + self._end(
                "; ".join(f"{self.name(s)} meets {self.goal_met(s)}" for s in winners) + "."
            )
        # House rule: the last conspiracy left in the game has won it.
        if len(self.players()) == 1:
            self.winners = list(self.players())
            return events + self._end(f"{self.name(self.winners[0])} is the last one left.")
        following = self._next_player()
        if following is None:
            return events + self._end("Nobody is left.")
        return events + self._begin_turn(following)

    def _eliminations(self, by: int | None = None) -> list[Event]:
        """Players left with nothing but their Illuminati are out. When an attack (`by`)
        of a player pursuing the goal of destruction (the Servants of Cthulhu's, or the
        UFOs' or anyone's who chose it) puts a player out, that Illuminati counts toward
        the Groups destroyed; and a player who reaches that goal by destroying their own
        last Group is not out but wins."""
        events: list[Event] = []
        after = self.limits.elimination_after_turn
        if max(self.turns_taken) < after:  # nobody is past the turn yet (a check every move)
            return events
        for s in self.players():
            if self.turns_taken[s] >= after and len(self.structures[s]) == 1:
                needed = self.destroys_to_win(s)
                if needed is not None and self.destroyed[s] >= needed:
                    continue  # they win instead (checked with the goals)
                self.eliminated[s] = True
                if by is not None and by != s and self.destroys_to_win(by) is not None:
                    self.destroyed[by] += 1
                self._clear(self.illuminati[s])
                self.discarded += self.specials[s]
                self.specials[s] = []
                events.append(
                    Event(
                        f"{self.name(s)} controls nothing but the Illuminati and is out.",
                        reveals=True,
                    )
                )
        return events

    def _end(self, why: str) -> list[Event]:
        self.phase = IlluminatiPhase.OVER
        self.revealed = set(range(self.seats))
        return [Event(f"{why} The game is over.")] + [
            Event(line) for line in self.result()["explanation"]
        ]

    # -- goals ---------------------------------------------------------------------------

    def meets_goal(self, seat: int) -> bool:
        return self.goal_met(seat) is not None

    def pursued(self, seat: int) -> str:
        """Whose Special Goal the seat pursues: its own Illuminati's, or the one it chose
        (the UFOs always choose; with hidden goals everyone does)."""
        top = self.illuminati[seat]
        chosen = self.options["hidden_goals"] or top == "ufos"
        return self.borrowed_goal.get(seat, top) if chosen else top

    def destroys_to_win(self, seat: int) -> int | None:
        """How many destroyed Groups the seat's goal asks for, when it pursues the goal of
        destruction (the Servants of Cthulhu's), whoever its Illuminati are; else None.
        What that goal says follows the goal, not the card (the card file's reading)."""
        goal = self.numbers.illuminati[self.pursued(seat)].goal
        return goal.value if goal is not None and goal.kind == "destroyed" else None

    def goal_met(self, seat: int) -> str | None:
        """The goal the seat meets now, in words, or None."""
        return self._basic_goal_met(seat) or self._special_goal_met(seat, self.pursued(seat))

    def _basic_goal_met(self, seat: int, gained: Cards = (), lost: Cards = ()) -> str | None:
        count = len(self.structures[seat]) + len(gained) - len(lost)
        if count >= self.goal:
            return f"the basic goal: {count} Groups, the Illuminati included"
        return None

    def _special_goal_met(
        self, seat: int, goal_of: str, gained: Cards = (), lost: Cards = (), money: int = 0
    ) -> str | None:
        """Whether the seat meets the Special Goal of `goal_of`, in words; with `gained`
        and `lost` cards (and their treasuries) and `money` into its Illuminati, whether it
        would meet it after that change."""
        goal = self.numbers.illuminati[goal_of].goal
        if goal is None or goal.kind == "borrowed":
            return None
        gone = set(lost)
        structure = [*(c for c in self.structures[seat] if c not in gone), *gained]
        groups = [c for c in structure if c in self.cards.group]
        if goal.kind == "total-power":
            reached = sum(self.numbers.power(c) for c in structure) >= goal.value
        elif goal.kind == "total-transferable":
            reached = sum(self.numbers.transferable(c) for c in structure) >= goal.value
        elif goal.kind == "money":
            reached = sum(self.money.get(c, 0) for c in structure) + money >= goal.value
        elif goal.kind == "destroyed":
            reached = self.destroyed[seat] >= goal.value
        elif goal.kind == "alignment-count":
            aligned = sum(goal.alignment in self.cards.group[g].alignments for g in groups)
            reached = aligned >= goal.value
        else:
            held = {a for g in groups for a in self.cards.group[g].alignments}
            reached = len(held) >= goal.value
        if not reached:
            return None
        # (Said inside a sentence of its own: without the card's full stop.)
        return f"the Special Goal of {the(self.numbers.name(goal_of))}: {goal.text.rstrip('.')}"

    # -- no throwing the game: judged by what the acting player can see ------------------

    def _known_goal(self, viewer: int, seat: int) -> str | None:
        """Whose Special Goal `viewer` knows `seat` to pursue, or None. One's own goal is
        known, even one chosen in secret; another's only when their Illuminati lies face
        up and its goal is its own, chosen by nobody (not the UFOs', nor with hidden
        goals): a face-down card's goal is not even known to be in play."""
        if seat == viewer:
            return self.pursued(seat)
        if seat not in self.revealed or self.options["hidden_goals"]:
            return None
        top = self.illuminati[seat]
        return None if top == "ufos" else top

    def _known_goal_met(
        self, viewer: int, seat: int, gained: Cards = (), lost: Cards = (), money: int = 0
    ) -> str | None:
        """A goal `viewer` can see `seat` meet after the change (see `_special_goal_met`):
        the basic goal (a count of cards on the table) or a Special Goal `viewer` knows.
        With stacked money, what another player's Groups hold is their secret: while any
        of their Groups changes hands a goal of money is not judged."""
        met = self._basic_goal_met(seat, gained, lost)
        goal_of = self._known_goal(viewer, seat)
        if met is not None or goal_of is None:
            return met
        goal = self.numbers.illuminati[goal_of].goal
        theirs = gained if seat == viewer else lost  # the Groups of someone not the viewer
        if goal is not None and goal.kind == "money" and self.options["stacked_money"] and theirs:
            return None
        return self._special_goal_met(seat, goal_of, gained, lost, money)

    def _throw_refusal(
        self, actor: int, other: int, to_actor: Cards = (), to_other: Cards = (), money: int = 0
    ) -> str | None:
        """No one may throw the game (p. 8): a gift or trade between `actor`, who makes
        it, and `other` (`to_actor` and `to_other`: the cards each gets, with their
        treasuries; `money`: MB from the actor's Illuminati to the other's) that lets one
        of them newly meet a goal and not the other is refused, in words. A trade that
        lets both win is legal. Judged as a whole, and only by what the actor can see
        (`_known_goal_met`), so that neither the words nor the refusal itself tell the
        actor anything (the card file's reading `no-throwing`)."""
        if not to_actor and not to_other:  # money alone meets no goal but one of money
            goal_of = self._known_goal(actor, other)
            goal = self.numbers.illuminati[goal_of].goal if goal_of is not None else None
            if goal is None or goal.kind != "money":
                return None
        sides = {other: (to_other, to_actor, money), actor: (to_actor, to_other, -money)}
        for winner, partner in ((other, actor), (actor, other)):
            gained, lost, paid = sides[winner]
            if not gained and paid <= 0:
                continue  # what only leaves meets no goal
            met = self._known_goal_met(actor, winner, gained, lost, paid)
            if met is None or self._known_goal_met(actor, winner) is not None:
                continue  # (already met: the turn's end will say so)
            if self._known_goal_met(actor, partner, *sides[partner]) is not None:
                return None  # both win: they share the victory
            return f"No one may throw the game: with it, {self.name(winner)} would meet {met}."
        return None

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
        return {"scores": counts, "winners": list(self.winners), "explanation": explanation}

    # -- the protocol ---------------------------------------------------------------------------

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

    # Attributes that may name an Illuminati card: a hidden one dealt again is renamed there.
    NAMING_ILLUMINATI = (
        "illuminati", "money", "structures", "attack", "outcome", "attacked", "shifts",
        "bonus_transfer", "window", "offer",
    )  # fmt: skip

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
            # Renamed even when the deal is the real one (no name changes): a renaming
            # forgets what the structures had worked out, and a copy that kept it would
            # tell the thinking process that its deal is the true one.
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
            attack = self._attack_now()
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

    # -- the moves: each phase's rules are in `IlluminatiGame.phases`, below the class --------

    def _goal_moves(self, seat: int) -> list[Action]:
        return [ChooseGoal(i.id) for i in self.cards.illuminati if i.id != "ufos"]

    def _income_moves(self, seat: int) -> list[Action]:
        doubled = self._market_manipulation(seat) is not None
        return [TakeIncome(False), TakeIncome(True)] if doubled else [TakeIncome(False)]

    def _consent_moves(self, seat: int) -> list[Action]:
        receiver = self.structures[seat]
        owed = self._owed(seat)
        places: list[Action] = [
            Receive(master, side)
            for master in receiver
            if master not in owed
            for side in receiver.free_arrows(master)
        ]
        return places if self._offered().asked else [REFUSE] + places

    def _asked_moves(self, seat: int) -> list[Action]:
        return [YIELD, REFUSE]

    def _rearranging_moves(self, seat: int) -> list[Action]:
        return [PASS] + self._free_transfers(seat)

    def _reorganizing_moves(self, seat: int) -> list[Action]:
        return self._reorganize_moves(seat) + [END_TURN]

    def _turn_moves(self, seat: int) -> list[Action]:
        moves: list[Action] = []
        structure = self.structures[seat]
        if not self.acted:
            moves.append(PassTurn())
        if self.actions_left > 0:
            moves += self._attack_moves(seat)
            moves += self._move_moves(structure)
            others = [s for s in self.players() if s != seat]
            for g in structure:
                if g != structure.root:
                    tree = structure.subtree(g)
                    moves += [
                        GiveGroup(g, s)
                        for s in others
                        if self._throw_refusal(seat, s, to_other=tree) is None
                    ]
            moves += self._ask_moves(seat)
        for card in structure:
            if self.money.get(card, 0) and (self.free_transfers or self.actions_left):
                for other in self._transfer_targets(seat, card):
                    moves += transfers(card, other, self.money[card])
        if self.bonus_transfer and self.money.get(self.bonus_transfer[0], 0):
            source, target = self.bonus_transfer
            if source in structure and target in structure:
                moves += transfers(source, target, self.money[source])
        moves += [Drop(g) for g in structure if g != structure.root]
        moves += self._own_special_moves(seat)
        moves += self._gift_moves(seat)
        if self.illuminati[seat] in ("bermuda-triangle", "gnomes-of-zurich"):
            moves.append(Rearrange())
        if self.specials[seat]:
            moves.append(ShowSpecials())
        if self.options["hidden_illuminati"] and self.actions_left:
            for rival in self.players():
                if rival != seat and rival not in self.revealed:
                    moves += [
                        Accuse(rival, i.id)
                        for i in self.cards.illuminati
                        if i.id != self.illuminati[seat]
                    ]
        if "recyclers" in structure and self.refusal(seat, ExtraDraw()) is None:
            moves.append(ExtraDraw())
        if "orbital-mind-control-lasers" in structure and not self.shifted_this_turn:
            moves += self._laser_moves()
        for card in [c for c in self.specials[seat] if kind_of(c) == "whispering-campaign"]:
            if self.actions_left:
                for attacker in structure:
                    if self._may_attack(attacker):
                        whispers = [
                            Attack("destroy", attacker, g, card=card)
                            for g in self._powerless_targets(seat)
                        ]
                        moves += [m for m in whispers if self._attack_refusal(seat, m) is None]
        moves.append(END_TURN)
        return moves

    def _powerless_targets(self, seat: int) -> list[str]:
        inplay = self.uncontrolled + [
            g for s in self.players() if s != seat for g in self.structures[s]
        ]
        return [g for g in inplay if g in self.cards.group and self.numbers.power(g) <= 0]

    def _reorganize_moves(self, seat: int) -> list[Action]:
        structure = self.structures[seat]
        if self.illuminati[seat] == "gnomes-of-zurich":
            return self._free_transfers(seat)
        return self._move_moves(structure)

    def _free_transfers(self, seat: int) -> list[Action]:
        """Every transfer from one card of the seat's Power Structure to any other."""
        structure = self.structures[seat]
        moves: list[Action] = []
        for card in structure:
            if self.money.get(card, 0):
                for other in structure:
                    if other != card:
                        moves += transfers(card, other, self.money[card])
        return moves

    @staticmethod
    def _move_moves(structure: Structure) -> list[Action]:
        """Each Group under each card outside its own subtree, on that card's first free arrow."""
        moves: list[Action] = []
        for group in structure:
            if group == structure.root:
                continue
            below = set(structure.subtree(group))
            for master in structure:
                if master not in below:
                    moves += [
                        Move(group, master, side) for side in structure.free_arrows(master)[:1]
                    ]
        return moves

    def _laser_moves(self) -> list[Action]:
        """Every change the Lasers may make: add, remove or reverse one alignment of one
        other Group in play."""
        moves: list[Action] = []
        opposite = {a.id: a.opposite for a in self.cards.alignments}
        for group in self.uncontrolled + [g for st in self.structures for g in st]:
            if group not in self.cards.group or group == "orbital-mind-control-lasers":
                continue
            now = self.numbers.alignments(group)
            for a in now:
                moves.append(Shift(group, a, "remove"))
                if opposite.get(a) not in (None, a):
                    moves.append(Shift(group, a, "reverse"))
            moves += [Shift(group, a, "add") for a in opposite if a not in now]
        return moves

    def _transfer_targets(self, seat: int, card: str) -> list[str]:
        structure = self.structures[seat]
        if card == "federal-reserve" or self._free_money(seat):
            return [c for c in structure if c != card]
        return structure.adjacent(card)

    # -- refusals ---------------------------------------------------------------------------

    def _goal_refusal(self, seat: int, action: ChooseGoal) -> str | None:
        if action.illuminati == "ufos" or action.illuminati not in self.numbers.illuminati:
            return "Choose the goal of another Illuminati."
        return None

    def _consent_refusal(self, seat: int, action: Refuse) -> str | None:
        offer = self._offered()
        if offer.then is not None:
            return "The trade is agreed: put it under a free arrow."
        if offer.asked:
            return "You asked for it, and it is given: put it under a free arrow."
        return None

    def _receive_refusal(self, seat: int, action: Receive) -> str | None:
        receiver = self.structures[seat]
        if action.master not in receiver or action.side not in receiver.free_arrows(action.master):
            return "Put it under a free arrow of your Power Structure."
        if action.master in self._owed(seat):
            return "Not under a Group the trade takes from you: it leaves with its puppets."
        return None

    def _income_refusal(self, seat: int, action: TakeIncome) -> str | None:
        if action.doubled and self._market_manipulation(seat) is None:
            return "Doubling needs Market Manipulation."
        return None

    def _show_refusal(self, seat: int, action: ShowSpecials) -> str | None:
        return None if self.specials[seat] else "You hold no Special card."

    def _rearrange_refusal(self, seat: int, action: Rearrange) -> str | None:
        if self.illuminati[seat] not in ("bermuda-triangle", "gnomes-of-zurich"):
            return "Only the Bermuda Triangle and the Gnomes of Zurich rearrange freely."
        return None

    def _accuse_refusal(self, seat: int, action: Accuse) -> str | None:
        if not self.options["hidden_illuminati"]:
            return "Every Illuminati card is face up already."
        if self.actions_left <= 0:
            return "An accusation takes an action, and none is left."
        if action.seat == seat or action.seat not in self.players():
            return "Accuse another player still in the game."
        if action.seat in self.revealed:
            return "That Illuminati card is face up already."
        if action.illuminati not in self.numbers.illuminati:
            return "Name one of the eight Illuminati."
        return None

    def _pass_turn_refusal(self, seat: int, action: PassTurn) -> str | None:
        return None if not self.acted else "You have already acted this turn; end it instead."

    def _turn_attack_refusal(self, seat: int, action: Attack) -> str | None:
        if self.actions_left <= 0:
            return "You have used both actions of this turn."
        return self._attack_refusal(seat, action)

    def _move_refusal(self, seat: int, action: Move) -> str | None:
        if self.illuminati[seat] != "bermuda-triangle" and self.phase == IlluminatiPhase.REORGANIZE:
            return "Only the Bermuda Triangle rearranges its Power Structure now."
        if self.actions_left <= 0 and self.phase != IlluminatiPhase.REORGANIZE:
            return "You have used both actions of this turn."
        try:
            structure = self.structures[seat]
            if action.group not in structure or action.master not in structure:
                return "Both Groups must be in your Power Structure."
            if action.group == structure.root:
                return "The Illuminati card does not move."
            if action.master in structure.subtree(action.group):
                return "A Group cannot go under itself or one of its own puppets."
            if action.side not in structure.free_arrows(action.master):
                return "That arrow is not free."
        except GeometryError as error:
            return error.reason
        return None

    def _drop_refusal(self, seat: int, action: Drop) -> str | None:
        structure = self.structures[seat]
        if action.group not in structure or action.group == structure.root:
            return "You can drop only a Group of your own Power Structure."
        return None

    def _give_group_refusal(self, seat: int, action: GiveGroup) -> str | None:
        structure = self.structures[seat]
        if self.actions_left <= 0:
            return "Giving a Group away takes an action, and none is left."
        if action.group not in structure or action.group == structure.root:
            return "Give away a Group of your own Power Structure."
        if action.seat == seat or action.seat not in self.players():
            return "Give it to another player still in the game."
        return self._throw_refusal(seat, action.seat, to_other=structure.subtree(action.group))

    # -- trades on one's turn: a Group asked for, given or bought (p. 7) ------------------------

    def _ask_moves(self, seat: int) -> list[Action]:
        """Each Group of another player, asked for as a gift or for the amounts money is
        listed with (any other price is legal too); with two actions left, also for each
        Group of one's own in exchange (with no money: any price is legal too)."""
        mine = self.structures[seat]
        room = any(mine.free_arrows(c) for c in mine)
        swaps = [g for g in mine if g != mine.root] if self.actions_left >= 2 else []
        top = self.money.get(self.illuminati[seat], 0)
        moves: list[Action] = []
        for other in self.players():
            if other == seat:
                continue
            structure = self.structures[other]
            # A price changes what the trade does only for a goal of money the asker knows.
            goal_of = self._known_goal(seat, other)
            goal = self.numbers.illuminati[goal_of].goal if goal_of is not None else None
            priced = goal is not None and goal.kind == "money"
            # Goals only grow with what comes in: a side that meets none with what it
            # gets, keeping what it gives, meets none by the trade. Judged once a Group,
            # the whole trade is judged only where either side might.
            theirs = {s: self._known_goal_met(seat, other, mine.subtree(s)) for s in swaps}
            for g in structure:
                if g == structure.root:
                    continue
                tree = structure.subtree(g)
                ours = self._known_goal_met(seat, seat, tree)
                if room:
                    free = ours is None or self._throw_refusal(seat, other, tree) is None
                    moves += [
                        AskGroup(g, price)
                        for price in [0, *amounts(top)]
                        if (free and not priced)
                        or (self._throw_refusal(seat, other, tree, money=price) is None)
                    ]
                if swaps and self._room_in_trade(other, tree):
                    moves += [
                        AskGroup(g, 0, s)
                        for s in swaps
                        if (ours is None and theirs[s] is None)
                        or self._throw_refusal(seat, other, tree, mine.subtree(s)) is None
                    ]
        return moves

    def _room_in_trade(self, owner: int, tree: list[str]) -> bool:
        """Whether the owner of a Group traded away (`tree`, with its puppets) has a free
        arrow elsewhere for the Group that comes in return."""
        structure = self.structures[owner]
        return any(structure.free_arrows(c) for c in structure if c not in tree)

    def _ask_group_refusal(self, seat: int, action: AskGroup) -> str | None:
        needed = 2 if action.swap is not None else 1
        if self.actions_left < needed:
            if needed == 2:
                return "A trade of two Groups takes two actions, and fewer are left."
            return "Getting a Group from another player takes an action, and none is left."
        owner = self.owner(action.group)
        if owner is None or owner == seat or action.group == self.illuminati[owner]:
            return "Ask for a Group of another player's Power Structure."
        mine = self.structures[seat]
        if action.swap is not None:
            if action.swap not in mine or action.swap == mine.root:
                return "Give a Group of your own Power Structure in exchange."
            # (The arrow the Group swapped leaves is free for the one that comes.)
            if not self._room_in_trade(owner, self.structures[owner].subtree(action.group)):
                return (
                    f"{self.name(owner)} has no free arrow for {self.title_of(action.swap)} "
                    f"but under {self.title_of(action.group)}, which leaves."
                )
        elif not any(mine.free_arrows(c) for c in mine):
            return "Your Power Structure has no free arrow to put it under."
        if not 0 <= action.amount <= self.money.get(self.illuminati[seat], 0):
            return "The price is paid from your Illuminati treasury, and only what is there."
        return self._ask_throws(seat, owner, action)

    def _ask_throws(self, seat: int, owner: int, action: AskGroup) -> str | None:
        """The request judged as the whole trade it would make (`_throw_refusal`)."""
        gets = self.structures[owner].subtree(action.group)
        gives = self.structures[seat].subtree(action.swap) if action.swap is not None else []
        return self._throw_refusal(seat, owner, gets, gives, action.amount)

    def _ask_group(self, seat: int, action: AskGroup) -> list[Event]:
        self.actions_left -= 2 if action.swap is not None else 1
        owner = self.owner(action.group)
        assert owner is not None
        offer = Offer(owner, seat, action.group, action.amount, asked=True, swap=action.swap)
        self.offer = offer
        self.phase = IlluminatiPhase.ASKED
        return [
            Event(
                f"{self.name(seat)} asks {self.name(owner)} for "
                f"{self.title_of(action.group)}{self.in_return(offer)}."
            )
        ]

    def _shift_refusal(self, seat: int, action: Shift) -> str | None:
        if "orbital-mind-control-lasers" not in self.structures[seat]:
            return "Only the Orbital Mind Control Lasers change alignments."
        if self.shifted_this_turn:
            return "The Lasers change one alignment a turn."
        in_play = action.group in self.uncontrolled or self.owner(action.group) is not None
        if (
            action.group not in self.cards.group
            or action.group == "orbital-mind-control-lasers"
            or not in_play
        ):
            return "Choose one other Group in play."
        now = self.shifts.get(action.group, self.cards.group[action.group].alignments)
        if action.how == "add":
            known = any(a.id == action.alignment for a in self.cards.alignments)
            return None if known and action.alignment not in now else "Add a new alignment."
        if action.alignment not in now:
            return "It does not have that alignment."
        if action.how == "reverse":
            kind = next(a for a in self.cards.alignments if a.id == action.alignment)
            if kind.opposite in (None, action.alignment):
                return f"{kind.name} has no opposite to turn into."
            return None
        return None if action.how == "remove" else "Add, remove or reverse an alignment."

    def _extra_draw_refusal(self, seat: int, action: ExtraDraw) -> str | None:
        if "recyclers" not in self.structures[seat] or self.extra_drawn:
            return "Only the Recyclers' owner draws one more card, once a turn."
        if self.money.get("recyclers", 0) < 5:
            return "The Recyclers need 5 MB in their treasury."
        return None if self.deck else "The deck is empty."

    def _transfer_refusal(self, seat: int, action: Transfer) -> str | None:
        structure = self.structures[seat]
        if action.source not in structure or action.target not in structure:
            return "Money moves between Groups of your own Power Structure."
        if not 0 < action.amount <= self.money.get(action.source, 0):
            return "Move only money that is there."
        bonus = self.bonus_transfer == (action.source, action.target)
        if not bonus and action.target not in self._transfer_targets(seat, action.source):
            return "Money moves only to an adjacent Group: the master or a puppet."
        free = bonus or self.free_transfers or self._free_money(seat)
        if not (free or self.actions_left):
            return "No money transfer is left this turn."
        return None

    def _free_money(self, seat: int) -> bool:
        """Money moves at no cost in White Collar Crime's moment, and when the Gnomes of
        Zurich rearrange at the end of a turn (the Bermuda Triangle rearranges Groups, and
        its money moves by the usual rules)."""
        if self.phase == IlluminatiPhase.REARRANGING:
            return True
        return (
            self.phase == IlluminatiPhase.REORGANIZE and self.illuminati[seat] == "gnomes-of-zurich"
        )

    # -- moves ---------------------------------------------------------------------------------

    # -- gifts: money and Specials go to another player at any time --------------------------

    def _gift_moves(self, seat: int) -> list[Action]:
        """Money and Specials may be given away at any time (p. 7), not only on one's turn:
        whenever the seat is asked to act, but while a privileged attack is under way."""
        if self.attack is not None and self.attack.privileged:
            return []
        moves: list[Action] = []
        top = self.money.get(self.illuminati[seat], 0)
        specials = self.specials[seat]
        for other in self.players():
            if other == seat:
                continue
            if specials:
                moves += [GiveSpecial(other, c) for c in specials]
            if not top:
                continue
            # Less money meets no goal that more would not: all of it asked first.
            if self._throw_refusal(seat, other, money=top) is None:
                moves += money_gifts(other, top)
            else:
                moves += [
                    give_money(other, n)
                    for n in amounts(top)
                    if self._throw_refusal(seat, other, money=n) is None
                ]
        return moves

    def _gift_refusal(self, seat: int, action: GiveMoney | GiveSpecial) -> str | None:
        if self.attack is not None and self.attack.privileged:
            return "Nobody gives money or Specials away while a privileged attack is under way."
        if action.seat == seat or action.seat not in self.players():
            return "Give it to another player still in the game."
        return None

    def _give_money_refusal(self, seat: int, action: GiveMoney) -> str | None:
        reason = self._gift_refusal(seat, action)
        if reason is None and not 0 < action.amount <= self.money.get(self.illuminati[seat], 0):
            return "Money goes from your Illuminati treasury, and only what is there."
        return reason or self._throw_refusal(seat, action.seat, money=action.amount)

    def _give_special_refusal(self, seat: int, action: GiveSpecial) -> str | None:
        reason = self._gift_refusal(seat, action)
        if reason is None and action.card not in self.specials[seat]:
            return "That Special is not yours."
        return reason

    def _give_money(self, seat: int, action: GiveMoney) -> list[Event]:
        self.money[self.illuminati[seat]] -= action.amount
        target = self.illuminati[action.seat]
        self.money[target] = self.money.get(target, 0) + action.amount
        if self.quiet:  # the words only for readers: a hushed match skips them
            return []
        return [Event(f"{self.name(seat)} gives {action.amount} MB to {self.name(action.seat)}.")]

    def _give_special(self, seat: int, action: GiveSpecial) -> list[Event]:
        who = self.name(seat)
        self.specials[seat].remove(action.card)
        self.specials[action.seat].append(action.card)
        pair = frozenset({seat, action.seat})
        return [
            Event(
                f"{who} gives {self.title_of(action.card)} to {self.name(action.seat)}.",
                seen_by=pair,
                reveals=True,
            ),
            Event(f"{who} gives a Special card to {self.name(action.seat)}.", hidden_from=pair),
        ]

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
        events += self._eliminations()
        if sum(self.eliminated) != out:
            events += self._after_elimination()
        return events

    def _after_elimination(self) -> list[Event]:
        if len(self.players()) == 1:
            self.winners = list(self.players())
            return self._end(f"{self.name(self.winners[0])} is the last one left.")
        if self.eliminated[self.current] and self.phase == IlluminatiPhase.ACTIONS:
            following = self._next_player()
            if following is None:
                return self._end("Nobody is left.")
            self.attack, self.bonus_transfer = None, None
            return self._begin_turn(following)
        return []

    def _choose_goal(self, seat: int, action: ChooseGoal) -> list[Event]:
        self.borrowed_goal[seat] = action.illuminati
        self.choosing.discard(seat)
        events = [
            Event(
                f"You pursue the goal of {the(self.numbers.name(action.illuminati))}.",
                seen_by=frozenset({seat}),
            ),
            Event(f"{self.name(seat)} has chosen a goal.", hidden_from=frozenset({seat})),
        ]
        return events if self.choosing else events + self._begin_turn(self.current)

    def _take_income(self, seat: int, action: TakeIncome) -> list[Event]:
        if not action.doubled:
            return self._collect(seat, doubled=False)
        card = self._market_manipulation(seat)
        assert card is not None  # refused otherwise
        self._discard_special(seat, card)
        events = [Event(f"{self.name(seat)} plays Market Manipulation!", reveals=True)]
        return events + self._played("income", [Pending(seat, card, action)])

    def _market_manipulation(self, seat: int) -> str | None:
        """The seat's first Market Manipulation card, which may double its income."""
        return next((c for c in self.specials[seat] if c.startswith("market-manipulation#")), None)

    def _done_rearranging(self, seat: int, action: Pass) -> list[Event]:
        return self._rearranged()

    def _turn_begun(self, seat: int, action: Action) -> None:
        """What every move of one's turn does first: an action of the turn, free or
        regular, means the turn can no longer be passed for money (`acted`); and the
        transfer a capture allows comes at once or never."""
        if type(action) in TURN_ACTIONS:
            self.acted = True
        if self.bonus_transfer is not None:
            is_bonus = (
                type(action) is Transfer and (action.source, action.target) == self.bonus_transfer
            )
            if not is_bonus:
                self.bonus_transfer = None

    def _end_turn_move(self, seat: int, action: EndTurn) -> list[Event]:
        if self.quiet:
            return self._end_turn()
        return [Event(f"{self.name(seat)} ends the turn.")] + self._end_turn()

    def _show_specials(self, seat: int, action: ShowSpecials) -> list[Event]:
        held = ", ".join(self.title_of(c) for c in self.specials[seat])
        return [Event(f"{self.name(seat)} shows their Specials: {held}.", reveals=True)]

    def _rearrange(self, seat: int, action: Rearrange) -> list[Event]:
        self.phase = IlluminatiPhase.REORGANIZE
        shown = self._reveal(seat, "it rearranges at the end of its turn")
        bermuda = self.illuminati[seat] == "bermuda-triangle"
        what = "Power Structure" if bermuda else "money"
        return shown + [Event(f"{self.name(seat)} rearranges the {what} freely to end the turn.")]

    def _accuse(self, seat: int, action: Accuse) -> list[Event]:
        self.actions_left -= 1
        who, target = self.name(seat), self.name(action.seat)
        named = the(self.numbers.name(action.illuminati))
        if self.illuminati[action.seat] == action.illuminati:
            return [Event(f"{who} names {target}'s Illuminati: {named}. Right!")] + (
                self._reveal(action.seat, "named by an accusation")
            )
        # "Wrong" tells something too (one Illuminati fewer to guess): no undo past it.
        return [Event(f"{who} names {target}'s Illuminati: {named}. Wrong.", reveals=True)]

    def _pass_turn(self, seat: int, action: PassTurn) -> list[Event]:
        self._pay_from_bank(self.illuminati[seat], self.limits.pass_income)
        return [
            Event(f"{self.name(seat)} passes and takes {self.limits.pass_income} MB.")
        ] + self._end_turn()

    def _move(self, seat: int, action: Move) -> list[Event]:
        if self.phase != IlluminatiPhase.REORGANIZE:
            self.actions_left -= 1
        tree = self.structures[seat].lift(action.group, action.master, action.side)
        events = [
            Event(
                f"{self.name(seat)} moves {self.title_of(action.group)} "
                f"under {self.title_of(action.master)}."
            )
        ]
        return events + self._hang(seat, tree, action.master, action.side)

    def _drop(self, seat: int, action: Drop) -> list[Event]:
        tree = self.structures[seat].cut(action.group)
        return [Event(f"{self.name(seat)} drops {self.title_of(action.group)}.")] + (
            self._uncontrol(tree.cards())
        )

    def _give_group(self, seat: int, action: GiveGroup) -> list[Event]:
        self.actions_left -= 1
        self.offer = Offer(seat, action.seat, action.group)
        self.phase = IlluminatiPhase.CONSENT
        return [
            Event(
                f"{self.name(seat)} offers {self.title_of(action.group)} "
                f"to {self.name(action.seat)}."
            )
        ]

    def _shift(self, seat: int, action: Shift) -> list[Event]:
        self.shifted_this_turn = True
        self.shifts[action.group] = self._shifted(action)
        now = ", ".join(self.cards.name(a) for a in self.shifts[action.group]) or "no alignment"
        return [
            Event(
                f"The Orbital Mind Control Lasers make {self.title_of(action.group)} "
                f"{now} this turn."
            )
        ]

    def _extra_draw(self, seat: int, action: ExtraDraw) -> list[Event]:
        self.extra_drawn = True
        self._to_bank("recyclers", 5)
        return [Event(f"{self.name(seat)} pays 5 MB from the Recyclers for one more card.")] + (
            self._draw(seat, 1)
        )

    def _own_special(self, seat: int, action: PlaySpecial) -> list[Event]:
        """A Special played in one's own turn."""
        self._discard_special(seat, action.card)
        if kind_of(action.card) == "bribery":
            self.actions_left -= 1
        events = [Event(f"{self.name(seat)} plays {self.title_of(action.card)}.", reveals=True)]
        return events + self._played("own", [Pending(seat, action.card, action)])

    def _transfer(self, seat: int, action: Transfer) -> list[Event]:
        if self.bonus_transfer == (action.source, action.target):
            self.bonus_transfer = None
        elif self._free_money(seat):
            pass  # White Collar Crime, or the Gnomes rearranging: money moves at no cost
        elif self.free_transfers:
            self.free_transfers -= 1
        else:
            self.actions_left -= 1
        self.money[action.source] -= action.amount
        self.money[action.target] = self.money.get(action.target, 0) + action.amount
        return [
            Event(
                f"{self.name(seat)} moves {action.amount} MB from "
                f"{self.title_of(action.source)} to {self.title_of(action.target)}."
            )
        ]

    def _uncontrol(self, cards: list[str]) -> list[Event]:
        for card in cards:
            self._clear(card)
            self.uncontrolled.append(card)
        if not cards:
            return []
        return [Event(", ".join(self.title_of(c) for c in cards) + " go uncontrolled.")]


NO_ATTACK_UNDER_WAY = dict.fromkeys(
    (Spend, Pass, CallOff, TakeIncome, ChooseGoal), "There is no attack under way."
)
_G = IlluminatiGame
# The actions of a turn, free or regular: after one the turn is no longer passed for money.
TURN_ACTIONS = frozenset(
    {Attack, Transfer, Move, Drop, GiveMoney, GiveSpecial, GiveGroup, AskGroup, Shift}
    | {ExtraDraw, PlaySpecial, Accuse}
)
# The moves of one's turn that are not made after `Rearrange` (the end of the turn).
_TURN_ONLY = (
    Rule(ShowSpecials, _G._show_refusal, _G._show_specials),
    Rule(Rearrange, _G._rearrange_refusal, _G._rearrange),
    Rule(Accuse, _G._accuse_refusal, _G._accuse),
    Rule(PassTurn, _G._pass_turn_refusal, _G._pass_turn),
    Rule(Attack, _G._turn_attack_refusal, _G._announce),
    Rule(Drop, _G._drop_refusal, _G._drop),
    Rule(GiveMoney, _G._give_money_refusal, _G._give_money),
    Rule(GiveSpecial, _G._give_special_refusal, _G._give_special),
    Rule(PlaySpecial, _G._special_refusal, _G._own_special),
    Rule(GiveGroup, _G._give_group_refusal, _G._give_group),
    Rule(AskGroup, _G._ask_group_refusal, _G._ask_group),
    Rule(Shift, _G._shift_refusal, _G._shift),
    Rule(ExtraDraw, _G._extra_draw_refusal, _G._extra_draw),
)
_REARRANGING_TOO = (
    Rule(EndTurn, always, _G._end_turn_move),
    Rule(Move, _G._move_refusal, _G._move),
    Rule(Transfer, _G._transfer_refusal, _G._transfer),
)

IlluminatiGame.phases = phase_table(
    Phase(
        IlluminatiPhase.GOALS,
        (Rule(ChooseGoal, _G._goal_refusal, _G._choose_goal, _G._goal_moves),),
        "The UFOs first choose their goal.",
    ),
    Phase(
        IlluminatiPhase.WINDOW,
        (
            Rule(Pass, always, _G._window_pass),
            Rule(Abolish, _G._abolish_refusal, _G._window_play),
            Rule(PlaySpecial, _G._window_special_refusal, _G._window_play),
        ),
        "Play one of your Special cards that fits this moment, or pass.",
        listing=(_G._window_moves,),
    ),
    Phase(
        IlluminatiPhase.CONSENT,
        (
            Rule(Receive, _G._receive_refusal, _G._receive, _G._consent_moves),
            Rule(Refuse, _G._consent_refusal, _G._refuse),
        ),
        "First say whether you take the Group offered to you.",
    ),
    Phase(
        IlluminatiPhase.ASKED,
        (
            Rule(Yield, always, _G._yield, _G._asked_moves),
            Rule(Refuse, always, _G._refuse),
        ),
        "First say whether you give the Group you are asked for.",
        listing=(_G._asked_moves,),
    ),
    Phase(
        IlluminatiPhase.INCOME,
        (Rule(TakeIncome, _G._income_refusal, _G._take_income, _G._income_moves),),
        "First collect your income.",
    ),
    Phase(
        IlluminatiPhase.SPENDING,
        (
            Rule(Pass, always, _G._spend_nothing),
            Rule(PassOnAttack, _G._pass_on_attack_refusal, _G._pass_on_attack),
            Rule(CallOff, _G._call_off_refusal, _G._call_off),
            Rule(PlaySpecial, _G._spending_special_refusal, _G._spending_special),
            Rule(GiveMoney, _G._give_money_refusal, _G._give_money),
            Rule(GiveSpecial, _G._give_special_refusal, _G._give_special),
            Rule(Spend, _G._spend_refusal, _G._spend),
        ),
        "An attack is under way: put money down, give money or a Special, or pass.",
        listing=(_G._spending_moves,),
    ),
    Phase(
        IlluminatiPhase.PLACING,
        (
            Rule(Hang, _G._placing_refusal, _G._place, _G._placing_moves),
            Rule(LetGo, _G._placing_refusal, _G._let_go),
        ),
        _G._first_place,
    ),
    Phase(
        IlluminatiPhase.REARRANGING,
        (
            Rule(Pass, always, _G._done_rearranging),
            Rule(Transfer, _G._transfer_refusal, _G._transfer),
        ),
        "First rearrange your money (White Collar Crime), then say you are done.",
        listing=(_G._rearranging_moves,),
    ),
    Phase(
        IlluminatiPhase.ACTIONS,
        _REARRANGING_TOO + _TURN_ONLY,
        "That is not a move of Illuminati.",
        refusals=NO_ATTACK_UNDER_WAY,
        listing=(_G._turn_moves,),
        before=_G._turn_begun,
    ),
    Phase(
        IlluminatiPhase.REORGANIZE,
        _REARRANGING_TOO,
        "Now only rearranging is left; end the turn when done.",
        refusals=NO_ATTACK_UNDER_WAY,
        listing=(_G._reorganizing_moves,),
        before=_G._turn_begun,
    ),
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
