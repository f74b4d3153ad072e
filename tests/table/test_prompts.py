"""Every decision a seat is asked is put in words, the same on the desktop and the phone
(never a raw id such as "overflow"), and a secret choice is told back to its own seat in
words (what it pointed at, with which wand), to that seat only."""

from __future__ import annotations

import json
import random

from illusio_table.engine import Match
from illusio_table.games import builtin_registry
from illusio_table.games.incantibus.table.prompts import DECISIONS, WAITING
from illusio_table.remote.seats import state_message

PLAYERS = [{"name": n, "bot": None} for n in ("Ana", "Lera", "Sam")]


def test_every_incantibus_decision_is_asked_in_words_on_the_phone():
    kinds_seen = set()
    for seed in range(6):
        match = Match.start(
            "incantibus", PLAYERS, seed, {"mode": "expert"}, registry=builtin_registry()
        )
        rng = random.Random(seed)
        names = [p["name"] for p in PLAYERS]
        for _ in range(400):
            if match.is_over():
                break
            for seat in range(3):
                body = json.loads(state_message(match, seat, names)[1])
                decision = body["view"].get("decision")
                if decision and decision["seat"] == seat:
                    kinds_seen.add(decision["kind"])
                    assert body["heading"] in DECISIONS.values()
                elif decision:
                    assert body["heading"].startswith(f"Waiting: {names[decision['seat']]}")
                if body["view"].get("my_choice"):
                    assert body["heading"].startswith("You have chosen: ")
                    assert "with your wand" in body["heading"]
            seat = min(match.to_act())
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert {"overflow", "spell"} <= kinds_seen
    assert set(WAITING) <= set(DECISIONS)


def test_a_secret_choice_in_words_goes_to_its_own_seat_only():
    match = Match.start(
        "incantibus", PLAYERS, 4, {"mode": "apprentice"}, registry=builtin_registry()
    )
    names = [p["name"] for p in PLAYERS]
    before = [json.loads(state_message(match, s, names)[1])["heading"] for s in (1, 2)]
    match.apply(0, match.legal_actions(0)[0])
    after = [json.loads(state_message(match, s, names)[1])["heading"] for s in (1, 2)]
    assert after == before  # the others learn nothing of it in words
    assert "You have chosen" in json.loads(state_message(match, 0, names)[1])["heading"]


def test_a_seat_that_has_pointed_is_told_whom_it_waits_for_by_name():
    match = Match.start("incantibus", PLAYERS, 4, {"mode": "expert"}, registry=builtin_registry())
    names = [p["name"] for p in PLAYERS]

    def heading(seat):
        return json.loads(state_message(match, seat, names)[1])["heading"]

    match.apply(0, match.legal_actions(0)[0])
    assert heading(0).endswith(". Waiting for Lera and Sam…"), heading(0)
    match.apply(2, match.legal_actions(2)[0])
    assert heading(0).endswith(". Waiting for Lera…"), heading(0)
    assert heading(2).endswith(". Waiting for Lera…"), heading(2)
    assert heading(1) == "Point your wand at a token."


def test_an_attack_that_needs_less_than_2_is_said_to_fail_not_to_need_minus_six():
    from illusio_table.games.illuminati.table.prompts import attack_needs

    assert attack_needs({"target_number": -6, "chance": 0.0}) == (
        "It cannot succeed as it stands: at least 8 MB must go down on it."
    )
    assert attack_needs({"target_number": 1, "chance": 0.0}) == (
        "It cannot succeed as it stands: at least 1 MB must go down on it."
    )
    assert attack_needs({"target_number": 12, "chance": 33 / 36}) == (
        "It needs 10 or less (92%; 11 and 12 always fail)."
    )
    assert attack_needs({"target_number": 7, "chance": 21 / 36}) == "It needs 7 or less (58%)."
    # Once the dice are rolled, no money goes down any more: what it needed, not what
    # "must go down on it" (the panel said so beside the dice).
    rolled = {"target_number": -8, "chance": 0.0, "roll": 9}
    assert attack_needs(rolled) == "The money is down: it could not succeed."
    rolled = {"target_number": 12, "chance": 33 / 36, "roll": 6}
    assert attack_needs(rolled) == "The money is down: it needed 10 or less."


