"""Illuminati: the state of a match and the rules that change it (work in progress).

A turn: a window for Specials played before it (Senate Investigating Committee), income,
the draw, then two regular actions (attack, transfer, move), free actions and two free
money transfers, the end of turn (the Bermuda Triangle and the Gnomes of Zurich may then
rearrange), new targets, goals and eliminations. An attack is announced, then money is
put down in turns until everyone passes, the dice are rolled, a window lets anyone play
Assassination or Murphy's Law, and the result is applied.

This engine is not registered as a game yet: see the Illuminati issue for what is left.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from illusio_table.engine import Action, Event, Game, Option

from .actions import (
    ACTIONS,
    END_TURN,
    PASS,
    Abolish,
    Accuse,
    Attack,
    CallOff,
    ChooseGoal,
    Drop,
    EndTurn,
    ExtraDraw,
    GiveGroup,
    GiveMoney,
    GiveSpecial,
    Move,
    Pass,
    PassTurn,
    PlaySpecial,
    Rearrange,
    Receive,
    Shift,
    Spend,
    TakeIncome,
    Transfer,
)
from .attack import Attack as Announced
from .attack import Numbers, breakdown, spending_lines, succeeds
from .bots import SchemerBot
from .cards import IlluminatiCards, load
from .geometry import Arrows, GeometryError, Structure
from .panels import panels
from .specials import SpecialCards, kind_of, pending_special

HELP = Path(__file__).with_name("help.md")
BANK = 100_000  # the bank never runs out; its count proves money is neither made nor lost
ILLUMINATI_ARROWS = Arrows(None, ("T", "R", "B", "L"))
ANY_TIME = ("slush-fund", "swiss-bank-account", "media-campaign", "computer-espionage")
AFTER_ROLL = ("assassination", "murphys-law")


class IlluminatiGame(SpecialCards, Game):
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
    bots = {"schemer": SchemerBot}
    panels = staticmethod(panels)

    # -- set-up ---------------------------------------------------------------------------------

    def setup(self) -> list[Event]:
        cards = self.cards = load()
        # With hidden goals the UFOs gain 1 Power (they lose the secret of their goal).
        self.power_bonus = {"ufos": 1} if self.options["hidden_goals"] else {}
        self.numbers = Numbers(cards, None, self.power_bonus)
        self.limits = cards.rules
        self.by_count = next(p for p in cards.player_counts if p.players == self.seats)
        self.goal = self.by_count.goal + self.options["longer_game"]
        rng = self.rng
        self.bank = BANK
        self.money: dict[str, int] = {}
        tops = list(cards.illuminati)
        rng.shuffle(tops)
        self.illuminati = [i.id for i in tops[: self.seats]]
        self.structures = [Structure(i, self.arrows) for i in self.illuminati]
        for i in self.illuminati:
            self._pay_from_bank(i, self.numbers.illuminati[i].income)
        self.specials: list[list[str]] = [[] for _ in range(self.seats)]
        deck = [g.id for g in cards.groups]
        deck += [f"{s.id}#{n + 1}" for s in cards.specials for n in range(s.count)]
        rng.shuffle(deck)
        self.deck = deck
        self.uncontrolled: list[str] = []
        self.dead: list[str] = []
        self.discarded: list[str] = []
        hidden = self.options["hidden_illuminati"]
        self.revealed: set[int] = set() if hidden else set(range(self.seats))
        if hidden:
            events = [Event("The Illuminati are dealt face down.")] + [
                Event(f"You lead the {self.numbers.name(i)}.", seen_by=frozenset({s}), reveals=True)
                for s, i in enumerate(self.illuminati)
            ]
        else:
            events = [
                Event(
                    "Illuminati: "
                    + ", ".join(
                        f"{self.name(s)} leads the {self.title_of(i)}"
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
        self.borrowed_goal: dict[int, str] = {}
        self.attack: dict[str, Any] | None = None
        self.window: dict[str, Any] | None = None
        self.winners: list[int] = []
        self.last_roll: list[int] = []
        self.phase = "setup"
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
            self.phase = "goals"
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
        self.attacked: set[str] = set()  # Groups that attacked or aided this turn
        self.ufo_attacks = 0
        self.bavarian_used = False
        self.bonus_transfer: tuple[str, str] | None = None
        self.free_money = False  # White Collar Crime: money moves freely this turn
        self.shifts: dict[str, tuple[str, ...]] = {}  # alignments changed for this turn
        self.shifted_this_turn = False
        self.extra_drawn = False
        self.offer: dict[str, Any] | None = None

    # -- helpers ---------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.record.players[seat]["name"]

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
        real = self.numbers.name(self.illuminati[seat])
        return [
            Event(f"{self.name(seat)}'s Illuminati is turned up: the {real} ({why}).", reveals=True)
        ]

    def special_kind(self, card: str):
        kind = card.split("#")[0]
        return next(s for s in self.cards.specials if s.id == kind)

    def arrows(self, card: str) -> Arrows:
        group = self.cards.group.get(card)
        if group is None:
            return ILLUMINATI_ARROWS
        return Arrows(group.arrow_in, group.arrows_out)

    def owner(self, card: str) -> int | None:
        for seat, structure in enumerate(self.structures):
            if card in structure:
                return seat
        return None

    def _roll(self) -> list[int]:
        return [self.rng.below(6) + 1, self.rng.below(6) + 1]

    def _pay_from_bank(self, card: str, amount: int) -> None:
        self.bank -= amount
        self.money[card] = self.money.get(card, 0) + amount

    def _to_bank(self, card: str, amount: int) -> None:
        self.money[card] -= amount
        self.bank += amount

    def _clear(self, card: str) -> None:
        """A card leaves every Power Structure: its money goes back to the bank."""
        self.bank += self.money.pop(card, 0)

    def players(self) -> list[int]:
        return [s for s in range(self.seats) if not self.eliminated[s]]

    def total_money(self, seat: int) -> int:
        return sum(self.money.get(c, 0) for c in self.structures[seat])

    # -- the turn ---------------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> list[Event]:
        self.current = seat
        self._reset_turn()
        events = [Event(f"— {self.name(seat)}'s turn —")]
        others = [s for s in self.players() if s != seat and self.specials[s]]
        if others:
            self._open_window("turn", others)
            return events
        return events + self._income()

    def _skip_turn(self) -> list[Event]:
        self.turns_taken[self.current] += 1
        following = [
            x % self.seats
            for x in range(self.current + 1, self.current + 1 + self.seats)
            if not self.eliminated[x % self.seats]
        ]
        return self._begin_turn(following[0])

    def _receive(self, seat: int, action: Receive) -> list[Event]:
        offer, self.offer = self.offer, None
        self.phase = "actions"
        giver, group = offer["from"], offer["group"]
        if action.master is None:
            self.actions_left += 1  # a gift refused costs nothing
            return [Event(f"{self.name(seat)} refuses {self.title_of(group)}.")]
        tree = self.structures[giver].cut(group)
        dropped = self.structures[seat].graft(tree, action.master, action.side)
        events = [Event(f"{self.name(seat)} takes {self.title_of(group)} from {self.name(giver)}.")]
        return events + self._uncontrol(dropped) + self._eliminations()

    def _shifted(self, action: Shift) -> tuple[str, ...]:
        now = list(self.shifts.get(action.group, self.cards.group[action.group].alignments))
        if action.how == "add":
            now.append(action.alignment)
        elif action.how == "remove":
            now.remove(action.alignment)
        else:
            opposite = next(a.opposite for a in self.cards.alignments if a.id == action.alignment)
            now[now.index(action.alignment)] = opposite
        return tuple(now)

    def _income(self) -> list[Event]:
        seat = self.current
        if any(c.startswith("market-manipulation#") for c in self.specials[seat]):
            self.phase = "income"
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
        total = self.total_money(seat)
        events.append(
            Event(
                f"{self.name(seat)} collects income{' (doubled)' if doubled else ''}: "
                f"{total} MB in all."
            )
        )
        self.phase = "actions"
        return events + self._draw(seat)

    def _tax(self, seat: int, irs: str, ability) -> list[Event]:
        events = []
        for other in self.players():
            if other == seat:
                continue
            payer = max(self.structures[other], key=lambda c: self.money.get(c, 0))
            paid = min(ability.value, self.money.get(payer, 0))
            if paid:
                self.money[payer] -= paid
                self.money[irs] = self.money.get(irs, 0) + paid
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
            if "#" in card:
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
                " and ".join(self.name(s) for s in winners) + " meets a goal."
            )
        # House rule: the last conspiracy left in the game has won it.
        if len(self.players()) == 1:
            self.winners = self.players()
            return events + self._end(f"{self.name(self.winners[0])} is the last one left.")
        following = [
            s for s in range(seat + 1, seat + 1 + self.seats) if not self.eliminated[s % self.seats]
        ]
        if not following:
            return events + self._end("Nobody is left.")
        return events + self._begin_turn(following[0] % self.seats)

    def _eliminations(self) -> list[Event]:
        events = []
        for s in self.players():
            if (
                self.turns_taken[s] >= self.limits.elimination_after_turn
                and len(self.structures[s]) == 1
            ):
                if self.illuminati[s] == "servants-of-cthulhu" and self.destroyed[s] >= 8:
                    continue  # they win instead (checked with the goals)
                self.eliminated[s] = True
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
        self.phase = "over"
        self.revealed = set(range(self.seats))
        return [Event(f"{why} The game is over.")] + [
            Event(line) for line in self.result()["explanation"]
        ]

    # -- goals ---------------------------------------------------------------------------

    def meets_goal(self, seat: int) -> bool:
        structure = self.structures[seat]
        if len(structure) >= self.goal:
            return True
        top = self.illuminati[seat]
        chosen = self.options["hidden_goals"] or top == "ufos"
        goal_of = self.borrowed_goal.get(seat, top) if chosen else top
        goal = self.numbers.illuminati[goal_of].goal
        if goal is None or goal.kind == "borrowed":
            return False
        groups = [c for c in structure if c in self.cards.group]
        if goal.kind == "total-power":
            return sum(self.numbers.power(c) for c in structure) >= goal.value
        if goal.kind == "total-transferable":
            return sum(self.numbers.transferable(c) for c in structure) >= goal.value
        if goal.kind == "money":
            return self.total_money(seat) >= goal.value
        if goal.kind == "destroyed":
            return self.destroyed[seat] >= goal.value
        if goal.kind == "alignment-count":
            return (
                sum(goal.alignment in self.cards.group[g].alignments for g in groups) >= goal.value
            )
        held = {a for g in groups for a in self.cards.group[g].alignments}
        return len(held) >= goal.value

    def result(self) -> dict[str, Any]:
        counts = [len(s) for s in self.structures]
        explanation = []
        for s in range(self.seats):
            state = " (out)" if self.eliminated[s] else ""
            explanation.append(
                f"{self.name(s)}{state}: {counts[s]} Groups with the Illuminati, "
                f"{self.total_money(s)} MB, goal {self.goal} Groups"
            )
        return {"scores": counts, "winners": list(self.winners), "explanation": explanation}

    # -- the protocol ---------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> frozenset[int]:
        if self.phase == "over":
            return frozenset()
        if self.phase == "goals":
            return frozenset(self.choosing)
        if self.phase == "window":
            return frozenset(self.window["waiting"])
        if self.phase == "spending":
            return frozenset({self.attack["order"][self.attack["turn"]]})
        if self.phase == "consent":
            return frozenset({self.offer["to"]})
        return frozenset({self.current})

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "goals":
            return [ChooseGoal(i.id) for i in self.cards.illuminati if i.id != "ufos"]
        if self.phase == "window":
            return self._window_moves(seat)
        if self.phase == "income":
            return [TakeIncome(False), TakeIncome(True)]
        if self.phase == "consent":
            receiver = self.structures[seat]
            return [Receive()] + [
                Receive(master, side)
                for master in receiver
                for side in receiver.free_arrows(master)
            ]
        if self.phase == "spending":
            return self._spending_moves(seat)
        return self._turn_moves(seat)

    def _turn_moves(self, seat: int) -> list[Action]:
        moves: list[Action] = []
        structure = self.structures[seat]
        if self.phase == "reorganize":
            return self._reorganize_moves(seat) + [END_TURN]
        if not self.acted:
            moves.append(PassTurn())
        if self.actions_left > 0:
            moves += self._attack_moves(seat)
            for group in structure:
                if group == structure.root:
                    continue
                for master in structure:
                    if master not in structure.subtree(group):
                        moves += [Move(group, master, s) for s in structure.free_arrows(master)][:1]
            others = [s for s in self.players() if s != seat]
            moves += [GiveGroup(g, s) for g in structure if g != structure.root for s in others]
        for card in structure:
            if self.money.get(card, 0) and (self.free_transfers or self.actions_left):
                for other in self._transfer_targets(seat, card):
                    moves.append(Transfer(card, other, self.money[card]))
        if self.bonus_transfer and self.money.get(self.bonus_transfer[0], 0):
            source, target = self.bonus_transfer
            if source in structure and target in structure:
                moves.append(Transfer(source, target, self.money[source]))
        moves += [Drop(g) for g in structure if g != structure.root]
        moves += self._own_special_moves(seat)
        top = self.money.get(self.illuminati[seat], 0)
        for other in self.players():
            if other != seat:
                moves += [GiveSpecial(other, c) for c in self.specials[seat]]
                if top:
                    moves.append(GiveMoney(other, top))
        if self.illuminati[seat] in ("bermuda-triangle", "gnomes-of-zurich"):
            moves.append(Rearrange())
        if self.options["hidden_illuminati"] and self.actions_left:
            for other in self.players():
                if other != seat and other not in self.revealed:
                    moves += [
                        Accuse(other, i.id)
                        for i in self.cards.illuminati
                        if i.id != self.illuminati[seat]
                    ]
        if "recyclers" in structure and self.refusal(seat, ExtraDraw()) is None:
            moves.append(ExtraDraw())
        if "orbital-mind-control-lasers" in structure and not self.shifted_this_turn:
            for group in self.uncontrolled + [g for st in self.structures for g in st]:
                if group in self.cards.group and group != "orbital-mind-control-lasers":
                    for a in self.cards.group[group].alignments[:1]:
                        moves.append(Shift(group, a, "remove"))
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
            return [
                Transfer(card, other, self.money[card])
                for card in structure
                if self.money.get(card, 0)
                for other in structure
                if other != card
            ]
        return [
            Move(group, master, side)
            for group in structure
            if group != structure.root
            for master in structure
            if master not in structure.subtree(group)
            for side in structure.free_arrows(master)[:1]
        ]

    def _attack_moves(self, seat: int) -> list[Action]:
        moves: list[Action] = []
        structure = self.structures[seat]
        for attacker in structure:
            if not self._may_attack(attacker):
                continue
            free = structure.free_arrows(attacker)
            for target in self.uncontrolled:
                if free and self.numbers.power(attacker) > 0:
                    moves.append(Attack("control", attacker, target, side=free[0]))
            for other in self.players():
                if other == seat:
                    continue
                for target in self.structures[other]:
                    if target == self.structures[other].root:
                        continue
                    if free:
                        moves.append(Attack("control", attacker, target, side=free[0]))
                    moves.append(Attack("neutralize", attacker, target))
                    if self.numbers.power(target) > 0:
                        moves.append(Attack("destroy", attacker, target))
        # Each attack alone, and with every Group free to aid it (other sets are accepted).
        aided = []
        for m in moves:
            aiders = tuple(
                c
                for c in structure
                if c not in (m.attacker, m.target)
                and self.numbers.transferable(c) > 0
                and self._free_to_act(c)
            )
            if aiders:
                aided.append(Attack(m.how, m.attacker, m.target, aiders, m.side))
        return [m for m in moves + aided if self._attack_refusal(seat, m) is None]

    def _may_attack(self, card: str) -> bool:
        return self.numbers.power(card) > 0 and self._free_to_act(card)

    def _free_to_act(self, card: str) -> bool:
        """A Group takes part in one attack a turn (attacking or aiding); the UFOs in two."""
        if card == "ufos":
            return self.ufo_attacks < 2
        return card not in self.attacked

    def _transfer_targets(self, seat: int, card: str) -> list[str]:
        structure = self.structures[seat]
        gnomes = self.illuminati[seat] == "gnomes-of-zurich" and self.phase == "reorganize"
        if card == "federal-reserve" or gnomes or self.free_money:
            return [c for c in structure if c != card]
        return structure.adjacent(card)

    def _spending_moves(self, seat: int) -> list[Action]:
        a = self.attack
        moves: list[Action] = [PASS]
        if seat == a["seat"] and not a["committed"]:
            moves.append(CallOff())
        for source in self._spend_sources(seat):
            have = self.money.get(source, 0)
            for amount in sorted({1, 5, have}):
                if 0 < amount <= have:
                    if seat in (a["seat"], a["defender"]):
                        moves.append(Spend(source, amount))
                    else:
                        moves += [Spend(source, amount, True), Spend(source, amount, False)]
        return moves

    def _spend_sources(self, seat: int) -> list[str]:
        a = self.attack
        if seat == a["seat"]:
            return (
                [a["attacker"], self.illuminati[seat]]
                if a["attacker"] != self.illuminati[seat]
                else [a["attacker"]]
            )
        if seat == a["defender"]:
            return [a["target"], self.illuminati[seat]]
        return [self.illuminati[seat]]

    # -- refusals ---------------------------------------------------------------------------

    def refusal(self, seat: int, action: Action) -> str | None:
        phase = self.phase
        if phase == "goals":
            if not isinstance(action, ChooseGoal):
                return "The UFOs first choose their goal."
            if action.illuminati == "ufos" or action.illuminati not in self.numbers.illuminati:
                return "Choose the goal of another Illuminati."
            return None
        if phase == "window":
            return self._window_refusal(seat, action)
        if phase == "consent":
            if not isinstance(action, Receive):
                return "First say whether you take the Group offered to you."
            if action.master is None:
                return None
            receiver = self.structures[seat]
            if action.master not in receiver or action.side not in receiver.free_arrows(
                action.master
            ):
                return "Put it under a free arrow of your Power Structure."
            return None
        if phase == "income":
            if not isinstance(action, TakeIncome):
                return "First collect your income."
            if action.doubled and not any(
                c.startswith("market-manipulation#") for c in self.specials[seat]
            ):
                return "Doubling needs Market Manipulation."
            return None
        if phase == "spending":
            return self._spending_refusal(seat, action)
        if isinstance(action, (Spend, Pass, CallOff, TakeIncome, ChooseGoal)):
            return "There is no attack under way."
        if isinstance(action, EndTurn):
            return None
        if self.phase == "reorganize" and not isinstance(action, (Move, Transfer)):
            return "Now only rearranging is left; end the turn when done."
        if isinstance(action, Rearrange):
            if self.illuminati[seat] not in ("bermuda-triangle", "gnomes-of-zurich"):
                return "Only the Bermuda Triangle and the Gnomes of Zurich rearrange freely."
            return None
        if isinstance(action, Accuse):
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
        if isinstance(action, PassTurn):
            return None if not self.acted else "You have already acted this turn; end it instead."
        if isinstance(action, Attack):
            if self.actions_left <= 0:
                return "You have used both actions of this turn."
            return self._attack_refusal(seat, action)
        if isinstance(action, Transfer):
            return self._transfer_refusal(seat, action)
        if isinstance(action, Move):
            if self.illuminati[seat] != "bermuda-triangle" and self.phase == "reorganize":
                return "Only the Bermuda Triangle rearranges its Power Structure now."
            if self.actions_left <= 0 and self.phase != "reorganize":
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
        if isinstance(action, Drop):
            structure = self.structures[seat]
            if action.group not in structure or action.group == structure.root:
                return "You can drop only a Group of your own Power Structure."
            return None
        if isinstance(action, GiveMoney):
            if action.seat == seat or action.seat not in self.players():
                return "Give money to another player still in the game."
            if not 0 < action.amount <= self.money.get(self.illuminati[seat], 0):
                return "Money goes from your Illuminati treasury, and only what is there."
            return None
        if isinstance(action, GiveSpecial):
            if action.seat == seat or action.seat not in self.players():
                return "Give it to another player still in the game."
            return None if action.card in self.specials[seat] else "That Special is not yours."
        if isinstance(action, PlaySpecial):
            return self._special_refusal(seat, action)
        if isinstance(action, GiveGroup):
            structure = self.structures[seat]
            if self.actions_left <= 0:
                return "Giving a Group away takes an action, and none is left."
            if action.group not in structure or action.group == structure.root:
                return "Give away a Group of your own Power Structure."
            if action.seat == seat or action.seat not in self.players():
                return "Give it to another player still in the game."
            return None
        if isinstance(action, Shift):
            if "orbital-mind-control-lasers" not in self.structures[seat]:
                return "Only the Orbital Mind Control Lasers change alignments."
            if self.shifted_this_turn:
                return "The Lasers change one alignment a turn."
            if (
                action.group not in self.cards.group
                or action.group == "orbital-mind-control-lasers"
            ):
                return "Choose one other Group."
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
        if isinstance(action, ExtraDraw):
            if "recyclers" not in self.structures[seat] or self.extra_drawn:
                return "Only the Recyclers' owner draws one more card, once a turn."
            if self.money.get("recyclers", 0) < 5:
                return "The Recyclers need 5 MB in their treasury."
            return None if self.deck else "The deck is empty."
        return "That is not a move of Illuminati."

    def _attack_refusal(self, seat: int, action: Attack) -> str | None:
        structure = self.structures[seat]
        if action.how not in ("control", "neutralize", "destroy"):
            return "An attack is to control, to neutralize or to destroy."
        if action.attacker not in structure:
            return "The attacking Group must be yours."
        if not self._may_attack(action.attacker):
            if self.numbers.power(action.attacker) <= 0:
                return f"{self.title_of(action.attacker)} has no Power and cannot attack."
            return (
                f"{self.title_of(action.attacker)} has already taken part in an attack this turn."
            )
        target, owner = action.target, self.owner(action.target)
        if target in self.numbers.illuminati:
            return "An Illuminati card cannot be attacked."
        if target not in self.cards.group or (owner is None and target not in self.uncontrolled):
            return "That Group is not in play."
        if target == action.attacker or target in action.aiders:
            return "No Group attacks itself or aids an attack on itself."
        if action.how == "control":
            if owner == seat:
                return "You already control that Group."
            if action.side not in structure.free_arrows(action.attacker):
                return (
                    f"{self.title_of(action.attacker)} needs a free outward arrow to take control."
                )
        if action.how == "neutralize" and (owner is None or owner == seat):
            return "Only a Group another player controls can be neutralized."
        if action.card is not None:
            if (
                action.card not in self.specials[seat]
                or kind_of(action.card) != "whispering-campaign"
            ):
                return "Only Whispering Campaign attacks a Group with no Power."
            if action.how != "destroy" or self.numbers.power(target) > 0:
                return "Whispering Campaign destroys a Group with no Power."
            if action.privilege == action.card:
                return "The same card cannot also buy the privilege."
        elif action.how == "destroy" and self.numbers.power(target) <= 0:
            return "A Group with no Power can be destroyed only by Whispering Campaign."
        for aider in action.aiders:
            if aider not in structure or aider == action.attacker:
                return "Aid comes from other Groups of your own Power Structure."
            if self.numbers.transferable(aider) <= 0 or not self._free_to_act(aider):
                return f"{self.title_of(aider)} cannot aid this attack."
        if owner is not None and self.illuminati[owner] == "discordian-society":
            for card in (action.attacker, *action.aiders):
                if {"government", "straight"} & set(self.numbers.alignments(card)):
                    return "That Power Structure is safe from Government and Straight Groups."
        if action.privilege is not None:
            if action.privilege == "bavarian":
                if self.illuminati[seat] != "bavarian-illuminati" or self.bavarian_used:
                    return "Only the Bavarian Illuminati buy a privilege, once a turn."
                if self.money.get(self.illuminati[seat], 0) < 5:
                    return "A privilege costs 5 MB from the Illuminati treasury."
            elif action.privilege not in self.specials[seat]:
                return "Discard one of your own Special cards to make the attack privileged."
        return None

    def _transfer_refusal(self, seat: int, action: Transfer) -> str | None:
        structure = self.structures[seat]
        if action.source not in structure or action.target not in structure:
            return "Money moves between Groups of your own Power Structure."
        if not 0 < action.amount <= self.money.get(action.source, 0):
            return "Move only money that is there."
        bonus = self.bonus_transfer == (action.source, action.target)
        if not bonus and action.target not in self._transfer_targets(seat, action.source):
            return "Money moves only to an adjacent Group: the master or a puppet."
        free = bonus or self.free_money or self.free_transfers or self.phase == "reorganize"
        if not (free or self.actions_left):
            return "No money transfer is left this turn."
        return None

    def _spending_refusal(self, seat: int, action: Action) -> str | None:
        a = self.attack
        if isinstance(action, Pass):
            return None
        if isinstance(action, CallOff):
            if seat != a["seat"] or a["committed"]:
                return "Only the attacker calls an attack off, before any money is down."
            return None
        if not isinstance(action, Spend):
            return "An attack is under way: put money down or pass."
        if action.source not in self._spend_sources(seat):
            return "That treasury cannot pay for this attack."
        if not 0 < action.amount <= self.money.get(action.source, 0):
            return "Spend only money that is there."
        return None

    # -- moves ---------------------------------------------------------------------------------

    def perform(self, seat: int, action: Action) -> list[Event]:
        if self.phase == "goals":
            self.borrowed_goal[seat] = action.illuminati
            self.choosing.discard(seat)
            events = [
                Event(
                    f"You pursue the goal of the {self.numbers.name(action.illuminati)}.",
                    seen_by=frozenset({seat}),
                ),
                Event(f"{self.name(seat)} has chosen a goal.", hidden_from=frozenset({seat})),
            ]
            return events if self.choosing else events + self._begin_turn(self.current)
        if self.phase == "window":
            return self._window_choice(seat, action)
        if self.phase == "income":
            if not action.doubled:
                return self._collect(seat, doubled=False)
            card = next(c for c in self.specials[seat] if c.startswith("market-manipulation#"))
            self._discard_special(seat, card)
            events = [Event(f"{self.name(seat)} plays Market Manipulation!", reveals=True)]
            return events + self._played("income", [pending_special(seat, action, card)])
        if self.phase == "consent":
            return self._receive(seat, action)
        if self.phase == "spending":
            return self._spending(seat, action)
        who = self.name(seat)
        if self.bonus_transfer is not None:  # the capture's transfer comes at once or never
            is_bonus = (
                isinstance(action, Transfer)
                and (
                    action.source,
                    action.target,
                )
                == self.bonus_transfer
            )
            if not is_bonus:
                self.bonus_transfer = None
        if isinstance(action, EndTurn):
            return [Event(f"{who} ends the turn.")] + self._end_turn()
        if isinstance(action, Rearrange):
            self.phase = "reorganize"
            shown = self._reveal(seat, "it rearranges at the end of its turn")
            bermuda = self.illuminati[seat] == "bermuda-triangle"
            what = "Power Structure" if bermuda else "money"
            return shown + [Event(f"{who} rearranges the {what} freely to end the turn.")]
        if isinstance(action, Accuse):
            self.actions_left -= 1
            target = self.name(action.seat)
            named = self.numbers.name(action.illuminati)
            if self.illuminati[action.seat] == action.illuminati:
                return [Event(f"{who} names {target}'s Illuminati: the {named}. Right!")] + (
                    self._reveal(action.seat, "named by an accusation")
                )
            return [Event(f"{who} names {target}'s Illuminati: the {named}. Wrong.")]
        if isinstance(action, PassTurn):
            self._pay_from_bank(self.illuminati[seat], self.limits.pass_income)
            return [
                Event(f"{who} passes and takes {self.limits.pass_income} MB.")
            ] + self._end_turn()
        self.acted = True
        if isinstance(action, Attack):
            return self._announce(seat, action)
        if isinstance(action, Transfer):
            if self.bonus_transfer == (action.source, action.target):
                self.bonus_transfer = None
            elif self.free_money:
                pass  # White Collar Crime: this turn money moves at no cost
            elif self.free_transfers:
                self.free_transfers -= 1
            elif self.phase != "reorganize":
                self.actions_left -= 1
            self.money[action.source] -= action.amount
            self.money[action.target] = self.money.get(action.target, 0) + action.amount
            return [
                Event(
                    f"{who} moves {action.amount} MB from {self.title_of(action.source)} "
                    f"to {self.title_of(action.target)}."
                )
            ]
        if isinstance(action, Move):
            if self.phase != "reorganize":
                self.actions_left -= 1
            dropped = self.structures[seat].move(action.group, action.master, action.side)
            events = [
                Event(
                    f"{who} moves {self.title_of(action.group)} "
                    f"under {self.title_of(action.master)}."
                )
            ]
            return events + self._uncontrol(dropped)
        if isinstance(action, Drop):
            tree = self.structures[seat].cut(action.group)
            return [Event(f"{who} drops {self.title_of(action.group)}.")] + self._uncontrol(
                tree.cards()
            )
        if isinstance(action, GiveMoney):
            self.money[self.illuminati[seat]] -= action.amount
            target = self.illuminati[action.seat]
            self.money[target] = self.money.get(target, 0) + action.amount
            return [Event(f"{who} gives {action.amount} MB to {self.name(action.seat)}.")]
        if isinstance(action, GiveSpecial):
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
        if isinstance(action, GiveGroup):
            self.actions_left -= 1
            self.offer = {"from": seat, "to": action.seat, "group": action.group}
            self.phase = "consent"
            return [
                Event(f"{who} offers {self.title_of(action.group)} to {self.name(action.seat)}.")
            ]
        if isinstance(action, Shift):
            self.shifted_this_turn = True
            self.shifts[action.group] = self._shifted(action)
            now = ", ".join(self.cards.name(a) for a in self.shifts[action.group]) or "no alignment"
            return [
                Event(
                    f"The Orbital Mind Control Lasers make {self.title_of(action.group)} "
                    f"{now} this turn."
                )
            ]
        if isinstance(action, ExtraDraw):
            self.extra_drawn = True
            self._to_bank("recyclers", 5)
            return [Event(f"{who} pays 5 MB from the Recyclers for one more card.")] + self._draw(
                seat, 1
            )
        # A Special played in one's own turn.
        self._discard_special(seat, action.card)
        if kind_of(action.card) == "bribery":
            self.actions_left -= 1
        events = [Event(f"{who} plays {self.title_of(action.card)}.", reveals=True)]
        return events + self._played("own", [pending_special(seat, action, action.card)])

    def _uncontrol(self, cards: list[str]) -> list[Event]:
        for card in cards:
            self._clear(card)
            self.uncontrolled.append(card)
        if not cards:
            return []
        return [Event(", ".join(self.title_of(c) for c in cards) + " go uncontrolled.")]

    def _announce(self, seat: int, action: Attack) -> list[Event]:
        self.actions_left -= 1
        defender = self.owner(action.target)
        privileged = action.privilege is not None
        if action.privilege == "bavarian":
            self.bavarian_used = True
            self._to_bank(self.illuminati[seat], 5)
        elif privileged:
            self._discard_special(seat, action.privilege)
        if action.card is not None:
            self._discard_special(seat, action.card)
        for card in (action.attacker, *action.aiders):
            if card == "ufos":  # the UFOs take part in two attacks a turn
                self.ufo_attacks += 1
            self.attacked.add(card)
        order = [seat]
        if defender is not None:
            order.append(defender)
        if not privileged:
            order += [s for s in self.players() if s not in order]
        self.attack = {
            "seat": seat,
            "how": action.how,
            "attacker": action.attacker,
            "target": action.target,
            "aiders": list(action.aiders),
            "side": action.side,
            "defender": defender,
            "privileged": privileged,
            "committed": False,
            "order": order,
            "turn": 0,
            "passes": 0,
            "spent": {"attacker": 0, "group": 0, "illuminati": 0, "others": 0},
            "whisper": action.card is not None,
        }
        self.phase = "spending"
        shown = self._abilities_shown(seat, action)
        aid = (
            f", aided by {', '.join(self.title_of(a) for a in action.aiders)}"
            if action.aiders
            else ""
        )
        privilege = " (privileged)" if privileged else ""
        whisper = " with a Whispering Campaign" if action.card else ""
        events = shown + [
            Event(
                f"{self.name(seat)}: {self.title_of(action.attacker)}{aid} attacks to "
                f"{action.how} {self.title_of(action.target)}{privilege}{whisper}; "
                f"it needs {self.target_number()} or less.",
                reveals=action.card is not None or (privileged and action.privilege != "bavarian"),
            )
        ]
        if action.card is not None:
            return events + self._played("whisper", [pending_special(seat, action, action.card)])
        if action.privilege == "bavarian":
            return events + self._privilege_window()
        if privileged:
            return events + self._played(
                "declare", [pending_special(seat, action, action.privilege)]
            )
        return events

    def _abilities_shown(self, seat: int, action: Attack) -> list[Event]:
        """With hidden Illuminati, an ability of the attacker's Illuminati that works in this
        attack (a privilege bought, a bonus, the UFOs' second attack) turns the card up."""
        top = self.illuminati[seat]
        if action.privilege == "bavarian":
            return self._reveal(seat, "it buys a privilege")
        if top == "ufos" and self.ufo_attacks >= 2:
            return self._reveal(seat, "it takes part in a second attack")
        real = self.numbers.name(top)
        raw = breakdown(self.cards, self.announced(), self.shifts, self.power_bonus)
        if any(label.startswith(real) and not label.startswith("Power") for label, _ in raw):
            return self._reveal(seat, "its ability counts in this attack")
        return []

    def announced(self) -> Announced:
        a = self.attack
        defender = a["defender"]
        depth = self.structures[defender].depth(a["target"]) if defender is not None else None
        return Announced(
            a["how"],
            a["attacker"],
            a["target"],
            tuple(a["aiders"]),
            frozenset(self.structures[a["seat"]]),
            depth,
            defender == a["seat"],
            frozenset(self.structures[defender]) if defender is not None else frozenset(),
            a["whisper"],
        )

    def lines(self) -> list[tuple[str, int]]:
        s = self.attack["spent"]
        lines = breakdown(self.cards, self.announced(), self.shifts, self.power_bonus)
        lines += spending_lines(s["attacker"], s["group"], s["illuminati"], s["others"])
        hidden = {
            self.numbers.name(self.illuminati[x]): self.title_of(self.illuminati[x])
            for x in range(self.seats)
            if x not in self.revealed
        }
        if not hidden:
            return lines
        masked = []
        for label, value in lines:
            for real, shown in hidden.items():
                label = label.replace(real, shown)
            masked.append((label, value))
        return masked

    def target_number(self) -> int:
        return sum(v for _, v in self.lines())

    def _spending(self, seat: int, action: Action) -> list[Event]:
        a = self.attack
        who = self.name(seat)
        if isinstance(action, CallOff):
            for card in (a["attacker"], *a["aiders"]):  # nobody took part after all
                self.attacked.discard(card)
                if card == "ufos":
                    self.ufo_attacks -= 1
            self.attack = None
            self.phase = "actions"
            self.actions_left += 1  # an attack called off is no action
            return [Event(f"{who} calls the attack off.")]
        if isinstance(action, Pass):
            a["passes"] += 1
            if a["passes"] >= len(a["order"]):
                return self._roll_dice()
            a["turn"] = (a["turn"] + 1) % len(a["order"])
            return []
        a["committed"] = True
        a["passes"] = 0
        self._to_bank(action.source, action.amount)
        if seat == a["seat"]:
            a["spent"]["attacker"] += action.amount
        elif seat == a["defender"]:
            key = "group" if action.source == a["target"] else "illuminati"
            a["spent"][key] += action.amount
        else:
            a["spent"]["others"] += action.amount if action.helps else -action.amount
        a["turn"] = (a["turn"] + 1) % len(a["order"])
        side = (
            ""
            if seat in (a["seat"], a["defender"])
            else (" to help" if action.helps else " against it")
        )
        return [
            Event(
                f"{who} spends {action.amount} MB{side}; "
                f"the attack needs {self.target_number()} or less."
            )
        ]

    def _roll_dice(self) -> list[Event]:
        self.last_roll = self._roll()
        self.attack["roll"] = sum(self.last_roll)
        events = [
            Event(
                f"The dice roll {self.last_roll[0]} + {self.last_roll[1]} = {sum(self.last_roll)}.",
                reveals=True,
            )
        ]
        holders = self._holders()
        if holders:
            self._open_window("roll", holders)
            return events
        return events + self._resolve()

    def _resolve(self) -> list[Event]:
        a = self.attack
        target_number = self.target_number()
        self.attack = None
        self.phase = "actions"
        if not succeeds(target_number, a["roll"], self.limits.automatic_failure):
            return [Event(f"The attack fails ({a['roll']} against {target_number}).")]
        events = [Event(f"The attack succeeds ({a['roll']} against {target_number}).")]
        seat, target, defender = a["seat"], a["target"], a["defender"]
        if a["how"] == "control":
            if defender is None:
                self.uncontrolled.remove(target)
                self.structures[seat].attach(target, a["attacker"], a["side"])
                dropped: list[str] = []
            else:
                tree = self.structures[defender].cut(target)
                for card in tree.cards():  # half the money comes along, the rest to the bank
                    money = self.money.pop(card, 0)
                    self.bank += money - money // 2
                    if money // 2:
                        self.money[card] = money // 2
                dropped = self.structures[seat].graft(tree, a["attacker"], a["side"])
            self.bonus_transfer = (a["attacker"], target)
            events.append(Event(f"{self.name(seat)} now controls {self.title_of(target)}."))
            return events + self._uncontrol(dropped) + self._eliminations()
        if a["how"] == "neutralize":
            tree = self.structures[defender].cut(target)
            return events + self._uncontrol(tree.cards()) + self._eliminations()
        if defender is None:
            self.uncontrolled.remove(target)
            puppets: list[str] = []
        else:
            puppets = self.structures[defender].cut(target).cards()[1:]
            self._clear(target)
        self.dead.append(target)
        self.destroyed[seat] += 1
        events.append(Event(f"{self.title_of(target)} is destroyed."))
        return events + self._uncontrol(puppets) + self._eliminations()

    # -- words ------------------------------------------------------------------------------

    def describe(self, action: Action, seat: int | None = None) -> str:
        """A move in words for the buttons, menus and the move list."""
        t = self.title_of
        if isinstance(action, Attack):
            aid = f", aided by {', '.join(t(a) for a in action.aiders)}" if action.aiders else ""
            extra = ""
            if action.privilege == "bavarian":
                extra = ", privileged for 5 MB"
            elif action.privilege:
                extra = f", privileged by discarding {t(action.privilege)}"
            if action.card:
                extra += " (Whispering Campaign)"
            return f"{t(action.attacker)} attacks to {action.how} {t(action.target)}{aid}{extra}"
        if isinstance(action, Spend):
            side = ""
            if self.attack and seat not in (self.attack["seat"], self.attack["defender"]):
                side = " to help the attacker" if action.helps else " against the attack"
            return f"Spend {action.amount} MB from {t(action.source)}{side}"
        if isinstance(action, Pass):
            return "Play nothing" if self.phase == "window" else "Spend nothing more"
        if isinstance(action, Transfer):
            return f"Move {action.amount} MB from {t(action.source)} to {t(action.target)}"
        if isinstance(action, Move):
            return f"Move {t(action.group)} under {t(action.master)} ({action.side} arrow)"
        if isinstance(action, Drop):
            return f"Drop {t(action.group)}"
        if isinstance(action, GiveMoney):
            return f"Give {action.amount} MB to {self.name(action.seat)}"
        if isinstance(action, GiveSpecial):
            return f"Give {t(action.card)} to {self.name(action.seat)}"
        if isinstance(action, GiveGroup):
            return f"Offer {t(action.group)} to {self.name(action.seat)}"
        if isinstance(action, Receive):
            if action.master is None:
                return "Refuse the Group offered"
            return f"Take the Group under {t(action.master)} ({action.side} arrow)"
        if isinstance(action, PlaySpecial):
            if self.phase == "window" and self.window and self.window["kind"] == "answer":
                return f"Cancel {t(action.target)} with {t(action.card)}"
            on = f" on {t(action.target)}" if action.target else ""
            to = f" on {self.name(action.seat)}" if action.seat is not None else ""
            return f"Play {t(action.card)}{on}{to}"
        if isinstance(action, Abolish):
            return f"Discard {' and '.join(t(c) for c in action.cards)} to abolish the privilege"
        if isinstance(action, TakeIncome):
            return (
                "Collect income, doubled by Market Manipulation"
                if action.doubled
                else "Collect income"
            )
        if isinstance(action, PassTurn):
            return f"Do nothing this turn and take {self.limits.pass_income} MB"
        if isinstance(action, ChooseGoal):
            goal = self.numbers.illuminati[action.illuminati].goal
            name = self.numbers.name(action.illuminati)
            counts = "" if self.options["hidden_goals"] else " (it counts for the UFOs only)"
            return f"Pursue the goal of the {name}{counts}: {goal.text if goal else ''}"
        if isinstance(action, Shift):
            return f"Lasers: {action.how} {self.cards.name(action.alignment)} for {t(action.group)}"
        if isinstance(action, ExtraDraw):
            return "Recyclers: 5 MB for one more card"
        if isinstance(action, Rearrange):
            return "Rearrange freely to end the turn (turns your Illuminati up)"
        if isinstance(action, Accuse):
            named = self.numbers.name(action.illuminati)
            return f"Accuse {self.name(action.seat)} of leading the {named}"
        if isinstance(action, CallOff):
            return "Call the attack off"
        return "End your turn"

    # -- the view ---------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        def money(card: str, owner: int) -> int | None:
            if self.options["stacked_money"] and seat != owner:
                return None
            return self.money.get(card, 0)

        structures = []
        for owner, structure in enumerate(self.structures):
            known = owner in self.revealed or owner == seat
            # A face-down Illuminati card is "illuminati" to those who may not know it.
            masked = {} if known else {structure.root: "illuminati"}
            cards = []
            for card, place in structure.places.items():
                cards.append(
                    {
                        "id": masked.get(card, card),
                        "name": self.title_of(card),
                        "cell": list(place.cell),
                        "turn": place.turn,
                        "master": masked.get(place.master, place.master),
                        "free_arrows": structure.free_arrows(card),
                        "money": money(card, owner),
                    }
                )
            structures.append(
                {
                    "seat": owner,
                    "name": self.name(owner),
                    "illuminati": self.illuminati[owner] if known else None,
                    "cards": cards,
                    "specials": len(self.specials[owner]),
                    "eliminated": self.eliminated[owner],
                }
            )
        attack = None
        if self.attack is not None:
            attack = {
                **{k: v for k, v in self.attack.items() if k not in ("order", "turn", "passes")},
                "lines": [list(line) for line in self.lines()],
                "target_number": self.target_number(),
            }
        view = {
            "me": seat,
            "phase": self.phase,
            "current": self.current,
            "actions_left": self.actions_left,
            "free_transfers": self.free_transfers,
            "goal": self.goal,
            "structures": structures,
            "uncontrolled": list(self.uncontrolled),
            "dead": list(self.dead),
            "deck": len(self.deck),
            "attack": attack,
            "dice": list(self.last_roll),
            "my_specials": list(self.specials[seat]) if seat is not None else None,
            "my_goal": self.borrowed_goal.get(seat) if seat is not None else None,
            "my_illuminati": self.illuminati[seat] if seat is not None else None,
            "window": None
            if self.window is None
            else {"kind": self.window["kind"], "waiting": sorted(self.window["waiting"])},
        }
        if self.is_over():
            view["result"] = self.result()
        return view
