"""Attacks (a part of the Illuminati rules): what may attack what, the money put down in
turns, the dice and the results.

An attack is announced, then the attacker, the defender and (unless it is privileged)
everyone else put money down in turn until all pass; the dice roll; a window lets anyone
play Assassination or Murphy's Law; then the result is applied.

Each function takes the game first (see rules.py); the rules of each move are at the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from illusio_table.engine import HIDDEN_SHOWN, Action, Event
from illusio_table.engine.moves import Phase, Rule, always

from .actions import (
    CALL_OFF,
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
from .attack import (
    breakdown,
    least_resistance,
    meeting,
    needs_words,
    powerless_groups,
    rolled_words,
    spending_lines,
    stands,
    strongest,
    succeeds,
)
from .geometry import SIDE_NAMES
from .goals import eliminations
from .placing import hang, uncontrol
from .specials import (
    ANY_TIME,
    any_time_moves,
    any_time_refusal,
    discard_special,
    holders,
    kind_of,
    open_window,
    played,
    privilege_window,
)
from .state import (
    AttackUnderWay,
    IlluminatiPhase,
    Outcome,
    Pending,
)
from .trades import GIVE_MONEY, GIVE_SPECIAL, gift_moves

if TYPE_CHECKING:
    from .rules import IlluminatiGame

DISCORD_BARRED = {"government", "straight"}  # they may not act against the Discordians

# The kinds of attack open on a Group, without and with a free arrow to hang it from: on
# one that may be destroyed, then on one that may not (no Power, no Whispering Campaign),
# by who holds it: nobody, another player, oneself (shared tuples: a listing of attacks
# asks for every Group on the table).
Kinds = tuple[str, ...]
_UNCONTROLLED: tuple[tuple[Kinds, Kinds], ...] = (
    (("destroy",), ("control", "destroy")),
    ((), ("control",)),
)
_HELD: tuple[tuple[Kinds, Kinds], ...] = (
    (("neutralize", "destroy"), ("control", "neutralize", "destroy")),
    (("neutralize",), ("control", "neutralize")),
)
_OWN: tuple[tuple[Kinds, Kinds], ...] = ((("destroy",), ("destroy",)), ((), ()))


# -- what may attack what: attacks listed and refused --------------------------------------------


def attack_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    """Every attack, alone and with every Group free to aid it (other sets are accepted).

    Built valid by construction (the same tests as `attack_refusal`, made once per
    attacker rather than once per move): listing attacks is the costliest part of a turn.
    """
    moves: list[Action] = []
    structure = game.structures[seat]
    numbers = game.numbers
    # The Groups free to act (`_free_to_act`), found once for the attackers and the aid.
    # (Here and below a structure's cards are read from its places: its own `in`, `len`
    # and iteration are calls of Python, and a listing asks them again and again.)
    free_to_act = [c for c in structure.places if _free_to_act(game, c)]
    attackers = [c for c in free_to_act if numbers.power(c) > 0]  # (`may_attack`)
    if not attackers:  # every Group has had its attack this turn, often
        return moves
    helpers = [c for c in free_to_act if numbers.transferable(c) > 0]
    whisper = next((c for c in game.specials[seat] if kind_of(c) == "whispering-campaign"), None)
    # What each target brings whoever attacks it, found once rather than once an
    # attacker: (target, the kinds of attack open without and with a free arrow,
    # whether its structure is known to be the Discordians', whether it has no Power).
    targets: list[tuple[str, Kinds, Kinds, bool, bool]] = []
    no_power = powerless_groups(game.cards)  # (a look-up a target, not `numbers.power`)
    others = [s for s in game.players() if s != seat]
    for owner in (None, *others, seat):  # the uncontrolled, the others', one's own
        # (A player may also try to destroy a Group of their own, rulebook p. 6.)
        cards: Iterable[str] = game.uncontrolled if owner is None else game.structures[owner].places
        root = None if owner is None else game.structures[owner].root
        kinds = _UNCONTROLLED if owner is None else _OWN if owner == seat else _HELD
        discordian = _known_discordian(game, seat, owner)
        for target in cards:
            if target == root:
                continue
            powerless = target in no_power
            unsided, sided = kinds[powerless and whisper is None]  # (False: the first)
            targets.append((target, unsided, sided, discordian, powerless))
    if not targets:
        return moves
    privileges = (None, *_privileges(game, seat))  # None: not privileged
    around, bonus = _money_around(game, seat), _ability_bonus(game, seat)
    for attacker in attackers:
        most = _most_money(game, seat, attacker, around)
        # The most the attacker's Power, its bonuses and the money about could bring
        # (None where a hidden treasury leaves it open: nothing is weighed then).
        reach = None if most is None else numbers.power(attacker) + bonus + most
        # Weighed one by one only where that could fall short of the strongest Group
        # (rarely: this runs every turn), and then only the targets it could fall short
        # of: the same bound, with the target's own strength for the strongest's.
        weighed = reach is not None and reach - strongest(game.cards) < 2
        free = structure.free_arrows(attacker)
        side = free[0] if free else None
        barred = not DISCORD_BARRED.isdisjoint(numbers.alignments(attacker))
        aiding = tuple([c for c in helpers if c != attacker]) if helpers else ()
        for target, unsided, sided, discordian, powerless in targets:
            if target == attacker:
                continue
            aiders = aiding
            if discordian:
                if barred:
                    continue
                aiders = tuple(c for c in aiders if not DISCORD_BARRED & set(numbers.alignments(c)))
            if target in aiders:  # one of the seat's own Groups
                aiders = tuple(c for c in aiders if c != target)
            weigh = weighed and reach is not None and reach - stands(game.cards, target) < 2
            for how in sided if side else unsided:
                where = side if how == "control" else None
                card = whisper if how == "destroy" and powerless else None
                bound = helped = 2  # hopeless ones are left out (see `_hopeless`)
                if weigh:
                    alone = attack(how, attacker, target, (), where, None, card)
                    bound = _roll_at_most(game, seat, alone, bonus)
                    helped = bound + sum(numbers.transferable(a) for a in aiders)
                for privilege in privileges:
                    if privilege is not None and privilege == card:
                        continue
                    alone = attack(how, attacker, target, (), where, privilege, card)
                    if not weigh or _hopeless(game, seat, alone, most, bound) is None:
                        moves.append(alone)
                    if aiders:
                        aided = attack(how, attacker, target, aiders, where, privilege, card)
                        if not weigh or _hopeless(game, seat, aided, most, helped) is None:
                            moves.append(aided)
    return moves


def _privileges(game: IlluminatiGame, seat: int) -> list[str]:
    """What may make an attack privileged now: the Bavarians' 5 MB (once a turn) and
    one Special of each kind held (cards of a kind do the same)."""
    found = []
    if (
        game.illuminati[seat] == "bavarian-illuminati"
        and not game.bavarian_used
        and game.money.get(game.illuminati[seat], 0) >= 5
    ):
        found.append("bavarian")
    kinds: dict[str, str] = {}
    for card in game.specials[seat]:
        kinds.setdefault(kind_of(card), card)
    return found + list(kinds.values())


def may_attack(game: IlluminatiGame, card: str) -> bool:
    return game.numbers.power(card) > 0 and _free_to_act(game, card)


def _free_to_act(game: IlluminatiGame, card: str) -> bool:
    """A Group takes part in one attack a turn (attacking or aiding); the UFOs in two."""
    if card == "ufos":
        return game.ufo_attacks < 2
    return card not in game.attacked


def attack_refusal(game: IlluminatiGame, seat: int, action: Attack) -> str | None:
    structure = game.structures[seat]
    if action.how not in ("control", "neutralize", "destroy"):
        return "An attack is to control, to neutralize or to destroy."
    if action.attacker not in structure:
        return "The attacking Group must be yours."
    if not may_attack(game, action.attacker):
        if game.numbers.power(action.attacker) <= 0:
            return f"{game.title_of(action.attacker)} has no Power and cannot attack."
        return f"{game.title_of(action.attacker)} has already taken part in an attack this turn."
    target, owner = action.target, game.owner(action.target)
    if target in game.numbers.illuminati:
        return "An Illuminati card cannot be attacked."
    if target not in game.cards.group or (owner is None and target not in game.uncontrolled):
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
            return f"{game.title_of(action.attacker)} needs a free outward arrow to take control."
        if action.side not in free:
            sides = ", ".join(SIDE_NAMES.get(f, f) for f in free)
            return (
                f"Say which free arrow of {game.title_of(action.attacker)} the Group will "
                f"hang from: {sides}."
            )
    if action.how == "neutralize" and (owner is None or owner == seat):
        return "Only a Group another player controls can be neutralized."
    if action.card is not None:
        if action.card not in game.specials[seat] or kind_of(action.card) != "whispering-campaign":
            return "Only Whispering Campaign attacks a Group with no Power."
        if action.how != "destroy" or game.numbers.power(target) > 0:
            return "Whispering Campaign destroys a Group with no Power."
        if action.privilege == action.card:
            return "The same card cannot also buy the privilege."
    elif action.how == "destroy" and game.numbers.power(target) <= 0:
        return "A Group with no Power can be destroyed only by Whispering Campaign."
    for aider in action.aiders:
        if aider not in structure or aider == action.attacker:
            return "Aid comes from other Groups of your own Power Structure."
        if game.numbers.transferable(aider) <= 0:
            return f"{game.title_of(aider)} has no transferable Power to aid with."
        if not _free_to_act(game, aider):
            return f"{game.title_of(aider)} has already attacked or aided this turn."
    if _known_discordian(game, seat, owner) and _barred(game, action):
        return "That Power Structure is safe from Government and Straight Groups."
    if action.privilege is not None:
        if action.privilege == "bavarian":
            if game.illuminati[seat] != "bavarian-illuminati" or game.bavarian_used:
                return "Only the Bavarian Illuminati buy a privilege, once a turn."
            if game.money.get(game.illuminati[seat], 0) < 5:
                return "A privilege costs 5 MB from the Illuminati treasury."
        elif action.privilege not in game.specials[seat]:
            return "Discard one of your own Special cards to make the attack privileged."
    around = _money_around(game, seat)
    return _hopeless(game, seat, action, _most_money(game, seat, action.attacker, around))


def _turn_attack_refusal(game: IlluminatiGame, seat: int, action: Attack) -> str | None:
    if game.actions_left <= 0:
        return "You have used both actions of this turn."
    return attack_refusal(game, seat, action)


def _hopeless(
    game: IlluminatiGame, seat: int, action: Attack, most: int | None, bound: int | None = None
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
        bound = _roll_at_most(game, seat, action, _ability_bonus(game, seat))
    if bound + most >= 2:
        return None
    number = known_number(game, seat, action)
    if number + most >= 2:
        return None
    return (
        f"This attack cannot succeed: it needs {number} or less on two dice, and all the "
        f"money that could go down on it ({most} MB) would raise that only to "
        f"{number + most}."
    )


def _roll_at_most(game: IlluminatiGame, seat: int, action: Attack, bonus: int) -> int:
    """A bound the attack's number before money cannot pass (see `breakdown`): every
    Power it brings, the least Resistance (or Power) it faces, every pair of
    alignments alike or opposed counted in its favour, the bonus to neutralize, and
    `bonus`, every bonus an ability in the seat's structure could give
    (`_ability_bonus`)."""
    n, cards = game.numbers, game.cards
    number = n.power(action.attacker) + sum(n.transferable(a) for a in action.aiders)
    if action.how == "destroy" and action.card is None:
        number -= cards.group[action.target].power
    else:
        number -= least_resistance(cards, action.target)
    # Each pair of alignments alike or opposed counts once, for or against: counted for.
    theirs = n.alignments(action.target)
    pairs = meeting(cards, n.alignments(action.attacker), theirs)
    if any(ability.kind == "counts-as" for ability in n.abilities(action.attacker)):
        pairs += len(theirs)  # it may count as another alignment against this one
    number += cards.rules.alignment_modifier * pairs
    number += cards.rules.neutralize_bonus if action.how == "neutralize" else 0
    return number + bonus


def _ability_bonus(game: IlluminatiGame, seat: int) -> int:
    """Every bonus to an attack the abilities in the seat's structure could give."""
    numbers, bonus = game.numbers, 0
    for card in game.structures[seat].places:  # (loops, not a generator's steps: every listing)
        for ability in numbers.abilities(card):
            if ability.kind in ("attack-bonus", "discordian"):
                bonus += max(0, ability.value)
    return bonus