def test_a_phone_is_told_each_attacks_roll_and_chance_as_the_desktop_is():
    """Every Illuminati attack a phone may announce carries the engine's hint (the roll it
    needs and its chance, or that it cannot succeed), and an attack under way carries the
    desktop's own words for it."""
    players = [{"name": n, "bot": None} for n in ("Ana", "Lera")]
    names = ["Ana", "Lera"]
    match = Match.start("illuminati", players, 5, {}, registry=builtin_registry())
    rng = random.Random(5)
    attacks = under_way = 0
    for _ in range(600):
        if match.is_over():
            break
        for seat in (0, 1):
            body = json.loads(state_message(match, seat, names)[1])
            for move in body["moves"]:
                if move["action"]["kind"] == "attack":
                    attacks += 1
                    assert move["hint"] and (
                        "or less" in move["hint"]
                        or move["hint"].startswith("cannot succeed as it stands: at least")
                    )
            attack = body["view"].get("attack")
            if attack and "target_number" in attack:
                under_way += 1
                assert body["words"]["attack_needs"] and "-" not in body["words"]["attack_needs"]
        seat = min(match.to_act())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert attacks and under_way


def test_a_phone_says_the_dice_only_with_the_attack_they_belong_to():
    """The last roll is said with its attack: an attack under way says nothing of the one
    before ("Last roll 12: failed" stayed under the next attack, as if it were its own),
    its own dice once rolled; with none under way, the last attack is named."""
    from illusio_table.games.illuminati.table.prompts import _card_name

    players = [{"name": n, "bot": None} for n in ("Ana", "Lera")]
    names = ["Ana", "Lera"]
    match = Match.start("illuminati", players, 5, {}, registry=builtin_registry())
    rng = random.Random(5)
    seen = set()
    for _ in range(800):
        if match.is_over():
            break
        body = json.loads(state_message(match, 0, names)[1])
        view, said = body["view"], body["words"]["last_roll"]
        attack, done = view.get("attack"), view.get("outcome")
        if attack and "roll" not in attack:
            assert said == "", said
            seen.add("under way" if done else "first")
        elif attack:
            assert said.startswith(f"This attack: Rolled {attack['roll']}"), said
            seen.add("rolled")
        elif done:
            target = _card_name(view, done["target"])
            assert said.startswith(f"Last attack, on {target}: "), said
            assert f"rolled {done['roll']}" in said
            seen.add("last")
        seat = min(match.to_act())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert {"under way", "last"} <= seen, seen


def test_a_count_is_said_as_a_person_says_it():
    """'1 card', '2 cards', '0 cards', never '1 card(s)' (the Illusio table said "1
    Backstage card(s)"); an odd plural is given."""
    from illusio_table.table.prompts import counted

    assert counted(1, "card") == "1 card"
    assert counted(2, "Backstage card") == "2 Backstage cards"
    assert counted(0, "action") == "0 actions"
    assert counted(3, "die", "dice") == "3 dice"
    assert counted(1, "die", "dice") == "1 die"


def test_a_group_asked_for_or_offered_is_named_on_the_phone():
    """The phone's prompt names who asks for which Group and for how much, and tells the
    asker to place it once given, in the card's own name."""
    from illusio_table.games.illuminati.actions import AskGroup, Yield
    from tests.games.illuminati.helpers import own, set_money, settle, without_specials

    match = Match.start("illuminati", PLAYERS, 3, {}, registry=builtin_registry())
    game = without_specials(settle(match.game))
    asker, owner = game.current, (game.current + 1) % 3
    own(game, owner, "c-i-a")
    set_money(game, game.illuminati[asker], 5)
    names = [p["name"] for p in PLAYERS]
    match.apply(asker, AskGroup("c-i-a", 5))
    prompt = json.loads(state_message(match, owner, names)[1])["heading"]
    assert prompt == f"{names[asker]} asks you for C.I.A. for 5 MB: give it, or keep it."
    match.apply(owner, Yield())
    prompt = json.loads(state_message(match, asker, names)[1])["heading"]
    assert prompt == f"{names[owner]} gives you C.I.A.: place it on a free arrow."


