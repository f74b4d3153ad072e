"""Attacks: what may attack what, the money put down in turns, the dice and the results.

Mixed into the game (see rules.py). An attack is announced, then the attacker, the
defender and (unless it is privileged) everyone else put money down in turn until all
pass; the dice roll; a window lets anyone play Assassination or Murphy's Law; then the
result is applied.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from illusio_table.engine import HIDDEN_SHOWN, Action, Event

from .actions import (
    PASS,
    PASS_ON_ATTACK,
    Attack,
    CallOff,
    Pass,
    PassOnAttack,
    PlaySpecial,
    Spend,
    attack,
    stakes,
)
from .attack import Attack as Announced
from .attack import breakdown, chance, needs_words, spending_lines, succeeds
from .cards import IlluminatiCards
from .geometry import SIDE_NAMES
from .specials import ANY_TIME, SpecialCards, kind_of
from .state import AttackUnderWay, IlluminatiPhase, Outcome, Pending

DISCORD_BARRED = {"government", "straight"}  # they may not act against the Discordians


class Attacks(SpecialCards):
    """Attacks: announced, paid for, rolled and resolved (the second family of moves)."""

    def _attack_moves(self, seat: int) -> list[Action]:
        """Every attack, alone and with every Group free to aid it (other sets are accepted).

        Built valid by construction (the same tests as `_attack_refusal`, made once per
        attacker rather than once per move): listing attacks is the costliest part of a turn.
        """
        moves: list[Action] = []
        structure = self.structures[seat]
        attackers = [c for c in structure if self._may_attack(c)]
        if not attackers:  # every Group has had its attack this turn, often
            return moves
        numbers = self.numbers
        helpers = [c for c in structure if numbers.transferable(c) > 0 and self._free_to_act(c)]
        whisper = next(
            (c for c in self.specials[seat] if kind_of(c) == "whispering-campaign"), None
        )
        # What each target brings whoever attacks it, found once rather than once an
        # attacker: (target, the kinds of attack open without and with a free arrow,
        # whether its structure is known to be the Discordians', whether it has no Power).
        targets: list[tuple[str, list[str], list[str], bool, bool]] = []
        others = [s for s in self.players() if s != seat]
        for owner in (None, *others, seat):  # the uncontrolled, the others', one's own
            # (A player may also try to destroy a Group of their own, rulebook p. 6.)
            cards: Iterable[str] = self.uncontrolled if owner is None else self.structures[owner]
            root = None if owner is None else self.structures[owner].root
            own = owner == seat
            discordian = self._known_discordian(seat, owner)
            for target in cards:
                if target == root:
                    continue
                powerless = numbers.power(target) <= 0
                kinds = ["neutralize"] if owner is not None and not own else []
                if not powerless or whisper is not None:
                    kinds.append("destroy")
                targets.append(
                    (target, kinds, kinds if own else ["control", *kinds], discordian, powerless)
                )
        if not targets:
            return moves
        privileges = self._privileges(seat)
        around, bonus = self._money_around(seat), self._ability_bonus(seat)
        for attacker in attackers:
            most = self._most_money(seat, attacker, around)
            # Weighed one by one only where the attacker's Power, its bonuses and the money
            # about could fall short of the strongest Group (rarely: this runs every turn).
            weighed = most is not None and (
                numbers.power(attacker) + bonus + most - _strongest(self.cards) < 2
            )
            free = structure.free_arrows(attacker)
            side = free[0] if free else None
            barred = bool(DISCORD_BARRED & set(numbers.alignments(attacker)))
            aiding = tuple(c for c in helpers if c != attacker)
            for target, unsided, sided, discordian, powerless in targets:
                if target == attacker:
                    continue
                aiders = aiding
                if discordian:
                    if barred:
                        continue
                    aiders = tuple(
                        c for c in aiders if not DISCORD_BARRED & set(numbers.alignments(c))
                    )
                if target in aiders:  # one of the seat's own Groups
                    aiders = tuple(c for c in aiders if c != target)
                for how in sided if side else unsided:
                    where = side if how == "control" else None
                    card = whisper if how == "destroy" and powerless else None
                    bound = helped = 2  # hopeless ones are left out (see `_hopeless`)
                    if weighed:
                        alone = attack(how, attacker, target, (), where, None, card)
                        bound = self._roll_at_most(seat, alone, bonus)
                        helped = bound + sum(numbers.transferable(a) for a in aiders)
                    for privilege in (None, *privileges):
                        if privilege is not None and privilege == card:
                            continue
                        alone = attack(how, attacker, target, (), where, privilege, card)
                        if not weighed or self._hopeless(seat, alone, most, bound) is None:
                            moves.append(alone)
                        if aiders:
                            aided = attack(how, attacker, target, aiders, where, privilege, card)
                            if not weighed or self._hopeless(seat, aided, most, helped) is None:
                                moves.append(aided)
        return moves

    def _privileges(self, seat: int) -> list[str]:
        """What may make an attack privileged now: the Bavarians' 5 MB (once a turn) and
        one Special of each kind held (cards of a kind do the same)."""
        found = []
        if (
            self.illuminati[seat] == "bavarian-illuminati"
            and not self.bavarian_used
            and self.money.get(self.illuminati[seat], 0) >= 5
        ):
            found.append("bavarian")
        kinds: dict[str, str] = {}
        for card in self.specials[seat]:
            kinds.setdefault(kind_of(card), card)
        return found + list(kinds.values())

    def _may_attack(self, card: str) -> bool:
        return self.numbers.power(card) > 0 and self._free_to_act(card)

    def _free_to_act(self, card: str) -> bool:
        """A Group takes part in one attack a turn (attacking or aiding); the UFOs in two."""
        if card == "ufos":
            return self.ufo_attacks < 2
        return card not in self.attacked

    def _spending_moves(self, seat: int) -> list[Action]:
        a = self._attack_now()
        moves: list[Action] = [PASS]
        if seat != a.seat:
            moves.append(PASS_ON_ATTACK)
        if seat == a.seat and not a.committed:
            moves.append(CallOff())
        sided = seat != a.seat and seat != a.defender
        for source in self._spend_sources(seat):
            moves += stakes(source, self.money.get(source, 0), sided)
        # Specials are played "at any time" when it is one's turn to spend too, and money
        # and Specials may be given away then (but not in a privileged attack).
        if self.specials[seat]:
            moves += self._any_time_moves(seat)
        moves += self._gift_moves(seat)
        return moves

    def _spend_sources(self, seat: int) -> list[str]:
        a = self._attack_now()
        if seat == a.seat:
            return (
                [a.attacker, self.illuminati[seat]]
                if a.attacker != self.illuminati[seat]
                else [a.attacker]
            )
        if seat == a.defender:
            return [a.target, self.illuminati[seat]]
        return [self.illuminati[seat]]

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
        if action.how != "control" and action.side is not None:
            return "Only an attack to control names the arrow the Group will hang from."
        if action.how == "control":
            if owner == seat:
                return "You already control that Group."
            free = structure.free_arrows(action.attacker)
            if not free:
                return (
                    f"{self.title_of(action.attacker)} needs a free outward arrow to take control."
                )
            if action.side not in free:
                sides = ", ".join(SIDE_NAMES.get(f, f) for f in free)
                return (
                    f"Say which free arrow of {self.title_of(action.attacker)} the Group will "
                    f"hang from: {sides}."
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
            if self.numbers.transferable(aider) <= 0:
                return f"{self.title_of(aider)} has no transferable Power to aid with."
            if not self._free_to_act(aider):
                return f"{self.title_of(aider)} has already attacked or aided this turn."
        if self._known_discordian(seat, owner) and self._barred(action):
            return "That Power Structure is safe from Government and Straight Groups."
        if action.privilege is not None:
            if action.privilege == "bavarian":
                if self.illuminati[seat] != "bavarian-illuminati" or self.bavarian_used:
                    return "Only the Bavarian Illuminati buy a privilege, once a turn."
                if self.money.get(self.illuminati[seat], 0) < 5:
                    return "A privilege costs 5 MB from the Illuminati treasury."
            elif action.privilege not in self.specials[seat]:
                return "Discard one of your own Special cards to make the attack privileged."
        around = self._money_around(seat)
        return self._hopeless(seat, action, self._most_money(seat, action.attacker, around))

    def _hopeless(
        self, seat: int, action: Attack, most: int | None, bound: int | None = None
    ) -> str | None:
        """An attack that all the money that could go down on it would not bring to a roll
        of 2 is refused, in words (the card file's reading `hopeless-attacks`). The money
        counted is all a player at the table could see go down: the attacking Group's and
        its Illuminati's (the whole structure's with White Collar Crime in hand, and what
        the seat's own Slush Fund or Swiss Bank Account would bring), every other
        player's Illuminati treasury, and for a player holding Specials their whole
        structure's money and all three money Specials. A treasury hidden (stacked money,
        hidden Illuminati) could hold anything: then no attack is refused for this.
        `most`: the money that could go down (`_most_money`); `bound`: `_roll_at_most`, if
        known."""
        if most is None:
            return None
        # Worked out exactly only where a bound from the printed numbers leaves it open:
        # listing attacks is the costliest part of a turn.
        if bound is None:
            bound = self._roll_at_most(seat, action, self._ability_bonus(seat))
        if bound + most >= 2:
            return None
        number = self._known_number(seat, action)
        if number + most >= 2:
            return None
        return (
            f"This attack cannot succeed: it needs {number} or less on two dice, and all the "
            f"money that could go down on it ({most} MB) would raise that only to "
            f"{number + most}."
        )

    def _roll_at_most(self, seat: int, action: Attack, bonus: int) -> int:
        """A bound the attack's number before money cannot pass (see `breakdown`): every
        Power it brings, the least Resistance (or Power) it faces, every pair of
        alignments alike or opposed counted in its favour, the bonus to neutralize, and
        `bonus`, every bonus an ability in the seat's structure could give
        (`_ability_bonus`)."""
        n, cards = self.numbers, self.cards
        number = n.power(action.attacker) + sum(n.transferable(a) for a in action.aiders)
        if action.how == "destroy" and action.card is None:
            number -= cards.group[action.target].power
        else:
            number -= _least_resistance(cards, action.target)
        # Each pair of alignments alike or opposed counts once, for or against: counted for.
        theirs = n.alignments(action.target)
        pairs = _meeting(cards, n.alignments(action.attacker), theirs)
        if any(ability.kind == "counts-as" for ability in n.abilities(action.attacker)):
            pairs += len(theirs)  # it may count as another alignment against this one
        number += cards.rules.alignment_modifier * pairs
        number += cards.rules.neutralize_bonus if action.how == "neutralize" else 0
        return number + bonus

    def _ability_bonus(self, seat: int) -> int:
        """Every bonus to an attack the abilities in the seat's structure could give."""
        return sum(
            max(0, ability.value)
            for card in self.structures[seat]
            for ability in self.numbers.abilities(card)
            if ability.kind in ("attack-bonus", "discordian")
        )

    def _most_money(self, seat: int, attacker: str, around: int | None) -> int | None:
        """The most money that could go down on an attack by `attacker` (see `_hopeless`),
        `around` the other players' part of it (`_money_around`); None where a hidden
        treasury leaves it open."""
        if around is None:
            return None
        top = self.illuminati[seat]
        held = {kind_of(c) for c in self.specials[seat]}
        if "white-collar-crime" in held:
            most = self.total_money(seat) + 5
        else:
            most = self.money.get(attacker, 0)
            most += self.money.get(top, 0) if attacker != top else 0
        return most + 15 * ("slush-fund" in held) + 25 * ("swiss-bank-account" in held) + around

    def _money_around(self, seat: int) -> int | None:
        """The other players' part of `_most_money`; None where their money is hidden
        from the seat (stacked money: each sees only the money on their own cards)."""
        if self.options["stacked_money"]:
            return None
        most = 0
        for other in self.players():
            if other == seat:
                continue
            if self.options["hidden_illuminati"] and other not in self.revealed:
                return None
            if self.specials[other]:
                most += self.total_money(other) + 45
            else:
                most += self.money.get(self.illuminati[other], 0)
        return most

    # -- while money goes down: the rules of the "spending" phase (see rules.py) -------------

    def _pass_on_attack_refusal(self, seat: int, action: PassOnAttack) -> str | None:
        if seat == self._attack_now().seat:
            return "The attacker passes for now; only the others pass on the whole attack."
        return None

    def _call_off_refusal(self, seat: int, action: CallOff) -> str | None:
        a = self._attack_now()
        if seat != a.seat or a.committed:
            return "Only the attacker calls an attack off, before any money is down."
        return None

    def _spending_special_refusal(self, seat: int, action: PlaySpecial) -> str | None:
        if action.card not in self.specials[seat] or kind_of(action.card) not in ANY_TIME:
            return "While money goes down, only the Specials played at any time are played."
        return self._any_time_refusal(seat, action)

    def _spend_refusal(self, seat: int, action: Spend) -> str | None:
        a = self._attack_now()
        if action.source not in self._spend_sources(seat):
            return "That treasury cannot pay for this attack."
        if not action.helps and seat in (a.seat, a.defender):
            return "Your money always works for your own side of the attack."
        if not 0 < action.amount <= self.money.get(action.source, 0):
            return "Spend only money that is there."
        return None

    def _known_discordian(self, seat: int, owner: int | None) -> bool:
        """Whether the attacker knows the target's structure is the Discordians' (face up,
        or its own): only then are attacks on it barred before they are made."""
        if owner is None or self.illuminati[owner] != "discordian-society":
            return False
        return owner == seat or owner in self.revealed

    def _barred(self, action: Attack) -> bool:
        return any(
            DISCORD_BARRED & set(self.numbers.alignments(card))
            for card in (action.attacker, *action.aiders)
        )

    def _announce(self, seat: int, action: Attack) -> list[Event]:
        defender = self.owner(action.target)
        if (
            defender is not None
            and self.illuminati[defender] == "discordian-society"
            and self._barred(action)
        ):
            # A face-down Discordian Society: its immunity shows, and turns the card up.
            self.actions_left -= 1
            for card in (action.attacker, *action.aiders):
                self.attacked.add(card)
            return self._reveal(defender, "its immunity stops an attack") + [
                Event(
                    f"{self.name(seat)}'s attack on {self.title_of(action.target)} is stopped: "
                    "the Discordian Society is safe from Government and Straight Groups."
                )
            ]
        self.actions_left -= 1
        privileged = action.privilege is not None
        if action.privilege == "bavarian":
            self.bavarian_used = True
            self._to_bank(self.illuminati[seat], 5)
        elif action.privilege is not None:
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
        self.attack = AttackUnderWay(
            seat=seat,
            how=action.how,
            attacker=action.attacker,
            target=action.target,
            aiders=list(action.aiders),
            side=action.side,
            defender=defender,
            privileged=privileged,
            order=order,
            whisper=action.card is not None,
        )
        self.phase = IlluminatiPhase.SPENDING
        shown = self._abilities_shown(seat, action)
        reveals = action.card is not None or (privileged and action.privilege != "bavarian")
        if self.quiet:  # the words only for readers (a rollout, self-play)
            events = shown + ([HIDDEN_SHOWN] if reveals else [])
        else:
            aid = (
                f", aided by {', '.join(self.title_of(a) for a in action.aiders)}"
                if action.aiders
                else ""
            )
            privilege = " (privileged)" if privileged else ""
            whisper = " with a Whispering Campaign" if action.card else ""
            odds = f"; {needs_words(self.target_number())}"
            events = shown + [
                Event(
                    f"{self.name(seat)}: {self.title_of(action.attacker)}{aid} attacks to "
                    f"{action.how} {self.title_of(action.target)}{privilege}{whisper}{odds}.",
                    reveals=reveals,
                )
            ]
        if action.card is not None:
            return events + self._played("whisper", [Pending(seat, action.card, action)])
        if action.privilege == "bavarian":
            return events + self._privilege_window()
        if action.privilege is not None:
            return events + self._played("declare", [Pending(seat, action.privilege, action)])
        return events

    def _abilities_shown(self, seat: int, action: Attack) -> list[Event]:
        """With hidden Illuminati, an ability of the attacker's Illuminati that works in this
        attack (a privilege bought, a bonus, the UFOs' second attack) turns the card up."""
        top = self.illuminati[seat]
        if top == action.attacker or top in action.aiders:
            # Its Power is on the table: that number alone names most Illuminati.
            return self._reveal(seat, "it attacks or aids with its own Power")
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
        a = self._attack_now()
        return self._announcement(
            a.seat,
            a.defender,
            a.how,
            a.attacker,
            a.target,
            a.aiders,
            a.whisper,
        )

    def _announcement(
        self,
        seat: int,
        defender: int | None,
        how: str,
        attacker: str,
        target: str,
        aiders: tuple[str, ...] | list[str],
        whisper: bool,
    ) -> Announced:
        depth = self.structures[defender].depth(target) if defender is not None else None
        return Announced(
            how,
            attacker,
            target,
            tuple(aiders),
            frozenset(self.structures[seat]),
            depth,
            defender == seat,
            frozenset(self.structures[defender]) if defender is not None else frozenset(),
            whisper,
        )

    def hint(self, action: Action, seat: int | None = None) -> str:
        """The roll an attack the seat may announce would need, before any money: worked
        out from the seat's own cards and what lies face up (the others' hidden
        Illuminati change no number before they show themselves)."""
        if not isinstance(action, Attack) or seat is None or seat != self.current:
            return ""
        if action.attacker not in self.structures[seat] or action.target in self.dead:
            return ""
        number = self._known_number(seat, action)
        if number < 2:
            return f"cannot succeed without {2 - number} MB put down"
        return f"{min(number, 10)} or less · {chance(number):.0%}"

    def _known_number(self, seat: int, action: Attack) -> int:
        """The roll the attack would need before any money, as the seat can work it out
        (its own cards and what lies face up)."""
        announced = self._announcement(
            seat,
            self.owner(action.target),
            action.how,
            action.attacker,
            action.target,
            action.aiders,
            action.card is not None,
        )
        return sum(v for _, v in breakdown(self.cards, announced, self.shifts, self.power_bonus))

    def lines(self) -> list[tuple[str, int]]:
        s = self._attack_now().spent
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

    def _spending_special(self, seat: int, action: PlaySpecial) -> list[Event]:
        """A Special played "at any time" while money goes down: the same player then
        spends or passes."""
        self._discard_special(seat, action.card)
        events = [Event(f"{self.name(seat)} plays {self.title_of(action.card)}.", reveals=True)]
        return events + self._played("spend-own", [Pending(seat, action.card, action)])

    def _call_off(self, seat: int, action: CallOff) -> list[Event]:
        a = self._attack_now()
        for card in (a.attacker, *a.aiders):  # nobody took part after all
            self.attacked.discard(card)
            if card == "ufos":
                self.ufo_attacks -= 1
        self.attack = None
        self.phase = IlluminatiPhase.ACTIONS
        self.actions_left += 1  # an attack called off is no action
        return [] if self.quiet else [Event(f"{self.name(seat)} calls the attack off.")]

    def _pass_on_attack(self, seat: int, action: PassOnAttack) -> list[Event]:
        self._attack_now().out.append(seat)
        if self.quiet:
            return self._next_to_spend()
        return [Event(f"{self.name(seat)} passes on this attack.")] + self._next_to_spend()

    def _spend_nothing(self, seat: int, action: Pass) -> list[Event]:
        self._attack_now().passes += 1
        return self._next_to_spend()

    def _spend(self, seat: int, action: Spend) -> list[Event]:
        a = self._attack_now()
        who = self.name(seat)
        a.committed = True
        a.passes = 0
        self._to_bank(action.source, action.amount)
        if seat == a.seat:
            a.spent["attacker"] += action.amount
        elif seat == a.defender:
            key = "group" if action.source == a.target else "illuminati"
            a.spent[key] += action.amount
        else:
            a.spent["others"] += action.amount if action.helps else -action.amount
        self._pass_turn_on()  # (no dice: money just went down)
        if self.quiet:  # the attack's new odds are words for readers only
            return []
        side = (
            "" if seat in (a.seat, a.defender) else (" to help" if action.helps else " against it")
        )
        return [
            Event(
                f"{who} spends {action.amount} MB{side}; "
                f"the attack: {needs_words(self.target_number())}."
            )
        ]

    def _next_to_spend(self) -> list[Event]:
        """The next player in turn who has not passed on the attack; the dice once every
        such player has passed since the last money went down."""
        a = self._attack_now()
        if a.passes >= len([s for s in a.order if s not in a.out]):
            return self._roll_dice()
        self._pass_turn_on()
        return []

    def _pass_turn_on(self) -> None:
        """The turn to spend goes to the next player who has not passed on the attack."""
        a = self._attack_now()
        order, out = a.order, a.out
        turn = (a.turn + 1) % len(order)
        while order[turn] in out:
            turn = (turn + 1) % len(order)
        a.turn = turn

    def _roll_dice(self) -> list[Event]:
        self.last_roll = self._roll()
        self._attack_now().roll = sum(self.last_roll)
        events = [
            HIDDEN_SHOWN
            if self.quiet
            else Event(
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
        a = self._attack_now()
        roll = a.roll
        assert roll is not None  # resolved once the dice are rolled
        target_number = self.target_number()
        self.attack = None
        self.phase = IlluminatiPhase.ACTIONS
        won = succeeds(target_number, roll, self.limits.automatic_failure)
        result = {"control": "captured", "neutralize": "neutralized", "destroy": "destroyed"}
        # What the table shows where it happened, until the next attack is over.
        self.outcome = Outcome(
            a.target, a.how, roll, target_number, result[a.how] if won else "failed"
        )
        if not won:
            return [Event(f"The attack fails ({roll} against {target_number}).")]
        events = [Event(f"The attack succeeds ({roll} against {target_number}).")]
        seat, target, defender = a.seat, a.target, a.defender
        if a.how == "control":
            side = a.side
            assert side is not None  # refused otherwise: a Group controlled hangs under an arrow
            self.bonus_transfer = (a.attacker, target)
            events.append(Event(f"{self.name(seat)} now controls {self.title_of(target)}."))
            if defender is None:
                self.uncontrolled.remove(target)
                self.structures[seat].attach(target, a.attacker, side)
                return events
            tree = self.structures[defender].cut(target)
            for card in tree.cards():  # half the money comes along, the rest to the bank
                money = self.money.pop(card, 0)
                self.bank += money - money // 2
                if money // 2:
                    self.money[card] = money // 2
            events += self._hang(seat, tree, a.attacker, side)
            return events + self._eliminations(by=seat)
        if a.how == "neutralize":
            assert defender is not None  # refused otherwise: only a controlled Group
            tree = self.structures[defender].cut(target)
            return events + self._uncontrol(tree.cards()) + self._eliminations(by=seat)
        if defender is None:
            self.uncontrolled.remove(target)
            puppets: list[str] = []
        else:
            puppets = self.structures[defender].cut(target).cards()[1:]
            self._clear(target)
        self.dead.append(target)
        self.destroyed[seat] += 1
        events.append(Event(f"{self.title_of(target)} is destroyed."))
        return events + self._uncontrol(puppets) + self._eliminations(by=seat)


# The parts of `_roll_at_most` that only the card file decides, worked out once: it is
# asked for every attack listed.


@functools.cache
def _least_resistance(cards: IlluminatiCards, group: str) -> int:
    """A Group's Resistance, or less where an ability lowers it against some attackers."""
    target = cards.group[group]
    lowered = [a.value for a in target.abilities if a.kind == "resistance-against"]
    return min([target.resistance, *lowered])


@functools.cache
def _meeting(cards: IlluminatiCards, mine: tuple[str, ...], theirs: tuple[str, ...]) -> int:
    """How many pairs of these alignments are alike or opposed."""
    return sum(1 for a in mine for d in theirs if a == d or cards.opposed(a, d))


@functools.cache
def _strongest(cards: IlluminatiCards) -> int:
    """The most any Group stands against an attack with (its Resistance, or its Power
    against an attack to destroy it)."""
    return max(max(g.resistance, g.power) for g in cards.groups)
