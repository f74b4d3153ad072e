"""What a seat is asked to do now, in words, for the heading of its screen on the desktop
and the phone alike (table/seat_screen.py; never raw ids): read from the seat's view and
its moves, no Qt.

The words name the choice, not the gesture ("choose", never "click" or "tap"): each
screen adds how it is made where it draws its own hint.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from illusio_table.engine import Action
from illusio_table.engine.protocol import listed


def counted(n: int, thing: str, things: str = "") -> str:
    """'1 card', '2 cards', '0 cards': a count as it is said ("1 card(s)" reads as a
    form, not a table; `things` where the plural is not `thing` + s)."""
    return f"{n} {thing if n == 1 else things or thing + 's'}"


def waiting_for(names: list[str], seats: Iterable[int]) -> str:
    """'Waiting for Lera and Milo…': whom a seat that has chosen waits for, by name (a
    heading that said only "the others" left a person asking the table who was still
    choosing); '' where nobody is named."""
    still = listed(names[s] for s in seats if s < len(names))
    return f"Waiting for {still}…" if still else ""


# What a game's kit says a seat is asked (table/kits.py), the heading of its screen on the
# desktop and the phone (table/seat_screen.py): from the view, the seat (None: a watcher),
# the seats' names, the words of the secret choice it has made and its moves now (none
# while nothing may be played). '' leaves the heading to the table (whose move it is).
Prompt = Callable[[dict[str, Any], int | None, list[str], str, list[Action]], str]