def test_a_trade_of_two_groups_is_named_on_the_phone():
    """Asked for a Group in exchange for one of the asker's, the owner reads both names;
    given, the owner is told to place the Group that comes first, then the asker."""
    from illusio_table.games.illuminati.actions import AskGroup, Receive, Yield
    from tests.games.illuminati.helpers import own, settle, without_specials

    match = Match.start("illuminati", PLAYERS, 3, {}, registry=builtin_registry())
    game = without_specials(settle(match.game))
    asker, owner = game.current, (game.current + 1) % 3
    own(game, owner, "c-i-a")
    own(game, asker, "boy-sprouts")
    names = [p["name"] for p in PLAYERS]
    match.apply(asker, AskGroup("c-i-a", 0, "boy-sprouts"))
    prompt = json.loads(state_message(match, owner, names)[1])["heading"]
    assert prompt == f"{names[asker]} asks you for C.I.A. for Boy Sprouts: give it, or keep it."
    match.apply(owner, Yield())
    prompt = json.loads(state_message(match, owner, names)[1])["heading"]
    assert prompt == f"{names[asker]} gives you Boy Sprouts: place it on a free arrow."
    match.apply(owner, next(a for a in game.legal_actions(owner) if isinstance(a, Receive)))
    prompt = json.loads(state_message(match, asker, names)[1])["heading"]
    assert prompt == f"{names[owner]} gives you C.I.A.: place it on a free arrow."


def _frame(match: Match, seat: int, names: list[str]) -> dict:
    return json.loads(state_message(match, seat, names)[1])


def test_a_goal_once_chosen_is_no_longer_asked_for():
    """With hidden goals, a player who has chosen hers reads that it is chosen, and waits;
    the others are still asked (the heading said "Choose the goal…" after the choice)."""
    names = [p["name"] for p in PLAYERS]
    match = Match.start(
        "illuminati", PLAYERS, 2, {"hidden_goals": True}, registry=builtin_registry()
    )
    asked = "Choose the goal you will secretly pursue."
    assert all(_frame(match, s, names)["heading"] == asked for s in range(3))
    match.apply(0, match.legal_actions(0)[0])
    assert _frame(match, 0, names)["heading"] == "Your goal is chosen. Waiting for the others…"
    assert _frame(match, 1, names)["heading"] == asked


def test_while_everyone_chooses_a_goal_it_is_nobodys_turn():
    """With hidden goals, before the first turn everyone chooses at once: the line beside
    the table said "Lera's turn: 2 actions, 1 free transfer left" (and her name stood
    marked as playing) while all chose."""
    from illusio_table.games.illuminati.table.prompts import words

    names = [p["name"] for p in PLAYERS]
    match = Match.start(
        "illuminati", PLAYERS, 2, {"hidden_goals": True}, registry=builtin_registry()
    )
    view = match.view(0)
    assert view["phase"] == "goals"
    turn = words(view, names)["turn"]
    assert turn.startswith("Everyone chooses a secret goal at once."), turn
    assert "'s turn" not in turn and "action" not in turn


def test_income_is_asked_of_the_player_whose_turn_it_is_alone():
    """Everyone read "Collect your income to begin your turn." while one player did."""
    names = [p["name"] for p in PLAYERS]
    match = Match.start("illuminati", PLAYERS, 1, {}, registry=builtin_registry())
    for _ in range(200):
        view = match.view(0)
        if view["phase"] == "income":
            break
        seat = min(match.to_act())
        match.apply(seat, match.legal_actions(seat)[0])
    assert view["phase"] == "income"
    current = view["current"]
    for seat in range(3):
        heading = _frame(match, seat, names)["heading"]
        if seat == current:
            assert heading == "Collect your income to begin your turn."
        else:
            assert heading == f"Waiting: {names[current]} collects income."