def _most_money(game: IlluminatiGame, seat: int, attacker: str, around: int | None) -> int | None:
    """The most money that could go down on an attack by `attacker` (see `_hopeless`),
    `around` the other players' part of it (`_money_around`); None where a hidden
    treasury leaves it open."""
    if around is None:
        return None
    top = game.illuminati[seat]
    specials = game.specials[seat]
    held = {kind_of(c) for c in specials} if specials else set()  # (mostly none held)
    if "white-collar-crime" in held:
        most = game.total_money(seat) + 5
    else:
        most = game.money.get(attacker, 0)
        most += game.money.get(top, 0) if attacker != top else 0
    return most + 15 * ("slush-fund" in held) + 25 * ("swiss-bank-account" in held) + around


def _money_around(game: IlluminatiGame, seat: int) -> int | None:
    """The other players' part of `_most_money`; None where their money is hidden
    from the seat (stacked money: each sees only the money on their own cards)."""
    if game.options["stacked_money"]:
        return None
    most = 0
    for other in game.players():
        if other == seat:
            continue
        if game.options["hidden_illuminati"] and other not in game.revealed:
            return None
        if game.specials[other]:
            most += game.total_money(other) + 45
        else:
            most += game.money.get(game.illuminati[other], 0)
    return most


def _known_discordian(game: IlluminatiGame, seat: int, owner: int | None) -> bool:
    """Whether the attacker knows the target's structure is the Discordians' (face up,
    or its own): only then are attacks on it barred before they are made."""
    if owner is None or game.illuminati[owner] != "discordian-society":
        return False
    return owner == seat or owner in game.revealed


