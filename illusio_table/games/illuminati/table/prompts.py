"""What a seat of Illuminati is asked now, in words: the heading of its screen on the
desktop and the phone alike (table/seat_screen.py), and the lines beside the view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.protocol import Event, listed
from illusio_table.table.prompts import counted, waiting_for


def prompt(
    view: dict[str, Any], seat: int | None, names: list[str], chosen: str, legal: Sequence[Action]
) -> str:
    phase, current = view["phase"], names[view["current"]]
    if view.get("result"):  # the winners (the first seat's said "Ana (out)")
        result = view["result"]
        won = [_how_won(names[s], result["explanation"][s]) for s in result["winners"]]
        said = "The game is over, won by " + "; ".join(won) + "." if won else "Nobody won."
        return f"{said} {_goals_turned_over(view, names)}".rstrip()
    if phase == "goals":
        if legal:
            return "Choose the goal you will secretly pursue."
        if seat is None:
            return "Waiting: each player chooses a goal."
        return "Your goal is chosen. Waiting for the others…"
    if phase == "window":
        waiting = view["window"]["waiting"] if view["window"] else []
        if seat in waiting:
            return "Specials may be played now: choose one of yours, or pass."
        return "Waiting: others may play a Special."
    if phase == "spending":
        if not legal:  # another player is asked: who may still put money down, named
            # ('Waiting for Juno and Lera: …', the pause said by the colon: an "…" inside
            # the line read as words cut short)
            # Those who hold no money the attack can take and no Special are named
            # apart: they are asked too, but can only pass (Juno with 0 MB and no
            # Special was named among those money might come from).
            still = _may_spend(view, seat)
            asked = (view["attack"] or {}).get("asked")
            if asked is not None and asked in still:
                # The one asked now first, by name (two phones named different people:
                # the list of those who may still spend read as whom the table waited for).
                later = [s for s in still if s != asked]
                able = [s for s in later if _has_means(view, s)]
                idle = listed(names[s] for s in later if s not in able)
                if _has_means(view, asked):
                    said = f"Waiting for {names[asked]} to spend or pass"
                else:
                    said = f"Waiting for {names[asked]} to pass (nothing of theirs can go in)"
                if able:
                    said += f"; then {listed(names[s] for s in able)} may spend"
                said += ": money goes down on the attack a player at a time."
                if idle:
                    said += f" {idle} can only pass (no money or Special to put in)."
                return said
            able = [s for s in still if _has_means(view, s)]
            idle = listed(names[s] for s in still if s not in able)
            if not able and idle:
                return f"Waiting for {idle} to pass: no money or Special of theirs can go in."
            said = waiting_for(names, able).removesuffix("…") or "Waiting"
            said += ": money may go down on the attack, a player at a time."
            if idle:
                said += f" {idle} can only pass (no money or Special to put in)."
            return said
        if seat is not None and not _has_means(view, seat):
            # (asked too, in turn: told to spend "any amount" of money they had not)
            return "Money on the attack: nothing of yours can go in (no money, no Special): pass."
        return "Money on the attack: spend from your money (any amount), or pass."
    if phase in ("consent", "asked") and view.get("offer"):
        return _offer(view, seat, names)
    if phase == "income":
        if seat != view["current"]:
            return f"Waiting: {current} collects income."
        return "Collect your income to begin your turn."
    if phase == "placing":
        placing = view["placing"]
        group = _card_name(view, placing["groups"][0])
        master = _card_name(view, placing["master"])
        if seat == placing["seat"]:
            return f"Place {group} under {master}: choose one of its arrows."
        return f"Waiting: {names[placing['seat']]} places {group} under {master}."
    if phase == "rearranging":
        if seat == view["rearranging"]:
            return "White Collar Crime: move money between your Groups as you like, then finish."
        return "Waiting: money is being rearranged (White Collar Crime)."
    if seat != view["current"]:
        return f"{current} is playing."
    return "Your turn."


def _may_spend(view: dict[str, Any], seat: int | None) -> list[int]:
    """The players who may still put money down on the attack under way, in the order
    they spend in (the attacker, the defender, then the others unless it is privileged),
    but for `seat` itself and those who passed on the whole attack ("Waiting: money may
    go down…" named nobody)."""
    a = view["attack"]
    if a is None:
        return []
    order = [a["seat"]] + ([a["defender"]] if a["defender"] is not None else [])
    if not a["privileged"]:
        playing = [s["seat"] for s in view["structures"] if not s["eliminated"]]
        order += [s for s in sorted(playing) if s not in order]
    return [s for s in order if s not in a["out"] and s != seat]


def _has_means(view: dict[str, Any], seat: int) -> bool:
    """Whether a player may do more than pass while money goes down: a Special in hand,
    or money (or a treasury hidden from this screen) where the attack takes it from
    them: the Illuminati's, and the attacking or the defending Group's."""
    a = view["attack"]
    mine = next(s for s in view["structures"] if s["seat"] == seat)
    if mine["specials"]:
        return True
    sources = {c["id"] for c in mine["cards"] if c["master"] is None}
    sources |= {a["attacker"]} if seat == a["seat"] else set()
    sources |= {a["target"]} if seat == a["defender"] else set()
    return any(c["money"] is None or c["money"] > 0 for c in mine["cards"] if c["id"] in sources)


def _goals_turned_over(view: dict[str, Any], names: list[str]) -> str:
    """At the end every player turns their goal over (`unveiled` in the view): whose
    Special Goal each pursued in secret, the losers' too (only a goal that won was
    told); '' where no goal was secret."""
    goals = view.get("goals") or []
    if not any(goals):
        return ""
    from ..attack import the
    from ..cards import load  # (the card file, only at the end)

    cards = {i.id: i.name for i in load().illuminati}

    def whose(goal: str) -> str:
        name = the(cards.get(goal, goal))
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    told = [f"{names[s]}, {whose(g)}" for s, g in enumerate(goals) if g and s < len(names)]
    return "Secret goals turned over: " + "; ".join(told) + "."


def _how_won(name: str, line: str) -> str:
    """A winner and the goal that won, from their line of the result: the heading names
    the goal, the counts stay in the result's lines below it (the heading said them all
    and ran over 250 letters, wider than the table at game over: the whole table shrank
    to show it)."""
    _, _, how = line.partition("; won ")
    if how.startswith("by "):
        return f"{name}: they met {how[3:].rstrip('.')}"
    return f"{name}: they are {how.removeprefix('as ')}" if how else name


def _offer(view: dict[str, Any], seat: int | None, names: list[str]) -> str:
    """A Group offered, or asked for: the words of the one who answers, or of those who
    wait for the answer."""
    offer = view["offer"]
    group = _card_name(view, offer["group"])
    giver, receiver = names[offer["giver"]], names[offer["receiver"]]
    if view["phase"] == "asked":
        if seat == offer["giver"]:
            return f"{receiver} asks you for {group}{_in_return(view, offer)}: give it, or keep it."
        return f"Waiting: {receiver} asks {giver} for {group}{_in_return(view, offer)}."
    if seat != offer["receiver"]:
        return f"Waiting: {receiver} places {group}, from {giver}."
    if offer["asked"]:
        return f"{giver} gives you {group}: place it on a free arrow."
    return f"{giver} offers you {group}: place it on a free arrow, or refuse it."


def _in_return(view: dict[str, Any], offer: dict[str, Any]) -> str:
    """What is given for a Group asked for: a Group of the asker's in exchange, a price."""
    given = [_card_name(view, offer["swap"])] if offer.get("swap") else []
    given += [f"{offer['price']} MB"] if offer["price"] else []
    return f" for {' and '.join(given)}" if given else " as a gift"


def _card_name(view: dict[str, Any], card: str) -> str:
    """A card's name as the view writes it in a Power Structure, or as its card file does
    (a Group being placed may be in none yet)."""
    for structure in view["structures"]:
        for c in structure["cards"]:
            if c["id"] == card:
                return str(c["name"])
    from ..cards import load  # (the card file, only when a name is asked: not at start)

    group = load().group.get(card)
    return group.name if group is not None else card


def attack_needs(attack: dict[str, Any]) -> str:
    """The roll an Illuminati attack under way needs and its chance, from its view, in the
    words said everywhere else (`needs_words`), on the desktop and the phone; once its
    dice are rolled, what it needed, as the log says it (after the money round the panel
    still said "at least 10 MB must go down on it")."""
    from illusio_table.games.illuminati.attack import needs_words  # (the rules, when asked)

    target = attack["target_number"]
    if "roll" in attack:
        if target < 2:
            return "The money is down: it could not succeed."
        return f"The money is down: it needed {min(target, 10)} or less."
    return f"It {needs_words(target)}."


def privileged_words(attack: dict[str, Any], names: list[str]) -> str:
    """Who may still put money down on a privileged attack: its attacker and the
    defender, and nobody else but with the Interference card (it said "nobody may
    interfere", and then the defender spent 5 MB on it)."""
    who = names[attack["seat"]]
    if attack["defender"] is not None:
        who = f"{who} (attacking) and {names[attack['defender']]} (defending)"
    return f"Privileged: only {who} may spend on it; others only by playing Interference."


def last_roll(outcome: dict[str, Any]) -> str:
    """The dice of the last attack against what it needed, from the view's `outcome`, in
    the log's words (`rolled_words`)."""
    from illusio_table.games.illuminati.attack import rolled_words  # (the rules, when asked)

    return rolled_words(outcome["roll"], outcome["needed"])


def words(view: dict[str, Any], names: list[str], since: Sequence[Event] = ()) -> dict[str, str]:
    """The lines beside the view, the same on the desktop and the phone (its kit's
    `phone_words`): whose turn it is and what is left of it, and the roll and chance of
    the attack under way."""
    attack = view.get("attack")
    under_way = isinstance(attack, dict) and "target_number" in attack
    return {
        "turn": _turn(view, names),
        "attack_needs": attack_needs(attack) if under_way else "",
        "last_roll": _dice_words(view),
    }


def _dice_words(view: dict[str, Any]) -> str:
    """The dice, said with the attack they belong to: the attack under way's once rolled
    (nothing before), else the last attack's, named ("Last roll 12: failed" stayed on a
    phone under the next attack, as if it were that one's)."""
    from illusio_table.games.illuminati.attack import rolled_words  # (the rules, when asked)

    attack, done = view.get("attack"), view.get("outcome")
    if isinstance(attack, dict):
        if "roll" not in attack or "target_number" not in attack:
            return ""
        said = rolled_words(attack["roll"], attack["target_number"])
        return f"This attack: {said[0].upper()}{said[1:]}."
    if not done:
        return ""
    result = "the attack failed" if done["result"] == "failed" else done["result"]
    return f"Last attack, on {_card_name(view, done['target'])}: {result} ({last_roll(done)})."


def _turn(view: dict[str, Any], names: list[str]) -> str:
    goal = f"Goal: {view['goal']} Groups."
    if view.get("result"):  # no one's turn after the end
        return goal
    if view.get("phase") == "goals":  # (no one's turn yet: "Juno's turn: 2 actions" misled)
        return f"Everyone chooses a secret goal at once. {goal}"
    actions = counted(view["actions_left"], "action")
    transfers = counted(view["free_transfers"], "free transfer")
    return f"{names[view['current']]}'s turn: {actions}, {transfers} left. {goal}"
