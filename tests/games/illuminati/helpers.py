"""Staging Illuminati positions for tests: the one place a test writes into a match's
state (`tests/test_staging.py` checks that no test does it elsewhere), so that a change of
the state's shape is met here. Money always comes from or goes to the bank; a card moved
leaves the place it was in."""

from __future__ import annotations

from illusio_table.engine.rng import Rng
from illusio_table.games.illuminati.actions import ChooseGoal, Pass, TakeIncome
from illusio_table.games.illuminati.game import IlluminatiGame  # (with its bots)
from illusio_table.games.illuminati.rules import BANK

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def make(seats: int = 4, seed: int = 1, **options) -> IlluminatiGame:
    players = [{"name": NAMES[s], "bot": None} for s in range(seats)]
    game = IlluminatiGame(seats, seed, options, players)
    return game


def settle(game: IlluminatiGame) -> IlluminatiGame:
    """Gets through the UFOs' choice, windows and income to the current player's actions."""
    for _ in range(50):
        if game.phase == "goals":
            for seat in sorted(game.to_act()):
                game.apply(seat, ChooseGoal("bavarian-illuminati"))
        elif game.phase == "window":
            for seat in sorted(game.to_act()):
                game.apply(seat, Pass())
        elif game.phase == "income":
            game.apply(game.current, TakeIncome(False))
        else:
            return game
    raise AssertionError("the game did not settle")


def take_out(game: IlluminatiGame, card: str) -> None:
    """Removes a Group or a Special from wherever it lies (not from a Power Structure)."""
    for pile in (game.deck, game.uncontrolled, game.dead, game.discarded, *game.specials):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"{card} is in a Power Structure")


def own(game: IlluminatiGame, seat: int, group: str, master: str | None = None, side=None):
    """Puts a Group under a free arrow of the seat's structure (the Illuminati by default)."""
    take_out(game, group)
    structure = game.structures[seat]
    master = master or structure.root
    side = side or structure.free_arrows(master)[0]
    structure.attach(group, master, side)
    return side


def leave_uncontrolled(game: IlluminatiGame, group: str) -> None:
    """A Group (not in a Power Structure) lies uncontrolled on the table."""
    take_out(game, group)
    game.uncontrolled.append(group)


def release(game: IlluminatiGame, seat: int, group: str) -> None:
    """A Group of the seat's structure, and its puppets, lie uncontrolled."""
    game.uncontrolled.extend(game.structures[seat].cut(group).cards())


def destroy(game: IlluminatiGame, group: str) -> None:
    """A Group (not in a Power Structure) lies destroyed."""
    take_out(game, group)
    game.dead.append(group)


def back_to_deck(game: IlluminatiGame, card: str) -> None:
    """A Group or a Special (not in a Power Structure) goes back into the deck."""
    take_out(game, card)
    game.deck.append(card)


def on_top(game: IlluminatiGame, card: str) -> None:
    """A card of the deck is the next one drawn."""
    game.deck.remove(card)
    game.deck.append(card)


def set_illuminati(game: IlluminatiGame, seat: int, illuminati: str) -> None:
    """The seat leads another Illuminati (its card keeps the old one's place)."""
    game.illuminati[seat] = illuminati


def set_turns_taken(game: IlluminatiGame, *turns: int) -> None:
    """How many turns each seat has taken (eliminations come after the third)."""
    game.turns_taken = list(turns)


def set_turns_of(game: IlluminatiGame, seat: int, turns: int) -> None:
    game.turns_taken[seat] = turns


def set_actions(game: IlluminatiGame, left: int, free_transfers: int | None = None) -> None:
    """The regular actions (and free transfers) left in the current turn."""
    game.actions_left = left
    if free_transfers is not None:
        game.free_transfers = free_transfers


def make_privileged(game: IlluminatiGame) -> None:
    """The attack under way is privileged: declared, and not abolished."""
    attack = game.attack
    assert attack is not None, "an attack must be under way"
    attack.privileged = True


def set_phase(game: IlluminatiGame, phase: str) -> None:
    game.phase = phase


def set_goal(game: IlluminatiGame, groups: int) -> None:
    """The basic goal: Groups to control."""
    game.goal = groups


def set_option(game: IlluminatiGame, name: str, value: object) -> None:
    game.options = {**game.options, name: value}