def _barred(game: IlluminatiGame, action: Attack) -> bool:
    return any(
        DISCORD_BARRED & set(game.numbers.alignments(card))
        for card in (action.attacker, *action.aiders)
    )


# -- an attack announced, and the roll it needs --------------------------------------------------


def _announce(game: IlluminatiGame, seat: int, action: Attack) -> list[Event]:
    defender = game.owner(action.target)
    if (
        defender is not None
        and game.illuminati[defender] == "discordian-society"
        and _barred(game, action)
    ):
        # A face-down Discordian Society: its immunity shows, and turns the card up.
        game.actions_left -= 1
        for card in (action.attacker, *action.aiders):
            game.attacked.add(card)
        return game._reveal(defender, "its immunity stops an attack") + [
            Event(
                f"{game.name(seat)}'s attack on {game.title_of(action.target)} is stopped: "
                "the Discordian Society is safe from Government and Straight Groups."
            )
        ]
    game.actions_left -= 1
    privileged = action.privilege is not None
    if action.privilege == "bavarian":
        game.bavarian_used = True
        game._to_bank(game.illuminati[seat], 5)
    elif action.privilege is not None:
        discard_special(game, seat, action.privilege)
    if action.card is not None:
        discard_special(game, seat, action.card)
    for card in (action.attacker, *action.aiders):
        if card == "ufos":  # the UFOs take part in two attacks a turn
            game.ufo_attacks += 1
        game.attacked.add(card)
    order = [seat]
    if defender is not None:
        order.append(defender)
    if not privileged:
        order += [s for s in game.players() if s not in order]
    game.attack = AttackUnderWay(
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
    game.phase = IlluminatiPhase.SPENDING
    shown = _abilities_shown(game, seat, action)
    reveals = action.card is not None or (privileged and action.privilege != "bavarian")
    if game.quiet:  # the words only for readers (a rollout, game-play)
        events = shown + ([HIDDEN_SHOWN] if reveals else [])
    else:
        aid = (
            f", aided by {', '.join(game.title_of(a) for a in action.aiders)}"
            if action.aiders
            else ""
        )
        privilege = " (privileged)" if privileged else ""
        whisper = " with a Whispering Campaign" if action.card else ""
        odds = f". It {needs_words(target_number(game))}"  # (a name may end in ".")
        events = shown + [
            Event(
                f"{game.name(seat)}: {game.title_of(action.attacker)}{aid} attacks to "
                f"{action.how} {game.title_of(action.target)}{privilege}{whisper}{odds}.",
                reveals=reveals,
            )
        ]
    if action.card is not None:
        return events + played(game, "whisper", [Pending(seat, action.card, action)])
    if action.privilege == "bavarian":
        return events + privilege_window(game)
    if action.privilege is not None:
        return events + played(game, "declare", [Pending(seat, action.privilege, action)])
    return events


def _abilities_shown(game: IlluminatiGame, seat: int, action: Attack) -> list[Event]:
    """With hidden Illuminati, an ability of the attacker's Illuminati that works in this
    attack (a privilege bought, a bonus, the UFOs' second attack) turns the card up."""
    if seat in game.revealed:  # face up already (`_reveal` would say nothing), as mostly:
        return []  # no breakdown of the attack worked out for nothing
    top = game.illuminati[seat]
    if top == action.attacker or top in action.aiders:
        # Its Power is on the table: that number alone names most Illuminati.
        return game._reveal(seat, "it attacks or aids with its own Power")
    if action.privilege == "bavarian":
        return game._reveal(seat, "it buys a privilege")
    if top == "ufos" and game.ufo_attacks >= 2:
        return game._reveal(seat, "it takes part in a second attack")
    real = game.numbers.name(top)
    raw = breakdown(game.cards, announced(game), game.shifts, game.power_bonus)
    if any(label.startswith(real) and not label.startswith("Power") for label, _ in raw):
        return game._reveal(seat, "its ability counts in this attack")
    return []


def announced(game: IlluminatiGame) -> Announced:
    a = game._attack_now()
    return _announcement(
        game,
        a.seat,
        a.defender,
        a.how,
        a.attacker,
        a.target,
        a.aiders,
        a.whisper,
    )


def _announcement(
    game: IlluminatiGame,
    seat: int,
    defender: int | None,
    how: str,
    attacker: str,
    target: str,
    aiders: tuple[str, ...] | list[str],
    whisper: bool,
) -> Announced:
    depth = game.structures[defender].depth(target) if defender is not None else None
    return Announced(
        how,
        attacker,
        target,
        tuple(aiders),
        frozenset(game.structures[seat]),
        depth,
        defender == seat,
        frozenset(game.structures[defender]) if defender is not None else frozenset(),
        whisper,
    )


def hint(game: IlluminatiGame, action: Action, seat: int | None = None) -> str:
    """The roll an attack the seat may announce would need, before any money: worked
    out from the seat's own cards and what lies face up (the others' hidden
    Illuminati change no number before they show themselves)."""
    if not isinstance(action, Attack) or seat is None or seat != game.current:
        return ""
    if action.attacker not in game.structures[seat] or action.target in game.dead:
        return ""
    return needs_words(known_number(game, seat, action))


def known_number(game: IlluminatiGame, seat: int, action: Attack) -> int:
    """The roll the attack would need before any money, as the seat can work it out
    (its own cards and what lies face up)."""
    announced = _announcement(
        game,
        seat,
        game.owner(action.target),
        action.how,
        action.attacker,
        action.target,
        action.aiders,
        action.card is not None,
    )
    return sum(v for _, v in breakdown(game.cards, announced, game.shifts, game.power_bonus))


def lines(game: IlluminatiGame) -> list[tuple[str, int]]:
    s = game._attack_now().spent
    lines = breakdown(game.cards, announced(game), game.shifts, game.power_bonus)
    lines += spending_lines(s["attacker"], s["group"], s["illuminati"], s["others"])
    hidden = {
        game.numbers.name(game.illuminati[x]): game.title_of(game.illuminati[x])
        for x in range(game.seats)
        if x not in game.revealed
    }
    if not hidden:
        return lines
    masked = []
    for label, value in lines:
        for real, shown in hidden.items():
            label = label.replace(real, shown)
        masked.append((label, value))
    return masked


def target_number(game: IlluminatiGame) -> int:
    return sum(v for _, v in lines(game))


# -- while money goes down -----------------------------------------------------------------------


def _spending_moves(game: IlluminatiGame, seat: int) -> list[Action]:
    a = game._attack_now()
    moves: list[Action] = [PASS]
    if seat != a.seat:
        moves.append(PASS_ON_ATTACK)
    if seat == a.seat and not a.committed:
        moves.append(CALL_OFF)
    sided = seat != a.seat and seat != a.defender
    for source in _spend_sources(game, seat, a):
        moves += stakes(source, game.money.get(source, 0), sided)
    # Specials are played "at any time" when it is one's turn to spend too, and money
    # and Specials may be given away then (but not in a privileged attack).
    if game.specials[seat]:
        moves += any_time_moves(game, seat)
    moves += gift_moves(game, seat)
    return moves


def _spend_sources(game: IlluminatiGame, seat: int, a: AttackUnderWay) -> list[str]:
    """The treasuries the seat may spend from on `a`, the attack under way."""
    if seat == a.seat:
        return (
            [a.attacker, game.illuminati[seat]]
            if a.attacker != game.illuminati[seat]
            else [a.attacker]
        )
    if seat == a.defender:
        return [a.target, game.illuminati[seat]]
    return [game.illuminati[seat]]


def _pass_on_attack_refusal(game: IlluminatiGame, seat: int, action: PassOnAttack) -> str | None:
    if seat == game._attack_now().seat:
        return "The attacker passes for now; only the others pass on the whole attack."
    return None


def _call_off_refusal(game: IlluminatiGame, seat: int, action: CallOff) -> str | None:
    a = game._attack_now()
    if seat != a.seat or a.committed:
        return "Only the attacker calls an attack off, before any money is down."
    return None


def _spending_special_refusal(game: IlluminatiGame, seat: int, action: PlaySpecial) -> str | None:
    if action.card not in game.specials[seat] or kind_of(action.card) not in ANY_TIME:
        return "While money goes down, only the Specials played at any time are played."
    return any_time_refusal(game, seat, action)


def _spend_refusal(game: IlluminatiGame, seat: int, action: Spend) -> str | None:
    a = game._attack_now()
    if action.source not in _spend_sources(game, seat, a):
        return "That treasury cannot pay for this attack."
    if not action.helps and seat in (a.seat, a.defender):
        return "Your money always works for your own side of the attack."
    if not 0 < action.amount <= game.money.get(action.source, 0):
        return "Spend only money that is there."
    return None


def _spending_special(game: IlluminatiGame, seat: int, action: PlaySpecial) -> list[Event]:
    """A Special played "at any time" while money goes down: the same player then
    spends or passes."""
    discard_special(game, seat, action.card)
    events = [Event(f"{game.name(seat)} plays {game.title_of(action.card)}.", reveals=True)]
    return events + played(game, "spend-own", [Pending(seat, action.card, action)])


def _call_off(game: IlluminatiGame, seat: int, action: CallOff) -> list[Event]:
    a = game._attack_now()
    for card in (a.attacker, *a.aiders):  # nobody took part after all
        game.attacked.discard(card)
        if card == "ufos":
            game.ufo_attacks -= 1
    game.attack = None
    game.phase = IlluminatiPhase.ACTIONS
    game.actions_left += 1  # an attack called off is no action
    return [] if game.quiet else [Event(f"{game.name(seat)} calls the attack off.")]


def _pass_on_attack(game: IlluminatiGame, seat: int, action: PassOnAttack) -> list[Event]:
    game._attack_now().out.append(seat)
    if game.quiet:
        return _next_to_spend(game)
    return [Event(f"{game.name(seat)} passes on this attack.")] + _next_to_spend(game)


def _spend_nothing(game: IlluminatiGame, seat: int, action: Pass) -> list[Event]:
    game._attack_now().passes += 1
    return _next_to_spend(game)


def _spend(game: IlluminatiGame, seat: int, action: Spend) -> list[Event]:
    a = game._attack_now()
    who = game.name(seat)
    a.committed = True
    a.passes = 0
    game._to_bank(action.source, action.amount)
    if seat == a.seat:
        a.spent["attacker"] += action.amount
    elif seat == a.defender:
        key = "group" if action.source == a.target else "illuminati"
        a.spent[key] += action.amount
    else:
        a.spent["others"] += action.amount if action.helps else -action.amount
    _pass_turn_on(game)  # (no dice: money just went down)
    if game.quiet:  # the attack's new odds are words for readers only
        return []
    side = "" if seat in (a.seat, a.defender) else (" to help" if action.helps else " against it")
    return [
        Event(
            f"{who} spends {action.amount} MB{side}; the attack {needs_words(target_number(game))}."
        )
    ]


def _next_to_spend(game: IlluminatiGame) -> list[Event]:
    """The next player in turn who has not passed on the attack; the dice once every
    such player has passed since the last money went down."""
    a = game._attack_now()
    if a.passes >= len([s for s in a.order if s not in a.out]):
        return _roll_dice(game)
    _pass_turn_on(game)
    return []


def _pass_turn_on(game: IlluminatiGame) -> None:
    """The turn to spend goes to the next player who has not passed on the attack."""
    a = game._attack_now()
    order, out = a.order, a.out
    turn = (a.turn + 1) % len(order)
    while order[turn] in out:
        turn = (turn + 1) % len(order)
    a.turn = turn


# -- the dice and the result ---------------------------------------------------------------------


def _roll_dice(game: IlluminatiGame) -> list[Event]:
    game.last_roll = game._roll()
    game._attack_now().roll = sum(game.last_roll)
    events = [
        HIDDEN_SHOWN
        if game.quiet
        else Event(
            f"The dice roll {game.last_roll[0]} + {game.last_roll[1]} = {sum(game.last_roll)}.",
            reveals=True,
        )
    ]
    deciding = holders(game)
    if deciding:
        open_window(game, "roll", deciding)
        return events
    return events + resolve(game)


def resolve(game: IlluminatiGame) -> list[Event]:
    a = game._attack_now()
    roll = a.roll
    assert roll is not None  # resolved once the dice are rolled
    needed = target_number(game)
    game.attack = None
    game.phase = IlluminatiPhase.ACTIONS
    won = succeeds(needed, roll, game.limits.automatic_failure)
    result = {"control": "captured", "neutralize": "neutralized", "destroy": "destroyed"}
    # What the table shows where it happened, until the next attack is over.
    game.outcome = Outcome(a.target, a.how, roll, needed, result[a.how] if won else "failed")
    if not won:
        return [Event(f"The attack fails ({rolled_words(roll, needed)}).")]
    events = [Event(f"The attack succeeds ({rolled_words(roll, needed)}).")]
    seat, target, defender = a.seat, a.target, a.defender
    if a.how == "control":
        side = a.side
        assert side is not None  # refused otherwise: a Group controlled hangs under an arrow
        game.bonus_transfer = (a.attacker, target)
        events.append(Event(f"{game.name(seat)} now controls {game.title_of(target)}."))
        if defender is None:
            game.uncontrolled.remove(target)
            game.structures[seat].attach(target, a.attacker, side)
            return events
        tree = game.structures[defender].cut(target)
        for card in tree.cards():  # half the money comes along, the rest to the bank
            money = game.money.pop(card, 0)
            game.bank += money - money // 2
            if money // 2:
                game.money[card] = money // 2
        events += hang(game, seat, tree, a.attacker, side)
        return events + eliminations(game, by=seat)
    if a.how == "neutralize":
        assert defender is not None  # refused otherwise: only a controlled Group
        tree = game.structures[defender].cut(target)
        return events + uncontrol(game, tree.cards()) + eliminations(game, by=seat)
    if defender is None:
        game.uncontrolled.remove(target)
        puppets: list[str] = []
    else:
        puppets = game.structures[defender].cut(target).cards()[1:]
        game._clear(target)
    game.dead.append(target)
    game.destroyed[seat] += 1
    events.append(Event(f"{game.title_of(target)} is destroyed."))
    return events + uncontrol(game, puppets) + eliminations(game, by=seat)


# The rules of these moves (see `IlluminatiGame.phases`).
SPENDING = Phase(
    IlluminatiPhase.SPENDING,
    (
        Rule(Pass, always, _spend_nothing),
        Rule(PassOnAttack, _pass_on_attack_refusal, _pass_on_attack),
        Rule(CallOff, _call_off_refusal, _call_off),
        Rule(PlaySpecial, _spending_special_refusal, _spending_special),
        GIVE_MONEY,
        GIVE_SPECIAL,
        Rule(Spend, _spend_refusal, _spend),
    ),
    "An attack is under way: put money down, give money or a Special, or pass.",
    listing=(_spending_moves,),
)
ATTACK = Rule(Attack, _turn_attack_refusal, _announce)
