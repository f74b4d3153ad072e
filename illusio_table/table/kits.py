"""A game is one kit: everything a game supplies above its engine, declared once.

A game lives in one folder, `games/<game>/`: its rules, and its kit (`kit.py`), which names
the rules and knows the rest: the gestures that make its moves on a table, the table that
draws it, what a seat is asked in words, its guided first game, how far the help's picture
is played, the phone's drawing of its view, its card file for the phones, its demo tour
and its rehearsal. A game declares itself once, by an entry point naming its kit (group
`illusio_table.games`, games/__init__.py finds them); the window, the phones and the demo
ask `kit_of(game_id)` and never name a game. A test's game is `registered` for a while.

The parts above this layer (a table is Qt, the demo and rehearsal are the window's) are
named as "module:attribute" and imported when first used, so that the window opens
without importing any game; `Kit.check` imports every one of them and says which part
is missing or broken, and the installer bundles their modules (installer/bundle_files.py).
No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from importlib import resources
from pathlib import Path
from typing import Any

from illusio_table.engine.protocol import Event
from illusio_table.games import found, load

from . import gestures
from .gestures import GestureMap
from .guide import Guide
from .prompts import Prompt


class KitError(ValueError):
    """A kit that lacks a part, or names one that cannot be imported."""


def page_script(name: str) -> Path:
    """A phone drawing of the toolkit's (remote/page/games/: the plain one)."""
    return Path(str(resources.files("illusio_table.remote").joinpath("page", "games", name)))


@dataclass(frozen=True)
class Rehearsal:
    """A way to rehearse part of a game against bots, with a coach that reviews a person's
    choices and keeps the costliest as drills to play again: the Game menu offers the
    rehearsal, the coach in any match of the game, and the drills. The window shows a
    person's tally over the table and the coach's chart in a panel of its own."""

    label: str  # the menu's words, with & before its key
    dialog: str  # "module:Class" of the dialog that sets it up (its config() starts it)
    coach_label: str  # the menu's words for the coach in a match of the game
    drill_label: str  # the menu's words for the drills (the window adds their count)
    # "module:Class" of a person's tally (a Qt object the window shows), made with the
    # match's model, the seat, its drills, past rehearsals, heading, drill and `since`:
    # the move the coach began at, from which a tally made after a restart counts again.
    tally: str
    chart: str  # "module:Class" of the coach's chart (a widget)
    drills: str  # "module:Class" of a person's kept drills (its file, and whose)
    # "module:Class" of a person's past rehearsals (its file, whose, and the mark of this
    # rehearsal's entry: the same after a restart)
    history: str
    # What its files in the data folder begin with: `<files>drills.json` keeps the drills,
    # `<files>coach.json` the past rehearsals. Each game its own: one game's drills are
    # never counted, offered or played in another's menu.
    files: str

    def kept(self, data: Path) -> tuple[Path, Path]:
        """Its files in the data folder `data`: the drills', the past rehearsals'."""
        return data / f"{self.files}drills.json", data / f"{self.files}coach.json"

    def references(self) -> list[tuple[str, str]]:
        return [
            (f"rehearsal {name}", getattr(self, name))
            for name in ("dialog", "tally", "chart", "drills", "history")
        ]


