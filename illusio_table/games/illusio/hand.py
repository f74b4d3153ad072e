"""A seat's hand (a part of the Illusio rules): whether a card may be played from it as a
Component or a Special, and cards exchanged with the deck. Asked by the refusals, the
effects and the talents alike, so it imports none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from illusio_table.engine import Event

if TYPE_CHECKING:
    from .rules import Illusio


def card_count(number: int) -> str:
    """'1 card', '3 cards': as a log line or a refusal counts them."""
    return f"{number} card" + ("" if number == 1 else "s")


def from_hand(game: Illusio, seat: int, card: int, component: bool) -> str | None:
    if card not in game.hands[seat]:
        return "That card is not in your hand."
    if component and game.info[card].special:
        return "That is a Special action; only Components are placed."
    if not component and not game.info[card].special:
        return "That is a Component, not a Special action."
    return None


def exchange_cards(game: Illusio, seat: int, cards: tuple[int, ...]) -> list[Event]:
    hand = game.hands[seat]
    for c in cards:
        hand.remove(c)
    events = game._draw(seat, len(cards))
    # The cards given back go into the deck at random places, so nobody learns where
    # (as good as shuffling the deck, and cheaper).
    for c in cards:
        game.deck.insert(game.rng.below(len(game.deck) + 1), c)
    if game.quiet:
        return events
    names = ", ".join(game.info[c].name for c in cards)
    return [
        Event(f"You exchange {names}.", seen_by=frozenset({seat})),
        Event(
            f"{game.name(seat)} exchanges {card_count(len(cards))} with the deck.",
            hidden_from=frozenset({seat}),
        ),
    ] + events
