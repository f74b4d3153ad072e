"""The number an attack must roll, as a breakdown a player can check line by line.

Every modifier of the rules is one line (label, value); the target number is their sum.
Money spent during the attack adds lines of its own (`spending_lines`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from illusio_table.engine.frozen import Frozen

from .cards import Ability, IlluminatiCards

KINDS = ("control", "neutralize", "destroy")


@dataclass(frozen=True)
class Attack(Frozen):
    """An announced attack, with what the breakdown needs to know about the table.

    `holdings` are the cards of the attacking player (for "any attempt" abilities);
    `defender_depth` is how many Groups the defender hangs below its Illuminati (None when
    uncontrolled); `defender_holdings` are its owner's cards (for the Survivalists).
    """

    kind: str
    attacker: str
    defender: str
    aiders: tuple[str, ...] = ()
    holdings: frozenset[str] = frozenset()
    defender_depth: int | None = None
    own_target: bool = False
    defender_holdings: frozenset[str] = frozenset()
    whispering: bool = False  # Whispering Campaign: Power against Resistance, to destroy


Line = tuple[str, int]


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Numbers:
    """Power, alignments and abilities of any card, Illuminati or Group, by id."""

    def __init__(
        self,
        cards: IlluminatiCards,
        shifts: dict[str, tuple[str, ...]] | None = None,
        bonus: dict[str, int] | None = None,
    ) -> None:
        self.cards = cards
        self.illuminati = {i.id: i for i in cards.illuminati}
        # Alignments the Orbital Mind Control Lasers changed: the match's own dict, shared
        # (not copied), so that a change this turn counts everywhere at once.
        self.shifts = shifts if shifts is not None else {}
        self.bonus = bonus or {}  # Power added by an option (the UFOs with hidden goals)

    def name(self, card: str) -> str:
        found = self.illuminati.get(card) or self.cards.group[card]
        return found.name

    def power(self, card: str) -> int:
        return (self.illuminati.get(card) or self.cards.group[card]).power + self.bonus.get(card, 0)

    def transferable(self, card: str) -> int:
        return (self.illuminati.get(card) or self.cards.group[card]).transferable

    def alignments(self, card: str) -> tuple[str, ...]:
        if card in self.illuminati:
            return ()
        return self.shifts.get(card, self.cards.group[card].alignments)

    def abilities(self, card: str) -> tuple[Ability, ...]:
        if card in self.illuminati:
            ability = self.illuminati[card].ability
            return (ability,) if ability is not None else ()
        return self.cards.group[card].abilities


def aims_at(ability: Ability, kind: str, defender: str, alignments: tuple[str, ...]) -> bool:
    if ability.attacks and kind not in ability.attacks:
        return False
    for target in ability.targets:
        if target in ("any", defender):
            return True
        if target.startswith("alignment:") and target[10:] in alignments:
            return True
    return False


def breakdown(
    cards: IlluminatiCards,
    attack: Attack,
    shifts: dict[str, tuple[str, ...]] | None = None,
    bonus: dict[str, int] | None = None,
) -> list[Line]:
    """Every modifier of the attack's target number, in the order the rules give them."""
    n = Numbers(cards, shifts, bonus)
    kind, attacker, defender = attack.kind, attack.attacker, attack.defender
    rules = cards.rules
    lines: list[Line] = [(f"Power of {n.name(attacker)}", n.power(attacker))]
    lines += [(f"Transferable Power of {n.name(a)}", n.transferable(a)) for a in attack.aiders]

    target = cards.group[defender]
    defending_alignments = n.alignments(defender)
    attacking_alignments = n.alignments(attacker)
    for ability in n.abilities(attacker):
        counts_as = ability.alignment  # the card file gives a counts-as one alignment
        if (
            ability.kind == "counts-as"
            and counts_as is not None
            and aims_at(ability, kind, defender, defending_alignments)
        ):
            attacking_alignments = (counts_as,)
            lines.append((f"{n.name(attacker)} counts as {cards.name(counts_as)}", 0))

    if kind == "destroy" and not attack.whispering:
        lines.append((f"Power of {target.name}", -target.power))
    else:
        resistance, why = target.resistance, f"Resistance of {target.name}"
        for ability in target.abilities:
            if ability.kind == "resistance-against" and any(
                f"alignment:{a}" in ability.targets for a in attacking_alignments
            ):
                resistance, why = ability.value, f"{why} against {n.name(attacker)}"
        lines.append((why, -resistance))

    step = rules.alignment_modifier
    sign = -1 if kind == "destroy" else 1
    for a in attacking_alignments:
        for d in defending_alignments:
            if a == d and not cards.opposed(a, d):
                lines.append((f"Both {cards.name(a)}", sign * step))
            elif cards.opposed(a, d):
                lines.append((f"{cards.name(a)} against {cards.name(d)}", -sign * step))

    if kind == "neutralize":
        lines.append(("Attack to neutralize", rules.neutralize_bonus))

    for holder in sorted(attack.holdings | {attacker}):
        for ability in n.abilities(holder):
            if ability.kind not in ("attack-bonus", "discordian"):
                continue
            if ability.kind == "discordian":
                if kind == "control" and ability.alignment in defending_alignments:
                    lines.append((f"{n.name(holder)}: control of a Weird Group", ability.value))
                continue
            direct = ability.scope == "direct"
            if direct and holder != attacker:
                continue
            if aims_at(ability, kind, defender, defending_alignments):
                how = "itself" if direct else "any attempt"
                lines.append((f"{n.name(holder)} ({how})", ability.value))

    if attack.defender_depth is not None and not attack.own_target:
        bonuses = rules.position_bonus
        if attack.defender_depth <= len(bonuses):
            where = ("under its Illuminati", "one Group away", "two Groups away")
            label = where[attack.defender_depth - 1] if attack.defender_depth <= 3 else "near"
            lines.append((f"{target.name} is {label}", -bonuses[attack.defender_depth - 1]))
        # The Survivalists strengthen Resistance, which an attack to destroy does not use.
        guarded = attack.defender_holdings - {defender} if kind != "destroy" else frozenset()
        for holder in sorted(guarded):
            for ability in n.abilities(holder):
                if ability.kind == "guard-structure":
                    lines.append((f"{n.name(holder)} guard the Power Structure", -ability.value))
    return lines


