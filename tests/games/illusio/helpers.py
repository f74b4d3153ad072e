"""Staging positions of Illusio for tests, keeping every card in exactly one place: the one
place a test writes into a match's state (`tests/test_staging.py` checks that no test
does it elsewhere), so that a change of the state's shape is met here."""

from __future__ import annotations

from typing import Any

from illusio_table.games import new_game
from illusio_table.games.illusio.game import Illusio
from illusio_table.games.illusio.phases import IllusioPhase
from illusio_table.games.illusio.work import Work

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def make(seats: int = 4, seed: int = 1, target: int = 12) -> Illusio:
    players = [{"name": NAMES[s], "bot": None} for s in range(seats)]
    return new_game("illusio", seats, seed, {"target": target}, players)


def deck_places(game: Illusio) -> dict[str, list[int]]:
    """Every card of the Components/Special actions deck by where it is."""
    found = {"deck": list(game.deck), "discard": list(game.discard_pile)}
    for seat in range(game.seats):
        found[f"hand{seat}"] = list(game.hands[seat])
        found[f"backstage{seat}"] = list(game.backstage[seat])
        for w in game.works[seat]:
            found[f"around{w.objective}"] = list(w.components)
            found[f"on{w.objective}"] = list(w.specials)
    for component, cards in game.attached.items():
        found[f"transforming{component}"] = list(cards)
    return found


def objective_places(game: Illusio) -> dict[str, list[int]]:
    found = {
        "deck": list(game.objective_deck),
        "discard": list(game.objective_discard),
        "contest": [o for o in game.contest if o is not None],
    }
    for seat in range(game.seats):
        found[f"works{seat}"] = [w.objective for w in game.works[seat]]
        found[f"validated{seat}"] = list(game.validated[seat])
    return found


def check_invariants(game: Illusio) -> None:
    cards = sorted(c for cards in deck_places(game).values() for c in cards)
    assert cards == list(range(len(game.info))), "every card in exactly one place"
    objectives = sorted(o for os in objective_places(game).values() for o in os)
    assert objectives == list(range(len(game.objectives))), "every Objective in one place"
    if None in game.contest:
        assert not game.objective_deck and not game.objective_discard
    for seat in range(game.seats):
        assert len(game.realizing(seat)) <= game.limits.realizing
        assert game.scores[seat] == sum(t["points"] for t in game.tricks[seat])
        for w in game.works[seat]:
            o = game.objectives[w.objective]
            assert len(w.components) <= len(o.needs)
            assert w.displayed == (len(w.components) == len(o.needs))
        for c in game.backstage[seat]:
            assert not game.info[c].special
    for component in game.attached:
        assert any(component in cs for cs in (*game.backstage, *_around(game)))


def _around(game: Illusio) -> list[list[int]]:
    return [w.components for works in game.works for w in works]


class TurnChecker:
    """Checks the invariants after every action, and the hand limit whenever a turn ends."""

    def __init__(self) -> None:
        self.current: int | None = None
        self.turn = 0

    def __call__(self, game: Illusio) -> None:
        check_invariants(game)
        if self.current is not None and game.turn != self.turn and not game.is_over():
            assert len(game.hands[self.current]) <= game.limits.hand_limit
        self.current, self.turn = game.current, game.turn


def pull(game: Illusio, kind: str) -> int:
    """Takes a card of that printed kind out of the deck or the discard pile."""
    for pile in (game.deck, game.discard_pile):
        for card in reversed(pile):
            if game.info[card].kind == kind:
                pile.remove(card)
                return card
    raise AssertionError(f"no {kind} left in the deck or the discard pile")


def set_hand(game: Illusio, seat: int, *kinds: str) -> list[int]:
    """Gives the seat exactly these cards (its old hand goes back into the deck)."""
    game.deck.extend(game.hands[seat])
    game.hands[seat] = [pull(game, k) for k in kinds]
    return list(game.hands[seat])


def set_backstage(game: Illusio, seat: int, *kinds: str) -> list[int]:
    game.deck.extend(game.backstage[seat])
    game.backstage[seat] = [pull(game, k) for k in kinds]
    return list(game.backstage[seat])


def turn_into(game: Illusio, card: int, kind: str) -> None:
    """The Component now counts as `kind` (as a talent or a Transform leaves it)."""
    game._turn_into(card, kind)


def objective(game: Illusio, key: str) -> int:
    return next(o.id for o in game.objectives if o.key == key)


def to_contest(game: Illusio, key: str, slot: int = 0) -> int:
    """Puts that Objective in the Contest (the card it replaces goes back into the deck)."""
    number = objective(game, key)
    if number in game.contest:
        return number
    for pile in (game.objective_deck, game.objective_discard):
        if number in pile:
            pile.remove(number)
    old = game.contest[slot]
    if old is not None:
        game.objective_deck.insert(0, old)
    game.contest[slot] = number
    return number


