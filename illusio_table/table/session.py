"""The Session: the one master of a match at the table, without Qt.

The desktop and the phones are two kinds of client of it. It decides which seat the big
screen shows (the viewer) and when the curtain falls between the people at it, holds the
table still while a reveal is on the big screen, counts "In… can… to!" when people point
at once with phones among them, plays the bots in turn (a searching one thinks in the
thinking process, on a copy), keeps the seats on devices, those standing aside and table
mode (all in the match's record, so a resumed match keeps them), takes moves back, and
saves after every move.

It reports through plain callbacks (`Callbacks`, connected like signals) and keeps time
with the timers and the hand-over it is given: the window gives it QTimers and a queued
signal; the tests give it a fake clock, and then a whole session runs headless in
milliseconds.

The screen shows one seat's view at a time (the viewer). When the seat that must act next
is another person at the screen, the viewer becomes None and `curtain_seat()` names the
seat the screen must be passed to; nothing of it is drawn until `lift_curtain`. Bots act
through the same protocol; during a simultaneous choice they choose at once and unseen,
otherwise after a short pause so that people can follow the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from illusio_table.engine import Action, Event, IllegalAction, Match
from illusio_table.engine.match import bot_budget
from illusio_table.engine.storage import atomic_write_text
from illusio_table.engine.thinking import THINKER

from .kits import kit_of
from .settings import TableSettings

SYLLABLES = ("In…", "In… can…", "In… can… to!")
WAIT_FOR_TO = "Wait for “to!”: everyone points at once."  # a choice made before the count ends
SYLLABLE_MS = 650  # the pace of the count


class Timer(Protocol):
    """A single-shot timer (QTimer is one): `start(ms)` (again: from now), `stop()`."""

    def start(self, ms: int) -> None: ...

    def stop(self) -> None: ...


class Callbacks:
    """Who is told of one kind of news, in the order they asked (like a Qt signal's
    direct connections, without Qt)."""

    def __init__(self) -> None:
        self._listeners: list[Callable[..., Any]] = []

    def connect(self, listener: Callable[..., Any]) -> None:
        self._listeners.append(listener)

    def disconnect(self, listener: Callable[..., Any]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def emit(self, *args: Any) -> None:
        for listener in list(self._listeners):
            listener(*args)


def immediately(job: Callable[[], None]) -> None:
    """A hand-over for tests and the headless demo: the job runs at once."""
    job()


class Session:
    def __init__(
        self,
        match: Match,
        timer: Callable[[Callable[[], None]], Timer],
        post: Callable[[Callable[[], None]], None] = immediately,
        autosave: Path | None = None,
        bot_delay_ms: int | None = 350,
    ) -> None:
        """`timer(callback)` makes a single-shot timer that calls `callback`; `post(job)`
        runs `job` on the session's own thread, whichever thread calls it (a thinking
        bot's answer, a phone's message)."""
        self.match = match
        # How the match is played here (settings.py), read from its record (RecordError
        # when they are malformed) and written back there at every change, in their
        # current form, so that every save holds them.
        self._settings = TableSettings.of(match)
        self._settings.keep_in(match)
        self.autosave = autosave
        self.bot_delay_ms = bot_delay_ms
        self.post = post
        self.syllable_ms = SYLLABLE_MS
        # News, for the window, the phones' hub and the tests:
        self.changed = Callbacks()  # (events the viewer may see)
        self.refused = Callbacks()  # (reason) for the person at the big screen
        self.viewer_changed = Callbacks()  # ()
        self.finished = Callbacks()  # ()
        self.thinking = Callbacks()  # (the seat of a bot searching for its move, or None)
        self.counting = Callbacks()  # (the count as far as it has gone; '' when it is over)
        self.viewer: int | None = None
        self.passed_openly = False  # the screen came to the viewer without the curtain
        self.pending: int | None = None  # the seat the curtain waits for
        self._running_bots = False
        # A move and the bots' moves made at once after it (`_schedule_bots`) are made
        # before any screen could show one of them: the screens are told once, at the
        # end, with all their news, unless each move must be drawn (`show_each_move`:
        # with motion, a drawing says where its pieces glide from next). `_unshown`: the
        # news not told yet (None: none waits); `_busy`: how deep in such moves we are.
        self.show_each_move = True
        self._unshown: list[Event] | None = None
        self._busy = 0
        # Table mode (kept in the record, see `table_mode`): the shared round lasts from
        # the moment several people are asked at once until a reveal.
        self._shared_from: int | None = None
        self.holding = False  # a reveal is on the screen: nothing moves until `release`
        self._revealed: list[Event] = []  # what the reveal on the screen tells, held back
        self._bot_timer = timer(self._bot_step)
        # A bot thinking in the thinking process: its ticket (seat, the match, the moves
        # made then). The answer comes back on the session's thread through `post`.
        self._ticket: tuple[int, Any, int] | None = None
        # The count of the choice made at once now: which choice it is (the index of the
        # last reveal before it) and how far the count has gone.
        self._count_round: int | None = None
        self._syllable = len(SYLLABLES)
        self._count_timer = timer(self._next_syllable)

    # -- what the screen may show ------------------------------------------------------

    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def settings(self) -> TableSettings:
        """The table's settings, kept in the match's record (a resumed match keeps them)."""
        return self._settings

    @settings.setter
    def settings(self, settings: TableSettings) -> None:
        """New settings, saved at once (a crash a moment later keeps them)."""
        if settings != self._settings:
            self._settings = settings
            settings.keep_in(self.match)
            self._save()

    @property
    def table_mode(self) -> bool:
        """People sitting together choose at once on one shared screen, with their keys.
        Kept in the table settings, so a resumed match comes back in table mode."""
        return self._settings.table_mode

    @table_mode.setter
    def table_mode(self, on: bool) -> None:
        self.settings = replace(self._settings, table_mode=on)

    def view(self) -> dict[str, Any]:
        if self.passed_openly and self.viewer is not None:
            return self.match.unveil(self.game.shared_view(self.viewer))
        return self.match.view(self.viewer)

    def telling_a_reveal(self) -> bool:
        """A reveal is on the screen, or about to be (its screen is being turned to the
        table): what it tells is held back until it has been seen."""
        return self.holding or bool(self._revealed)

    def since_reveal(self) -> list[Event]:
        """What happened after the last reveal of choices made at once (the log's lines
        after its "In-can-to!"), as this screen may read it, with their data for the
        table: none while that reveal is still being told."""
        if self.telling_a_reveal() or self.curtain_seat() is not None:
            return []
        return self.match.since_reveal(None if self.passed_openly else self.viewer)

    def log(self) -> list[str]:
        if self.curtain_seat() is not None:
            return []
        # A screen passed without the curtain shows the public log: the seat's own old
        # secrets (what a Special showed it) stay off a screen everyone sees.
        reader = None if self.passed_openly else self.viewer
        lines = self.match.log(reader)
        # While the wands still point on the screen, the log does not tell what they won.
        told = sum(1 for e in self._revealed if e.visible_to(reader))
        return lines[: len(lines) - told]

    def legal_actions(self) -> list[Action]:
        # While a reveal is on the screen nothing is played (`act` refuses), and the moves
        # of the table after it would tell its outcome (the next room's tokens, a new
        # potion): none are offered until it has been seen.
        if self.viewer is None or self.holding:
            return []
        legal = self.match.legal_actions(self.viewer)
        if self.passed_openly:
            return self.game.shared_moves(self.viewer, legal)  # type: ignore[no-any-return]
        return legal

    def look_privately(self) -> None:
        """The person at a shared screen wants their secrets (their Specials): the curtain
        falls, and lifted, their own screen shows everything again."""
        if self.passed_openly and self.viewer is not None:
            self._show(None, self.viewer)

    def curtain_seat(self) -> int | None:
        return self.pending

    def secret_shown(self) -> bool:
        """Whether the screen shows a seat's secrets now (its own table, not passed
        openly): the big screen asks nothing on another seat's behalf then."""
        return self.viewer is not None and not self.passed_openly

    def look_away(self) -> None:
        """The person at the screen steps aside for a moment (someone else must answer a
        question at it): the curtain falls in front of their table, until they lift it."""
        if self.viewer is not None:
            self._show(None, self.viewer)

    # -- seats on other devices ------------------------------------------------------------

    @property
    def devices(self) -> list[int]:
        """The person seats played on their own device (a phone): they never come to this
        screen, so the curtain is only ever between the people here. Kept in the match's
        table settings, so a resumed match offers those seats their devices again."""
        return list(self._settings.devices)

    def set_device(self, seat: int, on: bool) -> None:
        """Gives a person's seat to a device, or takes it back to the screen."""
        self.settings = self._settings.with_device(seat, on and not self.match.is_bot(seat))
        if self.viewer == seat or self.pending == seat:
            self._show(None, None)
        self._choose_viewer(force_curtain=len(self.screen_humans()) > 1)
        began = self._maybe_count()
        self.changed.emit([])
        self._tell_count(began)

    def screen_humans(self) -> list[int]:
        """The people who play at this screen."""
        devices = self.devices
        return [s for s in self.match.human_seats() if s not in devices]

    def act_from_device(self, seat: int, action: Action) -> str | None:
        """A device seat's move: None when it was played, else why not (for that device
        only: a refusal can speak of the seat's secrets, so the big screen never shows it)."""
        if seat not in self.devices:
            return "This seat is played at the screen now."
        if self.holding:
            return "The choices are being revealed on the big screen: a moment."
        if self.too_early() and seat in self.match.to_act():
            return WAIT_FOR_TO
        return self._play(seat, action)

    # -- In… can… to! -----------------------------------------------------------------------

    def _choice_at_once(self) -> int | None:
        """Which choice made at once, with a phone among those pointing, is being made now
        (the index of the last reveal before it); None when there is none. People at a
        real table point together: the phones count "In… can… to!" and no choice is taken
        before "to!", whoever has joined (a phone that joins late hears the count where
        it has got to)."""
        match = self.match
        if not kit_of(match.game_id).choose_at_once:
            return None  # Illuminati's windows are chosen from secret hands: no count
        waiting = match.to_act()
        if match.is_over() or len(waiting) < 2 or not waiting & set(self.devices):
            return None
        return match.last_reveal()

    def _maybe_count(self) -> bool:
        """Begins the count of a new choice made at once; True if it began. The caller
        tells of it (`_tell_count`) after its own change has been told: a screen that
        redraws on the change then draws the count over it, never under it."""
        choice = self._choice_at_once()
        if choice is not None and choice != self._count_round and not self.holding:
            self._count_round, self._syllable = choice, 0
            self._count_timer.start(self.syllable_ms)
            return True
        return False

    def _tell_count(self, began: bool) -> None:
        if began:
            self.counting.emit(SYLLABLES[0])

    def _next_syllable(self) -> None:
        self._syllable += 1
        if self._syllable < len(SYLLABLES):
            self.counting.emit(SYLLABLES[self._syllable])
            if self._syllable < len(SYLLABLES) - 1:
                self._count_timer.start(self.syllable_ms)
        self.changed.emit([])

    def count_words(self) -> str:
        """The count as far as it has gone, while its choice is still being made."""
        if self._count_round is None or self._choice_at_once() != self._count_round:
            return ""
        return SYLLABLES[min(self._syllable, len(SYLLABLES) - 1)]

    def too_early(self) -> bool:
        """The count of this choice is not at "to!" yet."""
        return self.count_words() != "" and self._syllable < len(SYLLABLES) - 1

    # -- starting -----------------------------------------------------------------------

    def begin(self) -> None:
        """Shows the first seat (behind the curtain when several people share the screen)."""
        self._save()
        self._choose_viewer(force_curtain=len(self.screen_humans()) > 1)
        self._tell_count(self._maybe_count())
        self._schedule_bots()

    # -- acting -------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        if self.holding:
            self.refused.emit("The choices are being revealed: click the table to skip that.")
            return False
        if self.viewer is None:
            if self.is_shared():
                self.refused.emit(
                    "Table mode: everyone points with their own keys after “In-can-to!”."
                )
            elif self.pending is not None:
                self.refused.emit("Lift the curtain first.")
            else:
                self.refused.emit("Only bots are playing: there is nothing to do.")
            return False
        return self._refused_unless_played(self._play(self.viewer, action))

    def act_as(self, seat: int, action: Action) -> bool:
        """Table mode: a seat at the shared screen makes its secret choice by its own keys."""
        if not self.is_shared() or seat not in self.match.waiting_humans() or seat in self.devices:
            return self._refused_unless_played("That seat is not choosing now.")
        return self._refused_unless_played(self._play(seat, action))

    def _play(self, seat: int, action: Action) -> str | None:
        """Plays the move and goes on from it; None, or why the engine refused it."""
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as error:
            return error.reason
        self._after(events)
        return None

    def _refused_unless_played(self, reason: str | None) -> bool:
        """A move of the big screen's: True if it was played, else its refusal is told."""
        if reason:
            self.refused.emit(reason)
            return False
        return True

    def is_shared(self) -> bool:
        return self._shared_from is not None

    def shared_round(self) -> int | None:
        """Which shared round is under way (the move it began at), or None."""
        return self._shared_from

    def aside_words(self) -> str:
        """The game's standing choice in words ('' when it has none)."""
        return str(self.game.aside_words)

    def standing_aside(self, seat: int) -> bool:
        """Whether that seat's player asked not to be asked about what is not their
        business (kept in the match's table settings, so a resumed match keeps it)."""
        return seat in self._settings.aside

    def stand_aside(self, seat: int, on: bool) -> None:
        self.settings = self._settings.with_aside(seat, on)
        if on and seat in self.match.waiting_humans() and self.game.aside(seat) is not None:
            self._after([])  # asked just now: the move is made at once

    def _asides(self) -> list[Event]:
        """The moves of people standing aside, made at once and recorded like any other
        (the screen never comes to them for a question they asked not to hear)."""
        events: list[Event] = []
        for _ in range(4 * self.match.seats):
            moves = [
                (seat, self.game.aside(seat))
                for seat in self.match.waiting_humans()
                if self.standing_aside(seat)
            ]
            moves = [(seat, move) for seat, move in moves if move is not None]
            if not moves or self.match.is_over():
                break
            events += self.match.apply(*moves[0])
        return events

    def _after(self, events: list[Event]) -> None:
        with self._at_once():
            self._go_on(events)

    @contextmanager
    def _at_once(self) -> Iterator[None]:
        """Moves made inside are made at once: out of the last of them, the screens are
        told what waits for them."""
        self._busy += 1
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0 and self._unshown is not None:
                self._show_news([])

    def _go_on(self, events: list[Event]) -> None:
        """After a move: the save, who sees the screen, the news, then the bots."""
        events = events + self._asides()
        self._save()
        # Choices revealed together (the In-can-to!) are shown to everyone at the screen
        # before anything else happens: bots wait, and with several people the screen
        # shows the public table until the table says the reveal was seen (`release`).
        # (Also in table mode when one person must decide next: the table sees the reveal
        # first, and the curtain comes after it.)
        reveal = any(e.is_reveal for e in events)
        self._revealed = events if reveal else []  # (before any screen hears of it)
        if reveal and len(self.match.human_seats()) > 1:  # devices' people watch it too
            self._show(None, None)
        else:
            self._choose_viewer()
        self.holding = reveal
        began = not self.holding and self._maybe_count()
        shown = [e for e in events if e.visible_to(self.viewer)]
        # (A reveal and a game's end are told at once: their table is drawn before them.)
        if not self.show_each_move and not self.holding and not self.match.is_over():
            self._unshown = (self._unshown or []) + shown
        else:
            self._show_news(shown)
        self._tell_count(began)
        if self.holding:
            return
        if self.match.is_over():
            self.finished.emit()
        self._schedule_bots()

    def _show_news(self, shown: list[Event]) -> None:
        """The screens are told of the moves made (with what their viewer may see of
        them), those made at once and not told yet first."""
        news, self._unshown = (self._unshown or []) + shown, None
        self.changed.emit(news)

    def release(self) -> None:
        """The reveal was seen (or skipped): the match goes on."""
        if not self.holding:
            return
        self.holding, self._revealed = False, []
        self._choose_viewer(force_curtain=len(self.screen_humans()) > 1)
        began = self._maybe_count()
        # The screen moves on even when the same seat (or everyone) stays at it: the
        # banner, table mode's count and the moves are for the next step now.
        self.changed.emit([])
        self._tell_count(began)
        if self.match.is_over():
            self.finished.emit()
        self._schedule_bots()

    # -- bots ---------------------------------------------------------------------------

    def _schedule_bots(self) -> None:
        """Lets waiting bots move: at once during a simultaneous choice (unseen) or when
        no pause is wanted (tests, the headless demo); otherwise one move per pause."""
        if self._running_bots or self.bot_delay_ms is None or self._ticket is not None:
            return  # None: bots move only when `step_bot` is called
        with self._at_once():
            self._running_bots = True
            try:
                while (
                    self._bots_waiting()
                    and not self.holding
                    and (self.match.waiting_humans() or self.bot_delay_ms <= 0)
                ):
                    if not self._play_bot():
                        break  # a bot thinks in the background; its answer goes on from here
            finally:
                self._running_bots = False
        if self._bots_waiting() and not self.holding and self._ticket is None:
            self._bot_timer.start(self.bot_delay_ms)

    def _bots_waiting(self) -> bool:
        return not self.match.is_over() and bool(self.match.waiting_bots())

    def _play_bot(self) -> bool:
        """The first waiting bot moves; False when it went to think in a worker instead
        (a searching bot at a table that paces its bots: not in tests or the demo)."""
        seat = self.match.waiting_bots()[0]
        bot = self.match.bot(seat)
        if bot.searches and self.bot_delay_ms and self.bot_delay_ms > 0:
            self._think(seat)
            return False
        self._after(self.match.play_bot(seat))
        return True

    def _think(self, seat: int) -> None:
        """Asks the thinking process for the bot's move, on a copy of the match."""
        ticket = (seat, self.game, self.match.moves_made)
        self._ticket = ticket
        post = self.post

        def done(result: Any) -> None:  # on a thread of the pool
            try:
                post(lambda: self._on_thought(ticket, result))
            except RuntimeError:  # the window was put away while the bot thought
                pass

        player = self.match.players[seat]
        THINKER.ask(self.game, player["bot"], seat, bot_budget(player), done)
        self.thinking.emit(seat)

    def _on_thought(self, ticket: tuple[int, Any, int], result: Any) -> None:
        if ticket != self._ticket:
            return  # an answer to a question no longer asked (undo, a new match)
        self._ticket = None
        self.thinking.emit(None)
        if isinstance(result, Exception):
            raise result
        seat, game, moves = ticket
        if self._still_may(seat, result, game, moves):
            self._after(self.match.apply(seat, result))
        else:
            self._schedule_bots()  # the match moved on: it thinks again

    def _still_may(self, seat: int, action: Action, game: Any, moves: int) -> bool:
        """Whether a move thought out when `moves` moves were made may be played now: the
        same match, nothing revealed since (others choosing at the same time only added
        their secret choices), the seat still awaited and the move still legal."""
        if game is not self.game or seat not in self.match.to_act():
            return False
        since = self.match.moves[moves:]
        return not any(m.barrier for m in since) and self.match.why_not(seat, action) is None

    def stop_thinking(self) -> None:
        """A bot's search is called off (undo, leaving the match): its answer is ignored."""
        if self._ticket is not None:
            THINKER.stop()
            self._ticket = None
            self.thinking.emit(None)

    def thinking_seat(self) -> int | None:
        return self._ticket[0] if self._ticket is not None else None

    def _bot_step(self) -> None:
        if self._bots_waiting() and not self.holding and self._ticket is None:
            self._play_bot()

    def step_bot(self) -> bool:
        """Plays one waiting bot's move now (the demo steps a match this way)."""
        if not self._bots_waiting():
            return False
        self._bot_timer.stop()
        self._play_bot()
        return True

    def put_away(self) -> None:
        """The match leaves the table: no timer fires for it again, no thought is awaited."""
        self._bot_timer.stop()
        self._count_timer.stop()
        self.stop_thinking()

    # -- the screen and the curtain -------------------------------------------------------

    def _choose_viewer(self, force_curtain: bool = False) -> None:
        humans = self.screen_humans()
        if not humans:
            self._show(None, None)  # bots and devices only: the screen is a spectator's
            return
        waiting = [s for s in self.match.waiting_humans() if s in humans]
        if len(humans) == 1:
            if self.pending != humans[0]:  # a curtain in front of them waits for them
                self._show(humans[0], None)
            return
        if self.table_mode and self._shared_round(waiting):
            self._show(None, None)  # everyone at the table looks at the public view
            return
        if not waiting:
            return  # bots are playing: whoever is at the screen keeps watching
        if self.viewer in waiting:
            target = self.viewer
        elif self.pending in waiting:
            target = self.pending
        else:
            target = waiting[0]
        opened = self.passed_openly and target == self.viewer
        if opened and not self.game.public_screen(target):
            force_curtain = True  # an open screen now has a secret decision: others look away
        if not force_curtain and target in (self.viewer, self.pending):
            return
        if not force_curtain and self.viewer is not None and self.game.public_screen(target):
            # Nothing on the next screen is secret (an Illuminati player holding no
            # Special spends on an attack): it passes without the curtain.
            self._show(target, None, openly=True)
            return
        self._show(None, target)  # the curtain: curtain_seat() names who is next

    def _shared_round(self, waiting: list[int]) -> bool:
        moves = self.match.moves
        if self._shared_from is not None and any(m.barrier for m in moves[self._shared_from :]):
            self._shared_from = None  # the choices were revealed: the round is over
        if self._shared_from is None and len(waiting) >= 2:
            self._shared_from = len(moves)
        return self._shared_from is not None

    def _show(self, viewer: int | None, pending: int | None, openly: bool = False) -> None:
        if (viewer, pending) != (self.viewer, self.pending):
            if self._unshown is not None:  # news for the last viewer, told to them
                self._show_news([])
            self.viewer, self.pending = viewer, pending
            self.passed_openly = openly
            self.viewer_changed.emit()

    def lift_curtain(self) -> None:
        if self.pending is not None:
            self._show(self.pending, None)

    # -- undo and redo --------------------------------------------------------------------

    def _undo_seat(self) -> int | None:
        """Who may take back a move now: the person at the screen, and nobody behind the
        curtain or on a shared screen (that would act for someone who is not looking)."""
        return self.viewer

    def can_undo(self) -> bool:
        return self.match.can_undo(self._undo_seat())

    def can_redo(self) -> bool:
        return self.match.can_redo(self._undo_seat())

    def why_not(self, action: Action) -> str | None:
        """Why the seat at the screen may not make that move now (None if it may)."""
        if self.viewer is None:
            return "Only the seats' own moves are made on their tables."
        return self.match.why_not(self.viewer, action)

    def why_no_undo(self) -> str:
        """Why Undo is greyed out, in words ('' when it is not)."""
        if self.pending is not None:
            return "Lift the curtain first: behind it nothing else can happen."
        return self.match.why_no_undo(self._undo_seat())

    def undo(self) -> bool:
        seat = self._undo_seat()
        if not self.match.undo(seat):
            self.refused.emit("There is no move of yours to take back.")
            return False
        self._return_to(seat)
        return True

    def redo(self) -> bool:
        seat = self._undo_seat()
        if not self.match.redo(seat):
            return False
        self._return_to(seat)
        self._choose_viewer()
        self._schedule_bots()
        return True

    def _return_to(self, seat: int | None) -> None:
        """After undo or redo the seat that asked is still at the screen."""
        self._bot_timer.stop()
        self.stop_thinking()
        self._save()
        self._show(seat, None)
        self.changed.emit([])

    # -- saving ---------------------------------------------------------------------------

    def _save(self) -> None:
        if self.autosave is not None:
            atomic_write_text(self.autosave, self.match.file_text())