@dataclass(frozen=True)
class Kit:
    """Every part is named when a kit is made (a dataclass has no defaults here): a part a
    game does without is said to be None, never forgotten."""

    game_id: str
    # Its rules: "module:Class" of its Game (the registry imports it when first played).
    rules: str
    # Its moves as gestures on what its table draws (drag this onto that, click that).
    gestures: GestureMap
    # Its table: "module:Class" of a qt.scenes TableScene.
    scene: str
    # What a seat is asked now, in words: the heading of its screen on the desktop and the
    # phone ('' leaves it to the table: whose move it is). table/seat_screen.py.
    prompt: Prompt
    # Its guided first game (table/guide.py).
    guide: Callable[[], Guide]
    # How many moves the bots play before the help's picture of its table is taken.
    picture_moves: int
    # The phone page's drawing of its view: a script that hands page.js its drawing
    # function through `drawer(...)`.
    phone: Path
    # Lines beside the view, by name, from the view, the seats' names and the log's events
    # since the last reveal of choices made at once (as the seat may read them): the same
    # words on the desktop's table and the phone's page (the turn and what is left of it,
    # the roll an attack needs, what came of the last casting). None: none.
    phone_words: Callable[[dict[str, Any], list[str], Sequence[Event]], dict[str, str]] | None
    # "module:function" loading its card file, sent to phones to draw cards (None: no cards).
    cards: str | None
    # "module:function" of the demo's tour from a person's seat (None: the demo's plain shots).
    tour: str | None
    # A rehearsal offered in the Game menu (None: none).
    rehearsal: Rehearsal | None
    # People choose at once among targets everyone sees and count "In… can… to!" together
    # (the Incantibus casting); table mode is offered for such games alone. Illuminati's
    # Special windows are chosen at once too, but from secret hands: a shared screen
    # could not hide them, and nobody counts.
    choose_at_once: bool

    def scene_class(self) -> Any:
        return load(self.scene)

    def check(self) -> None:
        """Raises KitError naming each part that is missing or cannot be used."""
        problems = []
        for part in fields(self):
            value = getattr(self, part.name)
            if value is None and "None" not in str(part.type):
                problems.append(f"{part.name}: missing")
        for name, reference in self.references():
            try:
                load(reference)
            except (ImportError, AttributeError) as error:
                problems.append(f"{name}: {reference} cannot be imported ({error})")
        if not self.phone.is_file():
            problems.append(f"phone: no drawing at {self.phone}")
        if problems:
            raise KitError(f"the kit of {self.game_id!r}: " + "; ".join(problems))

    def references(self) -> list[tuple[str, str]]:
        """(part, "module:attribute") for each part it names to be imported when used
        (what `check` imports, and the installer bundles)."""
        found = [(name, getattr(self, name)) for name in ("rules", "scene", "cards", "tour")]
        if self.rehearsal is not None:
            found += self.rehearsal.references()
        return [(name, reference) for name, reference in found if reference]


# A game registered without a kit (a test's, say) is drawn by the plain table, a button
# per move; the phones list its moves.
PLAIN = Kit(
    game_id="",
    rules="",
    gestures=gestures.buttons,
    scene="illusio_table.qt.scenes.generic:GenericTableScene",
    prompt=lambda view, seat, names, chosen, legal: "",
    guide=lambda: Guide("", "", 0, (), (), lambda view, log: False, lambda view, log: ""),
    picture_moves=20,
    phone=page_script("plain.js"),
    phone_words=None,
    cards=None,
    tour=None,
    rehearsal=None,
    choose_at_once=False,
)

# The kits of the games found (games/__init__.py), read when first asked for; a test's kit
# is registered beside them for a while.
_FOUND: dict[str, Kit] = {}
_REGISTERED: dict[str, Kit] = {}


def _kits() -> dict[str, Kit]:
    if not _FOUND:
        for game_id, reference in found().items():
            kit = load(reference)
            if kit.game_id != game_id:
                raise KitError(f"{reference} is the kit of {kit.game_id!r}, not {game_id!r}")
            _FOUND[game_id] = kit
    return _FOUND | _REGISTERED


def kit_of(game_id: str) -> Kit:
    """The game's kit, or the plain one for a game registered without a kit."""
    return _kits().get(game_id, PLAIN)


def kits() -> list[Kit]:
    """Every kit: the games found, in their order, then those registered for a while."""
    return list(_kits().values())


@contextmanager
def registered(kit: Kit) -> Iterator[Kit]:
    """Registers a game's kit (checked first) for as long as the block runs."""
    kit.check()
    if kit.game_id in _kits():
        raise KitError(f"a kit of {kit.game_id!r} is registered already")
    _REGISTERED[kit.game_id] = kit
    try:
        yield kit
    finally:
        del _REGISTERED[kit.game_id]