def borrow_goal(game: IlluminatiGame, seat: int, illuminati: str) -> None:
    """The seat pursues another Illuminati's special goal."""
    game.borrowed_goal[seat] = illuminati


def put_out(game: IlluminatiGame, seat: int) -> None:
    """The seat is out of the game already (as if its structure had fallen earlier)."""
    game.eliminated[seat] = True


def set_winners(game: IlluminatiGame, *seats: int) -> None:
    """The match is said to be won by these seats (the end's words read from it)."""
    game.winners = list(seats)


def set_destroyed(game: IlluminatiGame, seat: int, groups: int) -> None:
    """Groups the seat has destroyed so far (the Servants of Cthulhu count them)."""
    game.destroyed[seat] = groups


def give_special(game: IlluminatiGame, seat: int, kind: str) -> str:
    card = next(
        c
        for c in (*game.deck, *game.discarded, *[c for h in game.specials for c in h])
        if c.startswith(kind + "#")
    )
    for pile in (game.deck, game.discarded, *game.specials):
        if card in pile:
            pile.remove(card)
    game.specials[seat].append(card)
    return card


def set_money(game: IlluminatiGame, card: str, amount: int) -> None:
    game.bank += game.money.get(card, 0) - amount
    game.money[card] = amount


class LoadedDice:
    """The match's generator, but for the dice: the next ones thrown show these. It
    holds the generator rather than being one (compiled, the generator is a native class,
    which no test class may extend), and passes every other draw on to it."""

    def __init__(self, rng: Rng, rolls: list[int]) -> None:
        self.rng = rng
        self.rolls = rolls

    def die(self, sides: int = 6) -> int:
        return self.rolls.pop(0) if self.rolls else self.rng.die(sides)

    def below(self, n: int) -> int:
        return self.rng.below(n)

    def choice(self, items):
        return self.rng.choice(items)

    def shuffle(self, items) -> None:
        self.rng.shuffle(items)

    def next64(self) -> int:
        return self.rng.next64()

    def fork(self, salt: int) -> Rng:
        return self.rng.fork(salt)


def fix_dice(game: IlluminatiGame, *rolls: tuple[int, int]) -> None:
    """The next attacks roll these, two dice each (the generator is swapped, not the
    rules: compiled, a method patched on the match would never be called)."""
    game.rng = LoadedDice(game.rng, [die for roll in rolls for die in roll])


def check_invariants(game: IlluminatiGame) -> None:
    for structure in game.structures:
        structure.check()  # one card a cell, every puppet on its master's arrow
    assert game.bank + sum(game.money.values()) == BANK, "money is neither made nor lost"
    assert all(v >= 0 for v in game.money.values()), "no treasury below zero"
    placing = game.view(None)["placing"]
    waiting = placing["groups"] if placing else []
    assert all(game.owner(card) is not None or card in waiting for card in game.money)
    in_play = [c for s in game.structures for c in s if c in game.cards.group] + waiting
    places = game.uncontrolled + game.dead + [c for c in game.deck if "#" not in c] + in_play
    assert sorted(places) == sorted(g.id for g in game.cards.groups), "every Group in one place"
    specials = [c for c in game.deck if "#" in c] + game.discarded
    specials += [c for hand in game.specials for c in hand]
    assert len(specials) == len(set(specials)) == 15, "every Special in one place"
    if game.attack is not None:
        assert sum(v for _, v in game.lines()) == game.target_number()


def with_illuminati(illuminati: str, seats: int = 4, **options) -> IlluminatiGame:
    """A settled game whose player to act leads that Illuminati."""
    for seed in range(400):
        game = make(seats, seed, **options)
        if illuminati in game.illuminati:
            settle(game)
            if game.illuminati[game.current] == illuminati and game.phase == "actions":
                return game
    raise AssertionError(f"no seed gives {illuminati} the first turn")


def without_specials(game: IlluminatiGame) -> IlluminatiGame:
    """Every Special back into the deck, so that no window opens."""
    for hand in game.specials:
        game.deck.extend(hand)
        hand.clear()
    return game


def through_windows(game: IlluminatiGame, play=None) -> None:
    """Answers every window there is: `play(kind, seat)` gives a move, else the seat passes."""
    while game.phase == "window":
        kind = game.view(None)["window"]["kind"]
        for seat in sorted(game.to_act()):
            game.apply(seat, (play(kind, seat) if play else None) or Pass())