def test_the_illusio_turn_line_says_whose_turn_it_is():
    """The phone's line said "Turn 40 · 2 actions left" without whose turn it was: it
    names the magician playing, or says it is one's own."""
    names = [p["name"] for p in PLAYERS]
    match = Match.start("illusio", PLAYERS, 3, {}, registry=builtin_registry())
    rng = random.Random(3)
    for _ in range(60):
        current = match.view(0)["current"]
        for seat in range(3):
            turn = _frame(match, seat, names)["words"]["turn"]
            whose = "Your turn" if seat == current else f"{names[current]}'s turn"
            assert whose in turn and "points to win" in turn, turn
        seat = min(match.to_act())
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def test_the_incantibus_heading_at_game_over_says_who_won():
    match = Match.start("incantibus", PLAYERS, 2, {"mode": "expert"}, registry=builtin_registry())
    names = [p["name"] for p in PLAYERS]
    rng = random.Random(2)
    while not match.is_over():
        seat = min(match.to_act())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    winners = match.view(None)["scores"]["winners"]
    assert len(winners) == 1
    for seat in (0, 1, 2):
        heading = json.loads(state_message(match, seat, names)[1])["heading"]
        assert heading == f"The game is over: {names[winners[0]]} won.", heading


def test_while_money_goes_down_those_who_can_only_pass_are_said_apart():
    """Four seats, an attack on an uncontrolled Group: a player with no money the attack
    can take and no Special is not named among those money may come from, but said to
    be able only to pass (Juno, 0 MB and no Special, was waited for as if she might
    spend); with money again, she is named among them."""
    from illusio_table.games.illuminati.actions import Attack
    from illusio_table.games.illuminati.table.prompts import prompt
    from tests.games.illuminati.helpers import set_money, settle, without_specials

    four = [{"name": n, "bot": None} for n in ("Ana", "Lera", "Milo", "Juno")]
    names = [p["name"] for p in four]
    match = Match.start("illuminati", four, 3, {}, registry=builtin_registry())
    game = without_specials(settle(match.game))
    attacker = game.current
    attack = next(
        a
        for a in game.legal_actions(attacker)
        if isinstance(a, Attack) and not a.aiders and not a.privilege and a.how == "control"
    )
    poor = (attacker + 3) % 4
    set_money(game, game.illuminati[poor], 0)
    for seat in range(4):
        if seat not in (attacker, poor):
            set_money(game, game.illuminati[seat], 9)
    match.apply(attacker, attack)
    assert game.phase == "spending"
    watcher = next(s for s in range(4) if s not in game.to_act() and s != poor)
    said = prompt(game.view(watcher), watcher, names, "", [])
    waited = said.split(":")[0]
    assert names[poor] not in waited, said
    assert f"{names[poor]} can only pass (no money or Special to put in)." in said, said
    # Asked in turn, she is told she can only pass (she was told to spend "any amount").
    while poor not in game.to_act():
        (asked,) = game.to_act()
        match.apply(asked, next(a for a in game.legal_actions(asked) if a.kind == "pass"))
    own = prompt(game.view(poor), poor, names, "", game.legal_actions(poor))
    assert own == "Money on the attack: nothing of yours can go in (no money, no Special): pass."
    set_money(game, game.illuminati[poor], 3)
    said = prompt(game.view(watcher), watcher, names, "", [])
    assert names[poor] in said.split(":")[0] and "only pass" not in said, said
    own = prompt(game.view(poor), poor, names, "", game.legal_actions(poor))
    assert own == "Money on the attack: spend from your money (any amount), or pass.", own