def spending_lines(attacker: int, group: int, illuminati: int, others: int) -> list[Line]:
    """Money put down so far: the attacker +1 a MB, the defending Group −2, its Illuminati
    −1, the other players' sum (helping minus hindering) ±1."""
    lines = []
    if attacker:
        lines.append(("Money from the attacker", attacker))
    if group:
        lines.append(("Money from the defending Group", -2 * group))
    if illuminati:
        lines.append(("Money from the defender's Illuminati", -illuminati))
    if others:
        lines.append(("Money from other players", others))
    return lines


def succeeds(target_number: int, roll: int, automatic_failure: int = 11) -> bool:
    """A roll at or under the target number wins, but 11 and 12 always fail."""
    return roll < automatic_failure and roll <= target_number


def chance(target: int) -> float:
    """The chance that two dice roll the target number or less (11 and 12 always fail)."""
    best = min(target, 10)
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= best) / 36


def needs_words(target: int) -> str:
    """The one way an attack's roll is said, everywhere (the log, the status bar, the
    attack panel, a menu, the phones): 'needs 7 or less (58%)'; above 10, 'needs 10 or
    less (92%; 11 and 12 always fail)' (the sum of its lines may be 12, but 11 and 12
    fail anyway, and 'needs 12 or less' read as a sure thing); below 2, that only money
    put down on its side can save it, and how much."""
    if target < 2:
        return f"cannot succeed as it stands: at least {2 - target} MB must go down on it"
    odds = f"{chance(target):.0%}"
    if target > 10:
        return f"needs 10 or less ({odds}; 11 and 12 always fail)"
    return f"needs {target} or less ({odds})"


def rolled_words(roll: int, target: int) -> str:
    """The dice of an attack against what it needed, said as `needs_words` says it:
    'rolled 9, needed 10 or less' (never 'needed 12': 11 and 12 fail)."""
    if target < 2:
        return f"rolled {roll}; it could not succeed"
    return f"rolled {roll}, needed {min(target, 10)} or less"


def the(name: str) -> str:
    """'the Bavarian Illuminati', 'the Network' (never 'the The Network')."""
    return f"the {name[4:]}" if name.startswith("The ") else f"the {name}"


# The parts of the bound on an attack's roll before money (`attacking._roll_at_most`) that
# only the card file decides, worked out once: it is asked for every attack listed.


@functools.cache
def least_resistance(cards: IlluminatiCards, group: str) -> int:
    """A Group's Resistance, or less where an ability lowers it against some attackers."""
    target = cards.group[group]
    lowered = [a.value for a in target.abilities if a.kind == "resistance-against"]
    return min([target.resistance, *lowered])


@functools.cache
def meeting(cards: IlluminatiCards, mine: tuple[str, ...], theirs: tuple[str, ...]) -> int:
    """How many pairs of these alignments are alike or opposed."""
    return sum(1 for a in mine for d in theirs if a == d or cards.opposed(a, d))


@functools.cache
def stands(cards: IlluminatiCards, group: str) -> int:
    """The most a Group stands against an attack with (its Resistance, or its Power
    against an attack to destroy it): the bound takes no more than that off."""
    target = cards.group[group]
    return max(target.resistance, target.power)


@functools.cache
def strongest(cards: IlluminatiCards) -> int:
    """The most any Group stands against an attack with (its Resistance, or its Power
    against an attack to destroy it)."""
    return max(max(g.resistance, g.power) for g in cards.groups)


@functools.cache
def powerless_groups(cards: IlluminatiCards) -> frozenset[str]:
    """The Groups with no Power (a Group's Power is the printed one: the only bonus, the
    UFOs' with hidden goals, is an Illuminati's)."""
    return frozenset(g.id for g in cards.groups if g.power <= 0)