def give_work(game: Illusio, seat: int, key: str, *kinds: str) -> Work:
    """Puts an Objective under realization for the seat with these Components around it."""
    number = to_contest(game, key)
    game.contest[game.contest.index(number)] = game.objective_deck.pop()
    work = Work(number, [pull(game, k) for k in kinds])
    game.works[seat].append(work)
    work.displayed = len(work.components) == len(game.objectives[number].needs)
    return work


def swap_with_deck(game: Illusio, seat: int, held: int, drawn: int) -> None:
    """A card of the seat's hand and one of the deck change places (as an exchange would
    bring it)."""
    game.deck[game.deck.index(drawn)] = held
    game.hands[seat][game.hands[seat].index(held)] = drawn


def add_component(game: Illusio, work: Work, kind: str) -> int:
    """A card of that printed kind goes around the Objective under realization."""
    card = pull(game, kind)
    work.components.append(card)
    return card


def deck_into_discard(game: Illusio) -> None:
    """The whole deck lies on the discard pile: the next draw shuffles it back."""
    game.discard_pile.extend(game.deck)
    game.deck.clear()


def spend_deck(game: Illusio, seat: int, keep: int = 0, into: str = "hand") -> None:
    """Every card of the deck and the discard pile but `keep` (left in the deck) goes to
    the seat's hand or Backstage (`into`): nothing, or next to nothing, left to draw."""
    spare = list(game.deck) + list(game.discard_pile)
    game.deck[:] = spare[:keep]
    game.discard_pile.clear()
    (game.hands if into == "hand" else game.backstage)[seat].extend(spare[keep:])


def discard_objectives(game: Illusio, numbers: list[int]) -> None:
    """These Objectives of the Objective deck lie on its discard pile."""
    for number in numbers:
        game.objective_deck.remove(number)
    game.objective_discard.extend(numbers)


def clear_objective_discard(game: Illusio) -> None:
    """The Objectives on the discard pile are won by nobody: set aside, out of play."""
    game.objective_discard.clear()


def validate(game: Illusio, seat: int, *numbers: int) -> None:
    """These Objectives of the Objective deck are tricks the seat has already scored."""
    for number in numbers:
        game.objective_deck.remove(number)
    game.validated[seat].extend(numbers)


def empty_contest_slot(game: Illusio, slot: int) -> None:
    """The Contest slot holds no Objective (its card goes back into the Objective deck)."""
    old = game.contest[slot]
    if old is not None:
        game.objective_deck.insert(0, old)
    game.contest[slot] = None


def display(game: Illusio, seat: int, work: Work, *cards: int) -> None:
    """These Components of the seat's Backstage go around the work, now on display."""
    for card in cards:
        game.backstage[seat].remove(card)
        work.components.append(card)
    work.displayed = True


def lay_special(game: Illusio, work: Work, kind: str) -> int:
    """A Special of that kind lies on the trick (Grand, Deja vu, Encore)."""
    card = pull(game, kind)
    work.specials.append(card)
    return card


def to_discard(game: Illusio, kind: str) -> int:
    """A card of that kind is on top of the discard pile."""
    card = pull(game, kind)
    game.discard_pile.append(card)
    return card


def set_scores(game: Illusio, scores: list[int], tricks: list[list[dict[str, Any]]]) -> None:
    """Each seat's points and the tricks they came from (for the end of the game)."""
    game.scores, game.tricks = list(scores), [list(t) for t in tricks]


def set_over(game: Illusio) -> None:
    """The match is over (as its end leaves it; the winners' words aside)."""
    game.phase = IllusioPhase.OVER


def set_magician(game: Illusio, seat: int, magician_id: str) -> None:
    magician = next(m for m in game.cards.magicians if m.id == magician_id)
    if magician in game.magicians:
        other = game.magicians.index(magician)
        game.magicians[other] = game.magicians[seat]
    game.magicians[seat] = magician


def act(game: Illusio, action: Any, seat: int | None = None) -> list:
    return game.apply(game.current if seat is None else seat, action)


def log_text(game: Illusio, seat: int | None) -> str:
    return "\n".join(game.log(seat))


PASSIVE = ("marchetti", "lumen", "okkult", "gemelos", "ravenna")


def staged(seats: int = 3, seed: int = 11, magician: str = "malone") -> tuple[Illusio, int]:
    """A game at its first turn: the seat to act leads `magician`, the others magicians
    whose talents cannot touch it (domain bonuses, a free placement, the discard pile)."""
    game = make(seats, seed=seed)
    seat = game.current
    set_magician(game, seat, magician)
    for other in range(seats):
        if other != seat:
            set_magician(game, other, PASSIVE[other % len(PASSIVE)])
    return game, seat
