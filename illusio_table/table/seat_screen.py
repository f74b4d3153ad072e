"""What a seat sees and may do now, in words: built once, here, from the game's kit (its
prompt and its words) and the match, and drawn by the desktop's table and the phone's page
alike, so that the two never say different things (they had drifted: the phone said
"Choose the goal you will secretly pursue." after the goal was chosen, the desktop
"Waiting for Lera to decide." where the phone named what Lera decides).

The words name the choice, never the gesture ("choose", not "click" or "tap"): each screen
adds how a choice is made beside the heading. Per seat, from what the seat may know: its
view, its own moves and its own secret choice. No Qt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from illusio_table.engine import Action, IllegalAction
from illusio_table.engine.match import Match
from illusio_table.engine.protocol import Event

from .kits import Kit, kit_of
from .prompts import waiting_for


@dataclass(frozen=True)
class SeatScreen:
    """What one seat is shown now, above its table."""

    seat: int | None
    # What the seat is asked now, whom the table waits for, or how the match ended: the
    # heading of the desktop's table and of the phone's page.
    heading: str
    # The game's own lines beside its view, by name (the turn and what is left of it, the
    # roll an attack needs), the same on both screens: the kit's `phone_words`.
    words: Mapping[str, str] = field(default_factory=dict)
    awaited: tuple[int, ...] = ()  # the seats the table waits for (public)
    asked: bool = False  # the seat has a move to make now
    chosen: str = ""  # its own secret choice, in words ('' if none)
    over: bool = False
    count: str = ""  # the "In… can… to!" under way, as far as it has gone
    status: str = ""  # a word of the table's that stands above the heading for now
    note: str = ""  # the seat's own rehearsal tally
    review: dict[str, Any] | None = None  # its own coach's chart of its last choice

    def frame(self) -> dict[str, Any]:
        """What a phone is sent of it (remote/seats.py), under the names its page reads."""
        return {
            "heading": self.heading,
            "words": dict(self.words),
            "awaited": list(self.awaited),
            "over": self.over,
            "count": self.count,
            "status": self.status,
            "note": self.note,
            "coach": self.review,
        }


def seat_screen(
    kit: Kit,
    view: dict[str, Any],
    seat: int | None,
    names: list[str],
    legal: list[Action],
    *,
    chosen: str = "",
    awaited: Iterable[int] = (),
    over: bool = False,
    count: str = "",
    status: str = "",
    note: str = "",
    review: dict[str, Any] | None = None,
    watched: bool = False,
    since: Sequence[Event] = (),
) -> SeatScreen:
    """The seat's screen from its view and its moves (`legal`: none while nothing may be
    played, so that nothing is asked); the game's prompt says the heading, and where it
    says nothing the table says whose move it is. `watched`: the screen is one that people
    still choosing look at (the big screen, with people on phones yet to point), so a
    secret choice made is said to be made, never what it is. `since`: the log's events
    since the last reveal of choices made at once, as the seat may read them (for the
    game's words)."""
    waiting = tuple(sorted(awaited))
    if chosen and watched:
        chosen, heading = "", _withheld(names, waiting)
    else:
        heading = kit.prompt(view, seat, names, chosen, legal)
    if not heading:
        heading = _plain_heading(seat, names, legal, waiting, over)
    return SeatScreen(
        seat=seat,
        heading=heading,
        words=kit.phone_words(view, names, since) if kit.phone_words else {},
        awaited=waiting,
        asked=bool(legal),
        chosen=chosen,
        over=over,
        count=count,
        status=status,
        note=note,
        review=review,
    )


def match_screen(
    match: Match,
    seat: int | None,
    names: list[str],
    view: dict[str, Any] | None = None,
    legal: list[Action] | None = None,
    **table: Any,
) -> SeatScreen:
    """The seat's screen in a match: its view and moves (those given, or the match's), its
    secret choice in words, whom the match waits for; `table`: the table's own words
    (`count`, `status`, `note`, `review`)."""
    view = match.view(seat) if view is None else view
    if legal is None:
        legal = [] if seat is None else match.legal_actions(seat)
    return seat_screen(
        kit_of(match.game_id),
        view,
        seat,
        names,
        legal,
        chosen=chosen_words(match, seat, view),
        awaited=match.to_act(),
        over=match.is_over(),
        since=match.since_reveal(seat),
        **table,
    )


def _withheld(names: list[str], waiting: tuple[int, ...]) -> str:
    """The heading of a seat whose secret choice is made, on a screen the people still
    choosing can see: the big screen said "You have chosen: point at the 3 Gold…" in large
    letters while Lera and Milo, on their phones, were still to point."""
    wait = waiting_for(names, waiting)
    return "You have chosen; it stays hidden until everyone has." + (f" {wait}" if wait else "")


def chosen_words(match: Match, seat: int | None, view: dict[str, Any]) -> str:
    """The secret choice the seat has made (its own, so its own to read), in words."""
    mine = view.get("my_choice")
    if not mine or seat is None:
        return ""
    try:
        return match.describe(match.parse_action(mine), seat)
    except IllegalAction:
        return ""


def _plain_heading(
    seat: int | None, names: list[str], legal: list[Action], waiting: tuple[int, ...], over: bool
) -> str:
    """Whose move it is, where the game's prompt says nothing (a game with no prompt)."""
    if over:
        return "The game is over."
    if legal:
        return "Your move."
    others = [names[s] if s < len(names) else f"Seat {s + 1}" for s in waiting if s != seat]
    return f"Waiting for {' and '.join(others)}." if others else "Waiting…"
